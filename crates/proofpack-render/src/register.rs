//! The outputs of a register (§19) and of a diff: the human table for a
//! terminal or a pipe, the CSV of the requests (RFC 4180, neutralised
//! against spreadsheet formulas), and the diff in words. The JSON of both
//! is [`crate::json::pretty_value`].
//!
//! Every string from a pack, and every file name, passes through
//! [`Untrusted`]: the only escape sequences written are our colours.

use crate::i18n::{Arg, Language, Messages};
use proofpack_register::{Diff, DiffItem, Register, RegisterRequest};
use proofpack_spec::text::Untrusted;
use std::fmt::Write;

/// Pack text, escaped for a terminal; `-` when absent.
fn inert(text: Option<&str>) -> String {
    text.map_or_else(|| "-".to_owned(), |t| Untrusted(t).escaped())
}

/// Rows of cells as columns padded to their widest cell, two spaces apart.
fn table(rows: &[Vec<String>], indent: usize) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            let cells = rows.iter().filter_map(|r| r.get(c));
            cells.map(|cell| cell.chars().count()).max().unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = " ".repeat(indent);
        for (cell, width) in row.iter().zip(&widths) {
            let _ = write!(line, "{cell:<width$}  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The file of the pack with this SHA-256 (escaped), or the hash itself.
fn file_of(register: &Register, sha256: &str) -> String {
    register
        .pack(sha256)
        .map_or_else(|| sha256.to_owned(), |p| Untrusted(&p.file).escaped())
}

/// The register for a terminal or a pipe: a table of requests with their
/// open items (overdue ones marked in words), the register findings with
/// their packs, then the packs.
pub fn text(register: &Register, language: Language) -> String {
    let msg = Messages::new(language);
    let mut out = String::new();
    let title = msg.format(
        "register-title",
        &[
            ("packs", Arg::from(register.packs().len())),
            ("requests", Arg::from(register.requests().len())),
            ("as_of", Arg::from(register.as_of())),
        ],
    );
    let worst = register.requests().iter().map(|r| r.status).max();
    let status = worst.map_or_else(|| "-".to_owned(), |v| msg.verdict(v));
    let exit = Arg::from(register.exit_status());
    let _ = writeln!(out, "{title}");
    let _ = writeln!(
        out,
        "{}\n",
        msg.format(
            "register-status",
            &[("status", Arg::from(status)), ("exit", exit)]
        )
    );
    if register.packs().is_empty() && register.unread().is_empty() {
        let _ = writeln!(out, "{}", msg.text("register-empty"));
        return out;
    }
    requests(&mut out, register, msg);
    findings(&mut out, register, msg);
    packs(&mut out, register, msg);
    out
}

fn requests(out: &mut String, register: &Register, msg: Messages) {
    let _ = writeln!(out, "{}", msg.text("register-requests"));
    let header = ["tenant", "request", "status", "head", "open"]
        .map(|c| msg.text(&format!("register-col-{c}")))
        .to_vec();
    let mut rows = vec![header];
    let mut items: Vec<Vec<String>> = Vec::new();
    for r in register.requests() {
        let heads: Vec<String> = r.heads.iter().map(|h| file_of(register, h)).collect();
        let overdue = r.open_items.iter().filter(|i| i.overdue).count();
        let open = match (r.open_items.len(), overdue) {
            (0, _) => msg.text("register-no-open-items"),
            (n, 0) => n.to_string(),
            (n, o) => format!("{n} ({o} {})", msg.text("register-overdue")),
        };
        let request = match (&r.tenant_id, &r.request_id) {
            (None, None) => msg.text("register-manifest-unread"),
            _ => inert(r.request_id.as_deref()),
        };
        rows.push(vec![
            inert(r.tenant_id.as_deref()),
            request,
            format!("{} {}", r.status.icon(), msg.verdict(r.status)),
            heads.join(", "),
            open,
        ]);
        items.push(item_lines(r, msg));
    }
    // Each request's row, then its open items under it.
    let rendered = table(&rows, 2);
    let mut lines = rendered.lines();
    if let Some(header) = lines.next() {
        let _ = writeln!(out, "{header}");
    }
    for (line, items) in lines.zip(items) {
        let _ = writeln!(out, "{line}");
        for item in items {
            let _ = writeln!(out, "      - {item}");
        }
    }
    out.push('\n');
}

/// A request's open items, one line each: kind, what, due, and OVERDUE.
fn item_lines(r: &RegisterRequest, msg: Messages) -> Vec<String> {
    r.open_items
        .iter()
        .map(|i| {
            let due = match &i.due {
                Some(d) => msg.format(
                    "register-due",
                    &[("due", Arg::from(Untrusted(d).escaped()))],
                ),
                None => msg.text("register-no-due"),
            };
            let kind = msg.text(&format!("open-item-{}", i.kind));
            let mark = if i.overdue {
                format!("  {}", msg.text("register-overdue"))
            } else {
                String::new()
            };
            format!("{kind} {}: {due}{mark}", Untrusted(&i.what).escaped())
        })
        .collect()
}

fn findings(out: &mut String, register: &Register, msg: Messages) {
    if register.findings().is_empty() {
        let _ = writeln!(out, "{}\n", msg.text("register-no-findings"));
        return;
    }
    let _ = writeln!(out, "{}", msg.text("register-findings"));
    for f in register.findings() {
        let effect = msg.effect(f.effect);
        let _ = writeln!(
            out,
            "  {} [{effect}] {}",
            f.code,
            Untrusted(&msg.register_finding(f)).escaped()
        );
        let files: Vec<String> = f.packs.iter().map(|p| file_of(register, p)).collect();
        let _ = writeln!(out, "      {}", files.join(", "));
    }
    out.push('\n');
}

fn packs(out: &mut String, register: &Register, msg: Messages) {
    let _ = writeln!(out, "{}", msg.text("register-packs"));
    let header = ["file", "verdict", "superseded-by"]
        .map(|c| msg.text(&format!("register-col-{c}")))
        .to_vec();
    let mut rows = vec![header];
    for p in register.packs() {
        let by = p.superseded_by.as_deref().map(|s| file_of(register, s));
        let mut file = Untrusted(&p.file).escaped();
        if !p.duplicates.is_empty() {
            let same: Vec<String> = p
                .duplicates
                .iter()
                .map(|d| Untrusted(d).escaped())
                .collect();
            file = format!(
                "{file} ({} {})",
                msg.text("register-duplicates"),
                same.join(", ")
            );
        }
        rows.push(vec![
            file,
            msg.verdict(p.verdict),
            by.unwrap_or_else(|| "-".to_owned()),
        ]);
    }
    out.push_str(&table(&rows, 2));
    if !register.unread().is_empty() {
        let _ = writeln!(out, "\n{}", msg.text("register-unread"));
        for u in register.unread() {
            let _ = writeln!(
                out,
                "  {}: {}",
                Untrusted(&u.file).escaped(),
                Untrusted(&u.error).escaped()
            );
        }
    }
}

/// The columns of the CSV, in order (its header row).
pub const CSV_COLUMNS: [&str; 8] = [
    "tenant_id",
    "request_id",
    "status",
    "heads",
    "packs",
    "open_items",
    "overdue_items",
    "next_due",
];

/// The register's requests as CSV (RFC 4180: CRLF line ends, fields quoted
/// where they hold a comma, a quote or a line break), one row per request
/// after a header row. A cell that a spreadsheet would read as a formula
/// (beginning with `=`, `+`, `-`, `@`, a tab or a carriage return) is
/// prefixed with `'`; pack text is escaped as for a terminal.
pub fn csv(register: &Register) -> String {
    let mut out = String::new();
    push_row(&mut out, CSV_COLUMNS.iter().map(|c| (*c).to_owned()));
    for r in register.requests() {
        let heads: Vec<&str> = r
            .heads
            .iter()
            .map(|h| register.pack(h).map_or(h.as_str(), |p| p.file.as_str()))
            .collect();
        let items: Vec<String> = r
            .open_items
            .iter()
            .map(|i| {
                let due = i.due.as_deref().unwrap_or("-");
                let mark = if i.overdue { " (overdue)" } else { "" };
                format!("{} {} due {due}{mark}", i.kind, i.what)
            })
            .collect();
        let next_due = r
            .open_items
            .iter()
            .filter_map(|i| i.due.as_deref())
            .filter_map(proofpack_spec::timestamp::Timestamp::parse)
            .min_by_key(|t| t.instant())
            .map(|t| t.raw().to_owned())
            .unwrap_or_default();
        push_row(
            &mut out,
            [
                r.tenant_id.clone().unwrap_or_default(),
                r.request_id.clone().unwrap_or_default(),
                r.status.to_string(),
                heads.join(" "),
                r.packs.len().to_string(),
                items.join("; "),
                r.open_items
                    .iter()
                    .filter(|i| i.overdue)
                    .count()
                    .to_string(),
                next_due,
            ]
            .into_iter(),
        );
    }
    out
}

fn push_row(out: &mut String, cells: impl Iterator<Item = String>) {
    let cells: Vec<String> = cells.map(|c| csv_cell(&c)).collect();
    out.push_str(&cells.join(","));
    out.push_str("\r\n");
}

/// One CSV field: inert, neutralised against formulas, quoted if needed.
pub fn csv_cell(text: &str) -> String {
    let mut cell = Untrusted(text).escaped();
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        cell.insert(0, '\'');
    }
    if cell.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell
    }
}

/// The difference between two packs, in words.
pub fn diff_text(d: &Diff, language: Language) -> String {
    let msg = Messages::new(language);
    let mut out = diff_heading(d, msg);
    for (label, lines) in diff_sections(d, msg) {
        let _ = writeln!(out, "{}", msg.text(label));
        if lines.is_empty() {
            let _ = writeln!(out, "  {}", msg.text("diff-none"));
        }
        for line in lines {
            let _ = writeln!(out, "  {line}");
        }
    }
    out
}

/// Both packs, a line each, then whether the new one supersedes the old.
fn diff_heading(d: &Diff, msg: Messages) -> String {
    let mut out = String::new();
    for (label, side) in [("diff-old", &d.old), ("diff-new", &d.new)] {
        let _ = writeln!(
            out,
            "{:<8} {}  {}  {}  {}",
            msg.text(label),
            Untrusted(&side.file).escaped(),
            inert(side.pack_id.as_deref()),
            msg.verdict(side.verdict),
            side.sha256
        );
    }
    let s = &d.supersession;
    let line = if s.names_old && s.misfits.is_empty() {
        msg.format(
            "diff-supersedes",
            &[("holds", Arg::from(yes_no(msg, s.holds)))],
        )
    } else if s.names_old {
        msg.format(
            "diff-supersedes-void",
            &[("misfits", Arg::from(s.misfits.join(", ")))],
        )
    } else {
        msg.text("diff-supersedes-not")
    };
    let _ = writeln!(out, "{line}\n");
    out
}

/// Each section of the diff (its message id) with its lines, escaped.
fn diff_sections(d: &Diff, msg: Messages) -> [(&'static str, Vec<String>); 9] {
    let tiers: Vec<String> = d
        .tiers
        .iter()
        .map(|c| {
            format!(
                "{}: {} -> {}",
                c.key,
                tier(c.old.as_ref()),
                tier(c.new.as_ref())
            )
        })
        .collect();
    let receipts: Vec<String> = d
        .receipts
        .iter()
        .map(|c| {
            let state = |r: Option<&proofpack_register::ReceiptState>| {
                r.map_or_else(
                    || "-".to_owned(),
                    |r| {
                        let status = r.status.map_or_else(|| "-".to_owned(), |s| s.to_string());
                        format!("{status} {}", inert(r.status_at.as_deref()))
                    },
                )
            };
            format!(
                "{}: {} -> {}",
                Untrusted(&c.key).escaped(),
                state(c.old.as_ref()),
                state(c.new.as_ref())
            )
        })
        .collect();
    let item = |i: &DiffItem| {
        let kind = msg.text(&format!("open-item-{}", i.kind));
        format!(
            "{kind} {} ({})",
            Untrusted(&i.what).escaped(),
            inert(i.due.as_deref())
        )
    };
    let escape_all = |v: &[String]| v.iter().map(|p| Untrusted(p).escaped()).collect::<Vec<_>>();
    [
        ("diff-tiers", tiers),
        ("diff-receipts", receipts),
        (
            "diff-closed",
            d.open_items.closed.iter().map(item).collect(),
        ),
        (
            "diff-opened",
            d.open_items.opened.iter().map(item).collect(),
        ),
        ("diff-members-added", escape_all(&d.members.added)),
        ("diff-members-removed", escape_all(&d.members.removed)),
        ("diff-members-changed", escape_all(&d.members.changed)),
        ("diff-findings-added", d.findings_added.clone()),
        ("diff-findings-removed", d.findings_removed.clone()),
    ]
}

fn yes_no(msg: Messages, b: bool) -> String {
    msg.text(if b { "yes" } else { "no" })
}

fn tier(t: Option<&proofpack_register::TierState>) -> String {
    let Some(t) = t else {
        return "-".to_owned();
    };
    let n = |v: Option<u64>| v.map_or_else(|| "-".to_owned(), |v| v.to_string());
    let status = t.status.map_or_else(|| "-".to_owned(), |s| s.to_string());
    format!(
        "{status} {}/{} residue {}",
        n(t.before_count),
        n(t.after_count),
        n(t.residue)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proofpack_core::TrustStore;
    use proofpack_register::{register, Options, PackInput};
    use proofpack_spec::timestamp::Timestamp;

    #[test]
    fn formula_cells_are_neutralised_and_fields_quoted() {
        assert_eq!(csv_cell("=1+1"), "'=1+1");
        assert_eq!(csv_cell("+1"), "'+1");
        assert_eq!(csv_cell("-1"), "'-1");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("=a,b"), "\"'=a,b\"");
        assert_eq!(csv_cell("plain"), "plain");
        assert!(!csv_cell("x\u{1b}[31m").contains('\u{1b}'));
    }

    #[test]
    fn hostile_names_reach_no_output_raw() {
        let trust = TrustStore::from_json(br#"{"format": "proof-pack-trust/v1", "keys": []}"#)
            .expect("store");
        let as_of = Timestamp::parse("2026-12-01T00:00:00Z").expect("time");
        let hostile = "\u{1b}]0;evil\u{7}\u{202e}=cmd.tar.gz";
        let packs = vec![
            PackInput::bytes(hostile, b"not a pack".to_vec()),
            PackInput::bytes("copy", b"not a pack".to_vec()),
        ];
        let reg = register(packs, &Options::new(&trust, as_of)).expect("register");
        for out in [
            text(&reg, Language::En),
            text(&reg, Language::De),
            csv(&reg),
        ] {
            assert!(!out.contains('\u{1b}') && !out.contains('\u{7}') && !out.contains('\u{202e}'));
        }
        assert!(text(&reg, Language::En).contains("register.duplicate_file"));
    }
}
