//! The seal's parser (§22 check 1: its shape, its leaf's JSON and shape) on
//! any bytes read as `signature.sig`'s member `seal`. It must never panic,
//! and whatever it finds is located in the seal and is one of check 1's
//! two codes: `seal.schema`, or `json.malformed` for a leaf that is not
//! well-formed JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use proofpack_core::fuzzing::{parse_seal, Collected};
use proofpack_core::Code;

fuzz_target!(|data: &[u8]| {
    let mut findings = Collected::new();
    if parse_seal(data, &mut findings).is_none() {
        assert!(findings.as_slice().is_empty());
        return;
    }
    for f in findings.as_slice() {
        assert!(
            f.location().starts_with("signature.sig#/seal"),
            "a seal finding located outside the seal: {}",
            f.location()
        );
        assert!(
            matches!(f.code(), Code::SealSchema | Code::JsonMalformed),
            "check 1 raised {}",
            f.code()
        );
    }
});
