//! Every sample pack's text and HTML reports in each language: no message
//! missing or unformatted, the words of the language (not English's), the
//! page's `lang`, and English exactly as the functions without a language
//! write it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_core::{verify, Limits, Report, TrustStore};
use proofpack_render::i18n::{Language, Messages, MISSING_MARK};
use proofpack_render::{html, text};
use std::path::{Path, PathBuf};

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sample-packs")
}

fn sample_reports() -> Vec<Report> {
    let trust = TrustStore::load(&samples().join("trust.json")).expect("the sample trust store");
    let mut packs: Vec<PathBuf> = std::fs::read_dir(samples())
        .expect("sample-packs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".tar.gz"))
        .collect();
    packs.sort();
    assert!(packs.len() >= 4, "{packs:?}");
    packs
        .iter()
        .map(|p| {
            let file = std::fs::File::open(p).expect("pack");
            verify(
                file,
                &p.display().to_string(),
                Some(&trust),
                &Limits::default(),
            )
            .expect("a report")
        })
        .collect()
}

/// The reports of the public vectors of revision 3 (§21, §22), each with
/// its own trust store: witnessed times, seals, and their codes.
fn revision_3_reports() -> Vec<Report> {
    vector_reports(|name| name.starts_with("seal-") || name.starts_with("witnessed-"))
}

/// The reports of the public vectors whose name `keep` keeps, each with
/// its own trust store.
fn vector_reports(keep: impl Fn(&str) -> bool) -> Vec<Report> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
    let expected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("expected.json")).expect("expected"))
            .expect("JSON");
    let vectors = expected["vectors"].as_array().expect("vectors");
    vectors
        .iter()
        .filter(|v| keep(v["name"].as_str().unwrap_or_default()))
        .map(|v| {
            let trust = v["trust"]
                .as_str()
                .map(|t| TrustStore::load(&dir.join(t)).expect("the vector's trust store"));
            let pack = dir.join(v["pack"].as_str().expect("pack"));
            let file = std::fs::File::open(&pack).expect("pack");
            verify(
                file,
                &pack.display().to_string(),
                trust.as_ref(),
                &Limits::default(),
            )
            .expect("a report")
        })
        .collect()
}

#[test]
fn revision_3_reports_are_whole_in_every_language() {
    let reports = revision_3_reports();
    assert_eq!(reports.len(), 9);
    let sealed = reports.iter().filter(|r| r.seal().is_some()).count();
    assert_eq!(sealed, 4);
    for r in &reports {
        for language in Language::ALL {
            let (words, plain, page, what) = rendered(r, language);
            // The witnessed time's row and the seal's section, in the language.
            assert!(plain.contains(&words.text("text-sla-witnessed")), "{what}");
            assert!(plain.contains(&words.text("text-seal")), "{what}");
            assert!(page.contains(&words.text("html-seal")), "{what}");
            assert!(page.contains(&words.text("html-sla-witnessed")), "{what}");
            match r.seal() {
                Some(seal) => {
                    let holds = words.text(if seal.holds {
                        "seal-holds"
                    } else {
                        "seal-does-not-hold"
                    });
                    assert!(plain.contains(&holds) && page.contains(&holds), "{what}");
                }
                None => assert!(plain.contains(&words.text("text-seal-none")), "{what}"),
            }
            // The explanation of every code found, in the language.
            for f in r.findings() {
                let e = proofpack_render::explain::explanation_in(f.code(), language);
                assert!(page.contains(e.meaning), "{what}: {}", f.code());
            }
        }
    }
}

/// One report's words, text, page and name in a language, each whole.
fn rendered(r: &Report, language: Language) -> (Messages, String, String, String) {
    let plain = text::report_in(r, text::Style::default(), language);
    let page = html::report_in(r, language);
    let what = format!("{language} {:?}", r.meta().input);
    assert_complete(&plain, &what);
    assert_complete(&page, &what);
    (Messages::new(language), plain, page, what)
}

/// Nothing a message file failed to give: no marker, no unfilled `{ $x }`.
fn assert_complete(output: &str, what: &str) {
    assert!(
        !output.contains(MISSING_MARK),
        "{what}: a message is missing"
    );
    assert!(
        !output.contains("{$") && !output.contains("{ $"),
        "{what}: a placeholder is unfilled"
    );
}

/// The lines that are a heading of ours (`tiers:`, `sla:`): English ones
/// must not appear in another language's report.
fn english_headings() -> Vec<String> {
    let en = Messages::new(Language::En);
    ["text-pack", "text-tiers", "text-sla", "text-attestation"]
        .into_iter()
        .map(|id| en.text(id))
        .collect()
}

#[test]
fn every_sample_report_is_whole_in_every_language() {
    let reports = sample_reports();
    for r in &reports {
        let english_text = text::report_in(r, text::Style::default(), Language::En);
        let english_page = html::report_in(r, Language::En);
        assert_eq!(english_text, text::report(r, text::Style::default()));
        assert_eq!(english_page, html::report(r));
        for language in Language::ALL {
            let (words, plain, page, what) = rendered(r, language);
            assert!(
                page.contains(&format!("<html lang=\"{}\">", language.tag())),
                "{what}"
            );
            // The verdict's meaning, in the language, on both.
            let meaning = words.verdict_meaning(r.verdict());
            assert!(plain.contains(&meaning), "{what}");
            assert!(page.contains(&meaning), "{what}");
            if language != Language::En {
                assert_ne!(plain, english_text, "{what}");
                assert_ne!(page, english_page, "{what}");
                for heading in english_headings() {
                    assert!(
                        !plain.lines().any(|l| l == heading),
                        "{what}: the English heading {heading:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn known_phrases_are_translated() {
    let reports = sample_reports();
    let r = reports
        .iter()
        .find(|r| !r.findings().is_empty())
        .expect("a sample with findings");
    for (language, text_phrase, page_phrase) in [
        (
            Language::Fr,
            "contrôles réussis (",
            "Ce qu'il faut demander",
        ),
        (
            Language::De,
            "bestandene Prüfungen (",
            "Was Sie nachfragen sollten",
        ),
    ] {
        let plain = text::report_in(r, text::Style::default(), language);
        let page = html::report_in(r, language);
        assert!(plain.contains(text_phrase), "{language}");
        assert!(page.contains(page_phrase), "{language}");
    }
}

#[test]
fn the_english_words_of_passed_checks_are_the_cores() {
    let reports = sample_reports();
    let en = Messages::new(Language::En);
    let mut seen = 0;
    for r in &reports {
        for passed in r.passed() {
            assert_eq!(en.passed(passed.code()), passed.message());
            seen += 1;
        }
    }
    assert!(seen >= 5);
}

#[test]
fn the_batch_line_keeps_the_codes_in_every_language() {
    for r in &sample_reports() {
        let english = text::line(r, text::Style::default());
        for language in [Language::Fr, Language::De] {
            let line = text::line_in(r, text::Style::default(), language);
            let codes = |l: &str| l.split("  ").last().unwrap_or_default().to_owned();
            assert_eq!(codes(&line), codes(&english), "{language}");
            assert!(line.starts_with(&Messages::new(language).verdict(r.verdict())));
        }
    }
}

/// Every pack whose §6 rule the core wrote: the samples and the vectors.
fn packs_with_rules() -> Vec<Report> {
    let vectors = samples().join("../tests/vectors");
    let expected: serde_json::Value = serde_json::from_slice(
        &std::fs::read(vectors.join("expected.json")).expect("expected.json"),
    )
    .expect("expected.json is JSON");
    let mut reports = sample_reports();
    for v in expected["vectors"].as_array().expect("vectors") {
        let trust = vectors.join(v["trust"].as_str().unwrap_or("trust.json"));
        let trust = TrustStore::load(&trust).expect("a vector's trust store");
        let pack = vectors.join(v["pack"].as_str().expect("pack"));
        let file = std::fs::File::open(&pack).expect("pack");
        reports.push(verify(file, "vector", Some(&trust), &Limits::default()).expect("a report"));
    }
    reports.retain(|r| r.sla().rule.is_some());
    reports
}

#[test]
fn the_sla_rule_in_english_is_the_cores_and_is_translated() {
    let reports = packs_with_rules();
    let mut kinds = std::collections::BTreeSet::new();
    for r in &reports {
        let rule = r.sla().rule.as_deref().expect("a rule");
        assert_eq!(text::sla_rule_in(r, Language::En).as_deref(), Some(rule));
        kinds.insert((r.pack().legal_basis, r.sla().extension_applied));
        for language in [Language::Fr, Language::De] {
            let words = text::sla_rule_in(r, language).expect("a rule");
            assert_complete(&words, "the SLA rule");
            assert_ne!(words, rule, "{language}: the rule is still English");
            // The HTML report states it in the reader's words.
            assert!(html::report_in(r, language).contains(&words.replace('\'', "&#39;")));
        }
    }
    // Extended, extensible but not extended, and not extensible.
    assert!(kinds.len() >= 3, "{kinds:?}");
}

#[test]
fn finding_messages_are_the_cores_in_english_and_translated() {
    let mut reports = vector_reports(|_| true);
    assert!(reports.len() >= 41, "{}", reports.len());
    reports.extend(sample_reports());
    let (mut with_id, mut without_id) = (0, Vec::new());
    for r in &reports {
        for f in r.findings() {
            let english = Messages::new(Language::En).finding(f);
            // The §13 `message` is the English rendering of id and values.
            assert_eq!(english, f.message(), "{}", f.code());
            if f.message_id().is_none() {
                without_id.push(f.code());
                continue;
            }
            with_id += 1;
            for language in [Language::Fr, Language::De] {
                let shown = Messages::new(language).finding(f);
                assert_ne!(shown, f.message(), "{language} {}: English", f.code());
                assert_complete(&shown, &format!("{language} {}", f.code()));
            }
        }
    }
    assert!(with_id > 40, "{with_id} findings with a message id");
    // Every finding of the vectors and samples has its message in every language.
    assert!(without_id.is_empty(), "English only: {without_id:?}");
}

#[test]
fn a_french_text_report_has_no_english_finding_message() {
    let reports = vector_reports(|name| !name.starts_with("valid-"));
    for r in &reports {
        let plain = text::report_in(r, text::Style::default(), Language::Fr);
        for f in r.findings().iter().filter(|f| f.message_id().is_some()) {
            assert!(
                !plain.contains(f.message()),
                "{}: {}",
                f.code(),
                f.message()
            );
        }
    }
}

#[test]
fn register_findings_are_written_in_the_readers_language() {
    use proofpack_register::{Collector, Options};
    use proofpack_spec::timestamp::Timestamp;
    let trust =
        TrustStore::from_json(&std::fs::read(samples().join("trust.json")).unwrap()).unwrap();
    let options = Options::new(&trust, Timestamp::parse("2026-12-01T00:00:00Z").unwrap());
    let mut collector = Collector::new(&options);
    // The same pack under two names, and a late pack with open items long
    // overdue by as_of: `register.duplicate_file` and `register.overdue`.
    for name in [
        "complete-gdpr.tar.gz",
        "complete-gdpr.tar.gz",
        "late-ccpa.tar.gz",
    ] {
        let file = std::fs::File::open(samples().join(name));
        collector.add(name, file).unwrap();
    }
    let register = collector.finish();
    assert!(!register.findings().is_empty());
    let english = proofpack_render::register::text(&register, Language::En);
    for f in register.findings() {
        assert!(english.contains(&f.message), "{}: {}", f.code, f.message);
        for language in [Language::Fr, Language::De] {
            let said = Messages::new(language).register_finding(f);
            assert_ne!(said, f.message, "{language}: {}", f.code);
            assert!(!said.starts_with(MISSING_MARK), "{language}: {}", f.code);
            let plain = proofpack_render::register::text(&register, language);
            assert!(!plain.contains(&f.message), "{language}: {}", f.message);
            assert!(plain.contains(&said), "{language}: {said}");
        }
    }
}
