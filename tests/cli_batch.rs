//! `proofpack verify` with several packs or a directory: one line per pack,
//! a summary, JSON Lines with `--json`, and the worst exit status.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors")
}

fn proofpack(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("runs")
}

#[test]
fn several_packs_give_json_lines_and_the_worst_status() {
    let v = vectors();
    let complete = v.join("valid-gdpr-all-classes.tar.gz");
    let late = v.join("late-gdpr-completed-after-deadline.tar.gz");
    let trust = v.join("trust.json");
    let out = proofpack(&[
        "verify".as_ref(),
        complete.as_os_str(),
        late.as_os_str(),
        "--trust".as_ref(),
        trust.as_os_str(),
        "--json".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(3));
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["verdict"], "complete");
    assert_eq!(lines[1]["verdict"], "late");
    assert_eq!(lines[2]["summary"]["packs"], 2);
    assert_eq!(lines[2]["summary"]["exit"], 3);
}

#[test]
fn a_directory_is_every_pack_in_it() {
    let v = vectors();
    let trust = v.join("trust.json");
    let out = proofpack(&[
        "verify".as_ref(),
        v.as_os_str(),
        "--trust".as_ref(),
        trust.as_os_str(),
    ]);
    // the vectors include invalid packs, so the worst status is 6
    assert_eq!(out.status.code(), Some(6));
    let text = String::from_utf8_lossy(&out.stdout);
    let count = std::fs::read_dir(&v)
        .expect("dir")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".tar.gz"))
        })
        .count();
    assert_eq!(text.lines().count(), count + 1, "{text}");
    assert!(
        !text.contains('\u{1b}'),
        "no colour when NO_COLOR is set or not a terminal"
    );
}

#[test]
fn an_unreadable_pack_among_others_is_an_operational_error_line() {
    let v = vectors();
    let complete = v.join("valid-gdpr-all-classes.tar.gz");
    let trust = v.join("trust.json");
    let out = proofpack(&[
        "verify".as_ref(),
        complete.as_os_str(),
        "no-such.tar.gz".as_ref(),
        "--trust".as_ref(),
        trust.as_os_str(),
        "--json".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert!(lines[1]["error"].is_string());
}

/// The vectors, each given several times, with an unreadable path among them:
/// enough packs that the workers finish out of order.
fn many_packs() -> Vec<std::ffi::OsString> {
    let v = vectors();
    let mut packs: Vec<PathBuf> = std::fs::read_dir(&v)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".tar.gz"))
        .collect();
    packs.sort();
    let mut args: Vec<std::ffi::OsString> = Vec::new();
    for round in 0..4 {
        args.extend(packs.iter().map(|p| p.clone().into_os_string()));
        if round == 1 {
            args.push("no-such.tar.gz".into());
        }
    }
    args
}

fn batch(jobs: &str, json: bool) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let trust = vectors().join("trust.json");
    let mut args: Vec<std::ffi::OsString> = vec!["verify".into()];
    args.extend(many_packs());
    args.extend(["--trust".into(), trust.into_os_string()]);
    args.extend(["--jobs".into(), jobs.into()]);
    if json {
        args.push("--json".into());
    }
    let refs: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let out = proofpack(&refs);
    (out.status.code(), out.stdout, out.stderr)
}

/// JSON Lines without the one volatile member, `meta.verified_at`.
fn without_time(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).expect("JSON");
            if let Some(meta) = v.get_mut("meta").and_then(Value::as_object_mut) {
                meta.remove("verified_at");
            }
            v
        })
        .collect()
}

#[test]
fn parallel_batches_print_what_a_serial_run_prints_in_input_order() {
    let serial = batch("1", false);
    assert_eq!(serial.0, Some(6));
    for jobs in ["2", "4"] {
        assert_eq!(batch(jobs, false), serial, "--jobs {jobs}");
    }
    let serial_json = batch("1", true);
    let lines = without_time(&serial_json.1);
    assert_eq!(lines.len(), many_packs().len() + 1);
    let parallel_json = batch("3", true);
    assert_eq!(parallel_json.0, serial_json.0);
    assert_eq!(parallel_json.2, serial_json.2);
    assert_eq!(without_time(&parallel_json.1), lines);
}

#[test]
fn no_progress_bar_when_standard_error_is_piped() {
    let (_, _, stderr) = batch("2", false);
    // Only the unreadable pack's message: no bar, no carriage return.
    assert_eq!(String::from_utf8_lossy(&stderr).lines().count(), 1);
    assert!(!stderr.contains(&b'\r'));
}
