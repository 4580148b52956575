//! `proofpack.AuditLog`: the producer's persistent audit log (§10) on
//! SQLite, as proofpack-platform keeps it: append, redact, checkpoint,
//! witness. Each call is one call of [`proofpack_platform::AuditLog`].

use crate::records::StepRecord;
use crate::{authoring_error, kinded, Error};
use proofpack_platform::{AuditLog as PlatformLog, PlatformError};
use proofpack_producer::{LogEntry, PackSigned, WitnessSpec};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

pyo3::create_exception!(
    proofpack,
    AuditLogError,
    Error,
    "The audit log refused an entry, redaction, checkpoint or witness, or its database failed."
);

/// The platform's refusal or failure, with its kind
/// ([`PlatformError::kind`]).
fn log_error(e: PlatformError) -> PyErr {
    kinded(AuditLogError::new_err(e.to_string()), e.kind())
}

/// The members of a dict as JSON values, in the dict's order.
fn members(
    py: Python<'_>,
    dict: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(String, serde_json::Value)>> {
    let Some(dict) = dict else {
        return Ok(Vec::new());
    };
    let dumps = py.import("json")?.getattr("dumps")?;
    let mut out = Vec::with_capacity(dict.len());
    for (name, value) in dict.iter() {
        let name: String = name.extract()?;
        let text: String = dumps.call1((value,))?.extract()?;
        let value = serde_json::from_str(&text)
            .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?;
        out.push((name, value));
    }
    Ok(out)
}

/// An audit log kept in a SQLite database at `path`, for `origin` (created
/// if absent; a log interrupted by a crash reopens at its last complete
/// entry). Disclosure salts come from the operating system.
///
/// Raises AuditLogError when the database holds another origin's log or is
/// not a log this package wrote.
#[pyclass(module = "proofpack")]
pub(crate) struct AuditLog {
    // SQLite's connection may move between threads but not be shared.
    log: Mutex<PlatformLog>,
}

impl AuditLog {
    fn lock(&self) -> PyResult<MutexGuard<'_, PlatformLog>> {
        self.log.lock().map_err(|_| {
            kinded(
                AuditLogError::new_err("the log was left inconsistent by a failed call"),
                "inconsistent",
            )
        })
    }
}

#[pymethods]
impl AuditLog {
    #[new]
    fn new(py: Python<'_>, path: PathBuf, origin: &str) -> PyResult<Self> {
        let log = py
            .detach(|| PlatformLog::open(&path, origin))
            .map_err(log_error)?;
        Ok(AuditLog {
            log: Mutex::new(log),
        })
    }

    /// The log's origin (the name its checkpoints carry).
    #[getter]
    fn origin(&self) -> PyResult<String> {
        Ok(self.lock()?.log().origin().to_owned())
    }

    /// The number of entries.
    #[getter]
    fn size(&self) -> PyResult<u64> {
        Ok(self.lock()?.log().size())
    }

    /// Appends an event, durably, and returns its 0-based index. `clear`
    /// holds the non-personal members written as they are (never
    /// redactable); `disclosable` the personal fields, each written as an
    /// SD-JWT disclosure that `redact` can erase. Values are JSON data.
    #[pyo3(signature = (ts, event_class, clear=None, disclosable=None))]
    fn append(
        &self,
        py: Python<'_>,
        ts: &str,
        event_class: &str,
        clear: Option<&Bound<'_, PyDict>>,
        disclosable: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<u64> {
        let mut entry = LogEntry::new(ts, event_class);
        entry.clear = members(py, clear)?;
        entry.disclosable = members(py, disclosable)?;
        let mut guard = self.lock()?;
        // A `&mut` of the log crosses into the GIL-free closure (a shared
        // reference would need the connection to be `Sync`).
        let log: &mut PlatformLog = &mut guard;
        py.detach(move || log.append(entry)).map_err(log_error)
    }

    /// Appends `erasure_request_accepted` for `request_id` at `ts` (§10:
    /// the cascade is on the log) and returns its index.
    fn log_request_accepted(&self, py: Python<'_>, ts: &str, request_id: &str) -> PyResult<u64> {
        let mut guard = self.lock()?;
        let log: &mut PlatformLog = &mut guard;
        py.detach(move || log.log_request_accepted(ts, request_id))
            .map_err(log_error)
    }

    /// Appends the `erasure_step` entry of `record` (its step and status,
    /// at its `ended_at`) for `request_id`, and returns its index.
    fn log_step_record(
        &self,
        py: Python<'_>,
        request_id: &str,
        record: PyRef<'_, StepRecord>,
    ) -> PyResult<u64> {
        let record = record.inner.clone();
        let mut guard = self.lock()?;
        let log: &mut PlatformLog = &mut guard;
        py.detach(move || log.log_step_record(request_id, &record))
            .map_err(log_error)
    }

    /// The indexes of the entries whose clear `request_id` is
    /// `request_id`, ascending: what a witness must include for the
    /// verifier to find the cascade on the log.
    fn entries_for_request(&self, request_id: &str) -> PyResult<Vec<u64>> {
        Ok(self.lock()?.log().entries_for_request(request_id))
    }

    /// The number of unredacted PII fields the verifier will count (§10) in
    /// a witness of `entries` with `pii_fields`: what `verification.json`'s
    /// `audit_log_redacted` probe must report.
    fn unredacted_pii_count(&self, entries: Vec<u64>, pii_fields: Vec<String>) -> PyResult<u64> {
        Ok(self
            .lock()?
            .log()
            .unredacted_pii_count(&entries, &pii_fields))
    }

    /// Erases the disclosures of `fields` of entry `index` (all or nothing)
    /// from the log and from the database file.
    fn redact(&self, py: Python<'_>, index: u64, fields: Vec<String>) -> PyResult<()> {
        let fields: Vec<&str> = fields.iter().map(String::as_str).collect();
        let mut guard = self.lock()?;
        let log: &mut PlatformLog = &mut guard;
        py.detach(move || log.redact(index, &fields))
            .map_err(log_error)
    }

    /// Signs a checkpoint of the log at its current size with the private
    /// key at `key_path` (PKCS#8 PEM; its name is the origin), keeps it,
    /// and returns the signed note.
    fn checkpoint(&self, py: Python<'_>, key_path: PathBuf) -> PyResult<String> {
        let key = proofpack_author::keys::read_private_key(&key_path).map_err(authoring_error)?;
        let mut guard = self.lock()?;
        let log: &mut PlatformLog = &mut guard;
        py.detach(move || log.checkpoint(&key)).map_err(log_error)
    }

    /// The checkpoints this log signed, as (size, note), by size.
    fn checkpoints(&self) -> PyResult<Vec<(u64, String)>> {
        self.lock()?.checkpoints().map_err(log_error)
    }

    /// The RFC 9162 consistency proof from the tree at `old_size` to the
    /// tree at `new_size`: a list of 32-byte hashes.
    fn consistency_proof<'py>(
        &self,
        py: Python<'py>,
        old_size: u64,
        new_size: u64,
    ) -> PyResult<Vec<Bound<'py, PyBytes>>> {
        let proof = self
            .lock()?
            .consistency_proof(old_size, new_size)
            .map_err(log_error)?;
        Ok(proof.iter().map(|h| PyBytes::new(py, h)).collect())
    }

    /// The body of a C2SP `tlog-witness` add-checkpoint request asking a
    /// witness to cosign `checkpoint` (a note this log signed), whose last
    /// cosigned size is `old_size` (0 for a witness that has seen none):
    /// POST it to the witness's `/add-checkpoint`; a 200 answer's body is
    /// its cosignature line(s) for `cosigned`.
    fn add_checkpoint_body(&self, old_size: u64, checkpoint: &str) -> PyResult<String> {
        let size = proofpack_spec::checkpoint::parse_checkpoint(checkpoint)
            .map_err(|e| {
                kinded(
                    AuditLogError::new_err(format!("the checkpoint: {e}")),
                    "checkpoint_malformed",
                )
            })?
            .tree_size;
        let log = self.lock()?;
        let proof = if old_size == 0 {
            Vec::new()
        } else {
            log.consistency_proof(old_size, size).map_err(log_error)?
        };
        Ok(proofpack_spec::checkpoint::add_checkpoint_body(
            old_size, &proof, checkpoint,
        ))
    }

    /// `checkpoint` (a note this log signed) with the witnesses'
    /// cosignature lines appended (§15), each as a witness answered it
    /// (`— <name> <base64>` and a newline). Refuses a line that is not one
    /// signature line, or a result that is no longer this log's checkpoint.
    fn cosigned(&self, checkpoint: &str, lines: Vec<String>) -> PyResult<String> {
        self.lock()?
            .log()
            .cosigned(checkpoint, &lines)
            .map_err(|e| log_error(e.into()))
    }

    /// Appends, durably, the `pack_signed` entry (§22) of the signed pack
    /// at `pack_path` at `ts`, naming its manifest's `pack_id` and the
    /// digests of its `manifest.json` and signature, and returns its index:
    /// the first step of sealing the pack. Raises AuditLogError `unsealable`
    /// for a pack without them, OSError for a file that cannot be read.
    fn log_pack_signed(&self, py: Python<'_>, ts: &str, pack_path: PathBuf) -> PyResult<u64> {
        let signed = signed_pack(&pack_path)?;
        let mut guard = self.lock()?;
        let log: &mut PlatformLog = &mut guard;
        py.detach(move || log.log_pack_signed(ts, &signed))
            .map_err(log_error)
    }

    /// The seal (§22) of the `pack_signed` entry at `index`, in
    /// `seal_checkpoint` (a checkpoint of this log holding it, with the
    /// witnesses' cosignature lines: see `cosigned`), from the pack's
    /// `after_checkpoint` (its `checkpoint_after`): the bytes of §22's
    /// `seal` object, what `seal_pack` and `proofpack seal --seal` take.
    /// Raises AuditLogError (`not_pack_signed`, `checkpoint_sizes`,
    /// `entry_out_of_range`, `checkpoint_mismatch`, ...) when the producer
    /// refuses it.
    fn seal<'py>(
        &self,
        py: Python<'py>,
        after_checkpoint: &str,
        seal_checkpoint: &str,
        index: u64,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let seal = self
            .lock()?
            .log()
            .seal(after_checkpoint, seal_checkpoint, index)
            .map_err(|e| log_error(e.into()))?;
        let bytes = serde_json::to_vec_pretty(&seal.to_json())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// `audit-log-redaction.json` (§10) for a pack: the entries `entries`
    /// with their inclusion proofs in the after-checkpoint's tree, the
    /// consistency proof between the two checkpoints (notes this log
    /// signed), and the PII field names `pii_fields`. Returns its bytes.
    fn witness<'py>(
        &self,
        py: Python<'py>,
        before_checkpoint: String,
        after_checkpoint: String,
        entries: Vec<u64>,
        pii_fields: Vec<String>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let spec = WitnessSpec {
            before_checkpoint,
            after_checkpoint,
            entries,
            pii_fields,
        };
        let bytes = self
            .lock()?
            .log()
            .witness(&spec)
            .map_err(|e| log_error(e.into()))?;
        Ok(PyBytes::new(py, &bytes))
    }
}

/// What the `pack_signed` entry of the pack at `path` names: its
/// `manifest.json` and `signature.sig` read as the verifier reads members.
fn signed_pack(path: &std::path::Path) -> PyResult<PackSigned> {
    use proofpack_core::inspect::{members_content, InspectError};
    use proofpack_spec::vocab::MemberName;
    let file = std::fs::File::open(path)?;
    let names = [
        MemberName::Manifest.as_str(),
        MemberName::Signature.as_str(),
    ];
    let [manifest, signature] = members_content(file, &proofpack_core::Limits::default(), names)
        .map_err(|e| match e {
            InspectError::Read(proofpack_core::ReadError::Io(e)) => PyErr::from(e),
            e => log_error(proofpack_producer::ProducerError::Unsealable(e.to_string()).into()),
        })?;
    PackSigned::of_pack(&manifest, &signature).map_err(|e| log_error(e.into()))
}
