//! The platform's action audit log: `proofpack-platform`'s persistent
//! [`AuditLog`] (the producer's RFC 9162 tree, SD-JWT disclosures and signed
//! checkpoints, kept in its own SQLite file beside the store, which the
//! probe job reads on its own read-only connection).
//!
//! Each entry about a user carries that user's pseudonymous `subject_id` in
//! clear as `actor_ref`, so the subject's entries can be found after their
//! personal fields are redacted; those fields (`pii_fields`) are only ever
//! disclosures.

use crate::store::Subject;
use crate::DemoError;
use ed25519_dalek::{SigningKey, VerifyingKey};
use proofpack_platform::AuditLog;
use proofpack_producer::{DataClass, LogEntry, OsSalts, StepRecord};
use serde_json::{json, Value};
use std::path::Path;

/// The log's origin, and the `key_id` of its checkpoint key.
pub(crate) const LOG_ORIGIN: &str = "audit.demo.example/ten_demo";
/// The leaf fields that hold personal data.
pub(crate) const PII_FIELDS: [&str; 3] = ["subject_email", "subject_name", "ip_address"];
/// The clear leaf member naming the subject an entry is about.
pub(crate) const ACTOR_REF: &str = "actor_ref";

/// The audit log and its checkpoint key.
pub(crate) struct AuditStore {
    log: AuditLog,
    key: SigningKey,
}

impl std::fmt::Debug for AuditStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuditStore")
            .field("origin", &self.log.log().origin())
            .field("size", &self.log.log().size())
            .finish_non_exhaustive()
    }
}

impl AuditStore {
    /// The log kept in the database at `path` (created if new), with a
    /// fresh checkpoint key and OS-random salts.
    pub(crate) fn open(path: &Path) -> Result<Self, DemoError> {
        Ok(AuditStore {
            log: AuditLog::open(path, LOG_ORIGIN)?,
            key: proofpack_author::keys::generate(),
        })
    }

    /// The checkpoint key's public half (role `audit_log` in the trust store).
    #[must_use]
    pub(crate) fn public_key(&self) -> VerifyingKey {
        self.key.verifying_key()
    }

    /// The log (sizes, leaves, proofs, the witness).
    #[must_use]
    pub(crate) fn log(&self) -> &proofpack_producer::AuditLog {
        self.log.log()
    }

    /// Appends an entry durably.
    pub(crate) fn append(&mut self, entry: LogEntry) -> Result<u64, DemoError> {
        Ok(self.log.append(entry)?)
    }

    /// Logs that request `request_id` was accepted.
    pub(crate) fn log_request_accepted(
        &mut self,
        at: &str,
        request_id: &str,
    ) -> Result<u64, DemoError> {
        Ok(self.log.log_request_accepted(at, request_id)?)
    }

    /// Logs a cascade step record.
    pub(crate) fn log_step(
        &mut self,
        request_id: &str,
        record: &StepRecord,
    ) -> Result<u64, DemoError> {
        Ok(self.log.log_step_record(request_id, record)?)
    }

    /// A signed checkpoint of the log as it is now, kept in its database.
    pub(crate) fn checkpoint(&self) -> Result<String, DemoError> {
        Ok(self.log.checkpoint(&self.key)?)
    }

    /// A checkpoint of a forked history (the defect of `--fault log-fork`):
    /// another tree of this log's origin and of `size` leaves, signed with
    /// this log's key, as a log showing one witness a different history
    /// would sign it.
    pub(crate) fn forked_checkpoint(&self, size: u64) -> Result<String, DemoError> {
        let mut fork = proofpack_producer::AuditLog::with_salts(LOG_ORIGIN, Box::new(OsSalts))?;
        for i in 0..size {
            fork.append(
                LogEntry::new("2026-01-01T00:00:00Z", "forked_entry").with_clear("index", json!(i)),
            )?;
        }
        Ok(fork.checkpoint(size, LOG_ORIGIN, &self.key)?)
    }

    /// The history of every seeded subject, in time order: a login (e-mail,
    /// IP address), a profile change (name, e-mail) and a memory write.
    pub(crate) fn seed(
        &mut self,
        subjects: &[(Subject, String)],
        base: time::OffsetDateTime,
    ) -> Result<(), DemoError> {
        let at = |days: i64, i: usize| {
            proofpack_spec::timestamp::format_instant(
                base - time::Duration::days(days) + time::Duration::minutes(i as i64 * 7),
            )
        };
        for (i, (s, subject_id)) in subjects.iter().enumerate() {
            self.append(
                LogEntry::new(at(30, i), "session_login")
                    .with_clear(ACTOR_REF, json!(subject_id))
                    .with_clear("client", json!("web"))
                    .with_disclosable("subject_email", json!(s.email))
                    .with_disclosable("ip_address", json!(s.ip)),
            )?;
        }
        for (i, (s, subject_id)) in subjects.iter().enumerate() {
            self.append(
                LogEntry::new(at(21, i), "profile_updated")
                    .with_clear(ACTOR_REF, json!(subject_id))
                    .with_clear("fields_changed", json!(2))
                    .with_disclosable("subject_name", json!(s.name))
                    .with_disclosable("subject_email", json!(s.email)),
            )?;
            self.append(
                LogEntry::new(at(20, i), "memory_written")
                    .with_clear(ACTOR_REF, json!(subject_id))
                    .with_clear("tier", json!(DataClass::Episodic.as_str())),
            )?;
        }
        Ok(())
    }

    /// The indexes of the entries about `subject_id` (by their clear
    /// `actor_ref`), ascending.
    #[must_use]
    pub(crate) fn subject_entries(&self, subject_id: &str) -> Vec<u64> {
        let log = self.log.log();
        (0..log.size())
            .filter(|&i| {
                log.leaf(i)
                    .and_then(|leaf| serde_json::from_slice::<Value>(leaf).ok())
                    .and_then(|leaf| leaf.get(ACTOR_REF).cloned())
                    == Some(json!(subject_id))
            })
            .collect()
    }

    /// The personal fields entry `index` still discloses.
    #[must_use]
    pub(crate) fn pii_disclosed(&self, index: u64) -> Vec<String> {
        self.log
            .log()
            .disclosures(index)
            .unwrap_or_default()
            .into_iter()
            .filter_map(proofpack_producer::disclosed_field)
            .filter(|f| PII_FIELDS.contains(&f.as_str()))
            .collect()
    }

    /// Personal fields disclosed in the subject's entries.
    #[must_use]
    pub(crate) fn subject_pii_count(&self, subject_id: &str) -> u64 {
        self.subject_entries(subject_id)
            .iter()
            .map(|&i| self.pii_disclosed(i).len() as u64)
            .sum()
    }

    /// Redacts (never deletes) every personal field of the subject's
    /// entries, in the log and from its database file.
    pub(crate) fn redact_subject(&mut self, subject_id: &str) -> Result<(), DemoError> {
        for index in self.subject_entries(subject_id) {
            let fields = self.pii_disclosed(index);
            if fields.is_empty() {
                continue;
            }
            let fields: Vec<&str> = fields.iter().map(String::as_str).collect();
            self.log.redact(index, &fields)?;
        }
        Ok(())
    }
}
