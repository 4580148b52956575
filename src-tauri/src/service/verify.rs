//! Verify mode's verification: a pack verified by the core off the UI
//! thread, its reading watched for progress and Cancel, its report kept
//! for export under its job.

use super::jobs::keep_report;
use super::report_view::Shown;
use super::trust::{load_trust, TrustStoreView};
use super::{lock, AppState};
use crate::error::AppError;
use proofpack_core::{Cancel, Limits, PackFile, Report, VerifyError};
use proofpack_render::i18n::Language;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One verification asked for by the UI.
#[derive(Debug, Clone, Deserialize)]
pub struct VerifyRequest {
    /// The pack.
    pub path: String,
    /// The trust store, or none (then at best `untrusted`).
    pub trust: Option<String>,
}

/// A verification's progress, as events to the UI.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Progress {
    /// The job.
    pub job: u64,
    /// Bytes of the pack read so far.
    pub read: u64,
    /// The pack's size.
    pub total: u64,
}

/// A verified pack: the §13 report and the pictures the core draws of it.
#[derive(Debug, Clone, Serialize)]
pub struct Verified {
    /// The job, for export.
    pub job: u64,
    /// The report, exactly as `proofpack verify --json` gives it.
    pub report: Report,
    /// The trust store used.
    pub trust: Option<TrustStoreView>,
    /// The pictures and words, in the app's language.
    #[serde(flatten)]
    pub shown: Shown,
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
        .map_err(|e| match e {
            VerifyError::Cancelled => AppError::Cancelled,
            e @ VerifyError::Internal(_) => AppError::Internal {
                message: e.to_string(),
            },
            e => AppError::read(&request.path, e),
        })?;
    Ok(Verified {
        job,
        trust: trust.as_ref().map(TrustStoreView::of),
        shown: Shown::of(&report, language),
        report,
    })
}
