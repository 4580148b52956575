//! `steps.jsonl` (spec §7): the nine-step cascade, one record per step, with
//! tier-specific evidence for `ok` steps.
//!
//! [`parse`] turns each line into a typed [`StepRecord`]; [`check`] judges
//! the records. A record whose `step` can be read is present even when
//! another of its members breaks the schema: it is reported as
//! `steps.schema` *and* its status, evidence and times are still judged, so a
//! malformed record is never mistaken for a missing one.

use crate::cancel::Cancel;
use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageArg, MessageId};
use crate::register_facts::OpenItem;
use crate::report::{BackupRow, ExemptionRow, ModelRow, StatusEvidence, TierEvidenceRow, TierRow};
use crate::schema::{jsonl_records, Custom, Fields, Member, Read, Record, RecordNames, Slot};
use proofpack_spec::json::{Kind, Value};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{
    BackupState, DataClass, MemberName, ModelAction, Probe, Purge, Step, StepStatus,
};
use std::borrow::Cow;
use std::collections::HashSet;

/// The member name.
pub(crate) const STEPS: MemberName = MemberName::Steps;

/// An `exemption`: a documented legal basis and its justification (§7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Exemption {
    /// The provision relied on, e.g. `GDPR Art. 17(3)(b)`.
    pub legal_basis: String,
    /// Why it applies.
    pub justification: String,
}

/// What a status needs (§7), as far as the record holds it.
#[derive(Debug, Clone)]
pub(crate) enum StatusDetail {
    /// `ok`: no detail.
    Ok,
    /// `fail`: the error, and the exception opened for it (absent, empty or
    /// not a string: `None`).
    Fail {
        /// `error`, when a non-empty string.
        error: Option<String>,
        /// `exception_id`, when a non-empty string.
        exception_id: Option<String>,
    },
    /// `pending`: when it is due.
    Pending {
        /// `due_at`, when a valid timestamp.
        due_at: Option<Timestamp>,
    },
    /// `deferred`: when the data expires.
    Deferred {
        /// `expires_at`, when a valid timestamp.
        expires_at: Option<Timestamp>,
    },
    /// `exempt`: the exemption relied on.
    Exempt {
        /// `exemption`, when well-formed.
        exemption: Option<Exemption>,
    },
}

/// One affected model release of the `fine_tune` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ModelEntry {
    /// `model_id`, when a string.
    pub model_id: Option<String>,
    /// `action`, when a known one.
    pub action: Option<ModelAction>,
    /// Whether the entry holds what its action needs (`method` and
    /// `evaluation_ref` for `unlearned`, `exemption` for
    /// `retained_with_exemption`).
    pub complete: bool,
}

/// The tier-specific evidence of an `ok` step (§7), as read from `output`.
#[derive(Debug, Clone, Default)]
pub(crate) struct TierEvidence {
    /// `output.replication_lag_drained`, when a boolean.
    pub replication_lag_drained: Option<bool>,
    /// `output.purge`, when a string (in the set or not).
    pub purge: Option<String>,
    /// `output.models`, when an array.
    pub models: Option<Vec<ModelEntry>>,
    /// `output.backups` (§17), the well-formed ones, any step's.
    pub backups: Vec<Backup>,
    /// `output.backups` as read, judged by [`parse_record`] (which has the
    /// findings) into [`TierEvidence::backups`].
    read_backups: BackupsRead,
}

/// One backup a step declares (§17).
#[derive(Debug, Clone)]
pub(crate) struct Backup {
    /// Where it is (`#/output/backups/N`), for findings.
    pub index: usize,
    /// `location`: which backup, as the controller names it.
    pub location: String,
    /// `state`
    pub state: BackupState,
    /// `retention_until`, for `beyond_use`.
    pub retention_until: Option<Timestamp>,
    /// `restore_suppression`, for `beyond_use`.
    pub restore_suppression: Option<bool>,
}

/// `output.backups` as the bytes hold it, before it is judged.
#[derive(Debug, Clone, Default)]
enum BackupsRead {
    /// Absent or `null`: none.
    #[default]
    None,
    /// Not an array.
    NotArray,
    /// The items: each an object's four members, or `None` for a non-object.
    Items(Vec<Option<BackupMembers>>),
}

/// The §17 members of one backup, each `None` when absent; a mistyped one
/// is `Some(Err(()))`.
#[derive(Debug, Clone, Default)]
struct BackupMembers {
    location: Option<Result<String, ()>>,
    state: Option<Result<String, ()>>,
    retention_until: Option<Result<String, ()>>,
    restore_suppression: Option<Result<bool, ()>>,
}

impl BackupMembers {
    fn read(value: Value<'_, '_>) -> Option<BackupMembers> {
        let mut m = BackupMembers::default();
        let string = |v: Value<'_, '_>| v.string().map(Cow::into_owned).ok_or(());
        let is_object = value.members(|name, value| match &*name {
            "location" => m.location = Some(string(value)),
            "state" => m.state = Some(string(value)),
            "retention_until" => m.retention_until = Some(string(value)),
            "restore_suppression" => {
                m.restore_suppression = Some(value.scalar().as_bool().ok_or(()))
            }
            _ => {}
        });
        is_object.then_some(m)
    }
}

impl TierEvidence {
    /// `purge` as a member of the §7 set.
    pub(crate) fn purge_mode(&self) -> Option<Purge> {
        self.purge.as_deref().and_then(|p| p.parse().ok())
    }
}

/// A step record whose `step` could be read.
#[derive(Debug, Clone)]
pub(crate) struct StepRecord {
    /// 1-based line in `steps.jsonl`.
    pub line: usize,
    /// `step`
    pub step: Step,
    /// `seq`, when a count.
    pub seq: Option<u64>,
    /// `status`, when a known one.
    pub status: Option<StepStatus>,
    /// What the status needs.
    pub detail: Option<StatusDetail>,
    /// `started_at`, when valid.
    pub started_at: Option<Timestamp>,
    /// `ended_at`, when valid.
    pub ended_at: Option<Timestamp>,
    /// `before_count`, when a count.
    pub before_count: Option<u64>,
    /// `after_count`, when a count.
    pub after_count: Option<u64>,
    /// `code_ref`, when a string.
    pub code_ref: Option<String>,
    /// The tier evidence in `output`.
    pub evidence: TierEvidence,
}

impl StepRecord {
    /// Where the record is, for findings.
    pub(crate) fn location(&self) -> String {
        format!("{STEPS}:{}", self.line)
    }
}

/// Reads an `exemption` object whose `legal_basis` and `justification` are
/// non-empty strings.
fn exemption(value: Value<'_, '_>) -> Option<Exemption> {
    let (mut legal_basis, mut justification) = (None, None);
    value.members(|name, value| match &*name {
        "legal_basis" => legal_basis = nonempty(value),
        "justification" => justification = nonempty(value),
        _ => {}
    });
    Some(Exemption {
        legal_basis: legal_basis?,
        justification: justification?,
    })
}

/// A non-empty string, owned.
fn nonempty(value: Value<'_, '_>) -> Option<String> {
    value
        .string()
        .filter(|s| !s.is_empty())
        .map(Cow::into_owned)
}

/// The members of a step record that §7 names.
const MEMBERS: RecordNames = &[
    ("seq", Read::Scalar),
    ("step", Read::Scalar),
    ("status", Read::Scalar),
    ("started_at", Read::Scalar),
    ("ended_at", Read::Scalar),
    ("before_count", Read::Scalar),
    ("after_count", Read::Scalar),
    ("code_ref", Read::Scalar),
    ("error", Read::Scalar),
    ("exception_id", Read::Scalar),
    ("due_at", Read::Scalar),
    ("expires_at", Read::Scalar),
    ("output", Read::Custom),
    ("exemption", Read::Custom),
];

/// A step record's objects, read into their typed forms from the bytes.
#[derive(Debug)]
enum StepObject {
    /// `output`, an object: its tier evidence.
    Output(TierEvidence),
    /// `exemption`, when well-formed.
    Exemption(Option<Exemption>),
}

impl<'a> Custom<'a> for StepObject {
    fn read(name: &str, value: Value<'a, '_>) -> Slot<'a, Self> {
        match name {
            "output" if value.kind() == Some(Kind::Object) => {
                Slot::Custom(StepObject::Output(parse_evidence(value)))
            }
            "exemption" => Slot::Custom(StepObject::Exemption(exemption(value))),
            _ => Slot::Scalar(value.scalar()),
        }
    }
}

/// Parses `steps.jsonl` into the records whose `step` can be read, reporting
/// `json.malformed`, `steps.schema` and `time.invalid`.
pub(crate) fn parse(bytes: &[u8], cancel: &Cancel, findings: &mut Findings) -> Vec<StepRecord> {
    jsonl_records(
        bytes,
        cancel,
        STEPS.as_str(),
        Code::StepsSchema,
        MEMBERS,
        findings,
        parse_record,
    )
}

fn parse_record(
    line: usize,
    value: &Record<'_, StepObject>,
    findings: &mut Findings,
) -> Option<StepRecord> {
    let location = format!("{STEPS}:{line}");
    let mut f = Fields::of_object(Some(value), Code::StepsSchema, location, findings)?;
    let seq = f.count("seq");
    let step = f.name::<Step>("step");
    let status = f.name::<StepStatus>("status");
    let started_at = f.timestamp("started_at");
    let ended_at = f.timestamp("ended_at");
    let before_count = f.count("before_count");
    let after_count = f.count("after_count");
    let code_ref = f.string("code_ref").map(str::to_owned);
    let output = match f.get("output") {
        None => None,
        Some(Slot::Custom(StepObject::Output(evidence))) => Some(evidence),
        Some(_) => {
            f.bad("output", MessageId::WhyNotObject);
            None
        }
    };
    let detail = status.map(|status| match status {
        StepStatus::Ok => StatusDetail::Ok,
        StepStatus::Fail => StatusDetail::Fail {
            error: f.nonempty_string("error").map(str::to_owned),
            exception_id: f
                .get("exception_id")
                .and_then(Member::text)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        },
        StepStatus::Pending => StatusDetail::Pending {
            due_at: f.timestamp("due_at"),
        },
        StepStatus::Deferred => StatusDetail::Deferred {
            expires_at: f.timestamp("expires_at"),
        },
        StepStatus::Exempt => {
            let exemption = match f.get("exemption") {
                Some(Slot::Custom(StepObject::Exemption(e))) => e.clone(),
                _ => None,
            };
            if exemption.is_none() {
                f.bad("exemption", MessageId::WhyNeedsExemption);
            }
            if step == Some(Step::AuditLog) {
                f.bad("status", MessageId::WhyNeverExempt);
            }
            StatusDetail::Exempt { exemption }
        }
    });
    Some(StepRecord {
        line,
        step: step?,
        seq,
        status,
        detail,
        started_at,
        ended_at,
        before_count,
        after_count,
        code_ref,
        evidence: TierEvidence {
            backups: output.map_or_else(Vec::new, |o| {
                judge_backups(&o.read_backups, &format!("{STEPS}:{line}"), f.findings())
            }),
            ..output.cloned().unwrap_or_default()
        },
    })
}

/// The tier evidence of an `output` object.
fn parse_evidence(output: Value<'_, '_>) -> TierEvidence {
    let mut evidence = TierEvidence::default();
    output.members(|name, value| match &*name {
        "replication_lag_drained" => evidence.replication_lag_drained = value.scalar().as_bool(),
        "purge" => evidence.purge = value.string().map(Cow::into_owned),
        "models" => {
            let mut models = Vec::new();
            if value.items(|model| models.push(parse_model(model))) {
                evidence.models = Some(models);
            }
        }
        "backups" if value.kind() == Some(Kind::Null) => value.skip(),
        "backups" => {
            let mut items = Vec::new();
            evidence.read_backups = if value.items(|item| items.push(BackupMembers::read(item))) {
                BackupsRead::Items(items)
            } else {
                BackupsRead::NotArray
            };
        }
        _ => {}
    });
    evidence
}

/// `output.backups` (§17): a member missing or mistyped, or another
/// `state`, is `steps.schema`; a `retention_until` that is a string but no
/// timestamp `time.invalid`. Only well-formed backups are kept.
fn judge_backups(read: &BackupsRead, at: &str, findings: &mut Findings) -> Vec<Backup> {
    let items = match read {
        BackupsRead::None => return Vec::new(),
        BackupsRead::Items(items) => items,
        BackupsRead::NotArray => {
            findings.add(
                Code::StepsSchema,
                format!("{at}#/output/backups"),
                message!(SchemaMember, name = "backups", why = MessageId::WhyNotArray),
            );
            return Vec::new();
        }
    };
    let mut backups = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let location = format!("{at}#/output/backups/{index}");
        let Some(m) = item else {
            findings.add(Code::StepsSchema, location, MessageId::StepsBackupNotObject);
            continue;
        };
        let mut judge = BackupJudge {
            location,
            ok: true,
            findings,
        };
        backups.extend(judge.backup(index, m));
    }
    backups
}

/// One backup entry being judged: each bad member is a `steps.schema`
/// finding at `location/member`, and makes the entry not count.
struct BackupJudge<'f> {
    location: String,
    ok: bool,
    findings: &'f mut Findings,
}

impl BackupJudge<'_> {
    fn bad(&mut self, name: &str, why: impl Into<MessageArg>) {
        self.ok = false;
        self.findings.add(
            Code::StepsSchema,
            format!("{}/{name}", self.location),
            message!(SchemaMember, name = name, why = why.into()),
        );
    }

    /// The entry, if every member it needs is there and well-formed.
    fn backup(&mut self, index: usize, m: &BackupMembers) -> Option<Backup> {
        let place = match &m.location {
            Some(Ok(s)) if !s.is_empty() => Some(s.clone()),
            Some(Ok(_)) => {
                self.bad("location", MessageId::WhyEmpty);
                None
            }
            Some(Err(())) => {
                self.bad("location", MessageId::WhyNotString);
                None
            }
            None => {
                self.bad("location", MessageId::WhyMissing);
                None
            }
        };
        let state = match &m.state {
            Some(Ok(s)) => match s.parse::<BackupState>() {
                Ok(state) => Some(state),
                Err(e) => {
                    self.bad("state", &e);
                    None
                }
            },
            Some(Err(())) => {
                self.bad("state", MessageId::WhyNotString);
                None
            }
            None => {
                self.bad("state", MessageId::WhyMissing);
                None
            }
        };
        // §17: only a backup kept beyond use has a retention and a suppression.
        let (retention_until, restore_suppression) = if state == Some(BackupState::BeyondUse) {
            self.beyond_use(m)
        } else {
            (None, None)
        };
        let timed = state != Some(BackupState::BeyondUse) || retention_until.is_some();
        if !(self.ok && timed) {
            return None;
        }
        Some(Backup {
            index,
            location: place?,
            state: state?,
            retention_until,
            restore_suppression,
        })
    }

    /// `retention_until` and `restore_suppression` of a `beyond_use` backup.
    fn beyond_use(&mut self, m: &BackupMembers) -> (Option<Timestamp>, Option<bool>) {
        let mut retention_until = None;
        match &m.retention_until {
            Some(Ok(text)) => {
                retention_until = Timestamp::parse(text);
                if retention_until.is_none() {
                    self.findings.add(
                        Code::TimeInvalid,
                        format!("{}/retention_until", self.location),
                        message!(SchemaNotTime, name = "retention_until", text = quoted(text)),
                    );
                }
            }
            Some(Err(())) => self.bad("retention_until", MessageId::WhyNotString),
            None => self.bad("retention_until", MessageId::WhyMissing),
        }
        let restore_suppression = match m.restore_suppression {
            Some(Ok(b)) => Some(b),
            Some(Err(())) => {
                self.bad("restore_suppression", MessageId::WhyNotBoolean);
                None
            }
            None => {
                self.bad("restore_suppression", MessageId::WhyMissing);
                None
            }
        };
        (retention_until, restore_suppression)
    }
}

/// One entry of `output.models`; an entry that is not an object is
/// incomplete, with no id and no action.
fn parse_model(model: Value<'_, '_>) -> ModelEntry {
    let (mut model_id, mut action, mut method, mut evaluation_ref, mut exempted) =
        (None, None, false, false, false);
    model.members(|name, value| match &*name {
        "model_id" => model_id = value.string().map(Cow::into_owned),
        "action" => action = value.string().and_then(|a| a.parse::<ModelAction>().ok()),
        "method" => method = nonempty(value).is_some(),
        "evaluation_ref" => evaluation_ref = nonempty(value).is_some(),
        "exemption" => exempted = exemption(value).is_some(),
        _ => {}
    });
    let needs_met = match action {
        Some(ModelAction::Unlearned) => method && evaluation_ref,
        Some(ModelAction::RetainedWithExemption) => exempted,
        Some(_) => true,
        None => false,
    };
    ModelEntry {
        complete: needs_met && model_id.is_some(),
        model_id,
        action,
    }
}

/// Judges the records (§7): each status, the tier evidence of `ok` steps,
/// the order, and the required steps of the request.
pub(crate) fn check(records: &[StepRecord], data_classes: &[DataClass], findings: &mut Findings) {
    check_records(records, findings);
    check_required(records, data_classes, findings);
}

/// Judges each record's status and evidence, and their order (§7), without
/// the request's required steps.
pub(crate) fn check_records(records: &[StepRecord], findings: &mut Findings) {
    for record in records {
        check_status(record, findings);
    }
    check_order(records, findings);
}

/// §17: a live backup, or one beyond use whose restore would not re-apply
/// the erasure, whatever the record's status.
fn check_backups(record: &StepRecord, findings: &mut Findings) {
    let at = record.location();
    for backup in &record.evidence.backups {
        let location = format!("{at}#/output/backups/{}", backup.index);
        let name = &backup.location;
        match (backup.state, backup.restore_suppression) {
            (BackupState::Live, _) => findings.add(
                Code::StepsBackupLive,
                location,
                message!(
                    StepsBackupLive,
                    step = record.step.to_string(),
                    name = quoted(name)
                ),
            ),
            (BackupState::BeyondUse, Some(false)) => findings.add(
                Code::StepsBackupUnsuppressed,
                location,
                message!(
                    StepsBackupUnsuppressed,
                    step = record.step.to_string(),
                    name = quoted(name)
                ),
            ),
            _ => {}
        }
    }
}

fn check_status(record: &StepRecord, findings: &mut Findings) {
    check_backups(record, findings);
    let at = record.location();
    let step = record.step;
    match &record.detail {
        None => {}
        Some(StatusDetail::Ok) => {
            if let Some(after) = record.after_count.filter(|n| *n != 0) {
                findings.add(
                    Code::StepsResidueAfterOk,
                    at.clone(),
                    message!(StepsResidueAfterOk, step = step.to_string(), after = after),
                );
            }
            check_evidence(step, &record.evidence, &at, findings);
        }
        Some(StatusDetail::Fail { exception_id, .. }) => {
            if exception_id.is_none() {
                findings.add(
                    Code::StepsSilentFailure,
                    at.clone(),
                    message!(StepsSilentFailure, step = step.to_string()),
                );
            }
            // §7: "always reported as steps.failed", malformed or not.
            findings.add(
                Code::StepsFailed,
                at,
                message!(StepsFailed, step = step.to_string()),
            );
        }
        Some(StatusDetail::Pending { due_at }) => findings.add(
            Code::StepsPending,
            at,
            match due_at {
                Some(due) => message!(StepsPendingDue, step = step.to_string(), due = due.raw()),
                None => message!(StepsPending, step = step.to_string()),
            },
        ),
        Some(StatusDetail::Deferred { expires_at }) => findings.add(
            Code::StepsDeferred,
            at,
            match expires_at {
                Some(expires) => message!(
                    StepsDeferredAt,
                    step = step.to_string(),
                    expires = expires.raw()
                ),
                None => message!(StepsDeferred, step = step.to_string()),
            },
        ),
        Some(StatusDetail::Exempt { .. }) => findings.add(
            Code::StepsExempt,
            at,
            message!(StepsExempt, step = step.to_string()),
        ),
    }
}

/// Tier-specific evidence of an `ok` step (§7).
fn check_evidence(step: Step, evidence: &TierEvidence, at: &str, findings: &mut Findings) {
    match step {
        Step::Episodic if evidence.replication_lag_drained != Some(true) => {
            findings.add(
                Code::StepsReplicationNotDrained,
                at,
                message!(StepsReplicationNotDrained),
            );
        }
        Step::Vectors if evidence.purge_mode().is_none() => {
            findings.add(
                Code::StepsVectorsNotPurged,
                at,
                message!(
                    StepsVectorsNotPurged,
                    purge = evidence
                        .purge
                        .as_ref()
                        .map_or(MessageArg::from(MessageId::PurgeAbsent), |p| {
                            MessageArg::from(format!("{p:?}"))
                        })
                ),
            );
        }
        Step::FineTune => check_models(evidence.models.as_deref(), at, findings),
        _ => {}
    }
}

fn check_models(models: Option<&[ModelEntry]>, at: &str, findings: &mut Findings) {
    let Some(models) = models else {
        findings.add(
            Code::StepsModelLineageMissing,
            at,
            message!(StepsLineageMissing),
        );
        return;
    };
    for (i, model) in models.iter().enumerate() {
        let location = format!("{at}#/output/models/{i}");
        if !model.complete {
            findings.add(
                Code::StepsModelLineageMissing,
                location,
                message!(StepsModelEntryIncomplete),
            );
        } else if model.action == Some(ModelAction::Suppressed) {
            findings.add(
                Code::StepsModelSuppressedOnly,
                location,
                message!(StepsModelSuppressed),
            );
        }
    }
}

/// Records in ascending `seq`, `seq` matching the step's name, no step twice.
fn check_order(records: &[StepRecord], findings: &mut Findings) {
    let mut last_seq = 0u64;
    let mut seen: HashSet<Step> = HashSet::new();
    for s in records {
        let at = s.location();
        if let Some(seq) = s.seq {
            if seq != s.step.seq() {
                findings.add(
                    Code::StepsOrder,
                    at.clone(),
                    message!(StepsWrongSeq, step = s.step.to_string(), seq = s.step.seq()),
                );
            }
            if seq <= last_seq {
                findings.add(Code::StepsOrder, at.clone(), message!(StepsNotAscending));
            }
            last_seq = last_seq.max(seq);
        }
        if !seen.insert(s.step) {
            findings.add(
                Code::StepsOrder,
                at,
                message!(StepsTwice, step = s.step.to_string()),
            );
        }
    }
}

/// The steps a request requires: one per requested class, plus
/// `subprocessor` and `audit_log` always (§7).
pub(crate) fn required_steps(data_classes: &[DataClass]) -> impl Iterator<Item = Step> + '_ {
    data_classes
        .iter()
        .map(|c| c.step())
        .chain(Step::ALWAYS_REQUIRED)
}

/// Reports `steps.missing` for each required step with no record.
pub(crate) fn check_required(
    records: &[StepRecord],
    data_classes: &[DataClass],
    findings: &mut Findings,
) {
    let present: HashSet<Step> = records.iter().map(|r| r.step).collect();
    for step in required_steps(data_classes) {
        if !present.contains(&step) {
            findings.add(
                Code::StepsMissing,
                format!("{STEPS}#{step}"),
                message!(StepsMissing, step = step.to_string()),
            );
        }
    }
}

/// §19's open items of the steps: each `pending` step due at its `due_at`,
/// each `deferred` one at its `expires_at`.
pub(crate) fn open_items(steps: &[StepRecord], items: &mut Vec<OpenItem>) {
    for s in steps {
        let due = match &s.detail {
            Some(StatusDetail::Pending { due_at }) => due_at,
            Some(StatusDetail::Deferred { expires_at }) => expires_at,
            _ => continue,
        };
        let kind = proofpack_spec::vocab::OpenItemKind::Step;
        items.push(OpenItem::new(kind, s.step.as_str(), due.as_ref()));
    }
}

// ---------------------------------------------------------------------------
// The report's rows (§13)

/// The report's nine rows of the cascade (§13), from the request, the step
/// records and the probes' counts.
pub(crate) fn tier_rows(
    data_classes: &[DataClass],
    steps: &[StepRecord],
    residue: impl Fn(Probe) -> Option<u64>,
    pii: Option<u64>,
) -> Vec<TierRow> {
    Step::ALL
        .iter()
        .map(|&tier| {
            let record = steps.iter().find(|s| s.step == tier);
            let probe = match tier.data_class() {
                Some(class) => Some(class.probe()),
                None if tier == Step::Subprocessor => Some(Probe::Subprocessor),
                None => None,
            };
            TierRow {
                tier,
                requested: Step::ALWAYS_REQUIRED.contains(&tier)
                    || data_classes.iter().any(|c| c.step() == tier),
                status: record.and_then(|s| s.status),
                before_count: record.and_then(|s| s.before_count),
                after_count: record.and_then(|s| s.after_count),
                code_ref: record.and_then(|s| s.code_ref.clone()),
                status_detail: record.and_then(|s| s.detail.as_ref()).map(status_evidence),
                evidence: record.map(tier_evidence).unwrap_or_default(),
                residue: match probe {
                    Some(p) => residue(p),
                    None => residue(Probe::AuditLogRedacted).or(pii),
                },
            }
        })
        .collect()
}

fn status_evidence(detail: &StatusDetail) -> StatusEvidence {
    let raw = |t: &Option<Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
    match detail {
        StatusDetail::Ok => StatusEvidence::default(),
        StatusDetail::Fail {
            error,
            exception_id,
        } => StatusEvidence {
            error: error.clone(),
            exception_id: exception_id.clone(),
            ..StatusEvidence::default()
        },
        StatusDetail::Pending { due_at } => StatusEvidence {
            due_at: raw(due_at),
            ..StatusEvidence::default()
        },
        StatusDetail::Deferred { expires_at } => StatusEvidence {
            expires_at: raw(expires_at),
            ..StatusEvidence::default()
        },
        StatusDetail::Exempt { exemption } => StatusEvidence {
            exemption: exemption.as_ref().map(|e| ExemptionRow {
                legal_basis: e.legal_basis.clone(),
                justification: e.justification.clone(),
            }),
            ..StatusEvidence::default()
        },
    }
}

fn tier_evidence(record: &StepRecord) -> TierEvidenceRow {
    let e = &record.evidence;
    TierEvidenceRow {
        replication_lag_drained: e.replication_lag_drained,
        purge: e.purge.clone(),
        models: e.models.as_ref().map(|models| {
            models
                .iter()
                .map(|m| ModelRow {
                    model_id: m.model_id.clone(),
                    action: m.action,
                    complete: m.complete,
                })
                .collect()
        }),
        backups: e
            .backups
            .iter()
            .map(|b| BackupRow {
                location: b.location.clone(),
                state: b.state,
                retention_until: b.retention_until.as_ref().map(|t| t.raw().to_owned()),
                restore_suppression: b.restore_suppression,
            })
            .collect(),
    }
}
