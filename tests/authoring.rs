//! Acceptance of pack authoring, through the real `proofpack` binary: key
//! generation, trust-store editing, OpenSSL interoperability, reproducible
//! output, and every refusal to sign. Assertions are on exit statuses,
//! finding codes and bytes, never on message wording.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use common::{proofpack, verify_json};
use proofpack_author::keys::{self, KeyProblem};
use proofpack_author::{AuthoringError, Destination, Refusal, SignError, SignRequest};
use proofpack_core::trust::{fingerprint, key_entry_json, Role};
use proofpack_core::{TrustStore, Verdict};
use proofpack_samples as samples;
use proofpack_spec::timestamp::Timestamp;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod tools;

/// `signed_at` of the complete-gdpr sample, whose evidence most tests start from.
const SIGNED_AT: &str = "2026-04-22T16:02:00Z";

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn committed() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-packs")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read_dir") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy");
        }
    }
}

/// A copy of a sample's evidence folder in `work`.
fn evidence(work: &Path, sample: &str) -> PathBuf {
    let dir = work.join(format!("evidence-{sample}"));
    copy_dir(&committed().join("evidence").join(sample), &dir);
    dir
}

/// The `signed_at` a sample was signed with.
fn signed_at_of(sample: &str) -> &'static str {
    samples::SAMPLES
        .iter()
        .find(|s| s.name == sample)
        .map(|s| s.signed_at)
        .expect("a sample of that name")
}

fn edit_pack_json(dir: &Path, edit: impl FnOnce(&mut Value)) {
    let path = dir.join("pack.json");
    let mut doc: Value =
        serde_json::from_slice(&std::fs::read(&path).expect("pack.json")).expect("JSON");
    edit(&mut doc);
    std::fs::write(&path, serde_json::to_vec_pretty(&doc).expect("JSON")).expect("write");
}

/// The sample DPO key as a PEM file in `work`.
fn sample_dpo_pem(work: &Path) -> PathBuf {
    let path = work.join("sample-dpo.pem");
    keys::write_private_key(&path, &samples::dpo_key()).expect("key written");
    path
}

fn audit_log_entry() -> Value {
    let keys = samples::trusted_keys().expect("sample keys");
    let key = keys
        .iter()
        .find(|k| k.has_role(Role::AuditLog))
        .expect("audit-log key");
    key_entry_json(key)
}

fn sample_dpo_entry() -> Value {
    let keys = samples::trusted_keys().expect("sample keys");
    let key = keys
        .iter()
        .find(|k| k.has_role(Role::Dpo))
        .expect("DPO key");
    key_entry_json(key)
}

/// Writes a trust store of `entries` and returns its path.
fn store(work: &Path, name: &str, entries: Vec<Value>) -> PathBuf {
    let path = work.join(name);
    let doc = json!({"format": "proof-pack-trust/v1", "keys": entries});
    let bytes = serde_json::to_vec_pretty(&doc).expect("JSON");
    TrustStore::from_json(&bytes).expect("a valid store");
    std::fs::write(&path, bytes).expect("write");
    path
}

fn pack(
    evidence: &Path,
    key: &Path,
    trust: &Path,
    out: &Path,
    signed_at: &str,
    extra: &[&str],
) -> Output {
    let mut args: Vec<std::ffi::OsString> = vec![
        "pack".into(),
        evidence.into(),
        "--key".into(),
        key.into(),
        "--trust".into(),
        trust.into(),
        "--signed-at".into(),
        signed_at.into(),
        "--out".into(),
        out.into(),
    ];
    args.extend(extra.iter().map(Into::into));
    proofpack(args)
}

/// `proofpack verify --json`: the exit status and the §13 report.
fn codes(report: &Value) -> Vec<String> {
    let mut codes: Vec<String> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["code"].as_str().expect("code").to_owned())
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

fn openssl(args: &[&std::ffi::OsStr]) -> Output {
    Command::new("openssl")
        .args(args)
        .output()
        .expect("openssl runs")
}

// ---------------------------------------------------------------------------
// keygen and trust

#[test]
fn keygen_writes_a_private_pkcs8_key_and_prints_a_trust_entry() {
    let work = tempfile::tempdir().expect("tempdir");
    let key = work.path().join("dpo.pem");
    let out = proofpack([
        "keygen".as_ref(),
        "--key-id".as_ref(),
        "dpo-2026-test".as_ref(),
        "--owner".as_ref(),
        "dpo@example.com".as_ref(),
        "--role".as_ref(),
        "dpo".as_ref(),
        "--not-before".as_ref(),
        "2026-01-01T00:00:00Z".as_ref(),
        "--not-after".as_ref(),
        "2027-01-01T00:00:00Z".as_ref(),
        "--out".as_ref(),
        key.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let pem = std::fs::read_to_string(&key).expect("key written");
    assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"), "{pem}");
    assert!(pem.ends_with("-----END PRIVATE KEY-----\n"), "{pem}");
    let signing = keys::read_private_key(&key).expect("PKCS#8 Ed25519");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "mode {mode:o}");
    }

    let entry: Value = serde_json::from_slice(&out.stdout).expect("a JSON entry");
    let doc = json!({"format": "proof-pack-trust/v1", "keys": [entry]});
    let store = TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON"))
        .expect("the printed entry is a valid store entry");
    let k = store.key("dpo-2026-test").expect("the key");
    assert_eq!(k.public_key, signing.verifying_key());
    assert_eq!(k.owner, "dpo@example.com");
    assert_eq!(k.roles, vec![Role::Dpo]);
    assert_eq!(
        k.not_before.as_ref().map(|t| t.raw()),
        Some("2026-01-01T00:00:00Z")
    );
    assert_eq!(
        k.not_after.as_ref().map(|t| t.raw()),
        Some("2027-01-01T00:00:00Z")
    );
    assert!(k.revoked_at.is_none());

    // Never overwritten.
    let again = proofpack([
        "keygen".as_ref(),
        "--key-id".as_ref(),
        "other".as_ref(),
        "--owner".as_ref(),
        "dpo@example.com".as_ref(),
        "--role".as_ref(),
        "dpo".as_ref(),
        "--out".as_ref(),
        key.as_os_str(),
    ]);
    assert!(!again.status.success());
    assert_eq!(std::fs::read_to_string(&key).expect("key"), pem);
}

fn keygen(work: &Path, key_id: &str, owner: &str, role: &str) -> (PathBuf, PathBuf) {
    let key = work.join(format!("{key_id}.pem"));
    let out = proofpack([
        "keygen".as_ref(),
        "--key-id".as_ref(),
        key_id.as_ref(),
        "--owner".as_ref(),
        owner.as_ref(),
        "--role".as_ref(),
        role.as_ref(),
        "--out".as_ref(),
        key.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let entry = work.join(format!("{key_id}.entry.json"));
    std::fs::write(&entry, &out.stdout).expect("entry written");
    (key, entry)
}

#[test]
fn trust_add_list_and_revoke() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let trust = w.join("trust.json");
    let (dpo_key, dpo_entry) = keygen(w, "dpo-k1", "dpo@example.com", "dpo");

    // --entry, into a store that does not exist yet.
    let out = proofpack([
        "trust".as_ref(),
        "add".as_ref(),
        trust.as_os_str(),
        "--entry".as_ref(),
        dpo_entry.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // --key with --key-id, --owner, --role (the log's key, from a PEM).
    let log_pem = w.join("audit.pem");
    keys::write_private_key(&log_pem, &samples::audit_log_key()).expect("key");
    let out = proofpack([
        "trust".as_ref(),
        "add".as_ref(),
        trust.as_os_str(),
        "--key".as_ref(),
        log_pem.as_os_str(),
        "--key-id".as_ref(),
        samples::LOG_ORIGIN.as_ref(),
        "--owner".as_ref(),
        samples::LOG_OWNER.as_ref(),
        "--role".as_ref(),
        "audit_log".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let bytes = std::fs::read(&trust).expect("store");
    let parsed = TrustStore::from_json(&bytes).expect("a valid store");
    assert_eq!(parsed.keys().len(), 2);
    let log = parsed.key(samples::LOG_ORIGIN).expect("log key");
    assert_eq!(log.public_key, samples::audit_log_key().verifying_key());
    assert_eq!(log.roles, vec![Role::AuditLog]);
    assert_eq!(log.owner, samples::LOG_OWNER);
    let dpo = parsed.key("dpo-k1").expect("dpo key");
    assert_eq!(
        dpo.public_key,
        keys::read_private_key(&dpo_key)
            .expect("key")
            .verifying_key()
    );

    // A repeated key_id is refused, by either form, and the store is unchanged.
    let out = proofpack([
        "trust".as_ref(),
        "add".as_ref(),
        trust.as_os_str(),
        "--entry".as_ref(),
        dpo_entry.as_os_str(),
    ]);
    assert!(!out.status.success());
    let out = proofpack([
        "trust".as_ref(),
        "add".as_ref(),
        trust.as_os_str(),
        "--key".as_ref(),
        dpo_key.as_os_str(),
        "--key-id".as_ref(),
        "dpo-k1".as_ref(),
        "--owner".as_ref(),
        "dpo@example.com".as_ref(),
        "--role".as_ref(),
        "dpo".as_ref(),
    ]);
    assert!(!out.status.success());
    assert_eq!(std::fs::read(&trust).expect("store"), bytes);

    // list
    let out = proofpack(["trust".as_ref(), "list".as_ref(), trust.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(listing.contains("dpo-k1"), "{listing}");
    assert!(listing.contains(samples::LOG_ORIGIN), "{listing}");

    // A pack signed with the new key verifies against the store ...
    let ev = evidence(w, "complete-gdpr");
    edit_pack_json(&ev, |d| d["signature_key_id"] = json!("dpo-k1"));
    let signed = w.join("signed.tar.gz");
    let out = pack(&ev, &dpo_key, &trust, &signed, SIGNED_AT, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (status, report) = verify_json(&signed, &trust);
    assert_eq!((status, report["verdict"].as_str()), (0, Some("complete")));

    // ... until the key is revoked before the pack's signed_at.
    let out = proofpack([
        "trust".as_ref(),
        "revoke".as_ref(),
        trust.as_os_str(),
        "dpo-k1".as_ref(),
        "--at".as_ref(),
        "2026-04-22T12:00:00Z".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let parsed = TrustStore::from_json(&std::fs::read(&trust).expect("store")).expect("valid");
    assert_eq!(
        parsed
            .key("dpo-k1")
            .and_then(|k| k.revoked_at.as_ref())
            .map(|t| t.raw()),
        Some("2026-04-22T12:00:00Z")
    );
    let (status, report) = verify_json(&signed, &trust);
    assert_eq!(status, 5);
    assert_eq!(report["verdict"], "untrusted");
    assert!(
        codes(&report).contains(&"trust.key_revoked".to_owned()),
        "{report}"
    );

    // Revoking a key the store does not hold is refused.
    let out = proofpack([
        "trust".as_ref(),
        "revoke".as_ref(),
        trust.as_os_str(),
        "no-such-key".as_ref(),
        "--at".as_ref(),
        "2026-04-22T12:00:00Z".as_ref(),
    ]);
    assert!(!out.status.success());
}

fn keygen_with_window(work: &Path, name: &str, not_before: &str, not_after: &str) -> Output {
    let key = work.join(name);
    proofpack([
        "keygen".as_ref(),
        "--key-id".as_ref(),
        name.as_ref(),
        "--owner".as_ref(),
        samples::DPO.as_ref(),
        "--role".as_ref(),
        "dpo".as_ref(),
        "--not-before".as_ref(),
        not_before.as_ref(),
        "--not-after".as_ref(),
        not_after.as_ref(),
        "--out".as_ref(),
        key.as_os_str(),
    ])
}

#[test]
fn an_empty_validity_window_is_never_written() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    const LATE: &str = "2027-01-01T00:00:00Z";
    const EARLY: &str = "2026-01-01T00:00:00Z";

    // keygen: refused before the key is written.
    let out = keygen_with_window(w, "inverted.pem", LATE, EARLY);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "no entry printed");
    assert!(!w.join("inverted.pem").exists(), "no key written");
    // The window is closed: one instant is a valid window.
    let out = keygen_with_window(w, "instant.pem", EARLY, "2026-01-01T01:00:00+01:00");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // trust add, by --entry and by --key: no store created, none changed.
    let mut inverted = sample_dpo_entry();
    inverted["key_id"] = json!("inverted");
    inverted["not_before"] = json!(LATE);
    inverted["not_after"] = json!(EARLY);
    let entry = w.join("inverted.json");
    std::fs::write(&entry, serde_json::to_vec_pretty(&inverted).expect("JSON")).expect("write");
    let new_store = w.join("new.json");
    let existing = store(w, "trust.json", vec![audit_log_entry()]);
    let before = std::fs::read(&existing).expect("store");
    let dpo_pem = sample_dpo_pem(w);
    for target in [&new_store, &existing] {
        let out = proofpack([
            "trust".as_ref(),
            "add".as_ref(),
            target.as_os_str(),
            "--entry".as_ref(),
            entry.as_os_str(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let out = proofpack([
            "trust".as_ref(),
            "add".as_ref(),
            target.as_os_str(),
            "--key".as_ref(),
            dpo_pem.as_os_str(),
            "--key-id".as_ref(),
            "inverted".as_ref(),
            "--owner".as_ref(),
            samples::DPO.as_ref(),
            "--role".as_ref(),
            "dpo".as_ref(),
            "--not-before".as_ref(),
            LATE.as_ref(),
            "--not-after".as_ref(),
            EARLY.as_ref(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    }
    assert!(!new_store.exists());
    assert_eq!(std::fs::read(&existing).expect("store"), before);

    // The verifier still reads such a store (§4 asks only its shape).
    let doc = json!({"format": "proof-pack-trust/v1", "keys": [inverted]});
    assert!(TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON")).is_ok());
}

fn revoke(trust: &Path, key_id: &str, extra: &[&str]) -> Output {
    let mut args: Vec<&std::ffi::OsStr> = vec![
        "trust".as_ref(),
        "revoke".as_ref(),
        trust.as_os_str(),
        key_id.as_ref(),
    ];
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    proofpack(args)
}

fn revoked_at(trust: &Path, key_id: &str) -> Option<String> {
    let store = TrustStore::from_json(&std::fs::read(trust).expect("store")).expect("valid");
    store
        .key(key_id)
        .expect("the key")
        .revoked_at
        .as_ref()
        .map(|t| t.raw().to_owned())
}

#[test]
fn a_revocation_never_moves_later_or_goes_away_without_force() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let trust = store(w, "trust.json", vec![sample_dpo_entry(), audit_log_entry()]);
    let pack = committed().join("complete-gdpr.tar.gz");
    let id = samples::DPO_KEY_ID;
    assert_eq!(verify_json(&pack, &trust).0, 0);

    // Revoked before the pack's signed_at: the pack is untrusted.
    let out = revoke(&trust, id, &["--at", "2026-04-22T12:00:00Z"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(verify_json(&pack, &trust).0, 5);
    let bytes = std::fs::read(&trust).expect("store");

    // A later date would make it complete again: refused, nothing changed.
    let out = revoke(&trust, id, &["--at", "2026-05-01T00:00:00Z"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(std::fs::read(&trust).expect("store"), bytes);
    assert_eq!(verify_json(&pack, &trust).0, 5);
    // Removing it as well, even when asked to (clap: --clear needs --force).
    let out = revoke(&trust, id, &["--clear"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read(&trust).expect("store"), bytes);

    // The same instant again changes nothing, not even the file's bytes.
    let out = revoke(&trust, id, &["--at", "2026-04-22T14:00:00+02:00"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read(&trust).expect("store"), bytes);

    // An earlier date is allowed.
    let out = revoke(&trust, id, &["--at", "2026-03-01T00:00:00Z"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        revoked_at(&trust, id).as_deref(),
        Some("2026-03-01T00:00:00Z")
    );

    // With --force, later ...
    let out = revoke(&trust, id, &["--at", "2026-05-01T00:00:00Z", "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        revoked_at(&trust, id).as_deref(),
        Some("2026-05-01T00:00:00Z")
    );
    let (status, report) = verify_json(&pack, &trust);
    assert_eq!(status, 0);
    assert!(codes(&report).contains(&"trust.key_revoked_later".to_owned()));
    // ... and removed.
    let out = revoke(&trust, id, &["--clear", "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(revoked_at(&trust, id), None);
    let (status, report) = verify_json(&pack, &trust);
    assert_eq!(status, 0);
    assert!(!codes(&report)
        .iter()
        .any(|c| c.starts_with("trust.key_revoked")));
}

#[test]
fn trust_list_shows_fingerprints_and_escapes_the_store_text() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let mut dpo = sample_dpo_entry();
    // A hostile owner: a screen clear, a forged line, a bidi override, C1.
    dpo["owner"] = json!("\u{1b}[2J\nverdict: complete\u{202e}\u{9b}");
    let trust = store(w, "trust.json", vec![dpo.clone(), audit_log_entry()]);
    let keys = samples::trusted_keys().expect("sample keys");
    let expected = |raw: &[u8]| {
        format!(
            "SHA256:{}",
            proofpack_spec::encoding::hex(&Sha256::digest(raw))
        )
    };
    let dangerous = |text: &str| {
        text.chars()
            .any(|c| c != '\n' && proofpack_spec::text::is_dangerous(c))
    };

    let out = proofpack(["trust".as_ref(), "list".as_ref(), trust.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let listing = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(!dangerous(&listing), "{listing:?}");
    // The policy line, the header, one line per key.
    assert_eq!(listing.lines().count(), 2 + keys.len(), "{listing}");
    for k in &keys {
        let fp = expected(k.public_key.as_bytes());
        assert_eq!(fp, fingerprint(&k.public_key));
        assert!(
            listing
                .lines()
                .any(|l| l.contains(&k.key_id) && l.contains(&fp)),
            "{listing}"
        );
    }

    let out = proofpack([
        "trust".as_ref(),
        "list".as_ref(),
        trust.as_os_str(),
        "--json".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(!dangerous(&text), "{text:?}");
    let listed: Vec<Value> = serde_json::from_str(&text).expect("a JSON array");
    assert_eq!(listed.len(), keys.len());
    for (entry, stored) in listed.iter().zip([dpo, audit_log_entry()]) {
        let mut entry = entry.clone();
        let fp = entry
            .as_object_mut()
            .and_then(|o| o.remove("fingerprint"))
            .expect("a fingerprint");
        assert_eq!(entry, stored, "the entry, unchanged (its text included)");
        let key = keys
            .iter()
            .find(|k| k.key_id == stored["key_id"])
            .expect("the key");
        assert_eq!(fp, json!(expected(key.public_key.as_bytes())));
    }
}

// ---------------------------------------------------------------------------
// OpenSSL

#[test]
fn keys_interoperate_with_openssl() {
    tools::require_openssl();
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();

    // A keygen key loads in OpenSSL, with the same public key.
    let (ours, _) = keygen(w, "dpo-ours", "dpo@example.com", "dpo");
    let out = openssl(&[
        "pkey".as_ref(),
        "-in".as_ref(),
        ours.as_os_str(),
        "-noout".as_ref(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = openssl(&[
        "pkey".as_ref(),
        "-in".as_ref(),
        ours.as_os_str(),
        "-pubout".as_ref(),
        "-outform".as_ref(),
        "DER".as_ref(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let public = keys::read_private_key(&ours).expect("key").verifying_key();
    assert!(out.stdout.ends_with(public.as_bytes()), "same public key");

    // An OpenSSL key signs a pack; its public half joins the trust store.
    let theirs = w.join("openssl-dpo.pem");
    let out = openssl(&[
        "genpkey".as_ref(),
        "-algorithm".as_ref(),
        "ed25519".as_ref(),
        "-out".as_ref(),
        theirs.as_os_str(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let public_pem = w.join("openssl-dpo.pub.pem");
    let out = openssl(&[
        "pkey".as_ref(),
        "-in".as_ref(),
        theirs.as_os_str(),
        "-pubout".as_ref(),
        "-out".as_ref(),
        public_pem.as_os_str(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let trust = store(w, "trust.json", vec![audit_log_entry()]);
    let out = proofpack([
        "trust".as_ref(),
        "add".as_ref(),
        trust.as_os_str(),
        "--key".as_ref(),
        public_pem.as_os_str(),
        "--key-id".as_ref(),
        "openssl-dpo".as_ref(),
        "--owner".as_ref(),
        samples::DPO.as_ref(),
        "--role".as_ref(),
        "dpo".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let parsed = TrustStore::from_json(&std::fs::read(&trust).expect("store")).expect("valid");
    assert_eq!(
        parsed.key("openssl-dpo").map(|k| k.public_key),
        Some(
            keys::read_private_key(&theirs)
                .expect("OpenSSL key reads")
                .verifying_key()
        )
    );

    let ev = evidence(w, "complete-gdpr");
    edit_pack_json(&ev, |d| d["signature_key_id"] = json!("openssl-dpo"));
    let signed = w.join("openssl-signed.tar.gz");
    let out = pack(&ev, &theirs, &trust, &signed, SIGNED_AT, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (status, report) = verify_json(&signed, &trust);
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["verdict"], "complete");
    assert_eq!(report["pack"]["signature_verified"], true);
}

/// A key made by `openssl genpkey` with `args`, at `work/name`.
fn openssl_genpkey(work: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = work.join(name);
    let mut all: Vec<&std::ffi::OsStr> = vec!["genpkey".as_ref()];
    all.extend(args.iter().map(std::ffi::OsStr::new));
    all.extend(["-out".as_ref(), path.as_os_str()]);
    let out = openssl(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    path
}

/// The public half of an OpenSSL key, as `openssl pkey -pubout` writes it.
fn openssl_pubout(private: &Path, public: &Path) {
    let out = openssl(&[
        "pkey".as_ref(),
        "-in".as_ref(),
        private.as_os_str(),
        "-pubout".as_ref(),
        "-out".as_ref(),
        public.as_os_str(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

fn key_problem(result: Result<impl std::fmt::Debug, AuthoringError>) -> KeyProblem {
    match result {
        Err(AuthoringError::Key { problem, .. }) => problem,
        other => panic!("expected a key problem, got {other:?}"),
    }
}

#[test]
fn unusable_keys_are_refused_each_for_its_own_reason() {
    tools::require_openssl();
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let encrypted = openssl_genpkey(
        w,
        "encrypted.pem",
        &[
            "-algorithm",
            "ed25519",
            "-aes-256-cbc",
            "-pass",
            "pass:secret",
        ],
    );
    let rsa = openssl_genpkey(
        w,
        "rsa.pem",
        &["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"],
    );
    let p256 = openssl_genpkey(
        w,
        "p256.pem",
        &["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"],
    );
    let ed25519 = openssl_genpkey(w, "ed25519.pem", &["-algorithm", "ed25519"]);
    let ed25519_public = w.join("ed25519.pub.pem");
    openssl_pubout(&ed25519, &ed25519_public);
    let p256_public = w.join("p256.pub.pem");
    openssl_pubout(&p256, &p256_public);
    let not_pem = w.join("not-a-key.txt");
    std::fs::write(&not_pem, "not a key\n").expect("write");

    // Each is told apart by the library ...
    assert_eq!(
        key_problem(keys::read_private_key(&encrypted)),
        KeyProblem::Encrypted
    );
    assert!(matches!(
        key_problem(keys::read_private_key(&rsa)),
        KeyProblem::OtherAlgorithm(_)
    ));
    assert!(matches!(
        key_problem(keys::read_private_key(&p256)),
        KeyProblem::OtherAlgorithm(_)
    ));
    assert_ne!(
        key_problem(keys::read_private_key(&rsa)),
        key_problem(keys::read_private_key(&p256)),
        "the algorithm is named"
    );
    assert_eq!(
        key_problem(keys::read_private_key(&ed25519_public)),
        KeyProblem::PublicNotPrivate
    );
    assert!(matches!(
        key_problem(keys::read_private_key(&p256_public)),
        KeyProblem::OtherAlgorithm(_)
    ));
    assert_eq!(
        key_problem(keys::read_private_key(&not_pem)),
        KeyProblem::NotPem
    );
    assert_eq!(
        key_problem(keys::read_public_key(&encrypted)),
        KeyProblem::Encrypted
    );
    assert!(matches!(
        key_problem(keys::read_public_key(&p256_public)),
        KeyProblem::OtherAlgorithm(_)
    ));
    // ... while the Ed25519 keys still load.
    let signing = keys::read_private_key(&ed25519).expect("an Ed25519 key");
    assert_eq!(
        keys::read_public_key(&ed25519_public).expect("its public key"),
        signing.verifying_key()
    );

    // `pack --key` refuses each with exit status 1 and writes nothing.
    let trust = committed().join("trust.json");
    let ev = evidence(w, "complete-gdpr");
    for key in [
        &encrypted,
        &rsa,
        &p256,
        &ed25519_public,
        &p256_public,
        &not_pem,
    ] {
        refused(&ev, key, &trust, SIGNED_AT, &[], 1, &[]);
    }

    // `trust add --key` refuses them too: no store is created, none is changed.
    let new_store = w.join("new-trust.json");
    let existing = store(w, "trust.json", vec![audit_log_entry()]);
    let before = std::fs::read(&existing).expect("store");
    for key in [&encrypted, &rsa, &p256, &p256_public, &not_pem] {
        for target in [&new_store, &existing] {
            let out = proofpack([
                "trust".as_ref(),
                "add".as_ref(),
                target.as_os_str(),
                "--key".as_ref(),
                key.as_os_str(),
                "--key-id".as_ref(),
                "k".as_ref(),
                "--owner".as_ref(),
                samples::DPO.as_ref(),
                "--role".as_ref(),
                "dpo".as_ref(),
            ]);
            assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        }
        assert!(!new_store.exists(), "no store is created");
        assert_eq!(std::fs::read(&existing).expect("store"), before);
    }
}

// ---------------------------------------------------------------------------
// Reproducibility

fn octal(field: &[u8]) -> u64 {
    let text: String = field
        .iter()
        .take_while(|b| **b != 0)
        .map(|b| char::from(*b))
        .collect();
    u64::from_str_radix(text.trim(), 8).expect("an octal field")
}

/// Checks every tar header of `tar` and returns the members (path, content).
fn tar_members(tar: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut members = Vec::new();
    let mut at = 0;
    loop {
        let h = &tar[at..at + 512];
        if h.iter().all(|b| *b == 0) {
            assert!(
                tar[at..].iter().all(|b| *b == 0),
                "only zero blocks after the end marker"
            );
            assert!(tar.len() - at >= 1024, "two end-of-archive blocks");
            break;
        }
        let field = |r: std::ops::Range<usize>| {
            let f = &h[r];
            let end = f.iter().position(|b| *b == 0).unwrap_or(f.len());
            String::from_utf8(f[..end].to_vec()).expect("UTF-8")
        };
        let name = field(0..100);
        let prefix = field(345..500);
        let path = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        assert_eq!(
            h[156], b'0',
            "{path}: a regular file (no pax, long-name or other entry)"
        );
        assert_eq!(&h[257..263], b"ustar\0", "{path}: ustar magic");
        assert_eq!(&h[263..265], b"00", "{path}: ustar version");
        assert_eq!(octal(&h[100..108]), 0o644, "{path}: mode");
        assert_eq!(octal(&h[108..116]), 0, "{path}: uid");
        assert_eq!(octal(&h[116..124]), 0, "{path}: gid");
        assert_eq!(octal(&h[136..148]), 0, "{path}: mtime");
        assert!(h[265..297].iter().all(|b| *b == 0), "{path}: empty uname");
        assert!(h[297..329].iter().all(|b| *b == 0), "{path}: empty gname");
        assert!(h[157..257].iter().all(|b| *b == 0), "{path}: no link name");
        let mut sum_block = h.to_vec();
        sum_block[148..156].copy_from_slice(b"        ");
        let sum: u64 = sum_block.iter().map(|b| u64::from(*b)).sum();
        assert_eq!(octal(&h[148..156]), sum, "{path}: checksum");
        let size = usize::try_from(octal(&h[124..136])).expect("size");
        let content = tar[at + 512..at + 512 + size].to_vec();
        members.push((path, content));
        at += 512 + size.div_ceil(512) * 512;
    }
    members
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut tar = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut tar)
        .expect("gzip");
    tar
}

#[test]
fn the_same_inputs_give_the_same_bytes() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");
    assert_eq!(SIGNED_AT, signed_at_of("complete-gdpr"));
    let ev = evidence(w, "complete-gdpr");
    let (a, b) = (w.join("a.tar.gz"), w.join("b.tar.gz"));
    for out in [&a, &b] {
        let run = pack(&ev, &key, &trust, out, SIGNED_AT, &[]);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    }
    let bytes = std::fs::read(&a).expect("a");
    assert!(bytes == std::fs::read(&b).expect("b"), "byte-identical");

    // gzip: one member, no time, no name.
    assert_eq!(&bytes[..3], &[0x1f, 0x8b, 8], "gzip, deflate");
    assert_eq!(bytes[3] & 0x08, 0, "FLG has no FNAME");
    assert_eq!(bytes[3] & 0x10, 0, "FLG has no FCOMMENT");
    assert_eq!(&bytes[4..8], &[0, 0, 0, 0], "MTIME is zero");

    let members = tar_members(&gunzip(&bytes));
    let paths: Vec<&str> = members.iter().map(|(p, _)| p.as_str()).collect();
    let mut sorted = paths.clone();
    sorted.sort_by(|x, y| x.as_bytes().cmp(y.as_bytes()));
    assert_eq!(paths, sorted, "members sorted by path");
    assert_eq!(
        paths,
        vec![
            "attachments/receipts/llm-provider-kb-kbdel-20260422-0091.json",
            "attachments/receipts/vector-saas-del_8f2c.json",
            "attestation.txt",
            "audit-log-redaction.json",
            "manifest.json",
            "provenance.jsonl",
            "request.json",
            "signature.sig",
            "steps.jsonl",
            "subprocessor-receipts.jsonl",
            "verification.json",
        ]
    );
    // Content members are the evidence files, unchanged.
    for (path, content) in &members {
        if path != "manifest.json" && path != "signature.sig" {
            assert!(
                *content == std::fs::read(ev.join(path)).expect("evidence file"),
                "{path}"
            );
        }
    }

    // Another signed_at is another pack.
    let c = w.join("c.tar.gz");
    let args: Vec<std::ffi::OsString> = vec![
        "pack".into(),
        ev.clone().into(),
        "--key".into(),
        key.clone().into(),
        "--trust".into(),
        trust.clone().into(),
        "--signed-at".into(),
        "2026-04-22T16:03:00Z".into(),
        "--out".into(),
        c.clone().into(),
    ];
    let run = proofpack(args);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(std::fs::read(&c).expect("c") != bytes);
}

// ---------------------------------------------------------------------------
// Refusals

/// Runs `pack`, expects a refusal with `status` naming every code of
/// `codes` (any one of `any_of`), and no output file.
fn refused(
    evidence: &Path,
    key: &Path,
    trust: &Path,
    signed_at: &str,
    extra: &[&str],
    status: i32,
    any_of: &[&str],
) -> String {
    let out_path = evidence.with_extension("refused.tar.gz");
    let out = pack(evidence, key, trust, &out_path, signed_at, extra);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(status), "{err}");
    assert!(!out_path.exists(), "nothing may be written when refused");
    if !any_of.is_empty() {
        assert!(
            any_of.iter().any(|c| err.contains(c)),
            "stderr names one of {any_of:?}: {err}"
        );
    }
    err
}

#[test]
fn a_signer_who_ran_the_cascade_is_refused() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let ev = evidence(w, "complete-gdpr");
    edit_pack_json(&ev, |d| d["cascade_runner"] = json!(samples::DPO));
    let trust = committed().join("trust.json");
    refused(
        &ev,
        &sample_dpo_pem(w),
        &trust,
        SIGNED_AT,
        &[],
        5,
        &["sod.signer_is_runner"],
    );
}

#[test]
fn invalid_evidence_is_refused() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");

    // A line that is not JSON.
    let ev = evidence(w, "complete-gdpr");
    let steps = std::fs::read_to_string(ev.join("steps.jsonl")).expect("steps");
    let mut lines: Vec<String> = steps.lines().map(str::to_owned).collect();
    lines[2] = r#"{"seq": 3, "step": "semantic", "status": "#.to_owned();
    std::fs::write(ev.join("steps.jsonl"), lines.join("\n") + "\n").expect("write");
    refused(
        &ev,
        &key,
        &trust,
        SIGNED_AT,
        &[],
        6,
        &["json.malformed", "steps.schema"],
    );
    refused(
        &ev,
        &key,
        &trust,
        SIGNED_AT,
        &["--accept-incomplete"],
        6,
        &["json.malformed", "steps.schema"],
    );

    // Well-formed JSON of the wrong shape.
    let ev = w.join("evidence-schema");
    copy_dir(&committed().join("evidence").join("complete-gdpr"), &ev);
    let mut lines: Vec<Value> = steps
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    lines[2].as_object_mut().expect("object").remove("code_ref");
    let text: String = lines
        .iter()
        .map(|v| serde_json::to_string(v).expect("JSON") + "\n")
        .collect();
    std::fs::write(ev.join("steps.jsonl"), text).expect("write");
    refused(&ev, &key, &trust, SIGNED_AT, &[], 6, &["steps.schema"]);
}

#[test]
fn a_key_owned_by_someone_else_is_refused() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let mut dpo = sample_dpo_entry();
    dpo["owner"] = json!("someone-else@example.com");
    let trust = store(w, "trust.json", vec![dpo, audit_log_entry()]);
    let ev = evidence(w, "complete-gdpr");
    refused(
        &ev,
        &sample_dpo_pem(w),
        &trust,
        SIGNED_AT,
        &[],
        5,
        &["trust.signer_mismatch"],
    );
}

#[test]
fn a_witness_the_trust_store_cannot_verify_is_refused() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let trust = store(w, "trust.json", vec![sample_dpo_entry()]);
    let ev = evidence(w, "complete-gdpr");
    let key = sample_dpo_pem(w);
    refused(
        &ev,
        &key,
        &trust,
        SIGNED_AT,
        &[],
        5,
        &["audit.checkpoint_key_unknown"],
    );
    refused(
        &ev,
        &key,
        &trust,
        SIGNED_AT,
        &["--accept-incomplete"],
        5,
        &["audit.checkpoint_key_unknown"],
    );
}

#[test]
fn an_incomplete_pack_needs_accept_incomplete() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");
    let ev = evidence(w, "incomplete-cache-deferred");
    let signed_at = signed_at_of("incomplete-cache-deferred");
    let err = refused(&ev, &key, &trust, signed_at, &[], 4, &["steps.deferred"]);
    for code in [
        "receipts.pending",
        "provenance.deferred",
        "provenance.obligation_open",
    ] {
        assert!(err.contains(code), "{code}: {err}");
    }

    let out_path = w.join("incomplete.tar.gz");
    let out = pack(
        &ev,
        &key,
        &trust,
        &out_path,
        signed_at,
        &["--accept-incomplete"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (status, report) = verify_json(&out_path, &trust);
    assert_eq!(status, 4);
    assert_eq!(report["verdict"], "incomplete");
    assert_eq!(report["pack"]["all_clear_claimed"], false);
    let found = codes(&report);
    assert!(
        !found.contains(&"manifest.all_clear_false_claim".to_owned()),
        "{found:?}"
    );
    assert!(
        !found.contains(&"manifest.all_clear_understated".to_owned()),
        "{found:?}"
    );
    let members = tar_members(&gunzip(&std::fs::read(&out_path).expect("pack")));
    let manifest = members
        .iter()
        .find(|(p, _)| p == "manifest.json")
        .map(|(_, c)| c)
        .expect("manifest.json");
    let manifest: Value = serde_json::from_slice(manifest).expect("JSON");
    assert_eq!(manifest["all_clear"], false);
}

#[test]
fn a_late_pack_needs_accept_incomplete() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let ev = evidence(w, "late-ccpa");
    let trust = committed().join("trust.json");
    let signed_at = signed_at_of("late-ccpa");
    refused(
        &ev,
        &sample_dpo_pem(w),
        &trust,
        signed_at,
        &[],
        3,
        &["sla.breached"],
    );
}

#[test]
fn an_unknown_file_in_the_evidence_folder_is_refused() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");
    let ev = evidence(w, "complete-gdpr");
    std::fs::write(ev.join("notes.txt"), "draft\n").expect("write");
    refused(&ev, &key, &trust, SIGNED_AT, &[], 1, &["notes.txt"]);

    // A folder outside attachments/ is refused as well.
    std::fs::remove_file(ev.join("notes.txt")).expect("rm");
    std::fs::create_dir(ev.join("extra")).expect("mkdir");
    std::fs::write(ev.join("extra").join("a.json"), "{}\n").expect("write");
    refused(&ev, &key, &trust, SIGNED_AT, &[], 1, &["extra"]);

    // The folder as it came is accepted.
    std::fs::remove_dir_all(ev.join("extra")).expect("rm");
    let out_path = w.join("ok.tar.gz");
    let out = pack(&ev, &key, &trust, &out_path, SIGNED_AT, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// The JSON object `pack` printed on stderr (from a line `{` to a line `}`).
fn printed_entry(err: &str) -> Value {
    let lines: Vec<&str> = err.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "{")
        .expect("an entry is printed");
    let end = start
        + lines[start..]
            .iter()
            .position(|l| *l == "}")
            .expect("the entry ends");
    serde_json::from_str(&lines[start..=end].join("\n")).expect("the entry is JSON")
}

/// Runs a `proofpack trust add ...` command line that `pack` printed, in `dir`.
fn run_printed_command(err: &str, form: &str, dir: &Path) -> Output {
    let line = err
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("proofpack trust add ") && l.contains(form))
        .expect("the command is printed");
    let command = line.replacen(
        "proofpack",
        &format!("'{}'", env!("CARGO_BIN_EXE_proofpack")),
        1,
    );
    Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .output()
        .expect("sh runs")
}

#[test]
fn a_signing_key_the_store_lacks_is_refused_with_the_entry_and_command_to_add_it() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let trust = store(w, "trust.json", vec![audit_log_entry()]);
    let only_log = std::fs::read(&trust).expect("store");
    let ev = evidence(w, "complete-gdpr");
    let key = sample_dpo_pem(w);

    // `verify` with this store says untrusted, so `pack` refuses: it no
    // longer trusts the key implicitly.
    let committed_pack = committed().join("complete-gdpr.tar.gz");
    let (status, report) = verify_json(&committed_pack, &trust);
    assert_eq!(status, 5);
    assert!(codes(&report).contains(&"trust.key_unknown".to_owned()));
    for extra in [&[][..], &["--accept-incomplete"][..]] {
        refused(
            &ev,
            &key,
            &trust,
            SIGNED_AT,
            extra,
            5,
            &["trust.key_unknown"],
        );
    }
    assert_eq!(
        std::fs::read(&trust).expect("store"),
        only_log,
        "store untouched"
    );
    let library = proofpack_author::pack::SigningKeyStatus::of(
        &proofpack_author::pack::Evidence::from_dir(&ev)
            .expect("evidence")
            .description,
        &samples::dpo_key(),
        &TrustStore::from_json(&only_log).expect("store"),
    );
    assert!(matches!(
        library,
        proofpack_author::pack::SigningKeyStatus::Missing(_)
    ));

    // The entry it prints is the key's, as a dpo key of the pack's signer ...
    let err = refused(&ev, &key, &trust, SIGNED_AT, &[], 5, &[]);
    let entry = printed_entry(&err);
    assert_eq!(entry, sample_dpo_entry_unbounded());

    // ... and the `--entry` command it prints adds it: then pack signs, and
    // verify with the same store agrees.
    std::fs::write(
        w.join("entry.json"),
        serde_json::to_vec_pretty(&entry).expect("JSON"),
    )
    .expect("write");
    let out = run_printed_command(&err, "--entry", w);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let signed = w.join("signed.tar.gz");
    let out = pack(&ev, &key, &trust, &signed, SIGNED_AT, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(verify_json(&signed, &trust).0, 0);

    // The `--key` form adds the same key.
    std::fs::write(&trust, &only_log).expect("restore the store");
    let out = run_printed_command(&err, "--key", w);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let parsed = TrustStore::from_json(&std::fs::read(&trust).expect("store")).expect("valid");
    let added = parsed.key(samples::DPO_KEY_ID).expect("added");
    assert_eq!(added.public_key, samples::dpo_key().verifying_key());
    assert_eq!(added.owner, samples::DPO);
    assert_eq!(added.roles, vec![Role::Dpo]);
}

/// The sample DPO key's entry without a validity window.
fn sample_dpo_entry_unbounded() -> Value {
    let mut entry = sample_dpo_entry();
    entry["not_before"] = Value::Null;
    entry["not_after"] = Value::Null;
    entry
}

#[test]
fn a_signature_key_id_the_store_holds_under_another_key_is_refused() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let trust = store(w, "trust.json", vec![sample_dpo_entry(), audit_log_entry()]);
    let before = std::fs::read(&trust).expect("store");
    let ev = evidence(w, "complete-gdpr");
    // pack.json names sample-dpo-2026; the key given is another one.
    let (other, _) = keygen(w, "other-dpo", samples::DPO, "dpo");
    for extra in [&[][..], &["--accept-incomplete"][..]] {
        refused(
            &ev,
            &other,
            &trust,
            SIGNED_AT,
            extra,
            6,
            &["signature.invalid"],
        );
    }
    assert_eq!(std::fs::read(&trust).expect("store"), before);
    let status = proofpack_author::pack::SigningKeyStatus::of(
        &proofpack_author::pack::Evidence::from_dir(&ev)
            .expect("evidence")
            .description,
        &keys::read_private_key(&other).expect("key"),
        &TrustStore::from_json(&before).expect("store"),
    );
    assert!(matches!(
        status,
        proofpack_author::pack::SigningKeyStatus::Mismatch { .. }
    ));
}

#[test]
fn what_pack_prints_from_the_evidence_is_escaped() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let trust = store(w, "trust.json", vec![audit_log_entry()]);
    let ev = evidence(w, "complete-gdpr");
    let key_id = "evil\u{1b}]0;title\u{7}\u{1b}[2J";
    let signer = "dpo\u{202e}@example.com\nverdict: complete";
    edit_pack_json(&ev, |d| {
        d["signature_key_id"] = json!(key_id);
        d["signer"] = json!(signer);
    });
    let err = refused(&ev, &sample_dpo_pem(w), &trust, SIGNED_AT, &[], 5, &[]);
    assert!(
        !err.chars()
            .any(|c| c != '\n' && proofpack_spec::text::is_dangerous(c)),
        "{err:?}"
    );
    // The entry is still the JSON to add, the text unchanged.
    let entry = printed_entry(&err);
    assert_eq!(entry["key_id"], key_id);
    assert_eq!(entry["owner"], signer);
}

/// The names in `dir`, sorted.
fn dir_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn pack_never_replaces_an_existing_out_without_force() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");
    let ev = evidence(w, "complete-gdpr");
    let outdir = w.join("out");
    std::fs::create_dir(&outdir).expect("mkdir");
    let out_path = outdir.join("proof.tar.gz");
    std::fs::write(&out_path, b"an earlier pack").expect("write");

    let out = pack(&ev, &key, &trust, &out_path, SIGNED_AT, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(std::fs::read(&out_path).expect("out"), b"an earlier pack");
    assert_eq!(dir_names(&outdir), vec!["proof.tar.gz"]);

    // A dangling symbolic link is a file that exists, too.
    #[cfg(unix)]
    {
        let link = outdir.join("link.tar.gz");
        std::os::unix::fs::symlink(outdir.join("nowhere"), &link).expect("symlink");
        let out = pack(&ev, &key, &trust, &link, SIGNED_AT, &[]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(std::fs::symlink_metadata(&link).expect("link").is_symlink());
        assert!(!outdir.join("nowhere").exists());
        std::fs::remove_file(&link).expect("rm");
    }

    // --force does not replace it with a refused pack ...
    let only_log = store(w, "log-only.json", vec![audit_log_entry()]);
    let out = pack(&ev, &key, &only_log, &out_path, SIGNED_AT, &["--force"]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert_eq!(std::fs::read(&out_path).expect("out"), b"an earlier pack");

    // ... but with a signed one, whole, leaving no temporary file.
    let out = pack(&ev, &key, &trust, &out_path, SIGNED_AT, &["--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::read(&out_path).expect("out")
            == std::fs::read(committed().join("complete-gdpr.tar.gz")).expect("committed"),
        "the committed sample, byte for byte"
    );
    assert_eq!(dir_names(&outdir), vec!["proof.tar.gz"]);
    assert_eq!(verify_json(&out_path, &trust).0, 0);
}

#[test]
fn pack_description_to_json_reads_back() {
    use proofpack_author::pack::PackDescription;
    let description = PackDescription {
        pack_id: "erasure-req-1".to_owned(),
        completed_at: "2026-04-22T15:44:00Z".to_owned(),
        cascade_runner: "oncall-eng@example.com".to_owned(),
        signer: "dpo@example.com".to_owned(),
        signature_key_id: "dpo-2026".to_owned(),
        subprocessors: vec!["vector-saas".to_owned(), "llm-provider-kb".to_owned()],
        supersedes: None,
    };
    let bytes = description.to_json().unwrap();
    assert!(bytes.ends_with(b"}\n"));
    let back = PackDescription::from_json(&bytes).unwrap();
    assert_eq!(back.to_json().unwrap(), bytes);
    assert_eq!(back.subprocessors, description.subprocessors);
    assert_eq!(back.cascade_runner, description.cascade_runner);
}

// ---------------------------------------------------------------------------
// The one entry point, as the library gives it to the CLI and the app

fn sign_request(evidence: &Path, key: &Path, trust: &Path, signed_at: &str) -> SignRequest {
    SignRequest {
        evidence_dir: evidence.to_owned(),
        key_path: key.to_owned(),
        trust_path: trust.to_owned(),
        signed_at: Some(Timestamp::parse(signed_at).expect("a time")),
        accept_incomplete: false,
        accept_uncorroborated: false,
        attestation_override: None,
    }
}

/// The refusal of `check`, which must refuse.
fn refusal_of(request: &SignRequest) -> Box<proofpack_author::Refused> {
    match proofpack_author::check(request) {
        Err(SignError::Refused(refused)) => refused,
        Ok(_) => panic!("signed, not refused"),
        Err(e) => panic!("not a refusal: {e}"),
    }
}

#[test]
fn the_entry_point_refuses_with_a_typed_refusal_and_its_exit_status() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");
    let ev = evidence(w, "complete-gdpr");

    // The store lacks the signing key: the entry to add is the key's.
    let log_only = store(w, "log-only.json", vec![audit_log_entry()]);
    let refused = refusal_of(&sign_request(&ev, &key, &log_only, SIGNED_AT));
    assert!(matches!(refused.refusal(), Refusal::KeyMissing { .. }));
    assert_eq!(refused.exit_status(), 5);
    let entry = refused.refusal().entry_to_add().expect("an entry");
    assert_eq!(key_entry_json(entry), sample_dpo_entry_unbounded());

    // The store holds the key id under another key: both fingerprints.
    let (other, _) = keygen(w, "other-dpo", samples::DPO, "dpo");
    let refused = refusal_of(&sign_request(&ev, &other, &trust, SIGNED_AT));
    match refused.refusal() {
        Refusal::KeyMismatch { listed, given, .. } => {
            assert_eq!(listed, &fingerprint(&samples::dpo_key().verifying_key()));
            assert_ne!(listed, given);
        }
        other => panic!("not a mismatch: {other:?}"),
    }
    assert_eq!(refused.exit_status(), 6);

    // An incomplete pack needs the flag; with it, it is signed.
    let incomplete = evidence(w, "incomplete-cache-deferred");
    let mut request = sign_request(
        &incomplete,
        &key,
        &trust,
        signed_at_of("incomplete-cache-deferred"),
    );
    let refused = refusal_of(&request);
    assert!(matches!(
        refused.refusal(),
        Refusal::NeedsAcceptIncomplete {
            verdict: Verdict::Incomplete
        }
    ));
    assert_eq!(refused.exit_status(), 4);
    request.accept_incomplete = true;
    let authored = proofpack_author::check(&request).expect("signed");
    assert_eq!(authored.report.verdict(), Verdict::Incomplete);

    // Evidence that does not hold up: the findings to fix.
    let mut request = sign_request(&ev, &key, &trust, SIGNED_AT);
    request.attestation_override = Some(" \n".to_owned());
    let refused = refusal_of(&request);
    assert!(matches!(refused.refusal(), Refusal::DoesNotHold { .. }));
    assert!(refused
        .to_fix()
        .any(|(f, _)| f.code() == proofpack_core::Code::AttestationEmpty));
}

#[test]
fn the_entry_point_signs_writes_and_never_replaces_without_asking() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");
    let ev = evidence(w, "complete-gdpr");
    let request = sign_request(&ev, &key, &trust, SIGNED_AT);
    let out = Destination {
        path: w.join("proof.tar.gz"),
        replace: false,
    };
    let checked = proofpack_author::check(&request).expect("would sign");
    assert!(!out.path.exists(), "a check writes nothing");
    assert_eq!(
        dir_names(w),
        vec!["evidence-complete-gdpr", "sample-dpo.pem"]
    );
    let authored = proofpack_author::sign(&request, &out).expect("signs");
    // The reports are on the same bytes, those written.
    assert_eq!(authored.report.pack().sha256, checked.report.pack().sha256);
    let written = std::fs::read(&out.path).expect("written");
    assert_eq!(
        authored.report.pack().sha256,
        proofpack_spec::encoding::hex(&Sha256::digest(&written))
    );
    assert_eq!(authored.report.pack().size, written.len() as u64);
    assert_eq!(
        written,
        std::fs::read(committed().join("complete-gdpr.tar.gz")).expect("committed"),
        "the committed sample, byte for byte"
    );
    assert!(matches!(
        proofpack_author::sign(&request, &out),
        Err(SignError::Exists { .. })
    ));
    // An edited attestation is signed, and saved into the folder.
    let edited = SignRequest {
        attestation_override: Some("I, the DPO, attest to this erasure.\n".to_owned()),
        ..request
    };
    let replace = Destination {
        replace: true,
        ..out
    };
    let authored = proofpack_author::sign(&edited, &replace).expect("signs");
    assert_eq!(
        std::fs::read_to_string(ev.join("attestation.txt")).expect("saved"),
        "I, the DPO, attest to this erasure.\n"
    );
    let replaced = std::fs::read(&replace.path).expect("replaced");
    assert_ne!(replaced, written, "the edited attestation is in the pack");
    assert_eq!(
        authored.report.pack().sha256,
        proofpack_spec::encoding::hex(&Sha256::digest(&replaced))
    );
}

#[test]
fn trust_policy_prints_raises_and_needs_force_to_weaken() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let trust = store(w, "trust.json", vec![audit_log_entry()]);
    let policy = |extra: &[&str]| {
        let mut args: Vec<&std::ffi::OsStr> =
            vec!["trust".as_ref(), "policy".as_ref(), trust.as_os_str()];
        args.extend(extra.iter().map(|a| std::ffi::OsStr::new(*a)));
        proofpack(args)
    };
    let stored = || TrustStore::load(&trust).expect("a valid store").policy();
    // What `trust policy` prints of each member: the word after its §4 name.
    let printed = || {
        let out = policy(&[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let shown = String::from_utf8(out.stdout).expect("utf8");
        let after = |member: &str| {
            let mut words = shown.split_whitespace();
            words.find(|w| *w == member)?;
            words.next().map(str::to_owned)
        };
        (after("witness_quorum"), after("signed_receipts"))
    };
    assert_eq!(printed(), (Some("0".to_owned()), Some("off".to_owned())));
    assert_eq!(stored(), Default::default());
    // Raising needs no force.
    let out = policy(&["--witness-quorum", "2", "--signed-receipts", "on"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        (stored().witness_quorum, stored().signed_receipts),
        (2, true)
    );
    assert_eq!(printed(), (Some("2".to_owned()), Some("on".to_owned())));
    // Revision 3's two members (§21, §22), one at a time.
    let out = policy(&["--witnessed-deadline", "on"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stored().witnessed_deadline && !stored().sealed_signature);
    let out = policy(&["--sealed-signature", "on"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stored().witnessed_deadline && stored().sealed_signature);
    assert_eq!(
        (stored().witness_quorum, stored().signed_receipts),
        (2, true)
    );
    // Weakening any member is refused and changes nothing...
    let before = std::fs::read(&trust).expect("store");
    for weaker in [
        ["--witness-quorum", "1"],
        ["--signed-receipts", "off"],
        ["--witnessed-deadline", "off"],
        ["--sealed-signature", "off"],
    ] {
        let out = policy(&weaker);
        assert_eq!(out.status.code(), Some(1), "{weaker:?}");
        assert_eq!(std::fs::read(&trust).expect("store"), before);
    }
    // ... unless forced.
    let out = policy(&[
        "--witness-quorum",
        "0",
        "--signed-receipts",
        "off",
        "--witnessed-deadline",
        "off",
        "--sealed-signature",
        "off",
        "--force",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stored(), Default::default());
    // Revision 3's members off are left out, so that a revision-2 verifier
    // still reads the store (it refuses a policy naming them, §4).
    let doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&trust).expect("store")).expect("JSON");
    assert_eq!(
        doc["policy"],
        serde_json::json!({"witness_quorum": 0, "signed_receipts": false})
    );
    // A bad value is a usage error.
    assert_eq!(policy(&["--signed-receipts", "yes"]).status.code(), Some(2));
    assert_eq!(policy(&["--sealed-signature", "1"]).status.code(), Some(2));
}

#[test]
fn trust_add_takes_a_witness_vkey() {
    use proofpack_spec::cosignature::COSIGNATURE_SIGNATURE_TYPE;
    use proofpack_spec::vkey::Vkey;
    let work = tempfile::tempdir().expect("tempdir");
    let trust = work.path().join("trust.json");
    let key = ed25519_dalek::SigningKey::from_bytes(&[5; 32]).verifying_key();
    let vkey = Vkey::new("witness.example.org", COSIGNATURE_SIGNATURE_TYPE, key).to_string();
    let add = |vkey: &str| {
        proofpack([
            "trust",
            "add",
            trust.to_str().expect("utf8"),
            "--vkey",
            vkey,
            "--owner",
            "ops@witness.example.org",
        ])
    };
    let out = add(&vkey);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let store = TrustStore::load(&trust).expect("valid store");
    let added = store.key("witness.example.org").expect("added");
    assert_eq!(added.roles, [Role::Witness]);
    assert_eq!(added.public_key, key);
    // A key hash that does not match its name and key is refused.
    let (name_and_hash, key_part) = vkey.rsplit_once('+').expect("vkey");
    let wrong = format!("{}0+{key_part}", &name_and_hash[..name_and_hash.len() - 1]);
    let before = std::fs::read(&trust).expect("store");
    assert_eq!(add(&wrong).status.code(), Some(1));
    assert_eq!(std::fs::read(&trust).expect("store"), before);
}

/// A store of the sample keys with `policy`.
fn store_with_policy(work: &Path, name: &str, policy: Value) -> PathBuf {
    let path = store(work, name, vec![sample_dpo_entry(), audit_log_entry()]);
    let mut doc: Value =
        serde_json::from_slice(&std::fs::read(&path).expect("store")).expect("JSON");
    doc["policy"] = policy;
    std::fs::write(&path, serde_json::to_vec_pretty(&doc).expect("JSON")).expect("write");
    path
}

fn manifest_of(pack: &Path) -> Value {
    let file = std::fs::File::open(pack).expect("pack");
    let bytes = proofpack_core::inspect::member_content(
        file,
        &proofpack_core::Limits::default(),
        "manifest.json",
    )
    .expect("manifest");
    serde_json::from_slice(&bytes).expect("JSON")
}

#[test]
fn accept_uncorroborated_allows_exactly_the_missing_corroboration_and_records_it() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let ev = evidence(w, "complete-gdpr");
    let key = sample_dpo_pem(w);
    let at = signed_at_of("complete-gdpr");
    let plain = store(w, "plain.json", vec![sample_dpo_entry(), audit_log_entry()]);
    let asks = store_with_policy(
        w,
        "asks.json",
        json!({"witness_quorum": 1, "signed_receipts": true}),
    );
    let out = w.join("p.tar.gz");

    // Without the flag: refused, nothing written.
    let refused = pack(&ev, &key, &asks, &out, at, &[]);
    assert_eq!(refused.status.code(), Some(5), "{}", stderr(&refused));
    assert!(!out.exists());

    // With it: signed, the manifest says what fell short.
    let signed = pack(&ev, &key, &asks, &out, at, &["--accept-uncorroborated"]);
    assert_eq!(signed.status.code(), Some(0), "{}", stderr(&signed));
    assert_eq!(
        manifest_of(&out)["accepted_uncorroborated"],
        json!(["audit.witness_quorum_not_met", "receipts.unattested"])
    );
    let (status, report) = verify_json(&out, &asks);
    assert_eq!(status, 5);
    assert_eq!(
        codes(&report),
        ["audit.witness_quorum_not_met", "receipts.unattested"]
    );
    // A verifier without that policy: complete.
    assert_eq!(verify_json(&out, &plain).0, 0);

    // Nothing else that is untrusted: a store without the log's key.
    let no_log = store(w, "no-log.json", vec![sample_dpo_entry()]);
    let other = w.join("other.tar.gz");
    let refused = pack(&ev, &key, &no_log, &other, at, &["--accept-uncorroborated"]);
    assert_eq!(refused.status.code(), Some(5), "{}", stderr(&refused));
    assert!(!other.exists());

    // Nothing to accept: no record.
    let clean = w.join("clean.tar.gz");
    let signed = pack(&ev, &key, &plain, &clean, at, &["--accept-uncorroborated"]);
    assert_eq!(signed.status.code(), Some(0), "{}", stderr(&signed));
    assert!(manifest_of(&clean).get("accepted_uncorroborated").is_none());
}

#[test]
fn a_store_asking_for_sealed_signatures_lets_the_dpo_sign_what_only_its_seal_lacks() {
    // §22: a seal names the signature, so a pack is sealed after it is
    // signed (`proofpack seal`); signing does not wait for it.
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let ev = evidence(w, "complete-gdpr");
    let key = sample_dpo_pem(w);
    let at = signed_at_of("complete-gdpr");
    let asks = store_with_policy(w, "sealed.json", json!({"sealed_signature": true}));
    let out = w.join("p.tar.gz");
    let signed = pack(&ev, &key, &asks, &out, at, &[]);
    assert_eq!(signed.status.code(), Some(0), "{}", stderr(&signed));
    assert!(manifest_of(&out).get("accepted_uncorroborated").is_none());
    let (status, report) = verify_json(&out, &asks);
    assert_eq!(status, 5);
    assert_eq!(codes(&report), ["signature.unsealed"]);
    // Anything else that falls short is refused as it would be without the
    // policy: here an incomplete pack without --accept-incomplete.
    let incomplete = evidence(w, "incomplete-cache-deferred");
    let other = w.join("other.tar.gz");
    let refused = pack(
        &incomplete,
        &key,
        &asks,
        &other,
        signed_at_of("incomplete-cache-deferred"),
        &[],
    );
    assert_eq!(refused.status.code(), Some(5), "{}", stderr(&refused));
    assert!(!other.exists());
}

#[test]
fn pack_json_supersedes_goes_into_the_manifest() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let ev = evidence(w, "complete-gdpr");
    let key = sample_dpo_pem(w);
    let trust = store(w, "trust.json", vec![sample_dpo_entry(), audit_log_entry()]);
    let at = signed_at_of("complete-gdpr");
    let earlier = json!({"pack_id": "erasure-req-000001", "sha256": "cd".repeat(32)});
    edit_pack_json(&ev, |d| d["supersedes"] = earlier.clone());
    let out = w.join("follow-up.tar.gz");
    let signed = pack(&ev, &key, &trust, &out, at, &[]);
    assert_eq!(signed.status.code(), Some(0), "{}", stderr(&signed));
    assert_eq!(manifest_of(&out)["supersedes"], earlier);
    let (status, report) = verify_json(&out, &trust);
    assert_eq!(status, 0);
    assert_eq!(
        report["pack"]["supersedes"]["pack_id"],
        "erasure-req-000001"
    );
    // A bad one is refused before anything is signed.
    edit_pack_json(&ev, |d| {
        d["supersedes"] = json!({"pack_id": "x", "sha256": "short"})
    });
    let bad = w.join("bad.tar.gz");
    assert_eq!(
        pack(&ev, &key, &trust, &bad, at, &[]).status.code(),
        Some(1)
    );
    assert!(!bad.exists());
}

#[test]
fn large_attachments_are_signed_from_files_with_the_in_memory_bytes() {
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    let key = sample_dpo_pem(w);
    let trust = committed().join("trust.json");
    let ev = evidence(w, "complete-gdpr");
    // Noise that crosses deflate's queue many times, and a run of zeros
    // long enough that the pack is written a second time (and verified
    // again from the finished file).
    let mut state = 0x2545_f491u32;
    let noise: Vec<u8> = (0..6u32 << 20)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state.to_le_bytes()[1]
        })
        .collect();
    std::fs::write(ev.join("attachments/noise.bin"), &noise).expect("write");
    std::fs::write(ev.join("attachments/zeros.bin"), vec![0u8; 24 << 20]).expect("write");
    let request = sign_request(&ev, &key, &trust, SIGNED_AT);
    let out = Destination {
        path: w.join("proof.tar.gz"),
        replace: false,
    };
    let authored = proofpack_author::sign(&request, &out).expect("signs");
    assert_eq!(authored.report.verdict(), Verdict::Complete);
    let written = std::fs::read(&out.path).expect("written");
    assert_eq!(
        authored.report.pack().sha256,
        proofpack_spec::encoding::hex(&Sha256::digest(&written)),
        "the report is on the bytes written"
    );
    let mut evidence = proofpack_author::pack::Evidence::from_dir(&ev).expect("evidence");
    for (_, content) in &mut evidence.members {
        content.load().expect("readable");
    }
    let at = Timestamp::parse(SIGNED_AT).expect("time");
    let in_memory =
        proofpack_author::pack::sign_unchecked(&evidence, &samples::dpo_key(), &at, true)
            .expect("signs");
    assert!(written == in_memory, "the same bytes as from memory");
    assert_eq!(
        dir_names(w),
        vec!["evidence-complete-gdpr", "proof.tar.gz", "sample-dpo.pem"]
    );
}
