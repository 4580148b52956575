//! Verification receipts (§20): signed, checked, countersigned, and every
//! change that must make one not authentic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use ed25519_dalek::{Signer as _, SigningKey};
use proofpack_core::trust::{key_entry_json, Role, TrustedKey};
use proofpack_core::{verify, Limits, Report, TrustStore, Verdict};
use proofpack_spec::dsse::pae;
use proofpack_spec::timestamp::Timestamp;
use proofpack_verification::{
    check_receipt, check_receipt_with_pack, countersign_receipt, sign_receipt, CheckFailure,
    CheckSuccess, CheckedReceipt, NotCounting, PackToCompare, SignError, VerificationStatement,
    VerifierKey,
};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const TYPE: &str = "application/vnd.proof-pack.verification+json";

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sample-packs")
        .join(name)
}

fn sample_trust() -> TrustStore {
    TrustStore::load(&sample("trust.json")).expect("the sample store")
}

fn report_of(pack: &str, trust: Option<&TrustStore>) -> Report {
    let file = std::fs::File::open(sample(pack)).expect("pack");
    verify(file, pack, trust, &Limits::default()).expect("verified")
}

fn key(seed: u8) -> SigningKey {
    SigningKey::from_bytes(&[seed; 32])
}

/// A key entry of `key` with `roles` and a window given as JSON members.
fn entry(key: &SigningKey, key_id: &str, owner: &str, roles: &[Role], extra: Value) -> Value {
    let mut entry = key_entry_json(&TrustedKey {
        key_id: key_id.to_owned(),
        public_key: key.verifying_key(),
        owner: owner.to_owned(),
        roles: roles.to_vec(),
        not_before: None,
        not_after: None,
        revoked_at: None,
    });
    if let (Some(e), Some(x)) = (entry.as_object_mut(), extra.as_object()) {
        for (k, v) in x {
            e.insert(k.clone(), v.clone());
        }
    }
    entry
}

fn store(entries: Vec<Value>) -> TrustStore {
    let doc = json!({"format": "proof-pack-trust/v1", "keys": entries});
    TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON")).expect("a valid store")
}

/// §20's statement members, in its order.
const MEMBERS: [&str; 8] = [
    "format",
    "pack",
    "trust_store_sha256",
    "verdict",
    "codes",
    "verifier",
    "verified_at",
    "verified_by",
];

const OWNER: &str = "auditor@dpa.example";

fn auditor_store() -> TrustStore {
    store(vec![entry(
        &key(1),
        "auditor-2026",
        OWNER,
        &[Role::Verifier],
        json!({}),
    )])
}

fn auditor() -> VerifierKey {
    VerifierKey::from_store(key(1), &auditor_store()).expect("a verifier key")
}

/// A receipt of the complete sample pack, signed by the auditor.
fn signed() -> Vec<u8> {
    let trust = sample_trust();
    sign_receipt(&report_of("complete-gdpr.tar.gz", Some(&trust)), &auditor()).expect("signed")
}

fn checked(envelope: &[u8], keys: &TrustStore) -> CheckedReceipt {
    check_receipt(envelope, keys)
}

fn failures(c: &CheckedReceipt) -> Vec<CheckFailure> {
    c.failures().iter().map(|f| f.code).collect()
}

fn doc(envelope: &[u8]) -> Value {
    serde_json::from_slice(envelope).expect("JSON")
}

fn payload(envelope: &[u8]) -> Vec<u8> {
    let d = doc(envelope);
    STANDARD
        .decode(d["payload"].as_str().expect("payload"))
        .expect("base64")
}

/// An envelope of `payload` signed by the auditor's key over the PAE.
fn envelope_of(payload: &[u8]) -> Vec<u8> {
    let sig = key(1).sign(&pae(TYPE, payload));
    serde_json::to_vec(&json!({
        "payloadType": TYPE,
        "payload": STANDARD.encode(payload),
        "signatures": [{"keyid": "auditor-2026", "sig": STANDARD.encode(sig.to_bytes())}],
    }))
    .expect("JSON")
}

#[test]
fn a_signed_statement_is_authentic_and_records_the_verification() {
    let envelope = signed();
    let c = checked(&envelope, &auditor_store());
    assert!(c.authentic(), "{:?}", c.failures());
    assert!(c.holds());
    assert_eq!(c.exit_status(), 0);
    assert_eq!(c.signers(), [OWNER.to_owned()]);
    assert_eq!(
        c.passed(),
        [
            CheckSuccess::WellFormed,
            CheckSuccess::SignaturesVerified,
            CheckSuccess::SignerIsVerifiedBy
        ]
    );
    let s = c.statement().expect("the statement");
    let trust = sample_trust();
    let report = report_of("complete-gdpr.tar.gz", Some(&trust));
    assert_eq!(s.pack().sha256, report.pack().sha256);
    assert_eq!(s.pack().pack_id, report.pack().pack_id);
    assert_eq!(
        s.trust_store_sha256(),
        Some(trust.identity().sha256.as_str())
    );
    assert_eq!(s.verdict(), Verdict::Complete);
    assert_eq!(s.verified_by(), OWNER);
    assert!(s.verifier().starts_with("proofpack "));
    // The payload names every member of §20, in the spec's order.
    let statement: Value = serde_json::from_slice(&payload(&envelope)).expect("JSON");
    let names: Vec<&str> = statement
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(names, MEMBERS);
}

#[test]
fn codes_are_distinct_in_byte_order_and_null_without_a_store() {
    let report = report_of("incomplete-cache-deferred.tar.gz", None);
    let at = Timestamp::parse("2026-12-01T10:00:00Z").expect("time");
    let s = VerificationStatement::of(&report, at, OWNER);
    assert_eq!(s.trust_store_sha256(), None);
    let codes: Vec<&str> = s.codes().iter().map(|c| c.as_str()).collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(codes, sorted);
    assert!(codes.contains(&"trust.not_configured"));
    // What is written reads back the same.
    let again = VerificationStatement::read(&s.to_bytes()).expect("well-formed");
    assert_eq!(again.to_value(), s.to_value());
}

#[test]
fn a_changed_payload_byte_type_or_signature_is_not_authentic() {
    let envelope = signed();
    let keys = auditor_store();
    let text = String::from_utf8(envelope.clone()).expect("UTF-8");

    let changed = String::from_utf8(payload(&envelope))
        .expect("UTF-8")
        .replace("\"complete\"", "\"incomplete\"");
    let mut d = doc(&envelope);
    d["payload"] = json!(STANDARD.encode(changed));
    let c = checked(&serde_json::to_vec(&d).expect("JSON"), &keys);
    assert!(!c.authentic());
    assert_eq!(failures(&c), [CheckFailure::SignatureInvalid]);

    let other_type = text.replace(TYPE, "application/vnd.proof-pack.receipt+json");
    let c = checked(other_type.as_bytes(), &keys);
    assert!(!c.authentic());
    assert_eq!(failures(&c), [CheckFailure::EnvelopeMalformed]);

    let mut d = doc(&envelope);
    let sig = STANDARD
        .decode(d["signatures"][0]["sig"].as_str().expect("sig"))
        .expect("base64");
    let mut flipped = sig.clone();
    flipped[10] ^= 1;
    d["signatures"][0]["sig"] = json!(STANDARD.encode(&flipped));
    let c = checked(&serde_json::to_vec(&d).expect("JSON"), &keys);
    assert!(!c.authentic());
    assert_eq!(failures(&c), [CheckFailure::SignatureInvalid]);
    assert_eq!(c.signatures()[0].verified, Some(false));
}

#[test]
fn only_verifier_keys_valid_at_verified_at_and_owned_by_verified_by_count() {
    let envelope = signed();
    let at = checked(&envelope, &auditor_store())
        .statement()
        .expect("statement")
        .verified_at()
        .raw()
        .to_owned();
    let with = |roles: &[Role], owner: &str, extra: Value| {
        checked(
            &envelope,
            &store(vec![entry(&key(1), "auditor-2026", owner, roles, extra)]),
        )
    };
    let c = with(&[Role::Dpo], OWNER, json!({}));
    assert_eq!(failures(&c), [CheckFailure::NoCountingSignature]);
    assert_eq!(
        c.signatures()[0].not_counting,
        Some(NotCounting::RoleMissing)
    );
    for window in [
        json!({"not_after": "2020-01-01T00:00:00Z"}),
        json!({"not_before": "2999-01-01T00:00:00Z"}),
        json!({"revoked_at": at}),
        json!({"revoked_at": "2020-01-01T00:00:00Z"}),
    ] {
        let c = with(&[Role::Verifier], OWNER, window.clone());
        assert!(!c.authentic(), "{window}");
        assert_eq!(
            c.signatures()[0].not_counting,
            Some(NotCounting::NotValidAtVerifiedAt),
            "{window}"
        );
    }
    // Revoked after verified_at: the key still counts (as in §16).
    let c = with(
        &[Role::Verifier],
        OWNER,
        json!({"revoked_at": "2999-01-01T00:00:00Z"}),
    );
    assert!(c.authentic(), "{:?}", c.failures());
    // A key of another owner than verified_by.
    let c = with(&[Role::Verifier], "someone@else.example", json!({}));
    assert!(!c.authentic());
    assert_eq!(failures(&c), [CheckFailure::SignerMismatch]);
    // A key unknown to the store.
    let c = checked(&envelope, &store(vec![]));
    assert_eq!(
        c.signatures()[0].not_counting,
        Some(NotCounting::KeyUnknown)
    );
    assert!(!c.authentic());
}

#[test]
fn every_statement_of_another_shape_is_not_authentic() {
    let good: Value = serde_json::from_slice(&payload(&signed())).expect("JSON");
    assert!(checked(
        &envelope_of(&serde_json::to_vec(&good).expect("JSON")),
        &auditor_store()
    )
    .authentic());
    let mut bad: Vec<Value> = Vec::new();
    for name in MEMBERS {
        let mut v = good.clone();
        v.as_object_mut().expect("object").remove(name);
        bad.push(v);
        let mut v = good.clone();
        v[name] = json!(17);
        bad.push(v);
    }
    for name in ["sha256", "pack_id", "tenant_id", "request_id"] {
        let mut v = good.clone();
        v["pack"].as_object_mut().expect("object").remove(name);
        bad.push(v);
        let mut v = good.clone();
        v["pack"][name] = json!(["x"]);
        bad.push(v);
    }
    for (name, value) in [
        ("format", json!("proof-pack-verification/v2")),
        ("verdict", json!("fine")),
        ("verdict", json!(null)),
        ("codes", json!(["steps.deferred", "receipts.pending"])),
        ("codes", json!(["steps.deferred", "steps.deferred"])),
        ("codes", json!(["no.such_code"])),
        ("codes", json!([1])),
        ("verified_at", json!("2026-12-01 10:00:00")),
        ("verified_by", json!(null)),
        ("trust_store_sha256", json!("ABCDEF")),
        ("trust_store_sha256", json!("a".repeat(63))),
    ] {
        let mut v = good.clone();
        v[name] = value;
        bad.push(v);
    }
    let mut v = good.clone();
    v["pack"]["sha256"] = json!(null);
    bad.push(v);
    bad.push(json!([]));
    for statement in bad {
        let c = checked(
            &envelope_of(&serde_json::to_vec(&statement).expect("JSON")),
            &auditor_store(),
        );
        assert!(!c.authentic(), "{statement}");
        assert_eq!(
            failures(&c),
            [CheckFailure::StatementMalformed],
            "{statement}"
        );
    }
    // Nulls where §20 allows them, and unknown members, are well-formed.
    let mut v = good.clone();
    v["pack"]["pack_id"] = json!(null);
    v["trust_store_sha256"] = json!(null);
    v["note"] = json!({"any": "thing"});
    let c = checked(
        &envelope_of(&serde_json::to_vec(&v).expect("JSON")),
        &auditor_store(),
    );
    assert!(c.authentic(), "{:?}", c.failures());
}

#[test]
fn duplicate_names_and_malformed_envelopes_are_not_authentic() {
    let envelope = signed();
    let keys = auditor_store();
    let text = String::from_utf8(envelope.clone()).expect("UTF-8");
    let p = String::from_utf8(payload(&envelope)).expect("UTF-8");
    // A duplicate name in the statement, signed.
    let dup = p.replacen("{\"format\"", "{\"verdict\":\"complete\",\"format\"", 1);
    let c = checked(&envelope_of(dup.as_bytes()), &keys);
    assert_eq!(failures(&c), [CheckFailure::StatementMalformed]);
    // A duplicate name in the envelope.
    let dup = text.replacen('{', &format!("{{\"payloadType\": \"{TYPE}\","), 1);
    assert_eq!(
        failures(&checked(dup.as_bytes(), &keys)),
        [CheckFailure::EnvelopeMalformed]
    );
    for bad in [
        b"".to_vec(),
        b"null".to_vec(),
        b"{\"payloadType\":1}".to_vec(),
        text.replace("\"payload\": \"", "\"payload\": \" ")
            .into_bytes(),
        text.replace("\"sig\": \"", "\"sig\": \"AAAA").into_bytes(),
        text.replace("\"keyid\": \"auditor-2026\"", "\"keyid\": 5")
            .into_bytes(),
        vec![b' '; 2 << 20],
    ] {
        let c = checked(&bad, &keys);
        assert!(!c.authentic());
        assert_eq!(failures(&c), [CheckFailure::EnvelopeMalformed]);
    }
}

#[test]
fn countersigning_adds_a_signer_and_stays_authentic() {
    let supervisor = key(2);
    let keys = store(vec![
        entry(&key(1), "auditor-2026", OWNER, &[Role::Verifier], json!({})),
        entry(
            &supervisor,
            "supervisor-2026",
            "head@dpa.example",
            &[Role::Verifier],
            json!({}),
        ),
    ]);
    let envelope = signed();
    let key2 = VerifierKey::from_store(supervisor, &keys).expect("a verifier key");
    let twice = countersign_receipt(&envelope, &key2, &keys).expect("countersigned");
    let c = checked(&twice, &keys);
    assert!(c.authentic(), "{:?}", c.failures());
    assert_eq!(
        c.signers(),
        [OWNER.to_owned(), "head@dpa.example".to_owned()]
    );
    assert_eq!(payload(&twice), payload(&envelope));
    assert!(matches!(
        countersign_receipt(&twice, &key2, &keys),
        Err(SignError::AlreadySigned(_))
    ));
    // Nothing not authentic is countersigned.
    let mut d = doc(&envelope);
    d["payload"] = json!(STANDARD.encode(b"{}"));
    assert!(matches!(
        countersign_receipt(&serde_json::to_vec(&d).expect("JSON"), &key2, &keys),
        Err(SignError::NotAuthentic(_))
    ));
}

#[test]
fn uncounted_signatures_and_whitespace_are_not_signed() {
    let envelope = signed();
    let keys = auditor_store();
    let mut d = doc(&envelope);
    d["signatures"]
        .as_array_mut()
        .expect("array")
        .push(json!({"keyid": "stranger", "sig": STANDARD.encode([9u8; 64])}));
    d["signatures"].as_array_mut().expect("array").insert(
        0,
        json!({"keyid": "other", "sig": STANDARD.encode([0u8; 64])}),
    );
    let compact = serde_json::to_vec(&d).expect("JSON");
    let c = checked(&compact, &keys);
    assert!(c.authentic(), "{:?}", c.failures());
    assert_eq!(c.signatures().len(), 3);
    let spaced = serde_json::to_string_pretty(&d)
        .expect("JSON")
        .replace(": ", " :\t ")
        .replace('\n', "\r\n  ");
    assert!(checked(spaced.as_bytes(), &keys).authentic());
}

#[test]
fn signing_needs_a_verifier_entry_valid_at_the_verification() {
    let k = key(1);
    let dpo = store(vec![entry(&k, "a", OWNER, &[Role::Dpo], json!({}))]);
    assert!(matches!(
        VerifierKey::from_store(k.clone(), &dpo),
        Err(SignError::RoleMissing(_))
    ));
    assert!(matches!(
        VerifierKey::from_store(k.clone(), &store(vec![])),
        Err(SignError::KeyNotInStore)
    ));
    let expired = store(vec![entry(
        &k,
        "a",
        OWNER,
        &[Role::Verifier],
        json!({"not_after": "2020-01-01T00:00:00Z"}),
    )]);
    let key = VerifierKey::from_store(k, &expired).expect("a verifier key");
    let trust = sample_trust();
    assert!(matches!(
        sign_receipt(&report_of("complete-gdpr.tar.gz", Some(&trust)), &key),
        Err(SignError::KeyNotValid { .. })
    ));
}

#[test]
fn a_pack_is_compared_and_verified_again_without_error() {
    let envelope = signed();
    let keys = auditor_store();
    let open = |name: &str| std::fs::File::open(sample(name)).expect("pack");
    let same = check_receipt_with_pack(
        &envelope,
        &keys,
        Some(PackToCompare {
            reader: open("complete-gdpr.tar.gz"),
            name: "complete-gdpr.tar.gz".to_owned(),
            reverify_with: None,
        }),
    )
    .expect("read");
    assert_eq!(same.pack_matches(), Some(true));
    assert_eq!(same.exit_status(), 0);

    let other = check_receipt_with_pack(
        &envelope,
        &keys,
        Some(PackToCompare {
            reader: open("late-ccpa.tar.gz"),
            name: "late-ccpa.tar.gz".to_owned(),
            reverify_with: None,
        }),
    )
    .expect("read");
    assert!(other.authentic());
    assert_eq!(other.pack_matches(), Some(false));
    assert_eq!(failures(&other), [CheckFailure::PackMismatch]);
    assert_eq!(other.exit_status(), 6);

    // Today, with a store that lacks the DPO key: another verdict, shown.
    let today = check_receipt_with_pack(
        &envelope,
        &keys,
        Some(PackToCompare {
            reader: open("complete-gdpr.tar.gz"),
            name: "complete-gdpr.tar.gz".to_owned(),
            reverify_with: Some(&keys),
        }),
    )
    .expect("read");
    assert_eq!(today.exit_status(), 0);
    let again = today.reverification().expect("verified again");
    assert_eq!(again.verdict, Verdict::Untrusted);
    assert!(!again.same_verdict && !again.same_codes && !again.same_trust_store);

    let trust = sample_trust();
    let today = check_receipt_with_pack(
        &envelope,
        &keys,
        Some(PackToCompare {
            reader: open("complete-gdpr.tar.gz"),
            name: "complete-gdpr.tar.gz".to_owned(),
            reverify_with: Some(&trust),
        }),
    )
    .expect("read");
    let again = today.reverification().expect("verified again");
    assert!(again.same_verdict && again.same_codes && again.same_trust_store);
}
