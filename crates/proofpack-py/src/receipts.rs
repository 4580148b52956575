//! Subprocessor receipts for Python: the §9 record and
//! `subprocessor-receipts.jsonl` (proofpack-producer), the subprocessor's
//! signed statement of §16 (its DSSE envelope), and a receipt as a platform
//! collects it, with the raw exchanges that become the pack's attachments
//! (proofpack-platform).

use crate::records::{name, producer_error, ProducerError};
use crate::{authoring_error, kinded};
use proofpack_author::keys;
use proofpack_platform::PlatformError;
use proofpack_platform::{CollectedReceipt as Collected, Exchange as PlatformExchange};
use proofpack_producer as producer;
use proofpack_producer::{Channel, ReceiptStatus};
use proofpack_spec::vocab::ReceiptStatus as StatusName;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::Value;
use std::path::PathBuf;

/// A platform's refusal: the producer's own as it is, any other (a JSON
/// writer failing) as a [`ProducerError`] too, as it concerns the record.
fn platform_error(e: PlatformError) -> PyErr {
    match e {
        PlatformError::Producer(e) => producer_error(e),
        other => kinded(ProducerError::new_err(other.to_string()), other.kind()),
    }
}

/// A member the producer refuses when missing.
fn missing(member: &str) -> PyErr {
    producer_error(producer::ProducerError::Missing(member.into()))
}

/// A validated `subprocessor-receipts.jsonl` record (§9): `status` is
/// `confirmed` (with `confirmed_at`), `pending` (with `due_at`) or
/// `failed`; `channel` is `api`, `email`, `phone` or another name.
/// `attestation` names the archive member holding the subprocessor's
/// signed statement (§16). Raises ProducerError for what §9 calls
/// malformed (an empty subprocessor, a timestamp that is not §0, a
/// confirmation before the request), ValueError for an unknown status or a
/// date of another status.
#[pyclass(module = "proofpack", frozen)]
pub(crate) struct Receipt {
    pub(crate) inner: producer::Receipt,
}

impl Receipt {
    /// A string member of the record, as `subprocessor-receipts.jsonl`
    /// holds it (so each getter reads what is written).
    fn member(&self, member: &str) -> Option<String> {
        self.inner
            .to_value()
            .get(member)
            .and_then(Value::as_str)
            .map(str::to_owned)
    }
}

#[pymethods]
impl Receipt {
    #[new]
    #[pyo3(signature = (subprocessor, channel, ticket_id, requested_at, status, *, confirmed_at=None, due_at=None, endpoint=None, attestation=None))]
    #[allow(clippy::too_many_arguments)] // §9's members, as keyword arguments.
    fn new(
        subprocessor: String,
        channel: &str,
        ticket_id: String,
        requested_at: String,
        status: &str,
        confirmed_at: Option<String>,
        due_at: Option<String>,
        endpoint: Option<String>,
        attestation: Option<String>,
    ) -> PyResult<Self> {
        let kind: StatusName = name("status", status)?;
        let stray = match kind {
            StatusName::Confirmed => due_at.as_ref().map(|_| "due_at"),
            StatusName::Pending => confirmed_at.as_ref().map(|_| "confirmed_at"),
            StatusName::Failed => confirmed_at
                .as_ref()
                .map(|_| "confirmed_at")
                .or(due_at.as_ref().map(|_| "due_at")),
        };
        if let Some(stray) = stray {
            return Err(PyValueError::new_err(format!(
                "{stray} does not belong to status {status}"
            )));
        }
        let status = match kind {
            StatusName::Confirmed => ReceiptStatus::Confirmed {
                confirmed_at: confirmed_at.ok_or_else(|| missing("confirmed_at"))?,
            },
            StatusName::Pending => ReceiptStatus::Pending {
                due_at: due_at.ok_or_else(|| missing("due_at"))?,
            },
            StatusName::Failed => ReceiptStatus::Failed,
        };
        let mut inner = producer::Receipt::new(
            subprocessor,
            Channel::parse(channel),
            ticket_id,
            requested_at,
            status,
        )
        .map_err(producer_error)?;
        if let Some(endpoint) = endpoint {
            inner = inner.with_endpoint(endpoint);
        }
        if let Some(member) = attestation {
            inner = inner.with_attestation(member);
        }
        Ok(Receipt { inner })
    }

    #[getter]
    fn subprocessor(&self) -> &str {
        self.inner.subprocessor()
    }

    #[getter]
    fn channel(&self) -> String {
        // A member every record has: never the empty default.
        self.member("channel").unwrap_or_default()
    }

    #[getter]
    fn ticket_id(&self) -> &str {
        self.inner.ticket_id()
    }

    #[getter]
    fn requested_at(&self) -> String {
        // A member every record has: never the empty default.
        self.member("requested_at").unwrap_or_default()
    }

    #[getter]
    fn status(&self) -> &'static str {
        self.inner.status().as_str()
    }

    #[getter]
    fn confirmed_at(&self) -> Option<String> {
        self.member("confirmed_at")
    }

    #[getter]
    fn due_at(&self) -> Option<String> {
        self.member("due_at")
    }

    #[getter]
    fn endpoint(&self) -> Option<String> {
        self.member("endpoint")
    }

    /// The archive member holding the signed statement, or None.
    #[getter]
    fn attestation(&self) -> Option<String> {
        self.member("attestation")
    }

    /// Whether this receipt erases its subprocessor (§9): confirmed, by
    /// API, with a ticket.
    #[getter]
    fn erases(&self) -> bool {
        self.inner.erases()
    }

    /// The record as Python data, as its `subprocessor-receipts.jsonl`
    /// line holds it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::loads(py, &self.inner.to_value().to_string())
    }
}

/// The bytes of `subprocessor-receipts.jsonl`: one line a receipt, in the
/// order given (empty bytes for none).
#[pyfunction]
pub(crate) fn receipts_jsonl<'py>(
    py: Python<'py>,
    records: Vec<PyRef<'py, Receipt>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let records: Vec<producer::Receipt> = records.iter().map(|r| r.inner.clone()).collect();
    let bytes = producer::receipts_jsonl(&records).map_err(producer_error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// A subprocessor's statement of one deletion (§16), of a confirmed
/// `receipt` for the pack's `tenant_id` and `subject_id` (the manifest's).
/// The subprocessor signs it with its own key (role `subprocessor`, owner
/// the receipt's subprocessor, in the verifier's trust store); the
/// controller stores the envelope at the member the receipt's
/// `attestation` names. Raises ProducerError for a receipt that is not
/// confirmed: a subprocessor signs that it deleted, nothing else.
#[pyclass(module = "proofpack", frozen)]
pub(crate) struct ReceiptStatement {
    inner: producer::ReceiptStatement,
}

#[pymethods]
impl ReceiptStatement {
    #[new]
    fn new(receipt: PyRef<'_, Receipt>, tenant_id: String, subject_id: String) -> PyResult<Self> {
        let inner = producer::ReceiptStatement::of(&receipt.inner, tenant_id, subject_id)
            .map_err(producer_error)?;
        Ok(ReceiptStatement { inner })
    }

    /// The statement's bytes: the envelope's payload.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.inner.to_json().map_err(producer_error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The DSSE envelope of the statement signed with the private key at
    /// `key_path` (PKCS#8 PEM), named `key_id` in the verifier's trust
    /// store: the bytes of the archive member the receipt names. Raises
    /// OSError when the key file cannot be read, KeyFileError when it holds
    /// no Ed25519 private key.
    fn sign<'py>(
        &self,
        py: Python<'py>,
        key_id: &str,
        key_path: PathBuf,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let key = keys::read_private_key(&key_path).map_err(authoring_error)?;
        let bytes = self.inner.sign(key_id, &key).map_err(producer_error)?;
        Ok(PyBytes::new(py, &bytes))
    }
}

/// One request to a subprocessor and its raw response, kept verbatim:
/// `request` (`METHOD URL`, or `MAIL address` for a letter), the response
/// `status` (HTTP status; 200 for a letter answered) and `body`.
#[pyclass(module = "proofpack", frozen)]
pub(crate) struct Exchange {
    inner: PlatformExchange,
}

#[pymethods]
impl Exchange {
    #[new]
    fn new(request: String, status: u16, body: String) -> Self {
        Exchange {
            inner: PlatformExchange {
                request,
                status,
                body,
            },
        }
    }

    #[getter]
    fn request(&self) -> &str {
        &self.inner.request
    }

    #[getter]
    fn status(&self) -> u16 {
        self.inner.status
    }

    #[getter]
    fn body(&self) -> &str {
        &self.inner.body
    }

    /// The attachment's bytes: the exchange as pretty JSON.
    fn to_attachment<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.inner.to_attachment().map_err(platform_error)?;
        Ok(PyBytes::new(py, &bytes))
    }
}

/// A signed statement as given: the envelope's text or its bytes (UTF-8).
#[derive(FromPyObject)]
enum Envelope {
    Text(String),
    Bytes(Vec<u8>),
}

impl Envelope {
    fn into_text(self) -> PyResult<String> {
        match self {
            Envelope::Text(text) => Ok(text),
            Envelope::Bytes(bytes) => String::from_utf8(bytes)
                .map_err(|e| PyValueError::new_err(format!("attestation: {e}"))),
        }
    }
}

/// A receipt as a platform collects it (proofpack-platform): the §9 fields,
/// the raw exchanges behind them and the subprocessor's signed statement
/// when its answer held one. It starts `failed`; `confirm` and `pending`
/// record what the subprocessor answered. `to_receipt` never claims more
/// than that: a status without its date is written `failed`.
/// `to_json`/`from_json` keep it between the cascade and the signing.
#[pyclass(module = "proofpack")]
pub(crate) struct CollectedReceipt {
    inner: Collected,
}

#[pymethods]
impl CollectedReceipt {
    #[new]
    #[pyo3(signature = (subprocessor, channel, requested_at, *, endpoint=None, ticket_id=String::new()))]
    fn new(
        subprocessor: &str,
        channel: &str,
        requested_at: &str,
        endpoint: Option<String>,
        ticket_id: String,
    ) -> Self {
        let mut inner = Collected::new(subprocessor, channel, requested_at);
        inner.endpoint = endpoint;
        inner.ticket_id = ticket_id;
        CollectedReceipt { inner }
    }

    /// The collected receipt kept as JSON by `to_json`; ValueError when
    /// `text` is not one.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        let inner = serde_json::from_str(text)
            .map_err(|e| PyValueError::new_err(format!("a collected receipt: {e}")))?;
        Ok(CollectedReceipt { inner })
    }

    /// The collected receipt as JSON, for a platform's own store.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner)
            .map_err(|e| kinded(ProducerError::new_err(e.to_string()), "json"))
    }

    #[getter]
    fn subprocessor(&self) -> &str {
        &self.inner.subprocessor
    }

    #[getter]
    fn channel(&self) -> &str {
        &self.inner.channel
    }

    #[getter]
    fn requested_at(&self) -> &str {
        &self.inner.requested_at
    }

    #[getter]
    fn status(&self) -> &str {
        &self.inner.status
    }

    #[getter]
    fn confirmed_at(&self) -> Option<&str> {
        self.inner.confirmed_at.as_deref()
    }

    #[getter]
    fn due_at(&self) -> Option<&str> {
        self.inner.due_at.as_deref()
    }

    #[getter]
    fn endpoint(&self) -> Option<&str> {
        self.inner.endpoint.as_deref()
    }

    #[setter]
    fn set_endpoint(&mut self, endpoint: Option<String>) {
        self.inner.endpoint = endpoint;
    }

    #[getter]
    fn ticket_id(&self) -> &str {
        &self.inner.ticket_id
    }

    #[setter]
    fn set_ticket_id(&mut self, ticket_id: String) {
        self.inner.ticket_id = ticket_id;
    }

    /// The subprocessor's signed statement (a DSSE envelope's exact text),
    /// or None; set it from `ReceiptStatement.sign`'s bytes or a str.
    #[getter]
    fn attestation(&self) -> Option<&str> {
        self.inner.attestation.as_deref()
    }

    #[setter]
    fn set_attestation(&mut self, envelope: Option<Envelope>) -> PyResult<()> {
        self.inner.attestation = envelope.map(Envelope::into_text).transpose()?;
        Ok(())
    }

    /// The raw exchanges, in the order they happened (copies).
    #[getter]
    fn exchanges(&self) -> Vec<Exchange> {
        self.inner
            .exchanges
            .iter()
            .map(|e| Exchange { inner: e.clone() })
            .collect()
    }

    /// Records one more exchange.
    fn add_exchange(&mut self, exchange: PyRef<'_, Exchange>) {
        self.inner.exchanges.push(exchange.inner.clone());
    }

    /// The deletion was confirmed at `at`.
    fn confirm(&mut self, at: &str) {
        self.inner.confirm(at);
    }

    /// The deletion is pending, due at `due_at`.
    fn pending(&mut self, due_at: &str) {
        self.inner.pending(due_at);
    }

    /// The §9 record (with `attestation` naming `attestation_path` when a
    /// statement was kept). Raises ProducerError for what §9 calls
    /// malformed.
    fn to_receipt(&self) -> PyResult<Receipt> {
        let inner = self.inner.to_receipt().map_err(platform_error)?;
        Ok(Receipt { inner })
    }

    /// The member holding the signed statement.
    #[getter]
    fn attestation_path(&self) -> String {
        self.inner.attestation_path()
    }

    /// The member holding exchange `n`.
    fn exchange_path(&self, n: usize) -> String {
        self.inner.exchange_path(n)
    }

    /// Every attachment of this receipt as `(member path, bytes)`: the
    /// signed statement in its exact text, then each exchange.
    fn attachments<'py>(&self, py: Python<'py>) -> PyResult<Vec<(String, Bound<'py, PyBytes>)>> {
        Ok(self
            .inner
            .attachments()
            .map_err(platform_error)?
            .into_iter()
            .map(|(path, bytes)| (path, PyBytes::new(py, &bytes)))
            .collect())
    }
}
