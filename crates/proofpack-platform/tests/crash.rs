//! A writer killed (SIGKILL) while it appends: the log reopens at its last
//! complete entry, holds every entry it acknowledged, and its proofs verify.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics
#![cfg(all(unix, feature = "sqlite"))]

use proofpack_platform::AuditLog;
use proofpack_producer::LogEntry;
use proofpack_spec::merkle::{leaf_hash, verify_consistency, verify_inclusion};
use serde_json::{json, Value};
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ORIGIN: &str = "audit.example.com/crash";
/// Set to the database path, it makes `writer_process` the writer.
const WRITER_ENV: &str = "PROOFPACK_PLATFORM_CRASH_WRITER";
/// What the writer prints after each acknowledged (committed) append.
const ACK: &str = "appended ";
/// Each entry discloses this many bytes, so that an append takes long
/// enough (disclosures, leaf, journal, fsync) to be killed inside.
const VALUE_LEN: usize = 48 * 1024;

fn entry(n: u64) -> LogEntry {
    LogEntry::new("2026-04-20T09:00:00Z", "bulk_import")
        .with_clear("batch", json!(n))
        .with_disclosable("subject_email", json!(format!("subject-{n}@example.com")))
        .with_disclosable("notes", json!("x".repeat(VALUE_LEN)))
}

/// The writer: appends until killed, printing each acknowledged size. Run
/// by the crash test as a child process (ignored otherwise: it is not a
/// test of its own, and without the variable it does nothing).
#[test]
#[ignore = "the crash test's writer, run in a child process"]
fn writer_process() {
    let Some(path) = std::env::var_os(WRITER_ENV) else {
        return;
    };
    let mut log = AuditLog::open(Path::new(&path), ORIGIN).unwrap();
    loop {
        let n = log.log().size();
        log.append(entry(n)).unwrap();
        println!("{ACK}{}", log.log().size());
    }
}

/// The rollback journal beside the database: it exists while a write
/// transaction runs, and after a crash inside one (a hot journal).
fn journal(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-journal");
    PathBuf::from(name)
}

/// How one writer died.
struct Killed {
    /// The last size it acknowledged.
    acknowledged: u64,
    /// Whether it died inside a transaction (it left a hot journal).
    mid_append: bool,
}

/// Runs a writer on `path` until it has acknowledged `acks` appends, then
/// kills it as soon as it is seen inside the next transaction (its journal
/// exists), or after a few seconds whatever it is doing.
fn write_then_kill(path: &Path, acks: u64) -> Killed {
    let exe = std::env::current_exe().unwrap();
    let mut child = Command::new(exe)
        .args(["writer_process", "--exact", "--ignored", "--nocapture"])
        .env(WRITER_ENV, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let acknowledged = |line: &str| line.strip_prefix(ACK).map(|n| n.parse::<u64>().unwrap());
    let (mut seen, mut last) = (0, 0);
    while seen < acks {
        let line = lines
            .next()
            .expect("the writer stopped before it was killed");
        if let Some(size) = acknowledged(&line.unwrap()) {
            (seen, last) = (seen + 1, size);
        }
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while !journal(path).exists() && Instant::now() < deadline {
        std::hint::spin_loop();
    }
    // std's kill is SIGKILL on Unix: no destructor, no rollback, no flush.
    child.kill().unwrap();
    child.wait().unwrap();
    let mid_append = journal(path).exists();
    // Every acknowledgement the writer printed before it died.
    let later = lines
        .map_while(Result::ok)
        .filter_map(|l| acknowledged(&l))
        .last();
    Killed {
        acknowledged: later.unwrap_or(last),
        mid_append,
    }
}

/// Every entry the reopened log reports is complete (its leaf is the
/// writer's and both disclosures are there, the producer's restore having
/// checked their digests against the leaf) and in the tree.
fn assert_consistent(log: &AuditLog) {
    let size = log.log().size();
    let root = log.log().root_at(size).unwrap();
    for index in 0..size {
        let leaf = log.log().leaf(index).unwrap();
        let parsed: Value = serde_json::from_slice(leaf).unwrap();
        assert_eq!(parsed["batch"], json!(index));
        assert_eq!(log.log().disclosures(index).unwrap().len(), 2);
        let proof = log.inclusion_proof(index, size).unwrap();
        verify_inclusion(index, size, &leaf_hash(leaf), &proof, &root).unwrap();
    }
}

#[test]
fn a_writer_killed_mid_append_reopens_at_its_last_complete_entry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.sqlite");
    let key = ed25519_dalek::SigningKey::from_bytes(&[9; 32]);
    let mut checkpoints = Vec::new();
    let mut killed_mid_append = 0;
    // Crashes in a row, each reopened and continued by the next writer,
    // until three writers died inside an append.
    for round in 0..12 {
        let killed = write_then_kill(&path, 4);
        killed_mid_append += u32::from(killed.mid_append);
        let log = AuditLog::open(&path, ORIGIN).unwrap();
        let size = log.log().size();
        // Every acknowledged append survived; at most the one in flight
        // when the writer died was committed without its acknowledgement.
        let acknowledged = killed.acknowledged;
        assert!(
            size == acknowledged || size == acknowledged + 1,
            "round {round}: acknowledged {acknowledged}, reopened at {size}"
        );
        assert_consistent(&log);
        checkpoints.push((size, log.checkpoint(&key).unwrap()));
        if killed_mid_append == 3 {
            break;
        }
    }
    assert!(
        killed_mid_append > 0,
        "no writer was killed inside an append"
    );
    // The reopened logs grew append-only: each earlier tree is a prefix of
    // the last one, and every checkpoint signed on the way was kept.
    let log = AuditLog::open(&path, ORIGIN).unwrap();
    let last = log.log().size();
    for (size, _) in &checkpoints {
        let proof = log.consistency_proof(*size, last).unwrap();
        let (old, new) = (
            log.log().root_at(*size).unwrap(),
            log.log().root_at(last).unwrap(),
        );
        verify_consistency(*size, last, &proof, &old, &new).unwrap();
    }
    assert_eq!(log.checkpoints().unwrap(), checkpoints);
}
