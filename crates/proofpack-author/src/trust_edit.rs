//! Editing a trust store (§4) with validation on write: the stored file
//! always parses as a valid `proof-pack-trust/v1` store.

use crate::AuthoringError;
use proofpack_core::trust::TrustedKey;
use proofpack_core::trust::{parse_key, Policy, TrustStore, TRUST_FORMAT};
use proofpack_spec::json;
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::policy_names as names;
use serde_json::{Map, Value};
use std::cmp::Ordering;
use std::path::Path;

use proofpack_files::{write_atomic, Access, Existing};

/// Whether an edit changed the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The store was changed (and should be saved).
    Changed,
    /// The store already said so; nothing to write.
    Unchanged,
}

/// Why an edit of a trust store was refused; the store is left as it was.
/// Each has a [`kind`](EditRefusal::kind), a stable name for programs.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EditRefusal {
    /// A key entry §4 would not read (`invalid_entry`).
    InvalidEntry(String),
    /// A key valid at no time: `not_before` after `not_after`
    /// (`empty_window`).
    EmptyWindow {
        /// The key.
        key_id: String,
        /// Its `not_before`.
        not_before: String,
        /// Its `not_after`.
        not_after: String,
    },
    /// A `key_id` the store already has (`duplicate_key_id`).
    DuplicateKeyId(String),
    /// A `key_id` the store does not have (`no_such_key`).
    NoSuchKey(String),
    /// A revocation moved later without `force` (`revocation_later`).
    RevocationLater {
        /// The key.
        key_id: String,
        /// The revocation recorded.
        revoked_at: String,
        /// The later one asked for.
        asked: String,
    },
    /// A revocation removed without `force` (`unrevocation`).
    Unrevocation {
        /// The key.
        key_id: String,
        /// The revocation recorded.
        revoked_at: String,
    },
    /// A policy that would verify less, without `force` (`policy_weaker`).
    PolicyWeaker {
        /// The policy recorded.
        current: Policy,
        /// The weaker one asked for.
        asked: Policy,
    },
}

impl EditRefusal {
    /// The refusal's stable name (`invalid_entry`, `empty_window`,
    /// `duplicate_key_id`, `no_such_key`, `revocation_later`,
    /// `unrevocation`, `policy_weaker`).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            EditRefusal::InvalidEntry(_) => "invalid_entry",
            EditRefusal::EmptyWindow { .. } => "empty_window",
            EditRefusal::DuplicateKeyId(_) => "duplicate_key_id",
            EditRefusal::NoSuchKey(_) => "no_such_key",
            EditRefusal::RevocationLater { .. } => "revocation_later",
            EditRefusal::Unrevocation { .. } => "unrevocation",
            EditRefusal::PolicyWeaker { .. } => "policy_weaker",
        }
    }
}

impl std::fmt::Display for EditRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditRefusal::InvalidEntry(why) => write!(f, "invalid key entry: {why}"),
            EditRefusal::EmptyWindow {
                key_id,
                not_before,
                not_after,
            } => write!(
                f,
                "key {}: not_before {} is after not_after {}, so the key would be valid at no time; the window [not_before, not_after] must not be empty",
                Untrusted(key_id),
                Untrusted(not_before),
                Untrusted(not_after)
            ),
            EditRefusal::DuplicateKeyId(key_id) => {
                write!(f, "key_id {} is already in the store", Untrusted(key_id))
            }
            EditRefusal::NoSuchKey(key_id) => {
                write!(f, "no key {} in the store", Untrusted(key_id))
            }
            EditRefusal::RevocationLater {
                key_id,
                revoked_at,
                asked,
            } => write!(
                f,
                "key {} is already revoked at {}; revoking it at the later {} would trust again what was signed in between. Nothing was changed; give --force to move the revocation later",
                Untrusted(key_id),
                Untrusted(revoked_at),
                Untrusted(asked)
            ),
            EditRefusal::Unrevocation { key_id, revoked_at } => write!(
                f,
                "removing the revocation of key {} (at {}) would trust again what it distrusts. Nothing was changed; give --force to remove it",
                Untrusted(key_id),
                Untrusted(revoked_at)
            ),
            EditRefusal::PolicyWeaker { current, asked } => write!(
                f,
                "the policy would verify less than it does (from {} to {}). Nothing was changed; give --force to weaken it",
                policy_words(current),
                policy_words(asked)
            ),
        }
    }
}

impl std::error::Error for EditRefusal {}

impl From<EditRefusal> for AuthoringError {
    fn from(refusal: EditRefusal) -> Self {
        AuthoringError::TrustEdit(refusal)
    }
}

/// Refuses a key whose validity window is empty: §4's window
/// `[not_before, not_after]` is closed, so `not_before` > `not_after`
/// would be a key valid at no time. (The verifier reads such a store,
/// as §4 asks only its shape; authoring never writes one.)
pub fn check_window(key: &TrustedKey) -> Result<(), AuthoringError> {
    if let (Some(nb), Some(na)) = (&key.not_before, &key.not_after) {
        if nb.cmp_instant(na) == Ordering::Greater {
            return Err(EditRefusal::EmptyWindow {
                key_id: key.key_id.clone(),
                not_before: nb.raw().to_owned(),
                not_after: na.raw().to_owned(),
            }
            .into());
        }
    }
    Ok(())
}

/// `on` or `off`, as `trust policy` takes and prints a boolean.
pub fn on_off(value: bool) -> &'static str {
    if value {
        "on"
    } else {
        "off"
    }
}

/// A change of a store's policy (§4): each member `Some` is set, each
/// `None` left as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PolicyChange {
    /// `witness_quorum` (§15).
    pub witness_quorum: Option<u64>,
    /// `signed_receipts` (§16).
    pub signed_receipts: Option<bool>,
    /// `witnessed_deadline` (§21).
    pub witnessed_deadline: Option<bool>,
    /// `sealed_signature` (§22).
    pub sealed_signature: Option<bool>,
}

impl PolicyChange {
    /// Whether it changes nothing (every member `None`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == PolicyChange::default()
    }

    /// `policy` with this change applied.
    #[must_use]
    pub fn applied_to(&self, policy: Policy) -> Policy {
        Policy {
            witness_quorum: self.witness_quorum.unwrap_or(policy.witness_quorum),
            signed_receipts: self.signed_receipts.unwrap_or(policy.signed_receipts),
            witnessed_deadline: self.witnessed_deadline.unwrap_or(policy.witnessed_deadline),
            sealed_signature: self.sealed_signature.unwrap_or(policy.sealed_signature),
        }
    }
}

/// The policy in words, as `trust policy` and `trust list` print it:
/// `witness_quorum 2  signed_receipts on  witnessed_deadline off  sealed_signature off`.
#[must_use]
pub fn policy_words(policy: &Policy) -> String {
    format!(
        "{} {}  {} {}  {} {}  {} {}",
        names::WITNESS_QUORUM,
        policy.witness_quorum,
        names::SIGNED_RECEIPTS,
        on_off(policy.signed_receipts),
        names::WITNESSED_DEADLINE,
        on_off(policy.witnessed_deadline),
        names::SEALED_SIGNATURE,
        on_off(policy.sealed_signature)
    )
}

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

    /// Adds a §4 key entry; refuses an invalid entry, a repeated `key_id`,
    /// or a validity window that is empty (see [`check_window`]).
    pub fn add(&mut self, entry: Value) -> Result<(), AuthoringError> {
        let text =
            serde_json::to_vec(&entry).map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        let parsed = json::parse(&text).map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        let key = parse_key(&parsed).map_err(|e| EditRefusal::InvalidEntry(e.to_string()))?;
        check_window(&key)?;
        if self.store()?.key(&key.key_id).is_some() {
            return Err(EditRefusal::DuplicateKeyId(key.key_id).into());
        }
        self.keys_mut()?.push(entry);
        self.store().map(|_| ())
    }

    fn entry_mut(&mut self, key_id: &str) -> Result<&mut Map<String, Value>, AuthoringError> {
        self.keys_mut()?
            .iter_mut()
            .find(|k| k.get("key_id").and_then(Value::as_str) == Some(key_id))
            .and_then(Value::as_object_mut)
            .ok_or_else(|| EditRefusal::NoSuchKey(key_id.to_owned()).into())
    }

    /// Records that a key was revoked at `at`.
    ///
    /// A key not yet revoked is revoked at `at`; an earlier date than the
    /// recorded one replaces it (the key was compromised sooner than
    /// thought). A LATER date is refused unless `force`: it would trust
    /// again every pack signed between the two dates.
    pub fn revoke(
        &mut self,
        key_id: &str,
        at: &Timestamp,
        force: bool,
    ) -> Result<Change, AuthoringError> {
        let current = self.store()?.key(key_id).and_then(|k| k.revoked_at.clone());
        let entry = self.entry_mut(key_id)?;
        if let Some(current) = current {
            match at.cmp_instant(&current) {
                Ordering::Equal => return Ok(Change::Unchanged),
                Ordering::Greater if !force => {
                    return Err(EditRefusal::RevocationLater {
                        key_id: key_id.to_owned(),
                        revoked_at: current.raw().to_owned(),
                        asked: at.raw().to_owned(),
                    }
                    .into())
                }
                Ordering::Less | Ordering::Greater => {}
            }
        }
        entry.insert("revoked_at".to_owned(), Value::String(at.raw().to_owned()));
        self.store().map(|_| Change::Changed)
    }

    /// Removes a key's revocation: refused unless `force`, as it trusts
    /// again every pack the revocation distrusts.
    pub fn unrevoke(&mut self, key_id: &str, force: bool) -> Result<Change, AuthoringError> {
        let current = self.store()?.key(key_id).and_then(|k| k.revoked_at.clone());
        let entry = self.entry_mut(key_id)?;
        let Some(current) = current else {
            return Ok(Change::Unchanged);
        };
        if !force {
            return Err(EditRefusal::Unrevocation {
                key_id: key_id.to_owned(),
                revoked_at: current.raw().to_owned(),
            }
            .into());
        }
        entry.insert("revoked_at".to_owned(), Value::Null);
        self.store().map(|_| Change::Changed)
    }

    /// Sets the policy (§4): each member of `change` that is `Some`, the
    /// others left as they are. Weakening it (a lower quorum, or a
    /// requirement turned off) is refused unless `force`: it verifies less
    /// than the store's users were told it does.
    pub fn set_policy(
        &mut self,
        change: PolicyChange,
        force: bool,
    ) -> Result<Change, AuthoringError> {
        let current = self.store()?.policy();
        let wanted = change.applied_to(current);
        if wanted == current {
            return Ok(Change::Unchanged);
        }
        let flags = |p: &Policy| [p.signed_receipts, p.witnessed_deadline, p.sealed_signature];
        let weaker = wanted.witness_quorum < current.witness_quorum
            || flags(&current)
                .iter()
                .zip(flags(&wanted))
                .any(|(was, is)| *was && !is);
        if weaker && !force {
            return Err(EditRefusal::PolicyWeaker {
                current,
                asked: wanted,
            }
            .into());
        }
        let obj = self
            .doc
            .as_object_mut()
            .ok_or_else(|| AuthoringError::Invalid("the store is not an object".to_owned()))?;
        let mut policy = serde_json::json!({
            names::WITNESS_QUORUM: wanted.witness_quorum,
            names::SIGNED_RECEIPTS: wanted.signed_receipts,
        });
        // Revision 3's members only when on (off is their default): a
        // revision-2 verifier refuses a policy that names them (§4), so a
        // store that does not need them stays readable by it.
        for (name, on) in [
            (names::WITNESSED_DEADLINE, wanted.witnessed_deadline),
            (names::SEALED_SIGNATURE, wanted.sealed_signature),
        ] {
            if on {
                policy[name] = Value::Bool(true);
            }
        }
        obj.insert(names::POLICY.to_owned(), policy);
        self.store().map(|_| Change::Changed)
    }

    /// Writes the store (validated) to `path`, atomically and durably,
    /// replacing the file there (keeping its permissions).
    pub fn save(&self, path: &Path) -> Result<(), AuthoringError> {
        self.store()?;
        let mut text = serde_json::to_string_pretty(&self.doc)
            .map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        text.push('\n');
        Ok(write_atomic(
            path,
            text.as_bytes(),
            Existing::Replace,
            Access::Default,
        )?)
    }
}
