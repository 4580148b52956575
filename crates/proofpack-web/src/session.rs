//! What one worker does, in plain Rust (the bindings to JavaScript are in
//! `bindings`): verify packs, registers and signed verifications with the
//! core's, the register crate's and the verification crate's one call each,
//! keep what was made for export and for showing in another language, and
//! build what the panels show with the render crate's `views`, as the
//! desktop app does. Nothing here knows of the browser: the native tests
//! drive it with files and byte slices.

use proofpack_core::{
    verify_until, verify_with_hasher, Cancel, Limits, MemberHasher, Report, TrustStore,
};
use proofpack_register::{Collector, Options, Register};
use proofpack_render::i18n::Language;
use proofpack_render::views::{
    self, AppError, ExportFormat, RegisterFormat, RegisterProgress, RegisterView, RegisterWords,
    Shown, TrustStoreView, VerificationCheck, Verified,
};
use proofpack_verification::PackToCompare;
use std::collections::{BTreeMap, HashMap};
use std::io::{self, Read};

/// What `meta.verifier` says of a report this build made: the browser's
/// verifier is a program of its own (`proofpack-web 0.1.0`).
pub const VERIFIER: &str = concat!(env!("CARGO_PKG_NAME"), " ", env!("CARGO_PKG_VERSION"));

/// How many reports one worker keeps for export and for showing in another
/// language; the oldest go first (the page keeps a bound over its workers
/// too).
pub const KEPT_REPORTS: usize = 32;

/// How many registers one worker keeps for export.
pub const KEPT_REGISTERS: usize = 4;

/// How many progress reports a register sends at most.
const PROGRESS_STEPS: usize = 200;

/// A trust store chosen from a file: its bytes, the name it is shown under,
/// and when the file was last modified (milliseconds since the epoch, as a
/// browser's `File.lastModified` says; `None`: unknown).
#[derive(Debug, Clone, Copy)]
pub struct TrustFile<'a> {
    /// The file's bytes.
    pub bytes: &'a [u8],
    /// Its name, shown as the store's path.
    pub name: &'a str,
    /// Its modification time in milliseconds since the epoch.
    pub modified_ms: Option<f64>,
}

impl TrustFile<'_> {
    /// The store, checked (§4), and how the UI shows it.
    pub fn load(&self) -> Result<(TrustStore, TrustStoreView), AppError> {
        let store = TrustStore::from_json(self.bytes)
            .map_err(|e| AppError::TrustStore {
                path: self.name.to_owned(),
                message: e.to_string(),
            })?
            .shown_as(Some(self.name.to_owned()));
        let modified = self
            .modified_ms
            .filter(|ms| ms.is_finite())
            // Whole seconds: the app shows a file system's modification
            // time to the second too.
            .and_then(|ms| views::unix_time((ms / 1000.0).floor() as i64));
        let view = TrustStoreView::of(&store, modified);
        Ok((store, view))
    }
}

/// The language of the BCP 47 tag `tag`.
pub fn language(tag: &str) -> Result<Language, AppError> {
    views::language(tag)
}

/// The language a browser's reader prefers: the first of `tags` (the
/// browser's `navigator.languages`, best first) there are messages in, else
/// English.
pub fn preferred_language(tags: &[String]) -> Language {
    tags.iter()
        .find_map(|t| Language::from_tag(t))
        .unwrap_or_default()
}

/// A pack's report, and the trust store it was checked against as the UI
/// shows it.
#[derive(Debug)]
pub(crate) struct CheckedPack {
    report: Report,
    trust: Option<TrustStoreView>,
}

/// Verifies `pack` (shown as `name`) with `trust`, the content of its large
/// members hashed by `hasher` when one is given (the browser's second
/// worker), on this thread otherwise: a worker has no threads. The report
/// is the same either way.
pub(crate) fn check_pack(
    pack: impl Read,
    name: &str,
    trust: Option<TrustFile<'_>>,
    hasher: Option<Box<dyn MemberHasher>>,
) -> Result<CheckedPack, AppError> {
    let trust = trust.map(|t| t.load()).transpose()?;
    let store = trust.as_ref().map(|(store, _)| store);
    // The worker is stopped from outside to cancel: nothing raises this.
    let cancel = Cancel::new();
    let limits = Limits::default();
    let report = match hasher {
        Some(hasher) => verify_with_hasher(pack, name, store, &limits, &cancel, hasher),
        None => verify_until(pack, name, store, &limits, &cancel),
    }
    .map_err(|e| AppError::of_verify(name, e))?
    .verified_by(VERIFIER.to_owned());
    Ok(CheckedPack {
        report,
        trust: trust.map(|(_, view)| view),
    })
}

/// A worker's kept reports and registers, by job.
#[derive(Debug, Default)]
pub struct Session {
    reports: BTreeMap<u64, Report>,
    registers: BTreeMap<u64, Register>,
}

impl Session {
    /// A session that keeps nothing yet.
    pub fn new() -> Self {
        Session::default()
    }

    /// Verifies `pack` (shown as `name`) with `trust` as job `job`, keeps
    /// the report, and gives what the panels show of it in `language`.
    pub fn verify(
        &mut self,
        job: u64,
        pack: impl Read,
        name: &str,
        trust: Option<TrustFile<'_>>,
        language: Language,
    ) -> Result<Verified, AppError> {
        let checked = check_pack(pack, name, trust, None)?;
        Ok(self.keep_checked(job, checked, language))
    }

    /// Keeps the report of a pack checked by [`check_pack`] as job `job`,
    /// and gives what the panels show of it in `language`.
    pub(crate) fn keep_checked(
        &mut self,
        job: u64,
        checked: CheckedPack,
        language: Language,
    ) -> Verified {
        let CheckedPack { report, trust } = checked;
        let verified = Verified {
            job,
            trust,
            shown: Shown::of(&report, language),
            report: report.clone(),
        };
        keep(&mut self.reports, job, report, KEPT_REPORTS);
        verified
    }

    /// The pictures and words of report `job` in `language`.
    pub fn shown(&self, job: u64, language: Language) -> Result<Shown, AppError> {
        self.report(job).map(|r| Shown::of(r, language))
    }

    /// Report `job` exported as `format` (HTML in `language`): the bytes of
    /// `proofpack verify --json` or `--html`.
    pub fn export_report(
        &self,
        job: u64,
        format: ExportFormat,
        language: Language,
    ) -> Result<Vec<u8>, AppError> {
        self.report(job)
            .map(|r| views::report_bytes(r, format, language))
    }

    fn report(&self, job: u64) -> Result<&Report, AppError> {
        self.reports
            .get(&job)
            .ok_or(AppError::UnknownReport { job })
    }

    /// Makes the register (§19) of `query` as job `job`, each pack's bytes
    /// from `open` (called with its index, in turn), with a progress report
    /// after each; its words in `language`. The register is kept for export.
    pub fn register<R: Read>(
        &mut self,
        job: u64,
        query: &RegisterQuery<'_>,
        language: Language,
        mut open: impl FnMut(usize) -> io::Result<R>,
        mut progress: impl FnMut(RegisterProgress),
    ) -> Result<RegisterView, AppError> {
        let packs = query.packs;
        let (store, view) = query.trust.load()?;
        let as_of = views::as_of_or_now(query.as_of)?;
        if packs.is_empty() {
            return Err(AppError::BadRequest {
                message: "no folder or pack to make a register of".to_owned(),
            });
        }
        let options = Options::new(&store, as_of);
        let mut collector = Collector::new(&options);
        let stride = (packs.len() / PROGRESS_STEPS).max(1);
        for (i, pack) in packs.iter().enumerate() {
            collector
                .add(&pack.file, open(i))
                .map_err(|e| AppError::of_register(&e))?;
            let done = i + 1;
            if done % stride == 0 || done == packs.len() {
                progress(RegisterProgress {
                    job,
                    done,
                    total: packs.len(),
                });
            }
        }
        let register = collector.finish();
        let paths = handles_of(&register, packs);
        // A browser lists a chosen folder's packs in `folder_packs`, by
        // name only: it reports no skipped entries.
        let made = RegisterView::new(job, register.clone(), paths, view, Vec::new(), language);
        keep(&mut self.registers, job, register, KEPT_REGISTERS);
        Ok(made)
    }

    /// Register `job` exported as `format`: the bytes of `proofpack register
    /// --json` or `--csv`.
    pub fn export_register(&self, job: u64, format: RegisterFormat) -> Result<Vec<u8>, AppError> {
        self.registers
            .get(&job)
            .map(|r| views::register_bytes(r, format))
            .ok_or(AppError::UnknownReport { job })
    }

    /// The register words in `language`, with the messages of register
    /// `job`.
    pub fn register_words(&self, job: u64, language: Language) -> Result<RegisterWords, AppError> {
        self.registers
            .get(&job)
            .map(|r| RegisterWords::for_register(r, language))
            .ok_or(AppError::UnknownReport { job })
    }

    /// Drops what job `job` made; true when there was something.
    pub fn close(&mut self, job: u64) -> bool {
        let report = self.reports.remove(&job).is_some();
        self.registers.remove(&job).is_some() || report
    }
}

/// A register asked for: the packs, the trust store every pack is verified
/// against, and the instant open items are judged at (RFC 3339; `None`:
/// now).
#[derive(Debug, Clone, Copy)]
pub struct RegisterQuery<'a> {
    /// The packs, in the order given.
    pub packs: &'a [RegisterInput],
    /// The trust store.
    pub trust: TrustFile<'a>,
    /// `as_of`.
    pub as_of: Option<&'a str>,
}

/// One pack of a register: the name the register shows, and the handle
/// the page finds its file by (`None`: it cannot be opened again).
#[derive(Debug, Clone)]
pub struct RegisterInput {
    /// How the register names it.
    pub file: String,
    /// The page's handle of its file.
    pub handle: Option<String>,
}

/// The packs a folder chosen in a browser gives, as `proofpack register
/// DIR` lists a folder: its `*.tar.gz` files directly inside it (not in
/// its subfolders), named relative to it and sorted by name. `paths` are
/// the files' paths relative to the folder's parent (`webkitRelativePath`:
/// `folder/name.tar.gz`); the result is their indices with their names.
pub fn folder_packs(paths: &[String]) -> Vec<(usize, String)> {
    let mut found: Vec<(usize, String)> = paths
        .iter()
        .enumerate()
        .filter_map(|(i, path)| {
            let (_, name) = path.split_once('/')?;
            (!name.contains('/') && proofpack_register::is_pack_name(name))
                .then(|| (i, name.to_owned()))
        })
        .collect();
    found.sort_by(|a, b| a.1.cmp(&b.1));
    found
}

/// Each of the register's packs' handles, in its order; `None` where two
/// packs given share a name (neither can be told apart).
fn handles_of(register: &Register, packs: &[RegisterInput]) -> Vec<Option<String>> {
    let mut by_name: HashMap<&str, Option<&str>> = HashMap::new();
    for pack in packs {
        by_name
            .entry(pack.file.as_str())
            .and_modify(|h| *h = None)
            .or_insert(pack.handle.as_deref());
    }
    register
        .packs()
        .iter()
        .map(|p| {
            by_name
                .get(p.file.as_str())
                .copied()
                .flatten()
                .map(str::to_owned)
        })
        .collect()
}

/// Checks the signed verification `envelope` (the file `name`) against the
/// verifier keys of `keys`, comparing it with `pack` (the file `pack_name`)
/// when given; its words in `language`.
pub fn check_verification(
    envelope: &[u8],
    name: &str,
    keys: TrustFile<'_>,
    pack: Option<(impl Read, &str)>,
    language: Language,
) -> Result<VerificationCheck, AppError> {
    let (store, _) = keys.load()?;
    let pack_name = pack
        .as_ref()
        .map(|(_, n)| (*n).to_owned())
        .unwrap_or_default();
    let pack = pack.map(|(reader, pack_name)| PackToCompare {
        reader,
        name: pack_name.to_owned(),
        reverify_with: None,
    });
    let checked = proofpack_verification::check_receipt_with_pack(envelope, &store, pack)
        .map_err(|e| AppError::read(&pack_name, e))?;
    Ok(VerificationCheck::of(name, checked, language))
}

fn keep<T>(kept: &mut BTreeMap<u64, T>, job: u64, made: T, bound: usize) {
    kept.insert(job, made);
    while kept.len() > bound {
        kept.pop_first();
    }
}
