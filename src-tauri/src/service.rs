//! What the app's commands do, on top of the core and the author crate.
//! Every `#[tauri::command]` in `commands.rs` is a one-line call into this
//! module, which holds no verification logic of its own: reports come from
//! `proofpack_core::verify`, pictures from the core's renderer, signing and
//! its refusals (in their own words) from `proofpack_author::sign`.

use crate::error::AppError;
use proofpack_author::pack::{recipients_entry, remedy, Evidence};
use proofpack_author::{files, keys, Destination, Refusal, Refused, SignError, SignRequest};
use proofpack_core::report::TrustStoreInfo;
use proofpack_core::report::{AttestationState, NotCounted};
use proofpack_core::trust::{key_entry_json, KeyView};
use proofpack_core::Effect;
use proofpack_core::{verify_until, Cancel, Limits, Report, TrustStore, Verdict, VerifyError};
use proofpack_render::explain::{self, ExplainedCode};
use proofpack_render::i18n::{self, Language, Messages};
use proofpack_render::{html, json, text};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::MemberName;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

mod register;
mod verification;
pub use register::{
    export_register, register_words, run_register, RegisterFormat, RegisterProgress, RegisterQuery,
    RegisterView, RegisterWords, VerdictWords, KEPT_REGISTERS,
};
pub use verification::{
    check_verification, is_verification, sign_verification, VerificationCheck, VerificationSigned,
};

/// What the command line asked for at start (`proofpack-app PACK...
/// [--trust FILE]`, or `proofpack-app --register DIR [--trust FILE]
/// [--as-of TS]`).
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Startup {
    /// Packs to open at start.
    pub packs: Vec<String>,
    /// The trust store for those packs and that register only (never remembered).
    pub trust: Option<String>,
    /// A folder (or pack) to open in Register mode at start.
    pub register: Option<String>,
    /// The instant that register judges open items at (RFC 3339; unset: now).
    pub as_of: Option<String>,
    /// A usage error of the command line, shown instead of a verdict.
    pub error: Option<String>,
}

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

/// How many finished reports are kept for export: the oldest go first, so
/// a long session does not hold every report it ever verified.
pub const KEPT_REPORTS: usize = 32;

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

/// Parses the app's command line.
pub fn parse_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> Startup {
    #[derive(clap::Parser)]
    #[command(
        name = "proofpack-app",
        about = "Verify and author proof-of-erasure packs"
    )]
    struct Args {
        /// Packs to open and verify at start.
        packs: Vec<PathBuf>,
        /// Trust store for the packs and the register given here (not remembered).
        #[arg(long, value_name = "FILE")]
        trust: Option<PathBuf>,
        /// Open Register mode on this folder of packs (spec §19).
        #[arg(long, value_name = "DIR")]
        register: Option<PathBuf>,
        /// The instant the register judges open items at (RFC 3339; default: now).
        #[arg(long, value_name = "TS", requires = "register", value_parser = parse_time)]
        as_of: Option<String>,
    }
    fn parse_time(text: &str) -> Result<String, String> {
        match Timestamp::parse(text) {
            Some(_) => Ok(text.to_owned()),
            None => Err(format!("not an RFC 3339 timestamp with an offset: {text}")),
        }
    }
    use clap::Parser;
    match Args::try_parse_from(args) {
        Ok(a) => Startup {
            packs: a.packs.iter().map(|p| p.display().to_string()).collect(),
            trust: a.trust.map(|p| p.display().to_string()),
            register: a.register.map(|p| p.display().to_string()),
            as_of: a.as_of,
            error: None,
        },
        Err(e) => Startup {
            error: Some(e.to_string()),
            ..Startup::default()
        },
    }
}

// ---------------------------------------------------------------------------
// Start and explanations

/// What the UI needs at start.
#[derive(Debug, Clone, Serialize)]
pub struct StartupView {
    /// The command line's packs, trust store and usage error.
    #[serde(flatten)]
    pub startup: Startup,
    /// The trust store remembered for packs opened in the UI.
    pub remembered_trust: Option<String>,
    /// The app's version.
    pub version: &'static str,
}

/// The start state.
pub fn startup(state: &AppState) -> StartupView {
    StartupView {
        startup: state.startup.clone(),
        remembered_trust: read_settings(state).trust_store,
        version: env!("CARGO_PKG_VERSION"),
    }
}

/// Every code's explanation in the app's language, as the CLI's `explain
/// --all --json --lang` gives it.
pub fn explanations(state: &AppState) -> Vec<ExplainedCode> {
    explain::all_in(state.language())
}

// ---------------------------------------------------------------------------
// Languages

/// A language the menu offers.
#[derive(Debug, Clone, Serialize)]
pub struct LanguageChoice {
    /// Its BCP 47 tag.
    pub tag: &'static str,
    /// Its name in itself (`Deutsch`), as the menu shows it.
    pub name: String,
}

/// The app's own words in one language, from the render crate's message
/// files (the `ui-*` messages).
#[derive(Debug, Clone, Serialize)]
pub struct UiStrings {
    /// The language's BCP 47 tag, for the page's `lang`.
    pub language: &'static str,
    /// Every language the menu offers, English first.
    pub languages: Vec<LanguageChoice>,
    /// Each message by id: a template whose `{name}` the UI fills in.
    pub strings: BTreeMap<String, String>,
}

/// The UI's words in the app's language.
pub fn ui_strings(state: &AppState) -> UiStrings {
    let language = state.language();
    UiStrings {
        language: language.tag(),
        languages: Language::ALL
            .into_iter()
            .map(|l| LanguageChoice {
                tag: l.tag(),
                name: Messages::new(l).text("language-name"),
            })
            .collect(),
        strings: i18n::ui_strings(language).into_iter().collect(),
    }
}

/// Switches the app to the language of the BCP 47 tag `tag` and remembers
/// it; its words.
pub fn set_language(state: &AppState, tag: &str) -> Result<UiStrings, AppError> {
    let language = Language::from_tag(tag).ok_or_else(|| AppError::BadRequest {
        message: format!("no messages in the language {tag:?}"),
    })?;
    *lock(&state.language) = language;
    let mut settings = read_settings(state);
    settings.language = Some(language.tag().to_owned());
    write_settings(state, &settings)?;
    Ok(ui_strings(state))
}

// ---------------------------------------------------------------------------
// Settings

#[derive(Debug, Default, Serialize, Deserialize)]
struct Settings {
    trust_store: Option<String>,
    /// The language chosen in the menu, a BCP 47 tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    language: Option<String>,
}

impl Settings {
    /// The language chosen, else the system's (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), else English.
    fn language(&self) -> Language {
        self.language
            .as_deref()
            .and_then(Language::from_tag)
            .unwrap_or_else(Language::from_environment)
    }
}

fn read_settings(state: &AppState) -> Settings {
    state
        .settings
        .get()
        .and_then(|p| std::fs::read(p).ok())
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

fn write_settings(state: &AppState, settings: &Settings) -> Result<(), AppError> {
    let Some(path) = state.settings.get() else {
        return Ok(());
    };
    let shown = path.display().to_string();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| AppError::write(&shown, e))?;
    }
    let bytes = serde_json::to_vec_pretty(settings).map_err(|e| AppError::write(&shown, e))?;
    files::write_atomic(path, &bytes).map_err(|e| AppError::write(&shown, e))
}

/// Remembers `path` as the trust store for packs opened in the UI, after
/// checking that it is a usable store.
pub fn remember_trust_store(state: &AppState, path: &str) -> Result<TrustStoreView, AppError> {
    let view = load_trust_store(path)?;
    let mut settings = read_settings(state);
    settings.trust_store = Some(path.to_owned());
    write_settings(state, &settings)?;
    Ok(view)
}

/// Forgets the remembered trust store.
pub fn forget_trust_store(state: &AppState) -> Result<(), AppError> {
    let mut settings = read_settings(state);
    settings.trust_store = None;
    write_settings(state, &settings)
}

// ---------------------------------------------------------------------------
// Trust stores

/// A trust store as the UI shows it.
#[derive(Debug, Clone, Serialize)]
pub struct TrustStoreView {
    /// Path, SHA-256 and key count.
    #[serde(flatten)]
    pub info: TrustStoreInfo,
    /// The file's modification time (RFC 3339, UTC), where the system gives one.
    pub modified: Option<String>,
    /// Every key.
    pub key_views: Vec<KeyView>,
}

fn load_trust(path: &str) -> Result<TrustStore, AppError> {
    TrustStore::load(Path::new(path)).map_err(|e| AppError::TrustStore {
        path: path.to_owned(),
        message: e.to_string(),
    })
}

impl TrustStoreView {
    /// The store as the UI shows it, with its file's modification time.
    fn of(store: &TrustStore) -> TrustStoreView {
        let modified = store
            .identity()
            .path
            .as_ref()
            .and_then(|path| std::fs::metadata(path).and_then(|m| m.modified()).ok())
            .and_then(|t| {
                let since = t.duration_since(std::time::UNIX_EPOCH).ok()?;
                let at = time_from_unix(since.as_secs())?;
                Some(at.raw().to_owned())
            });
        TrustStoreView {
            info: store.identity().clone(),
            modified,
            key_views: store.keys().iter().map(|k| k.view()).collect(),
        }
    }
}

fn time_from_unix(seconds: u64) -> Option<Timestamp> {
    let at = time::OffsetDateTime::from_unix_timestamp(i64::try_from(seconds).ok()?).ok()?;
    Timestamp::from_instant_utc(at)
}

/// Reads and shows a trust store.
pub fn load_trust_store(path: &str) -> Result<TrustStoreView, AppError> {
    load_trust(path).map(|t| TrustStoreView::of(&t))
}

// ---------------------------------------------------------------------------
// Verification

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

/// What the UI shows of a report in one language: the pictures the core
/// draws and the renderer's words.
#[derive(Debug, Clone, Serialize)]
pub struct Shown {
    /// The SLA timeline, an SVG document.
    pub sla_svg: Option<String>,
    /// The provenance graph, an SVG document.
    pub provenance_svg: Option<String>,
    /// The core's words for what the UI shows, so that it says what the CLI says.
    pub words: ReportWords,
}

impl Shown {
    fn of(report: &Report, language: Language) -> Self {
        Shown {
            sla_svg: html::sla_svg_in(report, language),
            provenance_svg: html::provenance_svg_in(report, language),
            words: ReportWords::of(report, language),
        }
    }
}

/// The renderer's words for a report in one language: the verdict's word,
/// icon and meaning, each tier's evidence lines, the SLA margin and the
/// words of the closed sets the panels show, as the human report has them.
#[derive(Debug, Clone, Serialize)]
pub struct ReportWords {
    /// The verdict's word (the report keeps the spec's string).
    pub verdict: String,
    /// The verdict's icon.
    pub icon: &'static str,
    /// The verdict's §12 exit status.
    pub exit: i32,
    /// What the verdict means, in one sentence.
    pub meaning: String,
    /// Per tier, in the report's order: its evidence lines.
    pub tier_details: Vec<Vec<String>>,
    /// The margin to the effective deadline, `[-]Nd Nh Nm`.
    pub margin: Option<String>,
    /// Per passed check, in the report's order: what it established.
    pub passed: Vec<String>,
    /// Each effect's word, by the spec's string.
    pub effects: BTreeMap<&'static str, String>,
    /// Each §16 receipt attestation state's words, by the spec's string.
    pub attestation: BTreeMap<&'static str, String>,
    /// Each §15 reason a cosignature does not count, by the spec's string.
    pub not_counted: BTreeMap<&'static str, String>,
}

impl ReportWords {
    fn of(report: &Report, language: Language) -> Self {
        let msg = Messages::new(language);
        ReportWords {
            verdict: msg.verdict(report.verdict()),
            icon: report.verdict().icon(),
            exit: report.exit_status(),
            meaning: msg.verdict_meaning(report.verdict()),
            tier_details: report
                .tiers()
                .iter()
                .map(|t| text::tier_details_in(t, language))
                .collect(),
            margin: report
                .sla()
                .margin_seconds
                .map(|s| text::margin_in(s, language)),
            passed: report
                .passed()
                .iter()
                .map(|p| msg.passed(p.code()))
                .collect(),
            effects: Effect::ALL
                .iter()
                .map(|e| (e.as_str(), msg.effect(*e)))
                .collect(),
            attestation: AttestationState::ALL
                .iter()
                .map(|s| (s.as_str(), text::attestation_words(*s, language)))
                .collect(),
            not_counted: NotCounted::ALL
                .iter()
                .map(|n| (n.as_str(), text::not_counted_words(*n, language)))
                .collect(),
        }
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
/// only. The job exists (and can be cancelled) from now on.
pub fn new_job(state: &AppState) -> u64 {
    let job = state.next_job.fetch_add(1, Ordering::Relaxed);
    lock(&state.jobs).insert(job, Cancel::new());
    job
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
    let mut reports = lock(&state.reports);
    reports.insert(job, verified.report.clone());
    while reports.len() > KEPT_REPORTS {
        reports.pop_first();
    }
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

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere cannot leave these maps inconsistent: recover.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The paths of a drag-and-drop onto the window, as the UI opens them.
pub fn dropped_paths(paths: &[PathBuf]) -> Vec<String> {
    paths.iter().map(|p| p.display().to_string()).collect()
}

/// A drag-and-drop's paths split by content: the packs to verify, and the
/// signed verifications (§20) to check.
pub fn split_dropped(paths: &[PathBuf]) -> (Vec<String>, Vec<String>) {
    let (statements, packs): (Vec<PathBuf>, Vec<PathBuf>) =
        paths.iter().cloned().partition(|p| is_verification(p));
    (dropped_paths(&packs), dropped_paths(&statements))
}

// ---------------------------------------------------------------------------
// Export

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

/// Writes `bytes` atomically, refusing to replace a file unless `overwrite`.
fn save_new(path: &str, bytes: &[u8], overwrite: bool) -> Result<(), AppError> {
    if !overwrite && files::occupied(Path::new(path)) {
        return Err(AppError::Exists {
            path: path.to_owned(),
        });
    }
    files::write_atomic(Path::new(path), bytes).map_err(|e| AppError::write(path, e))
}

// ---------------------------------------------------------------------------
// Author mode

/// An evidence folder as the UI shows it.
#[derive(Debug, Clone, Serialize)]
pub struct AuthorFolder {
    /// The folder.
    pub dir: String,
    /// `pack.json`'s members.
    pub pack_id: String,
    /// `signer`
    pub signer: String,
    /// `cascade_runner`
    pub cascade_runner: String,
    /// `signature_key_id`
    pub signature_key_id: String,
    /// `subprocessors`
    pub subprocessors: Vec<String>,
    /// The current `attestation.txt`, when UTF-8.
    pub attestation: Option<String>,
    /// The members the pack will hold.
    pub members: Vec<String>,
}

/// Reads an evidence folder.
pub fn author_open(dir: &str) -> Result<AuthorFolder, AppError> {
    let evidence = Evidence::from_dir(Path::new(dir))?;
    let d = &evidence.description;
    Ok(AuthorFolder {
        dir: dir.to_owned(),
        pack_id: d.pack_id.clone(),
        signer: d.signer.clone(),
        cascade_runner: d.cascade_runner.clone(),
        signature_key_id: d.signature_key_id.clone(),
        subprocessors: d.subprocessors.clone(),
        attestation: attestation_of(&evidence)?,
        members: evidence.members.iter().map(|(p, _)| p.clone()).collect(),
    })
}

/// The folder's `attestation.txt`, when there is one and it is UTF-8 (a
/// file that cannot be read is an error, as it is when signing).
fn attestation_of(evidence: &Evidence) -> Result<Option<String>, AppError> {
    let Some(content) = evidence.member(MemberName::Attestation.as_str()) else {
        return Ok(None);
    };
    Ok(String::from_utf8(content.read()?.into_owned()).ok())
}

/// What Author mode signs with.
#[derive(Debug, Clone, Deserialize)]
pub struct AuthorRequest {
    /// The evidence folder.
    pub dir: String,
    /// The DPO's private key (PKCS#8 PEM).
    pub key: String,
    /// The trust store the recipients verify with.
    pub trust: String,
    /// Sign an incomplete or late pack (`--accept-incomplete`).
    #[serde(default)]
    pub accept_incomplete: bool,
    /// Sign a pack whose corroboration falls short of the store's policy
    /// (`--accept-uncorroborated`).
    #[serde(default)]
    pub accept_uncorroborated: bool,
    /// The attestation as edited in the UI (`None`: the folder's own).
    pub attestation: Option<String>,
    /// `signed_at`, for reproducible packs (`None`: now).
    pub signed_at: Option<String>,
}

/// One finding of the pre-sign check, with what to fix.
#[derive(Debug, Clone, Serialize)]
pub struct PresignFinding {
    /// The finding.
    #[serde(flatten)]
    pub finding: proofpack_core::Finding,
    /// What to fix before signing (as `proofpack pack` says it).
    pub remedy: &'static str,
}

/// What the trust store says of the signing key.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum SigningKeyView {
    /// The store holds `signature_key_id` with this key.
    Listed,
    /// The store does not hold it: the entry to add (the refusal's
    /// `what_to_do` has the commands).
    Missing {
        /// The trust-store entry.
        entry: serde_json::Value,
    },
    /// The store holds `signature_key_id` under another key.
    Mismatch {
        /// The fingerprint the store holds.
        listed: String,
        /// The fingerprint of the key given.
        given: String,
    },
}

/// A refusal to sign, in the author crate's words (those `proofpack pack`
/// prints).
#[derive(Debug, Clone, Serialize)]
pub struct RefusalView {
    /// Which refusal (`key_missing`, `key_mismatch`, `does_not_hold`,
    /// `needs_accept_incomplete`).
    pub kind: &'static str,
    /// That signing was refused, with the verdict and the trust store.
    pub summary: String,
    /// Why, in one sentence.
    pub reason: String,
    /// What to do, in lines.
    pub what_to_do: Vec<String>,
}

/// The outcome of the pre-sign check (and of a refused signing).
#[derive(Debug, Clone, Serialize)]
pub struct Presign {
    /// Whether `pack` would sign (and so Sign is enabled).
    pub would_sign: bool,
    /// The verdict the would-be pack gets with the trust store.
    pub verdict: Verdict,
    /// Why it would not sign.
    pub refusal: Option<RefusalView>,
    /// The findings (warnings included), each with its remedy.
    pub findings: Vec<PresignFinding>,
    /// What the trust store says of the signing key.
    pub signing_key: SigningKeyView,
    /// The full report of the would-be pack.
    pub report: Report,
    /// The core's words for it.
    pub words: ReportWords,
}

impl Presign {
    fn of(
        report: Report,
        refusal: Option<RefusalView>,
        signing_key: SigningKeyView,
        language: Language,
    ) -> Self {
        let findings = report
            .findings()
            .iter()
            .map(|f| PresignFinding {
                finding: f.clone(),
                remedy: remedy(f.code()),
            })
            .collect();
        Presign {
            would_sign: refusal.is_none(),
            verdict: report.verdict(),
            words: ReportWords::of(&report, language),
            refusal,
            findings,
            signing_key,
            report,
        }
    }

    /// A pack that would be signed.
    fn signable(report: Report, language: Language) -> Self {
        Presign::of(report, None, SigningKeyView::Listed, language)
    }

    /// A refused pack, as the author crate words the refusal.
    fn refused(refused: &Refused, language: Language) -> Self {
        let refusal = refused.refusal();
        let signing_key = match refusal {
            Refusal::KeyMissing { entry, .. } => SigningKeyView::Missing {
                entry: key_entry_json(entry),
            },
            Refusal::KeyMismatch { listed, given, .. } => SigningKeyView::Mismatch {
                listed: listed.clone(),
                given: given.clone(),
            },
            Refusal::DoesNotHold { .. }
            | Refusal::NeedsAcceptIncomplete { .. }
            | Refusal::NeedsAcceptUncorroborated { .. } => SigningKeyView::Listed,
        };
        let view = RefusalView {
            kind: refusal.kind(),
            summary: refused.to_string(),
            reason: refusal.to_string(),
            what_to_do: refusal.what_to_do(),
        };
        Presign::of(refused.report().clone(), Some(view), signing_key, language)
    }
}

/// The outcome of signing.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum SignOutcome {
    /// Written.
    Signed {
        /// The pack written.
        path: String,
        /// Its SHA-256.
        sha256: String,
        /// Its verdict with the trust store.
        verdict: Verdict,
    },
    /// Refused, exactly as `proofpack pack` refuses; nothing was written.
    Refused(Box<Presign>),
}

impl AuthorRequest {
    /// The author crate's request; `signed_at` must be RFC 3339.
    fn sign_request(&self) -> Result<SignRequest, AppError> {
        let signed_at = match &self.signed_at {
            None => None,
            Some(t) => Some(Timestamp::parse(t).ok_or_else(|| AppError::BadRequest {
                message: format!("signed_at {t:?} is not an RFC 3339 date-time with an offset"),
            })?),
        };
        Ok(SignRequest {
            evidence_dir: PathBuf::from(&self.dir),
            key_path: PathBuf::from(&self.key),
            trust_path: PathBuf::from(&self.trust),
            signed_at,
            accept_incomplete: self.accept_incomplete,
            accept_uncorroborated: self.accept_uncorroborated,
            attestation_override: self.attestation.clone(),
        })
    }
}

/// Checks an evidence folder as `proofpack pack` would, without writing
/// (the author crate's dry run). Blocking: it verifies the would-be pack.
pub fn author_check(state: &AppState, request: &AuthorRequest) -> Result<Presign, AppError> {
    let language = state.language();
    match proofpack_author::check(&request.sign_request()?) {
        Ok(authored) => Ok(Presign::signable(authored.report, language)),
        Err(SignError::Refused(refused)) => Ok(Presign::refused(&refused, language)),
        Err(e) => Err(e.into()),
    }
}

/// Signs and saves a pack with the author crate's one call, as `proofpack
/// pack` does: the same refusals, an existing `out` replaced only with
/// `overwrite`, an edited attestation saved into the evidence folder.
pub fn author_sign(
    state: &AppState,
    request: &AuthorRequest,
    out: &str,
    overwrite: bool,
) -> Result<SignOutcome, AppError> {
    let destination = Destination {
        path: PathBuf::from(out),
        replace: overwrite,
    };
    match proofpack_author::sign(&request.sign_request()?, &destination) {
        Ok(authored) => Ok(SignOutcome::Signed {
            path: out.to_owned(),
            sha256: authored.report.pack().sha256.clone(),
            verdict: authored.report.verdict(),
        }),
        Err(SignError::Refused(refused)) => Ok(SignOutcome::Refused(Box::new(Presign::refused(
            &refused,
            state.language(),
        )))),
        Err(e) => Err(e.into()),
    }
}

/// The trust-store entry of the key for recipients: a `dpo` key of the
/// folder's `signer`, under its `signature_key_id`.
pub fn author_trust_entry(dir: &str, key: &str) -> Result<String, AppError> {
    let evidence = Evidence::from_dir(Path::new(dir))?;
    let key = keys::read_private_key(Path::new(key))?;
    let entry = recipients_entry(&evidence.description, &key);
    Ok(proofpack_render::json::json_for_terminal(
        &key_entry_json(&entry),
        true,
    ))
}
