//! The independent probe job (§8).
//!
//! It is told where the platform keeps its data and the raw identifier the
//! request named, nothing the cascade computed: it resolves the subject by
//! its own path ([`resolve`]: its own HMAC of the identifier with the
//! store's pseudonym key, its own queries), takes the subject's fingerprint
//! before the cascade runs (marker phrases, contents, prompts, vector ids,
//! derived questions; kept in memory only), and after it probes:
//!
//! * [`scan`]: every text column of every table of the store, modelled or
//!   not, for the subject's account id and marker phrases, and every file of
//!   the upload folders; except the tables declared to keep them (listed in
//!   the output);
//! * [`retrieval`]: the subject looked up again by identifier, nearest
//!   neighbour queries with the subject's own contents in every stored index
//!   generation, the answer cache asked the subject's questions;
//! * [`finetune`]: each serving model re-trained from its dataset version
//!   and compared by digest, and asked the subject's prompts;
//! * [`subprocessors`]: each subprocessor's lookup API and content search;
//! * [`audit_log`]: the audit log's database, decoded.
//!
//! Its code is its own: no module of it imports the cascade's (it uses the
//! store's read side, [`crate::store::Reader`], the platform's models in
//! [`crate::ml`] and the crate's error), and its `code_ref` is the digest
//! of its own sources ([`sources::code_ref`]).

pub(crate) mod audit_log;
pub(crate) mod finetune;
pub(crate) mod resolve;
pub(crate) mod retrieval;
pub(crate) mod scan;
pub(crate) mod sources;
pub(crate) mod subprocessors;

pub use sources::{code_ref, SOURCES};

use crate::store::{Location, Reader};
use crate::DemoError;
use proofpack_producer::DataClass;
// `Probe` here is this job's result; the §8 name is the vocabulary's.
use proofpack_platform::probe_job::ProbeJobResults;
use proofpack_spec::vocab::Probe as ProbeName;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// A table the scan leaves out, and why it may keep the subject's data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Kept {
    /// The table.
    pub table: String,
    /// Why (a §17 backup, or a record of the erasure itself).
    pub(crate) why: String,
}

/// What the job is told: where to look, and the identifier the request
/// named.
#[derive(Debug, Clone)]
pub(crate) struct Target {
    /// The store's database.
    pub(crate) db: Location,
    /// The audit log's database.
    pub audit_log: PathBuf,
    /// The upload folder and its replica.
    pub(crate) upload_roots: Vec<PathBuf>,
    /// Each subprocessor's name and base URL.
    pub(crate) subprocessors: Vec<(String, String)>,
    /// The identifier the request named (an e-mail address).
    pub(crate) raw_identifier: String,
    /// The audit log's personal fields.
    pub(crate) pii_fields: Vec<String>,
}

/// One probe's result: its details are each record found, as `table:key`
/// (or `file:path`, `index:...`, `model:...`, `service:...`): names, never
/// content.
pub(crate) use proofpack_platform::probe_job::ProbeResult as Probe;

/// Every probe's result, and what the job checked to get them.
#[derive(Debug, Clone, Serialize)]
pub struct Probes {
    /// The job's `code_ref`: the digest of its own sources.
    pub code_ref: String,
    /// How the subject was resolved.
    pub subject: resolve::Resolution,
    /// The class probes, in cascade order.
    pub classes: Vec<(DataClass, Probe)>,
    /// The subprocessors' lookup APIs and content search.
    pub subprocessor: Probe,
    /// Personal fields still disclosed in the subject's audit-log entries.
    pub(crate) unredacted_pii: Probe,
    /// What the content scan covered and left out.
    pub scan: scan::Coverage,
    /// The retrieval tests (by id, by similarity, by answer).
    pub retrieval: Vec<retrieval::Test>,
    /// Each serving model as checked.
    pub models: Vec<finetune::ModelCheck>,
}

/// Records found, by class, as `kind:name` strings (a set: one record
/// found by two checks counts once).
#[derive(Debug, Default)]
pub(crate) struct Found(BTreeMap<DataClass, BTreeSet<String>>);

impl Found {
    /// Records `record` as residue of `class`.
    pub(crate) fn add(&mut self, class: DataClass, record: String) {
        self.0.entry(class).or_default().insert(record);
    }

    fn of(&self, class: DataClass) -> Vec<String> {
        self.0
            .get(&class)
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default()
    }
}

/// The job, with the subject it resolved before the cascade.
#[derive(Debug)]
pub(crate) struct Job {
    target: Target,
    subject: resolve::Subject,
}

/// What each class probe looks at.
const LOOKED_AT: [(DataClass, &str); 7] = [
    (
        DataClass::Working,
        "working_sessions: by account id and content",
    ),
    (
        DataClass::Episodic,
        "episodic primary and replica, unapplied replication log: by account id and content",
    ),
    (
        DataClass::Semantic,
        "entity graph: by account id and content, dangling edges, account by identifier",
    ),
    (
        DataClass::Vectors,
        "every generation of every shard: rows by account id, stored HNSW indexes by vector id and by nearest neighbours of the subject's contents",
    ),
    (
        DataClass::FineTune,
        "datasets by account id and content; each serving model re-trained from its dataset version and compared by digest, asked the subject's prompts",
    ),
    (
        DataClass::Uploads,
        "every file of the upload folder and its replica, upload rows: by account id and content",
    ),
    (
        DataClass::Derivatives,
        "summaries, cached answers and every unmodelled table: by content and forward provenance; the answer cache asked the subject's questions",
    ),
];

impl Job {
    /// Resolves the subject from `target.raw_identifier` and takes its
    /// fingerprint: run it before the cascade.
    pub(crate) fn prepare(target: Target) -> Result<Job, DemoError> {
        let reader = Reader::open(&target.db, &target.audit_log)?;
        let subject = resolve::fingerprint(&reader, &target.raw_identifier)?;
        Ok(Job { target, subject })
    }

    /// Runs every probe, on a fresh read-only connection; `kept` are the
    /// tables declared to keep the subject's data (the scan leaves them
    /// out, and lists them).
    pub(crate) fn run(&self, kept: &[Kept]) -> Result<Probes, DemoError> {
        let reader = Reader::open(&self.target.db, &self.target.audit_log)?;
        let subject = &self.subject;
        let mut found = Found::default();
        let coverage = scan::run(&reader, &self.target, kept, subject, &mut found)?;
        let mut retrieval = retrieval::run(&reader, &self.target, subject, &mut found)?;
        let (models, behaviour) = finetune::run(&reader, subject, &mut found)?;
        retrieval.push(behaviour);
        let classes = LOOKED_AT
            .iter()
            .map(|(class, looked_at)| {
                let records = found.of(*class);
                (*class, probe(class.probe(), records, looked_at))
            })
            .collect();
        let subprocessor = subprocessors::probe_all(&self.target, subject)?;
        let unredacted_pii = audit_log::probe_log(&reader, subject, &self.target.pii_fields)?;
        Ok(Probes {
            code_ref: code_ref(),
            subject: subject.resolution(&reader, &self.target.raw_identifier)?,
            classes,
            subprocessor,
            unredacted_pii,
            scan: coverage,
            retrieval,
            models,
        })
    }
}

/// A probe that found `records`.
fn probe(name: ProbeName, records: Vec<String>, looked_at: &str) -> Probe {
    let mut probe = Probe::new(name, records.len() as u64, looked_at);
    probe.details = records;
    probe
}

impl Probes {
    /// What the job writes (`proofpack-platform`'s results): every probe,
    /// the tables it left out and why, and its own account of how it
    /// resolved the subject, what its scan covered, its retrieval tests and
    /// the models it checked.
    pub(crate) fn results(&self, verified_at: &str) -> Result<ProbeJobResults, DemoError> {
        let mut results = ProbeJobResults::new(verified_at, &self.code_ref);
        for (class, probe) in &self.classes {
            results = results.class(*class, probe.clone());
        }
        for kept in &self.scan.kept {
            results = results.excluded(format!("{}: {}", kept.table, kept.why));
        }
        Ok(results
            .subprocessor(self.subprocessor.clone())
            .unredacted_pii(self.unredacted_pii.clone())
            .context("subject", &self.subject)?
            .context("scan", &self.scan)?
            .context("retrieval", &self.retrieval)?
            .context("models", &self.models)?)
    }
}
