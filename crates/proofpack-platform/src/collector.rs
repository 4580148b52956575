//! The receipt collator (feature `http`): asks a subprocessor to delete a
//! subject over the deletion API below, follows its ticket, falls back to
//! the privacy mailbox a service without the API names, and keeps every
//! exchange verbatim in a [`CollectedReceipt`].
//!
//! The deletion API, as this collator speaks it:
//!
//! * `POST {base}/v1/deletions` with `{"subject": ID}` answers
//!   `{"ticket_id", "status"}`, where `status` is `completed` (with
//!   `completed_at` and, when the service signs, `attestation`: its §16
//!   DSSE envelope as text) or `accepted` (with `due_at`);
//! * `GET {base}/v1/deletions/{ticket}` answers the same body later;
//! * a service without the API answers the POST with 404 and a `contact`
//!   field; the collator then posts a letter to `{base}/mail/privacy`, and a
//!   200 answer is its confirmation (channel `email`, no ticket).
//!
//! A subprocessor speaking another protocol still gives a receipt: build the
//! [`CollectedReceipt`] from your own exchanges.

use crate::receipts::{CollectedReceipt, Exchange};
use crate::PlatformError;
use proofpack_producer::Channel;
use serde_json::{json, Value};
use std::time::Duration;

// The deletion API's path, written once for the constants below.
macro_rules! deletions_path {
    () => {
        "/v1/deletions"
    };
}

/// The path of a service's deletion API (`{base}/v1/deletions`, and
/// `{base}/v1/deletions/{ticket}` for a ticket).
pub const DELETIONS_PATH: &str = deletions_path!();
/// The `endpoint` a receipt of the deletion API records.
pub const DELETION_ENDPOINT: &str = concat!("POST ", deletions_path!());
/// A ticket's `status` once the deletion is done.
pub const TICKET_COMPLETED: &str = "completed";
/// A ticket's `status` while the deletion is pending.
pub const TICKET_ACCEPTED: &str = "accepted";
/// The path of a service's privacy mailbox.
pub const MAILBOX_PATH: &str = "/mail/privacy";

/// A blocking HTTP collator. Every HTTP status is an answer to record (a
/// 404 is evidence, not an error); a transport failure is an error.
///
/// ```no_run
/// use proofpack_platform::Collector;
///
/// let mut now = || "2026-04-21T09:00:00Z".to_owned();
/// let receipt = Collector::default().collect(
///     "vector-saas",
///     "https://vector-saas.example",
///     "sub_7f3a",
///     &mut now,
/// )?;
/// // The record for `subprocessor-receipts.jsonl`, and the members that
/// // back it (the exchanges, the signed statement if one came back).
/// let record = receipt.to_receipt()?;
/// let attachments = receipt.attachments()?;
/// # let _ = (record, attachments);
/// # Ok::<(), proofpack_platform::PlatformError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Collector {
    agent: ureq::Agent,
}

impl Default for Collector {
    fn default() -> Self {
        Self::new(Duration::from_secs(10))
    }
}

impl Collector {
    /// A collator whose every exchange gives up after `timeout`.
    #[must_use]
    pub fn new(timeout: Duration) -> Self {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            .build()
            .into();
        Collector { agent }
    }

    /// One exchange, kept verbatim. `body` is `(content type, text)` for a
    /// POST; without it the request is a GET.
    pub fn exchange(
        &self,
        method: &str,
        url: &str,
        body: Option<(&str, String)>,
    ) -> Result<Exchange, PlatformError> {
        let http = |e: ureq::Error| PlatformError::Http(format!("{method} {url}: {e}"));
        let mut response = match (method, body) {
            ("POST", Some((content_type, body))) => self
                .agent
                .post(url)
                .header("content-type", content_type)
                .send(body.as_str())
                .map_err(http)?,
            _ => self.agent.get(url).call().map_err(http)?,
        };
        let status = response.status().as_u16();
        let body = response.body_mut().read_to_string().map_err(http)?;
        Ok(Exchange {
            request: format!("{method} {url}"),
            status,
            body,
        })
    }

    /// Asks the service at `base_url`, named `subprocessor`, to delete
    /// `subject_id`, and collects its receipt. `now` stamps the request
    /// and a letter's confirmation (the platform's clock, RFC 3339 UTC).
    pub fn collect(
        &self,
        subprocessor: &str,
        base_url: &str,
        subject_id: &str,
        now: &mut dyn FnMut() -> String,
    ) -> Result<CollectedReceipt, PlatformError> {
        let url = format!("{base_url}{DELETIONS_PATH}");
        let subject = json!({ "subject": subject_id }).to_string();
        let mut receipt = CollectedReceipt::new(subprocessor, Channel::Api.as_str(), &now());
        let first = self.exchange("POST", &url, Some(("application/json", subject)))?;
        let body = json_body(&first);
        receipt.endpoint = Some(DELETION_ENDPOINT.to_owned());
        receipt.ticket_id = text(&body, "ticket_id").unwrap_or_default();
        receipt.exchanges.push(first.clone());
        if first.status == 404 && body.get("contact").is_some() {
            return self.by_letter(receipt, base_url, subject_id, now);
        }
        let mut state = body;
        if text(&state, "status").as_deref() == Some(TICKET_ACCEPTED)
            && !receipt.ticket_id.is_empty()
        {
            let follow = self.exchange("GET", &format!("{url}/{}", receipt.ticket_id), None)?;
            state = json_body(&follow);
            receipt.exchanges.push(follow);
        }
        match text(&state, "status").as_deref() {
            Some(TICKET_COMPLETED) => {
                if let Some(at) = text(&state, "completed_at") {
                    receipt.confirm(&at);
                }
                receipt.attestation = text(&state, "attestation");
            }
            Some(TICKET_ACCEPTED) => {
                if let Some(due) = text(&state, "due_at") {
                    receipt.pending(&due);
                }
            }
            _ => {}
        }
        Ok(receipt)
    }

    /// No deletion API: the request goes to the privacy mailbox, and the
    /// confirmation comes back as a letter, without a ticket.
    fn by_letter(
        &self,
        mut receipt: CollectedReceipt,
        base_url: &str,
        subject_id: &str,
        now: &mut dyn FnMut() -> String,
    ) -> Result<CollectedReceipt, PlatformError> {
        let letter = format!("Please erase every record you hold of subject {subject_id}");
        receipt.requested_at = now();
        let answer = self.exchange(
            "POST",
            &format!("{base_url}{MAILBOX_PATH}"),
            Some(("text/plain", letter)),
        )?;
        receipt.channel = Channel::Email.as_str().to_owned();
        receipt.endpoint = None;
        receipt.ticket_id = String::new();
        if answer.status == 200 {
            receipt.confirm(&now());
        }
        receipt.exchanges.push(answer);
        Ok(receipt)
    }
}

/// A body that is not JSON reads as `null`: its text is kept in the
/// exchange, and no field of it is believed.
fn json_body(e: &Exchange) -> Value {
    serde_json::from_str(&e.body).unwrap_or(Value::Null)
}

fn text(v: &Value, name: &str) -> Option<String> {
    v.get(name).and_then(Value::as_str).map(str::to_owned)
}
