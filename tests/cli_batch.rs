//! `proofpack verify` with several packs or a directory: one line per pack,
//! a summary, JSON Lines with `--json`, and the worst exit status.

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
