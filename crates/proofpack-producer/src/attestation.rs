//! Subprocessor attestations (spec §16): the subprocessor's own signed
//! statement of a deletion, a DSSE envelope the collator stores as an
//! archive member (under `attachments/`) and names in the receipt's
//! `attestation` ([`crate::Receipt::with_attestation`]).
//!
//! The subprocessor signs; the controller only carries the bytes. A
//! stand-in subprocessor (the demo's) calls [`ReceiptStatement::sign`] with
//! its own key.

use crate::error::ProducerError;
use crate::records::{Receipt, ReceiptStatus};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use ed25519_dalek::{Signer as _, SigningKey};
use proofpack_spec::dsse::pae;
use proofpack_spec::vocab::{
    ReceiptStatus as ReceiptStatusName, RECEIPT_FORMAT, RECEIPT_PAYLOAD_TYPE,
};
use serde_json::{json, Value};

/// What a subprocessor states about one deletion (§16's statement).
///
/// ```
/// use ed25519_dalek::SigningKey;
/// use proofpack_producer::{Channel, ProducerError, Receipt, ReceiptStatement, ReceiptStatus};
///
/// let member = "attachments/receipts/vector-saas-del_8f2c.dsse.json";
/// let receipt = Receipt::new(
///     "vector-saas",
///     Channel::Api,
///     "del_8f2c",
///     "2026-04-22T15:21:10Z",
///     ReceiptStatus::Confirmed { confirmed_at: "2026-04-22T15:24:02Z".to_owned() },
/// )?
/// .with_attestation(member);
/// // The subprocessor signs with its own key (role `subprocessor` in the
/// // verifier's trust store); the controller stores the envelope at `member`.
/// let subprocessor_key = SigningKey::from_bytes(&[5; 32]);
/// let statement = ReceiptStatement::of(&receipt, "ten_0440", "sub_0123")?;
/// let envelope = statement.sign("vector-saas-2026", &subprocessor_key)?;
/// assert!(envelope.starts_with(b"{"));
/// // Only a confirmed deletion is stated.
/// let pending = Receipt::new(
///     "vector-saas",
///     Channel::Api,
///     "del_8f2c",
///     "2026-04-22T15:21:10Z",
///     ReceiptStatus::Pending { due_at: "2026-04-29T00:00:00Z".to_owned() },
/// )?;
/// assert!(ReceiptStatement::of(&pending, "ten_0440", "sub_0123").is_err());
/// # Ok::<(), ProducerError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceiptStatement {
    subprocessor: String,
    tenant_id: String,
    subject_id: String,
    ticket_id: String,
    confirmed_at: String,
}

impl ReceiptStatement {
    /// The statement of a confirmed `receipt`, for the pack's `tenant_id`
    /// and `subject_id` (the manifest's). Refuses a receipt that is not
    /// confirmed: a subprocessor signs that it deleted, nothing else.
    pub fn of(
        receipt: &Receipt,
        tenant_id: impl Into<String>,
        subject_id: impl Into<String>,
    ) -> Result<ReceiptStatement, ProducerError> {
        let ReceiptStatus::Confirmed { confirmed_at } = receipt.status() else {
            return Err(ProducerError::StatementNotConfirmed(
                receipt.status().as_str().to_owned(),
            ));
        };
        Ok(ReceiptStatement {
            subprocessor: receipt.subprocessor().to_owned(),
            tenant_id: tenant_id.into(),
            subject_id: subject_id.into(),
            ticket_id: receipt.ticket_id().to_owned(),
            confirmed_at: confirmed_at.clone(),
        })
    }

    /// The statement's bytes: the envelope's payload.
    pub fn to_json(&self) -> Result<Vec<u8>, ProducerError> {
        let value = json!({
            "format": RECEIPT_FORMAT,
            "subprocessor": self.subprocessor,
            "tenant_id": self.tenant_id,
            "subject_id": self.subject_id,
            "ticket_id": self.ticket_id,
            "status": ReceiptStatusName::Confirmed.as_str(),
            "confirmed_at": self.confirmed_at,
        });
        serde_json::to_vec(&value).map_err(|e| ProducerError::Json(e.to_string()))
    }

    /// The DSSE envelope of the statement signed by the subprocessor's
    /// `key`, named `key_id` in the verifier's trust store (role
    /// `subprocessor`, `owner` the subprocessor's name): the bytes of the
    /// archive member the receipt names.
    pub fn sign(&self, key_id: &str, key: &SigningKey) -> Result<Vec<u8>, ProducerError> {
        let payload = self.to_json()?;
        let sig = key.sign(&pae(RECEIPT_PAYLOAD_TYPE, &payload));
        let envelope: Value = json!({
            "payloadType": RECEIPT_PAYLOAD_TYPE,
            "payload": STANDARD.encode(&payload),
            "signatures": [{"keyid": key_id, "sig": STANDARD.encode(sig.to_bytes())}],
        });
        let mut bytes =
            serde_json::to_vec_pretty(&envelope).map_err(|e| ProducerError::Json(e.to_string()))?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}
