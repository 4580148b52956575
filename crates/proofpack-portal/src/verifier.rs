//! The background verification: a few worker threads (as many as the
//! machine has cores) that verify the packs a scan found, so the portal
//! listens as soon as it knows every pack's tenancy, not once every pack is
//! verified. Each result fills the pack's [`ReportSlot`], which the
//! served store already holds: no store is rebuilt when a report arrives.
//!
//! Plain threads rather than tokio's blocking pool: that pool grows to
//! hundreds of threads, and verification is CPU work that gains nothing past
//! one thread per core.

use crate::store::{Outcome, ReportSlot};
use proofpack_core::{Cancel, Limits, PackFile, TrustStore};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

/// One pack to verify, as the scan found it.
#[derive(Debug)]
pub struct Job {
    /// The pack file.
    pub path: PathBuf,
    /// Its file name, which the report names.
    pub file: String,
    /// The SHA-256 the scan read: a file that changed since is not reported
    /// under it.
    pub sha256: String,
    /// The trust store of the scan.
    pub trust: Arc<TrustStore>,
    /// The §1 limits.
    pub limits: Limits,
    /// Where the outcome goes. Weak: a pack removed (or a trust store
    /// replaced) before its turn is not verified at all.
    pub slot: Weak<ReportSlot>,
}

/// What [`run`] did with a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ran {
    /// Nothing: nobody holds the slot any more, or it is filled already.
    Skipped,
    /// The slot holds the report.
    Verified,
    /// The slot holds why there is no report.
    Failed(String),
}

/// Verifies `job` now, on this thread, and fills its slot.
pub fn run(job: &Job, hooks: &Hooks) -> Ran {
    let Some(slot) = job.slot.upgrade().filter(|s| s.outcome().is_none()) else {
        return Ran::Skipped;
    };
    // Reports name a pack by its file name: the server's own paths are not
    // the auditor's business.
    let outcome = PackFile::open(&job.path)
        .and_then(|pack| {
            pack.shown_as(job.file.as_str())
                .verify(Some(&job.trust), &job.limits, &Cancel::new())
        })
        .map_err(|e| e.to_string());
    hooks.shared.verifications.fetch_add(1, Ordering::Relaxed);
    let (outcome, ran) = match outcome {
        Ok(report) if report.pack().sha256 == job.sha256 => {
            (Outcome::Verified(Arc::new(report)), Ran::Verified)
        }
        Ok(_) => failed("the file changed while it was read".to_owned()),
        Err(reason) => failed(reason),
    };
    slot.fill(outcome);
    ran
}

fn failed(reason: String) -> (Outcome, Ran) {
    (Outcome::Failed(reason.clone()), Ran::Failed(reason))
}

/// What a failed verification is told to: the pack's path and why.
pub type OnFailure = Arc<dyn Fn(&Path, &str) + Send + Sync>;

/// The worker threads and their queue. Dropping it stops them: each ends
/// after the job it is on, and jobs still queued are dropped.
pub struct Verifier {
    jobs: Option<mpsc::Sender<Job>>,
    stop: Arc<AtomicBool>,
    hooks: Hooks,
}

impl Verifier {
    /// Starts `threads` workers (at least one); `on_failure` hears of every
    /// verification that could not give a report. Fails only if not one
    /// thread could be started.
    pub fn start(threads: usize, hooks: Hooks, on_failure: OnFailure) -> std::io::Result<Verifier> {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let stop = Arc::new(AtomicBool::new(false));
        let mut started = 0;
        let mut refused = None;
        for n in 0..threads.max(1) {
            let worker = Worker {
                receiver: Arc::clone(&receiver),
                stop: Arc::clone(&stop),
                hooks: hooks.clone(),
                on_failure: Arc::clone(&on_failure),
            };
            let spawned = std::thread::Builder::new()
                .name(format!("verify-{n}"))
                .spawn(move || worker.work());
            // A thread the OS refuses leaves the others to do the work.
            match spawned {
                Ok(_) => started += 1,
                Err(e) => refused = Some(e),
            }
        }
        match refused {
            Some(e) if started == 0 => Err(e),
            _ => Ok(Verifier {
                jobs: Some(sender),
                stop,
                hooks,
            }),
        }
    }

    /// The number of workers for this machine: one per core.
    pub fn default_threads() -> usize {
        std::thread::available_parallelism().map_or(1, usize::from)
    }

    /// Queues `job` behind those already queued.
    pub fn submit(&self, job: Job) {
        self.hooks.add_pending(1);
        let sent = self.jobs.as_ref().map(|jobs| jobs.send(job));
        if !matches!(sent, Some(Ok(()))) {
            // No worker is left to take it.
            self.hooks.add_pending(-1);
        }
    }
}

impl Drop for Verifier {
    fn drop(&mut self) {
        {
            // Under the lock, so that a worker about to wait at the gate
            // cannot miss the stop.
            let _state = self.hooks.state();
            self.stop.store(true, Ordering::SeqCst);
        }
        self.hooks.shared.changed.notify_all();
        self.jobs = None;
    }
}

struct Worker {
    receiver: Arc<Mutex<mpsc::Receiver<Job>>>,
    stop: Arc<AtomicBool>,
    hooks: Hooks,
    on_failure: OnFailure,
}

impl Worker {
    fn work(self) {
        loop {
            let next = match self.receiver.lock() {
                Ok(receiver) => receiver.recv(),
                Err(poisoned) => poisoned.into_inner().recv(),
            };
            let Ok(job) = next else {
                return;
            };
            self.hooks.pass_gate(&self.stop);
            if !self.stop.load(Ordering::SeqCst) {
                if let Ran::Failed(reason) = run(&job, &self.hooks) {
                    (self.on_failure)(&job.path, &reason);
                }
            }
            self.hooks.add_pending(-1);
        }
    }
}

/// Watches and steers the background verification and the HTML cache, for
/// tests and benchmarks: hold the workers back (to see packs pending), wait
/// until nothing is left to verify, and count verifications and HTML
/// renders. [`Hooks::default`] holds nothing back; the portal serves with it.
#[derive(Debug, Clone, Default)]
pub struct Hooks {
    shared: Arc<Shared>,
}

#[derive(Debug, Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    verifications: AtomicU64,
    renders: AtomicU64,
}

#[derive(Debug, Default)]
struct State {
    held: bool,
    pending: u64,
}

impl Hooks {
    /// Hooks whose workers wait, before each verification, until
    /// [`Hooks::release`].
    pub fn holding() -> Hooks {
        let hooks = Hooks::default();
        hooks.state().held = true;
        hooks
    }

    /// Lets the workers go on.
    pub fn release(&self) {
        self.state().held = false;
        self.shared.changed.notify_all();
    }

    /// Waits until no verification is queued or running, at most `bound`;
    /// `false` if that did not happen in time.
    pub fn wait_settled(&self, bound: Duration) -> bool {
        let deadline = Instant::now() + bound;
        let mut state = self.state();
        while state.pending > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            state = match self.shared.changed.wait_timeout(state, left) {
                Ok((guard, _)) => guard,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        true
    }

    /// How many verifications have run, failed ones included.
    pub fn verifications(&self) -> u64 {
        self.shared.verifications.load(Ordering::Relaxed)
    }

    /// How many HTML reports have been rendered.
    pub fn html_renders(&self) -> u64 {
        self.shared.renders.load(Ordering::Relaxed)
    }

    /// Counts one HTML render.
    pub(crate) fn rendered(&self) {
        self.shared.renders.fetch_add(1, Ordering::Relaxed);
    }

    fn state(&self) -> MutexGuard<'_, State> {
        match self.shared.state.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    fn add_pending(&self, delta: i64) {
        let mut state = self.state();
        state.pending = state.pending.saturating_add_signed(delta);
        if state.pending == 0 {
            self.shared.changed.notify_all();
        }
    }

    /// Returns once the workers are not held, or `stop` is set.
    fn pass_gate(&self, stop: &AtomicBool) {
        let mut state = self.state();
        while state.held && !stop.load(Ordering::SeqCst) {
            state = match self.shared.changed.wait(state) {
                Ok(guard) => guard,
                Err(poisoned) => poisoned.into_inner(),
            };
        }
    }
}
