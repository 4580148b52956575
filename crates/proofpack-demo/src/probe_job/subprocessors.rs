//! The subprocessor probe, over HTTP with the job's own client: each
//! service's lookup API asked for the pseudonym the job computed, and its
//! content search asked for every marker phrase and vector id of the
//! subject (a copy filed under another key is found too).

use super::resolve::Subject;
use super::{probe, Probe, Target};
use crate::DemoError;
use proofpack_spec::vocab::Probe as ProbeName;
use serde_json::Value;
use std::collections::BTreeSet;

/// The answer of `url` as JSON.
fn get(agent: &ureq::Agent, name: &str, url: &str) -> Result<Value, DemoError> {
    let body = agent
        .get(url)
        .call()
        .and_then(|mut r| r.body_mut().read_to_string())
        .map_err(|e| DemoError::Service(format!("verification at {name}: {e}")))?;
    serde_json::from_str(&body)
        .map_err(|e| DemoError::Service(format!("verification at {name}: {e}")))
}

/// `text`, percent-encoded for a query string.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The records every subprocessor still holds of the subject: under its
/// pseudonym, or anywhere its content is found.
pub(crate) fn probe_all(target: &Target, subject: &Subject) -> Result<Probe, DemoError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(std::time::Duration::from_secs(10)))
        .build()
        .into();
    // Phrases are searched for inside records; ids are matched whole.
    let queries: Vec<(&String, bool)> = subject
        .markers
        .iter()
        .map(|m| (m, false))
        .chain(subject.vector_ids.iter().map(|id| (id, true)))
        .collect();
    let mut records = BTreeSet::new();
    let mut asked = Vec::new();
    for (name, base) in &target.subprocessors {
        let url = format!("{base}/v1/subjects/{}/records", subject.subject_id);
        let held = get(&agent, name, &url)?
            .get("records")
            .and_then(Value::as_u64)
            .ok_or_else(|| {
                DemoError::Service(format!("verification at {name}: no record count"))
            })?;
        for i in 0..held {
            records.insert(format!("service:{name}:{}:{i}", subject.subject_id));
        }
        for (q, exact) in &queries {
            let url = format!("{base}/v1/search?q={}&exact={exact}", encode(q));
            let answer = get(&agent, name, &url)?;
            let matches = answer.get("matches").and_then(Value::as_array);
            for m in matches.into_iter().flatten() {
                let (Some(s), Some(i)) = (
                    m.get("subject").and_then(Value::as_str),
                    m.get("index").and_then(Value::as_u64),
                ) else {
                    continue;
                };
                records.insert(format!("service:{name}:{s}:{i}"));
            }
        }
        asked.push(name.clone());
    }
    Ok(probe(
        ProbeName::Subprocessor,
        records.into_iter().collect(),
        &format!(
            "lookup API and content search ({} queries each) of {}",
            queries.len(),
            asked.join(", ")
        ),
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn queries_are_percent_encoded() {
        assert_eq!(super::encode("a b@c.d/é"), "a%20b%40c.d%2F%C3%A9");
    }
}
