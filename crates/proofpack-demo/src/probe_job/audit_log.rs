//! The audit-log probe: the log's database read raw (leaves and
//! disclosures), its SD-JWT disclosures decoded by the job itself, counting
//! the personal fields still disclosed in the entries about the subject
//! (whose clear `actor_ref` is the pseudonym the job computed).

use super::resolve::Subject;
use super::{probe, Probe};
use crate::store::Reader;
use crate::DemoError;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use proofpack_spec::vocab::Probe as ProbeName;
use serde_json::Value;

/// Personal fields still disclosed in the subject's audit-log entries.
pub(crate) fn probe_log(
    reader: &Reader,
    subject: &Subject,
    pii_fields: &[String],
) -> Result<Probe, DemoError> {
    let mut found = Vec::new();
    for (idx, leaf) in reader.audit_leaves()? {
        let leaf: Value = serde_json::from_slice(&leaf).unwrap_or(Value::Null);
        if leaf.get("actor_ref").and_then(Value::as_str) != Some(subject.subject_id.as_str()) {
            continue;
        }
        for d in reader.audit_disclosures(idx)? {
            let field = URL_SAFE_NO_PAD
                .decode(&d)
                .ok()
                .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
                .and_then(|v| v.get(1).and_then(Value::as_str).map(str::to_owned));
            if let Some(f) = field.filter(|f| pii_fields.contains(f)) {
                found.push(format!("log_entries:{idx}:{f}"));
            }
        }
    }
    Ok(probe(
        ProbeName::AuditLogRedacted,
        found,
        "disclosures of personal fields in the subject's audit-log entries",
    ))
}
