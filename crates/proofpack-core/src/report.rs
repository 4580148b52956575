//! The report (spec §13): the verifier's machine-readable output, and the
//! IPC contract of the desktop app. `format`, `verdict` and each finding's
//! `code` and `effect` are normative; the rest is what a reviewer needs.

use crate::audit::AuditSummary;
use crate::findings::{Finding, Verdict};
use crate::provenance::ProvenanceSummary;
use crate::receipts::Receipt;
use crate::sla::Timeline;
use serde::Serialize;

/// The report's `format`.
pub const REPORT_FORMAT: &str = "proof-pack-report/v1";

/// The verifier's report on one pack.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Report {
    /// Always [`REPORT_FORMAT`].
    pub format: &'static str,
    /// Derived from `findings` (§12).
    pub verdict: Verdict,
    /// Every finding established, once per (code, location).
    pub findings: Vec<Finding>,
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
    pub legal_basis: Option<String>,
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
    /// The step name.
    pub tier: String,
    /// Whether the request asked for it (always true for `subprocessor` and `audit_log`).
    pub requested: bool,
    /// The step's status, if a record exists.
    pub status: Option<String>,
    /// `before_count`
    pub before_count: Option<u64>,
    /// `after_count`
    pub after_count: Option<u64>,
    /// The probe's residue (or unredacted PII count for `audit_log`).
    pub residue: Option<u64>,
}

/// One receipt, with whether it erases its subprocessor.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ReceiptRow {
    /// The receipt.
    #[serde(flatten)]
    pub receipt: Receipt,
    /// Whether the subprocessor counts as erased.
    pub subprocessor_erased: bool,
}
