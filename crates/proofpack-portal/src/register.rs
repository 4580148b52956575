//! The §19 register of one tenant's packs, as `proofpack register --json`
//! gives it for the same files: [`proofpack_register::register`] over the
//! packs the tenant's tokens are served, named by their file names in
//! file-name order, with the trust store and limits the scan verifies them
//! with.
//!
//! A register is made of the store as it is served, whole or not at all:
//! while one of the tenant's packs is still to be verified (a pack whose
//! report would place it in the tenant's list) it is [`Unmade::Pending`],
//! since a register missing a follow-up pack would call open items overdue
//! that are not. A file changed since the scan read it is pending too: the
//! register names packs by SHA-256, and only the bytes the scan placed may
//! be in it (a file replaced by another tenant's pack must not be).

use crate::store::{Pack, Standing, Store};
use proofpack_core::{Cancel, Limits, TrustStore};
use proofpack_register::{register, Options, PackInput, Register, RegisterError};
use proofpack_spec::timestamp::Timestamp;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Why there is no register.
#[derive(Debug)]
pub enum Unmade {
    /// One of the tenant's packs is not verified yet, or changed since the
    /// scan: the next scan catches up.
    Pending,
    /// The register was cancelled (its client went away).
    Cancelled,
    /// The verifier failed on a pack: a bug, told to the log.
    Internal(String),
}

/// The tenant's packs a register is made of: each pack of its folder that
/// its tokens are served, by file name. [`Unmade::Pending`] while one that
/// may yet be listed has no report.
pub fn packs_of(store: &Store, tenant: &str) -> Result<Vec<Arc<Pack>>, Unmade> {
    let mut packs = Vec::new();
    for pack in store.packs().iter().filter(|p| p.tenant == tenant) {
        match pack.standing() {
            Standing::Listed(Some(_)) => packs.push(Arc::clone(pack)),
            Standing::Listed(None) => return Err(Unmade::Pending),
            // Placed only by its report: it may be listed once verified.
            Standing::Hidden if pack.report_slot.outcome().is_none() => {
                return Err(Unmade::Pending)
            }
            Standing::Hidden | Standing::Quarantined { .. } => {}
        }
    }
    Ok(packs)
}

/// What a register is made with: the packs ([`packs_of`]), the scan's trust
/// store and limits, the instant, and how many threads verify.
pub struct Request {
    /// The packs, by file name.
    pub packs: Vec<Arc<Pack>>,
    /// The trust store the packs' reports are made with.
    pub trust: Arc<TrustStore>,
    /// The §1 limits.
    pub limits: Limits,
    /// The instant open items are judged at.
    pub as_of: Timestamp,
    /// Packs verified at once.
    pub jobs: usize,
    /// Raised when the client is gone.
    pub cancel: Cancel,
}

/// Makes the register: every pack verified again (blocking: call it off
/// the async runtime's workers), then checked to be the bytes the scan read.
pub fn make(request: Request) -> Result<Register, Unmade> {
    let inputs = request
        .packs
        .iter()
        .map(|p| PackInput::path(p.file.clone(), p.path.clone()))
        .collect();
    let mut options = Options::new(&request.trust, request.as_of);
    options.jobs = request.jobs;
    options.limits = request.limits;
    options.cancel = request.cancel;
    let made = match register(inputs, &options) {
        Ok(made) => made,
        Err(RegisterError::Cancelled) => return Err(Unmade::Cancelled),
        Err(e) => return Err(Unmade::Internal(e.to_string())),
    };
    let scanned: BTreeSet<&str> = request.packs.iter().map(|p| p.sha256.as_str()).collect();
    let registered: BTreeSet<&str> = made.packs().iter().map(|p| p.sha256.as_str()).collect();
    if scanned != registered || !made.unread().is_empty() {
        return Err(Unmade::Pending);
    }
    Ok(made)
}

/// The register's JSON, byte for byte as `proofpack register --json`
/// writes it.
pub fn json(made: &Register) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    proofpack_render::json::pretty_value(&mut out, made)?;
    out.push(b'\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{open_trust, scan, Cache, Outcome};
    use crate::verifier::{run, Hooks};
    use std::path::Path;

    fn verified(pack: &Pack) -> bool {
        matches!(pack.report_slot.outcome(), Some(Outcome::Verified(_)))
    }

    fn samples() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sample-packs")
    }

    #[test]
    fn a_register_waits_for_every_pack_that_may_be_listed_and_leaves_out_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("ten_0440");
        let b = dir.path().join("ten_0441");
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::copy(samples().join("complete-gdpr.tar.gz"), a.join("one.tar.gz")).unwrap();
        std::fs::write(a.join("broken.tar.gz"), b"not a gzip stream").unwrap();
        // Tenant A's pack in B's folder: quarantined, never in B's register.
        std::fs::copy(samples().join("late-ccpa.tar.gz"), b.join("late.tar.gz")).unwrap();
        let trust_path = dir.path().join("trust.json");
        std::fs::copy(samples().join("trust.json"), &trust_path).unwrap();
        let trust = Arc::new(open_trust(&trust_path).unwrap());
        let scanned = scan(
            dir.path(),
            &trust,
            &mut Cache::default(),
            &Limits::default(),
        )
        .unwrap();
        let store = &scanned.store;

        // Neither of A's packs is verified: the listed one and the one
        // placed by its report alone both hold the register back.
        assert!(matches!(packs_of(store, "ten_0440"), Err(Unmade::Pending)));
        // B's only pack is quarantined: nothing to wait for, nothing in it.
        assert!(packs_of(store, "ten_0441").unwrap().is_empty());
        assert!(packs_of(store, "ten_0442").unwrap().is_empty());

        let hooks = Hooks::default();
        for job in &scanned.jobs {
            run(job, &hooks);
        }
        let packs = packs_of(store, "ten_0440").unwrap();
        let files: Vec<&str> = packs.iter().map(|p| p.file.as_str()).collect();
        assert_eq!(files, ["broken.tar.gz", "one.tar.gz"]);
        assert!(packs.iter().all(|p| verified(p)));

        let as_of = Timestamp::parse("2026-12-01T00:00:00Z").unwrap();
        let request = |packs: Vec<Arc<Pack>>| Request {
            packs,
            trust: Arc::clone(&trust),
            limits: Limits::default(),
            as_of: as_of.clone(),
            jobs: 2,
            cancel: Cancel::new(),
        };
        let made = make(request(packs.clone())).unwrap();
        assert_eq!(made.packs().len(), 2);
        // A file replaced since the scan is not registered under the scan's
        // reading: pending until the next scan.
        std::fs::copy(samples().join("late-ccpa.tar.gz"), a.join("one.tar.gz")).unwrap();
        assert!(matches!(make(request(packs.clone())), Err(Unmade::Pending)));
        std::fs::remove_file(a.join("one.tar.gz")).unwrap();
        assert!(matches!(make(request(packs)), Err(Unmade::Pending)));
    }
}
