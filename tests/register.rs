//! Registers (spec §19): every rule on its own scenario, built from the
//! sample evidence with the producer and signed with the sample keys.
//! Each test asserts codes, statuses, packs and exit statuses, never wording.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_author::pack::{sign_unchecked, Content, Evidence, Superseded};
use proofpack_core::{RegisterCode, TrustStore, Verdict};
use proofpack_producer::{AuditLog, LogEntry, PackSigned, SeededSalts, WitnessSpec};
use proofpack_register::{register, Options, PackInput, Register};
use proofpack_samples::{audit_log_key, dpo_key, LOG_ORIGIN};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::OpenItemKind;
use sha2::{Digest, Sha256};
use std::path::Path;

const INCOMPLETE: &str = "incomplete-cache-deferred";
const COMPLETE: &str = "complete-gdpr";
/// Before every due date of the incomplete sample (its first is 2026-05-13).
const EARLY: &str = "2026-05-07T00:00:00Z";
/// After every due date of the incomplete sample.
const LATE: &str = "2026-12-01T00:00:00Z";
const AUDIT: &str = "audit-log-redaction.json";

fn ts(text: &str) -> Timestamp {
    Timestamp::parse(text).expect("timestamp")
}

fn trust() -> TrustStore {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    TrustStore::load(&root.join("sample-packs/trust.json")).expect("sample trust store")
}

fn evidence(name: &str) -> Evidence {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("sample-packs/evidence")
        .join(name);
    Evidence::from_dir(&dir).expect("sample evidence")
}

/// The evidence signed at `signed_at`, claiming `all_clear` unless a
/// receipt is pending (the incomplete sample's): an honest claim, so that
/// only what a test changes makes a pack invalid.
fn sign(e: &Evidence, signed_at: &str) -> Vec<u8> {
    let receipts = e.member("subprocessor-receipts.jsonl").expect("receipts");
    let receipts = receipts.read().expect("readable");
    let pending = String::from_utf8_lossy(&receipts).contains("\"pending\"");
    let all_clear = !pending;
    sign_unchecked(e, &dpo_key(), &ts(signed_at), all_clear).expect("signs")
}

fn sha(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `e` as a follow-up pack (its own `pack_id`) naming `pack_id` and the
/// SHA-256 of `earlier`.
fn follow_up(e: &Evidence, new_id: &str, pack_id: &str, earlier: &[u8]) -> Evidence {
    let mut e = e.clone();
    e.description.pack_id = new_id.to_owned();
    e.description.supersedes = Some(Superseded {
        pack_id: pack_id.to_owned(),
        sha256: sha(earlier),
    });
    e
}

fn run(packs: &[(&str, &[u8])], as_of: &str) -> Register {
    let trust = trust();
    let inputs = packs
        .iter()
        .map(|(name, bytes)| PackInput::bytes(*name, bytes.to_vec()))
        .collect();
    let mut options = Options::new(&trust, ts(as_of));
    options.jobs = 2;
    register(inputs, &options).expect("register")
}

fn codes(r: &Register) -> Vec<(RegisterCode, Vec<String>)> {
    r.findings()
        .iter()
        .map(|f| (f.code, f.packs.clone()))
        .collect()
}

fn count(r: &Register, code: RegisterCode) -> usize {
    r.findings().iter().filter(|f| f.code == code).count()
}

/// The request holding the pack with this SHA-256.
fn request_of<'r>(r: &'r Register, sha256: &str) -> &'r proofpack_register::RegisterRequest {
    r.requests()
        .iter()
        .find(|q| q.packs.iter().any(|p| p == sha256))
        .expect("request")
}

fn incomplete_pair() -> (Vec<u8>, Vec<u8>) {
    let e = evidence(INCOMPLETE);
    let a = sign(&e, "2026-05-06T11:00:00Z");
    let b = sign(
        &follow_up(&e, "erasure-req-002217-2", "erasure-req-002217", &a),
        "2026-05-06T12:00:00Z",
    );
    (a, b)
}

#[test]
fn a_chain_has_one_head_and_the_earlier_pack_superseded() {
    let (a, b) = incomplete_pair();
    let r = run(&[("a.tar.gz", &a), ("b.tar.gz", &b)], EARLY);
    assert!(r.findings().is_empty(), "{:?}", codes(&r));
    assert_eq!(r.requests().len(), 1);
    let q = &r.requests()[0];
    assert_eq!(q.heads, vec![sha(&b)]);
    assert_eq!(q.status, Verdict::Incomplete);
    assert_eq!(
        r.pack(&sha(&a)).and_then(|p| p.superseded_by.clone()),
        Some(sha(&b))
    );
    assert_eq!(r.pack(&sha(&b)).and_then(|p| p.superseded_by.clone()), None);
    // Open items are the head's only.
    assert!(q.open_items.iter().all(|i| i.pack == sha(&b)));
    assert_eq!(r.exit_status(), 4);
    assert_eq!(r.format(), "proof-pack-register/v1");
}

#[test]
fn open_items_of_each_kind_are_overdue_only_when_due_before_as_of() {
    let (a, _) = incomplete_pair();
    let kinds = [
        OpenItemKind::Step,
        OpenItemKind::Receipt,
        OpenItemKind::Obligation,
        OpenItemKind::Artifact,
        OpenItemKind::Deadline,
    ];
    let early = run(&[("a.tar.gz", &a)], EARLY);
    let items = &early.requests()[0].open_items;
    for kind in kinds {
        assert!(
            items.iter().any(|i| i.kind == kind),
            "{kind} missing: {items:?}"
        );
    }
    assert!(items.iter().all(|i| !i.overdue));
    assert_eq!(count(&early, RegisterCode::Overdue), 0);

    let late = run(&[("a.tar.gz", &a)], LATE);
    let items = &late.requests()[0].open_items;
    assert!(items.iter().all(|i| i.overdue), "{items:?}");
    assert_eq!(count(&late, RegisterCode::Overdue), items.len());
    assert!(late.findings().iter().all(|f| f.packs == vec![sha(&a)]));
    // A warning: the status stays the head's verdict.
    assert_eq!(late.requests()[0].status, Verdict::Incomplete);
    assert_eq!(late.exit_status(), 4);

    // Between: the step, receipt, obligation and artifact (due by 05-20)
    // are overdue, the deadline (2026-06-03) is not.
    let mid = run(&[("a.tar.gz", &a)], "2026-05-25T00:00:00Z");
    for i in &mid.requests()[0].open_items {
        assert_eq!(i.overdue, i.kind != OpenItemKind::Deadline, "{i:?}");
    }
    // Exactly at the due instant it is not yet overdue ("before as_of").
    let at = run(&[("a.tar.gz", &a)], "2026-05-20T00:00:00Z");
    let receipt = at.requests()[0]
        .open_items
        .iter()
        .find(|i| i.kind == OpenItemKind::Receipt);
    assert_eq!(receipt.map(|i| i.overdue), Some(false));
}

#[test]
fn a_pending_step_is_an_open_item_due_at_its_due_at() {
    let mut e = evidence(INCOMPLETE);
    let steps = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("sample-packs/evidence/incomplete-cache-deferred/steps.jsonl"),
    )
    .expect("steps");
    let pending = steps.replace(
        "\"status\":\"deferred\",\"started_at\":\"2026-05-06T08:31:00Z\",\"ended_at\":\"2026-05-06T08:40:00Z\",\"before_count\":6,\"after_count\":1,\"code_ref\":\"cascade@3f2a9c1\",\"expires_at\"",
        "\"status\":\"pending\",\"started_at\":\"2026-05-06T08:31:00Z\",\"ended_at\":\"2026-05-06T08:40:00Z\",\"before_count\":6,\"after_count\":1,\"code_ref\":\"cascade@3f2a9c1\",\"due_at\"",
    );
    assert_ne!(pending, steps);
    e.set_member("steps.jsonl", Content::Bytes(pending.into_bytes()));
    let a = sign(&e, "2026-05-06T11:00:00Z");
    let r = run(&[("a.tar.gz", &a)], "2026-05-14T00:00:00Z");
    let step = r.requests()[0]
        .open_items
        .iter()
        .find(|i| i.kind == OpenItemKind::Step)
        .expect("step");
    assert_eq!(
        (step.what.as_str(), step.due.as_deref(), step.overdue),
        ("derivatives", Some("2026-05-13T08:40:00Z"), true)
    );
}

#[test]
fn a_link_to_a_pack_not_in_the_set_is_unknown() {
    let (_, b) = incomplete_pair();
    let r = run(&[("b.tar.gz", &b)], EARLY);
    assert_eq!(
        codes(&r),
        vec![(RegisterCode::SupersedesUnknown, vec![sha(&b)])]
    );
    assert_eq!(r.requests()[0].heads, vec![sha(&b)]);
    assert_eq!(r.requests()[0].status, Verdict::Incomplete);
    assert_eq!(r.exit_status(), 4);
}

#[test]
fn a_link_that_does_not_fit_is_void_and_invalid() {
    let e = evidence(INCOMPLETE);
    let a = sign(&e, "2026-05-06T11:00:00Z");
    let cases = [
        // Another pack_id.
        (
            follow_up(&e, "x-2", "erasure-req-999999", &a),
            "2026-05-06T12:00:00Z",
        ),
        // signed_at not after the earlier pack's.
        (
            follow_up(&e, "x-2", "erasure-req-002217", &a),
            "2026-05-06T11:00:00Z",
        ),
    ];
    for (b, signed_at) in cases {
        let b = sign(&b, signed_at);
        let r = run(&[("a.tar.gz", &a), ("b.tar.gz", &b)], EARLY);
        let mismatch: Vec<_> = r
            .findings()
            .iter()
            .filter(|f| f.code == RegisterCode::SupersedesMismatch)
            .collect();
        assert_eq!(mismatch.len(), 1, "{:?}", codes(&r));
        assert_eq!(mismatch[0].packs, vec![sha(&b)]);
        // The link is void: both are heads, and they compete.
        assert_eq!(r.pack(&sha(&a)).and_then(|p| p.superseded_by.clone()), None);
        assert_eq!(r.requests()[0].heads.len(), 2);
        assert_eq!(count(&r, RegisterCode::CompetingPacks), 1);
        assert_eq!(r.requests()[0].status, Verdict::Invalid);
        assert_eq!(r.exit_status(), 6);
    }
    // A pack of another request naming it: a mismatch too, and each
    // request keeps its own head.
    let other = sign(
        &follow_up(&evidence(COMPLETE), "c-2", "erasure-req-002217", &a),
        "2026-05-07T12:00:00Z",
    );
    let r = run(&[("a.tar.gz", &a), ("c.tar.gz", &other)], EARLY);
    assert_eq!(
        codes(&r),
        vec![(RegisterCode::SupersedesMismatch, vec![sha(&other)])]
    );
    assert_eq!(r.requests().len(), 2);
    assert_eq!(request_of(&r, &sha(&other)).status, Verdict::Invalid);
    assert_eq!(request_of(&r, &sha(&a)).status, Verdict::Incomplete);
}

#[test]
fn two_packs_superseding_one_are_both_void() {
    let e = evidence(INCOMPLETE);
    let a = sign(&e, "2026-05-06T11:00:00Z");
    let b1 = sign(
        &follow_up(&e, "b1", "erasure-req-002217", &a),
        "2026-05-06T12:00:00Z",
    );
    let b2 = sign(
        &follow_up(&e, "b2", "erasure-req-002217", &a),
        "2026-05-06T13:00:00Z",
    );
    let r = run(
        &[("a.tar.gz", &a), ("b1.tar.gz", &b1), ("b2.tar.gz", &b2)],
        EARLY,
    );
    let mut both = vec![sha(&b1), sha(&b2)];
    both.sort();
    let twice: Vec<_> = r
        .findings()
        .iter()
        .filter(|f| f.code == RegisterCode::SupersededTwice)
        .collect();
    assert_eq!(twice.len(), 1);
    assert_eq!(twice[0].packs, both);
    assert_eq!(r.pack(&sha(&a)).and_then(|p| p.superseded_by.clone()), None);
    assert_eq!(r.requests()[0].heads.len(), 3);
    assert_eq!(r.requests()[0].status, Verdict::Invalid);
    assert_eq!(r.exit_status(), 6);
}

#[test]
fn packs_of_one_request_without_links_compete() {
    let e = evidence(INCOMPLETE);
    let a = sign(&e, "2026-05-06T11:00:00Z");
    let c = sign(&e, "2026-05-06T12:00:00Z");
    let r = run(&[("a.tar.gz", &a), ("c.tar.gz", &c)], EARLY);
    let mut heads = vec![sha(&a), sha(&c)];
    heads.sort();
    assert_eq!(
        codes(&r),
        vec![(RegisterCode::CompetingPacks, heads.clone())]
    );
    assert_eq!(r.requests()[0].heads, heads);
    // A warning: the status is the worst head's verdict.
    assert_eq!(r.requests()[0].status, Verdict::Incomplete);
    // Both heads' open items are listed.
    assert_eq!(r.requests()[0].open_items.len(), 10);
}

#[test]
fn files_with_the_same_bytes_are_one_pack() {
    let (a, _) = incomplete_pair();
    let r = run(&[("b-copy.tar.gz", &a), ("a.tar.gz", &a)], EARLY);
    assert_eq!(r.packs().len(), 1);
    assert_eq!(r.packs()[0].file, "a.tar.gz");
    assert_eq!(r.packs()[0].duplicates, vec!["b-copy.tar.gz".to_owned()]);
    assert_eq!(
        codes(&r),
        vec![(RegisterCode::DuplicateFile, vec![sha(&a)])]
    );
    assert_eq!(r.requests().len(), 1);
    assert_eq!(r.exit_status(), 4);
}

#[test]
fn a_tampered_pack_cannot_retire_another() {
    let e = evidence(INCOMPLETE);
    let a = sign(&e, "2026-05-06T11:00:00Z");
    let mut tampered = follow_up(&e, "b", "erasure-req-002217", &a);
    let mut steps = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("sample-packs/evidence/incomplete-cache-deferred/steps.jsonl"),
    )
    .expect("steps");
    steps.extend_from_slice(b"{\"seq\": \"x\"}\n");
    tampered.set_member("steps.jsonl", Content::Bytes(steps));
    let b = sign(&tampered, "2026-05-06T12:00:00Z");
    let r = run(&[("a.tar.gz", &a), ("b.tar.gz", &b)], EARLY);
    assert_eq!(r.pack(&sha(&b)).map(|p| p.verdict), Some(Verdict::Invalid));
    assert_eq!(r.pack(&sha(&a)).and_then(|p| p.superseded_by.clone()), None);
    assert_eq!(count(&r, RegisterCode::SupersedesMismatch), 0);
    assert_eq!(count(&r, RegisterCode::SupersedesUnknown), 0);
    assert_eq!(count(&r, RegisterCode::CompetingPacks), 1);
    assert_eq!(r.requests()[0].status, Verdict::Invalid);
}

#[test]
fn a_pack_whose_manifest_cannot_be_read_is_a_request_of_its_own() {
    let (a, _) = incomplete_pair();
    let junk1: &[u8] = b"not a pack";
    let junk2: &[u8] = b"not a pack either";
    let r = run(
        &[("a.tar.gz", &a), ("j1.tar.gz", junk1), ("j2.tar.gz", junk2)],
        EARLY,
    );
    assert_eq!(r.requests().len(), 3);
    let own: Vec<_> = r
        .requests()
        .iter()
        .filter(|q| q.request_id.is_none())
        .collect();
    assert_eq!(own.len(), 2);
    assert!(own
        .iter()
        .all(|q| q.status == Verdict::Invalid && q.packs.len() == 1));
    assert_eq!(r.exit_status(), 6);
}

#[test]
fn an_empty_set_has_no_request_and_exit_status_zero() {
    let r = run(&[], EARLY);
    assert!(r.requests().is_empty() && r.packs().is_empty() && r.findings().is_empty());
    assert_eq!(r.exit_status(), 0);
}

/// A witness of a fresh log on the sample origin, signed with the sample
/// log key: `events` entries (the request ids make the leaves differ),
/// checkpoints at `before` and `after`, entries `shown` included.
fn witness(events: &[&str], before: u64, after: u64, shown: &[u64]) -> Vec<u8> {
    let log = log_of(events);
    let key = audit_log_key();
    let spec = WitnessSpec {
        before_checkpoint: log
            .checkpoint(before, LOG_ORIGIN, &key)
            .expect("checkpoint"),
        after_checkpoint: log.checkpoint(after, LOG_ORIGIN, &key).expect("checkpoint"),
        entries: shown.to_vec(),
        pii_fields: vec!["subject_email".to_owned()],
    };
    log.witness(&spec).expect("witness")
}

fn with_witness(name: &str, witness: Vec<u8>, signed_at: &str) -> Vec<u8> {
    let mut e = evidence(name);
    e.set_member(AUDIT, Content::Bytes(witness));
    sign(&e, signed_at)
}

#[test]
fn two_roots_at_one_tree_size_are_a_log_fork() {
    let a = with_witness(
        INCOMPLETE,
        witness(&["r-1", "r-2"], 1, 2, &[]),
        "2026-05-06T11:00:00Z",
    );
    let c = with_witness(
        COMPLETE,
        witness(&["r-1", "r-3"], 1, 2, &[]),
        "2026-04-22T16:02:00Z",
    );
    let r = run(&[("a.tar.gz", &a), ("c.tar.gz", &c)], EARLY);
    let mut both = vec![sha(&a), sha(&c)];
    both.sort();
    // Size 1 agrees (same first leaf); size 2 differs.
    assert_eq!(codes(&r), vec![(RegisterCode::LogFork, both)]);
    assert!(r.requests().iter().all(|q| q.status == Verdict::Invalid));
    assert_eq!(r.exit_status(), 6);
}

#[test]
fn two_leaves_at_one_index_are_a_log_fork() {
    // Tree sizes 1-2 and 3-4 never meet; entry 0 differs.
    let a = with_witness(
        INCOMPLETE,
        witness(&["r-1", "r-2"], 1, 2, &[0]),
        "2026-05-06T11:00:00Z",
    );
    let c = with_witness(
        COMPLETE,
        witness(&["r-9", "r-2", "r-3", "r-4"], 3, 4, &[0]),
        "2026-04-22T16:02:00Z",
    );
    let r = run(&[("a.tar.gz", &a), ("c.tar.gz", &c)], EARLY);
    let mut both = vec![sha(&a), sha(&c)];
    both.sort();
    assert_eq!(codes(&r), vec![(RegisterCode::LogFork, both)]);
    // The same leaf at the same index is no fork.
    let c = with_witness(
        COMPLETE,
        witness(&["r-1", "r-2", "r-3", "r-4"], 3, 4, &[0]),
        "2026-04-22T16:02:00Z",
    );
    let r = run(&[("a.tar.gz", &a), ("c.tar.gz", &c)], EARLY);
    assert_eq!(count(&r, RegisterCode::LogFork), 0, "{:?}", codes(&r));
}

#[test]
fn checkpoints_that_did_not_verify_are_not_compared() {
    let a = with_witness(
        INCOMPLETE,
        witness(&["r-1", "r-2"], 1, 2, &[]),
        "2026-05-06T11:00:00Z",
    );
    // The same fork, but a trust store without the log's key: every
    // checkpoint is audit.checkpoint_key_unknown.
    let c = with_witness(
        COMPLETE,
        witness(&["r-1", "r-3"], 1, 2, &[]),
        "2026-04-22T16:02:00Z",
    );
    let mut doc: serde_json::Value = serde_json::from_slice(
        &std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-packs/trust.json"))
            .expect("trust"),
    )
    .expect("json");
    doc["keys"]
        .as_array_mut()
        .expect("keys")
        .retain(|k| k["key_id"] != LOG_ORIGIN);
    let trust = TrustStore::from_json(&serde_json::to_vec(&doc).expect("json")).expect("store");
    let inputs = vec![
        PackInput::bytes("a.tar.gz", a),
        PackInput::bytes("c.tar.gz", c),
    ];
    let r = register(inputs, &Options::new(&trust, ts(EARLY))).expect("register");
    assert_eq!(count(&r, RegisterCode::LogFork), 0);
}

#[test]
fn a_fork_is_found_through_a_superseded_pack() {
    // a (forked log) is superseded by b (the sample's own log); c, of
    // another request, shows the other history.
    let a = with_witness(
        INCOMPLETE,
        witness(&["r-1", "r-2"], 1, 2, &[]),
        "2026-05-06T11:00:00Z",
    );
    let b = sign(
        &follow_up(&evidence(INCOMPLETE), "b", "erasure-req-002217", &a),
        "2026-05-06T12:00:00Z",
    );
    let c = with_witness(
        COMPLETE,
        witness(&["r-1", "r-3"], 1, 2, &[]),
        "2026-04-22T16:02:00Z",
    );
    let r = run(
        &[("a.tar.gz", &a), ("b.tar.gz", &b), ("c.tar.gz", &c)],
        EARLY,
    );
    let mut at = vec![sha(&a), sha(&c)];
    at.sort();
    assert_eq!(codes(&r), vec![(RegisterCode::LogFork, at)]);
    assert_eq!(
        r.pack(&sha(&a)).and_then(|p| p.superseded_by.clone()),
        Some(sha(&b))
    );
    let q = request_of(&r, &sha(&b));
    assert_eq!(q.heads, vec![sha(&b)]);
    // The head is incomplete, but a pack of the request is in a fork.
    assert_eq!(
        r.pack(&sha(&b)).map(|p| p.verdict),
        Some(Verdict::Incomplete)
    );
    assert_eq!(q.status, Verdict::Invalid);
}

#[test]
fn the_register_is_the_same_whatever_the_jobs_and_order() {
    let (a, b) = incomplete_pair();
    let c = sign(&evidence(COMPLETE), "2026-04-22T16:02:00Z");
    let trust = trust();
    let json = |order: &[(&str, &Vec<u8>)], jobs: usize| {
        let inputs = order
            .iter()
            .map(|(n, b)| PackInput::bytes(*n, b.to_vec()))
            .collect();
        let mut options = Options::new(&trust, ts(LATE));
        options.jobs = jobs;
        serde_json::to_string(&register(inputs, &options).expect("register")).expect("json")
    };
    let one = json(&[("a", &a), ("b", &b), ("c", &c)], 1);
    assert_eq!(one, json(&[("c", &c), ("b", &b), ("a", &a)], 3));
}

/// A fresh log on the sample origin of `events` (the request ids make the
/// leaves differ).
fn log_of(events: &[&str]) -> AuditLog {
    let mut log =
        AuditLog::with_salts(LOG_ORIGIN, Box::new(SeededSalts::new([9; 32]))).expect("log");
    for (i, id) in events.iter().enumerate() {
        log.append(LogEntry::request_accepted(
            format!("2026-05-06T08:0{i}:00Z"),
            id,
        ))
        .expect("append");
    }
    log
}

/// `pack` with its member `path` replaced by `bytes` (the others as they are,
/// in their order).
fn with_member(pack: &[u8], path: &str, bytes: &[u8]) -> Vec<u8> {
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(pack));
    let mut builder = tar::Builder::new(Vec::new());
    for entry in archive.entries().expect("tar") {
        let mut entry = entry.expect("entry");
        let name = entry.path().expect("path").to_string_lossy().into_owned();
        let mut content = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut content).expect("content");
        let content = if name == path {
            bytes.to_vec()
        } else {
            content
        };
        let mut header = tar::Header::new_ustar();
        header.set_path(&name).expect("path");
        header.set_size(content.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder.append(&header, &content[..]).expect("append");
    }
    let tar = builder.into_inner().expect("tar");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, &tar).expect("gzip");
    gz.finish().expect("gzip")
}

/// The content of a pack's member.
fn member_of(pack: &[u8], path: &str) -> Vec<u8> {
    proofpack_core::inspect::member_content(pack, &proofpack_core::Limits::default(), path)
        .expect("member")
}

/// The incomplete sample over a fresh log of `events` (witness sizes 1 and
/// 2), signed, then sealed (§22): its `pack_signed` entry appended at index
/// `events.len()`, the seal's checkpoint at the next size. With
/// `broken_before`, its checkpoint_before does not parse (its pack's
/// checkpoints do not count for §19; its seal's still does). The seal's
/// checkpoint is signed with `seal_key` under the log's name.
fn sealed_pack(
    events: &[&str],
    broken_before: bool,
    seal_key: &ed25519_dalek::SigningKey,
) -> Vec<u8> {
    let mut log = log_of(events);
    let key = audit_log_key();
    let after = log.checkpoint(2, LOG_ORIGIN, &key).expect("checkpoint");
    let spec = WitnessSpec {
        before_checkpoint: log.checkpoint(1, LOG_ORIGIN, &key).expect("checkpoint"),
        after_checkpoint: after.clone(),
        entries: vec![],
        pii_fields: vec!["subject_email".to_owned()],
    };
    let mut witness: serde_json::Value =
        serde_json::from_slice(&log.witness(&spec).expect("witness")).expect("JSON");
    if broken_before {
        witness["checkpoint_before"] = serde_json::json!("not a checkpoint");
    }
    let witness = serde_json::to_vec(&witness).expect("JSON");
    let pack = with_witness(INCOMPLETE, witness, "2026-05-06T11:00:00Z");
    // The log grows past checkpoint_after: the seal's entry is appended
    // after the events (the pack names only the first two).
    let signature = member_of(&pack, "signature.sig");
    let signed =
        PackSigned::of_pack(&member_of(&pack, "manifest.json"), &signature).expect("a signed pack");
    let index = log
        .log_pack_signed("2026-05-06T11:05:00Z", &signed)
        .expect("append");
    let checkpoint = log
        .checkpoint(log.size(), LOG_ORIGIN, seal_key)
        .expect("checkpoint");
    let seal = log.seal(&after, &checkpoint, index).expect("seal");
    let signature = seal.seal_signature(&signature).expect("sealed");
    with_member(&pack, "signature.sig", &signature)
}

#[test]
fn a_seal_s_checkpoint_and_entry_join_the_log_fork_rule() {
    // a's log holds r-1, r-2 and its pack_signed entry at index 2 (size 3);
    // c's log holds r-1, r-2, r-3 and proves entry 2 at size 3.
    let a = sealed_pack(&["r-1", "r-2"], true, &audit_log_key());
    let c = with_witness(
        COMPLETE,
        witness(&["r-1", "r-2", "r-3"], 1, 3, &[2]),
        "2026-04-22T16:02:00Z",
    );
    let r = run(&[("a.tar.gz", &a), ("c.tar.gz", &c)], EARLY);
    let mut both = vec![sha(&a), sha(&c)];
    both.sort();
    // a's own checkpoints do not count (checkpoint_before is malformed), its
    // seal's does: two roots at size 3, two leaves at index 2.
    assert_eq!(
        codes(&r),
        vec![
            (RegisterCode::LogFork, both.clone()),
            (RegisterCode::LogFork, both)
        ]
    );
    // A seal whose checkpoint did not verify (another key signed it,
    // seal.checkpoint_invalid) is not compared.
    let a = sealed_pack(&["r-1", "r-2"], true, &dpo_key());
    let r = run(&[("a.tar.gz", &a), ("c.tar.gz", &c)], EARLY);
    assert_eq!(count(&r, RegisterCode::LogFork), 0, "{:?}", codes(&r));
}
