//! Spec revision 2 on edited baselines: the trust store's policy (§4),
//! subprocessor attestations (§16), backups (§17) and `supersedes` (§2).
//! Each test asserts codes, verdicts and report states, never wording.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use common::*;
use ed25519_dalek::{Signer as _, SigningKey};
use proofpack_core::report::AttestationState;
use proofpack_core::trust::{key_entry_json, Role, TrustStore, TrustedKey};
use proofpack_core::{Report, SuccessCode, Verdict};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{BackupState, RECEIPT_PAYLOAD_TYPE};
use serde_json::{json, Value};

const RECEIPTS: &str = "subprocessor-receipts.jsonl";
const TENANT: &str = "ten_0440";
const SUBJECT: &str = "sub_fe0501fed418ba500cc5a33be26e0737800b30b5f08bf79df1bdfb193b70813c";
/// The baseline's two receipts: (line, subprocessor, ticket, confirmed_at).
const BASELINE: [(usize, &str, &str, &str); 2] = [
    (1, "vector-saas", "del_380e867c", "2026-04-21T10:35:00Z"),
    (2, "llm-provider-kb", "del_97f6e538", "2026-04-21T10:36:00Z"),
];

fn subprocessor_key(name: &str) -> SigningKey {
    SigningKey::from_bytes(&[name.len() as u8 + 40; 32])
}

fn key_id(name: &str) -> String {
    format!("{name}-2026")
}

/// A subprocessor key entry; `revoked_at` optional.
fn subprocessor_entry(name: &str, owner: &str, revoked_at: Option<&str>) -> Value {
    key_entry_json(&TrustedKey {
        key_id: key_id(name),
        public_key: subprocessor_key(name).verifying_key(),
        owner: owner.to_owned(),
        roles: vec![Role::Subprocessor],
        not_before: None,
        not_after: None,
        revoked_at: revoked_at.map(|t| Timestamp::parse(t).expect("timestamp")),
    })
}

/// [`trust`] plus `extra` keys, with `policy`.
fn store(extra: Vec<Value>, policy: Value) -> TrustStore {
    let base = trust();
    let mut keys: Vec<Value> = base.keys().iter().map(key_entry_json).collect();
    keys.extend(extra);
    let doc = json!({"format": "proof-pack-trust/v1", "policy": policy, "keys": keys});
    TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON")).expect("valid store")
}

/// Both subprocessors' keys, each owned by its subprocessor.
fn signed_receipts_store(signed_receipts: bool) -> TrustStore {
    store(
        BASELINE
            .iter()
            .map(|(_, name, _, _)| subprocessor_entry(name, name, None))
            .collect(),
        json!({"signed_receipts": signed_receipts}),
    )
}

fn statement(name: &str, ticket: &str, confirmed_at: &str) -> Value {
    json!({"format": "proof-pack-receipt/v1", "subprocessor": name, "tenant_id": TENANT,
           "subject_id": SUBJECT, "ticket_id": ticket, "status": "confirmed",
           "confirmed_at": confirmed_at})
}

fn envelope(payload: &[u8], keyid: &str, key: &SigningKey) -> Value {
    let sig = key.sign(&proofpack_spec::dsse::pae(RECEIPT_PAYLOAD_TYPE, payload));
    json!({"payloadType": RECEIPT_PAYLOAD_TYPE, "payload": STANDARD.encode(payload),
           "signatures": [{"keyid": keyid, "sig": STANDARD.encode(sig.to_bytes())}]})
}

fn attestation_path(name: &str) -> String {
    format!("attachments/{name}.receipt.dsse.json")
}

/// Adds `member` as the attestation of receipt `line`.
fn attach(e: &mut proofpack_author::pack::Evidence, line: usize, path: &str, member: Vec<u8>) {
    e.members.push((path.to_owned(), member.into()));
    edit_line(e, RECEIPTS, line, |v| v["attestation"] = json!(path));
}

/// The baseline with both receipts attested by their subprocessors;
/// `edit` may change a statement before it is signed.
fn attested(edit: impl Fn(&str, &mut Value)) -> proofpack_author::pack::Evidence {
    let mut e = baseline();
    for (line, name, ticket, at) in BASELINE {
        let mut s = statement(name, ticket, at);
        edit(name, &mut s);
        let payload = serde_json::to_vec(&s).expect("JSON");
        let env = envelope(&payload, &key_id(name), &subprocessor_key(name));
        attach(
            &mut e,
            line,
            &attestation_path(name),
            serde_json::to_vec(&env).expect("JSON"),
        );
    }
    e
}

fn verify_with(e: &proofpack_author::pack::Evidence, store: &TrustStore) -> Report {
    verify_bytes(&pack_bytes(e, true), Some(store))
}

fn states(r: &Report) -> Vec<AttestationState> {
    r.receipts().iter().map(|row| row.attestation).collect()
}

/// Whether the report lists `code` among its passed checks.
fn passed(r: &Report, code: SuccessCode) -> bool {
    r.passed().iter().any(|p| p.code() == code)
}

#[test]
fn s16_attested_receipts_verify_under_the_policy() {
    let r = verify_with(&attested(|_, _| {}), &signed_receipts_store(true));
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
    assert_eq!(states(&r), [AttestationState::Verified; 2]);
    assert!(r.receipts().iter().all(|row| row.subprocessor_erased));
    // The positive evidence says so; without the policy it is not asked.
    assert!(passed(&r, SuccessCode::ReceiptsAttested));
    let r = verify_with(&attested(|_, _| {}), &signed_receipts_store(false));
    assert!(!passed(&r, SuccessCode::ReceiptsAttested));
    // One subprocessor unattested: not all are.
    let e = attested(|name, s| {
        if name == BASELINE[0].1 {
            s["ticket_id"] = json!("del_other");
        }
    });
    assert!(!passed(
        &verify_with(&e, &signed_receipts_store(true)),
        SuccessCode::ReceiptsAttested
    ));
}

#[test]
fn s16_the_policy_asks_for_attestations_and_without_it_none_is_needed() {
    let r = verify_with(&baseline(), &signed_receipts_store(true));
    assert_eq!(r.verdict(), Verdict::Untrusted, "{:?}", codes(&r));
    assert_codes(&r, &["receipts.unattested"]);
    assert_no_codes(
        &r,
        &["receipts.not_api", "receipts.pending", "receipts.failed"],
    );
    assert!(r.receipts().iter().all(|row| !row.subprocessor_erased));
    assert_eq!(states(&r), [AttestationState::Absent; 2]);

    let r = verify_with(&baseline(), &signed_receipts_store(false));
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
}

#[test]
fn s16_the_producer_envelope_verifies() {
    use proofpack_producer::{Channel, Receipt, ReceiptStatement, ReceiptStatus};
    let mut e = baseline();
    for (line, name, ticket, at) in BASELINE {
        let receipt = Receipt::new(
            name,
            Channel::Api,
            ticket,
            "2026-04-21T10:30:00Z",
            ReceiptStatus::Confirmed {
                confirmed_at: at.to_owned(),
            },
        )
        .expect("receipt");
        let member = ReceiptStatement::of(&receipt, TENANT, SUBJECT)
            .and_then(|s| s.sign(&key_id(name), &subprocessor_key(name)))
            .expect("signs");
        attach(&mut e, line, &attestation_path(name), member);
    }
    let r = verify_with(&e, &signed_receipts_store(true));
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
}

#[test]
fn s16_a_forged_signature_is_invalid() {
    let mut e = attested(|_, _| {});
    let payload =
        serde_json::to_vec(&statement(BASELINE[0].1, BASELINE[0].2, BASELINE[0].3)).expect("JSON");
    // Signed by someone else under the subprocessor's key id.
    let forged = envelope(
        &payload,
        &key_id(BASELINE[0].1),
        &SigningKey::from_bytes(&[9; 32]),
    );
    *member(&mut e, &attestation_path(BASELINE[0].1)) = serde_json::to_vec(&forged).expect("JSON");
    let r = verify_with(&e, &signed_receipts_store(false));
    assert_eq!(r.verdict(), Verdict::Invalid);
    assert_codes(&r, &["receipts.attestation_invalid"]);
    assert_eq!(states(&r)[0], AttestationState::Invalid);
    assert_eq!(states(&r)[1], AttestationState::Verified);
}

#[test]
fn s16_keys_count_only_for_their_own_subprocessor_and_time() {
    let (_, name, _, _) = BASELINE[0];
    // No key for the subprocessor, another owner's key, a key revoked
    // before the confirmation: none counts.
    let stores = [
        store(vec![], json!({"signed_receipts": true})),
        store(
            vec![subprocessor_entry(name, "llm-provider-kb", None)],
            json!({"signed_receipts": true}),
        ),
        store(
            vec![subprocessor_entry(name, name, Some("2026-04-21T10:34:59Z"))],
            json!({"signed_receipts": true}),
        ),
    ];
    for trust in &stores {
        let r = verify_with(&attested(|_, _| {}), trust);
        assert_codes(
            &r,
            &["receipts.attestation_unverified", "receipts.unattested"],
        );
        assert_eq!(states(&r)[0], AttestationState::Unverified);
        assert_eq!(r.verdict(), Verdict::Untrusted);
    }
    // Revoked after the confirmation: it still counts.
    let later = store(
        vec![
            subprocessor_entry(name, name, Some("2026-04-21T10:35:01Z")),
            subprocessor_entry(BASELINE[1].1, BASELINE[1].1, None),
        ],
        json!({"signed_receipts": true}),
    );
    let r = verify_with(&attested(|_, _| {}), &later);
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
}

#[test]
fn s16_a_statement_that_says_something_else_is_a_mismatch() {
    let edits: [(&str, Value); 5] = [
        ("ticket_id", json!("del_other")),
        ("tenant_id", json!("ten_9999")),
        ("subject_id", json!(format!("sub_{}", "0".repeat(64)))),
        ("confirmed_at", json!("2026-04-21T10:37:00Z")),
        ("subprocessor", json!("llm-provider-kb")),
    ];
    for (member_name, value) in edits {
        let e = attested(|name, s| {
            if name == BASELINE[0].1 {
                s[member_name] = value.clone();
            }
        });
        let r = verify_with(&e, &signed_receipts_store(false));
        assert_codes(&r, &["receipts.attestation_mismatch"]);
        assert_eq!(r.verdict(), Verdict::Invalid, "{member_name}");
        assert_eq!(states(&r)[0], AttestationState::Mismatch, "{member_name}");
    }
    // Timestamps asked to be equal are the same string, byte for byte (§0):
    // the same instant written with another offset is a mismatch.
    let e = attested(|name, s| {
        if name == BASELINE[0].1 {
            s["confirmed_at"] = json!("2026-04-21T12:35:00+02:00");
        }
    });
    let r = verify_with(&e, &signed_receipts_store(true));
    assert_codes(&r, &["receipts.attestation_mismatch"]);
    assert_eq!(r.verdict(), Verdict::Invalid, "{:?}", codes(&r));
    assert_eq!(states(&r)[0], AttestationState::Mismatch);
}

#[test]
fn s16_envelopes_and_statements_of_another_shape_are_invalid() {
    let (_, name, ticket, at) = BASELINE[0];
    let key = subprocessor_key(name);
    let good = serde_json::to_vec(&statement(name, ticket, at)).expect("JSON");
    let signed = |payload: &[u8]| envelope(payload, &key_id(name), &key);
    let mut variants: Vec<Value> = Vec::new();
    for (member_name, value) in [
        ("status", json!("pending")),
        ("format", json!("proof-pack-receipt/v2")),
        ("confirmed_at", json!("yesterday")),
        ("ticket_id", json!(7)),
    ] {
        let mut s = statement(name, ticket, at);
        s[member_name] = value;
        variants.push(signed(&serde_json::to_vec(&s).expect("JSON")));
    }
    variants.push(signed(b"{\"format\": \"proof-pack-receipt/v1\",")); // payload not JSON
    let mut wrong_type = signed(&good);
    wrong_type["payloadType"] = json!("application/vnd.in-toto+json");
    variants.push(wrong_type);
    let mut no_signatures = signed(&good);
    no_signatures["signatures"] = json!([]);
    variants.push(no_signatures);
    let mut short_sig = signed(&good);
    short_sig["signatures"][0]["sig"] = json!(STANDARD.encode([1u8; 63]));
    variants.push(short_sig);
    let mut no_keyid = signed(&good);
    no_keyid["signatures"][0]["keyid"] = json!(null);
    variants.push(no_keyid);
    let mut loose_payload = signed(&good);
    loose_payload["payload"] = json!(STANDARD.encode(&good).trim_end_matches('=').to_owned());
    variants.push(loose_payload);
    for (i, variant) in variants.into_iter().enumerate() {
        let mut e = attested(|_, _| {});
        *member(&mut e, &attestation_path(name)) = serde_json::to_vec(&variant).expect("JSON");
        let r = verify_with(&e, &signed_receipts_store(false));
        assert_codes(&r, &["receipts.attestation_invalid"]);
        assert_eq!(r.verdict(), Verdict::Invalid, "variant {i}");
        assert_eq!(states(&r)[0], AttestationState::Invalid, "variant {i}");
    }
}

#[test]
fn s16_what_the_receipt_names_must_be_a_member_holding_json() {
    let (_, name, _, _) = BASELINE[0];
    // Not well-formed JSON.
    let mut e = attested(|_, _| {});
    *member(&mut e, &attestation_path(name)) = b"{\"payloadType\": ".to_vec();
    let r = verify_with(&e, &signed_receipts_store(false));
    assert_codes(&r, &["json.malformed"]);
    assert_eq!(states(&r)[0], AttestationState::Invalid);
    // No such member; not a string.
    for value in [json!("attachments/none.json"), json!(42)] {
        let mut e = baseline();
        edit_line(&mut e, RECEIPTS, 1, |v| v["attestation"] = value.clone());
        let r = verify_with(&e, &signed_receipts_store(false));
        assert_codes(&r, &["receipts.schema"]);
        assert_eq!(r.verdict(), Verdict::Invalid);
    }
    // `null` is none.
    let mut e = baseline();
    edit_line(&mut e, RECEIPTS, 1, |v| v["attestation"] = json!(null));
    assert_eq!(check(&e).verdict(), Verdict::Complete);
}

#[test]
fn s16_an_attestation_larger_than_the_reader_keeps_is_invalid() {
    let (_, name, ticket, at) = BASELINE[0];
    let payload = serde_json::to_vec(&statement(name, ticket, at)).expect("JSON");
    let mut env = envelope(&payload, &key_id(name), &subprocessor_key(name));
    env["padding"] = json!("x".repeat(1 << 20));
    let mut e = attested(|_, _| {});
    *member(&mut e, &attestation_path(name)) = serde_json::to_vec(&env).expect("JSON");
    let r = verify_with(&e, &signed_receipts_store(false));
    assert_codes(&r, &["receipts.attestation_invalid"]);
    assert_eq!(states(&r)[0], AttestationState::Invalid);
}

// §4 policy

#[test]
fn s4_the_policy_is_shown_in_the_report() {
    let r = verify_with(
        &baseline(),
        &store(
            vec![],
            json!({"witness_quorum": 0, "signed_receipts": true}),
        ),
    );
    let policy = r.meta().trust_store.as_ref().expect("store").policy;
    assert!(policy.signed_receipts);
    assert_eq!(policy.witness_quorum, 0);
}

// §17 backups

fn with_backups(line: usize, backups: Value) -> proofpack_author::pack::Evidence {
    let mut e = baseline();
    edit_line(&mut e, "steps.jsonl", line, |v| {
        if v.get("output").is_none() {
            v["output"] = json!({});
        }
        v["output"]["backups"] = backups;
    });
    e
}

#[test]
fn s17_backups_purged_or_suppressed_are_fine_and_shown() {
    let e = with_backups(
        2,
        json!([{"location": "s3://backups/episodic", "state": "purged"},
               {"location": "snapshots/daily", "state": "beyond_use",
                "retention_until": "2026-07-21T00:00:00Z", "restore_suppression": true}]),
    );
    let r = check(&e);
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
    let shown: Vec<_> = r
        .tiers()
        .iter()
        .flat_map(|t| t.evidence.backups.iter())
        .collect();
    assert_eq!(shown.len(), 2);
    assert_eq!(shown[1].state, BackupState::BeyondUse);
    assert_eq!(
        shown[1].retention_until.as_deref(),
        Some("2026-07-21T00:00:00Z")
    );
}

#[test]
fn s17_live_and_unsuppressed_backups_are_incomplete_whatever_the_status() {
    let r = check_claim(
        &with_backups(3, json!([{"location": "replica", "state": "live"}])),
        false,
    );
    assert_codes(&r, &["steps.backup_live"]);
    assert_eq!(r.verdict(), Verdict::Incomplete);
    let r = check_claim(
        &with_backups(
            1,
            json!([{"location": "nightly", "state": "beyond_use",
                    "retention_until": "2026-07-21T00:00:00Z", "restore_suppression": false}]),
        ),
        false,
    );
    assert_codes(&r, &["steps.backup_unsuppressed"]);
    assert_eq!(r.verdict(), Verdict::Incomplete);
}

#[test]
fn s17_backups_of_another_shape_are_schema_errors() {
    for backups in [
        json!({"location": "x", "state": "purged"}),
        json!([{"location": "", "state": "purged"}]),
        json!([{"location": "x", "state": "archived"}]),
        json!([{"state": "purged"}]),
        json!([{"location": "x", "state": "beyond_use", "restore_suppression": true}]),
        json!([{"location": "x", "state": "beyond_use", "retention_until": "2026-07-21T00:00:00Z"}]),
        json!([{"location": "x", "state": "beyond_use", "retention_until": 5, "restore_suppression": true}]),
        json!(["purged"]),
    ] {
        let r = check(&with_backups(2, backups.clone()));
        assert_codes(&r, &["steps.schema"]);
        assert_eq!(r.verdict(), Verdict::Invalid, "{backups}");
    }
    let r = check(&with_backups(
        2,
        json!([{"location": "x", "state": "beyond_use", "retention_until": "soon", "restore_suppression": true}]),
    ));
    assert_codes(&r, &["time.invalid"]);
    assert_no_codes(&r, &["steps.schema"]);
    let r = check(&with_backups(2, json!(null)));
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
}

// §2 supersedes

#[test]
fn s2_supersedes_names_an_earlier_pack_or_is_a_schema_error() {
    let e = baseline();
    let earlier = json!({"pack_id": "erasure-req-000001", "sha256": "ab".repeat(32)});
    let bytes = pack_with_manifest(&e, &[], TEST_KEY_ID, |m| m["supersedes"] = earlier.clone());
    let r = verify_bytes(&bytes, Some(&trust()));
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
    let named = r.pack().supersedes.as_ref().expect("shown");
    assert_eq!(named.pack_id, "erasure-req-000001");

    let bytes = pack_with_manifest(&e, &[], TEST_KEY_ID, |m| m["supersedes"] = json!(null));
    assert_eq!(
        verify_bytes(&bytes, Some(&trust())).verdict(),
        Verdict::Complete
    );
    for bad in [
        json!("erasure-req-000001"),
        json!({"pack_id": "x"}),
        json!({"pack_id": "x", "sha256": "AB".repeat(32)}),
        json!({"pack_id": 1, "sha256": "ab".repeat(32)}),
    ] {
        let bytes = pack_with_manifest(&e, &[], TEST_KEY_ID, |m| m["supersedes"] = bad.clone());
        let r = verify_bytes(&bytes, Some(&trust()));
        assert_codes(&r, &["manifest.schema"]);
        assert_eq!(r.verdict(), Verdict::Invalid, "{bad}");
    }
}

// §15 witness cosignatures

const AUDIT: &str = "audit-log-redaction.json";
/// Before the baseline's `signed_at` (2026-04-21T11:43:00Z).
const COSIGNED: u64 = 1_776_771_000; // 2026-04-21T11:30:00Z

fn witness_key(n: u8) -> SigningKey {
    SigningKey::from_bytes(&[0xa0 + n; 32])
}

fn witness_name(n: u8) -> String {
    format!("witness{n}.example.org")
}

fn witness_entry(n: u8, owner: &str, not_before: Option<&str>) -> Value {
    key_entry_json(&TrustedKey {
        key_id: witness_name(n),
        public_key: witness_key(n).verifying_key(),
        owner: owner.to_owned(),
        roles: vec![Role::Witness],
        not_before: not_before.map(|t| Timestamp::parse(t).expect("timestamp")),
        not_after: None,
        revoked_at: None,
    })
}

/// Three witnesses of three operators, quorum `quorum`.
fn witness_store(quorum: u64) -> TrustStore {
    store(
        (1..=3)
            .map(|n| witness_entry(n, &format!("ops@w{n}.example.org"), None))
            .collect(),
        json!({"witness_quorum": quorum}),
    )
}

/// The body of a checkpoint note (its text up to the blank line).
fn body(note: &str) -> String {
    let end = note.rfind("\n\n").expect("a signed note");
    note[..=end].to_owned()
}

/// A cosignature line by witness `n` at `time`.
fn cosign(note: &str, n: u8, time: u64) -> String {
    proofpack_spec::cosignature::cosign(&body(note), &witness_name(n), &witness_key(n), time)
        .expect("cosigns")
}

/// The baseline with `lines(checkpoint_note)` appended to `checkpoint`.
fn cosigned(
    checkpoint: &str,
    lines: impl Fn(&str) -> Vec<String>,
) -> proofpack_author::pack::Evidence {
    let mut e = baseline();
    edit_json(&mut e, AUDIT, |v| {
        let note = v[checkpoint].as_str().expect("note").to_owned();
        let extra: String = lines(&note).concat();
        v[checkpoint] = json!(format!("{note}{extra}"));
    });
    e
}

fn counted(r: &Report) -> Vec<(String, bool)> {
    r.audit()
        .cosignatures
        .iter()
        .filter(|c| c.checkpoint == "checkpoint_after")
        .map(|c| (c.witness.clone(), c.counted))
        .collect()
}

#[test]
fn s15_a_quorum_of_distinct_witnesses_is_met() {
    let e = cosigned("checkpoint_after", |n| {
        vec![cosign(n, 1, COSIGNED), cosign(n, 2, COSIGNED)]
    });
    let r = verify_with(&e, &witness_store(2));
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
    assert_eq!(r.audit().witnesses_counted, 2);
    assert_eq!(r.audit().witness_quorum, 2);
    assert!(passed(&r, SuccessCode::WitnessQuorumMet));
    // A quorum of 0 asks for nothing: no such evidence is listed.
    assert!(!passed(
        &verify_with(&e, &witness_store(0)),
        SuccessCode::WitnessQuorumMet
    ));
    assert_eq!(
        r.audit().cosignatures[0].time.as_deref(),
        Some("2026-04-21T11:30:00Z")
    );
    let r = verify_with(&e, &witness_store(3));
    assert_codes(&r, &["audit.witness_quorum_not_met"]);
    assert_eq!(r.verdict(), Verdict::Untrusted);
    assert!(!passed(&r, SuccessCode::WitnessQuorumMet));
}

#[test]
fn s15_one_operator_or_one_key_is_one_witness_and_duplicates_count_once() {
    let e = cosigned("checkpoint_after", |n| {
        vec![
            cosign(n, 1, COSIGNED),
            cosign(n, 1, COSIGNED),
            cosign(n, 2, COSIGNED),
        ]
    });
    // Witnesses 1 and 2 of one owner.
    let one_owner = store(
        vec![
            witness_entry(1, "ops@w.example.org", None),
            witness_entry(2, "ops@w.example.org", None),
        ],
        json!({"witness_quorum": 2}),
    );
    let r = verify_with(&e, &one_owner);
    assert_codes(&r, &["audit.witness_quorum_not_met"]);
    assert_eq!(r.audit().witnesses_counted, 1);
    assert_eq!(
        counted(&r).iter().filter(|(_, c)| *c).count(),
        1,
        "{:?}",
        counted(&r)
    );
    // The same line twice, and a second witness: two witnesses.
    let r = verify_with(&e, &witness_store(2));
    assert_eq!(r.verdict(), Verdict::Complete, "{:?}", codes(&r));
    assert_eq!(r.audit().witnesses_counted, 2);
}

#[test]
fn s15_a_log_or_the_dpo_cannot_witness() {
    // A witness entry holding the DPO's public key, and a key with both
    // the witness and the audit_log roles: neither ever counts.
    let mut dpo_as_witness: Value = witness_entry(1, "ops@w1.example.org", None);
    dpo_as_witness["public_key"] = json!(STANDARD.encode(test_key().verifying_key().as_bytes()));
    let mut both: Value = witness_entry(2, "audit-log@example.com", None);
    both["roles"] = json!(["witness", "audit_log"]);
    let trust = store(vec![dpo_as_witness, both], json!({"witness_quorum": 1}));
    let e = cosigned("checkpoint_after", |n| {
        let by_dpo =
            proofpack_spec::cosignature::cosign(&body(n), &witness_name(1), &test_key(), COSIGNED)
                .expect("cosigns");
        vec![by_dpo, cosign(n, 2, COSIGNED)]
    });
    let r = verify_with(&e, &trust);
    assert_eq!(codes(&r), ["audit.witness_quorum_not_met"]);
    assert_eq!(
        counted(&r),
        [(witness_name(1), false), (witness_name(2), false)]
    );
}

#[test]
fn s15_cosignatures_are_exactly_76_bytes_signed_with_their_time() {
    use proofpack_spec::checkpoint::signature_line;
    use proofpack_spec::cosignature::{cosignature_key_hash, signed_message};
    let hash = cosignature_key_hash(&witness_name(1), witness_key(1).verifying_key().as_bytes());
    // A line carrying `carried` whose signature is over `signed`, with its
    // decoded length changed by `delta` bytes.
    let line = |note: &str, carried: u64, signed: u64, delta: isize| {
        let sig = witness_key(1)
            .sign(&signed_message(&body(note), signed))
            .to_bytes();
        let mut bytes = carried.to_be_bytes().to_vec();
        bytes.extend_from_slice(&sig);
        bytes.resize(bytes.len().saturating_add_signed(delta), 0);
        signature_line(&witness_name(1), &hash, &bytes)
    };
    let verdict = |checkpoint: &str, l: &dyn Fn(&str) -> String| {
        let r = verify_with(&cosigned(checkpoint, |n| vec![l(n)]), &witness_store(0));
        (
            r.verdict(),
            codes(&r).contains(&"audit.cosignature_invalid"),
        )
    };
    let after = "checkpoint_after";
    assert_eq!(
        verdict(after, &|n| line(n, COSIGNED, COSIGNED, 0)),
        (Verdict::Complete, false)
    );
    for bad in [
        verdict(after, &|n| line(n, COSIGNED, COSIGNED, 1)), // 77 bytes
        verdict(after, &|n| line(n, COSIGNED, COSIGNED, -1)), // 75 bytes
        verdict(after, &|n| line(n, 1 << 63, 1 << 63, 0)),   // above 2^63-1
        verdict(after, &|n| line(n, COSIGNED, COSIGNED + 1, 0)), // another time
        verdict("checkpoint_before", &|n| line(n, COSIGNED, COSIGNED + 1, 0)),
    ] {
        assert_eq!(bad, (Verdict::Invalid, true));
    }
}

#[test]
fn s15_time_after_signing_or_outside_the_key_window_does_not_count() {
    // One second after signed_at.
    let late = 1_776_771_781;
    let e = cosigned("checkpoint_after", |n| {
        vec![cosign(n, 1, late), cosign(n, 2, COSIGNED)]
    });
    let r = verify_with(&e, &witness_store(1));
    assert_codes(&r, &["time.out_of_order"]);
    assert_no_codes(&r, &["audit.witness_quorum_not_met"]);
    assert_eq!(
        counted(&r),
        [(witness_name(1), false), (witness_name(2), true)]
    );
    // A key valid only from after the cosignature: no count, no finding.
    let trust = store(
        vec![witness_entry(
            1,
            "ops@w1.example.org",
            Some("2026-04-22T00:00:00Z"),
        )],
        json!({"witness_quorum": 1}),
    );
    let e = cosigned("checkpoint_after", |n| vec![cosign(n, 1, COSIGNED)]);
    let r = verify_with(&e, &trust);
    assert_eq!(codes(&r), ["audit.witness_quorum_not_met"]);
    // Without a trust store nothing counts and nothing is asked.
    let r = verify_bytes(&pack_bytes(&e, true), None);
    assert!(r.audit().cosignatures.is_empty());
    assert_no_codes(&r, &["audit.witness_quorum_not_met"]);
}
