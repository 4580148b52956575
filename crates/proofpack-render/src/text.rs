//! The human report for a terminal or a pipe: the verdict first, with what it
//! means; the checks that passed; the findings grouped by area, each with its
//! explanation; then the evidence tables and the attestation.
//!
//! Every string from the pack or the trust store passes through
//! [`Untrusted`], so the only escape sequences written are the colour codes
//! of [`Style`], and a pack cannot start a line that looks like ours.

use proofpack_core::report::{
    AttestationState, AuditSummary, BackupRow, Listing, NotCounted, PackInfo, Policy, Report,
    TierRow,
};
use proofpack_core::{Effect, Verdict};
use proofpack_spec::text::Untrusted;
use proofpack_spec::vocab::BackupState;
use std::fmt::{self, Write};

/// How to write the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Write ANSI colour codes (only ever for our own words).
    pub colour: bool,
}

/// The SGR colour of a verdict: each verdict its own, so `late` and
/// `incomplete` differ (the word is always written too, never colour alone).
fn verdict_sgr(v: Verdict) -> &'static str {
    match v {
        Verdict::Complete => "1;32",
        Verdict::Late => "1;33",
        Verdict::Incomplete => "1;38;5;208",
        Verdict::Untrusted => "1;35",
        Verdict::Invalid => "1;31",
    }
}

fn effect_sgr(e: Effect) -> &'static str {
    match e {
        Effect::Warning => "36",
        Effect::Late => "33",
        Effect::Incomplete => "38;5;208",
        Effect::Untrusted => "35",
        Effect::Invalid => "31",
    }
}

/// `text` padded to `width` first, then coloured, so columns stay aligned
/// with colour on.
fn paint(style: Style, sgr: &str, text: &str, width: usize) -> String {
    let padded = format!("{text:<width$}");
    if style.colour {
        format!("\x1b[{sgr}m{padded}\x1b[0m")
    } else {
        padded
    }
}

/// An optional pack string, escaped, or `-`.
fn opt(v: &Option<String>) -> String {
    v.as_deref()
        .map_or_else(|| "-".to_owned(), |s| Untrusted(s).escaped())
}

/// An optional value of ours (numbers, vocabulary), or `-`.
fn val<T: fmt::Display>(v: &Option<T>) -> String {
    v.as_ref().map_or_else(|| "-".to_owned(), T::to_string)
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The area of a code: the part before its first dot.
pub fn area(code: &str) -> &str {
    code.split('.').next().unwrap_or(code)
}

/// One line per pack, for batch use: verdict, input, codes.
pub fn line(r: &Report, style: Style) -> String {
    let codes: Vec<&str> = r.findings().iter().map(|f| f.code().as_str()).collect();
    format!(
        "{} {}  {}",
        paint(style, verdict_sgr(r.verdict()), r.verdict().as_str(), 10),
        opt(&r.meta().input),
        codes.join(" ")
    )
}

/// The full human report of one pack.
pub fn report(r: &Report, style: Style) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_report(&mut out, r, style);
    out
}

/// The report's sections in order, one blank line between each.
fn write_report(out: &mut String, r: &Report, style: Style) -> fmt::Result {
    write_verdict(out, r, style)?;
    writeln!(out)?;
    write_pack(out, r)?;
    writeln!(out)?;
    write_passed(out, r)?;
    writeln!(out)?;
    write_findings(out, r, style)?;
    writeln!(out)?;
    write_tiers(out, r.tiers())?;
    writeln!(out)?;
    write_sla(out, r)?;
    writeln!(out)?;
    write_receipts(out, r)?;
    writeln!(out)?;
    write_witness(out, r)?;
    writeln!(out)?;
    write_members(out, r)?;
    writeln!(out)?;
    write_attestation(out, r.pack())?;
    writeln!(out)?;
    write_verified_by(out, r)
}

/// The verdict, its exit status and what it means; for an invalid pack, the
/// warning that the tables show claims, not facts.
fn write_verdict(out: &mut String, r: &Report, style: Style) -> fmt::Result {
    writeln!(
        out,
        "verdict: {}  (exit {})",
        paint(style, verdict_sgr(r.verdict()), r.verdict().as_str(), 0),
        r.exit_status()
    )?;
    writeln!(out, "  {}", r.verdict().meaning())?;
    if r.claims_unverified() {
        writeln!(
            out,
            "  NOTE: the pack is invalid, so what the tables below show are the pack's own \
             claims, not verified facts."
        )?;
    }
    Ok(())
}

/// The pack's identity, parties, times, signature and the probes and
/// subprocessors it names.
fn write_pack(out: &mut String, r: &Report) -> fmt::Result {
    let p = r.pack();
    writeln!(out, "pack:")?;
    for (name, value) in pack_rows(r) {
        writeln!(out, "  {name:<15} {value}")?;
    }
    writeln!(
        out,
        "  {:<15} code {}  at {}",
        "probes",
        opt(&p.probes_code_ref),
        opt(&p.probes_verified_at)
    )?;
    let subprocessors: Vec<String> = p
        .subprocessors
        .iter()
        .map(|s| Untrusted(s).escaped())
        .collect();
    writeln!(
        out,
        "  {:<15} {}",
        "subprocessors",
        subprocessors.join(", ")
    )?;
    if let Some(earlier) = &p.supersedes {
        writeln!(
            out,
            "  {:<15} {}  sha256 {}",
            "supersedes",
            Untrusted(&earlier.pack_id),
            earlier.sha256
        )?;
    }
    Ok(())
}

/// The name and value of each `pack:` row, values already escaped.
fn pack_rows(r: &Report) -> [(&'static str, String); 14] {
    let p = r.pack();
    [
        ("file", opt(&r.meta().input)),
        ("sha256", format!("{}  ({} bytes)", p.sha256, p.size)),
        ("pack_id", opt(&p.pack_id)),
        ("request_id", opt(&p.request_id)),
        ("tenant", opt(&p.tenant_id)),
        ("subject", opt(&p.subject_id)),
        ("legal basis", val(&p.legal_basis)),
        ("received", opt(&p.received_at)),
        ("completed", opt(&p.completed_at)),
        ("cascade run by", opt(&p.cascade_runner)),
        (
            "signed by",
            format!("{}  at {}", opt(&p.signer), opt(&p.signed_at)),
        ),
        (
            "signing key",
            format!(
                "{}  {}  owner {}",
                opt(&p.signature_key_id),
                p.signer_key_fingerprint
                    .as_deref()
                    .unwrap_or("(not in the trust store)"),
                opt(&p.signer_key_owner)
            ),
        ),
        (
            "signature",
            if p.signature_verified {
                "verified with the trust store's key".to_owned()
            } else {
                "NOT verified".to_owned()
            },
        ),
        (
            "all_clear",
            format!(
                "claimed {}, recomputed {}",
                val(&p.all_clear_claimed),
                p.all_clear_recomputed
            ),
        ),
    ]
}

fn write_passed(out: &mut String, r: &Report) -> fmt::Result {
    writeln!(out, "checks passed ({}):", r.passed().len())?;
    for passed in r.passed() {
        writeln!(out, "  {:<28} {}", passed.code().as_str(), passed.message())?;
    }
    Ok(())
}

fn write_members(out: &mut String, r: &Report) -> fmt::Result {
    writeln!(out, "members ({}):", r.members().len())?;
    for m in r.members() {
        let listing = match m.listing {
            Listing::Listed => "listed",
            Listing::Unlisted => "NOT LISTED",
            Listing::NotListedByDesign => "signed statement",
            Listing::Unknown => "unknown",
        };
        writeln!(
            out,
            "  {:<40} {:>10}  {}  {listing}",
            Untrusted(&m.path),
            m.size,
            m.sha256
        )?;
    }
    Ok(())
}

/// The attestation text, each line prefixed so none can pass for ours.
fn write_attestation(out: &mut String, p: &PackInfo) -> fmt::Result {
    writeln!(out, "attestation:")?;
    match &p.attestation {
        Some(text) => {
            for line in Untrusted(text).lines() {
                writeln!(out, "  | {line}")?;
            }
            Ok(())
        }
        None => writeln!(out, "  (absent or not UTF-8 text)"),
    }
}

/// The last line: which verifier, when, and with which trust store.
fn write_verified_by(out: &mut String, r: &Report) -> fmt::Result {
    let m = r.meta();
    write!(
        out,
        "verified by {} at {}",
        m.verifier,
        m.verified_at.as_deref().unwrap_or("-")
    )?;
    match &m.trust_store {
        Some(t) => writeln!(
            out,
            ", trust store {} (sha256 {}, {} keys; {})",
            opt(&t.path),
            t.sha256,
            t.keys,
            policy_words(&t.policy)
        ),
        None => writeln!(out, ", no trust store"),
    }
}

fn write_findings(out: &mut String, r: &Report, style: Style) -> fmt::Result {
    if r.findings().is_empty() {
        return writeln!(out, "findings: none");
    }
    writeln!(out, "findings ({}):", r.findings().len())?;
    let mut areas: Vec<&str> = Vec::new();
    for f in r.findings() {
        let a = area(f.code().as_str());
        if !areas.contains(&a) {
            areas.push(a);
        }
    }
    for a in areas {
        writeln!(out, "  [{a}]")?;
        for f in r.findings().iter().filter(|f| area(f.code().as_str()) == a) {
            let e = crate::explain::explanation(f.code());
            writeln!(
                out,
                "    {:<40} {}  at {}",
                f.code().as_str(),
                paint(style, effect_sgr(f.effect()), f.effect().as_str(), 10),
                Untrusted(f.location())
            )?;
            writeln!(out, "      {}", Untrusted(f.message()))?;
            writeln!(out, "      means: {}", e.meaning)?;
            writeln!(out, "      why:   {}", e.why)?;
            writeln!(out, "      ask:   {}", e.ask)?;
        }
    }
    Ok(())
}

fn write_tiers(out: &mut String, tiers: &[TierRow]) -> fmt::Result {
    writeln!(out, "tiers:")?;
    writeln!(
        out,
        "  {:<13} {:<9} {:<9} {:>8} {:>8} {:>8}",
        "tier", "requested", "status", "before", "after", "residue"
    )?;
    for t in tiers {
        writeln!(
            out,
            "  {:<13} {:<9} {:<9} {:>8} {:>8} {:>8}",
            t.tier.as_str(),
            yes_no(t.requested),
            val(&t.status),
            val(&t.before_count),
            val(&t.after_count),
            val(&t.residue)
        )?;
    }
    for t in tiers {
        for detail in tier_details(t) {
            writeln!(out, "  {:<13} {detail}", t.tier.as_str())?;
        }
    }
    Ok(())
}

/// The evidence lines of one tier: what its status carries and its output.
pub fn tier_details(t: &TierRow) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(d) = &t.status_detail {
        if let Some(e) = &d.exemption {
            lines.push(format!(
                "exempt under {}: {}",
                Untrusted(&e.legal_basis),
                Untrusted(&e.justification)
            ));
        }
        if let Some(at) = &d.expires_at {
            lines.push(format!("deferred until {}", Untrusted(at)));
        }
        if let Some(at) = &d.due_at {
            lines.push(format!("pending, due {}", Untrusted(at)));
        }
        if d.error.is_some() || d.exception_id.is_some() {
            lines.push(format!(
                "failed: {} (exception {})",
                opt(&d.error),
                opt(&d.exception_id)
            ));
        }
    }
    let e = &t.evidence;
    if let Some(drained) = e.replication_lag_drained {
        lines.push(format!("replication lag drained: {}", yes_no(drained)));
    }
    if let Some(purge) = &e.purge {
        lines.push(format!("purge: {}", Untrusted(purge)));
    }
    for b in &e.backups {
        lines.push(backup_words(b));
    }
    if let Some(models) = &e.models {
        if models.is_empty() {
            lines.push("models: none affected".to_owned());
        }
        for m in models {
            lines.push(format!(
                "model {}: {}{}",
                opt(&m.model_id),
                val(&m.action),
                if m.complete {
                    ""
                } else {
                    " (incomplete entry)"
                }
            ));
        }
    }
    lines
}

fn write_sla(out: &mut String, r: &Report) -> fmt::Result {
    let s = &r.sla();
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
        writeln!(out, "  margin              {}", margin(m))?;
    }
    Ok(())
}

/// One backup of a tier in words (§17).
pub fn backup_words(b: &BackupRow) -> String {
    let state = match b.state {
        BackupState::Purged => "purged".to_owned(),
        BackupState::Live => "LIVE: the data is still in a copy in use".to_owned(),
        BackupState::BeyondUse => format!(
            "beyond use until {}, {}",
            opt(&b.retention_until),
            if b.restore_suppression == Some(true) {
                "a restore re-applies the erasure"
            } else {
                "a restore would NOT re-apply the erasure"
            }
        ),
    };
    format!("backup {}: {state}", Untrusted(&b.location))
}

/// A receipt's attestation state in words (§16).
pub fn attestation_words(state: AttestationState) -> &'static str {
    match state {
        AttestationState::Verified => "signed by the subprocessor, verified",
        AttestationState::Unverified => "signed, but by no key the trust store holds for it",
        AttestationState::Invalid => "signature or statement INVALID",
        AttestationState::Mismatch => "signed statement DIFFERS from the receipt",
        AttestationState::Absent => "not signed by the subprocessor",
    }
}

/// The trust store's policy in words (§4).
pub fn policy_words(p: &Policy) -> String {
    format!(
        "witness quorum {}, signed receipts {}",
        p.witness_quorum,
        if p.signed_receipts {
            "required"
        } else {
            "not required"
        }
    )
}

/// A member's listing state in words, as `proofpack ls` prints it.
pub fn listing_words(listing: Listing) -> &'static str {
    match listing {
        Listing::Listed => "listed",
        Listing::Unlisted => "unlisted",
        Listing::NotListedByDesign => "not listed by design",
        Listing::Unknown => "unknown",
    }
}

/// A margin in seconds as `[-]Nd Nh Nm`.
pub fn margin(seconds: i64) -> String {
    let sign = if seconds < 0 { "-" } else { "" };
    let m = seconds.unsigned_abs();
    format!(
        "{sign}{}d {}h {}m",
        m / 86_400,
        (m % 86_400) / 3600,
        (m % 3600) / 60
    )
}

fn write_receipts(out: &mut String, r: &Report) -> fmt::Result {
    writeln!(out, "receipts ({}):", r.receipts().len())?;
    for rr in r.receipts() {
        let when = match (&rr.status, &rr.status_at) {
            (Some(proofpack_spec::vocab::ReceiptStatus::Pending), Some(at)) => {
                format!("due {}", Untrusted(at))
            }
            (Some(_), Some(at)) => format!("at {}", Untrusted(at)),
            _ => String::new(),
        };
        writeln!(
            out,
            "  {:<20} {:<6} {:<10} ticket {:<14} {:<10} {when}",
            Untrusted(&rr.subprocessor),
            // An open set: any other channel is the pack's own text.
            rr.channel
                .as_ref()
                .map_or_else(|| "-".to_owned(), |c| Untrusted(c.as_str()).escaped()),
            val(&rr.status),
            match rr.ticket_id.as_deref() {
                None | Some("") => "-".to_owned(),
                Some(t) => Untrusted(t).escaped(),
            },
            if rr.subprocessor_erased {
                "erased"
            } else {
                "NOT erased"
            }
        )?;
        writeln!(out, "  {:<20} {}", "", attestation_words(rr.attestation))?;
    }
    Ok(())
}

/// Why a cosignature does not count, in words (§15).
pub fn not_counted_words(why: NotCounted) -> &'static str {
    match why {
        NotCounted::Invalid => "not a valid cosignature",
        NotCounted::AfterSignedAt => "made after the pack was signed",
        NotCounted::OutsideKeyWindow => "made outside the witness key's validity",
        NotCounted::LogOrDpoKey => "the key is also the log's or the DPO's",
        NotCounted::SameWitness => "the same witness, already counted",
    }
}

/// The witnesses asked and met on `checkpoint_after`, in words (§15).
pub fn quorum_words(a: &AuditSummary) -> String {
    let met = a.witnesses_counted as u64 >= a.witness_quorum;
    format!(
        "{} distinct witness(es) count on checkpoint_after; the policy asks for {} ({})",
        a.witnesses_counted,
        a.witness_quorum,
        if met { "met" } else { "NOT met" }
    )
}

fn write_cosignatures(out: &mut String, a: &AuditSummary) -> fmt::Result {
    if a.cosignatures.is_empty() && a.witness_quorum == 0 {
        return Ok(());
    }
    writeln!(out, "witnesses:     {}", quorum_words(a))?;
    for c in &a.cosignatures {
        writeln!(
            out,
            "  {:<17} {} ({}) at {}: {}",
            c.checkpoint,
            Untrusted(&c.witness),
            Untrusted(&c.owner),
            opt(&c.time),
            match c.not_counted {
                None => "counts",
                Some(why) => not_counted_words(why),
            }
        )?;
    }
    Ok(())
}

fn write_witness(out: &mut String, r: &Report) -> fmt::Result {
    let a = &r.audit();
    writeln!(
        out,
        "audit witness: log {}  tree {} -> {}  checkpoints {}  consistency {}  \
         entries proved {}/{}  PII disclosed {}",
        opt(&a.log_origin),
        val(&a.tree_size_before),
        val(&a.tree_size_after),
        if a.checkpoints_verified {
            "verified"
        } else {
            "NOT verified"
        },
        if a.consistency_verified {
            "proved"
        } else {
            "NOT proved"
        },
        a.entries_proved,
        a.entries,
        val(&a.pii_disclosed)
    )?;
    write_cosignatures(out, a)?;
    let p = &r.provenance();
    if p.present {
        writeln!(
            out,
            "provenance:    graph {}  index {}  {} tombstones  {} artefacts ({} reachable, \
             {} live, {} expiring)  {} obligations",
            opt(&p.graph_version),
            val(&p.reverse_index),
            p.tombstones,
            p.artifacts,
            p.reachable,
            p.live,
            p.expiring,
            p.obligations
        )
    } else {
        writeln!(out, "provenance:    absent")
    }
}
