//! Intake: verify the requester's identity against the stored
//! verification record, validate the erasure request, compute its
//! regulatory clock, and log `erasure_request_accepted`. A request already
//! accepted is returned as it was (intake is idempotent per request).

use crate::audit::AuditStore;
use crate::clock::Clock;
use crate::store::Store;
use crate::{DemoError, IdentityRefusal};
use proofpack_producer::{pseudonymous_subject_id, DataClass, LegalBasis, Request};
use proofpack_spec::calendar::{period_end, periods};
use proofpack_spec::timestamp::{format_instant, Timestamp};
use serde::{Deserialize, Serialize};

/// The tenant whose platform this is.
pub(crate) const TENANT: &str = "ten_demo";

/// An accepted erasure request (kept in the store's `erasure_requests`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Intake {
    /// `request_id`
    pub request_id: String,
    /// The account the request resolved to.
    pub user_id: String,
    /// The pseudonymous `subject_id`.
    pub subject_id: String,
    /// `received_at`
    pub(crate) received_at: String,
    /// The end of the statutory first period (§6), exclusive.
    pub(crate) statutory_deadline: String,
    /// `sla_deadline`: the internal deadline, a day before the statutory one.
    pub(crate) sla_deadline: String,
    /// `requester_identity_proof_ref`
    pub identity_proof_ref: String,
    /// When intake accepted it.
    pub(crate) accepted_at: String,
    /// The audit log's checkpoint before the request was logged.
    pub(crate) checkpoint_before: String,
}

impl Intake {
    /// The §5 request: every data class, under the GDPR.
    pub(crate) fn request(&self) -> Result<Request, DemoError> {
        Ok(Request::builder()
            .request_id(&self.request_id)
            .tenant_id(TENANT)
            .subject_id(&self.subject_id)
            .data_classes(DataClass::ALL.iter().copied())
            .legal_basis(LegalBasis::Gdpr)
            .received_at(&self.received_at)
            .requester_identity_proof_ref(&self.identity_proof_ref)
            .sla_deadline(&self.sla_deadline)
            .build()?)
    }
}

/// What the data subject asked, as the intake desk received it.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The identifier the subject gave (an e-mail address).
    pub(crate) raw_identifier: String,
    /// The reference of the identity check.
    pub identity_proof_ref: String,
    /// When the request was received.
    pub(crate) received_at: time::OffsetDateTime,
}

/// Checks the identity proof `submission` names: a verification record
/// must exist under that reference, and be of the subject the identifier
/// names (the record keeps the pseudonym, never the identifier).
fn verify_identity(
    store: &Store,
    submission: &Submission,
    subject_id: &str,
) -> Result<(), DemoError> {
    let record = store
        .identity_verification(&submission.identity_proof_ref)?
        .ok_or(DemoError::Identity(IdentityRefusal::NoRecord))?;
    if record.subject_ref != subject_id {
        return Err(DemoError::Identity(IdentityRefusal::OtherSubject));
    }
    Ok(())
}

/// Validates and accepts `submission`, or returns the request already
/// accepted for the same subject and receipt time (found by the subject's
/// pseudonym, so even once the account is erased).
pub(crate) fn accept(
    store: &Store,
    audit: &mut AuditStore,
    clock: &Clock,
    submission: &Submission,
) -> Result<Intake, DemoError> {
    if submission.raw_identifier.trim().is_empty() || submission.identity_proof_ref.is_empty() {
        return Err(DemoError::Request(
            "a request needs the subject's identifier and an identity proof".to_owned(),
        ));
    }
    let key = store.pseudonym_key()?;
    let subject_id = pseudonymous_subject_id(&key, &submission.raw_identifier)?;
    verify_identity(store, submission, &subject_id)?;
    let received = Timestamp::from_instant_utc(submission.received_at)
        .ok_or_else(|| DemoError::Request("received_at is out of range".to_owned()))?;
    let request_id = format!(
        "req-{}",
        &crate::store::sha256_hex(format!("{subject_id} {}", received.raw()).as_bytes())[..8]
    );
    if let Some(existing) = store.erasure_request::<Intake>(&request_id)? {
        return Ok(existing);
    }
    let user_id = store
        .account_with_email(&submission.raw_identifier)?
        .ok_or_else(|| DemoError::Request("no account has that identifier".to_owned()))?;
    // The regulatory clock (§6): the statutory deadline, and an internal
    // deadline a day earlier.
    let (first, _) = periods(LegalBasis::Gdpr);
    let statutory = period_end(&received, first)
        .ok_or_else(|| DemoError::Request("received_at is out of range".to_owned()))?;
    let internal = statutory - time::Duration::days(1);
    let checkpoint_before = audit.checkpoint()?;
    let intake = Intake {
        request_id,
        user_id,
        subject_id,
        received_at: received.raw().to_owned(),
        statutory_deadline: format_instant(statutory),
        sla_deadline: format_instant(internal),
        identity_proof_ref: submission.identity_proof_ref.clone(),
        accepted_at: clock.stamp(),
        checkpoint_before,
    };
    intake.request()?;
    audit.log_request_accepted(&intake.accepted_at, &intake.request_id)?;
    store.record_erasure_request(&intake.request_id, &intake.user_id, &intake)?;
    Ok(intake)
}
