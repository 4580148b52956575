//! Verify mode's verification: a pack verified by the core off the UI
//! thread, its reading watched for progress and Cancel, its report kept
//! for export under its job.

use super::jobs::keep_report;
use super::trust::{load_trust, trust_view};
use super::{lock, AppState};
use crate::error::AppError;
use proofpack_core::{Cancel, Limits, PackFile};
use proofpack_render::i18n::Language;
use proofpack_render::views::Shown;
pub use proofpack_render::views::{Progress, Verified};
use serde::Deserialize;
use std::path::Path;

/// One verification asked for by the UI.
#[derive(Debug, Clone, Deserialize)]
pub struct VerifyRequest {
    /// The pack.
    pub path: String,
    /// The trust store, or none (then at best `untrusted`).
    pub trust: Option<String>,
}

/// Verifies a pack with the core as job `job` (from [`new_job`], once),
/// reporting progress; the report is kept for export under its job id.
/// Blocking: the app calls it on a blocking thread.
pub fn verify_pack(
    state: &AppState,
    job: u64,
    request: &VerifyRequest,
    progress: impl FnMut(Progress),
) -> Result<Verified, AppError> {
    let cancel = lock(&state.jobs)
        .get(&job)
        .cloned()
        .ok_or(AppError::UnknownJob { job })?;
    let result = verify_watched(job, request, state.language(), &cancel, progress);
    lock(&state.jobs).remove(&job);
    // A job cancelled (or its pack closed) after its last read gets no
    // verdict either: the UI has stopped waiting for one.
    if cancel.is_cancelled() {
        return Err(AppError::Cancelled);
    }
    let verified = result?;
    keep_report(state, job, verified.report.clone());
    Ok(verified)
}

/// The pack verified by the core's one call for a file
/// (`proofpack_core::PackFile`: named as its path, its reading watched for
/// progress, stopped by Cancel; the core also stops between the spec's
/// sections, so Cancel works during the checks too).
fn verify_watched(
    job: u64,
    request: &VerifyRequest,
    language: Language,
    cancel: &Cancel,
    mut progress: impl FnMut(Progress),
) -> Result<Verified, AppError> {
    let trust = request.trust.as_deref().map(load_trust).transpose()?;
    let report = PackFile::open(Path::new(&request.path))
        .and_then(|pack| {
            pack.verify_with_progress(trust.as_ref(), &Limits::default(), cancel, |p| {
                progress(Progress {
                    job,
                    read: p.read,
                    total: p.total,
                })
            })
        })
        .map_err(|e| AppError::of_verify(&request.path, e))?;
    Ok(Verified {
        job,
        trust: trust.as_ref().map(trust_view),
        shown: Shown::of(&report, language),
        report,
    })
}
