//! `proofpack seal` (§22), through the real binary: a sample pack sealed
//! with a seal built by the producer on the samples' own audit log, then
//! verified; the refusals (another pack's seal, an existing OUT). Each test
//! asserts exit statuses, codes, the report's `seal` and the files written,
//! never wording.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use common::{proofpack, verify_json};
use ed25519_dalek::SigningKey;
use proofpack_core::inspect::member_content;
use proofpack_core::trust::{key_entry_json, Role, TrustedKey};
use proofpack_core::Limits;
use proofpack_producer::{PackSigned, Seal};
use proofpack_samples::{audit_log_key, LOG_ORIGIN};
use proofpack_spec::checkpoint::parse_checkpoint;
use proofpack_spec::cosignature::cosign;
use proofpack_spec::timestamp::Timestamp;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Output;

/// The complete sample, signed at 2026-04-22T16:02:00Z.
const COMPLETE: &str = "complete-gdpr.tar.gz";
/// Another sample, signed later on the same log.
const OTHER: &str = "exempt-art17-3.tar.gz";
/// When the `pack_signed` entry is logged, and when the witness cosigns.
const LOGGED_AT: &str = "2026-04-22T16:05:00Z";
const SEALED_AT: &str = "2026-04-22T16:30:00Z";
const WITNESS: &str = "witness.example.org/w1";

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("sample-packs")
        .join(name)
}

fn member(pack: &Path, path: &str) -> Vec<u8> {
    let file = std::fs::File::open(pack).expect("pack");
    member_content(file, &Limits::default(), path).expect("member")
}

fn witness_key() -> SigningKey {
    SigningKey::from_bytes(&[0x57; 32])
}

fn unix(t: &str) -> u64 {
    let t = Timestamp::parse(t).expect("timestamp");
    u64::try_from(t.instant().unix_timestamp()).expect("after 1970")
}

/// The seal of `pack` (a sample): its `pack_signed` entry appended to the
/// samples' log, a checkpoint of the grown log by the log's key, cosigned
/// by the witness at [`SEALED_AT`], from the pack's `checkpoint_after`.
fn seal_of(pack: &Path) -> Seal {
    let mut log = proofpack_samples::audit_log().expect("the samples' log");
    let redaction: Value =
        serde_json::from_slice(&member(pack, "audit-log-redaction.json")).expect("JSON");
    let after = redaction["checkpoint_after"]
        .as_str()
        .expect("checkpoint_after");
    let signed = PackSigned::of_pack(
        &member(pack, "manifest.json"),
        &member(pack, "signature.sig"),
    )
    .expect("a signed pack");
    let index = log.log_pack_signed(LOGGED_AT, &signed).expect("logged");
    let note = log
        .checkpoint(log.size(), LOG_ORIGIN, &audit_log_key())
        .expect("checkpoint");
    let body = parse_checkpoint(&note).expect("checkpoint").note.text;
    let line = cosign(&body, WITNESS, &witness_key(), unix(SEALED_AT)).expect("cosigned");
    let note = log.cosigned(&note, &[line]).expect("cosigned");
    log.seal(after, &note, index).expect("seal")
}

/// The sample trust store, the witness's key, the policy `policy`, and
/// the DPO key revoked at `revoked_at`.
fn trust_file(dir: &Path, name: &str, policy: Value, revoked_at: Option<&str>) -> PathBuf {
    let mut doc: Value =
        serde_json::from_slice(&std::fs::read(sample("trust.json")).expect("store")).expect("JSON");
    doc["policy"] = policy;
    let keys = doc["keys"].as_array_mut().expect("keys");
    if let Some(at) = revoked_at {
        keys[0]["revoked_at"] = Value::from(at);
    }
    keys.push(key_entry_json(&TrustedKey {
        key_id: WITNESS.to_owned(),
        public_key: witness_key().verifying_key(),
        owner: "witness@example.org".to_owned(),
        roles: vec![Role::Witness],
        not_before: None,
        not_after: None,
        revoked_at: None,
    }));
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(&doc).expect("JSON")).expect("write");
    path
}

fn write_seal(dir: &Path, seal: &Seal) -> PathBuf {
    let path = dir.join("seal.json");
    std::fs::write(
        &path,
        serde_json::to_vec_pretty(&seal.to_json()).expect("JSON"),
    )
    .expect("write");
    path
}

fn seal_cmd(pack: &Path, seal: &Path, trust: &Path, out: &Path, force: bool) -> Output {
    let mut args: Vec<&std::ffi::OsStr> = vec![
        "seal".as_ref(),
        pack.as_os_str(),
        "--seal".as_ref(),
        seal.as_os_str(),
        "--trust".as_ref(),
        trust.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ];
    if force {
        args.push("--force".as_ref());
    }
    proofpack(args)
}

/// [`seal_cmd`], which must succeed.
fn sealed(pack: &Path, seal: &Path, trust: &Path, out: &Path) -> Output {
    let run = seal_cmd(pack, seal, trust, out, false);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    run
}

fn codes(report: &Value, list: &str) -> Vec<String> {
    report[list]
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| f["code"].as_str().expect("code").to_owned())
        .collect()
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The regular members of a pack, path and bytes, sorted by path.
fn members(pack: &Path) -> Vec<(String, Vec<u8>)> {
    let file = std::fs::File::open(pack).expect("pack");
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut out = Vec::new();
    for entry in archive.entries().expect("tar") {
        let mut entry = entry.expect("entry");
        let path = entry.path().expect("path").to_string_lossy().into_owned();
        let mut content = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut content).expect("content");
        out.push((path, content));
    }
    out.sort();
    out
}

#[test]
fn a_sealed_pack_verifies_sealed_and_complete_with_only_its_signature_changed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = sample(COMPLETE);
    let seal = write_seal(dir.path(), &seal_of(&pack));
    let trust = trust_file(
        dir.path(),
        "trust.json",
        serde_json::json!({"sealed_signature": true}),
        None,
    );
    // Unsealed, the policy says so.
    let (status, report) = verify_json(&pack, &trust);
    assert_eq!(status, 5);
    assert!(codes(&report, "findings").contains(&"signature.unsealed".to_owned()));

    let out = dir.path().join("sealed.tar.gz");
    let run = sealed(&pack, &seal, &trust, &out);
    let bytes = std::fs::read(&out).expect("OUT written");
    assert_eq!(
        String::from_utf8_lossy(&run.stdout).trim(),
        sha256_hex(&bytes),
        "prints OUT's SHA-256"
    );

    let (status, report) = verify_json(&out, &trust);
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["verdict"], "complete");
    assert!(codes(&report, "passed").contains(&"signature.sealed".to_owned()));
    assert_eq!(report["seal"]["holds"], true);
    assert_eq!(report["seal"]["sealed_time"], SEALED_AT);
    assert_eq!(report["pack"]["sha256"], sha256_hex(&bytes));

    // Every member as it was but signature.sig, which only gains the seal.
    let before = members(&pack);
    let after = members(&out);
    assert_eq!(
        before.iter().map(|m| &m.0).collect::<Vec<_>>(),
        after.iter().map(|m| &m.0).collect::<Vec<_>>()
    );
    for ((path, was), (_, is)) in before.iter().zip(&after) {
        if path == "signature.sig" {
            let was: Value = serde_json::from_slice(was).expect("JSON");
            let mut is: Value = serde_json::from_slice(is).expect("JSON");
            let seal_json: Value =
                serde_json::from_slice(&std::fs::read(&seal).expect("seal")).expect("JSON");
            assert_eq!(is["seal"], seal_json);
            is.as_object_mut().expect("object").remove("seal");
            assert_eq!(is, was);
        } else {
            assert_eq!(is, was, "{path} changed");
        }
    }
}

#[test]
fn a_seal_before_the_key_s_revocation_keeps_the_pack_complete() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = sample(COMPLETE);
    let seal = write_seal(dir.path(), &seal_of(&pack));
    let trust = trust_file(dir.path(), "trust.json", serde_json::json!({}), None);
    let out = dir.path().join("sealed.tar.gz");
    sealed(&pack, &seal, &trust, &out);

    // The DPO key revoked after the sealed time (and after signed_at).
    let revoked = trust_file(
        dir.path(),
        "revoked.json",
        serde_json::json!({}),
        Some("2026-05-01T00:00:00Z"),
    );
    let (status, report) = verify_json(&out, &revoked);
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["verdict"], "complete");
    assert!(!codes(&report, "findings").contains(&"trust.key_revoked_later".to_owned()));
    // Unsealed, the same store only warns that signed_at is the signer's word.
    let (status, report) = verify_json(&pack, &revoked);
    assert_eq!(status, 0);
    assert!(codes(&report, "findings").contains(&"trust.key_revoked_later".to_owned()));
}

#[test]
fn a_seal_of_another_pack_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let seal = write_seal(dir.path(), &seal_of(&sample(COMPLETE)));
    let trust = trust_file(dir.path(), "trust.json", serde_json::json!({}), None);
    let out = dir.path().join("sealed.tar.gz");
    let run = seal_cmd(&sample(OTHER), &seal, &trust, &out, false);
    assert_eq!(run.status.code(), Some(5));
    assert!(!out.exists());
    // Nothing beside it either (the staged file is removed).
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn a_seal_without_counting_witnesses_is_refused() {
    // The store lacks the witness's key: the seal holds, but gives no
    // sealed time.
    let dir = tempfile::tempdir().expect("tempdir");
    let seal = write_seal(dir.path(), &seal_of(&sample(COMPLETE)));
    let out = dir.path().join("sealed.tar.gz");
    let run = seal_cmd(&sample(COMPLETE), &seal, &sample("trust.json"), &out, false);
    assert_eq!(run.status.code(), Some(5));
    assert!(!out.exists());
}

#[test]
fn an_existing_out_is_replaced_only_with_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = sample(COMPLETE);
    let seal = write_seal(dir.path(), &seal_of(&pack));
    let trust = trust_file(dir.path(), "trust.json", serde_json::json!({}), None);
    let out = dir.path().join("sealed.tar.gz");
    std::fs::write(&out, b"earlier").expect("write");
    let run = seal_cmd(&pack, &seal, &trust, &out, false);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(std::fs::read(&out).expect("kept"), b"earlier");
    let run = seal_cmd(&pack, &seal, &trust, &out, true);
    assert_eq!(run.status.code(), Some(0));
    assert_eq!(verify_json(&out, &trust).1["seal"]["holds"], true);
}

#[test]
fn unusable_inputs_are_operational_errors_and_usage_is_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = sample(COMPLETE);
    let trust = trust_file(dir.path(), "trust.json", serde_json::json!({}), None);
    let out = dir.path().join("sealed.tar.gz");
    let not_json = dir.path().join("seal.json");
    std::fs::write(&not_json, b"{\"checkpoint\": ").expect("write");
    assert_eq!(
        seal_cmd(&pack, &not_json, &trust, &out, false)
            .status
            .code(),
        Some(1)
    );
    let missing = dir.path().join("missing.tar.gz");
    let seal = write_seal(dir.path(), &seal_of(&pack));
    assert_eq!(
        seal_cmd(&missing, &seal, &trust, &out, false).status.code(),
        Some(1)
    );
    assert_eq!(
        seal_cmd(&pack, &seal, &missing, &out, false).status.code(),
        Some(1)
    );
    assert!(!out.exists());
    // No --trust.
    let run = proofpack([
        "seal".as_ref(),
        pack.as_os_str(),
        "--seal".as_ref(),
        seal.as_os_str(),
    ]);
    assert_eq!(run.status.code(), Some(2));
}
