//! What a front end's panels show, built once for every front end that
//! shows them (the desktop app's service and the browser's worker): the
//! UI's words, a trust store as a reviewer sees it, a report's pictures and
//! words in one language, a register's words, and the bytes of each export.
//! Each is plain data that serialises to the JSON the UI (`ui/`) reads, so
//! the same `ui/` draws the same panels whichever backend made them.

use crate::i18n::{self, Language, Messages};
use crate::{explain, html, json, register as render_register, text};
use proofpack_core::report::{AttestationState, NotCounted, TrustStoreInfo};
use proofpack_core::trust::KeyView;
use proofpack_core::{Effect, RegisterCode, Report, SuccessCode, TrustStore, Verdict, VerifyError};
use proofpack_register::{Register, RegisterError, SkipReason};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::OpenItemKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// The UI's own words

/// A language the menu offers.
#[derive(Debug, Clone, Serialize)]
pub struct LanguageChoice {
    /// Its BCP 47 tag.
    pub tag: &'static str,
    /// Its name in itself (`Deutsch`), as the menu shows it.
    pub name: String,
}

/// The UI's own words in one language, from the render crate's message
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

impl UiStrings {
    /// The UI's words in `language`.
    pub fn of(language: Language) -> Self {
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
}

/// Every code's explanation in `language`, as `proofpack explain --all
/// --json --lang` gives it.
pub fn explanations(language: Language) -> Vec<explain::ExplainedCode> {
    explain::all_in(language)
}

// ---------------------------------------------------------------------------
// Trust stores

/// A trust store as the UI shows it.
#[derive(Debug, Clone, Serialize)]
pub struct TrustStoreView {
    /// Path (or name), SHA-256 and key count.
    #[serde(flatten)]
    pub info: TrustStoreInfo,
    /// The file's modification time (RFC 3339, UTC), where one is known.
    pub modified: Option<String>,
    /// Every key.
    pub key_views: Vec<KeyView>,
}

impl TrustStoreView {
    /// `store` as the UI shows it, its file last modified at `modified`.
    pub fn of(store: &TrustStore, modified: Option<Timestamp>) -> Self {
        TrustStoreView {
            info: store.identity().clone(),
            modified: modified.map(|t| t.raw().to_owned()),
            key_views: store.keys().iter().map(|k| k.view()).collect(),
        }
    }
}

/// The instant `seconds` after the Unix epoch, in UTC (a file's
/// modification time, as a file system or a browser's `File` gives it).
pub fn unix_time(seconds: i64) -> Option<Timestamp> {
    let at = time::OffsetDateTime::from_unix_timestamp(seconds).ok()?;
    Timestamp::from_instant_utc(at)
}

// ---------------------------------------------------------------------------
// A verified pack

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
    /// The pictures and words, in the UI's language.
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
    /// The renderer's words for what the UI shows, so that it says what the CLI says.
    pub words: ReportWords,
}

impl Shown {
    /// The pictures and words of `report` in `language`.
    pub fn of(report: &Report, language: Language) -> Self {
        Shown {
            sla_svg: html::sla_svg_in(report, language),
            provenance_svg: html::provenance_svg_in(report, language),
            words: ReportWords::of(report, language),
        }
    }
}

/// The renderer's words for a report in one language: the verdict's word,
/// icon and meaning, each tier's evidence lines, the SLA rule and margin and
/// the words of the closed sets the panels show, as the human report has
/// them.
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
    /// Which rule of §6 applied, in the reader's words (the report's
    /// `sla.rule` is English).
    pub rule: Option<String>,
    /// Per passed check, in the report's order: what it established.
    pub passed: Vec<String>,
    /// Per finding, in the report's order: its one-line message in the
    /// reader's language (the report's `message` is English).
    pub messages: Vec<String>,
    /// Each effect's word, by the spec's string.
    pub effects: BTreeMap<&'static str, String>,
    /// Each §16 receipt attestation state's words, by the spec's string.
    pub attestation: BTreeMap<&'static str, String>,
    /// Each §15 reason a cosignature does not count, by the spec's string.
    pub not_counted: BTreeMap<&'static str, String>,
    /// The witnessed time of §21 and its k, or that there is none, as the
    /// human report words it.
    pub witnessed: String,
    /// How the witnessed time stands to the effective deadline (§21).
    pub witnessed_state: WitnessedState,
}

/// How the witnessed time of §21 stands to the effective deadline of §6,
/// so that the UI says what it means without comparing times itself.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum WitnessedState {
    /// Before the effective deadline: the witnesses corroborate it.
    BeforeDeadline,
    /// At or after it (the deadline is exclusive, §6): no witness
    /// corroborates a completion before it.
    AfterDeadline,
    /// A witnessed time, but no effective deadline to compare it with.
    NoDeadline,
    /// No witnessed time: fewer than k witnesses count on `checkpoint_after`.
    None,
}

impl WitnessedState {
    /// Where `report`'s witnessed time stands to its effective deadline:
    /// the core's own judgement (the success code `sla.witnessed`), not a
    /// second comparison of the two times.
    pub(crate) fn of(report: &Report) -> Self {
        let before = report
            .passed()
            .iter()
            .any(|p| p.code() == SuccessCode::SlaWitnessed);
        let sla = report.sla();
        WitnessedState::from_parts(
            sla.witnessed_at.is_some(),
            sla.effective_deadline.is_some(),
            before,
        )
    }

    fn from_parts(witnessed: bool, deadline: bool, before_deadline: bool) -> Self {
        match (witnessed, deadline) {
            (false, _) => WitnessedState::None,
            (true, false) => WitnessedState::NoDeadline,
            _ if before_deadline => WitnessedState::BeforeDeadline,
            _ => WitnessedState::AfterDeadline,
        }
    }
}

impl ReportWords {
    /// The words of `report` in `language`.
    pub fn of(report: &Report, language: Language) -> Self {
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
            rule: text::sla_rule_in(report, language),
            passed: report
                .passed()
                .iter()
                .map(|p| msg.passed(p.code()))
                .collect(),
            messages: report.findings().iter().map(|f| msg.finding(f)).collect(),
            effects: effect_words(msg),
            attestation: AttestationState::ALL
                .iter()
                .map(|s| (s.as_str(), text::attestation_words(*s, language)))
                .collect(),
            not_counted: NotCounted::ALL
                .iter()
                .map(|n| (n.as_str(), text::not_counted_words(*n, language)))
                .collect(),
            witnessed: text::witnessed_words(report.sla(), language),
            witnessed_state: WitnessedState::of(report),
        }
    }
}

fn effect_words(msg: Messages) -> BTreeMap<&'static str, String> {
    Effect::ALL
        .iter()
        .map(|e| (e.as_str(), msg.effect(*e)))
        .collect()
}

// ---------------------------------------------------------------------------
// Registers (§19)

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
    /// The words of what the register shows, in the UI's language, its
    /// findings' messages included.
    pub words: RegisterWords,
}

impl RegisterView {
    /// What the UI shows of `register`, made as job `job` (`paths`: where
    /// each of its packs is; `skipped`: the entries of folders given that
    /// are not packs), in `language`.
    pub fn new(
        job: u64,
        register: Register,
        paths: Vec<Option<String>>,
        trust: TrustStoreView,
        skipped: Vec<SkippedEntry>,
        language: Language,
    ) -> Self {
        RegisterView {
            job,
            exit: register.exit_status(),
            words: RegisterWords::for_register(&register, language),
            register,
            paths,
            trust,
            skipped,
        }
    }
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

impl From<proofpack_register::Skipped> for SkippedEntry {
    fn from(skipped: proofpack_register::Skipped) -> Self {
        SkippedEntry {
            path: skipped.path.display().to_string(),
            reason: skipped.reason,
        }
    }
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
    pub explanations: BTreeMap<&'static str, explain::Explanation>,
    /// Each finding's message of the register these words were made for,
    /// in the order of its `findings` (empty: made for none).
    pub messages: Vec<String>,
}

impl RegisterWords {
    /// The register words in `language`.
    pub fn of(language: Language) -> Self {
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
            effects: effect_words(msg),
            open_items: OpenItemKind::ALL
                .iter()
                .map(|k| (k.as_str(), msg.named("open-item", k.as_str())))
                .collect(),
            explanations: RegisterCode::ALL
                .iter()
                .map(|c| (c.as_str(), explain::register_explanation_in(*c, language)))
                .collect(),
            messages: Vec::new(),
        }
    }

    /// The register words in `language`, with `register`'s findings'
    /// messages.
    pub fn for_register(register: &Register, language: Language) -> Self {
        let msg = Messages::new(language);
        RegisterWords {
            messages: register
                .findings()
                .iter()
                .map(|f| msg.register_finding(f))
                .collect(),
            ..RegisterWords::of(language)
        }
    }
}

// ---------------------------------------------------------------------------
// Exports

/// What to export a report as.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// The §13 JSON, as `verify --json`.
    Json,
    /// The printable HTML report, as `verify --html`.
    Html,
}

/// The bytes of `report` exported as `format` (the HTML in `language`):
/// those `proofpack verify --json` prints and `--html` writes.
pub fn report_bytes(report: &Report, format: ExportFormat, language: Language) -> Vec<u8> {
    match format {
        ExportFormat::Json => {
            let mut out = Vec::new();
            // Writing to a Vec cannot fail, nor can serialising a report.
            let _ = json::pretty(&mut out, report);
            out.push(b'\n');
            out
        }
        ExportFormat::Html => html::report_in(report, language).into_bytes(),
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

/// The bytes of `register` exported as `format`: those `proofpack register
/// --json` or `--csv` prints.
pub fn register_bytes(register: &Register, format: RegisterFormat) -> Vec<u8> {
    match format {
        RegisterFormat::Json => {
            let mut out = Vec::new();
            // Writing to a Vec cannot fail, nor can serialising a register.
            let _ = json::pretty_value(&mut out, register);
            out.push(b'\n');
            out
        }
        RegisterFormat::Csv => render_register::csv(register).into_bytes(),
    }
}

// ---------------------------------------------------------------------------
// Errors

/// Why a front end's call could not do what the UI asked, as it crosses to
/// the UI: a typed, serialisable enum (the UI switches on `kind`), never a
/// bare string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AppError {
    /// A file the user picked could not be read.
    #[error("{path}: {message}")]
    Read {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A trust store is unusable (§4: an operational error, not a verdict).
    #[error("trust store {path}: {message}")]
    TrustStore {
        /// The store.
        path: String,
        /// What is wrong with it.
        message: String,
    },
    /// The user cancelled a verification or a register.
    #[error("the verification was cancelled")]
    Cancelled,
    /// A register was asked for without a trust store (§19: every pack is
    /// verified against one).
    #[error("a register needs a trust store")]
    NoTrustStore,
    /// The verifier refused to give a verdict without its positive evidence.
    #[error("internal error of the verifier: {message}")]
    Internal {
        /// What it said.
        message: String,
    },
    /// Saving would replace a file, and overwriting was not chosen.
    #[error("{path} exists; nothing was written")]
    Exists {
        /// The file.
        path: String,
    },
    /// A file could not be written.
    #[error("{path}: {message}")]
    Write {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// An evidence folder, key or authoring input is not usable.
    #[error("{message}")]
    Author {
        /// What is wrong, with what to fix.
        message: String,
    },
    /// No report with this id was verified in this session (or it is no
    /// longer kept).
    #[error("no report {job} in this session")]
    UnknownReport {
        /// The id asked for.
        job: u64,
    },
    /// No job with this id was given out, or it has run.
    #[error("no job {job} waits to run")]
    UnknownJob {
        /// The id asked for.
        job: u64,
    },
    /// A verifier key cannot sign a verification (§20): the key store's
    /// entry for it is missing, lacks the role, or is not valid.
    #[error("{message}")]
    VerifierKey {
        /// Why, for the UI to switch on.
        reason: VerifierKeyProblem,
        /// What the library said.
        message: String,
    },
    /// An argument the UI sent is not one the call takes.
    #[error("{message}")]
    BadRequest {
        /// What is wrong.
        message: String,
    },
}

/// Why a verifier key cannot sign, as `proofpack_verification::SignError` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerifierKeyProblem {
    /// No entry of the key store holds the key's public key.
    KeyNotInStore,
    /// The entries that hold it lack the `verifier` role.
    RoleMissing,
    /// Several `verifier` entries hold it.
    Ambiguous,
    /// The key is not valid at the time of verification.
    KeyNotValid,
    /// The report does not say when the pack was verified.
    NoVerificationTime,
}

impl AppError {
    /// A read error for `path`.
    pub fn read(path: &str, e: impl std::fmt::Display) -> Self {
        AppError::Read {
            path: path.to_owned(),
            message: e.to_string(),
        }
    }

    /// A write error for `path`.
    pub fn write(path: &str, e: impl std::fmt::Display) -> Self {
        AppError::Write {
            path: path.to_owned(),
            message: e.to_string(),
        }
    }
}

impl From<proofpack_core::TrustStoreError> for AppError {
    /// The store's path and its problem in the core's words (the UI says
    /// them in its language's sentence).
    fn from(e: proofpack_core::TrustStoreError) -> Self {
        AppError::TrustStore {
            path: e.path().unwrap_or_default().to_owned(),
            message: e.problem().to_string(),
        }
    }
}

impl AppError {
    /// Why the pack `name` gave no report: not read (or not opened),
    /// cancelled, or the verifier's own fault.
    pub fn of_verify(name: &str, e: VerifyError) -> Self {
        match e {
            VerifyError::Cancelled => AppError::Cancelled,
            e @ VerifyError::Internal(_) => AppError::Internal {
                message: e.to_string(),
            },
            VerifyError::Open { source, .. } => AppError::read(name, source),
            e @ VerifyError::Read(_) => AppError::read(name, e),
        }
    }

    /// Why no register was made: cancelled, or the verifier's own fault.
    pub fn of_register(e: &RegisterError) -> Self {
        match e {
            RegisterError::Cancelled => AppError::Cancelled,
            RegisterError::Internal { .. } => AppError::Internal {
                message: e.to_string(),
            },
        }
    }
}

/// The language of the BCP 47 tag `tag`, one the UI offers.
pub fn language(tag: &str) -> Result<Language, AppError> {
    Language::from_tag(tag).ok_or_else(|| AppError::BadRequest {
        message: format!("no messages in the language {tag:?}"),
    })
}

/// A register's `as_of` as the UI gives it (RFC 3339 with an offset), or
/// now when it gives none.
pub fn as_of_or_now(given: Option<&str>) -> Result<Timestamp, AppError> {
    match given.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => text.parse().map_err(|e| AppError::BadRequest {
            message: format!("as_of: {e}"),
        }),
        None => Ok(Timestamp::now()),
    }
}

// ---------------------------------------------------------------------------
// Signed verifications (§20)

/// A signed verification, checked.
#[derive(Debug, Clone, Serialize)]
pub struct VerificationCheck {
    /// The file checked.
    pub path: String,
    /// Whether it is authentic to the key store (§20).
    pub authentic: bool,
    /// Whether it is authentic and names the pack compared, when one was.
    pub holds: bool,
    /// Whether the pack compared is the one named (`None`: none compared).
    pub pack_matches: Option<bool>,
    /// The check in words, as `proofpack verification check` prints it
    /// (receipt text made inert by the render crate).
    pub text: String,
    /// The check, as `proofpack verification check --json` prints it.
    pub checked: proofpack_verification::CheckedReceipt,
}

impl VerificationCheck {
    /// The check of the file `path`, its words in `language`.
    pub fn of(
        path: &str,
        checked: proofpack_verification::CheckedReceipt,
        language: Language,
    ) -> Self {
        VerificationCheck {
            path: path.to_owned(),
            authentic: checked.authentic(),
            holds: checked.holds(),
            pack_matches: checked.pack_matches(),
            text: crate::verification::text(&checked, language),
            checked,
        }
    }
}

/// Whether `bytes` are a signed verification (§20), by their content: small
/// enough, and well-formed as §20's envelope and statement (checked against
/// no key, so not authentic; only the shape is asked). A front end tells a
/// dropped statement from a dropped pack with it.
pub fn is_verification(bytes: &[u8]) -> bool {
    if bytes.len() > proofpack_verification::ENVELOPE_LIMIT {
        return false;
    }
    let no_keys = format!(
        r#"{{"format":"{}","keys":[]}}"#,
        proofpack_spec::vocab::TRUST_FORMAT
    );
    let Ok(none) = TrustStore::from_json(no_keys.as_bytes()) else {
        return false;
    };
    proofpack_verification::check_receipt(bytes, &none)
        .statement()
        .is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_witnessed_state_is_the_cores_judgement() {
        use WitnessedState::{AfterDeadline, BeforeDeadline, NoDeadline};
        assert_eq!(WitnessedState::from_parts(true, true, true), BeforeDeadline);
        assert_eq!(WitnessedState::from_parts(true, true, false), AfterDeadline);
        assert_eq!(
            WitnessedState::from_parts(false, true, false),
            WitnessedState::None
        );
        assert_eq!(WitnessedState::from_parts(true, false, false), NoDeadline);
    }

    #[test]
    fn the_witnessed_state_of_the_revision_3_vectors_follows_their_codes() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
        let trust = TrustStore::load(&dir.join("trust-rev3-keys.json")).expect("trust store");
        for (pack, want) in [
            (
                "witnessed-completion-before-deadline.tar.gz",
                WitnessedState::BeforeDeadline,
            ),
            (
                "witnessed-completion-after-deadline-warning.tar.gz",
                WitnessedState::AfterDeadline,
            ),
        ] {
            let report = proofpack_core::verify_path(
                &dir.join(pack),
                Some(&trust),
                &Default::default(),
                &proofpack_core::Cancel::new(),
            )
            .expect("readable");
            assert_eq!(WitnessedState::of(&report), want, "{pack}");
        }
    }
}
