//! Shared fixtures: a baseline evidence set (the public vector
//! `valid-gdpr-all-classes`, re-signed with a test DPO key), edits of its
//! members, and verification against the vectors' trust store plus that key.
#![allow(dead_code)]

use ed25519_dalek::SigningKey;
use proofpack_author::pack::{sign_unchecked, Evidence, PackDescription};
use proofpack_core::inspect::member_content;
use proofpack_core::trust::{key_entry_json, Role, TrustStore, TrustedKey};
use proofpack_core::Limits;
use proofpack_core::{verify, Report};
use proofpack_spec::timestamp::Timestamp;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const SIGNED_AT: &str = "2026-04-21T11:43:00Z";
pub const TEST_KEY_ID: &str = "test-dpo";

/// A file of the project's own copy of the public vectors (`tests/vectors/`).
pub fn vector(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(name)
}

pub fn test_key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

/// The vectors' trust store plus the test DPO key (owner dpo@example.com).
pub fn trust() -> TrustStore {
    let bytes = std::fs::read(vector("trust.json")).expect("vector trust store");
    let mut doc: Value = serde_json::from_slice(&bytes).expect("trust store JSON");
    let entry = key_entry_json(&TrustedKey {
        key_id: TEST_KEY_ID.to_owned(),
        public_key: test_key().verifying_key(),
        owner: "dpo@example.com".to_owned(),
        roles: vec![Role::Dpo],
        not_before: None,
        not_after: None,
        revoked_at: None,
    });
    doc["keys"].as_array_mut().expect("keys").push(entry);
    TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON")).expect("valid store")
}

/// The complete baseline evidence (attachments left out).
pub fn baseline() -> Evidence {
    let file = std::fs::File::open(vector("valid-gdpr-all-classes.tar.gz")).expect("vector");
    let manifest = member_content(file, &Limits::default(), "manifest.json").expect("manifest");
    let manifest: Value = serde_json::from_slice(&manifest).expect("manifest json");
    let s = |k: &str| manifest[k].as_str().expect("string member").to_owned();
    let description = PackDescription {
        pack_id: s("pack_id"),
        completed_at: s("completed_at"),
        cascade_runner: s("cascade_runner"),
        signer: s("signer"),
        signature_key_id: TEST_KEY_ID.to_owned(),
        subprocessors: manifest["subprocessors"]
            .as_array()
            .expect("subprocessors")
            .iter()
            .map(|v| v.as_str().expect("name").to_owned())
            .collect(),
        supersedes: None,
    };
    let file = std::fs::File::open(vector("valid-gdpr-all-classes.tar.gz")).expect("vector");
    let members = regular_members(file)
        .into_iter()
        .filter(|(path, _)| path != "manifest.json" && path != "signature.sig")
        .map(|(path, bytes)| (path, bytes.into()))
        .collect();
    Evidence {
        description,
        members,
    }
}

/// The regular members of a well-formed pack, in archive order (read with
/// the `tar` crate: the verifier's own reader is not public API).
pub fn regular_members(pack: impl std::io::Read) -> Vec<(String, Vec<u8>)> {
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(pack));
    let mut out = Vec::new();
    for entry in archive.entries().expect("tar") {
        let mut entry = entry.expect("entry");
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let path = entry.path().expect("path").to_string_lossy().into_owned();
        let mut content = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut content).expect("content");
        out.push((path, content));
    }
    out
}

/// A trust store of exactly these keys.
pub fn store_of(keys: &[TrustedKey]) -> TrustStore {
    let doc = serde_json::json!({
        "format": proofpack_spec::vocab::TRUST_FORMAT,
        "keys": keys.iter().map(key_entry_json).collect::<Vec<_>>(),
    });
    TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON")).expect("valid store")
}

pub fn member<'a>(e: &'a mut Evidence, path: &str) -> &'a mut Vec<u8> {
    e.members
        .iter_mut()
        .find(|(p, _)| p == path)
        .unwrap_or_else(|| panic!("no member {path}"))
        .1
        .load()
        .expect("readable")
}

/// Replaces text in a member; the text must occur.
pub fn replace(e: &mut Evidence, path: &str, from: &str, to: &str) {
    let m = member(e, path);
    let text = String::from_utf8(m.clone()).expect("utf8");
    assert!(text.contains(from), "{path} does not contain {from:?}");
    *m = text.replacen(from, to, 1).into_bytes();
}

/// Edits a JSON document member.
pub fn edit_json(e: &mut Evidence, path: &str, f: impl FnOnce(&mut Value)) {
    let m = member(e, path);
    let mut v: Value = serde_json::from_slice(m).expect("json member");
    f(&mut v);
    *m = serde_json::to_vec_pretty(&v).expect("serialise");
}

/// Edits line `line` (1-based) of a JSONL member.
pub fn edit_line(e: &mut Evidence, path: &str, line: usize, f: impl FnOnce(&mut Value)) {
    let m = member(e, path);
    let text = String::from_utf8(m.clone()).expect("utf8");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut v: Value = serde_json::from_str(&lines[line - 1]).expect("json line");
    f(&mut v);
    lines[line - 1] = serde_json::to_string(&v).expect("serialise");
    *m = (lines.join("\n") + "\n").into_bytes();
}

/// Appends a JSONL line.
pub fn push_line(e: &mut Evidence, path: &str, v: Value) {
    let m = member(e, path);
    m.extend_from_slice(serde_json::to_string(&v).expect("serialise").as_bytes());
    m.push(b'\n');
}

pub fn remove(e: &mut Evidence, path: &str) {
    e.members.retain(|(p, _)| p != path);
}

pub fn pack_bytes(e: &Evidence, all_clear: bool) -> Vec<u8> {
    let signed_at = Timestamp::parse(SIGNED_AT).expect("timestamp");
    sign_unchecked(e, &test_key(), &signed_at, all_clear).expect("signs")
}

pub fn verify_bytes(bytes: &[u8], trust: Option<&TrustStore>) -> Report {
    verify(bytes, "pack.tar.gz", trust, &Limits::default()).expect("readable")
}

/// Signs (claiming all_clear) and verifies with [`trust`].
pub fn check(e: &Evidence) -> Report {
    verify_bytes(&pack_bytes(e, true), Some(&trust()))
}

/// Signs with the given claim and verifies with [`trust`].
pub fn check_claim(e: &Evidence, all_clear: bool) -> Report {
    verify_bytes(&pack_bytes(e, all_clear), Some(&trust()))
}

pub fn codes(r: &Report) -> Vec<&'static str> {
    r.findings().iter().map(|f| f.code().as_str()).collect()
}

/// Asserts that every code in `want` was reported.
#[track_caller]
pub fn assert_codes(r: &Report, want: &[&str]) {
    let got = codes(r);
    for w in want {
        assert!(got.contains(w), "expected {w}, got {got:?}");
    }
}

/// Asserts that no code in `unwanted` was reported.
#[track_caller]
pub fn assert_no_codes(r: &Report, unwanted: &[&str]) {
    let got = codes(r);
    for u in unwanted {
        assert!(!got.contains(u), "did not expect {u}, got {got:?}");
    }
}

/// Builds a pack whose manifest is edited after it was generated (and then
/// signed), with `extra` members added to the archive but not to the manifest,
/// and `sig_key_id` in signature.sig.
pub fn pack_with_manifest(
    e: &Evidence,
    extra: &[(&str, &[u8])],
    sig_key_id: &str,
    edit: impl FnOnce(&mut Value),
) -> Vec<u8> {
    use base64::Engine;
    use ed25519_dalek::Signer;
    let bytes = pack_bytes(e, true);
    let manifest =
        member_content(bytes.as_slice(), &Limits::default(), "manifest.json").expect("manifest");
    let mut manifest: Value = serde_json::from_slice(&manifest).expect("json");
    edit(&mut manifest);
    let manifest = serde_json::to_vec_pretty(&manifest).expect("serialise");
    let pae = proofpack_spec::dsse::pae(proofpack_spec::vocab::PAYLOAD_TYPE, &manifest);
    let sig = serde_json::json!({
        "alg": "ed25519",
        "key_id": sig_key_id,
        "sig": base64::engine::general_purpose::STANDARD.encode(test_key().sign(&pae).to_bytes()),
    });
    let mut members: Vec<(String, Vec<u8>)> = e
        .members
        .iter()
        .map(|(p, c)| (p.clone(), c.read().expect("readable").into_owned()))
        .collect();
    members.push(("manifest.json".to_owned(), manifest));
    members.push((
        "signature.sig".to_owned(),
        serde_json::to_vec(&sig).expect("serialise"),
    ));
    for (p, c) in extra {
        members.push(((*p).to_owned(), c.to_vec()));
    }
    proofpack_author::tar_writer::write_pack(&members).expect("writes")
}

/// A gzip tar of regular members in the given order (not sorted).
pub fn tar_in_order(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (path, content) in members {
        let mut header = tar::Header::new_ustar();
        header.set_path(path).expect("path");
        header.set_size(content.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder.append(&header, *content).expect("append");
    }
    let tar = builder.into_inner().expect("tar");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, &tar).expect("gzip");
    gz.finish().expect("gzip")
}

/// Runs the `proofpack` binary with `args` (no colour).
pub fn proofpack<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("proofpack runs")
}

/// `proofpack verify PACK --trust TRUST --json`: the exit status and the
/// report.
pub fn verify_json(pack: &Path, trust: &Path) -> (i32, Value) {
    let out = proofpack([
        "verify".as_ref(),
        pack.as_os_str(),
        "--trust".as_ref(),
        trust.as_os_str(),
        "--json".as_ref(),
    ]);
    let report = serde_json::from_slice(&out.stdout).expect("a JSON report");
    (out.status.code().expect("an exit status"), report)
}
