//! The reference erasure platform: a real cascade over an embedded
//! agent-memory store, producing honest evidence and a signed pack.
//!
//! [`Platform::start`] creates the store under `DIR/store` (SQLite and two
//! upload folders), seeds it with synthetic subjects, builds the audit log
//! (the producer's [`proofpack_producer::AuditLog`]) and starts the
//! subprocessors as local HTTP services. [`Platform::erase`] then runs the
//! whole story for the first subject: intake, the nine steps of the cascade
//! (idempotent per request, with a step ledger), the receipts, an
//! independent probe job on its own read-only connection, the
//! evidence folder, the pack signed by the demo DPO and sealed by both
//! witnesses (§22), and the pack verified again from disk with the core. The platform keeps its services running
//! until it is dropped.
//!
//! ```
//! use proofpack_demo::{Clock, Config, Fault, Platform};
//! use proofpack_core::{Code, Verdict};
//! let dir = tempfile::tempdir().map_err(|e| proofpack_demo::DemoError::io(".", e))?;
//! let config = Config {
//!     out_dir: dir.path().join("out"),
//!     fault: None,
//!     clock: Clock::system(),
//!     database: Default::default(),
//!     synthetic_subjects: 0,
//!     timings: false,
//! };
//! let mut platform = Platform::start(config)?;
//! let outcome = platform.erase(&mut std::io::sink())?;
//! assert_eq!(outcome.report.verdict(), Verdict::Complete);
//! assert_eq!(outcome.report.exit_status(), 0);
//! drop(platform); // stops the subprocessors
//!
//! // A real defect, found by the verifier from the evidence.
//! let config = Config {
//!     out_dir: dir.path().join("faulty"),
//!     fault: Some(Fault::VectorIndexNotRebuilt),
//!     clock: Clock::system(),
//!     database: Default::default(),
//!     synthetic_subjects: 0,
//!     timings: false,
//! };
//! let (_platform, outcome) = proofpack_demo::run(config, &mut std::io::sink())?;
//! assert_eq!(outcome.report.verdict(), Verdict::Incomplete);
//! assert!(outcome.report.findings().iter().any(|f| f.code() == Code::StepsVectorsNotPurged));
//! # Ok::<(), proofpack_demo::DemoError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(unreachable_pub)]

// The modules are the crate's own; what the binary and the tests use is
// re-exported below, and nothing else is public (a binary with a small
// library surface).
mod audit;
mod cascade;
mod clock;
mod evidence;
mod fault;
mod intake;
mod ml;
mod probe_job;
mod provenance;
mod receipts;
mod sealing;
mod services;
mod store;
mod summarizer;
mod timing;
mod witnesses;

pub use cascade::{EpisodicBackup, StepEntry, StepOutcome, TierProof};
pub use clock::Clock;
pub use fault::Fault;
pub use intake::{Intake, Submission};
pub use ml::ann::Index;
pub use ml::embed::embed;
pub use ml::ngram::{id_of_weights, Model, ModelError};
pub use probe_job::retrieval::SIMILARITY_THRESHOLD;
pub use probe_job::{code_ref, Probes, SOURCES};
pub use services::{Subprocessors, LLM_PROVIDER_KB, VECTOR_SAAS};
pub use store::backend;
pub use store::{Database, Location, SqlError, Store, StorePaths, Synthetic, SUBJECTS};
pub use witnesses::Witnesses;

use audit::AuditStore;
use cascade::Cascade;
use ed25519_dalek::SigningKey;
use evidence::Material;
use probe_job::{Job, Kept, Target};
use proofpack_core::report::Report;
use proofpack_core::trust::TrustStore;
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use rand_core::RngCore;
use receipts::CollectedReceipt;
use services::{Behaviour, ServiceSpec};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use summarizer::Draft;
use witnesses::Answer;

/// Why the demo could not finish.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
    /// The output folder cannot be used.
    #[error("{0}")]
    OutDir(String),
    /// A statement or query of the store failed.
    #[error("store: {what}: {source}")]
    Sql {
        /// What the store was doing.
        what: &'static str,
        /// The failure.
        #[source]
        source: store::SqlError,
    },
    /// The store's database holds tables that are not the store's: it is
    /// never written to.
    #[error("store: {database} holds tables that are not this demo's ({}); give an empty database", tables.join(", "))]
    ForeignDatabase {
        /// The database (without its password).
        database: String,
        /// The tables that are not the store's.
        tables: Vec<String>,
    },
    /// A record (kept in the store, or written as evidence) could not be
    /// written or read as JSON.
    #[error("{what}: {source}")]
    Json {
        /// The record.
        what: &'static str,
        /// The failure.
        #[source]
        source: serde_json::Error,
    },
    /// The store holds no pseudonym key: it was not made by
    /// [`Platform::start`].
    #[error("store: the pseudonym key is missing")]
    MissingPseudonymKey,
    /// The store's pseudonym key is not base64.
    #[error("store: the pseudonym key is not base64: {0}")]
    BadPseudonymKey(#[source] base64::DecodeError),
    /// A count read from the store is negative: the store is corrupt.
    #[error("corrupt store: {what} gave {count}")]
    NegativeCount {
        /// What was counted.
        what: &'static str,
        /// The count read.
        count: i64,
    },
    /// A `meta` value of the store is not a number: the store is corrupt.
    #[error("corrupt store: meta {key} is {value:?}: {source}")]
    BadMeta {
        /// The key.
        key: &'static str,
        /// The value read.
        value: String,
        /// The failure.
        #[source]
        source: std::num::ParseIntError,
    },
    /// A number does not fit the store's integer column.
    #[error("store: {what}: {source}")]
    IntRange {
        /// The number.
        what: &'static str,
        /// The failure.
        #[source]
        source: std::num::TryFromIntError,
    },
    /// The step ledger names a step that is not one of §7.
    #[error("step ledger: {0}")]
    UnknownStep(#[source] proofpack_spec::vocab::UnknownName),
    /// The erasure request is not valid.
    #[error("request refused at intake: {0}")]
    Request(String),
    /// The requester's identity is not verified.
    #[error("request refused at intake: {0}")]
    Identity(IdentityRefusal),
    /// A model could not be trained or read.
    #[error("fine-tune: {0}")]
    Training(#[from] ml::ngram::ModelError),
    /// A subprocessor service failed.
    #[error("subprocessor: {0}")]
    Service(String),
    /// The producer library refused a piece of evidence.
    #[error("evidence: {0}")]
    Producer(#[from] proofpack_producer::ProducerError),
    /// A platform component (the audit log's database, the receipt
    /// collator, the job's results) refused or failed.
    #[error("platform: {0}")]
    Platform(#[from] proofpack_platform::PlatformError),
    /// Authoring failed.
    #[error("authoring: {0}")]
    Authoring(#[from] proofpack_author::AuthoringError),
    /// The DPO's authoring refused to sign: the report says why.
    #[error("the pack was not signed: it would verify as {}", .0.verdict())]
    Refused(Box<Report>),
    /// The signed pack could not be read back.
    #[error("verification of the signed pack: {0}")]
    Verify(String),
}

/// Why intake refused a request's identity proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IdentityRefusal {
    /// No verification record has the reference the request names.
    #[error("no identity verification record has that reference")]
    NoRecord,
    /// The record verified another subject.
    #[error("the identity verification record is of another subject")]
    OtherSubject,
}

impl DemoError {
    /// Wraps an I/O error with its path.
    pub fn io(path: impl AsRef<Path>, source: std::io::Error) -> Self {
        DemoError::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }
}

/// How to run the platform.
#[derive(Debug, Clone)]
pub struct Config {
    /// The output folder: `proof.tar.gz`, `trust.json`, `evidence/`, `store/`.
    pub out_dir: PathBuf,
    /// The defect to inject, if any.
    pub fault: Option<Fault>,
    /// The clock every timestamp comes from.
    pub clock: Clock,
    /// The database of the store's tiers (SQLite under `DIR/store/` by
    /// default).
    pub database: store::Database,
    /// How many synthetic subjects to seed besides [`store::SUBJECTS`]
    /// (`--subjects N`: the benchmarks' scale).
    pub synthetic_subjects: usize,
    /// Whether the story tells how long each phase and step took
    /// (`--timings`).
    pub timings: bool,
}

/// The file marking a folder as this demo's output (so a later run may
/// replace what it wrote there, and nothing else).
const MARKER: &str = ".proofpack-demo";
/// What a run writes in its output folder.
const OUTPUTS: [&str; 4] = ["proof.tar.gz", "trust.json", "evidence", "store"];

/// The files of a run.
#[derive(Debug, Clone)]
pub struct OutputPaths {
    /// `DIR/proof.tar.gz`
    pub pack: PathBuf,
    /// `DIR/trust.json`
    pub trust: PathBuf,
    /// `DIR/evidence/`
    pub evidence: PathBuf,
    /// `DIR/store/`
    pub store: StorePaths,
}

impl OutputPaths {
    fn under(dir: &Path) -> Self {
        OutputPaths {
            pack: dir.join("proof.tar.gz"),
            trust: dir.join("trust.json"),
            evidence: dir.join("evidence"),
            store: StorePaths::under(&dir.join("store")),
        }
    }
}

/// Makes `dir` ready: absent or empty, or a previous run's output (whose
/// own outputs are removed). Anything else is refused.
fn prepare_out_dir(dir: &Path) -> Result<(), DemoError> {
    if dir.exists() {
        let mut entries = std::fs::read_dir(dir).map_err(|e| DemoError::io(dir, e))?;
        let empty = entries.next().is_none();
        if !empty && !dir.join(MARKER).is_file() {
            return Err(DemoError::OutDir(format!(
                "{} is not empty and is not the output of a previous proofpack-demo run; choose another --out",
                dir.display()
            )));
        }
        for name in OUTPUTS {
            let path = dir.join(name);
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            match removed {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(DemoError::io(&path, e)),
            }
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| DemoError::io(dir, e))?;
    let marker = dir.join(MARKER);
    std::fs::write(&marker, "output of proofpack-demo\n").map_err(|e| DemoError::io(&marker, e))
}

/// What a run produced.
#[derive(Debug)]
pub struct Outcome {
    /// The accepted request.
    pub intake: Intake,
    /// The cascade's records.
    pub steps: Vec<StepEntry>,
    /// The receipts.
    pub receipts: Vec<CollectedReceipt>,
    /// The probe job's results.
    pub probes: Probes,
    /// The verifier's report on `DIR/proof.tar.gz`, read back from disk.
    pub report: Report,
    /// Where everything is.
    pub paths: OutputPaths,
}

/// The running platform: the store, the audit log and the subprocessors.
/// Dropping it stops the services.
#[derive(Debug)]
pub struct Platform {
    config: Config,
    paths: OutputPaths,
    store: Store,
    audit: AuditStore,
    services: Subprocessors,
    witnesses: Witnesses,
    /// The platform's own clock: [`Config::clock`], or running 35 days
    /// slow with `--fault backdated` (the witnesses and the DPO keep
    /// [`Config::clock`]).
    clock: Clock,
    started_at: time::OffsetDateTime,
    /// How long creating and seeding the store took (told by `--timings`).
    seeded_in: std::time::Duration,
}

/// Tells one line of the story; a story that cannot be written (a closed
/// pipe) does not stop the erasure.
macro_rules! say {
    ($story:expr, $($arg:tt)*) => {{
        let _ = writeln!($story, $($arg)*);
    }};
}

/// The reference of the identity verification of the `i`-th subject.
#[must_use]
pub fn identity_proof_ref(i: usize) -> String {
    format!("idv-{}", 20417 + i)
}

/// How slow the platform's clock runs with `--fault backdated`.
const BACKDATED_BY_DAYS: i64 = 35;

/// The first subject, whom the demo's request erases.
pub const SUBJECT: store::Subject = SUBJECTS[0];

impl Platform {
    /// Creates and seeds the store, the audit log and the subprocessors.
    pub fn start(config: Config) -> Result<Platform, DemoError> {
        prepare_out_dir(&config.out_dir)?;
        let paths = OutputPaths::under(&config.out_dir);
        let clock = if config.fault == Some(Fault::Backdated) {
            config.clock.behind(time::Duration::days(BACKDATED_BY_DAYS))
        } else {
            config.clock.clone()
        };
        let started_at = clock.now();
        let mut laps = timing::Laps::start(config.timings);
        let store = Store::create(paths.store.clone(), &config.database, config.fault)?;
        // The controller's pseudonym key (HMAC), fresh for each run.
        let mut key = [0u8; 32];
        rand_core::OsRng.fill_bytes(&mut key);
        store.set_pseudonym_key(&key)?;
        store.seed(started_at, config.synthetic_subjects)?;
        let seeded_in = laps.lap();
        let mut subjects = Vec::new();
        for (i, s) in SUBJECTS.iter().enumerate() {
            let subject_id = proofpack_producer::pseudonymous_subject_id(&key, s.email)?;
            // The identity desk checked every subject once, and kept the
            // record under the subject's pseudonym.
            store.record_identity_verification(
                &identity_proof_ref(i),
                &subject_id,
                &proofpack_spec::timestamp::format_instant(started_at - time::Duration::days(3)),
            )?;
            subjects.push((*s, subject_id));
        }
        let mut audit = AuditStore::open(&paths.store.audit_log)?;
        audit.seed(&subjects, started_at)?;
        let services =
            Subprocessors::start(service_specs(&store, &subjects, config.fault)?, &clock)?;
        let witnesses = Witnesses::start(
            &paths.store.dir,
            audit.public_key(),
            &config.clock,
            config.fault,
        )?;
        Ok(Platform {
            config,
            paths,
            store,
            audit,
            services,
            witnesses,
            clock,
            started_at,
            seeded_in,
        })
    }

    /// The store (read-write: tests seed more data through it).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The running subprocessors.
    #[must_use]
    pub fn services(&self) -> &Subprocessors {
        &self.services
    }

    /// The witnesses.
    #[must_use]
    pub fn witnesses(&self) -> &Witnesses {
        &self.witnesses
    }

    /// Where the run writes.
    #[must_use]
    pub fn paths(&self) -> &OutputPaths {
        &self.paths
    }

    /// The request the demo makes: the first subject, received two days
    /// before the platform started (45 days with `--fault late`).
    #[must_use]
    pub fn submission(&self) -> Submission {
        let days = if self.config.fault == Some(Fault::Late) {
            45
        } else {
            2
        };
        Submission {
            raw_identifier: SUBJECT.email.to_owned(),
            identity_proof_ref: identity_proof_ref(0),
            received_at: self.started_at - time::Duration::days(days),
        }
    }

    /// Intake of `submission` (idempotent).
    pub fn intake(&mut self, submission: &Submission) -> Result<Intake, DemoError> {
        intake::accept(&self.store, &mut self.audit, &self.clock, submission)
    }

    /// Runs the cascade for `intake` (idempotent per request).
    pub fn cascade(
        &mut self,
        intake: &Intake,
        each: &mut dyn FnMut(&StepEntry, bool),
    ) -> Result<Vec<StepEntry>, DemoError> {
        Cascade {
            store: &self.store,
            audit: &mut self.audit,
            services: &self.services,
            clock: &self.clock,
            fault: self.config.fault,
            intake,
        }
        .run(each)
    }

    /// The whole story for [`Self::submission`], told to `story` as it runs.
    pub fn erase(&mut self, story: &mut dyn Write) -> Result<Outcome, DemoError> {
        let mut laps = timing::Laps::start(self.config.timings);
        self.tell_setup(story);
        let intake = self.accept_request(story)?;
        laps.tell(story, "intake");
        // The probe job resolves the subject from the identifier
        // and takes its fingerprint before anything is erased.
        let job = Job::prepare(self.probe_target())?;
        laps.tell(story, "the verification job's fingerprint of the subject");
        // A background summariser picks up the subject's latest note now,
        // and only writes its summary after the cascade.
        let draft = summarizer::read_latest_note(&self.store, &intake.user_id, &self.clock)?;
        let steps = self.run_cascade(&intake, story)?;
        laps.lap();
        if let Some(draft) = draft {
            self.finish_summary(&draft, story)?;
        }
        self.restore_drill(story)?;
        laps.tell(story, "summariser and restore drill");
        let receipts = self.collected_receipts(&intake.request_id, story)?;
        let (probes, verified_at) = self.run_probe_job(&job, &steps, story)?;
        laps.tell(story, "independent verification");
        let provenance = provenance::export(&self.store, &intake.request_id)?;
        let after_checkpoint = self.witnessed_checkpoint(&intake, story)?;
        laps.tell(story, "provenance export and witnesses");
        let completed_at = self.clock.stamp();
        self.sign_pack(
            &Material {
                intake: &intake,
                steps: &steps,
                probes: &probes,
                verified_at: &verified_at,
                receipts: &receipts,
                provenance: &provenance,
                completed_at: &completed_at,
                after_checkpoint: &after_checkpoint,
            },
            story,
        )?;
        laps.tell(story, "evidence and signed pack");
        self.seal_pack(&after_checkpoint, story)?;
        laps.tell(story, "seal");
        let report = verify_from_disk(&self.paths)?;
        laps.tell(story, "pack verified from disk");
        Ok(Outcome {
            intake,
            steps,
            receipts,
            probes,
            report,
            paths: self.paths.clone(),
        })
    }

    /// Tells where the store is, where the subprocessors listen, and the
    /// injected fault.
    fn tell_setup(&self, story: &mut dyn Write) {
        say!(
            story,
            "proofpack-demo: store at {}",
            self.paths.store.dir.display()
        );
        for e in &self.services.endpoints {
            say!(
                story,
                "  subprocessor {} listening on {}",
                e.name,
                e.base_url
            );
        }
        for w in &self.witnesses.nodes {
            say!(story, "  witness {} listening on {}", w.name, w.base_url);
        }
        if let Some(f) = self.config.fault {
            say!(story, "  injected fault: {}", f.name());
        }
        if self.config.timings {
            say!(
                story,
                "  [time] store created and seeded ({} subjects): {}",
                SUBJECTS.len() + self.config.synthetic_subjects,
                timing::millis(self.seeded_in)
            );
        }
    }

    /// The audit log's after-checkpoint, shown to the witnesses (each first
    /// shown the before-checkpoint), with the cosignatures they gave.
    fn witnessed_checkpoint(
        &self,
        intake: &Intake,
        story: &mut dyn Write,
    ) -> Result<String, DemoError> {
        let after = self.audit.checkpoint()?;
        let answers = self.witnesses.cosign(
            &self.audit,
            &intake.checkpoint_before,
            &after,
            self.config.fault,
        )?;
        say!(story, "\n== Witnesses (the audit log's after-checkpoint)");
        let lines = self.cosignature_lines(answers, story);
        Ok(self.audit.log().cosigned(&after, &lines)?)
    }

    /// The cosignature lines among the witnesses' `answers`, each answer
    /// told.
    fn cosignature_lines(&self, answers: Vec<Answer>, story: &mut dyn Write) -> Vec<String> {
        let mut lines = Vec::new();
        for (w, answer) in self.witnesses.nodes.iter().zip(answers) {
            match answer {
                Answer::Cosigned(line) => {
                    say!(story, "  {}: cosigned", w.name);
                    lines.push(line);
                }
                Answer::Refused(status) => say!(story, "  {}: refused ({status})", w.name),
                Answer::Unreachable(why) => {
                    say!(story, "  {}: unreachable ({})", w.name, Untrusted(&why));
                }
            }
        }
        lines
    }

    /// Seals the signed pack (§22): logs its `pack_signed` entry, has the
    /// witnesses cosign the checkpoint holding it (consistent with
    /// `after_checkpoint`, the latest they cosigned), and writes the seal
    /// into `signature.sig`; then makes `trust.json` the recipients' store
    /// ([`evidence::for_recipients`]). With no cosignature at all the seal
    /// step fails and the pack is delivered unsealed.
    fn seal_pack(
        &mut self,
        after_checkpoint: &str,
        story: &mut dyn Write,
    ) -> Result<(), DemoError> {
        let pack = sealing::SignedPack::read(&self.paths.pack)?;
        let index = pack.log_signed(&mut self.audit, &self.clock.stamp())?;
        let checkpoint = self.audit.checkpoint()?;
        say!(
            story,
            "\n== Seal (the checkpoint holding the pack_signed entry {index})"
        );
        let revoked_at = match self.config.fault {
            Some(Fault::KeyRevokedBeforeSeal) => {
                let at = Timestamp::from_instant_utc(self.config.clock.later())
                    .ok_or_else(|| DemoError::Verify("the clock is out of range".to_owned()))?;
                say!(
                    story,
                    "  the DPO's key {} is revoked at {}",
                    evidence::DPO_KEY_ID,
                    at.raw()
                );
                Some(at)
            }
            Some(Fault::Unsealed) => {
                self.witnesses.go_offline()?;
                None
            }
            _ => None,
        };
        let answers = self
            .witnesses
            .cosign_seal(&self.audit, after_checkpoint, &checkpoint)?;
        let lines = self.cosignature_lines(answers, story);
        if lines.is_empty() {
            say!(
                story,
                "  no witness cosigned: the pack is delivered unsealed"
            );
        } else {
            let cosigned = self.audit.log().cosigned(&checkpoint, &lines)?;
            let seal = self.audit.log().seal(after_checkpoint, &cosigned, index)?;
            pack.write_sealed(&seal, &self.paths.pack)?;
            say!(story, "  sealed: signature.sig carries the seal");
        }
        evidence::for_recipients(&self.paths.trust, revoked_at.as_ref())
    }

    /// Intake of [`Self::submission`], with its regulatory clock.
    fn accept_request(&mut self, story: &mut dyn Write) -> Result<Intake, DemoError> {
        let intake = self.intake(&self.submission())?;
        say!(story, "\n== Intake");
        say!(
            story,
            "  request {} for account {} ({})\n  received {}; statutory deadline {} (GDPR, 1 month); internal deadline {}\n  logged erasure_request_accepted on the audit log",
            intake.request_id,
            intake.user_id,
            intake.subject_id,
            intake.received_at,
            intake.statutory_deadline,
            intake.sla_deadline
        );
        Ok(intake)
    }

    /// The cascade, each step told with its counts as it ends.
    fn run_cascade(
        &mut self,
        intake: &Intake,
        story: &mut dyn Write,
    ) -> Result<Vec<StepEntry>, DemoError> {
        say!(
            story,
            "\n== Cascade (before -> after, counted in the store)"
        );
        let mut laps = timing::Laps::start(self.config.timings);
        let cascade = self.cascade(intake, &mut |e, from_ledger| {
            say!(
                story,
                "  {}. {:<13} {:>4} -> {:<4} {}{}{}",
                e.step().map_or(0, |s| s.seq()),
                e.step,
                e.before_count,
                e.after_count,
                e.status_name(),
                if from_ledger {
                    " (from the step ledger)"
                } else {
                    ""
                },
                laps.suffix()
            );
        });
        // The space the steps freed, reclaimed after the last one.
        laps.tell(story, "reclaiming freed space");
        cascade
    }

    /// The summariser's write of `draft`, after the cascade: dropped when
    /// its note was tombstoned since it was read.
    fn finish_summary(&self, draft: &Draft, story: &mut dyn Write) -> Result<(), DemoError> {
        let (note, read_at) = (draft.note, &draft.read_at);
        match summarizer::write(&self.store, draft, &self.clock, self.config.fault)? {
            Some(id) => say!(story, "\n  summariser: read note-{note} at {read_at} (before its tombstone), wrote {id} after the cascade"),
            None => say!(story, "\n  summariser: read note-{note} at {read_at}; the note was tombstoned since, output dropped"),
        }
        Ok(())
    }

    /// Restores the episodic backup, applying the suppression ledger
    /// (except with `--fault backup-restored`).
    fn restore_drill(&self, story: &mut dyn Write) -> Result<(), DemoError> {
        let apply_ledger = self.config.fault != Some(Fault::BackupRestored);
        let restored = self.store.restore_backup(apply_ledger)?;
        say!(
            story,
            "  restore drill: episodic backup restored {} the suppression ledger ({restored} rows back)",
            if apply_ledger { "applying" } else { "WITHOUT applying" }
        );
        Ok(())
    }

    /// The receipts the cascade collected for `request_id`, told.
    fn collected_receipts(
        &self,
        request_id: &str,
        story: &mut dyn Write,
    ) -> Result<Vec<CollectedReceipt>, DemoError> {
        let receipts = self.receipts(request_id)?;
        say!(story, "\n== Subprocessor receipts");
        for r in &receipts {
            say!(
                story,
                "  {}: {} by {} ticket {:?} ({} raw exchange(s) attached)",
                Untrusted(&r.subprocessor),
                r.status,
                r.channel,
                Untrusted(&r.ticket_id).to_string(),
                r.exchanges.len()
            );
        }
        Ok(receipts)
    }

    /// The independent probe job's probes, and when they ran.
    fn run_probe_job(
        &self,
        job: &Job,
        steps: &[StepEntry],
        story: &mut dyn Write,
    ) -> Result<(Probes, String), DemoError> {
        let probes = job.run(&kept(steps))?;
        let verified_at = self.clock.stamp();
        say!(
            story,
            "\n== Independent verification ({})\n  subject {} resolved from the identifier; {} marker phrase(s); {} table(s), {} text column(s) and {} upload file(s) scanned",
            probes.code_ref,
            probes.subject.subject_id,
            probes.subject.markers,
            probes.scan.tables.len(),
            probes.scan.text_columns,
            probes.scan.files
        );
        for k in &probes.scan.kept {
            say!(story, "  left out: {}: {}", k.table, k.why);
        }
        for t in &probes.retrieval {
            say!(
                story,
                "  {:<13} {} queries, {} hit(s): {}",
                t.kind,
                t.queries,
                t.hits,
                t.what
            );
        }
        for m in &probes.models {
            say!(
                story,
                "  model {} {}: re-trained from {}: {}; {} answer(s) reproducing a marker",
                m.release,
                m.model_id,
                m.manifest_id,
                if m.reproduced {
                    "the same digest"
                } else {
                    "NOT the same model"
                },
                m.markers_reproduced
            );
        }
        let all = probes.classes.iter().map(|(_, p)| p);
        for p in all.chain([&probes.subprocessor, &probes.unredacted_pii]) {
            say!(
                story,
                "  {:<19} residue {:<3} ({})",
                p.probe.as_str(),
                p.residue,
                p.looked_at
            );
        }
        Ok((probes, verified_at))
    }

    /// Writes the evidence folder and `trust.json`, has the DPO sign the
    /// pack with a key fresh for this run (never written to disk), and
    /// writes the pack.
    fn sign_pack(&self, material: &Material<'_>, story: &mut dyn Write) -> Result<(), DemoError> {
        let evidence = evidence::assemble(material, &self.audit)?;
        evidence::write_folder(&self.paths.evidence, &evidence)?;
        let dpo: SigningKey = proofpack_author::keys::generate();
        let trust = evidence::write_trust(
            &self.paths.trust,
            dpo.verifying_key(),
            self.audit.public_key(),
            &self.corroborators(),
        )?;
        let fault = self.config.fault;
        evidence::sign(
            &self.paths.evidence,
            &dpo,
            &trust,
            &self.config.clock.stamp(),
            evidence::Acceptance {
                incomplete: fault.is_some(),
                uncorroborated: fault.is_some_and(Fault::uncorroborated),
            },
            &self.paths.pack,
        )?;
        say!(
            story,
            "\n== Pack\n  signed by {} (key {}), cascade run by {}\n  wrote {}, {} and {}/\n",
            evidence::DPO,
            evidence::DPO_KEY_ID,
            evidence::CASCADE_RUNNER,
            self.paths.pack.display(),
            self.paths.trust.display(),
            self.paths.evidence.display()
        );
        Ok(())
    }

    /// The witnesses' and the subprocessors' keys, for the trust store.
    fn corroborators(&self) -> Vec<evidence::Corroborator> {
        let witnesses = self.witnesses.nodes.iter().map(|w| evidence::Corroborator {
            key_id: w.name.to_owned(),
            public_key: w.public_key,
            owner: w.owner.to_owned(),
            role: proofpack_core::trust::Role::Witness,
        });
        let subprocessors = self
            .services
            .endpoints
            .iter()
            .map(|e| evidence::Corroborator {
                key_id: services::receipt_key_id(e.name),
                public_key: e.receipt_key,
                owner: e.name.to_owned(),
                role: proofpack_core::trust::Role::Subprocessor,
            });
        witnesses.chain(subprocessors).collect()
    }

    /// What the probe job is told: where the data is, and the
    /// identifier the request named.
    #[must_use]
    pub(crate) fn probe_target(&self) -> Target {
        let store = &self.paths.store;
        Target {
            db: self.store.location().clone(),
            audit_log: store.audit_log.clone(),
            upload_roots: vec![store.uploads.clone(), store.uploads_replica.clone()],
            subprocessors: self
                .services
                .endpoints
                .iter()
                .map(|e| (e.name.to_owned(), e.base_url.clone()))
                .collect(),
            raw_identifier: self.submission().raw_identifier,
            pii_fields: audit::PII_FIELDS.iter().map(|f| (*f).to_owned()).collect(),
        }
    }

    /// The receipts the cascade collected for `request_id`.
    pub fn receipts(&self, request_id: &str) -> Result<Vec<CollectedReceipt>, DemoError> {
        self.store.receipts(request_id)
    }
}

/// The tables declared to keep the subject's data, for the probe
/// job to leave out of its scan: the backups the steps declared (§17), and
/// the erasure's own records.
#[must_use]
pub fn kept(steps: &[StepEntry]) -> Vec<Kept> {
    let mut kept = Vec::new();
    for s in steps {
        if let cascade::StepOutcome::Ok {
            proof: cascade::TierProof::Episodic { backups, .. },
        } = &s.outcome
        {
            for b in backups {
                kept.push(Kept {
                    table: store::BACKUP_TABLE.to_owned(),
                    why: format!("§17 backup {} declared by the {} step", b.location, s.step),
                });
            }
        }
    }
    kept.extend(store::ERASURE_RECORDS.iter().map(|(table, why)| Kept {
        table: (*table).to_owned(),
        why: (*why).to_owned(),
    }));
    kept.push(Kept {
        table: "audit-log.sqlite (every table)".to_owned(),
        why: "the action audit log, redacted by the audit_log step; probed by audit_log_redacted"
            .to_owned(),
    });
    kept
}

/// The copies of the subjects' data each subprocessor holds: the vector
/// database their serving vectors, the knowledge base their notes.
fn service_specs(
    store: &Store,
    subjects: &[(store::Subject, String)],
    fault: Option<Fault>,
) -> Result<Vec<ServiceSpec>, DemoError> {
    let mut vectors = BTreeMap::new();
    let mut documents = BTreeMap::new();
    for (s, subject_id) in subjects {
        vectors.insert(subject_id.clone(), store.serving_vector_ids(s.user_id)?);
        documents.insert(subject_id.clone(), store.note_contents(s.user_id)?);
    }
    let kb = match fault {
        Some(Fault::SubprocessorEmailOnly) => Behaviour::EmailOnly,
        Some(Fault::SubprocessorPending) => Behaviour::AcceptsWithoutConfirming,
        _ => Behaviour::Api,
    };
    Ok(vec![
        ServiceSpec {
            name: VECTOR_SAAS,
            behaviour: Behaviour::Api,
            records: vectors,
        },
        ServiceSpec {
            name: LLM_PROVIDER_KB,
            behaviour: kb,
            records: documents,
        },
    ])
}

/// Verifies `DIR/proof.tar.gz` against `DIR/trust.json`, as a recipient would.
pub(crate) fn verify_from_disk(paths: &OutputPaths) -> Result<Report, DemoError> {
    let trust = TrustStore::load(&paths.trust).map_err(|e| DemoError::Verify(e.to_string()))?;
    let pack = std::fs::File::open(&paths.pack).map_err(|e| DemoError::io(&paths.pack, e))?;
    let name = paths.pack.display().to_string();
    proofpack_core::verify(
        pack,
        &name,
        Some(&trust),
        &proofpack_core::Limits::default(),
    )
    .map_err(|e| DemoError::Verify(e.to_string()))
}

/// Starts the platform and runs [`Platform::erase`]. The platform is
/// returned alive (its services running) so that a caller can inspect it.
pub fn run(config: Config, story: &mut dyn Write) -> Result<(Platform, Outcome), DemoError> {
    let mut platform = Platform::start(config)?;
    let outcome = platform.erase(story)?;
    Ok((platform, outcome))
}
