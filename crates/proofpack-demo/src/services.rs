//! The subprocessors: real HTTP services (axum) on 127.0.0.1, on ports the
//! OS chooses, on an in-process tokio runtime. Each holds a copy of the
//! subjects' data and offers:
//!
//! * `POST /v1/deletions` with `{"subject": "<subject_id>"}`: deletes the
//!   subject's records and returns a ticket (`ticket_id`, `status`); a
//!   completed deletion's answer also holds `attestation`, the service's
//!   own signed statement of it (§16: a DSSE envelope, as text, signed with
//!   the service's key, fresh for each run);
//! * `GET /v1/deletions/{ticket_id}`: the ticket as it stands;
//! * `GET /v1/subjects/{subject_id}/records`: the lookup API, how many
//!   records the service still holds for the subject;
//! * `GET /v1/search?q=TEXT[&exact=true]`: the content search, every record
//!   (under any subject) whose text holds (or is) `TEXT`, case-insensitive.
//!
//! A service with [`Behaviour::EmailOnly`] has no deletion API (`404`) and
//! takes requests at its privacy mailbox (`POST /mail/privacy`, a stand-in
//! for e-mail that answers with a confirmation letter and no ticket); one
//! with [`Behaviour::AcceptsWithoutConfirming`] accepts a deletion and
//! leaves it pending. [`Subprocessors`] stops every service, and the
//! runtime, when it is dropped.

use crate::clock::Clock;
use crate::intake::TENANT;
use crate::DemoError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use ed25519_dalek::{SigningKey, VerifyingKey};
use proofpack_producer::{Channel, Receipt, ReceiptStatement, ReceiptStatus};
use proofpack_spec::timestamp::format_instant;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

/// The vector database subprocessor.
pub const VECTOR_SAAS: &str = "vector-saas";
/// The LLM provider's knowledge-base subprocessor.
pub const LLM_PROVIDER_KB: &str = "llm-provider-kb";
// The services speak the deletion API of `proofpack-platform`'s collator.
use proofpack_platform::{DELETIONS_PATH, MAILBOX_PATH, TICKET_ACCEPTED, TICKET_COMPLETED};

/// How a service handles a deletion request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Behaviour {
    /// Deletes at once and confirms with a ticket.
    Api,
    /// No deletion API: requests go to the privacy mailbox.
    EmailOnly,
    /// Accepts the deletion with a ticket, and leaves it pending.
    AcceptsWithoutConfirming,
}

/// What one service is started with.
#[derive(Debug, Clone)]
pub struct ServiceSpec {
    /// Its name, as the manifest's `subprocessors` lists it.
    pub name: &'static str,
    /// How it handles deletions.
    pub(crate) behaviour: Behaviour,
    /// The records it holds, by `subject_id`.
    pub records: BTreeMap<String, Vec<String>>,
}

#[derive(Debug)]
struct Ticket {
    subject: String,
    status: &'static str,
    completed_at: Option<String>,
    due_at: Option<String>,
}

impl Ticket {
    fn to_json(&self, id: &str) -> Value {
        let mut body = json!({"ticket_id": id, "subject": self.subject, "status": self.status});
        if let Some(at) = &self.completed_at {
            body["completed_at"] = json!(at);
        }
        if let Some(at) = &self.due_at {
            body["due_at"] = json!(at);
        }
        body
    }
}

struct Service {
    name: &'static str,
    behaviour: Behaviour,
    key: SigningKey,
    clock: Clock,
    records: Mutex<BTreeMap<String, Vec<String>>>,
    tickets: Mutex<BTreeMap<String, Ticket>>,
}

type Shared = Arc<Service>;

impl std::fmt::Debug for Service {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Service")
            .field("name", &self.name)
            .field("behaviour", &self.behaviour)
            .finish_non_exhaustive()
    }
}

/// The `key_id` of a service's receipt-signing key (role `subprocessor`,
/// `owner` its name, in the trust store).
#[must_use]
pub(crate) fn receipt_key_id(name: &str) -> String {
    format!("{name}-receipts")
}

impl Service {
    /// The service's signed statement that ticket `ticket_id` erased
    /// `subject` at `completed_at` (§16): the envelope's text. The
    /// statement names no request time, so the completion time stands in
    /// for it in the receipt it is made from.
    fn attest(&self, subject: &str, ticket_id: &str, completed_at: &str) -> Option<String> {
        let confirmed = ReceiptStatus::Confirmed {
            confirmed_at: completed_at.to_owned(),
        };
        let receipt =
            Receipt::new(self.name, Channel::Api, ticket_id, completed_at, confirmed).ok()?;
        let envelope = ReceiptStatement::of(&receipt, TENANT, subject)
            .ok()?
            .sign(&receipt_key_id(self.name), &self.key)
            .ok()?;
        String::from_utf8(envelope).ok()
    }

    fn records(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<String>>> {
        self.records.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn tickets(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Ticket>> {
        self.tickets.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn new_ticket(&self, ticket: Ticket) -> String {
        let mut tickets = self.tickets();
        let prefix: String = self
            .name
            .chars()
            .filter(char::is_ascii_alphabetic)
            .take(3)
            .collect();
        let id = format!("{prefix}-del-{:04}", tickets.len() + 1);
        tickets.insert(id.clone(), ticket);
        id
    }
}

async fn delete(
    State(service): State<Shared>,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let Some(subject) = body
        .get("subject")
        .and_then(Value::as_str)
        .map(str::to_owned)
    else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "`subject` is required"})),
        );
    };
    match service.behaviour {
        Behaviour::EmailOnly => (
            StatusCode::NOT_FOUND,
            Json(json!({
                "error": "no deletion API",
                "contact": format!("privacy@{}.example", service.name),
            })),
        ),
        Behaviour::Api => {
            let deleted = service.records().remove(&subject).map_or(0, |r| r.len());
            let completed_at = service.clock.stamp();
            let ticket = Ticket {
                subject: subject.clone(),
                status: TICKET_COMPLETED,
                completed_at: Some(completed_at.clone()),
                due_at: None,
            };
            let id = service.new_ticket(ticket);
            let mut body = service
                .tickets()
                .get(&id)
                .map_or(Value::Null, |t| t.to_json(&id));
            body["deleted"] = json!(deleted);
            if let Some(envelope) = service.attest(&subject, &id, &completed_at) {
                body["attestation"] = json!(envelope);
            }
            (StatusCode::OK, Json(body))
        }
        Behaviour::AcceptsWithoutConfirming => {
            let due = service.clock.now() + time::Duration::days(14);
            let ticket = Ticket {
                subject,
                status: TICKET_ACCEPTED,
                completed_at: None,
                due_at: Some(format_instant(due)),
            };
            let id = service.new_ticket(ticket);
            let body = service
                .tickets()
                .get(&id)
                .map_or(Value::Null, |t| t.to_json(&id));
            (StatusCode::ACCEPTED, Json(body))
        }
    }
}

async fn ticket(
    State(service): State<Shared>,
    Path(id): Path<String>,
) -> (StatusCode, Json<Value>) {
    match service.tickets().get(&id) {
        Some(t) => (StatusCode::OK, Json(t.to_json(&id))),
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({"error": "no such ticket"})),
        ),
    }
}

async fn lookup(State(service): State<Shared>, Path(subject): Path<String>) -> Json<Value> {
    let records = service.records().get(&subject).map_or(0, Vec::len);
    Json(json!({"subject": subject, "records": records}))
}

/// The query of `GET /v1/search`.
#[derive(Debug, serde::Deserialize)]
struct SearchQuery {
    q: String,
    /// `exact`: the record is `q`, not merely holds it.
    #[serde(default)]
    exact: bool,
}

/// The content search: every record, under any subject, whose text holds
/// `q` (or, with `exact=true`, is `q`), case-insensitive, as `{"subject",
/// "index"}`.
async fn search(
    State(service): State<Shared>,
    axum::extract::Query(query): axum::extract::Query<SearchQuery>,
) -> Json<Value> {
    let needle = query.q.to_lowercase();
    let matches: Vec<Value> = service
        .records()
        .iter()
        .flat_map(|(subject, records)| {
            records
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    let r = r.to_lowercase();
                    !needle.is_empty()
                        && if query.exact {
                            r == needle
                        } else {
                            r.contains(&needle)
                        }
                })
                .map(move |(index, _)| json!({"subject": subject, "index": index}))
        })
        .collect();
    Json(json!({"matches": matches}))
}

/// The privacy mailbox: the body is the letter, whose last word is the
/// subject; the answer is the confirmation letter (no ticket).
async fn mailbox(State(service): State<Shared>, letter: String) -> (StatusCode, String) {
    if service.behaviour != Behaviour::EmailOnly {
        return (StatusCode::NOT_FOUND, "no mailbox here\n".to_owned());
    }
    let subject = letter
        .split_whitespace()
        .last()
        .unwrap_or_default()
        .to_owned();
    let deleted = service.records().remove(&subject).map_or(0, |r| r.len());
    (
        StatusCode::OK,
        format!(
            "From: privacy@{}.example\nDate: {}\nSubject: Re: erasure request\n\nWe have erased {deleted} records of {subject}.\n",
            service.name,
            service.clock.stamp()
        ),
    )
}

/// A running service.
#[derive(Debug, Clone)]
pub struct Endpoint {
    /// Its name.
    pub name: &'static str,
    /// `http://127.0.0.1:PORT`.
    pub base_url: String,
    /// The public half of its receipt-signing key.
    pub(crate) receipt_key: VerifyingKey,
}

/// The running subprocessors. Dropping it stops them and their runtime.
#[derive(Debug)]
pub struct Subprocessors {
    runtime: Option<tokio::runtime::Runtime>,
    stop: Vec<oneshot::Sender<()>>,
    /// The services, in start order.
    pub endpoints: Vec<Endpoint>,
}

impl Subprocessors {
    /// Starts one service per spec, each on its own OS-chosen port.
    pub fn start(specs: Vec<ServiceSpec>, clock: &Clock) -> Result<Self, DemoError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("proofpack-demo-services")
            .enable_io()
            .build()
            .map_err(|e| DemoError::Service(format!("cannot start the runtime: {e}")))?;
        let mut running = Subprocessors {
            runtime: None,
            stop: Vec::new(),
            endpoints: Vec::new(),
        };
        for spec in specs {
            let listener = runtime
                .block_on(tokio::net::TcpListener::bind(("127.0.0.1", 0)))
                .map_err(|e| DemoError::Service(format!("{}: cannot listen: {e}", spec.name)))?;
            let addr = listener
                .local_addr()
                .map_err(|e| DemoError::Service(format!("{}: {e}", spec.name)))?;
            let key = proofpack_author::keys::generate();
            let receipt_key = key.verifying_key();
            let service = Arc::new(Service {
                name: spec.name,
                behaviour: spec.behaviour,
                key,
                clock: clock.clone(),
                records: Mutex::new(spec.records),
                tickets: Mutex::new(BTreeMap::new()),
            });
            let app = Router::new()
                .route(DELETIONS_PATH, post(delete))
                .route(&format!("{DELETIONS_PATH}/{{id}}"), get(ticket))
                .route("/v1/subjects/{subject}/records", get(lookup))
                .route("/v1/search", get(search))
                .route(MAILBOX_PATH, post(mailbox))
                .with_state(service);
            let (tx, rx) = oneshot::channel::<()>();
            runtime.spawn(async move {
                let _ = axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = rx.await;
                    })
                    .await;
            });
            running.stop.push(tx);
            running.endpoints.push(Endpoint {
                name: spec.name,
                base_url: format!("http://{addr}"),
                receipt_key,
            });
        }
        running.runtime = Some(runtime);
        Ok(running)
    }

    /// Stops every service and the runtime (also done on drop).
    pub(crate) fn stop(&mut self) {
        for tx in self.stop.drain(..) {
            let _ = tx.send(());
        }
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(std::time::Duration::from_secs(2));
        }
    }
}

impl Drop for Subprocessors {
    fn drop(&mut self) {
        self.stop();
    }
}
