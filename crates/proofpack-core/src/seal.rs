//! Sealed signatures (spec §22): the DPO's signature proved to exist by a
//! time the witnesses vouch for, so that it outlives its key.
//!
//! The seal is the member `seal` of `signature.sig`. [`parse`] is check 1
//! (its shape, its leaf's JSON and shape): it makes the seal a typed
//! [`Seal`] once. [`check`] runs checks 2 to 6 on what check 1 could parse,
//! with §10's and §15's own functions (the checkpoint judged as §10 judges
//! its two, the proofs with the same RFC 9162 code, the cosignatures with
//! §15's rules and the time rule reversed), every finding located in the
//! seal (`signature.sig#/seal/...`). It says whether the seal *holds* and,
//! if it does, the *sealed time*.

use crate::audit::{self, Checkpoints};
use crate::cosignatures::{self, On, TimeRule};
use crate::findings::{Code, Effect, Findings};
use crate::messages::{message, quoted, MessageId};
use crate::register_facts::{CheckpointFact, SealFact};
pub(crate) use crate::report::SealSummary;
use crate::schema::{malformed, Fields};
use crate::trust::TrustStore;
use proofpack_spec::checkpoint::{Checkpoint, CheckpointStatus};
use proofpack_spec::encoding::base64_strict;
use proofpack_spec::json::{self, Json, Shape};
use proofpack_spec::merkle::Hash;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{seal_names as names, EventClass};
use time::OffsetDateTime;

/// What the reader of `signature.sig` keeps of `seal` (§22): every other
/// member is checked against §0 and dropped unread.
pub(crate) const SHAPE: Shape = Shape::Members(&[
    (names::CHECKPOINT, Shape::SCALAR),
    (names::CONSISTENCY_PROOF, Shape::SCALARS),
    (
        names::ENTRY,
        Shape::Members(&[
            (names::INDEX, Shape::SCALAR),
            (names::LEAF, Shape::SCALAR),
            (names::INCLUSION_PROOF, Shape::SCALARS),
        ]),
    ),
]);

/// The seal's location, and its members' (JSON pointers into `signature.sig`).
mod at {
    pub(super) const SEAL: &str = "signature.sig#/seal";
    pub(super) const CHECKPOINT: &str = "signature.sig#/seal/checkpoint";
    pub(super) const CONSISTENCY_PROOF: &str = "signature.sig#/seal/consistency_proof";
    pub(super) const ENTRY: &str = "signature.sig#/seal/entry";
    pub(super) const LEAF: &str = "signature.sig#/seal/entry/leaf";
}

/// A seal as check 1 read it: each part that could be parsed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Seal {
    /// `checkpoint`, the note text.
    checkpoint: Option<String>,
    /// `consistency_proof`.
    consistency_proof: Option<Vec<Hash>>,
    /// `entry.index`.
    index: Option<u64>,
    /// `entry.leaf`, its bytes.
    leaf: Option<Vec<u8>>,
    /// `entry.inclusion_proof`.
    inclusion_proof: Option<Vec<Hash>>,
    /// The leaf's members check 5 compares, each when it is a string.
    logged: Logged,
    /// Whether check 1 raised no finding.
    well_formed: bool,
}

/// What a `pack_signed` leaf says (§22), each member when it is a string.
#[derive(Debug, Clone, Default)]
struct Logged {
    event_class: Option<String>,
    pack_id: Option<String>,
    manifest_sha256: Option<String>,
    signature_sha256: Option<String>,
}

/// Check 1: the seal's shape, then its leaf's JSON (`json.malformed`) and
/// shape (`seal.schema`; a `ts` that does not parse included). `value` is
/// the member `seal`, neither absent nor `null`.
pub(crate) fn parse(value: &Json, findings: &mut Findings) -> Seal {
    let mut own = Findings::new();
    let mut seal = Seal::default();
    if let Some(mut f) = Fields::of(value, Code::SealSchema, at::SEAL, &mut own) {
        seal.checkpoint = f.string(names::CHECKPOINT).map(str::to_owned);
        seal.consistency_proof = f.hashes(names::CONSISTENCY_PROOF);
        let entry = f.required(names::ENTRY);
        if let Some(mut e) =
            entry.and_then(|v| Fields::of(v, Code::SealSchema, at::ENTRY, f.findings()))
        {
            seal.index = e.count(names::INDEX);
            seal.leaf = e.string(names::LEAF).and_then(|text| {
                let bytes = base64_strict(text);
                if bytes.is_none() {
                    e.bad(names::LEAF, MessageId::WhyNotBase64);
                }
                bytes
            });
            seal.inclusion_proof = e.hashes(names::INCLUSION_PROOF);
        }
    }
    if let Some(leaf) = &seal.leaf {
        seal.logged = parse_leaf(leaf, seal.index, &mut own);
    }
    seal.well_formed = own.as_slice().is_empty();
    findings.append(own);
    seal
}

/// The leaf (§22): well-formed JSON, an object with `seq` equal to the
/// entry's `index`, `ts` a timestamp, `event_class`, `pack_id`,
/// `manifest_sha256` and `signature_sha256` strings, and `_sd` as in §10.
/// Returns its string members, for check 5.
fn parse_leaf(bytes: &[u8], index: Option<u64>, findings: &mut Findings) -> Logged {
    let value = match json::parse(bytes) {
        Ok(value) => value,
        Err(e) => {
            malformed(findings, at::LEAF, &e);
            return Logged::default();
        }
    };
    let Some(mut f) = Fields::of(&value, Code::SealSchema, at::LEAF, findings) else {
        return Logged::default();
    };
    audit::check_seq(&mut f, index);
    // A logged statement: a `ts` that does not parse is a wrong shape here,
    // not `time.invalid`.
    if f.string(names::TS)
        .is_some_and(|ts| Timestamp::parse(ts).is_none())
    {
        f.bad(names::TS, MessageId::WhyNotTime);
    }
    let mut string = |name| f.string(name).map(str::to_owned);
    let logged = Logged {
        event_class: string(names::EVENT_CLASS),
        pack_id: string(names::PACK_ID),
        manifest_sha256: string(names::MANIFEST_SHA256),
        signature_sha256: string(names::SIGNATURE_SHA256),
    };
    audit::check_sd(&mut f);
    logged
}

/// What checks 2 to 6 take besides the seal: the pack's audit log as §10
/// and §15 read it, the store, and what the leaf must name.
pub(crate) struct Context<'a> {
    /// The verifier's trust store.
    pub trust: Option<&'a TrustStore>,
    /// `log_origin` of `audit-log-redaction.json`, when readable.
    pub log_origin: Option<&'a str>,
    /// The checkpoints §10 read.
    pub checkpoints: &'a Checkpoints,
    /// The manifest's `signed_at`, when readable.
    pub signed_at: Option<&'a Timestamp>,
    /// The manifest's `pack_id`, when readable.
    pub pack_id: Option<&'a str>,
    /// Hex SHA-256 of `manifest.json`'s bytes, when present.
    pub manifest_sha256: Option<String>,
    /// Hex SHA-256 of the 64 signature bytes, when `sig` has them.
    pub signature_sha256: Option<String>,
    /// k of §21 (`max(1, witness_quorum)`).
    pub k: u64,
}

/// What checks 2 to 6 established.
#[derive(Debug, Default)]
pub(crate) struct Sealed {
    /// The report's section.
    pub summary: SealSummary,
    /// The sealed time, when the seal holds and k witnesses count on it.
    pub sealed_time: Option<OffsetDateTime>,
    /// What a register (§19) compares across packs.
    pub fact: SealFact,
}

/// Checks 2 to 6, in order, each on what the earlier ones could parse;
/// every finding reported, located in the seal.
pub(crate) fn check(seal: &Seal, cx: &Context<'_>, findings: &mut Findings) -> Sealed {
    let mut own = Findings::new();
    let (cp, checkpoint_holds) = check_checkpoint(seal, cx, &mut own); // 2
    let consistent = cp
        .as_ref()
        .is_some_and(|cp| check_consistency(seal, cp, cx, &mut own)); // 3
    let included = cp
        .as_ref()
        .and_then(|cp| check_inclusion(seal, cp, &mut own)); // 4
    let entry_matches = check_entry(seal, cx, &mut own); // 5
    let cosigned = cp.as_ref().map(|cp| {
        let on = On {
            checkpoint: cp,
            name: names::SEAL,
            location: at::CHECKPOINT,
            rule: TimeRule::NotBeforeSigning,
        };
        cosignatures::check(&on, cx.trust, cx.signed_at, &mut own) // 6
    });
    let holds = seal.well_formed
        && checkpoint_holds
        && consistent
        && included.is_some()
        && entry_matches
        && !own.has_effect(Effect::Invalid);
    let cosigned = cosigned.unwrap_or_default();
    let sealed_time = cosigned.kth_earliest(cx.k).filter(|_| holds);
    findings.append(own);
    let fact_checkpoint = cp
        .as_ref()
        .filter(|_| checkpoint_holds)
        .map(|cp| CheckpointFact {
            origin: cp.origin.clone(),
            tree_size: cp.tree_size,
            root_hash: cp.root_hash,
        });
    Sealed {
        summary: SealSummary {
            checkpoint_size: cp.as_ref().map(|cp| cp.tree_size),
            entry_index: seal.index,
            cosignatures: cosigned.rows,
            holds,
            sealed_time: sealed_time
                .and_then(Timestamp::from_instant_utc)
                .map(|t| t.raw().to_owned()),
        },
        sealed_time,
        fact: SealFact {
            entry: fact_checkpoint.as_ref().and(included),
            checkpoint: fact_checkpoint,
        },
    }
}

/// Check 2: the seal's checkpoint parses as a §10 checkpoint of the pack's
/// own log (origin `log_origin`; a missing one equals nothing), and the
/// log's key signed it: at least one line counts and every counting line
/// verifies. The key checks are not made without a store, nor when the
/// store lacks the log's key for `checkpoint_after` too (its finding
/// stands); the checkpoint then does not hold. Returns the checkpoint, when
/// it parses, and whether it holds.
fn check_checkpoint(
    seal: &Seal,
    cx: &Context<'_>,
    own: &mut Findings,
) -> (Option<Checkpoint>, bool) {
    let Some(text) = &seal.checkpoint else {
        return (None, false);
    };
    let log_keys = audit::audit_log_keys(cx.trust);
    let (cp, status) = match audit::judge_checkpoint(text, &log_keys) {
        Ok(read) => read,
        Err(e) => {
            own.add(
                Code::SealCheckpointInvalid,
                at::CHECKPOINT,
                message!(SealNotCheckpoint, why = &e),
            );
            return (None, false);
        }
    };
    let mut holds = true;
    if cx.log_origin != Some(cp.origin.as_str()) {
        holds = false;
        own.add(
            Code::SealCheckpointInvalid,
            at::CHECKPOINT,
            message!(SealOtherLog, origin = quoted(&cp.origin)),
        );
    }
    let key_checks = cx.trust.is_some() && !cx.checkpoints.after_key_unknown();
    if !key_checks {
        return (Some(cp), false);
    }
    let failure = match status {
        CheckpointStatus::Verified => None,
        CheckpointStatus::KeyUnknown => Some(MessageId::WhyCheckpointKeyUnknown),
        CheckpointStatus::SignatureInvalid => Some(MessageId::WhyCheckpointSignature),
    };
    if let Some(why) = failure {
        holds = false;
        own.add(
            Code::SealCheckpointInvalid,
            at::CHECKPOINT,
            message!(SealCheckpointFails, why = why),
        );
    }
    (Some(cp), holds)
}

/// Check 3: `checkpoint_after`'s tree is a prefix of the seal checkpoint's,
/// not made when `checkpoint_after` did not verify under §10 (that finding
/// stands). Returns whether it was made and passed.
fn check_consistency(seal: &Seal, cp: &Checkpoint, cx: &Context<'_>, own: &mut Findings) -> bool {
    let (Some(after), true, Some(proof)) = (
        cx.checkpoints.after(),
        cx.checkpoints.after_verified(),
        &seal.consistency_proof,
    ) else {
        return false;
    };
    match audit::prove_prefix(after, cp, proof) {
        Ok(()) => true,
        Err(e) => {
            own.add(
                Code::SealConsistencyFailed,
                at::CONSISTENCY_PROOF,
                message!(SealNotConsistent, why = &e),
            );
            false
        }
    }
}

/// Check 4: the leaf is included at `index` in the seal checkpoint's tree.
/// Returns the entry (its index and leaf hash) when it was made and passed.
fn check_inclusion(seal: &Seal, cp: &Checkpoint, own: &mut Findings) -> Option<(u64, Hash)> {
    let (Some(index), Some(leaf), Some(proof)) = (seal.index, &seal.leaf, &seal.inclusion_proof)
    else {
        return None;
    };
    match audit::prove_included(index, leaf, cp, proof) {
        Ok(hash) => Some((index, hash)),
        Err(e) => {
            own.add(
                Code::SealInclusionFailed,
                at::ENTRY,
                message!(SealNotIncluded, index = index, why = &e),
            );
            None
        }
    }
}

/// Check 5: the leaf logs this pack's signing: `event_class` `pack_signed`,
/// and the manifest's `pack_id` and this pack's two digests, compared as
/// strings. A value the leaf or the pack lacks is not compared. Returns
/// whether all four were compared and equal.
fn check_entry(seal: &Seal, cx: &Context<'_>, own: &mut Findings) -> bool {
    let logged = &seal.logged;
    let pairs = [
        (
            names::EVENT_CLASS,
            logged.event_class.as_deref(),
            Some(EventClass::PackSigned.as_str()),
        ),
        (names::PACK_ID, logged.pack_id.as_deref(), cx.pack_id),
        (
            names::MANIFEST_SHA256,
            logged.manifest_sha256.as_deref(),
            cx.manifest_sha256.as_deref(),
        ),
        (
            names::SIGNATURE_SHA256,
            logged.signature_sha256.as_deref(),
            cx.signature_sha256.as_deref(),
        ),
    ];
    let mut all_equal = true;
    for (name, in_leaf, in_pack) in pairs {
        let (Some(in_leaf), Some(in_pack)) = (in_leaf, in_pack) else {
            all_equal = false;
            continue;
        };
        if in_leaf != in_pack {
            all_equal = false;
            own.add(
                Code::SealEntryMismatch,
                format!("{}/{name}", at::LEAF),
                message!(
                    SealLeafDiffers,
                    name = name.to_string(),
                    in_leaf = format!("{in_leaf:?}"),
                    in_pack = format!("{in_pack:?}")
                ),
            );
        }
    }
    all_equal
}

/// Where findings about the seal as a whole are located (`signature.unsealed`).
pub(crate) const LOCATION: &str = at::SEAL;
