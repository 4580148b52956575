//! `request.json` (spec §5): the validated erasure request, and the
//! pseudonymity rule for `subject_id` (§2, minimization).

use crate::findings::{Code, Findings};
use crate::schema::{parse_json, Fields};
use proofpack_spec::json::Json;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{DataClass, LegalBasis, MemberName};

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
    let doc = parse_json(bytes, REQUEST.as_str(), findings)?;
    let mut f = Fields::of(&doc, Code::RequestSchema, REQUEST.as_str(), findings)?;
    let own = |s: Option<&str>| s.map(str::to_owned);
    let mut r = Request {
        request_id: own(f.string("request_id")),
        tenant_id: own(f.string("tenant_id")),
        subject_id: own(f.string("subject_id")),
        legal_basis: f.name("legal_basis"),
        received_at: f.timestamp("received_at"),
        sla_deadline: f.timestamp("sla_deadline"),
        ..Request::default()
    };
    f.nonempty_string("requester_identity_proof_ref");
    if let Some(classes) = f.string_array("data_classes") {
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
            f.bad(
                "data_classes",
                &format!("must be a non-empty set of {}", DataClass::names()),
            );
        }
    }
    match f.get("extension") {
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
    let extended_to = f.timestamp("extended_to");
    let notified_at = f.timestamp("notified_at");
    // `reason` must be a non-empty string; §6 does not use its text.
    let reason = f.nonempty_string("reason");
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
            "subject_id is not `sub_` followed by 64 lowercase hex digits: the proof may carry the raw identifier",
        );
    }
}
