//! Deterministic sample packs: four signed packs, the trust store they
//! verify against, and the evidence folder each was signed from.
//!
//! Every piece of evidence is written by the producer library
//! ([`proofpack_producer`]) and every pack is signed by [`build`], which
//! re-verifies the would-be pack and refuses one that does not hold up. All
//! four requests run on one shared audit log, in time order, so every
//! checkpoint in every pack is a checkpoint of the same append-only log.
//!
//! Nothing is random: the keys are derived from public labels
//! ([`sample_key`]), disclosure salts come from [`SeededSalts`], and every
//! timestamp (`signed_at` included) is fixed. So
//! `cargo run --release -p proofpack-samples -- sample-packs` rewrites the
//! committed `sample-packs/` byte for byte. Because the keys are derived from
//! public labels, anyone can recompute them: they are for samples and tests
//! only, never for a real pack.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use ed25519_dalek::SigningKey;
use proofpack_author::pack::{build, Content, Evidence, PackDescription, PackError, PackOptions};
use proofpack_author::AuthoringError;
use proofpack_core::trust::{key_entry_json, Role, TrustStore, TrustedKey, TRUST_FORMAT};
use proofpack_core::Verdict;
use proofpack_files::Existing;
use proofpack_producer::{
    provenance_jsonl, pseudonymous_subject_id, receipts_jsonl, steps_jsonl, ArtifactState,
    AuditLog, Channel, DataClass, Exemption, LegalBasis, LogEntry, ModelAction, ModelLineage,
    NodeRef, ProbeResultsBuilder, ProducerError, ProvenanceRecord, Purge, Receipt, ReceiptStatus,
    Request, ReverseIndex, SeededSalts, Step, StepOutput, StepRecord, StepStatus, WitnessSpec,
};
use proofpack_spec::timestamp::{Timestamp, TimestampError};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// `key_id` of the sample DPO key, which signs every sample pack.
pub const DPO_KEY_ID: &str = "sample-dpo-2026";
/// The sample DPO: the `signer` of every pack and the owner of its key.
pub const DPO: &str = "dpo@example.com";
/// The engineer who ran every sample cascade (not the signer).
pub const CASCADE_RUNNER: &str = "oncall-eng@example.com";
/// Origin of the sample audit log, and `key_id` of its checkpoint key.
pub const LOG_ORIGIN: &str = "audit.example.com/ten_0440";
/// Owner of the audit log's key in the trust store.
pub const LOG_OWNER: &str = "audit-log@example.com";
/// The sample DPO key's validity window (`not_before`, `not_after`).
pub const DPO_VALIDITY: (&str, &str) = ("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z");
/// The audit-log key's validity window (`not_before`, `not_after`).
pub const LOG_VALIDITY: (&str, &str) = ("2025-01-01T00:00:00Z", "2030-01-01T00:00:00Z");

const TENANT: &str = "ten_0440";
const CASCADE_CODE: &str = "cascade@3f2a9c1";
const VERIFY_CODE: &str = "verify@91bd2e0";
const PII_FIELDS: [&str; 3] = ["subject_email", "subject_name", "ip_address"];
const KEY_LABEL: &str = "proofpack sample key: ";
const SALT_LABEL: &str = "proofpack sample audit-log salts";
const PSEUDONYM_LABEL: &str = "proofpack sample pseudonym key";

/// One sample pack: its name, how it is signed, and what it verifies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The pack is `<name>.tar.gz`, its evidence folder `evidence/<name>/`.
    pub name: &'static str,
    /// Its `signed_at` (what `proofpack pack --signed-at` is given).
    pub signed_at: &'static str,
    /// Whether it is signed with `--accept-incomplete`.
    pub accept_incomplete: bool,
    /// The verdict it verifies to against the sample trust store.
    pub verdict: Verdict,
    /// What it shows: its line of `sample-packs/README.md`.
    pub shows: &'static str,
}

impl Sample {
    /// The pack's file name, `<name>.tar.gz`.
    #[must_use]
    pub fn file_name(&self) -> String {
        format!("{}.tar.gz", self.name)
    }

    /// The pack's evidence folder under `out_dir`.
    #[must_use]
    pub fn evidence_dir(&self, out_dir: &Path) -> PathBuf {
        out_dir.join("evidence").join(self.name)
    }
}

/// The sample packs, in the order the README lists them.
pub const SAMPLES: [Sample; 4] = [
    Sample {
        name: "complete-gdpr",
        signed_at: "2026-04-22T16:02:00Z",
        accept_incomplete: false,
        verdict: Verdict::Complete,
        shows: "a complete GDPR erasure of all seven data classes: two subprocessors confirmed by API, the subject's PII redacted in the audit-log witness, every derived artefact tombstoned or redacted; verifies `complete` (exit 0).",
    },
    Sample {
        name: "late-ccpa",
        signed_at: "2026-03-23T14:20:00Z",
        accept_incomplete: true,
        verdict: Verdict::Late,
        shows: "a CCPA erasure completed on 2026-03-23, after its 45-day deadline of 2026-03-19 (a first subprocessor call failed, a second was confirmed); signed honestly with `--accept-incomplete`; verifies `late` with `sla.breached` (exit 3).",
    },
    Sample {
        name: "incomplete-cache-deferred",
        signed_at: "2026-05-06T11:00:00Z",
        accept_incomplete: true,
        verdict: Verdict::Incomplete,
        shows: "a GDPR erasure with a cached answer left to expire by TTL (a `deferred` derivatives step, an `expiring` artefact covered by a deferred obligation, and the derivatives probe honestly finding that cached record) and a subprocessor receipt still `pending`; `all_clear` false; verifies `incomplete` (exit 4).",
    },
    Sample {
        name: "exempt-art17-3",
        signed_at: "2026-05-20T17:30:00Z",
        accept_incomplete: false,
        verdict: Verdict::Complete,
        shows: "a complete GDPR erasure in which uploaded invoices are kept under a documented GDPR Art. 17(3)(b) exemption; verifies `complete` with the `steps.exempt` warning (exit 0).",
    },
];

/// Builds one sample's evidence on the shared audit log.
type Builder = fn(&mut SampleLog) -> Result<Evidence, ProducerError>;

/// The samples' builders, in the order their requests ran on the shared
/// audit log.
const LOG_ORDER: [(&str, Builder); 4] = [
    ("late-ccpa", late_ccpa),
    ("complete-gdpr", complete_gdpr),
    ("incomplete-cache-deferred", incomplete_cache_deferred),
    ("exempt-art17-3", exempt_art17_3),
];

/// Why the samples could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    /// The producer library refused a piece of a sample's evidence.
    #[error("sample {sample}: {source}")]
    Producer {
        /// The sample.
        sample: &'static str,
        /// The refusal.
        #[source]
        source: ProducerError,
    },
    /// A file could not be written or read back, or a pack not assembled.
    #[error(transparent)]
    Authoring(#[from] AuthoringError),
    /// A sample was refused, or verifies to another verdict than it should.
    #[error("sample {sample}: verifies as {got} (findings: {codes}), expected {expected}")]
    Verdict {
        /// The sample.
        sample: &'static str,
        /// The verdict the verifier gave.
        got: Verdict,
        /// The verdict the sample is meant to show.
        expected: Verdict,
        /// The codes of the findings, comma-separated.
        codes: String,
    },
}

/// A deterministic sample signing key: its seed is
/// `SHA-256("proofpack sample key: " || key_id)`.
///
/// Anyone can recompute it from the label: use it for samples and tests only.
#[must_use]
pub fn sample_key(key_id: &str) -> SigningKey {
    let seed: [u8; 32] = Sha256::new()
        .chain_update(KEY_LABEL.as_bytes())
        .chain_update(key_id.as_bytes())
        .finalize()
        .into();
    SigningKey::from_bytes(&seed)
}

/// The sample DPO key ([`DPO_KEY_ID`]), which signs every sample pack.
#[must_use]
pub fn dpo_key() -> SigningKey {
    sample_key(DPO_KEY_ID)
}

/// The sample audit log's checkpoint key (`key_id` [`LOG_ORIGIN`]).
#[must_use]
pub fn audit_log_key() -> SigningKey {
    sample_key(LOG_ORIGIN)
}

fn time(text: &str) -> Result<Timestamp, AuthoringError> {
    text.parse()
        .map_err(|e: TimestampError| AuthoringError::Invalid(e.to_string()))
}

/// The two keys of the sample trust store: the DPO key (role `dpo`, owner
/// [`DPO`]) and the audit log's key (role `audit_log`, `key_id` the log
/// origin).
pub fn trusted_keys() -> Result<Vec<TrustedKey>, AuthoringError> {
    Ok(vec![
        TrustedKey {
            key_id: DPO_KEY_ID.to_owned(),
            public_key: dpo_key().verifying_key(),
            owner: DPO.to_owned(),
            roles: vec![Role::Dpo],
            not_before: Some(time(DPO_VALIDITY.0)?),
            not_after: Some(time(DPO_VALIDITY.1)?),
            revoked_at: None,
        },
        TrustedKey {
            key_id: LOG_ORIGIN.to_owned(),
            public_key: audit_log_key().verifying_key(),
            owner: LOG_OWNER.to_owned(),
            roles: vec![Role::AuditLog],
            not_before: Some(time(LOG_VALIDITY.0)?),
            not_after: Some(time(LOG_VALIDITY.1)?),
            revoked_at: None,
        },
    ])
}

/// The bytes of `trust.json`: a §4 store holding [`trusted_keys`], each key
/// entry one compact JSON object on its own line (so that a line-oriented
/// tool such as `sed` finds a key's `public_key` on the line of its
/// `key_id`).
pub fn trust_store_json() -> Result<Vec<u8>, AuthoringError> {
    let mut text = format!("{{\"format\":\"{TRUST_FORMAT}\",\"keys\":[\n");
    for (i, key) in trusted_keys()?.iter().enumerate() {
        if i > 0 {
            text.push_str(",\n");
        }
        let entry = serde_json::to_string(&key_entry_json(key))
            .map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        text.push_str(&entry);
    }
    text.push_str("\n]}\n");
    Ok(text.into_bytes())
}

/// The text of `sample-packs/README.md`.
#[must_use]
pub fn readme() -> String {
    let mut text = String::from("# Sample packs\n\n");
    text.push_str(
        "Generated, deterministically, by `cargo run --release -p proofpack-samples -- sample-packs`\n\
         (the same command rewrites every file here byte for byte; `tests/samples.rs` checks it).\n\
         Their keys are derived from public labels: samples only, never sign a real pack with them.\n\n",
    );
    for sample in &SAMPLES {
        text.push_str(&format!("- `{}`: {}\n", sample.file_name(), sample.shows));
    }
    text.push_str(&format!(
        "- `trust.json`: the trust store they verify against: `{DPO_KEY_ID}` (role `dpo`, owner `{DPO}`) and the audit log's key `{LOG_ORIGIN}` (role `audit_log`).\n"
    ));
    text.push_str(
        "- `evidence/<name>/`: the evidence folder each pack was signed from (`pack.json` and the content members).\n\n",
    );
    text.push_str(
        "To sign one yourself, write the sample DPO key with\n\
         `cargo run --release -p proofpack-samples -- --dpo-key dpo.pem`, then run e.g.\n\
         `proofpack pack sample-packs/evidence/complete-gdpr --key dpo.pem --trust sample-packs/trust.json --signed-at 2026-04-22T16:02:00Z --out proof.tar.gz`\n\
         (add `--accept-incomplete` for the late and incomplete samples): with the `signed_at` of the\n\
         list below, the output is byte-identical to the committed pack.\n\n",
    );
    for sample in &SAMPLES {
        text.push_str(&format!(
            "- `{}`: `--signed-at {}`{}\n",
            sample.name,
            sample.signed_at,
            if sample.accept_incomplete {
                " `--accept-incomplete`"
            } else {
                ""
            }
        ));
    }
    text
}

/// Writes the samples into `out_dir`: the four packs, `trust.json`,
/// `README.md` and `evidence/<name>/` for each pack (a folder replaced
/// whole). Returns every file written, sorted.
///
/// Each pack is signed by [`build`] from the evidence folder as written,
/// exactly as `proofpack pack` would sign it, and must verify to its
/// [`Sample::verdict`].
pub fn write_samples(out_dir: &Path) -> Result<Vec<PathBuf>, SampleError> {
    std::fs::create_dir_all(out_dir).map_err(|e| AuthoringError::io(out_dir, e))?;
    let mut written = Vec::new();
    let trust_bytes = trust_store_json()?;
    let trust = TrustStore::from_json(&trust_bytes)
        .map_err(|e| AuthoringError::Invalid(format!("sample trust store: {e}")))?;
    written.push(write_file(&out_dir.join("trust.json"), &trust_bytes)?);
    written.push(write_file(&out_dir.join("README.md"), readme().as_bytes())?);

    let mut log = SampleLog::new().map_err(|source| SampleError::Producer {
        sample: "audit log",
        source,
    })?;
    for (name, builder) in LOG_ORDER {
        let sample = SAMPLES
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| AuthoringError::Invalid(format!("no sample named {name}")))?;
        let evidence = builder(&mut log).map_err(|source| SampleError::Producer {
            sample: sample.name,
            source,
        })?;
        let dir = sample.evidence_dir(out_dir);
        written.extend(write_evidence(&dir, &evidence)?);
        let evidence = Evidence::from_dir(&dir)?;
        let options = PackOptions {
            signed_at: Some(time(sample.signed_at)?),
            accept_incomplete: sample.accept_incomplete,
            accept_uncorroborated: false,
        };
        let pack = out_dir.join(sample.file_name());
        let report = match build(&evidence, &dpo_key(), &trust, &options, &pack) {
            Ok(signed) => {
                if signed.report().verdict() == sample.verdict {
                    // A sample pack written again replaces the one there.
                    signed
                        .persist(Existing::Replace)
                        .map_err(AuthoringError::from)?;
                    written.push(pack);
                    continue;
                }
                signed.discard().report
            }
            Err(PackError::Refused { report, .. }) => *report,
            Err(PackError::Authoring(e)) => return Err(e.into()),
        };
        let codes: Vec<&str> = report
            .findings()
            .iter()
            .map(|f| f.code().as_str())
            .collect();
        return Err(SampleError::Verdict {
            sample: sample.name,
            got: report.verdict(),
            expected: sample.verdict,
            codes: codes.join(", "),
        });
    }
    written.sort();
    Ok(written)
}

/// The samples' shared audit log as it stands once every sample's request
/// has run on it: the log the sample packs' checkpoints are of, built again
/// as [`write_samples`] builds it (nothing is random), so that a test can
/// append a pack's `pack_signed` entry and seal it (§22).
pub fn audit_log() -> Result<AuditLog, SampleError> {
    let mut log = SampleLog::new().map_err(|source| SampleError::Producer {
        sample: "audit log",
        source,
    })?;
    for (name, builder) in LOG_ORDER {
        builder(&mut log).map_err(|source| SampleError::Producer {
            sample: name,
            source,
        })?;
    }
    Ok(log.log)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<PathBuf, AuthoringError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| AuthoringError::io(parent, e))?;
    }
    std::fs::write(path, bytes).map_err(|e| AuthoringError::io(path, e))?;
    Ok(path.to_path_buf())
}

/// Writes `pack.json` and the content members into `dir`, replacing the
/// folder whole so that no stale file is left in it.
fn write_evidence(dir: &Path, evidence: &Evidence) -> Result<Vec<PathBuf>, AuthoringError> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| AuthoringError::io(dir, e))?;
    }
    let mut written = vec![write_file(
        &dir.join("pack.json"),
        &evidence.description.to_json()?,
    )?];
    for (path, content) in &evidence.members {
        written.push(write_file(&dir.join(path), &content.read()?)?);
    }
    Ok(written)
}

// ---------------------------------------------------------------------------
// The shared audit log

/// A data subject's personal data as the audit log saw it (fictitious).
struct Subject {
    email: &'static str,
    name: &'static str,
    ip: &'static str,
}

impl Subject {
    /// The pseudonymous `subject_id` (HMAC under the sample pseudonym key).
    fn subject_id(&self) -> Result<String, ProducerError> {
        let key: [u8; 32] = Sha256::digest(PSEUDONYM_LABEL.as_bytes()).into();
        pseudonymous_subject_id(&key, self.email)
    }
}

/// The tenant's audit log, shared by every sample, and its signing key.
struct SampleLog {
    log: AuditLog,
    key: SigningKey,
}

/// An entry of the subject's history and the PII fields it discloses.
type History = Vec<(u64, Vec<&'static str>)>;

/// A witness and the unredacted PII count `verification.json` must report.
struct Witnessed {
    bytes: Vec<u8>,
    unredacted_pii: u64,
}

impl SampleLog {
    fn new() -> Result<Self, ProducerError> {
        let seed: [u8; 32] = Sha256::digest(SALT_LABEL.as_bytes()).into();
        Ok(SampleLog {
            log: AuditLog::with_salts(LOG_ORIGIN, Box::new(SeededSalts::new(seed)))?,
            key: audit_log_key(),
        })
    }

    /// The subject's activity before the request: a login (e-mail, IP
    /// address) and a profile change (name, e-mail), with another user's
    /// login in between that no witness includes.
    fn history(
        &mut self,
        subject: &Subject,
        times: [&str; 3],
        bystander: &Subject,
    ) -> Result<History, ProducerError> {
        let [login_at, other_at, profile_at] = times;
        let login = self.log.append(
            LogEntry::new(login_at, "session_login")
                .with_clear("client", json!("web"))
                .with_disclosable("subject_email", json!(subject.email))
                .with_disclosable("ip_address", json!(subject.ip)),
        )?;
        self.log.append(
            LogEntry::new(other_at, "session_login")
                .with_clear("client", json!("mobile"))
                .with_disclosable("subject_email", json!(bystander.email))
                .with_disclosable("ip_address", json!(bystander.ip)),
        )?;
        let profile = self.log.append(
            LogEntry::new(profile_at, "profile_updated")
                .with_clear("fields_changed", json!(2))
                .with_disclosable("subject_name", json!(subject.name))
                .with_disclosable("subject_email", json!(subject.email)),
        )?;
        Ok(vec![
            (login, vec!["subject_email", "ip_address"]),
            (profile, vec!["subject_name", "subject_email"]),
        ])
    }

    /// Runs the request on the log: a checkpoint before, the request and
    /// every step logged, the subject's PII redacted, a checkpoint after;
    /// then the witness of the subject's history and the request's entries.
    fn witness(
        &mut self,
        request: &Request,
        steps: &[StepRecord],
        history: &History,
    ) -> Result<Witnessed, ProducerError> {
        let log = &mut self.log;
        let before = log.checkpoint(log.size(), LOG_ORIGIN, &self.key)?;
        log.log_request_accepted(request.received_at(), request.request_id())?;
        for step in steps {
            log.log_step_record(request.request_id(), step)?;
        }
        for (index, fields) in history {
            log.redact(*index, fields)?;
        }
        let after = log.checkpoint(log.size(), LOG_ORIGIN, &self.key)?;
        let mut entries: Vec<u64> = history.iter().map(|(i, _)| *i).collect();
        entries.extend(log.entries_for_request(request.request_id()));
        let pii_fields: Vec<String> = PII_FIELDS.iter().map(|f| (*f).to_owned()).collect();
        let unredacted_pii = log.unredacted_pii_count(&entries, &pii_fields);
        let bytes = log.witness(&WitnessSpec {
            before_checkpoint: before,
            after_checkpoint: after,
            entries,
            pii_fields,
        })?;
        Ok(Witnessed {
            bytes,
            unredacted_pii,
        })
    }
}

// ---------------------------------------------------------------------------
// Building blocks

fn step(
    step: Step,
    status: StepStatus,
    (started_at, ended_at): (&str, &str),
    before_count: u64,
    after_count: u64,
) -> Result<StepRecord, ProducerError> {
    StepRecord::builder(step)
        .status(status)
        .started_at(started_at)
        .ended_at(ended_at)
        .before_count(before_count)
        .after_count(after_count)
        .code_ref(CASCADE_CODE)
        .build()
}

fn ok() -> StepStatus {
    StepStatus::ok()
}

fn ok_with(output: StepOutput) -> StepStatus {
    StepStatus::Ok { output }
}

fn api_receipt(
    subprocessor: &str,
    endpoint: &str,
    ticket: &str,
    requested_at: &str,
    status: ReceiptStatus,
) -> Result<Receipt, ProducerError> {
    Ok(
        Receipt::new(subprocessor, Channel::Api, ticket, requested_at, status)?
            .with_endpoint(endpoint),
    )
}

fn confirmed(at: &str) -> ReceiptStatus {
    ReceiptStatus::Confirmed {
        confirmed_at: at.to_owned(),
    }
}

/// A pretty-printed JSON attachment with a final newline.
fn attachment(path: &str, value: &Value) -> Result<(String, Vec<u8>), ProducerError> {
    let mut bytes =
        serde_json::to_vec_pretty(value).map_err(|e| ProducerError::Json(e.to_string()))?;
    bytes.push(b'\n');
    Ok((path.to_owned(), bytes))
}

/// Everything one pack is made of, before it becomes an [`Evidence`].
struct Draft {
    pack_id: String,
    completed_at: &'static str,
    subprocessors: Vec<&'static str>,
    request: Request,
    steps: Vec<StepRecord>,
    verified_at: &'static str,
    receipts: Vec<Receipt>,
    provenance: Option<Vec<ProvenanceRecord>>,
    attestation: String,
    attachments: Vec<(String, Vec<u8>)>,
}

impl Draft {
    /// Runs the draft on the log and writes every member; every requested
    /// class is probed and found clear, as are the subprocessors.
    fn into_evidence(
        self,
        log: &mut SampleLog,
        history: &History,
    ) -> Result<Evidence, ProducerError> {
        let witness = log.witness(&self.request, &self.steps, history)?;
        let mut verification =
            ProbeResultsBuilder::for_request(&self.request, self.verified_at, VERIFY_CODE);
        // The probe finds what each step left behind, except records kept
        // under a documented exemption, which are not residue (§8): a cache
        // entry awaiting its TTL is still there, and the probe says so.
        for class in self.request.data_classes() {
            let left = self
                .steps
                .iter()
                .find(|s| s.step() == class.step())
                .filter(|s| !matches!(s.status(), StepStatus::Exempt { .. }))
                .map_or(0, StepRecord::after_count);
            verification = verification.residue(*class, left);
        }
        let verification = verification
            .subprocessor_residue(0)
            .unredacted_pii_count(witness.unredacted_pii)
            .build()?;
        let mut members = vec![
            ("request.json".to_owned(), self.request.to_json()?),
            ("steps.jsonl".to_owned(), steps_jsonl(&self.steps)?),
            ("verification.json".to_owned(), verification.to_json()?),
            (
                "subprocessor-receipts.jsonl".to_owned(),
                receipts_jsonl(&self.receipts)?,
            ),
            ("audit-log-redaction.json".to_owned(), witness.bytes),
            ("attestation.txt".to_owned(), self.attestation.into_bytes()),
        ];
        if let Some(records) = &self.provenance {
            members.push(("provenance.jsonl".to_owned(), provenance_jsonl(records)?));
        }
        members.extend(self.attachments);
        let members = members
            .into_iter()
            .map(|(path, bytes)| (path, Content::Bytes(bytes)))
            .collect();
        Ok(Evidence {
            description: PackDescription {
                pack_id: self.pack_id,
                completed_at: self.completed_at.to_owned(),
                cascade_runner: CASCADE_RUNNER.to_owned(),
                signer: DPO.to_owned(),
                signature_key_id: DPO_KEY_ID.to_owned(),
                subprocessors: self.subprocessors.iter().map(|s| (*s).to_owned()).collect(),
                supersedes: None,
            },
            members,
        })
    }
}

fn attestation(request_id: &str, body: &str) -> String {
    format!(
        "I, the Data Protection Officer of the controller ({DPO}), have reviewed the evidence in this\n\
         pack for erasure request {request_id} of tenant {TENANT}.\n\n{body}\n\n\
         The cascade was run by {CASCADE_RUNNER}; I did not run it. The verification probes run from\n\
         code independent of the cascade ({VERIFY_CODE}).\n"
    )
}

fn scope(name: &str) -> ProvenanceRecord {
    ProvenanceRecord::Scope {
        scope: name.to_owned(),
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

// ---------------------------------------------------------------------------
// The samples, in the order they ran on the log.
//
// Each sample is one long function on purpose: it is fixture data, the
// evidence of one erasure written out in the order it happened (request,
// steps, probes, receipts, audit entries, provenance). Split into parts, a
// reader would have to reassemble the story; the bytes it produces are
// pinned by `tests/samples.rs`.

/// CCPA, finished after the effective deadline.
fn late_ccpa(log: &mut SampleLog) -> Result<Evidence, ProducerError> {
    let subject = Subject {
        email: "bianca.rossi@example.org",
        name: "Bianca Rossi",
        ip: "192.0.2.61",
    };
    let bystander = Subject {
        email: "k.osei@example.net",
        name: "Kwame Osei",
        ip: "198.51.100.14",
    };
    let history = log.history(
        &subject,
        [
            "2026-01-12T08:15:00Z",
            "2026-01-14T12:40:00Z",
            "2026-01-20T10:02:00Z",
        ],
        &bystander,
    )?;
    let request_id = "req-000733";
    let request = Request::builder()
        .request_id(request_id)
        .tenant_id(TENANT)
        .subject_id(subject.subject_id()?)
        .data_classes([
            DataClass::Working,
            DataClass::Episodic,
            DataClass::Vectors,
            DataClass::Uploads,
        ])
        .legal_basis(LegalBasis::Ccpa)
        .received_at("2026-02-02T17:30:00Z")
        .requester_identity_proof_ref("idv-30418")
        .sla_deadline("2026-03-19T17:30:00Z")
        .build()?;
    let day = |t: &str| format!("2026-03-23T{t}Z");
    let steps = vec![
        step(
            Step::Working,
            ok(),
            (&day("09:00:00"), &day("09:00:05")),
            2,
            0,
        )?,
        step(
            Step::Episodic,
            ok_with(StepOutput::episodic(true)),
            (&day("09:01:00"), &day("09:04:10")),
            148,
            0,
        )?,
        step(
            Step::Vectors,
            ok_with(StepOutput::vectors(Purge::Compacted)),
            (&day("09:05:00"), &day("09:40:30")),
            310,
            0,
        )?,
        step(
            Step::Uploads,
            ok(),
            (&day("09:41:00"), &day("09:52:00")),
            6,
            0,
        )?,
        step(
            Step::Subprocessor,
            ok(),
            (&day("09:53:00"), &day("10:10:00")),
            1,
            0,
        )?,
        step(
            Step::AuditLog,
            ok(),
            (&day("10:11:00"), &day("10:15:00")),
            4,
            0,
        )?,
    ];
    let endpoint = "POST /v3/privacy/deletions";
    let receipts = vec![
        api_receipt(
            "crm-saas",
            endpoint,
            "crm-del-5521",
            &day("09:53:20"),
            ReceiptStatus::Failed,
        )?,
        api_receipt(
            "crm-saas",
            endpoint,
            "crm-del-5522",
            &day("10:02:00"),
            confirmed(&day("10:09:12")),
        )?,
    ];
    let body = "The request was received on 2026-02-02 and its 45-day deadline passed on 2026-03-19: it sat\n\
                in an unrouted queue until 2026-03-23, when the cascade ran. The erasure itself is complete\n\
                (the first deletion call to crm-saas failed; the second was confirmed). I sign this pack to\n\
                record the late completion as it happened.";
    Draft {
        pack_id: format!("erasure-{request_id}"),
        completed_at: "2026-03-23T11:05:00Z",
        subprocessors: vec!["crm-saas"],
        request,
        steps,
        verified_at: "2026-03-23T10:40:00Z",
        receipts,
        provenance: None,
        attestation: attestation(request_id, body),
        attachments: Vec::new(),
    }
    .into_evidence(log, &history)
}

/// GDPR, every class, complete.
fn complete_gdpr(log: &mut SampleLog) -> Result<Evidence, ProducerError> {
    let subject = Subject {
        email: "alice@example.com",
        name: "Alice Example",
        ip: "192.0.2.10",
    };
    let bystander = Subject {
        email: "m.dubois@example.net",
        name: "Marc Dubois",
        ip: "198.51.100.23",
    };
    let history = log.history(
        &subject,
        [
            "2026-04-02T07:45:00Z",
            "2026-04-06T16:03:00Z",
            "2026-04-09T18:20:00Z",
        ],
        &bystander,
    )?;
    let request_id = "req-001928";
    let request = Request::builder()
        .request_id(request_id)
        .tenant_id(TENANT)
        .subject_id(subject.subject_id()?)
        .data_classes(DataClass::ALL.iter().copied())
        .legal_basis(LegalBasis::Gdpr)
        .received_at("2026-04-20T09:11:00Z")
        .requester_identity_proof_ref("idv-77120")
        .sla_deadline("2026-05-20T09:11:00Z")
        .build()?;
    let day = |t: &str| format!("2026-04-22T{t}Z");
    let models = vec![
        ModelLineage {
            model_id: "assistant-ft-2026-03".to_owned(),
            action: ModelAction::NotTrainedOn,
        },
        ModelLineage {
            model_id: "assistant-ft-2026-04".to_owned(),
            action: ModelAction::Unlearned {
                method: "gradient-ascent on the forget set, then 200 steps of retain-set repair"
                    .to_owned(),
                evaluation_ref: "eval/unlearn-req-001928".to_owned(),
            },
        },
    ];
    let steps = vec![
        step(
            Step::Working,
            ok(),
            (&day("14:00:00"), &day("14:00:04")),
            3,
            0,
        )?,
        step(
            Step::Episodic,
            ok_with(StepOutput::episodic(true)),
            (&day("14:01:00"), &day("14:06:30")),
            412,
            0,
        )?,
        step(
            Step::Semantic,
            ok(),
            (&day("14:07:00"), &day("14:19:00")),
            57,
            0,
        )?,
        step(
            Step::Vectors,
            ok_with(StepOutput::vectors(Purge::Rebuilt)),
            (&day("14:20:00"), &day("14:52:00")),
            1210,
            0,
        )?,
        step(
            Step::FineTune,
            ok_with(StepOutput::fine_tune(models)),
            (&day("14:53:00"), &day("15:05:00")),
            38,
            0,
        )?,
        step(
            Step::Uploads,
            ok(),
            (&day("15:06:00"), &day("15:12:00")),
            9,
            0,
        )?,
        step(
            Step::Derivatives,
            ok(),
            (&day("15:13:00"), &day("15:20:00")),
            14,
            0,
        )?,
        step(
            Step::Subprocessor,
            ok(),
            (&day("15:21:00"), &day("15:29:00")),
            2,
            0,
        )?,
        step(
            Step::AuditLog,
            ok(),
            (&day("15:30:00"), &day("15:33:00")),
            4,
            0,
        )?,
    ];
    let vector_endpoint = "DELETE /v1/namespaces/ten_0440/vectors";
    let kb_endpoint = "DELETE /v2/knowledge-bases/kb-ten_0440/documents";
    let receipts = vec![
        api_receipt(
            "vector-saas",
            vector_endpoint,
            "del_8f2c",
            &day("15:21:10"),
            confirmed(&day("15:24:02")),
        )?,
        api_receipt(
            "llm-provider-kb",
            kb_endpoint,
            "kbdel-20260422-0091",
            &day("15:21:15"),
            confirmed(&day("15:28:40")),
        )?,
    ];
    let attachments = vec![
        attachment(
            "attachments/receipts/vector-saas-del_8f2c.json",
            &json!({
                "request": vector_endpoint,
                "status": 200,
                "body": {"id": "del_8f2c", "state": "completed", "deleted_vectors": 1210,
                         "completed_at": day("15:24:02")},
            }),
        )?,
        attachment(
            "attachments/receipts/llm-provider-kb-kbdel-20260422-0091.json",
            &json!({
                "request": kb_endpoint,
                "status": 200,
                "body": {"deletion_id": "kbdel-20260422-0091", "status": "done", "documents": 7,
                         "finished": day("15:28:40")},
            }),
        )?,
    ];
    let user = "user:u-5e3a";
    let derived = "user:u-5e3a:derived";
    let index = "index:kb-search";
    let provenance = vec![
        ProvenanceRecord::Header {
            graph_version: "g-2026-04-22.42".to_owned(),
            reverse_index: ReverseIndex::Available,
        },
        scope(user),
        scope(derived),
        scope(index),
        ProvenanceRecord::Tombstone {
            scope: user.to_owned(),
            key: "note-118".to_owned(),
            at: day("15:14:00"),
            reference_scopes: strings(&[derived, index]),
        },
        ProvenanceRecord::Tombstone {
            scope: user.to_owned(),
            key: "upload-77".to_owned(),
            at: day("15:15:00"),
            reference_scopes: strings(&[derived]),
        },
        ProvenanceRecord::Artifact {
            scope: derived.to_owned(),
            key: "summary-7".to_owned(),
            derived_from: vec![NodeRef::new(user, "note-118")],
            state: ArtifactState::Tombstoned,
        },
        ProvenanceRecord::Artifact {
            scope: derived.to_owned(),
            key: "thumbnail-77".to_owned(),
            derived_from: vec![NodeRef::new(user, "upload-77")],
            state: ArtifactState::Tombstoned,
        },
        ProvenanceRecord::Artifact {
            scope: index.to_owned(),
            key: "chunk-4410".to_owned(),
            derived_from: vec![NodeRef::new(derived, "summary-7")],
            state: ArtifactState::Redacted,
        },
    ];
    let body = "Every requested data class was erased and independently probed with no residue; both\n\
                subprocessors confirmed the deletion through their APIs (responses attached); the\n\
                subject's personal data in the audit log was redacted, its entries kept; every artefact\n\
                derived from the subject's data is tombstoned or redacted.";
    Draft {
        pack_id: format!("erasure-{request_id}"),
        completed_at: "2026-04-22T15:44:00Z",
        subprocessors: vec!["vector-saas", "llm-provider-kb"],
        request,
        steps,
        verified_at: "2026-04-22T15:40:00Z",
        receipts,
        provenance: Some(provenance),
        attestation: attestation(request_id, body),
        attachments,
    }
    .into_evidence(log, &history)
}

/// GDPR, a cache deferred by TTL and a pending subprocessor receipt.
fn incomplete_cache_deferred(log: &mut SampleLog) -> Result<Evidence, ProducerError> {
    let subject = Subject {
        email: "carol.nguyen@example.com",
        name: "Carol Nguyen",
        ip: "192.0.2.44",
    };
    let bystander = Subject {
        email: "j.smith@example.net",
        name: "Jo Smith",
        ip: "198.51.100.71",
    };
    let history = log.history(
        &subject,
        [
            "2026-04-27T11:20:00Z",
            "2026-04-28T09:05:00Z",
            "2026-04-30T15:47:00Z",
        ],
        &bystander,
    )?;
    let request_id = "req-002217";
    let request = Request::builder()
        .request_id(request_id)
        .tenant_id(TENANT)
        .subject_id(subject.subject_id()?)
        .data_classes([
            DataClass::Working,
            DataClass::Episodic,
            DataClass::Semantic,
            DataClass::Vectors,
            DataClass::Derivatives,
        ])
        .legal_basis(LegalBasis::Gdpr)
        .received_at("2026-05-04T10:30:00Z")
        .requester_identity_proof_ref("idv-81377")
        .sla_deadline("2026-06-03T10:30:00Z")
        .build()?;
    let day = |t: &str| format!("2026-05-06T{t}Z");
    let expires = "2026-05-13T08:40:00Z";
    let steps = vec![
        step(
            Step::Working,
            ok(),
            (&day("08:00:00"), &day("08:00:03")),
            1,
            0,
        )?,
        step(
            Step::Episodic,
            ok_with(StepOutput::episodic(true)),
            (&day("08:01:00"), &day("08:04:00")),
            96,
            0,
        )?,
        step(
            Step::Semantic,
            ok(),
            (&day("08:05:00"), &day("08:11:00")),
            12,
            0,
        )?,
        step(
            Step::Vectors,
            ok_with(StepOutput::vectors(Purge::Deleted)),
            (&day("08:12:00"), &day("08:30:00")),
            240,
            0,
        )?,
        step(
            Step::Derivatives,
            StepStatus::Deferred {
                expires_at: expires.to_owned(),
            },
            (&day("08:31:00"), &day("08:40:00")),
            6,
            1,
        )?,
        step(
            Step::Subprocessor,
            ok_with(StepOutput::none().with("deletion_requests_sent", json!(2))),
            (&day("08:41:00"), &day("08:55:00")),
            2,
            0,
        )?,
        step(
            Step::AuditLog,
            ok(),
            (&day("08:56:00"), &day("08:59:00")),
            4,
            0,
        )?,
    ];
    let receipts = vec![
        api_receipt(
            "vector-saas",
            "DELETE /v1/namespaces/ten_0440/vectors",
            "del_9a01",
            &day("08:41:10"),
            confirmed(&day("08:44:30")),
        )?,
        api_receipt(
            "llm-provider-kb",
            "DELETE /v2/knowledge-bases/kb-ten_0440/documents",
            "kbdel-20260506-0142",
            &day("08:41:15"),
            ReceiptStatus::Pending {
                due_at: "2026-05-20T00:00:00Z".to_owned(),
            },
        )?,
    ];
    let user = "user:u-c4f1";
    let derived = "user:u-c4f1:derived";
    let cache = "cache:answers";
    let provenance = vec![
        ProvenanceRecord::Header {
            graph_version: "g-2026-05-06.7".to_owned(),
            reverse_index: ReverseIndex::Available,
        },
        scope(user),
        scope(derived),
        scope(cache),
        ProvenanceRecord::Tombstone {
            scope: user.to_owned(),
            key: "chat-2291".to_owned(),
            at: day("08:32:00"),
            reference_scopes: strings(&[derived, cache]),
        },
        ProvenanceRecord::Artifact {
            scope: derived.to_owned(),
            key: "summary-31".to_owned(),
            derived_from: vec![NodeRef::new(user, "chat-2291")],
            state: ArtifactState::Tombstoned,
        },
        ProvenanceRecord::Artifact {
            scope: cache.to_owned(),
            key: "q-991".to_owned(),
            derived_from: vec![NodeRef::new(derived, "summary-31")],
            state: ArtifactState::Expiring {
                expires_at: expires.to_owned(),
            },
        },
        ProvenanceRecord::Obligation {
            target: NodeRef::new(cache, "q-991"),
            namespaces: strings(&[cache]),
            expires_at: expires.to_owned(),
        },
    ];
    let body = "The erasure is NOT complete, and this pack says so. One cached answer derived from the\n\
                subject's data (cache:answers/q-991) cannot be purged before its TTL expires on\n\
                2026-05-13T08:40:00Z; it is recorded as a deferred obligation. llm-provider-kb acknowledged\n\
                the deletion request but has not confirmed it (due 2026-05-20). A new pack will be signed\n\
                once both are closed.";
    Draft {
        pack_id: format!("erasure-{request_id}"),
        completed_at: "2026-05-06T09:15:00Z",
        subprocessors: vec!["vector-saas", "llm-provider-kb"],
        request,
        steps,
        verified_at: "2026-05-06T09:10:00Z",
        receipts,
        provenance: Some(provenance),
        attestation: attestation(request_id, body),
        attachments: Vec::new(),
    }
    .into_evidence(log, &history)
}

/// GDPR, complete, uploads kept under Art. 17(3)(b).
fn exempt_art17_3(log: &mut SampleLog) -> Result<Evidence, ProducerError> {
    let subject = Subject {
        email: "d.fischer@example.com",
        name: "Dana Fischer",
        ip: "192.0.2.87",
    };
    let bystander = Subject {
        email: "l.haddad@example.net",
        name: "Layla Haddad",
        ip: "198.51.100.9",
    };
    let history = log.history(
        &subject,
        [
            "2026-05-11T06:58:00Z",
            "2026-05-12T21:30:00Z",
            "2026-05-14T13:12:00Z",
        ],
        &bystander,
    )?;
    let request_id = "req-002390";
    let request = Request::builder()
        .request_id(request_id)
        .tenant_id(TENANT)
        .subject_id(subject.subject_id()?)
        .data_classes([
            DataClass::Working,
            DataClass::Episodic,
            DataClass::Semantic,
            DataClass::Vectors,
            DataClass::FineTune,
            DataClass::Uploads,
        ])
        .legal_basis(LegalBasis::Gdpr)
        .received_at("2026-05-18T13:05:00Z")
        .requester_identity_proof_ref("idv-84002")
        .sla_deadline("2026-06-17T13:05:00Z")
        .build()?;
    let day = |t: &str| format!("2026-05-20T{t}Z");
    let exemption = Exemption {
        legal_basis: "GDPR Art. 17(3)(b)".to_owned(),
        justification: "Three invoices the subject uploaded are tax records the controller must keep for ten years \
                        (legal obligation); they were moved to the legal-hold bucket, are not processed for any \
                        other purpose, and are deleted when the retention period ends."
            .to_owned(),
    };
    let steps = vec![
        step(
            Step::Working,
            ok(),
            (&day("15:00:00"), &day("15:00:02")),
            1,
            0,
        )?,
        step(
            Step::Episodic,
            ok_with(StepOutput::episodic(true)),
            (&day("15:01:00"), &day("15:03:40")),
            64,
            0,
        )?,
        step(
            Step::Semantic,
            ok(),
            (&day("15:04:00"), &day("15:09:00")),
            21,
            0,
        )?,
        step(
            Step::Vectors,
            ok_with(StepOutput::vectors(Purge::Rebuilt)),
            (&day("15:10:00"), &day("15:31:00")),
            388,
            0,
        )?,
        step(
            Step::FineTune,
            ok_with(StepOutput::fine_tune(Vec::new())),
            (&day("15:32:00"), &day("15:33:00")),
            0,
            0,
        )?,
        step(
            Step::Uploads,
            StepStatus::Exempt { exemption },
            (&day("15:34:00"), &day("15:41:00")),
            14,
            3,
        )?,
        step(
            Step::Subprocessor,
            ok(),
            (&day("15:42:00"), &day("15:50:00")),
            1,
            0,
        )?,
        step(
            Step::AuditLog,
            ok(),
            (&day("15:51:00"), &day("15:54:00")),
            4,
            0,
        )?,
    ];
    let receipts = vec![api_receipt(
        "vector-saas",
        "DELETE /v1/namespaces/ten_0440/vectors",
        "del_a7d3",
        &day("15:42:05"),
        confirmed(&day("15:46:51")),
    )?];
    let body = "Every requested data class was erased and independently probed with no residue, except\n\
                three uploaded invoices, which are kept under GDPR Art. 17(3)(b) for the statutory retention\n\
                of tax records; the exemption and its justification are recorded on the uploads step. No\n\
                model release was trained on the subject's data.";
    Draft {
        pack_id: format!("erasure-{request_id}"),
        completed_at: "2026-05-20T16:20:00Z",
        subprocessors: vec!["vector-saas"],
        request,
        steps,
        verified_at: "2026-05-20T16:10:00Z",
        receipts,
        provenance: None,
        attestation: attestation(request_id, body),
        attachments: Vec::new(),
    }
    .into_evidence(log, &history)
}
