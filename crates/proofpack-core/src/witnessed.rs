//! Witnessed completion (spec §21): the SLA corroborated by the witnesses'
//! own clocks.
//!
//! Every time in a pack is the controller's word; a witness's cosignature
//! on `checkpoint_after` carries the witness's clock, an upper bound on when
//! the log held the cascade. The *witnessed time* is the k-th smallest of
//! the distinct counting witnesses' earliest times there (k =
//! `max(1, witness_quorum)`), taken by [`crate::cosignatures`]. A completion
//! claimed on time whose witnessed time is not before the effective deadline
//! rests on the controller's clock alone.

use crate::cosignatures::Cosigned;
use crate::findings::{Code, Findings};
use crate::messages::message;
use crate::report::{Policy, Timeline};
use proofpack_spec::timestamp::{format_instant, Timestamp};
use time::OffsetDateTime;

/// Where §21's findings are located: the claim they judge.
const COMPLETED_AT: &str = "manifest.json#/completed_at";

/// k of §21 and §22: `max(1, policy.witness_quorum)`.
pub(crate) fn k(policy: &Policy) -> u64 {
    policy.witness_quorum.max(1)
}

/// What §21 takes: the cosignatures counted on `checkpoint_after` (§15),
/// the claimed completion, the effective deadline of §6, and the policy.
pub(crate) struct Claim<'a> {
    /// The witnesses counting on `checkpoint_after`.
    pub after: &'a Cosigned,
    /// The manifest's `completed_at`, when readable.
    pub completed_at: Option<&'a Timestamp>,
    /// The effective deadline, when §6 could compute it.
    pub effective: Option<OffsetDateTime>,
    /// The verifier's policy.
    pub policy: &'a Policy,
}

/// §21: records the witnessed time and k in `timeline`, and judges a
/// completion claimed before the effective deadline:
/// `sla.witnessed_after_deadline` when the witnessed time is at or after it,
/// and under `witnessed_deadline` `sla.unwitnessed` when no witnessed time
/// is strictly before it (both when both apply). A breached deadline, or an
/// unknown completion or deadline (an earlier finding), is not judged here.
/// Returns whether a witnessed time is before the effective deadline (the
/// success code `sla.witnessed`).
pub(crate) fn check(claim: &Claim<'_>, timeline: &mut Timeline, findings: &mut Findings) -> bool {
    let k = k(claim.policy);
    let witnessed = claim.after.kth_earliest(k);
    timeline.witness_k = k;
    timeline.witnessed_at = witnessed
        .and_then(Timestamp::from_instant_utc)
        .map(|t| t.raw().to_owned());
    let Some(deadline) = claim.effective else {
        return false;
    };
    // The deadline is exclusive (§6): a time equal to it is not before it.
    let witnessed_in_time = witnessed.is_some_and(|w| w < deadline);
    let on_time = claim
        .completed_at
        .is_some_and(|done| done.instant() < deadline);
    if !on_time {
        return witnessed_in_time;
    }
    let deadline_text = timeline
        .effective_deadline
        .clone()
        .unwrap_or_else(|| format_instant(deadline));
    if let Some(late) = witnessed.filter(|w| *w >= deadline) {
        findings.add(
            Code::SlaWitnessedAfterDeadline,
            COMPLETED_AT,
            message!(
                WitnessedAfterDeadline,
                k = k,
                seen = format_instant(late),
                deadline = deadline_text.to_string()
            ),
        );
    }
    if claim.policy.witnessed_deadline && !witnessed_in_time {
        findings.add(
            Code::SlaUnwitnessed,
            COMPLETED_AT,
            match witnessed {
                Some(_) => message!(UnwitnessedLate, deadline = deadline_text.to_string()),
                None => message!(
                    UnwitnessedTooFew,
                    deadline = deadline_text.to_string(),
                    k = k
                ),
            },
        );
    }
    witnessed_in_time
}
