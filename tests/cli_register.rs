//! `proofpack register` and `proofpack diff` on the command line: exit
//! statuses, `-o` refusing to replace a file, CSV neutralised against
//! spreadsheet formulas, JSON sorted as the issue asks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-packs")
}

fn proofpack(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("LANG", "C")
        .output()
        .expect("runs")
}

fn os(s: &str) -> &std::ffi::OsStr {
    s.as_ref()
}

/// `proofpack` with `args` and the sample trust store.
fn trusted(args: &[&std::ffi::OsStr]) -> std::process::Output {
    let trust = samples().join("trust.json");
    let mut all = args.to_vec();
    all.extend([os("--trust"), trust.as_os_str()]);
    proofpack(&all)
}

#[test]
fn the_exit_status_is_the_worst_request_status() {
    let dir = samples();
    // The incomplete sample makes the register incomplete (exit 4).
    let out = trusted(&[
        os("register"),
        dir.as_os_str(),
        os("--as-of"),
        os("2026-05-07T00:00:00Z"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(4),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // One complete pack: 0.
    let complete = dir.join("complete-gdpr.tar.gz");
    let out = trusted(&[os("register"), complete.as_os_str()]);
    assert_eq!(out.status.code(), Some(0));
    // An empty directory: nothing to register is an operational error, 1
    // (as for `verify DIR`: more likely a wrong folder than an answer).
    let empty = tempfile::tempdir().expect("tmp");
    let out = trusted(&[os("register"), empty.path().as_os_str()]);
    assert_eq!(out.status.code(), Some(1));
    // A file that cannot be read: 1. No trust store: a usage error.
    let absent = dir.join("absent.tar.gz");
    let out = trusted(&[os("register"), absent.as_os_str()]);
    assert_eq!(out.status.code(), Some(1));
    let out = proofpack(&[os("register"), complete.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
    let out = trusted(&[
        os("register"),
        complete.as_os_str(),
        os("--as-of"),
        os("yesterday"),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn json_is_the_register_with_files_relative_to_the_directory() {
    let dir = samples();
    let out = trusted(&[
        os("register"),
        dir.as_os_str(),
        os("--as-of"),
        os("2026-12-01T00:00:00Z"),
        os("--json"),
        os("--jobs"),
        os("2"),
    ]);
    assert_eq!(out.status.code(), Some(4));
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["format"], "proof-pack-register/v1");
    let files: Vec<&str> = v["packs"]
        .as_array()
        .expect("packs")
        .iter()
        .map(|p| p["file"].as_str().expect("file"))
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    assert!(files.contains(&"late-ccpa.tar.gz"), "{files:?}");
    let overdue = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == "register.overdue")
        .count();
    assert_eq!(overdue, 5);
}

#[test]
fn output_file_is_not_replaced_without_force() {
    let (dir, trust) = (samples(), samples().join("trust.json"));
    let tmp = tempfile::tempdir().expect("tmp");
    let file = tmp.path().join("register.json");
    std::fs::write(&file, "keep").expect("write");
    let args = |force: bool| {
        let mut a = vec![
            os("register"),
            dir.as_os_str(),
            os("--trust"),
            trust.as_os_str(),
            os("--json"),
            os("-o"),
            file.as_os_str(),
        ];
        if force {
            a.push(os("--force"));
        }
        proofpack(&a)
    };
    let out = args(false);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "keep");
    let out = args(true);
    assert_eq!(out.status.code(), Some(4));
    assert!(out.stdout.is_empty());
    let v: Value = serde_json::from_slice(&std::fs::read(&file).expect("read")).expect("json");
    assert_eq!(v["format"], "proof-pack-register/v1");
}

#[test]
fn csv_cells_that_look_like_formulas_are_neutralised() {
    let tmp = tempfile::tempdir().expect("tmp");
    for name in ["=HYPERLINK(1).tar.gz", "@SUM(1).tar.gz"] {
        std::fs::copy(
            samples().join("complete-gdpr.tar.gz"),
            tmp.path().join(name),
        )
        .expect("copy");
    }
    std::fs::copy(
        samples().join("late-ccpa.tar.gz"),
        tmp.path().join("-late.tar.gz"),
    )
    .expect("copy");
    let out = trusted(&[os("register"), tmp.path().as_os_str(), os("--csv")]);
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "tenant_id,request_id,status,heads,packs,open_items,overdue_items,next_due"
    );
    assert_eq!(lines.len(), 3, "{text}");
    // The duplicate's head is the first file by name: "=HYPERLINK(1).tar.gz".
    assert!(
        lines.iter().any(|l| l.contains(",'=HYPERLINK(1).tar.gz,")),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l.contains(",'-late.tar.gz,")),
        "{text}"
    );
    assert!(
        !text.contains(",=") && !text.contains(",-") && !text.contains(",@"),
        "{text}"
    );
}

#[test]
fn diff_is_informational() {
    let dir = samples();
    let old = dir.join("incomplete-cache-deferred.tar.gz");
    let new = dir.join("complete-gdpr.tar.gz");
    let out = trusted(&[os("diff"), old.as_os_str(), new.as_os_str(), os("--json")]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["old"]["verdict"], "incomplete");
    assert_eq!(v["new"]["verdict"], "complete");
    assert_eq!(v["supersession"]["names_old"], false);
    assert!(!v["open_items"]["closed"]
        .as_array()
        .expect("closed")
        .is_empty());
    let out = trusted(&[os("diff"), old.as_os_str(), new.as_os_str()]);
    assert_eq!(out.status.code(), Some(0));
    let absent = dir.join("absent.tar.gz");
    let out = trusted(&[os("diff"), old.as_os_str(), absent.as_os_str()]);
    assert_eq!(out.status.code(), Some(1));
    let out = proofpack(&[os("diff"), old.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn register_codes_are_explained() {
    let out = proofpack(&[os("explain"), os("register.log_fork"), os("--json")]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(
        (v["code"].as_str(), v["effect"].as_str()),
        (Some("register.log_fork"), Some("invalid"))
    );
    let out = proofpack(&[
        os("--lang"),
        os("de"),
        os("explain"),
        os("register.overdue"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("register.overdue"));
}
