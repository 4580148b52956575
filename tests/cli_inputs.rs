//! What every subcommand does alike with its inputs: a folder of packs
//! listed one way (an empty folder refused with status 1, skipped entries
//! reported), a trust store loaded one way (its path escaped in the one
//! message), a timestamp argument parsed one way (a usage error).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use serde_json::Value;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn samples() -> PathBuf {
    root().join("sample-packs")
}

fn proofpack<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("LANG", "C")
        .output()
        .expect("runs")
}

/// A folder with one sample pack, a file that is not a pack and a
/// subfolder named like a pack (and, on Unix, a link to the pack).
fn mixed_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(
        samples().join("complete-gdpr.tar.gz"),
        dir.path().join("complete-gdpr.tar.gz"),
    )
    .expect("copy");
    std::fs::write(dir.path().join("notes.txt"), b"not a pack").expect("write");
    std::fs::create_dir(dir.path().join("folder.tar.gz")).expect("mkdir");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        dir.path().join("complete-gdpr.tar.gz"),
        dir.path().join("link.tar.gz"),
    )
    .expect("symlink");
    dir
}

fn skipped_entries() -> usize {
    if cfg!(unix) {
        3
    } else {
        2
    }
}

/// `proofpack SUBCOMMAND PATH --trust <the sample store> [EXTRA...]`.
fn with_sample_trust(subcommand: &str, path: &Path, extra: &[&str]) -> Output {
    let mut args: Vec<OsString> = vec![subcommand.into(), path.into()];
    args.extend(["--trust".into(), samples().join("trust.json").into()]);
    args.extend(extra.iter().map(OsString::from));
    proofpack(&args)
}

#[test]
fn a_folder_without_packs_is_an_operational_error_for_verify_and_register() {
    let empty = tempfile::tempdir().expect("tempdir");
    let verify = with_sample_trust("verify", empty.path(), &[]);
    assert_eq!(verify.status.code(), Some(1));
    assert!(verify.stdout.is_empty());
    std::fs::write(empty.path().join("readme.txt"), b"x").expect("write");
    let register = with_sample_trust("register", empty.path(), &[]);
    assert_eq!(register.status.code(), Some(1));
    assert!(register.stdout.is_empty());
}

#[test]
fn skipped_entries_are_reported_by_verify_and_register() {
    let dir = mixed_folder();
    let verify = with_sample_trust("verify", dir.path(), &["--json"]);
    assert_eq!(verify.status.code(), Some(0));
    let lines: Vec<Value> = String::from_utf8_lossy(&verify.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let skipped: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.get("path").filter(|_| l.get("reason").is_some()))
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(skipped.len(), skipped_entries(), "{lines:?}");
    assert!(skipped.iter().any(|p| p.ends_with("notes.txt")));
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["summary"]["packs"], 1);
    assert_eq!(summary["summary"]["skipped"], skipped_entries());

    let register = with_sample_trust("register", dir.path(), &["--json"]);
    assert_eq!(register.status.code(), Some(0));
    let made: Value = serde_json::from_slice(&register.stdout).expect("JSON");
    assert_eq!(made["packs"].as_array().map(Vec::len), Some(1));
    let stderr = String::from_utf8_lossy(&register.stderr);
    for name in ["notes.txt", "folder.tar.gz"] {
        assert!(stderr.contains(name), "{name} is reported: {stderr}");
    }
}

/// A trust store path holding an escape sequence, for every subcommand
/// that loads a trust store: status 1, and the path reaches the terminal
/// escaped (no ESC byte).
#[test]
fn a_trust_store_path_with_a_control_character_is_printed_escaped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("trust\u{1b}[2J.json");
    std::fs::write(&store, b"{ not json").expect("write");
    let pack = samples().join("complete-gdpr.tar.gz");
    let statement = dir.path().join("statement.json");
    std::fs::write(&statement, b"{}").expect("write");
    let runs: Vec<Vec<OsString>> = vec![
        vec![
            "verify".into(),
            pack.clone().into(),
            "--trust".into(),
            store.clone().into(),
        ],
        vec![
            "register".into(),
            pack.clone().into(),
            "--trust".into(),
            store.clone().into(),
        ],
        vec![
            "diff".into(),
            pack.clone().into(),
            pack.clone().into(),
            "--trust".into(),
            store.clone().into(),
        ],
        vec!["trust".into(), "list".into(), store.clone().into()],
        vec![
            "verification".into(),
            "check".into(),
            statement.clone().into(),
            "--keys".into(),
            store.clone().into(),
        ],
    ];
    for args in runs {
        let out = proofpack(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?} says why");
        assert!(!out.stderr.contains(&0x1b), "{args:?}: the path is escaped");
    }
}

/// `proofpack keygen` of a dpo key to `out`, with `extra` arguments.
fn keygen(out: &Path, extra: &[&str]) -> Output {
    let mut args: Vec<OsString> = ["keygen", "--key-id", "k", "--owner", "o", "--role", "dpo"]
        .map(OsString::from)
        .to_vec();
    args.extend(["--out".into(), out.into()]);
    args.extend(extra.iter().map(OsString::from));
    proofpack(&args)
}

#[test]
fn a_timestamp_argument_that_is_not_rfc_3339_is_a_usage_error() {
    let pack = samples().join("complete-gdpr.tar.gz");
    let out = with_sample_trust("register", &pack, &["--as-of", "2026-12-01 00:00\u{1b}[2J"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out.stderr.contains(&0x1b), "the text is escaped");
    let dir = tempfile::tempdir().expect("tempdir");
    let key = dir.path().join("k.pem");
    let out = keygen(&key, &["--not-after", "tomorrow"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!key.exists(), "nothing is written");
}

#[test]
fn a_key_file_is_never_replaced() {
    let dir = tempfile::tempdir().expect("tempdir");
    let key = dir.path().join("k.pem");
    assert_eq!(keygen(&key, &[]).status.code(), Some(0));
    let first = std::fs::read(&key).expect("read");
    assert_eq!(keygen(&key, &[]).status.code(), Some(1));
    assert_eq!(std::fs::read(&key).expect("read"), first);
}
