//! Command-level tests: the app's IPC commands through `tauri::test`'s mock
//! runtime (no display), with the app's own capability and permissions. They
//! assert verdicts, finding codes and error kinds, never wording.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_app_lib::service::{self, AppState, AuthorRequest, Startup, VerifyRequest};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::WebviewWindow;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn sample(name: &str) -> String {
    root().join("sample-packs").join(name).display().to_string()
}

fn window(startup: Startup) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    window_with(AppState::new(startup, None))
}

fn invoke(webview: &WebviewWindow<MockRuntime>, cmd: &str, body: Value) -> Result<Value, Value> {
    get_ipc_response(
        webview,
        InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().expect("url"),
            body: InvokeBody::Json(body),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        },
    )
    .map(|b| b.deserialize::<Value>().expect("json"))
}

/// `verify_pack` as the UI calls it: a job id from `new_job` first.
fn verify(w: &WebviewWindow<MockRuntime>, path: &str, trust: Option<&str>) -> Result<Value, Value> {
    let job = invoke(w, "new_job", json!({})).expect("a job id");
    invoke(
        w,
        "verify_pack",
        json!({"job": job, "request": {"path": path, "trust": trust}}),
    )
}

fn cli_verdict(pack: &str, trust: Option<&str>) -> (String, Vec<String>) {
    let store = trust.map(|t| {
        proofpack_core::TrustStore::from_json(&std::fs::read(t).expect("store")).expect("valid")
    });
    let report = proofpack_core::verify(
        std::fs::File::open(pack).expect("pack"),
        "pack.tar.gz",
        store.as_ref(),
        &Default::default(),
    )
    .expect("verifies");
    let mut codes: Vec<String> = report
        .findings()
        .iter()
        .map(|f| f.code().to_string())
        .collect();
    codes.sort();
    (report.verdict().to_string(), codes)
}

#[test]
fn startup_gives_the_command_line() {
    let startup = service::parse_args(
        ["proofpack-app", "a.tar.gz", "b.tar.gz", "--trust", "t.json"].map(Into::into),
    );
    assert_eq!(startup.packs, vec!["a.tar.gz", "b.tar.gz"]);
    assert_eq!(startup.trust.as_deref(), Some("t.json"));
    assert!(
        service::parse_args(["proofpack-app", "--bogus"].map(Into::into))
            .error
            .is_some()
    );
    let (_app, w) = window(startup);
    let got = invoke(&w, "startup", json!({})).expect("startup");
    assert_eq!(got["packs"], json!(["a.tar.gz", "b.tar.gz"]));
    assert_eq!(got["trust"], "t.json");
}

#[test]
fn every_sample_verifies_as_the_cli_says() {
    let (_app, w) = window(Startup::default());
    let trust = sample("trust.json");
    for name in [
        "complete-gdpr.tar.gz",
        "late-ccpa.tar.gz",
        "incomplete-cache-deferred.tar.gz",
        "exempt-art17-3.tar.gz",
    ] {
        let pack = sample(name);
        for store in [Some(trust.as_str()), None] {
            let got = verify(&w, &pack, store).expect("verifies");
            let (verdict, codes) = cli_verdict(&pack, store);
            assert_eq!(got["report"]["verdict"], verdict, "{name}");
            let mut shown: Vec<String> = got["report"]["findings"]
                .as_array()
                .expect("findings")
                .iter()
                .map(|f| f["code"].as_str().expect("code").to_owned())
                .collect();
            shown.sort();
            assert_eq!(shown, codes, "{name}");
            assert!(got["sla_svg"]
                .as_str()
                .is_some_and(|s| s.starts_with("<svg")));
        }
    }
}

#[test]
fn unreadable_inputs_are_typed_errors() {
    let (_app, w) = window(Startup::default());
    let err = verify(&w, "/no/such/pack.tar.gz", None).expect_err("no such file");
    assert_eq!(err["kind"], "read");
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{").expect("write");
    let bad = bad.display().to_string();
    let err = verify(&w, &sample("complete-gdpr.tar.gz"), Some(&bad)).expect_err("bad store");
    assert_eq!(err["kind"], "trust_store");
    let err = invoke(&w, "load_trust_store", json!({"path": bad})).expect_err("bad store");
    assert_eq!(err["kind"], "trust_store");
}

#[test]
fn export_never_overwrites_silently() {
    let (_app, w) = window(Startup::default());
    let got =
        verify(&w, &sample("late-ccpa.tar.gz"), Some(&sample("trust.json"))).expect("verifies");
    let job = got["job"].as_u64().expect("the job id");
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("r.html");
    let args = json!({"job": job, "format": "html", "path": out, "overwrite": false});
    invoke(&w, "export_report", args.clone()).expect("written");
    assert!(std::fs::read_to_string(&out)
        .expect("html")
        .contains("data-verdict=\"late\""));
    let err = invoke(&w, "export_report", args).expect_err("exists");
    assert_eq!(err["kind"], "exists");
    let json_out = dir.path().join("r.json");
    invoke(
        &w,
        "export_report",
        json!({"job": job, "format": "json", "path": json_out, "overwrite": false}),
    )
    .expect("written");
    let report: Value =
        serde_json::from_slice(&std::fs::read(&json_out).expect("json")).expect("valid");
    assert_eq!(report["verdict"], "late");
    let err = invoke(
        &w,
        "export_report",
        json!({"job": 999, "format": "json", "path": json_out, "overwrite": true}),
    )
    .expect_err("unknown");
    assert_eq!(err["kind"], "unknown_report");
}

#[test]
fn job_ids_come_from_the_service_and_run_once() {
    let (_app, w) = window(Startup::default());
    let request = json!({"path": sample("complete-gdpr.tar.gz"), "trust": null});
    let err = invoke(&w, "verify_pack", json!({"job": 4242, "request": request}))
        .expect_err("not given out");
    assert_eq!(err["kind"], "unknown_job");
    let job = invoke(&w, "new_job", json!({})).expect("a job id");
    let other = invoke(&w, "new_job", json!({})).expect("a job id");
    assert_ne!(job, other);
    let got = invoke(&w, "verify_pack", json!({"job": job, "request": request})).expect("runs");
    assert_eq!(got["job"], job);
    let err = invoke(&w, "verify_pack", json!({"job": job, "request": request}))
        .expect_err("a job runs once");
    assert_eq!(err["kind"], "unknown_job");
}

#[test]
fn a_closed_pack_drops_its_report() {
    let (_app, w) = window(Startup::default());
    let got = verify(&w, &sample("late-ccpa.tar.gz"), None).expect("verifies");
    let job = &got["job"];
    assert_eq!(
        invoke(&w, "close_pack", json!({"job": job})),
        Ok(json!(true))
    );
    assert_eq!(
        invoke(&w, "close_pack", json!({"job": job})),
        Ok(json!(false))
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let err = invoke(
        &w,
        "export_report",
        json!({"job": job, "format": "json", "path": dir.path().join("r.json"), "overwrite": false}),
    )
    .expect_err("dropped");
    assert_eq!(err["kind"], "unknown_report");
}

#[test]
fn only_the_most_recent_reports_are_kept() {
    let state = AppState::new(Startup::default(), None);
    let request = VerifyRequest {
        path: sample("complete-gdpr.tar.gz"),
        trust: None,
    };
    let jobs: Vec<u64> = (0..=service::KEPT_REPORTS)
        .map(|_| {
            let job = service::new_job(&state);
            service::verify_pack(&state, job, &request, |_| {}).expect("verifies");
            job
        })
        .collect();
    let dir = tempfile::tempdir().expect("tempdir");
    let export = |job: u64, name: &str| {
        let path = dir.path().join(name).display().to_string();
        service::export_report(&state, job, service::ExportFormat::Json, &path, false)
    };
    assert_eq!(
        export(jobs[0], "first.json"),
        Err(proofpack_app_lib::error::AppError::UnknownReport { job: jobs[0] }),
        "the oldest is evicted"
    );
    for (i, job) in jobs[1..].iter().enumerate() {
        export(*job, &format!("{i}.json")).expect("kept");
    }
}

#[test]
fn explanations_cover_every_code() {
    use proofpack_render::explain::explanation_in;
    use proofpack_render::i18n::Language;
    use std::collections::BTreeMap;
    let (_app, w) = window(Startup::default());
    let mut by_language = BTreeMap::new();
    for language in Language::ALL {
        invoke(&w, "set_language", json!({"language": language.tag()})).expect("a language");
        let all = invoke(&w, "explanations", json!({})).expect("explanations");
        // Each code once, by its §12 string, with its effect and the
        // renderer's explanation in the language chosen.
        let mut by_code = BTreeMap::new();
        for e in all.as_array().expect("array") {
            let code = e["code"].as_str().expect("a code").to_owned();
            assert!(
                by_code.insert(code.clone(), e.clone()).is_none(),
                "{language}: {code} twice"
            );
        }
        for code in proofpack_core::Code::ALL {
            let got = by_code
                .remove(code.as_str())
                .unwrap_or_else(|| panic!("{language}: no explanation of {code}"));
            let want = explanation_in(*code, language);
            assert_eq!(got["effect"], json!(code.effect()), "{language} {code}");
            assert_eq!(
                [&got["meaning"], &got["why"], &got["ask"]],
                [want.meaning, want.why, want.ask]
                    .map(|t| json!(t))
                    .each_ref(),
                "{language} {code}"
            );
        }
        assert!(by_code.is_empty(), "{language}: not codes: {by_code:?}");
        by_language.insert(language.tag(), all);
    }
    // The menu's language is the one served: no two languages alike.
    assert_ne!(by_language["en"], by_language["fr"]);
    assert_ne!(by_language["en"], by_language["de"]);
    assert_ne!(by_language["fr"], by_language["de"]);
}

#[test]
fn the_remembered_store_is_kept_and_forgotten() {
    let dir = tempfile::tempdir().expect("tempdir");
    let settings = dir.path().join("settings.json");
    let state = AppState::new(Startup::default(), Some(settings.clone()));
    assert_eq!(service::startup(&state).remembered_trust, None);
    let view = service::remember_trust_store(&state, &sample("trust.json")).expect("usable");
    assert_eq!(view.info.keys, 2);
    assert_eq!(view.key_views.len(), 2);
    assert!(view
        .key_views
        .iter()
        .all(|k| k.fingerprint.starts_with("SHA256:")));
    assert!(view.modified.is_some());
    let again = AppState::new(Startup::default(), Some(settings.clone()));
    assert_eq!(
        service::startup(&again).remembered_trust.as_deref(),
        Some(sample("trust.json").as_str())
    );
    // An unusable store is not remembered.
    assert!(service::remember_trust_store(&again, "/no/such/store.json").is_err());
    service::forget_trust_store(&again).expect("forgets");
    assert_eq!(service::startup(&again).remembered_trust, None);
}

/// A pack with a 3 MiB attachment, so that reading it reports progress.
fn big_pack(dir: &Path) -> String {
    let evidence_dir = root().join("sample-packs/evidence/complete-gdpr");
    let mut evidence =
        proofpack_author::pack::Evidence::from_dir(&evidence_dir).expect("sample evidence");
    let noise: Vec<u8> = (0..3u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    evidence
        .members
        .push(("attachments/big.bin".to_owned(), noise.into()));
    let key = ed25519_dalek::SigningKey::from_bytes(&[9u8; 32]);
    let at = proofpack_spec::timestamp::Timestamp::parse("2026-04-22T16:02:00Z").expect("time");
    let bytes = proofpack_author::pack::sign_unchecked(&evidence, &key, &at, true).expect("signs");
    let path = dir.join("big.tar.gz");
    std::fs::write(&path, bytes).expect("write");
    path.display().to_string()
}

#[test]
fn verification_reports_progress_and_can_be_cancelled() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = big_pack(dir.path());
    let state = AppState::new(Startup::default(), None);
    let request = VerifyRequest {
        path: pack,
        trust: None,
    };
    let mut seen = Vec::new();
    let job = service::new_job(&state);
    let done = service::verify_pack(&state, job, &request, |p| seen.push(p)).expect("verifies");
    assert!(seen.len() >= 2, "progress while reading: {seen:?}");
    assert!(seen.windows(2).all(|w| w[0].read <= w[1].read));
    assert_eq!(seen.last().map(|p| p.read), Some(seen[0].total));
    assert_eq!(done.report.verdict(), proofpack_core::Verdict::Untrusted);
    // Cancelled at the first progress report: no verdict, a typed error.
    let job = service::new_job(&state);
    let err = service::verify_pack(&state, job, &request, |_| {
        assert!(service::cancel_verification(&state, job));
    })
    .expect_err("cancelled");
    assert_eq!(err, proofpack_app_lib::error::AppError::Cancelled);
    assert!(
        !service::cancel_verification(&state, job),
        "no longer under way"
    );
    // Cancelled between `new_job` and the verification's start: the same.
    let job = service::new_job(&state);
    assert!(service::cancel_verification(&state, job));
    let err = service::verify_pack(&state, job, &request, |_| {}).expect_err("cancelled");
    assert_eq!(err, proofpack_app_lib::error::AppError::Cancelled);
}

fn sample_key(dir: &Path) -> String {
    let path = dir.join("dpo.pem");
    proofpack_author::keys::write_private_key(&path, &proofpack_samples::dpo_key())
        .expect("key written");
    path.display().to_string()
}

#[test]
fn author_mode_has_the_refusals_of_pack() {
    let dir = tempfile::tempdir().expect("tempdir");
    let evidence = dir.path().join("evidence");
    copy_dir(
        &root().join("sample-packs/evidence/complete-gdpr"),
        &evidence,
    );
    let key = sample_key(dir.path());
    let (_app, w) = window(Startup::default());
    let request = json!({
        "dir": evidence, "key": key, "trust": sample("trust.json"),
        "accept_incomplete": false, "attestation": null, "signed_at": null
    });
    let folder = invoke(&w, "author_open", json!({"dir": evidence})).expect("opens");
    assert!(folder["attestation"]
        .as_str()
        .is_some_and(|a| !a.is_empty()));
    let check = invoke(&w, "author_check", json!({"request": request})).expect("checks");
    assert_eq!(check["would_sign"], true);
    assert_eq!(check["verdict"], "complete");
    assert_eq!(check["signing_key"]["state"], "listed");
    assert_eq!(check["refusal"], Value::Null);
    let out = dir.path().join("out.tar.gz");
    let signed = invoke(
        &w,
        "author_sign",
        json!({"request": request, "out": out, "overwrite": false}),
    )
    .expect("signs");
    assert_eq!(signed["outcome"], "signed");
    let (verdict, _) = cli_verdict(&out.display().to_string(), Some(&sample("trust.json")));
    assert_eq!(verdict, "complete");
    let err = invoke(
        &w,
        "author_sign",
        json!({"request": request, "out": out, "overwrite": false}),
    )
    .expect_err("exists");
    assert_eq!(err["kind"], "exists");

    // A store without the signing key: refused, with the entry to add.
    let mut store: Value =
        serde_json::from_slice(&std::fs::read(sample("trust.json")).expect("store")).expect("json");
    let keys = store["keys"].as_array_mut().expect("keys");
    keys.retain(|k| {
        k["roles"]
            .as_array()
            .is_some_and(|r| r.contains(&json!("audit_log")))
    });
    let log_only = dir.path().join("log-only.json");
    std::fs::write(&log_only, serde_json::to_vec(&store).expect("json")).expect("write");
    let mut req = request.clone();
    req["trust"] = json!(log_only);
    let check = invoke(&w, "author_check", json!({"request": req})).expect("checks");
    assert_eq!(check["would_sign"], false);
    assert_eq!(check["verdict"], "untrusted");
    assert_eq!(check["signing_key"]["state"], "missing");
    assert_eq!(check["refusal"]["kind"], "key_missing");
    assert_eq!(check["signing_key"]["entry"]["roles"], json!(["dpo"]));
    let out2 = dir.path().join("out2.tar.gz");
    let refused = invoke(
        &w,
        "author_sign",
        json!({"request": req, "out": out2, "overwrite": false}),
    )
    .expect("answers");
    assert_eq!(refused["outcome"], "refused");
    assert_eq!(refused["refusal"]["kind"], "key_missing");
    assert!(!out2.exists(), "nothing written");

    // The entry for recipients is the key's public half under the key id.
    let entry = invoke(
        &w,
        "author_trust_entry",
        json!({"dir": evidence, "key": key}),
    )
    .expect("entry");
    let entry: Value = serde_json::from_str(entry.as_str().expect("text")).expect("json");
    assert_eq!(entry["roles"], json!(["dpo"]));
}

#[test]
fn author_mode_needs_accept_incomplete_as_pack_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    let incomplete = dir.path().join("incomplete");
    copy_dir(
        &root().join("sample-packs/evidence/incomplete-cache-deferred"),
        &incomplete,
    );
    let (_app, w) = window(Startup::default());
    let mut req = json!({
        "dir": incomplete, "key": sample_key(dir.path()), "trust": sample("trust.json"),
        "accept_incomplete": false, "attestation": null, "signed_at": null
    });
    let check = invoke(&w, "author_check", json!({"request": req})).expect("checks");
    assert_eq!(check["would_sign"], false);
    assert_eq!(check["verdict"], "incomplete");
    assert_eq!(check["refusal"]["kind"], "needs_accept_incomplete");
    req["accept_incomplete"] = json!(true);
    let check = invoke(&w, "author_check", json!({"request": req})).expect("checks");
    assert_eq!(check["would_sign"], true);
}

#[test]
fn an_edited_attestation_is_signed_and_saved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let evidence = dir.path().join("evidence");
    copy_dir(
        &root().join("sample-packs/evidence/complete-gdpr"),
        &evidence,
    );
    let request = AuthorRequest {
        dir: evidence.display().to_string(),
        key: sample_key(dir.path()),
        trust: sample("trust.json"),
        accept_incomplete: false,
        accept_uncorroborated: false,
        attestation: Some("I, the DPO, attest to this erasure.\n".to_owned()),
        signed_at: Some("2026-04-22T16:02:00Z".to_owned()),
    };
    let out = dir.path().join("p.tar.gz").display().to_string();
    let state = AppState::new(Startup::default(), None);
    let outcome = service::author_sign(&state, &request, &out, false).expect("signs");
    assert!(matches!(outcome, service::SignOutcome::Signed { .. }));
    assert_eq!(
        std::fs::read_to_string(evidence.join("attestation.txt")).expect("saved"),
        "I, the DPO, attest to this erasure.\n"
    );
    // An attestation with no visible character is refused like any finding.
    let blank = AuthorRequest {
        attestation: Some(" \n".to_owned()),
        ..request
    };
    let check = service::author_check(&state, &blank).expect("checks");
    assert!(!check.would_sign);
    assert!(check
        .findings
        .iter()
        .any(|f| f.finding.code() == proofpack_core::Code::AttestationEmpty));
}

#[test]
fn dropped_files_become_paths() {
    let paths = vec![PathBuf::from("/tmp/a.tar.gz"), PathBuf::from("b.tar.gz")];
    assert_eq!(
        service::dropped_paths(&paths),
        vec!["/tmp/a.tar.gz", "b.tar.gz"]
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// Issue 17: a pack of 100,003 provenance artefacts (the sample's 3, then
/// 100,000 that derive from data never erased) gives the Provenance panel
/// its rows: capped at 100,000, the three reachable from a tombstone kept,
/// the one left out counted.
#[test]
fn provenance_artefacts_come_as_capped_rows() {
    use std::fmt::Write as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let evidence_dir = root().join("sample-packs/evidence/complete-gdpr");
    let mut evidence =
        proofpack_author::pack::Evidence::from_dir(&evidence_dir).expect("sample evidence");
    let mut jsonl = std::fs::read_to_string(evidence_dir.join("provenance.jsonl")).expect("jsonl");
    for scope in [
        "kept", "cache:c0", "cache:c1", "cache:c2", "cache:c3", "cache:c4", "cache:c5", "cache:c6",
    ] {
        let _ = writeln!(jsonl, "{{\"type\":\"scope\",\"scope\":\"{scope}\"}}");
    }
    for i in 0..100_000 {
        let state = if i % 2 == 0 { "live" } else { "tombstoned" };
        let _ = writeln!(
            jsonl,
            "{{\"type\":\"artifact\",\"scope\":\"cache:c{}\",\"key\":\"a{i:06}\",\"derived_from\":[{{\"scope\":\"kept\",\"key\":\"k\"}}],\"state\":\"{state}\"}}",
            i % 7
        );
    }
    let member = evidence
        .members
        .iter_mut()
        .find(|(path, _)| path == "provenance.jsonl")
        .expect("the sample has a provenance graph");
    member.1 = jsonl.into_bytes().into();
    let key = ed25519_dalek::SigningKey::from_bytes(&[9u8; 32]);
    let at = proofpack_spec::timestamp::Timestamp::parse("2026-04-22T16:02:00Z").expect("time");
    let bytes = proofpack_author::pack::sign_unchecked(&evidence, &key, &at, true).expect("signs");
    let path = dir.path().join("many-artefacts.tar.gz");
    std::fs::write(&path, bytes).expect("write");

    let (_app, w) = window(Startup::default());
    let got = verify(&w, &path.display().to_string(), None).expect("verifies");
    let p = &got["report"]["provenance"];
    assert_eq!(p["artifacts"], 100_003);
    let rows = p["artifact_rows"].as_array().expect("rows");
    assert_eq!(
        (rows.len(), p["artifact_rows_omitted"].as_u64()),
        (100_000, Some(3))
    );
    let reachable = rows.iter().filter(|r| r["reachable"] == true).count();
    assert_eq!(
        reachable as u64,
        p["reachable"].as_u64().expect("reachable")
    );
    let lines: Vec<u64> = rows
        .iter()
        .map(|r| r["line"].as_u64().expect("line"))
        .collect();
    assert!(lines.windows(2).all(|l| l[0] < l[1]), "in line order");
    assert!(
        rows.iter().any(|r| r["state"] == "live")
            && rows.iter().any(|r| r["state"] == "tombstoned")
    );
}

fn window_with(state: AppState) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let app = proofpack_app_lib::app_with(mock_builder(), state)
        .build(tauri::generate_context!())
        .expect("the app builds on the mock runtime");
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("the main window");
    (app, webview)
}

/// The `{name}` values of each template, by message id.
fn placeholders(strings: &Value) -> std::collections::BTreeMap<String, Vec<String>> {
    let object = strings.as_object().expect("strings by id");
    object
        .iter()
        .map(|(id, text)| {
            let text = text.as_str().expect("text");
            let mut names: Vec<String> = text
                .split('{')
                .skip(1)
                .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_owned()))
                .collect();
            names.sort();
            (id.clone(), names)
        })
        .collect()
}

#[test]
fn the_ui_speaks_each_language_and_remembers_the_choice() {
    use proofpack_render::i18n::{Language, Messages};
    let dir = tempfile::tempdir().expect("tempdir");
    let settings = dir.path().join("settings.json");
    let (_app, w) = window_with(AppState::new(Startup::default(), Some(settings.clone())));
    let english = invoke(&w, "set_language", json!({"language": "en"})).expect("English");
    assert_eq!(english["language"], "en");
    let tags: Vec<&str> = english["languages"]
        .as_array()
        .expect("languages")
        .iter()
        .map(|l| l["tag"].as_str().expect("tag"))
        .collect();
    assert_eq!(tags, ["en", "fr", "de"]);
    let ids = placeholders(&english["strings"]);
    assert!(ids.len() > 150, "{}", ids.len());
    assert!(ids.keys().all(|id| id.starts_with("ui-")));
    let pack = sample("late-ccpa.tar.gz");
    let trust = sample("trust.json");
    let english_job = verify(&w, &pack, Some(&trust)).expect("verifies");
    for (tag, language) in [("fr", Language::Fr), ("de", Language::De)] {
        let got = invoke(&w, "set_language", json!({"language": tag})).expect("switches");
        assert_eq!(got["language"], tag);
        assert_eq!(invoke(&w, "ui_strings", json!({})), Ok(got.clone()));
        // The same messages with the same values; nearly all in other words.
        assert_eq!(placeholders(&got["strings"]), ids, "{tag}");
        let differ = ids
            .keys()
            .filter(|id| got["strings"][id.as_str()] != english["strings"][id.as_str()])
            .count();
        assert!(
            differ * 10 > ids.len() * 8,
            "{tag}: only {differ} translated"
        );
        // The report's words, its pictures, explanations and exports follow.
        let verified = verify(&w, &pack, Some(&trust)).expect("verifies");
        let msg = Messages::new(language);
        assert_eq!(
            verified["words"]["verdict"],
            msg.verdict(proofpack_core::Verdict::Late)
        );
        let relabelled = invoke(&w, "shown", json!({"job": english_job["job"]})).expect("kept");
        assert_eq!(relabelled["words"], verified["words"]);
        assert_eq!(relabelled["sla_svg"], verified["sla_svg"]);
        assert_ne!(relabelled["sla_svg"], english_job["sla_svg"]);
        let explained = invoke(&w, "explanations", json!({})).expect("explanations");
        assert_eq!(
            explained,
            serde_json::to_value(proofpack_render::explain::all_in(language)).expect("json")
        );
        let out = dir.path().join(format!("{tag}.html"));
        let args =
            json!({"job": verified["job"], "format": "html", "path": out, "overwrite": false});
        invoke(&w, "export_report", args).expect("written");
        let page = std::fs::read_to_string(&out).expect("html");
        assert!(page.contains(&format!("<html lang=\"{tag}\"")), "{tag}");
    }
    // Remembered in the settings, as the trust store is.
    let again = AppState::new(Startup::default(), Some(settings));
    assert_eq!(again.language(), Language::De);
    assert_eq!(service::ui_strings(&again).language, "de");
    // A language there are no messages in is refused, and changes nothing.
    let err = invoke(&w, "set_language", json!({"language": "xx"})).expect_err("no such");
    assert_eq!(err["kind"], "bad_request");
    assert_eq!(
        invoke(&w, "ui_strings", json!({})).expect("words")["language"],
        "de"
    );
}

#[test]
fn every_word_of_the_page_is_a_ui_message_and_every_ui_message_is_used() {
    let state = AppState::new(Startup::default(), None);
    let messages: std::collections::BTreeSet<String> =
        service::ui_strings(&state).strings.into_keys().collect();
    let mut used = std::collections::BTreeSet::new();
    let ui = root().join("ui");
    for entry in std::fs::read_dir(&ui).expect("ui") {
        let path = entry.expect("entry").path();
        if !matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("js" | "html")
        ) {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("source");
        // Every quoted `ui-…` id ('ui-tab-trust', "ui-offline").
        for (at, _) in source.match_indices("ui-") {
            if !matches!(source[..at].chars().last(), Some('\'' | '"')) {
                continue;
            }
            let id: String = source[at..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
                .collect();
            used.insert(id);
        }
    }
    let missing: Vec<_> = used.difference(&messages).collect();
    let unused: Vec<_> = messages.difference(&used).collect();
    assert!(
        missing.is_empty(),
        "the page uses ids with no message: {missing:?}"
    );
    assert!(
        unused.is_empty(),
        "messages the page does not use: {unused:?}"
    );
}

// ---------------------------------------------------------------------------
// Register mode (§19)

/// Before every due date of the incomplete sample (its first is 2026-05-13).
const EARLY: &str = "2026-05-07T00:00:00Z";
/// After every due date of the incomplete sample.
const LATE: &str = "2026-12-01T00:00:00Z";

/// A folder of packs: the incomplete sample signed, then a follow-up pack
/// superseding it (a chain of two), the complete and late samples, and a
/// file that is not a pack's name (skipped and reported, as the CLI does).
fn register_folder(dir: &Path) -> PathBuf {
    use proofpack_author::pack::{sign_unchecked, Evidence, Superseded};
    let folder = dir.join("packs");
    std::fs::create_dir_all(&folder).expect("mkdir");
    let evidence =
        Evidence::from_dir(&root().join("sample-packs/evidence/incomplete-cache-deferred"))
            .expect("sample evidence");
    let at = |t: &str| proofpack_spec::timestamp::Timestamp::parse(t).expect("time");
    let key = proofpack_samples::dpo_key();
    // A receipt is pending: all_clear is honestly false.
    let first = sign_unchecked(&evidence, &key, &at("2026-05-06T11:00:00Z"), false).expect("signs");
    let report =
        proofpack_core::verify(&first[..], "first", None, &Default::default()).expect("verifies");
    let mut next = evidence.clone();
    next.description.pack_id = format!("{}-2", evidence.description.pack_id);
    next.description.supersedes = Some(Superseded {
        pack_id: evidence.description.pack_id.clone(),
        sha256: report.pack().sha256.clone(),
    });
    let second = sign_unchecked(&next, &key, &at("2026-05-06T12:00:00Z"), false).expect("signs");
    std::fs::write(folder.join("a-first.tar.gz"), &first).expect("write");
    std::fs::write(folder.join("b-follow-up.tar.gz"), &second).expect("write");
    for name in ["complete-gdpr.tar.gz", "late-ccpa.tar.gz"] {
        std::fs::copy(sample(name), folder.join(name)).expect("copy");
    }
    std::fs::write(folder.join("notes.txt"), "not a pack").expect("write");
    folder
}

/// The register `proofpack register FOLDER --trust T --as-of AS_OF --json`
/// prints: the register crate's one call on the folder's packs, listed as
/// the CLI lists them.
fn cli_register(folder: &Path, as_of: &str) -> proofpack_register::Register {
    let trust = proofpack_core::TrustStore::load(Path::new(&sample("trust.json"))).expect("store");
    let packs = proofpack_register::inputs(&[folder.to_path_buf()])
        .expect("listed")
        .packs;
    let as_of = proofpack_spec::timestamp::Timestamp::parse(as_of).expect("time");
    proofpack_register::register(packs, &proofpack_register::Options::new(&trust, as_of))
        .expect("register")
}

/// `run_register` as the UI calls it: a job id from `new_job` first.
fn run_register(
    w: &WebviewWindow<MockRuntime>,
    paths: Value,
    trust: Option<&str>,
    as_of: Option<&str>,
) -> Result<Value, Value> {
    let job = invoke(w, "new_job", json!({})).expect("a job id");
    invoke(
        w,
        "run_register",
        json!({"job": job, "query": {"paths": paths, "trust": trust, "as_of": as_of}}),
    )
}

fn request_with<'v>(register: &'v Value, sha256: &str) -> &'v Value {
    register["requests"]
        .as_array()
        .expect("requests")
        .iter()
        .find(|r| {
            r["packs"]
                .as_array()
                .expect("packs")
                .iter()
                .any(|p| p == sha256)
        })
        .expect("the request of the pack")
}

fn sha_of<'v>(register: &'v Value, file: &str) -> &'v str {
    register["packs"]
        .as_array()
        .expect("packs")
        .iter()
        .find(|p| p["file"] == file)
        .and_then(|p| p["sha256"].as_str())
        .expect("the pack")
}

#[test]
fn a_register_of_a_folder_is_the_clis_with_its_chain_and_statuses() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = register_folder(dir.path());
    let (_app, w) = window(Startup::default());
    let trust = sample("trust.json");
    for as_of in [EARLY, LATE] {
        let got = run_register(&w, json!([folder]), Some(&trust), Some(as_of)).expect("made");
        let expected = cli_register(&folder, as_of);
        assert_eq!(
            got["register"],
            serde_json::to_value(&expected).expect("json"),
            "{as_of}"
        );
        assert_eq!(got["exit"], expected.exit_status());
        // The entry that is not a pack is reported, with why.
        assert_eq!(
            got["skipped"],
            json!([{"path": folder.join("notes.txt"), "reason": "not_tar_gz"}])
        );
        let reg = &got["register"];
        let files: Vec<&str> = reg["packs"]
            .as_array()
            .expect("packs")
            .iter()
            .map(|p| p["file"].as_str().expect("file"))
            .collect();
        assert_eq!(
            files,
            [
                "a-first.tar.gz",
                "b-follow-up.tar.gz",
                "complete-gdpr.tar.gz",
                "late-ccpa.tar.gz"
            ]
        );
        // The chain: one request, the follow-up its head, the first superseded by it.
        let (first, second) = (
            sha_of(reg, "a-first.tar.gz"),
            sha_of(reg, "b-follow-up.tar.gz"),
        );
        let chain = request_with(reg, first);
        assert_eq!(chain["packs"].as_array().map(Vec::len), Some(2));
        assert_eq!(chain["heads"], json!([second]));
        assert_eq!(chain["status"], "incomplete");
        assert_eq!(reg["packs"][0]["superseded_by"], second);
        assert_eq!(reg["packs"][1]["superseded_by"], Value::Null);
        let complete = request_with(reg, sha_of(reg, "complete-gdpr.tar.gz"));
        let late = request_with(reg, sha_of(reg, "late-ccpa.tar.gz"));
        assert_eq!(
            (&complete["status"], &late["status"]),
            (&json!("complete"), &json!("late"))
        );
        assert_eq!(got["exit"], 4, "the worst status is incomplete");
        // Overdue items only after their due dates, each a finding at the head.
        let codes: Vec<(&str, &Value)> = reg["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| (f["code"].as_str().expect("code"), &f["packs"]))
            .collect();
        if as_of == EARLY {
            assert!(codes.is_empty(), "{codes:?}");
        } else {
            assert!(!codes.is_empty());
            assert!(codes
                .iter()
                .all(|(code, packs)| *code == "register.overdue" && **packs == json!([second])));
            assert!(chain["open_items"]
                .as_array()
                .expect("items")
                .iter()
                .all(|i| i["overdue"] == true));
        }
        // Each pack's path, for Verify mode: its file in the folder.
        let paths = got["paths"].as_array().expect("paths");
        for (path, name) in paths.iter().zip(&files) {
            assert_eq!(
                path.as_str(),
                Some(folder.join(name).display().to_string().as_str())
            );
        }
        check_register_words(&w, &got);
    }
}

/// The words the UI shows of a register made by `run_register` (`got`).
fn check_register_words(w: &WebviewWindow<MockRuntime>, got: &Value) {
    // The words the UI shows: every verdict (in §12's order), every code's explanation.
    let words = &got["words"];
    let reg = &got["register"];
    let verdicts: Vec<&str> = words["verdicts"]
        .as_array()
        .expect("verdicts")
        .iter()
        .map(|v| v["verdict"].as_str().expect("verdict"))
        .collect();
    let order: Vec<&str> = proofpack_core::Verdict::ALL
        .iter()
        .map(|v| v.as_str())
        .collect();
    assert_eq!(verdicts, order);
    for code in proofpack_core::RegisterCode::ALL {
        assert!(
            words["explanations"][code.as_str()]["meaning"].is_string(),
            "{code}"
        );
    }
    // One message per finding, in order; asked again with the
    // register's job (after a language change), the same words; without
    // one, no messages.
    let english: Vec<&Value> = reg["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| &f["message"])
        .collect();
    assert_eq!(
        words["messages"]
            .as_array()
            .map(|m| m.iter().collect::<Vec<_>>()),
        Some(english),
        "in English, the register's own messages"
    );
    assert_eq!(
        invoke(w, "register_words", json!({"job": got["job"]})),
        Ok(words.clone())
    );
    let mut bare = words.clone();
    bare["messages"] = json!([]);
    assert_eq!(invoke(w, "register_words", json!({})), Ok(bare));
}

#[test]
fn a_register_exports_the_clis_json_and_csv_and_never_overwrites_silently() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = register_folder(dir.path());
    let (_app, w) = window(Startup::default());
    let got =
        run_register(&w, json!([folder]), Some(&sample("trust.json")), Some(LATE)).expect("made");
    let expected = cli_register(&folder, LATE);
    let mut json_bytes = Vec::new();
    proofpack_render::json::pretty_value(&mut json_bytes, &expected).expect("json");
    json_bytes.push(b'\n');
    let csv_text = proofpack_render::register::csv(&expected);
    for (format, name, bytes) in [
        ("json", "register.json", json_bytes),
        ("csv", "register.csv", csv_text.into_bytes()),
    ] {
        let out = dir.path().join(name);
        let args = json!({"job": got["job"], "format": format, "path": out, "overwrite": false});
        invoke(&w, "export_register", args.clone()).expect("written");
        assert_eq!(std::fs::read(&out).expect("written"), bytes, "{format}");
        let err = invoke(&w, "export_register", args).expect_err("exists");
        assert_eq!(err["kind"], "exists");
        let again = json!({"job": got["job"], "format": format, "path": out, "overwrite": true});
        invoke(&w, "export_register", again).expect("replaced when asked");
    }
    let err = invoke(
        &w,
        "export_register",
        json!({"job": 999, "format": "csv", "path": dir.path().join("x.csv"), "overwrite": false}),
    )
    .expect_err("unknown");
    assert_eq!(err["kind"], "unknown_report");
}

#[test]
fn a_register_reports_progress_and_can_be_cancelled() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = register_folder(dir.path());
    let state = AppState::new(Startup::default(), None);
    let query = service::RegisterQuery {
        paths: vec![folder.display().to_string()],
        trust: Some(sample("trust.json")),
        as_of: Some(EARLY.to_owned()),
    };
    let seen = std::sync::Mutex::new(Vec::new());
    let job = service::new_job(&state);
    let view = service::run_register(&state, job, &query, |p| {
        seen.lock().expect("lock").push(p);
    })
    .expect("made");
    let seen = seen.into_inner().expect("lock");
    assert_eq!(view.register.packs().len(), 4);
    assert!(seen.iter().all(|p| p.job == job && p.total == 4));
    assert_eq!(seen.iter().map(|p| p.done).max(), Some(4));
    // Cancelled at the first pack: no register, a typed error.
    let job = service::new_job(&state);
    let err = service::run_register(&state, job, &query, |_| {
        service::cancel_verification(&state, job);
    })
    .expect_err("cancelled");
    assert_eq!(err, proofpack_app_lib::error::AppError::Cancelled);
    assert!(
        !service::cancel_verification(&state, job),
        "no longer under way"
    );
    // Cancelled between `new_job` and the register's start: the same.
    let job = service::new_job(&state);
    assert!(service::cancel_verification(&state, job));
    let err = service::run_register(&state, job, &query, |_| {}).expect_err("cancelled");
    assert_eq!(err, proofpack_app_lib::error::AppError::Cancelled);
    // A cancelled register is not kept for export.
    let out = dir.path().join("r.json").display().to_string();
    let err = service::export_register(&state, job, service::RegisterFormat::Json, &out, false);
    assert_eq!(
        err,
        Err(proofpack_app_lib::error::AppError::UnknownReport { job })
    );
}

#[test]
fn a_register_of_what_is_not_there_is_a_typed_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_app, w) = window(Startup::default());
    let trust = sample("trust.json");
    let err = run_register(&w, json!(["/no/such/folder"]), Some(&trust), None).expect_err("absent");
    assert_eq!(err["kind"], "read");
    assert_eq!(err["path"], "/no/such/folder");
    let err = run_register(&w, json!([]), Some(&trust), None).expect_err("nothing given");
    assert_eq!(err["kind"], "bad_request");
    let err = run_register(&w, json!([dir.path()]), None, None).expect_err("no store");
    assert_eq!(err["kind"], "no_trust_store");
    let err = run_register(&w, json!([dir.path()]), Some("/no/such/store.json"), None)
        .expect_err("bad store");
    assert_eq!(err["kind"], "trust_store");
    let err = run_register(&w, json!([dir.path()]), Some(&trust), Some("yesterday"))
        .expect_err("bad as_of");
    assert_eq!(err["kind"], "bad_request");
    let err = invoke(
        &w,
        "run_register",
        json!({"job": 4242, "query": {"paths": [dir.path()], "trust": trust, "as_of": null}}),
    )
    .expect_err("not given out");
    assert_eq!(err["kind"], "unknown_job");
    // A folder with no pack is an error, as the CLI's (status 1); a file
    // that is no pack is a file that could not be read, as the CLI's.
    let empty = run_register(&w, json!([dir.path()]), Some(&trust), None).expect_err("empty");
    assert_eq!(empty["kind"], "read");
    let junk = dir.path().join("junk.tar.gz");
    std::fs::write(&junk, b"not gzip").expect("write");
    let got = run_register(&w, json!([junk]), Some(&trust), Some(EARLY)).expect("made");
    let expected = serde_json::to_value(cli_register(&junk, EARLY)).expect("json");
    assert_eq!(got["register"], expected);
}

#[test]
fn the_command_line_opens_a_register() {
    let startup = service::parse_args(
        [
            "proofpack-app",
            "--register",
            "packs",
            "--trust",
            "t.json",
            "--as-of",
            "2026-12-01T00:00:00Z",
        ]
        .map(Into::into),
    );
    assert_eq!(startup.error, None);
    assert_eq!(startup.register.as_deref(), Some("packs"));
    assert_eq!(startup.as_of.as_deref(), Some("2026-12-01T00:00:00Z"));
    assert_eq!(startup.trust.as_deref(), Some("t.json"));
    let (_app, w) = window(startup);
    let got = invoke(&w, "startup", json!({})).expect("startup");
    assert_eq!(got["register"], "packs");
    assert_eq!(got["as_of"], "2026-12-01T00:00:00Z");
    for bad in [
        &[
            "proofpack-app",
            "--register",
            "packs",
            "--as-of",
            "yesterday",
        ][..],
        &["proofpack-app", "--as-of", "2026-12-01T00:00:00Z"][..],
    ] {
        let startup = service::parse_args(bad.iter().map(|a| std::ffi::OsString::from(*a)));
        assert!(startup.error.is_some(), "{bad:?}");
    }
}

/// A verifier key in `dir` and a key store holding it with `roles`:
/// (key file, key store file).
fn verifier_key(dir: &Path, roles: &[proofpack_core::trust::Role]) -> (String, String) {
    let key = proofpack_author::keys::generate();
    let pem = dir.join("verifier.pem");
    proofpack_author::keys::write_private_key(&pem, &key).expect("key written");
    let entry = proofpack_core::trust::key_entry_json(&proofpack_core::trust::TrustedKey {
        key_id: "auditor-1".to_owned(),
        public_key: key.verifying_key(),
        owner: "Auditor".to_owned(),
        roles: roles.to_vec(),
        not_before: None,
        not_after: None,
        revoked_at: None,
    });
    let store = dir.join("verifier-keys.json");
    let doc = json!({"format": "proof-pack-trust/v1", "keys": [entry]});
    std::fs::write(&store, serde_json::to_vec(&doc).expect("JSON")).expect("store written");
    (pem.display().to_string(), store.display().to_string())
}

#[test]
fn the_report_shown_is_signed_and_the_statement_checked() {
    use proofpack_core::trust::Role;
    let (_app, w) = window(Startup::default());
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = sample("complete-gdpr.tar.gz");
    let verified = verify(&w, &pack, Some(&sample("trust.json"))).expect("verifies");
    let job = verified["job"].clone();
    let (key, keys) = verifier_key(dir.path(), &[Role::Verifier]);
    let out = dir.path().join("verification.json").display().to_string();
    let sign = |overwrite: bool| {
        invoke(
            &w,
            "sign_verification",
            json!({"job": job, "key": key, "keys": keys, "out": out, "overwrite": overwrite}),
        )
    };
    let signed = sign(false).expect("signed");
    assert_eq!(signed["key_id"], "auditor-1");
    assert_eq!(signed["owner"], "Auditor");
    assert_eq!(sign(false).expect_err("exists")["kind"], "exists");
    // Dropped on the window, each is told apart by its content.
    assert_eq!(
        service::split_dropped(&[PathBuf::from(&pack), PathBuf::from(&out)]),
        (vec![pack.clone()], vec![out.clone()])
    );

    let check = |file: &str, pack: Option<&str>| {
        invoke(
            &w,
            "check_verification",
            json!({"file": file, "keys": keys, "pack": pack}),
        )
        .expect("checked")
    };
    let checked = check(&out, Some(&pack));
    assert_eq!(checked["authentic"], true);
    assert_eq!(checked["pack_matches"], true);
    assert_eq!(checked["holds"], true);
    assert_eq!(
        checked["checked"]["statement"]["verdict"],
        verified["report"]["verdict"]
    );
    assert!(checked["checked"]["failures"]
        .as_array()
        .expect("failures")
        .is_empty());

    // Another pack: authentic, but not the pack it names.
    let other = check(&out, Some(&sample("late-ccpa.tar.gz")));
    assert_eq!(other["authentic"], true);
    assert_eq!(other["pack_matches"], false);
    assert_eq!(other["holds"], false);
    assert!(other["checked"]["failures"]
        .as_array()
        .expect("failures")
        .iter()
        .any(|f| f["code"] == "verification.pack_mismatch"));

    // One byte of the payload changed: not authentic.
    let mut envelope: Value =
        serde_json::from_slice(&std::fs::read(&out).expect("written")).expect("JSON");
    let payload = envelope["payload"].as_str().expect("payload").to_owned();
    let mut bytes = payload.into_bytes();
    bytes[20] = if bytes[20] == b'A' { b'B' } else { b'A' };
    envelope["payload"] = Value::String(String::from_utf8(bytes).expect("base64"));
    let tampered = dir.path().join("tampered.json");
    std::fs::write(&tampered, serde_json::to_vec(&envelope).expect("JSON")).expect("written");
    let tampered = check(&tampered.display().to_string(), None);
    assert_eq!(tampered["authentic"], false);
    assert_eq!(tampered["holds"], false);
}

#[test]
fn signing_a_verification_needs_a_verifier_key_in_the_store() {
    use proofpack_core::trust::Role;
    let (_app, w) = window(Startup::default());
    let dir = tempfile::tempdir().expect("tempdir");
    let verified = verify(&w, &sample("complete-gdpr.tar.gz"), None).expect("verifies");
    let job = verified["job"].clone();
    let (key, keys) = verifier_key(dir.path(), &[Role::Dpo]);
    let out = dir.path().join("verification.json");
    let sign = |key: &str, keys: &str| {
        invoke(
            &w,
            "sign_verification",
            json!({"job": job, "key": key, "keys": keys, "out": out.display().to_string(), "overwrite": false}),
        )
        .expect_err("refused")
    };
    let err = sign(&key, &keys);
    assert_eq!(err["kind"], "verifier_key");
    assert_eq!(err["reason"], "role_missing");
    // A key the store does not hold.
    let stranger = dir.path().join("stranger.pem");
    proofpack_author::keys::write_private_key(&stranger, &proofpack_author::keys::generate())
        .expect("key written");
    let err = sign(&stranger.display().to_string(), &keys);
    assert_eq!(err["kind"], "verifier_key");
    assert_eq!(err["reason"], "key_not_in_store");
    // A key file that is no key.
    let err = sign(&keys, &keys);
    assert_eq!(err["kind"], "read");
    assert!(!out.exists(), "nothing was written");
}
