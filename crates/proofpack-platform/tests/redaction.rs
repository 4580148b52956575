//! Redaction erases the disclosures from the database file's bytes, and the
//! log stays the same log (tree, checkpoints, witness).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics
#![cfg(feature = "sqlite")]

use proofpack_platform::{AuditLog, PlatformError};
use proofpack_producer::{LogEntry, ProducerError, WitnessSpec};
use serde_json::json;
use std::path::Path;

const ORIGIN: &str = "audit.example.com/redaction";

/// The bytes of the database and of any journal or write-ahead log beside it.
fn bytes_on_disk(db: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(db).unwrap();
    for suffix in ["-journal", "-wal"] {
        let mut name = db.as_os_str().to_owned();
        name.push(suffix);
        if let Ok(more) = std::fs::read(Path::new(&name)) {
            bytes.extend(more);
        }
    }
    bytes
}

fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[test]
fn a_redacted_disclosure_is_gone_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.sqlite");
    let key = ed25519_dalek::SigningKey::from_bytes(&[3; 32]);
    let mut log = AuditLog::open(&path, ORIGIN).unwrap();
    let login = log
        .append(
            LogEntry::new("2026-04-20T09:00:00Z", "session_login")
                .with_clear("client", json!("web"))
                .with_disclosable("subject_email", json!("alice@example.com"))
                .with_disclosable("ip_address", json!("192.0.2.10")),
        )
        .unwrap();
    // Enough other entries that the redacted one shares its page with others.
    for n in 0..50 {
        log.append(
            LogEntry::new("2026-04-20T10:00:00Z", "session_login")
                .with_disclosable("subject_email", json!(format!("user-{n}@example.net"))),
        )
        .unwrap();
    }
    let before = log.checkpoint(&key).unwrap();
    let disclosures: Vec<String> = log
        .log()
        .disclosures(login)
        .unwrap()
        .into_iter()
        .map(str::to_owned)
        .collect();
    let [email, ip] = [&disclosures[0], &disclosures[1]];
    let others: Vec<String> = (1..log.log().size())
        .flat_map(|i| log.log().disclosures(i).unwrap())
        .map(str::to_owned)
        .collect();
    // The needles are there before: the test can fail.
    let disk = bytes_on_disk(&path);
    assert!(holds(&disk, email) && holds(&disk, ip));

    log.redact(login, &["subject_email", "ip_address"]).unwrap();
    let after = log.checkpoint(&key).unwrap();
    drop(log);

    let disk = bytes_on_disk(&path);
    for needle in [email, ip] {
        assert!(
            !holds(&disk, needle),
            "a redacted disclosure is still on disk"
        );
        // Nor any long piece of it (a partly overwritten cell) but those
        // other disclosures share (a field name's encoding at the same
        // offset).
        let pieces = needle.as_bytes().chunks(16).filter(|c| c.len() == 16);
        for piece in pieces.map(|p| std::str::from_utf8(p).unwrap()) {
            if !others.iter().any(|o| o.contains(piece)) {
                assert!(
                    !holds(&disk, piece),
                    "a piece of a redacted disclosure is on disk"
                );
            }
        }
    }

    // Reopened: the disclosures are gone, the redaction is recorded, and the
    // checkpoints taken before and after are the log's (same tree).
    let log = AuditLog::open(&path, ORIGIN).unwrap();
    assert!(log.log().disclosures(login).unwrap().is_empty());
    assert_eq!(log.log().disclosures(1).unwrap().len(), 1);
    let spec = WitnessSpec {
        before_checkpoint: before,
        after_checkpoint: after,
        entries: vec![login],
        pii_fields: vec!["subject_email".to_owned(), "ip_address".to_owned()],
    };
    assert_eq!(
        log.log()
            .unredacted_pii_count(&spec.entries, &spec.pii_fields),
        0
    );
    let witness: serde_json::Value =
        serde_json::from_slice(&log.log().witness(&spec).unwrap()).unwrap();
    assert_eq!(
        witness["redactions"],
        json!([{"index": 0, "fields": ["subject_email", "ip_address"]}])
    );
}

#[test]
fn a_refused_redaction_changes_nothing_on_disk_or_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.sqlite");
    let mut log = AuditLog::open(&path, ORIGIN).unwrap();
    log.append(
        LogEntry::new("2026-04-20T09:00:00Z", "session_login")
            .with_disclosable("subject_email", json!("alice@example.com")),
    )
    .unwrap();
    let refused = log.redact(0, &["subject_email", "ip_address"]);
    assert!(matches!(
        refused,
        Err(PlatformError::Producer(ProducerError::NothingToRedact {
            index: 0,
            ..
        }))
    ));
    assert_eq!(log.log().disclosures(0).unwrap().len(), 1);
    drop(log);
    let log = AuditLog::open(&path, ORIGIN).unwrap();
    assert_eq!(log.log().disclosures(0).unwrap().len(), 1);
}

#[test]
fn another_origins_database_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.sqlite");
    drop(AuditLog::open(&path, ORIGIN).unwrap());
    assert!(matches!(
        AuditLog::open(&path, "audit.example.com/other"),
        Err(PlatformError::OriginMismatch { .. })
    ));
}

#[test]
fn an_entry_altered_on_disk_is_refused_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.sqlite");
    let login = |email: &str| {
        LogEntry::new("2026-04-20T09:00:00Z", "session_login")
            .with_disclosable("subject_email", json!(email))
    };
    let mut log = AuditLog::open(&path, ORIGIN).unwrap();
    log.append(login("alice@example.com")).unwrap();
    drop(log);
    // A well-formed disclosure of another log, not in entry 0's `_sd`,
    // written over entry 0's the way an outside edit would.
    let mut other = AuditLog::open(&dir.path().join("other.sqlite"), ORIGIN).unwrap();
    other.append(login("mallory@example.com")).unwrap();
    let foreign = other.log().disclosures(0).unwrap()[0].to_owned();
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE log_disclosures SET disclosure = ?1 WHERE idx = 0",
        [foreign],
    )
    .unwrap();
    drop(conn);
    assert!(matches!(
        AuditLog::open(&path, ORIGIN),
        Err(PlatformError::Producer(ProducerError::KeptEntry {
            index: 0,
            ..
        }))
    ));
}

#[test]
fn a_missing_entry_is_refused_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.sqlite");
    let mut log = AuditLog::open(&path, ORIGIN).unwrap();
    for _ in 0..3 {
        log.append(LogEntry::new("2026-04-20T09:00:00Z", "session_login"))
            .unwrap();
    }
    drop(log);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("DELETE FROM log_entries WHERE idx = 1", [])
        .unwrap();
    drop(conn);
    assert!(matches!(
        AuditLog::open(&path, ORIGIN),
        Err(PlatformError::MissingEntry(1))
    ));
}
