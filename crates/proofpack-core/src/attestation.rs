//! Subprocessor attestations (spec §16): a receipt's `attestation` names an
//! archive member holding a DSSE envelope, the subprocessor's own signed
//! statement of the deletion.
//!
//! [`check`] judges one receipt's attestation and says what it established
//! ([`AttestationState`]); §9's erasure rule, made stricter by the policy's
//! `signed_receipts`, is applied by [`crate::receipts::check`].

use crate::archive::Archive;
use crate::findings::{Code, Findings};
use crate::receipts::ReceiptRecord;
pub(crate) use crate::report::AttestationState;
use crate::trust::TrustStore;
use proofpack_spec::crypto;
use proofpack_spec::dsse::pae;
use proofpack_spec::encoding::base64_strict;
use proofpack_spec::json::{self, Json, JsonObject};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{ReceiptStatus, Role, RECEIPT_FORMAT, RECEIPT_PAYLOAD_TYPE};

/// The largest attestation member the reader keeps (a receipt's envelope is
/// a few hundred bytes; a member named as one and larger than this is
/// `receipts.attestation_invalid`, so no attachment can make the verifier
/// hold more than this per member).
pub(crate) const ENVELOPE_LIMIT: u64 = 1 << 20;

/// The member names of the envelope and the statement (§16), each written once.
mod names {
    pub(super) const PAYLOAD_TYPE: &str = "payloadType";
    pub(super) const PAYLOAD: &str = "payload";
    pub(super) const SIGNATURES: &str = "signatures";
    pub(super) const KEYID: &str = "keyid";
    pub(super) const SIG: &str = "sig";
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

/// A well-formed envelope: its decoded payload and signatures.
struct Envelope {
    payload: Vec<u8>,
    signatures: Vec<(String, Vec<u8>)>,
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
    receipt: &ReceiptRecord,
    cx: &Context<'_>,
    findings: &mut Findings,
) -> AttestationState {
    let Some(path) = receipt.attestation.as_deref() else {
        return AttestationState::Absent;
    };
    let at = format!("{}#/attestation", receipt.location());
    let Some(member) = cx.archive.member(path) else {
        findings.add(
            Code::ReceiptsSchema,
            at,
            format!("`attestation` names {path:?}, which is no member of the pack"),
        );
        return AttestationState::Invalid;
    };
    let Some(bytes) = member.content.as_deref() else {
        findings.add(
            Code::ReceiptsAttestationInvalid,
            path,
            format!(
                "an attestation of {} bytes (this verifier reads at most {ENVELOPE_LIMIT})",
                member.size
            ),
        );
        return AttestationState::Invalid;
    };
    let doc = match json::parse(bytes) {
        Ok(doc) => doc,
        Err(e) => {
            findings.add(
                Code::JsonMalformed,
                path,
                format!("not well-formed JSON: {e}"),
            );
            return AttestationState::Invalid;
        }
    };
    let read =
        read_envelope(&doc).and_then(|envelope| Ok((read_statement(&envelope.payload)?, envelope)));
    let (statement, envelope) = match read {
        Ok(read) => read,
        Err(why) => {
            findings.add(Code::ReceiptsAttestationInvalid, path, why);
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
            format!(
                "the signed statement differs from the receipt in {}",
                mismatched.join(", ")
            ),
        );
        if state != AttestationState::Invalid {
            state = AttestationState::Mismatch;
        }
    }
    state
}

/// The DSSE envelope (§16): `payloadType`, strict base64 `payload`, and a
/// non-empty `signatures` of string `keyid`s and 64-byte `sig`s.
fn read_envelope(doc: &Json) -> Result<Envelope, String> {
    let obj = doc.as_object().ok_or("the envelope is not a JSON object")?;
    if string(obj, names::PAYLOAD_TYPE)? != RECEIPT_PAYLOAD_TYPE {
        return Err(format!(
            "`{}` must be {RECEIPT_PAYLOAD_TYPE:?}",
            names::PAYLOAD_TYPE
        ));
    }
    let payload = base64_strict(string(obj, names::PAYLOAD)?)
        .ok_or(format!("`{}` is not strict base64", names::PAYLOAD))?;
    let items = obj
        .get(names::SIGNATURES)
        .and_then(Json::as_array)
        .filter(|items| !items.is_empty())
        .ok_or(format!("`{}` must be a non-empty array", names::SIGNATURES))?;
    let signatures = items
        .iter()
        .map(|item| {
            let sig = item.as_object().ok_or("a signature is not an object")?;
            let keyid = string(sig, names::KEYID)?.to_owned();
            let bytes = base64_strict(string(sig, names::SIG)?)
                .filter(|b| b.len() == 64)
                .ok_or(format!("`{}` is not strict base64 of 64 bytes", names::SIG))?;
            Ok((keyid, bytes))
        })
        .collect::<Result<_, String>>()?;
    Ok(Envelope {
        payload,
        signatures,
    })
}

/// The statement (§16), from the envelope's decoded payload.
fn read_statement(payload: &[u8]) -> Result<Statement, String> {
    let doc =
        json::parse(payload).map_err(|e| format!("the payload is not well-formed JSON: {e}"))?;
    let obj = doc
        .as_object()
        .ok_or("the statement is not a JSON object")?;
    if string(obj, names::FORMAT)? != RECEIPT_FORMAT {
        return Err(format!("`{}` must be {RECEIPT_FORMAT:?}", names::FORMAT));
    }
    if string(obj, names::STATUS)? != ReceiptStatus::Confirmed.as_str() {
        return Err(format!(
            "the statement's `{}` is not confirmed",
            names::STATUS
        ));
    }
    let confirmed_at = Timestamp::parse(string(obj, names::CONFIRMED_AT)?).ok_or(format!(
        "`{}` is not an RFC 3339 date-time",
        names::CONFIRMED_AT
    ))?;
    Ok(Statement {
        subprocessor: string(obj, names::SUBPROCESSOR)?.to_owned(),
        tenant_id: string(obj, names::TENANT_ID)?.to_owned(),
        subject_id: string(obj, names::SUBJECT_ID)?.to_owned(),
        ticket_id: string(obj, names::TICKET_ID)?.to_owned(),
        confirmed_at,
    })
}

fn string<'o>(obj: &'o JsonObject, name: &str) -> Result<&'o str, String> {
    obj.get(name)
        .and_then(Json::as_str)
        .ok_or(format!("`{name}` is missing or not a string"))
}

/// §16: a signature counts when its `keyid` is a `subprocessor` key of the
/// receipt's subprocessor, valid at the statement's `confirmed_at`; a
/// counting signature that fails is `receipts.attestation_invalid`, none
/// counting is `receipts.attestation_unverified`.
fn judge_signatures(
    receipt: &ReceiptRecord,
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
        if !crypto::verify_strict(&key.public_key, &message, sig) {
            failed.push(format!("{keyid:?}"));
        }
    }
    if !failed.is_empty() {
        findings.add(
            Code::ReceiptsAttestationInvalid,
            path,
            format!("the signature by {} does not verify", failed.join(", ")),
        );
        AttestationState::Invalid
    } else if !counted {
        findings.add(
            Code::ReceiptsAttestationUnverified,
            at,
            format!(
                "no signature is by a subprocessor key of {:?} in the trust store, valid at {}",
                receipt.subprocessor,
                statement.confirmed_at.raw()
            ),
        );
        AttestationState::Unverified
    } else {
        AttestationState::Verified
    }
}

/// The statement's members that differ from the receipt's and the
/// manifest's (§16).
fn mismatches(receipt: &ReceiptRecord, s: &Statement, cx: &Context<'_>) -> Vec<&'static str> {
    let mut differ = Vec::new();
    let mut compare = |name, same: bool| {
        if !same {
            differ.push(name);
        }
    };
    compare(names::SUBPROCESSOR, s.subprocessor == receipt.subprocessor);
    compare(
        names::TICKET_ID,
        receipt.ticket_id.as_deref() == Some(&s.ticket_id),
    );
    compare(
        names::STATUS,
        receipt.status == Some(ReceiptStatus::Confirmed),
    );
    compare(
        names::CONFIRMED_AT,
        receipt
            .confirmed_at
            .as_ref()
            .is_some_and(|t| t.instant() == s.confirmed_at.instant()),
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
