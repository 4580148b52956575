//! The subject, resolved by the job's own path from the raw identifier:
//! its pseudonym is the job's own HMAC-SHA-256 of the identifier under the
//! store's pseudonym key; its account is the person whose `email` attribute
//! is the identifier, found by reading the person entities; its fingerprint
//! (what the probes look for) is read, before the cascade, from the
//! account's own rows.

use crate::store::Reader;
use crate::DemoError;
use base64::Engine as _;
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Marker phrases shorter than this are not searched for (they would
/// match other subjects' text by chance).
const MIN_MARKER: usize = 6;

/// The subject, as the job resolved it before the cascade.
#[derive(Debug, Clone)]
pub(crate) struct Subject {
    /// The pseudonymous `subject_id` (what the audit log and the
    /// subprocessors know).
    pub subject_id: String,
    /// The account, if one has the identifier.
    pub user_id: Option<String>,
    /// The marker phrases: the identifier, the account's name and
    /// attributes, and the contents of its episodic rows.
    pub markers: Vec<String>,
    /// The contents of its episodic rows (the nearest-neighbour queries).
    pub contents: Vec<String>,
    /// The prompts of its fine-tune examples (asked of every serving model).
    pub prompts: Vec<String>,
    /// The ids of its vectors, in any generation.
    pub vector_ids: Vec<String>,
    /// The questions of cached answers derived from its records.
    pub questions: Vec<String>,
}

/// How the subject was resolved, as the job's output shows it: counts,
/// never the phrases themselves (nor their plain digests, which a guess of
/// an address would match).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Resolution {
    /// The pseudonym the job computed.
    pub subject_id: String,
    /// Whether an account had the identifier before the cascade.
    pub account_found_before: bool,
    /// Whether one has it now.
    pub account_found_after: bool,
    /// How many marker phrases were looked for.
    pub markers: usize,
    /// How many contents, prompts, vector ids and derived questions were
    /// fingerprinted.
    pub fingerprinted: [usize; 4],
}

/// HMAC-SHA-256 (RFC 2104), the job's own.
fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    const BLOCK: usize = 64;
    let mut k = [0u8; BLOCK];
    if key.len() > BLOCK {
        k[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        k[..key.len()].copy_from_slice(key);
    }
    let inner = Sha256::new()
        .chain_update(k.map(|b| b ^ 0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(k.map(|b| b ^ 0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

/// The pseudonym of `raw_identifier` under the store's pseudonym key.
pub(crate) fn pseudonym(reader: &Reader, raw_identifier: &str) -> Result<String, DemoError> {
    let encoded = reader
        .meta_value("pseudonym_key")?
        .ok_or(DemoError::MissingPseudonymKey)?;
    let key = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .map_err(DemoError::BadPseudonymKey)?;
    Ok(format!(
        "sub_{}",
        proofpack_spec::encoding::hex(&hmac_sha256(&key, raw_identifier.as_bytes()))
    ))
}

/// The account whose person entity has `raw_identifier` as its `email`,
/// with the entity's name and attribute values.
fn account(
    reader: &Reader,
    raw_identifier: &str,
) -> Result<Option<(String, Vec<String>)>, DemoError> {
    for person in reader.persons()? {
        let attrs: Value = serde_json::from_str(&person.attrs).unwrap_or(Value::Null);
        if attrs.get("email").and_then(Value::as_str) != Some(raw_identifier) {
            continue;
        }
        let Some(user_id) = person.user_id else {
            continue;
        };
        let mut values = vec![person.label];
        if let Some(map) = attrs.as_object() {
            values.extend(map.values().filter_map(Value::as_str).map(str::to_owned));
        }
        return Ok(Some((user_id, values)));
    }
    Ok(None)
}

/// Resolves the subject named by `raw_identifier` and reads its
/// fingerprint.
pub(crate) fn fingerprint(reader: &Reader, raw_identifier: &str) -> Result<Subject, DemoError> {
    let subject_id = pseudonym(reader, raw_identifier)?;
    let mut subject = Subject {
        subject_id,
        user_id: None,
        markers: vec![raw_identifier.to_owned()],
        contents: Vec::new(),
        prompts: Vec::new(),
        vector_ids: Vec::new(),
        questions: Vec::new(),
    };
    if let Some((user_id, values)) = account(reader, raw_identifier)? {
        subject.markers.extend(values);
        subject.contents = reader.contents_of(&user_id)?;
        subject.markers.extend(subject.contents.iter().cloned());
        subject.prompts = reader.prompts_of(&user_id)?;
        subject.vector_ids = reader.vector_ids_of(&user_id)?;
        subject.questions = reader.questions_derived_from(&user_id)?;
        subject.user_id = Some(user_id);
    }
    subject
        .markers
        .retain(|m| m.trim().chars().count() >= MIN_MARKER);
    subject.markers.sort();
    subject.markers.dedup();
    subject.contents.sort();
    subject.contents.dedup();
    Ok(subject)
}

impl Subject {
    /// How the subject was resolved, with the account looked up again now.
    pub(crate) fn resolution(
        &self,
        reader: &Reader,
        raw_identifier: &str,
    ) -> Result<Resolution, DemoError> {
        Ok(Resolution {
            subject_id: self.subject_id.clone(),
            account_found_before: self.user_id.is_some(),
            account_found_after: account_now(reader, raw_identifier)?,
            markers: self.markers.len(),
            fingerprinted: [
                self.contents.len(),
                self.prompts.len(),
                self.vector_ids.len(),
                self.questions.len(),
            ],
        })
    }
}

/// Whether an account has `raw_identifier` now.
pub(crate) fn account_now(reader: &Reader, raw_identifier: &str) -> Result<bool, DemoError> {
    Ok(account(reader, raw_identifier)?.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jobs_hmac_is_the_controllers_pseudonym() {
        let key = [7u8; 32];
        let ours = format!(
            "sub_{}",
            proofpack_spec::encoding::hex(&hmac_sha256(&key, b"alice@example.com"))
        );
        let controllers =
            proofpack_producer::pseudonymous_subject_id(&key, "alice@example.com").unwrap();
        assert_eq!(ours, controllers);
        // A key longer than a block is hashed first (RFC 2104).
        let long = [9u8; 100];
        assert_eq!(
            format!(
                "sub_{}",
                proofpack_spec::encoding::hex(&hmac_sha256(&long, b"x"))
            ),
            proofpack_producer::pseudonymous_subject_id(&long, "x").unwrap()
        );
    }
}
