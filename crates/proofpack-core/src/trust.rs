//! The trust store (spec §4): the verifier's input, never inside a pack.
//!
//! A store that does not parse or does not match the shape is an operational
//! error ([`TrustStoreError`], exit status 1), not a verdict.

use crate::findings::{Code, Findings};
use crate::manifest::Manifest;
use crate::messages::{message, quoted};
pub use crate::report::Policy;
use crate::report::TrustStoreInfo;
use ed25519_dalek::VerifyingKey;
use proofpack_spec::crypto;
use proofpack_spec::encoding::base64_strict;
use proofpack_spec::json::{self, Json};
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use sha2::{Digest as _, Sha256};
use std::collections::HashSet;

use proofpack_spec::vocab::policy_names as names;
use proofpack_spec::vocab::Alg;
pub use proofpack_spec::vocab::{Role, TRUST_FORMAT};

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

    /// Whether the key may sign at `at` (§15, §16, §20): within
    /// `[not_before, not_after]` and not revoked at or before it.
    pub fn valid_at(&self, at: time::OffsetDateTime) -> bool {
        self.not_before.as_ref().is_none_or(|t| t.instant() <= at)
            && self.not_after.as_ref().is_none_or(|t| at <= t.instant())
            && self.revoked_at.as_ref().is_none_or(|t| at < t.instant())
    }
}

/// A parsed, validated trust store, with its identity (where it was read
/// from, the SHA-256 of its bytes, its key count): the report's
/// `meta.trust_store` is taken from here, so no front end pairs the two.
#[derive(Debug, Clone)]
pub struct TrustStore {
    // The keys, `key_id`s unique.
    keys: Vec<TrustedKey>,
    identity: TrustStoreInfo,
}

/// Why a trust store is unusable: where it was read from, and what is
/// wrong. Its `Display` is the one wording every front end shows, `trust
/// store PATH: PROBLEM`, the path escaped for a terminal (a file name can
/// hold controls); a store parsed from bytes ([`TrustStore::from_json`]) has
/// no path, and says the problem alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustStoreError {
    path: Option<String>,
    problem: TrustStoreProblem,
}

impl TrustStoreError {
    /// The store's path as given, when it was read from a file.
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }

    /// What is wrong with it.
    pub fn problem(&self) -> &TrustStoreProblem {
        &self.problem
    }
}

impl std::fmt::Display for TrustStoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.path {
            Some(path) => write!(f, "trust store {}: {}", Untrusted(path), self.problem),
            None => self.problem.fmt(f),
        }
    }
}

impl std::error::Error for TrustStoreError {}

impl From<TrustStoreProblem> for TrustStoreError {
    fn from(problem: TrustStoreProblem) -> Self {
        TrustStoreError {
            path: None,
            problem,
        }
    }
}

/// What is wrong with a trust store.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrustStoreProblem {
    /// The file could not be read (what the operating system said).
    #[error("cannot read it: {0}")]
    Read(String),
    /// Not well-formed JSON.
    #[error("the trust store is not well-formed JSON: {0}")]
    Json(String),
    /// Wrong shape.
    #[error("the trust store does not match {TRUST_FORMAT}: {0}")]
    Schema(String),
    /// A `key_id` appears twice.
    #[error("the trust store repeats key_id {0:?}")]
    DuplicateKeyId(String),
}

impl TrustStore {
    /// Reads, parses and validates the trust store at `path` (§4); its
    /// identity records the path as given.
    pub fn load(path: &std::path::Path) -> Result<TrustStore, TrustStoreError> {
        let shown = path.display().to_string();
        let at_path = |problem| TrustStoreError {
            path: Some(shown.clone()),
            problem,
        };
        let bytes =
            std::fs::read(path).map_err(|e| at_path(TrustStoreProblem::Read(e.to_string())))?;
        let mut store = TrustStore::from_json(&bytes).map_err(|e| at_path(e.problem))?;
        store.identity.path = Some(shown);
        Ok(store)
    }

    /// The same store, its path shown as `name` in reports (`None`: no
    /// path), for a caller that must not disclose its own paths.
    #[must_use]
    pub fn shown_as(mut self, name: Option<String>) -> TrustStore {
        self.identity.path = name;
        self
    }

    /// Where the store came from, its SHA-256 and its key count.
    pub fn identity(&self) -> &TrustStoreInfo {
        &self.identity
    }

    /// The verifier's policy (§4).
    pub fn policy(&self) -> Policy {
        self.identity.policy
    }

    /// The keys, in the store's order, `key_id`s unique.
    pub fn keys(&self) -> &[TrustedKey] {
        &self.keys
    }

    /// The key with this `key_id`.
    pub fn key(&self, key_id: &str) -> Option<&TrustedKey> {
        self.keys.iter().find(|k| k.key_id == key_id)
    }

    /// Parses and validates a trust store (§4).
    pub fn from_json(bytes: &[u8]) -> Result<TrustStore, TrustStoreError> {
        let doc = json::parse(bytes).map_err(|e| TrustStoreProblem::Json(e.to_string()))?;
        let schema = |why: &str| TrustStoreError::from(TrustStoreProblem::Schema(why.to_owned()));
        let top = doc.as_object().ok_or_else(|| schema("not an object"))?;
        if top.get("format").and_then(Json::as_str) != Some(TRUST_FORMAT) {
            return Err(schema(&format!("`format` must be {TRUST_FORMAT:?}")));
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
                return Err(TrustStoreProblem::DuplicateKeyId(key.key_id).into());
            }
            keys.push(key);
        }
        let policy = match top.get(names::POLICY) {
            None | Some(Json::Null) => Policy::default(),
            Some(policy) => parse_policy(policy).map_err(|why| schema(&why))?,
        };
        let identity = TrustStoreInfo {
            path: None,
            sha256: proofpack_spec::encoding::hex(&Sha256::digest(bytes)),
            keys: keys.len(),
            policy,
        };
        Ok(TrustStore { keys, identity })
    }
}

/// §4's `policy`: a member absent or `null` takes its default; unlike other
/// objects it has no unknown members, since a rule the verifier cannot apply
/// would silently verify less than was asked.
fn parse_policy(value: &Json) -> Result<Policy, String> {
    let obj = value
        .as_object()
        .ok_or("`policy` must be an object or null")?;
    let mut policy = Policy::default();
    let flag = |name: &str, v: &Json| {
        v.as_bool()
            .ok_or(format!("`policy.{name}` must be a boolean"))
    };
    for (name, value) in obj.iter() {
        let known = names::ALL.contains(&name);
        if known && matches!(value, Json::Null) {
            continue;
        }
        match name {
            names::WITNESS_QUORUM => {
                policy.witness_quorum = value
                    .as_count()
                    .ok_or("`policy.witness_quorum` must be a count (a non-negative integer)")?;
            }
            names::SIGNED_RECEIPTS => policy.signed_receipts = flag(name, value)?,
            names::WITNESSED_DEADLINE => policy.witnessed_deadline = flag(name, value)?,
            names::SEALED_SIGNATURE => policy.sealed_signature = flag(name, value)?,
            other => {
                return Err(format!(
                    "`policy` has the member {other:?}, which this verifier cannot apply"
                ))
            }
        }
    }
    Ok(policy)
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
    if string("alg")?.parse::<Alg>().is_err() {
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
        .map(|r| r.as_str().and_then(|r| r.parse::<Role>().ok()))
        .collect::<Option<Vec<Role>>>()
        .ok_or_else(|| format!("`roles` holds an unknown role ({})", Role::names()))?;
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
        "alg": Alg::Ed25519.as_str(),
        "public_key": base64::engine::general_purpose::STANDARD.encode(key.public_key.as_bytes()),
        "owner": key.owner,
        "roles": key.roles.iter().map(|r| r.as_str()).collect::<Vec<_>>(),
        "not_before": time(&key.not_before),
        "not_after": time(&key.not_after),
        "revoked_at": time(&key.revoked_at),
    })
}

/// The fingerprint of a public key, as `proofpack trust list` shows it:
/// `SHA256:` followed by the lowercase hex of the SHA-256 of the key's 32
/// raw bytes (the bytes whose base64 is the entry's `public_key`).
///
/// It names a key in a form short enough to compare by eye or read out
/// over the phone; two entries with the same fingerprint hold the same key.
/// It is not the SHA-256 of the key's SubjectPublicKeyInfo DER, and not an
/// OpenSSH fingerprint (which is base64 of the hash of another encoding).
pub fn fingerprint(key: &VerifyingKey) -> String {
    use sha2::{Digest, Sha256};
    format!(
        "SHA256:{}",
        proofpack_spec::encoding::hex(&Sha256::digest(key.as_bytes()))
    )
}

/// One key of a trust store as a reviewer sees it.
#[derive(Debug, Clone, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct KeyView {
    /// `key_id`
    pub key_id: String,
    /// `owner`
    pub owner: String,
    /// `roles`
    pub roles: Vec<Role>,
    /// `not_before`, or unbounded.
    pub not_before: Option<String>,
    /// `not_after`, or unbounded.
    pub not_after: Option<String>,
    /// `revoked_at`, or never.
    pub revoked_at: Option<String>,
    /// [`fingerprint`] of the public key.
    pub fingerprint: String,
}

impl TrustedKey {
    /// The key as a reviewer sees it.
    pub fn view(&self) -> KeyView {
        let raw = |t: &Option<Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
        KeyView {
            key_id: self.key_id.clone(),
            owner: self.owner.clone(),
            roles: self.roles.clone(),
            not_before: raw(&self.not_before),
            not_after: raw(&self.not_after),
            revoked_at: raw(&self.revoked_at),
            fingerprint: fingerprint(&self.public_key),
        }
    }
}

/// What §4 established of the pack signature's key.
pub(crate) struct Checked<'t> {
    /// The key, when it is trusted for the signer at `signed_at` (no
    /// finding of effect `untrusted` about it).
    pub trusted: Option<&'t TrustedKey>,
    /// A revocation after `signed_at` left for the seal to judge (§22).
    pub revoked_later: Option<RevokedLater>,
}

/// §4: checks of the pack signature's key at the manifest's `signed_at`, and
/// segregation of duties; the signature itself is checked by
/// [`crate::signature::check`]. A revocation after `signed_at` is judged
/// here, as revision 2 did, unless `sealed` (a seal follows, whose sealed
/// time decides, §22): it is then returned, to be judged by
/// [`RevokedLater::judge`].
pub(crate) fn check<'t>(
    m: &Manifest,
    trust: Option<&'t TrustStore>,
    sealed: bool,
    findings: &mut Findings,
) -> Checked<'t> {
    let key = signing_key(m, trust, findings);
    // Without a key the result is `None` whatever else holds.
    let mut trusted = true;
    let mut revoked_later = None;
    if let Some(key) = key {
        let (for_signer, later) = check_key_for_signer(key, m, sealed, findings);
        trusted &= for_signer;
        revoked_later = later;
    }
    trusted &= check_separation_of_duties(m, key, findings);
    Checked {
        trusted: key.filter(|_| trusted),
        revoked_later,
    }
}

/// A DPO key revoked after the claimed `signed_at` (§4), to be judged
/// against the sealed time (§22).
#[derive(Debug, Clone)]
pub(crate) struct RevokedLater {
    key_id: String,
    revoked_at: Timestamp,
}

impl RevokedLater {
    /// §22: nothing when the sealed time is strictly before `revoked_at`
    /// (the signature provably existed before the revocation);
    /// `trust.key_revoked_before_seal` when it is at or after it;
    /// `trust.key_revoked_later` without a sealed time (`signed_at` is the
    /// signer's own word). Returns whether the key stays trusted.
    pub(crate) fn judge(
        &self,
        sealed_time: Option<time::OffsetDateTime>,
        findings: &mut Findings,
    ) -> bool {
        let (key_id, revoked) = (&self.key_id, &self.revoked_at);
        match sealed_time {
            Some(sealed) if sealed < revoked.instant() => true,
            Some(sealed) => {
                findings.add(
                    Code::TrustKeyRevokedBeforeSeal,
                    SIGNATURE_KEY_ID,
                    message!(
                        TrustKeyRevokedBeforeSeal,
                        key = quoted(key_id),
                        revoked = revoked.raw(),
                        sealed = proofpack_spec::timestamp::format_instant(sealed)
                    ),
                );
                false
            }
            None => {
                findings.add(
                    Code::TrustKeyRevokedLater,
                    SIGNATURE_KEY_ID,
                    message!(
                        TrustKeyRevokedLater,
                        key = quoted(key_id),
                        revoked = revoked.raw()
                    ),
                );
                true
            }
        }
    }
}

/// The manifest's key in the store: `trust.not_configured` without a store,
/// `trust.key_unknown` for a `key_id` it lacks.
fn signing_key<'t>(
    m: &Manifest,
    trust: Option<&'t TrustStore>,
    findings: &mut Findings,
) -> Option<&'t TrustedKey> {
    match (trust, &m.signature_key_id) {
        (None, _) => {
            findings.add(
                Code::TrustNotConfigured,
                crate::signature::SIGNATURE,
                message!(TrustNotConfigured),
            );
            None
        }
        (Some(_), None) => None,
        (Some(store), Some(id)) => {
            let key = store.key(id);
            if key.is_none() {
                findings.add(
                    Code::TrustKeyUnknown,
                    SIGNATURE_KEY_ID,
                    message!(TrustKeyUnknown, key = quoted(id)),
                );
            }
            key
        }
    }
}

/// Where trust findings about the signing key are reported.
const SIGNATURE_KEY_ID: &str = "manifest.json#/signature_key_id";

/// Whether `key` is trusted for the manifest's signer at `signed_at`: valid
/// then, not revoked before, with the `dpo` role, owned by the signer; and
/// its revocation after `signed_at`, if any.
fn check_key_for_signer(
    key: &TrustedKey,
    m: &Manifest,
    sealed: bool,
    findings: &mut Findings,
) -> (bool, Option<RevokedLater>) {
    // No signing time: nothing to judge the key at.
    let (mut trusted, revoked_later) = match &m.signed_at {
        Some(signed) => check_key_at(key, signed, sealed, findings),
        None => (false, None),
    };
    if !key.has_role(Role::Dpo) {
        trusted = false;
        findings.add(
            Code::TrustRoleMissing,
            SIGNATURE_KEY_ID,
            message!(TrustRoleMissing, key = quoted(&key.key_id)),
        );
    }
    // Without a readable `signer` (a schema finding) the key is not trusted
    // *for the signer*, though no trust finding is due.
    trusted &= m.signer.is_some();
    if m.signer.as_deref().is_some_and(|s| s != key.owner) {
        trusted = false;
        findings.add(
            Code::TrustSignerMismatch,
            "manifest.json#/signer",
            message!(TrustSignerMismatch, owner = quoted(&key.owner)),
        );
    }
    (trusted, revoked_later)
}

/// The key's validity window and revocation at the claimed `signed_at`;
/// a revocation after it is judged at once, or returned when `sealed`, for
/// the seal to judge (§22).
fn check_key_at(
    key: &TrustedKey,
    signed: &Timestamp,
    sealed: bool,
    findings: &mut Findings,
) -> (bool, Option<RevokedLater>) {
    let mut trusted = true;
    let before = key
        .not_before
        .as_ref()
        .is_some_and(|nb| signed.instant() < nb.instant());
    let after = key
        .not_after
        .as_ref()
        .is_some_and(|na| signed.instant() > na.instant());
    if before || after {
        trusted = false;
        findings.add(
            Code::TrustKeyNotValidAtSigning,
            SIGNATURE_KEY_ID,
            message!(
                TrustKeyNotValid,
                key = quoted(&key.key_id),
                signed = signed.raw()
            ),
        );
    }
    let mut revoked_later = None;
    if let Some(revoked) = &key.revoked_at {
        if revoked.instant() <= signed.instant() {
            trusted = false;
            findings.add(
                Code::TrustKeyRevoked,
                SIGNATURE_KEY_ID,
                message!(
                    TrustKeyRevoked,
                    key = quoted(&key.key_id),
                    revoked = revoked.raw()
                ),
            );
        } else {
            let later = RevokedLater {
                key_id: key.key_id.clone(),
                revoked_at: revoked.clone(),
            };
            if sealed {
                revoked_later = Some(later);
            } else {
                later.judge(None, findings);
            }
        }
    }
    (trusted, revoked_later)
}

/// §4 separation of duties: whoever ran the cascade does not sign it.
fn check_separation_of_duties(
    m: &Manifest,
    key: Option<&TrustedKey>,
    findings: &mut Findings,
) -> bool {
    let Some(runner) = &m.cascade_runner else {
        return true;
    };
    let signer_runs = m.signer.as_ref() == Some(runner);
    let owner_runs = key.is_some_and(|k| &k.owner == runner);
    if signer_runs || owner_runs {
        findings.add(
            Code::SodSignerIsRunner,
            "manifest.json#/cascade_runner",
            message!(SodSignerIsRunner),
        );
        return false;
    }
    true
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
    fn fingerprint_is_sha256_of_the_raw_key() {
        use base64::Engine;
        use sha2::{Digest, Sha256};
        let raw = base64::engine::general_purpose::STANDARD
            .decode(KEY)
            .expect("base64");
        let key = crypto::parse_public_key(&raw).expect("a key");
        let expected = format!(
            "SHA256:{}",
            proofpack_spec::encoding::hex(&Sha256::digest(&raw))
        );
        assert_eq!(fingerprint(&key), expected);
        assert_eq!(fingerprint(&key).len(), "SHA256:".len() + 64);
        assert!(fingerprint(&key)[7..]
            .chars()
            .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)));
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
            Err(e) if matches!(e.problem(), TrustStoreProblem::DuplicateKeyId(_))
        ));
        assert!(matches!(
            // a repeated member name is not well-formed JSON (§0)
            store(&entry("a", r#","roles":["dpo"]"#)),
            Err(e) if matches!(e.problem(), TrustStoreProblem::Json(_))
        ));
        assert!(matches!(
            store(&entry("a", "").replace(r#"["dpo"]"#, r#"["root"]"#)),
            Err(e) if matches!(e.problem(), TrustStoreProblem::Schema(_))
        ));
        assert!(matches!(
            store(&entry("a", "").replace("ed25519", "p256")),
            Err(e) if matches!(e.problem(), TrustStoreProblem::Schema(_))
        ));
        assert!(matches!(
            store(&entry("a", r#","not_after":"tomorrow""#)),
            Err(e) if matches!(e.problem(), TrustStoreProblem::Schema(_))
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

    fn with_policy(policy: &str) -> Result<TrustStore, TrustStoreError> {
        TrustStore::from_json(
            format!(r#"{{"format":"proof-pack-trust/v1","policy":{policy},"keys":[]}}"#).as_bytes(),
        )
    }

    #[test]
    fn policy_members_take_their_defaults_and_nothing_unknown() {
        let p = |s: &str| with_policy(s).map(|t| t.policy());
        assert_eq!(p("null"), Ok(Policy::default()));
        assert_eq!(p("{}"), Ok(Policy::default()));
        assert_eq!(
            p(r#"{"witness_quorum":2,"signed_receipts":null}"#),
            Ok(Policy {
                witness_quorum: 2,
                ..Policy::default()
            })
        );
        assert_eq!(
            p(r#"{"signed_receipts":true}"#),
            Ok(Policy {
                signed_receipts: true,
                ..Policy::default()
            })
        );
        assert_eq!(
            p(r#"{"witnessed_deadline":true,"sealed_signature":null}"#),
            Ok(Policy {
                witnessed_deadline: true,
                ..Policy::default()
            })
        );
        assert_eq!(
            p(r#"{"sealed_signature":true,"witnessed_deadline":false}"#),
            Ok(Policy {
                sealed_signature: true,
                ..Policy::default()
            })
        );
        for bad in [
            r#"{"witness_quorum":-1}"#,
            r#"{"witness_quorum":1.5}"#,
            r#"{"witness_quorum":"2"}"#,
            r#"{"signed_receipts":"yes"}"#,
            r#"{"witnessed_deadline":1}"#,
            r#"{"sealed_signature":"true"}"#,
            r#"{"max_age":30}"#,
            r#"{"max_age":null}"#,
            "[]",
            "true",
        ] {
            assert!(
                matches!(p(bad), Err(e) if matches!(e.problem(), TrustStoreProblem::Schema(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn revision_2_roles_are_known() {
        for role in ["witness", "subprocessor", "verifier"] {
            let s = store(&entry("a", "").replace(r#"["dpo"]"#, &format!(r#"["{role}"]"#)));
            assert!(s.is_ok(), "{role}");
        }
    }
}
