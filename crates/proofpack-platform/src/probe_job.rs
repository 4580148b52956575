//! What a probe job writes (§8: the platform's independent verification,
//! run by code of its own): each probe's result with what it looked at,
//! the probes' results (`verification.json`) they make, the attachment that
//! keeps the details, and a `code_ref` that names the job's own code by
//! digest.
//!
//! The probes themselves are the platform's own: they must search the
//! platform's real stores by a path of their own. This module only records
//! what they found, the same way for every platform.

use crate::PlatformError;
use proofpack_producer::{DataClass, ProbeResults, ProbeResultsBuilder, Request};
use proofpack_spec::vocab::Probe;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The member that keeps every probe's details.
pub const PROBES_ATTACHMENT: &str = "attachments/verification/probes.json";

/// One probe's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProbeResult {
    /// The probe (§8).
    pub probe: Probe,
    /// Records that should be gone and are not.
    pub residue: u64,
    /// What it looked at, in words.
    pub looked_at: String,
    /// What it found or checked, one line each (where the residue is, or
    /// what a check established); empty when there is nothing to say.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<String>,
}

impl ProbeResult {
    /// `probe` found `residue` records after looking at `looked_at`.
    #[must_use]
    pub fn new(probe: Probe, residue: u64, looked_at: impl Into<String>) -> Self {
        ProbeResult {
            probe,
            residue,
            looked_at: looked_at.into(),
            details: Vec::new(),
        }
    }

    /// Adds a line of detail.
    #[must_use]
    pub fn detail(mut self, line: impl Into<String>) -> Self {
        self.details.push(line.into());
        self
    }
}

/// Everything one run of a probe job found.
///
/// ```
/// use proofpack_platform::probe_job::{code_ref_of_sources, ProbeJobResults, ProbeResult};
/// use proofpack_producer::DataClass;
/// use proofpack_spec::vocab::Probe;
///
/// let code_ref = code_ref_of_sources("verify-job", &[("probes.py", "print('probe')")]);
/// let results = ProbeJobResults::new("2026-04-22T15:40:00Z", &code_ref)
///     .class(DataClass::Episodic, ProbeResult::new(Probe::Episodic, 0, "notes"))
///     .subprocessor(ProbeResult::new(Probe::Subprocessor, 0, "lookup APIs"))
///     .unredacted_pii(ProbeResult::new(Probe::AuditLogRedacted, 0, "audit log"));
/// let probe_results = results.probe_results(None)?;
/// let (path, bytes) = results.attachment()?;
/// assert_eq!(path, "attachments/verification/probes.json");
/// # let _ = (probe_results, bytes);
/// # Ok::<(), proofpack_platform::PlatformError>(())
/// ```
#[derive(Debug, Clone, Serialize)]
pub struct ProbeJobResults {
    verified_at: String,
    code_ref: String,
    classes: Vec<(DataClass, ProbeResult)>,
    subprocessor: Option<ProbeResult>,
    unredacted_pii: Option<ProbeResult>,
    /// What the job was told to leave alone, and why (a backup declared
    /// under §17, the erasure's own records).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    excluded: Vec<String>,
    /// The job's own account of what it checked (how it resolved the
    /// subject, what its scans covered), kept in the attachment beside the
    /// probes.
    #[serde(flatten)]
    context: BTreeMap<String, serde_json::Value>,
}

impl ProbeJobResults {
    /// The results of the job at `code_ref`, run at `verified_at`.
    #[must_use]
    pub fn new(verified_at: &str, code_ref: &str) -> Self {
        ProbeJobResults {
            verified_at: verified_at.to_owned(),
            code_ref: code_ref.to_owned(),
            classes: Vec::new(),
            subprocessor: None,
            unredacted_pii: None,
            excluded: Vec::new(),
            context: BTreeMap::new(),
        }
    }

    /// The probe of a data class.
    #[must_use]
    pub fn class(mut self, class: DataClass, result: ProbeResult) -> Self {
        self.classes.push((class, result));
        self
    }

    /// The `subprocessor` probe.
    #[must_use]
    pub fn subprocessor(mut self, result: ProbeResult) -> Self {
        self.subprocessor = Some(result);
        self
    }

    /// The `audit_log_redacted` probe.
    #[must_use]
    pub fn unredacted_pii(mut self, result: ProbeResult) -> Self {
        self.unredacted_pii = Some(result);
        self
    }

    /// Something the job did not search, and why.
    #[must_use]
    pub fn excluded(mut self, what: impl Into<String>) -> Self {
        self.excluded.push(what.into());
        self
    }

    /// A section of the job's own account, kept in the attachment under
    /// `name` (a name of the results' own fields is refused: the probes are
    /// never overwritten).
    pub fn context(mut self, name: &str, value: &impl Serialize) -> Result<Self, PlatformError> {
        const OWN: [&str; 6] = [
            "verified_at",
            "code_ref",
            "classes",
            "subprocessor",
            "unredacted_pii",
            "excluded",
        ];
        if OWN.contains(&name) {
            return Err(PlatformError::Json(format!(
                "a context section named {name:?}, a name of the results' own"
            )));
        }
        let value = serde_json::to_value(value)
            .map_err(|e| PlatformError::Json(format!("the job's {name}: {e}")))?;
        self.context.insert(name.to_owned(), value);
        Ok(self)
    }

    /// `verification.json`. With `request`, a class it asks for without a
    /// probe is refused; a missing `subprocessor` or `audit_log_redacted`
    /// probe is always refused (the producer's rules).
    pub fn probe_results(&self, request: Option<&Request>) -> Result<ProbeResults, PlatformError> {
        let mut builder = match request {
            Some(r) => ProbeResultsBuilder::for_request(r, &self.verified_at, &self.code_ref),
            None => ProbeResultsBuilder::new(&self.verified_at, &self.code_ref),
        };
        for (class, result) in &self.classes {
            builder = builder.residue(*class, result.residue);
        }
        if let Some(r) = &self.subprocessor {
            builder = builder.subprocessor_residue(r.residue);
        }
        if let Some(r) = &self.unredacted_pii {
            builder = builder.unredacted_pii_count(r.residue);
        }
        Ok(builder.build()?)
    }

    /// The attachment with every probe's details, `(member path, bytes)`.
    pub fn attachment(&self) -> Result<(String, Vec<u8>), PlatformError> {
        let mut bytes = serde_json::to_vec_pretty(self)
            .map_err(|e| PlatformError::Json(format!("the probe job's results: {e}")))?;
        bytes.push(b'\n');
        Ok((PROBES_ATTACHMENT.to_owned(), bytes))
    }
}

/// A `code_ref` naming a job by the digest of its own sources:
/// `NAME@sha256:HEX`, over each `(path, text)` in the order given, each
/// framed by its length so that no two different sets of sources hash
/// alike. Give the sources in a fixed order (for Rust, `include_str!` of
/// every module of the job).
#[must_use]
pub fn code_ref_of_sources(name: &str, sources: &[(&str, &str)]) -> String {
    let mut hash = Sha256::new();
    for (path, text) in sources {
        for part in [path.as_bytes(), text.as_bytes()] {
            hash.update((part.len() as u64).to_be_bytes());
            hash.update(part);
        }
    }
    let digest: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    format!("{name}@sha256:{digest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_ref_changes_with_any_source() {
        let a = code_ref_of_sources("job", &[("a.rs", "x"), ("b.rs", "y")]);
        assert_eq!(
            a,
            code_ref_of_sources("job", &[("a.rs", "x"), ("b.rs", "y")])
        );
        assert_ne!(
            a,
            code_ref_of_sources("job", &[("a.rs", "x"), ("b.rs", "z")])
        );
        assert_ne!(
            a,
            code_ref_of_sources("job", &[("a.rsx", ""), ("b.rs", "y")])
        );
        assert!(a.starts_with("job@sha256:") && a.len() == "job@sha256:".len() + 64);
    }

    #[test]
    fn context_never_overwrites_a_probe() -> Result<(), PlatformError> {
        let results = ProbeJobResults::new("2026-04-22T15:40:00Z", "job@x");
        assert!(results.clone().context("classes", &1).is_err());
        let (_, bytes) = results.context("scan", &["t1", "t2"])?.attachment()?;
        let json: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|e| PlatformError::Json(e.to_string()))?;
        assert_eq!(json["scan"][1], "t2");
        assert_eq!(json["code_ref"], "job@x");
        Ok(())
    }

    #[test]
    fn a_missing_required_probe_is_refused() {
        let results = ProbeJobResults::new("2026-04-22T15:40:00Z", "job@x").class(
            DataClass::Episodic,
            ProbeResult::new(Probe::Episodic, 0, "notes"),
        );
        assert!(results.probe_results(None).is_err());
        let results = results
            .subprocessor(ProbeResult::new(Probe::Subprocessor, 0, "apis"))
            .unredacted_pii(ProbeResult::new(Probe::AuditLogRedacted, 1, "log"));
        assert!(results.probe_results(None).is_ok());
    }
}
