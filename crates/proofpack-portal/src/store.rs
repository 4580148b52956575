//! The store the portal serves: `DIR/<tenant_id>/*.tar.gz`, the
//! controller's retention layout. The folder decides tenancy, never a claim
//! inside a pack.
//!
//! - A pack whose manifest `tenant_id` differs from its folder is
//!   quarantined: served to nobody, reported at start and in the log.
//! - A pack that does not verify is listed with its verdict (`invalid`,
//!   say): auditors see broken evidence too. A pack too broken to show a
//!   manifest `tenant_id` at all cannot claim another tenant, so it is listed
//!   in its folder with its verdict, not quarantined.
//! - Reports are cached by the pack's SHA-256 and the trust store's SHA-256:
//!   a pack is verified again only when either changes.

use crate::PortalError;
use proofpack_core::{Limits, Report, TrustStore};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads the trust store at `path`; reports name it by its file name only
/// (the server's own paths are not the auditor's business).
pub fn open_trust(path: &Path) -> Result<TrustStore, PortalError> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    TrustStore::load(path)
        .map(|store| store.shown_as(name))
        .map_err(|e| PortalError::Invalid(format!("{}: {e}", path.display())))
}

/// Whether a pack may be served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Served to the tokens of its folder's tenant.
    Listed,
    /// Its manifest names another tenant than its folder: served to nobody.
    Quarantined {
        /// The manifest's `tenant_id`.
        manifest_tenant: String,
    },
}

/// One pack file of the store, verified.
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
    /// The verifier's report.
    pub report: Arc<Report>,
    /// Whether it is served.
    pub placement: Placement,
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

/// Every pack of the store, indexed by SHA-256.
#[derive(Debug, Default)]
pub struct Store {
    packs: Vec<Arc<Pack>>,
    by_sha256: HashMap<String, Vec<usize>>,
}

impl Store {
    /// Every pack, quarantined ones included, by tenant then file name.
    pub fn packs(&self) -> &[Arc<Pack>] {
        &self.packs
    }

    /// The listed packs of `tenants`, by tenant then file name.
    pub fn visible<'s>(
        &'s self,
        tenants: &'s std::collections::BTreeSet<String>,
    ) -> impl Iterator<Item = &'s Arc<Pack>> + 's {
        self.packs
            .iter()
            .filter(|p| p.placement == Placement::Listed && tenants.contains(&p.tenant))
    }

    /// The listed pack with this SHA-256 in one of `tenants`, if any. The
    /// same bytes may sit in several folders; a quarantined copy is never
    /// returned.
    pub fn find(
        &self,
        sha256: &str,
        tenants: &std::collections::BTreeSet<String>,
    ) -> Option<&Arc<Pack>> {
        self.by_sha256
            .get(sha256)?
            .iter()
            .filter_map(|&i| self.packs.get(i))
            .find(|p| p.placement == Placement::Listed && tenants.contains(&p.tenant))
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

/// What the scanner remembers between scans: each file's SHA-256 (so an
/// unchanged file is not hashed again) and each report by (pack SHA-256,
/// trust SHA-256).
#[derive(Default)]
pub struct Cache {
    hashes: HashMap<PathBuf, (FileStamp, String)>,
    reports: HashMap<(String, String, String), Arc<Report>>,
    verifications: u64,
}

impl Cache {
    /// How many packs have been verified (not answered from the cache).
    pub fn verifications(&self) -> u64 {
        self.verifications
    }
}

fn hash_file(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    std::io::copy(&mut file, &mut hasher)?;
    Ok(proofpack_spec::encoding::hex(&hasher.finalize()))
}

/// Reads the store at `dir`: every `*.tar.gz` regular file of every tenant
/// folder, verified against `trust` (or answered from `cache`). Symbolic
/// links, other files and folders with names that are not valid tenant ids
/// are skipped, with a notice.
pub fn scan(
    dir: &Path,
    trust: &TrustStore,
    cache: &mut Cache,
    limits: &Limits,
) -> Result<(Store, Vec<Notice>), PortalError> {
    let mut notices = Vec::new();
    let found = pack_files(dir, &mut notices)?;
    let mut scanner = Scanner {
        trust,
        trust_sha: trust.identity().sha256.clone(),
        limits,
        cache,
        hashes: HashMap::new(),
        reports: HashMap::new(),
    };
    let mut store = Store::default();
    for (tenant, file, path) in found {
        let (sha256, report) = match scanner.read(&path, &file) {
            Ok(read) => read,
            Err(reason) => {
                notices.push(skipped(dir, &path, &reason));
                continue;
            }
        };
        let placement = placement(&tenant, &report);
        if let Placement::Quarantined { manifest_tenant } = &placement {
            notices.push(Notice::Quarantined {
                tenant: tenant.clone(),
                file: file.clone(),
                sha256: sha256.clone(),
                manifest_tenant: manifest_tenant.clone(),
            });
        }
        store.add(Pack {
            tenant,
            file,
            path,
            sha256,
            report,
            placement,
        });
    }
    // Keep only what this scan used: a removed pack's report goes with it.
    let Scanner {
        cache,
        hashes,
        reports,
        ..
    } = scanner;
    cache.hashes = hashes;
    cache.reports = reports;
    Ok((store, notices))
}

/// The notice that `path` was skipped, named under the store.
fn skipped(dir: &Path, path: &Path, reason: &str) -> Notice {
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

/// Adds to `found` the `*.tar.gz` regular files of one tenant's folder, by
/// file name; anything else gets a notice.
fn tenant_pack_files(
    dir: &Path,
    tenant: &str,
    tenant_path: &Path,
    notices: &mut Vec<Notice>,
    found: &mut Vec<(String, String, PathBuf)>,
) {
    let mut files: Vec<_> = match std::fs::read_dir(tenant_path) {
        Ok(entries) => entries.filter_map(Result::ok).collect(),
        Err(e) => {
            notices.push(skipped(dir, tenant_path, &e.to_string()));
            return;
        }
    };
    files.sort_by_key(|e| e.file_name());
    for file_entry in files {
        let path = file_entry.path();
        let name = file_entry.file_name().to_str().map(str::to_owned);
        let regular = file_entry.file_type().is_ok_and(|t| t.is_file());
        match name {
            Some(name) if regular && name.ends_with(".tar.gz") => {
                found.push((tenant.to_owned(), name, path));
            }
            _ => notices.push(skipped(dir, &path, "not a regular *.tar.gz file")),
        }
    }
}

/// Where a pack goes: its folder's tenant decides, and a manifest that
/// claims another tenant quarantines it.
fn placement(tenant: &str, report: &Report) -> Placement {
    match &report.pack().tenant_id {
        Some(claimed) if claimed != tenant => Placement::Quarantined {
            manifest_tenant: claimed.clone(),
        },
        _ => Placement::Listed,
    }
}

/// One scan's reading of pack files: the old cache to answer from, and the
/// hashes and reports this scan used, which become the new cache.
struct Scanner<'a> {
    trust: &'a TrustStore,
    trust_sha: String,
    limits: &'a Limits,
    cache: &'a mut Cache,
    hashes: HashMap<PathBuf, (FileStamp, String)>,
    reports: HashMap<(String, String, String), Arc<Report>>,
}

impl Scanner<'_> {
    /// The SHA-256 and report of the pack file at `path`, named `file`; or
    /// why it is skipped.
    fn read(&mut self, path: &Path, file: &str) -> Result<(String, Arc<Report>), String> {
        let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
        let stamp = file_stamp(&meta);
        let sha256 = match self.cache.hashes.get(path) {
            Some((known, sha)) if *known == stamp => sha.clone(),
            _ => hash_file(path).map_err(|e| e.to_string())?,
        };
        // The report names its file, so the same bytes under another name
        // are verified under that name.
        let key = (sha256.clone(), self.trust_sha.clone(), file.to_owned());
        let cached = self
            .cache
            .reports
            .get(&key)
            .or_else(|| self.reports.get(&key));
        let report = match cached {
            Some(report) => Arc::clone(report),
            None => self.verify(path, file, &sha256)?,
        };
        self.reports
            .entry(key)
            .or_insert_with(|| Arc::clone(&report));
        self.hashes.insert(path.to_owned(), (stamp, sha256.clone()));
        Ok((sha256, report))
    }

    /// Verifies the pack file at `path`, which was hashed as `sha256`; a
    /// file that changed since is skipped rather than reported under the
    /// old hash.
    fn verify(&mut self, path: &Path, file: &str, sha256: &str) -> Result<Arc<Report>, String> {
        let report = std::fs::File::open(path)
            .map_err(|e| e.to_string())
            .and_then(|f| {
                proofpack_core::verify(f, file, Some(self.trust), self.limits)
                    .map_err(|e| e.to_string())
            })?;
        self.cache.verifications += 1;
        if report.pack().sha256 != sha256 {
            return Err("the file changed while it was read".to_owned());
        }
        Ok(Arc::new(report))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn samples() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sample-packs")
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
        let trust_path = dir.path().join("trust.json");
        std::fs::copy(samples().join("trust.json"), &trust_path).unwrap();
        let trust = open_trust(&trust_path).unwrap();
        let mut cache = Cache::default();
        let limits = Limits::default();

        let (store, notices) = scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        assert_eq!(cache.verifications(), 3);
        assert_eq!(store.packs().len(), 3);
        let inputs: Vec<_> = store
            .packs()
            .iter()
            .map(|p| p.report.meta().input.clone())
            .collect();
        assert_eq!(
            inputs,
            [
                Some("one.tar.gz".into()),
                Some("two.tar.gz".into()),
                Some("three.tar.gz".into())
            ]
        );
        let sha = store.packs()[0].sha256.clone();
        let only_b: BTreeSet<String> = ["ten_0441".to_owned()].into();
        let only_a: BTreeSet<String> = ["ten_0440".to_owned()].into();
        assert!(store.find(&sha, &only_b).is_none());
        assert_eq!(store.find(&sha, &only_a).unwrap().tenant, "ten_0440");
        assert_eq!(store.visible(&only_a).count(), 2);
        assert_eq!(store.visible(&only_b).count(), 0);
        assert!(notices
            .iter()
            .any(|n| matches!(n, Notice::Quarantined { tenant, .. } if tenant == "ten_0441")));
        assert!(notices.iter().any(|n| matches!(n, Notice::Skipped { .. })));

        // Nothing changed: nothing is verified again.
        scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        assert_eq!(cache.verifications(), 3);
        // Another trust store (other bytes, same keys): each verified again.
        let mut bytes = std::fs::read(&trust_path).unwrap();
        bytes.extend_from_slice(b"\n");
        std::fs::write(&trust_path, bytes).unwrap();
        let trust = open_trust(&trust_path).unwrap();
        scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        assert_eq!(cache.verifications(), 6);
        // A pack replaced by other bytes: verified again.
        std::fs::copy(samples().join("late-ccpa.tar.gz"), a.join("two.tar.gz")).unwrap();
        let (store, _) = scan(dir.path(), &trust, &mut cache, &limits).unwrap();
        assert_eq!(cache.verifications(), 7);
        assert_eq!(store.visible(&only_a).count(), 2);
    }
}
