//! SLA deadlines (spec §6): calendar periods from the local date of receipt,
//! extensions, and the effective deadline.

use crate::findings::{Code, Findings};
use crate::messages::message;
pub(crate) use crate::report::Timeline;
use crate::request::Extension;
use proofpack_spec::calendar::{period_end, periods, Period};
use proofpack_spec::timestamp::{format_instant, Timestamp};
use proofpack_spec::vocab::{LegalBasis, MemberName};
use time::OffsetDateTime;

/// Where §6 findings about the request are reported.
const AT: MemberName = MemberName::Request;

/// A period in words: `1 calendar month`, `45 days`.
fn period_words(p: Period) -> String {
    match p {
        Period::Months(1) => "1 calendar month".to_owned(),
        Period::Months(n) => format!("{n} calendar months"),
        Period::Days(n) => format!("{n} days"),
    }
}

/// Which rule of §6 applied, in words, for the report.
fn rule(basis: LegalBasis, first: Period, whole: Option<Period>, extended: bool) -> String {
    let base = format!(
        "{basis}: {} from the local date of receipt",
        period_words(first)
    );
    match (whole, extended) {
        (Some(w), true) => format!("{base}, extended to {} in all", period_words(w)),
        (Some(w), false) => format!(
            "{base} (extensible to {} in all; not extended)",
            period_words(w)
        ),
        (None, _) => format!("{base} (no extension allowed)"),
    }
}

/// The inputs of §6.
pub(crate) struct SlaInput<'a> {
    /// `legal_basis`
    pub legal_basis: Option<LegalBasis>,
    /// `received_at`
    pub received_at: Option<&'a Timestamp>,
    /// `sla_deadline`
    pub sla_deadline: Option<&'a Timestamp>,
    /// A well-formed extension.
    pub extension: Option<&'a Extension>,
    /// Whether an extension was present but malformed.
    pub extension_malformed: bool,
    /// `completed_at` of the manifest.
    pub completed_at: Option<&'a Timestamp>,
}

/// What §6 established: the report's timeline, and the effective deadline
/// as an instant (§21 holds the witnessed time against it).
#[derive(Debug, Default)]
pub(crate) struct Sla {
    /// The report's timeline.
    pub timeline: Timeline,
    /// The effective deadline, when it could be computed.
    pub effective: Option<OffsetDateTime>,
}

/// Runs §6, reporting its findings, and returns the timeline.
pub(crate) fn check(input: &SlaInput<'_>, findings: &mut Findings) -> Sla {
    let mut timeline = Timeline {
        received_at: input.received_at.map(|t| t.raw().to_owned()),
        completed_at: input.completed_at.map(|t| t.raw().to_owned()),
        ..Timeline::default()
    };
    if input.extension_malformed {
        findings.add(
            Code::SlaExtensionInvalid,
            format!("{AT}#/extension"),
            message!(SlaExtensionMalformed),
        );
    }
    let (Some(basis), Some(received)) = (input.legal_basis, input.received_at) else {
        return Sla {
            timeline,
            effective: None,
        };
    };
    let (first, whole) = periods(basis);
    let Some(base) = period_end(received, first) else {
        return Sla {
            timeline,
            effective: None,
        };
    };
    let max = whole.and_then(|p| period_end(received, p));
    timeline.base_deadline = Some(format_instant(base));
    timeline.max_deadline = max.map(format_instant);

    let extension = valid_extension(input, basis, received, base, max, findings);
    let statutory = match (extension, max) {
        (Some(_), Some(max)) => max,
        _ => base,
    };
    timeline.extension_applied = extension.is_some();
    timeline.rule = Some(rule(basis, first, whole, extension.is_some()));
    timeline.statutory_deadline = Some(format_instant(statutory));

    if let Some(sla) = input.sla_deadline {
        if sla.instant() >= base {
            findings.add(
                Code::SlaDeadlineOverstated,
                format!("{AT}#/sla_deadline"),
                message!(
                    SlaDeadlineOverstated,
                    deadline = sla.raw(),
                    first_period = format_instant(base)
                ),
            );
        }
    }
    let declared = match extension {
        Some(ext) => Some(&ext.extended_to),
        None => input.sla_deadline,
    };
    let effective = judge_completion(
        input.completed_at,
        declared,
        statutory,
        &mut timeline,
        findings,
    );
    Sla {
        timeline,
        effective: Some(effective),
    }
}

/// The extension, if it is valid: notified within the first period, ending
/// within the whole one (`sla.extension_invalid` otherwise).
fn valid_extension<'a>(
    input: &SlaInput<'a>,
    basis: LegalBasis,
    received: &Timestamp,
    base: OffsetDateTime,
    max: Option<OffsetDateTime>,
    findings: &mut Findings,
) -> Option<&'a Extension> {
    input.extension.filter(|ext| {
        let notified = ext.notified_at.instant();
        let to = ext.extended_to.instant();
        let valid = max.is_some_and(|max| {
            received.instant() <= notified && notified < base && base <= to && to < max
        });
        if !valid {
            findings.add(
                Code::SlaExtensionInvalid,
                format!("{AT}#/extension"),
                if max.is_none() {
                    message!(SlaNoExtensionAllowed, basis = basis.to_string())
                } else {
                    message!(SlaExtensionOutOfTime)
                },
            );
        }
        valid
    })
}

/// The declared and effective deadlines, the margin, and `sla.breached`
/// when the erasure completed at or after the effective deadline, which is
/// returned.
fn judge_completion(
    completed_at: Option<&Timestamp>,
    declared: Option<&Timestamp>,
    statutory: OffsetDateTime,
    timeline: &mut Timeline,
    findings: &mut Findings,
) -> OffsetDateTime {
    timeline.declared_deadline = declared.map(|t| t.raw().to_owned());
    let effective = match declared {
        Some(d) if d.instant() < statutory => d.instant(),
        _ => statutory,
    };
    timeline.effective_deadline = Some(match declared {
        Some(d) if d.instant() < statutory => d.raw().to_owned(),
        _ => format_instant(statutory),
    });
    if let Some(done) = completed_at {
        timeline.margin_seconds = Some((effective - done.instant()).whole_seconds());
        if done.instant() >= effective {
            findings.add(
                Code::SlaBreached,
                "manifest.json#/completed_at",
                message!(
                    SlaBreached,
                    completed = done.raw(),
                    deadline = timeline.effective_deadline.as_deref().unwrap_or_default()
                ),
            );
        }
    }
    effective
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ts(s: &str) -> Timestamp {
        Timestamp::parse(s).expect("test timestamp")
    }

    fn end(received: &str, p: Period) -> String {
        period_end(&ts(received), p)
            .map(format_instant)
            .unwrap_or_default()
    }

    #[test]
    fn worked_examples_of_section_6() {
        assert_eq!(
            end("2026-04-20T09:11:00Z", Period::Months(1)),
            "2026-05-21T00:00:00Z"
        );
        assert_eq!(
            end("2026-01-31T23:30:00-05:00", Period::Months(1)),
            "2026-03-01T00:00:00-05:00"
        );
        assert_eq!(
            end("2026-08-31T10:00:00Z", Period::Months(1)),
            "2026-10-01T00:00:00Z"
        );
        assert_eq!(
            end("2024-01-31T10:00:00Z", Period::Months(1)),
            "2024-03-01T00:00:00Z"
        );
        assert_eq!(
            end("2026-11-30T10:00:00Z", Period::Months(3)),
            "2027-03-01T00:00:00Z"
        );
        assert_eq!(
            end("2026-04-20T09:11:00Z", Period::Days(45)),
            "2026-06-05T00:00:00Z"
        );
        assert_eq!(
            end("2026-12-31T23:59:59+05:00", Period::Days(30)),
            "2027-01-31T00:00:00+05:00"
        );
    }

    fn run(
        basis: LegalBasis,
        received: &str,
        sla: &str,
        ext: Option<Extension>,
        done: &str,
    ) -> (Findings, Timeline) {
        let mut f = Findings::new();
        let (r, s, d) = (ts(received), ts(sla), ts(done));
        let Sla { timeline: t, .. } = check(
            &SlaInput {
                legal_basis: Some(basis),
                received_at: Some(&r),
                sla_deadline: Some(&s),
                extension: ext.as_ref(),
                extension_malformed: false,
                completed_at: Some(&d),
            },
            &mut f,
        );
        (f, t)
    }

    #[test]
    fn overstated_and_breached() {
        let (f, _) = run(
            LegalBasis::Gdpr,
            "2026-01-31T23:30:00-05:00",
            "2026-03-02T23:30:00-05:00",
            None,
            "2026-02-10T00:00:00Z",
        );
        assert!(f.has(Code::SlaDeadlineOverstated));
        let (f, t) = run(
            LegalBasis::Gdpr,
            "2026-04-20T09:11:00Z",
            "2026-05-20T09:11:00Z",
            None,
            "2026-05-20T09:11:00Z",
        );
        assert!(f.has(Code::SlaBreached));
        assert_eq!(t.margin_seconds, Some(0));
        let (f, _) = run(
            LegalBasis::Gdpr,
            "2026-04-20T09:11:00Z",
            "2026-05-20T23:59:59Z",
            None,
            "2026-05-20T23:00:00Z",
        );
        assert!(f.as_slice().is_empty());
    }

    #[test]
    fn extensions() {
        let ext = |to: &str, at: &str| Extension {
            extended_to: ts(to),
            notified_at: ts(at),
        };
        let (f, t) = run(
            LegalBasis::Gdpr,
            "2026-04-20T09:11:00Z",
            "2026-05-20T09:11:00Z",
            Some(ext("2026-07-20T09:11:00Z", "2026-05-02T10:00:00Z")),
            "2026-06-30T00:00:00Z",
        );
        assert!(f.as_slice().is_empty(), "{:?}", f.as_slice());
        assert!(t.extension_applied);
        // notified after the first period
        let (f, _) = run(
            LegalBasis::Gdpr,
            "2026-04-20T09:11:00Z",
            "2026-05-20T09:11:00Z",
            Some(ext("2026-07-20T09:11:00Z", "2026-05-22T10:00:00Z")),
            "2026-06-30T00:00:00Z",
        );
        assert!(f.has(Code::SlaExtensionInvalid));
        assert!(f.has(Code::SlaBreached));
        // no extension for POPIA
        let (f, _) = run(
            LegalBasis::Popia,
            "2026-04-20T09:11:00Z",
            "2026-05-19T09:11:00Z",
            Some(ext("2026-06-01T09:11:00Z", "2026-05-02T10:00:00Z")),
            "2026-05-10T00:00:00Z",
        );
        assert!(f.has(Code::SlaExtensionInvalid));
        assert!(!f.has(Code::SlaBreached));
    }
}
