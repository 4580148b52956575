//! The producer's error type.

use proofpack_spec::checkpoint::NoteError;
use proofpack_spec::merkle::MerkleError;

/// Why the producer refused to write a piece of evidence.
///
/// Every variant is a refusal to write something the spec calls malformed
/// (or that the verifier could not match); none is a finding. Messages never
/// echo a subject identifier or a disclosed value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProducerError {
    /// A required member was not given to a builder.
    #[error("`{0}` is required")]
    Missing(String),
    /// A member the spec (or this library) requires non-empty is empty.
    #[error("`{0}` must not be empty")]
    Empty(String),
    /// A timestamp that is not a §0 RFC 3339 date-time with an offset.
    #[error("`{field}` is not an RFC 3339 date-time with an offset (§0): {value:?}")]
    InvalidTimestamp {
        /// The member.
        field: String,
        /// The text given.
        value: String,
    },
    /// Two timestamps in an impossible order (`later` before `earlier`).
    #[error("`{later}` is before `{earlier}`")]
    TimeOrder {
        /// The member that must come first.
        earlier: String,
        /// The member that must not be before it.
        later: String,
    },
    /// A `subject_id` that is not `sub_` and 64 lowercase hex digits (§2).
    #[error("subject_id is not pseudonymous (`sub_` followed by 64 lowercase hex digits)")]
    NotPseudonymous,
    /// An HMAC key too short to make a pseudonym.
    #[error("the pseudonym key has {len} bytes; at least {min} are required")]
    WeakPseudonymKey {
        /// The key's length.
        len: usize,
        /// The minimum.
        min: usize,
    },
    /// A data class given twice (`data_classes` is a set, §5).
    #[error("data class {0} is given twice")]
    DuplicateDataClass(String),
    /// An extension the deadline rules of §6 would ignore.
    #[error("invalid extension: {0}")]
    InvalidExtension(String),
    /// `sla_deadline` at or after the end of the statutory first period (§6).
    #[error("sla_deadline {sla_deadline} is at or after the statutory deadline {statutory}")]
    DeadlineOverstated {
        /// The declared deadline.
        sla_deadline: String,
        /// The end of the first period.
        statutory: String,
    },
    /// A failed step without an exception id (§7 `steps.silent_failure`).
    #[error("step {0} failed without an exception id: a silent failure")]
    SilentFailure(String),
    /// The `audit_log` step marked exempt (§7: it is never exempt).
    #[error("the audit_log step is never exempt")]
    ExemptAuditLog,
    /// An `ok` step with a non-zero `after_count` (§7 `steps.residue_after_ok`).
    #[error("step {step} is ok with after_count {after_count}")]
    ResidueAfterOk {
        /// The step.
        step: String,
        /// The count given.
        after_count: u64,
    },
    /// An `ok` step without the tier-specific evidence §7 asks for.
    #[error("an ok {0} step needs its tier-specific output")]
    MissingEvidence(String),
    /// Tier-specific output given for another step.
    #[error("output evidence for {evidence} given on the {step} step")]
    EvidenceMismatch {
        /// The step of the record.
        step: String,
        /// The step the evidence is for.
        evidence: String,
    },
    /// Step records out of cascade order or repeated (§7 `steps.order`).
    #[error("step {0} is out of cascade order or repeated")]
    StepOrder(String),
    /// A member name this library writes itself, or that §10 reserves.
    #[error("member name {0:?} is reserved")]
    ReservedMember(String),
    /// A member name given twice in one object.
    #[error("member {0:?} is given twice")]
    DuplicateMember(String),
    /// A value nested deeper than §0's 64 levels once written.
    #[error("member {0:?} is nested deeper than 64 levels")]
    TooDeep(String),
    /// An `Other` receipt channel that is empty or spells a named channel.
    #[error("invalid receipt channel {0:?}")]
    InvalidChannel(String),
    /// A probe given twice.
    #[error("probe {0} is given twice")]
    DuplicateProbe(String),
    /// A required probe not given (§8 `probes.missing`).
    #[error("probe {0} is required")]
    MissingProbe(String),
    /// `provenance.jsonl` without the header first, or with a second header.
    #[error("provenance.jsonl needs exactly one header, as its first record")]
    ProvenanceHeader,
    /// A scope named by a tombstone or artifact without a `scope` record.
    #[error("scope {0:?} has no scope record")]
    ScopeNotRegistered(String),
    /// A tombstone whose `reference_scopes` misses the scope of a derivative.
    #[error("tombstone {scope}/{key} omits reference scope {missing:?}")]
    ReferenceScopesIncomplete {
        /// The tombstone's scope.
        scope: String,
        /// The tombstone's key.
        key: String,
        /// A scope of a derivative it does not list.
        missing: String,
    },
    /// A log origin that cannot be a C2SP key name (empty, whitespace, `+`,
    /// or control characters).
    #[error("log origin {0:?} is not a valid checkpoint origin and key name")]
    InvalidOrigin(String),
    /// A checkpoint signed under a key name other than the log's origin,
    /// which the verifier never counts (§10).
    #[error("checkpoint key name {key_name:?} is not the log origin {origin:?}")]
    KeyNameNotOrigin {
        /// The key name given.
        key_name: String,
        /// The log's origin.
        origin: String,
    },
    /// An entry index not in the log (or not in the after-tree).
    #[error("entry {index} is not in a tree of size {size}")]
    EntryOutOfRange {
        /// The index.
        index: u64,
        /// The size it must be below.
        size: u64,
    },
    /// An index given twice.
    #[error("entry {0} is given twice")]
    DuplicateIndex(u64),
    /// A redaction of a field that has no disclosure in that entry.
    #[error("entry {index} has no disclosure of {field:?} to redact")]
    NothingToRedact {
        /// The entry.
        index: u64,
        /// The field.
        field: String,
    },
    /// A checkpoint that does not parse.
    #[error("checkpoint does not parse: {0}")]
    CheckpointMalformed(#[from] NoteError),
    /// A checkpoint that is not of this log (origin, size or root).
    #[error("checkpoint is not of this log: {0}")]
    CheckpointMismatch(String),
    /// A checkpoint without a signature line named after the log's origin.
    #[error("checkpoint has no signature line by the log's own key name")]
    CheckpointNotSignedByLog,
    /// Checkpoint sizes the consistency rule of §10 refuses.
    #[error("checkpoint sizes {before} -> {after} need 1 <= before <= after")]
    CheckpointSizes {
        /// Size of the before-checkpoint.
        before: u64,
        /// Size of the after-checkpoint.
        after: u64,
    },
    /// A Merkle tree computation failed.
    #[error("merkle: {0}")]
    Merkle(#[from] MerkleError),
    /// The operating system's random generator failed.
    #[error("random salt generation failed: {0}")]
    Randomness(String),
    /// JSON serialization failed.
    #[error("JSON serialization failed: {0}")]
    Json(String),
    /// A count above §0's largest, 2^53 - 1.
    #[error("`{field}` is {value}, above the largest count 2^53 - 1")]
    CountOutOfRange {
        /// The member.
        field: String,
        /// The value given.
        value: u64,
    },
    /// Two provenance records for the same node.
    #[error("node {scope}/{key} is given twice")]
    DuplicateNode {
        /// The node's scope.
        scope: String,
        /// The node's key.
        key: String,
    },
    /// The log reached the largest index a §0 count can hold.
    #[error("the audit log is full")]
    LogFull,
    /// An entry read back from a store ([`crate::AuditLog::restore`]) that
    /// is not one this library appended.
    #[error("kept entry {index} is not a log entry: {reason}")]
    KeptEntry {
        /// The entry's index.
        index: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A pack whose members cannot be sealed (§22): a manifest without a
    /// `pack_id`, a `signature.sig` without its 64 signature bytes.
    #[error("the pack cannot be sealed: {0}")]
    Unsealable(String),
    /// A seal of an entry that is not `pack_signed` (§22).
    #[error("entry {0} is not a pack_signed entry")]
    NotPackSigned(u64),
    /// A signed statement (§16) is only of a confirmed receipt.
    #[error("only a confirmed receipt has a signed statement (§16); this one is {0}")]
    StatementNotConfirmed(String),
}

impl ProducerError {
    /// The refusal's stable name, the variant's in snake case
    /// (`missing`, `invalid_timestamp`, `missing_probe`, ...): what a
    /// program matches on (the Python package's `ProducerError.kind`), as
    /// the message is for people.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            ProducerError::Missing(_) => "missing",
            ProducerError::Empty(_) => "empty",
            ProducerError::InvalidTimestamp { .. } => "invalid_timestamp",
            ProducerError::TimeOrder { .. } => "time_order",
            ProducerError::NotPseudonymous => "not_pseudonymous",
            ProducerError::WeakPseudonymKey { .. } => "weak_pseudonym_key",
            ProducerError::DuplicateDataClass(_) => "duplicate_data_class",
            ProducerError::InvalidExtension(_) => "invalid_extension",
            ProducerError::DeadlineOverstated { .. } => "deadline_overstated",
            ProducerError::SilentFailure(_) => "silent_failure",
            ProducerError::ExemptAuditLog => "exempt_audit_log",
            ProducerError::ResidueAfterOk { .. } => "residue_after_ok",
            ProducerError::MissingEvidence(_) => "missing_evidence",
            ProducerError::EvidenceMismatch { .. } => "evidence_mismatch",
            ProducerError::StepOrder(_) => "step_order",
            ProducerError::ReservedMember(_) => "reserved_member",
            ProducerError::DuplicateMember(_) => "duplicate_member",
            ProducerError::TooDeep(_) => "too_deep",
            ProducerError::InvalidChannel(_) => "invalid_channel",
            ProducerError::DuplicateProbe(_) => "duplicate_probe",
            ProducerError::MissingProbe(_) => "missing_probe",
            ProducerError::ProvenanceHeader => "provenance_header",
            ProducerError::ScopeNotRegistered(_) => "scope_not_registered",
            ProducerError::ReferenceScopesIncomplete { .. } => "reference_scopes_incomplete",
            ProducerError::InvalidOrigin(_) => "invalid_origin",
            ProducerError::KeyNameNotOrigin { .. } => "key_name_not_origin",
            ProducerError::EntryOutOfRange { .. } => "entry_out_of_range",
            ProducerError::DuplicateIndex(_) => "duplicate_index",
            ProducerError::NothingToRedact { .. } => "nothing_to_redact",
            ProducerError::CheckpointMalformed(_) => "checkpoint_malformed",
            ProducerError::CheckpointMismatch(_) => "checkpoint_mismatch",
            ProducerError::CheckpointNotSignedByLog => "checkpoint_not_signed_by_log",
            ProducerError::CheckpointSizes { .. } => "checkpoint_sizes",
            ProducerError::Merkle(_) => "merkle",
            ProducerError::Randomness(_) => "randomness",
            ProducerError::Json(_) => "json",
            ProducerError::CountOutOfRange { .. } => "count_out_of_range",
            ProducerError::DuplicateNode { .. } => "duplicate_node",
            ProducerError::LogFull => "log_full",
            ProducerError::KeptEntry { .. } => "kept_entry",
            ProducerError::Unsealable(_) => "unsealable",
            ProducerError::NotPackSigned(_) => "not_pack_signed",
            ProducerError::StatementNotConfirmed(_) => "statement_not_confirmed",
        }
    }
}
