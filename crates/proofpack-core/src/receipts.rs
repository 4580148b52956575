//! `subprocessor-receipts.jsonl` (spec §9): deletion receipts from
//! subprocessors.

use crate::findings::{Code, Findings};
use crate::json::Json;
use crate::schema::{parse_jsonl, Fields};
use serde::Serialize;

/// The member name.
pub const RECEIPTS: &str = "subprocessor-receipts.jsonl";

/// A receipt of the right shape.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Receipt {
    /// 1-based line.
    pub line: usize,
    /// `subprocessor`
    pub subprocessor: String,
    /// `channel`
    pub channel: String,
    /// `ticket_id`
    pub ticket_id: String,
    /// `status`
    pub status: String,
    /// `requested_at`
    pub requested_at: String,
    /// `confirmed_at` or `due_at`, where the status needs one.
    pub status_at: Option<String>,
    /// `endpoint`
    pub endpoint: Option<String>,
}

/// The subprocessors that at least one receipt erases (§9): their other
/// receipts are history.
pub fn erased_subprocessors(receipts: &[Receipt]) -> std::collections::HashSet<&str> {
    receipts
        .iter()
        .filter(|r| r.erases())
        .map(|r| r.subprocessor.as_str())
        .collect()
}

impl Receipt {
    /// Whether this receipt erases its subprocessor: confirmed by API with a ticket.
    pub fn erases(&self) -> bool {
        self.status == "confirmed" && self.channel == "api" && !self.ticket_id.is_empty()
    }
}

/// Parses and judges the receipts against the manifest's `subprocessors`.
pub fn check(
    bytes: &[u8],
    subprocessors: Option<&[String]>,
    findings: &mut Findings,
) -> Vec<Receipt> {
    let mut receipts = Vec::new();
    for (line, value) in parse_jsonl(bytes, RECEIPTS, Code::ReceiptsSchema, findings) {
        if let Some(r) = parse_record(line, &value, findings) {
            receipts.push(r);
        }
    }
    if let Some(listed) = subprocessors {
        let named: std::collections::HashSet<&str> =
            receipts.iter().map(|r| r.subprocessor.as_str()).collect();
        for name in listed {
            if !named.contains(name.as_str()) {
                findings.add(
                    Code::ReceiptsMissing,
                    format!("{RECEIPTS}#{name}"),
                    format!("no receipt for the subprocessor {name:?}"),
                );
            }
        }
        for r in &receipts {
            if !listed.contains(&r.subprocessor) {
                findings.add(
                    Code::ReceiptsUnlisted,
                    format!("{RECEIPTS}:{}", r.line),
                    format!(
                        "{:?} is not in the manifest's subprocessors",
                        r.subprocessor
                    ),
                );
            }
        }
    }
    let erased = erased_subprocessors(&receipts);
    for r in &receipts {
        if erased.contains(r.subprocessor.as_str()) {
            continue; // erased: the other receipts are history
        }
        let at = format!("{RECEIPTS}:{}", r.line);
        let who = &r.subprocessor;
        if r.channel != "api" {
            findings.add(
                Code::ReceiptsNotApi,
                at.clone(),
                format!("receipt for {who:?} came by {:?}, not by API", r.channel),
            );
        }
        if r.ticket_id.is_empty() {
            findings.add(
                Code::ReceiptsNoTicket,
                at.clone(),
                format!("receipt for {who:?} has no ticket id"),
            );
        }
        match r.status.as_str() {
            "pending" => findings.add(
                Code::ReceiptsPending,
                at,
                format!("deletion at {who:?} is pending"),
            ),
            "failed" => findings.add(
                Code::ReceiptsFailed,
                at,
                format!("deletion at {who:?} failed"),
            ),
            _ => {}
        }
    }
    receipts
}

fn parse_record(line: usize, value: &Json, findings: &mut Findings) -> Option<Receipt> {
    let location = format!("{RECEIPTS}:{line}");
    let mut f = Fields::of(value, Code::ReceiptsSchema, location.clone(), findings)?;
    let subprocessor = f.string("subprocessor");
    let channel = f.string("channel");
    let ticket_id = f.string("ticket_id");
    let requested_at = f.timestamp("requested_at");
    let status = f.one_of("status", &["confirmed", "pending", "failed"]);
    let endpoint = match f.get("endpoint") {
        None => None,
        Some(Json::String(s)) => Some(s.clone()),
        Some(_) => {
            f.bad("endpoint", "not a string");
            None
        }
    };
    let status_at = match status {
        Some("confirmed") => {
            let confirmed = f.timestamp("confirmed_at");
            if let (Some(c), Some(r)) = (&confirmed, &requested_at) {
                if c.instant() < r.instant() {
                    f.findings().add(
                        Code::TimeOutOfOrder,
                        format!("{location}#/confirmed_at"),
                        "confirmed_at is before requested_at",
                    );
                }
            }
            confirmed.map(|t| t.raw().to_owned())
        }
        Some("pending") => f.timestamp("due_at").map(|t| t.raw().to_owned()),
        _ => None,
    };
    if !f.ok {
        return None;
    }
    Some(Receipt {
        line,
        subprocessor: subprocessor?.to_owned(),
        channel: channel?.to_owned(),
        ticket_id: ticket_id?.to_owned(),
        status: status?.to_owned(),
        requested_at: requested_at?.raw().to_owned(),
        status_at,
        endpoint,
    })
}
