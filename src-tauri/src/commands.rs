//! The app's IPC commands. Each is a delegate to [`crate::service`] (which
//! calls the core and the author crate) or to the dialog plugin; what blocks
//! (verifying, signing, rendering a report) runs on a blocking thread, never
//! on the async runtime's workers. Errors cross as the typed [`AppError`].

use crate::error::AppError;
use crate::service::{
    self, AppState, AuthorFolder, AuthorRequest, ExportFormat, Presign, ReceiptSigned,
    RegisterFormat, RegisterQuery, RegisterView, RegisterWords, Shown, SignOutcome, StartupView,
    TrustStoreView, UiStrings, VerificationCheck, Verified, VerifyRequest,
};
use proofpack_render::explain::ExplainedCode;
use tauri::{AppHandle, Emitter, Manager, Runtime, State};
use tauri_plugin_dialog::DialogExt;

/// The event that carries a verification's progress.
pub const PROGRESS_EVENT: &str = "verify-progress";

/// The event that carries a register's progress.
pub const REGISTER_PROGRESS_EVENT: &str = "register-progress";

/// The start state: packs and trust store from the command line, and the
/// remembered trust store.
#[tauri::command]
pub fn startup(state: State<'_, AppState>) -> StartupView {
    service::startup(&state)
}

/// Every code's explanation, in the app's language.
#[tauri::command]
pub fn explanations(state: State<'_, AppState>) -> Vec<ExplainedCode> {
    service::explanations(&state)
}

/// The UI's own words in the app's language, and the languages there are.
#[tauri::command]
pub fn ui_strings(state: State<'_, AppState>) -> UiStrings {
    service::ui_strings(&state)
}

/// Switches the app's language (a BCP 47 tag) and remembers it.
#[tauri::command]
pub fn set_language(state: State<'_, AppState>, language: String) -> Result<UiStrings, AppError> {
    service::set_language(&state, &language)
}

/// The pictures and words of a kept report, in the app's language now.
#[tauri::command]
pub async fn shown<R: Runtime>(app: AppHandle<R>, job: u64) -> Result<Shown, AppError> {
    blocking(move || service::shown(&app.state::<AppState>(), job)).await
}

/// Runs `work` on a blocking thread: the async runtime's workers stay free
/// for the other commands and the events.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    tauri::async_runtime::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal {
            message: e.to_string(),
        })?
}

/// A new job id, before `verify_pack`: the UI can cancel the job from now.
#[tauri::command]
pub fn new_job(state: State<'_, AppState>) -> u64 {
    service::new_job(&state)
}

/// Verifies a pack as job `job` (from `new_job`) on a blocking thread,
/// emitting [`PROGRESS_EVENT`]s.
#[tauri::command]
pub async fn verify_pack<R: Runtime>(
    app: AppHandle<R>,
    job: u64,
    request: VerifyRequest,
) -> Result<Verified, AppError> {
    blocking(move || {
        let state = app.state::<AppState>();
        service::verify_pack(&state, job, &request, |p| drop(app.emit(PROGRESS_EVENT, p)))
    })
    .await
}

/// Makes the register (§19) of folders or packs as job `job` (from
/// `new_job`) on a blocking thread, emitting [`REGISTER_PROGRESS_EVENT`]s;
/// `cancel_verification` stops it as it stops a verification.
#[tauri::command]
pub async fn run_register<R: Runtime>(
    app: AppHandle<R>,
    job: u64,
    query: RegisterQuery,
) -> Result<RegisterView, AppError> {
    blocking(move || {
        let state = app.state::<AppState>();
        service::run_register(&state, job, &query, |p| {
            drop(app.emit(REGISTER_PROGRESS_EVENT, p));
        })
    })
    .await
}

/// The register's words in the app's language now, with the messages of
/// register `job` when it is kept.
#[tauri::command]
pub fn register_words(state: State<'_, AppState>, job: Option<u64>) -> RegisterWords {
    service::register_words(&state, job)
}

/// Writes a register as `proofpack register --json` or `--csv` would.
#[tauri::command]
pub async fn export_register<R: Runtime>(
    app: AppHandle<R>,
    job: u64,
    format: RegisterFormat,
    path: String,
    overwrite: bool,
) -> Result<String, AppError> {
    blocking(move || {
        service::export_register(&app.state::<AppState>(), job, format, &path, overwrite)
    })
    .await
}

/// Asks a verification (or a register) to stop.
#[tauri::command]
pub fn cancel_verification(state: State<'_, AppState>, job: u64) -> bool {
    service::cancel_verification(&state, job)
}

/// The UI closed a pack: its verification stops, its report is dropped.
#[tauri::command]
pub fn close_pack(state: State<'_, AppState>, job: u64) -> bool {
    service::close_pack(&state, job)
}

/// Reads and shows a trust store.
#[tauri::command]
pub async fn load_trust_store(path: String) -> Result<TrustStoreView, AppError> {
    service::load_trust_store(&path)
}

/// Remembers a trust store for packs opened in the UI.
#[tauri::command]
pub async fn remember_trust_store(
    state: State<'_, AppState>,
    path: String,
) -> Result<TrustStoreView, AppError> {
    service::remember_trust_store(&state, &path)
}

/// Forgets the remembered trust store.
#[tauri::command]
pub async fn forget_trust_store(state: State<'_, AppState>) -> Result<(), AppError> {
    service::forget_trust_store(&state)
}

/// Writes a report of this session as JSON or HTML.
#[tauri::command]
pub async fn export_report<R: Runtime>(
    app: AppHandle<R>,
    job: u64,
    format: ExportFormat,
    path: String,
    overwrite: bool,
) -> Result<String, AppError> {
    blocking(move || {
        service::export_report(&app.state::<AppState>(), job, format, &path, overwrite)
    })
    .await
}

/// Reads an evidence folder.
#[tauri::command]
pub async fn author_open(dir: String) -> Result<AuthorFolder, AppError> {
    service::author_open(&dir)
}

/// The pre-sign check of `proofpack pack`, writing nothing.
#[tauri::command]
pub async fn author_check<R: Runtime>(
    app: AppHandle<R>,
    request: AuthorRequest,
) -> Result<Presign, AppError> {
    blocking(move || service::author_check(&app.state::<AppState>(), &request)).await
}

/// Signs and saves a pack, with `proofpack pack`'s refusals.
#[tauri::command]
pub async fn author_sign<R: Runtime>(
    app: AppHandle<R>,
    request: AuthorRequest,
    out: String,
    overwrite: bool,
) -> Result<SignOutcome, AppError> {
    blocking(move || service::author_sign(&app.state::<AppState>(), &request, &out, overwrite))
        .await
}

/// The trust-store entry of the signing key, for the recipients.
#[tauri::command]
pub async fn author_trust_entry(dir: String, key: String) -> Result<String, AppError> {
    service::author_trust_entry(&dir, &key)
}

/// Signs report `job` (the one shown) as a verification receipt (§20)
/// with the verifier key `key`, whose entry in the key store `keys` names
/// it, and saves it to `out`. (The command keeps the UI's name.)
#[tauri::command]
pub async fn sign_verification<R: Runtime>(
    app: AppHandle<R>,
    job: u64,
    key: String,
    keys: String,
    out: String,
    overwrite: bool,
) -> Result<ReceiptSigned, AppError> {
    blocking(move || {
        service::sign_receipt(&app.state::<AppState>(), job, &key, &keys, &out, overwrite)
    })
    .await
}

/// Checks a verification receipt (§20) against the key store `keys`,
/// comparing it with `pack` when given. (The command keeps the UI's name.)
#[tauri::command]
pub async fn check_verification<R: Runtime>(
    app: AppHandle<R>,
    file: String,
    keys: String,
    pack: Option<String>,
) -> Result<VerificationCheck, AppError> {
    blocking(move || {
        service::check_receipt(&app.state::<AppState>(), &file, &keys, pack.as_deref())
    })
    .await
}

/// The file dialog for packs (several at once).
#[tauri::command]
pub async fn pick_packs<R: Runtime>(app: AppHandle<R>) -> Option<Vec<String>> {
    app.dialog()
        .file()
        .add_filter("Proof packs", &["gz"])
        .blocking_pick_files()
        .map(|f| f.iter().map(ToString::to_string).collect())
}

/// The file dialog for a trust store.
#[tauri::command]
pub async fn pick_trust_store<R: Runtime>(app: AppHandle<R>) -> Option<String> {
    app.dialog()
        .file()
        .add_filter("Trust stores", &["json"])
        .blocking_pick_file()
        .map(|f| f.to_string())
}

/// The folder dialog for an evidence folder.
#[tauri::command]
pub async fn pick_evidence_folder<R: Runtime>(app: AppHandle<R>) -> Option<String> {
    app.dialog()
        .file()
        .blocking_pick_folder()
        .map(|f| f.to_string())
}

/// The file dialog for a private key.
#[tauri::command]
pub async fn pick_key_file<R: Runtime>(app: AppHandle<R>) -> Option<String> {
    app.dialog()
        .file()
        .add_filter("PEM keys", &["pem"])
        .blocking_pick_file()
        .map(|f| f.to_string())
}

/// The save dialog (it asks before replacing a file itself).
#[tauri::command]
pub async fn pick_save_path<R: Runtime>(app: AppHandle<R>, suggested: String) -> Option<String> {
    app.dialog()
        .file()
        .set_file_name(suggested)
        .blocking_save_file()
        .map(|f| f.to_string())
}
