//! `audit-log-redaction.json` (spec §10): the audit-chain witness.
//!
//! The verifier checks, in order: the shape; both checkpoints (C2SP signed
//! notes signed by the log's own `audit_log` key); the RFC 9162 consistency
//! proof between them; each entry's leaf and its inclusion proof in the
//! after-tree; the SD-JWT disclosures against the leaf's `_sd` digests; the
//! PII count and the redaction records; and that the cascade is on the log.

use crate::cancel::Cancel;
use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageArg, MessageId};
use crate::register_facts::{CheckpointFact, RegisterFacts};
pub(crate) use crate::report::AuditSummary;
use crate::schema::{malformed, Fields, NoCustom, Read, Record, RecordNames, Slot};
use crate::steps::StepRecord;
use crate::trust::{Role, TrustStore};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use proofpack_spec::checkpoint::{self, Checkpoint, CheckpointStatus, LogKey};
use proofpack_spec::encoding::{base64_strict, base64url_strict};
use proofpack_spec::json::{self, Json, JsonObject, Scalar};
use proofpack_spec::merkle::{self, Hash};
use proofpack_spec::vocab::{EventClass, MemberName, Step, StepStatus};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};

/// The members of `audit-log-redaction.json` that the §10 reader uses, each name written
/// once: the reader asks for them by these names, and captures only them
/// ([`WITNESS`], [`ENTRY`], [`REDACTION`]; every other member is checked
/// against §0 and skipped unread).
mod names {
    pub(super) const LOG_ORIGIN: &str = "log_origin";
    pub(super) const CHECKPOINT_BEFORE: &str = "checkpoint_before";
    pub(super) const CHECKPOINT_AFTER: &str = "checkpoint_after";
    pub(super) const CONSISTENCY_PROOF: &str = "consistency_proof";
    pub(super) const ENTRIES: &str = "entries";
    pub(super) const PII_FIELDS: &str = "pii_fields";
    pub(super) const REDACTIONS: &str = "redactions";
    pub(super) const INDEX: &str = "index";
    pub(super) const LEAF: &str = "leaf";
    pub(super) const DISCLOSURES: &str = "disclosures";
    pub(super) const INCLUSION_PROOF: &str = "inclusion_proof";
    pub(super) const FIELDS: &str = "fields";
}

/// One entry of `entries`.
const ENTRY: RecordNames = &[
    (names::INDEX, Read::Scalar),
    (names::LEAF, Read::Scalar),
    (names::DISCLOSURES, Read::Scalars),
    (names::INCLUSION_PROOF, Read::Scalars),
];
/// One entry of `redactions`.
const REDACTION: RecordNames = &[(names::INDEX, Read::Scalar), (names::FIELDS, Read::Scalars)];
/// What the reader captures of `audit-log-redaction.json` itself; `entries`
/// and `redactions` are read item by item as they come (see [`parse`]).
const WITNESS: RecordNames = &[
    (names::LOG_ORIGIN, Read::Scalar),
    (names::CHECKPOINT_BEFORE, Read::Scalar),
    (names::CHECKPOINT_AFTER, Read::Scalar),
    (names::CONSISTENCY_PROOF, Read::Scalars),
    (names::ENTRIES, Read::Scalar),
    (names::PII_FIELDS, Read::Scalars),
    (names::REDACTIONS, Read::Scalar),
];

/// The member name.
pub(crate) const AUDIT: MemberName = MemberName::Audit;
/// The member names of the two checkpoints, for §15.
pub(crate) const CHECKPOINT_BEFORE: &str = names::CHECKPOINT_BEFORE;
/// See [`CHECKPOINT_BEFORE`].
pub(crate) const CHECKPOINT_AFTER: &str = names::CHECKPOINT_AFTER;

/// What the checks after an entry's own keep of it: a compact summary, not
/// the leaf's parsed tree (a witness of 100,000 entries would hold 35 MB of
/// trees for the redaction and cascade checks).
struct Entry<'w> {
    /// The record: its index, and its leaf's bytes, read again for the
    /// member names of the few entries a redaction record names.
    record: &'w EntryRecord,
    /// Whether the leaf is a JSON object (read and checked).
    leaf_object: bool,
    /// Field names of the entry's matched-or-not disclosures.
    disclosed_fields: Vec<String>,
    /// What the leaf logs of the pack's own request, for the cascade check.
    logged: Option<Logged>,
}

/// An event of the pack's own request on the log (§10's cascade check).
#[derive(Clone, Copy)]
enum Logged {
    /// `erasure_request_accepted`
    Accepted,
    /// `erasure_step`, with its step and status.
    Step(Step, StepStatus),
}

/// An entry's leaf as its own check read it, before it is summarised.
struct CheckedEntry {
    leaf: Option<JsonObject>,
    disclosed_fields: Vec<String>,
}

/// The checkpoints as §10 read them (`None`: absent or not a checkpoint),
/// handed to §15 and §22 so that they do not parse them again.
#[derive(Debug, Default)]
pub(crate) struct Checkpoints {
    before: Option<Checkpoint>,
    after: Option<Checkpoint>,
    after_verified: bool,
    after_key_unknown: bool,
}

impl Checkpoints {
    /// `checkpoint_after`, when it parsed.
    pub(crate) fn after(&self) -> Option<&Checkpoint> {
        self.after.as_ref()
    }

    /// Whether `checkpoint_after` verified under §10: it parsed, its origin
    /// is not another than `log_origin`, and the log's key signed it (no
    /// `audit.checkpoint_*` or `audit.origin_mismatch` finding on it).
    pub(crate) fn after_verified(&self) -> bool {
        self.after_verified
    }

    /// Whether `checkpoint_after` parsed and no line of it counts (its
    /// `audit.checkpoint_key_unknown`).
    pub(crate) fn after_key_unknown(&self) -> bool {
        self.after_key_unknown
    }

    /// Each checkpoint that could be read, with its member name.
    pub(crate) fn named(&self) -> impl Iterator<Item = (&'static str, &Checkpoint)> {
        [
            (CHECKPOINT_BEFORE, self.before.as_ref()),
            (CHECKPOINT_AFTER, self.after.as_ref()),
        ]
        .into_iter()
        .filter_map(|(name, cp)| Some((name, cp?)))
    }
}

/// What §10's checks established: the summary, and the checkpoints read.
pub(crate) struct Audited {
    /// The report's summary of the witness.
    pub summary: AuditSummary,
    /// The checkpoints, for §15.
    pub checkpoints: Checkpoints,
}

/// `audit-log-redaction.json` as far as it has the §10 shape.
#[derive(Debug, Clone, Default)]
pub(crate) struct Witness {
    /// `log_origin`
    pub log_origin: Option<String>,
    /// `pii_fields`
    pub pii_fields: Vec<String>,
    /// `checkpoint_before`, the note text.
    pub checkpoint_before: Option<String>,
    /// `checkpoint_after`, the note text.
    pub checkpoint_after: Option<String>,
    /// `consistency_proof`
    pub consistency_proof: Option<Vec<Hash>>,
    /// The entries with a readable `index` and `leaf`.
    pub entries: Vec<EntryRecord>,
    /// How many entries the witness lists, readable or not.
    pub entry_count: usize,
    /// The redaction records with a readable `index` and `fields`.
    pub redactions: Vec<RedactionRecord>,
    /// How many redaction records the witness lists.
    pub redaction_count: usize,
    /// Whether the document itself has the §10 shape.
    pub well_formed: bool,
}

/// One entry of the witness.
#[derive(Debug, Clone)]
pub(crate) struct EntryRecord {
    /// Where it is, for findings.
    pub location: String,
    /// `index`: the leaf's 0-based position in the log.
    pub index: u64,
    /// The leaf's exact bytes (decoded from base64), verified before parsing.
    pub leaf: Vec<u8>,
    /// `inclusion_proof`
    pub inclusion_proof: Option<Vec<Hash>>,
    /// `disclosures`, the SD-JWT disclosure strings.
    pub disclosures: Vec<String>,
}

/// One record of `redactions`.
#[derive(Debug, Clone)]
pub(crate) struct RedactionRecord {
    /// Where it is, for findings.
    pub location: String,
    /// `index` of the entry it names.
    pub index: u64,
    /// `fields` it says were redacted.
    pub fields: Vec<String>,
}

/// Parses the witness, reporting `json.malformed` and `audit.schema`.
///
/// One pass over the bytes, no tree: each entry and redaction record is
/// read into its typed record as it comes, and its findings are kept apart
/// until the document has been read whole, so that they follow the
/// document's own, as when the document was parsed first. A document that
/// is not well-formed JSON has only its `json.malformed`. Once `cancel` is
/// raised, the entries left are only checked against §0, not read.
pub(crate) fn parse(bytes: &[u8], cancel: &Cancel, findings: &mut Findings) -> Option<Witness> {
    let mut w = Witness::default();
    let (mut entry_findings, mut redaction_findings) = (Findings::new(), Findings::new());
    let mut stopped = false;
    let read = json::read(bytes, |doc| {
        let mut top = Record::new(WITNESS);
        let object = doc.members(|name, value| match &*name {
            names::ENTRIES => {
                let array = value.items(|item| {
                    if cancel.raised_at(w.entry_count) {
                        stopped = true;
                    }
                    w.entry_count += 1;
                    if stopped {
                        return item.skip();
                    }
                    let location = format!("{AUDIT}#/entries/{}", w.entry_count - 1);
                    let entry = Record::read(item, ENTRY);
                    w.entries
                        .extend(parse_entry(entry.as_ref(), location, &mut entry_findings));
                });
                top.put(names::ENTRIES, read_for_shape(array));
            }
            names::REDACTIONS => {
                let array = value.items(|item| {
                    let location = format!("{AUDIT}#/redactions/{}", w.redaction_count);
                    w.redaction_count += 1;
                    let record = Record::read(item, REDACTION);
                    w.redactions.extend(parse_redaction(
                        record.as_ref(),
                        location,
                        &mut redaction_findings,
                    ));
                });
                top.put(names::REDACTIONS, read_for_shape(array));
            }
            _ => top.capture(&name, value),
        });
        object.then_some(top)
    });
    let top = match read {
        Ok(top) => top,
        Err(e) => {
            malformed(findings, AUDIT.as_str(), &e);
            return None;
        }
    };
    let mut f = Fields::of_object(top.as_ref(), Code::AuditSchema, AUDIT.as_str(), findings)?;
    let own = |s: Option<&str>| s.map(str::to_owned);
    w.log_origin = own(f.string(names::LOG_ORIGIN));
    w.pii_fields = f
        .string_array(names::PII_FIELDS)
        .map(|v| v.into_iter().map(str::to_owned).collect())
        .unwrap_or_default();
    w.checkpoint_before = own(f.string(names::CHECKPOINT_BEFORE));
    w.checkpoint_after = own(f.string(names::CHECKPOINT_AFTER));
    w.consistency_proof = f.hashes(names::CONSISTENCY_PROOF);
    // Read item by item above; here for their shape.
    f.array(names::ENTRIES);
    f.array(names::REDACTIONS);
    w.well_formed = f.ok;
    // Growth by doubling leaves up to half unused: the witness keeps its records only.
    w.entries.shrink_to_fit();
    w.redactions.shrink_to_fit();
    findings.append(entry_findings);
    findings.append(redaction_findings);
    Some(w)
}

/// An array read item by item, as its record keeps it: an empty array (its
/// items are records of their own), or for any other value a scalar.
fn read_for_shape<'a>(array: bool) -> Slot<'a, NoCustom> {
    if array {
        Slot::Items(Vec::new())
    } else {
        Slot::Scalar(Scalar::Null)
    }
}

/// Runs the checks of §10 on the witness. `request_id` is the pack's;
/// `steps` are the step records whose `step` could be read. Returns the
/// summary, with the computed PII count, and the checkpoints read.
pub(crate) fn check(
    w: &Witness,
    trust: Option<&TrustStore>,
    request_id: Option<&str>,
    steps: &[StepRecord],
    cancel: &Cancel,
    findings: &mut Findings,
    facts: &mut RegisterFacts,
) -> Audited {
    let mut summary = AuditSummary {
        log_origin: w.log_origin.clone(),
        ..AuditSummary::default()
    };
    let log_keys = audit_log_keys(trust);
    let (before, after) = check_checkpoints(w, &log_keys, findings, &mut summary);
    check_consistency(w, before.as_ref(), after.as_ref(), findings, &mut summary);
    // §19 compares the checkpoints and proved entries of many packs.
    for (cp, _) in [&before, &after].into_iter().flatten() {
        facts.checkpoints.push(CheckpointFact {
            origin: cp.origin.clone(),
            tree_size: cp.tree_size,
            root_hash: cp.root_hash,
        });
    }
    let after_cp = after.as_ref().map(|(c, _)| c);
    facts.proved.origin = after_cp.map(|c| c.origin.clone());
    let proved = &mut facts.proved.entries;
    let entries = check_entries(
        w,
        after_cp,
        request_id,
        cancel,
        findings,
        &mut summary,
        proved,
    );
    summary.redactions = w.redaction_count;
    let by_index: HashMap<u64, &Entry<'_>> = entries.iter().map(|e| (e.record.index, e)).collect();
    let mut named = HashMap::new();
    for record in &w.redactions {
        check_redaction(record, &by_index, &mut named, findings);
    }
    if let Some(request_id) = request_id {
        check_cascade_logged(&entries, request_id, steps, findings);
    }
    let after_status = after.as_ref().map(|(_, judged)| *judged);
    Audited {
        summary,
        checkpoints: Checkpoints {
            before: before.map(|(c, _)| c),
            after: after.map(|(c, _)| c),
            after_verified: after_status.is_some_and(|j| j.verified && j.origin_matches),
            after_key_unknown: after_status.is_some_and(|j| j.key_unknown),
        },
    }
}

/// The trust store's keys with the `audit_log` role: the only keys a
/// checkpoint may be signed with (§10, and §22's seal checkpoint).
pub(crate) fn audit_log_keys(trust: Option<&TrustStore>) -> Vec<LogKey<'_>> {
    trust
        .map(|t| {
            t.keys()
                .iter()
                .filter(|k| k.has_role(Role::AuditLog))
                .map(|k| LogKey {
                    key_id: &k.key_id,
                    public_key: &k.public_key,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A checkpoint as read, and what §10 found of it.
type ReadCheckpoint = (Checkpoint, Judged);

/// What §10 found of a checkpoint that parsed.
#[derive(Debug, Clone, Copy)]
struct Judged {
    /// A trusted log key signed it (every counting line verifies).
    verified: bool,
    /// Its origin is not another than `log_origin`.
    origin_matches: bool,
    /// No line of it counts.
    key_unknown: bool,
}

/// Parses a checkpoint (a C2SP signed note) and verifies it with the log's
/// keys: the one judgement of a checkpoint, for §10's two and §22's seal.
pub(crate) fn judge_checkpoint(
    text: &str,
    log_keys: &[LogKey<'_>],
) -> Result<(Checkpoint, CheckpointStatus), checkpoint::NoteError> {
    let cp = checkpoint::parse_checkpoint(text)?;
    let status = checkpoint::verify_checkpoint(&cp, log_keys);
    Ok((cp, status))
}

/// RFC 9162 §2.1.4.2: `old`'s tree is a prefix of `new`'s by `proof`
/// (§10 between the two checkpoints, §22 from `checkpoint_after` to the seal's).
pub(crate) fn prove_prefix(
    old: &Checkpoint,
    new: &Checkpoint,
    proof: &[Hash],
) -> Result<(), merkle::MerkleError> {
    if old.tree_size == 0 {
        return Err(merkle::MerkleError::EmptyFirstTree {
            size2: new.tree_size,
        });
    }
    merkle::verify_consistency(
        old.tree_size,
        new.tree_size,
        proof,
        &old.root_hash,
        &new.root_hash,
    )
}

/// RFC 9162 §2.1.3.2: `leaf` is included at `index` in `cp`'s tree by
/// `proof` (§10's entries, §22's leaf); returns the leaf's hash.
pub(crate) fn prove_included(
    index: u64,
    leaf: &[u8],
    cp: &Checkpoint,
    proof: &[Hash],
) -> Result<Hash, merkle::MerkleError> {
    let hash = merkle::leaf_hash(leaf);
    merkle::verify_inclusion(index, cp.tree_size, &hash, proof, &cp.root_hash)?;
    Ok(hash)
}

/// Both checkpoints, read and verified with the log's keys.
fn check_checkpoints(
    w: &Witness,
    log_keys: &[LogKey<'_>],
    findings: &mut Findings,
    summary: &mut AuditSummary,
) -> (Option<ReadCheckpoint>, Option<ReadCheckpoint>) {
    let origin = w.log_origin.as_deref();
    let read = |text: &Option<String>, name: &str, findings: &mut Findings| {
        text.as_deref()
            .and_then(|t| read_checkpoint(t, name, origin, log_keys, findings))
    };
    let before = read(&w.checkpoint_before, names::CHECKPOINT_BEFORE, findings);
    let after = read(&w.checkpoint_after, names::CHECKPOINT_AFTER, findings);
    summary.tree_size_before = before.as_ref().map(|(c, _)| c.tree_size);
    summary.tree_size_after = after.as_ref().map(|(c, _)| c.tree_size);
    let verified = |cp: &Option<ReadCheckpoint>| cp.as_ref().is_some_and(|(_, j)| j.verified);
    summary.checkpoints_verified = verified(&before) && verified(&after);
    (before, after)
}

/// The consistency proof: the before-tree is a prefix of the after-tree.
fn check_consistency(
    w: &Witness,
    before: Option<&ReadCheckpoint>,
    after: Option<&ReadCheckpoint>,
    findings: &mut Findings,
    summary: &mut AuditSummary,
) {
    let (Some((b, _)), Some((a, _)), Some(proof)) = (before, after, &w.consistency_proof) else {
        return;
    };
    match prove_prefix(b, a, proof) {
        Ok(()) => summary.consistency_verified = true,
        Err(e) => findings.add(
            Code::AuditConsistencyFailed,
            format!("{AUDIT}#/consistency_proof"),
            message!(AuditConsistencyFailed, why = &e),
        ),
    }
}

/// Every entry: its leaf, its inclusion in the after-tree, its disclosures,
/// and the PII fields it still shows (in the clear or disclosed). Each
/// leaf's tree is dropped once summarised.
fn check_entries<'w>(
    w: &'w Witness,
    after: Option<&Checkpoint>,
    request_id: Option<&str>,
    cancel: &Cancel,
    findings: &mut Findings,
    summary: &mut AuditSummary,
    proved: &mut Vec<(u64, Hash)>,
) -> Vec<Entry<'w>> {
    // A set, so that wide leaves and long field lists cost linear time.
    let pii_fields: HashSet<&str> = w.pii_fields.iter().map(String::as_str).collect();
    let mut entries = Vec::with_capacity(w.entries.len());
    let mut pii_count: u64 = 0;
    for (n, record) in w.entries.iter().enumerate() {
        if cancel.raised_at(n) {
            break;
        }
        let checked = check_entry(record, after, findings, summary, proved);
        let leaf = checked.leaf.as_ref();
        let clear_pii = leaf
            .map(|l| l.iter().filter(|(k, _)| pii_fields.contains(k)).count())
            .unwrap_or(0);
        let disclosed_pii = checked
            .disclosed_fields
            .iter()
            .filter(|name| pii_fields.contains(name.as_str()))
            .count();
        let here = (clear_pii + disclosed_pii) as u64;
        if here > 0 {
            findings.add(
                Code::AuditPiiDisclosed,
                record.location.as_str(),
                message!(AuditPiiDisclosed, index = record.index, count = here),
            );
        }
        pii_count += here;
        entries.push(Entry {
            record,
            leaf_object: leaf.is_some(),
            logged: leaf.zip(request_id).and_then(|(l, r)| logged(l, r)),
            disclosed_fields: checked.disclosed_fields,
        });
    }
    summary.entries = w.entry_count;
    summary.pii_disclosed = w.well_formed.then_some(pii_count);
    entries
}

/// What a leaf logs of the request `request_id`, if anything the cascade
/// check reads.
fn logged(leaf: &JsonObject, request_id: &str) -> Option<Logged> {
    if leaf.get("request_id").and_then(Json::as_str) != Some(request_id) {
        return None;
    }
    let name = |member: &str| leaf.get(member).and_then(Json::as_str);
    match name("event_class").and_then(|c| c.parse::<EventClass>().ok())? {
        EventClass::ErasureRequestAccepted => Some(Logged::Accepted),
        EventClass::ErasureStep => {
            let step = name("step").and_then(|s| s.parse::<Step>().ok())?;
            let status = name("status").and_then(|s| s.parse::<StepStatus>().ok())?;
            Some(Logged::Step(step, status))
        }
        // The seal's leaf (§22), judged with the seal, not the cascade.
        EventClass::PackSigned => None,
    }
}

/// The cascade is on the log: the request was accepted there, and every
/// step record has its entry (the request's entries indexed once).
fn check_cascade_logged(
    entries: &[Entry<'_>],
    request_id: &str,
    steps: &[StepRecord],
    findings: &mut Findings,
) {
    let mut accepted = false;
    let mut logged_steps: HashSet<(Step, StepStatus)> = HashSet::new();
    for logged in entries.iter().filter_map(|e| e.logged) {
        match logged {
            Logged::Accepted => accepted = true,
            Logged::Step(step, status) => {
                logged_steps.insert((step, status));
            }
        }
    }
    if !accepted {
        findings.add(
            Code::AuditRequestNotLogged,
            AUDIT,
            message!(
                AuditRequestNotLogged,
                event = EventClass::ErasureRequestAccepted.to_string(),
                request = quoted(request_id)
            ),
        );
    }
    // A record whose status could not be read still needs an entry for its
    // step, with any status.
    for record in steps {
        let logged = match record.status {
            Some(status) => logged_steps.contains(&(record.step, status)),
            None => logged_steps.iter().any(|(s, _)| *s == record.step),
        };
        if !logged {
            findings.add(
                Code::AuditStepNotLogged,
                record.location(),
                message!(
                    AuditStepNotLogged,
                    step = record.step.to_string(),
                    status = record.status.map_or("status unread", StepStatus::as_str)
                ),
            );
        }
    }
}

/// Parses and verifies a checkpoint; returns it with what §10 found of it.
fn read_checkpoint(
    text: &str,
    member: &str,
    origin: Option<&str>,
    log_keys: &[LogKey<'_>],
    findings: &mut Findings,
) -> Option<ReadCheckpoint> {
    let at = format!("{AUDIT}#/{member}");
    let (cp, status) = match judge_checkpoint(text, log_keys) {
        Ok(read) => read,
        Err(e) => {
            findings.add(
                Code::AuditCheckpointMalformed,
                at,
                message!(AuditCheckpointMalformed, why = &e),
            );
            return None;
        }
    };
    let origin_matches = origin.is_none_or(|o| o == cp.origin);
    if !origin_matches {
        findings.add(
            Code::AuditOriginMismatch,
            at.clone(),
            message!(AuditOriginMismatch, origin = quoted(&cp.origin)),
        );
    }
    match status {
        CheckpointStatus::Verified => {}
        CheckpointStatus::KeyUnknown => findings.add(
            Code::AuditCheckpointKeyUnknown,
            at,
            message!(AuditCheckpointKeyUnknown, origin = quoted(&cp.origin)),
        ),
        CheckpointStatus::SignatureInvalid => findings.add(
            Code::AuditCheckpointSignatureInvalid,
            at,
            message!(AuditCheckpointSignatureInvalid),
        ),
    }
    let judged = Judged {
        verified: status == CheckpointStatus::Verified,
        origin_matches,
        key_unknown: status == CheckpointStatus::KeyUnknown,
    };
    Some((cp, judged))
}

fn parse_entry(
    item: Option<&Record<'_>>,
    location: String,
    findings: &mut Findings,
) -> Option<EntryRecord> {
    let mut f = Fields::of_object(item, Code::AuditSchema, location.clone(), findings)?;
    let index = f.count(names::INDEX);
    let leaf = f.string(names::LEAF).and_then(|s| {
        let b = base64_strict(s);
        if b.is_none() {
            f.bad(names::LEAF, MessageId::WhyNotBase64);
        }
        b
    });
    let inclusion_proof = f.hashes(names::INCLUSION_PROOF);
    let disclosures = f
        .string_array(names::DISCLOSURES)
        .map(|d| d.into_iter().map(str::to_owned).collect())
        .unwrap_or_default();
    Some(EntryRecord {
        location,
        index: index?,
        leaf: leaf?,
        inclusion_proof,
        disclosures,
    })
}

fn parse_redaction(
    record: Option<&Record<'_>>,
    location: String,
    findings: &mut Findings,
) -> Option<RedactionRecord> {
    let mut f = Fields::of_object(record, Code::AuditSchema, location.clone(), findings)?;
    let index = f.count(names::INDEX);
    let fields = f.string_array(names::FIELDS);
    Some(RedactionRecord {
        location,
        index: index?,
        fields: fields?.into_iter().map(str::to_owned).collect(),
    })
}

/// An entry's inclusion in the after-tree, then its leaf and disclosures.
fn check_entry(
    record: &EntryRecord,
    after: Option<&Checkpoint>,
    findings: &mut Findings,
    summary: &mut AuditSummary,
    proved: &mut Vec<(u64, Hash)>,
) -> CheckedEntry {
    let (at, index, leaf_bytes) = (record.location.as_str(), record.index, &record.leaf);
    let disclosures = &record.disclosures;
    summary.disclosures += disclosures.len();
    let proof = &record.inclusion_proof;

    // Inclusion in the after-tree (§10, RFC 9162 §2.1.3.2).
    if let (Some(cp), Some(proof)) = (after, &proof) {
        match prove_included(index, leaf_bytes, cp, proof) {
            Ok(lh) => {
                summary.entries_proved += 1;
                proved.push((index, lh));
            }
            Err(e) => findings.add(
                Code::AuditInclusionFailed,
                at,
                message!(AuditInclusionFailed, index = index, why = &e),
            ),
        }
    }

    // The leaf itself.
    let leaf_at = format!("{at}/leaf");
    let leaf = match json::parse(leaf_bytes) {
        Err(e) => {
            findings.add(
                Code::JsonMalformed,
                leaf_at.clone(),
                message!(AuditLeafNotJson, why = &e),
            );
            None
        }
        Ok(value) => check_leaf(value, index, &leaf_at, findings),
    };
    let sd: HashSet<&str> = leaf
        .as_ref()
        .and_then(|l| l.get("_sd"))
        .and_then(Json::as_array)
        .map(|a| a.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default();

    let disclosed_fields = check_disclosures(at, disclosures, leaf.is_some(), &sd, findings);
    CheckedEntry {
        leaf,
        disclosed_fields,
    }
}

/// An entry's disclosures (SD-JWT, RFC 9901): each `[salt, field, value]`,
/// its digest in the leaf's `_sd` (when the leaf could be read). Returns the
/// fields disclosed.
fn check_disclosures(
    at: &str,
    disclosures: &[String],
    leaf_read: bool,
    sd: &HashSet<&str>,
    findings: &mut Findings,
) -> Vec<String> {
    let mut disclosed_fields = Vec::new();
    for (j, disclosure) in disclosures.iter().enumerate() {
        let dat = format!("{at}/disclosures/{j}");
        let Some(raw) = base64url_strict(disclosure) else {
            findings.add(Code::AuditSchema, dat, message!(AuditDisclosureNotBase64));
            continue;
        };
        let value = match json::parse(&raw) {
            Ok(v) => v,
            Err(e) => {
                findings.add(
                    Code::JsonMalformed,
                    dat,
                    message!(AuditDisclosureNotJson, why = &e),
                );
                continue;
            }
        };
        let field = match value.as_array() {
            Some([salt, name, _value]) if salt.as_str().is_some() => name.as_str(),
            _ => None,
        };
        let Some(field) = field else {
            findings.add(Code::AuditSchema, dat, message!(AuditDisclosureShape));
            continue;
        };
        let digest = URL_SAFE_NO_PAD.encode(Sha256::digest(disclosure.as_bytes()));
        if leaf_read && !sd.contains(digest.as_str()) {
            findings.add(
                Code::AuditDisclosureUnmatched,
                dat,
                message!(AuditDisclosureUnmatched, field = quoted(field)),
            );
        }
        disclosed_fields.push(field.to_owned());
    }
    disclosed_fields
}

/// Checks a leaf's shape (§10): `seq` = `index`, `ts`, `event_class`, `_sd`.
fn check_leaf(value: Json, index: u64, at: &str, findings: &mut Findings) -> Option<JsonObject> {
    let mut f = Fields::of(&value, Code::AuditSchema, at.to_owned(), findings)?;
    check_seq(&mut f, Some(index));
    f.timestamp("ts");
    f.string("event_class");
    check_sd(&mut f);
    drop(f);
    value.as_object().cloned()
}

/// A leaf's `seq`: a count equal to its entry's `index`, when that is
/// known (§10, §22).
pub(crate) fn check_seq(f: &mut Fields<'_, '_>, index: Option<u64>) {
    if let (Some(seq), Some(index)) = (f.count("seq"), index) {
        if seq != index {
            let why = vec![("seq", seq.into()), ("index", index.into())];
            f.bad("seq", MessageArg::Said(MessageId::WhySeqNotIndex, why));
        }
    }
}

/// A leaf's `_sd`: an array of base64url 32-byte disclosure digests (§10, §22).
pub(crate) fn check_sd(f: &mut Fields<'_, '_>) {
    if let Some(items) = f.array("_sd") {
        let ok = items.iter().all(|d| {
            d.as_str()
                .and_then(base64url_strict)
                .is_some_and(|b| b.len() == 32)
        });
        if !ok {
            f.bad("_sd", MessageId::WhyNotDigests);
        }
    }
}

/// The field names an entry still shows: disclosed, or in its leaf.
type Shown = HashSet<String>;

fn check_redaction(
    record: &RedactionRecord,
    entries: &HashMap<u64, &Entry<'_>>,
    shown: &mut HashMap<u64, Shown>,
    findings: &mut Findings,
) {
    let (at, index) = (record.location.as_str(), record.index);
    let Some(entry) = entries.get(&index) else {
        findings.add(
            Code::AuditRedactionInconsistent,
            at,
            message!(AuditRedactionNoEntry, index = index),
        );
        return;
    };
    // Once per entry, however many records name it.
    let shown = shown.entry(index).or_insert_with(|| shown_fields(entry));
    for field in &record.fields {
        if shown.contains(field.as_str()) {
            findings.add(
                Code::AuditRedactionInconsistent,
                at,
                message!(
                    AuditRedactionStillThere,
                    field = quoted(field),
                    index = index
                ),
            );
        }
    }
}

/// An entry's shown field names: its leaf's members (the leaf read again:
/// its check kept no tree) and its disclosed fields.
fn shown_fields(entry: &Entry<'_>) -> Shown {
    let leaf = entry
        .leaf_object
        .then(|| json::parse(&entry.record.leaf).ok())
        .flatten();
    let clear = leaf
        .as_ref()
        .and_then(Json::as_object)
        .into_iter()
        .flat_map(|l| l.iter().map(|(k, _)| k.to_owned()));
    clear
        .chain(entry.disclosed_fields.iter().cloned())
        .collect()
}
