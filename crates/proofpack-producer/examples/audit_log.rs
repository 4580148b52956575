//! An audit log from the reader's side: every proof the log hands out is
//! checked with the verifier's own Merkle and checkpoint code
//! (`proofpack-spec`), before and after a redaction that leaves the tree as
//! it was. Prints the `audit-log-redaction.json` witness.
//!
//! `cargo run -p proofpack-producer --example audit_log`

use ed25519_dalek::SigningKey;
use proofpack_producer::{AuditLog, LogEntry, ProducerError, WitnessSpec};
use proofpack_spec::checkpoint::parse_checkpoint;
use proofpack_spec::merkle::{leaf_hash, verify_consistency, verify_inclusion};
use serde_json::json;
use std::error::Error;

const ORIGIN: &str = "audit.example.com/ten_0440";

fn main() -> Result<(), Box<dyn Error>> {
    // Real logs draw salts from the OS (`AuditLog::new`) and keep their key
    // in a secret store; `proofpack-platform` keeps the log itself on disk.
    let key = SigningKey::from_bytes(&[1; 32]);
    let mut log = AuditLog::new(ORIGIN)?;
    let people = [
        ("alice@example.com", "192.0.2.10"),
        ("bruno@example.net", "198.51.100.23"),
    ];
    let mut logins = Vec::new();
    for (day, (email, ip)) in (10..).zip(people) {
        logins.push(
            log.append(
                LogEntry::new(format!("2026-04-{day}T08:00:00Z"), "session_login")
                    .with_disclosable("subject_email", json!(email))
                    .with_disclosable("ip_address", json!(ip)),
            )?,
        );
    }
    let before = log.checkpoint(log.size(), ORIGIN, &key)?;
    log.log_request_accepted("2026-04-20T09:11:00Z", "req-0001")?;
    log.redact(logins[0], &["subject_email", "ip_address"])?;
    let after = log.checkpoint(log.size(), ORIGIN, &key)?;

    // What a reader checks: the after-tree holds each entry, and extends
    // the before-tree; the roots are those the signed checkpoints name.
    let (old, new) = (parse_checkpoint(&before)?, parse_checkpoint(&after)?);
    for index in 0..new.tree_size {
        let leaf = log.leaf(index).ok_or(ProducerError::EntryOutOfRange {
            index,
            size: new.tree_size,
        })?;
        let proof = log.inclusion_proof(index, new.tree_size)?;
        verify_inclusion(
            index,
            new.tree_size,
            &leaf_hash(leaf),
            &proof,
            &new.root_hash,
        )?;
    }
    let proof = log.consistency_proof(old.tree_size, new.tree_size)?;
    verify_consistency(
        old.tree_size,
        new.tree_size,
        &proof,
        &old.root_hash,
        &new.root_hash,
    )?;
    eprintln!(
        "checked: {} inclusion proofs, consistency {} -> {}",
        new.tree_size, old.tree_size, new.tree_size
    );

    let mut entries = vec![logins[0]];
    entries.extend(log.entries_for_request("req-0001"));
    let witness = log.witness(&WitnessSpec {
        before_checkpoint: before,
        after_checkpoint: after,
        entries,
        pii_fields: vec!["subject_email".to_owned(), "ip_address".to_owned()],
    })?;
    print!("{}", String::from_utf8(witness)?);
    Ok(())
}
