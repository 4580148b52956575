//! Subprocessor attestations (spec §16): a receipt's `attestation` names an
//! archive member holding a DSSE envelope, the subprocessor's own signed
//! statement of the deletion.
//!
//! [`check`] judges one receipt's attestation and says what it established
//! ([`AttestationState`]); §9's erasure rule, made stricter by the policy's
//! `signed_receipts`, is applied by [`crate::receipts::check`].

use crate::archive::{Archive, KEPT_ATTACHMENT_LIMIT};
use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageArg, MessageId};
pub(crate) use crate::report::AttestationState;
use crate::trust::TrustStore;
use proofpack_spec::crypto;
use proofpack_spec::dsse::{pae, string, Envelope};
use proofpack_spec::json;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{ReceiptStatus, Role, RECEIPT_FORMAT, RECEIPT_PAYLOAD_TYPE};

/// What a receipt (§9) says that its attestation must match, as the §9
/// reader established it: the receipts module builds it, so that this
/// module needs nothing of §9's records.
pub(crate) struct Claim<'a> {
    /// `attestation`: the member holding the statement, when a string.
    pub attestation: Option<&'a str>,
    /// Where the receipt is (`subprocessor-receipts.jsonl:LINE`).
    pub location: String,
    /// `subprocessor`
    pub subprocessor: &'a str,
    /// `ticket_id`, when a string.
    pub ticket_id: Option<&'a str>,
    /// `status`, when a known one.
    pub status: Option<ReceiptStatus>,
    /// `confirmed_at`, when valid.
    pub confirmed_at: Option<&'a Timestamp>,
}

/// The member names of the statement (§16), each written once (the
/// envelope's are [`proofpack_spec::dsse::names`]).
mod names {
    pub(super) const FORMAT: &str = "format";
    pub(super) const SUBPROCESSOR: &str = "subprocessor";
    pub(super) const TENANT_ID: &str = "tenant_id";
    pub(super) const SUBJECT_ID: &str = "subject_id";
    pub(super) const TICKET_ID: &str = "ticket_id";
    pub(super) const STATUS: &str = "status";
    pub(super) const CONFIRMED_AT: &str = "confirmed_at";
}

/// What the manifest and the store contribute to every receipt's judgement.
pub(crate) struct Context<'a> {
    /// The pack's members.
    pub archive: &'a Archive,
    /// The manifest's `tenant_id`, when readable.
    pub tenant_id: Option<&'a str>,
    /// The manifest's `subject_id`, when readable.
    pub subject_id: Option<&'a str>,
    /// The verifier's trust store.
    pub trust: Option<&'a TrustStore>,
}

/// A well-formed statement.
struct Statement {
    subprocessor: String,
    tenant_id: String,
    subject_id: String,
    ticket_id: String,
    confirmed_at: Timestamp,
}

/// Judges the attestation of one receipt (§16), reporting its findings.
pub(crate) fn check(
    receipt: &Claim<'_>,
    cx: &Context<'_>,
    findings: &mut Findings,
) -> AttestationState {
    let Some(path) = receipt.attestation else {
        return AttestationState::Absent;
    };
    let at = format!("{}#/attestation", receipt.location);
    let Some(member) = cx.archive.member(path) else {
        findings.add(
            Code::ReceiptsSchema,
            at,
            message!(AttestationNoMember, path = quoted(path)),
        );
        return AttestationState::Invalid;
    };
    let Some(bytes) = member.content.as_deref() else {
        findings.add(
            Code::ReceiptsAttestationInvalid,
            path,
            message!(
                AttestationTooLarge,
                size = member.size,
                limit = KEPT_ATTACHMENT_LIMIT
            ),
        );
        return AttestationState::Invalid;
    };
    let doc = match json::parse(bytes) {
        Ok(doc) => doc,
        Err(e) => {
            findings.add(Code::JsonMalformed, path, message!(JsonMalformed, why = &e));
            return AttestationState::Invalid;
        }
    };
    let read = Envelope::read(&doc, RECEIPT_PAYLOAD_TYPE)
        .map_err(|e| MessageArg::from(&e))
        .and_then(|envelope| Ok((read_statement(&envelope.payload)?, envelope)));
    let (statement, envelope) = match read {
        Ok(read) => read,
        Err(why) => {
            let message = message!(AttestationUnreadable, why = why);
            findings.add(Code::ReceiptsAttestationInvalid, path, message);
            return AttestationState::Invalid;
        }
    };
    let mut state = judge_signatures(
        receipt, &envelope, &statement, cx.trust, path, &at, findings,
    );
    let mismatched = mismatches(receipt, &statement, cx);
    if !mismatched.is_empty() {
        findings.add(
            Code::ReceiptsAttestationMismatch,
            at,
            message!(AttestationDiffers, fields = mismatched.join(", ")),
        );
        if state != AttestationState::Invalid {
            state = AttestationState::Mismatch;
        }
    }
    state
}

/// The statement (§16), from the envelope's decoded payload.
/// Why not, as a message value.
fn read_statement(payload: &[u8]) -> Result<Statement, MessageArg> {
    let doc = json::parse(payload)
        .map_err(|e| MessageArg::Said(MessageId::WhyPayloadNotJson, vec![("why", (&e).into())]))?;
    let obj = doc
        .as_object()
        .ok_or(MessageArg::Phrase(MessageId::WhyStatementNotObject))?;
    let string = |name| string(obj, name).map_err(|e| MessageArg::from(&e));
    let named = |id, name: &str| MessageArg::Said(id, vec![("name", name.into())]);
    if string(names::FORMAT)? != RECEIPT_FORMAT {
        return Err(MessageArg::Said(
            MessageId::WhyMustBe,
            vec![
                ("name", names::FORMAT.into()),
                ("expected", quoted(RECEIPT_FORMAT).into()),
            ],
        ));
    }
    if string(names::STATUS)? != ReceiptStatus::Confirmed.as_str() {
        return Err(named(MessageId::WhyNotConfirmed, names::STATUS));
    }
    let confirmed_at = Timestamp::parse(string(names::CONFIRMED_AT)?)
        .ok_or_else(|| named(MessageId::WhyNotRfc3339, names::CONFIRMED_AT))?;
    Ok(Statement {
        subprocessor: string(names::SUBPROCESSOR)?.to_owned(),
        tenant_id: string(names::TENANT_ID)?.to_owned(),
        subject_id: string(names::SUBJECT_ID)?.to_owned(),
        ticket_id: string(names::TICKET_ID)?.to_owned(),
        confirmed_at,
    })
}

/// §16: a signature counts when its `keyid` is a `subprocessor` key of the
/// receipt's subprocessor, valid at the statement's `confirmed_at`; a
/// counting signature that fails is `receipts.attestation_invalid`, none
/// counting is `receipts.attestation_unverified`.
fn judge_signatures(
    receipt: &Claim<'_>,
    envelope: &Envelope,
    statement: &Statement,
    trust: Option<&TrustStore>,
    path: &str,
    at: &str,
    findings: &mut Findings,
) -> AttestationState {
    let message = pae(RECEIPT_PAYLOAD_TYPE, &envelope.payload);
    let when = statement.confirmed_at.instant();
    let mut counted = false;
    let mut failed = Vec::new();
    for (keyid, sig) in &envelope.signatures {
        let key = trust.and_then(|t| t.key(keyid)).filter(|k| {
            k.has_role(Role::Subprocessor) && k.owner == receipt.subprocessor && k.valid_at(when)
        });
        let Some(key) = key else { continue };
        counted = true;
        if !crypto::verify_strict(&key.public_key, &message, sig.as_slice()) {
            failed.push(format!("{keyid:?}"));
        }
    }
    if !failed.is_empty() {
        findings.add(
            Code::ReceiptsAttestationInvalid,
            path,
            message!(AttestationSignatureFails, keys = failed.join(", ")),
        );
        AttestationState::Invalid
    } else if !counted {
        findings.add(
            Code::ReceiptsAttestationUnverified,
            at,
            message!(
                AttestationUnverified,
                name = quoted(receipt.subprocessor),
                at = statement.confirmed_at.raw()
            ),
        );
        AttestationState::Unverified
    } else {
        AttestationState::Verified
    }
}

/// The statement's members that differ from the receipt's and the
/// manifest's (§16).
fn mismatches(receipt: &Claim<'_>, s: &Statement, cx: &Context<'_>) -> Vec<&'static str> {
    let mut differ = Vec::new();
    let mut compare = |name, same: bool| {
        if !same {
            differ.push(name);
        }
    };
    compare(names::SUBPROCESSOR, s.subprocessor == receipt.subprocessor);
    compare(
        names::TICKET_ID,
        receipt.ticket_id == Some(s.ticket_id.as_str()),
    );
    compare(
        names::STATUS,
        receipt.status == Some(ReceiptStatus::Confirmed),
    );
    // Two timestamps asked to be equal are the same string, byte for byte
    // (§0): the same instant in another offset differs.
    compare(
        names::CONFIRMED_AT,
        receipt
            .confirmed_at
            .is_some_and(|t| t.raw() == s.confirmed_at.raw()),
    );
    // A manifest member that could not be read was reported there.
    compare(
        names::TENANT_ID,
        cx.tenant_id.is_none_or(|t| t == s.tenant_id),
    );
    compare(
        names::SUBJECT_ID,
        cx.subject_id.is_none_or(|t| t == s.subject_id),
    );
    differ
}
