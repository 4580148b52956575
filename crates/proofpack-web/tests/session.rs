//! The browser's session in plain Rust (what the worker calls): the same
//! reports, registers and exports as the CLI's calls, `meta.verifier`
//! naming this build, and typed errors.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_core::{verify, Limits, TrustStore};
use proofpack_register::{register, Options, PackInput};
use proofpack_render::i18n::Language;
use proofpack_render::views::{AppError, ExportFormat, RegisterFormat};
use proofpack_spec::timestamp::Timestamp;
use proofpack_web::session::{
    folder_packs, preferred_language, RegisterInput, RegisterQuery, Session, TrustFile, VERIFIER,
};
use std::path::{Path, PathBuf};

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sample-packs")
}

fn trust_bytes() -> Vec<u8> {
    std::fs::read(samples().join("trust.json")).expect("the sample trust store")
}

fn trust(bytes: &[u8]) -> TrustFile<'_> {
    TrustFile {
        bytes,
        name: "trust.json",
        modified_ms: Some(1_780_000_000_000.0),
    }
}

fn packs() -> Vec<PathBuf> {
    let mut packs: Vec<PathBuf> = std::fs::read_dir(samples())
        .expect("sample-packs/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".tar.gz"))
        .collect();
    packs.sort();
    packs
}

/// A pretty report's bytes before its last member, `meta`.
fn without_meta(bytes: &[u8]) -> &[u8] {
    let text = std::str::from_utf8(bytes).expect("UTF-8");
    let at = text.rfind("\n  \"meta\": {").expect("meta");
    &bytes[..at]
}

#[test]
fn a_pack_verifies_as_the_core_verifies_it_and_names_this_build() {
    let bytes = trust_bytes();
    let store = TrustStore::load(&samples().join("trust.json")).expect("store");
    let mut session = Session::new();
    for (job, path) in packs().iter().enumerate() {
        let job = job as u64;
        let pack = std::fs::read(path).expect("pack");
        let verified = session
            .verify(
                job,
                &pack[..],
                "pack.tar.gz",
                Some(trust(&bytes)),
                Language::En,
            )
            .expect("a report");
        let core =
            verify(&pack[..], "pack.tar.gz", Some(&store), &Limits::default()).expect("report");
        assert_eq!(
            verified.report.verdict(),
            core.verdict(),
            "{}",
            path.display()
        );
        assert_eq!(verified.report.meta().verifier, VERIFIER);
        assert_eq!(
            verified.trust.as_ref().map(|t| t.info.sha256.as_str()),
            Some(store.identity().sha256.as_str())
        );
        // The export is `verify --json`'s bytes but for meta.
        let exported = session
            .export_report(job, ExportFormat::Json, Language::En)
            .expect("JSON");
        let mut cli = Vec::new();
        proofpack_render::json::pretty(&mut cli, &core).expect("JSON");
        cli.push(b'\n');
        assert_eq!(without_meta(&exported), without_meta(&cli));
        let html = session
            .export_report(job, ExportFormat::Html, Language::Fr)
            .expect("HTML");
        assert!(String::from_utf8(html)
            .expect("UTF-8")
            .contains("lang=\"fr\""));
    }
}

#[test]
fn what_is_closed_is_no_longer_kept_and_errors_are_typed() {
    let bytes = trust_bytes();
    let pack = std::fs::read(samples().join("complete-gdpr.tar.gz")).expect("pack");
    let mut session = Session::new();
    session
        .verify(7, &pack[..], "p", Some(trust(&bytes)), Language::En)
        .expect("report");
    assert!(session.shown(7, Language::De).is_ok());
    assert!(session.close(7));
    assert_eq!(
        session.shown(7, Language::En).err(),
        Some(AppError::UnknownReport { job: 7 })
    );
    let not_a_store = TrustFile {
        bytes: b"{not json",
        name: "bad.json",
        modified_ms: None,
    };
    let refused = session.verify(8, &pack[..], "p", Some(not_a_store), Language::En);
    assert!(matches!(refused, Err(AppError::TrustStore { path, .. }) if path == "bad.json"));
    // A pack that is not gzip is a report (invalid), not an error.
    let report = session
        .verify(9, &b"not a pack"[..], "p", None, Language::En)
        .expect("a report");
    assert_eq!(report.report.verdict().as_str(), "invalid");
}

#[test]
fn a_register_from_readers_is_the_register_crates() {
    let bytes = trust_bytes();
    let store = TrustStore::load(&samples().join("trust.json")).expect("store");
    let as_of = "2026-12-01T00:00:00Z";
    let paths = packs();
    let inputs: Vec<RegisterInput> = paths
        .iter()
        .map(|p| RegisterInput {
            file: p
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned(),
            handle: Some(format!("handle of {}", p.display())),
        })
        .collect();
    let query = RegisterQuery {
        packs: &inputs,
        trust: trust(&bytes),
        as_of: Some(as_of),
    };
    let mut progress = Vec::new();
    let view = Session::new()
        .register(
            3,
            &query,
            Language::En,
            |i| std::fs::File::open(&paths[i]),
            |p| progress.push(p.done),
        )
        .expect("a register");
    assert_eq!(progress.last(), Some(&paths.len()));
    let direct = register(
        inputs
            .iter()
            .zip(&paths)
            .map(|(i, p)| PackInput::path(i.file.clone(), p.clone()))
            .collect(),
        &Options::new(&store, Timestamp::parse(as_of).expect("as_of")),
    )
    .expect("a register");
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    proofpack_render::json::pretty_value(&mut ours, &view.register).expect("JSON");
    proofpack_render::json::pretty_value(&mut theirs, &direct).expect("JSON");
    assert_eq!(ours, theirs);
    assert_eq!(view.paths.len(), paths.len());
    assert!(view.paths.iter().all(Option::is_some));
    assert_eq!(view.exit, direct.exit_status());
    let mut session = Session::new();
    let view = session
        .register(
            4,
            &query,
            Language::En,
            |i| std::fs::File::open(&paths[i]),
            |_| {},
        )
        .expect("a register");
    assert_eq!(view.job, 4);
    let csv = session
        .export_register(4, RegisterFormat::Csv)
        .expect("CSV");
    assert_eq!(csv, proofpack_render::register::csv(&direct).into_bytes());
    // Without packs, or without a store: typed errors.
    let none = RegisterQuery {
        packs: &[],
        ..query
    };
    assert!(matches!(
        session.register(
            5,
            &none,
            Language::En,
            |i| std::fs::File::open(&paths[i]),
            |_| {}
        ),
        Err(AppError::BadRequest { .. })
    ));
}

#[test]
fn a_folder_gives_its_packs_as_the_cli_lists_a_folder() {
    let given: Vec<String> = ["d/b.tar.gz", "d/notes.txt", "d/sub/c.tar.gz", "d/a.tar.gz"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        folder_packs(&given),
        vec![(3, "a.tar.gz".to_owned()), (0, "b.tar.gz".to_owned())]
    );
}

#[test]
fn the_language_is_the_first_the_browser_prefers_that_there_are_words_in() {
    let tags = |t: &[&str]| t.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        preferred_language(&tags(&["ja", "de-AT", "fr"])),
        Language::De
    );
    assert_eq!(preferred_language(&tags(&["ja"])), Language::En);
}
