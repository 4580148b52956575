//! The operator's side of the server: the scans of the store (the first
//! and one every rescan period, on a blocking thread), the trust store
//! followed, the packs handed to the background workers, and what the
//! operator is told on standard error and in the log.

use super::Portal;
use crate::access_log::AccessLog;
use crate::store::{self, open_trust, Cache, Notice, Standing, Store};
use crate::verifier::Verifier;
use crate::PortalError;
use proofpack_core::{Limits, TrustStore};
use proofpack_spec::text::Untrusted;
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Rescans the store, follows the trust store, and hands what is not yet
/// verified to the background workers.
pub(super) struct Scanner {
    dir: PathBuf,
    trust_path: PathBuf,
    trust: Arc<TrustStore>,
    trust_stamp: Option<(Option<std::time::SystemTime>, u64)>,
    cache: Cache,
    limits: Limits,
    last_notices: BTreeSet<String>,
    verifier: Verifier,
}

fn trust_stamp(path: &Path) -> Option<(Option<std::time::SystemTime>, u64)> {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.modified().ok(), m.len()))
}

impl Scanner {
    /// A scanner whose failed verifications are told to `log`.
    pub(super) fn open(config: &super::Config, log: &Arc<AccessLog>) -> Result<Self, PortalError> {
        let failures = Arc::clone(log);
        let dir = config.store_dir.clone();
        let verifier = Verifier::start(
            Verifier::default_threads(),
            config.hooks.clone(),
            Arc::new(move |path, reason| announce(&failures, &store::skipped(&dir, path, reason))),
        )
        .map_err(|e| PortalError::io("verification threads", e))?;
        Ok(Scanner {
            dir: config.store_dir.clone(),
            trust_path: config.trust.clone(),
            trust_stamp: trust_stamp(&config.trust),
            trust: Arc::new(open_trust(&config.trust)?),
            cache: Cache::default(),
            limits: Limits::default(),
            last_notices: BTreeSet::new(),
            verifier,
        })
    }

    /// Scans the store and queues what it has no report for; returns the
    /// store and the notices not given last time.
    fn scan(&mut self) -> Result<(Store, Vec<Notice>), PortalError> {
        let stamp = trust_stamp(&self.trust_path);
        if stamp != self.trust_stamp {
            // A new trust store: every pack is verified again (the cache is
            // keyed by the store's SHA-256), and is pending until then. An
            // unusable one keeps the old.
            self.trust = Arc::new(open_trust(&self.trust_path)?);
            self.trust_stamp = stamp;
        }
        let scan = store::scan(&self.dir, &self.trust, &mut self.cache, &self.limits)?;
        for job in scan.jobs {
            self.verifier.submit(job);
        }
        let keys: BTreeSet<String> = scan.notices.iter().map(|n| format!("{n:?}")).collect();
        let fresh = scan
            .notices
            .into_iter()
            .filter(|n| !self.last_notices.contains(&format!("{n:?}")))
            .collect();
        self.last_notices = keys;
        Ok((scan.store, fresh))
    }

    /// [`Scanner::scan`] on a blocking thread, since it reads and hashes
    /// every changed pack; the scanner comes back with the result.
    pub(super) async fn scan_blocking(
        mut self,
    ) -> Result<(Self, Result<(Store, Vec<Notice>), PortalError>), tokio::task::JoinError> {
        tokio::task::spawn_blocking(move || {
            let scanned = self.scan();
            (self, scanned)
        })
        .await
    }
}

/// Tells the operator: a line on standard error and an event in the log.
pub(super) fn announce(log: &AccessLog, notice: &Notice) {
    match notice {
        Notice::Quarantined {
            tenant,
            file,
            sha256,
            manifest_tenant,
        } => {
            #[derive(Serialize)]
            struct Details<'a> {
                tenant: &'a str,
                file: &'a str,
                pack_sha256: &'a str,
                manifest_tenant_id: &'a str,
            }
            warn(
                log,
                format_args!(
                    "quarantined {tenant}/{} (sha256 {sha256}): its manifest names tenant {}; it is served to nobody",
                    Untrusted(file).escaped(),
                    Untrusted(manifest_tenant).escaped()
                ),
                "quarantined",
                Details {
                    tenant,
                    file,
                    pack_sha256: sha256,
                    manifest_tenant_id: manifest_tenant,
                },
            );
        }
        Notice::Skipped { path, reason } => {
            #[derive(Serialize)]
            struct Details<'a> {
                path: &'a str,
                reason: &'a str,
            }
            warn(
                log,
                format_args!(
                    "skipped {}: {}",
                    Untrusted(path).escaped(),
                    Untrusted(reason).escaped()
                ),
                "skipped",
                Details { path, reason },
            );
        }
    }
}

/// A warning for the operator: one line on stderr (pack-supplied parts
/// already escaped by the caller) and the same event in the log.
fn warn(log: &AccessLog, text: std::fmt::Arguments<'_>, event: &str, details: impl Serialize) {
    eprintln!("warning: {text}");
    log.event(event, details);
}

/// Warns, at start and in the log, when the token file can be read or
/// written by others than its owner: its hashes are not secrets, but
/// anyone who can write it can give themselves a token.
pub(super) fn warn_if_exposed(tokens: &std::path::Path, log: &AccessLog) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let Ok(meta) = std::fs::metadata(tokens) else {
            return;
        };
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            let path = tokens.display().to_string();
            #[derive(Serialize)]
            struct Details<'a> {
                path: &'a str,
                mode: String,
            }
            warn(
                log,
                format_args!(
                    "the token file {} has mode {mode:o}: others may read or change it (chmod 600)",
                    Untrusted(&path).escaped()
                ),
                "tokens_exposed",
                Details {
                    path: &path,
                    mode: format!("{mode:o}"),
                },
            );
        }
    }
    #[cfg(not(unix))]
    let _ = (tokens, log);
}

/// The details of an event that is a problem: what went wrong.
#[derive(Serialize)]
pub(super) struct Problem<'a> {
    pub(super) problem: &'a str,
}

/// Says on standard error how many packs are served, how many are not,
/// and how many are still to be verified.
pub(super) fn announce_serving(store: &Store, dir: &Path) {
    let (mut listed, mut quarantined, mut pending) = (0, 0, 0);
    for pack in store.packs() {
        match pack.standing() {
            Standing::Listed(_) => listed += 1,
            Standing::Quarantined { .. } => quarantined += 1,
            Standing::Hidden => {}
        }
        pending += usize::from(pack.report_slot.outcome().is_none());
    }
    eprintln!(
        "serving {listed} packs ({quarantined} quarantined) from {}; verifying {pending} in the background",
        dir.display()
    );
}

/// Every `period`, scans the store again and serves the result; a failed
/// scan is logged and the store served so far stays.
pub(super) async fn rescan_forever(portal: Arc<Portal>, mut scanner: Scanner, period: Duration) {
    loop {
        tokio::time::sleep(period).await;
        let Ok((back, scanned)) = scanner.scan_blocking().await else {
            return;
        };
        scanner = back;
        match scanned {
            Ok((store, notices)) => {
                for notice in &notices {
                    announce(&portal.log, notice);
                }
                portal.replace_store(store);
            }
            Err(e) => portal.log.event(
                "rescan_failed",
                Problem {
                    problem: &e.to_string(),
                },
            ),
        }
    }
}
