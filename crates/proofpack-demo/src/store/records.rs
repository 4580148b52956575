//! The identity desk's verification records and the exceptions opened for
//! failed steps: records of the erasure process, keeping no personal data
//! (a verification record names the subject by its pseudonym).

use super::backend::args;
use super::{Store, What};
use crate::DemoError;

/// An identity verification record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct IdentityRecord {
    /// The pseudonymous `subject_id` of the person verified.
    pub(crate) subject_ref: String,
    /// When.
    pub(crate) verified_at: String,
}

impl Store {
    /// Keeps the record that the subject `subject_ref` proved its identity
    /// at `verified_at`, under the reference `proof_ref`.
    pub(crate) fn record_identity_verification(
        &self,
        proof_ref: &str,
        subject_ref: &str,
        verified_at: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO identity_verifications(proof_ref, subject_ref, verified_at) VALUES (?1, ?2, ?3)",
                args![proof_ref, subject_ref, verified_at],
            )
            .what("recording an identity verification")?;
        Ok(())
    }

    /// The verification record `proof_ref`, if any.
    pub(crate) fn identity_verification(
        &self,
        proof_ref: &str,
    ) -> Result<Option<IdentityRecord>, DemoError> {
        self.db
            .first(
                "SELECT subject_ref, verified_at FROM identity_verifications WHERE proof_ref = ?1",
                args![proof_ref],
                |r| {
                    Ok(IdentityRecord {
                        subject_ref: r.get(0)?,
                        verified_at: r.get(1)?,
                    })
                },
            )
            .what("reading an identity verification")
    }

    /// Opens the exception `exception_id` for the failure `error` of step
    /// `step` of request `request_id`.
    pub(crate) fn open_exception(
        &self,
        exception_id: &str,
        request_id: &str,
        step: &str,
        error: &str,
        at: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO exceptions(exception_id, request_id, step, error, opened_at, state)
                 VALUES (?1, ?2, ?3, ?4, ?5, 'open')",
                args![exception_id, request_id, step, error, at],
            )
            .what("opening an exception")?;
        Ok(())
    }
}
