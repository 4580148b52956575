//! The report (spec §13): the verifier's machine-readable output, and the
//! IPC contract of the desktop app. `format`, `verdict` and each finding's
//! `code` and `effect` are normative; the rest is what a reviewer needs.
//!
//! Every type the report serialises lives here, apart from the internal
//! records the sections parse: a change to a section's parsing cannot change
//! the contract by accident.

use crate::findings::{Finding, MissingEvidence, Passed, Verdict};
pub use crate::register_facts::{CheckpointFact, OpenItem, ProvedEntries, RegisterFacts, SealFact};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{
    BackupState, Channel, LegalBasis, ModelAction, ReceiptStatus, ReverseIndex, Step, StepStatus,
};
use serde::Serialize;

pub use proofpack_spec::vocab::REPORT_FORMAT;

/// The verifier's report on one pack.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Report {
    /// Always [`REPORT_FORMAT`].
    format: &'static str,
    /// Derived from `findings`, and only reached with the positive evidence
    /// in `passed` (§12).
    verdict: Verdict,
    /// True when the verdict is `invalid`: what the tables show is then the
    /// pack's unverified claims, not established facts.
    claims_unverified: bool,
    /// Every finding established, once per (code, location).
    findings: Vec<Finding>,
    /// The checks that passed: the positive evidence behind a verdict of
    /// `complete`, `late` or `incomplete`.
    passed: Vec<Passed>,
    /// The pack's identity.
    pack: PackInfo,
    /// One row per tier of the cascade.
    tiers: Vec<TierRow>,
    /// The SLA timeline (§6).
    sla: Timeline,
    /// The subprocessor receipts (§9).
    receipts: Vec<ReceiptRow>,
    /// The audit witness (§10).
    audit: AuditSummary,
    /// The seal of the signature (§22); `null` when `signature.sig` has none.
    seal: Option<SealSummary>,
    /// The provenance graph (§11).
    provenance: ProvenanceSummary,
    /// Every member of the archive, in archive order.
    members: Vec<MemberInfo>,
    /// How this report was made. The only part that varies between runs on
    /// the same pack, trust store and limits; everything else is
    /// deterministic, byte for byte.
    meta: Meta,
    /// What a register (§19) needs beyond the §13 report; not serialised.
    #[serde(skip)]
    facts: RegisterFacts,
}

/// How a report was made (volatile: excluded from determinism).
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct Meta {
    /// The verifier and its version, e.g. `proofpack-core 0.1.0`.
    pub verifier: String,
    /// When the verification ran (RFC 3339, UTC).
    pub verified_at: Option<String>,
    /// The input's name as the caller gave it (a path, or `-` for stdin).
    pub input: Option<String>,
    /// The trust store used, if any.
    pub trust_store: Option<TrustStoreInfo>,
}

impl Meta {
    /// The verifier's name and version, the current time, the input's name
    /// and the trust store's identity.
    pub(crate) fn now(input: &str, trust_store: Option<TrustStoreInfo>) -> Meta {
        Meta {
            verifier: format!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")),
            verified_at: Some(Timestamp::now().raw().to_owned()),
            input: Some(input.to_owned()),
            trust_store,
        }
    }
}

/// The identity of a trust store ([`TrustStore::identity`](crate::TrustStore::identity)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct TrustStoreInfo {
    /// The store's path as the caller gave it.
    pub path: Option<String>,
    /// SHA-256 of the store's bytes, lowercase hex.
    pub sha256: String,
    /// How many keys it holds.
    pub keys: usize,
    /// Its policy (§4), every member at its value or its default.
    pub policy: Policy,
}

/// The verifier's policy (§4): what it asks beyond the checks every pack
/// gets. It is the verifier's choice, never the pack's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Policy {
    /// How many distinct witnesses must cosign `checkpoint_after` (§15).
    pub witness_quorum: u64,
    /// Whether a subprocessor's erasure needs its own signed receipt (§16).
    pub signed_receipts: bool,
    /// Whether a completion on time must be corroborated by a witnessed
    /// time before the effective deadline (§21).
    pub witnessed_deadline: bool,
    /// Whether the pack signature must be sealed (§22).
    pub sealed_signature: bool,
}

proofpack_spec::spec_names! {
    /// Whether the manifest's `files` lists a member (§2).
    pub enum Listing {
        /// `files` has an entry with this path.
        Listed = "listed",
        /// `files` has no entry with this path (`manifest.unlisted_member`).
        Unlisted = "unlisted",
        /// `manifest.json` or `signature.sig`, which `files` must not list (§2).
        NotListedByDesign = "not_listed_by_design",
        /// The manifest is absent, or its `files` could not be read entry by entry.
        Unknown = "unknown",
    }
}

proofpack_spec::spec_names! {
    /// What a receipt's attestation established (§16).
    pub enum AttestationState {
        /// A counting signature verified and the statement matches.
        Verified = "verified",
        /// Well-formed, but no signature is by a key the store trusts for
        /// this subprocessor (`receipts.attestation_unverified`).
        Unverified = "unverified",
        /// Not a well-formed envelope or statement, or a counting signature
        /// failed (`receipts.attestation_invalid`, `json.malformed`,
        /// `receipts.schema`).
        Invalid = "invalid",
        /// The signed statement says something else than the receipt or the
        /// manifest (`receipts.attestation_mismatch`).
        Mismatch = "mismatch",
        /// The receipt names no attestation.
        Absent = "absent",
    }
}

/// One regular member of the archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct MemberInfo {
    /// Path inside the archive (pack text: print it through
    /// [`Untrusted`](proofpack_spec::text::Untrusted)).
    pub path: String,
    /// Content length in bytes.
    pub size: u64,
    /// SHA-256 of the content, lowercase hex.
    pub sha256: String,
    /// Whether the manifest's `files` lists it.
    pub listing: Listing,
}

#[cfg(feature = "schema")]
/// The JSON Schema of [`Report`], the contract of `--json` and of the
/// desktop app (committed as `docs/report.schema.json`).
pub fn report_schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Report)).unwrap_or_default()
}

/// Every part of a [`Report`] but its verdict, writable: the render fuzz
/// target puts hostile text in each field a pack or a trust store fills.
#[cfg(feature = "fuzzing")]
#[derive(Debug)]
pub struct ReportMut<'a> {
    /// Each finding's message and location.
    pub findings: Vec<(&'a mut String, &'a mut String)>,
    /// The pack's identity.
    pub pack: &'a mut PackInfo,
    /// The tiers.
    pub tiers: &'a mut Vec<TierRow>,
    /// The SLA timeline.
    pub sla: &'a mut Timeline,
    /// The receipts.
    pub receipts: &'a mut Vec<ReceiptRow>,
    /// The audit witness.
    pub audit: &'a mut AuditSummary,
    /// The seal.
    pub seal: &'a mut Option<SealSummary>,
    /// The provenance graph.
    pub provenance: &'a mut ProvenanceSummary,
    /// The members.
    pub members: &'a mut Vec<MemberInfo>,
    /// How the report was made.
    pub meta: &'a mut Meta,
}

/// What the checks established about a pack besides its findings: the
/// sections of a [`Report`], before its verdict is derived.
#[derive(Debug, Default)]
pub(crate) struct Sections {
    pub(crate) pack: PackInfo,
    pub(crate) tiers: Vec<TierRow>,
    pub(crate) sla: Timeline,
    pub(crate) receipts: Vec<ReceiptRow>,
    pub(crate) audit: AuditSummary,
    pub(crate) seal: Option<SealSummary>,
    pub(crate) provenance: ProvenanceSummary,
    pub(crate) members: Vec<MemberInfo>,
    pub(crate) facts: RegisterFacts,
}

impl Report {
    /// The report of these findings and passed checks: its verdict is
    /// derived from them here (§12), and never assigned elsewhere.
    pub(crate) fn conclude(
        findings: Vec<Finding>,
        passed: Vec<Passed>,
        sections: Sections,
        meta: Meta,
    ) -> Result<Report, MissingEvidence> {
        let policy = meta
            .trust_store
            .as_ref()
            .map(|store| store.policy)
            .unwrap_or_default();
        let verdict = Verdict::from_evidence(&findings, &passed, &policy)?;
        Ok(Report {
            format: REPORT_FORMAT,
            verdict,
            claims_unverified: verdict == Verdict::Invalid,
            findings,
            passed,
            pack: sections.pack,
            tiers: sections.tiers,
            sla: sections.sla,
            receipts: sections.receipts,
            audit: sections.audit,
            seal: sections.seal,
            provenance: sections.provenance,
            members: sections.members,
            meta,
            facts: sections.facts,
        })
    }

    /// Always [`REPORT_FORMAT`].
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// Derived from `findings`, and only reached with the positive evidence
    /// in `passed` (§12).
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// True when the verdict is `invalid`: what the tables show is then the
    /// pack's unverified claims, not established facts.
    pub fn claims_unverified(&self) -> bool {
        self.claims_unverified
    }

    /// Every finding established, once per (code, location).
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The checks that passed: the positive evidence behind a verdict of
    /// `complete`, `late` or `incomplete`.
    pub fn passed(&self) -> &[Passed] {
        &self.passed
    }

    /// The pack's identity.
    pub fn pack(&self) -> &PackInfo {
        &self.pack
    }

    /// One row per tier of the cascade.
    pub fn tiers(&self) -> &[TierRow] {
        &self.tiers
    }

    /// The SLA timeline (§6).
    pub fn sla(&self) -> &Timeline {
        &self.sla
    }

    /// The subprocessor receipts (§9).
    pub fn receipts(&self) -> &[ReceiptRow] {
        &self.receipts
    }

    /// The audit witness (§10).
    pub fn audit(&self) -> &AuditSummary {
        &self.audit
    }

    /// The seal of the signature (§22), when `signature.sig` has one.
    pub fn seal(&self) -> Option<&SealSummary> {
        self.seal.as_ref()
    }

    /// The provenance graph (§11).
    pub fn provenance(&self) -> &ProvenanceSummary {
        &self.provenance
    }

    /// Every member of the archive, in archive order.
    pub fn members(&self) -> &[MemberInfo] {
        &self.members
    }

    /// How this report was made. The only part that varies between runs on
    /// the same pack, trust store and limits; everything else is
    /// deterministic, byte for byte.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The same report, its `meta.verifier` naming `verifier`: a build of
    /// the verifier that is a program of its own (the browser's
    /// `proofpack-web 0.1.0`) says so. Only `meta` changes.
    #[must_use]
    pub fn verified_by(mut self, verifier: String) -> Report {
        self.meta.verifier = verifier;
        self
    }

    /// What a register (§19) needs of this pack beyond the §13 report: the
    /// checkpoints read, the entries proved included, the open items.
    pub fn register_facts(&self) -> &RegisterFacts {
        &self.facts
    }

    /// Every part of the report but its verdict, writable (fuzzing only).
    #[cfg(feature = "fuzzing")]
    pub(crate) fn parts_mut(&mut self) -> ReportMut<'_> {
        ReportMut {
            findings: self.findings.iter_mut().map(Finding::text_mut).collect(),
            pack: &mut self.pack,
            tiers: &mut self.tiers,
            sla: &mut self.sla,
            receipts: &mut self.receipts,
            audit: &mut self.audit,
            seal: &mut self.seal,
            provenance: &mut self.provenance,
            members: &mut self.members,
            meta: &mut self.meta,
        }
    }

    /// The §12 exit status of the verdict.
    pub fn exit_status(&self) -> i32 {
        self.verdict.exit_status()
    }
}

/// Identity of the pack.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct PackInfo {
    /// SHA-256 of `proof.tar.gz`, lowercase hex.
    pub sha256: String,
    /// Size of `proof.tar.gz` in bytes.
    pub size: u64,
    /// `pack_id`
    pub pack_id: Option<String>,
    /// `request_id`
    pub request_id: Option<String>,
    /// `tenant_id`
    pub tenant_id: Option<String>,
    /// `legal_basis`
    pub legal_basis: Option<LegalBasis>,
    /// `signer`
    pub signer: Option<String>,
    /// `cascade_runner`
    pub cascade_runner: Option<String>,
    /// `signature_key_id`
    pub signature_key_id: Option<String>,
    /// `signed_at`
    pub signed_at: Option<String>,
    /// `subject_id` (a pseudonym when §2 holds).
    pub subject_id: Option<String>,
    /// `received_at`
    pub received_at: Option<String>,
    /// `completed_at`
    pub completed_at: Option<String>,
    /// The signer's `all_clear` claim.
    pub all_clear_claimed: Option<bool>,
    /// `all_clear` as the verifier recomputes it: no finding of effect
    /// `incomplete` (§12).
    pub all_clear_recomputed: bool,
    /// The manifest's `subprocessors`.
    pub subprocessors: Vec<String>,
    /// Whether the signature verified with a trust-store key.
    pub signature_verified: bool,
    /// Fingerprint of the trust-store key named by `signature_key_id`
    /// (`SHA256:` and the hex SHA-256 of its 32 bytes), when the store holds it.
    pub signer_key_fingerprint: Option<String>,
    /// Owner of that key in the trust store.
    pub signer_key_owner: Option<String>,
    /// Members in the archive.
    pub member_count: usize,
    /// The text of `attestation.txt`, when it is UTF-8. Shown escaped: it
    /// is the signer's text.
    pub attestation: Option<String>,
    /// `verification.json` `code_ref`: the code the independent probes ran.
    pub probes_code_ref: Option<String>,
    /// `verification.json` `verified_at`.
    pub probes_verified_at: Option<String>,
    /// The earlier pack this one replaces (§2 `supersedes`, §18).
    pub supersedes: Option<SupersededPack>,
}

/// The earlier pack a follow-up pack names (§18).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct SupersededPack {
    /// Its `pack_id`.
    pub pack_id: String,
    /// The SHA-256 of its whole file, lowercase hex.
    pub sha256: String,
}

/// One tier of the cascade.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct TierRow {
    /// The step.
    pub tier: Step,
    /// Whether the request asked for it (always true for `subprocessor` and `audit_log`).
    pub requested: bool,
    /// The step's status, if a record with a readable status exists.
    pub status: Option<StepStatus>,
    /// `before_count`
    pub before_count: Option<u64>,
    /// `after_count`
    pub after_count: Option<u64>,
    /// The probe's residue (or unredacted PII count for `audit_log`).
    pub residue: Option<u64>,
    /// `code_ref` of the step.
    pub code_ref: Option<String>,
    /// What the status carries: the error of a failure, when a pending item
    /// is due, when a deferral expires, the exemption relied on.
    pub status_detail: Option<StatusEvidence>,
    /// The tier evidence of the record's `output`.
    pub evidence: TierEvidenceRow,
}

/// What a step's status carries (§7).
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct StatusEvidence {
    /// `error` of a failed step.
    pub error: Option<String>,
    /// `exception_id` of a failed step.
    pub exception_id: Option<String>,
    /// `due_at` of a pending step.
    pub due_at: Option<String>,
    /// `expires_at` of a deferred step.
    pub expires_at: Option<String>,
    /// The exemption of an exempt step.
    pub exemption: Option<ExemptionRow>,
}

/// An exemption under a documented legal basis.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct ExemptionRow {
    /// The provision relied on, e.g. `GDPR Art. 17(3)(b)`.
    pub legal_basis: String,
    /// Why it applies.
    pub justification: String,
}

/// The tier evidence of a step's `output` (§7), as far as it was given.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct TierEvidenceRow {
    /// `episodic`: `replication_lag_drained`.
    pub replication_lag_drained: Option<bool>,
    /// `vectors`: `purge`, as written.
    pub purge: Option<String>,
    /// `fine_tune`: the affected model releases.
    pub models: Option<Vec<ModelRow>>,
    /// The tier's backups (§17), the well-formed ones.
    pub backups: Vec<BackupRow>,
}

/// One backup of a tier (§17).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct BackupRow {
    /// `location`: the backup as the controller names it.
    pub location: String,
    /// `state`
    pub state: BackupState,
    /// `retention_until`, for a backup beyond use.
    pub retention_until: Option<String>,
    /// `restore_suppression`, for a backup beyond use.
    pub restore_suppression: Option<bool>,
}

/// One affected model release (§7 `fine_tune`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct ModelRow {
    /// `model_id`
    pub model_id: Option<String>,
    /// `action`, when a known one.
    pub action: Option<ModelAction>,
    /// Whether the entry holds what its action needs.
    pub complete: bool,
}

/// One receipt, with whether it erases its subprocessor.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct ReceiptRow {
    /// 1-based line in `subprocessor-receipts.jsonl`.
    pub line: usize,
    /// `subprocessor`
    pub subprocessor: String,
    /// `channel`
    pub channel: Option<Channel>,
    /// `ticket_id`
    pub ticket_id: Option<String>,
    /// `status`
    pub status: Option<ReceiptStatus>,
    /// `requested_at`
    pub requested_at: Option<String>,
    /// `confirmed_at` or `due_at`, where the status needs one.
    pub status_at: Option<String>,
    /// `endpoint`
    pub endpoint: Option<String>,
    /// Whether the subprocessor counts as erased.
    pub subprocessor_erased: bool,
    /// Its attestation (§16).
    pub attestation: AttestationState,
}

/// The SLA timeline of a pack, for the report.
#[derive(Debug, Clone, Serialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct Timeline {
    /// `received_at`
    pub received_at: Option<String>,
    /// End of the first period.
    pub base_deadline: Option<String>,
    /// End of the whole extended period, where the basis allows one.
    pub max_deadline: Option<String>,
    /// The statutory deadline in force.
    pub statutory_deadline: Option<String>,
    /// The declared deadline: `sla_deadline`, or a valid `extended_to`.
    pub declared_deadline: Option<String>,
    /// The earlier of declared and statutory.
    pub effective_deadline: Option<String>,
    /// Whether a valid extension applies.
    pub extension_applied: bool,
    /// Which rule of §6 applied, in words (basis, period, extension).
    pub rule: Option<String>,
    /// `completed_at`
    pub completed_at: Option<String>,
    /// Seconds from `completed_at` to the effective deadline (negative when late).
    pub margin_seconds: Option<i64>,
    /// The witnessed time (§21): the `witness_k`-th smallest of the distinct
    /// counting witnesses' earliest cosignature times on `checkpoint_after`
    /// (RFC 3339, UTC); `null` with fewer witnesses.
    pub witnessed_at: Option<String>,
    /// k of §21: `max(1, witness_quorum)`.
    pub witness_k: u64,
}

/// What the report shows of the witness.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct AuditSummary {
    /// `log_origin`
    pub log_origin: Option<String>,
    /// Tree size of `checkpoint_before`.
    pub tree_size_before: Option<u64>,
    /// Tree size of `checkpoint_after`.
    pub tree_size_after: Option<u64>,
    /// Whether both checkpoints verified against the trust store.
    pub checkpoints_verified: bool,
    /// Whether the consistency proof verified.
    pub consistency_verified: bool,
    /// Entries in the witness.
    pub entries: usize,
    /// Entries whose inclusion proof verified.
    pub entries_proved: usize,
    /// Disclosures carried.
    pub disclosures: usize,
    /// Unredacted PII fields counted (§10), when the witness could be read.
    pub pii_disclosed: Option<u64>,
    /// Redaction records.
    pub redactions: usize,
    /// The witnesses' cosignatures of both checkpoints (§15).
    pub cosignatures: Vec<CosignatureRow>,
    /// Distinct witnesses counting on `checkpoint_after` (§15).
    pub witnesses_counted: usize,
    /// The policy's `witness_quorum` (§4), 0 without a trust store.
    pub witness_quorum: u64,
}

/// What the report shows of a seal (§22).
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct SealSummary {
    /// The tree size of the seal's checkpoint, when it parses.
    pub checkpoint_size: Option<u64>,
    /// The `index` of the seal's entry, when readable.
    pub entry_index: Option<u64>,
    /// The witnesses' cosignatures on the seal's checkpoint (their
    /// `checkpoint` is `seal`).
    pub cosignatures: Vec<CosignatureRow>,
    /// Whether the seal holds: checks 2 to 5 made in full and passed, and no
    /// finding of effect `invalid` in it.
    pub holds: bool,
    /// The sealed time (RFC 3339, UTC): by then `k` witnesses had seen this
    /// signature logged; `null` when the seal does not hold or fewer than
    /// `k` witnesses count on it (k as `sla.witness_k`).
    pub sealed_time: Option<String>,
}

/// One witness cosignature of a checkpoint (§15), or of a seal's (§22).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct CosignatureRow {
    /// `checkpoint_before` or `checkpoint_after`, or `seal` for the seal's
    /// checkpoint.
    pub checkpoint: String,
    /// The witness key's `key_id`.
    pub witness: String,
    /// The witness key's `owner`.
    pub owner: String,
    /// When the witness cosigned, in its own word (RFC 3339, UTC), when
    /// the cosignature could be read and its time is a date.
    pub time: Option<String>,
    /// Whether it counts: towards the quorum (§15), the witnessed time
    /// (§21) or the sealed time (§22).
    pub counted: bool,
    /// Why it does not count.
    pub not_counted: Option<NotCounted>,
}

proofpack_spec::spec_names! {
    /// Why a witness cosignature does not count (§15, §22).
    pub enum NotCounted {
        /// Not a valid cosignature (`audit.cosignature_invalid`).
        Invalid = "invalid",
        /// Made after the manifest's `signed_at` (`time.out_of_order`).
        AfterSignedAt = "after_signed_at",
        /// On the seal's checkpoint, made before the manifest's `signed_at`
        /// (`time.out_of_order`, §22).
        BeforeSignedAt = "before_signed_at",
        /// Made outside the witness key's validity, or after its revocation.
        OutsideKeyWindow = "outside_key_window",
        /// By a key the audit log or the DPO also holds: a log cannot
        /// witness itself.
        LogOrDpoKey = "log_or_dpo_key",
        /// By a witness already counted (the same key or the same owner).
        SameWitness = "same_witness",
    }
}

/// What the report shows of the graph.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct ProvenanceSummary {
    /// Whether `provenance.jsonl` is in the pack.
    pub present: bool,
    /// `graph_version` of the header.
    pub graph_version: Option<String>,
    /// `reverse_index` of the header.
    pub reverse_index: Option<ReverseIndex>,
    /// Registered scopes.
    pub scopes: usize,
    /// Tombstones.
    pub tombstones: usize,
    /// Artefacts.
    pub artifacts: usize,
    /// Artefacts reachable from a tombstone.
    pub reachable: usize,
    /// Of those, still live.
    pub live: usize,
    /// Of those, expiring (deferred).
    pub expiring: usize,
    /// Open obligations.
    pub obligations: usize,
    /// A bounded view of the graph, for drawing.
    pub view: Option<GraphView>,
    /// One row per artefact, in line order, at most 100,000
    /// (`MAX_ARTIFACT_ROWS`): past that, those reachable from a tombstone
    /// are kept first.
    pub artifact_rows: Vec<ArtifactRow>,
    /// How many artefacts have no row (past the cap).
    pub artifact_rows_omitted: usize,
}

/// How many artefact rows a report holds at most: a table for a person, and
/// a report whose size does not grow with a graph of millions of records
/// (as findings are capped per member). The rest are counted.
pub const MAX_ARTIFACT_ROWS: usize = 100_000;

/// One artefact of the provenance graph (§11).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct ArtifactRow {
    /// 1-based line in `provenance.jsonl`.
    pub line: usize,
    /// `scope`
    pub scope: String,
    /// `key`
    pub key: String,
    /// `state`
    pub state: proofpack_spec::vocab::ArtifactState,
    /// `expires_at` of an expiring artefact.
    pub expires_at: Option<String>,
    /// How many nodes it is `derived_from`.
    pub sources: usize,
    /// Whether it is reachable from a tombstone (derived from erased data).
    pub reachable: bool,
}

/// A bounded view of the provenance graph, for drawing (§11).
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct GraphView {
    /// The nodes shown.
    pub nodes: Vec<ViewNode>,
    /// Edges into `nodes`, drawn left to right: `derived_from` edges (source,
    /// artefact) and obligation edges (target, obligation).
    pub edges: Vec<(usize, usize)>,
    /// How many records the view leaves out.
    pub omitted: usize,
}

/// What a node of the view is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ViewKind {
    /// An erased source.
    Tombstone,
    /// A derived artefact.
    Artifact,
    /// An open obligation, drawn at its target.
    Obligation,
}

/// One node of the view.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct ViewNode {
    /// What it is.
    pub kind: ViewKind,
    /// Its scope (an obligation's: its target's).
    pub scope: String,
    /// Its key.
    pub key: String,
    /// An artefact's state.
    pub state: Option<proofpack_spec::vocab::ArtifactState>,
    /// Whether an artefact is reachable from a tombstone.
    pub reachable: bool,
    /// Column: 0 for tombstones, then one more than the deepest source.
    pub depth: usize,
    /// An expiring artefact's or an obligation's `expires_at`.
    pub expires_at: Option<String>,
}

/// A line of batch output (`verify --json` with several packs, JSON Lines)
/// other than a report: a skipped file, a pack that could not be read, and
/// the closing summary.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum BatchLine {
    /// A directory entry that is not a pack.
    Skipped {
        /// The entry.
        path: String,
        /// Why it was skipped.
        reason: String,
    },
    /// A pack that could not be read (exit status 1).
    Error {
        /// The file.
        path: String,
        /// What went wrong.
        error: String,
    },
    /// The last line.
    Summary {
        /// The counts.
        summary: BatchSummary,
    },
}

/// The closing line of a batch.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(not(feature = "fuzzing"), non_exhaustive)]
pub struct BatchSummary {
    /// Packs verified or attempted.
    pub packs: usize,
    /// Directory entries skipped.
    pub skipped: usize,
    /// Packs per verdict, and `error` for packs that could not be read.
    pub verdicts: std::collections::BTreeMap<String, usize>,
    /// The exit status: the highest of all.
    pub exit: i32,
}

impl BatchLine {
    /// The summary line.
    pub fn summary(
        packs: usize,
        skipped: usize,
        verdicts: std::collections::BTreeMap<String, usize>,
        exit: i32,
    ) -> BatchLine {
        BatchLine::Summary {
            summary: BatchSummary {
                packs,
                skipped,
                verdicts,
                exit,
            },
        }
    }
}

#[cfg(feature = "schema")]
/// The JSON Schema of one line of batch output: a [`Report`] or a
/// [`BatchLine`] (committed as `docs/batch-line.schema.json`).
pub fn batch_line_schema() -> serde_json::Value {
    #[derive(Serialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    #[serde(untagged)]
    #[allow(dead_code)]
    enum Line {
        Report(Box<Report>),
        Other(BatchLine),
    }
    serde_json::to_value(schemars::schema_for!(Line)).unwrap_or_default()
}
