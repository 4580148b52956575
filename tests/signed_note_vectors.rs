//! C2SP signed-note / tlog-checkpoint parsing and verification against the
//! transcribed Go (golang.org/x/mod/sumdb/note, sumdb/tlog) and C2SP vectors.
//!
//! Go's `note.Open` outcomes are mapped onto this crate: "malformed note" is a
//! `parse_signed_note` error; the verification outcomes ("ok", "no verifiable
//! signatures", "invalid signature", "ambiguous key") are checked with a small
//! generic-note helper (`open`) over the parsed signature lines, because the
//! crate's own rule (`verify_checkpoint`) also requires key name == origin,
//! which applies to checkpoints only. `verify_checkpoint` is exercised on the
//! same notes separately, with the origin set to a key name.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use ed25519_dalek::{SigningKey, VerifyingKey};
use proofpack_spec::checkpoint::{
    ed25519_key_hash, parse_checkpoint, parse_signed_note, sign_note, verify_checkpoint,
    Checkpoint, CheckpointStatus, LogKey, NoteError, SignedNote, MAX_SIGNATURES,
};
use proofpack_spec::crypto::{parse_public_key, verify_strict};
use serde_json::Value;
use sha2::{Digest as _, Sha256};

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/corpora/signed-note/signed_note_vectors.json"
);

fn vectors() -> Value {
    let text = std::fs::read_to_string(VECTORS).unwrap_or_else(|e| panic!("{VECTORS}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} missing in {v}"))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default()
}

/// A verifier key `<name>+<8 hex key hash>+<base64(0x01 || 32-byte key)>`.
#[derive(Debug, Clone)]
struct VKey {
    name: String,
    key_hash: [u8; 4],
    key: VerifyingKey,
}

/// Parse a Go/C2SP Ed25519 verifier key, checking the key hash.
fn parse_vkey(vkey: &str) -> Option<VKey> {
    let mut parts = vkey.splitn(3, '+');
    let (name, hash_hex, key_b64) = (parts.next()?, parts.next()?, parts.next()?);
    if name.is_empty() || name.chars().any(char::is_whitespace) {
        return None;
    }
    if hash_hex.len() != 8
        || !hash_hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        return None;
    }
    let hash = u32::from_str_radix(hash_hex, 16).ok()?.to_be_bytes();
    let raw = STANDARD.decode(key_b64).ok()?;
    let (&alg, pk) = raw.split_first()?;
    if alg != 1 {
        return None;
    }
    let key = parse_public_key(pk)?;
    if ed25519_key_hash(name, key.as_bytes()) != hash {
        return None;
    }
    Some(VKey {
        name: name.to_owned(),
        key_hash: hash,
        key,
    })
}

/// Go's `note.Open` outcomes, for generic notes.
#[derive(Debug, PartialEq, Eq)]
enum Opened {
    Ok {
        verified: Vec<String>,
        unverified: Vec<String>,
    },
    NoVerifiableSignatures,
    InvalidSignature(String),
    Ambiguous(String),
}

/// Check the signature lines of a parsed note against verifier keys, as a
/// generic signed-note client would: a line whose (name, key hash) matches no
/// key is unverified and ignored; one matching two keys is ambiguous; one
/// matching one key must verify (strict). Unlike Go, repeated lines by a known
/// key are all verified (none are skipped); they are listed once.
fn open(note: &SignedNote, keys: &[VKey]) -> Opened {
    let mut verified: Vec<String> = Vec::new();
    let mut unverified: Vec<String> = Vec::new();
    let mut seen_unverified: Vec<&proofpack_spec::checkpoint::NoteSignature> = Vec::new();
    for sig in &note.signatures {
        let matching: Vec<&VKey> = keys
            .iter()
            .filter(|k| k.name == sig.key_name && k.key_hash == sig.key_hash)
            .collect();
        match matching.as_slice() {
            [] => {
                if !seen_unverified.contains(&sig) {
                    seen_unverified.push(sig);
                    unverified.push(sig.key_name.clone());
                }
            }
            [key] => {
                if !verify_strict(&key.key, note.text.as_bytes(), &sig.signature) {
                    return Opened::InvalidSignature(sig.key_name.clone());
                }
                if !verified.contains(&sig.key_name) {
                    verified.push(sig.key_name.clone());
                }
            }
            _ => return Opened::Ambiguous(sig.key_name.clone()),
        }
    }
    if verified.is_empty() {
        Opened::NoVerifiableSignatures
    } else {
        Opened::Ok {
            verified,
            unverified,
        }
    }
}

fn vkeys_of(case: &Value) -> Vec<VKey> {
    strings(&case["verifiers"])
        .iter()
        .map(|v| parse_vkey(v).unwrap_or_else(|| panic!("bad vkey {v}")))
        .collect()
}

#[test]
fn verifier_keys() {
    let doc = vectors();
    let valid = doc["verifier_keys"]["valid"].as_array().unwrap();
    assert_eq!(valid.len(), 3);
    for v in valid {
        let vkey = parse_vkey(str_of(v, "vkey")).expect("valid vkey");
        assert_eq!(vkey.name, str_of(v, "name"));
        let want: Vec<u8> = (0..4)
            .map(|i| u8::from_str_radix(&str_of(v, "key_id_hex")[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        assert_eq!(
            ed25519_key_hash(&vkey.name, vkey.key.as_bytes()).to_vec(),
            want
        );
        assert_eq!(v["alg_byte"].as_u64(), Some(1));
    }
    let invalid = doc["verifier_keys"]["invalid"].as_array().unwrap();
    assert_eq!(invalid.len(), 2);
    for v in invalid {
        assert!(parse_vkey(str_of(v, "vkey")).is_none(), "{v}");
    }
    // Every proper substring and every single-byte +1 mutation of a valid
    // vkey is rejected (the key hash binds name, algorithm and key).
    let peter = str_of(&valid[0], "vkey");
    for start in 0..peter.len() {
        for end in start..=peter.len() {
            if (start, end) != (0, peter.len()) {
                assert!(parse_vkey(&peter[start..end]).is_none(), "{start}..{end}");
            }
        }
    }
    for i in 0..peter.len() {
        let mut bytes = peter.as_bytes().to_vec();
        bytes[i] += 1;
        let mutated = String::from_utf8(bytes).unwrap();
        assert!(parse_vkey(&mutated).is_none(), "{mutated}");
    }
}

#[test]
fn signed_notes() {
    let doc = vectors();
    let cases = doc["signed_notes"].as_array().unwrap();
    assert_eq!(cases.len(), 10);
    let mut checked = 0;
    for case in cases {
        let id = str_of(case, "id");
        let note = str_of(case, "note");
        let expect = str_of(case, "expect");
        let keys = vkeys_of(case);
        if expect.starts_with("error: malformed note") {
            assert_eq!(
                parse_signed_note(note),
                Err(NoteError::TooManySignatures),
                "{id}"
            );
            // Same note cut to the limit parses.
            let cut: String = note
                .split_inclusive('\n')
                .take(3 + MAX_SIGNATURES)
                .collect();
            assert_eq!(
                parse_signed_note(&cut).unwrap().signatures.len(),
                MAX_SIGNATURES
            );
            checked += 1;
            continue;
        }
        let parsed = parse_signed_note(note).unwrap_or_else(|e| panic!("{id}: {e:?}"));
        if let Some(text) = case["text"].as_str() {
            assert_eq!(parsed.text, text, "{id}");
        }
        // Every line: the text is re-joined exactly.
        assert!(note.starts_with(&format!("{}\n", parsed.text)), "{id}");
        let got = open(&parsed, &keys);
        match expect {
            "ok" => {
                let Opened::Ok {
                    verified,
                    unverified,
                } = got
                else {
                    panic!("{id}: {got:?}");
                };
                if !case["verified_sigs"].is_null() {
                    assert_eq!(verified, strings(&case["verified_sigs"]), "{id}");
                }
                if !case["unverified_sigs"].is_null() {
                    let want: Vec<String> = strings(&case["unverified_sigs"])
                        .iter()
                        .map(|s| s.split(' ').next().unwrap_or_default().to_owned())
                        .collect();
                    assert_eq!(unverified, want, "{id}");
                }
            }
            "error: note has no verifiable signatures" => {
                assert_eq!(got, Opened::NoVerifiableSignatures, "{id}");
            }
            e if e.starts_with("error: invalid signature for key ") => {
                let name = e
                    .trim_start_matches("error: invalid signature for key ")
                    .split('+')
                    .next()
                    .unwrap();
                assert_eq!(got, Opened::InvalidSignature(name.to_owned()), "{id}");
            }
            e if e.starts_with("error: ambiguous key ") => {
                let name = e
                    .trim_start_matches("error: ambiguous key ")
                    .split('+')
                    .next()
                    .unwrap();
                assert_eq!(got, Opened::Ambiguous(name.to_owned()), "{id}");
            }
            other => panic!("{id}: unhandled expectation {other}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 10);
}

/// The §10 rule on the corpus notes: a `Checkpoint` is assembled around the
/// parsed generic note with `origin` set to a key name (the body is not a
/// checkpoint body, but `verify_checkpoint` only reads origin and note).
#[test]
fn verify_checkpoint_rule_on_corpus_notes() {
    let doc = vectors();
    let peter = parse_vkey(str_of(&doc["verifier_keys"]["valid"][0], "vkey")).unwrap();
    let enoch = parse_vkey(str_of(&doc["verifier_keys"]["valid"][1], "vkey")).unwrap();
    let foo = parse_vkey(str_of(&doc["verifier_keys"]["valid"][2], "vkey")).unwrap();
    let log_key = |k: &VKey| (k.name.clone(), k.key);
    use CheckpointStatus::*;
    // (id, origin, trust-store audit_log keys, expected)
    type Row<'a> = (
        &'a str,
        &'a str,
        Vec<(String, VerifyingKey)>,
        CheckpointStatus,
    );
    let table: Vec<Row<'_>> = vec![
        (
            "peter-only",
            "PeterNeumann",
            vec![log_key(&peter)],
            Verified,
        ),
        ("peter-only", "EnochRoot", vec![log_key(&peter)], KeyUnknown),
        ("peter-only", "PeterNeumann", vec![], KeyUnknown),
        (
            "peter+enoch, both trusted",
            "PeterNeumann",
            vec![log_key(&peter), log_key(&enoch)],
            Verified,
        ),
        (
            "peter+enoch, both trusted",
            "EnochRoot",
            vec![log_key(&peter), log_key(&enoch)],
            Verified,
        ),
        (
            "peter+enoch, only peter trusted",
            "EnochRoot",
            vec![log_key(&peter)],
            KeyUnknown,
        ),
        // Enoch's key stored under Peter's name: key hash does not match.
        (
            "peter-only",
            "PeterNeumann",
            vec![("PeterNeumann".to_owned(), enoch.key)],
            KeyUnknown,
        ),
        (
            "corrupted signature from trusted key",
            "PeterNeumann",
            vec![log_key(&peter)],
            SignatureInvalid,
        ),
        (
            "duplicate sig lines + corrupted sig from UNtrusted key",
            "PeterNeumann",
            vec![log_key(&peter), log_key(&enoch)],
            Verified,
        ),
        // When Enoch's lines count, the corrupted one is not skipped.
        (
            "duplicate sig lines + corrupted sig from UNtrusted key",
            "EnochRoot",
            vec![log_key(&enoch)],
            SignatureInvalid,
        ),
        (
            "C2SP example",
            "example.com/foo",
            vec![log_key(&foo)],
            Verified,
        ),
    ];
    let cases = doc["signed_notes"].as_array().unwrap();
    for (id, origin, keys, want) in table {
        let case = cases
            .iter()
            .find(|c| str_of(c, "id") == id)
            .unwrap_or_else(|| panic!("no case {id}"));
        let note = parse_signed_note(str_of(case, "note")).unwrap();
        let cp = Checkpoint {
            origin: origin.to_owned(),
            tree_size: 0,
            root_hash: [0; 32],
            extensions: Vec::new(),
            note,
        };
        let log_keys: Vec<LogKey<'_>> = keys
            .iter()
            .map(|(key_id, public_key)| LogKey { key_id, public_key })
            .collect();
        assert_eq!(verify_checkpoint(&cp, &log_keys), want, "{id} / {origin}");
    }
}

#[test]
fn sign_note_reproduces_go_signature() {
    let doc = vectors();
    let skey = str_of(&doc["signer_key_for_reference_only"], "skey");
    // PRIVATE+KEY+<name>+<hash>+<base64(0x01 || 32-byte seed)>
    let mut parts = skey.splitn(5, '+');
    assert_eq!(parts.next(), Some("PRIVATE"));
    assert_eq!(parts.next(), Some("KEY"));
    let name = parts.next().unwrap();
    let _hash = parts.next().unwrap();
    let raw = STANDARD.decode(parts.next().unwrap()).unwrap();
    assert_eq!(raw.len(), 33);
    assert_eq!(raw[0], 1);
    let seed: [u8; 32] = raw[1..].try_into().unwrap();
    let sk = SigningKey::from_bytes(&seed);
    let case = &doc["signed_notes"][0];
    assert_eq!(
        sign_note(str_of(case, "text"), name, &sk),
        str_of(case, "note")
    );
}

#[test]
fn malformed_notes() {
    let doc = vectors();
    let block = &doc["malformed_notes"];
    assert_eq!(str_of(block, "expect"), "error: malformed note");
    let cases = block["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 7);
    for case in cases {
        let why = str_of(case, "why");
        if let Some(b64) = case["note_base64"].as_str() {
            // Not valid UTF-8: cannot even become the `&str` that
            // parse_signed_note takes.
            let bytes = STANDARD.decode(b64).unwrap();
            assert!(std::str::from_utf8(&bytes).is_err(), "{why}");
            // Lossy decoding would not make it acceptable either: the
            // replacement character changes the signed text.
            let lossy = String::from_utf8_lossy(&bytes);
            let keys = vkeys_of(block);
            if let Ok(note) = parse_signed_note(&lossy) {
                assert_eq!(
                    open(&note, &keys),
                    Opened::InvalidSignature("PeterNeumann".into())
                );
            }
            continue;
        }
        let note = str_of(case, "note");
        assert!(parse_signed_note(note).is_err(), "{why}");
        assert!(parse_checkpoint(note).is_err(), "{why}");
    }
}

#[test]
fn checkpoint_examples() {
    let doc = vectors();
    let examples = doc["checkpoint_examples"].as_array().unwrap();
    assert_eq!(examples.len(), 2);
    for (i, ex) in examples.iter().enumerate() {
        let cp = parse_checkpoint(str_of(ex, "note")).unwrap();
        assert_eq!(cp.origin, "example.com/behind-the-sofa");
        assert_eq!(cp.tree_size, 20_852_163);
        assert_eq!(
            STANDARD.encode(cp.root_hash),
            "CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I="
        );
        if let Some(origin) = ex["origin"].as_str() {
            assert_eq!(cp.origin, origin);
        }
        if let Some(size) = ex["tree_size"].as_u64() {
            assert_eq!(cp.tree_size, size);
        }
        assert!(cp.extensions.is_empty());
        assert_eq!(cp.note.signatures.len(), i + 1);
        let log_line = &cp.note.signatures[0];
        assert_eq!(log_line.key_name, cp.origin);
        assert_eq!(log_line.signature.len(), 64);
        // No vkey is published: with no key, nothing counts.
        assert_eq!(verify_checkpoint(&cp, &[]), CheckpointStatus::KeyUnknown);
        // A different key under the origin's name: key hash mismatch, ignored.
        let other = SigningKey::from_bytes(&[3; 32]).verifying_key();
        let keys = [LogKey {
            key_id: &cp.origin,
            public_key: &other,
        }];
        assert_eq!(verify_checkpoint(&cp, &keys), CheckpointStatus::KeyUnknown);
    }
    // The witness cosignature (timestamped, type 0x04): 8-byte timestamp and
    // a 64-byte signature after the key hash.
    let cp = parse_checkpoint(str_of(&examples[1], "note")).unwrap();
    assert_eq!(cp.note.signatures[1].key_name, "witness.example.com/w1");
    assert_eq!(cp.note.signatures[1].signature.len(), 72);
}

#[test]
fn go_sumdb_tree_bodies() {
    let doc = vectors();
    let tree = &doc["go_sumdb_tree_format"];
    let sk = SigningKey::from_bytes(&[9; 32]);
    let sign = |body: &str| sign_note(body, "go.sum", &sk);

    let golden = str_of(tree, "golden");
    let cp = parse_checkpoint(&sign(golden)).unwrap();
    assert_eq!(cp.origin, "go.sum database tree");
    assert_eq!(Some(cp.tree_size), tree["golden_tree_size"].as_u64());
    let mut leaf = vec![0u8];
    leaf.extend_from_slice(b"hello world");
    assert_eq!(cp.root_hash.as_slice(), Sha256::digest(&leaf).as_slice());

    let bad = strings(&tree["bad"]);
    assert_eq!(bad.len(), 3);
    // Go's fixed first line does not apply to a checkpoint: any origin parses
    // (the verifier then compares it with log_origin).
    assert_eq!(
        parse_checkpoint(&sign(&bad[0])).unwrap().origin,
        "not-go.sum database tree"
    );
    assert_eq!(
        parse_checkpoint(&sign(&bad[1])).err(),
        Some(NoteError::InvalidTreeSize)
    );
    assert_eq!(
        parse_checkpoint(&sign(&bad[2])).err(),
        Some(NoteError::InvalidRootHash)
    );

    // Trailing lines are extension lines when newline-terminated; text that
    // does not end in a newline is not a note text.
    for junk in strings(&tree["accepted_by_go_with_trailing_junk"]) {
        let junk = junk.replace("\\n", "\n");
        let body = format!("{golden}{junk}");
        if junk.ends_with('\n') {
            let cp = parse_checkpoint(&sign(&body)).unwrap();
            assert_eq!(cp.extensions, vec![junk.trim_end_matches('\n')]);
        } else {
            assert!(parse_checkpoint(&sign(&body)).is_err(), "{junk:?}");
        }
    }
}
