//! Findings, their effects and the verdict (spec §12, §13).
//!
//! Every check of the verifier reports what it establishes as a [`Finding`]
//! carrying one [`Code`]. A code's string form and its [`Effect`] are the
//! spec's §12 table, kept here in one place; the verdict is derived from the
//! findings by [`Verdict::from_findings`] and is never a default.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The effect of a finding on the verdict (spec §12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Never changes the verdict.
    Warning,
    /// The erasure finished after the effective deadline.
    Late,
    /// The erasure is not complete.
    Incomplete,
    /// The signer or witness is not trusted for this claim.
    Untrusted,
    /// Malformed, tampered or self-contradictory.
    Invalid,
}

impl Effect {
    /// The spec's string form.
    pub fn as_str(self) -> &'static str {
        match self {
            Effect::Warning => "warning",
            Effect::Late => "late",
            Effect::Incomplete => "incomplete",
            Effect::Untrusted => "untrusted",
            Effect::Invalid => "invalid",
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $text:literal => $effect:ident, )*) => {
        /// A finding code of spec §12. Its string form is the spec's.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in the order of the spec's table.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code's string form, e.g. `archive.malformed`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $text,)* }
            }

            /// The code's effect on the verdict.
            pub fn effect(self) -> Effect {
                match self { $(Code::$variant => Effect::$effect,)* }
            }

            /// The code whose string form is `text`, if any.
            pub fn from_str_code(text: &str) -> Option<Code> {
                match text { $($text => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
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
    /// Completed at or after the effective deadline.
    SlaBreached = "sla.breached" => Late,
    /// `all_clear: false` while nothing is incomplete.
    ManifestAllClearUnderstated = "manifest.all_clear_understated" => Warning,
    /// The key was revoked after `signed_at`.
    TrustKeyRevokedLater = "trust.key_revoked_later" => Warning,
    /// A step is exempt under a documented legal basis.
    StepsExempt = "steps.exempt" => Warning,
    /// The probes share the cascade's code path.
    IndependenceSameCodePath = "independence.same_code_path" => Warning,
    /// A receipt for a subprocessor the manifest does not list.
    ReceiptsUnlisted = "receipts.unlisted" => Warning,
    /// The extension is invalid and ignored.
    SlaExtensionInvalid = "sla.extension_invalid" => Warning,
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Code::from_str_code(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown finding code {text:?}")))
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Code {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Code".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let codes: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        schemars::json_schema!({
            "description": "A finding code of spec §12.",
            "type": "string",
            "enum": codes,
        })
    }
}

/// One thing the verifier established about a pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Finding {
    /// The §12 code.
    pub code: Code,
    /// The code's effect (always `code.effect()`).
    pub effect: Effect,
    /// What a reviewer reads; not normative.
    pub message: String,
    /// Where: a member path, `path:line`, or `path#pointer`.
    pub location: String,
}

/// The verdict of spec §12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Authentic, trusted, erasure complete, on time.
    Complete,
    /// As complete, but after the effective deadline.
    Late,
    /// Authentic and trusted, but the erasure is not complete.
    Incomplete,
    /// Intact, but the signer or witness is not trusted for this claim.
    Untrusted,
    /// Malformed, tampered, or self-contradictory.
    Invalid,
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

    /// The spec's string form.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Complete => "complete",
            Verdict::Late => "late",
            Verdict::Incomplete => "incomplete",
            Verdict::Untrusted => "untrusted",
            Verdict::Invalid => "invalid",
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
        match self {
            Verdict::Complete => "✓",
            Verdict::Late => "⌛",
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

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A check that passed: positive evidence, kept beside the findings (as
/// c2pa-rs keeps success codes beside failure codes). `complete`, `late` and
/// `incomplete` need every one of [`SuccessCode::REQUIRED`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SuccessCode {
    /// §1: the archive was read to its end-of-archive marker, within limits.
    ArchiveRead,
    /// §2: every file the manifest lists is present with its SHA-256 and size.
    FilesHashed,
    /// §3, §4: the signature verified with a key trusted for the signer at
    /// `signed_at`.
    SignatureTrusted,
    /// §10: both checkpoints verified with the log's key, and the
    /// consistency proof between them.
    CheckpointsVerified,
    /// §10: every entry's inclusion proof verified in the after-tree.
    EntriesProved,
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

    /// The code's string form (this project's, not the spec's).
    pub fn as_str(self) -> &'static str {
        match self {
            SuccessCode::ArchiveRead => "archive.read",
            SuccessCode::FilesHashed => "manifest.files_hashed",
            SuccessCode::SignatureTrusted => "signature.trusted",
            SuccessCode::CheckpointsVerified => "audit.checkpoints_verified",
            SuccessCode::EntriesProved => "audit.entries_proved",
        }
    }
}

impl fmt::Display for SuccessCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for SuccessCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for SuccessCode {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SuccessCode".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let codes: Vec<&str> = SuccessCode::REQUIRED.iter().map(|c| c.as_str()).collect();
        schemars::json_schema!({
            "description": "A check that passed.",
            "type": "string",
            "enum": codes,
        })
    }
}

/// One check that passed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Passed {
    /// What passed.
    pub code: SuccessCode,
    /// What it established; not normative.
    pub message: String,
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
    /// `incomplete` unless every check of [`SuccessCode::REQUIRED`] passed.
    pub fn from_evidence(
        findings: &[Finding],
        passed: &[Passed],
    ) -> Result<Verdict, MissingEvidence> {
        let verdict = Verdict::from_findings(findings);
        if matches!(verdict, Verdict::Untrusted | Verdict::Invalid) {
            return Ok(verdict);
        }
        let missing: Vec<SuccessCode> = SuccessCode::REQUIRED
            .iter()
            .copied()
            .filter(|code| !passed.iter().any(|p| p.code == *code))
            .collect();
        if missing.is_empty() {
            Ok(verdict)
        } else {
            Err(MissingEvidence { verdict, missing })
        }
    }
}

/// Collects findings, once per distinct (code, location) as §13 asks.
#[derive(Debug, Default, Clone)]
pub struct Findings {
    items: Vec<Finding>,
    // (code, location) pairs already reported: a set, so that a pack with a
    // million bad lines costs linear time, not quadratic.
    seen: std::collections::HashSet<(Code, String)>,
}

impl Findings {
    /// An empty collection.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a finding unless the same code was already reported at the same location.
    pub fn add(&mut self, code: Code, location: impl Into<String>, message: impl Into<String>) {
        let location = location.into();
        if !self.seen.insert((code, location.clone())) {
            return;
        }
        self.items.push(Finding {
            code,
            effect: code.effect(),
            message: message.into(),
            location,
        });
    }

    /// Adds `later`'s findings after these, as if each had been added here
    /// (so a (code, location) reported in both stays once, the first).
    pub fn append(&mut self, later: Findings) {
        for f in later.items {
            self.add(f.code, f.location, f.message);
        }
    }

    /// Whether any finding has this code.
    pub fn has(&self, code: Code) -> bool {
        self.items.iter().any(|f| f.code == code)
    }

    /// Whether any finding has this effect.
    pub fn has_effect(&self, effect: Effect) -> bool {
        self.items.iter().any(|f| f.code.effect() == effect)
    }

    /// The findings so far.
    pub fn as_slice(&self) -> &[Finding] {
        &self.items
    }

    /// The findings, consumed.
    pub fn into_vec(self) -> Vec<Finding> {
        self.items
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn code_strings_are_unique_and_round_trip() {
        let mut seen = HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "duplicate code {}", code);
            assert_eq!(Code::from_str_code(code.as_str()), Some(*code));
        }
        assert_eq!(Code::from_str_code("archive.unknown"), None);
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
        let all: Vec<Passed> = SuccessCode::REQUIRED.iter().map(|c| pass(*c)).collect();
        let mut f = Findings::new();
        // No finding, no evidence: never `complete`.
        let err = Verdict::from_evidence(f.as_slice(), &[]).unwrap_err();
        assert_eq!(err.verdict, Verdict::Complete);
        assert_eq!(err.missing, SuccessCode::REQUIRED);
        assert_eq!(
            Verdict::from_evidence(f.as_slice(), &all),
            Ok(Verdict::Complete)
        );
        // One check absent is enough to refuse, for late and incomplete too.
        let partial = &all[..4];
        assert_eq!(
            Verdict::from_evidence(f.as_slice(), partial)
                .unwrap_err()
                .missing,
            vec![SuccessCode::EntriesProved]
        );
        f.add(Code::StepsPending, "steps.jsonl:6", "pending");
        assert!(Verdict::from_evidence(f.as_slice(), partial).is_err());
        // Untrusted and invalid need no positive evidence.
        f.add(Code::TrustNotConfigured, "signature.sig", "none");
        assert_eq!(
            Verdict::from_evidence(f.as_slice(), &[]),
            Ok(Verdict::Untrusted)
        );
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
