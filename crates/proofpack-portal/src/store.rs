//! The store the portal serves: `DIR/<tenant_id>/*.tar.gz`, the
//! controller's retention layout. The folder decides tenancy, never a claim
//! inside a pack.
//!
//! A scan reads each pack file once without verifying it: its SHA-256 and
//! the `tenant_id` of its manifest (through `proofpack_core::inspect`, which
//! refuses what §1 refuses). That is enough to place it, so the portal can
//! listen at once; verification runs in the background
//! ([`crate::verifier`]), and its report, once there, decides.
//!
//! - A pack whose manifest `tenant_id` differs from its folder is
//!   quarantined: served to nobody, reported at start and in the log.
//! - A pack that does not verify is listed with its verdict (`invalid`,
//!   say): auditors see broken evidence too. A pack too broken to show a
//!   manifest `tenant_id` at all cannot claim another tenant, so it is listed
//!   in its folder with its verdict, not quarantined.
//! - Before its report is ready, a pack whose manifest could be read is
//!   placed by that manifest (listed without a report, or quarantined); one
//!   whose manifest could not be read is served to nobody until its report
//!   places it. Both readings take the same member with the same strict
//!   JSON rules, so the early placement is never more open than the report's.
//! - Reports are cached by the pack's SHA-256, the trust store's SHA-256
//!   and the file name: a pack is verified again only when one changes.

use crate::lang::Lang;
use crate::verifier::{Job, Verifier};
use crate::PortalError;
use axum::body::Bytes;
use proofpack_core::{Limits, Report, TrustStore};
use proofpack_register::{inputs, Inputs, ListError, ListProblem, PackSource};
use proofpack_spec::json::Json;
use proofpack_spec::vocab::MemberName;
use sha2::{Digest, Sha256};
use std::collections::{BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The manifest member (§2) that says which tenant a pack is for. The
/// verifier's own names for the manifest's members are private to it.
const MANIFEST_TENANT_ID: &str = "tenant_id";

/// Reads the trust store at `path` (its error in the core's one wording);
/// reports name it by its file name only (the server's own paths are not
/// the auditor's business).
pub fn open_trust(path: &Path) -> Result<TrustStore, PortalError> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    TrustStore::load(path)
        .map(|store| store.shown_as(name))
        .map_err(|e| PortalError::Invalid(e.to_string()))
}

/// What a pack's manifest says of its tenant, read before it is verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tenancy {
    /// The manifest names this tenant.
    Claimed(String),
    /// The manifest is a JSON object with no `tenant_id` string: it claims
    /// no tenant, so none but its folder's.
    Unclaimed,
    /// The manifest could not be read (§1 refuses the archive, there is no
    /// manifest, or it is not a JSON object): only the report can tell.
    Unknown,
}

/// How one verification ended.
#[derive(Debug)]
pub enum Outcome {
    /// The verifier's report.
    Verified(Arc<Report>),
    /// The verifier could not read the pack (an I/O error, or the file
    /// changed while it was read): the pack is served to nobody, as a pack
    /// the scan skipped is, and is tried again at the next scan.
    Failed(String),
}

/// Where the report of one pack file against one trust store goes, this
/// tool's verification of it (not the pack's own `verification.json`, §8,
/// nor a signed verification receipt, §20): empty until a worker fills it,
/// then the outcome and the report's HTML, rendered at most once per
/// language.
#[derive(Debug, Default)]
pub struct ReportSlot {
    outcome: OnceLock<Outcome>,
    html: [OnceLock<Bytes>; Lang::ALL.len()],
}

impl ReportSlot {
    /// The outcome, once there is one.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.get()
    }

    /// Sets the outcome; a slot already filled keeps its first one.
    pub fn fill(&self, outcome: Outcome) {
        let _ = self.outcome.set(outcome);
    }

    /// The HTML report in `lang`: `render` runs the first time only (a
    /// concurrent caller waits for it rather than rendering again).
    pub fn html(&self, lang: Lang, render: impl FnOnce() -> Bytes) -> Bytes {
        self.html[lang.index()].get_or_init(render).clone()
    }
}

/// One pack file of the store.
#[derive(Debug)]
pub struct Pack {
    /// Its folder: the tenant whose auditors may read it.
    pub tenant: String,
    /// Its file name inside the folder.
    pub file: String,
    /// Where it is.
    pub path: PathBuf,
    /// SHA-256 of its bytes, lowercase hex.
    pub sha256: String,
    /// What its manifest said of its tenant before it was verified.
    pub tenancy: Tenancy,
    /// The slot of its report, shared with the cache and the workers.
    pub report_slot: Arc<ReportSlot>,
}

/// Where a pack stands now.
#[derive(Debug, Clone, Copy)]
pub enum Standing<'p> {
    /// Served to the tokens of its folder's tenant: with its report, or
    /// `None` while it is being verified.
    Listed(Option<&'p Arc<Report>>),
    /// Its manifest names another tenant than its folder: served to nobody.
    Quarantined {
        /// The manifest's `tenant_id`.
        manifest_tenant: &'p str,
    },
    /// Served to nobody: its tenancy is known only once it is verified, or
    /// its verification failed.
    Hidden,
}

impl Pack {
    /// Where it stands: by its report once there is one, else by its
    /// manifest.
    pub fn standing(&self) -> Standing<'_> {
        match self.report_slot.outcome() {
            Some(Outcome::Verified(report)) => placed(
                &self.tenant,
                report.pack().tenant_id.as_deref(),
                Some(report),
            ),
            Some(Outcome::Failed(_)) => Standing::Hidden,
            None => match &self.tenancy {
                Tenancy::Claimed(claimed) => placed(&self.tenant, Some(claimed), None),
                Tenancy::Unclaimed => Standing::Listed(None),
                Tenancy::Unknown => Standing::Hidden,
            },
        }
    }
}

/// A folder's pack that claims `claimed`: quarantined if that is another
/// tenant.
fn placed<'p>(
    folder: &str,
    claimed: Option<&'p str>,
    report: Option<&'p Arc<Report>>,
) -> Standing<'p> {
    match claimed {
        Some(claimed) if claimed != folder => Standing::Quarantined {
            manifest_tenant: claimed,
        },
        _ => Standing::Listed(report),
    }
}

/// Something about the store the operator should know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A pack was quarantined.
    Quarantined {
        /// Its folder.
        tenant: String,
        /// Its file name.
        file: String,
        /// Its SHA-256.
        sha256: String,
        /// The `tenant_id` its manifest claims.
        manifest_tenant: String,
    },
    /// An entry of the store was skipped.
    Skipped {
        /// Its path under the store.
        path: String,
        /// Why.
        reason: String,
    },
}

/// Every pack of the store, indexed by SHA-256, with the trust store and
/// limits the scan verifies them with.
#[derive(Debug, Default)]
pub struct Store {
    packs: Vec<Arc<Pack>>,
    by_sha256: HashMap<String, Vec<usize>>,
    trust: Option<Arc<TrustStore>>,
    limits: Limits,
}

impl Store {
    /// The trust store the packs' reports are made with (`None` only for
    /// an empty [`Store::default`]).
    pub fn trust(&self) -> Option<&Arc<TrustStore>> {
        self.trust.as_ref()
    }

    /// The §1 limits the packs are read with.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Every pack, quarantined and hidden ones included, by tenant then
    /// file name.
    pub fn packs(&self) -> &[Arc<Pack>] {
        &self.packs
    }

    /// The listed packs of `tenants`, by tenant then file name, each with
    /// its report if it is ready.
    pub fn visible<'s>(
        &'s self,
        tenants: &'s BTreeSet<String>,
    ) -> impl Iterator<Item = (&'s Arc<Pack>, Option<&'s Arc<Report>>)> + 's {
        self.packs
            .iter()
            .filter(|p| tenants.contains(&p.tenant))
            .filter_map(|p| match p.standing() {
                Standing::Listed(report) => Some((p, report)),
                _ => None,
            })
    }

    /// The listed pack with this SHA-256 in one of `tenants`, if any, with
    /// its report if it is ready. The same bytes may sit in several
    /// folders: a copy whose report is ready comes first, and a quarantined
    /// or hidden copy is never returned.
    pub fn find<'s>(
        &'s self,
        sha256: &str,
        tenants: &BTreeSet<String>,
    ) -> Option<(&'s Arc<Pack>, Option<&'s Arc<Report>>)> {
        let mut listed = self
            .by_sha256
            .get(sha256)?
            .iter()
            .filter_map(|&i| self.packs.get(i))
            .filter(|p| tenants.contains(&p.tenant))
            .filter_map(|p| match p.standing() {
                Standing::Listed(report) => Some((p, report)),
                _ => None,
            });
        let first = listed.next()?;
        if first.1.is_some() {
            return Some(first);
        }
        Some(listed.find(|(_, report)| report.is_some()).unwrap_or(first))
    }

    fn add(&mut self, pack: Pack) {
        let index = self.packs.len();
        self.by_sha256
            .entry(pack.sha256.clone())
            .or_default()
            .push(index);
        self.packs.push(Arc::new(pack));
    }
}

/// What identifies a version of a pack file without reading it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FileStamp {
    modified: Option<std::time::SystemTime>,
    len: u64,
    inode: u64,
}

fn file_stamp(meta: &std::fs::Metadata) -> FileStamp {
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(meta);
    #[cfg(not(unix))]
    let inode = 0;
    FileStamp {
        modified: meta.modified().ok(),
        len: meta.len(),
        inode,
    }
}

/// What a scan read of one pack file without verifying it.
#[derive(Debug, Clone)]
struct Unverified {
    sha256: String,
    tenancy: Tenancy,
}

/// What the scanner remembers between scans: what each file's unverified
/// reading gave (so an unchanged file is not read again) and each
/// report slot by (pack SHA-256, trust SHA-256, file name).
#[derive(Default)]
pub struct Cache {
    files: HashMap<PathBuf, (FileStamp, Unverified)>,
    slots: HashMap<(String, String, String), Arc<ReportSlot>>,
}

/// Passes reads through to `inner` and hashes every byte read.
struct Hashing<R> {
    inner: R,
    hasher: Sha256,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

/// Reads the pack file at `path` once: its SHA-256 and what its manifest
/// says of its tenant. An error is the file's, not the pack's.
fn read_unverified(path: &Path, limits: &Limits) -> std::io::Result<Unverified> {
    let mut reader = Hashing {
        inner: std::fs::File::open(path)?,
        hasher: Sha256::new(),
    };
    let manifest =
        proofpack_core::inspect::member_content(&mut reader, limits, MemberName::Manifest.as_str());
    let tenancy = match manifest {
        Ok(bytes) => tenancy_of(&bytes),
        Err(proofpack_core::inspect::InspectError::Read(e)) => {
            return Err(std::io::Error::other(e))
        }
        Err(_) => Tenancy::Unknown,
    };
    // The rest of the file, if the reader stopped early, for the hash.
    std::io::copy(&mut reader, &mut std::io::sink())?;
    Ok(Unverified {
        sha256: proofpack_spec::encoding::hex(&reader.hasher.finalize()),
        tenancy,
    })
}

/// The tenancy `manifest.json` claims, read with the verifier's strict JSON
/// rules (§0: a duplicate `tenant_id` does not parse).
fn tenancy_of(manifest: &[u8]) -> Tenancy {
    let doc = match proofpack_spec::json::parse(manifest) {
        Ok(doc) => doc,
        Err(_) => return Tenancy::Unknown,
    };
    match doc.as_object() {
        Some(fields) => match fields.get(MANIFEST_TENANT_ID).and_then(Json::as_str) {
            Some(tenant) => Tenancy::Claimed(tenant.to_owned()),
            None => Tenancy::Unclaimed,
        },
        None => Tenancy::Unknown,
    }
}

/// What one scan found.
#[derive(Debug, Default)]
pub struct Scan {
    /// The store to serve.
    pub store: Store,
    /// What the operator should know.
    pub notices: Vec<Notice>,
    /// The packs to verify: those the cache had no report for, in store
    /// order.
    pub jobs: Vec<Job>,
}

/// Reads the store at `dir`: every `*.tar.gz` regular file of every tenant
/// folder, read once without verifying (or answered from `cache`), with a
/// job for each one not yet verified against `trust`. Symbolic links, other
/// files and folders with names that are not valid tenant ids are skipped,
/// with a notice.
pub fn scan(
    dir: &Path,
    trust: &Arc<TrustStore>,
    cache: &mut Cache,
    limits: &Limits,
) -> Result<Scan, PortalError> {
    let mut notices = Vec::new();
    let found = pack_files(dir, &mut notices)?;
    let prefetched = prefetch(&found, cache, limits);
    let mut scanner = Scanner {
        trust,
        trust_sha: trust.identity().sha256.clone(),
        limits,
        cache,
        files: HashMap::new(),
        slots: HashMap::new(),
        jobs: Vec::new(),
        prefetched,
    };
    let mut store = Store {
        trust: Some(Arc::clone(trust)),
        limits: *limits,
        ..Store::default()
    };
    for (tenant, file, path) in found {
        let (unverified, report_slot) = match scanner.read(&path, &file) {
            Ok(read) => read,
            Err(reason) => {
                notices.push(skipped(dir, &path, &reason));
                continue;
            }
        };
        let pack = Pack {
            tenant,
            file,
            path,
            sha256: unverified.sha256,
            tenancy: unverified.tenancy,
            report_slot,
        };
        if let Standing::Quarantined { manifest_tenant } = pack.standing() {
            notices.push(Notice::Quarantined {
                tenant: pack.tenant.clone(),
                file: pack.file.clone(),
                sha256: pack.sha256.clone(),
                manifest_tenant: manifest_tenant.to_owned(),
            });
        }
        store.add(pack);
    }
    // Keep only what this scan used: a removed pack's report goes with it.
    let Scanner {
        cache,
        files,
        slots,
        jobs,
        ..
    } = scanner;
    cache.files = files;
    cache.slots = slots;
    Ok(Scan {
        store,
        notices,
        jobs,
    })
}

/// The notice that `path` was skipped, named under the store.
pub(crate) fn skipped(dir: &Path, path: &Path, reason: &str) -> Notice {
    Notice::Skipped {
        path: path.strip_prefix(dir).unwrap_or(path).display().to_string(),
        reason: reason.to_owned(),
    }
}

/// Every candidate pack of the store as (tenant, file name, path), by
/// tenant then file name; anything else gets a notice.
fn pack_files(
    dir: &Path,
    notices: &mut Vec<Notice>,
) -> Result<Vec<(String, String, PathBuf)>, PortalError> {
    let mut found = Vec::new();
    let mut tenants: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| PortalError::io(dir, e))?
        .filter_map(Result::ok)
        .collect();
    tenants.sort_by_key(|e| e.file_name());
    for tenant_entry in tenants {
        let tenant_path = tenant_entry.path();
        let is_dir = tenant_entry.file_type().is_ok_and(|t| t.is_dir());
        let tenant = tenant_entry.file_name().to_str().map(str::to_owned);
        let tenant = match tenant {
            Some(t) if is_dir && crate::tokens::valid_name(&t) => t,
            _ => {
                notices.push(skipped(dir, &tenant_path, "not a tenant folder"));
                continue;
            }
        };
        tenant_pack_files(dir, &tenant, &tenant_path, notices, &mut found);
    }
    Ok(found)
}

/// Adds to `found` the packs of one tenant's folder as every front end
/// lists a folder of packs (`proofpack_register::inputs`: `*.tar.gz`
/// regular files by name, links not followed); every other entry gets a
/// notice with its reason. A folder with no pack is a tenant with no packs
/// yet, not an error; a pack whose file name is not UTF-8 cannot be named
/// in a report or a URL, and is skipped.
fn tenant_pack_files(
    dir: &Path,
    tenant: &str,
    tenant_path: &Path,
    notices: &mut Vec<Notice>,
    found: &mut Vec<(String, String, PathBuf)>,
) {
    let listed = match inputs(&[tenant_path.to_path_buf()]) {
        Ok(listed) => listed,
        Err(ListError {
            problem: ListProblem::NoPacks { skipped: others },
            ..
        }) => Inputs {
            packs: Vec::new(),
            skipped: others,
        },
        Err(e) => {
            notices.push(skipped(dir, tenant_path, &e.problem.to_string()));
            return;
        }
    };
    for other in listed.skipped {
        notices.push(skipped(dir, &other.path, &other.reason.to_string()));
    }
    for pack in listed.packs {
        let PackSource::Path(path) = pack.source else {
            continue;
        };
        match path.file_name().and_then(|n| n.to_str()) {
            Some(name) => found.push((tenant.to_owned(), name.to_owned(), path.clone())),
            None => notices.push(skipped(dir, &path, "its file name is not UTF-8")),
        }
    }
}

/// One scan's reading of pack files: the old cache to answer from, and
/// what this scan used, which becomes the new cache.
struct Scanner<'a> {
    trust: &'a Arc<TrustStore>,
    trust_sha: String,
    limits: &'a Limits,
    cache: &'a mut Cache,
    files: HashMap<PathBuf, (FileStamp, Unverified)>,
    slots: HashMap<(String, String, String), Arc<ReportSlot>>,
    jobs: Vec<Job>,
    prefetched: HashMap<PathBuf, Prefetched>,
}

/// A file's stamp and what reading it gave (or why it could not be read).
type Prefetched = (FileStamp, Result<Unverified, String>);

/// Reads the files of `found` that `cache` cannot answer for, on one thread
/// per core: the slow part of a scan (every pack at start), done before the
/// scan goes through the files in order.
fn prefetch(
    found: &[(String, String, PathBuf)],
    cache: &Cache,
    limits: &Limits,
) -> HashMap<PathBuf, Prefetched> {
    let stale: Vec<(&Path, FileStamp)> = found
        .iter()
        .filter_map(|(_, _, path)| {
            let stamp = file_stamp(&std::fs::metadata(path).ok()?);
            let known = cache.files.get(path).is_some_and(|(k, _)| *k == stamp);
            (!known).then_some((path.as_path(), stamp))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let read = Mutex::new(HashMap::new());
    let work = || {
        while let Some((path, stamp)) = stale.get(next.fetch_add(1, Ordering::Relaxed)) {
            let unverified = read_unverified(path, limits).map_err(|e| e.to_string());
            let mut read = read.lock().unwrap_or_else(PoisonError::into_inner);
            read.insert(path.to_path_buf(), (stamp.clone(), unverified));
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..Verifier::default_threads().min(stale.len()) {
            // A helper the OS refuses leaves the work to the others.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    read.into_inner().unwrap_or_else(PoisonError::into_inner)
}

impl Scanner<'_> {
    /// The unverified reading and the report slot of the pack file at
    /// `path`, named `file` (a new verification is queued as a job); or why
    /// it is skipped.
    fn read(&mut self, path: &Path, file: &str) -> Result<(Unverified, Arc<ReportSlot>), String> {
        let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
        let stamp = file_stamp(&meta);
        let unverified = match self.cache.files.get(path) {
            Some((known, unverified)) if *known == stamp => unverified.clone(),
            _ => match self.prefetched.remove(path) {
                Some((known, read)) if known == stamp => read?,
                // Changed since it was read: read again.
                _ => read_unverified(path, self.limits).map_err(|e| e.to_string())?,
            },
        };
        // The report names its file, so the same bytes under another name
        // are verified under that name.
        let key = (
            unverified.sha256.clone(),
            self.trust_sha.clone(),
            file.to_owned(),
        );
        // A failed verification is tried again.
        let cached = self
            .slots
            .get(&key)
            .or_else(|| self.cache.slots.get(&key))
            .filter(|v| !matches!(v.outcome(), Some(Outcome::Failed(_))))
            .cloned();
        let slot = match cached {
            Some(slot) => slot,
            None => {
                let slot = Arc::new(ReportSlot::default());
                self.jobs.push(Job {
                    path: path.to_owned(),
                    file: file.to_owned(),
                    sha256: unverified.sha256.clone(),
                    trust: Arc::clone(self.trust),
                    limits: *self.limits,
                    slot: Arc::downgrade(&slot),
                });
                slot
            }
        };
        self.slots.insert(key, Arc::clone(&slot));
        self.files
            .insert(path.to_owned(), (stamp, unverified.clone()));
        Ok((unverified, slot))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verifier::{run, Hooks, Ran};

    fn samples() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sample-packs")
    }

    fn trust_in(dir: &Path) -> (PathBuf, Arc<TrustStore>) {
        let trust_path = dir.join("trust.json");
        std::fs::copy(samples().join("trust.json"), &trust_path).unwrap();
        let trust = Arc::new(open_trust(&trust_path).unwrap());
        (trust_path, trust)
    }

    /// Runs every job of `scan` here; how many verified.
    fn verify_all(scan: &Scan) -> usize {
        let hooks = Hooks::default();
        scan.jobs
            .iter()
            .filter(|job| run(job, &hooks) == Ran::Verified)
            .count()
    }

    fn tenants(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn reports_are_cached_by_pack_and_trust_store_and_the_folder_decides_tenancy() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("ten_0440");
        let b = dir.path().join("ten_0441");
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        let complete = samples().join("complete-gdpr.tar.gz");
        std::fs::copy(&complete, a.join("one.tar.gz")).unwrap();
        // The same bytes twice in A, and once in B (quarantined): each file is
        // verified under its own name, since the report names its input.
        std::fs::copy(&complete, a.join("two.tar.gz")).unwrap();
        std::fs::copy(&complete, b.join("three.tar.gz")).unwrap();
        std::fs::create_dir_all(dir.path().join("bad name")).unwrap();
        let (trust_path, trust) = trust_in(dir.path());
        let mut cache = Cache::default();
        let limits = Limits::default();
        let (only_a, only_b) = (tenants(&["ten_0440"]), tenants(&["ten_0441"]));

        let scanned = scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        let store = &scanned.store;
        assert_eq!(scanned.jobs.len(), 3);
        assert_eq!(store.packs().len(), 3);
        // Placed by the manifest before any report: listed without one, or
        // quarantined.
        let sha = store.packs()[0].sha256.clone();
        assert_eq!(
            sha,
            proofpack_spec::encoding::hex(&Sha256::digest(std::fs::read(&complete).unwrap()))
        );
        assert!(store.visible(&only_a).all(|(_, report)| report.is_none()));
        assert_eq!(store.visible(&only_a).count(), 2);
        assert_eq!(store.visible(&only_b).count(), 0);
        assert!(store.find(&sha, &only_b).is_none());
        assert!(matches!(store.find(&sha, &only_a), Some((p, None)) if p.tenant == "ten_0440"));
        assert!(scanned.notices.iter().any(
            |n| matches!(n, Notice::Quarantined { tenant, manifest_tenant, .. }
                if tenant == "ten_0441" && manifest_tenant == "ten_0440")
        ));
        assert!(scanned
            .notices
            .iter()
            .any(|n| matches!(n, Notice::Skipped { .. })));

        assert_eq!(verify_all(&scanned), 3);
        let inputs: Vec<_> = store
            .packs()
            .iter()
            .map(|p| match p.report_slot.outcome() {
                Some(Outcome::Verified(report)) => report.meta().input.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            inputs,
            [
                Some("one.tar.gz".into()),
                Some("two.tar.gz".into()),
                Some("three.tar.gz".into())
            ]
        );
        assert!(matches!(store.find(&sha, &only_a), Some((_, Some(_)))));
        assert!(store.find(&sha, &only_b).is_none());
        assert!(matches!(
            store.packs()[2].standing(),
            Standing::Quarantined { .. }
        ));

        // Nothing changed: nothing is verified again.
        assert!(scan(dir.path(), &trust, &mut cache, &limits)
            .unwrap()
            .jobs
            .is_empty());
        // Another trust store (other bytes, same keys): each verified again,
        // and pending until then.
        let mut bytes = std::fs::read(&trust_path).unwrap();
        bytes.extend_from_slice(b"\n");
        std::fs::write(&trust_path, bytes).unwrap();
        let trust = Arc::new(open_trust(&trust_path).unwrap());
        let scanned = scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        assert_eq!(scanned.jobs.len(), 3);
        assert!(scanned
            .store
            .visible(&only_a)
            .all(|(_, report)| report.is_none()));
        assert_eq!(verify_all(&scanned), 3);
        // A pack replaced by other bytes: verified again.
        std::fs::copy(samples().join("late-ccpa.tar.gz"), a.join("two.tar.gz")).unwrap();
        let scanned = scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        assert_eq!(verify_all(&scanned), 1);
        assert_eq!(scanned.store.visible(&only_a).count(), 2);
    }

    #[test]
    fn an_unreadable_manifest_hides_a_pack_until_its_report_places_it() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("ten_0440");
        std::fs::create_dir_all(&a).unwrap();
        std::fs::write(a.join("broken.tar.gz"), b"not a gzip stream").unwrap();
        std::fs::copy(samples().join("late-ccpa.tar.gz"), a.join("late.tar.gz")).unwrap();
        let (_, trust) = trust_in(dir.path());
        let mut cache = Cache::default();
        let limits = Limits::default();
        let only_a = tenants(&["ten_0440"]);

        let scanned = scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        let broken = Arc::clone(&scanned.store.packs()[0]);
        assert_eq!(broken.tenancy, Tenancy::Unknown);
        assert!(matches!(broken.standing(), Standing::Hidden));
        assert!(scanned.store.find(&broken.sha256, &only_a).is_none());
        assert_eq!(scanned.store.visible(&only_a).count(), 1);

        // A verification that fails leaves it hidden, and is tried again.
        broken
            .report_slot
            .fill(Outcome::Failed("unreadable".to_owned()));
        assert!(matches!(broken.standing(), Standing::Hidden));
        let again = scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        assert_eq!(again.jobs.len(), 1);
        assert_eq!(again.jobs[0].file, "broken.tar.gz");
        assert_eq!(verify_all(&again), 1);
        assert_eq!(verify_all(&scanned), 1, "the other pack's first job");
        // Too broken to claim a tenant: listed in its folder, with its verdict.
        let (pack, report) = again.store.find(&broken.sha256, &only_a).unwrap();
        assert_eq!(pack.file, "broken.tar.gz");
        assert_eq!(report.unwrap().verdict(), proofpack_core::Verdict::Invalid);
        assert_eq!(again.store.visible(&only_a).count(), 2);
    }

    #[test]
    fn the_manifest_tenant_is_read_with_the_strict_json_rules() {
        let claimed = |t: &str| Tenancy::Claimed(t.to_owned());
        for (manifest, tenancy) in [
            (&br#"{"tenant_id":"ten_1"}"#[..], claimed("ten_1")),
            (br#"{"pack_id":"p","tenant_id":"t\u0041"}"#, claimed("tA")),
            (br#"{"pack_id":"p"}"#, Tenancy::Unclaimed),
            (br#"{"tenant_id":7}"#, Tenancy::Unclaimed),
            (br#"{"tenant_id":"a","tenant_id":"b"}"#, Tenancy::Unknown),
            (br#"["tenant_id"]"#, Tenancy::Unknown),
            (b"\xef\xbb\xbf{\"tenant_id\":\"a\"}", Tenancy::Unknown),
            (b"{", Tenancy::Unknown),
        ] {
            assert_eq!(
                tenancy_of(manifest),
                tenancy,
                "{}",
                String::from_utf8_lossy(manifest)
            );
        }
    }
}
