//! `subprocessor-receipts.jsonl` (spec §9): deletion receipts from
//! subprocessors.
//!
//! [`parse`] turns each line into a typed [`ReceiptRecord`]; [`check`]
//! judges them against the manifest's `subprocessors`. A receipt whose
//! `subprocessor` can be read is present even when another member breaks the
//! schema, so its subprocessor is never reported as `receipts.missing`.

use crate::attestation::{self, AttestationState};
use crate::cancel::Cancel;
use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageId};
use crate::register_facts::OpenItem;
use crate::report::ReceiptRow;
use crate::schema::{jsonl_records, Fields, Member, Read, Record, RecordNames, Slot};
use proofpack_spec::json::Scalar;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{Channel, MemberName, OpenItemKind, ReceiptStatus};
use std::collections::HashSet;

/// The member name.
pub(crate) const RECEIPTS: MemberName = MemberName::Receipts;

/// A receipt whose `subprocessor` could be read.
#[derive(Debug, Clone)]
pub(crate) struct ReceiptRecord {
    /// 1-based line.
    pub line: usize,
    /// `subprocessor`
    pub subprocessor: String,
    /// `channel`, when a string.
    pub channel: Option<Channel>,
    /// `ticket_id`, when a string (possibly empty).
    pub ticket_id: Option<String>,
    /// `requested_at`, when valid.
    pub requested_at: Option<Timestamp>,
    /// `status`, when a known one.
    pub status: Option<ReceiptStatus>,
    /// `confirmed_at`, for a confirmed receipt, when valid.
    pub confirmed_at: Option<Timestamp>,
    /// `due_at`, for a pending receipt, when valid.
    pub due_at: Option<Timestamp>,
    /// `endpoint`, when a string.
    pub endpoint: Option<String>,
    /// `attestation` (§16): the member holding the subprocessor's signed
    /// statement, when a string.
    pub attestation: Option<String>,
}

impl ReceiptRecord {
    /// Whether this receipt erases its subprocessor (§9): `confirmed`, by
    /// `channel` `api`, with a non-empty `ticket_id`. These three members
    /// decide, as the spec words it; a missing `confirmed_at` is reported as
    /// `receipts.schema` on its own.
    pub(crate) fn erases(&self) -> bool {
        self.status == Some(ReceiptStatus::Confirmed)
            && self.channel == Some(Channel::Api)
            && self.ticket_id.as_deref().is_some_and(|t| !t.is_empty())
    }

    /// Where the record is, for findings.
    pub(crate) fn location(&self) -> String {
        format!("{RECEIPTS}:{}", self.line)
    }

    /// What this receipt says that its attestation must match (§16).
    fn claim(&self) -> attestation::Claim<'_> {
        attestation::Claim {
            attestation: self.attestation.as_deref(),
            location: self.location(),
            subprocessor: &self.subprocessor,
            ticket_id: self.ticket_id.as_deref(),
            status: self.status,
            confirmed_at: self.confirmed_at.as_ref(),
        }
    }
}

/// The subprocessors that at least one receipt erases by §9's rule: their
/// other receipts are history.
/// §19's open items of the receipts: each `pending` receipt of a
/// subprocessor that §9's rule does not count as erased, due at `due_at`.
pub(crate) fn open_items(receipts: &[ReceiptRecord], items: &mut Vec<OpenItem>) {
    let erased = erased_subprocessors(receipts);
    for r in receipts {
        if r.status == Some(ReceiptStatus::Pending) && !erased.contains(r.subprocessor.as_str()) {
            let what = r.subprocessor.as_str();
            items.push(OpenItem::new(
                OpenItemKind::Receipt,
                what,
                r.due_at.as_ref(),
            ));
        }
    }
}

fn erased_subprocessors(receipts: &[ReceiptRecord]) -> HashSet<&str> {
    erased_where(receipts, |_| true)
}

fn erased_where(receipts: &[ReceiptRecord], attested: impl Fn(usize) -> bool) -> HashSet<&str> {
    receipts
        .iter()
        .enumerate()
        .filter(|&(i, r)| r.erases() && attested(i))
        .map(|(_, r)| r.subprocessor.as_str())
        .collect()
}

/// What judging the receipts established: each receipt's attestation, and
/// whether the policy asked for them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Judged {
    attestations: Vec<AttestationState>,
    signed_receipts: bool,
}

impl Judged {
    /// The attestation of the `i`-th receipt.
    pub(crate) fn attestation(&self, i: usize) -> AttestationState {
        self.attestations
            .get(i)
            .copied()
            .unwrap_or(AttestationState::Absent)
    }

    /// Whether, under `signed_receipts`, every subprocessor `listed` (one or
    /// more) is erased, so by a receipt with a verified attestation (§16).
    pub(crate) fn all_attested(
        &self,
        receipts: &[ReceiptRecord],
        listed: Option<&[String]>,
    ) -> bool {
        let erased = self.erased(receipts);
        self.signed_receipts
            && listed.is_some_and(|names| {
                !names.is_empty() && names.iter().all(|n| erased.contains(n.as_str()))
            })
    }

    /// The subprocessors erased: by §9's rule, and under `signed_receipts`
    /// only by a receipt with a verified attestation (§16).
    pub(crate) fn erased<'r>(&self, receipts: &'r [ReceiptRecord]) -> HashSet<&'r str> {
        erased_where(receipts, |i| {
            !self.signed_receipts || self.attestation(i) == AttestationState::Verified
        })
    }

    /// The report's rows of the receipts (§13), with the §9 erasure rule
    /// applied (and §16's, under the policy's `signed_receipts`).
    pub(crate) fn rows(&self, receipts: &[ReceiptRecord]) -> Vec<ReceiptRow> {
        let erased = self.erased(receipts);
        let raw = |t: &Option<Timestamp>| t.as_ref().map(|t| t.raw().to_owned());
        receipts
            .iter()
            .enumerate()
            .map(|(i, r)| ReceiptRow {
                line: r.line,
                subprocessor: r.subprocessor.clone(),
                channel: r.channel.clone(),
                ticket_id: r.ticket_id.clone(),
                status: r.status,
                requested_at: raw(&r.requested_at),
                status_at: raw(&r.confirmed_at).or_else(|| raw(&r.due_at)),
                endpoint: r.endpoint.clone(),
                subprocessor_erased: erased.contains(r.subprocessor.as_str()),
                attestation: self.attestation(i),
            })
            .collect()
    }
}

/// Parses the receipts, reporting `json.malformed`, `receipts.schema`,
/// `time.invalid`, and `time.out_of_order` for a confirmation before its
/// request.
pub(crate) fn parse(bytes: &[u8], cancel: &Cancel, findings: &mut Findings) -> Vec<ReceiptRecord> {
    jsonl_records(
        bytes,
        cancel,
        RECEIPTS.as_str(),
        Code::ReceiptsSchema,
        MEMBERS,
        findings,
        parse_record,
    )
}

/// The members of a receipt that §9 names: all scalars.
const MEMBERS: RecordNames = &[
    ("subprocessor", Read::Scalar),
    ("channel", Read::Scalar),
    ("ticket_id", Read::Scalar),
    ("requested_at", Read::Scalar),
    ("status", Read::Scalar),
    ("endpoint", Read::Scalar),
    ("confirmed_at", Read::Scalar),
    ("due_at", Read::Scalar),
    ("attestation", Read::Scalar),
];

fn parse_record(line: usize, value: &Record<'_>, findings: &mut Findings) -> Option<ReceiptRecord> {
    let location = format!("{RECEIPTS}:{line}");
    let mut f = Fields::of_object(
        Some(value),
        Code::ReceiptsSchema,
        location.clone(),
        findings,
    )?;
    let subprocessor = f.string("subprocessor").map(str::to_owned);
    let channel = f.string("channel").map(Channel::parse);
    let ticket_id = f.string("ticket_id").map(str::to_owned);
    let requested_at = f.timestamp("requested_at");
    let status = f.name::<ReceiptStatus>("status");
    let endpoint = match f.get("endpoint").map(Member::text) {
        None => None,
        Some(Some(s)) => Some(s.to_owned()),
        Some(None) => {
            f.bad("endpoint", MessageId::WhyNotString);
            None
        }
    };
    let attestation = match f.get("attestation") {
        None | Some(Slot::Scalar(Scalar::Null)) => None,
        Some(Slot::Scalar(Scalar::String(s))) => Some(s.clone().into_owned()),
        Some(_) => {
            f.bad("attestation", MessageId::WhyNotMemberName);
            None
        }
    };
    let (mut confirmed_at, mut due_at) = (None, None);
    match status {
        Some(ReceiptStatus::Confirmed) => {
            confirmed_at = f.timestamp("confirmed_at");
            if let (Some(c), Some(r)) = (&confirmed_at, &requested_at) {
                if c.instant() < r.instant() {
                    f.findings().add(
                        Code::TimeOutOfOrder,
                        format!("{location}#/confirmed_at"),
                        message!(ReceiptsConfirmedBeforeRequested),
                    );
                }
            }
        }
        Some(ReceiptStatus::Pending) => due_at = f.timestamp("due_at"),
        Some(ReceiptStatus::Failed) | None => {}
    }
    Some(ReceiptRecord {
        line,
        subprocessor: subprocessor?,
        channel,
        ticket_id,
        requested_at,
        status,
        confirmed_at,
        due_at,
        endpoint,
        attestation,
    })
}

/// Judges the receipts against the manifest's `subprocessors` (§9), and
/// their attestations (§16) under the policy's `signed_receipts`.
pub(crate) fn check(
    receipts: &[ReceiptRecord],
    subprocessors: Option<&[String]>,
    cx: &attestation::Context<'_>,
    findings: &mut Findings,
) -> Judged {
    check_listed(receipts, subprocessors, findings);
    let judged = Judged {
        attestations: receipts
            .iter()
            .map(|r| attestation::check(&r.claim(), cx, findings))
            .collect(),
        signed_receipts: cx.trust.is_some_and(|t| t.policy().signed_receipts),
    };
    let erased = erased_subprocessors(receipts);
    if judged.signed_receipts {
        report_unattested(receipts, &erased, &judged.erased(receipts), findings);
    }
    report_not_erased(receipts, &erased, findings);
    judged
}

/// [`check`] of receipts read alone: no other member in the pack (every
/// attestation names a missing member) and no trust store.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) fn check_alone(
    receipts: &[ReceiptRecord],
    subprocessors: Option<&[String]>,
    findings: &mut Findings,
) -> Judged {
    let archive = crate::archive::Archive::default();
    let context = attestation::Context {
        archive: &archive,
        tenant_id: None,
        subject_id: None,
        trust: None,
    };
    check(receipts, subprocessors, &context, findings)
}

/// §16: a subprocessor that meets §9's rule without a verified attestation
/// is `receipts.unattested` (and its receipts raise none of §9's codes).
fn report_unattested(
    receipts: &[ReceiptRecord],
    by_rule: &HashSet<&str>,
    attested: &HashSet<&str>,
    findings: &mut Findings,
) {
    let mut reported = HashSet::new();
    for r in receipts {
        let who = r.subprocessor.as_str();
        if by_rule.contains(who) && !attested.contains(who) && reported.insert(who) {
            findings.add(
                Code::ReceiptsUnattested,
                format!("{RECEIPTS}#{who}"),
                message!(ReceiptsUnattested, who = quoted(who)),
            );
        }
    }
}

/// `receipts.missing` and `receipts.unlisted` (§9).
fn check_listed(
    receipts: &[ReceiptRecord],
    subprocessors: Option<&[String]>,
    findings: &mut Findings,
) {
    if let Some(listed) = subprocessors {
        let named: HashSet<&str> = receipts.iter().map(|r| r.subprocessor.as_str()).collect();
        for name in listed {
            if !named.contains(name.as_str()) {
                findings.add(
                    Code::ReceiptsMissing,
                    format!("{RECEIPTS}#{name}"),
                    message!(ReceiptsMissing, name = quoted(name)),
                );
            }
        }
        let listed: HashSet<&str> = listed.iter().map(String::as_str).collect();
        for r in receipts {
            if !listed.contains(r.subprocessor.as_str()) {
                findings.add(
                    Code::ReceiptsUnlisted,
                    r.location(),
                    message!(ReceiptsUnlisted, name = quoted(&r.subprocessor)),
                );
            }
        }
    }
}

/// §9's four codes, for each receipt of a subprocessor no receipt erases.
fn report_not_erased(receipts: &[ReceiptRecord], erased: &HashSet<&str>, findings: &mut Findings) {
    for r in receipts {
        if erased.contains(r.subprocessor.as_str()) {
            continue; // erased: the other receipts are history
        }
        let at = r.location();
        let who = &r.subprocessor;
        if let Some(channel) = r.channel.as_ref().filter(|c| **c != Channel::Api) {
            findings.add(
                Code::ReceiptsNotApi,
                at.clone(),
                message!(
                    ReceiptsNotApi,
                    who = quoted(who),
                    channel = quoted(channel.as_str())
                ),
            );
        }
        if r.ticket_id.as_deref() == Some("") {
            findings.add(
                Code::ReceiptsNoTicket,
                at.clone(),
                message!(ReceiptsNoTicket, who = quoted(who)),
            );
        }
        match r.status {
            Some(ReceiptStatus::Pending) => findings.add(
                Code::ReceiptsPending,
                at,
                match &r.due_at {
                    Some(due) => message!(ReceiptsPendingDue, who = quoted(who), due = due.raw()),
                    None => message!(ReceiptsPending, who = quoted(who)),
                },
            ),
            Some(ReceiptStatus::Failed) => findings.add(
                Code::ReceiptsFailed,
                at,
                message!(ReceiptsFailed, who = quoted(who)),
            ),
            Some(ReceiptStatus::Confirmed) | None => {}
        }
    }
}
