//! Sealing a signed pack (spec §22): the signature proved to exist by a
//! time the witnesses vouch for, so that it outlives the DPO's key.
//!
//! After signing, the controller appends a `pack_signed` entry naming the
//! manifest and the signature ([`PackSigned`], [`AuditLog::log_pack_signed`])
//! to the pack's own audit log, takes a checkpoint of the grown log signed
//! by the log's key ([`AuditLog::checkpoint`]), has witnesses cosign it
//! ([`AuditLog::cosigned`] appends their lines), and builds the [`Seal`]
//! from the pack's `checkpoint_after` ([`AuditLog::seal`]): the checkpoint,
//! the consistency proof from `checkpoint_after`, and the entry with its
//! inclusion proof. [`Seal::seal_signature`] writes it into `signature.sig`;
//! nothing else of the pack changes.
//!
//! ```
//! use ed25519_dalek::SigningKey;
//! use proofpack_producer::{AuditLog, LogEntry, PackSigned, SeededSalts};
//! use proofpack_spec::checkpoint::parse_checkpoint;
//! use proofpack_spec::cosignature::cosign;
//!
//! let origin = "audit.example.com/ten_0440";
//! let log_key = SigningKey::from_bytes(&[7; 32]);
//! let witness = SigningKey::from_bytes(&[9; 32]);
//! let mut log = AuditLog::with_salts(origin, Box::new(SeededSalts::new([1; 32])))?;
//! log.append(LogEntry::request_accepted("2026-04-20T09:11:00Z", "req-001928"))?;
//! // The pack's checkpoint_after, as its audit-log-redaction.json holds it.
//! let after = log.checkpoint(log.size(), origin, &log_key)?;
//!
//! // The pack as signed: its manifest's bytes and its signature.sig.
//! let manifest = br#"{"pack_id": "erasure-req-001928"}"#;
//! let signature_sig = format!(
//!     r#"{{"alg": "ed25519", "key_id": "compliance-dpo-2026", "sig": "{}"}}"#,
//!     "A".repeat(86) + "=="
//! );
//! let signed = PackSigned::of_pack(manifest, signature_sig.as_bytes())?;
//! let index = log.log_pack_signed("2026-04-22T16:05:00Z", &signed)?;
//!
//! // The log's checkpoint holding the entry, cosigned by a witness after signed_at.
//! let checkpoint = log.checkpoint(log.size(), origin, &log_key)?;
//! let body = parse_checkpoint(&checkpoint)?.note.text;
//! let line = cosign(&body, "witness.example.org/w1", &witness, 1_776_874_000)?;
//! let checkpoint = log.cosigned(&checkpoint, &[line])?;
//!
//! let seal = log.seal(&after, &checkpoint, index)?;
//! assert_eq!((seal.index(), seal.checkpoint_size()), (1, 2));
//! let sealed_sig = seal.seal_signature(signature_sig.as_bytes())?;
//! # let _ = sealed_sig;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::audit_log::{AuditLog, LogEntry};
use super::error::ProducerError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use proofpack_spec::encoding::{base64_strict, hex};
use proofpack_spec::merkle::Hash;
use proofpack_spec::vocab::{seal_names as names, signature_names, EventClass};
use serde_json::{json, Map, Value};
use sha2::{Digest as _, Sha256};

/// `event_class` of the entry a seal proves included (§22).
pub const EVENT_PACK_SIGNED: &str = EventClass::PackSigned.as_str();

/// What a `pack_signed` entry names (§22): the pack's `pack_id`, the
/// SHA-256 of `manifest.json`'s exact bytes, and the SHA-256 of the 64
/// signature bytes (decoded from `signature.sig`'s `sig`, not of its
/// base64 text), each digest as lowercase hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackSigned {
    pack_id: String,
    manifest_sha256: String,
    signature_sha256: String,
}

impl PackSigned {
    /// The entry of a pack whose `manifest.json` has the bytes `manifest`
    /// and whose signature is the 64 bytes `signature`; refuses an empty
    /// `pack_id` or a signature of another length.
    pub fn new(pack_id: &str, manifest: &[u8], signature: &[u8]) -> Result<Self, ProducerError> {
        super::nonempty(names::PACK_ID, pack_id)?;
        if signature.len() != 64 {
            return Err(ProducerError::Unsealable(format!(
                "a signature is 64 bytes, not {}",
                signature.len()
            )));
        }
        Ok(PackSigned {
            pack_id: pack_id.to_owned(),
            manifest_sha256: hex(&Sha256::digest(manifest)),
            signature_sha256: hex(&Sha256::digest(signature)),
        })
    }

    /// The entry of a signed pack, read from its members' bytes: the
    /// manifest's `pack_id` (a non-empty string) and `signature.sig`'s `sig`
    /// (strict base64 of 64 bytes). Refuses members that do not have them.
    pub fn of_pack(manifest: &[u8], signature_sig: &[u8]) -> Result<Self, ProducerError> {
        let unsealable = |why: &str| ProducerError::Unsealable(why.to_owned());
        let read = |bytes: &[u8], what: &str| {
            serde_json::from_slice::<Value>(bytes)
                .map_err(|_| unsealable(&format!("{what} is not JSON")))
        };
        let manifest_doc = read(manifest, "manifest.json")?;
        let pack_id = manifest_doc
            .get(names::PACK_ID)
            .and_then(Value::as_str)
            .ok_or_else(|| unsealable("manifest.json has no string pack_id"))?;
        let signature = read(signature_sig, "signature.sig")?
            .get(signature_names::SIG)
            .and_then(Value::as_str)
            .and_then(base64_strict)
            .ok_or_else(|| unsealable("signature.sig has no strict base64 sig"))?;
        PackSigned::new(pack_id, manifest, &signature)
    }

    /// The manifest's `pack_id`.
    #[must_use]
    pub fn pack_id(&self) -> &str {
        &self.pack_id
    }

    /// Hex SHA-256 of `manifest.json`'s bytes.
    #[must_use]
    pub fn manifest_sha256(&self) -> &str {
        &self.manifest_sha256
    }

    /// Hex SHA-256 of the 64 signature bytes.
    #[must_use]
    pub fn signature_sha256(&self) -> &str {
        &self.signature_sha256
    }

    /// The log entry at `ts`: `event_class` `pack_signed` and the three
    /// names in clear (none is personal), no disclosure, so that its leaf is
    /// exactly §22's `{"seq", "ts", "event_class", "pack_id",
    /// "manifest_sha256", "signature_sha256", "_sd": []}`.
    #[must_use]
    pub fn log_entry(&self, ts: impl Into<String>) -> LogEntry {
        LogEntry::new(ts, EVENT_PACK_SIGNED)
            .with_clear(names::PACK_ID, json!(self.pack_id))
            .with_clear(names::MANIFEST_SHA256, json!(self.manifest_sha256))
            .with_clear(names::SIGNATURE_SHA256, json!(self.signature_sha256))
    }
}

/// A seal (§22), the member `seal` of `signature.sig`: a checkpoint of the
/// pack's log holding its `pack_signed` entry, the consistency proof from
/// the pack's `checkpoint_after` to it, and the entry with its inclusion
/// proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seal {
    checkpoint: String,
    checkpoint_size: u64,
    consistency_proof: Vec<Hash>,
    index: u64,
    leaf: Vec<u8>,
    inclusion_proof: Vec<Hash>,
}

impl Seal {
    /// The seal's checkpoint, the note text with its signature and
    /// cosignature lines.
    #[must_use]
    pub fn checkpoint(&self) -> &str {
        &self.checkpoint
    }

    /// The tree size of the seal's checkpoint.
    #[must_use]
    pub fn checkpoint_size(&self) -> u64 {
        self.checkpoint_size
    }

    /// The `pack_signed` entry's index.
    #[must_use]
    pub fn index(&self) -> u64 {
        self.index
    }

    /// The entry's leaf bytes.
    #[must_use]
    pub fn leaf(&self) -> &[u8] {
        &self.leaf
    }

    /// The seal as §22's JSON object: `checkpoint`, `consistency_proof`,
    /// `entry` (`index`, `leaf`, `inclusion_proof`).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let hashes =
            |proof: &[Hash]| -> Vec<String> { proof.iter().map(|h| STANDARD.encode(h)).collect() };
        json!({
            names::CHECKPOINT: self.checkpoint,
            names::CONSISTENCY_PROOF: hashes(&self.consistency_proof),
            names::ENTRY: {
                names::INDEX: self.index,
                names::LEAF: STANDARD.encode(&self.leaf),
                names::INCLUSION_PROOF: hashes(&self.inclusion_proof),
            },
        })
    }

    /// `signature.sig` (the bytes `signature_sig`) with this seal as its
    /// `seal` member, added or replacing one; the other members are kept as
    /// they are, in their order, and the document is written compact.
    /// Refuses bytes that are not a JSON object.
    pub fn seal_signature(&self, signature_sig: &[u8]) -> Result<Vec<u8>, ProducerError> {
        signature_with_seal(signature_sig, self.to_json())
    }
}

/// `signature.sig` (the bytes `signature_sig`) with `seal` as its `seal`
/// member (§22), added or replacing one; the other members are kept as they
/// are, in their order, and the document is written compact. Refuses bytes
/// that are not a JSON object. [`Seal::seal_signature`] with a seal made
/// here; the author crate's `seal` with a seal read from a file (whatever
/// its shape: the verifier judges it).
pub fn signature_with_seal(signature_sig: &[u8], seal: Value) -> Result<Vec<u8>, ProducerError> {
    let mut doc: Map<String, Value> = serde_json::from_slice(signature_sig)
        .map_err(|_| ProducerError::Unsealable("signature.sig is not a JSON object".to_owned()))?;
    doc.insert(names::SEAL.to_owned(), seal);
    serde_json::to_vec(&doc).map_err(|e| ProducerError::Json(e.to_string()))
}

impl AuditLog {
    /// Appends the `pack_signed` entry of `signed` at `ts` (§22) and returns
    /// its index.
    pub fn log_pack_signed(&mut self, ts: &str, signed: &PackSigned) -> Result<u64, ProducerError> {
        self.append(signed.log_entry(ts))
    }

    /// The seal (§22) of the `pack_signed` entry at `index`, in
    /// `seal_checkpoint` (a checkpoint of this log, with the witnesses'
    /// cosignature lines, see [`AuditLog::cosigned`]), from
    /// `after_checkpoint` (the pack's `checkpoint_after`, also of this log).
    ///
    /// Refuses a checkpoint of another log, a seal checkpoint smaller than
    /// `checkpoint_after`, an entry not in the seal checkpoint's tree, and
    /// an entry that is not `pack_signed`.
    pub fn seal(
        &self,
        after_checkpoint: &str,
        seal_checkpoint: &str,
        index: u64,
    ) -> Result<Seal, ProducerError> {
        let after = self.own_checkpoint(after_checkpoint)?;
        let sealing = self.own_checkpoint(seal_checkpoint)?;
        if after.tree_size == 0 || after.tree_size > sealing.tree_size {
            return Err(ProducerError::CheckpointSizes {
                before: after.tree_size,
                after: sealing.tree_size,
            });
        }
        if index >= sealing.tree_size {
            return Err(ProducerError::EntryOutOfRange {
                index,
                size: sealing.tree_size,
            });
        }
        let leaf = self.leaf(index).ok_or(ProducerError::EntryOutOfRange {
            index,
            size: self.size(),
        })?;
        let is_pack_signed = serde_json::from_slice::<Value>(leaf)
            .ok()
            .and_then(|l| l.get(names::EVENT_CLASS).cloned())
            == Some(json!(EVENT_PACK_SIGNED));
        if !is_pack_signed {
            return Err(ProducerError::NotPackSigned(index));
        }
        Ok(Seal {
            checkpoint: seal_checkpoint.to_owned(),
            checkpoint_size: sealing.tree_size,
            consistency_proof: self.consistency_proof(after.tree_size, sealing.tree_size)?,
            index,
            leaf: leaf.to_vec(),
            inclusion_proof: self.inclusion_proof(index, sealing.tree_size)?,
        })
    }
}
