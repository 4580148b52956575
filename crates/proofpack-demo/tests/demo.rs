//! The platform end to end: the clean run verifies `complete` and leaves
//! nothing of the subject (checked here with this test's own queries, files
//! walk and HTTP calls, before the services stop); each fault gives its
//! verdict and code; the cascade is idempotent; before-counts follow the
//! store; the verifier binary links no SQLite, HTTP or async runtime.
//!
//! Every test that runs the platform runs twice: on SQLite (module
//! `sqlite`) and on PostgreSQL (module `postgres`, a throwaway cluster
//! started by this process, one database per run: see `cluster`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod cluster;

use proofpack_core::report::{AttestationState, AuditSummary};
use proofpack_core::{Code, Effect, SuccessCode, Verdict};
use proofpack_demo::backend::{self, Arg, Backend, Value};
use proofpack_demo::{
    run, Clock, Config, Database, EpisodicBackup, Fault, Location, Outcome, Platform, StepEntry,
    StepOutcome, TierProof, LLM_PROVIDER_KB, SUBJECT, SUBJECTS, VECTOR_SAAS,
};
use std::collections::BTreeMap;
use std::path::Path;

/// The engine a test runs the store on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    /// A fresh database of this engine.
    fn database(self) -> Database {
        match self {
            Engine::Sqlite => Database::Sqlite,
            Engine::Postgres => Database::Postgres(cluster::cluster().new_database()),
        }
    }
}

fn config(dir: &Path, fault: Option<Fault>, engine: Engine) -> Config {
    Config {
        out_dir: dir.join("out"),
        fault,
        clock: Clock::stepping(
            time::macros::datetime!(2026-06-01 09:00:00 UTC),
            time::Duration::seconds(2),
        ),
        database: engine.database(),
        synthetic_subjects: 0,
        timings: false,
    }
}

fn demo(fault: Option<Fault>, engine: Engine) -> (tempfile::TempDir, Platform, Outcome) {
    let dir = tempfile::tempdir().unwrap();
    let (platform, outcome) = run(config(dir.path(), fault, engine), &mut std::io::sink()).unwrap();
    (dir, platform, outcome)
}

/// Each test named, run on SQLite (in module `sqlite`) and on PostgreSQL
/// (in module `postgres`).
macro_rules! on_both_engines {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[test] fn $name() { super::$name(super::Engine::Sqlite) })+
        }
        mod postgres {
            $(#[test] fn $name() { super::$name(super::Engine::Postgres) })+
        }
    };
}

on_both_engines! {
    clean_run_is_complete,
    the_attached_statement_is_the_subprocessors_own,
    nothing_of_the_subject_is_left_after_a_clean_run,
    the_cascade_is_idempotent_per_request,
    before_counts_come_from_the_store,
    the_binary_exits_with_the_verdict_and_refuses_unknown_faults,
    a_failing_step_leaves_no_service_running,
    the_probe_jobs_connection_cannot_write,
    synthetic_subjects_are_seeded_and_left_alone,
    the_probes_search_and_find_nothing_after_a_clean_run,
    retraining_serves_a_new_model_trained_on_a_new_dataset_version,
    the_stored_indexes_find_what_they_hold_and_not_the_subject,
    a_marker_copied_into_an_unmodelled_table_is_residue,
    intake_refuses_a_missing_or_mismatched_identity_record,
}

fn codes(outcome: &Outcome) -> Vec<Code> {
    outcome.report.findings().iter().map(|f| f.code()).collect()
}

fn step<'a>(outcome: &'a Outcome, name: &str) -> &'a StepEntry {
    outcome.steps.iter().find(|s| s.step == name).unwrap()
}

/// The report's summary of the audit-log witness.
fn audit_member(outcome: &Outcome) -> &AuditSummary {
    outcome.report.audit()
}

/// The backups the episodic step declared (§17).
fn episodic_backups(outcome: &Outcome) -> &[EpisodicBackup] {
    match &step(outcome, "episodic").outcome {
        StepOutcome::Ok {
            proof: TierProof::Episodic { backups, .. },
        } => backups,
        other => panic!("the episodic step is {other:?}"),
    }
}

/// Each receipt's attestation state, by subprocessor.
fn attestations(outcome: &Outcome) -> BTreeMap<String, AttestationState> {
    outcome
        .report
        .receipts()
        .iter()
        .map(|r| (r.subprocessor.clone(), r.attestation))
        .collect()
}

/// The witnesses' names whose cosignature of `checkpoint_after` counts.
fn counted_witnesses(outcome: &Outcome) -> Vec<String> {
    audit_member(outcome)
        .cosignatures
        .iter()
        .filter(|c| c.checkpoint == "checkpoint_after" && c.counted)
        .map(|c| c.witness.clone())
        .collect()
}

fn clean_run_is_complete(engine: Engine) {
    let (_dir, platform, outcome) = demo(None, engine);
    assert_eq!(
        outcome.report.verdict(),
        Verdict::Complete,
        "{:?}",
        codes(&outcome)
    );
    assert!(outcome
        .report
        .findings()
        .iter()
        .all(|f| f.effect() == Effect::Warning));
    assert!(outcome.steps.iter().all(|s| s.status_name() == "ok"));
    assert!(outcome.steps.iter().all(|s| s.after_count == 0));
    assert!(outcome.steps.iter().all(|s| s.before_count > 0));
    assert!(outcome.paths.pack.is_file());
    assert!(outcome.paths.trust.is_file());
    assert!(outcome.paths.evidence.join("pack.json").is_file());
    match platform.store().location() {
        Location::Sqlite(path) => assert!(path.is_file() && engine == Engine::Sqlite),
        Location::Postgres(_) => assert_eq!(engine, Engine::Postgres),
    }

    // Fully corroborated under the demo's own trust store.
    let trust: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&outcome.paths.trust).unwrap()).unwrap();
    assert_eq!(
        trust["policy"],
        serde_json::json!({"witness_quorum": 2, "signed_receipts": true,
            "witnessed_deadline": true, "sealed_signature": true})
    );
    let roles: Vec<&str> = trust["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["roles"][0].as_str().unwrap())
        .collect();
    assert_eq!(roles.iter().filter(|r| **r == "witness").count(), 2);
    assert_eq!(roles.iter().filter(|r| **r == "subprocessor").count(), 2);
    let audit = audit_member(&outcome);
    assert_eq!((audit.witnesses_counted, audit.witness_quorum), (2, 2));
    assert_eq!(counted_witnesses(&outcome).len(), 2);
    let signed = attestations(&outcome);
    assert_eq!(signed.len(), 2);
    assert!(signed.values().all(|a| *a == AttestationState::Verified));
    // Completion witnessed before the deadline, and the signature sealed by
    // both witnesses (each cosigned the seal checkpoint, consistent with
    // the after-checkpoint it held).
    let passed: Vec<SuccessCode> = outcome.report.passed().iter().map(|p| p.code()).collect();
    assert!(passed.contains(&SuccessCode::SlaWitnessed), "{passed:?}");
    assert!(passed.contains(&SuccessCode::SignatureSealed), "{passed:?}");
    assert_eq!(sealing_witnesses(&outcome).len(), 2);
}

/// The witnesses whose cosignature on the seal checkpoint counts.
fn sealing_witnesses(outcome: &Outcome) -> Vec<String> {
    outcome.report.seal().map_or_else(Vec::new, |seal| {
        seal.cosignatures
            .iter()
            .filter(|c| c.counted)
            .map(|c| c.witness.clone())
            .collect()
    })
}

/// The statement in the pack is the one the subprocessor's answer carried,
/// byte for byte.
fn the_attached_statement_is_the_subprocessors_own(engine: Engine) {
    let (_dir, _platform, outcome) = demo(None, engine);
    for r in &outcome.receipts {
        let attached = std::fs::read_to_string(
            outcome
                .paths
                .evidence
                .join(format!("attachments/{}-receipt.dsse.json", r.subprocessor)),
        )
        .unwrap();
        let answer: serde_json::Value = serde_json::from_str(&r.exchanges[0].body).unwrap();
        assert_eq!(answer["attestation"].as_str(), Some(attached.as_str()));
    }
}

/// The first column of every row `sql` returns.
fn column(conn: &dyn Backend, sql: &str) -> Vec<String> {
    conn.column(sql, &[]).unwrap()
}

/// This test's own read-only connection to the store's database.
fn inspect(platform: &Platform) -> Box<dyn Backend> {
    backend::open_read_only(platform.store().location()).unwrap()
}

/// A count `sql` returns for `user_id`.
fn count(conn: &dyn Backend, sql: &str, user_id: &str) -> i64 {
    conn.one(sql, &[Arg::from(user_id)]).unwrap()
}

/// Every text value of every table of the database, with its table.
fn all_text(conn: &dyn Backend) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for table in conn.tables().unwrap() {
        for row in conn.query(&format!("SELECT * FROM {table}"), &[]).unwrap() {
            for value in row.0 {
                let text = match value {
                    Value::Text(t) => t,
                    Value::Blob(b) => String::from_utf8_lossy(&b).into_owned(),
                    _ => continue,
                };
                out.push((table.clone(), text));
            }
        }
    }
    out
}

fn decoded_disclosures(conn: &dyn Backend) -> Vec<String> {
    use base64::Engine as _;
    column(conn, "SELECT disclosure FROM log_disclosures")
        .iter()
        .map(|d| {
            let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(d)
                .unwrap();
            String::from_utf8(bytes).unwrap()
        })
        .collect()
}

/// After a clean run, with the services still up: this test's own look at
/// the database, the upload folders, every vector generation and the
/// subprocessors' lookup APIs finds nothing of the subject, except the
/// episodic backup that the episodic step declares beyond use (kept
/// immutable, with the subject in the suppression ledger every restore
/// applies).
fn nothing_of_the_subject_is_left_after_a_clean_run(engine: Engine) {
    let (_dir, platform, outcome) = demo(None, engine);
    assert_eq!(outcome.report.verdict(), Verdict::Complete);
    let conn = inspect(&platform);
    // The audit log is `proofpack-platform`'s own SQLite file on either engine.
    let audit =
        backend::open_read_only(&Location::Sqlite(outcome.paths.store.audit_log.clone())).unwrap();
    no_personal_value_in_the_store(conn.as_ref(), audit.as_ref());
    no_tier_row_of_the_subject(conn.as_ref());

    // The declared exception: the backup, with the subject in the ledger.
    let ledger = count(
        conn.as_ref(),
        "SELECT COUNT(*) FROM suppression_ledger WHERE user_id = ?1",
        SUBJECT.user_id,
    );
    assert_eq!(ledger, 1);
    let backups = episodic_backups(&outcome);
    assert_eq!(backups.len(), 1);
    assert!(backups[0].restore_suppression && !backups[0].in_use);

    no_upload_of_the_subject(&outcome);
    no_subprocessor_record_of_the_subject(&platform, &outcome);
    drop(platform);
}

/// No table but the declared backup holds the subject's e-mail, name or
/// IP address; the audit log's remaining disclosures hold none either, and
/// still hold the other subjects'.
fn no_personal_value_in_the_store(conn: &dyn Backend, audit: &dyn Backend) {
    let personal = [SUBJECT.email, SUBJECT.name, SUBJECT.ip];
    for (table, text) in all_text(conn) {
        if table == "backup_episodic" {
            continue;
        }
        for value in personal {
            assert!(!text.contains(value), "{table} holds {value:?}: {text}");
        }
    }
    for disclosure in decoded_disclosures(audit) {
        for value in personal {
            assert!(!disclosure.contains(value), "audit log discloses {value:?}");
        }
    }
    assert!(decoded_disclosures(audit)
        .iter()
        .any(|d| d.contains(SUBJECTS[1].email)));
}

/// No row of a tier table is the subject's, in any vector generation; the
/// other subjects' vectors are still there.
fn no_tier_row_of_the_subject(conn: &dyn Backend) {
    for table in [
        "working_sessions",
        "episodic",
        "episodic_replica",
        "entities",
        "vectors",
        "dataset_examples",
        "output_filters",
        "uploads",
        "summaries",
    ] {
        let n = count(
            conn,
            &format!("SELECT COUNT(*) FROM {table} WHERE user_id = ?1"),
            SUBJECT.user_id,
        );
        assert_eq!(n, 0, "{table}");
    }
    let generations: i64 = conn
        .one("SELECT COUNT(DISTINCT generation) FROM vectors", &[])
        .unwrap();
    assert!(generations >= 1);
    let others = count(
        conn,
        "SELECT COUNT(*) FROM vectors WHERE user_id = ?1",
        SUBJECTS[1].user_id,
    );
    assert!(others > 0);
    let cached: i64 = conn.one("SELECT COUNT(*) FROM answer_cache", &[]).unwrap();
    assert_eq!(cached, 0, "the only cached answer derived from the subject");
}

/// The upload folders hold no file of the subject, nor any file naming them.
fn no_upload_of_the_subject(outcome: &Outcome) {
    for root in [
        &outcome.paths.store.uploads,
        &outcome.paths.store.uploads_replica,
    ] {
        assert!(!root.join(SUBJECT.user_id).exists());
        for entry in std::fs::read_dir(root).unwrap() {
            let user_dir = entry.unwrap().path();
            for file in std::fs::read_dir(&user_dir).unwrap() {
                let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
                assert!(!text.contains(SUBJECT.email) && !text.contains(SUBJECT.name));
            }
        }
    }
}

/// The subprocessors, asked directly, hold nothing of the subject.
fn no_subprocessor_record_of_the_subject(platform: &Platform, outcome: &Outcome) {
    for endpoint in &platform.services().endpoints {
        let url = format!(
            "{}/v1/subjects/{}/records",
            endpoint.base_url, outcome.intake.subject_id
        );
        let body = ureq::get(&url)
            .call()
            .unwrap()
            .body_mut()
            .read_to_string()
            .unwrap();
        let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(answer["records"], 0, "{}", endpoint.name);
    }
}

fn table_counts(conn: &dyn Backend) -> BTreeMap<String, i64> {
    conn.tables()
        .unwrap()
        .into_iter()
        .map(|t| {
            let n = conn.one(&format!("SELECT COUNT(*) FROM {t}"), &[]).unwrap();
            (t, n)
        })
        .collect()
}

fn the_cascade_is_idempotent_per_request(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let mut platform = Platform::start(config(dir.path(), None, engine)).unwrap();
    let submission = platform.submission();
    let intake = platform.intake(&submission).unwrap();
    let mut fresh = Vec::new();
    let first = platform
        .cascade(&intake, &mut |_, from_ledger| fresh.push(from_ledger))
        .unwrap();
    assert!(fresh.iter().all(|from_ledger| !from_ledger));
    assert_eq!(first.len(), 9);
    // The test's own connection: the store's is the platform's alone.
    let conn = inspect(&platform);
    let counts = table_counts(conn.as_ref());
    let receipts = platform.receipts(&intake.request_id).unwrap();

    let again = platform.intake(&submission).unwrap();
    assert_eq!(again, intake);
    let mut replayed = Vec::new();
    let second = platform
        .cascade(&again, &mut |_, from_ledger| replayed.push(from_ledger))
        .unwrap();
    assert_eq!(second, first);
    assert!(replayed.iter().all(|from_ledger| *from_ledger));
    // Nothing more was deleted, nothing more logged, no new receipt.
    assert_eq!(table_counts(conn.as_ref()), counts);
    assert_eq!(platform.receipts(&intake.request_id).unwrap(), receipts);
    let records: Vec<_> = second
        .iter()
        .map(|s| s.to_record().unwrap().to_value())
        .collect();
    let expected: Vec<_> = first
        .iter()
        .map(|s| s.to_record().unwrap().to_value())
        .collect();
    assert_eq!(records, expected);
}

fn before_counts_come_from_the_store(engine: Engine) {
    let (_a, _pa, plain) = demo(None, engine);
    let dir = tempfile::tempdir().unwrap();
    let platform = Platform::start(config(dir.path(), None, engine)).unwrap();
    platform
        .store()
        .seed_more(SUBJECT.user_id, 5, "2026-05-30T12:00:00Z")
        .unwrap();
    let mut platform = platform;
    let more = platform.erase(&mut std::io::sink()).unwrap();
    assert_eq!(more.report.verdict(), Verdict::Complete);
    let before = |o: &Outcome, s: &str| step(o, s).before_count;
    assert_eq!(before(&more, "episodic"), before(&plain, "episodic") + 5);
    assert_eq!(before(&more, "vectors"), before(&plain, "vectors") + 5);
    assert_eq!(before(&more, "working"), before(&plain, "working") + 1);
    assert_eq!(before(&more, "semantic"), before(&plain, "semantic"));
}

fn fault_case(fault: Fault, verdict: Verdict, engine: Engine) {
    let (_dir, platform, outcome) = demo(Some(fault), engine);
    assert_eq!(outcome.report.verdict(), verdict, "{:?}", codes(&outcome));
    assert!(
        codes(&outcome).contains(&fault.expected_code()),
        "{fault:?}: {:?}",
        codes(&outcome)
    );
    // Honest packs: nothing invalid, nothing untrusted but what the fault
    // leaves short of the trust store's policy, and the signer's claim is
    // what the verifier recomputes.
    let mut untrusted: Vec<Code> = outcome
        .report
        .findings()
        .iter()
        .filter(|f| f.effect() == Effect::Untrusted)
        .map(|f| f.code())
        .collect();
    untrusted.sort();
    untrusted.dedup();
    let mut expected = fault.untrusted_codes();
    expected.sort();
    assert_eq!(untrusted, expected, "{fault:?}");
    assert!(outcome
        .report
        .findings()
        .iter()
        .all(|f| f.effect() != Effect::Invalid));
    let manifest = manifest(&outcome);
    let accepted = &manifest[proofpack_author::pack::ACCEPTED_UNCORROBORATED];
    if fault.uncorroborated() {
        assert_eq!(
            accepted,
            &serde_json::json!([fault.expected_code().as_str()])
        );
    } else {
        assert!(accepted.is_null());
    }
    fault_specifics(fault, &platform, &outcome);
}

/// The pack's manifest.
fn manifest(outcome: &Outcome) -> serde_json::Value {
    let file = std::fs::File::open(&outcome.paths.pack).unwrap();
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        if entry.path().unwrap().to_str() == Some("manifest.json") {
            return serde_json::from_reader(&mut entry).unwrap();
        }
    }
    panic!("no manifest.json");
}

/// What each corroboration fault leaves in the report.
fn fault_specifics(fault: Fault, platform: &Platform, outcome: &Outcome) {
    let witnesses = counted_witnesses(outcome);
    let signed = attestations(outcome);
    match fault {
        Fault::WitnessOffline | Fault::LogFork => {
            // The first witness cosigned; the second is down or refused,
            // the after-checkpoint and the seal checkpoint alike.
            assert_eq!(witnesses, vec!["witness-a.example/demo".to_owned()]);
            assert_eq!(audit_member(outcome).cosignatures.len(), 1);
            assert_eq!(sealing_witnesses(outcome), witnesses);
            assert!(signed.values().all(|a| *a == AttestationState::Verified));
        }
        Fault::Backdated => {
            // Both witnesses counted, but after the deadline.
            assert_eq!(witnesses.len(), 2);
            assert_eq!(sealing_witnesses(outcome).len(), 2);
            assert!(codes(outcome).contains(&Code::SlaWitnessedAfterDeadline));
            assert!(!codes(outcome).contains(&Code::SlaBreached));
        }
        Fault::Unsealed => {
            assert_eq!(witnesses.len(), 2);
            assert!(outcome.report.seal().is_none());
        }
        Fault::KeyRevokedBeforeSeal => {
            // Sealed by both, but only after the revocation.
            assert_eq!(sealing_witnesses(outcome).len(), 2);
            assert!(!codes(outcome).contains(&Code::TrustKeyRevokedLater));
        }
        Fault::ReceiptForged => {
            assert_eq!(witnesses.len(), 2);
            assert_eq!(signed[VECTOR_SAAS], AttestationState::Unverified);
            assert_eq!(signed[LLM_PROVIDER_KB], AttestationState::Verified);
        }
        Fault::BackupLive => {
            assert_eq!(witnesses.len(), 2);
            let backups = episodic_backups(outcome);
            assert!(backups.iter().all(|b| b.in_use));
        }
        _ => assert_eq!(witnesses.len(), 2),
    }
    probe_specifics(fault, platform, outcome);
}

/// What each fault that leaves data behind shows in the verification
/// job's own record.
fn probe_specifics(fault: Fault, platform: &Platform, outcome: &Outcome) {
    let p = &outcome.probes;
    let residue = |class: &str| {
        p.classes
            .iter()
            .find(|(c, _)| c.as_str() == class)
            .map(|(_, probe)| probe.details.clone())
            .unwrap()
    };
    match fault {
        Fault::VectorIndexNotRebuilt => {
            // The stored indexes still hold the subject's vectors: found by
            // id and by nearest-neighbour queries of its own contents.
            let hits = |kind: &str| {
                p.retrieval
                    .iter()
                    .filter(|t| t.kind == kind)
                    .map(|t| t.hits)
                    .sum::<usize>()
            };
            assert!(hits("by_similarity") > 0 && hits("by_id") > 0);
            assert!(residue("vectors").iter().all(|f| f.starts_with("vectors:")));
        }
        Fault::ModelSuppressedOnly => {
            // The suppressed model cannot be re-trained from what is left,
            // and reproduces the subject's name when asked.
            let late = p
                .models
                .iter()
                .find(|m| m.release == "assistant-ft-2026-03")
                .unwrap();
            assert!(!late.clear && !late.reproduced && late.markers_reproduced > 0);
            assert!(residue("fine_tune").contains(&format!("model_releases:{}", late.model_id)));
        }
        Fault::StepFails => {
            // The fine-tune step failed, opened an exception, rolled back;
            // the later steps ran.
            let failed = step(outcome, "fine_tune");
            let StepOutcome::Fail { exception_id, .. } = &failed.outcome else {
                panic!("{failed:?}");
            };
            assert_eq!(failed.before_count, failed.after_count);
            let tier = outcome
                .report
                .tiers()
                .iter()
                .find(|t| t.tier.as_str() == "fine_tune")
                .unwrap();
            let detail = tier.status_detail.as_ref().unwrap();
            assert_eq!(detail.exception_id.as_deref(), Some(exception_id.as_str()));
            assert!(detail.error.as_ref().is_some_and(|e| !e.is_empty()));
            let state: String = inspect(platform)
                .one(
                    "SELECT state FROM exceptions WHERE exception_id = ?1",
                    &[Arg::from(exception_id.as_str())],
                )
                .unwrap();
            assert_eq!(state, "open");
            assert_eq!(step(outcome, "uploads").status_name(), "ok");
            assert!(!residue("fine_tune").is_empty());
        }
        _ => {}
    }
}

macro_rules! fault_tests {
    ($($name:ident: $fault:expr => $verdict:expr;)+) => {
        mod sqlite_faults {
            use super::*;
            $(#[test] fn $name() { fault_case($fault, $verdict, Engine::Sqlite); })+
        }
        mod postgres_faults {
            use super::*;
            $(#[test] fn $name() { fault_case($fault, $verdict, Engine::Postgres); })+
        }

        #[test]
        fn every_fault_has_a_test() {
            let tested = [$($fault),+];
            assert_eq!(tested.len(), Fault::ALL.len());
            assert!(Fault::ALL.iter().all(|f| tested.contains(f)));
        }
    };
}

fault_tests! {
    fault_vector_index_not_rebuilt: Fault::VectorIndexNotRebuilt => Verdict::Incomplete;
    fault_cache_ttl: Fault::CacheTtl => Verdict::Incomplete;
    fault_subprocessor_email_only: Fault::SubprocessorEmailOnly => Verdict::Incomplete;
    fault_subprocessor_pending: Fault::SubprocessorPending => Verdict::Incomplete;
    fault_summarizer_race: Fault::SummarizerRace => Verdict::Incomplete;
    fault_model_suppressed_only: Fault::ModelSuppressedOnly => Verdict::Incomplete;
    fault_late: Fault::Late => Verdict::Late;
    fault_backup_restored: Fault::BackupRestored => Verdict::Incomplete;
    fault_witness_offline: Fault::WitnessOffline => Verdict::Untrusted;
    fault_log_fork: Fault::LogFork => Verdict::Untrusted;
    fault_receipt_forged: Fault::ReceiptForged => Verdict::Untrusted;
    fault_backup_live: Fault::BackupLive => Verdict::Incomplete;
    fault_step_fails: Fault::StepFails => Verdict::Incomplete;
    fault_backdated: Fault::Backdated => Verdict::Untrusted;
    fault_unsealed: Fault::Unsealed => Verdict::Untrusted;
    fault_key_revoked_before_seal: Fault::KeyRevokedBeforeSeal => Verdict::Untrusted;
}

/// The demo binary, on `engine`'s database `store` (none: SQLite).
fn demo_command(store: Option<&str>) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_proofpack-demo"));
    if let Some(url) = store {
        command.args(["--store", url]);
    }
    command
}

fn the_binary_exits_with_the_verdict_and_refuses_unknown_faults(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let url = match engine.database() {
        Database::Postgres(url) => Some(url),
        _ => None,
    };
    let bin = || demo_command(url.as_deref());
    let out = dir.path().join("out");
    let status = bin()
        .args(["--out", out.to_str().unwrap(), "--fault", "late"])
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(Verdict::Late.exit_status()));
    // A second run replaces its own output folder (and, on PostgreSQL, the
    // store the first left in the database).
    let status = bin()
        .args(["--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(Verdict::Complete.exit_status()));
    let unknown = bin()
        .args(["--out", out.to_str().unwrap(), "--fault", "no-such-fault"])
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    for fault in Fault::ALL {
        assert!(stderr.contains(&fault.name()), "{stderr}");
    }
    // A folder that is not a demo's output is never touched.
    let foreign = dir.path().join("foreign");
    std::fs::create_dir(&foreign).unwrap();
    std::fs::write(foreign.join("keep.txt"), "mine").unwrap();
    let refused = bin()
        .args(["--out", foreign.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(foreign.join("keep.txt")).unwrap(),
        "mine"
    );
}

/// The `proofpack` verifier links no SQLite, PostgreSQL, HTTP or async-runtime crate
/// (so a regulator can check it is offline), whatever the demo uses.
#[test]
fn the_verifier_links_no_database_network_or_runtime() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let tree = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-p",
            "proofpack",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        tree.status.success(),
        "{}",
        String::from_utf8_lossy(&tree.stderr)
    );
    let tree = String::from_utf8(tree.stdout).unwrap();
    let names: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(names.contains(&"proofpack-core"));
    for banned in [
        "rusqlite",
        "libsqlite3-sys",
        "postgres",
        "tokio-postgres",
        "tokio",
        "axum",
        "hyper",
        "ureq",
        "http",
        "reqwest",
        "mio",
        "proofpack-demo",
    ] {
        assert!(!names.contains(&banned), "proofpack depends on {banned}");
    }
}

fn answers(base_url: &str) -> bool {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(std::time::Duration::from_secs(2)))
        .build()
        .into();
    agent
        .get(&format!("{base_url}/v1/subjects/nobody/records"))
        .call()
        .is_ok()
}

/// A step whose failure cannot even be recorded (its tier's table is gone,
/// so its records cannot be counted) ends the run with an error, and
/// dropping the platform then stops every service: nothing is left
/// listening. (A failure that can be recorded is `fail`, with an exception:
/// `--fault step-fails`.)
fn a_failing_step_leaves_no_service_running(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let mut platform = Platform::start(config(dir.path(), None, engine)).unwrap();
    let urls: Vec<String> = platform
        .services()
        .endpoints
        .iter()
        .map(|e| e.base_url.clone())
        .collect();
    assert!(urls.iter().all(|u| answers(u)));
    let witnesses: Vec<String> = platform
        .witnesses()
        .nodes
        .iter()
        .map(|w| w.base_url.clone())
        .collect();
    assert!(witnesses.iter().all(|u| listens(u)));
    // The fine-tune tier is gone: its step fails.
    backend::open(platform.store().location())
        .unwrap()
        .batch("DROP TABLE dataset_examples")
        .unwrap();
    assert!(platform.erase(&mut std::io::sink()).is_err());
    drop(platform);
    assert!(urls.iter().all(|u| !answers(u)));
    assert!(witnesses.iter().all(|u| !listens(u)));
}

/// Whether something accepts connections at `http://ADDR`.
fn listens(base_url: &str) -> bool {
    let addr = base_url.strip_prefix("http://").unwrap();
    std::net::TcpStream::connect(addr).is_ok()
}

/// The JSON file at `path`.
fn json_file(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// After a clean run, the probe job resolved the subject itself,
/// scanned every table of the store but those declared to keep the
/// subject's data, ran retrieval tests of every kind, checked every
/// serving model, and found nothing; its `code_ref` is the digest of its
/// own sources, and is the one `verification.json` carries.
fn the_probes_search_and_find_nothing_after_a_clean_run(engine: Engine) {
    use proofpack_demo::code_ref;
    let (_dir, platform, outcome) = demo(None, engine);
    let p = &outcome.probes;
    assert_eq!(p.code_ref, code_ref());
    assert!(p.code_ref.starts_with("verify-job@sha256:"));
    let verification = json_file(&outcome.paths.evidence.join("verification.json"));
    assert_eq!(verification["code_ref"], p.code_ref.as_str());
    assert_ne!(
        p.code_ref,
        step(&outcome, "working").to_record().unwrap().to_value()["code_ref"]
    );

    assert_eq!(p.subject.subject_id, outcome.intake.subject_id);
    assert!(p.subject.account_found_before && !p.subject.account_found_after);
    assert!(p.subject.markers >= 4);
    assert!(p.subject.fingerprinted.iter().all(|n| *n > 0));

    // Every table of the store is scanned or declared kept.
    let conn = inspect(&platform);
    let kept: Vec<&str> = p.scan.kept.iter().map(|k| k.table.as_str()).collect();
    for table in conn.tables().unwrap() {
        assert!(
            p.scan.tables.contains(&table) != kept.contains(&table.as_str()),
            "{table}"
        );
    }
    for declared in [
        "backup_episodic",
        "step_ledger",
        "receipts",
        "erasure_requests",
    ] {
        assert!(kept.contains(&declared), "{declared}");
    }
    assert!(p.scan.text_columns > 20 && p.scan.files > 0);

    // Nothing found, by any probe.
    for (_, probe) in &p.classes {
        assert_eq!(probe.residue, 0, "{:?}", probe.details);
    }
    assert_eq!(p.subprocessor.residue, 0, "{:?}", p.subprocessor.details);
    for kind in ["by_id", "by_similarity", "by_answer"] {
        let tests: Vec<_> = p.retrieval.iter().filter(|t| t.kind == kind).collect();
        assert!(tests.iter().any(|t| t.queries > 0), "{kind}");
        assert!(tests.iter().all(|t| t.hits == 0), "{kind}: {tests:?}");
    }
    assert_eq!(p.models.len(), 2);
    assert!(p
        .models
        .iter()
        .all(|m| m.clear && m.reproduced && m.weights_match_id));
}

/// The fine-tune step trains a new model on a new dataset version: the
/// served model's id is the digest of its weights, its manifest is the new
/// version (without the subject's examples), the old model is retired with
/// its weights deleted, and the old version is left as it was.
fn retraining_serves_a_new_model_trained_on_a_new_dataset_version(engine: Engine) {
    use proofpack_demo::{id_of_weights, Model};
    let dir = tempfile::tempdir().unwrap();
    let mut platform = Platform::start(config(dir.path(), None, engine)).unwrap();
    let manifests = |conn: &dyn Backend| {
        column(
            conn,
            "SELECT manifest_id || ' ' || digest FROM dataset_manifests ORDER BY manifest_id",
        )
    };
    let before = manifests(&*inspect(&platform));
    let outcome = platform.erase(&mut std::io::sink()).unwrap();
    let conn = inspect(&platform);
    let after = manifests(&*conn);
    assert!(
        before.iter().all(|m| after.contains(m)),
        "a manifest was edited"
    );
    assert_eq!(after.len(), before.len() + 1);

    let details = &step(&outcome, "fine_tune").details;
    let retrained = &details["retrained"][0];
    assert_eq!(retrained["manifest"], "ft-2026-03@v2");
    let (old, new) = (
        retrained["from"].as_str().unwrap(),
        retrained["to"].as_str().unwrap(),
    );
    assert_ne!(old, new);
    let model = |id: &str| -> (String, String, Option<String>) {
        conn.first(
            "SELECT state, manifest_id, weights FROM model_releases WHERE model_id = ?1",
            &[Arg::from(id)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
        .unwrap()
    };
    let (state, manifest, weights) = model(old);
    assert_eq!(
        (state.as_str(), manifest.as_str(), weights),
        ("retired", "ft-2026-03@v1", None)
    );
    let (state, manifest, weights) = model(new);
    assert_eq!(
        (state.as_str(), manifest.as_str()),
        ("serving", "ft-2026-03@v2")
    );
    let weights = weights.unwrap();
    assert_eq!(id_of_weights(&weights), new);
    let answer = Model::from_weights(&weights)
        .unwrap()
        .answer("Draft a reply to Alice Example about Northwind Traders.");
    assert!(!answer.contains("alice"), "{answer}");
    assert!(answer.starts_with("dear"), "{answer}");
}

/// The vector tier's stored HNSW indexes answer nearest-neighbour queries:
/// another subject's note is found by its own text; the erased subject's
/// notes are found in no generation.
fn the_stored_indexes_find_what_they_hold_and_not_the_subject(engine: Engine) {
    use proofpack_demo::{embed, Index, SIMILARITY_THRESHOLD};
    let (_dir, platform, _outcome) = demo(None, engine);
    let conn = inspect(&platform);
    let other = SUBJECTS[1];
    let text = format!(
        "{} said: remind me to call {} tomorrow.",
        other.name, other.city
    );
    let subject = format!(
        "{} said: remind me to call {} tomorrow.",
        SUBJECT.name, SUBJECT.city
    );
    let graphs: Vec<Vec<u8>> = conn
        .column("SELECT graph FROM vector_indexes", &[])
        .unwrap();
    assert_eq!(
        graphs.len(),
        3,
        "one generation per shard after the rebuild"
    );
    let mut found_other = false;
    for graph in graphs {
        let index = Index::from_bytes(&graph).unwrap();
        found_other |= index
            .nearest(&embed(&text), 1)
            .iter()
            .any(|n| n.similarity > 0.999);
        assert!(index
            .nearest(&embed(&subject), 3)
            .iter()
            .all(|n| n.similarity < SIMILARITY_THRESHOLD));
    }
    assert!(found_other);
}

/// A copy of one of the subject's marker phrases in a table the platform
/// does not model survives the cascade; the probe job's content
/// scan finds it (that row only), and the DPO's authoring refuses to sign
/// the pack, whose report has `probes.residue`.
fn a_marker_copied_into_an_unmodelled_table_is_residue(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let mut platform = Platform::start(config(dir.path(), None, engine)).unwrap();
    backend::open(platform.store().location())
        .unwrap()
        .batch(&format!(
            "CREATE TABLE crm_export(id INTEGER PRIMARY KEY, note TEXT);
             INSERT INTO crm_export VALUES (1, 'Call back {} about the invoice.'), (2, 'Call back {}.');",
            SUBJECT.name, SUBJECTS[1].name
        ))
        .unwrap();
    let refused = match platform.erase(&mut std::io::sink()) {
        Err(proofpack_demo::DemoError::Refused(report)) => report,
        other => panic!("{other:?}"),
    };
    assert_eq!(refused.verdict(), Verdict::Incomplete);
    let codes: Vec<Code> = refused.findings().iter().map(|f| f.code()).collect();
    assert_eq!(codes, vec![Code::ProbesResidue]);
    let probes = json_file(
        &platform
            .paths()
            .evidence
            .join("attachments/verification/probes.json"),
    );
    let found: Vec<(String, Vec<String>)> = probes["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            // A probe that found nothing has no `details`.
            let found = c[1]["details"].as_array().cloned().unwrap_or_default();
            (
                c[0].as_str().unwrap().to_owned(),
                found
                    .iter()
                    .map(|f| f.as_str().unwrap().to_owned())
                    .collect::<Vec<String>>(),
            )
        })
        .filter(|(_, found)| !found.is_empty())
        .collect();
    assert_eq!(
        found,
        vec![("derivatives".to_owned(), vec!["crm_export:1".to_owned()])]
    );
    assert!(probes["scan"]["tables"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!("crm_export")));
}

/// Intake refuses a request whose identity proof has no verification
/// record, or one of another subject, and accepts nothing then.
fn intake_refuses_a_missing_or_mismatched_identity_record(engine: Engine) {
    use proofpack_demo::{identity_proof_ref, DemoError, IdentityRefusal};
    let dir = tempfile::tempdir().unwrap();
    let mut platform = Platform::start(config(dir.path(), None, engine)).unwrap();
    let mut submission = platform.submission();
    submission.identity_proof_ref = "idv-00000".to_owned();
    assert!(matches!(
        platform.intake(&submission),
        Err(DemoError::Identity(IdentityRefusal::NoRecord))
    ));
    submission.identity_proof_ref = identity_proof_ref(1);
    assert!(matches!(
        platform.intake(&submission),
        Err(DemoError::Identity(IdentityRefusal::OtherSubject))
    ));
    let accepted: i64 = inspect(&platform)
        .one("SELECT COUNT(*) FROM erasure_requests", &[])
        .unwrap();
    assert_eq!(accepted, 0);
    submission.identity_proof_ref = identity_proof_ref(0);
    assert!(platform.intake(&submission).is_ok());
}

/// Why a `crate::` path of the probe job is not allowed, if it is
/// not: the job may use the store's read side, the platform's models, its
/// own modules and the crate's error, nothing else of the crate.
fn forbidden_import(source: &str) -> Option<String> {
    const READ_SIDE: [&str; 8] = [
        "Location",
        "Reader",
        "Table",
        "Column",
        "Person",
        "ServingModel",
        "ManifestExample",
        "ExampleContent",
    ];
    for banned in ["super::super", "proofpack_demo::"] {
        if source.contains(banned) {
            return Some(banned.to_owned());
        }
    }
    for (at, _) in source.match_indices("crate::") {
        let rest = &source[at + "crate::".len()..];
        let ident = |text: &str| -> String {
            text.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        let first = ident(rest);
        let ok = match first.as_str() {
            "DemoError" | "ml" | "probe_job" => true,
            "store" => {
                let items = rest["store::".len().min(rest.len())..].to_owned();
                let items = match items.strip_prefix('{') {
                    Some(group) => group.split('}').next().unwrap_or("").to_owned(),
                    None => ident(&items),
                };
                items
                    .split(',')
                    .map(str::trim)
                    .filter(|i| !i.is_empty())
                    .all(|i| READ_SIDE.contains(&ident(i).as_str()))
            }
            _ => false,
        };
        if !ok {
            return Some(format!("crate::{}", rest.lines().next().unwrap_or("")));
        }
    }
    None
}

/// No module of the probe job (nor of the models it shares) imports
/// the cascade's; its sources, as its `code_ref` hashes them, are every
/// file of its folder, as they are on disk.
#[test]
fn the_probe_job_imports_nothing_of_the_cascade() {
    use proofpack_demo::SOURCES;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut on_disk: Vec<String> = std::fs::read_dir(src.join("probe_job"))
        .unwrap()
        .map(|e| format!("probe_job/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    on_disk.sort();
    let listed: Vec<String> = SOURCES.iter().map(|(p, _)| (*p).to_owned()).collect();
    assert_eq!(listed, on_disk);
    for (path, text) in SOURCES {
        assert_eq!(std::fs::read_to_string(src.join(path)).unwrap(), text);
        assert_eq!(forbidden_import(text), None, "{path}");
    }
    for entry in std::fs::read_dir(src.join("ml")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        assert_eq!(forbidden_import(&text), None);
    }
    // The check itself refuses what it must.
    for bad in [
        "use crate::cascade::Cascade;",
        "use crate::store::Store;",
        "use crate::store::{Reader, Store};",
        "use crate::intake::Intake;",
        "crate::services::VECTOR_SAAS",
        "use super::super::receipts;",
    ] {
        assert!(forbidden_import(bad).is_some(), "{bad}");
    }
    assert_eq!(
        forbidden_import("use crate::store::{Reader, Table};\nuse crate::ml::embed;"),
        None
    );
}

/// The probe job's connection (`backend::open_read_only`, as its
/// `Reader` opens it) reads the store and cannot change it.
fn the_probe_jobs_connection_cannot_write(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let platform = Platform::start(config(dir.path(), None, engine)).unwrap();
    let reader = inspect(&platform);
    let sessions = count(
        reader.as_ref(),
        "SELECT COUNT(*) FROM working_sessions WHERE user_id = ?1",
        SUBJECT.user_id,
    );
    assert!(sessions > 0);
    assert!(reader.execute("DELETE FROM working_sessions", &[]).is_err());
    assert_eq!(
        count(
            reader.as_ref(),
            "SELECT COUNT(*) FROM working_sessions WHERE user_id = ?1",
            SUBJECT.user_id,
        ),
        sessions
    );
}

/// A PostgreSQL database holding anything but the demo's own schema is
/// refused (exit 1) and left as it was; a bad `--store` is a usage error.
#[test]
fn a_foreign_postgres_database_is_refused_and_left_alone() {
    let url = cluster::cluster().new_database();
    let mut client = ::postgres::Client::connect(&url, ::postgres::NoTls).unwrap();
    client
        .batch_execute(
            "CREATE TABLE invoices(id BIGINT PRIMARY KEY); INSERT INTO invoices VALUES (7)",
        )
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let refused = demo_command(Some(&url))
        .args(["--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let tables: Vec<String> = client
        .query(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public'",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(tables, vec!["invoices".to_owned()]);
    let kept: i64 = client
        .query_one("SELECT id FROM invoices", &[])
        .unwrap()
        .get(0);
    assert_eq!(kept, 7);
    // The store's own table names, made by something else (no migrations
    // record), are refused too.
    let lookalike = cluster::cluster().new_database();
    ::postgres::Client::connect(&lookalike, ::postgres::NoTls)
        .unwrap()
        .batch_execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        .unwrap();
    let refused = demo_command(Some(&lookalike))
        .args(["--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let usage = demo_command(Some("mysql://nowhere/db"))
        .args(["--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
}

/// `synthetic_subjects` more subjects are seeded in every tier; erasing the
/// first subject leaves every one of theirs.
fn synthetic_subjects_are_seeded_and_left_alone(engine: Engine) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path(), None, engine);
    config.synthetic_subjects = 5;
    let mut platform = Platform::start(config).unwrap();
    let outcome = platform.erase(&mut std::io::sink()).unwrap();
    assert_eq!(outcome.report.verdict(), Verdict::Complete);
    let conn = inspect(&platform);
    for table in [
        "working_sessions",
        "episodic",
        "entities",
        "vectors",
        "dataset_examples",
        "uploads",
        "summaries",
    ] {
        let users: i64 = conn
            .one(&format!("SELECT COUNT(DISTINCT user_id) FROM {table}"), &[])
            .unwrap();
        assert_eq!(users, (SUBJECTS.len() - 1 + 5) as i64, "{table}");
    }
    let synthetic = proofpack_demo::Synthetic::nth(4);
    assert!(
        count(
            conn.as_ref(),
            "SELECT COUNT(*) FROM episodic WHERE user_id = ?1",
            synthetic.user_id()
        ) > 0
    );
}
