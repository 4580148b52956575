//! Export: a report written with the core's renderer, as `verify --json`
//! and `--html` write it, never replacing a file without being asked.

use super::{lock, AppState};
use crate::error::AppError;
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_render::{html, json};
use serde::Deserialize;
use std::path::Path;

/// What to export a report as.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// The §13 JSON, as `verify --json`.
    Json,
    /// The printable HTML report, as `verify --html`.
    Html,
}

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
    let bytes = match format {
        ExportFormat::Json => {
            let mut out = Vec::new();
            json::pretty(&mut out, &report).map_err(|e| AppError::write(path, e))?;
            out.push(b'\n');
            out
        }
        ExportFormat::Html => html::report_in(&report, state.language()).into_bytes(),
    };
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
    Ok(write_atomic(
        Path::new(path),
        bytes,
        existing,
        Access::Default,
    )?)
}
