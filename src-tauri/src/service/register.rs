//! Register mode: many packs verified together (spec §19) by the register
//! crate's one call, on a blocking thread, with progress and Cancel as a
//! verification has; the register kept for export as `proofpack register
//! --json` and `--csv` write it.

use super::export::save_new;
use super::trust::{load_trust, trust_view};
use super::{lock, AppState};
use crate::error::AppError;
use proofpack_register::{inputs, register, Inputs, Options, PackSource, Register};
use proofpack_render::views;
pub use proofpack_render::views::{
    register_bytes, RegisterFormat, RegisterProgress, RegisterView, RegisterWords, SkippedEntry,
    TrustStoreView,
};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::PathBuf;

/// How many registers are kept for export: a register of thousands of
/// packs holds a few hundred bytes a pack, and only the last few matter.
pub const KEPT_REGISTERS: usize = 4;

/// How many progress reports a register sends at most: one per pack would
/// flood the UI's event queue with thousands of packs.
const PROGRESS_STEPS: usize = 200;

/// A register asked for by the UI (or the command line's `--register`).
#[derive(Debug, Clone, Deserialize)]
pub struct RegisterQuery {
    /// Folders of `*.tar.gz` packs, or pack files, as `proofpack register`
    /// takes them.
    pub paths: Vec<String>,
    /// The trust store every pack is verified against (a register needs one).
    pub trust: Option<String>,
    /// The instant open items are judged at (RFC 3339); `None`: now.
    pub as_of: Option<String>,
}

/// The register words in the app's language (after a language change),
/// with the messages of register `job` when it is kept.
pub fn register_words(state: &AppState, job: Option<u64>) -> RegisterWords {
    let kept = job.and_then(|job| lock(&state.registers).get(&job).cloned());
    match kept {
        Some(register) => RegisterWords::for_register(&register, state.language()),
        None => RegisterWords::of(state.language()),
    }
}

/// Makes the register of `query` as job `job` (from [`super::new_job`],
/// once), reporting progress; the register is kept for export under its
/// job id. Blocking: the app calls it on a blocking thread.
pub fn run_register(
    state: &AppState,
    job: u64,
    query: &RegisterQuery,
    progress: impl Fn(RegisterProgress) + Sync,
) -> Result<RegisterView, AppError> {
    let cancel = lock(&state.jobs)
        .get(&job)
        .cloned()
        .ok_or(AppError::UnknownJob { job })?;
    let result = made(job, query, &cancel, progress);
    lock(&state.jobs).remove(&job);
    // Cancelled after its last pack: the UI has stopped waiting for it.
    if cancel.is_cancelled() {
        return Err(AppError::Cancelled);
    }
    let Made {
        register,
        paths,
        trust,
        skipped,
    } = result?;
    let mut kept = lock(&state.registers);
    kept.insert(job, register.clone());
    while kept.len() > KEPT_REGISTERS {
        kept.pop_first();
    }
    Ok(RegisterView::new(
        job,
        register,
        paths,
        trust,
        skipped,
        state.language(),
    ))
}

/// The register, where each pack is, the trust store used and the entries
/// skipped.
struct Made {
    register: Register,
    paths: Vec<Option<String>>,
    trust: TrustStoreView,
    skipped: Vec<SkippedEntry>,
}

fn made(
    job: u64,
    query: &RegisterQuery,
    cancel: &proofpack_core::Cancel,
    progress: impl Fn(RegisterProgress) + Sync,
) -> Result<Made, AppError> {
    let trust_path = query.trust.as_deref().ok_or(AppError::NoTrustStore)?;
    let trust = load_trust(trust_path)?;
    let as_of = views::as_of_or_now(query.as_of.as_deref())?;
    if query.paths.is_empty() {
        return Err(AppError::BadRequest {
            message: "no folder or pack to make a register of".to_owned(),
        });
    }
    // A path that is not there is the user's mistake, said at once; the
    // CLI would list it as a file that could not be read.
    for path in &query.paths {
        std::fs::metadata(path).map_err(|e| AppError::read(path, e))?;
    }
    let given: Vec<PathBuf> = query.paths.iter().map(PathBuf::from).collect();
    // Listed as every front end lists a folder: a folder with no pack is
    // an error, as for the CLI.
    let Inputs { packs, skipped } = inputs(&given).map_err(|e| AppError::Read {
        path: e.path.display().to_string(),
        message: e.problem.to_string(),
    })?;
    let skipped = skipped.into_iter().map(SkippedEntry::from).collect();
    let mut by_name: HashMap<String, Option<String>> = HashMap::new();
    for pack in &packs {
        if let PackSource::Path(path) = &pack.source {
            let path = Some(path.display().to_string());
            // Two packs given under one name: neither can be told apart.
            by_name
                .entry(pack.file.clone())
                .and_modify(|p| *p = None)
                .or_insert(path);
        }
    }
    let stride = (packs.len() / PROGRESS_STEPS).max(1);
    let step = |p: proofpack_register::Progress| {
        if p.done % stride == 0 || p.done == p.total {
            progress(RegisterProgress {
                job,
                done: p.done,
                total: p.total,
            });
        }
    };
    let mut options = Options::new(&trust, as_of);
    options.cancel = cancel.clone();
    options.progress = Some(&step);
    let register = register(packs, &options).map_err(|e| AppError::of_register(&e))?;
    let paths = register
        .packs()
        .iter()
        .map(|p| by_name.get(&p.file).cloned().flatten())
        .collect();
    Ok(Made {
        register,
        paths,
        trust: trust_view(&trust),
        skipped,
    })
}

/// Writes register `job` to `path` as the CLI writes it; an existing file
/// is replaced only when `overwrite` is set.
pub fn export_register(
    state: &AppState,
    job: u64,
    format: RegisterFormat,
    path: &str,
    overwrite: bool,
) -> Result<String, AppError> {
    let register = lock(&state.registers)
        .get(&job)
        .cloned()
        .ok_or(AppError::UnknownReport { job })?;
    save_new(path, &register_bytes(&register, format), overwrite)?;
    Ok(path.to_owned())
}
