//! `subprocessor-receipts.jsonl` (spec §9): deletion receipts from
//! subprocessors.
//!
//! [`parse`] turns each line into a typed [`ReceiptRecord`]; [`check`]
//! judges them against the manifest's `subprocessors`. A receipt whose
//! `subprocessor` can be read is present even when another member breaks the
//! schema, so its subprocessor is never reported as `receipts.missing`.

use crate::findings::{Code, Findings};
use crate::schema::{jsonl_records, Fields, Member, Read, Record, RecordNames};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{Channel, MemberName, ReceiptStatus};
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
}

/// The subprocessors that at least one receipt erases (§9): their other
/// receipts are history.
pub(crate) fn erased_subprocessors(receipts: &[ReceiptRecord]) -> HashSet<&str> {
    receipts
        .iter()
        .filter(|r| r.erases())
        .map(|r| r.subprocessor.as_str())
        .collect()
}

/// Parses the receipts, reporting `json.malformed`, `receipts.schema`,
/// `time.invalid`, and `time.out_of_order` for a confirmation before its
/// request.
pub(crate) fn parse(bytes: &[u8], findings: &mut Findings) -> Vec<ReceiptRecord> {
    jsonl_records(
        bytes,
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
            f.bad("endpoint", "not a string");
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
                        "confirmed_at is before requested_at",
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
    })
}

/// Judges the receipts against the manifest's `subprocessors` (§9).
pub(crate) fn check(
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
                    format!("no receipt for the subprocessor {name:?}"),
                );
            }
        }
        let listed: HashSet<&str> = listed.iter().map(String::as_str).collect();
        for r in receipts {
            if !listed.contains(r.subprocessor.as_str()) {
                findings.add(
                    Code::ReceiptsUnlisted,
                    r.location(),
                    format!(
                        "{:?} is not in the manifest's subprocessors",
                        r.subprocessor
                    ),
                );
            }
        }
    }
    let erased = erased_subprocessors(receipts);
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
                format!(
                    "receipt for {who:?} came by {:?}, not by API",
                    channel.as_str()
                ),
            );
        }
        if r.ticket_id.as_deref() == Some("") {
            findings.add(
                Code::ReceiptsNoTicket,
                at.clone(),
                format!("receipt for {who:?} has no ticket id"),
            );
        }
        match r.status {
            Some(ReceiptStatus::Pending) => findings.add(
                Code::ReceiptsPending,
                at,
                format!(
                    "deletion at {who:?} is pending{}",
                    r.due_at
                        .as_ref()
                        .map(|t| format!(" (due {})", t.raw()))
                        .unwrap_or_default()
                ),
            ),
            Some(ReceiptStatus::Failed) => findings.add(
                Code::ReceiptsFailed,
                at,
                format!("deletion at {who:?} failed"),
            ),
            Some(ReceiptStatus::Confirmed) | None => {}
        }
    }
}
