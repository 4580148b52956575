//! Property tests of the producer → verifier round trips (issue 10 §3):
//! what `proofpack_producer::AuditLog` writes, the core reads back as
//! written. Checkpoints: any valid origin, any log size, any tree size in
//! it. Disclosures: any entries with any personal fields, any redactions,
//! any before/after sizes and any included entries.

use crate::findings::Findings;
use crate::trust::key_entry_json;
use crate::{Code, Effect, TrustStore};
use ed25519_dalek::SigningKey;
use proofpack_producer::{AuditLog, LogEntry, SeededSalts, WitnessSpec};
use proofpack_spec::checkpoint::{parse_checkpoint, verify_checkpoint, CheckpointStatus, LogKey};
use proptest::prelude::*;
use serde_json::{json, Value};
use std::collections::BTreeSet;

const REQ: &str = "req-prop";

fn log_key(seed: u8) -> SigningKey {
    SigningKey::from_bytes(&[seed; 32])
}

/// A trust store holding `key` as the `audit_log` key of `origin`.
fn log_trust(origin: &str, key: &SigningKey) -> TrustStore {
    let entry = key_entry_json(&crate::trust::TrustedKey {
        key_id: origin.to_owned(),
        public_key: key.verifying_key(),
        owner: "log@example.com".to_owned(),
        roles: vec![crate::trust::Role::AuditLog],
        not_before: None,
        not_after: None,
        revoked_at: None,
    });
    let doc = json!({"format": crate::trust::TRUST_FORMAT, "keys": [entry]});
    TrustStore::from_json(&serde_json::to_vec(&doc).expect("json")).expect("a valid store")
}

/// Log origins a producer accepts: printable, no white space, no `+`.
fn origin() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9._/:~é✓-]{1,40}"
}

/// A JSON value for a disclosed field: strings (any text), numbers,
/// booleans, null, small arrays and objects.
fn field_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<String>().prop_map(Value::String),
        any::<i64>().prop_map(|n| json!(n)),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,6}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// One log entry: which of the field names it discloses, with values.
fn entry() -> impl Strategy<Value = Vec<(usize, Value)>> {
    prop::collection::btree_map(0usize..FIELDS.len(), field_value(), 0..4)
        .prop_map(|m| m.into_iter().collect())
}

const FIELDS: [&str; 5] = [
    "subject_email",
    "subject_name",
    "ip_address",
    "user_agent",
    "note",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn checkpoints_read_back_as_written(
        origin in origin(),
        entries in 0u64..200,
        at in any::<u64>(),
        seed in 1u8..=255,
        flip in any::<u16>(),
    ) {
        let mut log = AuditLog::with_salts(&origin, Box::new(SeededSalts::new([seed; 32])))
            .expect("a valid origin");
        for i in 0..entries {
            log.append(LogEntry::new("2026-04-01T08:00:00Z", "login").with_clear("n", json!(i)))
                .expect("appends");
        }
        let size = at % (entries + 1);
        let key = log_key(seed);
        let note = log.checkpoint(size, &origin, &key).expect("a checkpoint");
        let cp = parse_checkpoint(&note).expect("the producer's checkpoint parses");
        prop_assert_eq!(&cp.origin, &origin);
        prop_assert_eq!(cp.tree_size, size);
        prop_assert_eq!(cp.root_hash, log.root_at(size).expect("a root"));
        prop_assert!(cp.extensions.is_empty());
        let public = key.verifying_key();
        let keys = [LogKey { key_id: &origin, public_key: &public }];
        prop_assert_eq!(verify_checkpoint(&cp, &keys), CheckpointStatus::Verified);

        // Another key under the same name does not verify it; a changed body
        // is not the note that was signed.
        let other = log_key(seed.wrapping_add(1)).verifying_key();
        let others = [LogKey { key_id: &origin, public_key: &other }];
        prop_assert_eq!(verify_checkpoint(&cp, &others), CheckpointStatus::KeyUnknown);
        let body_len = cp.note.text.len();
        let mut bytes = note.into_bytes();
        let at = usize::from(flip) % body_len;
        bytes[at] ^= 0x01;
        if let Ok(changed) = String::from_utf8(bytes).map_err(drop).and_then(|t| parse_checkpoint(&t).map_err(drop)) {
            prop_assert_ne!(verify_checkpoint(&changed, &keys), CheckpointStatus::Verified);
        }
    }

    #[test]
    fn disclosures_read_back_as_written(
        entries in prop::collection::vec(entry(), 1..12),
        redact in prop::collection::vec((any::<u64>(), prop::collection::btree_set(0usize..FIELDS.len(), 1..3)), 0..6),
        include in prop::collection::btree_set(any::<u64>(), 0..8),
        sizes in (any::<u64>(), any::<u64>()),
        pii in prop::collection::btree_set(0usize..FIELDS.len(), 1..4),
        seed in any::<u8>(),
    ) {
        let origin = "audit.example.com/prop";
        let mut log = AuditLog::with_salts(origin, Box::new(SeededSalts::new([seed; 32])))
            .expect("a valid origin");
        log.log_request_accepted("2026-04-20T09:11:00Z", REQ).expect("appends");
        for fields in &entries {
            let mut e = LogEntry::new("2026-04-21T08:00:00Z", "profile_view");
            for (name, value) in fields {
                e = e.with_disclosable(FIELDS[*name], value.clone());
            }
            log.append(e).expect("appends");
        }
        let n = log.size();
        // Redact fields an entry still discloses (the producer refuses others).
        for (index, names) in &redact {
            let index = 1 + index % (n - 1);
            let remaining: BTreeSet<&str> = log.disclosures(index).unwrap_or_default().into_iter().collect();
            let fields: Vec<&str> = names.iter().map(|f| FIELDS[*f]).filter(|f| remaining.contains(f)).collect();
            if !fields.is_empty() {
                log.redact(index, &fields).expect("redacts");
            }
        }
        let after = 1 + sizes.1 % n;
        let before = 1 + sizes.0 % after;
        let key = log_key(seed | 1);
        let mut included: BTreeSet<u64> = include.iter().map(|i| i % after).collect();
        included.insert(0);
        let spec = WitnessSpec {
            before_checkpoint: log.checkpoint(before, origin, &key).expect("checkpoint"),
            after_checkpoint: log.checkpoint(after, origin, &key).expect("checkpoint"),
            entries: included.iter().copied().collect(),
            pii_fields: pii.iter().map(|f| FIELDS[*f].to_owned()).collect(),
        };
        let bytes = log.witness(&spec).expect("a witness");

        let mut findings = Findings::new();
        let witness = crate::audit::parse(&bytes, &crate::Cancel::new(), &mut findings)
            .expect("the producer's witness parses");
        let summary = crate::audit::check(
            &witness, Some(&log_trust(origin, &key)), Some(REQ), &[], &crate::Cancel::new(), &mut findings, &mut Default::default()).summary;
        let mut codes: Vec<Code> = findings.as_slice().iter().map(|f| f.code()).collect();
        codes.dedup();
        // The only finding a faithful witness can carry: personal data left
        // (once per entry that holds some).
        let pii_left = log.unredacted_pii_count(&spec.entries, &spec.pii_fields);
        let expected: Vec<Code> = if pii_left > 0 { vec![Code::AuditPiiDisclosed] } else { vec![] };
        prop_assert_eq!(&codes, &expected);
        prop_assert!(findings.as_slice().iter().all(|f| f.effect() != Effect::Invalid));
        prop_assert!(summary.checkpoints_verified);
        prop_assert!(summary.consistency_verified);
        prop_assert_eq!(summary.tree_size_before, Some(before));
        prop_assert_eq!(summary.tree_size_after, Some(after));
        prop_assert_eq!(summary.entries, included.len());
        prop_assert_eq!(summary.entries_proved, included.len());
        prop_assert_eq!(summary.pii_disclosed, Some(pii_left));
        let disclosed: usize = included.iter().map(|&i| log.disclosures(i).unwrap_or_default().len()).sum();
        prop_assert_eq!(summary.disclosures, disclosed);
        let redacted: usize = included.iter().filter(|&&i| {
            log.disclosures(i).unwrap_or_default().len()
                < entries.get(usize::try_from(i).unwrap_or(usize::MAX).wrapping_sub(1)).map_or(0, Vec::len)
        }).count();
        prop_assert_eq!(summary.redactions, redacted);
    }
}
