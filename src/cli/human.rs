//! The human-readable report: verdict first, then findings grouped by area,
//! then the tables. Colour only on a terminal, never with `NO_COLOR`.

use proofpack_core::{Effect, Report, Verdict};
use std::io::{self, IsTerminal, Write};

/// Whether to colour stdout.
pub(crate) fn use_colour() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal()
}

fn paint(text: &str, code: &str, colour: bool) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_owned()
    }
}

fn verdict_colour(v: Verdict) -> &'static str {
    match v {
        Verdict::Complete => "1;32",
        Verdict::Late => "1;33",
        Verdict::Incomplete => "1;33",
        Verdict::Untrusted => "1;35",
        Verdict::Invalid => "1;31",
    }
}

fn effect_colour(e: Effect) -> &'static str {
    match e {
        Effect::Warning => "36",
        Effect::Late | Effect::Incomplete => "33",
        Effect::Untrusted => "35",
        Effect::Invalid => "31",
    }
}

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or("-".to_owned(), T::to_string)
}

/// One line per pack, for batch use.
pub(crate) fn write_line(out: &mut impl Write, r: &Report, colour: bool) -> io::Result<()> {
    let codes: Vec<&str> = r.findings.iter().map(|f| f.code.as_str()).collect();
    writeln!(
        out,
        "{:<10} {}  {}",
        paint(r.verdict.as_str(), verdict_colour(r.verdict), colour),
        r.pack.path.as_deref().unwrap_or("-"),
        codes.join(" ")
    )
}

/// The full report for one pack.
pub(crate) fn write_report(out: &mut impl Write, r: &Report, colour: bool) -> io::Result<()> {
    writeln!(
        out,
        "verdict: {}  (exit {})",
        paint(r.verdict.as_str(), verdict_colour(r.verdict), colour),
        r.exit_status()
    )?;
    writeln!(out, "pack:    {}", r.pack.path.as_deref().unwrap_or("-"))?;
    writeln!(out, "sha256:  {}  ({} bytes)", r.pack.sha256, r.pack.size)?;
    writeln!(
        out,
        "pack_id: {}  request: {}  basis: {}",
        opt(&r.pack.pack_id),
        opt(&r.pack.request_id),
        opt(&r.pack.legal_basis)
    )?;
    writeln!(
        out,
        "signer:  {}  key: {}  signed_at: {}  signature verified: {}",
        opt(&r.pack.signer),
        opt(&r.pack.signature_key_id),
        opt(&r.pack.signed_at),
        if r.pack.signature_verified {
            "yes"
        } else {
            "no"
        }
    )?;
    writeln!(out)?;
    if r.findings.is_empty() {
        writeln!(out, "findings: none")?;
    } else {
        writeln!(out, "findings ({}):", r.findings.len())?;
        let mut areas: Vec<&str> = r.findings.iter().map(|f| area(f.code.as_str())).collect();
        areas.dedup();
        let mut seen = Vec::new();
        for a in areas {
            if seen.contains(&a) {
                continue;
            }
            seen.push(a);
            writeln!(out, "  [{a}]")?;
            for f in r.findings.iter().filter(|f| area(f.code.as_str()) == a) {
                writeln!(
                    out,
                    "    {:<40} {:<10} {}\n    {:<40} at {}",
                    f.code.as_str(),
                    paint(f.effect.as_str(), effect_colour(f.effect), colour),
                    f.message,
                    "",
                    f.location
                )?;
            }
        }
    }
    writeln!(out)?;
    writeln!(out, "tiers:")?;
    writeln!(
        out,
        "  {:<13} {:<9} {:<9} {:>8} {:>8} {:>8}",
        "tier", "requested", "status", "before", "after", "residue"
    )?;
    for t in &r.tiers {
        writeln!(
            out,
            "  {:<13} {:<9} {:<9} {:>8} {:>8} {:>8}",
            t.tier,
            if t.requested { "yes" } else { "no" },
            opt(&t.status),
            opt(&t.before_count),
            opt(&t.after_count),
            opt(&t.residue)
        )?;
    }
    let s = &r.sla;
    writeln!(out)?;
    writeln!(out, "sla:")?;
    writeln!(out, "  received            {}", opt(&s.received_at))?;
    writeln!(out, "  end of first period {}", opt(&s.base_deadline))?;
    writeln!(out, "  end of max period   {}", opt(&s.max_deadline))?;
    writeln!(
        out,
        "  statutory           {}{}",
        opt(&s.statutory_deadline),
        if s.extension_applied {
            "  (extended)"
        } else {
            ""
        }
    )?;
    writeln!(out, "  declared            {}", opt(&s.declared_deadline))?;
    writeln!(out, "  effective           {}", opt(&s.effective_deadline))?;
    writeln!(out, "  completed           {}", opt(&s.completed_at))?;
    if let Some(m) = s.margin_seconds {
        let (sign, m) = if m < 0 {
            ("-", m.unsigned_abs())
        } else {
            ("", m.unsigned_abs())
        };
        writeln!(
            out,
            "  margin              {sign}{}d {}h {}m",
            m / 86_400,
            (m % 86_400) / 3600,
            (m % 3600) / 60
        )?;
    }
    writeln!(out)?;
    writeln!(out, "receipts:")?;
    for rr in &r.receipts {
        writeln!(
            out,
            "  {:<20} {:<6} {:<10} ticket {:<12} {}",
            rr.subprocessor,
            opt(&rr.channel),
            opt(&rr.status),
            match rr.ticket_id.as_deref() {
                None | Some("") => "-",
                Some(ticket) => ticket,
            },
            if rr.subprocessor_erased {
                "erased"
            } else {
                "NOT erased"
            }
        )?;
    }
    let a = &r.audit;
    writeln!(out)?;
    writeln!(
        out,
        "audit witness: log {}  tree {} -> {}  checkpoints {}  consistency {}  entries proved {}/{}  PII disclosed {}",
        opt(&a.log_origin),
        opt(&a.tree_size_before),
        opt(&a.tree_size_after),
        if a.checkpoints_verified { "verified" } else { "NOT verified" },
        if a.consistency_verified { "proved" } else { "NOT proved" },
        a.entries_proved,
        a.entries,
        opt(&a.pii_disclosed)
    )?;
    let p = &r.provenance;
    writeln!(
        out,
        "provenance:    {}",
        if p.present {
            format!(
                "graph {}  index {}  {} tombstones  {} artefacts ({} reachable, {} live, {} expiring)  {} obligations",
                opt(&p.graph_version),
                opt(&p.reverse_index),
                p.tombstones,
                p.artifacts,
                p.reachable,
                p.live,
                p.expiring,
                p.obligations
            )
        } else {
            "absent".to_owned()
        }
    )?;
    Ok(())
}

fn area(code: &str) -> &str {
    code.split('.').next().unwrap_or(code)
}
