//! `proofpack_core::TrustStore::from_json` on arbitrary bytes (spec §4).
//! When it accepts: the input is strict JSON with the store's `format`, one
//! key per entry of `keys` with unique `key_id`s, every `public_key` is the
//! canonical base64 of the key's bytes, and the store written back the way
//! `trust add` writes it parses to the same keys.
#![no_main]

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use libfuzzer_sys::fuzz_target;
use proofpack_spec::json::{self, Json};
use proofpack_core::trust::{key_entry_json, TrustedKey};
use proofpack_spec::vocab::TRUST_FORMAT;
use proofpack_core::TrustStore;
use std::collections::HashSet;

/// What a key entry says, comparable.
fn fields(k: &TrustedKey) -> (String, [u8; 32], String, String, [Option<String>; 3]) {
    let raw =
        |t: &Option<proofpack_spec::timestamp::Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
    (
        k.key_id.clone(),
        k.public_key.to_bytes(),
        k.owner.clone(),
        format!("{:?}", k.roles),
        [raw(&k.not_before), raw(&k.not_after), raw(&k.revoked_at)],
    )
}

fuzz_target!(|data: &[u8]| {
    let Ok(store) = TrustStore::from_json(data) else {
        return;
    };
    let doc = json::parse(data).expect("an accepted store is JSON");
    let top = doc.as_object().expect("an accepted store is an object");
    assert_eq!(top.get("format").and_then(Json::as_str), Some(TRUST_FORMAT));
    let entries = top.get("keys").and_then(Json::as_array).expect("keys");
    assert_eq!(entries.len(), store.keys().len(), "one key per entry");

    let mut ids = HashSet::new();
    for (key, entry) in store.keys().iter().zip(entries) {
        assert!(ids.insert(key.key_id.as_str()), "repeated key_id accepted");
        assert!(std::ptr::eq(store.key(&key.key_id).expect("found"), key));
        let written = entry
            .as_object()
            .and_then(|o| o.get("public_key"))
            .and_then(Json::as_str)
            .expect("public_key");
        assert_eq!(
            STANDARD.encode(key.public_key.as_bytes()),
            written,
            "non-canonical base64"
        );
        let _ = (
            key.view(),
            proofpack_core::trust::fingerprint(&key.public_key),
        );
    }

    // Written back as `trust add` writes it, the store reads the same.
    let keys: Vec<serde_json::Value> = store.keys().iter().map(key_entry_json).collect();
    let again = serde_json::to_vec(&serde_json::json!({"format": TRUST_FORMAT, "keys": keys}))
        .expect("serialises");
    let again = TrustStore::from_json(&again).expect("a written store parses");
    let before: Vec<_> = store.keys().iter().map(fields).collect();
    let after: Vec<_> = again.keys().iter().map(fields).collect();
    assert_eq!(before, after, "the store does not round-trip");
});
