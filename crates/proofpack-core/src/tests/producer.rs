//! The producer library, checked against the verifier's own code: what the
//! producer writes must pass the verifier's section checks (and, assembled,
//! the whole verifier), and every refusal of a builder is exercised.

use crate::findings::Findings;
use crate::{Code, TrustStore, Verdict};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use ed25519_dalek::{Signer as _, SigningKey};
use proofpack_producer::*;
use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};

pub const ORIGIN: &str = "audit.example.com/ten_0440";
pub const REQ: &str = "req-001928";
const PII: [&str; 3] = ["subject_email", "subject_name", "ip_address"];

pub fn log_key() -> SigningKey {
    SigningKey::from_bytes(&[0x11; 32])
}

pub fn dpo_key() -> SigningKey {
    SigningKey::from_bytes(&[0x22; 32])
}

pub fn key_entry(key_id: &str, key: &SigningKey, role: &str, owner: &str) -> Value {
    json!({
        "key_id": key_id,
        "alg": "ed25519",
        "public_key": STANDARD.encode(key.verifying_key().as_bytes()),
        "owner": owner,
        "roles": [role],
        "not_before": null,
        "not_after": null,
        "revoked_at": null,
    })
}

pub fn trust(keys: Vec<Value>) -> TrustStore {
    let doc = json!({"format": "proof-pack-trust/v1", "keys": keys});
    TrustStore::from_json(&serde_json::to_vec(&doc).unwrap()).unwrap()
}

fn log_trust() -> TrustStore {
    trust(vec![key_entry(
        ORIGIN,
        &log_key(),
        "audit_log",
        "audit-log@example.com",
    )])
}

pub fn codes(f: &Findings) -> Vec<Code> {
    let mut c: Vec<Code> = f.as_slice().iter().map(|x| x.code()).collect();
    c.sort();
    c.dedup();
    c
}

fn err<T: std::fmt::Debug>(r: Result<T, ProducerError>) -> ProducerError {
    r.expect_err("the producer must refuse this")
}

fn pii_fields() -> Vec<String> {
    PII.iter().map(|s| (*s).to_owned()).collect()
}

// ---------------------------------------------------------------------------
// A scenario: 12 entries before the erasure, then the cascade on the log.

fn subject() -> String {
    pseudonymous_subject_id(&[0x5a; 32], "alice@example.com").unwrap()
}

fn step(s: Step, status: StepStatus, started: &str, ended: &str) -> StepRecord {
    StepRecord::builder(s)
        .status(status)
        .started_at(started)
        .ended_at(ended)
        .before_count(10)
        .code_ref("cascade@3f2a9c1")
        .build()
        .unwrap()
}

/// The cascade of a request for working, episodic and vectors.
fn cascade() -> Vec<StepRecord> {
    vec![
        step(
            Step::Working,
            StepStatus::ok(),
            "2026-04-21T10:00:00Z",
            "2026-04-21T10:01:00Z",
        ),
        step(
            Step::Episodic,
            StepStatus::Ok {
                output: StepOutput::episodic(true),
            },
            "2026-04-21T10:01:00Z",
            "2026-04-21T10:05:00Z",
        ),
        step(
            Step::Vectors,
            StepStatus::Ok {
                output: StepOutput::vectors(Purge::Rebuilt),
            },
            "2026-04-21T10:05:00Z",
            "2026-04-21T11:00:00Z",
        ),
        step(
            Step::Subprocessor,
            StepStatus::ok(),
            "2026-04-21T11:00:00Z",
            "2026-04-22T09:00:00Z",
        ),
        step(
            Step::AuditLog,
            StepStatus::ok(),
            "2026-04-22T09:00:00Z",
            "2026-04-22T09:10:00Z",
        ),
    ]
}

/// 20 entries: 0..12 ordinary events (PII in disclosures, a non-PII
/// `user_agent` disclosure on some), then the request and the 5 steps
/// (12..18), then 2 more events (18, 19).
pub fn scenario(salts: Box<dyn SaltSource>) -> (AuditLog, Vec<StepRecord>) {
    let mut log = AuditLog::with_salts(ORIGIN, salts).unwrap();
    for i in 0..12u32 {
        let mut e = LogEntry::new(format!("2026-04-{:02}T08:00:00Z", i + 1), "login")
            .with_clear("actor_role", json!("user"))
            .with_disclosable("subject_email", json!(format!("user{i}@example.com")))
            .with_disclosable("ip_address", json!(format!("10.0.0.{i}")));
        if i % 3 == 0 {
            e = e.with_disclosable("user_agent", json!("Mozilla/5.0"));
        }
        assert_eq!(log.append(e).unwrap(), u64::from(i));
    }
    assert_eq!(
        log.log_request_accepted("2026-04-20T09:11:00Z", REQ)
            .unwrap(),
        12
    );
    let steps = cascade();
    for s in &steps {
        log.log_step_record(REQ, s).unwrap();
    }
    for i in 0..2 {
        log.append(
            LogEntry::new("2026-04-22T09:20:00Z", "profile_view")
                .with_disclosable("subject_name", json!({"given": "Alice", "n": i})),
        )
        .unwrap();
    }
    assert_eq!(log.size(), 20);
    (log, steps)
}

/// Included entries: some PII events and the whole cascade.
const INCLUDED: [u64; 10] = [2, 3, 5, 12, 13, 14, 15, 16, 17, 19];

pub fn redact_all(log: &mut AuditLog) {
    for i in [2, 3, 5] {
        log.redact(i, &["subject_email", "ip_address"]).unwrap();
    }
    log.redact(19, &["subject_name"]).unwrap();
}

pub fn spec(log: &AuditLog, before: u64, after: u64) -> WitnessSpec {
    WitnessSpec {
        before_checkpoint: log.checkpoint(before, ORIGIN, &log_key()).unwrap(),
        after_checkpoint: log.checkpoint(after, ORIGIN, &log_key()).unwrap(),
        entries: INCLUDED.to_vec(),
        pii_fields: pii_fields(),
    }
}

fn parsed_steps(records: &[StepRecord]) -> Vec<crate::steps::StepRecord> {
    let mut f = Findings::new();
    let steps = crate::steps::parse(
        &steps_jsonl(records).unwrap(),
        &crate::Cancel::new(),
        &mut f,
    );
    crate::steps::check_records(&steps, &mut f);
    assert_eq!(codes(&f), vec![]);
    steps
}

fn check_witness(
    bytes: &[u8],
    trust: &TrustStore,
    steps: &[StepRecord],
) -> (Findings, crate::audit::AuditSummary) {
    let mut f = Findings::new();
    let summary = match crate::audit::parse(bytes, &crate::Cancel::new(), &mut f) {
        Some(w) => {
            crate::audit::check(
                &w,
                Some(trust),
                Some(REQ),
                &parsed_steps(steps),
                &crate::Cancel::new(),
                &mut f,
                &mut Default::default(),
            )
            .summary
        }
        None => Default::default(),
    };
    (f, summary)
}

// ---------------------------------------------------------------------------
// Audit log and witness

#[test]
fn witness_with_everything_redacted_has_no_findings() {
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([1; 32])));
    redact_all(&mut log);
    let spec = spec(&log, 12, 20);
    assert_eq!(log.unredacted_pii_count(&spec.entries, &spec.pii_fields), 0);
    let bytes = log.witness(&spec).unwrap();
    let (f, summary) = check_witness(&bytes, &log_trust(), &steps);
    assert_eq!(codes(&f), vec![]);
    assert!(summary.checkpoints_verified);
    assert!(summary.consistency_verified);
    assert_eq!(summary.tree_size_before, Some(12));
    assert_eq!(summary.tree_size_after, Some(20));
    assert_eq!(summary.entries, INCLUDED.len());
    assert_eq!(summary.entries_proved, INCLUDED.len());
    assert_eq!(summary.pii_disclosed, Some(0));
    // user_agent (not PII) disclosures remain on entry 3 only.
    assert_eq!(summary.disclosures, 1);
    assert_eq!(summary.redactions, 4);
}

#[test]
fn cosigned_checkpoints_carry_the_witnesses_lines() {
    use proofpack_spec::cosignature::cosign;
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([1; 32])));
    redact_all(&mut log);
    let mut spec = spec(&log, 12, 20);
    let body_end = spec.after_checkpoint.find("\n\n").unwrap() + 1;
    let body = spec.after_checkpoint[..body_end].to_owned();
    let witness = SigningKey::from_bytes(&[0x33; 32]);
    let line = cosign(&body, "w.example.org", &witness, 1_700_000_000).unwrap();
    spec.after_checkpoint = log.cosigned(&spec.after_checkpoint, &[line]).unwrap();
    let bytes = log.witness(&spec).unwrap();
    let store = trust(vec![
        key_entry(ORIGIN, &log_key(), "audit_log", "audit-log@example.com"),
        key_entry("w.example.org", &witness, "witness", "ops@w.example.org"),
    ]);
    let mut f = Findings::new();
    let w = crate::audit::parse(&bytes, &crate::Cancel::new(), &mut f).unwrap();
    let audited = crate::audit::check(
        &w,
        Some(&store),
        Some(REQ),
        &parsed_steps(&steps),
        &crate::Cancel::new(),
        &mut f,
        &mut Default::default(),
    );
    let (mut summary, checkpoints) = (audited.summary, audited.checkpoints);
    crate::cosignatures::check_witness(&checkpoints, Some(&store), None, &mut f, &mut summary);
    assert_eq!(codes(&f), vec![]);
    assert!(summary.checkpoints_verified);
    assert_eq!(summary.witnesses_counted, 1);
    // Not a signature line; two lines as one; another log's checkpoint.
    for bad in ["x".to_owned(), "— a AAAAAAAA\n— b AAAAAAAA\n".to_owned()] {
        assert!(log.cosigned(&spec.after_checkpoint, &[bad]).is_err());
    }
    let other = AuditLog::new("audit.example.com/other").unwrap();
    assert!(other.cosigned(&spec.after_checkpoint, &[]).is_err());
}

#[test]
fn witness_shape_is_section_10() {
    let (mut log, _) = scenario(Box::new(SeededSalts::new([1; 32])));
    redact_all(&mut log);
    let bytes = log.witness(&spec(&log, 12, 20)).unwrap();
    let doc: Value = serde_json::from_slice(&bytes).unwrap();
    let keys: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "log_origin",
            "pii_fields",
            "checkpoint_before",
            "checkpoint_after",
            "consistency_proof",
            "entries",
            "redactions"
        ]
    );
    let entries = doc["entries"].as_array().unwrap();
    let indexes: Vec<u64> = entries
        .iter()
        .map(|e| e["index"].as_u64().unwrap())
        .collect();
    assert_eq!(indexes, INCLUDED);
    for e in entries {
        let leaf = STANDARD.decode(e["leaf"].as_str().unwrap()).unwrap();
        assert_eq!(leaf, log.leaf(e["index"].as_u64().unwrap()).unwrap());
        let leaf: Value = serde_json::from_slice(&leaf).unwrap();
        let names: Vec<&str> = leaf
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(names.first(), Some(&"seq"));
        assert_eq!(names.last(), Some(&"_sd"));
        assert_eq!(leaf["seq"], e["index"]);
    }
    assert_eq!(
        doc["redactions"],
        json!([
            {"index": 2, "fields": ["subject_email", "ip_address"]},
            {"index": 3, "fields": ["subject_email", "ip_address"]},
            {"index": 5, "fields": ["subject_email", "ip_address"]},
            {"index": 19, "fields": ["subject_name"]},
        ])
    );
    assert!(bytes.ends_with(b"\n"));
}

#[test]
fn remaining_pii_is_reported_and_counted_alike() {
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([2; 32])));
    // Entry 5 keeps its ip_address; entry 19 keeps its subject_name.
    log.redact(2, &["subject_email", "ip_address"]).unwrap();
    log.redact(3, &["subject_email", "ip_address"]).unwrap();
    log.redact(5, &["subject_email"]).unwrap();
    let spec = spec(&log, 12, 20);
    let expected = log.unredacted_pii_count(&spec.entries, &spec.pii_fields);
    assert_eq!(expected, 2);
    let (f, summary) = check_witness(&log.witness(&spec).unwrap(), &log_trust(), &steps);
    assert_eq!(codes(&f), vec![Code::AuditPiiDisclosed]);
    assert_eq!(summary.pii_disclosed, Some(expected));
}

#[test]
fn clear_pii_members_are_counted_and_never_redactable() {
    let mut log = AuditLog::with_salts(ORIGIN, Box::new(SeededSalts::new([3; 32]))).unwrap();
    log.log_request_accepted("2026-04-20T09:11:00Z", REQ)
        .unwrap();
    // A producer mistake: the IP address in clear.
    let i = log
        .append(
            LogEntry::new("2026-04-20T09:12:00Z", "login")
                .with_clear("ip_address", json!("10.0.0.1"))
                .with_disclosable("subject_email", json!("a@example.com")),
        )
        .unwrap();
    assert!(matches!(
        err(log.redact(i, &["ip_address"])),
        ProducerError::NothingToRedact { .. }
    ));
    log.redact(i, &["subject_email"]).unwrap();
    let spec = WitnessSpec {
        before_checkpoint: log.checkpoint(1, ORIGIN, &log_key()).unwrap(),
        after_checkpoint: log.checkpoint(2, ORIGIN, &log_key()).unwrap(),
        entries: vec![0, 1],
        pii_fields: pii_fields(),
    };
    let count = log.unredacted_pii_count(&spec.entries, &spec.pii_fields);
    assert_eq!(count, 1);
    let mut f = Findings::new();
    let witness =
        crate::audit::parse(&log.witness(&spec).unwrap(), &crate::Cancel::new(), &mut f).unwrap();
    let summary = crate::audit::check(
        &witness,
        Some(&log_trust()),
        Some(REQ),
        &[],
        &crate::Cancel::new(),
        &mut f,
        &mut Default::default(),
    )
    .summary;
    assert_eq!(codes(&f), vec![Code::AuditPiiDisclosed]);
    assert_eq!(summary.pii_disclosed, Some(count));
}

#[test]
fn trust_store_without_the_log_key_is_key_unknown() {
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([4; 32])));
    redact_all(&mut log);
    let bytes = log.witness(&spec(&log, 12, 20)).unwrap();
    let stores = [
        // No key at all.
        trust(vec![]),
        // The right key under another key_id.
        trust(vec![key_entry(
            "audit.example.com/other",
            &log_key(),
            "audit_log",
            "x@example.com",
        )]),
        // The right key_id with another key.
        trust(vec![key_entry(
            ORIGIN,
            &dpo_key(),
            "audit_log",
            "x@example.com",
        )]),
        // The right key without the audit_log role.
        trust(vec![key_entry(ORIGIN, &log_key(), "dpo", "x@example.com")]),
    ];
    for store in &stores {
        let (f, summary) = check_witness(&bytes, store, &steps);
        assert_eq!(codes(&f), vec![Code::AuditCheckpointKeyUnknown]);
        assert!(!summary.checkpoints_verified);
    }
}

#[test]
fn cascade_must_be_among_the_included_entries() {
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([5; 32])));
    redact_all(&mut log);
    assert_eq!(log.entries_for_request(REQ), vec![12, 13, 14, 15, 16, 17]);
    let mut spec = spec(&log, 12, 20);
    spec.entries = vec![2, 3, 5, 13, 14, 15, 16, 17, 19]; // no request entry
    let (f, _) = check_witness(&log.witness(&spec).unwrap(), &log_trust(), &steps);
    assert_eq!(codes(&f), vec![Code::AuditRequestNotLogged]);
    spec.entries = vec![2, 3, 5, 12, 13, 14, 15, 16, 19]; // no audit_log step
    let (f, _) = check_witness(&log.witness(&spec).unwrap(), &log_trust(), &steps);
    assert_eq!(codes(&f), vec![Code::AuditStepNotLogged]);
}

#[test]
fn equal_sizes_need_an_empty_consistency_proof() {
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([6; 32])));
    redact_all(&mut log);
    let bytes = log.witness(&spec(&log, 20, 20)).unwrap();
    let doc: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(doc["consistency_proof"], json!([]));
    assert_eq!(doc["checkpoint_before"], doc["checkpoint_after"]);
    let (f, summary) = check_witness(&bytes, &log_trust(), &steps);
    assert_eq!(codes(&f), vec![]);
    assert!(summary.consistency_verified);
}

#[test]
fn redactions_of_entries_left_out_are_not_in_the_witness() {
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([7; 32])));
    redact_all(&mut log);
    log.redact(7, &["ip_address"]).unwrap(); // entry 7 is not included
    let bytes = log.witness(&spec(&log, 12, 20)).unwrap();
    let doc: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(doc["redactions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["index"] != 7));
    let (f, _) = check_witness(&bytes, &log_trust(), &steps);
    assert_eq!(codes(&f), vec![]);
}

#[test]
fn redaction_changes_no_leaf_and_no_root() {
    let (mut log, _) = scenario(Box::new(SeededSalts::new([8; 32])));
    let leaves: Vec<Vec<u8>> = (0..20).map(|i| log.leaf(i).unwrap().to_vec()).collect();
    let root = log.root_at(20).unwrap();
    let before = log.checkpoint(20, ORIGIN, &log_key()).unwrap();
    redact_all(&mut log);
    let after: Vec<Vec<u8>> = (0..20).map(|i| log.leaf(i).unwrap().to_vec()).collect();
    assert_eq!(leaves, after);
    assert_eq!(log.root_at(20).unwrap(), root);
    assert_eq!(log.checkpoint(20, ORIGIN, &log_key()).unwrap(), before);
    assert_eq!(log.disclosures(2).unwrap().len(), 0);
    assert_eq!(log.disclosures(3).unwrap().len(), 1);
}

#[test]
fn redaction_records_merge_per_entry_in_order() {
    let (mut log, _) = scenario(Box::new(SeededSalts::new([8; 32])));
    log.redact(3, &["ip_address"]).unwrap();
    log.redact(3, &["user_agent", "subject_email"]).unwrap();
    let mut spec = spec(&log, 12, 20);
    spec.entries = vec![3];
    let doc: Value = serde_json::from_slice(&log.witness(&spec).unwrap()).unwrap();
    assert_eq!(
        doc["redactions"],
        json!([{"index": 3, "fields": ["ip_address", "user_agent", "subject_email"]}])
    );
    assert_eq!(doc["entries"][0]["disclosures"], json!([]));
}

#[test]
fn disclosures_are_sd_jwt_with_128_bit_salts() {
    let mut log = AuditLog::new(ORIGIN).unwrap();
    let i = log
        .append(
            LogEntry::new("2026-04-20T09:12:00Z", "login")
                .with_disclosable("subject_email", json!("a@example.com"))
                .with_disclosable("ip_address", json!("10.0.0.1")),
        )
        .unwrap();
    let leaf: Value = serde_json::from_slice(log.leaf(i).unwrap()).unwrap();
    let sd: Vec<&str> = leaf["_sd"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    let mut sorted = sd.clone();
    sorted.sort();
    assert_eq!(sd, sorted, "_sd digests are sorted, hiding field order");
    let disclosures = log.disclosures(i).unwrap();
    assert_eq!(disclosures.len(), 2);
    for (d, (name, value)) in disclosures.iter().zip([
        ("subject_email", "a@example.com"),
        ("ip_address", "10.0.0.1"),
    ]) {
        let array: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(d).unwrap()).unwrap();
        let salt = URL_SAFE_NO_PAD.decode(array[0].as_str().unwrap()).unwrap();
        assert_eq!(salt.len(), 16);
        assert_eq!(array[1], name);
        assert_eq!(array[2], value);
        assert_eq!(array.as_array().unwrap().len(), 3);
        let digest = URL_SAFE_NO_PAD.encode(Sha256::digest(d.as_bytes()));
        assert!(sd.contains(&digest.as_str()));
    }
}

#[test]
fn seeded_salts_are_reproducible() {
    let witness = |seed: [u8; 32]| {
        let (mut log, _) = scenario(Box::new(SeededSalts::new(seed)));
        redact_all(&mut log);
        log.witness(&spec(&log, 12, 20)).unwrap()
    };
    assert_eq!(witness([9; 32]), witness([9; 32]));
    assert_ne!(witness([9; 32]), witness([10; 32]));
    // The documented derivation: SHA-256(seed || 0u64 BE), first 16 bytes.
    let mut salts = SeededSalts::new([9; 32]);
    let first = salts.next_salt().unwrap();
    let mut h = Sha256::new();
    h.update([9u8; 32]);
    h.update(0u64.to_be_bytes());
    assert_eq!(first[..], h.finalize()[..16]);
    assert_ne!(salts.next_salt().unwrap(), first);
}

#[test]
fn os_salts_differ() {
    let entry = || {
        LogEntry::new("2026-04-20T09:12:00Z", "login")
            .with_disclosable("subject_email", json!("a@example.com"))
    };
    let mut a = AuditLog::new(ORIGIN).unwrap();
    let mut b = AuditLog::new(ORIGIN).unwrap();
    a.append(entry()).unwrap();
    b.append(entry()).unwrap();
    assert_ne!(a.disclosures(0).unwrap(), b.disclosures(0).unwrap());
    assert_ne!(a.leaf(0).unwrap(), b.leaf(0).unwrap());
    let mut os = OsSalts;
    assert_ne!(os.next_salt().unwrap(), os.next_salt().unwrap());
}

#[test]
fn checkpoints_are_signed_notes_of_the_tree() {
    let (log, _) = scenario(Box::new(SeededSalts::new([1; 32])));
    let note = log.checkpoint(12, ORIGIN, &log_key()).unwrap();
    let cp = proofpack_spec::checkpoint::parse_checkpoint(&note).unwrap();
    assert_eq!(cp.origin, ORIGIN);
    assert_eq!(cp.tree_size, 12);
    assert_eq!(cp.root_hash, log.root_at(12).unwrap());
    assert_eq!(cp.note.signatures.len(), 1);
    assert_eq!(cp.note.signatures[0].key_name, ORIGIN);
    // The empty tree has a checkpoint too (it cannot be a before-checkpoint).
    assert!(log.checkpoint(0, ORIGIN, &log_key()).is_ok());
    assert!(matches!(
        err(log.checkpoint(12, "someone-else", &log_key())),
        ProducerError::KeyNameNotOrigin { .. }
    ));
    assert!(matches!(
        err(log.checkpoint(21, ORIGIN, &log_key())),
        ProducerError::Merkle(_)
    ));
}

#[test]
fn append_refusals() {
    let mut log = AuditLog::new(ORIGIN).unwrap();
    let base = || LogEntry::new("2026-04-20T09:12:00Z", "login");
    for reserved in ["seq", "ts", "event_class", "_sd", "..."] {
        assert!(matches!(
            err(log.append(base().with_clear(reserved, json!(1)))),
            ProducerError::ReservedMember(_)
        ));
        assert!(matches!(
            err(log.append(base().with_disclosable(reserved, json!(1)))),
            ProducerError::ReservedMember(_)
        ));
    }
    assert!(matches!(
        err(log.append(base().with_clear("a", json!(1)).with_clear("a", json!(2)))),
        ProducerError::DuplicateMember(_)
    ));
    assert!(matches!(
        err(log.append(
            base()
                .with_disclosable("a", json!(1))
                .with_disclosable("a", json!(2))
        )),
        ProducerError::DuplicateMember(_)
    ));
    assert!(matches!(
        err(log.append(
            base()
                .with_clear("a", json!(1))
                .with_disclosable("a", json!(2))
        )),
        ProducerError::DuplicateMember(_)
    ));
    assert!(matches!(
        err(log.append(base().with_clear("", json!(1)))),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        err(log.append(LogEntry::new("2026-04-20T09:12:00", "login"))),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        err(log.append(LogEntry::new("2026-04-20T09:12:00Z", ""))),
        ProducerError::Empty(_)
    ));
    let mut deep = json!(1);
    for _ in 0..64 {
        deep = json!([deep]);
    }
    assert!(matches!(
        err(log.append(base().with_disclosable("x", deep.clone()))),
        ProducerError::TooDeep(_)
    ));
    // 63 levels under a top-level member is the most §0 allows.
    let mut ok = json!(1);
    for _ in 0..63 {
        ok = json!([ok]);
    }
    assert!(log.append(base().with_clear("x", ok)).is_ok());
    assert!(matches!(
        err(log.log_request_accepted("2026-04-20T09:12:00Z", "")),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        err(log.log_step("2026-04-20T09:12:00Z", "", Step::Working, StatusKind::Ok)),
        ProducerError::Empty(_)
    ));
    // Nothing refused was appended.
    assert_eq!(log.size(), 1);
}

#[test]
fn origin_refusals() {
    for bad in ["", "audit example", "audit+log", "audit\u{7}log"] {
        assert!(matches!(
            err(AuditLog::new(bad)),
            ProducerError::InvalidOrigin(_)
        ));
    }
}

#[test]
fn redact_refusals_change_nothing() {
    let (mut log, _) = scenario(Box::new(SeededSalts::new([1; 32])));
    assert!(matches!(
        err(log.redact(20, &["ip_address"])),
        ProducerError::EntryOutOfRange { .. }
    ));
    assert!(matches!(
        err(log.redact(2, &["actor_role"])), // a clear member
        ProducerError::NothingToRedact { .. }
    ));
    assert!(matches!(
        err(log.redact(2, &["subject_name"])), // never disclosed there
        ProducerError::NothingToRedact { .. }
    ));
    assert!(matches!(err(log.redact(2, &[])), ProducerError::Empty(_)));
    assert!(matches!(
        err(log.redact(2, &["ip_address", "ip_address"])),
        ProducerError::DuplicateMember(_)
    ));
    assert!(matches!(
        err(log.redact(2, &["ip_address", "nope"])),
        ProducerError::NothingToRedact { .. }
    ));
    assert_eq!(log.disclosures(2).unwrap().len(), 2, "all or nothing");
    log.redact(2, &["ip_address"]).unwrap();
    assert!(matches!(
        err(log.redact(2, &["ip_address"])), // already redacted
        ProducerError::NothingToRedact { .. }
    ));
}

#[test]
fn witness_refusals() {
    let (log, _) = scenario(Box::new(SeededSalts::new([1; 32])));
    let good = spec(&log, 12, 20);
    let with = |f: &dyn Fn(&mut WitnessSpec)| {
        let mut s = good.clone();
        f(&mut s);
        log.witness(&s)
    };
    assert!(log.witness(&good).is_ok());
    let empty_tree = log.checkpoint(0, ORIGIN, &log_key()).unwrap();
    assert!(matches!(
        err(with(&|s| s.before_checkpoint = empty_tree.clone())),
        ProducerError::CheckpointSizes { .. }
    ));
    assert!(matches!(
        err(with(&|s| std::mem::swap(
            &mut s.before_checkpoint,
            &mut s.after_checkpoint
        ))),
        ProducerError::CheckpointSizes { .. }
    ));
    let at_15 = log.checkpoint(15, ORIGIN, &log_key()).unwrap();
    assert!(matches!(
        err(with(&|s| s.after_checkpoint = at_15.clone())), // entries 15.. not in it
        ProducerError::EntryOutOfRange { .. }
    ));
    assert!(matches!(
        err(with(&|s| s.entries.push(2))),
        ProducerError::DuplicateIndex(2)
    ));
    assert!(matches!(
        err(with(&|s| s.pii_fields.push("ip_address".to_owned()))),
        ProducerError::DuplicateMember(_)
    ));
    assert!(matches!(
        err(with(&|s| s.pii_fields.push(String::new()))),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        err(with(&|s| s.after_checkpoint = "not a note".to_owned())),
        ProducerError::CheckpointMalformed(_)
    ));
    // A checkpoint of another log.
    let mut other = AuditLog::new("audit.example.com/other").unwrap();
    for _ in 0..20 {
        other
            .append(LogEntry::new("2026-04-20T09:12:00Z", "x"))
            .unwrap();
    }
    let foreign = other
        .checkpoint(20, "audit.example.com/other", &log_key())
        .unwrap();
    assert!(matches!(
        err(with(&|s| s.after_checkpoint = foreign.clone())),
        ProducerError::CheckpointMismatch(_)
    ));
    // Same origin, other contents: the root differs.
    let mut twin = AuditLog::new(ORIGIN).unwrap();
    for _ in 0..20 {
        twin.append(LogEntry::new("2026-04-20T09:12:00Z", "x"))
            .unwrap();
    }
    let forged = twin.checkpoint(20, ORIGIN, &log_key()).unwrap();
    assert!(matches!(
        err(with(&|s| s.after_checkpoint = forged.clone())),
        ProducerError::CheckpointMismatch(_)
    ));
    // Signed under another key name only: the verifier would count no line.
    let body = proofpack_spec::checkpoint::checkpoint_body(ORIGIN, 20, &log.root_at(20).unwrap());
    let cosigned_only =
        proofpack_spec::checkpoint::sign_note(&body, "witness.example/w1", &dpo_key());
    assert!(matches!(
        err(with(&|s| s.after_checkpoint = cosigned_only.clone())),
        ProducerError::CheckpointNotSignedByLog
    ));
}

// ---------------------------------------------------------------------------
// Pseudonyms (RFC 4231 HMAC-SHA-256 test vectors)

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn hmac_sha256_matches_rfc_4231() {
    let cases: [(Vec<u8>, Vec<u8>, &str); 5] = [
        (
            vec![0x0b; 20],
            b"Hi There".to_vec(),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        ),
        (
            b"Jefe".to_vec(),
            b"what do ya want for nothing?".to_vec(),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        ),
        (
            vec![0xaa; 20],
            vec![0xdd; 50],
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
        ),
        (
            vec![0xaa; 131],
            b"Test Using Larger Than Block-Size Key - Hash Key First".to_vec(),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
        ),
        (
            vec![0xaa; 131],
            b"This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".to_vec(),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
        ),
    ];
    for (key, data, expected) in cases {
        assert_eq!(hex(&hmac_sha256(&key, &data)), expected);
    }
}

#[test]
fn pseudonymous_subject_ids() {
    let key = [0x5a; 32];
    let id = pseudonymous_subject_id(&key, "alice@example.com").unwrap();
    assert!(proofpack_spec::subject::is_pseudonymous(&id));
    assert_eq!(
        id,
        format!("sub_{}", hex(&hmac_sha256(&key, b"alice@example.com")))
    );
    assert_eq!(
        id,
        pseudonymous_subject_id(&key, "alice@example.com").unwrap()
    );
    assert_ne!(
        id,
        pseudonymous_subject_id(&[0x5b; 32], "alice@example.com").unwrap()
    );
    assert!(matches!(
        err(pseudonymous_subject_id(&[0x5a; 31], "alice@example.com")),
        ProducerError::WeakPseudonymKey { .. }
    ));
    assert!(matches!(
        err(pseudonymous_subject_id(&key, "")),
        ProducerError::Empty(_)
    ));
}

// ---------------------------------------------------------------------------
// request.json

pub fn request() -> RequestBuilder {
    Request::builder()
        .request_id(REQ)
        .tenant_id("ten_0440")
        .subject_id(subject())
        .data_classes([DataClass::Vectors, DataClass::Working, DataClass::Episodic])
        .legal_basis(LegalBasis::Gdpr)
        .received_at("2026-04-20T09:11:00Z")
        .requester_identity_proof_ref("idv-77120")
        .sla_deadline("2026-05-20T09:11:00Z")
}

fn gdpr_extension() -> Extension {
    Extension {
        extended_to: "2026-07-20T09:11:00Z".to_owned(),
        notified_at: "2026-05-02T10:00:00Z".to_owned(),
        reason: "complex request".to_owned(),
    }
}

fn parse_request(r: &Request) -> (Findings, crate::request::Request) {
    let mut f = Findings::new();
    let parsed = crate::request::parse(&r.to_json().unwrap(), &mut f).unwrap();
    (f, parsed)
}

#[test]
fn request_parses_without_findings() {
    for builder in [request(), request().extension(gdpr_extension())] {
        let r = builder.build().unwrap();
        let (mut f, parsed) = parse_request(&r);
        assert_eq!(codes(&f), vec![]);
        assert_eq!(parsed.request_id.as_deref(), Some(REQ));
        assert_eq!(
            parsed.data_classes,
            Some(vec![
                DataClass::Working,
                DataClass::Episodic,
                DataClass::Vectors
            ])
        );
        assert_eq!(parsed.extension.is_some(), r.extension().is_some());
        crate::request::check_subject(r.subject_id(), "request.json", &mut f);
        let sla = crate::sla::SlaInput {
            legal_basis: parsed.legal_basis,
            received_at: parsed.received_at.as_ref(),
            sla_deadline: parsed.sla_deadline.as_ref(),
            extension: parsed.extension.as_ref(),
            extension_malformed: parsed.extension_malformed,
            completed_at: None,
        };
        crate::sla::check(&sla, &mut f);
        assert_eq!(codes(&f), vec![]);
        assert_eq!(
            r.required_steps(),
            vec![
                Step::Working,
                Step::Episodic,
                Step::Vectors,
                Step::Subprocessor,
                Step::AuditLog
            ]
        );
    }
    // Every class and basis the types offer is one the verifier accepts.
    for basis in LegalBasis::ALL {
        let r = request()
            .data_classes(DataClass::ALL.iter().copied().filter(|c| {
                !matches!(
                    c,
                    DataClass::Vectors | DataClass::Working | DataClass::Episodic
                )
            }))
            .legal_basis(*basis)
            .sla_deadline("2026-05-10T00:00:00Z")
            .build()
            .unwrap();
        let (f, parsed) = parse_request(&r);
        assert_eq!(codes(&f), vec![]);
        assert_eq!(parsed.data_classes.map(|c| c.len()), Some(7));
    }
}

#[test]
fn request_refusals() {
    let e = |b: RequestBuilder| err(b.build());
    assert!(matches!(e(Request::builder()), ProducerError::Missing(_)));
    assert!(matches!(
        e(request().request_id("")),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(request().tenant_id("")),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(request().requester_identity_proof_ref("")),
        ProducerError::Empty(_)
    ));
    for raw in [
        "alice@example.com".to_owned(),
        format!("sub_{}", "A".repeat(64)),
        format!("sub_{}", "a".repeat(63)),
    ] {
        assert!(matches!(
            e(request().subject_id(raw)),
            ProducerError::NotPseudonymous
        ));
    }
    assert!(matches!(
        e(request().data_class(DataClass::Vectors)),
        ProducerError::DuplicateDataClass(_)
    ));
    let no_classes = Request::builder()
        .request_id(REQ)
        .tenant_id("ten_0440")
        .subject_id(subject())
        .legal_basis(LegalBasis::Gdpr)
        .received_at("2026-04-20T09:11:00Z")
        .requester_identity_proof_ref("idv-77120")
        .sla_deadline("2026-05-20T09:11:00Z");
    assert!(matches!(e(no_classes), ProducerError::Empty(_)));
    assert!(matches!(
        e(request().received_at("2026-04-20T09:11:00")),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        e(request().sla_deadline("2026-05-20")),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        e(request().sla_deadline("2026-04-19T09:11:00Z")),
        ProducerError::TimeOrder { .. }
    ));
    // §6: received 2026-04-20 (GDPR) → statutory deadline 2026-05-21T00:00:00Z.
    assert!(request()
        .sla_deadline("2026-05-20T23:59:59Z")
        .build()
        .is_ok());
    assert!(matches!(
        e(request().sla_deadline("2026-05-21T00:00:00Z")),
        ProducerError::DeadlineOverstated { .. }
    ));
    assert!(matches!(
        e(request()
            .legal_basis(LegalBasis::Popia)
            .sla_deadline("2026-05-21T00:00:00Z")),
        ProducerError::DeadlineOverstated { .. }
    ));
    let ext = |f: &dyn Fn(&mut Extension)| {
        let mut x = gdpr_extension();
        f(&mut x);
        e(request().extension(x))
    };
    assert!(matches!(
        ext(&|x| x.reason.clear()),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        ext(&|x| x.extended_to = "soon".to_owned()),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        ext(&|x| x.notified_at = "2026-05-21T00:00:00Z".to_owned()), // after the first period
        ProducerError::InvalidExtension(_)
    ));
    assert!(matches!(
        ext(&|x| x.notified_at = "2026-04-19T00:00:00Z".to_owned()), // before receipt
        ProducerError::InvalidExtension(_)
    ));
    assert!(matches!(
        ext(&|x| x.extended_to = "2026-07-21T00:00:00Z".to_owned()), // beyond 3 months
        ProducerError::InvalidExtension(_)
    ));
    assert!(matches!(
        ext(&|x| x.extended_to = "2026-05-20T00:00:00Z".to_owned()), // inside the first period
        ProducerError::InvalidExtension(_)
    ));
    assert!(matches!(
        e(request()
            .legal_basis(LegalBasis::KeDpa)
            .sla_deadline("2026-05-10T00:00:00Z")
            .extension(gdpr_extension())),
        ProducerError::InvalidExtension(_)
    ));
}

// ---------------------------------------------------------------------------
// steps.jsonl

/// Parses and judges the records, without the request's required steps.
fn check_steps(records: &[StepRecord]) -> Findings {
    let mut f = Findings::new();
    let parsed = crate::steps::parse(
        &steps_jsonl(records).unwrap(),
        &crate::Cancel::new(),
        &mut f,
    );
    crate::steps::check_records(&parsed, &mut f);
    f
}

fn full_cascade() -> Vec<StepRecord> {
    let t = |s: Step| format!("2026-04-21T10:{:02}:00Z", s.seq());
    Step::ALL
        .iter()
        .copied()
        .map(|s| {
            let output = match s {
                Step::Episodic => StepOutput::episodic(true),
                Step::Vectors => StepOutput::vectors(Purge::Compacted).with("shards", json!(12)),
                Step::FineTune => StepOutput::fine_tune(vec![
                    ModelLineage {
                        model_id: "kb-2026-03".to_owned(),
                        action: ModelAction::NotTrainedOn,
                    },
                    ModelLineage {
                        model_id: "kb-2026-01".to_owned(),
                        action: ModelAction::Unlearned {
                            method: "gradient-ascent".to_owned(),
                            evaluation_ref: "eval-88".to_owned(),
                        },
                    },
                    ModelLineage {
                        model_id: "kb-2025-12".to_owned(),
                        action: ModelAction::RetainedWithExemption {
                            exemption: Exemption {
                                legal_basis: "GDPR Art. 17(3)(b)".to_owned(),
                                justification: "legal hold".to_owned(),
                            },
                        },
                    },
                    ModelLineage {
                        model_id: "kb-2025-06".to_owned(),
                        action: ModelAction::Retired,
                    },
                    ModelLineage {
                        model_id: "kb-2025-09".to_owned(),
                        action: ModelAction::Retrained,
                    },
                ]),
                _ => StepOutput::none(),
            };
            StepRecord::builder(s)
                .status(StepStatus::Ok { output })
                .started_at(t(s))
                .ended_at(t(s))
                .before_count(7)
                .code_ref("cascade@3f2a9c1")
                .extra("runner_note", json!("ok"))
                .build()
                .unwrap()
        })
        .collect()
}

#[test]
fn full_cascade_passes_the_verifier() {
    let records = full_cascade();
    let bytes = steps_jsonl(&records).unwrap();
    assert_eq!(bytes.iter().filter(|b| **b == b'\n').count(), 9);
    assert!(bytes.ends_with(b"\n"));
    let mut f = Findings::new();
    let steps = crate::steps::parse(&bytes, &crate::Cancel::new(), &mut f);
    assert_eq!(codes(&f), vec![]);
    assert_eq!(steps.len(), 9);
    crate::steps::check(&steps, DataClass::ALL, &mut f);
    assert_eq!(codes(&f), vec![]);
    let first: Value =
        serde_json::from_slice(bytes.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(
        first,
        json!({"seq": 1, "step": "working", "status": "ok", "started_at": "2026-04-21T10:01:00Z",
               "ended_at": "2026-04-21T10:01:00Z", "before_count": 7, "after_count": 0,
               "code_ref": "cascade@3f2a9c1", "runner_note": "ok"})
    );
}

#[test]
fn honest_statuses_are_written_and_reported() {
    let build = |s: Step, status: StepStatus, after: u64| {
        StepRecord::builder(s)
            .status(status)
            .started_at("2026-04-21T10:00:00Z")
            .ended_at("2026-04-21T10:00:00Z")
            .before_count(5)
            .after_count(after)
            .code_ref("cascade@1")
            .build()
            .unwrap()
    };
    let cases = [
        (
            build(
                Step::Uploads,
                StepStatus::Fail {
                    error: "bucket locked".to_owned(),
                    exception_id: "EXC-1".to_owned(),
                },
                5,
            ),
            vec![Code::StepsFailed],
        ),
        (
            build(
                Step::Uploads,
                StepStatus::Pending {
                    due_at: "2026-04-30T00:00:00Z".to_owned(),
                },
                5,
            ),
            vec![Code::StepsPending],
        ),
        (
            build(
                Step::Derivatives,
                StepStatus::Deferred {
                    expires_at: "2026-04-23T00:00:00+02:00".to_owned(),
                },
                1,
            ),
            vec![Code::StepsDeferred],
        ),
        (
            build(
                Step::Uploads,
                StepStatus::Exempt {
                    exemption: Exemption {
                        legal_basis: "GDPR Art. 17(3)(e)".to_owned(),
                        justification: "legal claims".to_owned(),
                    },
                },
                5,
            ),
            vec![Code::StepsExempt],
        ),
        (
            build(
                Step::Episodic,
                StepStatus::Ok {
                    output: StepOutput::episodic(false),
                },
                0,
            ),
            vec![Code::StepsReplicationNotDrained],
        ),
        (
            build(
                Step::FineTune,
                StepStatus::Ok {
                    output: StepOutput::fine_tune(vec![ModelLineage {
                        model_id: "kb".to_owned(),
                        action: ModelAction::Suppressed,
                    }]),
                },
                0,
            ),
            vec![Code::StepsModelSuppressedOnly],
        ),
        (
            build(
                Step::FineTune,
                StepStatus::Ok {
                    output: StepOutput::fine_tune(vec![]),
                },
                0,
            ),
            vec![],
        ),
        (
            build(
                Step::Vectors,
                StepStatus::Ok {
                    output: StepOutput::vectors_serving_index_only(),
                },
                0,
            ),
            vec![Code::StepsVectorsNotPurged],
        ),
    ];
    for (record, expected) in cases {
        assert_eq!(codes(&check_steps(&[record])), expected);
    }
}

#[test]
fn step_refusals() {
    let b = |s: Step, status: StepStatus| {
        StepRecord::builder(s)
            .status(status)
            .started_at("2026-04-21T10:00:00Z")
            .ended_at("2026-04-21T10:05:00Z")
            .before_count(5)
            .after_count(5)
            .code_ref("cascade@1")
    };
    let fail = |error: &str, exception_id: &str| StepStatus::Fail {
        error: error.to_owned(),
        exception_id: exception_id.to_owned(),
    };
    let exemption = |basis: &str, why: &str| Exemption {
        legal_basis: basis.to_owned(),
        justification: why.to_owned(),
    };
    let e = |builder: StepRecordBuilder| err(builder.build());

    assert!(matches!(
        e(b(Step::Uploads, fail("bucket locked", ""))),
        ProducerError::SilentFailure(_)
    ));
    assert!(matches!(
        e(b(Step::Uploads, fail("", "EXC-1"))),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(b(
            Step::AuditLog,
            StepStatus::Exempt {
                exemption: exemption("GDPR Art. 17(3)(b)", "hold")
            }
        )),
        ProducerError::ExemptAuditLog
    ));
    assert!(matches!(
        e(b(
            Step::Uploads,
            StepStatus::Exempt {
                exemption: exemption("", "hold")
            }
        )),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(b(
            Step::Uploads,
            StepStatus::Exempt {
                exemption: exemption("GDPR Art. 17(3)(b)", "")
            }
        )),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(b(Step::Working, StepStatus::ok())),
        ProducerError::ResidueAfterOk { after_count: 5, .. }
    ));
    // ok: after_count defaults to 0, and 0 is accepted.
    assert!(b(Step::Working, StepStatus::ok())
        .after_count(0)
        .build()
        .is_ok());
    for s in [Step::Episodic, Step::Vectors, Step::FineTune] {
        assert!(matches!(
            e(b(s, StepStatus::ok()).after_count(0)),
            ProducerError::MissingEvidence(_)
        ));
    }
    assert!(matches!(
        e(b(
            Step::Episodic,
            StepStatus::Ok {
                output: StepOutput::vectors(Purge::Deleted)
            }
        )
        .after_count(0)),
        ProducerError::EvidenceMismatch { .. }
    ));
    let model = |action: ModelAction| {
        b(
            Step::FineTune,
            StepStatus::Ok {
                output: StepOutput::fine_tune(vec![ModelLineage {
                    model_id: "kb".to_owned(),
                    action,
                }]),
            },
        )
        .after_count(0)
    };
    assert!(matches!(
        e(model(ModelAction::Unlearned {
            method: String::new(),
            evaluation_ref: "eval".to_owned()
        })),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(model(ModelAction::Unlearned {
            method: "ga".to_owned(),
            evaluation_ref: String::new()
        })),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(model(ModelAction::RetainedWithExemption {
            exemption: exemption("GDPR", "")
        })),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(b(
            Step::FineTune,
            StepStatus::Ok {
                output: StepOutput::fine_tune(vec![ModelLineage {
                    model_id: String::new(),
                    action: ModelAction::Retired,
                }])
            }
        )
        .after_count(0)),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(b(Step::Uploads, fail("x", "EXC")).started_at("2026-04-21 10:00:00Z")),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        e(b(Step::Uploads, fail("x", "EXC")).ended_at("2026-04-21T09:59:59Z")),
        ProducerError::TimeOrder { .. }
    ));
    assert!(matches!(
        e(b(
            Step::Uploads,
            StepStatus::Pending {
                due_at: "tomorrow".to_owned()
            }
        )),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        e(b(
            Step::Uploads,
            StepStatus::Deferred {
                expires_at: "2026-04-21T10:00:00".to_owned()
            }
        )),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        e(StepRecord::builder(Step::Uploads)
            .started_at("2026-04-21T10:00:00Z")
            .ended_at("2026-04-21T10:05:00Z")
            .before_count(1)
            .code_ref("c")),
        ProducerError::Missing(_)
    ));
    assert!(matches!(
        e(StepRecord::builder(Step::Uploads)
            .status(fail("x", "EXC"))
            .started_at("2026-04-21T10:00:00Z")
            .ended_at("2026-04-21T10:05:00Z")
            .before_count(1)
            .code_ref("c")),
        ProducerError::Missing(_) // after_count of a non-ok step
    ));
    assert!(matches!(
        e(b(Step::Uploads, fail("x", "EXC")).code_ref("")),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(b(Step::Uploads, fail("x", "EXC")).before_count(1 << 53)),
        ProducerError::CountOutOfRange { .. }
    ));
    for name in ["seq", "status", "exception_id", "output"] {
        assert!(matches!(
            e(b(Step::Uploads, fail("x", "EXC")).extra(name, json!(1))),
            ProducerError::ReservedMember(_)
        ));
    }
    assert!(matches!(
        e(b(Step::Uploads, fail("x", "EXC"))
            .extra("note", json!(1))
            .extra("note", json!(2))),
        ProducerError::DuplicateMember(_)
    ));
    assert!(matches!(
        e(b(
            Step::Vectors,
            StepStatus::Ok {
                output: StepOutput::vectors(Purge::Deleted).with("purge", json!("x"))
            }
        )
        .after_count(0)),
        ProducerError::ReservedMember(_)
    ));
}

#[test]
fn steps_jsonl_refuses_order_and_repeats() {
    let records = full_cascade();
    let mut swapped = records.clone();
    swapped.swap(2, 3);
    assert!(matches!(
        err(steps_jsonl(&swapped)),
        ProducerError::StepOrder(_)
    ));
    let repeated = vec![records[0].clone(), records[0].clone()];
    assert!(matches!(
        err(steps_jsonl(&repeated)),
        ProducerError::StepOrder(_)
    ));
    // Gaps are fine: a step not requested has no record.
    assert!(steps_jsonl(&[records[0].clone(), records[8].clone()]).is_ok());
    assert_eq!(steps_jsonl(&[]).unwrap(), Vec::<u8>::new());
}

// ---------------------------------------------------------------------------
// verification.json

fn probes(v: &ProbeResults) -> (Findings, crate::probes::ProbeResults) {
    let mut f = Findings::new();
    let parsed = crate::probes::parse(&v.to_json().unwrap(), &mut f).unwrap();
    (f, parsed)
}

#[test]
fn verification_computes_all_clear() {
    let r = request().build().unwrap();
    let clean = ProbeResultsBuilder::for_request(&r, "2026-04-22T15:40:00Z", "verify@91bd2e0")
        .residue(DataClass::Episodic, 0)
        .residue(DataClass::Working, 0)
        .residue(DataClass::Vectors, 0)
        .subprocessor_residue(0)
        .unredacted_pii_count(0)
        .build()
        .unwrap();
    assert!(clean.all_clear());
    let (mut f, parsed) = probes(&clean);
    assert_eq!(codes(&f), vec![]);
    assert_eq!(parsed.all_clear, Some(true));
    crate::probes::check_required(&parsed, r.data_classes(), &mut f);
    assert_eq!(codes(&f), vec![]);
    let doc: Value = serde_json::from_slice(&clean.to_json().unwrap()).unwrap();
    let names: Vec<&str> = doc["probes"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        names,
        [
            "working",
            "episodic",
            "vectors",
            "subprocessor",
            "audit_log_redacted"
        ]
    );

    let base = || {
        ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "verify@91bd2e0")
            .residue(DataClass::Working, 0)
            .subprocessor_residue(0)
            .unredacted_pii_count(0)
    };
    let residue = base().residue(DataClass::Vectors, 2).build().unwrap();
    assert!(!residue.all_clear());
    let (f, parsed) = probes(&residue);
    assert_eq!(codes(&f), vec![Code::ProbesResidue]);
    assert_eq!(parsed.all_clear, Some(false));

    let sub = ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "verify@91bd2e0")
        .subprocessor_residue(1)
        .unredacted_pii_count(0)
        .build()
        .unwrap();
    assert!(!sub.all_clear());
    assert_eq!(codes(&probes(&sub).0), vec![Code::ProbesResidue]);

    let pii = ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "verify@91bd2e0")
        .subprocessor_residue(0)
        .unredacted_pii_count(3)
        .build()
        .unwrap();
    assert!(!pii.all_clear());
    let (f, parsed) = probes(&pii);
    assert_eq!(codes(&f), vec![Code::ProbesUnredactedPii]);
    assert_eq!(parsed.unredacted_pii_count, Some(3));
}

#[test]
fn verification_refusals() {
    let r = request().build().unwrap();
    let e = |b: ProbeResultsBuilder| err(b.build());
    let full = |b: ProbeResultsBuilder| b.subprocessor_residue(0).unredacted_pii_count(0);
    assert!(matches!(
        e(full(
            ProbeResultsBuilder::for_request(&r, "2026-04-22T15:40:00Z", "v@1")
                .residue(DataClass::Working, 0)
                .residue(DataClass::Episodic, 0)
        )),
        ProducerError::MissingProbe(_)
    ));
    assert!(matches!(
        e(full(
            ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "v@1")
                .residue(DataClass::Working, 0)
                .residue(DataClass::Working, 0)
        )),
        ProducerError::DuplicateProbe(_)
    ));
    assert!(matches!(
        e(ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "v@1").unredacted_pii_count(0)),
        ProducerError::MissingProbe(_)
    ));
    assert!(matches!(
        e(ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "v@1").subprocessor_residue(0)),
        ProducerError::MissingProbe(_)
    ));
    assert!(matches!(
        e(full(ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "v@1")).subprocessor_residue(0)),
        ProducerError::DuplicateProbe(_)
    ));
    assert!(matches!(
        e(full(ProbeResultsBuilder::new("2026-04-22", "v@1"))),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        e(full(ProbeResultsBuilder::new("2026-04-22T15:40:00Z", ""))),
        ProducerError::Empty(_)
    ));
    assert!(matches!(
        e(
            full(ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "v@1"))
                .residue(DataClass::Uploads, 1 << 53)
        ),
        ProducerError::CountOutOfRange { .. }
    ));
}

// ---------------------------------------------------------------------------
// subprocessor-receipts.jsonl

fn check_receipts(receipts: &[Receipt], names: &[&str]) -> Findings {
    let names: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
    let mut f = Findings::new();
    let parsed = crate::receipts::parse(
        &receipts_jsonl(receipts).unwrap(),
        &crate::Cancel::new(),
        &mut f,
    );
    crate::receipts::check_alone(&parsed, Some(&names), &mut f);
    f
}

pub fn confirmed(at: &str) -> ReceiptStatus {
    ReceiptStatus::Confirmed {
        confirmed_at: at.to_owned(),
    }
}

#[test]
fn receipts_pass_the_verifier() {
    let good = vec![
        Receipt::new(
            "vector-saas",
            Channel::Api,
            "del_8f2c",
            "2026-04-21T11:00:00Z",
            confirmed("2026-04-21T11:02:00Z"),
        )
        .unwrap()
        .with_endpoint("DELETE /v1/namespaces/ten_0440/vectors"),
        // Older history of an erased subprocessor raises nothing.
        Receipt::new(
            "vector-saas",
            Channel::Email,
            "",
            "2026-04-21T10:00:00Z",
            ReceiptStatus::Failed,
        )
        .unwrap(),
        Receipt::new(
            "llm-provider-kb",
            Channel::Api,
            "t-1",
            "2026-04-21T11:00:00Z",
            confirmed("2026-04-21T11:00:00Z"),
        )
        .unwrap(),
    ];
    assert!(good[0].erases() && !good[1].erases());
    let bytes = receipts_jsonl(&good).unwrap();
    assert_eq!(bytes.iter().filter(|b| **b == b'\n').count(), 3);
    let first: Value =
        serde_json::from_slice(bytes.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(
        first,
        json!({"subprocessor": "vector-saas", "channel": "api",
               "endpoint": "DELETE /v1/namespaces/ten_0440/vectors", "ticket_id": "del_8f2c",
               "requested_at": "2026-04-21T11:00:00Z", "status": "confirmed",
               "confirmed_at": "2026-04-21T11:02:00Z"})
    );
    assert_eq!(
        codes(&check_receipts(&good, &["vector-saas", "llm-provider-kb"])),
        vec![]
    );

    let honest = |channel: Channel, ticket: &str, status: ReceiptStatus| {
        let r = Receipt::new("s", channel, ticket, "2026-04-21T11:00:00Z", status).unwrap();
        codes(&check_receipts(&[r], &["s"]))
    };
    assert_eq!(
        honest(Channel::Email, "t", confirmed("2026-04-21T12:00:00Z")),
        vec![Code::ReceiptsNotApi]
    );
    assert_eq!(
        honest(
            Channel::Other("portal".to_owned()),
            "t",
            confirmed("2026-04-21T12:00:00Z")
        ),
        vec![Code::ReceiptsNotApi]
    );
    assert_eq!(
        honest(Channel::Api, "", confirmed("2026-04-21T12:00:00Z")),
        vec![Code::ReceiptsNoTicket]
    );
    assert_eq!(
        honest(
            Channel::Api,
            "t",
            ReceiptStatus::Pending {
                due_at: "2026-05-01T00:00:00Z".to_owned()
            }
        ),
        vec![Code::ReceiptsPending]
    );
    assert_eq!(
        honest(Channel::Phone, "t", ReceiptStatus::Failed),
        vec![Code::ReceiptsNotApi, Code::ReceiptsFailed]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
}

#[test]
fn receipt_refusals() {
    let new = |sub: &str, channel: Channel, requested: &str, status: ReceiptStatus| {
        err(Receipt::new(sub, channel, "t", requested, status))
    };
    let at = "2026-04-21T11:00:00Z";
    assert!(matches!(
        new("s", Channel::Api, at, confirmed("2026-04-21T10:59:59Z")),
        ProducerError::TimeOrder { .. }
    ));
    assert!(matches!(
        new("", Channel::Api, at, ReceiptStatus::Failed),
        ProducerError::Empty(_)
    ));
    for name in ["", "api", "email", "phone"] {
        assert!(matches!(
            new(
                "s",
                Channel::Other(name.to_owned()),
                at,
                ReceiptStatus::Failed
            ),
            ProducerError::InvalidChannel(_)
        ));
    }
    assert!(matches!(
        new(
            "s",
            Channel::Api,
            "2026-04-21T11:00Z",
            ReceiptStatus::Failed
        ),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        new("s", Channel::Api, at, confirmed("later")),
        ProducerError::InvalidTimestamp { .. }
    ));
    assert!(matches!(
        new(
            "s",
            Channel::Api,
            at,
            ReceiptStatus::Pending {
                due_at: "2026-05-01".to_owned()
            }
        ),
        ProducerError::InvalidTimestamp { .. }
    ));
}

// ---------------------------------------------------------------------------
// provenance.jsonl

fn header() -> ProvenanceRecord {
    ProvenanceRecord::Header {
        graph_version: "g-2026-04-22.42".to_owned(),
        reverse_index: ReverseIndex::Available,
    }
}

fn scope(s: &str) -> ProvenanceRecord {
    ProvenanceRecord::Scope {
        scope: s.to_owned(),
    }
}

fn tombstone(refs: &[&str]) -> ProvenanceRecord {
    ProvenanceRecord::Tombstone {
        scope: "user:42".to_owned(),
        key: "note-118".to_owned(),
        at: "2026-04-21T10:00:00Z".to_owned(),
        reference_scopes: refs.iter().map(|s| (*s).to_owned()).collect(),
    }
}

fn artifact(s: &str, key: &str, from: NodeRef, state: ArtifactState) -> ProvenanceRecord {
    ProvenanceRecord::Artifact {
        scope: s.to_owned(),
        key: key.to_owned(),
        derived_from: vec![from],
        state,
    }
}

fn graph(summary_state: ArtifactState) -> Vec<ProvenanceRecord> {
    vec![
        header(),
        scope("user:42"),
        scope("user:42:derived"),
        scope("cache:answers"),
        tombstone(&["user:42:derived", "cache:answers"]),
        artifact(
            "user:42:derived",
            "summary-7",
            NodeRef::new("user:42", "note-118"),
            ArtifactState::Tombstoned,
        ),
        artifact(
            "cache:answers",
            "q-991",
            NodeRef::new("user:42:derived", "summary-7"),
            summary_state,
        ),
    ]
}

fn check_provenance(records: &[ProvenanceRecord]) -> Vec<Code> {
    let mut f = Findings::new();
    let graph = crate::provenance::parse(
        &provenance_jsonl(records).unwrap(),
        &crate::Cancel::new(),
        &mut f,
    );
    crate::provenance::check(
        &graph,
        &crate::Cancel::new(),
        &mut f,
        &mut Default::default(),
    );
    codes(&f)
}

#[test]
fn provenance_passes_the_verifier() {
    assert_eq!(check_provenance(&graph(ArtifactState::Redacted)), vec![]);
    let bytes = provenance_jsonl(&graph(ArtifactState::Redacted)).unwrap();
    let first: Value =
        serde_json::from_slice(bytes.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(
        first,
        json!({"type": "header", "graph_version": "g-2026-04-22.42", "reverse_index": "available"})
    );
    // Honest bad news is written and reported.
    assert_eq!(
        check_provenance(&graph(ArtifactState::Live)),
        vec![Code::ProvenanceLiveDerivation]
    );
    let expiring = ArtifactState::Expiring {
        expires_at: "2026-04-23T00:00:00Z".to_owned(),
    };
    assert_eq!(
        check_provenance(&graph(expiring.clone())),
        vec![Code::ProvenanceDeferred, Code::ProvenanceUndeclaredDeferral]
    );
    let mut declared = graph(expiring);
    declared.push(ProvenanceRecord::Obligation {
        target: NodeRef::new("cache:answers", "q-991"),
        namespaces: vec!["cache:answers".to_owned()],
        expires_at: "2026-04-23T00:00:00Z".to_owned(),
    });
    let bytes = provenance_jsonl(&declared).unwrap();
    let last: Value = serde_json::from_slice(
        bytes
            .trim_ascii_end()
            .rsplit(|b| *b == b'\n')
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(last["kind"], "deferred");
    assert_eq!(
        check_provenance(&declared),
        vec![Code::ProvenanceDeferred, Code::ProvenanceObligationOpen]
    );
    let mut unavailable = graph(ArtifactState::Redacted);
    unavailable[0] = ProvenanceRecord::Header {
        graph_version: "g".to_owned(),
        reverse_index: ReverseIndex::Unavailable,
    };
    assert_eq!(
        check_provenance(&unavailable),
        vec![Code::ProvenanceUnverifiable]
    );
}

#[test]
fn provenance_refusals() {
    let e = |records: Vec<ProvenanceRecord>| err(provenance_jsonl(&records));
    assert!(matches!(e(vec![]), ProducerError::ProvenanceHeader));
    let mut g = graph(ArtifactState::Redacted);
    g.swap(0, 1);
    assert!(matches!(e(g), ProducerError::ProvenanceHeader));
    let mut g = graph(ArtifactState::Redacted);
    g.push(header());
    assert!(matches!(e(g), ProducerError::ProvenanceHeader));
    let mut g = graph(ArtifactState::Redacted);
    g.remove(3); // cache:answers not registered
    assert!(matches!(e(g), ProducerError::ScopeNotRegistered(_)));
    let mut g = graph(ArtifactState::Redacted);
    g[4] = tombstone(&["user:42:derived"]); // misses the transitive derivative
    assert!(matches!(
        e(g),
        ProducerError::ReferenceScopesIncomplete { .. }
    ));
    let mut g = graph(ArtifactState::Redacted);
    g.push(g[6].clone());
    assert!(matches!(e(g), ProducerError::DuplicateNode { .. }));
    let mut g = graph(ArtifactState::Redacted);
    g[4] = ProvenanceRecord::Tombstone {
        scope: "user:42".to_owned(),
        key: "note-118".to_owned(),
        at: "yesterday".to_owned(),
        reference_scopes: vec!["user:42:derived".to_owned(), "cache:answers".to_owned()],
    };
    assert!(matches!(e(g), ProducerError::InvalidTimestamp { .. }));
    let mut g = graph(ArtifactState::Redacted);
    g.push(scope(""));
    assert!(matches!(e(g), ProducerError::Empty(_)));
    let g = graph(ArtifactState::Expiring {
        expires_at: "2026-04-23".to_owned(),
    });
    assert!(matches!(e(g), ProducerError::InvalidTimestamp { .. }));
    // An obligation's target needs no scope record (§11).
    let mut g = graph(ArtifactState::Redacted);
    g.push(ProvenanceRecord::Obligation {
        target: NodeRef::new("elsewhere", "k"),
        namespaces: vec!["elsewhere".to_owned()],
        expires_at: "2026-04-23T00:00:00Z".to_owned(),
    });
    assert!(provenance_jsonl(&g).is_ok());
}

// ---------------------------------------------------------------------------
// End to end: a whole pack made of producer output verifies `complete`.

pub fn tar_member(out: &mut Vec<u8>, path: &str, content: &[u8]) {
    let mut h = [0u8; 512];
    h[..path.len()].copy_from_slice(path.as_bytes());
    h[100..108].copy_from_slice(b"0000644\0");
    h[108..116].copy_from_slice(b"0000000\0");
    h[116..124].copy_from_slice(b"0000000\0");
    h[124..136].copy_from_slice(format!("{:011o}\0", content.len()).as_bytes());
    h[136..148].copy_from_slice(b"00000000000\0");
    h[148..156].copy_from_slice(b"        ");
    h[156] = b'0';
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    let sum: u32 = h.iter().map(|b| u32::from(*b)).sum();
    h[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    out.extend_from_slice(&h);
    out.extend_from_slice(content);
    out.resize(out.len().div_ceil(512) * 512, 0);
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// The members of an end-to-end pack but its manifest and signature: the
/// request, the cascade, the probes, one receipt, the witness of `spec`
/// over `log`, and the attestation.
pub fn pack_members(
    r: &Request,
    log: &AuditLog,
    steps: &[StepRecord],
    spec: &WitnessSpec,
) -> Vec<(&'static str, Vec<u8>)> {
    let pii = log.unredacted_pii_count(&spec.entries, &spec.pii_fields);
    vec![
        ("request.json", r.to_json().unwrap()),
        ("steps.jsonl", steps_jsonl(steps).unwrap()),
        (
            "verification.json",
            ProbeResultsBuilder::for_request(r, "2026-04-22T15:40:00Z", "verify@91bd2e0")
                .residue(DataClass::Working, 0)
                .residue(DataClass::Episodic, 0)
                .residue(DataClass::Vectors, 0)
                .subprocessor_residue(0)
                .unredacted_pii_count(pii)
                .build()
                .unwrap()
                .to_json()
                .unwrap(),
        ),
        (
            "subprocessor-receipts.jsonl",
            receipts_jsonl(&[Receipt::new(
                "vector-saas",
                Channel::Api,
                "del_8f2c",
                "2026-04-21T11:00:00Z",
                confirmed("2026-04-21T11:02:00Z"),
            )
            .unwrap()])
            .unwrap(),
        ),
        ("audit-log-redaction.json", log.witness(spec).unwrap()),
        ("attestation.txt", b"I attest this erasure.\n".to_vec()),
    ]
}

/// The manifest listing `members`, completed and signed at these times.
pub fn pack_manifest(
    r: &Request,
    members: &[(&str, Vec<u8>)],
    completed_at: &str,
    signed_at: &str,
) -> Vec<u8> {
    let files: Vec<Value> = members
        .iter()
        .map(
            |(path, bytes)| json!({"path": path, "sha256": sha256_hex(bytes), "size": bytes.len()}),
        )
        .collect();
    serde_json::to_vec_pretty(&json!({
        "format": "proof-pack/v1",
        "pack_id": "erasure-req-001928",
        "request_id": r.request_id(),
        "subject_id": r.subject_id(),
        "tenant_id": r.tenant_id(),
        "legal_basis": r.legal_basis().as_str(),
        "received_at": r.received_at(),
        "sla_deadline": r.sla_deadline(),
        "completed_at": completed_at,
        "signed_at": signed_at,
        "all_clear": true,
        "cascade_runner": "oncall-eng@example.com",
        "signer": "dpo@example.com",
        "signature_key_id": "compliance-dpo-2026",
        "subprocessors": ["vector-saas"],
        "files": files,
    }))
    .unwrap()
}

/// `signature.sig` of `manifest`, by the DPO's key, as a JSON object.
pub fn pack_signature(manifest: &[u8]) -> Value {
    let pae = proofpack_spec::dsse::pae(proofpack_spec::vocab::PAYLOAD_TYPE, manifest);
    json!({
        "alg": "ed25519",
        "key_id": "compliance-dpo-2026",
        "sig": STANDARD.encode(dpo_key().sign(&pae).to_bytes()),
    })
}

/// The gzip tar of the manifest, `signature.sig` and the members.
pub fn pack_archive(manifest: &[u8], signature: &Value, members: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut tar = Vec::new();
    tar_member(&mut tar, "manifest.json", manifest);
    tar_member(
        &mut tar,
        "signature.sig",
        &serde_json::to_vec(signature).unwrap(),
    );
    for (path, bytes) in members {
        tar_member(&mut tar, path, bytes);
    }
    tar.extend_from_slice(&[0u8; 1024]);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, &tar).unwrap();
    gz.finish().unwrap()
}

#[test]
fn a_pack_of_producer_output_verifies_complete() {
    let r = request().build().unwrap();
    let (mut log, steps) = scenario(Box::new(SeededSalts::new([12; 32])));
    redact_all(&mut log);
    let spec = spec(&log, 12, 20);
    let members = pack_members(&r, &log, &steps, &spec);
    let manifest = pack_manifest(&r, &members, "2026-04-22T15:44:00Z", "2026-04-22T16:02:00Z");
    let pack = pack_archive(&manifest, &pack_signature(&manifest), &members);

    let store = trust(vec![
        key_entry("compliance-dpo-2026", &dpo_key(), "dpo", "dpo@example.com"),
        key_entry(ORIGIN, &log_key(), "audit_log", "audit-log@example.com"),
    ]);
    let report = crate::verify(
        &pack[..],
        "pack.tar.gz",
        Some(&store),
        &crate::Limits::default(),
    )
    .unwrap();
    let found: Vec<&str> = report
        .findings()
        .iter()
        .map(|f| f.code().as_str())
        .collect();
    assert_eq!(found, Vec::<&str>::new());
    assert_eq!(report.verdict(), Verdict::Complete);
}
