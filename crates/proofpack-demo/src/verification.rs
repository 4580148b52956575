//! The independent verification job (§8). It shares no code path with the
//! cascade: its own read-only connection ([`Reader`]), its own queries (it looks
//! at every generation of the vector index, follows provenance edges
//! forward rather than the reverse index, decodes the audit log's database
//! itself), its own walk of the upload folders, and its own HTTP client for
//! the subprocessors' lookup APIs.

use crate::store::Reader;
use crate::DemoError;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use proofpack_producer::DataClass;
// `Probe` here is this job's result; the §8 name is the vocabulary's.
use proofpack_spec::vocab::Probe as ProbeName;
use serde::Serialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The job's `code_ref` (never the cascade's).
pub const VERIFY_CODE: &str = concat!("proofpack-demo/verify-job@", env!("CARGO_PKG_VERSION"));

/// What the job is told: where to look, and for whom.
#[derive(Debug, Clone)]
pub struct Target {
    /// The store's database.
    pub db: crate::store::Location,
    /// The audit log's database.
    pub audit_log: PathBuf,
    /// The upload folder and its replica.
    pub upload_roots: Vec<PathBuf>,
    /// Each subprocessor's name and base URL.
    pub subprocessors: Vec<(String, String)>,
    /// The account.
    pub user_id: String,
    /// Its pseudonym, as the audit log and the subprocessors know it.
    pub subject_id: String,
    /// The audit log's personal fields.
    pub pii_fields: Vec<String>,
}

/// One probe's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Probe {
    /// The probe (§8).
    pub probe: ProbeName,
    /// Records that should be gone and are not.
    pub residue: u64,
    /// What it looked at.
    pub looked_at: String,
}

/// Every probe's result.
#[derive(Debug, Clone, Serialize)]
pub struct Probes {
    /// The class probes, in cascade order.
    pub classes: Vec<(DataClass, Probe)>,
    /// The subprocessors' lookup APIs.
    pub subprocessor: Probe,
    /// Personal fields still disclosed in the subject's audit-log entries.
    pub unredacted_pii: Probe,
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), DemoError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(DemoError::io(dir, e)),
    };
    for entry in entries {
        let path = entry.map_err(|e| DemoError::io(dir, e))?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

/// Runs every probe: the data classes' in the store and the upload
/// folders, the subprocessors' lookup APIs, then the audit log's database.
pub fn run(target: &Target) -> Result<Probes, DemoError> {
    let store = Reader::open(&target.db, &target.audit_log)?;
    let classes = class_probes(&store, target)?;
    let subprocessor = subprocessor_probe(target)?;
    let unredacted_pii = probe(
        ProbeName::AuditLogRedacted,
        unredacted_pii(&store, &target.subject_id, &target.pii_fields)?,
        "disclosures of personal fields in the subject's audit-log entries",
    );
    Ok(Probes {
        classes,
        subprocessor,
        unredacted_pii,
    })
}

fn probe(name: ProbeName, residue: u64, looked_at: &str) -> Probe {
    Probe {
        probe: name,
        residue,
        looked_at: looked_at.to_owned(),
    }
}

/// The residue of every data class, in cascade order, with what each
/// probe looked at.
fn class_probes(store: &Reader, target: &Target) -> Result<Vec<(DataClass, Probe)>, DemoError> {
    let user = target.user_id.as_str();
    let residues = [
        (
            DataClass::Working,
            store.working_residue(user)?,
            "working_sessions",
        ),
        (
            DataClass::Episodic,
            store.episodic_residue(user)?,
            "episodic primary, replica and unapplied replication log",
        ),
        (
            DataClass::Semantic,
            store.semantic_residue(user)?,
            "entities of the subject, dangling edges",
        ),
        (
            DataClass::Vectors,
            store.vectors_residue(user)?,
            "every generation of every shard",
        ),
        (
            DataClass::FineTune,
            store.fine_tune_residue(user)?,
            "dataset manifests, lineage of serving releases",
        ),
        (
            DataClass::Uploads,
            uploads_residue(store, target)?,
            "upload folder, its replica, upload rows",
        ),
        (
            DataClass::Derivatives,
            store.derivatives_residue(user)?,
            "summaries and cached answers derived from the subject (forward edges)",
        ),
    ];
    Ok(residues
        .into_iter()
        .map(|(class, residue, looked_at)| (class, probe(class.probe(), residue, looked_at)))
        .collect())
}

/// The subject's files in every upload root, and its upload rows.
fn uploads_residue(store: &Reader, target: &Target) -> Result<u64, DemoError> {
    let mut files = Vec::new();
    for root in &target.upload_roots {
        walk(&root.join(&target.user_id), &mut files)?;
    }
    Ok(files.len() as u64 + store.upload_rows_residue(&target.user_id)?)
}

/// The records every subprocessor's lookup API still reports for the
/// subject.
fn subprocessor_probe(target: &Target) -> Result<Probe, DemoError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(std::time::Duration::from_secs(10)))
        .build()
        .into();
    let mut held = 0;
    let mut asked = Vec::new();
    for (name, base) in &target.subprocessors {
        let url = format!("{base}/v1/subjects/{}/records", target.subject_id);
        let body = agent
            .get(&url)
            .call()
            .and_then(|mut r| r.body_mut().read_to_string())
            .map_err(|e| DemoError::Service(format!("verification lookup at {name}: {e}")))?;
        let answer: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        held += answer
            .get("records")
            .and_then(Value::as_u64)
            .ok_or_else(|| {
                DemoError::Service(format!("verification lookup at {name}: no record count"))
            })?;
        asked.push(name.clone());
    }
    Ok(probe(
        ProbeName::Subprocessor,
        held,
        &format!("lookup APIs of {}", asked.join(", ")),
    ))
}

/// Personal fields still disclosed in the audit-log entries whose clear
/// `actor_ref` is the subject, read from the log's database.
fn unredacted_pii(
    store: &Reader,
    subject_id: &str,
    pii_fields: &[String],
) -> Result<u64, DemoError> {
    let mut count = 0;
    for (idx, leaf) in store.audit_leaves()? {
        let leaf: Value = serde_json::from_slice(&leaf).unwrap_or(Value::Null);
        if leaf.get("actor_ref").and_then(Value::as_str) != Some(subject_id) {
            continue;
        }
        for d in store.audit_disclosures(idx)? {
            let field = URL_SAFE_NO_PAD
                .decode(&d)
                .ok()
                .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
                .and_then(|v| v.get(1).and_then(Value::as_str).map(str::to_owned));
            if field.is_some_and(|f| pii_fields.contains(&f)) {
                count += 1;
            }
        }
    }
    Ok(count)
}
