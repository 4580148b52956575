//! The receipt collator: asks every subprocessor to delete the subject,
//! follows its ticket, and records each receipt with the raw HTTP exchanges
//! behind it (they become attachments of the pack), and with the
//! subprocessor's own signed statement of the deletion when its answer held
//! one (§16: the envelope becomes `attachments/<subprocessor>-receipt.dsse.json`).

use crate::clock::Clock;
use crate::intake::TENANT;
use crate::services::{Endpoint, DELETION_ENDPOINT, MAILBOX_PATH};
use crate::DemoError;
use proofpack_producer::{Channel, Receipt, ReceiptStatement, ReceiptStatus};
use proofpack_spec::vocab::ReceiptStatus as StatusName;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The `keyid` of the collator's own key, which signs nothing but the
/// forged statement of `--fault receipt-forged`.
pub const COLLATOR_KEY_ID: &str = "demo-receipt-collator";

/// One HTTP request and its raw response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// `METHOD URL`.
    pub request: String,
    /// The response status.
    pub status: u16,
    /// The response body, as received.
    pub body: String,
}

/// A receipt as collected (kept in the store's `receipts` table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollectedReceipt {
    /// The subprocessor.
    pub subprocessor: String,
    /// `api` or `email`.
    pub channel: String,
    /// The endpoint called, for an API receipt.
    pub endpoint: Option<String>,
    /// The ticket (empty when the channel gave none).
    pub ticket_id: String,
    /// When the deletion was requested.
    pub requested_at: String,
    /// `confirmed`, `pending` or `failed`.
    pub status: String,
    /// When it was confirmed.
    pub confirmed_at: Option<String>,
    /// When a pending deletion is due.
    pub due_at: Option<String>,
    /// The raw exchanges.
    pub exchanges: Vec<Exchange>,
    /// The signed statement of the deletion (a DSSE envelope, its exact
    /// text), when the subprocessor gave one.
    #[serde(default)]
    pub attestation: Option<String>,
}

impl CollectedReceipt {
    /// The §9 record.
    pub fn to_receipt(&self) -> Result<Receipt, DemoError> {
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

    /// The member holding the signed statement.
    #[must_use]
    pub fn attestation_path(&self) -> String {
        format!("attachments/{}-receipt.dsse.json", self.subprocessor)
    }

    /// The defect of `--fault receipt-forged`: the collator drops the
    /// statement the subprocessor signed and writes one itself, signed with
    /// its own key (which no trust store holds for the subprocessor).
    pub fn forge_attestation(&mut self, subject_id: &str) -> Result<(), DemoError> {
        let collator = proofpack_author::keys::generate();
        let envelope = ReceiptStatement::of(&self.to_receipt()?, TENANT, subject_id)?
            .sign(COLLATOR_KEY_ID, &collator)?;
        self.attestation = Some(String::from_utf8_lossy(&envelope).into_owned());
        Ok(())
    }

    /// Attachment path of exchange `n`.
    #[must_use]
    pub fn attachment_path(&self, n: usize) -> String {
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
}

/// A blocking HTTP client that hands every status back (a 404 is an
/// answer to record, not an error).
pub(crate) fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(10)))
        .build()
        .into()
}

fn exchange(
    agent: &ureq::Agent,
    method: &str,
    url: &str,
    body: Option<(&str, String)>,
) -> Result<Exchange, DemoError> {
    let http = |e: ureq::Error| DemoError::Service(format!("{method} {url}: {e}"));
    let mut response = match (method, body) {
        ("POST", Some((content_type, body))) => agent
            .post(url)
            .header("content-type", content_type)
            .send(body.as_str())
            .map_err(http)?,
        _ => agent.get(url).call().map_err(http)?,
    };
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().map_err(http)?;
    Ok(Exchange {
        request: format!("{method} {url}"),
        status,
        body,
    })
}

fn json_body(e: &Exchange) -> Value {
    serde_json::from_str(&e.body).unwrap_or(Value::Null)
}

fn text(v: &Value, name: &str) -> Option<String> {
    v.get(name).and_then(Value::as_str).map(str::to_owned)
}

/// Asks `service` to delete `subject_id` and collects the receipt.
pub fn collect(
    service: &Endpoint,
    subject_id: &str,
    clock: &Clock,
) -> Result<CollectedReceipt, DemoError> {
    let agent = agent();
    let requested_at = clock.stamp();
    let url = format!("{}/v1/deletions", service.base_url);
    let first = exchange(
        &agent,
        "POST",
        &url,
        Some((
            "application/json",
            json!({"subject": subject_id}).to_string(),
        )),
    )?;
    let body = json_body(&first);
    let mut receipt = CollectedReceipt {
        subprocessor: service.name.to_owned(),
        channel: Channel::Api.as_str().to_owned(),
        endpoint: Some(DELETION_ENDPOINT.to_owned()),
        ticket_id: text(&body, "ticket_id").unwrap_or_default(),
        requested_at,
        status: StatusName::Failed.as_str().to_owned(),
        confirmed_at: None,
        due_at: None,
        exchanges: vec![first.clone()],
        attestation: None,
    };
    if first.status == 404 && body.get("contact").is_some() {
        // No deletion API: the request goes to the privacy mailbox, and the
        // confirmation comes back as a letter, without a ticket.
        let letter = format!("Please erase every record you hold of subject {subject_id}");
        let requested_at = clock.stamp();
        let answer = exchange(
            &agent,
            "POST",
            &format!("{}{MAILBOX_PATH}", service.base_url),
            Some(("text/plain", letter)),
        )?;
        receipt.channel = Channel::Email.as_str().to_owned();
        receipt.endpoint = None;
        receipt.ticket_id = String::new();
        receipt.requested_at = requested_at;
        if answer.status == 200 {
            receipt.status = StatusName::Confirmed.as_str().to_owned();
            receipt.confirmed_at = Some(clock.stamp());
        }
        receipt.exchanges.push(answer);
        return Ok(receipt);
    }
    let mut state = body;
    if text(&state, "status").as_deref() == Some("accepted") && !receipt.ticket_id.is_empty() {
        let follow = exchange(&agent, "GET", &format!("{url}/{}", receipt.ticket_id), None)?;
        state = json_body(&follow);
        receipt.exchanges.push(follow);
    }
    match text(&state, "status").as_deref() {
        Some("completed") => {
            receipt.status = StatusName::Confirmed.as_str().to_owned();
            receipt.confirmed_at = text(&state, "completed_at");
            receipt.attestation = text(&state, "attestation");
        }
        Some("accepted") => {
            receipt.status = StatusName::Pending.as_str().to_owned();
            receipt.due_at = text(&state, "due_at");
        }
        _ => {}
    }
    Ok(receipt)
}

/// How many records `service` holds for `subject_id` (its lookup API), as
/// the cascade counts them.
pub fn held_records(service: &Endpoint, subject_id: &str) -> Result<u64, DemoError> {
    let url = format!("{}/v1/subjects/{subject_id}/records", service.base_url);
    let answer = exchange(&agent(), "GET", &url, None)?;
    json_body(&answer)
        .get("records")
        .and_then(Value::as_u64)
        .ok_or_else(|| {
            DemoError::Service(format!(
                "{}: lookup answered {}",
                service.name, answer.status
            ))
        })
}
