//! The report (spec §13): the verifier's machine-readable output, and the
//! IPC contract of the desktop app. `format`, `verdict` and each finding's
//! `code` and `effect` are normative; the rest is what a reviewer needs.
//!
//! Every type the report serialises lives here, apart from the internal
//! records the sections parse: a change to a section's parsing cannot change
//! the contract by accident.

use crate::findings::{Finding, Passed, Verdict};
use crate::receipts::ReceiptRecord;
use crate::steps::StepRecord;
use crate::vocab::{
    Channel, DataClass, LegalBasis, Probe, ReceiptStatus, ReverseIndex, Step, StepStatus,
};
use serde::Serialize;

pub use crate::vocab::REPORT_FORMAT;

/// The verifier's report on one pack.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Report {
    /// Always [`REPORT_FORMAT`].
    pub format: &'static str,
    /// Derived from `findings`, and only reached with the positive evidence
    /// in `passed` (§12).
    pub verdict: Verdict,
    /// Every finding established, once per (code, location).
    pub findings: Vec<Finding>,
    /// The checks that passed: the positive evidence behind a verdict of
    /// `complete`, `late` or `incomplete`.
    pub passed: Vec<Passed>,
    /// The pack's identity.
    pub pack: PackInfo,
    /// One row per tier of the cascade.
    pub tiers: Vec<TierRow>,
    /// The SLA timeline (§6).
    pub sla: Timeline,
    /// The subprocessor receipts (§9).
    pub receipts: Vec<ReceiptRow>,
    /// The audit witness (§10).
    pub audit: AuditSummary,
    /// The provenance graph (§11).
    pub provenance: ProvenanceSummary,
}

#[cfg(feature = "schema")]
/// The JSON Schema of [`Report`], the contract of `--json` and of the
/// desktop app (committed as `docs/report.schema.json`).
pub fn report_schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Report)).unwrap_or_default()
}

impl Report {
    /// The §12 exit status of the verdict.
    pub fn exit_status(&self) -> i32 {
        self.verdict.exit_status()
    }
}

/// Identity of the pack.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PackInfo {
    /// The file, where the caller named one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
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
    /// The signer's `all_clear` claim.
    pub all_clear_claimed: Option<bool>,
    /// Whether the signature verified with a trust-store key.
    pub signature_verified: bool,
    /// Members in the archive.
    pub members: usize,
}

/// One tier of the cascade.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
}

impl TierRow {
    /// The nine rows of the cascade, from the request, the step records and
    /// the probes' counts.
    pub fn rows(
        data_classes: &[DataClass],
        steps: &[StepRecord],
        residue: impl Fn(Probe) -> Option<u64>,
        pii: Option<u64>,
    ) -> Vec<TierRow> {
        Step::ALL
            .iter()
            .map(|&tier| {
                let record = steps.iter().find(|s| s.step == tier);
                let probe = match tier.data_class() {
                    Some(class) => Some(class.probe()),
                    None if tier == Step::Subprocessor => Some(Probe::Subprocessor),
                    None => None,
                };
                TierRow {
                    tier,
                    requested: Step::ALWAYS_REQUIRED.contains(&tier)
                        || data_classes.iter().any(|c| c.step() == tier),
                    status: record.and_then(|s| s.status),
                    before_count: record.and_then(|s| s.before_count),
                    after_count: record.and_then(|s| s.after_count),
                    residue: match probe {
                        Some(p) => residue(p),
                        None => residue(Probe::AuditLogRedacted).or(pii),
                    },
                }
            })
            .collect()
    }
}

/// One receipt, with whether it erases its subprocessor.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
}

impl ReceiptRow {
    /// The rows of the receipts, with the §9 erasure rule applied.
    pub fn rows(receipts: &[ReceiptRecord]) -> Vec<ReceiptRow> {
        let erased = crate::receipts::erased_subprocessors(receipts);
        let raw = |t: &Option<crate::timestamp::Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
        receipts
            .iter()
            .map(|r| ReceiptRow {
                line: r.line,
                subprocessor: r.subprocessor.clone(),
                channel: r.channel.clone(),
                ticket_id: r.ticket_id.clone(),
                status: r.status,
                requested_at: raw(&r.requested_at),
                status_at: raw(&r.confirmed_at).or_else(|| raw(&r.due_at)),
                endpoint: r.endpoint.clone(),
                subprocessor_erased: erased.contains(r.subprocessor.as_str()),
            })
            .collect()
    }
}

/// The SLA timeline of a pack, for the report.
#[derive(Debug, Clone, Serialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// `completed_at`
    pub completed_at: Option<String>,
    /// Seconds from `completed_at` to the effective deadline (negative when late).
    pub margin_seconds: Option<i64>,
}

/// What the report shows of the witness.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
}

/// What the report shows of the graph.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
}
