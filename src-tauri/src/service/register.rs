//! Register mode: many packs verified together (spec §19) by the register
//! crate's one call, on a blocking thread, with progress and Cancel as a
//! verification has; the register kept for export as `proofpack register
//! --json` and `--csv` write it.

use super::export::save_new;
use super::trust::{load_trust, TrustStoreView};
use super::{lock, AppState};
use crate::error::AppError;
use proofpack_core::{Effect, RegisterCode, Verdict};
use proofpack_register::{
    inputs, register, Inputs, Options, PackSource, Register, RegisterError, SkipReason,
};
use proofpack_render::explain::{register_explanation_in, Explanation};
use proofpack_render::i18n::{Language, Messages};
use proofpack_render::{json, register as render};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::OpenItemKind;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
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

/// A register's progress, as events to the UI.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct RegisterProgress {
    /// The job.
    pub job: u64,
    /// Packs verified (or found unreadable) so far.
    pub done: usize,
    /// Packs in all.
    pub total: usize,
}

/// A register as the UI shows it.
#[derive(Debug, Clone, Serialize)]
pub struct RegisterView {
    /// The job, for export.
    pub job: u64,
    /// The register, exactly as `proofpack register --json` gives it.
    pub register: Register,
    /// Where each pack of `register.packs` is, in its order, so that Verify
    /// mode can open it; `None` where two packs given share a name.
    pub paths: Vec<Option<String>>,
    /// The register's exit status (§19), as the CLI's.
    pub exit: i32,
    /// The trust store every pack was verified against.
    pub trust: TrustStoreView,
    /// The entries of the folders given that are not packs, each with why
    /// (as `proofpack register` reports them).
    pub skipped: Vec<SkippedEntry>,
    /// The words of what the register shows, in the app's language.
    pub words: RegisterWords,
}

/// An entry of a folder that is not a pack.
#[derive(Debug, Clone, Serialize)]
pub struct SkippedEntry {
    /// The entry.
    pub path: String,
    /// Why it is not a pack (`not_tar_gz`, `not_regular_file`,
    /// `symbolic_link`).
    pub reason: SkipReason,
}

/// A verdict's word and icon.
#[derive(Debug, Clone, Serialize)]
pub struct VerdictWords {
    /// The verdict.
    pub verdict: Verdict,
    /// The word (the register keeps the spec's string).
    pub word: String,
    /// Its icon, so that a status is not told by colour alone.
    pub icon: &'static str,
}

/// The renderer's words for a register in one language: those of the
/// closed sets it shows, and each register code's explanation.
#[derive(Debug, Clone, Serialize)]
pub struct RegisterWords {
    /// Each verdict (a request's status, a pack's verdict), best first
    /// (§12's order, which the UI sorts statuses by).
    pub verdicts: Vec<VerdictWords>,
    /// Each effect's word, by the spec's string.
    pub effects: BTreeMap<&'static str, String>,
    /// Each open item kind's word, by the spec's string.
    pub open_items: BTreeMap<&'static str, String>,
    /// What each register code means, why it matters, what to ask.
    pub explanations: BTreeMap<&'static str, Explanation>,
}

impl RegisterWords {
    fn of(language: Language) -> Self {
        let msg = Messages::new(language);
        RegisterWords {
            verdicts: Verdict::ALL
                .iter()
                .map(|v| VerdictWords {
                    verdict: *v,
                    word: msg.verdict(*v),
                    icon: v.icon(),
                })
                .collect(),
            effects: Effect::ALL
                .iter()
                .map(|e| (e.as_str(), msg.effect(*e)))
                .collect(),
            open_items: OpenItemKind::ALL
                .iter()
                .map(|k| (k.as_str(), msg.named("open-item", k.as_str())))
                .collect(),
            explanations: RegisterCode::ALL
                .iter()
                .map(|c| (c.as_str(), register_explanation_in(*c, language)))
                .collect(),
        }
    }
}

/// The register words in the app's language (after a language change).
pub fn register_words(state: &AppState) -> RegisterWords {
    RegisterWords::of(state.language())
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
    Ok(RegisterView {
        job,
        exit: register.exit_status(),
        paths,
        trust,
        skipped,
        register,
        words: RegisterWords::of(state.language()),
    })
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
    let as_of = as_of(query.as_of.as_deref())?;
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
    let skipped = skipped
        .into_iter()
        .map(|s| SkippedEntry {
            path: s.path.display().to_string(),
            reason: s.reason,
        })
        .collect();
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
    let register = register(packs, &options).map_err(|e| match e {
        RegisterError::Cancelled => AppError::Cancelled,
        e @ RegisterError::Internal { .. } => AppError::Internal {
            message: e.to_string(),
        },
    })?;
    let paths = register
        .packs()
        .iter()
        .map(|p| by_name.get(&p.file).cloned().flatten())
        .collect();
    Ok(Made {
        register,
        paths,
        trust: TrustStoreView::of(&trust),
        skipped,
    })
}

/// `as_of` as given (RFC 3339 with an offset), or now.
fn as_of(given: Option<&str>) -> Result<Timestamp, AppError> {
    match given.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => text.parse().map_err(|e| AppError::BadRequest {
            message: format!("as_of: {e}"),
        }),
        None => Ok(Timestamp::now()),
    }
}

/// What to export a register as.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RegisterFormat {
    /// The §19 JSON, as `proofpack register --json`.
    Json,
    /// The requests as CSV, as `proofpack register --csv`.
    Csv,
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
    let bytes = match format {
        RegisterFormat::Json => {
            let mut out = Vec::new();
            json::pretty_value(&mut out, &register).map_err(|e| AppError::write(path, e))?;
            out.push(b'\n');
            out
        }
        RegisterFormat::Csv => render::csv(&register).into_bytes(),
    };
    save_new(path, &bytes, overwrite)?;
    Ok(path.to_owned())
}
