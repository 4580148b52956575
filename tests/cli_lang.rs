//! The reader's language on the command line: `--lang` and the locale
//! variables choose the words of the human report, the HTML page, the batch
//! lines and `explain`; never the exit status, the codes or the JSON. An
//! unknown `--lang` writes English with a note on stderr.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

const PACK: &str = "sample-packs/incomplete-cache-deferred.tar.gz";
const TRUST: &str = "sample-packs/trust.json";
const LOCALE: [&str; 4] = ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `proofpack ARGS` with the locale variables `env` (and no others).
fn run_with(env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_proofpack"));
    command.args(args).current_dir(root());
    for name in LOCALE {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.output().expect("runs")
}

fn run(args: &[&str]) -> Output {
    run_with(&[], args)
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8")
}

/// The report without its last line (the time of verification).
fn without_time(report: &str) -> String {
    let mut lines: Vec<&str> = report.lines().collect();
    lines.pop();
    lines.join("\n")
}

fn verify(lang: &[&str]) -> Output {
    let mut args = vec!["verify", PACK, "--trust", TRUST, "--color", "never"];
    args.extend_from_slice(lang);
    run(&args)
}

#[test]
fn lang_fr_and_de_change_the_words_not_the_status_or_the_codes() {
    let english = verify(&[]);
    let english_text = stdout(&english);
    assert_eq!(english.status.code(), Some(4));
    for tag in ["fr", "de", "fr-CH", "de_DE.UTF-8"] {
        let out = verify(&["--lang", tag]);
        let text = stdout(&out);
        assert_eq!(out.status.code(), english.status.code(), "{tag}");
        assert!(
            out.stderr.is_empty(),
            "{tag}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_ne!(without_time(&text), without_time(&english_text), "{tag}");
        for code in ["steps.deferred", "probes.residue", "receipts.pending"] {
            assert!(text.contains(code), "{tag}: {code}");
        }
    }
    assert!(stdout(&verify(&["--lang", "fr"])).starts_with("verdict : incomplet"));
    assert!(stdout(&verify(&["--lang", "de"])).starts_with("Urteil: unvollständig"));
    // Before the subcommand too: the option is global.
    let first = run(&["--lang", "fr", "verify", PACK, "--trust", TRUST]);
    assert!(stdout(&first).starts_with("verdict : incomplet"));
}

#[test]
fn an_unknown_lang_writes_english_with_a_note_and_the_same_status() {
    let english = verify(&[]);
    for tag in ["xx", "klingon", ""] {
        let out = verify(&["--lang", tag]);
        assert_eq!(out.status.code(), english.status.code(), "{tag:?}");
        assert_eq!(
            without_time(&stdout(&out)),
            without_time(&stdout(&english)),
            "{tag:?}"
        );
        let note = String::from_utf8_lossy(&out.stderr);
        assert!(
            note.contains(&format!("{tag:?}")) && note.lines().count() == 1,
            "{note}"
        );
    }
    // Without a trust store the status is another, and still the same.
    let untrusted = run(&["verify", PACK]);
    let unknown = run(&["verify", PACK, "--lang", "xx"]);
    assert_eq!(unknown.status.code(), untrusted.status.code());
    assert_eq!(unknown.status.code(), Some(5));
}

#[test]
fn the_locale_chooses_the_language_and_lang_overrides_it() {
    let args = ["verify", PACK, "--trust", TRUST];
    let in_german = run_with(&[("LANG", "de_DE.UTF-8")], &args);
    assert!(stdout(&in_german).starts_with("Urteil: "));
    let messages = run_with(
        &[("LANG", "de_DE.UTF-8"), ("LC_MESSAGES", "fr_FR.UTF-8")],
        &args,
    );
    assert!(stdout(&messages).starts_with("verdict : "));
    let c = run_with(&[("LANG", "fr_FR.UTF-8"), ("LC_ALL", "C")], &args);
    let english = run(&args);
    assert_eq!(without_time(&stdout(&c)), without_time(&stdout(&english)));
    let mut overridden = args.to_vec();
    overridden.extend(["--lang", "en"]);
    let by_flag = run_with(&[("LANG", "de_DE.UTF-8")], &overridden);
    assert_eq!(
        without_time(&stdout(&by_flag)),
        without_time(&stdout(&english))
    );
    // A locale with no messages is English, with no note (only --lang notes).
    let spanish = run_with(&[("LANG", "es_ES.UTF-8")], &args);
    assert!(spanish.stderr.is_empty());
    assert_eq!(
        without_time(&stdout(&spanish)),
        without_time(&stdout(&english))
    );
}

#[test]
fn json_is_the_same_in_every_language() {
    let json = |lang: &str| -> Value {
        let out = run(&["verify", PACK, "--trust", TRUST, "--json", "--lang", lang]);
        let mut v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        v.as_object_mut().expect("object").remove("meta");
        v
    };
    assert_eq!(json("fr"), json("en"));
    assert_eq!(json("de"), json("en"));
    let explain = |lang: &str| run(&["explain", "--all", "--json", "--lang", lang]).stdout;
    assert_eq!(explain("fr"), explain("en"));
    assert_eq!(explain("de"), explain("en"));
}

#[test]
fn the_html_report_names_its_language() {
    let dir = tempfile::tempdir().expect("dir");
    for tag in ["en", "fr", "de"] {
        let page = dir.path().join(format!("{tag}.html"));
        let page_arg = page.to_string_lossy().into_owned();
        let out = run(&[
            "verify", PACK, "--trust", TRUST, "-q", "--html", &page_arg, "--lang", tag,
        ]);
        assert_eq!(out.status.code(), Some(4));
        let html = std::fs::read_to_string(&page).expect("the page");
        assert!(html.contains(&format!("<html lang=\"{tag}\">")), "{tag}");
        assert!(html.contains("data-code=\"probes.residue\""), "{tag}");
    }
}

#[test]
fn explain_and_batch_lines_follow_the_language() {
    let english = stdout(&run(&["explain", "receipts.not_api"]));
    let french = stdout(&run(&["explain", "receipts.not_api", "--lang", "fr"]));
    assert!(
        french.starts_with("receipts.not_api  (incomplet)"),
        "{french}"
    );
    assert_ne!(french, english);
    assert_eq!(french.lines().count(), english.lines().count());
    let batch = |lang: &str| run(&["verify", "sample-packs", "--trust", TRUST, "--lang", lang]);
    let (en, de) = (batch("en"), batch("de"));
    assert_eq!(en.status.code(), de.status.code());
    let codes = |out: &Output| -> Vec<String> {
        stdout(out)
            .lines()
            .filter(|l| l.contains(".tar.gz"))
            .map(|l| l.split(".tar.gz").nth(1).unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(codes(&en), codes(&de));
    assert_ne!(stdout(&en), stdout(&de));
}
