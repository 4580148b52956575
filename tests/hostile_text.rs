//! Text from a pack is inert wherever it is shown: packs whose fields try a
//! screen clear, a forged verdict line, an OSC 8 hyperlink, a title change,
//! bidi reordering, C1 controls and HTML markup, through the real binary, on
//! a pipe, on a terminal (a pty, via `script`), as JSON and as HTML.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;

use common::*;
use proofpack_spec::text::is_dangerous;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;

const SCREEN_CLEAR: &str = "\u{1b}[2J\u{1b}[H\u{1b}[1;32m verdict: complete";
const FAKE_LINE: &str = "del_1\nverdict: complete  (exit 0)";
const OSC8: &str = "\u{1b}]8;;https://evil.example/\u{7}click\u{1b}]8;;\u{7}";
const TITLE: &str = "\u{1b}]0;all clear\u{7}";
const BIDI: &str = "abc\u{202e}lmth.exe\u{2066}";
const C1: &str = "\u{9b}31mred\u{85}";
const MARKUP: &str = "<script>alert(1)</script><img src=x onerror=alert(1)>";

/// A pack carrying every attack, in receipts, steps, the manifest, the
/// attestation and a member name, signed with the test key.
fn hostile_pack(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let mut e = baseline();
    e.description.pack_id = format!("pack {MARKUP} {BIDI}");
    edit_line(&mut e, "subprocessor-receipts.jsonl", 1, |v| {
        v["ticket_id"] = json!(SCREEN_CLEAR);
        v["endpoint"] = json!(OSC8);
    });
    edit_line(&mut e, "subprocessor-receipts.jsonl", 2, |v| {
        v["ticket_id"] = json!(FAKE_LINE);
        v["status"] = json!("failed");
        // The channel set is open: any string is a channel name (found by
        // the `render` fuzz target, written raw before).
        v["channel"] = json!(SCREEN_CLEAR);
    });
    edit_line(&mut e, "steps.jsonl", 3, |v| {
        v["status"] = json!("fail");
        v["error"] = json!(format!("{TITLE}{C1}"));
        v["exception_id"] = json!(MARKUP);
    });
    *member(&mut e, "attestation.txt") =
        format!("I attest.\n{SCREEN_CLEAR}\nverdict: complete\n{BIDI}\n{MARKUP}\n").into_bytes();
    e.members.push((
        format!("attachments/{TITLE}{MARKUP}.json"),
        b"{}".to_vec().into(),
    ));
    let pack = dir.join("hostile.tar.gz");
    std::fs::write(&pack, pack_bytes(&e, false)).expect("write pack");
    let trust_path = dir.join("trust.json");
    let keys: Vec<Value> = trust()
        .keys()
        .iter()
        .map(proofpack_core::trust::key_entry_json)
        .collect();
    let store = json!({"format": proofpack_spec::vocab::TRUST_FORMAT, "keys": keys});
    std::fs::write(&trust_path, serde_json::to_vec(&store).expect("json")).expect("write trust");
    (pack, trust_path)
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args)
        .env_remove("NO_COLOR")
        // The English words, whatever the machine's locale.
        .env("LC_ALL", "C")
        .output()
        .expect("runs")
}

/// Every escape sequence in `out` is one of the tool's own SGR colour codes.
fn only_our_escapes(out: &str) {
    let mut rest = out;
    while let Some(i) = rest.find('\u{1b}') {
        let tail = &rest[i + 1..];
        let end = tail.find('m').expect("an SGR sequence ends with m");
        let params = &tail[..end];
        assert!(
            tail.starts_with('[') && params[1..].chars().all(|c| c.is_ascii_digit() || c == ';'),
            "foreign escape sequence: {:?}",
            &tail[..end.min(20)]
        );
        rest = &tail[end..];
    }
    // No other control character but line breaks.
    for c in out.chars() {
        assert!(
            c == '\n' || c == '\u{1b}' || !is_dangerous(c),
            "raw control {:?} in output",
            c
        );
    }
}

/// No line but the first says `verdict:`.
fn one_verdict_line(out: &str) {
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("verdict:"))
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(out.starts_with("verdict: ") || out.starts_with("verdict: \u{1b}["));
}

#[test]
fn hostile_text_is_inert_on_a_pipe() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (pack, trust) = hostile_pack(dir.path());
    let out = run(&[
        "verify",
        pack.to_str().expect("utf8"),
        "--trust",
        trust.to_str().expect("utf8"),
    ]);
    // A failed step, unlogged on the audit log: never complete.
    assert_eq!(out.status.code(), Some(5));
    let text = String::from_utf8(out.stdout).expect("utf8");
    assert!(!text.contains('\u{1b}'), "no escape at all on a pipe");
    only_our_escapes(&text);
    one_verdict_line(&text);
    assert!(text.contains("\\u{1b}[2J"), "the attack is shown, escaped");
    assert!(
        text.contains("  | \\u{1b}[2J"),
        "attestation lines sit behind the gutter"
    );
}

#[test]
fn hostile_text_is_inert_on_a_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (pack, trust) = hostile_pack(dir.path());
    let bin = env!("CARGO_BIN_EXE_proofpack");
    let command = format!(
        "{bin} verify '{}' --trust '{}'",
        pack.display(),
        trust.display()
    );
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .env("LC_ALL", "C")
        .output()
        .expect("script runs");
    let text = String::from_utf8(out.stdout)
        .expect("utf8")
        .replace("\r\n", "\n");
    assert!(
        text.contains("\u{1b}[1;35m"),
        "colour is on at a terminal: {text:.200}"
    );
    only_our_escapes(&text);
    one_verdict_line(&text);
}

#[test]
fn hostile_text_is_escaped_in_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (pack, trust) = hostile_pack(dir.path());
    let out = run(&[
        "verify",
        pack.to_str().expect("utf8"),
        "--trust",
        trust.to_str().expect("utf8"),
        "--json",
    ]);
    let text = String::from_utf8(out.stdout).expect("utf8");
    assert!(!text.chars().any(|c| c != '\n' && is_dangerous(c)));
    let report: Value = serde_json::from_str(&text).expect("valid JSON");
    let tickets: Vec<&str> = report["receipts"]
        .as_array()
        .expect("receipts")
        .iter()
        .filter_map(|r| r["ticket_id"].as_str())
        .collect();
    assert!(
        tickets.contains(&SCREEN_CLEAR),
        "the JSON keeps the value itself"
    );
    assert!(text.contains("\\u001b[2J") && text.contains("\\u202e") && text.contains("\\u009b"));
}

#[test]
fn hostile_text_is_never_markup_in_html() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (pack, trust) = hostile_pack(dir.path());
    let html = dir.path().join("report.html");
    let out = run(&[
        "verify",
        pack.to_str().expect("utf8"),
        "--trust",
        trust.to_str().expect("utf8"),
        "--html",
        html.to_str().expect("utf8"),
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(5));
    assert!(out.stdout.is_empty(), "--quiet");
    let page = std::fs::read_to_string(&html).expect("html written");
    assert_inert_html(&page);
    assert!(page.contains("&lt;script&gt;"), "markup is shown as text");
    assert!(page.contains("data-verdict=\"untrusted\""));
}

/// No script, no event handler, no URL, no remote resource; only the tags
/// and attributes the renderer itself writes.
fn assert_inert_html(page: &str) {
    assert!(
        !page.chars().any(|c| c != '\n' && is_dangerous(c)),
        "raw controls"
    );
    let lower = page.to_lowercase();
    for bad in [
        "<script",
        "javascript:",
        "<img",
        "<iframe",
        "<link",
        "@import",
        "url(",
    ] {
        assert!(!lower.contains(bad), "{bad} in the page");
    }
    // Every attribute of every tag is one the renderer writes.
    const ALLOWED: &[&str] = &[
        "lang",
        "charset",
        "http-equiv",
        "content",
        "name",
        "data-verdict",
        "class",
        "role",
        "aria-hidden",
        "aria-label",
        "aria-labelledby",
        "id",
        "data-code",
        "data-testid",
        "data-state",
        "data-witness",
        "data-counted",
        "data-holds",
        "xmlns",
        "viewbox",
        "width",
        "height",
        "x",
        "y",
        "x1",
        "y1",
        "cx",
        "cy",
        "r",
        "x2",
        "y2",
        "rx",
        "fill",
        "fill-opacity",
        "stroke",
        "stroke-width",
        "stroke-dasharray",
        "text-anchor",
        "font-size",
        "font-weight",
        "paint-order",
        "font-family",
    ];
    let mut rest = page;
    while let Some(open) = rest.find('<') {
        let tail = &rest[open + 1..];
        let close = tail.find('>').expect("tag closes");
        let tag = &tail[..close];
        rest = &tail[close..];
        if tag.starts_with('/') || tag.starts_with('!') {
            continue;
        }
        let mut parts = tag.split_whitespace();
        parts.next();
        for attr in parts {
            let Some((name, _)) = attr.split_once('=') else {
                continue; // inside a quoted value
            };
            if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !name.is_empty() {
                assert!(
                    ALLOWED.contains(&name.to_lowercase().as_str()) || !attr.contains('"'),
                    "attribute {name} in <{tag}>"
                );
                assert!(
                    !name.to_lowercase().starts_with("on"),
                    "event handler {name}"
                );
            }
        }
    }
}

#[test]
fn a_seal_s_witnesses_named_by_a_hostile_trust_store_are_inert() {
    let dir = tempfile::tempdir().expect("tempdir");
    let vectors = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut store: Value = serde_json::from_slice(
        &std::fs::read(vectors.join("trust-rev3-keys.json")).expect("store"),
    )
    .expect("JSON");
    for (n, key) in store["keys"]
        .as_array_mut()
        .expect("keys")
        .iter_mut()
        .enumerate()
    {
        if key["roles"] == json!(["witness"]) {
            key["owner"] = json!(format!("{MARKUP}{SCREEN_CLEAR}{BIDI}{n}"));
        }
    }
    let trust = dir.path().join("trust.json");
    std::fs::write(&trust, serde_json::to_vec(&store).expect("JSON")).expect("write");
    let pack = vectors.join("seal-valid.tar.gz");
    let (pack, trust) = (pack.to_str().expect("utf8"), trust.to_str().expect("utf8"));
    let out = run(&["verify", pack, "--trust", trust]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf8");
    only_our_escapes(&text);
    one_verdict_line(&text);
    assert!(text.contains("\\u{1b}[2J"), "the owner is shown, escaped");
    let html = dir.path().join("report.html");
    let out = run(&[
        "verify",
        pack,
        "--trust",
        trust,
        "--html",
        html.to_str().expect("utf8"),
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let page = std::fs::read_to_string(&html).expect("html written");
    assert_inert_html(&page);
    assert!(page.contains("data-testid=\"seal-cosignature\""));
    assert!(page.contains("&lt;script&gt;"), "markup is shown as text");
}
