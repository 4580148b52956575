//! Producer library: what a platform team embeds to produce pack evidence.
//!
//! The verifier (`proofpack_core::verify`) judges a pack; this module writes the
//! evidence a pack is made of, in the exact shapes of `proof-pack-v1.md`:
//!
//! * [`AuditLog`] (`audit_log.rs`, spec §10): an append-only RFC 9162 audit
//!   log whose personal fields live in SD-JWT disclosures, its signed
//!   checkpoints, redaction, and the `audit-log-redaction.json` witness.
//! * Typed records (`records.rs`, §5, §7, §8, §9): [`Request`],
//!   [`StepRecord`], [`ProbeResults`] and [`Receipt`], whose types carry what
//!   each status needs and whose `build`/`new` functions refuse, with a
//!   [`ProducerError`], whatever the spec calls malformed; a step's
//!   [`Backup`]s (§17).
//! * [`ReceiptStatement`] (`attestation.rs`, §16): a subprocessor's signed
//!   statement of a deletion, the DSSE envelope a receipt's `attestation`
//!   names.
//! * [`ProvenanceRecord`] (`provenance.rs`, §11) and [`provenance_jsonl`].
//! * [`pseudonymous_subject_id`] (`pseudonym.rs`, §2): the HMAC-SHA-256
//!   pseudonym a `subject_id` must be.
//! * [`PackSigned`] and [`Seal`] (`seal.rs`, §22): the `pack_signed` entry
//!   a signed pack's log appends, and the seal `signature.sig` carries.
//!
//! The builders refuse *malformed* evidence (a failed step without an
//! exception, an exempt `audit_log` step, a timestamp that does not parse,
//! a raw subject identifier, ...). They do not refuse *honest bad news*: a
//! pending step, residue found by a probe, a receipt by e-mail or a live
//! derivation are recorded as they are, and the verifier reports them.
//!
//! All JSON is written with `serde_json` in a fixed member order: documents
//! (`request.json`, `verification.json`, `audit-log-redaction.json`) are
//! pretty-printed with a final newline, JSONL records are one compact object
//! per line, each line ending with `\n`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod attestation;
mod audit_log;
mod error;
mod provenance;
mod pseudonym;
mod records;
mod seal;

pub use attestation::ReceiptStatement;
pub use audit_log::{
    disclosed_field, AppendedEntry, AuditLog, KeptEntry, KeptRedaction, LogEntry, OsSalts,
    SaltSource, SeededSalts, WitnessSpec, EVENT_REQUEST_ACCEPTED, EVENT_STEP,
};
pub use error::ProducerError;
pub use provenance::{provenance_jsonl, ArtifactState, NodeRef, ProvenanceRecord, ReverseIndex};
pub use pseudonym::{hmac_sha256, pseudonymous_subject_id, MIN_PSEUDONYM_KEY_LEN};
pub use records::{
    receipts_jsonl, steps_jsonl, Backup, BackupState, Channel, DataClass, Exemption, Extension,
    LegalBasis, ModelAction, ModelLineage, ProbeResults, ProbeResultsBuilder, Purge, Receipt,
    ReceiptStatus, Request, RequestBuilder, StatusKind, Step, StepOutput, StepRecord,
    StepRecordBuilder, StepStatus, TierEvidence, PURGE_SERVING_INDEX_ONLY,
};
pub use seal::{signature_with_seal, PackSigned, Seal, EVENT_PACK_SIGNED};

/// The crate README's example (from evidence to a signed pack), compiled
/// and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

use proofpack_spec::timestamp::Timestamp;
use serde_json::{Map, Value};

/// Parses a §0 timestamp for the member `field`, or refuses it.
fn timestamp(field: &str, value: &str) -> Result<Timestamp, ProducerError> {
    Timestamp::parse(value).ok_or_else(|| ProducerError::InvalidTimestamp {
        field: field.to_owned(),
        value: value.to_owned(),
    })
}

/// Refuses an empty string for the member `field`.
fn nonempty(field: &str, value: &str) -> Result<(), ProducerError> {
    if value.is_empty() {
        return Err(ProducerError::Empty(field.to_owned()));
    }
    Ok(())
}

/// Refuses `later` strictly before `earlier` (by instant).
fn ordered(earlier: (&str, &Timestamp), later: (&str, &Timestamp)) -> Result<(), ProducerError> {
    if later.1.instant() < earlier.1.instant() {
        return Err(ProducerError::TimeOrder {
            earlier: earlier.0.to_owned(),
            later: later.0.to_owned(),
        });
    }
    Ok(())
}

/// Nesting depth of a JSON value as §0 counts it: only objects and arrays
/// form levels (a scalar is depth 0).
fn depth(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(members) => 1 + members.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

/// Refuses a value that would make a document deeper than §0's 64 levels
/// when nested `levels_above` levels down.
fn check_depth(field: &str, value: &Value, levels_above: usize) -> Result<(), ProducerError> {
    if levels_above + depth(value) > proofpack_spec::json::MAX_DEPTH {
        return Err(ProducerError::TooDeep(field.to_owned()));
    }
    Ok(())
}

/// Appends free extra members to `map`, refusing empty names, names already
/// present and values nested too deep.
fn add_extra(
    map: &mut Map<String, Value>,
    extra: &[(String, Value)],
    levels_above: usize,
) -> Result<(), ProducerError> {
    for (name, value) in extra {
        nonempty("extra member name", name)?;
        if map.contains_key(name) {
            return Err(ProducerError::DuplicateMember(name.clone()));
        }
        check_depth(name, value, levels_above)?;
        map.insert(name.clone(), value.clone());
    }
    Ok(())
}

/// A pretty-printed JSON document with a final newline.
fn document(value: &Value) -> Result<Vec<u8>, ProducerError> {
    let mut bytes =
        serde_json::to_vec_pretty(value).map_err(|e| ProducerError::Json(e.to_string()))?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// One compact JSONL line, `\n` included, appended to `out`.
fn jsonl_line(out: &mut Vec<u8>, value: &Value) -> Result<(), ProducerError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| ProducerError::Json(e.to_string()))?;
    out.push(b'\n');
    Ok(())
}
