//! Signing a verification receipt (§20) and countersigning one: the
//! verifier's key, found in its own key store by its public key, signs
//! `PAE(payloadType, payload)`.

use crate::check::{self, counting_key, CheckedReceipt};
use crate::statement::VerificationStatement;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use ed25519_dalek::{Signer as _, SigningKey};
use proofpack_core::trust::TrustedKey;
use proofpack_core::{Report, TrustStore};
use proofpack_spec::dsse::{names, pae, Envelope};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{Role, VERIFICATION_PAYLOAD_TYPE};
use serde_json::{json, Value};

/// A signing key and its entry in the verifier's key store.
#[derive(Debug)]
pub struct VerifierKey {
    signing: SigningKey,
    entry: TrustedKey,
}

/// Why nothing was signed.
#[derive(Debug, thiserror::Error)]
pub enum SignError {
    /// No entry of the key store holds the key's public key.
    #[error("no entry of the key store holds this key's public key")]
    KeyNotInStore,
    /// The entries that hold it lack the `verifier` role.
    #[error("the key store's entry {0:?} for this key lacks the verifier role")]
    RoleMissing(String),
    /// Several `verifier` entries hold it: which one signs is not said.
    #[error("several verifier entries of the key store hold this key ({0}); keep one")]
    Ambiguous(String),
    /// The key is outside its validity window, or revoked, at `verified_at`.
    #[error("key {key_id:?} is not valid at {at} (its window or its revocation)")]
    KeyNotValid {
        /// The key's `key_id`.
        key_id: String,
        /// The statement's `verified_at`.
        at: String,
    },
    /// The report gives no time of verification.
    #[error("the report does not say when the pack was verified")]
    NoVerificationTime,
    /// The receipt to countersign is not authentic to the key store.
    #[error("the receipt is not authentic to the key store; nothing was countersigned")]
    NotAuthentic(Box<CheckedReceipt>),
    /// The key already signed the receipt.
    #[error("key {0:?} already signed this receipt")]
    AlreadySigned(String),
}

impl VerifierKey {
    /// The signing key with the entry of `store` whose public key is its
    /// own, which must have the role `verifier`.
    pub fn from_store(signing: SigningKey, store: &TrustStore) -> Result<VerifierKey, SignError> {
        let public = signing.verifying_key();
        let holding: Vec<&TrustedKey> = store
            .keys()
            .iter()
            .filter(|k| k.public_key == public)
            .collect();
        let verifiers: Vec<&&TrustedKey> = holding
            .iter()
            .filter(|k| k.has_role(Role::Verifier))
            .collect();
        match (holding.first(), verifiers.as_slice()) {
            (None, _) => Err(SignError::KeyNotInStore),
            (Some(entry), []) => Err(SignError::RoleMissing(entry.key_id.clone())),
            (_, [entry]) => Ok(VerifierKey {
                signing,
                entry: (**entry).clone(),
            }),
            (_, several) => Err(SignError::Ambiguous(
                several
                    .iter()
                    .map(|k| format!("{:?}", k.key_id))
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        }
    }

    /// The key's entry in the key store.
    pub fn entry(&self) -> &TrustedKey {
        &self.entry
    }

    /// The signature of `payload`, refused when the key is not valid at
    /// `at` (it would not count).
    fn sign(&self, at: &Timestamp, payload: &[u8]) -> Result<(String, [u8; 64]), SignError> {
        if !self.entry.valid_at(at.instant()) {
            return Err(SignError::KeyNotValid {
                key_id: self.entry.key_id.clone(),
                at: at.raw().to_owned(),
            });
        }
        let sig = self.signing.sign(&pae(VERIFICATION_PAYLOAD_TYPE, payload));
        Ok((self.entry.key_id.clone(), sig.to_bytes()))
    }
}

/// The signed receipt of `report` (the envelope's bytes): its statement
/// made at the report's time of verification, `verified_by` the key's owner.
pub fn sign_receipt(report: &Report, key: &VerifierKey) -> Result<Vec<u8>, SignError> {
    let verified_at = report
        .meta()
        .verified_at
        .as_deref()
        .and_then(Timestamp::parse)
        .ok_or(SignError::NoVerificationTime)?;
    let statement = VerificationStatement::of(report, verified_at, &key.entry.owner);
    let payload = statement.to_bytes();
    let signature = key.sign(statement.verified_at(), &payload)?;
    Ok(envelope_bytes(&payload, &[signature]))
}

/// `envelope` (a receipt authentic to `store`) with one more signature by
/// `key` over the same payload; nothing else changes (§20). The
/// envelope's unknown members and whitespace, which are not signed, are
/// not kept.
pub fn countersign_receipt(
    envelope: &[u8],
    key: &VerifierKey,
    store: &TrustStore,
) -> Result<Vec<u8>, SignError> {
    let checked = check::check_receipt(envelope, store);
    let (Some(envelope), Some(statement), true) = (
        read_envelope(envelope),
        checked.statement(),
        checked.authentic(),
    ) else {
        return Err(SignError::NotAuthentic(Box::new(checked)));
    };
    if envelope
        .signatures
        .iter()
        .any(|(keyid, _)| *keyid == key.entry.key_id)
    {
        return Err(SignError::AlreadySigned(key.entry.key_id.clone()));
    }
    if counting_key(store, &key.entry.key_id, statement).is_err() {
        return Err(SignError::KeyNotValid {
            key_id: key.entry.key_id.clone(),
            at: statement.verified_at().raw().to_owned(),
        });
    }
    let added = key.sign(statement.verified_at(), &envelope.payload)?;
    let mut signatures = envelope.signatures;
    signatures.push(added);
    Ok(envelope_bytes(&envelope.payload, &signatures))
}

/// The envelope (§16's shape, §20's type), one member a line, ending in a
/// newline.
fn envelope_bytes(payload: &[u8], signatures: &[(String, [u8; 64])]) -> Vec<u8> {
    let signatures: Vec<Value> = signatures
        .iter()
        .map(|(keyid, sig)| {
            let mut one = serde_json::Map::new();
            one.insert(names::KEYID.into(), json!(keyid));
            one.insert(names::SIG.into(), json!(STANDARD.encode(sig)));
            Value::Object(one)
        })
        .collect();
    let mut top = serde_json::Map::new();
    top.insert(names::PAYLOAD_TYPE.into(), json!(VERIFICATION_PAYLOAD_TYPE));
    top.insert(names::PAYLOAD.into(), json!(STANDARD.encode(payload)));
    top.insert(names::SIGNATURES.into(), Value::Array(signatures));
    // A `Value` of strings and arrays always serialises.
    let mut bytes = serde_json::to_vec_pretty(&Value::Object(top)).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

/// The envelope of a receipt, when well-formed.
fn read_envelope(bytes: &[u8]) -> Option<Envelope> {
    proofpack_spec::json::parse(bytes)
        .ok()
        .and_then(|doc| Envelope::read(&doc, VERIFICATION_PAYLOAD_TYPE).ok())
}
