//! `proofpack verification` end to end, through the binary: a receipt
//! `sign` wrote is authentic to `check` (exit 0) and verifies with the
//! README's "Check a verification receipt without ProofPack" commands, run
//! exactly as written under `sh`, dash and bash; one with a changed payload
//! byte fails both (exit 6); a pack that is not the one named is exit 6;
//! `--out` is never replaced without `--force`; countersigning adds a signer.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

mod tools;

fn readme_block() -> String {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README");
    let section = readme
        .split("## Check a verification receipt without ProofPack")
        .nth(1)
        .expect("README has the receipt's OpenSSL section");
    section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block")
        .to_owned()
}

fn proofpack(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args.iter().map(OsStr::new))
        .current_dir(dir)
        .output()
        .expect("proofpack runs")
}

fn status(out: &Output) -> i32 {
    out.status.code().expect("an exit status")
}

/// A verifier key `name` of `owner` in `verifier-keys.json`.
fn add_key(dir: &Path, name: &str, owner: &str) {
    let pem = format!("{name}.pem");
    let out = proofpack(
        dir,
        &[
            "keygen", "--role", "verifier", "--key-id", name, "--owner", owner, "--out", &pem,
        ],
    );
    assert_eq!(status(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let entry = format!("{name}.json");
    std::fs::write(dir.join(&entry), &out.stdout).expect("entry");
    let out = proofpack(
        dir,
        &["trust", "add", "verifier-keys.json", "--entry", &entry],
    );
    assert_eq!(status(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
}

/// A work directory with the sample packs, their trust store, the
/// auditor's key in `verifier-keys.json` and the receipt `sign` wrote.
fn workdir() -> tempfile::TempDir {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-packs");
    let work = tempfile::tempdir().expect("tempdir");
    for name in ["complete-gdpr.tar.gz", "late-ccpa.tar.gz", "trust.json"] {
        std::fs::copy(root.join(name), work.path().join(name)).expect("copy");
    }
    add_key(work.path(), "auditor-2026", "auditor@dpa.example");
    let out = proofpack(
        work.path(),
        &[
            "verification",
            "sign",
            "complete-gdpr.tar.gz",
            "--trust",
            "trust.json",
            "--key",
            "auditor-2026.pem",
            "--keys",
            "verifier-keys.json",
            "--out",
            "verification.json",
        ],
    );
    assert_eq!(status(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    work
}

fn check(dir: &Path, file: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "verification",
        "check",
        file,
        "--keys",
        "verifier-keys.json",
    ];
    args.extend_from_slice(extra);
    proofpack(dir, &args)
}

/// The receipt with one byte of its statement changed (the verdict).
fn tamper(dir: &Path) {
    let path = dir.join("verification.json");
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).expect("receipt")).expect("JSON");
    let payload = STANDARD
        .decode(doc["payload"].as_str().expect("payload"))
        .expect("base64");
    let text = String::from_utf8(payload).expect("UTF-8");
    let changed = text.replacen("\"complete\"", "\"completE\"", 1);
    assert_ne!(changed, text);
    doc["payload"] = STANDARD.encode(changed).into();
    std::fs::write(&path, serde_json::to_vec_pretty(&doc).expect("JSON")).expect("write");
}

#[test]
fn a_signed_receipt_checks_and_a_changed_byte_does_not() {
    let work = workdir();
    let dir = work.path();
    let out = check(
        dir,
        "verification.json",
        &["--pack", "complete-gdpr.tar.gz"],
    );
    assert_eq!(status(&out), 0, "{}", String::from_utf8_lossy(&out.stdout));
    let out = check(
        dir,
        "verification.json",
        &[
            "--pack",
            "complete-gdpr.tar.gz",
            "--trust",
            "trust.json",
            "--json",
        ],
    );
    assert_eq!(status(&out), 0);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["authentic"], true);
    assert_eq!(json["pack_matches"], true);
    assert_eq!(json["reverification"]["same_verdict"], true);
    assert_eq!(json["signers"][0], "auditor@dpa.example");
    // Today with a store lacking the DPO key: another verdict, shown, exit 0.
    let out = check(
        dir,
        "verification.json",
        &[
            "--pack",
            "complete-gdpr.tar.gz",
            "--trust",
            "verifier-keys.json",
            "--json",
        ],
    );
    assert_eq!(status(&out), 0);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["reverification"]["same_verdict"], false);
    // Another pack than the one named.
    let out = check(dir, "verification.json", &["--pack", "late-ccpa.tar.gz"]);
    assert_eq!(status(&out), 6);
    // Usage and operational errors.
    assert_eq!(
        status(&check(dir, "verification.json", &["--trust", "trust.json"])),
        2
    );
    assert_eq!(status(&check(dir, "missing.json", &[])), 1);
    // Signing again over it is refused without --force.
    let again = [
        "verification",
        "sign",
        "complete-gdpr.tar.gz",
        "--trust",
        "trust.json",
        "--key",
        "auditor-2026.pem",
        "--keys",
        "verifier-keys.json",
        "--out",
        "verification.json",
    ];
    assert_eq!(status(&proofpack(dir, &again)), 1);
    // A key that is not a verifier key in the store cannot sign.
    let out = proofpack(
        dir,
        &[
            "verification",
            "sign",
            "complete-gdpr.tar.gz",
            "--trust",
            "trust.json",
            "--key",
            "auditor-2026.pem",
            "--keys",
            "trust.json",
            "--out",
            "other.json",
        ],
    );
    assert_eq!(status(&out), 1);
    assert!(!dir.join("other.json").exists());

    tamper(dir);
    let out = check(dir, "verification.json", &[]);
    assert_eq!(status(&out), 6);
}

#[test]
fn countersigning_adds_a_signer() {
    let work = workdir();
    let dir = work.path();
    add_key(dir, "head-2026", "head@dpa.example");
    let out = proofpack(
        dir,
        &[
            "verification",
            "countersign",
            "verification.json",
            "--key",
            "head-2026.pem",
            "--keys",
            "verifier-keys.json",
            "--out",
            "countersigned.json",
        ],
    );
    assert_eq!(status(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let out = check(dir, "countersigned.json", &["--json"]);
    assert_eq!(status(&out), 0);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["signers"].as_array().map(Vec::len), Some(2));
}

#[test]
fn readme_openssl_commands_check_a_receipt() {
    tools::require_openssl();
    // The README promises all three.
    let shells = ["sh", "bash", "dash"];
    for shell in shells {
        tools::require(shell, &["-c", "true"], shell);
    }
    let block = readme_block();
    let work = workdir();
    let run = |shell: &str| {
        Command::new(shell)
            .arg("-c")
            .arg(format!("set -e\n{block}"))
            .current_dir(work.path())
            .output()
            .expect("the shell runs")
    };
    for shell in &shells {
        let out = run(shell);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{shell}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout.contains("Signature Verified Successfully"),
            "{shell}"
        );
        assert!(
            stdout.contains("\"verified_by\":\"auditor@dpa.example\""),
            "{shell}: {stdout}"
        );
    }
    tamper(work.path());
    for shell in &shells {
        assert!(
            !run(shell).status.success(),
            "{shell}: a changed payload byte must not verify"
        );
    }
}
