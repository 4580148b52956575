//! The hooks a store writes through (`append_with`, `redact_with`) and the
//! rebuild from what it kept (`restore`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use ed25519_dalek::SigningKey;
use proofpack_producer::{AuditLog, KeptEntry, LogEntry, ProducerError, SeededSalts, WitnessSpec};
use serde_json::json;

const ORIGIN: &str = "audit.example.com/hooks";

fn login(email: &str) -> LogEntry {
    LogEntry::new("2026-04-20T09:00:00Z", "session_login")
        .with_disclosable("subject_email", json!(email))
        .with_disclosable("ip_address", json!("192.0.2.1"))
}

fn log() -> AuditLog {
    AuditLog::with_salts(ORIGIN, Box::new(SeededSalts::new([4; 32]))).unwrap()
}

#[test]
fn a_failed_commit_changes_nothing() {
    let mut log = log();
    let refused: Result<u64, ProducerError> =
        log.append_with(login("a@example.com"), |_| Err(ProducerError::LogFull));
    assert!(matches!(refused, Err(ProducerError::LogFull)));
    assert_eq!(log.size(), 0);
    assert_eq!(log.append(login("a@example.com")).unwrap(), 0);
    let refused: Result<(), ProducerError> =
        log.redact_with(0, &["ip_address"], |_, _| Err(ProducerError::LogFull));
    assert!(refused.is_err());
    assert_eq!(log.disclosures(0).unwrap().len(), 2);
}

#[test]
fn a_restored_log_is_the_same_log() {
    let key = SigningKey::from_bytes(&[6; 32]);
    let mut kept: Vec<KeptEntry> = Vec::new();
    let mut log = log();
    for email in ["a@example.com", "b@example.net"] {
        log.append_with(login(email), |e| {
            kept.push(KeptEntry {
                leaf: e.leaf.to_vec(),
                disclosures: e.disclosures.iter().map(|d| (*d).to_owned()).collect(),
            });
            Ok::<(), ProducerError>(())
        })
        .unwrap();
    }
    let before = log.checkpoint(2, ORIGIN, &key).unwrap();
    let mut redactions = Vec::new();
    log.redact_with(0, &["ip_address"], |index, fields| {
        redactions.push((index, fields.iter().map(|f| (*f).to_owned()).collect()));
        Ok::<(), ProducerError>(())
    })
    .unwrap();
    kept[0]
        .disclosures
        .retain(|d| proofpack_producer::disclosed_field(d).as_deref() != Some("ip_address"));
    log.log_request_accepted("2026-04-21T09:00:00Z", "req-1")
        .unwrap();
    kept.push(KeptEntry {
        leaf: log.leaf(2).unwrap().to_vec(),
        disclosures: Vec::new(),
    });
    let after = log.checkpoint(3, ORIGIN, &key).unwrap();
    let spec = WitnessSpec {
        before_checkpoint: before,
        after_checkpoint: after,
        entries: vec![0, 1, 2],
        pii_fields: vec!["subject_email".to_owned(), "ip_address".to_owned()],
    };

    let restored = AuditLog::restore(
        ORIGIN,
        Box::new(SeededSalts::new([5; 32])),
        kept.clone(),
        redactions,
    )
    .unwrap();
    assert_eq!(restored.root_at(3).unwrap(), log.root_at(3).unwrap());
    assert_eq!(restored.entries_for_request("req-1"), vec![2]);
    assert_eq!(
        restored.witness(&spec).unwrap(),
        log.witness(&spec).unwrap()
    );

    // A disclosure that lost its tail is found out, not trusted.
    let mut torn = kept;
    let cut = torn[1].disclosures[0].len() / 2;
    torn[1].disclosures[0].truncate(cut);
    assert!(matches!(
        AuditLog::restore(
            ORIGIN,
            Box::new(SeededSalts::new([5; 32])),
            torn,
            Vec::new()
        ),
        Err(ProducerError::KeptEntry { index: 1, .. })
    ));
}
