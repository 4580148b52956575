//! `proofpack.TrustStoreFile`: a trust store (§4) edited as `proofpack
//! trust` edits it (proofpack-author's `TrustStoreFile`): keys added,
//! revoked and unrevoked, the policy set, each edit validated so that the
//! saved file always parses as a valid `proof-pack-trust/v1` store.

use crate::records::json_value;
use crate::{authoring_error, kinded, loads, timestamp, TrustStoreError, UNUSABLE_STORE};
use proofpack_author::keys;
use proofpack_author::trust_edit::{self, Change};
use proofpack_author::AuthoringError;
use proofpack_core::trust::{key_entry_json, Role, TrustedKey};
use proofpack_spec::crypto::parse_public_key;
use proofpack_spec::encoding::base64_strict;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// An edit refused is a [`TrustStoreError`] of the refusal's kind, a store
/// left invalid one of kind [`UNUSABLE_STORE`]; a file that cannot be read
/// or written, or a key file without its key, keeps its own exception.
fn edit_error(e: AuthoringError) -> PyErr {
    match e {
        AuthoringError::TrustEdit(refusal) => kinded(
            TrustStoreError::new_err(refusal.to_string()),
            refusal.kind(),
        ),
        AuthoringError::Invalid(message) => {
            kinded(TrustStoreError::new_err(message), UNUSABLE_STORE)
        }
        other => authoring_error(other),
    }
}

fn changed(change: Change) -> bool {
    change == Change::Changed
}

/// §4 role names, at least one, or a ValueError.
fn roles(names: &[String]) -> PyResult<Vec<Role>> {
    if names.is_empty() {
        return Err(PyValueError::new_err("roles: give at least one role"));
    }
    names
        .iter()
        .map(|r| {
            r.parse::<Role>()
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .collect()
}

/// A trust store being edited, read from `path` (with `create=True`, an
/// empty store when no file is there). Nothing is written until `save`.
///
/// Every refusal is a TrustStoreError, the store unchanged: a store that
/// cannot be read or is not valid, a `key_id` already present, an entry
/// §4 would not read, an empty validity window, a revocation moved later
/// or removed, a policy weakened (the last three unless `force=True`).
/// A key file that cannot be read is an OSError, one without an Ed25519
/// key a KeyFileError; a bad role, date or base64 key a ValueError.
#[pyclass(module = "proofpack")]
pub(crate) struct TrustStoreFile {
    file: trust_edit::TrustStoreFile,
    path: PathBuf,
}

#[pymethods]
impl TrustStoreFile {
    #[new]
    #[pyo3(signature = (path, create=false))]
    fn new(py: Python<'_>, path: PathBuf, create: bool) -> PyResult<Self> {
        let file = py
            .detach(|| {
                if create {
                    trust_edit::TrustStoreFile::open_or_new(&path)
                } else {
                    trust_edit::TrustStoreFile::open(&path)
                }
            })
            // Every problem of the store itself, a missing file included,
            // is a TrustStoreError, as `verify` and `sign_pack` report it.
            .map_err(|e| {
                kinded(
                    TrustStoreError::new_err(format!("trust store: {e}")),
                    UNUSABLE_STORE,
                )
            })?;
        Ok(TrustStoreFile { file, path })
    }

    /// The path the store was read from (and `save` writes by default).
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// Adds the key of `key_path` (a PKCS#8 private key or an SPKI public
    /// key, PEM) or `public_key` (base64 of its 32 bytes), exactly one of
    /// them, as `key_id` of `owner` with `roles`, valid from `not_before`
    /// to `not_after` (RFC 3339, None: unbounded). Returns the entry added.
    #[pyo3(signature = (key_id, owner, roles, *, key_path=None, public_key=None, not_before=None, not_after=None))]
    #[allow(clippy::too_many_arguments)] // §4's members, as keyword arguments.
    fn add_key<'py>(
        &mut self,
        py: Python<'py>,
        key_id: String,
        owner: String,
        roles: Vec<String>,
        key_path: Option<PathBuf>,
        public_key: Option<&str>,
        not_before: Option<&str>,
        not_after: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let public_key = match (key_path, public_key) {
            (Some(path), None) => keys::read_public_key(&path).map_err(authoring_error)?,
            (None, Some(text)) => base64_strict(text)
                .and_then(|raw| parse_public_key(&raw))
                .ok_or_else(|| {
                    PyValueError::new_err(
                        "public_key: not strict base64 of a canonical 32-byte Ed25519 key",
                    )
                })?,
            _ => {
                return Err(PyValueError::new_err(
                    "give exactly one of key_path and public_key",
                ))
            }
        };
        let entry = key_entry_json(&TrustedKey {
            key_id,
            public_key,
            owner,
            roles: self::roles(&roles)?,
            not_before: timestamp("not_before", not_before)?,
            not_after: timestamp("not_after", not_after)?,
            revoked_at: None,
        });
        self.file.add(entry.clone()).map_err(edit_error)?;
        loads(py, &entry.to_string())
    }

    /// Adds a §4 entry given as a dict (as `keygen` returns it).
    fn add_entry(&mut self, entry: &Bound<'_, PyDict>) -> PyResult<()> {
        self.file
            .add(json_value(entry.as_any())?)
            .map_err(edit_error)
    }

    /// Records that key `key_id` was revoked at `at` (RFC 3339). An earlier
    /// date replaces a later one; a later one needs `force=True`, as it
    /// trusts again what was signed in between. Returns whether the store
    /// changed.
    #[pyo3(signature = (key_id, at, force=false))]
    fn revoke(&mut self, key_id: &str, at: &str, force: bool) -> PyResult<bool> {
        let at = timestamp("at", Some(at))?
            .ok_or_else(|| PyValueError::new_err("at: give a date-time"))?;
        self.file
            .revoke(key_id, &at, force)
            .map(changed)
            .map_err(edit_error)
    }

    /// Removes the revocation of key `key_id`: needs `force=True`, as it
    /// trusts again every pack the revocation distrusts. Returns whether
    /// the store changed.
    #[pyo3(signature = (key_id, force=false))]
    fn unrevoke(&mut self, key_id: &str, force: bool) -> PyResult<bool> {
        self.file
            .unrevoke(key_id, force)
            .map(changed)
            .map_err(edit_error)
    }

    /// Sets the policy (§4): `witness_quorum` and `signed_receipts`, each
    /// left as it is when None. Lowering the quorum or turning signed
    /// receipts off needs `force=True`. Returns whether the store changed.
    #[pyo3(signature = (witness_quorum=None, signed_receipts=None, force=false))]
    fn set_policy(
        &mut self,
        witness_quorum: Option<u64>,
        signed_receipts: Option<bool>,
        force: bool,
    ) -> PyResult<bool> {
        let change = trust_edit::PolicyChange {
            witness_quorum,
            signed_receipts,
            ..trust_edit::PolicyChange::default()
        };
        self.file
            .set_policy(change, force)
            .map(changed)
            .map_err(edit_error)
    }

    /// The policy: `{"witness_quorum": int, "signed_receipts": bool}`,
    /// defaults included.
    #[getter]
    fn policy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let policy = self.file.store().map_err(edit_error)?.policy();
        let dict = PyDict::new(py);
        dict.set_item("witness_quorum", policy.witness_quorum)?;
        dict.set_item("signed_receipts", policy.signed_receipts)?;
        Ok(dict)
    }

    /// The §4 entries of the store's keys, in its order.
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let store = self.file.store().map_err(edit_error)?;
        store
            .keys()
            .iter()
            .map(|k| loads(py, &key_entry_json(k).to_string()))
            .collect()
    }

    /// The entries of the store that hold the key at `key_path` (a PKCS#8
    /// private key or an SPKI public key, PEM), in the store's order; empty
    /// when the store lacks it. How a program finds the `key_id`, owner and
    /// roles the store gives a key file it holds.
    fn keys_of<'py>(&self, py: Python<'py>, key_path: PathBuf) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let public_key = keys::read_public_key(&key_path).map_err(authoring_error)?;
        let store = self.file.store().map_err(edit_error)?;
        store
            .keys()
            .iter()
            .filter(|k| k.public_key == public_key)
            .map(|k| loads(py, &key_entry_json(k).to_string()))
            .collect()
    }

    /// Writes the store to `path` (None: where it was read from),
    /// atomically.
    #[pyo3(signature = (path=None))]
    fn save(&self, py: Python<'_>, path: Option<PathBuf>) -> PyResult<()> {
        let path = path.unwrap_or_else(|| self.path.clone());
        py.detach(|| self.file.save(&path)).map_err(edit_error)
    }
}
