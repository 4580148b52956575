//! The producer's records for Python: the subject's pseudonym (§2),
//! `request.json` (§5), step records and `steps.jsonl` (§7),
//! `verification.json` (§8) and `provenance.jsonl` (§11). Each is built by
//! proofpack-producer's own builders, which refuse what the specification
//! calls malformed (a [`ProducerError`]) and write honest bad news (a
//! residue, a live derivation) as it is, for the verifier to report.

use crate::{kinded, loads, Error};
use proofpack_producer as producer;
use proofpack_producer::{
    ArtifactState, Backup as ProducerBackup, BackupState, DataClass, Exemption, Extension,
    ModelAction, ModelLineage, NodeRef, ProbeResultsBuilder, ProvenanceRecord, Purge, StatusKind,
    Step, StepOutput, StepStatus, PURGE_SERVING_INDEX_ONLY,
};
use proofpack_spec::calendar::{period_end, periods};
use proofpack_spec::timestamp::format_instant;
use proofpack_spec::vocab::{
    ArtifactState as StateName, BackupState as BackupName, LegalBasis, ModelAction as ActionName,
    ObligationKind, RecordType, UnknownName,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::str::FromStr;

pyo3::create_exception!(
    proofpack,
    ProducerError,
    Error,
    "The producer refused to write a record the specification calls malformed; the message names the member."
);

/// The producer's refusal, with its kind ([`producer::ProducerError::kind`]).
pub(crate) fn producer_error(e: producer::ProducerError) -> PyErr {
    kinded(ProducerError::new_err(e.to_string()), e.kind())
}

/// A spec name of its closed set, or a ValueError naming the argument.
pub(crate) fn name<T: FromStr<Err = UnknownName>>(field: &str, text: &str) -> PyResult<T> {
    text.parse()
        .map_err(|e: UnknownName| PyValueError::new_err(format!("{field}: {e}")))
}

/// Python data (dicts, lists, str, int, float, bool, None) as a JSON value,
/// through Python's own `json` module.
pub(crate) fn json_value(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text: String = value
        .py()
        .import("json")?
        .call_method1("dumps", (value,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The JSON object `value` (a dict), or a ValueError naming `what`.
fn object(what: &str, value: &Value) -> PyResult<Map<String, Value>> {
    value
        .as_object()
        .cloned()
        .ok_or_else(|| PyValueError::new_err(format!("{what}: must be a dict")))
}

/// Member `member` of `obj`, a string, or a ValueError naming it.
fn text(what: &str, obj: &Map<String, Value>, member: &str) -> PyResult<String> {
    obj.get(member)
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| PyValueError::new_err(format!("{what}: `{member}` must be a str")))
}

/// Member `member` of `obj`, a list of strings, or a ValueError naming it.
fn texts(what: &str, obj: &Map<String, Value>, member: &str) -> PyResult<Vec<String>> {
    obj.get(member)
        .and_then(Value::as_array)
        .and_then(|a| {
            a.iter()
                .map(|s| s.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
        })
        .ok_or_else(|| PyValueError::new_err(format!("{what}: `{member}` must be a list of str")))
}

/// `{"legal_basis": ..., "justification": ...}` (§7).
fn exemption(what: &str, value: &Value) -> PyResult<Exemption> {
    let obj = object(what, value)?;
    Ok(Exemption {
        legal_basis: text(what, &obj, "legal_basis")?,
        justification: text(what, &obj, "justification")?,
    })
}

/// The pseudonymous `subject_id` (§2) of `identifier`: `sub_` and the hex
/// HMAC-SHA-256 of the identifier under `key` (at least 32 bytes, kept by
/// the controller). Raises ProducerError for a short key or an empty
/// identifier.
#[pyfunction]
pub(crate) fn pseudonymous_subject_id(key: &[u8], identifier: &str) -> PyResult<String> {
    producer::pseudonymous_subject_id(key, identifier).map_err(producer_error)
}

/// A validated `request.json` (§5). `data_classes` are §5's tiers,
/// `legal_basis` one of §2's; `extension` is None or the dict
/// `{"extended_to", "notified_at", "reason"}`. Raises ProducerError for
/// what §5 and §6 call malformed (a raw subject identifier, a repeated
/// class, an overstated deadline, ...), ValueError for an unknown name.
#[pyclass(module = "proofpack", frozen)]
pub(crate) struct Request {
    pub(crate) inner: producer::Request,
}

#[pymethods]
impl Request {
    #[new]
    #[pyo3(signature = (request_id, tenant_id, subject_id, data_classes, legal_basis, received_at, requester_identity_proof_ref, sla_deadline, extension=None))]
    #[allow(clippy::too_many_arguments)] // §5's members, as keyword arguments.
    fn new(
        request_id: String,
        tenant_id: String,
        subject_id: String,
        data_classes: Vec<String>,
        legal_basis: &str,
        received_at: String,
        requester_identity_proof_ref: String,
        sla_deadline: String,
        extension: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let classes = data_classes
            .iter()
            .map(|c| name::<DataClass>("data_classes", c))
            .collect::<PyResult<Vec<_>>>()?;
        let mut builder = producer::Request::builder()
            .request_id(request_id)
            .tenant_id(tenant_id)
            .subject_id(subject_id)
            .data_classes(classes)
            .legal_basis(name("legal_basis", legal_basis)?)
            .received_at(received_at)
            .requester_identity_proof_ref(requester_identity_proof_ref)
            .sla_deadline(sla_deadline);
        if let Some(extension) = extension {
            let obj = object("extension", &json_value(extension.as_any())?)?;
            builder = builder.extension(Extension {
                extended_to: text("extension", &obj, "extended_to")?,
                notified_at: text("extension", &obj, "notified_at")?,
                reason: text("extension", &obj, "reason")?,
            });
        }
        let inner = builder.build().map_err(producer_error)?;
        Ok(Request { inner })
    }

    #[getter]
    fn request_id(&self) -> &str {
        self.inner.request_id()
    }

    #[getter]
    fn tenant_id(&self) -> &str {
        self.inner.tenant_id()
    }

    #[getter]
    fn subject_id(&self) -> &str {
        self.inner.subject_id()
    }

    #[getter]
    fn received_at(&self) -> &str {
        self.inner.received_at()
    }

    #[getter]
    fn sla_deadline(&self) -> &str {
        self.inner.sla_deadline()
    }

    /// The requested classes, in cascade order.
    #[getter]
    fn data_classes(&self) -> Vec<&'static str> {
        self.inner
            .data_classes()
            .iter()
            .map(|c| c.as_str())
            .collect()
    }

    /// The steps §7 requires of this request, in cascade order.
    fn required_steps(&self) -> Vec<&'static str> {
        self.inner
            .required_steps()
            .iter()
            .map(|s| s.as_str())
            .collect()
    }

    /// The bytes of `request.json`.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.inner.to_json().map_err(producer_error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The statutory deadline of §6 for a request received at `received_at`
    /// under `legal_basis`: the end of the first period (exclusive), in the
    /// offset of `received_at`. A `sla_deadline` must be strictly before
    /// it. Raises ValueError for an unknown basis or a bad timestamp.
    #[staticmethod]
    fn statutory_deadline(legal_basis: &str, received_at: &str) -> PyResult<String> {
        let basis: LegalBasis = name("legal_basis", legal_basis)?;
        let received = crate::timestamp("received_at", Some(received_at))?
            .ok_or_else(|| PyValueError::new_err("received_at: missing"))?;
        let (first, _) = periods(basis);
        period_end(&received, first)
            .map(format_instant)
            .ok_or_else(|| PyValueError::new_err("received_at: out of range"))
    }
}

/// One model release of a `fine_tune` step: `{"model_id", "action"}` and
/// what the action needs (`method` and `evaluation_ref`, or `exemption`).
fn model(value: &Value) -> PyResult<ModelLineage> {
    let obj = object("models", value)?;
    let action = match name("models.action", &text("models", &obj, "action")?)? {
        ActionName::NotTrainedOn => ModelAction::NotTrainedOn,
        ActionName::Retrained => ModelAction::Retrained,
        ActionName::Unlearned => ModelAction::Unlearned {
            method: text("models", &obj, "method")?,
            evaluation_ref: text("models", &obj, "evaluation_ref")?,
        },
        ActionName::Retired => ModelAction::Retired,
        ActionName::Suppressed => ModelAction::Suppressed,
        ActionName::RetainedWithExemption => ModelAction::RetainedWithExemption {
            exemption: exemption(
                "models.exemption",
                obj.get("exemption").unwrap_or(&Value::Null),
            )?,
        },
    };
    Ok(ModelLineage {
        model_id: text("models", &obj, "model_id")?,
        action,
    })
}

/// One backup of §17: `{"location", "state"}`, and for `beyond_use`
/// `retention_until` and `restore_suppression`.
fn backup(value: &Value) -> PyResult<ProducerBackup> {
    let obj = object("backups", value)?;
    let state = match name("backups.state", &text("backups", &obj, "state")?)? {
        BackupName::Purged => BackupState::Purged,
        BackupName::Live => BackupState::Live,
        BackupName::BeyondUse => BackupState::BeyondUse {
            retention_until: text("backups", &obj, "retention_until")?,
            restore_suppression: obj
                .get("restore_suppression")
                .and_then(Value::as_bool)
                .ok_or_else(|| {
                    PyValueError::new_err("backups: `restore_suppression` must be a bool")
                })?,
        },
    };
    Ok(ProducerBackup {
        location: text("backups", &obj, "location")?,
        state,
    })
}

/// One backup of a tier (§17): `state` is `purged`, `live` or `beyond_use`
/// (kept only until the backup expires), which also takes
/// `retention_until` and `restore_suppression` (whether a restore re-applies
/// the erasure). A `live` backup and an unsuppressed `beyond_use` are
/// honest bad news, written as they are. Given to `StepRecord(backups=...)`
/// (which takes dicts of the same shape too). Raises ProducerError for an
/// empty location or a `retention_until` that is not §0, ValueError for an
/// unknown state or a member of another state.
#[pyclass(module = "proofpack", frozen)]
pub(crate) struct Backup {
    inner: ProducerBackup,
}

#[pymethods]
impl Backup {
    #[new]
    #[pyo3(signature = (location, state, *, retention_until=None, restore_suppression=None))]
    fn new(
        location: String,
        state: &str,
        retention_until: Option<String>,
        restore_suppression: Option<bool>,
    ) -> PyResult<Self> {
        let state = match name::<BackupName>("state", state)? {
            BackupName::BeyondUse => BackupState::BeyondUse {
                retention_until: retention_until.ok_or_else(|| {
                    producer_error(producer::ProducerError::Missing("retention_until".into()))
                })?,
                restore_suppression: restore_suppression.ok_or_else(|| {
                    producer_error(producer::ProducerError::Missing(
                        "restore_suppression".into(),
                    ))
                })?,
            },
            other if retention_until.is_some() || restore_suppression.is_some() => {
                return Err(PyValueError::new_err(format!(
                    "retention_until and restore_suppression do not belong to state {}",
                    other.as_str()
                )))
            }
            BackupName::Purged => BackupState::Purged,
            BackupName::Live => BackupState::Live,
        };
        let inner = ProducerBackup { location, state };
        // Refused now rather than when a step record is built.
        inner.to_value().map_err(producer_error)?;
        Ok(Backup { inner })
    }

    #[getter]
    fn location(&self) -> &str {
        &self.inner.location
    }

    #[getter]
    fn state(&self) -> &'static str {
        match self.inner.state {
            BackupState::Purged => BackupName::Purged,
            BackupState::BeyondUse { .. } => BackupName::BeyondUse,
            BackupState::Live => BackupName::Live,
        }
        .as_str()
    }

    #[getter]
    fn retention_until(&self) -> Option<&str> {
        match &self.inner.state {
            BackupState::BeyondUse {
                retention_until, ..
            } => Some(retention_until),
            _ => None,
        }
    }

    #[getter]
    fn restore_suppression(&self) -> Option<bool> {
        match &self.inner.state {
            BackupState::BeyondUse {
                restore_suppression,
                ..
            } => Some(*restore_suppression),
            _ => None,
        }
    }

    /// The backup as Python data, as a step's `output.backups` holds it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = self.inner.to_value().map_err(producer_error)?;
        loads(py, &value.to_string())
    }
}

/// What an `ok` step's `output` holds, as the keyword arguments give it.
struct OutputArgs<'a, 'py> {
    replication_lag_drained: Option<bool>,
    purge: Option<&'a str>,
    models: Option<&'a Bound<'py, PyAny>>,
    backups: Option<&'a Bound<'py, PyAny>>,
    output: Option<&'a Bound<'py, PyDict>>,
}

impl OutputArgs<'_, '_> {
    fn given(&self) -> bool {
        self.replication_lag_drained.is_some()
            || self.purge.is_some()
            || self.models.is_some()
            || self.backups.is_some()
            || self.output.is_some()
    }

    /// The `output` of an `ok` step: at most one tier's evidence, the
    /// backups, then the free members.
    fn build(&self) -> PyResult<StepOutput> {
        let mut out = match (self.replication_lag_drained, self.purge, self.models) {
            (None, None, None) => StepOutput::none(),
            (Some(drained), None, None) => StepOutput::episodic(drained),
            (None, Some(PURGE_SERVING_INDEX_ONLY), None) => {
                StepOutput::vectors_serving_index_only()
            }
            (None, Some(purge), None) => StepOutput::vectors(name::<Purge>("purge", purge)?),
            (None, None, Some(models)) => {
                let models = json_value(models)?;
                let list = models
                    .as_array()
                    .ok_or_else(|| PyValueError::new_err("models: must be a list"))?;
                StepOutput::fine_tune(list.iter().map(model).collect::<PyResult<_>>()?)
            }
            _ => {
                return Err(PyValueError::new_err(
                    "give at most one of replication_lag_drained, purge and models",
                ))
            }
        };
        if let Some(backups) = self.backups {
            // Each a `Backup` or a dict of its JSON shape.
            let list = backups
                .try_iter()?
                .map(|item| {
                    let item = item?;
                    match item.cast::<Backup>() {
                        Ok(b) => Ok(b.get().inner.clone()),
                        Err(_) => backup(&json_value(&item)?),
                    }
                })
                .collect::<PyResult<_>>()?;
            out = out.with_backups(list);
        }
        if let Some(extra) = self.output {
            for (member, value) in object("output", &json_value(extra.as_any())?)? {
                out = out.with(member, value);
            }
        }
        Ok(out)
    }
}

/// The arguments of the statuses other than `ok`.
struct StatusArgs {
    error: Option<String>,
    exception_id: Option<String>,
    due_at: Option<String>,
    expires_at: Option<String>,
    exemption: Option<Value>,
}

/// The status `kind` with what it needs; a member of another status is a
/// ValueError, a missing one the producer's refusal.
fn step_status(kind: StatusKind, args: StatusArgs, output: &OutputArgs) -> PyResult<StepStatus> {
    let missing = |member: &str| producer_error(producer::ProducerError::Missing(member.into()));
    let given: Vec<&str> = [
        ("error", args.error.is_some()),
        ("exception_id", args.exception_id.is_some()),
        ("due_at", args.due_at.is_some()),
        ("expires_at", args.expires_at.is_some()),
        ("exemption", args.exemption.is_some()),
        ("output", output.given()),
    ]
    .into_iter()
    .filter_map(|(member, is)| is.then_some(member))
    .collect();
    let belongs: &[&str] = match kind {
        StatusKind::Ok => &["output"],
        StatusKind::Fail => &["error", "exception_id"],
        StatusKind::Pending => &["due_at"],
        StatusKind::Deferred => &["expires_at"],
        StatusKind::Exempt => &["exemption"],
    };
    if let Some(stray) = given.iter().find(|m| !belongs.contains(m)) {
        return Err(PyValueError::new_err(format!(
            "{stray} does not belong to status {kind}"
        )));
    }
    Ok(match kind {
        StatusKind::Ok => StepStatus::Ok {
            output: output.build()?,
        },
        // Empty strings reach the producer, which refuses a failure
        // without an exception as the silent failure it is.
        StatusKind::Fail => StepStatus::Fail {
            error: args.error.unwrap_or_default(),
            exception_id: args.exception_id.unwrap_or_default(),
        },
        StatusKind::Pending => StepStatus::Pending {
            due_at: args.due_at.ok_or_else(|| missing("due_at"))?,
        },
        StatusKind::Deferred => StepStatus::Deferred {
            expires_at: args.expires_at.ok_or_else(|| missing("expires_at"))?,
        },
        StatusKind::Exempt => StepStatus::Exempt {
            exemption: exemption(
                "exemption",
                args.exemption
                    .as_ref()
                    .ok_or_else(|| missing("exemption"))?,
            )?,
        },
    })
}

/// A validated `steps.jsonl` record (§7) of `step` with `status` (`ok`,
/// `fail`, `pending`, `deferred`, `exempt`). An `ok` step takes its tier's
/// evidence (`replication_lag_drained` for episodic, `purge` for vectors,
/// `models` for fine_tune), `backups` (§17) and free `output` members;
/// `fail` takes `error` and `exception_id`, `pending` `due_at`,
/// `deferred` `expires_at`, `exempt` `exemption`. `after_count` defaults
/// to 0 for `ok`. Raises ProducerError for what §7 calls malformed (an `ok`
/// with residue, a failure without an exception, an exempt audit log, ...).
#[pyclass(module = "proofpack", frozen)]
pub(crate) struct StepRecord {
    pub(crate) inner: producer::StepRecord,
}

#[pymethods]
impl StepRecord {
    #[new]
    #[pyo3(signature = (step, status, started_at, ended_at, before_count, code_ref, after_count=None, *, replication_lag_drained=None, purge=None, models=None, backups=None, output=None, error=None, exception_id=None, due_at=None, expires_at=None, exemption=None))]
    #[allow(clippy::too_many_arguments)] // §7's members, as keyword arguments.
    fn new(
        step: &str,
        status: &str,
        started_at: String,
        ended_at: String,
        before_count: u64,
        code_ref: String,
        after_count: Option<u64>,
        replication_lag_drained: Option<bool>,
        purge: Option<&str>,
        models: Option<&Bound<'_, PyAny>>,
        backups: Option<&Bound<'_, PyAny>>,
        output: Option<&Bound<'_, PyDict>>,
        error: Option<String>,
        exception_id: Option<String>,
        due_at: Option<String>,
        expires_at: Option<String>,
        exemption: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let output = OutputArgs {
            replication_lag_drained,
            purge,
            models,
            backups,
            output,
        };
        let args = StatusArgs {
            error,
            exception_id,
            due_at,
            expires_at,
            exemption: exemption.map(|e| json_value(e.as_any())).transpose()?,
        };
        let status = step_status(name("status", status)?, args, &output)?;
        let mut builder = producer::StepRecord::builder(name::<Step>("step", step)?)
            .status(status)
            .started_at(started_at)
            .ended_at(ended_at)
            .before_count(before_count)
            .code_ref(code_ref);
        if let Some(after) = after_count {
            builder = builder.after_count(after);
        }
        let inner = builder.build().map_err(producer_error)?;
        Ok(StepRecord { inner })
    }

    /// The record of a step that counted its tier before and after (§7):
    /// `ok`, with the tier's evidence, when nothing is left (`after_count`
    /// 0); otherwise `fail`, its `error` saying how many records are left
    /// and `exception_id` naming the exception opened for them (a failure
    /// carries no evidence). How a cascade never calls `ok` a step that left
    /// records behind.
    #[staticmethod]
    #[pyo3(signature = (step, started_at, ended_at, before_count, after_count, code_ref, exception_id, *, replication_lag_drained=None, purge=None, models=None, backups=None, output=None))]
    #[allow(clippy::too_many_arguments)] // §7's members, as keyword arguments.
    fn counted(
        step: &str,
        started_at: String,
        ended_at: String,
        before_count: u64,
        after_count: u64,
        code_ref: String,
        exception_id: String,
        replication_lag_drained: Option<bool>,
        purge: Option<&str>,
        models: Option<&Bound<'_, PyAny>>,
        backups: Option<&Bound<'_, PyAny>>,
        output: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if after_count == 0 {
            return Self::new(
                step,
                "ok",
                started_at,
                ended_at,
                before_count,
                code_ref,
                Some(0),
                replication_lag_drained,
                purge,
                models,
                backups,
                output,
                None,
                None,
                None,
                None,
                None,
            );
        }
        let error = format!("{after_count} record(s) left after the step");
        Self::new(
            step,
            "fail",
            started_at,
            ended_at,
            before_count,
            code_ref,
            Some(after_count),
            None,
            None,
            None,
            None,
            None,
            Some(error),
            Some(exception_id),
            None,
            None,
            None,
        )
    }

    #[getter]
    fn step(&self) -> &'static str {
        self.inner.step().as_str()
    }

    #[getter]
    fn status(&self) -> &'static str {
        self.inner.status().kind().as_str()
    }

    #[getter]
    fn before_count(&self) -> u64 {
        self.inner.before_count()
    }

    #[getter]
    fn after_count(&self) -> u64 {
        self.inner.after_count()
    }

    #[getter]
    fn ended_at(&self) -> &str {
        self.inner.ended_at()
    }

    #[getter]
    fn code_ref(&self) -> &str {
        self.inner.code_ref()
    }

    /// The record as Python data, as its `steps.jsonl` line holds it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.inner.to_value().to_string())
    }
}

/// The bytes of `steps.jsonl`: the records, one a line, in cascade order
/// (a step out of order or twice is a ProducerError).
#[pyfunction]
pub(crate) fn steps_jsonl<'py>(
    py: Python<'py>,
    records: Vec<PyRef<'py, StepRecord>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let records: Vec<producer::StepRecord> = records.iter().map(|r| r.inner.clone()).collect();
    let bytes = producer::steps_jsonl(&records).map_err(producer_error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// The bytes of `verification.json` (§8): the probes run at `verified_at`
/// by the code at `code_ref` (not the cascade's), `residue` by data class,
/// and the `subprocessor` and `audit_log_redacted` counts; `all_clear` is
/// computed. With `request`, a requested class without a probe is a
/// ProducerError.
#[pyfunction]
#[pyo3(signature = (verified_at, code_ref, residue, subprocessor_residue, unredacted_pii_count, request=None))]
pub(crate) fn verification_json<'py>(
    py: Python<'py>,
    verified_at: String,
    code_ref: String,
    residue: HashMap<String, u64>,
    subprocessor_residue: u64,
    unredacted_pii_count: u64,
    request: Option<PyRef<'py, Request>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut builder = match &request {
        Some(request) => ProbeResultsBuilder::for_request(&request.inner, verified_at, code_ref),
        None => ProbeResultsBuilder::new(verified_at, code_ref),
    };
    for (class, count) in residue {
        builder = builder.residue(name("residue", &class)?, count);
    }
    let verification = builder
        .subprocessor_residue(subprocessor_residue)
        .unredacted_pii_count(unredacted_pii_count)
        .build()
        .map_err(producer_error)?;
    let bytes = verification.to_json().map_err(producer_error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// `{"scope": ..., "key": ...}`.
fn node(what: &str, value: &Value) -> PyResult<NodeRef> {
    let obj = object(what, value)?;
    Ok(NodeRef::new(
        text(what, &obj, "scope")?,
        text(what, &obj, "key")?,
    ))
}

/// One §11 record, a dict of its own JSON shape.
fn provenance_record(value: &Value) -> PyResult<ProvenanceRecord> {
    let obj = object("provenance record", value)?;
    let kind: RecordType = name("type", &text("provenance record", &obj, "type")?)?;
    let what = kind.as_str();
    Ok(match kind {
        RecordType::Header => ProvenanceRecord::Header {
            graph_version: text(what, &obj, "graph_version")?,
            reverse_index: name("reverse_index", &text(what, &obj, "reverse_index")?)?,
        },
        RecordType::Scope => ProvenanceRecord::Scope {
            scope: text(what, &obj, "scope")?,
        },
        RecordType::Tombstone => ProvenanceRecord::Tombstone {
            scope: text(what, &obj, "scope")?,
            key: text(what, &obj, "key")?,
            at: text(what, &obj, "at")?,
            reference_scopes: texts(what, &obj, "reference_scopes")?,
        },
        RecordType::Artifact => {
            let state = match name("artifact.state", &text(what, &obj, "state")?)? {
                StateName::Live => ArtifactState::Live,
                StateName::Tombstoned => ArtifactState::Tombstoned,
                StateName::Redacted => ArtifactState::Redacted,
                StateName::Expiring => ArtifactState::Expiring {
                    expires_at: text(what, &obj, "expires_at")?,
                },
            };
            let derived_from = obj
                .get("derived_from")
                .and_then(Value::as_array)
                .ok_or_else(|| PyValueError::new_err("artifact: `derived_from` must be a list"))?
                .iter()
                .map(|n| node("artifact.derived_from", n))
                .collect::<PyResult<_>>()?;
            ProvenanceRecord::Artifact {
                scope: text(what, &obj, "scope")?,
                key: text(what, &obj, "key")?,
                derived_from,
                state,
            }
        }
        RecordType::Obligation => {
            // `kind` is `deferred`, the only kind of v1, which the record
            // type writes itself; another is not this record.
            let _: ObligationKind = name("obligation.kind", &text(what, &obj, "kind")?)?;
            ProvenanceRecord::Obligation {
                target: node(
                    "obligation.target",
                    obj.get("target").unwrap_or(&Value::Null),
                )?,
                namespaces: texts(what, &obj, "namespaces")?,
                expires_at: text(what, &obj, "expires_at")?,
            }
        }
    })
}

/// The bytes of `provenance.jsonl` (§11) from its records, each a dict of
/// the spec's shape (`{"type": "header", ...}` first). Raises ProducerError
/// for a graph the producer got wrong (no header first, a scope without its
/// `scope` record, a tombstone whose `reference_scopes` miss a derivative's
/// scope); a live or expiring derivation is written as it is.
#[pyfunction]
pub(crate) fn provenance_jsonl<'py>(
    py: Python<'py>,
    records: Vec<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let records = records
        .iter()
        .map(|r| provenance_record(&json_value(r)?))
        .collect::<PyResult<Vec<_>>>()?;
    let bytes = producer::provenance_jsonl(&records).map_err(producer_error)?;
    Ok(PyBytes::new(py, &bytes))
}
