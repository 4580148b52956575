//! The report as the CLI gives it: deterministic outside `meta`, the same
//! from stdin as from a path, written to `--html` and `-o` files, coloured
//! only when asked or on a terminal, explanations for every code, batch
//! lines in the schema, and a closed pipe that ends quietly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use serde_json::Value;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn sample(name: &str) -> PathBuf {
    root().join("sample-packs").join(name)
}

fn proofpack(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .env_remove("TERM")
        // The English words, whatever the machine's locale.
        .env("LC_ALL", "C")
        .output()
        .expect("runs")
}

fn json_report(args: &[&str]) -> Value {
    let out = proofpack(args);
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

const PACK: &str = "sample-packs/incomplete-cache-deferred.tar.gz";
const TRUST: &str = "sample-packs/trust.json";

fn without_meta(mut v: Value) -> Value {
    v.as_object_mut().expect("object").remove("meta");
    v
}

#[test]
fn the_report_is_deterministic_outside_meta() {
    let a = json_report(&["verify", PACK, "--trust", TRUST, "--json"]);
    let b = json_report(&["verify", PACK, "--trust", TRUST, "--json"]);
    assert_eq!(a["meta"]["input"], PACK);
    assert_eq!(a["meta"]["trust_store"]["keys"], 2);
    assert_eq!(
        serde_json::to_vec(&without_meta(a)).expect("json"),
        serde_json::to_vec(&without_meta(b)).expect("json")
    );
}

#[test]
fn stdin_gives_the_same_report_as_a_path() {
    let by_path = json_report(&["verify", PACK, "--trust", TRUST, "--json"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(["verify", "-", "--trust", TRUST, "--json"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawns");
    let bytes = std::fs::read(root().join(PACK)).expect("pack");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&bytes)
        .expect("writes");
    let out = child.wait_with_output().expect("runs");
    assert_eq!(out.status.code(), Some(4));
    let by_stdin: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(by_stdin["meta"]["input"], "-");
    assert_eq!(without_meta(by_stdin), without_meta(by_path));
}

#[test]
fn the_report_carries_the_evidence() {
    let r = json_report(&["verify", PACK, "--trust", TRUST, "--json"]);
    assert!(r["pack"]["attestation"]
        .as_str()
        .is_some_and(|t| t.contains("NOT complete")));
    assert_eq!(r["pack"]["all_clear_claimed"], false);
    assert_eq!(r["pack"]["all_clear_recomputed"], false);
    assert!(r["pack"]["signer_key_fingerprint"]
        .as_str()
        .is_some_and(|f| f.starts_with("SHA256:")));
    let derivatives = r["tiers"]
        .as_array()
        .expect("tiers")
        .iter()
        .find(|t| t["tier"] == "derivatives")
        .expect("row");
    assert_eq!(derivatives["status"], "deferred");
    assert!(derivatives["status_detail"]["expires_at"].is_string());
    let members = r["members"].as_array().expect("members");
    assert!(members
        .iter()
        .any(|m| m["path"] == "manifest.json" && m["listing"] == "not_listed_by_design"));
    assert!(members
        .iter()
        .all(|m| m["sha256"].as_str().is_some_and(|h| h.len() == 64)));
    assert_eq!(r["claims_unverified"], false);

    let exempt = json_report(&[
        "verify",
        "sample-packs/exempt-art17-3.tar.gz",
        "--trust",
        TRUST,
        "--json",
    ]);
    let exemption = exempt["tiers"]
        .as_array()
        .expect("tiers")
        .iter()
        .find_map(|t| t["status_detail"]["exemption"].as_object().cloned())
        .expect("an exemption row");
    assert!(exemption["legal_basis"]
        .as_str()
        .is_some_and(|b| !b.is_empty()));
    assert!(exemption["justification"]
        .as_str()
        .is_some_and(|b| !b.is_empty()));

    let invalid = json_report(&[
        "verify",
        "tests/vectors/manifest-hash-mismatch-steps-tampered.tar.gz",
        "--trust",
        "tests/vectors/trust.json",
        "--json",
    ]);
    assert_eq!(invalid["verdict"], "invalid");
    assert_eq!(invalid["claims_unverified"], true);
}

#[test]
fn html_and_output_files_are_written_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let html = dir.path().join("report.html");
    let json = dir.path().join("report.json");
    let out = proofpack(&[
        "verify",
        PACK,
        "--trust",
        TRUST,
        "--html",
        html.to_str().expect("utf8"),
        "-o",
        json.to_str().expect("utf8"),
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(4));
    assert!(out.stdout.is_empty());
    let page = std::fs::read_to_string(&html).expect("html");
    assert!(page.contains("data-verdict=\"incomplete\""));
    assert!(page.contains("<svg") && page.contains("aria-label=\"SLA timeline\""));
    assert!(page.contains("aria-label=\"Provenance graph\""));
    assert!(page.contains("data-code=\"steps.deferred\""));
    let report: Value =
        serde_json::from_slice(&std::fs::read(&json).expect("json")).expect("valid");
    assert_eq!(report["verdict"], "incomplete");
    let left: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
    assert_eq!(left.len(), 2, "no temporary file is left behind");
    // Several packs cannot share one file.
    let out = proofpack(&["verify", PACK, PACK, "--html", html.to_str().expect("utf8")]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let has_sgr = |out: &std::process::Output| out.stdout.contains(&0x1b);
    assert!(
        !has_sgr(&proofpack(&["verify", PACK, "--trust", TRUST])),
        "auto on a pipe"
    );
    assert!(has_sgr(&proofpack(&[
        "verify", PACK, "--trust", TRUST, "--color", "always"
    ])));
    assert!(!has_sgr(&proofpack(&[
        "verify", PACK, "--trust", TRUST, "--color", "never"
    ])));
    let run_tty = |env: &[(&str, &str)]| {
        let bin = env!("CARGO_BIN_EXE_proofpack");
        let mut cmd = Command::new("script");
        cmd.args([
            "-qec",
            &format!("{bin} verify {PACK} --trust {TRUST}"),
            "/dev/null",
        ])
        .current_dir(root())
        .env("TERM", "xterm")
        .env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().expect("script runs")
    };
    assert!(has_sgr(&run_tty(&[])), "auto on a terminal");
    assert!(!has_sgr(&run_tty(&[("NO_COLOR", "1")])), "NO_COLOR");
    assert!(!has_sgr(&run_tty(&[("TERM", "dumb")])), "TERM=dumb");
}

#[test]
fn late_and_incomplete_have_distinct_colours() {
    let sgr = |pack: &str| {
        let out = proofpack(&["verify", pack, "--trust", TRUST, "--color", "always"]);
        let text = String::from_utf8(out.stdout).expect("utf8");
        let first = text.lines().next().expect("a line").to_owned();
        first[first.find('\u{1b}').expect("colour")..first.find('m').expect("m")].to_owned()
    };
    assert_ne!(sgr("sample-packs/late-ccpa.tar.gz"), sgr(PACK));
}

#[test]
fn explain_covers_every_code() {
    let out = proofpack(&["explain", "--all", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let all: Vec<Value> = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(all.len(), proofpack_core::Code::ALL.len());
    for e in &all {
        for field in ["code", "effect", "meaning", "why", "ask"] {
            assert!(
                e[field].as_str().is_some_and(|s| !s.is_empty()),
                "{e}: {field}"
            );
        }
    }
    let one: Value =
        serde_json::from_slice(&proofpack(&["explain", "sla.breached", "--json"]).stdout)
            .expect("json");
    assert_eq!(one["effect"], "late");
    assert_eq!(
        proofpack(&["explain", "no.such_code"]).status.code(),
        Some(2)
    );
    assert_eq!(proofpack(&["explain"]).status.code(), Some(2));
}

#[test]
fn batch_says_what_it_skipped_in_lines_of_the_schema() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(sample("late-ccpa.tar.gz"), dir.path().join("a.tar.gz")).expect("copy");
    std::fs::write(dir.path().join("notes.txt"), "not a pack").expect("write");
    let out = proofpack(&[
        "verify",
        dir.path().to_str().expect("utf8"),
        "--trust",
        TRUST,
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("notes.txt"));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .expect("utf8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert!(lines[0]["path"]
        .as_str()
        .is_some_and(|p| p.ends_with("notes.txt")));
    assert!(lines[0]["reason"].is_string());
    assert_eq!(lines[1]["verdict"], "late");
    assert_eq!(lines[2]["summary"]["skipped"], 1);
    assert_eq!(lines[2]["summary"]["exit"], 3);
}

#[test]
fn committed_batch_line_schema_is_current() {
    let committed: Value = serde_json::from_slice(
        &std::fs::read(root().join("docs/batch-line.schema.json")).expect("schema"),
    )
    .expect("json");
    assert_eq!(
        committed,
        proofpack_core::report::batch_line_schema(),
        "regenerate with: cargo run -p proofpack-core --features schema --example export-report-schema batch-line > docs/batch-line.schema.json"
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // Far more output than a pipe buffers, so the writes do meet the
    // closed pipe.
    let mut batch = vec!["verify", "--json", "--trust", TRUST];
    batch.extend(std::iter::repeat_n(PACK, 300));
    for args in [batch, vec!["explain", "--all"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_proofpack"))
            .args(&args)
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawns");
        let mut first = [0u8; 8];
        let mut stdout = child.stdout.take().expect("stdout");
        stdout.read_exact(&mut first).expect("some output");
        drop(stdout);
        let out = child.wait_with_output().expect("ends");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_ne!(out.status.code(), Some(101), "no panic");
    }
}
