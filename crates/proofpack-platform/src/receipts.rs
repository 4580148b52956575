//! Subprocessor receipts as a platform collects them (§9, §16): the record
//! the pack carries, together with the raw exchanges behind it and the
//! subprocessor's own signed statement, each of which becomes an attachment
//! of the pack. How the exchanges are made is the caller's affair (see
//! `Collector`, feature `http`, for the deletion API this crate speaks);
//! this module keeps what was said and turns it into evidence.

use crate::PlatformError;
use proofpack_producer::{Channel, Receipt, ReceiptStatus};
use proofpack_spec::vocab::ReceiptStatus as StatusName;
use serde::{Deserialize, Serialize};

/// One request to a subprocessor and its raw response, kept verbatim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// `METHOD URL` (or `MAIL address` for a letter).
    pub request: String,
    /// The response status (HTTP status; 200 for a letter answered).
    pub status: u16,
    /// The response body, as received.
    pub body: String,
}

impl Exchange {
    /// The attachment's bytes: the exchange as pretty JSON with a final
    /// newline.
    pub fn to_attachment(&self) -> Result<Vec<u8>, PlatformError> {
        let mut bytes = serde_json::to_vec_pretty(self)
            .map_err(|e| PlatformError::Json(format!("an exchange: {e}")))?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

/// A receipt as collected: the §9 fields, the exchanges behind them, and
/// the subprocessor's signed statement when its answer held one.
///
/// Serializable, so that a platform can keep it in its own store between
/// the cascade and the signing of the pack.
///
/// ```
/// use proofpack_platform::{CollectedReceipt, Exchange};
///
/// let mut receipt = CollectedReceipt::new("vectorhost", "api", "2026-04-21T09:00:00Z");
/// receipt.endpoint = Some("/v1/deletions".to_owned());
/// receipt.ticket_id = "T-1".to_owned();
/// receipt.confirm("2026-04-21T09:05:00Z");
/// receipt.exchanges.push(Exchange {
///     request: "POST https://vectorhost.example/v1/deletions".to_owned(),
///     status: 200,
///     body: r#"{"status":"completed"}"#.to_owned(),
/// });
/// let record = receipt.to_receipt()?;
/// let attachments = receipt.attachments()?;
/// assert_eq!(attachments[0].0, "attachments/receipts/vectorhost-T-1-0.json");
/// # let _ = record;
/// # Ok::<(), proofpack_platform::PlatformError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollectedReceipt {
    /// The subprocessor.
    pub subprocessor: String,
    /// `api` or `email` (§9 channel).
    pub channel: String,
    /// The endpoint called, for an API receipt.
    pub endpoint: Option<String>,
    /// The ticket (empty when the channel gave none).
    pub ticket_id: String,
    /// When the deletion was requested.
    pub requested_at: String,
    /// `confirmed`, `pending` or `failed` (§9 status).
    pub status: String,
    /// When it was confirmed.
    pub confirmed_at: Option<String>,
    /// When a pending deletion is due.
    pub due_at: Option<String>,
    /// The raw exchanges, in the order they happened.
    pub exchanges: Vec<Exchange>,
    /// The subprocessor's signed statement of the deletion (a DSSE
    /// envelope, its exact text), when it gave one.
    #[serde(default)]
    pub attestation: Option<String>,
}

impl CollectedReceipt {
    /// A receipt of `subprocessor` on `channel`, requested at
    /// `requested_at`, `failed` until confirmed or pending.
    #[must_use]
    pub fn new(subprocessor: &str, channel: &str, requested_at: &str) -> Self {
        CollectedReceipt {
            subprocessor: subprocessor.to_owned(),
            channel: channel.to_owned(),
            endpoint: None,
            ticket_id: String::new(),
            requested_at: requested_at.to_owned(),
            status: StatusName::Failed.as_str().to_owned(),
            confirmed_at: None,
            due_at: None,
            exchanges: Vec::new(),
            attestation: None,
        }
    }

    /// The deletion was confirmed at `at`.
    pub fn confirm(&mut self, at: &str) {
        self.status = StatusName::Confirmed.as_str().to_owned();
        self.confirmed_at = Some(at.to_owned());
        self.due_at = None;
    }

    /// The deletion is pending, due at `due_at`.
    pub fn pending(&mut self, due_at: &str) {
        self.status = StatusName::Pending.as_str().to_owned();
        self.due_at = Some(due_at.to_owned());
        self.confirmed_at = None;
    }

    /// The §9 record. A status without the date it needs (`confirmed`
    /// without `confirmed_at`, `pending` without `due_at`) or an unknown
    /// status is recorded as `failed`: the pack never claims more than the
    /// exchanges show.
    pub fn to_receipt(&self) -> Result<Receipt, PlatformError> {
        let status = match (self.status.parse(), &self.confirmed_at, &self.due_at) {
            (Ok(StatusName::Confirmed), Some(at), _) => ReceiptStatus::Confirmed {
                confirmed_at: at.clone(),
            },
            (Ok(StatusName::Pending), _, Some(due)) => ReceiptStatus::Pending {
                due_at: due.clone(),
            },
            _ => ReceiptStatus::Failed,
        };
        let receipt = Receipt::new(
            &self.subprocessor,
            Channel::parse(&self.channel),
            &self.ticket_id,
            &self.requested_at,
            status,
        )?;
        let receipt = match &self.endpoint {
            Some(endpoint) => receipt.with_endpoint(endpoint),
            None => receipt,
        };
        Ok(match &self.attestation {
            Some(_) => receipt.with_attestation(self.attestation_path()),
            None => receipt,
        })
    }

    /// The member holding the signed statement (§16).
    #[must_use]
    pub fn attestation_path(&self) -> String {
        format!("attachments/{}-receipt.dsse.json", self.subprocessor)
    }

    /// The member holding exchange `n`.
    #[must_use]
    pub fn exchange_path(&self, n: usize) -> String {
        let ticket = if self.ticket_id.is_empty() {
            "no-ticket"
        } else {
            &self.ticket_id
        };
        format!(
            "attachments/receipts/{}-{ticket}-{n}.json",
            self.subprocessor
        )
    }

    /// Every attachment of this receipt, as `(member path, bytes)`: the
    /// signed statement in its exact text (its signature is over its
    /// payload, and the recipient reads the member as the subprocessor
    /// wrote it), then each exchange.
    pub fn attachments(&self) -> Result<Vec<(String, Vec<u8>)>, PlatformError> {
        let mut members = Vec::with_capacity(self.exchanges.len() + 1);
        if let Some(envelope) = &self.attestation {
            members.push((self.attestation_path(), envelope.clone().into_bytes()));
        }
        for (n, exchange) in self.exchanges.iter().enumerate() {
            members.push((self.exchange_path(n), exchange.to_attachment()?));
        }
        Ok(members)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_without_its_date_is_failed() -> Result<(), PlatformError> {
        let mut r = CollectedReceipt::new("mailer", "email", "2026-04-21T09:00:00Z");
        r.status = StatusName::Confirmed.as_str().to_owned();
        let line = proofpack_producer::receipts_jsonl(&[r.to_receipt()?])?;
        let record: serde_json::Value = serde_json::from_slice(line.trim_ascii())
            .map_err(|e| PlatformError::Json(e.to_string()))?;
        assert_eq!(record["status"], "failed");
        r.confirm("2026-04-21T09:05:00Z");
        assert!(r.to_receipt().is_ok());
        Ok(())
    }

    #[test]
    fn attachments_are_the_statement_then_every_exchange() -> Result<(), PlatformError> {
        let mut r = CollectedReceipt::new("vectorhost", "api", "2026-04-21T09:00:00Z");
        r.attestation = Some("{\"payload\":\"\"}".to_owned());
        for status in [202, 200] {
            r.exchanges.push(Exchange {
                request: "GET x".to_owned(),
                status,
                body: String::new(),
            });
        }
        let paths: Vec<String> = r.attachments()?.into_iter().map(|(p, _)| p).collect();
        assert_eq!(
            paths,
            [
                "attachments/vectorhost-receipt.dsse.json",
                "attachments/receipts/vectorhost-no-ticket-0.json",
                "attachments/receipts/vectorhost-no-ticket-1.json",
            ]
        );
        Ok(())
    }
}
