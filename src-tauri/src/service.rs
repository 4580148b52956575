//! What the app's commands do, on top of the core and the author crate.
//! Every `#[tauri::command]` in `commands.rs` is a one-line call into this
//! module, which holds no verification logic of its own: reports come from
//! `proofpack_core::verify`, pictures from the core's renderer, signing and
//! its refusals (in their own words) from `proofpack_author::sign`.
//!
//! What the panels show is built by `proofpack_render::views`, as for the
//! browser's worker. One module per concern: the command line (`args`), what is remembered
//! (`settings`), the language (`language`), trust stores (`trust`),
//! jobs and the reports kept
//! (`jobs`), Verify mode (`verify`), dropped files (`dropped`), export
//! (`export`), Author mode (`author`), Register mode (`register`) and
//! the verification receipts of §20 (`verification_receipt`).

use proofpack_core::{Cancel, Report};
use proofpack_render::i18n::Language;
use settings::read_settings;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Mutex;

mod args;
mod author;
mod dropped;
mod export;
mod jobs;
mod language;
mod register;
mod settings;
mod trust;
mod verification_receipt;
mod verify;

pub use args::{parse_args, startup, Startup, StartupView};
pub use author::{
    author_check, author_open, author_sign, author_trust_entry, AuthorFolder, AuthorRequest,
    Presign, PresignFinding, RefusalView, SignOutcome, SigningKeyView,
};
pub use dropped::{dropped_paths, split_dropped};
pub use export::{export_report, ExportFormat};
pub use jobs::{cancel_verification, close_pack, new_job, shown, KEPT_REPORTS};
pub use language::{explanations, set_language, ui_strings, LanguageChoice, UiStrings};
pub use proofpack_render::views::{ReportWords, Shown, VerdictWords};
pub use register::{
    export_register, register_words, run_register, RegisterFormat, RegisterProgress, RegisterQuery,
    RegisterView, RegisterWords, SkippedEntry, KEPT_REGISTERS,
};
pub use settings::{forget_trust_store, remember_trust_store};
pub use trust::{load_trust_store, TrustStoreView};
pub use verification_receipt::{
    check_receipt, is_receipt, sign_receipt, ReceiptSigned, VerificationCheck,
};
pub use verify::{verify_pack, Progress, Verified, VerifyRequest};

/// The app's state, shared by its commands.
#[derive(Debug)]
pub struct AppState {
    startup: Startup,
    /// Where the remembered settings live (unset: nothing is remembered).
    settings: std::sync::OnceLock<PathBuf>,
    /// Cancel flags of the jobs given out by [`new_job`] and not yet
    /// finished, by job: a job can be cancelled from the moment it exists.
    jobs: Mutex<HashMap<u64, Cancel>>,
    /// The last [`KEPT_REPORTS`] reports of this session, by job, for export.
    reports: Mutex<BTreeMap<u64, Report>>,
    /// The last [`KEPT_REGISTERS`] registers of this session, by job, for export.
    registers: Mutex<BTreeMap<u64, proofpack_register::Register>>,
    next_job: AtomicU64,
    /// The language of the UI and of the reports, explanations and exports
    /// it shows: the remembered one, else the system's.
    language: Mutex<Language>,
}

impl AppState {
    /// Sets where settings are remembered, once (the app's config folder is
    /// known only when the app has started).
    pub fn remember_in(&self, path: PathBuf) {
        if self.settings.set(path).is_ok() {
            *lock(&self.language) = read_settings(self).language();
        }
    }

    /// The state of an app started with `startup`, remembering settings in
    /// `settings` (a JSON file).
    pub fn new(startup: Startup, settings: Option<PathBuf>) -> Self {
        let cell = std::sync::OnceLock::new();
        if let Some(path) = settings {
            let _ = cell.set(path);
        }
        let mut state = AppState {
            startup,
            settings: cell,
            jobs: Mutex::new(HashMap::new()),
            reports: Mutex::new(BTreeMap::new()),
            registers: Mutex::new(BTreeMap::new()),
            next_job: AtomicU64::new(1),
            language: Mutex::new(Language::En),
        };
        let language = read_settings(&state).language();
        *state
            .language
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = language;
        state
    }

    /// The language the app speaks now.
    pub fn language(&self) -> Language {
        *lock(&self.language)
    }
}

/// Locks one of the state's maps.
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere cannot leave these maps inconsistent: recover.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
