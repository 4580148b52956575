//! The token file: who may read which tenants' packs.
//!
//! A token is 32 random bytes from the OS, written URL-safe base64 without
//! padding (43 characters). It is shown once, when it is made; the file keeps
//! only its SHA-256, with the holder's id, tenants and expiry. A presented
//! token is hashed and compared in constant time with every stored hash (all
//! of them, whatever matches), so neither the answer's timing nor the file
//! gives a token away.

use crate::PortalError;
use base64::Engine;
use proofpack_files::{write_atomic, Access, Existing, FileError};
use proofpack_spec::timestamp::Timestamp;
use rand_core::{OsRng, RngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, Mutex};
use subtle::ConstantTimeEq;
use time::OffsetDateTime;

/// The `format` of a token file.
pub const TOKENS_FORMAT: &str = "proofpack-portal-tokens/v1";

/// The longest token id, tenant id or folder name the portal accepts.
pub const MAX_NAME_LEN: usize = 128;

/// One token as the file stores it: never the token itself.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TokenEntry {
    /// Who holds it (shown in the access log instead of the token).
    pub id: String,
    /// SHA-256 of the token's text, lowercase hex.
    pub sha256: String,
    /// The tenants whose packs it may read.
    pub tenants: Vec<String>,
    /// When it was made (RFC 3339, UTC).
    pub created_at: String,
    /// After this instant it is refused (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_after: Option<String>,
    /// When it was revoked: it is refused from then on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_at: Option<String>,
}

/// What `token list` shows of a token: everything but its hash.
#[derive(Debug, Clone, Serialize)]
pub struct TokenView {
    /// Who holds it.
    pub id: String,
    /// The tenants it may read.
    pub tenants: Vec<String>,
    /// When it was made.
    pub created_at: String,
    /// Its expiry, if any.
    pub not_after: Option<String>,
    /// When it was revoked, if it was.
    pub revoked_at: Option<String>,
}

/// The token file's document.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TokenFile {
    /// Always [`TOKENS_FORMAT`].
    pub format: String,
    /// Every token made, revoked ones included (their ids stay taken).
    pub tokens: Vec<TokenEntry>,
}

/// A token that was just made: its text, shown once, and whether its
/// expiry is already past (accepted, with a warning).
#[derive(Debug)]
pub struct NewToken {
    /// The token's text (43 URL-safe characters).
    pub token: String,
    /// The `--not-after` given is not in the future.
    pub already_expired: bool,
}

fn now_rfc3339() -> String {
    Timestamp::now().raw().to_owned()
}

fn parse_time(text: &str) -> Result<OffsetDateTime, PortalError> {
    text.parse::<Timestamp>()
        .map(|t| t.instant())
        .map_err(|e| PortalError::Invalid(e.to_string()))
}

/// Whether `name` may be a token id or a tenant (folder) name: 1 to
/// [`MAX_NAME_LEN`] ASCII letters, digits, `.`, `_`, `-` or `@`, and not `.`
/// or `..`. This keeps them safe in a path and in a log line.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && name != "."
        && name != ".."
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'@'))
}

fn sha256_hex(bytes: &[u8]) -> String {
    proofpack_spec::encoding::hex(&Sha256::digest(bytes))
}

impl TokenFile {
    /// An empty token file.
    pub fn new() -> Self {
        TokenFile {
            format: TOKENS_FORMAT.to_owned(),
            tokens: Vec::new(),
        }
    }

    /// Parses a token file and checks its shape.
    pub fn from_json(bytes: &[u8]) -> Result<Self, PortalError> {
        let file: TokenFile = serde_json::from_slice(bytes)
            .map_err(|e| PortalError::Invalid(format!("not a token file: {e}")))?;
        if file.format != TOKENS_FORMAT {
            return Err(PortalError::Invalid(format!(
                "format is {:?}, not {TOKENS_FORMAT:?}",
                file.format
            )));
        }
        for entry in &file.tokens {
            entry.check()?;
        }
        Ok(file)
    }

    /// Reads the token file at `path`.
    pub fn open(path: &Path) -> Result<Self, PortalError> {
        let bytes = std::fs::read(path).map_err(|e| PortalError::io(path, e))?;
        Self::from_json(&bytes)
            .map_err(|e| PortalError::Invalid(format!("{}: {e}", path.display())))
    }

    /// Reads the token file at `path`, or an empty one if there is none.
    pub fn open_or_new(path: &Path) -> Result<Self, PortalError> {
        match std::fs::symlink_metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Self::new()),
            _ => Self::open(path),
        }
    }

    /// Writes the file whole or not at all, durably, replacing the one
    /// there; readable and writable by its owner only (mode 0600) from its
    /// first byte, so the hashes are never readable by others, not even for
    /// an instant.
    pub fn save(&self, path: &Path) -> Result<(), PortalError> {
        let mut text =
            serde_json::to_string_pretty(self).map_err(|e| PortalError::Invalid(e.to_string()))?;
        text.push('\n');
        write_atomic(path, text.as_bytes(), Existing::Replace, Access::OwnerOnly).map_err(|e| {
            match e {
                FileError::Io { path, source } | FileError::Exists { path, source } => {
                    PortalError::io(path, source)
                }
                e @ FileError::Key { .. } => PortalError::Invalid(e.to_string()),
            }
        })
    }

    /// Makes a token for `id` reading `tenants`, valid until `not_after`.
    /// A duplicate id (revoked ones included) is refused.
    pub fn add(
        &mut self,
        id: &str,
        tenants: &[String],
        not_after: Option<&str>,
    ) -> Result<NewToken, PortalError> {
        if !valid_name(id) {
            return Err(PortalError::Invalid(format!(
                "token id {id:?}: use 1 to {MAX_NAME_LEN} letters, digits, '.', '_', '-' or '@'"
            )));
        }
        if self.tokens.iter().any(|t| t.id == id) {
            return Err(PortalError::Invalid(format!(
                "a token with id {id:?} exists already (ids are never reused, even revoked)"
            )));
        }
        if tenants.is_empty() {
            return Err(PortalError::Invalid(
                "a token needs at least one --tenant".to_owned(),
            ));
        }
        let mut unique = BTreeSet::new();
        for tenant in tenants {
            if !valid_name(tenant) {
                return Err(PortalError::Invalid(format!(
                    "tenant {tenant:?}: use 1 to {MAX_NAME_LEN} letters, digits, '.', '_', '-' or '@'"
                )));
            }
            unique.insert(tenant.clone());
        }
        let already_expired = match not_after {
            Some(text) => parse_time(text)? <= OffsetDateTime::now_utc(),
            None => false,
        };
        let mut secret = [0u8; 32];
        OsRng
            .try_fill_bytes(&mut secret)
            .map_err(|e| PortalError::Invalid(format!("no OS randomness: {e}")))?;
        let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(secret);
        self.tokens.push(TokenEntry {
            id: id.to_owned(),
            sha256: sha256_hex(token.as_bytes()),
            tenants: unique.into_iter().collect(),
            created_at: now_rfc3339(),
            not_after: not_after.map(str::to_owned),
            revoked_at: None,
        });
        Ok(NewToken {
            token,
            already_expired,
        })
    }

    /// Revokes the token `id` now. Returns false if it was revoked already
    /// (the first revocation is kept).
    pub fn revoke(&mut self, id: &str) -> Result<bool, PortalError> {
        let entry = self
            .tokens
            .iter_mut()
            .find(|t| t.id == id)
            .ok_or_else(|| PortalError::Invalid(format!("no token with id {id:?}")))?;
        if entry.revoked_at.is_some() {
            return Ok(false);
        }
        entry.revoked_at = Some(now_rfc3339());
        Ok(true)
    }

    /// Every token, without its hash.
    pub fn views(&self) -> Vec<TokenView> {
        self.tokens
            .iter()
            .map(|t| TokenView {
                id: t.id.clone(),
                tenants: t.tenants.clone(),
                created_at: t.created_at.clone(),
                not_after: t.not_after.clone(),
                revoked_at: t.revoked_at.clone(),
            })
            .collect()
    }
}

impl Default for TokenFile {
    fn default() -> Self {
        Self::new()
    }
}

impl TokenEntry {
    fn check(&self) -> Result<(), PortalError> {
        let bad = |what: &str| {
            Err(PortalError::Invalid(format!(
                "token {:?}: {what}",
                self.id.escape_debug().to_string()
            )))
        };
        if !valid_name(&self.id) {
            return bad("the id is not a valid name");
        }
        if self.sha256.len() != 64
            || !self
                .sha256
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            return bad("sha256 is not 64 lowercase hex digits");
        }
        if self.tenants.is_empty() || !self.tenants.iter().all(|t| valid_name(t)) {
            return bad("tenants must be a non-empty list of valid names");
        }
        for time in [&self.not_after, &self.revoked_at].into_iter().flatten() {
            parse_time(time)?;
        }
        parse_time(&self.created_at)?;
        Ok(())
    }
}

/// Who a valid token belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    /// The token's id.
    pub id: String,
    /// The tenants it may read.
    pub tenants: BTreeSet<String>,
}

/// Why a presented token is refused (each is a 401; only the access log
/// says which).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// No `Authorization: Bearer` header, or a malformed one.
    Missing,
    /// No stored hash matches.
    Unknown,
    /// Past its `not_after`.
    Expired,
    /// Revoked.
    Revoked,
}

struct Credential {
    hash: [u8; 32],
    principal: Arc<Principal>,
    not_after: Option<OffsetDateTime>,
    revoked_at: Option<OffsetDateTime>,
}

/// The tokens of a file, ready to check presented tokens against.
#[derive(Default)]
pub struct TokenSet {
    credentials: Vec<Credential>,
}

impl TokenSet {
    /// The tokens of `file`.
    pub fn of(file: &TokenFile) -> Result<Self, PortalError> {
        let mut credentials = Vec::with_capacity(file.tokens.len());
        for entry in &file.tokens {
            entry.check()?;
            let mut hash = [0u8; 32];
            for (byte, pair) in hash.iter_mut().zip(entry.sha256.as_bytes().chunks(2)) {
                // `check` made sure these are 64 lowercase hex digits.
                let text = std::str::from_utf8(pair).unwrap_or_default();
                *byte = u8::from_str_radix(text, 16)
                    .map_err(|e| PortalError::Invalid(format!("token {}: {e}", entry.id)))?;
            }
            credentials.push(Credential {
                hash,
                principal: Arc::new(Principal {
                    id: entry.id.clone(),
                    tenants: entry.tenants.iter().cloned().collect(),
                }),
                not_after: entry.not_after.as_deref().map(parse_time).transpose()?,
                revoked_at: entry.revoked_at.as_deref().map(parse_time).transpose()?,
            });
        }
        Ok(TokenSet { credentials })
    }

    /// Checks a presented token at `now`. Every stored hash is compared,
    /// in constant time, whatever matched before.
    pub fn authenticate(
        &self,
        token: &str,
        now: OffsetDateTime,
    ) -> Result<Arc<Principal>, Refusal> {
        let presented: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        let mut found = None;
        for credential in &self.credentials {
            if bool::from(credential.hash.ct_eq(&presented)) {
                found = Some(credential);
            }
        }
        let credential = found.ok_or(Refusal::Unknown)?;
        if credential.revoked_at.is_some_and(|at| at <= now) {
            return Err(Refusal::Revoked);
        }
        if credential.not_after.is_some_and(|at| now > at) {
            return Err(Refusal::Expired);
        }
        Ok(Arc::clone(&credential.principal))
    }
}

/// What identifies a version of the token file on disk: a rename (how the
/// file is always written) changes the inode; an edit in place changes the
/// modification time or the length.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    modified: Option<std::time::SystemTime>,
    len: u64,
    inode: u64,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0;
    Some(Stamp {
        modified: meta.modified().ok(),
        len: meta.len(),
        inode,
    })
}

/// The token file as the server sees it: re-read whenever it changed.
///
/// Each request looks at the file's metadata (one `stat`, microseconds) and
/// re-reads it if its inode, length or modification time changed, so a
/// revocation takes effect on the very next request, with no restart, no
/// polling thread and no file-watching crate. A file that cannot be read or
/// parsed refuses every token until it is fixed (fail closed).
pub struct TokenSource {
    path: std::path::PathBuf,
    current: Mutex<(Option<Stamp>, Arc<TokenSet>)>,
    on_error: Box<dyn Fn(&str) + Send + Sync>,
}

impl TokenSource {
    /// Reads the token file at `path`; it must exist and be valid.
    /// `on_error` is told when a later version cannot be used.
    pub fn open(
        path: &Path,
        on_error: Box<dyn Fn(&str) + Send + Sync>,
    ) -> Result<Self, PortalError> {
        let before = stamp(path);
        let set = TokenSet::of(&TokenFile::open(path)?)?;
        Ok(TokenSource {
            path: path.to_path_buf(),
            current: Mutex::new((before, Arc::new(set))),
            on_error,
        })
    }

    /// The tokens now in force.
    pub fn current(&self) -> Arc<TokenSet> {
        let now = stamp(&self.path);
        let mut current = match self.current.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        if current.0 != now {
            let set = match TokenFile::open(&self.path).and_then(|f| TokenSet::of(&f)) {
                Ok(set) => set,
                Err(e) => {
                    (self.on_error)(&e.to_string());
                    TokenSet::default()
                }
            };
            *current = (now, Arc::new(set));
        }
        Arc::clone(&current.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> OffsetDateTime {
        parse_time(text).unwrap()
    }

    #[test]
    fn a_token_is_256_bits_url_safe_and_only_its_hash_is_kept() {
        let mut file = TokenFile::new();
        let new = file.add("auditor-1", &["ten_a".to_owned()], None).unwrap();
        assert_eq!(new.token.len(), 43);
        assert!(new
            .token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let text = serde_json::to_string(&file).unwrap();
        assert!(!text.contains(&new.token));
        assert!(!serde_json::to_string(&file.views())
            .unwrap()
            .contains(&file.tokens[0].sha256));
        let set = TokenSet::of(&file).unwrap();
        let who = set
            .authenticate(&new.token, OffsetDateTime::now_utc())
            .unwrap();
        assert_eq!(who.id, "auditor-1");
        assert_eq!(
            set.authenticate("x", OffsetDateTime::now_utc()),
            Err(Refusal::Unknown)
        );
    }

    #[test]
    fn duplicate_ids_and_bad_names_are_refused_and_past_expiry_is_flagged() {
        let mut file = TokenFile::new();
        let tenants = ["t1".to_owned()];
        assert!(!file.add("a", &tenants, None).unwrap().already_expired);
        assert!(file.add("a", &tenants, None).is_err());
        assert!(file.add("../x", &tenants, None).is_err());
        assert!(file.add("b", &["..".to_owned()], None).is_err());
        assert!(file.add("c", &[], None).is_err());
        assert!(file.add("d", &tenants, Some("yesterday")).is_err());
        let past = file
            .add("e", &tenants, Some("2001-01-01T00:00:00Z"))
            .unwrap();
        assert!(past.already_expired);
        assert_eq!(file.tokens.len(), 2);
    }

    #[test]
    fn expired_and_revoked_tokens_are_refused() {
        let mut file = TokenFile::new();
        let tenants = ["t1".to_owned()];
        let expiring = file
            .add("exp", &tenants, Some("2030-01-01T00:00:00Z"))
            .unwrap()
            .token;
        let revoked = file.add("rev", &tenants, None).unwrap().token;
        assert!(file.revoke("rev").unwrap());
        assert!(!file.revoke("rev").unwrap());
        assert!(file.revoke("nobody").is_err());
        let set = TokenSet::of(&file).unwrap();
        assert!(set
            .authenticate(&expiring, at("2029-12-31T23:59:59Z"))
            .is_ok());
        assert_eq!(
            set.authenticate(&expiring, at("2030-01-01T00:00:01Z")),
            Err(Refusal::Expired)
        );
        assert_eq!(
            set.authenticate(&revoked, OffsetDateTime::now_utc()),
            Err(Refusal::Revoked)
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_written_with_mode_0600_and_reloaded_when_it_changes() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tokens.json");
        let mut file = TokenFile::open_or_new(&path).unwrap();
        let token = file.add("a", &["t1".to_owned()], None).unwrap().token;
        file.save(&path).unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let source = TokenSource::open(&path, Box::new(|_| {})).unwrap();
        let now = OffsetDateTime::now_utc();
        assert!(source.current().authenticate(&token, now).is_ok());
        let mut file = TokenFile::open(&path).unwrap();
        file.revoke("a").unwrap();
        file.save(&path).unwrap();
        assert_eq!(
            source.current().authenticate(&token, now),
            Err(Refusal::Revoked)
        );
        std::fs::write(&path, b"not json").unwrap();
        assert_eq!(
            source.current().authenticate(&token, now),
            Err(Refusal::Unknown)
        );
    }
}
