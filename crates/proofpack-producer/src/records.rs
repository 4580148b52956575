//! Typed records of a pack: `request.json` (§5), `steps.jsonl` (§7),
//! `verification.json` (§8) and `subprocessor-receipts.jsonl` (§9).
//!
//! The types carry what each status needs (a failed step carries its
//! exception, a confirmed receipt its confirmation time, ...); what a type
//! cannot rule out (an empty string, a timestamp that does not parse, a data
//! class given twice) is refused by `build`/`new` with a [`ProducerError`].

use super::error::ProducerError;
use super::{add_extra, document, jsonl_line, nonempty, ordered, timestamp};
use proofpack_spec::calendar::{period_end, periods};
use proofpack_spec::json::MAX_COUNT;
use proofpack_spec::subject::is_pseudonymous;
use proofpack_spec::timestamp::format_instant;
use serde_json::{json, Map, Value};

/// Refuses a count above §0's 2^53 - 1.
fn count(field: &str, value: u64) -> Result<u64, ProducerError> {
    if value > MAX_COUNT {
        return Err(ProducerError::CountOutOfRange {
            field: field.to_owned(),
            value,
        });
    }
    Ok(value)
}

/// Takes a required builder member.
fn required<T>(field: &str, value: Option<T>) -> Result<T, ProducerError> {
    value.ok_or_else(|| ProducerError::Missing(field.to_owned()))
}

// ---------------------------------------------------------------------------
// Enumerations: the spec's closed sets are the core's own (`proofpack_spec::vocab`).

use proofpack_spec::vocab::{
    BackupState as BackupStateName, ModelAction as ModelActionName, Probe,
    ReceiptStatus as ReceiptStatusName,
};
pub use proofpack_spec::vocab::{
    Channel, DataClass, LegalBasis, Purge, Step, StepStatus as StatusKind,
};

// ---------------------------------------------------------------------------
// request.json (§5)

/// A declared extension of the deadline (§5, §6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extension {
    /// The new deadline told to the data subject (§0 timestamp).
    pub extended_to: String,
    /// When the subject was notified (§0 timestamp).
    pub notified_at: String,
    /// Why (non-empty).
    pub reason: String,
}

/// Collects the members of `request.json`; [`RequestBuilder::build`]
/// validates them.
#[derive(Debug, Clone, Default)]
pub struct RequestBuilder {
    request_id: Option<String>,
    tenant_id: Option<String>,
    subject_id: Option<String>,
    data_classes: Vec<DataClass>,
    legal_basis: Option<LegalBasis>,
    received_at: Option<String>,
    requester_identity_proof_ref: Option<String>,
    sla_deadline: Option<String>,
    extension: Option<Extension>,
}

impl RequestBuilder {
    /// An empty builder.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// `request_id` (required, non-empty).
    #[must_use]
    pub fn request_id(mut self, value: impl Into<String>) -> Self {
        self.request_id = Some(value.into());
        self
    }

    /// `tenant_id` (required, non-empty).
    #[must_use]
    pub fn tenant_id(mut self, value: impl Into<String>) -> Self {
        self.tenant_id = Some(value.into());
        self
    }

    /// `subject_id` (required): a pseudonym `sub_` + 64 lowercase hex, see
    /// [`super::pseudonymous_subject_id`].
    #[must_use]
    pub fn subject_id(mut self, value: impl Into<String>) -> Self {
        self.subject_id = Some(value.into());
        self
    }

    /// Adds one requested data class.
    #[must_use]
    pub fn data_class(mut self, class: DataClass) -> Self {
        self.data_classes.push(class);
        self
    }

    /// Adds requested data classes.
    #[must_use]
    pub fn data_classes(mut self, classes: impl IntoIterator<Item = DataClass>) -> Self {
        self.data_classes.extend(classes);
        self
    }

    /// `legal_basis` (required).
    #[must_use]
    pub fn legal_basis(mut self, basis: LegalBasis) -> Self {
        self.legal_basis = Some(basis);
        self
    }

    /// `received_at` (required, §0 timestamp).
    #[must_use]
    pub fn received_at(mut self, value: impl Into<String>) -> Self {
        self.received_at = Some(value.into());
        self
    }

    /// `requester_identity_proof_ref` (required, non-empty).
    #[must_use]
    pub fn requester_identity_proof_ref(mut self, value: impl Into<String>) -> Self {
        self.requester_identity_proof_ref = Some(value.into());
        self
    }

    /// `sla_deadline` (required, §0 timestamp).
    #[must_use]
    pub fn sla_deadline(mut self, value: impl Into<String>) -> Self {
        self.sla_deadline = Some(value.into());
        self
    }

    /// `extension` (optional).
    #[must_use]
    pub fn extension(mut self, extension: Extension) -> Self {
        self.extension = Some(extension);
        self
    }

    /// Validates and builds the request.
    ///
    /// Refuses: a required member not given; an empty `request_id`,
    /// `tenant_id` or `requester_identity_proof_ref`; a `subject_id` that is
    /// not pseudonymous; no data class, or one given twice; a timestamp that
    /// is not §0; `sla_deadline` before `received_at`, or at or after the end
    /// of the statutory first period (§6 `sla.deadline_overstated`); an
    /// extension with an empty reason, or one §6 would ignore (a basis that
    /// allows none, not notified within the first period, or not ending
    /// within the whole extended period).
    pub fn build(self) -> Result<Request, ProducerError> {
        let request_id = required("request_id", self.request_id)?;
        let tenant_id = required("tenant_id", self.tenant_id)?;
        let subject_id = required("subject_id", self.subject_id)?;
        let legal_basis = required("legal_basis", self.legal_basis)?;
        let received_at = required("received_at", self.received_at)?;
        let proof_ref = required(
            "requester_identity_proof_ref",
            self.requester_identity_proof_ref,
        )?;
        let sla_deadline = required("sla_deadline", self.sla_deadline)?;
        nonempty("request_id", &request_id)?;
        nonempty("tenant_id", &tenant_id)?;
        nonempty("requester_identity_proof_ref", &proof_ref)?;
        if !is_pseudonymous(&subject_id) {
            return Err(ProducerError::NotPseudonymous);
        }
        if self.data_classes.is_empty() {
            return Err(ProducerError::Empty("data_classes".to_owned()));
        }
        let mut classes = self.data_classes;
        classes.sort();
        if let Some(w) = classes.windows(2).find(|w| w.first() == w.get(1)) {
            let class = w.first().map_or("", |c| c.as_str());
            return Err(ProducerError::DuplicateDataClass(class.to_owned()));
        }
        let received = timestamp("received_at", &received_at)?;
        let deadline = timestamp("sla_deadline", &sla_deadline)?;
        ordered(("received_at", &received), ("sla_deadline", &deadline))?;

        let overflow = || ProducerError::InvalidTimestamp {
            field: "received_at".to_owned(),
            value: received_at.clone(),
        };
        let (first, whole) = periods(legal_basis);
        let base = period_end(&received, first).ok_or_else(overflow)?;
        if deadline.instant() >= base {
            return Err(ProducerError::DeadlineOverstated {
                sla_deadline: sla_deadline.clone(),
                statutory: format_instant(base),
            });
        }
        if let Some(ext) = &self.extension {
            nonempty("extension.reason", &ext.reason)?;
            let to = timestamp("extension.extended_to", &ext.extended_to)?;
            let notified = timestamp("extension.notified_at", &ext.notified_at)?;
            let Some(whole) = whole else {
                return Err(ProducerError::InvalidExtension(format!(
                    "{legal_basis} allows no extension"
                )));
            };
            let max = period_end(&received, whole).ok_or_else(overflow)?;
            if notified.instant() < received.instant() || notified.instant() >= base {
                return Err(ProducerError::InvalidExtension(format!(
                    "notified_at must be within the first period, before {}",
                    format_instant(base)
                )));
            }
            if to.instant() < base || to.instant() >= max {
                return Err(ProducerError::InvalidExtension(format!(
                    "extended_to must be at or after {} and before {}",
                    format_instant(base),
                    format_instant(max)
                )));
            }
        }
        Ok(Request {
            request_id,
            tenant_id,
            subject_id,
            data_classes: classes,
            legal_basis,
            received_at,
            requester_identity_proof_ref: proof_ref,
            sla_deadline,
            extension: self.extension,
        })
    }
}

/// A validated `request.json` (§5).
///
/// ```
/// use proofpack_producer::{pseudonymous_subject_id, DataClass, LegalBasis, ProducerError, Request};
///
/// let builder = || {
///     Request::builder()
///         .request_id("req-0001")
///         .tenant_id("ten_0440")
///         .data_classes([DataClass::Episodic, DataClass::Vectors])
///         .legal_basis(LegalBasis::Gdpr)
///         .received_at("2026-04-20T09:11:00Z")
///         .requester_identity_proof_ref("idv-0001")
///         .sla_deadline("2026-05-20T09:11:00Z")
/// };
/// let subject_id = pseudonymous_subject_id(&[42; 32], "alice@example.com")?;
/// let request = builder().subject_id(subject_id).build()?;
/// assert_eq!(request.data_classes().len(), 2);
/// // The raw identifier never reaches a pack.
/// assert!(matches!(
///     builder().subject_id("alice@example.com").build(),
///     Err(ProducerError::NotPseudonymous)
/// ));
/// # Ok::<(), ProducerError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    request_id: String,
    tenant_id: String,
    subject_id: String,
    data_classes: Vec<DataClass>,
    legal_basis: LegalBasis,
    received_at: String,
    requester_identity_proof_ref: String,
    sla_deadline: String,
    extension: Option<Extension>,
}

impl Request {
    /// A new [`RequestBuilder`].
    #[must_use]
    pub fn builder() -> RequestBuilder {
        RequestBuilder::new()
    }

    /// `request_id`
    #[must_use]
    pub fn request_id(&self) -> &str {
        &self.request_id
    }

    /// `tenant_id`
    #[must_use]
    pub fn tenant_id(&self) -> &str {
        &self.tenant_id
    }

    /// `subject_id`
    #[must_use]
    pub fn subject_id(&self) -> &str {
        &self.subject_id
    }

    /// The requested classes, in cascade order, each once.
    #[must_use]
    pub fn data_classes(&self) -> &[DataClass] {
        &self.data_classes
    }

    /// `legal_basis`
    #[must_use]
    pub fn legal_basis(&self) -> LegalBasis {
        self.legal_basis
    }

    /// `received_at`
    #[must_use]
    pub fn received_at(&self) -> &str {
        &self.received_at
    }

    /// `sla_deadline`
    #[must_use]
    pub fn sla_deadline(&self) -> &str {
        &self.sla_deadline
    }

    /// `extension`
    #[must_use]
    pub fn extension(&self) -> Option<&Extension> {
        self.extension.as_ref()
    }

    /// The steps `steps.jsonl` must hold (§7): one per requested class, then
    /// `subprocessor` and `audit_log`, in cascade order.
    #[must_use]
    pub fn required_steps(&self) -> Vec<Step> {
        self.data_classes
            .iter()
            .map(|c| c.step())
            .chain(Step::ALWAYS_REQUIRED)
            .collect()
    }

    /// The `request.json` object. `data_classes` is written in cascade
    /// order; `extension` is absent when there is none.
    #[must_use]
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        map.insert("request_id".to_owned(), json!(self.request_id));
        map.insert("tenant_id".to_owned(), json!(self.tenant_id));
        map.insert("subject_id".to_owned(), json!(self.subject_id));
        map.insert(
            "data_classes".to_owned(),
            json!(self
                .data_classes
                .iter()
                .map(|c| c.as_str())
                .collect::<Vec<_>>()),
        );
        map.insert("legal_basis".to_owned(), json!(self.legal_basis.as_str()));
        map.insert("received_at".to_owned(), json!(self.received_at));
        map.insert(
            "requester_identity_proof_ref".to_owned(),
            json!(self.requester_identity_proof_ref),
        );
        map.insert("sla_deadline".to_owned(), json!(self.sla_deadline));
        if let Some(ext) = &self.extension {
            map.insert(
                "extension".to_owned(),
                json!({
                    "extended_to": ext.extended_to,
                    "notified_at": ext.notified_at,
                    "reason": ext.reason,
                }),
            );
        }
        Value::Object(map)
    }

    /// The bytes of `request.json`.
    pub fn to_json(&self) -> Result<Vec<u8>, ProducerError> {
        document(&self.to_value())
    }
}

// ---------------------------------------------------------------------------
// steps.jsonl (§7)

/// An exemption under a documented legal basis (§7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exemption {
    /// The provision relied on, e.g. `GDPR Art. 17(3)(b)` (non-empty).
    pub legal_basis: String,
    /// Why it applies (non-empty).
    pub justification: String,
}

impl Exemption {
    fn check(&self, at: &str) -> Result<(), ProducerError> {
        nonempty(&format!("{at}.legal_basis"), &self.legal_basis)?;
        nonempty(&format!("{at}.justification"), &self.justification)
    }

    fn to_value(&self) -> Value {
        json!({"legal_basis": self.legal_basis, "justification": self.justification})
    }
}

/// What happened to one model release (§7 `fine_tune`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelAction {
    /// `not_trained_on`: the release never saw the subject's data.
    NotTrainedOn,
    /// `retrained`: retrained without it.
    Retrained,
    /// `unlearned`: machine unlearning, with its method and evaluation.
    Unlearned {
        /// The unlearning method (non-empty).
        method: String,
        /// A reference to the evaluation showing it worked (non-empty).
        evaluation_ref: String,
    },
    /// `retired`: the release is no longer served.
    Retired,
    /// `suppressed`: output suppression only, an interim control the
    /// verifier reports as `steps.model_suppressed_only`.
    Suppressed,
    /// `retained_with_exemption`: kept under a documented exemption.
    RetainedWithExemption {
        /// The exemption.
        exemption: Exemption,
    },
}

impl ModelAction {
    /// The action's name in the spec's set.
    #[must_use]
    pub fn kind(&self) -> ModelActionName {
        match self {
            ModelAction::NotTrainedOn => ModelActionName::NotTrainedOn,
            ModelAction::Retrained => ModelActionName::Retrained,
            ModelAction::Unlearned { .. } => ModelActionName::Unlearned,
            ModelAction::Retired => ModelActionName::Retired,
            ModelAction::Suppressed => ModelActionName::Suppressed,
            ModelAction::RetainedWithExemption { .. } => ModelActionName::RetainedWithExemption,
        }
    }

    /// The spec's name.
    #[must_use]
    pub fn as_str(&self) -> &'static str {
        self.kind().as_str()
    }
}

/// One affected model release (§7 `fine_tune`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelLineage {
    /// The release (non-empty).
    pub model_id: String,
    /// What was done about it.
    pub action: ModelAction,
}

impl ModelLineage {
    fn to_value(&self) -> Result<Value, ProducerError> {
        nonempty("model_id", &self.model_id)?;
        let mut map = Map::new();
        map.insert("model_id".to_owned(), json!(self.model_id));
        map.insert("action".to_owned(), json!(self.action.as_str()));
        match &self.action {
            ModelAction::Unlearned {
                method,
                evaluation_ref,
            } => {
                nonempty("method", method)?;
                nonempty("evaluation_ref", evaluation_ref)?;
                map.insert("method".to_owned(), json!(method));
                map.insert("evaluation_ref".to_owned(), json!(evaluation_ref));
            }
            ModelAction::RetainedWithExemption { exemption } => {
                exemption.check("exemption")?;
                map.insert("exemption".to_owned(), exemption.to_value());
            }
            _ => {}
        }
        Ok(Value::Object(map))
    }
}

/// The tier-specific evidence of an `ok` step (§7).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum TierEvidence {
    /// No tier-specific evidence (steps other than `episodic`, `vectors`
    /// and `fine_tune`).
    #[default]
    None,
    /// `episodic`: whether replication lag was drained (`false` is recorded
    /// as it is and reported as `steps.replication_not_drained`).
    Episodic {
        /// `replication_lag_drained`
        replication_lag_drained: bool,
    },
    /// `vectors`: how the shards were purged.
    Vectors {
        /// `purge`
        purge: Purge,
    },
    /// `vectors`: the vectors were removed from the serving index only; no
    /// shard was rebuilt, compacted or deleted, so older generations still
    /// hold them. Recorded as it is (`purge` is [`PURGE_SERVING_INDEX_ONLY`],
    /// outside §7's set) and reported as `steps.vectors_not_purged`.
    VectorsServingIndexOnly,
    /// `fine_tune`: every affected model release (empty: none was affected).
    FineTune {
        /// `models`
        models: Vec<ModelLineage>,
    },
}

impl TierEvidence {
    /// The step this evidence belongs to, if any.
    #[must_use]
    pub fn step(&self) -> Option<Step> {
        match self {
            TierEvidence::None => None,
            TierEvidence::Episodic { .. } => Some(Step::Episodic),
            TierEvidence::Vectors { .. } | TierEvidence::VectorsServingIndexOnly => {
                Some(Step::Vectors)
            }
            TierEvidence::FineTune { .. } => Some(Step::FineTune),
        }
    }
}

/// What became of one backup of a tier (§17).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackupState {
    /// Deleted from the backup.
    Purged,
    /// Kept only until the backup expires, never restored into use.
    BeyondUse {
        /// When the backup expires (a §0 timestamp).
        retention_until: String,
        /// Whether a restore re-applies the erasure (for example from a
        /// suppression ledger); `false` is recorded as it is and reported
        /// as `steps.backup_unsuppressed`.
        restore_suppression: bool,
    },
    /// Restored into use, or otherwise serving: recorded as it is and
    /// reported as `steps.backup_live`.
    Live,
}

/// One backup a step declares (§17).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    /// Which backup, as the controller names it (non-empty).
    pub location: String,
    /// What became of it.
    pub state: BackupState,
}

impl Backup {
    /// The backup's JSON object, as a step's `output.backups` holds it;
    /// refuses an empty `location` and a `retention_until` that is no §0
    /// timestamp.
    pub fn to_value(&self) -> Result<Value, ProducerError> {
        nonempty("backups.location", &self.location)?;
        let state = match &self.state {
            BackupState::Purged => BackupStateName::Purged,
            BackupState::BeyondUse { .. } => BackupStateName::BeyondUse,
            BackupState::Live => BackupStateName::Live,
        };
        let mut map = Map::new();
        map.insert("location".to_owned(), json!(self.location));
        map.insert("state".to_owned(), json!(state.as_str()));
        if let BackupState::BeyondUse {
            retention_until,
            restore_suppression,
        } = &self.state
        {
            timestamp("retention_until", retention_until)?;
            map.insert("retention_until".to_owned(), json!(retention_until));
            map.insert("restore_suppression".to_owned(), json!(restore_suppression));
        }
        Ok(Value::Object(map))
    }
}

/// The `output` object of a step: tier evidence, the tier's backups, and
/// free members.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepOutput {
    /// The tier-specific evidence.
    pub evidence: TierEvidence,
    /// The tier's backups (§17), written as `backups` when not empty.
    pub backups: Vec<Backup>,
    /// Free members written after the evidence (names must not repeat or be
    /// `replication_lag_drained`, `purge` or `models`).
    pub extra: Vec<(String, Value)>,
}

/// The `purge` of a `vectors` step that only removed the vectors from the
/// serving index ([`TierEvidence::VectorsServingIndexOnly`]): honest bad
/// news, outside §7's set of purge modes on purpose.
pub const PURGE_SERVING_INDEX_ONLY: &str = "serving_index_only";

/// Output member names the evidence and the backups write.
const EVIDENCE_MEMBERS: &[&str] = &["replication_lag_drained", "purge", "models", "backups"];

impl StepOutput {
    /// No tier evidence.
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    /// `episodic` evidence.
    #[must_use]
    pub fn episodic(replication_lag_drained: bool) -> Self {
        StepOutput {
            evidence: TierEvidence::Episodic {
                replication_lag_drained,
            },
            backups: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// `vectors` evidence.
    #[must_use]
    pub fn vectors(purge: Purge) -> Self {
        StepOutput {
            evidence: TierEvidence::Vectors { purge },
            backups: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// `vectors` evidence of a removal from the serving index alone (see
    /// [`TierEvidence::VectorsServingIndexOnly`]).
    #[must_use]
    pub fn vectors_serving_index_only() -> Self {
        StepOutput {
            evidence: TierEvidence::VectorsServingIndexOnly,
            backups: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// `fine_tune` evidence.
    #[must_use]
    pub fn fine_tune(models: Vec<ModelLineage>) -> Self {
        StepOutput {
            evidence: TierEvidence::FineTune { models },
            backups: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// Declares the tier's backups (§17).
    #[must_use]
    pub fn with_backups(mut self, backups: Vec<Backup>) -> Self {
        self.backups = backups;
        self
    }

    /// Adds a free member.
    #[must_use]
    pub fn with(mut self, name: impl Into<String>, value: Value) -> Self {
        self.extra.push((name.into(), value));
        self
    }

    /// The `output` object, or `None` when it would be empty.
    fn to_value(&self, step: Step) -> Result<Option<Value>, ProducerError> {
        match self.evidence.step() {
            Some(s) if s != step => {
                return Err(ProducerError::EvidenceMismatch {
                    step: step.as_str().to_owned(),
                    evidence: s.as_str().to_owned(),
                })
            }
            None if matches!(step, Step::Episodic | Step::Vectors | Step::FineTune) => {
                return Err(ProducerError::MissingEvidence(step.as_str().to_owned()))
            }
            _ => {}
        }
        let mut map = Map::new();
        match &self.evidence {
            TierEvidence::None => {}
            TierEvidence::Episodic {
                replication_lag_drained,
            } => {
                map.insert(
                    "replication_lag_drained".to_owned(),
                    json!(replication_lag_drained),
                );
            }
            TierEvidence::Vectors { purge } => {
                map.insert("purge".to_owned(), json!(purge.as_str()));
            }
            TierEvidence::VectorsServingIndexOnly => {
                map.insert("purge".to_owned(), json!(PURGE_SERVING_INDEX_ONLY));
            }
            TierEvidence::FineTune { models } => {
                let models = models
                    .iter()
                    .map(ModelLineage::to_value)
                    .collect::<Result<Vec<_>, _>>()?;
                map.insert("models".to_owned(), Value::Array(models));
            }
        }
        if !self.backups.is_empty() {
            let backups = self
                .backups
                .iter()
                .map(Backup::to_value)
                .collect::<Result<Vec<_>, _>>()?;
            map.insert("backups".to_owned(), Value::Array(backups));
        }
        if let Some((name, _)) = self
            .extra
            .iter()
            .find(|(n, _)| EVIDENCE_MEMBERS.contains(&n.as_str()))
        {
            return Err(ProducerError::ReservedMember(name.clone()));
        }
        // The record is level 1, `output` level 2.
        add_extra(&mut map, &self.extra, 2)?;
        Ok((!map.is_empty()).then_some(Value::Object(map)))
    }
}

/// A step's status with what it needs (§7).
#[derive(Debug, Clone, PartialEq)]
pub enum StepStatus {
    /// `ok`: done; `after_count` is 0.
    Ok {
        /// The `output` object.
        output: StepOutput,
    },
    /// `fail`: failed, and an exception was opened.
    Fail {
        /// What went wrong (non-empty).
        error: String,
        /// The exception opened for it (non-empty: a failure without one is
        /// a silent failure, refused).
        exception_id: String,
    },
    /// `pending`: not done yet.
    Pending {
        /// When it is due (§0 timestamp).
        due_at: String,
    },
    /// `deferred`: bounded by a TTL.
    Deferred {
        /// When the data expires (§0 timestamp).
        expires_at: String,
    },
    /// `exempt`: kept under a documented legal basis (never `audit_log`).
    Exempt {
        /// The exemption.
        exemption: Exemption,
    },
}

impl StepStatus {
    /// An `ok` status with no tier evidence.
    #[must_use]
    pub fn ok() -> Self {
        StepStatus::Ok {
            output: StepOutput::none(),
        }
    }

    /// The status name.
    #[must_use]
    pub fn kind(&self) -> StatusKind {
        match self {
            StepStatus::Ok { .. } => StatusKind::Ok,
            StepStatus::Fail { .. } => StatusKind::Fail,
            StepStatus::Pending { .. } => StatusKind::Pending,
            StepStatus::Deferred { .. } => StatusKind::Deferred,
            StepStatus::Exempt { .. } => StatusKind::Exempt,
        }
    }
}

/// Record members this library writes itself.
const STEP_MEMBERS: &[&str] = &[
    "seq",
    "step",
    "status",
    "started_at",
    "ended_at",
    "before_count",
    "after_count",
    "code_ref",
    "output",
    "error",
    "exception_id",
    "due_at",
    "expires_at",
    "exemption",
];

/// Collects the members of one step record; [`StepRecordBuilder::build`]
/// validates them.
#[derive(Debug, Clone)]
pub struct StepRecordBuilder {
    step: Step,
    status: Option<StepStatus>,
    started_at: Option<String>,
    ended_at: Option<String>,
    before_count: Option<u64>,
    after_count: Option<u64>,
    code_ref: Option<String>,
    extra: Vec<(String, Value)>,
}

impl StepRecordBuilder {
    /// `status` (required).
    #[must_use]
    pub fn status(mut self, status: StepStatus) -> Self {
        self.status = Some(status);
        self
    }

    /// `started_at` (required, §0 timestamp).
    #[must_use]
    pub fn started_at(mut self, value: impl Into<String>) -> Self {
        self.started_at = Some(value.into());
        self
    }

    /// `ended_at` (required, §0 timestamp, not before `started_at`).
    #[must_use]
    pub fn ended_at(mut self, value: impl Into<String>) -> Self {
        self.ended_at = Some(value.into());
        self
    }

    /// `before_count` (required): records found before the step.
    #[must_use]
    pub fn before_count(mut self, value: u64) -> Self {
        self.before_count = Some(value);
        self
    }

    /// `after_count`: records left after the step. Required unless the
    /// status is `ok`, where it defaults to 0 (and any other value is
    /// refused).
    #[must_use]
    pub fn after_count(mut self, value: u64) -> Self {
        self.after_count = Some(value);
        self
    }

    /// `code_ref` (required, non-empty): the code that ran the step.
    #[must_use]
    pub fn code_ref(mut self, value: impl Into<String>) -> Self {
        self.code_ref = Some(value.into());
        self
    }

    /// Adds a free top-level member, written after the others.
    #[must_use]
    pub fn extra(mut self, name: impl Into<String>, value: Value) -> Self {
        self.extra.push((name.into(), value));
        self
    }

    /// Validates and builds the record.
    ///
    /// Refuses: a required member not given; an empty `code_ref`; a
    /// timestamp that is not §0, or `ended_at` before `started_at`; a count
    /// above 2^53 - 1; `ok` with a non-zero `after_count`; `ok` on
    /// `episodic`, `vectors` or `fine_tune` without its tier evidence, or
    /// evidence of another step; a model entry without `model_id` or what
    /// its action needs; `fail` with an empty `error` or `exception_id`
    /// (a silent failure); an exempt `audit_log`; an exemption with an empty
    /// `legal_basis` or `justification`; an extra member with a name this
    /// record uses, repeated, or nested too deep.
    pub fn build(self) -> Result<StepRecord, ProducerError> {
        let step = self.step;
        let status = required("status", self.status)?;
        let started_raw = required("started_at", self.started_at)?;
        let ended_raw = required("ended_at", self.ended_at)?;
        let before_count = count("before_count", required("before_count", self.before_count)?)?;
        let code_ref = required("code_ref", self.code_ref)?;
        nonempty("code_ref", &code_ref)?;
        let started = timestamp("started_at", &started_raw)?;
        let ended = timestamp("ended_at", &ended_raw)?;
        ordered(("started_at", &started), ("ended_at", &ended))?;
        let after_count = step_after_count(step, &status, self.after_count)?;
        let mut map = Map::new();
        map.insert("seq".to_owned(), json!(step.seq()));
        map.insert("step".to_owned(), json!(step.as_str()));
        map.insert("status".to_owned(), json!(status.kind().as_str()));
        map.insert("started_at".to_owned(), json!(started_raw));
        map.insert("ended_at".to_owned(), json!(ended_raw));
        map.insert("before_count".to_owned(), json!(before_count));
        map.insert("after_count".to_owned(), json!(after_count));
        map.insert("code_ref".to_owned(), json!(code_ref));
        insert_status_members(&mut map, step, &status)?;
        if let Some((name, _)) = self
            .extra
            .iter()
            .find(|(n, _)| STEP_MEMBERS.contains(&n.as_str()))
        {
            return Err(ProducerError::ReservedMember(name.clone()));
        }
        add_extra(&mut map, &self.extra, 1)?;
        Ok(StepRecord {
            step,
            status,
            started_at: started_raw,
            ended_at: ended_raw,
            before_count,
            after_count,
            code_ref,
            value: Value::Object(map),
        })
    }
}

/// The record's `after_count`: given, or 0 for `ok`, where anything else
/// would be residue the step claims it did not leave.
fn step_after_count(
    step: Step,
    status: &StepStatus,
    given: Option<u64>,
) -> Result<u64, ProducerError> {
    match (status, given) {
        (StepStatus::Ok { .. }, None | Some(0)) => Ok(0),
        (StepStatus::Ok { .. }, Some(after_count)) => Err(ProducerError::ResidueAfterOk {
            step: step.as_str().to_owned(),
            after_count,
        }),
        (_, after) => count("after_count", required("after_count", after)?),
    }
}

/// Checks what `status` carries and adds its members to `map`: the tier
/// output of `ok`, the error of `fail`, the date of `pending` or
/// `deferred`, the exemption of `exempt`.
fn insert_status_members(
    map: &mut Map<String, Value>,
    step: Step,
    status: &StepStatus,
) -> Result<(), ProducerError> {
    match status {
        StepStatus::Ok { output } => {
            if let Some(output) = output.to_value(step)? {
                map.insert("output".to_owned(), output);
            }
        }
        StepStatus::Fail {
            error,
            exception_id,
        } => {
            nonempty("error", error)?;
            if exception_id.is_empty() {
                return Err(ProducerError::SilentFailure(step.as_str().to_owned()));
            }
            map.insert("error".to_owned(), json!(error));
            map.insert("exception_id".to_owned(), json!(exception_id));
        }
        StepStatus::Pending { due_at } => {
            timestamp("due_at", due_at)?;
            map.insert("due_at".to_owned(), json!(due_at));
        }
        StepStatus::Deferred { expires_at } => {
            timestamp("expires_at", expires_at)?;
            map.insert("expires_at".to_owned(), json!(expires_at));
        }
        StepStatus::Exempt { exemption } => {
            if step == Step::AuditLog {
                return Err(ProducerError::ExemptAuditLog);
            }
            exemption.check("exemption")?;
            map.insert("exemption".to_owned(), exemption.to_value());
        }
    }
    Ok(())
}

/// A validated `steps.jsonl` record (§7).
///
/// ```
/// use proofpack_producer::{steps_jsonl, ProducerError, Step, StepRecord, StepStatus};
///
/// let record = |status| {
///     StepRecord::builder(Step::Working)
///         .status(status)
///         .started_at("2026-04-22T14:00:00Z")
///         .ended_at("2026-04-22T14:00:04Z")
///         .before_count(3)
///         .code_ref("git:platform@1a2b3c4")
/// };
/// let done = record(StepStatus::ok()).after_count(0).build()?;
/// let line = steps_jsonl(&[done])?;
/// assert!(line.ends_with(b"\n"));
/// // A failure without an exception is a silent failure: refused.
/// let silent = StepStatus::Fail { error: "timeout".to_owned(), exception_id: String::new() };
/// assert!(matches!(
///     record(silent).after_count(3).build(),
///     Err(ProducerError::SilentFailure(_))
/// ));
/// # Ok::<(), ProducerError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct StepRecord {
    step: Step,
    status: StepStatus,
    started_at: String,
    ended_at: String,
    before_count: u64,
    after_count: u64,
    code_ref: String,
    value: Value,
}

impl StepRecord {
    /// A builder for a record of `step` (`seq` is derived from it).
    #[must_use]
    pub fn builder(step: Step) -> StepRecordBuilder {
        StepRecordBuilder {
            step,
            status: None,
            started_at: None,
            ended_at: None,
            before_count: None,
            after_count: None,
            code_ref: None,
            extra: Vec::new(),
        }
    }

    /// `step`
    #[must_use]
    pub fn step(&self) -> Step {
        self.step
    }

    /// `status` and what it carries.
    #[must_use]
    pub fn status(&self) -> &StepStatus {
        &self.status
    }

    /// `started_at`
    #[must_use]
    pub fn started_at(&self) -> &str {
        &self.started_at
    }

    /// `ended_at`
    #[must_use]
    pub fn ended_at(&self) -> &str {
        &self.ended_at
    }

    /// `before_count`
    #[must_use]
    pub fn before_count(&self) -> u64 {
        self.before_count
    }

    /// `after_count`
    #[must_use]
    pub fn after_count(&self) -> u64 {
        self.after_count
    }

    /// `code_ref`
    #[must_use]
    pub fn code_ref(&self) -> &str {
        &self.code_ref
    }

    /// The record's JSON object (built and checked by
    /// [`StepRecordBuilder::build`]).
    #[must_use]
    pub fn to_value(&self) -> Value {
        self.value.clone()
    }
}

/// The bytes of `steps.jsonl`: one compact line per record, each ending
/// with `\n`. Refuses records out of cascade order or repeated (`seq`
/// strictly ascending). Whether every required step is present is the
/// caller's concern (see [`Request::required_steps`]); a missing one is
/// honest news the verifier reports as `steps.missing`.
pub fn steps_jsonl(records: &[StepRecord]) -> Result<Vec<u8>, ProducerError> {
    let mut out = Vec::new();
    let mut last = 0;
    for record in records {
        if record.step.seq() <= last {
            return Err(ProducerError::StepOrder(record.step.as_str().to_owned()));
        }
        last = record.step.seq();
        jsonl_line(&mut out, &record.value)?;
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// verification.json (§8)

/// Collects the probe counts of `verification.json`;
/// [`ProbeResultsBuilder::build`] validates them.
#[derive(Debug, Clone)]
pub struct ProbeResultsBuilder {
    verified_at: String,
    code_ref: String,
    required: Vec<DataClass>,
    residue: Vec<(DataClass, u64)>,
    subprocessor: Vec<u64>,
    unredacted_pii_count: Vec<u64>,
}

impl ProbeResultsBuilder {
    /// Probes run at `verified_at` by the code at `code_ref` (which must
    /// not be a cascade step's `code_ref`: the probes must not share the
    /// cascade's code path).
    #[must_use]
    pub fn new(verified_at: impl Into<String>, code_ref: impl Into<String>) -> Self {
        ProbeResultsBuilder {
            verified_at: verified_at.into(),
            code_ref: code_ref.into(),
            required: Vec::new(),
            residue: Vec::new(),
            subprocessor: Vec::new(),
            unredacted_pii_count: Vec::new(),
        }
    }

    /// As [`Self::new`], and [`Self::build`] requires a probe for every
    /// class `request` asks for.
    #[must_use]
    pub fn for_request(
        request: &Request,
        verified_at: impl Into<String>,
        code_ref: impl Into<String>,
    ) -> Self {
        let mut builder = Self::new(verified_at, code_ref);
        builder.required = request.data_classes.clone();
        builder
    }

    /// The residue a class probe found (records that should be gone and are
    /// not; records kept under an exemption are not residue).
    #[must_use]
    pub fn residue(mut self, class: DataClass, residue: u64) -> Self {
        self.residue.push((class, residue));
        self
    }

    /// The residue the `subprocessor` probe found (required).
    #[must_use]
    pub fn subprocessor_residue(mut self, residue: u64) -> Self {
        self.subprocessor.push(residue);
        self
    }

    /// The `audit_log_redacted` probe's count (required): use
    /// [`super::AuditLog::unredacted_pii_count`] over the witness's entries
    /// and PII fields, which is what the verifier recomputes.
    #[must_use]
    pub fn unredacted_pii_count(mut self, count: u64) -> Self {
        self.unredacted_pii_count.push(count);
        self
    }

    /// Validates and builds.
    ///
    /// Refuses: an invalid `verified_at`; an empty `code_ref`; a probe given
    /// twice; the `subprocessor` or `audit_log_redacted` probe not given; a
    /// class required by [`Self::for_request`] without a probe; a count
    /// above 2^53 - 1.
    pub fn build(self) -> Result<ProbeResults, ProducerError> {
        timestamp("verified_at", &self.verified_at)?;
        nonempty("code_ref", &self.code_ref)?;
        let mut residue = self.residue;
        residue.sort_by_key(|(c, _)| *c);
        if let Some(w) = residue
            .windows(2)
            .find(|w| w.first().map(|p| p.0) == w.get(1).map(|p| p.0))
        {
            let class = w.first().map_or("", |p| p.0.as_str());
            return Err(ProducerError::DuplicateProbe(class.to_owned()));
        }
        for (class, n) in &residue {
            count(class.as_str(), *n)?;
        }
        if let Some(class) = self
            .required
            .iter()
            .find(|c| !residue.iter().any(|(r, _)| r == *c))
        {
            return Err(ProducerError::MissingProbe(class.as_str().to_owned()));
        }
        let single = |name: &str, values: &[u64]| match values {
            [] => Err(ProducerError::MissingProbe(name.to_owned())),
            [one] => count(name, *one),
            _ => Err(ProducerError::DuplicateProbe(name.to_owned())),
        };
        let subprocessor = single(Probe::Subprocessor.as_str(), &self.subprocessor)?;
        let pii = single(Probe::AuditLogRedacted.as_str(), &self.unredacted_pii_count)?;
        Ok(ProbeResults {
            verified_at: self.verified_at,
            code_ref: self.code_ref,
            residue,
            subprocessor,
            unredacted_pii_count: pii,
        })
    }
}

/// A validated `verification.json` (§8).
///
/// ```
/// use proofpack_producer::{DataClass, ProducerError, ProbeResultsBuilder};
///
/// let verification = ProbeResultsBuilder::new("2026-04-22T15:40:00Z", "git:verify-job@5d6e7f8")
///     .residue(DataClass::Episodic, 0)
///     .subprocessor_residue(0)
///     .unredacted_pii_count(0)
///     .build()?;
/// let json: serde_json::Value = serde_json::from_slice(&verification.to_json()?)
///     .map_err(|e| ProducerError::Json(e.to_string()))?;
/// assert_eq!(json["code_ref"], "git:verify-job@5d6e7f8");
/// # Ok::<(), ProducerError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeResults {
    verified_at: String,
    code_ref: String,
    residue: Vec<(DataClass, u64)>,
    subprocessor: u64,
    unredacted_pii_count: u64,
}

impl ProbeResults {
    /// `verified_at`
    #[must_use]
    pub fn verified_at(&self) -> &str {
        &self.verified_at
    }

    /// `code_ref`
    #[must_use]
    pub fn code_ref(&self) -> &str {
        &self.code_ref
    }

    /// `all_clear`, computed (§8): every residue is 0 and the unredacted
    /// PII count is 0. It cannot be set by hand.
    #[must_use]
    pub fn all_clear(&self) -> bool {
        self.residue.iter().all(|(_, r)| *r == 0)
            && self.subprocessor == 0
            && self.unredacted_pii_count == 0
    }

    /// The `verification.json` object: probes in cascade order, then
    /// `subprocessor`, then `audit_log_redacted`.
    #[must_use]
    pub fn to_value(&self) -> Value {
        let mut probes = Map::new();
        for (class, residue) in &self.residue {
            probes.insert(
                class.as_str().to_owned(),
                json!({class.probe().count_member(): residue}),
            );
        }
        probes.insert(
            Probe::Subprocessor.to_string(),
            json!({Probe::Subprocessor.count_member(): self.subprocessor}),
        );
        probes.insert(
            Probe::AuditLogRedacted.to_string(),
            json!({Probe::AuditLogRedacted.count_member(): self.unredacted_pii_count}),
        );
        json!({
            "verified_at": self.verified_at,
            "code_ref": self.code_ref,
            "all_clear": self.all_clear(),
            "probes": probes,
        })
    }

    /// The bytes of `verification.json`.
    pub fn to_json(&self) -> Result<Vec<u8>, ProducerError> {
        document(&self.to_value())
    }
}

// ---------------------------------------------------------------------------
// subprocessor-receipts.jsonl (§9)

/// A receipt's status with what it needs (§9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReceiptStatus {
    /// `confirmed`, at `confirmed_at` (not before `requested_at`).
    Confirmed {
        /// §0 timestamp.
        confirmed_at: String,
    },
    /// `pending`, due at `due_at`.
    Pending {
        /// §0 timestamp.
        due_at: String,
    },
    /// `failed`.
    Failed,
}

impl ReceiptStatus {
    /// The status's name in the spec's set.
    #[must_use]
    pub fn kind(&self) -> ReceiptStatusName {
        match self {
            ReceiptStatus::Confirmed { .. } => ReceiptStatusName::Confirmed,
            ReceiptStatus::Pending { .. } => ReceiptStatusName::Pending,
            ReceiptStatus::Failed => ReceiptStatusName::Failed,
        }
    }

    /// The spec's name.
    #[must_use]
    pub fn as_str(&self) -> &'static str {
        self.kind().as_str()
    }
}

/// A validated `subprocessor-receipts.jsonl` record (§9).
///
/// ```
/// use proofpack_producer::{receipts_jsonl, Channel, ProducerError, Receipt, ReceiptStatus};
///
/// let receipt = Receipt::new(
///     "vector-saas",
///     Channel::Api,
///     "del_8f2c",
///     "2026-04-22T15:21:10Z",
///     ReceiptStatus::Confirmed { confirmed_at: "2026-04-22T15:24:02Z".to_owned() },
/// )?
/// .with_endpoint("DELETE /v1/namespaces/ten_0440/vectors");
/// assert_eq!(receipts_jsonl(&[receipt])?.iter().filter(|b| **b == b'\n').count(), 1);
/// // A confirmation cannot come before the request.
/// let too_early = ReceiptStatus::Confirmed { confirmed_at: "2026-04-22T15:00:00Z".to_owned() };
/// assert!(matches!(
///     Receipt::new("vector-saas", Channel::Api, "t", "2026-04-22T15:21:10Z", too_early),
///     Err(ProducerError::TimeOrder { .. })
/// ));
/// # Ok::<(), ProducerError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    subprocessor: String,
    channel: Channel,
    endpoint: Option<String>,
    ticket_id: String,
    requested_at: String,
    status: ReceiptStatus,
    attestation: Option<String>,
}

impl Receipt {
    /// A receipt from `subprocessor` (as named in the manifest's
    /// `subprocessors`) by `channel`, with `ticket_id` (may be empty: that
    /// is recorded and reported as `receipts.no_ticket`).
    ///
    /// Refuses: an empty `subprocessor`; an `Other` channel that is empty or
    /// spells `api`, `email` or `phone`; a timestamp that is not §0;
    /// `confirmed_at` before `requested_at`.
    pub fn new(
        subprocessor: impl Into<String>,
        channel: Channel,
        ticket_id: impl Into<String>,
        requested_at: impl Into<String>,
        status: ReceiptStatus,
    ) -> Result<Receipt, ProducerError> {
        let subprocessor = subprocessor.into();
        let requested_at = requested_at.into();
        nonempty("subprocessor", &subprocessor)?;
        if let Channel::Other(name) = &channel {
            // An `Other` that names a known channel would write what
            // `Channel::parse` reads back as that channel.
            if name.is_empty() || !matches!(Channel::parse(name), Channel::Other(_)) {
                return Err(ProducerError::InvalidChannel(name.clone()));
            }
        }
        let requested = timestamp("requested_at", &requested_at)?;
        match &status {
            ReceiptStatus::Confirmed { confirmed_at } => {
                let confirmed = timestamp("confirmed_at", confirmed_at)?;
                ordered(("requested_at", &requested), ("confirmed_at", &confirmed))?;
            }
            ReceiptStatus::Pending { due_at } => {
                timestamp("due_at", due_at)?;
            }
            ReceiptStatus::Failed => {}
        }
        Ok(Receipt {
            subprocessor,
            channel,
            endpoint: None,
            ticket_id: ticket_id.into(),
            requested_at,
            status,
            attestation: None,
        })
    }

    /// Names the archive member holding the subprocessor's signed statement
    /// of this receipt (§16; see [`crate::ReceiptStatement`]).
    #[must_use]
    pub fn with_attestation(mut self, member: impl Into<String>) -> Self {
        self.attestation = Some(member.into());
        self
    }

    /// `ticket_id`
    #[must_use]
    pub fn ticket_id(&self) -> &str {
        &self.ticket_id
    }

    /// Adds the optional `endpoint` (e.g. `DELETE /v1/namespaces/...`).
    #[must_use]
    pub fn with_endpoint(mut self, endpoint: impl Into<String>) -> Self {
        self.endpoint = Some(endpoint.into());
        self
    }

    /// `subprocessor`
    #[must_use]
    pub fn subprocessor(&self) -> &str {
        &self.subprocessor
    }

    /// `status`
    #[must_use]
    pub fn status(&self) -> &ReceiptStatus {
        &self.status
    }

    /// Whether this receipt erases its subprocessor (§9): confirmed, by API,
    /// with a non-empty ticket.
    #[must_use]
    pub fn erases(&self) -> bool {
        matches!(self.status, ReceiptStatus::Confirmed { .. })
            && self.channel == Channel::Api
            && !self.ticket_id.is_empty()
    }

    /// The record's JSON object.
    #[must_use]
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        map.insert("subprocessor".to_owned(), json!(self.subprocessor));
        map.insert("channel".to_owned(), json!(self.channel.as_str()));
        if let Some(endpoint) = &self.endpoint {
            map.insert("endpoint".to_owned(), json!(endpoint));
        }
        map.insert("ticket_id".to_owned(), json!(self.ticket_id));
        map.insert("requested_at".to_owned(), json!(self.requested_at));
        map.insert("status".to_owned(), json!(self.status.as_str()));
        match &self.status {
            ReceiptStatus::Confirmed { confirmed_at } => {
                map.insert("confirmed_at".to_owned(), json!(confirmed_at));
            }
            ReceiptStatus::Pending { due_at } => {
                map.insert("due_at".to_owned(), json!(due_at));
            }
            ReceiptStatus::Failed => {}
        }
        if let Some(member) = &self.attestation {
            map.insert("attestation".to_owned(), json!(member));
        }
        Value::Object(map)
    }
}

/// The bytes of `subprocessor-receipts.jsonl`: one compact line per receipt,
/// in the order given, each ending with `\n`.
pub fn receipts_jsonl(receipts: &[Receipt]) -> Result<Vec<u8>, ProducerError> {
    let mut out = Vec::new();
    for receipt in receipts {
        jsonl_line(&mut out, &receipt.to_value())?;
    }
    Ok(out)
}
