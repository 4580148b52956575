//! `steps.jsonl` (spec §7): the nine-step cascade, one record per step, with
//! tier-specific evidence for `ok` steps.

use crate::findings::{Code, Findings};
use crate::json::{Json, JsonObject};
use crate::schema::{parse_jsonl, Fields};
use crate::timestamp::Timestamp;
use serde::Serialize;

/// The member name.
pub const STEPS: &str = "steps.jsonl";

/// The cascade in its fixed order; `seq` is the 1-based position.
pub const CASCADE: &[&str] = &[
    "working",
    "episodic",
    "semantic",
    "vectors",
    "fine_tune",
    "uploads",
    "derivatives",
    "subprocessor",
    "audit_log",
];

/// Step statuses.
pub const STATUSES: &[&str] = &["ok", "fail", "pending", "deferred", "exempt"];

/// A step record of the right shape.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// 1-based line in `steps.jsonl`.
    pub line: usize,
    /// `seq`
    pub seq: u64,
    /// `step`
    pub step: String,
    /// `status`
    pub status: String,
    /// `started_at`
    #[serde(skip)]
    pub started_at: Option<Timestamp>,
    /// `ended_at`
    #[serde(skip)]
    pub ended_at: Option<Timestamp>,
    /// `before_count`
    pub before_count: u64,
    /// `after_count`
    pub after_count: u64,
    /// `code_ref`
    pub code_ref: String,
}

/// Whether an `exemption` is an object whose `legal_basis` and
/// `justification` are non-empty strings.
pub fn is_exemption(value: Option<&Json>) -> bool {
    let nonempty = |o: &JsonObject, k: &str| {
        o.get(k)
            .and_then(Json::as_str)
            .is_some_and(|s| !s.is_empty())
    };
    value
        .and_then(Json::as_object)
        .is_some_and(|o| nonempty(o, "legal_basis") && nonempty(o, "justification"))
}

/// Parses and judges `steps.jsonl`; returns the well-formed records.
pub fn check(bytes: &[u8], findings: &mut Findings) -> Vec<Step> {
    let mut steps = Vec::new();
    for (line, value) in parse_jsonl(bytes, STEPS, Code::StepsSchema, findings) {
        if let Some(step) = check_record(line, &value, findings) {
            steps.push(step);
        }
    }
    check_order(&steps, findings);
    steps
}

fn check_record(line: usize, value: &Json, findings: &mut Findings) -> Option<Step> {
    let location = format!("{STEPS}:{line}");
    let mut f = Fields::of(value, Code::StepsSchema, location.clone(), findings)?;
    let seq = f.count("seq");
    let step = f.one_of("step", CASCADE);
    let status = f.one_of("status", STATUSES);
    let started_at = f.timestamp("started_at");
    let ended_at = f.timestamp("ended_at");
    let before_count = f.count("before_count");
    let after_count = f.count("after_count");
    let code_ref = f.string("code_ref");
    let output = match f.get("output") {
        None => None,
        Some(Json::Object(o)) => Some(o),
        Some(_) => {
            f.bad("output", "not an object");
            None
        }
    };
    match status {
        Some("fail") => {
            f.nonempty_string("error");
        }
        Some("pending") => {
            f.timestamp("due_at");
        }
        Some("deferred") => {
            f.timestamp("expires_at");
        }
        Some("exempt") => {
            if !is_exemption(f.get("exemption")) {
                f.bad(
                    "exemption",
                    "needs non-empty `legal_basis` and `justification`",
                );
            }
            if step == Some("audit_log") {
                f.bad("status", "the audit_log step is never exempt");
            }
        }
        _ => {}
    }
    let exception_missing = f
        .get("exception_id")
        .and_then(Json::as_str)
        .is_none_or(str::is_empty);
    if !f.ok {
        return None;
    }
    let (seq, step, status) = (seq?, step?.to_owned(), status?.to_owned());
    let record = Step {
        line,
        seq,
        step,
        status,
        started_at,
        ended_at,
        before_count: before_count?,
        after_count: after_count?,
        code_ref: code_ref?.to_owned(),
    };
    let at = location.as_str();
    match record.status.as_str() {
        "ok" => {
            if record.after_count != 0 {
                findings.add(
                    Code::StepsResidueAfterOk,
                    at,
                    format!(
                        "step {} is ok with after_count {}",
                        record.step, record.after_count
                    ),
                );
            }
            check_evidence(&record.step, output, at, findings);
        }
        "fail" => {
            if exception_missing {
                findings.add(
                    Code::StepsSilentFailure,
                    at,
                    format!("step {} failed without opening an exception", record.step),
                );
            }
            findings.add(
                Code::StepsFailed,
                at,
                format!("step {} failed", record.step),
            );
        }
        "pending" => findings.add(
            Code::StepsPending,
            at,
            format!("step {} is pending", record.step),
        ),
        "deferred" => findings.add(
            Code::StepsDeferred,
            at,
            format!("step {} is deferred until a TTL expires", record.step),
        ),
        "exempt" => findings.add(
            Code::StepsExempt,
            at,
            format!(
                "step {} is exempt under a documented legal basis",
                record.step
            ),
        ),
        _ => {}
    }
    Some(record)
}

/// Tier-specific evidence of an `ok` step (§7).
fn check_evidence(step: &str, output: Option<&JsonObject>, at: &str, findings: &mut Findings) {
    let member = |name: &str| output.and_then(|o| o.get(name));
    match step {
        "episodic" if member("replication_lag_drained").and_then(Json::as_bool) != Some(true) => {
            findings.add(
                Code::StepsReplicationNotDrained,
                at,
                "episodic: output.replication_lag_drained is not true",
            );
        }
        "vectors" => {
            let purge = member("purge").and_then(Json::as_str);
            if !matches!(purge, Some("rebuilt" | "compacted" | "deleted")) {
                findings.add(
                    Code::StepsVectorsNotPurged,
                    at,
                    format!(
                        "vectors: purge is {}; removal from the serving index alone is not erasure",
                        purge.map_or("absent".to_owned(), |p| format!("{p:?}"))
                    ),
                );
            }
        }
        "fine_tune" => check_models(member("models"), at, findings),
        _ => {}
    }
}

fn check_models(models: Option<&Json>, at: &str, findings: &mut Findings) {
    let Some(models) = models.and_then(Json::as_array) else {
        findings.add(
            Code::StepsModelLineageMissing,
            at,
            "fine_tune: output.models does not list the affected model releases",
        );
        return;
    };
    let nonempty = |o: &JsonObject, k: &str| {
        o.get(k)
            .and_then(Json::as_str)
            .is_some_and(|s| !s.is_empty())
    };
    for (i, model) in models.iter().enumerate() {
        let location = format!("{at}#/output/models/{i}");
        let obj = model.as_object();
        let action = obj.and_then(|o| o.get("action")).and_then(Json::as_str);
        let complete = obj.is_some_and(|o| {
            o.get("model_id").and_then(Json::as_str).is_some()
                && match action {
                    Some("not_trained_on" | "retrained" | "retired" | "suppressed") => true,
                    Some("unlearned") => nonempty(o, "method") && nonempty(o, "evaluation_ref"),
                    Some("retained_with_exemption") => is_exemption(o.get("exemption")),
                    _ => false,
                }
        });
        if !complete {
            findings.add(
                Code::StepsModelLineageMissing,
                location,
                "fine_tune: a model entry lacks a model_id, a known action, or what its action needs",
            );
        } else if action == Some("suppressed") {
            findings.add(
                Code::StepsModelSuppressedOnly,
                location,
                "fine_tune: a model is only suppressed, an interim control",
            );
        }
    }
}

/// Records in ascending `seq`, `seq` matching the step's name, no step twice.
fn check_order(steps: &[Step], findings: &mut Findings) {
    let mut last_seq = 0u64;
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for s in steps {
        let at = format!("{STEPS}:{}", s.line);
        let position = CASCADE
            .iter()
            .position(|c| *c == s.step)
            .map(|p| p as u64 + 1);
        if position != Some(s.seq) {
            findings.add(
                Code::StepsOrder,
                at.clone(),
                format!("step {} must have seq {}", s.step, position.unwrap_or(0)),
            );
        }
        if !seen.insert(&s.step) {
            findings.add(
                Code::StepsOrder,
                at.clone(),
                format!("step {} appears twice", s.step),
            );
        }
        if s.seq <= last_seq {
            findings.add(Code::StepsOrder, at, "records are not in ascending seq");
        }
        last_seq = last_seq.max(s.seq);
    }
}

/// Required steps: one per requested class, plus `subprocessor` and
/// `audit_log` (§7). Reports `steps.missing`.
pub fn check_required(steps: &[Step], data_classes: &[String], findings: &mut Findings) {
    let required = data_classes
        .iter()
        .map(String::as_str)
        .chain(["subprocessor", "audit_log"]);
    for name in required {
        if !steps.iter().any(|s| s.step == name) {
            findings.add(
                Code::StepsMissing,
                format!("{STEPS}#{name}"),
                format!("no record for the required step {name}"),
            );
        }
    }
}
