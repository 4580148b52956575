//! The trust store (spec §4): the verifier's input, never inside a pack.
//!
//! A store that does not parse or does not match the shape is an operational
//! error ([`TrustStoreError`], exit status 1), not a verdict.

use crate::crypto;
use crate::json::{self, Json};
use crate::schema::base64_strict;
use crate::timestamp::Timestamp;
use ed25519_dalek::VerifyingKey;
use std::collections::HashSet;

/// The `format` of a trust store.
pub const TRUST_FORMAT: &str = "proof-pack-trust/v1";

/// What a key may sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// May sign packs.
    Dpo,
    /// May sign audit-log checkpoints.
    AuditLog,
}

impl Role {
    /// The spec's string form.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Dpo => "dpo",
            Role::AuditLog => "audit_log",
        }
    }

    /// Parses a role name.
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "dpo" => Some(Role::Dpo),
            "audit_log" => Some(Role::AuditLog),
            _ => None,
        }
    }
}

/// One key of the store.
#[derive(Debug, Clone)]
pub struct TrustedKey {
    /// The key's identifier.
    pub key_id: String,
    /// The Ed25519 public key.
    pub public_key: VerifyingKey,
    /// Who holds the key.
    pub owner: String,
    /// What it may sign.
    pub roles: Vec<Role>,
    /// Start of validity (inclusive), or unbounded.
    pub not_before: Option<Timestamp>,
    /// End of validity (inclusive), or unbounded.
    pub not_after: Option<Timestamp>,
    /// When it was revoked, or never.
    pub revoked_at: Option<Timestamp>,
}

impl TrustedKey {
    /// Whether the key has `role`.
    pub fn has_role(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }
}

/// A parsed, validated trust store.
#[derive(Debug, Clone, Default)]
pub struct TrustStore {
    /// The keys, `key_id`s unique.
    pub keys: Vec<TrustedKey>,
}

/// Why a trust store is unusable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrustStoreError {
    /// Not well-formed JSON.
    #[error("the trust store is not well-formed JSON: {0}")]
    Json(String),
    /// Wrong shape.
    #[error("the trust store does not match proof-pack-trust/v1: {0}")]
    Schema(String),
    /// A `key_id` appears twice.
    #[error("the trust store repeats key_id {0:?}")]
    DuplicateKeyId(String),
    /// A public key is not a canonical curve point.
    #[error("key {0:?}: public_key is not the canonical 32-byte encoding of a curve point")]
    BadPublicKey(String),
}

impl TrustStore {
    /// The key with this `key_id`.
    pub fn key(&self, key_id: &str) -> Option<&TrustedKey> {
        self.keys.iter().find(|k| k.key_id == key_id)
    }

    /// Parses and validates a trust store (§4).
    pub fn from_json(bytes: &[u8]) -> Result<TrustStore, TrustStoreError> {
        let doc = json::parse(bytes).map_err(|e| TrustStoreError::Json(e.to_string()))?;
        let schema = |why: &str| TrustStoreError::Schema(why.to_owned());
        let top = doc.as_object().ok_or_else(|| schema("not an object"))?;
        if top.get("format").and_then(Json::as_str) != Some(TRUST_FORMAT) {
            return Err(schema("`format` must be \"proof-pack-trust/v1\""));
        }
        let entries = top
            .get("keys")
            .and_then(Json::as_array)
            .ok_or_else(|| schema("`keys` must be an array"))?;
        let mut keys = Vec::new();
        let mut seen = HashSet::new();
        for (i, entry) in entries.iter().enumerate() {
            let key = parse_key(entry).map_err(|why| schema(&format!("keys[{i}]: {why}")))?;
            if !seen.insert(key.key_id.clone()) {
                return Err(TrustStoreError::DuplicateKeyId(key.key_id));
            }
            keys.push(key);
        }
        Ok(TrustStore { keys })
    }
}

/// Parses one key entry (§4), e.g. for `trust add --entry`.
pub fn parse_key(entry: &Json) -> Result<TrustedKey, String> {
    let obj = entry.as_object().ok_or("not an object")?;
    let string = |name: &str| -> Result<String, String> {
        obj.get(name)
            .and_then(Json::as_str)
            .map(str::to_owned)
            .ok_or(format!("`{name}` must be a string"))
    };
    let key_id = string("key_id")?;
    if string("alg")? != "ed25519" {
        return Err("`alg` must be \"ed25519\"".to_owned());
    }
    let owner = string("owner")?;
    let raw = base64_strict(&string("public_key")?)
        .ok_or("`public_key` must be strict base64 of 32 bytes")?;
    let public_key = crypto::parse_public_key(&raw).ok_or_else(|| {
        format!("key {key_id:?}: `public_key` is not a canonical 32-byte curve point")
    })?;
    let roles = obj
        .get("roles")
        .and_then(Json::as_array)
        .ok_or("`roles` must be an array")?
        .iter()
        .map(|r| r.as_str().and_then(Role::parse))
        .collect::<Option<Vec<Role>>>()
        .ok_or("`roles` holds an unknown role (dpo, audit_log)")?;
    let time = |name: &str| -> Result<Option<Timestamp>, String> {
        match obj.get(name) {
            None | Some(Json::Null) => Ok(None),
            Some(Json::String(s)) => Timestamp::parse(s)
                .map(Some)
                .ok_or(format!("`{name}` is not an RFC 3339 date-time")),
            Some(_) => Err(format!("`{name}` must be a string or null")),
        }
    };
    Ok(TrustedKey {
        key_id,
        public_key,
        owner,
        roles,
        not_before: time("not_before")?,
        not_after: time("not_after")?,
        revoked_at: time("revoked_at")?,
    })
}

/// The §4 entry of a key as JSON, as `keygen` prints it and `trust add` stores it.
pub fn key_entry_json(key: &TrustedKey) -> serde_json::Value {
    use base64::Engine;
    let time = |t: &Option<Timestamp>| match t {
        Some(t) => serde_json::Value::String(t.raw().to_owned()),
        None => serde_json::Value::Null,
    };
    serde_json::json!({
        "key_id": key.key_id,
        "alg": "ed25519",
        "public_key": base64::engine::general_purpose::STANDARD.encode(key.public_key.as_bytes()),
        "owner": key.owner,
        "roles": key.roles.iter().map(|r| r.as_str()).collect::<Vec<_>>(),
        "not_before": time(&key.not_before),
        "not_after": time(&key.not_after),
        "revoked_at": time(&key.revoked_at),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "5ZT+BBokL00AtyocaJQu8q11cuKqlj7yo1Wrf8Lrq5U=";

    fn store(keys: &str) -> Result<TrustStore, TrustStoreError> {
        TrustStore::from_json(
            format!(r#"{{"format":"proof-pack-trust/v1","keys":[{keys}]}}"#).as_bytes(),
        )
    }

    fn entry(id: &str, extra: &str) -> String {
        format!(
            r#"{{"key_id":"{id}","alg":"ed25519","public_key":"{KEY}","owner":"dpo@example.com","roles":["dpo"]{extra}}}"#
        )
    }

    #[test]
    fn accepts_the_spec_shape() {
        let s = store(&entry(
            "a",
            r#","not_before":"2026-01-01T00:00:00Z","revoked_at":null"#,
        ))
        .expect("valid");
        assert!(s.key("a").is_some_and(|k| k.has_role(Role::Dpo)));
    }

    #[test]
    fn rejects_bad_stores() {
        assert!(matches!(
            store(&format!("{},{}", entry("a", ""), entry("a", ""))),
            Err(TrustStoreError::DuplicateKeyId(_))
        ));
        assert!(matches!(
            // a repeated member name is not well-formed JSON (§0)
            store(&entry("a", r#","roles":["dpo"]"#)),
            Err(TrustStoreError::Json(_))
        ));
        assert!(matches!(
            store(&entry("a", "").replace(r#"["dpo"]"#, r#"["root"]"#)),
            Err(TrustStoreError::Schema(_))
        ));
        assert!(matches!(
            store(&entry("a", "").replace("ed25519", "p256")),
            Err(TrustStoreError::Schema(_))
        ));
        assert!(matches!(
            store(&entry("a", r#","not_after":"tomorrow""#)),
            Err(TrustStoreError::Schema(_))
        ));
        // y = p (non-canonical encoding of 0) is not a canonical point.
        let p_bytes: Vec<u8> = {
            let mut b = vec![0xffu8; 32];
            b[0] = 0xed;
            b[31] = 0x7f;
            b
        };
        use base64::Engine;
        let enc = base64::engine::general_purpose::STANDARD.encode(&p_bytes);
        assert!(store(&entry("a", "").replace(KEY, &enc)).is_err());
        assert!(TrustStore::from_json(b"{\"keys\":[]}").is_err());
    }
}
