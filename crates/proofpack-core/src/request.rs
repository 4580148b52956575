//! `request.json` (spec §5): the validated erasure request, and the
//! pseudonymity rule for `subject_id` (§2, minimization).

use crate::findings::{Code, Findings};
use crate::messages::{message, MessageArg, MessageId};
use crate::schema::{parse_json, Fields};
use proofpack_spec::json::Json;
use proofpack_spec::json::Shape;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{DataClass, LegalBasis, MemberName};

/// The members of `request.json` that the §5 reader uses, each name written
/// once: the reader asks for them by these names, and [`SHAPE`] keeps only
/// them (every other member is checked against §0 and dropped unread).
mod names {
    pub(super) const REQUEST_ID: &str = "request_id";
    pub(super) const TENANT_ID: &str = "tenant_id";
    pub(super) const SUBJECT_ID: &str = "subject_id";
    pub(super) const LEGAL_BASIS: &str = "legal_basis";
    pub(super) const DATA_CLASSES: &str = "data_classes";
    pub(super) const RECEIVED_AT: &str = "received_at";
    pub(super) const SLA_DEADLINE: &str = "sla_deadline";
    pub(super) const REQUESTER_IDENTITY_PROOF_REF: &str = "requester_identity_proof_ref";
    pub(super) const EXTENSION: &str = "extension";
    pub(super) const EXTENDED_TO: &str = "extended_to";
    pub(super) const NOTIFIED_AT: &str = "notified_at";
    pub(super) const REASON: &str = "reason";
}

/// `extension` (§6).
const EXTENSION: Shape = Shape::Members(&[
    (names::EXTENDED_TO, Shape::SCALAR),
    (names::NOTIFIED_AT, Shape::SCALAR),
    (names::REASON, Shape::SCALAR),
]);
/// What the reader keeps of `request.json`.
static SHAPE: Shape = Shape::Members(&[
    (names::REQUEST_ID, Shape::SCALAR),
    (names::TENANT_ID, Shape::SCALAR),
    (names::SUBJECT_ID, Shape::SCALAR),
    (names::LEGAL_BASIS, Shape::SCALAR),
    (names::DATA_CLASSES, Shape::SCALARS),
    (names::RECEIVED_AT, Shape::SCALAR),
    (names::SLA_DEADLINE, Shape::SCALAR),
    (names::REQUESTER_IDENTITY_PROOF_REF, Shape::SCALAR),
    (names::EXTENSION, EXTENSION),
]);

/// The member name.
pub(crate) const REQUEST: MemberName = MemberName::Request;

/// A declared extension of the deadline.
#[derive(Debug, Clone)]
pub(crate) struct Extension {
    /// The new deadline told to the data subject.
    pub extended_to: Timestamp,
    /// When the subject was notified.
    pub notified_at: Timestamp,
}

/// `request.json` as far as it could be read.
#[derive(Debug, Clone, Default)]
pub(crate) struct Request {
    /// `request_id`
    pub request_id: Option<String>,
    /// `tenant_id`
    pub tenant_id: Option<String>,
    /// `subject_id`
    pub subject_id: Option<String>,
    /// `data_classes`, when well-formed.
    pub data_classes: Option<Vec<DataClass>>,
    /// `legal_basis`
    pub legal_basis: Option<LegalBasis>,
    /// `received_at`
    pub received_at: Option<Timestamp>,
    /// `sla_deadline`
    pub sla_deadline: Option<Timestamp>,
    /// A well-formed `extension`.
    pub extension: Option<Extension>,
    /// Whether an `extension` was present but malformed.
    pub extension_malformed: bool,
}

/// Parses `request.json`, reporting `request.schema` and `time.invalid`.
pub(crate) fn parse(bytes: &[u8], findings: &mut Findings) -> Option<Request> {
    let doc = parse_json(bytes, REQUEST.as_str(), &SHAPE, findings)?;
    let mut f = Fields::of(&doc, Code::RequestSchema, REQUEST.as_str(), findings)?;
    let own = |s: Option<&str>| s.map(str::to_owned);
    let mut r = Request {
        request_id: own(f.string(names::REQUEST_ID)),
        tenant_id: own(f.string(names::TENANT_ID)),
        subject_id: own(f.string(names::SUBJECT_ID)),
        legal_basis: f.name(names::LEGAL_BASIS),
        received_at: f.timestamp(names::RECEIVED_AT),
        sla_deadline: f.timestamp(names::SLA_DEADLINE),
        ..Request::default()
    };
    f.nonempty_string(names::REQUESTER_IDENTITY_PROOF_REF);
    if let Some(classes) = f.string_array(names::DATA_CLASSES) {
        let mut seen: Vec<DataClass> = Vec::new();
        let mut ok = !classes.is_empty();
        for c in classes {
            match c.parse::<DataClass>() {
                Ok(class) if !seen.contains(&class) => seen.push(class),
                _ => ok = false,
            }
        }
        if ok {
            r.data_classes = Some(seen);
        } else {
            let names = vec![("names", DataClass::names().into())];
            f.bad(
                names::DATA_CLASSES,
                MessageArg::Said(MessageId::WhyNonEmptySetOf, names),
            );
        }
    }
    match f.get(names::EXTENSION) {
        None | Some(Json::Null) => {}
        Some(value) => {
            r.extension = parse_extension(value, f.findings());
            if r.extension.is_none() {
                f.ok = false;
                r.extension_malformed = true;
            }
        }
    }
    Some(r)
}

fn parse_extension(value: &Json, findings: &mut Findings) -> Option<Extension> {
    let mut f = Fields::of(
        value,
        Code::RequestSchema,
        format!("{REQUEST}#/extension"),
        findings,
    )?;
    let extended_to = f.timestamp(names::EXTENDED_TO);
    let notified_at = f.timestamp(names::NOTIFIED_AT);
    // `reason` must be a non-empty string; §6 does not use its text.
    let reason = f.nonempty_string(names::REASON);
    reason?;
    Some(Extension {
        extended_to: extended_to?,
        notified_at: notified_at?,
    })
}

/// Reports `minimization.subject_not_pseudonymous` for a raw identifier.
pub(crate) fn check_subject(subject_id: &str, location: &str, findings: &mut Findings) {
    if !proofpack_spec::subject::is_pseudonymous(subject_id) {
        findings.add(
            Code::MinimizationSubjectNotPseudonymous,
            location,
            message!(RequestNotPseudonymous),
        );
    }
}
