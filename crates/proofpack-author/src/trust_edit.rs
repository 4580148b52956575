//! Editing a trust store (§4) with validation on write: the stored file
//! always parses as a valid `proof-pack-trust/v1` store.

use crate::AuthoringError;
use proofpack_core::json;
use proofpack_core::timestamp::Timestamp;
use proofpack_core::trust::{parse_key, TrustStore, TRUST_FORMAT};
use serde_json::Value;
use std::path::Path;

/// A trust store being edited, keeping members it does not know.
pub struct TrustStoreFile {
    doc: Value,
}

impl TrustStoreFile {
    /// Reads a store, or starts an empty one when `path` does not exist.
    pub fn open_or_new(path: &Path) -> Result<Self, AuthoringError> {
        if !path.exists() {
            return Ok(TrustStoreFile {
                doc: serde_json::json!({"format": TRUST_FORMAT, "keys": []}),
            });
        }
        Self::open(path)
    }

    /// Reads and validates an existing store.
    pub fn open(path: &Path) -> Result<Self, AuthoringError> {
        let bytes = std::fs::read(path).map_err(|e| AuthoringError::io(path, e))?;
        TrustStore::from_json(&bytes)
            .map_err(|e| AuthoringError::Invalid(format!("{}: {e}", path.display())))?;
        let doc = serde_json::from_slice(&bytes)
            .map_err(|e| AuthoringError::Invalid(format!("{}: {e}", path.display())))?;
        Ok(TrustStoreFile { doc })
    }

    /// The validated store.
    pub fn store(&self) -> Result<TrustStore, AuthoringError> {
        let bytes =
            serde_json::to_vec(&self.doc).map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        TrustStore::from_json(&bytes).map_err(|e| AuthoringError::Invalid(e.to_string()))
    }

    fn keys_mut(&mut self) -> Result<&mut Vec<Value>, AuthoringError> {
        self.doc
            .get_mut("keys")
            .and_then(Value::as_array_mut)
            .ok_or_else(|| AuthoringError::Invalid("the store has no keys array".to_owned()))
    }

    /// Adds a §4 key entry; refuses an invalid entry or a repeated `key_id`.
    pub fn add(&mut self, entry: Value) -> Result<(), AuthoringError> {
        let text =
            serde_json::to_vec(&entry).map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        let parsed = json::parse(&text).map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        let key = parse_key(&parsed)
            .map_err(|e| AuthoringError::Invalid(format!("invalid key entry: {e}")))?;
        if self.store()?.key(&key.key_id).is_some() {
            return Err(AuthoringError::Invalid(format!(
                "key_id {:?} is already in the store",
                key.key_id
            )));
        }
        self.keys_mut()?.push(entry);
        self.store().map(|_| ())
    }

    /// Sets `revoked_at` of a key.
    pub fn revoke(&mut self, key_id: &str, at: &Timestamp) -> Result<(), AuthoringError> {
        let keys = self.keys_mut()?;
        let entry = keys
            .iter_mut()
            .find(|k| k.get("key_id").and_then(Value::as_str) == Some(key_id))
            .ok_or_else(|| AuthoringError::Invalid(format!("no key {key_id:?} in the store")))?;
        if let Some(obj) = entry.as_object_mut() {
            obj.insert("revoked_at".to_owned(), Value::String(at.raw().to_owned()));
        }
        self.store().map(|_| ())
    }

    /// Writes the store (validated) to `path`, atomically.
    pub fn save(&self, path: &Path) -> Result<(), AuthoringError> {
        self.store()?;
        let mut text = serde_json::to_string_pretty(&self.doc)
            .map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        text.push('\n');
        write_atomic(path, text.as_bytes())
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it into place.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), AuthoringError> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(|e| AuthoringError::io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        AuthoringError::io(path, e)
    })
}
