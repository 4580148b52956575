//! Spec revision 3 on packs built from producer output: §21 witnessed
//! completion and §22 sealed signatures, each rule and edge on its own.
//! Honest seals are made with the producer's own API
//! (`AuditLog::log_pack_signed`, `AuditLog::seal`); the broken ones a
//! producer refuses to make are built here from the same log's leaves.
//! Each test asserts codes, locations, verdicts and report states, never
//! wording.

use super::producer::{
    dpo_key, log_key, pack_archive, pack_manifest, pack_members, pack_signature, redact_all,
    request, scenario, sha256_hex, spec, ORIGIN,
};
use crate::report::{NotCounted, SealSummary};
use crate::{Code, Limits, Report, SuccessCode, TrustStore, Verdict};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use ed25519_dalek::SigningKey;
use proofpack_producer::*;
use proofpack_spec::checkpoint::{checkpoint_body, parse_checkpoint, sign_note};
use proofpack_spec::cosignature::cosign;
use proofpack_spec::merkle::MerkleTree;
use proofpack_spec::timestamp::Timestamp;
use serde_json::{json, Value};

const DPO_ID: &str = "compliance-dpo-2026";
/// Another log of the same operator, whose key the store also holds.
const OTHER_ORIGIN: &str = "audit.example.com/ten_0917";
/// The request's effective deadline (its `sla_deadline`).
const DEADLINE: &str = "2026-05-20T09:11:00Z";
/// The cosignature times of §21's worked example, on 2026-05-20.
const DAY: &str = "2026-05-20T";

fn at(time: &str) -> String {
    format!("{DAY}{time}Z")
}

fn unix(t: &str) -> u64 {
    let seconds = Timestamp::parse(t)
        .expect("timestamp")
        .instant()
        .unix_timestamp();
    u64::try_from(seconds).expect("after 1970")
}

/// A witness: its `key_id`, `owner` and key.
struct Witness {
    id: String,
    owner: String,
    key: SigningKey,
}

/// Witnesses A, B and C (0, 1, 2) of the owners given.
fn witnesses(owners: [&str; 3]) -> Vec<Witness> {
    owners
        .iter()
        .zip(1u8..)
        .map(|(owner, n)| Witness {
            id: format!("witness.example/w{n}"),
            owner: (*owner).to_owned(),
            key: SigningKey::from_bytes(&[0x60 + n; 32]),
        })
        .collect()
}

/// Three witnesses of three owners.
fn three() -> Vec<Witness> {
    witnesses(["a@w.example", "b@w.example", "c@w.example"])
}

/// A checkpoint (note text) with the cosignature lines of `cosigners`
/// (witness, time) appended.
fn cosigned(note: &str, cosigners: &[(usize, String)], ws: &[Witness]) -> String {
    let body = parse_checkpoint(note).expect("checkpoint").note.text;
    let mut out = note.to_owned();
    for (w, time) in cosigners {
        let w = &ws[*w];
        out.push_str(&cosign(&body, &w.id, &w.key, unix(time)).expect("cosign"));
    }
    out
}

/// What a seal is made from: the pack's log after its witness was written,
/// its `checkpoint_after`, and the signed pack's two members.
struct Signed<'a> {
    log: AuditLog,
    after: String,
    manifest: &'a [u8],
    signature_sig: &'a [u8],
    witnesses: &'a [Witness],
}

/// Makes the `seal` member's value.
type Sealer = Box<dyn Fn(Signed<'_>) -> Value>;

/// The honest seal, made with the producer's API: the `pack_signed` entry
/// appended, a checkpoint of the grown log by the log's key, cosigned by
/// `cosigners`, then `edit` applied to its JSON.
fn honest(cosigners: &[(usize, &str)], edit: impl Fn(&mut Value) + 'static) -> Sealer {
    let cosigners: Vec<(usize, String)> = cosigners
        .iter()
        .map(|(w, t)| (*w, (*t).to_owned()))
        .collect();
    Box::new(move |mut s: Signed<'_>| {
        let signed = PackSigned::of_pack(s.manifest, s.signature_sig).expect("a signed pack");
        let index = s
            .log
            .log_pack_signed("2026-04-22T16:05:00Z", &signed)
            .expect("append");
        let note = s
            .log
            .checkpoint(s.log.size(), ORIGIN, &log_key())
            .expect("checkpoint");
        let lines: Vec<String> = cosigned(&note, &cosigners, s.witnesses)[note.len()..]
            .split_inclusive('\n')
            .map(str::to_owned)
            .collect();
        let note = s.log.cosigned(&note, &lines).expect("cosigned");
        let seal = s.log.seal(&s.after, &note, index).expect("seal");
        let mut value = seal.to_json();
        edit(&mut value);
        value
    })
}

/// The honest seal, unedited.
fn sealed(cosigners: &[(usize, &str)]) -> Sealer {
    honest(cosigners, |_| {})
}

/// How the seal checkpoint of [`raw`] is signed: the body's origin, and
/// the signature line's key name and key (none: no log line at all).
struct Signing {
    origin: &'static str,
    line: Option<(&'static str, SigningKey)>,
}

fn by_the_log() -> Signing {
    Signing {
        origin: ORIGIN,
        line: Some((ORIGIN, log_key())),
    }
}

/// A seal a producer would refuse to make: `leaf(honest_leaf)` appended to
/// a copy of the log's tree, its checkpoint signed as `signing` says, and
/// cosigned by `cosigners`.
fn raw(
    leaf: impl Fn(Value) -> Vec<u8> + 'static,
    signing: impl Fn() -> Signing + 'static,
    cosigners: &[(usize, &str)],
) -> Sealer {
    let cosigners: Vec<(usize, String)> = cosigners
        .iter()
        .map(|(w, t)| (*w, (*t).to_owned()))
        .collect();
    Box::new(move |s: Signed<'_>| {
        let signed = PackSigned::of_pack(s.manifest, s.signature_sig).expect("a signed pack");
        let index = s.log.size();
        let honest_leaf = json!({"seq": index, "ts": "2026-04-22T16:05:00Z",
            "event_class": "pack_signed", "pack_id": signed.pack_id(),
            "manifest_sha256": signed.manifest_sha256(),
            "signature_sha256": signed.signature_sha256(), "_sd": []});
        let leaf = leaf(honest_leaf);
        let mut tree = MerkleTree::new();
        for i in 0..index {
            tree.push_leaf(s.log.leaf(i).expect("leaf"));
        }
        tree.push_leaf(&leaf);
        let size = tree.size();
        let after_size = parse_checkpoint(&s.after).expect("after").tree_size;
        let signing = signing();
        let body = checkpoint_body(signing.origin, size, &tree.root());
        let note = match &signing.line {
            Some((name, key)) => sign_note(&body, name, key),
            // A note needs a signature line: one by a key nobody trusts.
            None => sign_note(
                &body,
                "nobody.example/key",
                &SigningKey::from_bytes(&[3; 32]),
            ),
        };
        let hashes = |proof: Vec<[u8; 32]>| -> Vec<String> {
            proof.iter().map(|h| STANDARD.encode(h)).collect()
        };
        json!({
            "checkpoint": cosigned(&note, &cosigners, s.witnesses),
            "consistency_proof": hashes(tree.consistency_proof(after_size, size).expect("proof")),
            "entry": {"index": index, "leaf": STANDARD.encode(&leaf),
                      "inclusion_proof": hashes(tree.inclusion_proof(index, size).expect("proof"))},
        })
    })
}

/// A raw seal whose leaf is `leaf(honest_leaf)` as JSON, checkpoint honest.
fn with_leaf(edit: impl Fn(&mut Value) + 'static, cosigners: &[(usize, &str)]) -> Sealer {
    raw(
        move |mut leaf| {
            edit(&mut leaf);
            serde_json::to_vec(&leaf).expect("JSON")
        },
        by_the_log,
        cosigners,
    )
}

/// A seal of the honest leaf, cosigned by A, whose checkpoint is signed as
/// `signing` says.
fn checkpoint_signed(signing: fn() -> Signing) -> Sealer {
    raw(
        |leaf| serde_json::to_vec(&leaf).expect("JSON"),
        signing,
        &[(0, SEAL_TIME)],
    )
}

/// How a test pack is made.
struct Plan {
    completed_at: String,
    signed_at: String,
    /// Cosignatures on `checkpoint_after`: (witness, time).
    after: Vec<(usize, String)>,
    witnesses: Vec<Witness>,
    /// The seal, or `seal`'s raw value in `signature.sig`.
    seal: Option<Sealer>,
    raw_seal: Option<Value>,
    /// `signature.sig`'s `sig` replaced once the seal is made.
    sig_after_sealing: Option<String>,
    /// The log's signature on `checkpoint_after` broken.
    break_after: bool,
}

impl Plan {
    /// A pack completed and signed on 2026-04-22, witnesses A, B, C.
    fn new() -> Plan {
        Plan {
            completed_at: "2026-04-22T15:44:00Z".to_owned(),
            signed_at: "2026-04-22T16:02:00Z".to_owned(),
            after: Vec::new(),
            witnesses: three(),
            seal: None,
            raw_seal: None,
            sig_after_sealing: None,
            break_after: false,
        }
    }

    /// §21's worked example: completed at 08:30 and signed at 10:00 on the
    /// deadline's day; A cosigned at 09:20 and 08:50, B at 09:05, C at 09:40.
    fn worked_example() -> Plan {
        Plan {
            completed_at: at("08:30:00"),
            signed_at: at("10:00:00"),
            after: vec![
                (0, at("09:20:00")),
                (0, at("08:50:00")),
                (1, at("09:05:00")),
                (2, at("09:40:00")),
            ],
            ..Plan::new()
        }
    }

    fn sealed_by(mut self, sealer: Sealer) -> Plan {
        self.seal = Some(sealer);
        self
    }

    /// The pack's bytes.
    fn pack(&self) -> Vec<u8> {
        let r = request().build().expect("request");
        let (mut log, steps) = scenario(Box::new(SeededSalts::new([12; 32])));
        redact_all(&mut log);
        let mut spec = spec(&log, 12, 20);
        if self.break_after {
            spec.after_checkpoint = flip_line(&spec.after_checkpoint, 0);
        }
        spec.after_checkpoint = cosigned(&spec.after_checkpoint, &self.after, &self.witnesses);
        let members = pack_members(&r, &log, &steps, &spec);
        let manifest = pack_manifest(&r, &members, &self.completed_at, &self.signed_at);
        let mut signature = pack_signature(&manifest);
        let unsealed = serde_json::to_vec(&signature).expect("JSON");
        let seal = self.raw_seal.clone().or_else(|| {
            self.seal.as_ref().map(|sealer| {
                sealer(Signed {
                    log,
                    after: spec.after_checkpoint.clone(),
                    manifest: &manifest,
                    signature_sig: &unsealed,
                    witnesses: &self.witnesses,
                })
            })
        });
        if let Some(seal) = seal {
            signature["seal"] = seal;
        }
        if let Some(sig) = &self.sig_after_sealing {
            signature["sig"] = json!(sig);
        }
        pack_archive(&manifest, &signature, &members)
    }
}

/// `note` with a bit of the signature of its `n`-th signature line flipped
/// (still a well-formed line).
fn flip_line(note: &str, n: usize) -> String {
    let (body, lines) = note.split_once("\n\n").expect("a note");
    let lines: Vec<String> = lines
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i != n {
                return format!("{line}\n");
            }
            let (head, blob) = line.rsplit_once(' ').expect("a line");
            let mut bytes = STANDARD.decode(blob).expect("base64");
            bytes[10] ^= 1;
            format!("{head} {}\n", STANDARD.encode(bytes))
        })
        .collect();
    format!("{body}\n\n{}", lines.concat())
}

/// A key entry of the store.
fn entry(
    key_id: &str,
    key: &SigningKey,
    role: &str,
    owner: &str,
    revoked_at: Option<&str>,
) -> Value {
    json!({"key_id": key_id, "alg": "ed25519",
           "public_key": STANDARD.encode(key.verifying_key().as_bytes()),
           "owner": owner, "roles": [role], "revoked_at": revoked_at})
}

/// The store: the DPO's key (revoked at `revoked_at`), the log's key and
/// another log's, the plan's witnesses, and `policy`.
fn store_with(plan: &Plan, policy: Value, revoked_at: Option<&str>) -> TrustStore {
    let mut keys = vec![
        entry(DPO_ID, &dpo_key(), "dpo", "dpo@example.com", revoked_at),
        entry(
            ORIGIN,
            &log_key(),
            "audit_log",
            "audit-log@example.com",
            None,
        ),
        entry(
            OTHER_ORIGIN,
            &other_log_key(),
            "audit_log",
            "audit-log@example.com",
            None,
        ),
    ];
    for w in &plan.witnesses {
        keys.push(entry(&w.id, &w.key, "witness", &w.owner, None));
    }
    let doc = json!({"format": "proof-pack-trust/v1", "policy": policy, "keys": keys});
    TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON")).expect("store")
}

fn store(plan: &Plan, policy: Value) -> TrustStore {
    store_with(plan, policy, None)
}

fn other_log_key() -> SigningKey {
    SigningKey::from_bytes(&[0x13; 32])
}

fn verify(plan: &Plan, trust: Option<&TrustStore>) -> Report {
    crate::verify(&plan.pack()[..], "pack.tar.gz", trust, &Limits::default()).expect("report")
}

/// Each finding's code and location, in the report's order.
fn found(r: &Report) -> Vec<(Code, &str)> {
    r.findings()
        .iter()
        .map(|f| (f.code(), f.location()))
        .collect()
}

fn passed(r: &Report, code: SuccessCode) -> bool {
    r.passed().iter().any(|p| p.code() == code)
}

fn seal_of(r: &Report) -> &SealSummary {
    r.seal().expect("a seal section")
}

const COMPLETED_AT: &str = "manifest.json#/completed_at";

// ---------------------------------------------------------------------------
// §21 witnessed completion

#[test]
fn worked_example_k2_is_witnessed_before_the_deadline() {
    let plan = Plan::worked_example();
    let r = verify(
        &plan,
        Some(&store(
            &plan,
            json!({"witness_quorum": 2, "witnessed_deadline": true}),
        )),
    );
    assert_eq!(found(&r), vec![]);
    assert_eq!(r.verdict(), Verdict::Complete);
    assert_eq!(
        r.sla().witnessed_at.as_deref(),
        Some(at("09:05:00").as_str())
    );
    assert_eq!(r.sla().witness_k, 2);
    assert!(passed(&r, SuccessCode::SlaWitnessed));
    assert!(passed(&r, SuccessCode::WitnessQuorumMet));
    // A's second cosignature is the same witness, not counted twice.
    let after: Vec<Option<NotCounted>> = r
        .audit()
        .cosignatures
        .iter()
        .map(|c| c.not_counted)
        .collect();
    assert_eq!(after, [None, Some(NotCounted::SameWitness), None, None]);
}

#[test]
fn worked_example_k3_is_witnessed_after_the_deadline() {
    let plan = Plan::worked_example();
    let r = verify(&plan, Some(&store(&plan, json!({"witness_quorum": 3}))));
    assert_eq!(
        found(&r),
        vec![(Code::SlaWitnessedAfterDeadline, COMPLETED_AT)]
    );
    assert_eq!(r.verdict(), Verdict::Complete);
    assert_eq!(
        r.sla().witnessed_at.as_deref(),
        Some(at("09:40:00").as_str())
    );
    assert_eq!(r.sla().witness_k, 3);
    assert!(!passed(&r, SuccessCode::SlaWitnessed));
    // With the policy, both codes, both reported.
    let r = verify(
        &plan,
        Some(&store(
            &plan,
            json!({"witness_quorum": 3, "witnessed_deadline": true}),
        )),
    );
    assert_eq!(
        found(&r),
        vec![
            (Code::SlaWitnessedAfterDeadline, COMPLETED_AT),
            (Code::SlaUnwitnessed, COMPLETED_AT)
        ]
    );
    assert_eq!(r.verdict(), Verdict::Untrusted);
}

#[test]
fn worked_example_a_and_b_of_one_owner_are_one_witness() {
    let mut plan = Plan::worked_example();
    plan.witnesses = witnesses(["a@w.example", "a@w.example", "c@w.example"]);
    let r = verify(&plan, Some(&store(&plan, json!({"witness_quorum": 2}))));
    // A and B are one witness at 08:50; the 2nd is C's 09:40.
    assert_eq!(
        r.sla().witnessed_at.as_deref(),
        Some(at("09:40:00").as_str())
    );
    assert_eq!(
        found(&r),
        vec![(Code::SlaWitnessedAfterDeadline, COMPLETED_AT)]
    );
    assert_eq!(r.audit().witnesses_counted, 2);
}

#[test]
fn a_witnessed_time_equal_to_the_deadline_is_not_before_it() {
    let mut plan = Plan::worked_example();
    plan.after = vec![(0, DEADLINE.to_owned())];
    let policy = json!({"witnessed_deadline": true});
    let r = verify(&plan, Some(&store(&plan, policy)));
    assert_eq!(r.sla().witnessed_at.as_deref(), Some(DEADLINE));
    assert_eq!(r.sla().witness_k, 1);
    assert_eq!(
        found(&r),
        vec![
            (Code::SlaWitnessedAfterDeadline, COMPLETED_AT),
            (Code::SlaUnwitnessed, COMPLETED_AT)
        ]
    );
    // One second earlier is before it.
    plan.after = vec![(0, at("09:10:59"))];
    let r = verify(
        &plan,
        Some(&store(&plan, json!({"witnessed_deadline": true}))),
    );
    assert_eq!(found(&r), vec![]);
    assert_eq!(r.verdict(), Verdict::Complete);
}

#[test]
fn a_breached_deadline_is_not_judged_by_section_21() {
    let mut plan = Plan::worked_example();
    plan.completed_at = at("09:30:00");
    let r = verify(
        &plan,
        Some(&store(
            &plan,
            json!({"witnessed_deadline": true, "witness_quorum": 3}),
        )),
    );
    assert_eq!(found(&r), vec![(Code::SlaBreached, COMPLETED_AT)]);
    assert_eq!(r.verdict(), Verdict::Late);
    assert_eq!(
        r.sla().witnessed_at.as_deref(),
        Some(at("09:40:00").as_str())
    );
}

#[test]
fn no_witnessed_time_is_unwitnessed_under_the_policy_only() {
    let plan = Plan::new();
    let r = verify(
        &plan,
        Some(&store(&plan, json!({"witnessed_deadline": true}))),
    );
    // Fewer than k witnesses: no witnessed time, so no warning either.
    assert_eq!(found(&r), vec![(Code::SlaUnwitnessed, COMPLETED_AT)]);
    assert_eq!(r.verdict(), Verdict::Untrusted);
    assert_eq!(r.sla().witnessed_at, None);
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert_eq!(found(&r), vec![]);
    assert_eq!(r.verdict(), Verdict::Complete);
    assert!(!passed(&r, SuccessCode::SlaWitnessed));
    // Cosignatures on checkpoint_before play no part (there are none on
    // checkpoint_after here), nor does a witness cosigning after signed_at.
    let mut plan = Plan::worked_example();
    plan.after = vec![(0, at("10:00:01"))];
    let r = verify(
        &plan,
        Some(&store(&plan, json!({"witnessed_deadline": true}))),
    );
    assert_eq!(r.sla().witnessed_at, None);
    assert!(found(&r).contains(&(Code::SlaUnwitnessed, COMPLETED_AT)));
}

#[test]
fn without_a_trust_store_no_witness_counts() {
    let plan = Plan::worked_example();
    let r = verify(&plan, None);
    assert_eq!(r.sla().witnessed_at, None);
    assert_eq!(r.sla().witness_k, 1);
    assert!(!found(&r)
        .iter()
        .any(|(c, _)| c.as_str().starts_with("sla.")));
    assert_eq!(r.verdict(), Verdict::Untrusted);
}

// ---------------------------------------------------------------------------
// §22 sealed signatures: the honest seal

const SEAL_TIME: &str = "2026-04-22T16:30:00Z";

#[test]
fn an_honest_seal_holds_and_gives_its_sealed_time() {
    let plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME), (2, "2026-04-22T16:40:00Z")]));
    let r = verify(
        &plan,
        Some(&store(&plan, json!({"sealed_signature": true}))),
    );
    assert_eq!(found(&r), vec![]);
    assert_eq!(r.verdict(), Verdict::Complete);
    let seal = seal_of(&r);
    assert!(seal.holds);
    assert_eq!(seal.sealed_time.as_deref(), Some(SEAL_TIME));
    assert_eq!(
        (seal.checkpoint_size, seal.entry_index),
        (Some(21), Some(20))
    );
    assert_eq!(seal.cosignatures.len(), 2);
    assert!(seal
        .cosignatures
        .iter()
        .all(|c| c.counted && c.checkpoint == "seal"));
    assert!(passed(&r, SuccessCode::SignatureSealed));
    // The register's facts: the seal's checkpoint and entry.
    let fact = r.register_facts().seal();
    assert_eq!(fact.checkpoint.as_ref().map(|c| c.tree_size), Some(21));
    assert_eq!(fact.entry.map(|(i, _)| i), Some(20));
    // k = 2: the 2nd earliest.
    let r = verify(&plan, Some(&store(&plan, json!({"witness_quorum": 2}))));
    assert_eq!(
        seal_of(&r).sealed_time.as_deref(),
        Some("2026-04-22T16:40:00Z")
    );
}

#[test]
fn an_unsealed_pack_has_a_null_seal_and_the_policy_says_so() {
    let plan = Plan::new();
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert!(r.seal().is_none());
    assert_eq!(r.verdict(), Verdict::Complete);
    let r = verify(
        &plan,
        Some(&store(&plan, json!({"sealed_signature": true}))),
    );
    assert_eq!(
        found(&r),
        vec![(Code::SignatureUnsealed, "signature.sig#/seal")]
    );
    assert_eq!(r.verdict(), Verdict::Untrusted);
    // `null` is no seal.
    let mut plan = Plan::new();
    plan.raw_seal = Some(Value::Null);
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert!(r.seal().is_none());
    assert_eq!(found(&r), vec![]);
}

#[test]
fn a_seal_with_fewer_than_k_witnesses_has_no_sealed_time() {
    let plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME)]));
    let r = verify(
        &plan,
        Some(&store(
            &plan,
            json!({"witness_quorum": 2, "sealed_signature": true}),
        )),
    );
    assert!(seal_of(&r).holds);
    assert_eq!(seal_of(&r).sealed_time, None);
    // The quorum on checkpoint_after is not met either (no cosignature there).
    assert!(found(&r).contains(&(Code::SignatureUnsealed, "signature.sig#/seal")));
    assert!(!passed(&r, SuccessCode::SignatureSealed));
    // A witness whose key the DPO also holds never counts.
    let mut plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME)]));
    plan.witnesses[0].key = dpo_key();
    let r = verify(
        &plan,
        Some(&store(&plan, json!({"sealed_signature": true}))),
    );
    assert_eq!(
        seal_of(&r).cosignatures[0].not_counted,
        Some(NotCounted::LogOrDpoKey)
    );
    assert!(found(&r).contains(&(Code::SignatureUnsealed, "signature.sig#/seal")));
}

#[test]
fn a_seal_cosignature_before_signed_at_is_out_of_order() {
    let plan = Plan::new().sealed_by(sealed(&[(0, "2026-04-22T16:01:59Z"), (1, SEAL_TIME)]));
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert_eq!(
        found(&r),
        vec![(Code::TimeOutOfOrder, "signature.sig#/seal/checkpoint")]
    );
    assert_eq!(r.verdict(), Verdict::Invalid);
    let seal = seal_of(&r);
    assert_eq!(
        seal.cosignatures[0].not_counted,
        Some(NotCounted::BeforeSignedAt)
    );
    assert!(seal.cosignatures[1].counted);
    // An invalid finding in the seal: it does not hold.
    assert!(!seal.holds);
    assert_eq!(seal.sealed_time, None);
    // One exactly at signed_at may count.
    let plan = Plan::new().sealed_by(sealed(&[(0, "2026-04-22T16:02:00Z")]));
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert_eq!(found(&r), vec![]);
    assert_eq!(
        seal_of(&r).sealed_time.as_deref(),
        Some("2026-04-22T16:02:00Z")
    );
}

#[test]
fn an_invalid_seal_cosignature_is_reported_in_the_seal() {
    let plan = Plan::new().sealed_by(honest(&[(0, SEAL_TIME)], |seal| {
        // The cosignature's bytes changed: still 76 bytes, no longer valid.
        let cp = seal["checkpoint"].as_str().expect("text");
        seal["checkpoint"] = json!(flip_line(cp, 1));
    }));
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert_eq!(
        found(&r),
        vec![(
            Code::AuditCosignatureInvalid,
            "signature.sig#/seal/checkpoint"
        )]
    );
    assert!(!seal_of(&r).holds);
    assert_eq!(
        seal_of(&r).cosignatures[0].not_counted,
        Some(NotCounted::Invalid)
    );
}

// ---------------------------------------------------------------------------
// §22 revocation

const REVOKED_AT: &str = "2026-06-01T00:00:00Z";
const SIGNATURE_KEY_ID: &str = "manifest.json#/signature_key_id";

#[test]
fn a_seal_before_the_revocation_removes_the_warning() {
    let plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME)]));
    let r = verify(&plan, Some(&store_with(&plan, json!({}), Some(REVOKED_AT))));
    assert_eq!(found(&r), vec![]);
    assert_eq!(r.verdict(), Verdict::Complete);
    // Without the seal, the warning as before.
    let plan = Plan::new();
    let r = verify(&plan, Some(&store_with(&plan, json!({}), Some(REVOKED_AT))));
    assert_eq!(
        found(&r),
        vec![(Code::TrustKeyRevokedLater, SIGNATURE_KEY_ID)]
    );
    assert_eq!(r.verdict(), Verdict::Complete);
}

#[test]
fn a_sealed_time_at_the_revocation_is_revoked_before_seal() {
    let plan = Plan::new().sealed_by(sealed(&[(0, REVOKED_AT)]));
    let r = verify(&plan, Some(&store_with(&plan, json!({}), Some(REVOKED_AT))));
    assert_eq!(
        found(&r),
        vec![(Code::TrustKeyRevokedBeforeSeal, SIGNATURE_KEY_ID)]
    );
    assert_eq!(r.verdict(), Verdict::Untrusted);
    assert!(!passed(&r, SuccessCode::SignatureTrusted));
    // A seal that gives no sealed time (it does not hold): the warning.
    let plan = Plan::new().sealed_by(honest(&[(0, SEAL_TIME)], |seal| {
        seal["entry"]["inclusion_proof"][0] = json!(STANDARD.encode([7u8; 32]));
    }));
    let r = verify(&plan, Some(&store_with(&plan, json!({}), Some(REVOKED_AT))));
    assert!(found(&r).contains(&(Code::TrustKeyRevokedLater, SIGNATURE_KEY_ID)));
    assert!(!found(&r)
        .iter()
        .any(|(c, _)| *c == Code::TrustKeyRevokedBeforeSeal));
    // Revoked at or before signed_at stays trust.key_revoked whatever the seal.
    let plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME)]));
    let r = verify(
        &plan,
        Some(&store_with(&plan, json!({}), Some("2026-04-22T16:02:00Z"))),
    );
    assert_eq!(found(&r), vec![(Code::TrustKeyRevoked, SIGNATURE_KEY_ID)]);
}

// ---------------------------------------------------------------------------
// §22 checks 1-5, each failing alone

/// The codes and locations of a plan's report (store without policy).
fn sealed_with(sealer: Sealer) -> Report {
    let plan = Plan::new().sealed_by(sealer);
    verify(&plan, Some(&store(&plan, json!({}))))
}

/// Asserts that the seal fails with exactly `want`, is invalid and does not hold.
#[track_caller]
fn fails_alone(r: &Report, want: &[(Code, &str)]) {
    assert_eq!(found(r), want);
    assert_eq!(r.verdict(), Verdict::Invalid);
    assert!(!seal_of(r).holds);
    assert_eq!(seal_of(r).sealed_time, None);
}

#[test]
fn check_1_the_seal_s_shape() {
    let cases: Vec<(Value, &str)> = vec![
        (json!("a seal"), "signature.sig#/seal"),
        (json!([]), "signature.sig#/seal"),
    ];
    for (value, location) in cases {
        let mut plan = Plan::new();
        plan.raw_seal = Some(value);
        let r = verify(&plan, Some(&store(&plan, json!({}))));
        assert_eq!(found(&r), vec![(Code::SealSchema, location)]);
        assert!(!seal_of(&r).holds);
    }
    type Edit = fn(&mut Value);
    let edits: [(Edit, &str); 8] = [
        (
            |s| s["checkpoint"] = json!(7),
            "signature.sig#/seal/checkpoint",
        ),
        (
            |s| s["consistency_proof"] = json!(["not base64"]),
            "signature.sig#/seal/consistency_proof",
        ),
        (
            |s| s["consistency_proof"] = json!([STANDARD.encode([1u8; 31])]),
            "signature.sig#/seal/consistency_proof",
        ),
        (|s| s["entry"] = json!("x"), "signature.sig#/seal/entry"),
        (
            |s| s["entry"]["index"] = json!(-1),
            "signature.sig#/seal/entry/index",
        ),
        (
            |s| s["entry"]["index"] = json!(20.0),
            "signature.sig#/seal/entry/index",
        ),
        (
            |s| s["entry"]["leaf"] = json!("e30"),
            "signature.sig#/seal/entry/leaf",
        ),
        (
            |s| s["entry"]["inclusion_proof"] = json!("AAAA"),
            "signature.sig#/seal/entry/inclusion_proof",
        ),
    ];
    for (edit, location) in edits {
        let r = sealed_with(honest(&[(0, SEAL_TIME)], edit));
        fails_alone(&r, &[(Code::SealSchema, location)]);
    }
    // Missing members.
    for member in ["checkpoint", "consistency_proof", "entry"] {
        let r = sealed_with(honest(&[(0, SEAL_TIME)], move |s| {
            s.as_object_mut().expect("object").remove(member);
        }));
        let location = format!("signature.sig#/seal/{member}");
        fails_alone(&r, &[(Code::SealSchema, location.as_str())]);
    }
}

#[test]
fn check_1_the_leaf_not_json_is_json_malformed() {
    let r = sealed_with(raw(
        |_| b"{\"seq\": 20,".to_vec(),
        by_the_log,
        &[(0, SEAL_TIME)],
    ));
    fails_alone(
        &r,
        &[(Code::JsonMalformed, "signature.sig#/seal/entry/leaf")],
    );
    // A duplicate member is not well-formed JSON either (§0).
    let r = sealed_with(raw(
        |leaf| {
            let text = serde_json::to_string(&leaf).expect("JSON");
            text.replacen('{', "{\"seq\":20,", 1).into_bytes()
        },
        by_the_log,
        &[(0, SEAL_TIME)],
    ));
    fails_alone(
        &r,
        &[(Code::JsonMalformed, "signature.sig#/seal/entry/leaf")],
    );
}

#[test]
fn check_1_the_leaf_of_the_wrong_shape() {
    const LEAF: &str = "signature.sig#/seal/entry/leaf";
    let r = sealed_with(with_leaf(|l| *l = json!([1, 2]), &[(0, SEAL_TIME)]));
    fails_alone(&r, &[(Code::SealSchema, LEAF)]);
    type Edit = fn(&mut Value);
    let edits: [(Edit, &str); 8] = [
        (|l| l["seq"] = json!(19), "seq"),
        (|l| l["seq"] = json!("20"), "seq"),
        (|l| l["ts"] = json!("yesterday"), "ts"),
        (|l| l["ts"] = json!("2026-04-22T16:05:00"), "ts"),
        (|l| l["event_class"] = json!(1), "event_class"),
        (|l| l["pack_id"] = json!(null), "pack_id"),
        (|l| l["_sd"] = json!(["not a digest"]), "_sd"),
        (
            |l| {
                l.as_object_mut()
                    .expect("object")
                    .remove("signature_sha256");
            },
            "signature_sha256",
        ),
    ];
    for (edit, member) in edits {
        let r = sealed_with(with_leaf(edit, &[(0, SEAL_TIME)]));
        let location = format!("{LEAF}/{member}");
        fails_alone(&r, &[(Code::SealSchema, location.as_str())]);
    }
    // Other leaf members are ignored.
    let r = sealed_with(with_leaf(
        |l| l["note"] = json!({"any": [1]}),
        &[(0, SEAL_TIME)],
    ));
    assert_eq!(found(&r), vec![]);
    assert!(seal_of(&r).holds);
}

#[test]
fn check_2_the_seal_s_checkpoint() {
    const AT: &str = "signature.sig#/seal/checkpoint";
    // Not a checkpoint at all.
    let r = sealed_with(honest(&[(0, SEAL_TIME)], |s| {
        s["checkpoint"] = json!("not a note")
    }));
    fails_alone(&r, &[(Code::SealCheckpointInvalid, AT)]);
    assert_eq!(seal_of(&r).checkpoint_size, None);
    // Another log's, signed by that log's own key the store holds.
    let r = sealed_with(checkpoint_signed(|| Signing {
        origin: OTHER_ORIGIN,
        line: Some((OTHER_ORIGIN, other_log_key())),
    }));
    fails_alone(&r, &[(Code::SealCheckpointInvalid, AT)]);
    // Signed by no key of the log (unlike §10, not checkpoint_key_unknown).
    let r = sealed_with(checkpoint_signed(|| Signing {
        origin: ORIGIN,
        line: None,
    }));
    fails_alone(&r, &[(Code::SealCheckpointInvalid, AT)]);
    // Named after the log, by a key the store does not hold.
    let r = sealed_with(checkpoint_signed(|| Signing {
        origin: ORIGIN,
        line: Some((ORIGIN, SigningKey::from_bytes(&[0x77; 32]))),
    }));
    fails_alone(&r, &[(Code::SealCheckpointInvalid, AT)]);
    // The log's line, its signature broken.
    let r = sealed_with(honest(&[(0, SEAL_TIME)], |s| {
        let cp = s["checkpoint"].as_str().expect("text");
        s["checkpoint"] = json!(flip_line(cp, 0));
    }));
    fails_alone(&r, &[(Code::SealCheckpointInvalid, AT)]);
}

#[test]
fn check_2_key_checks_are_not_made_without_the_store_or_its_log_key() {
    let plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME)]));
    let r = verify(&plan, None);
    assert!(!found(&r)
        .iter()
        .any(|(c, _)| c.as_str().starts_with("seal.")));
    assert!(found(&r).contains(&(Code::TrustNotConfigured, "signature.sig")));
    assert!(!seal_of(&r).holds);
    assert_eq!(seal_of(&r).checkpoint_size, Some(21));
    assert!(r.register_facts().seal().checkpoint.is_none());
    // A store without the log's key: checkpoint_after's
    // audit.checkpoint_key_unknown stands, and the seal does not hold.
    let doc = json!({"format": "proof-pack-trust/v1", "keys": [
        entry(DPO_ID, &dpo_key(), "dpo", "dpo@example.com", None),
        entry(&plan.witnesses[0].id, &plan.witnesses[0].key, "witness", "a@w.example", None)]});
    let store = TrustStore::from_json(&serde_json::to_vec(&doc).expect("JSON")).expect("store");
    let r = verify(&plan, Some(&store));
    assert!(!found(&r)
        .iter()
        .any(|(c, _)| c.as_str().starts_with("seal.")));
    assert!(found(&r).contains(&(
        Code::AuditCheckpointKeyUnknown,
        "audit-log-redaction.json#/checkpoint_after"
    )));
    let seal = seal_of(&r);
    assert!(!seal.holds && seal.sealed_time.is_none());
    // Check 6 ran anyway: the witness's cosignature counts.
    assert!(seal.cosignatures[0].counted);
}

#[test]
fn check_3_consistency_from_checkpoint_after() {
    let r = sealed_with(honest(&[(0, SEAL_TIME)], |s| {
        s["consistency_proof"][0] = json!(STANDARD.encode([7u8; 32]));
    }));
    fails_alone(
        &r,
        &[(
            Code::SealConsistencyFailed,
            "signature.sig#/seal/consistency_proof",
        )],
    );
    let r = sealed_with(honest(&[(0, SEAL_TIME)], |s| {
        s["consistency_proof"] = json!([])
    }));
    fails_alone(
        &r,
        &[(
            Code::SealConsistencyFailed,
            "signature.sig#/seal/consistency_proof",
        )],
    );
}

#[test]
fn check_4_inclusion_in_the_seal_s_checkpoint() {
    let r = sealed_with(honest(&[(0, SEAL_TIME)], |s| {
        s["entry"]["inclusion_proof"][0] = json!(STANDARD.encode([7u8; 32]));
    }));
    fails_alone(
        &r,
        &[(Code::SealInclusionFailed, "signature.sig#/seal/entry")],
    );
    let plan = Plan::new().sealed_by(honest(&[(0, SEAL_TIME)], |s| {
        s["entry"]["inclusion_proof"] = json!([]);
    }));
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    // The checkpoint stands for §19, the entry does not.
    assert!(r.register_facts().seal().checkpoint.is_some());
    assert!(r.register_facts().seal().entry.is_none());
}

#[test]
fn check_5_the_entry_names_this_pack() {
    const LEAF: &str = "signature.sig#/seal/entry/leaf";
    type Edit = fn(&mut Value);
    let edits: [(Edit, &str); 5] = [
        (|l| l["event_class"] = json!("erasure_step"), "event_class"),
        (|l| l["pack_id"] = json!("erasure-req-000001"), "pack_id"),
        (
            |l| l["manifest_sha256"] = json!("0".repeat(64)),
            "manifest_sha256",
        ),
        (
            |l| l["signature_sha256"] = json!("0".repeat(64)),
            "signature_sha256",
        ),
        (
            |l| {
                let upper = l["manifest_sha256"].as_str().expect("hex").to_uppercase();
                l["manifest_sha256"] = json!(upper);
            },
            "manifest_sha256",
        ),
    ];
    for (edit, member) in edits {
        let r = sealed_with(with_leaf(edit, &[(0, SEAL_TIME)]));
        let location = format!("{LEAF}/{member}");
        fails_alone(&r, &[(Code::SealEntryMismatch, location.as_str())]);
    }
}

#[test]
fn check_5_a_value_the_pack_lacks_is_not_compared() {
    // `sig` not 64 bytes (signature.malformed): the leaf's
    // signature_sha256 is not compared, and the seal does not hold.
    let mut plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME)]));
    plan.sig_after_sealing = Some(STANDARD.encode([1u8; 63]));
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert_eq!(
        found(&r),
        vec![(Code::SignatureMalformed, "signature.sig#/sig")]
    );
    assert!(!seal_of(&r).holds);
    // Another signature of 64 bytes is compared: it is not the one logged.
    plan.sig_after_sealing = Some(STANDARD.encode([1u8; 64]));
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert!(found(&r).contains(&(
        Code::SealEntryMismatch,
        "signature.sig#/seal/entry/leaf/signature_sha256"
    )));
}

#[test]
fn check_3_is_not_made_when_checkpoint_after_did_not_verify() {
    let mut plan = Plan::new().sealed_by(sealed(&[(0, SEAL_TIME)]));
    plan.break_after = true;
    let r = verify(&plan, Some(&store(&plan, json!({}))));
    assert_eq!(
        found(&r),
        vec![(
            Code::AuditCheckpointSignatureInvalid,
            "audit-log-redaction.json#/checkpoint_after"
        )]
    );
    let seal = seal_of(&r);
    assert!(!seal.holds && seal.sealed_time.is_none());
    // Its checkpoint verified: §19 compares it all the same.
    assert!(r.register_facts().seal().checkpoint.is_some());
    assert!(r.register_facts().seal().entry.is_some());
}

#[test]
fn the_producer_s_seal_signature_keeps_the_other_members() {
    let plan = Plan::new();
    let (mut log, _) = scenario(Box::new(SeededSalts::new([12; 32])));
    redact_all(&mut log);
    let after = log.checkpoint(20, ORIGIN, &log_key()).expect("checkpoint");
    let manifest = br#"{"pack_id": "p-1"}"#;
    let signature_sig = format!(
        r#"{{"alg":"ed25519","key_id":"k","sig":"{}","x":1}}"#,
        STANDARD.encode([5u8; 64])
    );
    let signed = PackSigned::of_pack(manifest, signature_sig.as_bytes()).expect("signed");
    assert_eq!(signed.signature_sha256(), sha256_hex(&[5u8; 64]));
    assert_eq!(signed.manifest_sha256(), sha256_hex(manifest));
    let index = log
        .log_pack_signed("2026-04-22T16:05:00Z", &signed)
        .expect("append");
    let note = log
        .checkpoint(log.size(), ORIGIN, &log_key())
        .expect("checkpoint");
    let note = cosigned(&note, &[(0, SEAL_TIME.to_owned())], &plan.witnesses);
    let seal = log.seal(&after, &note, index).expect("seal");
    let bytes = seal
        .seal_signature(signature_sig.as_bytes())
        .expect("sealed");
    let doc: Value = serde_json::from_slice(&bytes).expect("JSON");
    let names: Vec<&String> = doc.as_object().expect("object").keys().collect();
    assert_eq!(names, ["alg", "key_id", "sig", "x", "seal"]);
    assert_eq!(doc["seal"], seal.to_json());
    // Sealing again replaces the seal.
    let again = seal.seal_signature(&bytes).expect("sealed");
    assert_eq!(again, bytes);
    // What the producer refuses.
    assert!(
        log.seal(&after, &note, 3).is_err(),
        "not a pack_signed entry"
    );
    assert!(
        log.seal(&note, &after, index).is_err(),
        "a seal before checkpoint_after"
    );
    assert!(
        log.seal(&after, &after, index).is_err(),
        "the entry is not in the checkpoint"
    );
    assert!(PackSigned::of_pack(b"{}", signature_sig.as_bytes()).is_err());
    assert!(PackSigned::of_pack(manifest, br#"{"sig":"AAAA"}"#).is_err());
    assert!(PackSigned::new("", manifest, &[0; 64]).is_err());
    assert!(seal.seal_signature(b"[]").is_err());
}

// ---------------------------------------------------------------------------
// §21 and §22's k-th time, against a reference (a few dozen cases)

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Minutes around the deadline, all before the worked example's signed_at.
    fn minute(offset: i64) -> String {
        let deadline = Timestamp::parse(DEADLINE).expect("deadline").instant();
        let t = deadline + time::Duration::minutes(offset);
        Timestamp::from_instant_utc(t)
            .expect("a time")
            .raw()
            .to_owned()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn the_witnessed_time_is_the_kth_smallest_earliest_time(
            times in proptest::collection::vec((0usize..3, -60i64..45), 0..6),
            quorum in 0u64..4,
        ) {
            let mut plan = Plan::worked_example();
            plan.after = times.iter().map(|(w, m)| (*w, minute(*m))).collect();
            let r = verify(&plan, Some(&store(&plan, json!({"witness_quorum": quorum}))));
            let mut earliest: Vec<i64> = (0..3)
                .filter_map(|w| times.iter().filter(|(x, _)| *x == w).map(|(_, m)| *m).min())
                .collect();
            earliest.sort_unstable();
            let k = quorum.max(1) as usize;
            let want = earliest.get(k - 1).map(|m| minute(*m));
            prop_assert_eq!(r.sla().witnessed_at.clone(), want.clone());
            let late = want.is_some_and(|_| earliest[k - 1] >= 0);
            let warned = r.findings().iter().any(|f| f.code() == Code::SlaWitnessedAfterDeadline);
            prop_assert_eq!(warned, late);
        }
    }
}
