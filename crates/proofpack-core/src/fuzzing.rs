//! The section parsers and checks, one call each, for the fuzz targets and
//! the benchmarks (feature `fuzzing`). Front ends never need these: they call
//! [`verify`](crate::verify), which runs every section in the spec's order.
//! The parsed forms are opaque here; only findings and the report's public
//! summaries come out.

use crate::findings::Findings;
pub use crate::report::ReportMut;
use crate::report::{AuditSummary, ProvenanceSummary};
use crate::{audit, provenance, receipts, seal, Cancel, Finding, Report, TrustStore};

/// The parts of `report`, writable.
pub fn report_mut(report: &mut Report) -> ReportMut<'_> {
    report.parts_mut()
}

/// The findings collector, as the verifier's checks use it.
#[derive(Debug, Default)]
pub struct Collected(Findings);

impl Collected {
    /// An empty collection.
    pub fn new() -> Self {
        Self::default()
    }

    /// The findings so far.
    pub fn as_slice(&self) -> &[Finding] {
        self.0.as_slice()
    }
}

/// A parsed `provenance.jsonl` (§11).
#[derive(Debug)]
pub struct ProvenanceGraph(provenance::ProvenanceGraph);

/// Parses `provenance.jsonl` (§11).
pub fn parse_provenance(bytes: &[u8], findings: &mut Collected) -> ProvenanceGraph {
    ProvenanceGraph(provenance::parse(bytes, &Cancel::new(), &mut findings.0))
}

/// Checks a parsed provenance graph (§11).
pub fn check_provenance(graph: &ProvenanceGraph, findings: &mut Collected) -> ProvenanceSummary {
    provenance::check(
        &graph.0,
        &Cancel::new(),
        &mut findings.0,
        &mut Default::default(),
    )
}

/// Parsed `subprocessor-receipts.jsonl` (§9).
#[derive(Debug)]
pub struct Receipts(Vec<receipts::ReceiptRecord>);

impl Receipts {
    /// How many records were read.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no record was read.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Parses `subprocessor-receipts.jsonl` (§9).
pub fn parse_receipts(bytes: &[u8], findings: &mut Collected) -> Receipts {
    Receipts(receipts::parse(bytes, &Cancel::new(), &mut findings.0))
}

/// Checks parsed receipts against the manifest's subprocessors (§9), in a
/// pack with no other member and without a trust store (every attestation
/// names a missing member, §16).
pub fn check_receipts(
    receipts: &Receipts,
    subprocessors: Option<&[String]>,
    findings: &mut Collected,
) {
    receipts::check_alone(&receipts.0, subprocessors, &mut findings.0);
}

/// A parsed `audit-log-redaction.json` (§10).
#[derive(Debug)]
pub struct Witness(audit::Witness);

/// Parses `audit-log-redaction.json` (§10); `None` when it is not a witness.
pub fn parse_witness(bytes: &[u8], findings: &mut Collected) -> Option<Witness> {
    audit::parse(bytes, &Cancel::new(), &mut findings.0).map(Witness)
}

/// Checks a parsed witness (§10) against a trust store and a request id,
/// with no step records.
pub fn check_witness(
    witness: &Witness,
    trust: Option<&TrustStore>,
    request_id: Option<&str>,
    findings: &mut Collected,
) -> AuditSummary {
    audit::check(
        &witness.0,
        trust,
        request_id,
        &[],
        &Cancel::new(),
        &mut findings.0,
        &mut Default::default(),
    )
    .summary
}

/// A seal (§22) as its check 1 read it, opaque: the fuzz target judges
/// check 1 by its findings alone, so nothing reads it yet.
#[derive(Debug)]
pub struct Seal(#[allow(dead_code)] seal::Seal);

/// Check 1 of §22 (the seal's shape, its leaf's JSON and shape) on
/// `bytes`, the JSON of `signature.sig`'s member `seal`, read with the
/// shape `signature.sig`'s reader gives it. `None` when `bytes` is not
/// strict JSON (§0: the reader of `signature.sig` reports that itself) or
/// is `null` (no seal).
pub fn parse_seal(bytes: &[u8], findings: &mut Collected) -> Option<Seal> {
    let value = proofpack_spec::json::parse_shaped(bytes, &seal::SHAPE).ok()?;
    if matches!(value, proofpack_spec::json::Json::Null) {
        return None;
    }
    Some(Seal(seal::parse(&value, &mut findings.0)))
}
