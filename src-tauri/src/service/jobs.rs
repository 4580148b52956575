//! Jobs (verifications and registers) and what the session keeps of them:
//! each job's Cancel flag from the moment it exists, and the last reports,
//! for export and for showing again in another language.

use super::{lock, AppState};
use crate::error::AppError;
use proofpack_core::{Cancel, Report};
use proofpack_render::views::Shown;
use std::sync::atomic::Ordering;

/// How many finished reports are kept for export: the oldest go first, so
/// a long session does not hold every report it ever verified.
pub const KEPT_REPORTS: usize = 32;

/// A new job id for a verification about to start: ids come from here
/// only. The job exists (and can be cancelled) from now on.
pub fn new_job(state: &AppState) -> u64 {
    let job = state.next_job.fetch_add(1, Ordering::Relaxed);
    lock(&state.jobs).insert(job, Cancel::new());
    job
}

/// Keeps the report of `job` for export, forgetting the oldest beyond
/// [`KEPT_REPORTS`].
pub(super) fn keep_report(state: &AppState, job: u64, report: Report) {
    let mut reports = lock(&state.reports);
    reports.insert(job, report);
    while reports.len() > KEPT_REPORTS {
        reports.pop_first();
    }
}

/// The pictures and words of report `job` (kept for export) in the app's
/// language, after the language changed.
pub fn shown(state: &AppState, job: u64) -> Result<Shown, AppError> {
    let language = state.language();
    lock(&state.reports)
        .get(&job)
        .map(|report| Shown::of(report, language))
        .ok_or(AppError::UnknownReport { job })
}

/// Asks the verification `job` to stop; true when it was under way.
pub fn cancel_verification(state: &AppState, job: u64) -> bool {
    match lock(&state.jobs).get(&job) {
        Some(flag) => {
            flag.cancel();
            true
        }
        None => false,
    }
}

/// The UI closed the pack of job `job`: its verification stops if under
/// way, and its report is no longer kept. True when there was either.
pub fn close_pack(state: &AppState, job: u64) -> bool {
    let cancelled = cancel_verification(state, job);
    lock(&state.reports).remove(&job).is_some() || cancelled
}
