//! Strict Ed25519 against third-party vectors: Wycheproof (151 cases) and the
//! 12 "Taming the many EdDSAs" edge cases (ed25519-speccheck).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use ed25519_dalek::VerifyingKey;
use proofpack_spec::crypto::{parse_public_key, verify_strict};
use serde_json::Value;

const WYCHEPROOF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/corpora/wycheproof-ed25519/ed25519_test.json"
);
const SPECCHECK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/corpora/ed25519-speccheck/cases.json"
);

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn hex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} missing"))
}

/// Parse the key with our strict parser and verify; a key that does not parse
/// never verifies.
fn accepts(pk: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    parse_public_key(pk).is_some_and(|key| verify_strict(&key, msg, sig))
}

#[test]
fn wycheproof_ed25519() {
    let doc = load(WYCHEPROOF);
    assert_eq!(doc["numberOfTests"].as_u64(), Some(151));
    let groups = doc["testGroups"].as_array().unwrap();
    assert_eq!(groups.len(), 78);
    let (mut total, mut valid, mut invalid) = (0usize, 0usize, 0usize);
    for group in groups {
        assert_eq!(str_of(group, "type"), "EddsaVerify");
        let pk = hex(str_of(&group["publicKey"], "pk"));
        // No key in this file is weak or non-canonical.
        let key = parse_public_key(&pk).expect("Wycheproof keys are canonical");
        assert!(!key.is_weak());
        for case in group["tests"].as_array().unwrap() {
            total += 1;
            let id = case["tcId"].as_u64().unwrap();
            let msg = hex(str_of(case, "msg"));
            let sig = hex(str_of(case, "sig"));
            let got = accepts(&pk, &msg, &sig);
            match str_of(case, "result") {
                "valid" => {
                    valid += 1;
                    assert!(got, "tcId {id} should verify");
                }
                "invalid" => {
                    invalid += 1;
                    assert!(!got, "tcId {id} should not verify");
                }
                other => panic!("tcId {id}: unexpected result {other}"),
            }
        }
    }
    assert_eq!((total, valid, invalid), (151, 88, 63));
}

#[test]
fn speccheck_strict() {
    let doc = load(SPECCHECK);
    let cases = doc.as_array().unwrap();
    assert_eq!(cases.len(), 12);
    let mut accepted = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let msg = hex(str_of(case, "message"));
        let pk = hex(str_of(case, "pub_key"));
        let sig = hex(str_of(case, "signature"));
        assert_eq!((msg.len(), pk.len(), sig.len()), (32, 32, 64), "case {i}");
        if accepts(&pk, &msg, &sig) {
            accepted.push(i);
        }
        // Even a key built without our canonicity check never verifies for
        // the small-order / non-canonical keys.
        let pk_array: [u8; 32] = pk.as_slice().try_into().unwrap();
        if let Ok(raw) = VerifyingKey::from_bytes(&pk_array) {
            assert_eq!(verify_strict(&raw, &msg, &sig), i == 3, "case {i} (raw)");
        }
    }
    assert_eq!(accepted, vec![3]);
}

#[test]
fn speccheck_weak_and_non_canonical_keys() {
    let doc = load(SPECCHECK);
    let cases = doc.as_array().unwrap();
    for (i, case) in cases.iter().enumerate() {
        let pk = hex(str_of(case, "pub_key"));
        let parsed = parse_public_key(&pk);
        match i {
            // Small-order, canonical: accepted into a trust store.
            0 | 1 => assert!(parsed.is_some_and(|k| k.is_weak()), "case {i}"),
            // Small-order and non-canonical (x = 0 with the sign bit set).
            10 | 11 => assert!(parsed.is_none(), "case {i}"),
            _ => assert!(parsed.is_some_and(|k| !k.is_weak()), "case {i}"),
        }
    }
}
