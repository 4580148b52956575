//! Export: a report written with the core's renderer, as `verify --json`
//! and `--html` write it, never replacing a file without being asked.

use super::{lock, AppState};
use crate::error::{file_error, AppError};
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_render::views::report_bytes;
pub use proofpack_render::views::ExportFormat;
use std::path::Path;

/// Writes report `job` to `path` with the core's renderer; an existing file
/// is replaced only when `overwrite` is set.
pub fn export_report(
    state: &AppState,
    job: u64,
    format: ExportFormat,
    path: &str,
    overwrite: bool,
) -> Result<String, AppError> {
    let report = lock(&state.reports)
        .get(&job)
        .cloned()
        .ok_or(AppError::UnknownReport { job })?;
    let bytes = report_bytes(&report, format, state.language());
    save_new(path, &bytes, overwrite)?;
    Ok(path.to_owned())
}

/// Writes `bytes` whole or not at all, durably, refusing to replace a file
/// unless `overwrite` (refused atomically: a file that appears meanwhile is
/// not replaced either).
pub(super) fn save_new(path: &str, bytes: &[u8], overwrite: bool) -> Result<(), AppError> {
    let existing = if overwrite {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    write_atomic(Path::new(path), bytes, existing, Access::Default).map_err(file_error)
}
