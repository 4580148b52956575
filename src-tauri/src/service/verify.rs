//! Verify mode's verification: a pack verified by the core off the UI
//! thread, its reading watched for progress and Cancel, its report kept
//! for export under its job.

use super::jobs::keep_report;
use super::report_view::Shown;
use super::trust::{load_trust, TrustStoreView};
use super::{lock, AppState};
use crate::error::AppError;
use proofpack_core::{verify_until, Cancel, Limits, Report, VerifyError};
use proofpack_render::i18n::Language;
use serde::{Deserialize, Serialize};
use std::io::{self, Read};

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

/// Reads the pack through, counting bytes and honouring a cancel flag.
struct Watched<R, F> {
    inner: R,
    read: u64,
    reported: u64,
    cancel: Cancel,
    progress: F,
}

/// Progress is reported at most once per this many bytes.
const PROGRESS_STEP: u64 = 1 << 20;

impl<R: Read, F: FnMut(u64)> Read for Watched<R, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.cancel.is_cancelled() {
            // Not `Interrupted`: readers retry that kind forever.
            return Err(io::Error::other("the verification was cancelled"));
        }
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read - self.reported >= PROGRESS_STEP || n == 0 {
            self.reported = self.read;
            (self.progress)(self.read);
        }
        Ok(n)
    }
}

/// A new job id for a verification about to start: ids come from here

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

fn verify_watched(
    job: u64,
    request: &VerifyRequest,
    language: Language,
    cancel: &Cancel,
    mut progress: impl FnMut(Progress),
) -> Result<Verified, AppError> {
    let trust = request.trust.as_deref().map(load_trust).transpose()?;
    let file = std::fs::File::open(&request.path).map_err(|e| AppError::read(&request.path, e))?;
    let total = file.metadata().map(|m| m.len()).unwrap_or(0);
    let watched = Watched {
        inner: io::BufReader::with_capacity(1 << 16, file),
        read: 0,
        reported: 0,
        cancel: cancel.clone(),
        progress: |read| progress(Progress { job, read, total }),
    };
    // The reader stops the reading, and the core stops between the spec's
    // sections: Cancel works during the checks too.
    let limits = Limits::default();
    let report = match verify_until(watched, &request.path, trust.as_ref(), &limits, cancel) {
        Ok(r) => r,
        Err(VerifyError::Cancelled) => return Err(AppError::Cancelled),
        Err(VerifyError::Read(e)) => return Err(AppError::read(&request.path, e)),
        Err(VerifyError::Internal(e)) => {
            return Err(AppError::Internal {
                message: e.to_string(),
            })
        }
    };
    Ok(Verified {
        job,
        trust: trust.as_ref().map(TrustStoreView::of),
        shown: Shown::of(&report, language),
        report,
    })
}
