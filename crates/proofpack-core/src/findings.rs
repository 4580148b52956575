//! Findings, their effects and the verdict (spec §12, §13).
//!
//! Every check of the verifier reports what it establishes as a [`Finding`]
//! carrying one [`Code`]. A code's string form and its [`Effect`] are the
//! spec's §12 table, kept here in one place; the verdict is derived from the
//! findings by [`Verdict::from_findings`] and is never a default.

use crate::messages::{Message, MessageArg, MessageId};
use crate::report::Policy;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

proofpack_spec::spec_names! {
    /// The effect of a finding on the verdict (spec §12), least severe first.
    pub enum Effect {
        /// Never changes the verdict.
        Warning = "warning",
        /// The erasure finished after the effective deadline.
        Late = "late",
        /// The erasure is not complete.
        Incomplete = "incomplete",
        /// The signer or witness is not trusted for this claim.
        Untrusted = "untrusted",
        /// Malformed, tampered or self-contradictory.
        Invalid = "invalid",
    }
}

/// Defines a set of finding codes from its table in the spec (§12's for
/// [`Code`], §19's for [`RegisterCode`]): each code's string (through
/// `spec_names!`, like every closed set) and its effect.
macro_rules! codes {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$doc:meta])* $variant:ident = $text:literal => $effect:ident, )*
        }
    ) => {
        proofpack_spec::spec_names! {
            $(#[$meta])*
            pub enum $name {
                $( $(#[$doc])* $variant = $text, )*
            }
        }

        impl $name {
            /// The code's effect on the verdict.
            #[must_use]
            pub const fn effect(self) -> Effect {
                match self { $($name::$variant => Effect::$effect,)* }
            }
        }
    };
}

codes! {
/// A finding code of spec §12. Its string form is the spec's.
pub enum Code {
    /// Not gzip, not tar, truncated, bad CRC, bad header or checksum.
    ArchiveMalformed = "archive.malformed" => Invalid,
    /// Bytes after the gzip member or after the end-of-archive marker.
    ArchiveTrailingData = "archive.trailing_data" => Invalid,
    /// A link, device, FIFO, sparse, pax or long-name entry.
    ArchiveForbiddenEntry = "archive.forbidden_entry" => Invalid,
    /// A member path that is not a plain relative path.
    ArchiveBadPath = "archive.bad_path" => Invalid,
    /// Two members with the same path.
    ArchiveDuplicateEntry = "archive.duplicate_entry" => Invalid,
    /// A resource limit was exceeded.
    ArchiveLimitExceeded = "archive.limit_exceeded" => Invalid,
    /// A required member is absent.
    ArchiveMissingMember = "archive.missing_member" => Invalid,
    /// Bytes that are not well-formed JSON (§0).
    JsonMalformed = "json.malformed" => Invalid,
    /// A timestamp that does not parse or has no offset.
    TimeInvalid = "time.invalid" => Invalid,
    /// Timestamps in an impossible order.
    TimeOutOfOrder = "time.out_of_order" => Invalid,
    /// `attestation.txt` is empty or only white space.
    AttestationEmpty = "attestation.empty" => Invalid,
    /// `format` is not `proof-pack/v1`.
    ManifestUnsupportedFormat = "manifest.unsupported_format" => Invalid,
    /// The manifest has the wrong shape.
    ManifestSchema = "manifest.schema" => Invalid,
    /// A listed file is not in the archive.
    ManifestFileMissing = "manifest.file_missing" => Invalid,
    /// A member is not listed in the manifest.
    ManifestUnlistedMember = "manifest.unlisted_member" => Invalid,
    /// A path is listed twice.
    ManifestDuplicatePath = "manifest.duplicate_path" => Invalid,
    /// A member's SHA-256 differs from the manifest.
    ManifestHashMismatch = "manifest.hash_mismatch" => Invalid,
    /// A member's size differs from the manifest.
    ManifestSizeMismatch = "manifest.size_mismatch" => Invalid,
    /// A manifest member differs from `request.json`.
    ManifestFieldMismatch = "manifest.field_mismatch" => Invalid,
    /// `all_clear: true` while the erasure is incomplete.
    ManifestAllClearFalseClaim = "manifest.all_clear_false_claim" => Invalid,
    /// `signature.sig` has the wrong shape.
    SignatureMalformed = "signature.malformed" => Invalid,
    /// `signature.sig` names another key than the manifest.
    SignatureKeyIdMismatch = "signature.key_id_mismatch" => Invalid,
    /// The signature does not verify.
    SignatureInvalid = "signature.invalid" => Invalid,
    /// `request.json` has the wrong shape.
    RequestSchema = "request.schema" => Invalid,
    /// A step record has the wrong shape.
    StepsSchema = "steps.schema" => Invalid,
    /// Steps out of order, repeated or misnumbered.
    StepsOrder = "steps.order" => Invalid,
    /// An `ok` step with a non-zero `after_count`.
    StepsResidueAfterOk = "steps.residue_after_ok" => Invalid,
    /// A failed step that opened no exception.
    StepsSilentFailure = "steps.silent_failure" => Invalid,
    /// `verification.json` has the wrong shape.
    ProbesSchema = "probes.schema" => Invalid,
    /// The probes' `all_clear` contradicts their counts.
    ProbesAllClearInconsistent = "probes.all_clear_inconsistent" => Invalid,
    /// The PII count differs from the audit witness.
    ProbesAuditMismatch = "probes.audit_mismatch" => Invalid,
    /// A receipt has the wrong shape.
    ReceiptsSchema = "receipts.schema" => Invalid,
    /// `sla_deadline` is at or after the statutory deadline.
    SlaDeadlineOverstated = "sla.deadline_overstated" => Invalid,
    /// The audit witness has the wrong shape.
    AuditSchema = "audit.schema" => Invalid,
    /// A checkpoint is not a parseable signed note.
    AuditCheckpointMalformed = "audit.checkpoint_malformed" => Invalid,
    /// A counting checkpoint signature fails.
    AuditCheckpointSignatureInvalid = "audit.checkpoint_signature_invalid" => Invalid,
    /// A checkpoint's origin differs from `log_origin`.
    AuditOriginMismatch = "audit.origin_mismatch" => Invalid,
    /// The consistency proof fails.
    AuditConsistencyFailed = "audit.consistency_failed" => Invalid,
    /// An inclusion proof fails.
    AuditInclusionFailed = "audit.inclusion_failed" => Invalid,
    /// A disclosure's digest is not in its leaf's `_sd`.
    AuditDisclosureUnmatched = "audit.disclosure_unmatched" => Invalid,
    /// A redaction record contradicts the entries.
    AuditRedactionInconsistent = "audit.redaction_inconsistent" => Invalid,
    /// A witness cosignature of the wrong length, time or signature (§15).
    AuditCosignatureInvalid = "audit.cosignature_invalid" => Invalid,
    /// A receipt's attestation of the wrong shape, or a counting signature that fails (§16).
    ReceiptsAttestationInvalid = "receipts.attestation_invalid" => Invalid,
    /// An attestation's statement differs from its receipt or the manifest (§16).
    ReceiptsAttestationMismatch = "receipts.attestation_mismatch" => Invalid,
    /// A seal of the wrong shape, or whose leaf has the wrong shape (§22 check 1).
    SealSchema = "seal.schema" => Invalid,
    /// The seal checkpoint does not parse, is of another log, or the log's key did not sign it (§22 check 2).
    SealCheckpointInvalid = "seal.checkpoint_invalid" => Invalid,
    /// `checkpoint_after` is not proved a prefix of the seal checkpoint (§22 check 3).
    SealConsistencyFailed = "seal.consistency_failed" => Invalid,
    /// The seal's leaf is not proved included in the seal checkpoint (§22 check 4).
    SealInclusionFailed = "seal.inclusion_failed" => Invalid,
    /// The seal's leaf names another event, pack, manifest or signature (§22 check 5).
    SealEntryMismatch = "seal.entry_mismatch" => Invalid,
    /// A provenance record has the wrong shape.
    ProvenanceSchema = "provenance.schema" => Invalid,
    /// No trust store was given.
    TrustNotConfigured = "trust.not_configured" => Untrusted,
    /// The signing key is not in the trust store.
    TrustKeyUnknown = "trust.key_unknown" => Untrusted,
    /// `signed_at` is outside the key's validity window.
    TrustKeyNotValidAtSigning = "trust.key_not_valid_at_signing" => Untrusted,
    /// The key was revoked at or before `signed_at`.
    TrustKeyRevoked = "trust.key_revoked" => Untrusted,
    /// The key lacks the `dpo` role.
    TrustRoleMissing = "trust.role_missing" => Untrusted,
    /// The key's owner is not the manifest's signer.
    TrustSignerMismatch = "trust.signer_mismatch" => Untrusted,
    /// The signer is the engineer who ran the cascade.
    SodSignerIsRunner = "sod.signer_is_runner" => Untrusted,
    /// No checkpoint signature line counts.
    AuditCheckpointKeyUnknown = "audit.checkpoint_key_unknown" => Untrusted,
    /// The request's acceptance is not on the audit log.
    AuditRequestNotLogged = "audit.request_not_logged" => Untrusted,
    /// A step is not on the audit log.
    AuditStepNotLogged = "audit.step_not_logged" => Untrusted,
    /// Fewer counting witnesses on `checkpoint_after` than the policy's quorum (§15).
    AuditWitnessQuorumNotMet = "audit.witness_quorum_not_met" => Untrusted,
    /// Under `signed_receipts`, a subprocessor erased by §9 without a verified attestation (§16).
    ReceiptsUnattested = "receipts.unattested" => Untrusted,
    /// Under `witnessed_deadline`, a completion on time no witnessed time corroborates (§21).
    SlaUnwitnessed = "sla.unwitnessed" => Untrusted,
    /// The DPO key was revoked after `signed_at` but the seal proves the signature only at or after the revocation (§22).
    TrustKeyRevokedBeforeSeal = "trust.key_revoked_before_seal" => Untrusted,
    /// Under `sealed_signature`, a pack without a sealed time (§22).
    SignatureUnsealed = "signature.unsealed" => Untrusted,
    /// `subject_id` is not a pseudonymous reference.
    MinimizationSubjectNotPseudonymous = "minimization.subject_not_pseudonymous" => Incomplete,
    /// A required step is absent.
    StepsMissing = "steps.missing" => Incomplete,
    /// A step failed.
    StepsFailed = "steps.failed" => Incomplete,
    /// A step is pending.
    StepsPending = "steps.pending" => Incomplete,
    /// A step is deferred by a TTL.
    StepsDeferred = "steps.deferred" => Incomplete,
    /// Episodic replication lag was not drained.
    StepsReplicationNotDrained = "steps.replication_not_drained" => Incomplete,
    /// Vectors were not purged from the ANN shards.
    StepsVectorsNotPurged = "steps.vectors_not_purged" => Incomplete,
    /// Model lineage is missing or incomplete.
    StepsModelLineageMissing = "steps.model_lineage_missing" => Incomplete,
    /// A model is only suppressed.
    StepsModelSuppressedOnly = "steps.model_suppressed_only" => Incomplete,
    /// A required probe is absent.
    ProbesMissing = "probes.missing" => Incomplete,
    /// A probe found residue.
    ProbesResidue = "probes.residue" => Incomplete,
    /// The probe found unredacted PII in the audit log.
    ProbesUnredactedPii = "probes.unredacted_pii" => Incomplete,
    /// The audit witness discloses a PII field.
    AuditPiiDisclosed = "audit.pii_disclosed" => Incomplete,
    /// A listed subprocessor has no receipt.
    ReceiptsMissing = "receipts.missing" => Incomplete,
    /// A receipt came by a channel other than the API.
    ReceiptsNotApi = "receipts.not_api" => Incomplete,
    /// A receipt has no ticket.
    ReceiptsNoTicket = "receipts.no_ticket" => Incomplete,
    /// A receipt is pending.
    ReceiptsPending = "receipts.pending" => Incomplete,
    /// A receipt failed.
    ReceiptsFailed = "receipts.failed" => Incomplete,
    /// `provenance.jsonl` is required and absent.
    ProvenanceMissing = "provenance.missing" => Incomplete,
    /// The reverse index is unavailable.
    ProvenanceUnverifiable = "provenance.unverifiable" => Incomplete,
    /// A scope is used but not registered.
    ProvenanceScopeNotRegistered = "provenance.scope_not_registered" => Incomplete,
    /// A derived artefact is still live.
    ProvenanceLiveDerivation = "provenance.live_derivation" => Incomplete,
    /// A derived artefact is only expiring.
    ProvenanceDeferred = "provenance.deferred" => Incomplete,
    /// An expiring artefact has no covering obligation.
    ProvenanceUndeclaredDeferral = "provenance.undeclared_deferral" => Incomplete,
    /// A tombstone's `reference_scopes` misses a scope.
    ProvenanceReferenceScopesIncomplete = "provenance.reference_scopes_incomplete" => Incomplete,
    /// An obligation is open.
    ProvenanceObligationOpen = "provenance.obligation_open" => Incomplete,
    /// A backup still in use holds the data (§17).
    StepsBackupLive = "steps.backup_live" => Incomplete,
    /// A backup kept beyond use whose restore would not re-apply the erasure (§17).
    StepsBackupUnsuppressed = "steps.backup_unsuppressed" => Incomplete,
    /// Completed at or after the effective deadline.
    SlaBreached = "sla.breached" => Late,
    /// `all_clear: false` while nothing is incomplete.
    ManifestAllClearUnderstated = "manifest.all_clear_understated" => Warning,
    /// The key was revoked after `signed_at`, and no seal proves the signature before it (§4, §22).
    TrustKeyRevokedLater = "trust.key_revoked_later" => Warning,
    /// A step is exempt under a documented legal basis.
    StepsExempt = "steps.exempt" => Warning,
    /// The probes share the cascade's code path.
    IndependenceSameCodePath = "independence.same_code_path" => Warning,
    /// A receipt for a subprocessor the manifest does not list.
    ReceiptsUnlisted = "receipts.unlisted" => Warning,
    /// The extension is invalid and ignored.
    SlaExtensionInvalid = "sla.extension_invalid" => Warning,
    /// An attestation no trusted subprocessor key can check (§16).
    ReceiptsAttestationUnverified = "receipts.attestation_unverified" => Warning,
    /// A completion on time whose witnessed time is at or after the effective deadline (§21).
    SlaWitnessedAfterDeadline = "sla.witnessed_after_deadline" => Warning,
}
}

codes! {
/// A finding code of a register (spec §19): what many packs verified
/// together show and no single pack does. Its own set, apart from
/// [`Code`]: a pack's report never carries one, and a register finding is
/// located at packs, not at a member of one.
pub enum RegisterCode {
    /// The link of a follow-up pack names a pack whose identity, request or
    /// time does not fit: the link is void.
    SupersedesMismatch = "register.supersedes_mismatch" => Invalid,
    /// Two packs supersede the same pack: both links are void.
    SupersededTwice = "register.superseded_twice" => Invalid,
    /// The audit log's key signed two histories: two checkpoints of one size,
    /// or two entries at one index, that differ.
    LogFork = "register.log_fork" => Invalid,
    /// A follow-up pack names a pack that is not in the set.
    SupersedesUnknown = "register.supersedes_unknown" => Warning,
    /// A request has more than one head.
    CompetingPacks = "register.competing_packs" => Warning,
    /// An open item of a head was due before `as_of`.
    Overdue = "register.overdue" => Warning,
    /// Files with the same SHA-256: one pack.
    DuplicateFile = "register.duplicate_file" => Warning,
}
}

/// One thing the verifier established about a pack. Made only by
/// the findings collector; its effect is always its code's, derived,
/// never stored apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    code: Code,
    message: Message,
    location: String,
}

impl Finding {
    /// The §12 code.
    pub fn code(&self) -> Code {
        self.code
    }

    /// The code's effect on the verdict.
    pub fn effect(&self) -> Effect {
        self.code.effect()
    }

    /// What a reviewer reads, in English (§13's `message`); not normative.
    pub fn message(&self) -> &str {
        &self.message.english
    }

    /// The message's identifier, for a renderer to write it in the
    /// reader's language; `None` for a message only in English.
    pub fn message_id(&self) -> Option<MessageId> {
        self.message.id
    }

    /// The values the message places, by name.
    pub fn message_args(&self) -> &[(&'static str, MessageArg)] {
        &self.message.args
    }

    /// Where: a member path, `path:line`, or `path#pointer`.
    pub fn location(&self) -> &str {
        &self.location
    }

    /// The message and the location, writable (fuzzing only).
    #[cfg(feature = "fuzzing")]
    pub(crate) fn text_mut(&mut self) -> (&mut String, &mut String) {
        (&mut self.message.english, &mut self.location)
    }
}

impl Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut out = s.serialize_struct("Finding", 4)?;
        out.serialize_field("code", &self.code)?;
        out.serialize_field("effect", &self.code.effect())?;
        out.serialize_field("message", &self.message.english)?;
        out.serialize_field("location", &self.location)?;
        out.end()
    }
}

/// One thing the verifier established about a pack (the schema of a
/// serialised [`Finding`]).
#[cfg(feature = "schema")]
#[derive(schemars::JsonSchema)]
#[schemars(rename = "Finding")]
#[allow(dead_code)]
struct FindingSchema {
    /// The §12 code.
    code: Code,
    /// The code's effect (always the code's own).
    effect: Effect,
    /// What a reviewer reads; not normative.
    message: String,
    /// Where: a member path, `path:line`, or `path#pointer`.
    location: String,
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Finding {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        FindingSchema::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        FindingSchema::json_schema(generator)
    }
}

proofpack_spec::spec_names! {
    /// The verdict of spec §12, best first.
    pub enum Verdict {
        /// Authentic, trusted, complete and on time.
        Complete = "complete",
        /// Complete, but after the effective deadline.
        Late = "late",
        /// The erasure is not complete.
        Incomplete = "incomplete",
        /// Intact, but not trusted for this claim.
        Untrusted = "untrusted",
        /// Malformed, tampered or self-contradictory.
        Invalid = "invalid",
    }
}

impl Verdict {
    /// The most severe effect among `findings`; `complete` only when no
    /// finding has an effect other than `warning`.
    pub fn from_findings<'a>(findings: impl IntoIterator<Item = &'a Finding>) -> Verdict {
        let worst = findings.into_iter().map(|f| f.code.effect()).max();
        match worst {
            Some(Effect::Invalid) => Verdict::Invalid,
            Some(Effect::Untrusted) => Verdict::Untrusted,
            Some(Effect::Incomplete) => Verdict::Incomplete,
            Some(Effect::Late) => Verdict::Late,
            Some(Effect::Warning) | None => Verdict::Complete,
        }
    }

    /// What the verdict means, in one sentence for a reviewer (§12).
    pub fn meaning(self) -> &'static str {
        match self {
            Verdict::Complete => "The pack is authentic and trusted, and shows the erasure complete and on time.",
            Verdict::Late => "The pack is authentic and trusted, and shows the erasure complete, but after the effective deadline.",
            Verdict::Incomplete => "The pack is authentic and trusted, but the erasure it shows is not complete.",
            Verdict::Untrusted => "The pack is intact, but the signer or the audit-log witness is not trusted for this claim.",
            Verdict::Invalid => "The pack is malformed, tampered with, or contradicts itself: its claims cannot be relied on.",
        }
    }

    /// The verdict's icon, always shown beside its word and colour.
    pub fn icon(self) -> &'static str {
        // Characters the common fonts carry (DejaVu has them all): an emoji
        // such as an hourglass shows as a missing glyph on many desktops.
        match self {
            Verdict::Complete => "✓",
            Verdict::Late => "◷",
            Verdict::Incomplete => "◐",
            Verdict::Untrusted => "⚠",
            Verdict::Invalid => "✗",
        }
    }

    /// The §12 exit status of the verdict.
    pub fn exit_status(self) -> i32 {
        match self {
            Verdict::Complete => 0,
            Verdict::Late => 3,
            Verdict::Incomplete => 4,
            Verdict::Untrusted => 5,
            Verdict::Invalid => 6,
        }
    }
}

proofpack_spec::spec_names! {
    /// A check that passed: positive evidence, kept beside the findings (as
    /// c2pa-rs keeps success codes beside failure codes). `complete`, `late`
    /// and `incomplete` need every one of [`SuccessCode::REQUIRED`].
    pub enum SuccessCode {
        /// §1: the archive was read to its end-of-archive marker, within limits.
        ArchiveRead = "archive.read",
        /// §2: every file the manifest lists is present with its SHA-256 and size.
        FilesHashed = "manifest.files_hashed",
        /// §3, §4: the signature verified with a key trusted for the signer at
        /// `signed_at`.
        SignatureTrusted = "signature.trusted",
        /// §10: both checkpoints verified with the log's key, and the
        /// consistency proof between them.
        CheckpointsVerified = "audit.checkpoints_verified",
        /// §10: every entry's inclusion proof verified in the after-tree.
        EntriesProved = "audit.entries_proved",
        /// §15: at least the policy's `witness_quorum` (1 or more) distinct
        /// witnesses count on `checkpoint_after`.
        WitnessQuorumMet = "audit.witness_quorum_met",
        /// §16: under the policy's `signed_receipts`, every subprocessor the
        /// manifest lists (one or more) is erased by a receipt with a
        /// verified attestation.
        ReceiptsAttested = "receipts.attested",
        /// §21: a witnessed time before the effective deadline.
        SlaWitnessed = "sla.witnessed",
        /// §22: the signature has a sealed time.
        SignatureSealed = "signature.sealed",
    }
}

impl SuccessCode {
    /// The positive evidence a verdict other than `untrusted` or `invalid` needs.
    pub const REQUIRED: &'static [SuccessCode] = &[
        SuccessCode::ArchiveRead,
        SuccessCode::FilesHashed,
        SuccessCode::SignatureTrusted,
        SuccessCode::CheckpointsVerified,
        SuccessCode::EntriesProved,
    ];

    /// The positive evidence a verdict other than `untrusted` or `invalid`
    /// needs under `policy`: [`SuccessCode::REQUIRED`], and the witnesses'
    /// quorum and the seal where the policy asks for them (their absence is
    /// always a finding of effect `untrusted`: a verdict without them is a
    /// bug of the verifier).
    #[must_use]
    pub fn required(policy: &Policy) -> Vec<SuccessCode> {
        let mut required = SuccessCode::REQUIRED.to_vec();
        if policy.witness_quorum > 0 {
            required.push(SuccessCode::WitnessQuorumMet);
        }
        if policy.sealed_signature {
            required.push(SuccessCode::SignatureSealed);
        }
        required
    }
}

/// One check that passed (made only by the verifier).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Passed {
    /// What passed.
    code: SuccessCode,
    /// What it established; not normative.
    message: String,
}

impl Passed {
    pub(crate) fn new(code: SuccessCode, message: impl Into<String>) -> Passed {
        Passed {
            code,
            message: message.into(),
        }
    }

    /// What passed.
    pub fn code(&self) -> SuccessCode {
        self.code
    }

    /// What it established; not normative.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// A verdict of `complete`, `late` or `incomplete` was about to be given
/// without the positive evidence it needs, and no finding explains the gap:
/// a bug of the verifier, never a verdict.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("internal error: the verdict would be {verdict} without positive evidence of {}", missing.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(", "))]
pub struct MissingEvidence {
    /// The verdict the findings alone would give.
    pub verdict: Verdict,
    /// The required checks that did not pass.
    pub missing: Vec<SuccessCode>,
}

impl Verdict {
    /// The verdict of `findings`, refusing `complete`, `late` and
    /// `incomplete` unless every check of [`SuccessCode::required`] under
    /// `policy` passed.
    pub(crate) fn from_evidence(
        findings: &[Finding],
        passed: &[Passed],
        policy: &Policy,
    ) -> Result<Verdict, MissingEvidence> {
        let verdict = Verdict::from_findings(findings);
        if matches!(verdict, Verdict::Untrusted | Verdict::Invalid) {
            return Ok(verdict);
        }
        let missing: Vec<SuccessCode> = SuccessCode::required(policy)
            .into_iter()
            .filter(|code| !passed.iter().any(|p| p.code == *code))
            .collect();
        if missing.is_empty() {
            Ok(verdict)
        } else {
            Err(MissingEvidence { verdict, missing })
        }
    }
}

/// The hasher of the findings' sets: a member of millions of bad lines is
/// millions of lookups, and SipHash was most of their cost. Seeded at
/// random per process, so a pack cannot aim at collisions.
type Seeded = foldhash::fast::RandomState;
type Map<K, V> = HashMap<K, V, Seeded>;
/// Per member, its tally: a hashbrown map, whose `entry_ref` finds or adds
/// one with a single lookup (and copies the member's name only to add it).
type Tallies = hashbrown::HashMap<String, MemberTally, Seeded>;

/// Collects findings, once per distinct (code, location) as §13 asks.
#[derive(Debug, Default, Clone)]
pub(crate) struct Findings {
    items: Vec<Finding>,
    // (code, location) pairs already reported: a set, so that a pack with a
    // million bad lines costs linear time, not quadratic.
    // Keyed by code first, so a lookup borrows the location (no copy).
    seen: Map<Code, HashSet<String, Seeded>>,
    // Per (code, member): how many line-level findings were listed, and
    // where the summary of the unlisted ones is, once there are any.
    per_member: Map<Code, Tallies>,
    // The location being judged by `add_lazily`, kept for the next one.
    scratch: String,
    // Tests that compare every line with a reference lift the cap.
    #[cfg(test)]
    uncapped: bool,
}

/// The most findings of one code listed for one member's lines
/// (`path:line` or `path#pointer` locations). A pack can hold millions of
/// bad lines; listing each would let a 2 MB member cost gigabytes of report.
/// The rest are counted in one finding of the same code at the member
/// itself, so the verdict, the codes and the member stay the same.
pub(crate) const MAX_LISTED_PER_MEMBER: usize = 1000;

#[derive(Debug, Default, Clone)]
struct MemberTally {
    listed: usize,
    unlisted: u64,
    summary: Option<usize>,
}

impl Findings {
    /// An empty collection.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// An empty collection that lists every line finding (tests only).
    #[cfg(test)]
    pub(crate) fn uncapped() -> Self {
        Self {
            uncapped: true,
            ..Self::default()
        }
    }

    /// Records a finding unless the same code was already reported at the same location.
    ///
    /// Past [`MAX_LISTED_PER_MEMBER`] findings of one code in one member's
    /// lines, a finding is counted in the member's summary instead.
    pub(crate) fn add(
        &mut self,
        code: Code,
        location: impl Into<String>,
        message: impl Into<Message>,
    ) {
        let location = location.into();
        if self.admit(code, &location) {
            self.push(code, location, message.into());
        }
    }

    /// [`add`](Self::add), writing the location into a buffer kept for the
    /// next finding and the message only when the finding is listed: a
    /// member of millions of bad lines, past the cap, costs no allocation
    /// per finding.
    pub(crate) fn add_lazily(
        &mut self,
        code: Code,
        location: std::fmt::Arguments<'_>,
        message: impl FnOnce() -> Message,
    ) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        // Writing to a String cannot fail.
        let _ = std::fmt::Write::write_fmt(&mut scratch, location);
        if self.admit(code, &scratch) {
            self.push(code, scratch.clone(), message());
        }
        self.scratch = scratch;
    }

    /// Whether a finding of `code` at `location` is to be listed: not when
    /// it was already reported, nor when its member's cap is reached (then
    /// it is counted in the member's summary).
    fn admit(&mut self, code: Code, location: &str) -> bool {
        if self.seen.get(&code).is_some_and(|s| s.contains(location)) {
            return false;
        }
        #[cfg(test)]
        let capped = !self.uncapped;
        #[cfg(not(test))]
        let capped = true;
        if let Some(member) = member_of(location).filter(|_| capped) {
            let tally = self
                .per_member
                .entry(code)
                .or_default()
                .entry_ref(member)
                .or_default();
            if tally.listed >= MAX_LISTED_PER_MEMBER {
                tally.unlisted += 1;
                if tally.summary.is_none() {
                    // Its message is written by `into_vec`, once the count is known.
                    tally.summary = Some(self.items.len());
                    let member = member.to_string();
                    self.seen.entry(code).or_default().insert(member.clone());
                    self.items.push(Finding {
                        code,
                        message: Message::from(String::new()),
                        location: member,
                    });
                }
                return false;
            }
            tally.listed += 1;
        }
        true
    }

    /// Lists a finding [`admit`](Self::admit) let through.
    fn push(&mut self, code: Code, location: String, message: Message) {
        self.seen.entry(code).or_default().insert(location.clone());
        self.items.push(Finding {
            code,
            message,
            location,
        });
    }

    /// Adds `later`'s findings after these, as if each had been added here
    /// (so a (code, location) reported in both stays once, the first).
    pub(crate) fn append(&mut self, later: Findings) {
        // `later`'s summaries of unlisted line findings carry their counts
        // over, as if those findings had been added here past the cap.
        let mut unlisted: HashMap<usize, u64> = HashMap::new();
        for tally in later.per_member.values().flat_map(Tallies::values) {
            if let Some(index) = tally.summary {
                unlisted.insert(index, tally.unlisted);
            }
        }
        for (index, f) in later.items.into_iter().enumerate() {
            match unlisted.get(&index) {
                Some(count) => self.count_unlisted(f.code, &f.location, *count),
                None => self.add(f.code, f.location, f.message),
            }
        }
    }

    /// Counts `count` findings of `code` at `member`'s lines as unlisted.
    fn count_unlisted(&mut self, code: Code, member: &str, count: u64) {
        let tally = self
            .per_member
            .entry(code)
            .or_default()
            .entry_ref(member)
            .or_default();
        tally.unlisted += count;
        if tally.summary.is_none() {
            tally.summary = Some(self.items.len());
            self.seen
                .entry(code)
                .or_default()
                .insert(member.to_string());
            self.items.push(Finding {
                code,
                message: Message::from(String::new()),
                location: member.to_string(),
            });
        }
    }

    /// Whether any finding has this code.
    pub(crate) fn has(&self, code: Code) -> bool {
        self.items.iter().any(|f| f.code == code)
    }

    /// Whether any finding has this effect.
    pub(crate) fn has_effect(&self, effect: Effect) -> bool {
        self.items.iter().any(|f| f.code.effect() == effect)
    }

    /// The findings so far.
    pub(crate) fn as_slice(&self) -> &[Finding] {
        &self.items
    }

    /// The findings, consumed, each member's summary of unlisted line
    /// findings with its count.
    pub(crate) fn into_vec(mut self) -> Vec<Finding> {
        for tally in self.per_member.values().flat_map(Tallies::values) {
            if let Some(summary) = tally.summary.and_then(|index| self.items.get_mut(index)) {
                summary.message = crate::messages::message!(
                    FindingsUnlisted,
                    count = tally.unlisted,
                    listed = MAX_LISTED_PER_MEMBER
                );
            }
        }
        self.items
    }
}

/// The member of a line- or pointer-level location (`steps.jsonl:7`,
/// `audit-witness.json#/entries/3`); `None` for a member-level one.
fn member_of(location: &str) -> Option<&str> {
    location
        .find([':', '#'])
        .map(|at| &location[..at])
        .filter(|member| !member.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appended_findings_keep_their_unlisted_count() {
        let mut later = Findings::new();
        for line in 1..=MAX_LISTED_PER_MEMBER + 5 {
            later.add(Code::StepsSchema, format!("steps.jsonl:{line}"), "bad");
        }
        let mut here = Findings::new();
        here.add(Code::JsonMalformed, "steps.jsonl:9999", "not JSON");
        here.append(later);
        let all = here.into_vec();
        let summary: Vec<&Finding> = all
            .iter()
            .filter(|f| f.code == Code::StepsSchema && f.location == "steps.jsonl")
            .collect();
        assert_eq!(summary.len(), 1);
        assert!(
            summary[0].message().starts_with("5 more"),
            "{}",
            summary[0].message()
        );
        let listed = all
            .iter()
            .filter(|f| f.code == Code::StepsSchema && f.location != "steps.jsonl")
            .count();
        assert_eq!(listed, MAX_LISTED_PER_MEMBER);
    }
    use std::collections::HashSet;

    #[test]
    fn code_strings_are_unique_and_round_trip() {
        let mut seen = HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "duplicate code {}", code);
            assert_eq!(code.as_str().parse::<Code>(), Ok(*code));
        }
        assert!("archive.unknown".parse::<Code>().is_err());
    }

    #[test]
    fn line_findings_past_the_cap_are_counted_at_the_member() {
        let mut f = Findings::new();
        let total = MAX_LISTED_PER_MEMBER + 250;
        for line in 1..=total {
            f.add(Code::JsonMalformed, format!("steps.jsonl:{line}"), "blank");
            f.add(Code::StepsSchema, format!("steps.jsonl:{line}"), "shape");
        }
        f.add(Code::JsonMalformed, "receipts.jsonl:1", "other member");
        let listed = |code, loc_prefix: &str| {
            f.as_slice()
                .iter()
                .filter(|x| x.code == code && x.location.starts_with(loc_prefix))
                .count()
        };
        // The first MAX are listed by line, the rest in one summary at the member.
        assert_eq!(
            listed(Code::JsonMalformed, "steps.jsonl:"),
            MAX_LISTED_PER_MEMBER
        );
        assert_eq!(
            listed(Code::StepsSchema, "steps.jsonl:"),
            MAX_LISTED_PER_MEMBER
        );
        let summary: Vec<&Finding> = f
            .as_slice()
            .iter()
            .filter(|x| x.location == "steps.jsonl")
            .collect();
        assert_eq!(summary.len(), 2);
        assert_eq!(listed(Code::JsonMalformed, "receipts.jsonl:"), 1);
        assert_eq!(f.as_slice().len(), 2 * MAX_LISTED_PER_MEMBER + 3);
        // A member-level location is never capped.
        assert_eq!(member_of("manifest.json"), None);
        assert_eq!(
            member_of("audit-witness.json#/entries/3"),
            Some("audit-witness.json")
        );
    }

    #[test]
    fn verdict_is_most_severe_effect() {
        let mut f = Findings::new();
        assert_eq!(Verdict::from_findings(f.as_slice()), Verdict::Complete);
        f.add(Code::StepsExempt, "steps.jsonl:6", "exempt");
        assert_eq!(Verdict::from_findings(f.as_slice()), Verdict::Complete);
        f.add(Code::SlaBreached, "manifest.json", "late");
        assert_eq!(Verdict::from_findings(f.as_slice()), Verdict::Late);
        f.add(Code::StepsPending, "steps.jsonl:6", "pending");
        assert_eq!(Verdict::from_findings(f.as_slice()), Verdict::Incomplete);
        f.add(Code::TrustKeyUnknown, "signature.sig", "unknown");
        assert_eq!(Verdict::from_findings(f.as_slice()), Verdict::Untrusted);
        f.add(Code::JsonMalformed, "request.json", "bad");
        assert_eq!(Verdict::from_findings(f.as_slice()), Verdict::Invalid);
        assert_eq!(Verdict::Invalid.exit_status(), 6);
    }

    #[test]
    fn a_verdict_without_positive_evidence_is_an_internal_error() {
        let pass = |code| Passed {
            code,
            message: String::new(),
        };
        let none = Policy::default();
        let all: Vec<Passed> = SuccessCode::REQUIRED.iter().map(|c| pass(*c)).collect();
        let mut f = Findings::new();
        // No finding, no evidence: never `complete`.
        let err = Verdict::from_evidence(f.as_slice(), &[], &none).unwrap_err();
        assert_eq!(err.verdict, Verdict::Complete);
        assert_eq!(err.missing, SuccessCode::REQUIRED);
        assert_eq!(
            Verdict::from_evidence(f.as_slice(), &all, &none),
            Ok(Verdict::Complete)
        );
        // One check absent is enough to refuse, for late and incomplete too.
        let partial = &all[..4];
        assert_eq!(
            Verdict::from_evidence(f.as_slice(), partial, &none)
                .unwrap_err()
                .missing,
            vec![SuccessCode::EntriesProved]
        );
        f.add(Code::StepsPending, "steps.jsonl:6", "pending");
        assert!(Verdict::from_evidence(f.as_slice(), partial, &none).is_err());
        // Untrusted and invalid need no positive evidence.
        f.add(Code::TrustNotConfigured, "signature.sig", "none");
        assert_eq!(
            Verdict::from_evidence(f.as_slice(), &[], &none),
            Ok(Verdict::Untrusted)
        );
    }

    #[test]
    fn a_policy_asks_for_its_own_positive_evidence() {
        let pass = |code| Passed {
            code,
            message: String::new(),
        };
        let all: Vec<Passed> = SuccessCode::REQUIRED.iter().map(|c| pass(*c)).collect();
        let f = Findings::new();
        let policy = Policy {
            witness_quorum: 2,
            sealed_signature: true,
            ..Policy::default()
        };
        let err = Verdict::from_evidence(f.as_slice(), &all, &policy).unwrap_err();
        assert_eq!(
            err.missing,
            [SuccessCode::WitnessQuorumMet, SuccessCode::SignatureSealed]
        );
        let mut with = all.clone();
        with.push(pass(SuccessCode::WitnessQuorumMet));
        with.push(pass(SuccessCode::SignatureSealed));
        assert_eq!(
            Verdict::from_evidence(f.as_slice(), &with, &policy),
            Ok(Verdict::Complete)
        );
        // The other two members ask for nothing more: their absence is not
        // always a finding (a breached deadline, a pack with no subprocessor).
        let policy = Policy {
            witnessed_deadline: true,
            signed_receipts: true,
            ..Policy::default()
        };
        assert_eq!(SuccessCode::required(&policy), SuccessCode::REQUIRED);
    }

    #[test]
    fn same_code_and_location_is_reported_once() {
        let mut f = Findings::new();
        f.add(Code::ReceiptsPending, "subprocessor-receipts.jsonl:2", "a");
        f.add(Code::ReceiptsPending, "subprocessor-receipts.jsonl:2", "b");
        f.add(Code::ReceiptsPending, "subprocessor-receipts.jsonl:3", "c");
        assert_eq!(f.as_slice().len(), 2);
    }
}
