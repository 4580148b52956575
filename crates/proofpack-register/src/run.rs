//! The register's one call: verify every pack alone (on `jobs` threads),
//! keep what §19 needs of each, then apply §19's rules.

use crate::pack::PackFacts;
use crate::report::{Register, Unread};
use crate::rules;
use proofpack_core::{verify_until, Cancel, Limits, PackFile, Report, TrustStore, VerifyError};
use proofpack_spec::timestamp::Timestamp;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One pack to put in a register: the name it is shown under, and where
/// its bytes are.
#[derive(Debug, Clone)]
pub struct PackInput {
    /// How the register names it (`file` in the report): the path as given,
    /// or relative to the folder given.
    pub file: String,
    /// Its bytes.
    pub source: PackSource,
}

impl PackInput {
    /// A pack read from `path`, named `file`.
    pub fn path(file: impl Into<String>, path: impl Into<PathBuf>) -> PackInput {
        PackInput {
            file: file.into(),
            source: PackSource::Path(path.into()),
        }
    }

    /// A pack already in memory, named `file`.
    pub fn bytes(file: impl Into<String>, bytes: impl Into<Arc<[u8]>>) -> PackInput {
        PackInput {
            file: file.into(),
            source: PackSource::Bytes(bytes.into()),
        }
    }
}

/// Where a pack's bytes are.
#[derive(Debug, Clone)]
pub enum PackSource {
    /// A file, opened when its turn comes.
    Path(PathBuf),
    /// Bytes in memory.
    Bytes(Arc<[u8]>),
}

/// How far a register has got: packs verified of the total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Packs verified (or found unreadable) so far.
    pub done: usize,
    /// Packs in all.
    pub total: usize,
}

/// What a register is made with.
pub struct Options<'a> {
    /// The one trust store every pack is verified against.
    pub trust: &'a TrustStore,
    /// The instant open items are judged at.
    pub as_of: Timestamp,
    /// How many packs are verified at once (at least 1).
    pub jobs: usize,
    /// The reader's limits, for every pack.
    pub limits: Limits,
    /// Called after each pack, from the verifying threads.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// Raised by the caller to stop the register ([`RegisterError::Cancelled`]).
    pub cancel: Cancel,
}

impl<'a> Options<'a> {
    /// A register with `trust` at `as_of`, one thread per core, default
    /// limits, no progress, not cancellable.
    pub fn new(trust: &'a TrustStore, as_of: Timestamp) -> Options<'a> {
        Options {
            trust,
            as_of,
            jobs: default_jobs(),
            limits: Limits::default(),
            progress: None,
            cancel: Cancel::new(),
        }
    }
}

/// One per core (1 when that cannot be told).
fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why [`register`] gave no register.
#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    /// The caller cancelled it ([`Options::cancel`]).
    #[error("the register was cancelled")]
    Cancelled,
    /// The verifier would have given a verdict without its evidence: a bug.
    #[error("{file}: {source}")]
    Internal {
        /// The pack.
        file: String,
        /// The verifier's error.
        #[source]
        source: VerifyError,
    },
}

/// One pack's outcome: its facts, or why it could not be read.
type Outcome = Result<PackFacts, Unread>;

/// Verifies every pack alone (§0-§17), then finds what they show together
/// (§19). Deterministic for a given `as_of`, whatever `jobs` is.
pub fn register(packs: Vec<PackInput>, options: &Options<'_>) -> Result<Register, RegisterError> {
    let outcomes = verify_all(&packs, options)?;
    Ok(apply(outcomes, &options.as_of))
}

/// §19's rules over the packs' outcomes, in the order the packs were given.
fn apply(outcomes: Vec<Outcome>, as_of: &Timestamp) -> Register {
    let (mut read, mut unread) = (Vec::new(), Vec::new());
    for outcome in outcomes {
        match outcome {
            Ok(facts) => read.push(facts),
            Err(e) => unread.push(e),
        }
    }
    rules::apply(read, unread, as_of)
}

/// A register made one pack at a time by a caller that reads each pack
/// itself, in turn, on its own thread: a browser's worker has neither
/// threads nor paths, and reads each pack from a `File` as it goes. Each
/// pack is verified as [`register`] verifies it, and [`Collector::finish`]
/// applies the same rules; the caller reports its own progress (after each
/// [`Collector::add`]) and cancels by raising [`Options::cancel`].
pub struct Collector<'a> {
    options: &'a Options<'a>,
    outcomes: Vec<Outcome>,
}

impl<'a> Collector<'a> {
    /// A register with `options` (their `jobs` and `progress` are unused).
    pub fn new(options: &'a Options<'a>) -> Collector<'a> {
        Collector {
            options,
            outcomes: Vec::new(),
        }
    }

    /// Verifies the next pack, named `file`, from `pack`; a pack that could
    /// not be opened (`Err`) or read is listed as unread.
    pub fn add<R: Read>(&mut self, file: &str, pack: io::Result<R>) -> Result<(), RegisterError> {
        let outcome = match pack {
            Ok(reader) => verify_reader(file, reader, self.options)?,
            Err(e) => Err(Unread {
                file: file.to_owned(),
                error: e.to_string(),
            }),
        };
        self.outcomes.push(outcome);
        Ok(())
    }

    /// The register of the packs added, in the order they were added.
    pub fn finish(self) -> Register {
        apply(self.outcomes, &self.options.as_of)
    }
}

/// Every pack verified, on `jobs` threads taking the next pack in turn;
/// the outcomes in the order of `packs`.
fn verify_all(packs: &[PackInput], options: &Options<'_>) -> Result<Vec<Outcome>, RegisterError> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Result<Outcome, RegisterError>>>> =
        Mutex::new((0..packs.len()).map(|_| None).collect());
    let jobs = options.jobs.clamp(1, packs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(input) = packs.get(i) else { break };
                if options.cancel.is_cancelled() {
                    break;
                }
                let outcome = verify_one(input, options);
                if let Ok(mut slots) = slots.lock() {
                    if let Some(slot) = slots.get_mut(i) {
                        *slot = Some(outcome);
                    }
                }
                let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(progress) = options.progress {
                    progress(Progress {
                        done,
                        total: packs.len(),
                    });
                }
            });
        }
    });
    if options.cancel.is_cancelled() {
        return Err(RegisterError::Cancelled);
    }
    let slots = slots.into_inner().unwrap_or_else(|e| e.into_inner());
    // Every slot is filled unless cancelled (a thread that panicked would
    // have re-raised its panic at the end of the scope).
    slots
        .into_iter()
        .map(|slot| slot.unwrap_or(Err(RegisterError::Cancelled)))
        .collect()
}

/// One pack verified alone, reduced to what §19 needs. A pack is named in
/// its report as the register names it.
fn verify_one(input: &PackInput, options: &Options<'_>) -> Result<Outcome, RegisterError> {
    let (file, trust, limits, cancel) = (
        input.file.as_str(),
        Some(options.trust),
        &options.limits,
        &options.cancel,
    );
    let report = match &input.source {
        PackSource::Path(path) => {
            PackFile::open(path).and_then(|pack| pack.shown_as(file).verify(trust, limits, cancel))
        }
        PackSource::Bytes(bytes) => verify_until(&bytes[..], file, trust, limits, cancel),
    };
    reduced(file, report)
}

/// The pack `file`, read from `reader`, verified and reduced to what §19
/// needs.
fn verify_reader<R: Read>(
    file: &str,
    reader: R,
    options: &Options<'_>,
) -> Result<Outcome, RegisterError> {
    let trust = Some(options.trust);
    let report = verify_until(reader, file, trust, &options.limits, &options.cancel);
    reduced(file, report)
}

/// A verification's outcome as §19 lists it: a pack that could not be
/// opened or read is unread; cancelling and internal errors stop the
/// register.
fn reduced(file: &str, report: Result<Report, VerifyError>) -> Result<Outcome, RegisterError> {
    match report {
        Ok(report) => Ok(Ok(PackFacts::of(file.to_owned(), &report))),
        Err(e @ (VerifyError::Open { .. } | VerifyError::Read(_))) => Ok(Err(Unread {
            file: file.to_owned(),
            error: e.to_string(),
        })),
        Err(VerifyError::Cancelled) => Err(RegisterError::Cancelled),
        Err(source) => Err(RegisterError::Internal {
            file: file.to_owned(),
            source,
        }),
    }
}
