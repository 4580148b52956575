//! Sealing (§22) on the persistent log: the `pack_signed` entry is kept
//! like any other, and the seal built after the database is reopened is
//! the one built before, its proofs verifying against the checkpoints.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics
#![cfg(feature = "sqlite")]

use ed25519_dalek::SigningKey;
use proofpack_platform::AuditLog;
use proofpack_producer::PackSigned;
use proofpack_spec::checkpoint::parse_checkpoint;
use proofpack_spec::cosignature::cosign;
use proofpack_spec::merkle::{leaf_hash, verify_consistency, verify_inclusion};
use serde_json::Value;

const ORIGIN: &str = "audit.example.com/seal";

#[test]
fn a_pack_signed_entry_is_kept_and_sealed_after_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.sqlite");
    let key = SigningKey::from_bytes(&[5; 32]);
    let witness = SigningKey::from_bytes(&[6; 32]);
    let signed = PackSigned::new(
        "erasure-req-1",
        b"{\"pack_id\": \"erasure-req-1\"}",
        &[1; 64],
    )
    .unwrap();

    let (after, sealing, index, seal) = {
        let mut log = AuditLog::open(&path, ORIGIN).unwrap();
        log.log_request_accepted("2026-04-20T09:11:00Z", "req-1")
            .unwrap();
        let after = log.checkpoint(&key).unwrap();
        let index = log
            .log_pack_signed("2026-04-22T16:05:00Z", &signed)
            .unwrap();
        let note = log.checkpoint(&key).unwrap();
        let body = parse_checkpoint(&note).unwrap().note.text;
        let line = cosign(&body, "witness.example.org/w1", &witness, 1_776_874_000).unwrap();
        let sealing = log.log().cosigned(&note, &[line]).unwrap();
        let seal = log.log().seal(&after, &sealing, index).unwrap();
        // Only a pack_signed entry is sealed.
        let refused = log.log().seal(&after, &sealing, 0).unwrap_err();
        assert_eq!(refused.kind(), "not_pack_signed");
        (after, sealing, index, seal)
    };
    assert_eq!(index, 1);

    let log = AuditLog::open(&path, ORIGIN).unwrap();
    assert_eq!(log.log().seal(&after, &sealing, index).unwrap(), seal);
    let leaf: Value = serde_json::from_slice(seal.leaf()).unwrap();
    assert_eq!(leaf["event_class"], "pack_signed");
    assert_eq!(leaf["manifest_sha256"], signed.manifest_sha256());
    assert_eq!(leaf["seq"], index);

    let after = parse_checkpoint(&after).unwrap();
    let sealed = parse_checkpoint(&sealing).unwrap();
    assert_eq!(seal.checkpoint_size(), sealed.tree_size);
    let inclusion = log.inclusion_proof(index, sealed.tree_size).unwrap();
    verify_inclusion(
        index,
        sealed.tree_size,
        &leaf_hash(seal.leaf()),
        &inclusion,
        &sealed.root_hash,
    )
    .unwrap();
    let consistency = log
        .consistency_proof(after.tree_size, sealed.tree_size)
        .unwrap();
    verify_consistency(
        after.tree_size,
        sealed.tree_size,
        &consistency,
        &after.root_hash,
        &sealed.root_hash,
    )
    .unwrap();
}
