//! `proofpack._native`: ProofPack's verifier and signer for Python, as the
//! `proofpack` package re-exports them (python/proofpack/), and the
//! producer's audit log and records (`audit_log.rs`, `records.rs`),
//! subprocessor receipts and their signed statements (`receipts.rs`), and
//! trust-store editing (`trust.rs`).
//!
//! Each function is one library call, as the command line makes it: the
//! report is the JSON of `proofpack verify --json` (proofpack-render's
//! writer), read back by Python's `json` module, so the two cannot differ.
//! Every failure is a Python exception: `OSError` (and its subclasses) for
//! a file that cannot be read or written, `ValueError` for an argument that
//! is not of its form, and [`Error`]'s subclasses for everything ProofPack
//! itself refuses.

#![forbid(unsafe_code)]

use proofpack_author::pack::Authored;
use proofpack_author::trust_edit::check_window;
use proofpack_author::{
    keys, AuthoringError, Destination, Refused, SealError, SealRefused, SealRequest, Sealed,
    SignError, SignRequest,
};
use proofpack_core::trust::{key_entry_json, Role, TrustedKey};
use proofpack_core::{verify_path, Cancel, Limits, Report, TrustStore, VerifyError};
use proofpack_render::json;
use proofpack_spec::timestamp::Timestamp;
use pyo3::exceptions::{PyException, PyFileExistsError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};
use std::path::{Path, PathBuf};

mod audit_log;
mod receipts;
mod records;
mod trust;

pyo3::create_exception!(
    proofpack,
    Error,
    PyException,
    "Every error ProofPack itself raises (files that cannot be read are OSError)."
);
pyo3::create_exception!(
    proofpack,
    TrustStoreError,
    Error,
    "The trust store cannot be read, or is not a valid proof-pack-trust/v1 document (§4)."
);
pyo3::create_exception!(
    proofpack,
    KeyFileError,
    Error,
    "A key file does not hold the Ed25519 key that was needed."
);
pyo3::create_exception!(
    proofpack,
    InvalidInputError,
    Error,
    "An input (evidence folder, key entry, validity window) is not usable; the message says what to fix."
);
pyo3::create_exception!(
    proofpack,
    RefusedError,
    Error,
    "Signing or sealing was refused; nothing was written. Attributes: kind, verdict, codes, what_to_do, entry_to_add, report."
);
pyo3::create_exception!(
    proofpack,
    InternalError,
    Error,
    "The verifier would have given a verdict without its evidence: a bug of ProofPack."
);

/// `error` with its `kind` set: the refusal's stable name, which programs
/// and tests match on (the message is for people). Each exception class
/// documents its kinds (`python/proofpack/__init__.pyi`).
pub(crate) fn kinded(error: PyErr, kind: &str) -> PyErr {
    Python::attach(|py| match error.value(py).setattr("kind", kind) {
        Ok(()) => error,
        Err(failed) => failed,
    })
}

/// The kind of every [`TrustStoreError`] about the store itself: it cannot
/// be read, or is not a valid `proof-pack-trust/v1` store.
pub(crate) const UNUSABLE_STORE: &str = "unusable_store";

/// Reads a JSON text as Python data (dicts, lists, str, int, float, bool, None).
pub(crate) fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// The report's JSON text, as `proofpack verify --json` writes it.
fn report_json(report: &Report) -> PyResult<String> {
    let mut out = Vec::new();
    json::pretty(&mut out, report)?;
    String::from_utf8(out).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The trust store at `path`, loaded as the command line loads it (so the
/// report names it the same way). Every problem with it, a file that cannot
/// be read included, is a [`TrustStoreError`] in the core's words, as
/// `sign_pack` reports it.
fn load_trust(path: &Path) -> PyResult<TrustStore> {
    TrustStore::load(path).map_err(|e| unusable_store(&e))
}

/// A store that cannot be read or is not valid, as its [`TrustStoreError`].
fn unusable_store(e: &proofpack_core::TrustStoreError) -> PyErr {
    kinded(TrustStoreError::new_err(e.to_string()), UNUSABLE_STORE)
}

/// Why verifying failed, as its exception: what the pack says is never an
/// error, only reading it.
fn verify_error(e: VerifyError) -> PyErr {
    match e {
        VerifyError::Open { source, .. } => source.into(),
        VerifyError::Read(proofpack_core::ReadError::Io(e)) => e.into(),
        e @ VerifyError::Internal(_) => InternalError::new_err(e.to_string()),
        e => Error::new_err(e.to_string()),
    }
}

/// Verifies the pack at `pack_path` (a `proof.tar.gz`) against the trust
/// store at `trust_path` (None: no trust store, so the verdict is at best
/// `untrusted`), and returns the §13 report as Python data: the same JSON as
/// `proofpack verify --json PACK [--trust STORE]`. Its `meta.verified_at` is
/// the time of this call; `meta.input` and `meta.trust_store.path` are the
/// paths as given.
///
/// The verification runs without the GIL: other Python threads go on.
///
/// Raises OSError (FileNotFoundError, ...) when the pack cannot be read,
/// TrustStoreError when the trust store cannot be read or is not a valid
/// store. Whatever the pack holds is a verdict, never an exception.
#[pyfunction]
#[pyo3(signature = (pack_path, trust_path=None))]
fn verify<'py>(
    py: Python<'py>,
    pack_path: PathBuf,
    trust_path: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let trust = trust_path.as_deref().map(load_trust).transpose()?;
    let text = py.detach(|| -> PyResult<String> {
        let report = verify_path(
            &pack_path,
            trust.as_ref(),
            &Limits::default(),
            &Cancel::new(),
        )
        .map_err(verify_error)?;
        report_json(&report)
    })?;
    loads(py, &text)
}

/// An RFC 3339 timestamp argument, or a ValueError naming the argument, in
/// the one wording of `proofpack_spec`'s `TimestampError`.
pub(crate) fn timestamp(name: &str, text: Option<&str>) -> PyResult<Option<Timestamp>> {
    text.map(|t| {
        t.parse::<Timestamp>()
            .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))
    })
    .transpose()
}

/// An authoring error as its Python exception.
pub(crate) fn authoring_error(e: AuthoringError) -> PyErr {
    match e {
        AuthoringError::Io { path, source } => {
            let message = format!("{path}: {source}");
            match source.raw_os_error() {
                // OSError(errno, strerror, filename) picks its subclass.
                Some(errno) => PyOSError::new_err((errno, source.to_string(), path)),
                None if source.kind() == std::io::ErrorKind::AlreadyExists => {
                    PyFileExistsError::new_err(message)
                }
                None => PyOSError::new_err(message),
            }
        }
        AuthoringError::Key { ref problem, .. } => {
            let kind = problem.kind();
            kinded(KeyFileError::new_err(e.to_string()), kind)
        }
        e @ (AuthoringError::Invalid(_) | AuthoringError::TrustEdit(_)) => {
            InvalidInputError::new_err(e.to_string())
        }
    }
}

/// What a [`RefusedError`] carries for a program to act on: its message,
/// `kind`, the finding codes that stop it, what to do, the entry to add
/// and the report it rests on (`verdict` is the report's).
struct Refusal<'a> {
    message: String,
    kind: &'static str,
    codes: Vec<String>,
    what_to_do: Vec<String>,
    entry_to_add: Option<&'a TrustedKey>,
    report: &'a Report,
}

impl Refusal<'_> {
    /// The [`RefusedError`] with its attributes set.
    fn into_error(self, py: Python<'_>) -> PyResult<PyErr> {
        let err = RefusedError::new_err(self.message);
        let value = err.value(py);
        value.setattr("kind", self.kind)?;
        value.setattr("verdict", self.report.verdict().to_string())?;
        value.setattr("codes", PyList::new(py, self.codes)?)?;
        value.setattr("what_to_do", PyList::new(py, self.what_to_do)?)?;
        let entry = match self.entry_to_add {
            Some(key) => Some(loads(py, &key_entry_json(key).to_string())?),
            None => None,
        };
        value.setattr("entry_to_add", entry)?;
        value.setattr("report", loads(py, &report_json(self.report)?)?)?;
        Ok(err)
    }
}

/// A refusal to sign as a [`RefusedError`].
fn refused_error(py: Python<'_>, refused: &Refused) -> PyResult<PyErr> {
    let refusal = refused.refusal();
    Refusal {
        message: format!("{refused}: {refusal}"),
        kind: refusal.kind(),
        codes: refused
            .to_fix()
            .map(|(f, _)| f.code().to_string())
            .collect(),
        what_to_do: refusal.what_to_do(),
        entry_to_add: refusal.entry_to_add(),
        report: refused.report(),
    }
    .into_error(py)
}

/// A refusal to seal as a [`RefusedError`].
fn seal_refused_error(py: Python<'_>, refused: &SealRefused) -> PyResult<PyErr> {
    Refusal {
        message: refused.to_string(),
        kind: refused.refusal().kind(),
        codes: refused.to_fix().map(|f| f.code().to_string()).collect(),
        what_to_do: refused.refusal().what_to_do(),
        entry_to_add: None,
        report: refused.report(),
    }
    .into_error(py)
}

/// The error of a destination that exists and was not to be replaced.
fn exists_error(path: &Path) -> PyErr {
    PyFileExistsError::new_err((
        17,
        "exists; nothing was written (give replace=True to replace it)",
        path.display().to_string(),
    ))
}

/// The report's JSON text, or the error of writing it.
fn report_text(report: &Report) -> Result<String, std::io::Error> {
    let mut text = Vec::new();
    json::pretty(&mut text, report).map(|()| String::from_utf8_lossy(&text).into_owned())
}

/// Signs the evidence folder `evidence_dir` (pack.json, the content members,
/// attachments/) with the DPO's private key at `key_path` (PKCS#8 PEM) and
/// writes the pack to `out_path`, as `proofpack pack` does: the would-be
/// pack is first verified against the trust store at `trust_path`, and
/// signing is refused unless it holds up there. Returns the report of the
/// written pack (the same JSON as `proofpack verify --json`).
///
/// `signed_at` is an RFC 3339 date-time (None: now, in UTC at whole
/// seconds). `accept_incomplete` signs an incomplete or late pack as an
/// honest record of open obligations; `accept_uncorroborated` a pack whose
/// corroboration alone falls short of the store's policy. `replace`
/// overwrites an existing `out_path` (otherwise FileExistsError).
///
/// Raises RefusedError (nothing written) with `.codes`, the finding codes
/// that stop signing; OSError for files; KeyFileError, InvalidInputError,
/// TrustStoreError for unusable inputs; ValueError for a bad `signed_at`.
#[pyfunction]
#[pyo3(signature = (evidence_dir, key_path, trust_path, out_path, signed_at=None, accept_incomplete=false, accept_uncorroborated=false, replace=false))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, as the CLI's flags.
fn sign_pack<'py>(
    py: Python<'py>,
    evidence_dir: PathBuf,
    key_path: PathBuf,
    trust_path: PathBuf,
    out_path: PathBuf,
    signed_at: Option<&str>,
    accept_incomplete: bool,
    accept_uncorroborated: bool,
    replace: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let request = SignRequest {
        evidence_dir,
        key_path,
        trust_path,
        signed_at: timestamp("signed_at", signed_at)?,
        accept_incomplete,
        accept_uncorroborated,
        attestation_override: None,
    };
    let out = Destination {
        path: out_path,
        replace,
    };
    let signed = py.detach(|| -> Result<Result<String, std::io::Error>, SignError> {
        let Authored { report } = proofpack_author::sign(&request, &out)?;
        Ok(report_text(&report))
    });
    match signed {
        Ok(text) => loads(py, &text?),
        Err(SignError::Refused(refused)) => Err(refused_error(py, &refused)?),
        Err(SignError::Exists { path }) => Err(exists_error(&path)),
        Err(SignError::TrustStore(e)) => Err(unusable_store(&e)),
        Err(SignError::Authoring(e)) => Err(authoring_error(e)),
    }
}

/// Seals the signed pack at `pack_path` (§22) with `seal` (the bytes
/// `AuditLog.seal` returns, or that object as a dict) and writes it to
/// `out_path`, as `proofpack seal` does: every member as it was but
/// `signature.sig`, which gains the seal. The sealed pack is first verified
/// against the trust store at `trust_path`, and written only when the seal
/// holds for it there and gives a sealed time. Returns the written pack's
/// report (its `pack.sha256` is the pack's identity from now on: seal a
/// pack before delivering it). `replace` overwrites an existing `out_path`
/// (otherwise FileExistsError).
///
/// Raises RefusedError (nothing written), `kind` `seal_does_not_hold` or
/// `seal_not_witnessed`, with `.codes` the findings in the seal;
/// InvalidInputError for a seal that is not strict JSON or a pack that
/// cannot be sealed; TrustStoreError; OSError for files.
#[pyfunction]
#[pyo3(signature = (pack_path, seal, trust_path, out_path, replace=false))]
fn seal_pack<'py>(
    py: Python<'py>,
    pack_path: PathBuf,
    seal: &Bound<'py, PyAny>,
    trust_path: PathBuf,
    out_path: PathBuf,
    replace: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let seal: Vec<u8> = match seal.cast::<PyBytes>() {
        Ok(bytes) => bytes.as_bytes().to_vec(),
        Err(_) => {
            let text: String = py
                .import("json")?
                .call_method1("dumps", (seal,))?
                .extract()?;
            text.into_bytes()
        }
    };
    let request = SealRequest {
        pack: pack_path,
        seal,
        trust_path,
    };
    let out = Destination {
        path: out_path,
        replace,
    };
    let sealed = py.detach(|| -> Result<Result<String, std::io::Error>, SealError> {
        let Sealed { report } = proofpack_author::seal(&request, &out)?;
        Ok(report_text(&report))
    });
    match sealed {
        Ok(text) => loads(py, &text?),
        Err(SealError::Refused(refused)) => Err(seal_refused_error(py, &refused)?),
        Err(SealError::Exists { path }) => Err(exists_error(&path)),
        Err(e @ SealError::SealNotJson(_)) => Err(InvalidInputError::new_err(e.to_string())),
        Err(SealError::TrustStore(e)) => Err(unusable_store(&e)),
        Err(SealError::Authoring(e)) => Err(authoring_error(e)),
    }
}

/// Generates an Ed25519 key, writes its private key to `path` (PKCS#8 PEM,
/// mode 0600; an existing file is never overwritten: FileExistsError), and
/// returns its §4 trust-store entry, as `proofpack keygen` prints it.
///
/// `roles` are §4 role names (dpo, audit_log, witness, subprocessor,
/// verifier); `not_before` and `not_after` RFC 3339 date-times bounding the
/// key's validity. A bad role or date is a ValueError, an empty window an
/// InvalidInputError, both raised before anything is written.
#[pyfunction]
#[pyo3(signature = (path, key_id, owner, roles, not_before=None, not_after=None))]
fn keygen<'py>(
    py: Python<'py>,
    path: PathBuf,
    key_id: String,
    owner: String,
    roles: Vec<String>,
    not_before: Option<&str>,
    not_after: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let roles = roles
        .iter()
        .map(|r| {
            r.parse::<Role>()
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .collect::<PyResult<Vec<Role>>>()?;
    if roles.is_empty() {
        return Err(PyValueError::new_err("roles: give at least one role"));
    }
    let key = keys::generate();
    let entry = TrustedKey {
        key_id,
        public_key: key.verifying_key(),
        owner,
        roles,
        not_before: timestamp("not_before", not_before)?,
        not_after: timestamp("not_after", not_after)?,
        revoked_at: None,
    };
    check_window(&entry).map_err(authoring_error)?;
    keys::write_private_key(&path, &key).map_err(authoring_error)?;
    loads(py, &key_entry_json(&entry).to_string())
}

/// The extension module, re-exported by the `proofpack` package.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(sign_pack, m)?)?;
    m.add_function(wrap_pyfunction!(seal_pack, m)?)?;
    m.add_function(wrap_pyfunction!(keygen, m)?)?;
    m.add("Error", py.get_type::<Error>())?;
    m.add("TrustStoreError", py.get_type::<TrustStoreError>())?;
    m.add("KeyFileError", py.get_type::<KeyFileError>())?;
    m.add("InvalidInputError", py.get_type::<InvalidInputError>())?;
    m.add("RefusedError", py.get_type::<RefusedError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add("AuditLogError", py.get_type::<audit_log::AuditLogError>())?;
    m.add_class::<audit_log::AuditLog>()?;
    m.add("ProducerError", py.get_type::<records::ProducerError>())?;
    m.add_function(wrap_pyfunction!(records::pseudonymous_subject_id, m)?)?;
    m.add_class::<records::Request>()?;
    m.add_class::<records::StepRecord>()?;
    m.add_function(wrap_pyfunction!(records::steps_jsonl, m)?)?;
    m.add_function(wrap_pyfunction!(records::verification_json, m)?)?;
    m.add_function(wrap_pyfunction!(records::provenance_jsonl, m)?)?;
    m.add_class::<records::Backup>()?;
    m.add_class::<receipts::Receipt>()?;
    m.add_function(wrap_pyfunction!(receipts::receipts_jsonl, m)?)?;
    m.add_class::<receipts::ReceiptStatement>()?;
    m.add_class::<receipts::Exchange>()?;
    m.add_class::<receipts::CollectedReceipt>()?;
    m.add_class::<trust::TrustStoreFile>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
