//! `verification.json` (spec §8): the independent verification probes.

use crate::findings::{Code, Findings};
use crate::messages::{message, MessageArg, MessageId};
use crate::schema::{parse_json, Fields};
use proofpack_spec::json::Json;
use proofpack_spec::json::Shape;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{DataClass, MemberName, Probe};
use std::collections::BTreeMap;

/// The members of `verification.json` that the §8 reader uses, each name written
/// once: the reader asks for them by these names, and [`SHAPE`] keeps only
/// them (every other member is checked against §0 and dropped unread).
mod names {
    pub(super) const VERIFIED_AT: &str = "verified_at";
    pub(super) const CODE_REF: &str = "code_ref";
    pub(super) const ALL_CLEAR: &str = "all_clear";
    pub(super) const PROBES: &str = "probes";
}

/// A probe's value: its count member only.
const RESIDUE: Shape = Shape::Members(&[(Probe::Subprocessor.count_member(), Shape::SCALAR)]);
/// The audit-log probe's value.
const UNREDACTED: Shape =
    Shape::Members(&[(Probe::AuditLogRedacted.count_member(), Shape::SCALAR)]);
/// `probes`: every probe the spec names (others are ignored, §8).
const PROBES: [(&str, Shape); Probe::ALL.len()] = {
    let mut out = [("", Shape::SCALAR); Probe::ALL.len()];
    let mut i = 0;
    while i < Probe::ALL.len() {
        let probe = Probe::ALL[i];
        let count = if matches!(probe, Probe::AuditLogRedacted) {
            UNREDACTED
        } else {
            RESIDUE
        };
        out[i] = (probe.as_str(), count);
        i += 1;
    }
    out
};
/// What the reader keeps of `verification.json`.
static SHAPE: Shape = Shape::Members(&[
    (names::VERIFIED_AT, Shape::SCALAR),
    (names::CODE_REF, Shape::SCALAR),
    (names::ALL_CLEAR, Shape::SCALAR),
    (names::PROBES, Shape::Members(&PROBES)),
]);

/// The member name.
pub(crate) const PROBE_RESULTS: MemberName = MemberName::ProbeResults;

/// The probes' results, `verification.json`, as far as it could be read.
#[derive(Debug, Clone, Default)]
pub(crate) struct ProbeResults {
    /// `verified_at`
    pub verified_at: Option<Timestamp>,
    /// `code_ref`
    pub code_ref: Option<String>,
    /// `all_clear`
    pub all_clear: Option<bool>,
    /// Residue per judged probe (classes and `subprocessor`).
    pub residue: BTreeMap<Probe, u64>,
    /// `audit_log_redacted.unredacted_pii_count`
    pub unredacted_pii_count: Option<u64>,
    /// Whether every present judged probe had a well-formed count.
    pub counts_complete: bool,
    /// Names of the judged probes present.
    pub present: Vec<Probe>,
}

impl ProbeResults {
    /// The count a present probe reported.
    pub(crate) fn count(&self, probe: Probe) -> Option<u64> {
        match probe {
            Probe::AuditLogRedacted => self.unredacted_pii_count,
            _ => self.residue.get(&probe).copied(),
        }
    }
}

/// Parses and judges `verification.json` on its own (the cross-member
/// checks are in [`check_against`]).
pub(crate) fn parse(bytes: &[u8], findings: &mut Findings) -> Option<ProbeResults> {
    let doc = parse_json(bytes, PROBE_RESULTS.as_str(), &SHAPE, findings)?;
    let mut f = Fields::of(&doc, Code::ProbesSchema, PROBE_RESULTS.as_str(), findings)?;
    let mut v = ProbeResults {
        verified_at: f.timestamp(names::VERIFIED_AT),
        code_ref: f.string(names::CODE_REF).map(str::to_owned),
        all_clear: f.boolean(names::ALL_CLEAR),
        counts_complete: true,
        ..ProbeResults::default()
    };
    let probes = match f.required(names::PROBES) {
        Some(Json::Object(o)) => Some(o),
        Some(_) => {
            f.bad(names::PROBES, MessageId::WhyNotObject);
            None
        }
        None => None,
    };
    let Some(probes) = probes else {
        v.counts_complete = false;
        return Some(v);
    };
    for (name, probe) in probes.iter() {
        let Ok(judged) = name.parse::<Probe>() else {
            continue; // other members of `probes` are ignored
        };
        let member = judged.count_member();
        v.present.push(judged);
        let count = probe
            .as_object()
            .and_then(|o| o.get(member))
            .and_then(Json::as_count);
        let Some(count) = count else {
            let why = MessageArg::Said(MessageId::WhyNeedsCount, vec![("name", member.into())]);
            f.bad(&format!("probes/{name}"), why);
            v.counts_complete = false;
            continue;
        };
        let at = format!("{PROBE_RESULTS}#/probes/{name}");
        if judged != Probe::AuditLogRedacted {
            if count > 0 {
                f.findings().add(
                    Code::ProbesResidue,
                    at,
                    message!(ProbesResidue, name = name.to_string(), count = count),
                );
            }
            v.residue.insert(judged, count);
        } else {
            if count > 0 {
                f.findings().add(
                    Code::ProbesUnredactedPii,
                    at,
                    message!(ProbesUnredactedPii, count = count),
                );
            }
            v.unredacted_pii_count = Some(count);
        }
    }
    if let (Some(claim), true) = (v.all_clear, v.counts_complete) {
        let clear = v.residue.values().all(|r| *r == 0) && v.unredacted_pii_count.unwrap_or(0) == 0;
        if claim != clear {
            f.findings().add(
                Code::ProbesAllClearInconsistent,
                format!("{PROBE_RESULTS}#/all_clear"),
                message!(
                    ProbesAllClearInconsistent,
                    claim = claim.to_string(),
                    clear = clear.to_string()
                ),
            );
        }
    }
    Some(v)
}

/// Required probes: every requested class, `subprocessor` and
/// `audit_log_redacted` (§8).
pub(crate) fn check_required(
    v: &ProbeResults,
    data_classes: &[DataClass],
    findings: &mut Findings,
) {
    let required = data_classes
        .iter()
        .map(|c| c.probe())
        .chain(Probe::ALWAYS_REQUIRED);
    for name in required {
        if !v.present.contains(&name) {
            findings.add(
                Code::ProbesMissing,
                format!("{PROBE_RESULTS}#/probes/{name}"),
                message!(ProbesMissing, name = name.to_string()),
            );
        }
    }
}
