//! The audit log and its witness (spec §10).
//!
//! [`AuditLog`] is an append-only RFC 9162 Merkle tree log whose leaves are
//! UTF-8 JSON objects `{"seq", "ts", "event_class", ...clear members, "_sd"}`.
//! Personal fields are never in a leaf in clear: each becomes an SD-JWT
//! disclosure (RFC 9901) `base64url([salt, field_name, value])` whose digest
//! `base64url(SHA-256(disclosure))` is listed in the leaf's `_sd`. Redaction
//! ([`AuditLog::redact`]) deletes disclosures and leaves every leaf, and so
//! the tree and every checkpoint, unchanged. [`AuditLog::witness`] writes
//! `audit-log-redaction.json`.
//!
//! ```
//! use proofpack_producer::{AuditLog, LogEntry, SeededSalts, Step, StatusKind, WitnessSpec};
//! use ed25519_dalek::SigningKey;
//! use serde_json::json;
//!
//! let origin = "audit.example.com/ten_0440";
//! let key = SigningKey::from_bytes(&[7; 32]);
//! let mut log = AuditLog::with_salts(origin, Box::new(SeededSalts::new([1; 32])))?;
//! log.append(
//!     LogEntry::new("2026-04-20T09:00:00Z", "login")
//!         .with_disclosable("subject_email", json!("alice@example.com")),
//! )?;
//! let before = log.checkpoint(log.size(), origin, &key)?;
//! log.log_request_accepted("2026-04-20T09:11:00Z", "req-001928")?;
//! log.log_step("2026-04-22T15:30:00Z", "req-001928", Step::AuditLog, StatusKind::Ok)?;
//! log.redact(0, &["subject_email"])?;
//! let after = log.checkpoint(log.size(), origin, &key)?;
//! let spec = WitnessSpec {
//!     before_checkpoint: before,
//!     after_checkpoint: after,
//!     entries: vec![0, 1, 2],
//!     pii_fields: vec!["subject_email".to_owned()],
//! };
//! assert_eq!(log.unredacted_pii_count(&spec.entries, &spec.pii_fields), 0);
//! let bytes = log.witness(&spec)?;
//! # let _ = bytes;
//! # Ok::<(), proofpack_producer::ProducerError>(())
//! ```

use super::error::ProducerError;
use super::records::{StatusKind, Step, StepRecord};
use super::{check_depth, document, nonempty, timestamp};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use ed25519_dalek::SigningKey;
use proofpack_spec::checkpoint::{
    checkpoint_body, parse_checkpoint, parse_signed_note, sign_note, Checkpoint,
};
use proofpack_spec::json::MAX_COUNT;
use proofpack_spec::merkle::{Hash, MerkleTree};
use proofpack_spec::vocab::EventClass;
use rand_core::{OsRng, RngCore as _};
use serde_json::{json, Map, Value};
use sha2::{Digest as _, Sha256};
use std::collections::BTreeSet;
use std::fmt;

/// `event_class` of the entry logging that an erasure request was accepted
/// (the verifier looks for it with the pack's `request_id`).
pub const EVENT_REQUEST_ACCEPTED: &str = EventClass::ErasureRequestAccepted.as_str();

/// `event_class` of the entry logging one cascade step (the verifier looks
/// for one per `steps.jsonl` record, with the same `request_id`, `step` and
/// `status`).
pub const EVENT_STEP: &str = EventClass::ErasureStep.as_str();

/// Leaf members this library writes itself; no clear or disclosable field
/// may take these names.
const RESERVED: &[&str] = &["seq", "ts", "event_class", "_sd", "..."];

/// Where the 128-bit disclosure salts come from.
///
/// A salt must be unpredictable for a disclosure digest to hide its value
/// ([`OsSalts`]); [`SeededSalts`] is for reproducible sample packs only.
pub trait SaltSource: Send {
    /// The next 16-byte salt.
    fn next_salt(&mut self) -> Result<[u8; 16], ProducerError>;
}

/// Salts from the operating system's random generator
/// ([`rand_core::OsRng`]): the default, and the only choice for real data.
#[derive(Debug, Clone, Copy, Default)]
pub struct OsSalts;

impl SaltSource for OsSalts {
    fn next_salt(&mut self) -> Result<[u8; 16], ProducerError> {
        let mut salt = [0u8; 16];
        OsRng
            .try_fill_bytes(&mut salt)
            .map_err(|e| ProducerError::Randomness(e.to_string()))?;
        Ok(salt)
    }
}

/// Deterministic salts for reproducible sample packs and tests: the n-th
/// salt (n = 0, 1, ...) is the first 16 bytes of
/// `SHA-256(seed || n as 8-byte big-endian)`.
///
/// Anyone who knows the seed can recompute every salt, and so test guesses
/// of a redacted value against its digest: never use it for real personal
/// data.
#[derive(Clone)]
pub struct SeededSalts {
    seed: [u8; 32],
    counter: u64,
}

impl SeededSalts {
    /// A salt sequence determined by `seed`.
    #[must_use]
    pub fn new(seed: [u8; 32]) -> Self {
        SeededSalts { seed, counter: 0 }
    }
}

impl fmt::Debug for SeededSalts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeededSalts")
            .field("counter", &self.counter)
            .finish_non_exhaustive()
    }
}

impl SaltSource for SeededSalts {
    fn next_salt(&mut self) -> Result<[u8; 16], ProducerError> {
        let digest: [u8; 32] = Sha256::new()
            .chain_update(self.seed)
            .chain_update(self.counter.to_be_bytes())
            .finalize()
            .into();
        self.counter = self.counter.wrapping_add(1);
        let (salt, _) = digest
            .split_first_chunk::<16>()
            .ok_or_else(|| ProducerError::Randomness("a SHA-256 digest is 32 bytes".to_owned()))?;
        Ok(*salt)
    }
}

/// One event to append to the log.
///
/// `clear` members are written into the leaf as they are and can never be
/// redacted: only non-personal values (`request_id`, `step`, `status`, ...)
/// belong there. Every personal field goes in `disclosable`.
#[derive(Debug, Clone, PartialEq)]
pub struct LogEntry {
    /// When the event happened (§0 timestamp).
    pub ts: String,
    /// The kind of event (non-empty).
    pub event_class: String,
    /// Non-personal members written in clear, in this order, after
    /// `event_class`.
    pub clear: Vec<(String, Value)>,
    /// Personal fields, each written as an SD-JWT disclosure.
    pub disclosable: Vec<(String, Value)>,
}

impl LogEntry {
    /// An entry with no members beyond `ts` and `event_class`.
    #[must_use]
    pub fn new(ts: impl Into<String>, event_class: impl Into<String>) -> Self {
        LogEntry {
            ts: ts.into(),
            event_class: event_class.into(),
            clear: Vec::new(),
            disclosable: Vec::new(),
        }
    }

    /// The entry logging that the erasure request `request_id` was accepted
    /// (`event_class` [`EVENT_REQUEST_ACCEPTED`], clear `request_id`).
    #[must_use]
    pub fn request_accepted(ts: impl Into<String>, request_id: &str) -> Self {
        LogEntry::new(ts, EVENT_REQUEST_ACCEPTED).with_clear("request_id", json!(request_id))
    }

    /// The entry logging a cascade step (`event_class` [`EVENT_STEP`], clear
    /// `request_id`, `step` and `status`, as the verifier matches them).
    #[must_use]
    pub fn step(ts: impl Into<String>, request_id: &str, step: Step, status: StatusKind) -> Self {
        LogEntry::new(ts, EVENT_STEP)
            .with_clear("request_id", json!(request_id))
            .with_clear("step", json!(step.as_str()))
            .with_clear("status", json!(status.as_str()))
    }

    /// Adds a non-personal member written in clear.
    #[must_use]
    pub fn with_clear(mut self, name: impl Into<String>, value: Value) -> Self {
        self.clear.push((name.into(), value));
        self
    }

    /// Adds a personal field, written as a disclosure.
    #[must_use]
    pub fn with_disclosable(mut self, name: impl Into<String>, value: Value) -> Self {
        self.disclosable.push((name.into(), value));
        self
    }
}

/// One disclosure of a stored entry.
#[derive(Debug, Clone)]
struct Disclosure {
    field: String,
    encoded: String,
}

/// An appended entry: its fixed leaf bytes and its remaining disclosures.
#[derive(Debug, Clone)]
struct Stored {
    leaf: Vec<u8>,
    /// Top-level member names of the leaf, in order.
    members: Vec<String>,
    /// The clear members (to find an entry by `request_id`).
    clear: Vec<(String, Value)>,
    disclosures: Vec<Disclosure>,
}

impl Stored {
    /// Checks and indexes an entry a store kept (see [`AuditLog::restore`]).
    fn from_kept(index: u64, kept: KeptEntry) -> Result<Self, ProducerError> {
        let bad = |reason: &str| ProducerError::KeptEntry {
            index,
            reason: reason.to_owned(),
        };
        let Ok(Value::Object(leaf)) = serde_json::from_slice::<Value>(&kept.leaf) else {
            return Err(bad("the leaf is not a JSON object"));
        };
        if leaf.get("seq").and_then(Value::as_u64) != Some(index) {
            return Err(bad("the leaf's seq is not its index"));
        }
        let digests: BTreeSet<&str> = match leaf.get("_sd") {
            Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
            _ => return Err(bad("the leaf has no _sd list")),
        };
        let mut disclosures = Vec::with_capacity(kept.disclosures.len());
        for encoded in kept.disclosures {
            let field =
                disclosed_field(&encoded).ok_or_else(|| bad("a disclosure is malformed"))?;
            if !digests.contains(b64url(&Sha256::digest(encoded.as_bytes())).as_str()) {
                return Err(bad("a disclosure's digest is not in the leaf's _sd"));
            }
            disclosures.push(Disclosure { field, encoded });
        }
        let clear = leaf
            .iter()
            .filter(|(name, _)| !RESERVED.contains(&name.as_str()))
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        Ok(Stored {
            members: leaf.keys().cloned().collect(),
            leaf: kept.leaf,
            clear,
            disclosures,
        })
    }
}

/// The field name of an SD-JWT disclosure `base64url([salt, name, value])`,
/// or `None` if it is not one.
///
/// ```
/// use proofpack_producer::{disclosed_field, AuditLog, LogEntry};
/// use serde_json::json;
///
/// let mut log = AuditLog::new("audit.example.com/t1")?;
/// let index = log.append(
///     LogEntry::new("2026-04-20T09:00:00Z", "login").with_disclosable("ip_address", json!("192.0.2.1")),
/// )?;
/// let disclosures = log.disclosures(index).unwrap_or_default();
/// assert_eq!(disclosed_field(disclosures[0]).as_deref(), Some("ip_address"));
/// assert_eq!(disclosed_field("not base64url JSON"), None);
/// # Ok::<(), proofpack_producer::ProducerError>(())
/// ```
#[must_use]
pub fn disclosed_field(encoded: &str) -> Option<String> {
    let bytes = URL_SAFE_NO_PAD.decode(encoded).ok()?;
    match serde_json::from_slice::<Value>(&bytes).ok()? {
        Value::Array(items) if items.len() == 3 => items.get(1)?.as_str().map(str::to_owned),
        _ => None,
    }
}

/// What a witness is made of.
///
/// The tree sizes are those the two checkpoints name: give the log's own
/// checkpoints ([`AuditLog::checkpoint`], or the notes the log operator
/// published) and the sizes, roots and origin cannot disagree with them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WitnessSpec {
    /// The signed checkpoint taken before the erasure (`checkpoint_before`);
    /// its size must be at least 1.
    pub before_checkpoint: String,
    /// The signed checkpoint taken after it (`checkpoint_after`), of a size
    /// at least the before-checkpoint's.
    pub after_checkpoint: String,
    /// The 0-based indexes of the entries to include, each below the
    /// after-checkpoint's size (written in ascending order; no repeats).
    pub entries: Vec<u64>,
    /// The field names that hold personal data (`pii_fields`; non-empty
    /// names, no repeats).
    pub pii_fields: Vec<String>,
}

/// A new entry as [`AuditLog::append_with`] hands it to a store: what the
/// store must keep for [`AuditLog::restore`] to rebuild the entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppendedEntry<'a> {
    /// Its 0-based index (its leaf's `seq`).
    pub index: u64,
    /// Its leaf bytes, fixed for ever.
    pub leaf: &'a [u8],
    /// Its disclosures, in the order they were made.
    pub disclosures: Vec<&'a str>,
}

/// An entry as a store kept it, read back for [`AuditLog::restore`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeptEntry {
    /// Its leaf bytes.
    pub leaf: Vec<u8>,
    /// The disclosures it still has, in the order they were made.
    pub disclosures: Vec<String>,
}

/// A redaction record as a store kept it: the entry and the fields
/// redacted, in the order they were redacted.
pub type KeptRedaction = (u64, Vec<String>);

/// An append-only audit log with SD-JWT disclosures (§10).
///
/// It lives in memory; a store that keeps it on disk (as
/// `proofpack-platform`'s SQLite log does) writes each change through
/// [`AuditLog::append_with`] and [`AuditLog::redact_with`] and rebuilds the
/// log with [`AuditLog::restore`], so that there is one tree and one leaf
/// format, this one.
pub struct AuditLog {
    origin: String,
    tree: MerkleTree,
    entries: Vec<Stored>,
    /// One record per redacted entry: its index and the fields redacted, in
    /// the order they were redacted.
    redactions: Vec<(u64, Vec<String>)>,
    salts: Box<dyn SaltSource>,
}

impl fmt::Debug for AuditLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AuditLog")
            .field("origin", &self.origin)
            .field("size", &self.tree.size())
            .field("redactions", &self.redactions.len())
            .finish_non_exhaustive()
    }
}

/// Whether `origin` can be a checkpoint origin line and a C2SP key name.
fn valid_origin(origin: &str) -> bool {
    !origin.is_empty()
        && !origin
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '+')
}

fn b64url(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

fn to_json_bytes(value: &Value) -> Result<Vec<u8>, ProducerError> {
    serde_json::to_vec(value).map_err(|e| ProducerError::Json(e.to_string()))
}

fn hashes_b64(hashes: &[Hash]) -> Value {
    Value::Array(
        hashes
            .iter()
            .map(|h| Value::String(STANDARD.encode(h)))
            .collect(),
    )
}

impl AuditLog {
    /// An empty log named `origin` (the checkpoint origin line, and the key
    /// name its checkpoints are signed under), with [`OsSalts`].
    ///
    /// Refuses an origin that cannot be a C2SP key name: empty, or holding
    /// whitespace, a control character or `+`.
    pub fn new(origin: &str) -> Result<Self, ProducerError> {
        Self::with_salts(origin, Box::new(OsSalts))
    }

    /// An empty log drawing its disclosure salts from `salts`.
    pub fn with_salts(origin: &str, salts: Box<dyn SaltSource>) -> Result<Self, ProducerError> {
        if !valid_origin(origin) {
            return Err(ProducerError::InvalidOrigin(origin.to_owned()));
        }
        Ok(AuditLog {
            origin: origin.to_owned(),
            tree: MerkleTree::new(),
            entries: Vec::new(),
            redactions: Vec::new(),
            salts,
        })
    }

    /// Rebuilds a log from what a store kept: its entries in index order
    /// and its redaction records. The tree is recomputed from the leaves.
    ///
    /// Refuses (with [`ProducerError::KeptEntry`]) a leaf that is not a JSON
    /// object whose `seq` is its index and whose `_sd` is a list of strings,
    /// a disclosure that does not decode to `[salt, name, value]` or whose
    /// digest is not in its leaf's `_sd`, and a redaction record of an entry
    /// not kept or with no field; so a store that lost part of an entry is
    /// found out rather than trusted.
    pub fn restore(
        origin: &str,
        salts: Box<dyn SaltSource>,
        entries: impl IntoIterator<Item = KeptEntry>,
        redactions: Vec<KeptRedaction>,
    ) -> Result<Self, ProducerError> {
        let mut log = Self::with_salts(origin, salts)?;
        for (kept, index) in entries.into_iter().zip(0u64..) {
            let stored = Stored::from_kept(index, kept)?;
            log.tree.push_leaf(&stored.leaf);
            log.entries.push(stored);
        }
        for (index, fields) in &redactions {
            if *index >= log.size() || fields.is_empty() {
                return Err(ProducerError::KeptEntry {
                    index: *index,
                    reason: "a redaction record of no kept entry or of no field".to_owned(),
                });
            }
        }
        log.redactions = redactions;
        Ok(log)
    }

    /// The log's origin.
    #[must_use]
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The number of entries (the tree size).
    #[must_use]
    pub fn size(&self) -> u64 {
        self.tree.size()
    }

    /// The RFC 9162 root hash of the first `size` entries.
    pub fn root_at(&self, size: u64) -> Result<Hash, ProducerError> {
        Ok(self.tree.root_at(size)?)
    }

    /// The leaf bytes of entry `index`, fixed at append time.
    #[must_use]
    pub fn leaf(&self, index: u64) -> Option<&[u8]> {
        self.stored(index).map(|s| s.leaf.as_slice())
    }

    /// The disclosures entry `index` still has, in the order they were made.
    #[must_use]
    pub fn disclosures(&self, index: u64) -> Option<Vec<&str>> {
        self.stored(index)
            .map(|s| s.disclosures.iter().map(|d| d.encoded.as_str()).collect())
    }

    /// The indexes of the entries whose clear `request_id` is `request_id`,
    /// ascending: what a witness must include for the verifier to find the
    /// cascade on the log.
    #[must_use]
    pub fn entries_for_request(&self, request_id: &str) -> Vec<u64> {
        self.entries
            .iter()
            .zip(0u64..)
            .filter(|(s, _)| {
                s.clear
                    .iter()
                    .any(|(k, v)| k == "request_id" && v.as_str() == Some(request_id))
            })
            .map(|(_, i)| i)
            .collect()
    }

    fn stored(&self, index: u64) -> Option<&Stored> {
        self.entries.get(usize::try_from(index).ok()?)
    }

    /// Appends an entry and returns its 0-based index (its leaf's `seq`).
    ///
    /// The leaf is serialized once, here, as the compact JSON object
    /// `{"seq", "ts", "event_class", ...clear, "_sd"}` and never changes.
    /// Each disclosable field becomes a disclosure `base64url([salt, name,
    /// value])` with a fresh 128-bit salt (itself written as base64url), and
    /// `_sd` lists the disclosures' digests in sorted order, so the leaf does
    /// not reveal the order of the fields.
    ///
    /// Refuses: a `ts` that is not a §0 timestamp; an empty `event_class`;
    /// an empty member name; a clear or disclosable name that is `seq`, `ts`,
    /// `event_class`, `_sd` or `...`; a name given twice (within or across
    /// `clear` and `disclosable`); a value nested too deep for §0.
    pub fn append(&mut self, entry: LogEntry) -> Result<u64, ProducerError> {
        self.append_with(entry, |_| Ok::<(), ProducerError>(()))
    }

    /// [`Self::append`], handing the new entry to `commit` before the log
    /// takes it: a store writes it durably there (see [`AppendedEntry`]).
    /// If `commit` fails, the log is unchanged (only salts were drawn) and
    /// its error is returned.
    pub fn append_with<E: From<ProducerError>>(
        &mut self,
        entry: LogEntry,
        commit: impl FnOnce(&AppendedEntry<'_>) -> Result<(), E>,
    ) -> Result<u64, E> {
        let (index, stored) = self.prepare(entry)?;
        commit(&AppendedEntry {
            index,
            leaf: &stored.leaf,
            disclosures: stored
                .disclosures
                .iter()
                .map(|d| d.encoded.as_str())
                .collect(),
        })?;
        self.tree.push_leaf(&stored.leaf);
        self.entries.push(stored);
        Ok(index)
    }

    /// Validates `entry` and makes its leaf and disclosures, changing
    /// nothing but the salt source.
    fn prepare(&mut self, entry: LogEntry) -> Result<(u64, Stored), ProducerError> {
        timestamp("ts", &entry.ts)?;
        nonempty("event_class", &entry.event_class)?;
        let mut names: BTreeSet<&str> = BTreeSet::new();
        for (name, value) in entry.clear.iter().chain(&entry.disclosable) {
            nonempty("member name", name)?;
            if RESERVED.contains(&name.as_str()) {
                return Err(ProducerError::ReservedMember(name.clone()));
            }
            if !names.insert(name) {
                return Err(ProducerError::DuplicateMember(name.clone()));
            }
            // Both a leaf member and a disclosure array element sit one level
            // below the top.
            check_depth(name, value, 1)?;
        }
        let index = self.tree.size();
        if index > MAX_COUNT {
            return Err(ProducerError::LogFull);
        }

        let mut disclosures = Vec::with_capacity(entry.disclosable.len());
        let mut digests = Vec::with_capacity(entry.disclosable.len());
        for (name, value) in &entry.disclosable {
            let salt = b64url(&self.salts.next_salt()?);
            let array = Value::Array(vec![
                Value::String(salt),
                Value::String(name.clone()),
                value.clone(),
            ]);
            let encoded = b64url(&to_json_bytes(&array)?);
            digests.push(b64url(&Sha256::digest(encoded.as_bytes())));
            disclosures.push(Disclosure {
                field: name.clone(),
                encoded,
            });
        }
        digests.sort();

        let mut leaf = Map::new();
        leaf.insert("seq".to_owned(), json!(index));
        leaf.insert("ts".to_owned(), json!(entry.ts));
        leaf.insert("event_class".to_owned(), json!(entry.event_class));
        for (name, value) in &entry.clear {
            leaf.insert(name.clone(), value.clone());
        }
        leaf.insert(
            "_sd".to_owned(),
            Value::Array(digests.into_iter().map(Value::String).collect()),
        );
        let members = leaf.keys().cloned().collect();
        let leaf = to_json_bytes(&Value::Object(leaf))?;
        Ok((
            index,
            Stored {
                leaf,
                members,
                clear: entry.clear,
                disclosures,
            },
        ))
    }

    /// Appends [`LogEntry::request_accepted`]; refuses an empty `request_id`.
    pub fn log_request_accepted(
        &mut self,
        ts: &str,
        request_id: &str,
    ) -> Result<u64, ProducerError> {
        nonempty("request_id", request_id)?;
        self.append(LogEntry::request_accepted(ts, request_id))
    }

    /// Appends [`LogEntry::step`]; refuses an empty `request_id`.
    pub fn log_step(
        &mut self,
        ts: &str,
        request_id: &str,
        step: Step,
        status: StatusKind,
    ) -> Result<u64, ProducerError> {
        nonempty("request_id", request_id)?;
        self.append(LogEntry::step(ts, request_id, step, status))
    }

    /// Appends the entry of a step record, at its `ended_at`, with its step
    /// and status: exactly what the verifier matches against `steps.jsonl`.
    pub fn log_step_record(
        &mut self,
        request_id: &str,
        record: &StepRecord,
    ) -> Result<u64, ProducerError> {
        self.log_step(
            record.ended_at(),
            request_id,
            record.step(),
            record.status().kind(),
        )
    }

    /// A C2SP signed-note checkpoint of the tree at `size`: the body
    /// `<origin>\n<size>\n<base64 root>\n` and one signature line by `key`.
    ///
    /// `key_name` must be the log's origin: the verifier only counts
    /// signature lines whose key name equals the checkpoint's origin (and is
    /// the `key_id` of a trust-store `audit_log` key), so any other name is
    /// refused rather than written as a checkpoint nobody can verify.
    pub fn checkpoint(
        &self,
        size: u64,
        key_name: &str,
        key: &SigningKey,
    ) -> Result<String, ProducerError> {
        if key_name != self.origin {
            return Err(ProducerError::KeyNameNotOrigin {
                key_name: key_name.to_owned(),
                origin: self.origin.clone(),
            });
        }
        let root = self.tree.root_at(size)?;
        Ok(sign_note(
            &checkpoint_body(&self.origin, size, &root),
            key_name,
            key,
        ))
    }

    /// The RFC 9162 consistency proof from the tree at `old_size` to the
    /// tree at `new_size`, as a witness asks for it before it cosigns the
    /// checkpoint of `new_size` (C2SP `tlog-witness`).
    pub fn consistency_proof(
        &self,
        old_size: u64,
        new_size: u64,
    ) -> Result<Vec<Hash>, ProducerError> {
        Ok(self.tree.consistency_proof(old_size, new_size)?)
    }

    /// The RFC 9162 inclusion proof of entry `index` in the tree at `size`
    /// (what a reader checks against the root a checkpoint of `size` signs).
    pub fn inclusion_proof(&self, index: u64, size: u64) -> Result<Vec<Hash>, ProducerError> {
        Ok(self.tree.inclusion_proof(index, size)?)
    }

    /// `checkpoint` (this log's own, see [`AuditLog::checkpoint`]) with the
    /// witnesses' cosignature lines appended (§15): each line as a witness
    /// answered it (`— <name> <base64>\n`). Refuses a line that is not one
    /// signature line, or a result that is no longer this log's checkpoint.
    pub fn cosigned(&self, checkpoint: &str, lines: &[String]) -> Result<String, ProducerError> {
        let mut note = checkpoint.to_owned();
        for line in lines {
            let one = parse_signed_note(&format!("x\n\n{line}"))?;
            if one.signatures.len() != 1 || !line.ends_with('\n') {
                return Err(ProducerError::CheckpointMismatch(
                    "a cosignature is exactly one signature line".to_owned(),
                ));
            }
            note.push_str(line);
        }
        self.own_checkpoint(&note)?;
        Ok(note)
    }

    /// Redacts `fields` of entry `index`: deletes their disclosures (the
    /// leaf, and so the tree, is unchanged) and records them in the
    /// redaction list (one record per entry; fields in the order redacted).
    ///
    /// All or nothing: refuses, changing nothing, an index not in the log,
    /// an empty or repeated field list, and a field that has no disclosure
    /// in that entry (never disclosed, already redacted, or a clear member,
    /// which can never be redacted).
    pub fn redact(&mut self, index: u64, fields: &[&str]) -> Result<(), ProducerError> {
        self.redact_with(index, fields, |_, _| Ok::<(), ProducerError>(()))
    }

    /// [`Self::redact`], calling `commit(index, fields)` once the redaction
    /// is known to be valid and before the log applies it: a store deletes
    /// the fields' disclosures and records the redaction there. If `commit`
    /// fails, the log is unchanged and its error is returned.
    pub fn redact_with<E: From<ProducerError>>(
        &mut self,
        index: u64,
        fields: &[&str],
        commit: impl FnOnce(u64, &[&str]) -> Result<(), E>,
    ) -> Result<(), E> {
        let size = self.tree.size();
        let out_of_range = ProducerError::EntryOutOfRange { index, size };
        let slot = usize::try_from(index).map_err(|_| out_of_range.clone())?;
        let stored = self.entries.get_mut(slot).ok_or(out_of_range)?;
        if fields.is_empty() {
            return Err(ProducerError::Empty("fields".to_owned()).into());
        }
        let mut seen = BTreeSet::new();
        for field in fields {
            if !seen.insert(*field) {
                return Err(ProducerError::DuplicateMember((*field).to_owned()).into());
            }
            if !stored.disclosures.iter().any(|d| d.field == *field) {
                return Err(ProducerError::NothingToRedact {
                    index,
                    field: (*field).to_owned(),
                }
                .into());
            }
        }
        commit(index, fields)?;
        stored
            .disclosures
            .retain(|d| !fields.contains(&d.field.as_str()));
        let names = fields.iter().map(|f| (*f).to_owned());
        match self.redactions.iter_mut().find(|(i, _)| *i == index) {
            Some((_, recorded)) => recorded.extend(names),
            None => self.redactions.push((index, names.collect())),
        }
        Ok(())
    }

    /// The number of unredacted PII fields the verifier will count (§10) in
    /// a witness of `entries` with `pii_fields`: over the distinct entries
    /// of the log among `entries`, every remaining disclosure whose field is
    /// in `pii_fields`, plus every top-level leaf member whose name is in
    /// `pii_fields`. This is the `unredacted_pii_count` `verification.json`
    /// must report. Indexes not in the log count nothing ([`Self::witness`]
    /// refuses them).
    #[must_use]
    pub fn unredacted_pii_count<S: AsRef<str>>(&self, entries: &[u64], pii_fields: &[S]) -> u64 {
        let is_pii = |name: &str| pii_fields.iter().any(|p| p.as_ref() == name);
        let distinct: BTreeSet<u64> = entries.iter().copied().collect();
        distinct
            .into_iter()
            .filter_map(|i| self.stored(i))
            .map(|s| {
                let clear = s.members.iter().filter(|m| is_pii(m)).count();
                let disclosed = s.disclosures.iter().filter(|d| is_pii(&d.field)).count();
                (clear + disclosed) as u64
            })
            .sum()
    }

    /// Checks that `note` is a checkpoint of this log: it parses, its origin
    /// is the log's, it carries a signature line named after the origin, and
    /// its size and root are the tree's.
    pub(crate) fn own_checkpoint(&self, note: &str) -> Result<Checkpoint, ProducerError> {
        let cp = parse_checkpoint(note)?;
        if cp.origin != self.origin {
            return Err(ProducerError::CheckpointMismatch(format!(
                "origin {:?} is not {:?}",
                cp.origin, self.origin
            )));
        }
        if !cp.note.signatures.iter().any(|s| s.key_name == self.origin) {
            return Err(ProducerError::CheckpointNotSignedByLog);
        }
        if cp.tree_size > self.tree.size() {
            return Err(ProducerError::CheckpointMismatch(format!(
                "size {} exceeds the log's {}",
                cp.tree_size,
                self.tree.size()
            )));
        }
        if self.tree.root_at(cp.tree_size)? != cp.root_hash {
            return Err(ProducerError::CheckpointMismatch(format!(
                "the root at size {} is not this log's",
                cp.tree_size
            )));
        }
        Ok(cp)
    }

    /// Writes `audit-log-redaction.json` (§10): `log_origin`, `pii_fields`,
    /// both checkpoints verbatim, the RFC 9162 consistency proof between
    /// them, the entries in ascending index order (leaf bytes in base64,
    /// inclusion proof in the after-tree, remaining disclosures), and the
    /// redaction records of the included entries (a record may only name an
    /// entry of the witness), in ascending index order.
    ///
    /// The checkpoints are given, not made: a before-checkpoint is the note
    /// the log published back then. Each must be a checkpoint of this log
    /// (origin, a signature line named after the origin, size within the
    /// log, root equal to the tree's at that size); the signatures
    /// themselves are not verified here (the producer need not hold the
    /// public key; the verifier checks them against its trust store).
    ///
    /// Refuses, besides a foreign checkpoint: a before size of 0 or above
    /// the after size; an entry index at or above the after size, or given
    /// twice; an empty or repeated PII field name.
    pub fn witness(&self, spec: &WitnessSpec) -> Result<Vec<u8>, ProducerError> {
        let mut pii = BTreeSet::new();
        for field in &spec.pii_fields {
            nonempty("pii_fields", field)?;
            if !pii.insert(field.as_str()) {
                return Err(ProducerError::DuplicateMember(field.clone()));
            }
        }
        let before = self.own_checkpoint(&spec.before_checkpoint)?;
        let after = self.own_checkpoint(&spec.after_checkpoint)?;
        if before.tree_size == 0 || before.tree_size > after.tree_size {
            return Err(ProducerError::CheckpointSizes {
                before: before.tree_size,
                after: after.tree_size,
            });
        }
        let consistency = self
            .tree
            .consistency_proof(before.tree_size, after.tree_size)?;

        let mut indexes = BTreeSet::new();
        for &index in &spec.entries {
            if index >= after.tree_size {
                return Err(ProducerError::EntryOutOfRange {
                    index,
                    size: after.tree_size,
                });
            }
            if !indexes.insert(index) {
                return Err(ProducerError::DuplicateIndex(index));
            }
        }
        let mut entries = Vec::with_capacity(indexes.len());
        for &index in &indexes {
            let stored = self.stored(index).ok_or(ProducerError::EntryOutOfRange {
                index,
                size: self.tree.size(),
            })?;
            let proof = self.tree.inclusion_proof(index, after.tree_size)?;
            entries.push(json!({
                "index": index,
                "leaf": STANDARD.encode(&stored.leaf),
                "inclusion_proof": hashes_b64(&proof),
                "disclosures": stored
                    .disclosures
                    .iter()
                    .map(|d| d.encoded.clone())
                    .collect::<Vec<_>>(),
            }));
        }
        let mut redactions: Vec<&(u64, Vec<String>)> = self
            .redactions
            .iter()
            .filter(|(i, _)| indexes.contains(i))
            .collect();
        redactions.sort_by_key(|(i, _)| *i);
        let redactions: Vec<Value> = redactions
            .into_iter()
            .map(|(index, fields)| json!({"index": index, "fields": fields}))
            .collect();

        document(&json!({
            "log_origin": self.origin,
            "pii_fields": spec.pii_fields,
            "checkpoint_before": spec.before_checkpoint,
            "checkpoint_after": spec.after_checkpoint,
            "consistency_proof": hashes_b64(&consistency),
            "entries": entries,
            "redactions": redactions,
        }))
    }
}
