//! `proofpack_spec::checkpoint::parse_checkpoint` on UTF-8 input. An accepted
//! checkpoint must be exactly the note it came from: its body is the
//! canonical `<origin>\n<size>\n<base64 root>\n` plus the extension lines,
//! and the signature lines re-encode to the input's bytes.
#![no_main]

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use libfuzzer_sys::fuzz_target;
use proofpack_spec::checkpoint::{checkpoint_body, parse_checkpoint, parse_signed_note, MAX_SIGNATURES};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let note = parse_signed_note(text);
    let Ok(cp) = parse_checkpoint(text) else {
        return;
    };
    assert_eq!(
        note.as_ref().ok(),
        Some(&cp.note),
        "checkpoint without a note"
    );
    assert!(!cp.origin.is_empty() && !cp.origin.contains('\n'));

    let mut body = checkpoint_body(&cp.origin, cp.tree_size, &cp.root_hash);
    for ext in &cp.extensions {
        assert!(!ext.is_empty() && !ext.contains('\n'));
        body.push_str(ext);
        body.push('\n');
    }
    assert_eq!(body, cp.note.text, "the body is not canonical");

    let sigs = &cp.note.signatures;
    assert!(!sigs.is_empty() && sigs.len() <= MAX_SIGNATURES);
    let mut rebuilt = cp.note.text.clone();
    rebuilt.push('\n');
    for s in sigs {
        assert!(!s.key_name.is_empty());
        assert!(!s.key_name.chars().any(|c| c.is_whitespace() || c == '+'));
        let mut blob = s.key_hash.to_vec();
        blob.extend_from_slice(&s.signature);
        assert!(blob.len() >= 5);
        rebuilt.push_str(&format!(
            "\u{2014} {} {}\n",
            s.key_name,
            STANDARD.encode(&blob)
        ));
    }
    assert_eq!(
        rebuilt, text,
        "the parsed note does not re-encode to its input"
    );
});
