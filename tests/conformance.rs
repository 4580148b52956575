//! Runs every public reference vector in `tests/vectors/` through the
//! real `proofpack` binary and checks the exit status, the report's format and
//! verdict, the required codes, the codes a vector's `why` says must not
//! appear, and that every finding carries its §12 effect.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_core::Code;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors")
}

fn severity(effect: &str) -> u8 {
    match effect {
        "warning" => 0,
        "late" => 1,
        "incomplete" => 2,
        "untrusted" => 3,
        "invalid" => 4,
        other => panic!("unknown effect {other}"),
    }
}

#[test]
fn every_public_vector_passes() {
    let dir = vectors_dir();
    let expected: Value =
        serde_json::from_slice(&std::fs::read(dir.join("expected.json")).expect("expected.json"))
            .expect("expected.json parses");
    let vectors = expected["vectors"].as_array().expect("vectors");
    // Revisions 1 to 3: 41 vectors, and every pack of the folder is one.
    assert!(
        vectors.len() >= 41,
        "expected the 41 public vectors, found {}",
        vectors.len()
    );
    let mut listed: Vec<&str> = vectors
        .iter()
        .map(|v| v["pack"].as_str().expect("pack"))
        .collect();
    listed.sort_unstable();
    let mut packs: Vec<String> = std::fs::read_dir(&dir)
        .expect("vectors folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tar.gz"))
        .collect();
    packs.sort_unstable();
    assert_eq!(listed, packs, "expected.json lists every pack once");
    let mut failures = Vec::new();
    let mut ran = 0;
    for v in vectors {
        let name = v["name"].as_str().expect("name");
        check_vector(&dir, v, name, &mut failures);
        ran += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(ran, vectors.len());
}

/// Codes a vector's `why` says must not appear (the README: "where a code
/// must NOT appear, for instance a warning that a seal removes, `why` says
/// so").
const ABSENT: &[(&str, &[&str])] = &[
    (
        "seal-revoked-key-sealed-before-revocation",
        &["trust.key_revoked_later"],
    ),
    (
        "seal-revoked-key-revocation-at-sealed-time",
        &["trust.key_revoked_later"],
    ),
];

/// Every expectation of one vector, run through the real binary.
fn check_vector(dir: &std::path::Path, v: &Value, name: &str, failures: &mut Vec<String>) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proofpack"));
    cmd.arg("verify")
        .arg(dir.join(v["pack"].as_str().expect("pack")))
        .arg("--json");
    if let Some(trust) = v["trust"].as_str() {
        cmd.arg("--trust").arg(dir.join(trust));
    }
    let out = cmd.output().expect("run proofpack");
    let report: Value = match serde_json::from_slice(&out.stdout) {
        Ok(r) => r,
        Err(e) => {
            failures.push(format!("{name}: report is not JSON: {e}"));
            return;
        }
    };
    let status = out.status.code();
    if status != v["exit"].as_i64().map(|e| e as i32) {
        failures.push(format!("{name}: exit {status:?}, expected {}", v["exit"]));
    }
    if report["format"] != "proof-pack-report/v1" {
        failures.push(format!("{name}: format {}", report["format"]));
    }
    if report["verdict"] != v["verdict"] {
        failures.push(format!(
            "{name}: verdict {}, expected {}",
            report["verdict"], v["verdict"]
        ));
    }
    let findings = report["findings"].as_array().cloned().unwrap_or_default();
    let codes: Vec<&str> = findings.iter().filter_map(|f| f["code"].as_str()).collect();
    for want in v["codes"].as_array().expect("codes") {
        let want = want.as_str().expect("code");
        if !codes.contains(&want) {
            failures.push(format!("{name}: missing code {want}; got {codes:?}"));
        }
    }
    let absent = ABSENT.iter().filter(|(n, _)| *n == name);
    for unwanted in absent.flat_map(|(_, codes)| codes.iter()) {
        if codes.contains(unwanted) {
            failures.push(format!("{name}: code {unwanted} must not appear"));
        }
    }
    let mut worst = None;
    for f in &findings {
        let code = f["code"].as_str().unwrap_or_default().parse::<Code>().ok();
        let effect = f["effect"].as_str().unwrap_or_default();
        match code {
            Some(c) if c.effect().as_str() == effect => {}
            _ => failures.push(format!(
                "{name}: finding {f} has a code or effect not in §12"
            )),
        }
        worst = worst.max(Some(severity(effect)));
    }
    let derived = match worst {
        None | Some(0) => "complete",
        Some(1) => "late",
        Some(2) => "incomplete",
        Some(3) => "untrusted",
        _ => "invalid",
    };
    if report["verdict"] != derived {
        failures.push(format!(
            "{name}: verdict {} is not the most severe effect ({derived})",
            report["verdict"]
        ));
    }
}
