//! The human report for a terminal or a pipe: the verdict first, with what it
//! means; the checks that passed; the findings grouped by area, each with its
//! explanation; then the evidence tables and the attestation.
//!
//! Every string from the pack or the trust store passes through
//! [`Untrusted`], so the only escape sequences written are the colour codes
//! of [`Style`], and a pack cannot start a line that looks like ours.
//!
//! The words are the reader's language's ([`crate::i18n`]); each function
//! without a language writes English. Columns are as wide as their widest
//! word in the language, and never narrower than in English.

use crate::i18n::{Arg, Language, Messages};
use proofpack_core::report::{
    AttestationState, AuditSummary, BackupRow, CosignatureRow, Listing, NotCounted, PackInfo,
    Policy, Report, SealSummary, TierRow, Timeline,
};
use proofpack_core::{Effect, Verdict};
use proofpack_spec::calendar::{periods, Period};
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

fn yes_no(msg: Messages, b: bool) -> String {
    msg.text(if b { "yes" } else { "no" })
}

/// The widest of `words`, in characters (as `format!` pads).
fn widest<S: AsRef<str>>(words: &[S]) -> usize {
    words
        .iter()
        .map(|w| w.as_ref().chars().count())
        .max()
        .unwrap_or(0)
}

/// The area of a code: the part before its first dot.
pub fn area(code: &str) -> &str {
    code.split('.').next().unwrap_or(code)
}

/// One line per pack, for batch use: verdict, input, codes (in English).
pub fn line(r: &Report, style: Style) -> String {
    line_in(r, style, Language::En)
}

/// One line per pack, for batch use, with the verdict's word in `language`.
pub fn line_in(r: &Report, style: Style, language: Language) -> String {
    let msg = Messages::new(language);
    let codes: Vec<&str> = r.findings().iter().map(|f| f.code().as_str()).collect();
    let words: Vec<String> = Verdict::ALL.iter().map(|v| msg.verdict(*v)).collect();
    let width = widest(&words);
    format!(
        "{} {}  {}",
        paint(
            style,
            verdict_sgr(r.verdict()),
            &msg.verdict(r.verdict()),
            width
        ),
        opt(&r.meta().input),
        codes.join(" ")
    )
}

/// The full human report of one pack, in English.
pub fn report(r: &Report, style: Style) -> String {
    report_in(r, style, Language::En)
}

/// The full human report of one pack, in `language`.
pub fn report_in(r: &Report, style: Style, language: Language) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_report(&mut out, r, style, Messages::new(language));
    out
}

/// The report's sections in order, one blank line between each.
fn write_report(out: &mut String, r: &Report, style: Style, msg: Messages) -> fmt::Result {
    write_verdict(out, r, style, msg)?;
    writeln!(out)?;
    write_pack(out, r, msg)?;
    writeln!(out)?;
    write_passed(out, r, msg)?;
    writeln!(out)?;
    write_findings(out, r, style, msg)?;
    writeln!(out)?;
    write_tiers(out, r.tiers(), msg)?;
    writeln!(out)?;
    write_sla(out, r, msg)?;
    writeln!(out)?;
    write_receipts(out, r, msg)?;
    writeln!(out)?;
    write_witness(out, r, msg)?;
    writeln!(out)?;
    write_members(out, r, msg)?;
    writeln!(out)?;
    write_attestation(out, r.pack(), msg)?;
    writeln!(out)?;
    write_verified_by(out, r, msg)
}

/// The verdict, its exit status and what it means; for an invalid pack, the
/// warning that the tables show claims, not facts.
fn write_verdict(out: &mut String, r: &Report, style: Style, msg: Messages) -> fmt::Result {
    let word = paint(
        style,
        verdict_sgr(r.verdict()),
        &msg.verdict(r.verdict()),
        0,
    );
    let args = [
        ("verdict", Arg::from(word)),
        ("status", Arg::from(r.exit_status())),
    ];
    writeln!(out, "{}", msg.format("text-verdict", &args))?;
    writeln!(out, "  {}", msg.verdict_meaning(r.verdict()))?;
    if r.claims_unverified() {
        writeln!(out, "  {}", msg.text("text-claims-unverified"))?;
    }
    Ok(())
}

/// The pack's identity, parties, times, signature and the probes and
/// subprocessors it names.
fn write_pack(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    writeln!(out, "{}", msg.text("text-pack"))?;
    let rows = pack_rows(r, msg);
    let labels: Vec<&str> = rows.iter().map(|(label, _)| label.as_str()).collect();
    let width = widest(&labels).max(15);
    for (label, value) in &rows {
        writeln!(out, "  {label:<width$} {value}")?;
    }
    Ok(())
}

/// The label and value of each `pack:` row, values already escaped.
fn pack_rows(r: &Report, msg: Messages) -> Vec<(String, String)> {
    let p = r.pack();
    let fingerprint = p
        .signer_key_fingerprint
        .clone()
        .unwrap_or_else(|| msg.text("text-pack-key-not-trusted"));
    let subprocessors: Vec<String> = p
        .subprocessors
        .iter()
        .map(|s| Untrusted(s).escaped())
        .collect();
    let mut rows = vec![
        ("text-pack-file", opt(&r.meta().input)),
        (
            "text-pack-sha256",
            msg.format(
                "text-pack-size",
                &[
                    ("sha256", Arg::from(&p.sha256)),
                    ("size", Arg::from(p.size.to_string())),
                ],
            ),
        ),
        ("text-pack-pack_id", opt(&p.pack_id)),
        ("text-pack-request_id", opt(&p.request_id)),
        ("text-pack-tenant", opt(&p.tenant_id)),
        ("text-pack-subject", opt(&p.subject_id)),
        ("text-pack-legal-basis", val(&p.legal_basis)),
        ("text-pack-received", opt(&p.received_at)),
        ("text-pack-completed", opt(&p.completed_at)),
        ("text-pack-cascade-runner", opt(&p.cascade_runner)),
        (
            "text-pack-signed-by",
            msg.format(
                "text-pack-signed-at",
                &[
                    ("signer", Arg::from(opt(&p.signer))),
                    ("at", Arg::from(opt(&p.signed_at))),
                ],
            ),
        ),
        (
            "text-pack-signing-key",
            msg.format(
                "text-pack-key",
                &[
                    ("key_id", Arg::from(opt(&p.signature_key_id))),
                    ("fingerprint", Arg::from(fingerprint)),
                    ("owner", Arg::from(opt(&p.signer_key_owner))),
                ],
            ),
        ),
        (
            "text-pack-signature",
            msg.text(if p.signature_verified {
                "text-pack-signature-verified"
            } else {
                "text-pack-signature-not-verified"
            }),
        ),
        (
            "text-pack-all_clear",
            msg.format(
                "text-pack-all-clear-value",
                &[
                    ("claimed", Arg::from(val(&p.all_clear_claimed))),
                    ("recomputed", Arg::from(p.all_clear_recomputed.to_string())),
                ],
            ),
        ),
        (
            "text-pack-probes",
            msg.format(
                "text-pack-probes-value",
                &[
                    ("code", Arg::from(opt(&p.probes_code_ref))),
                    ("at", Arg::from(opt(&p.probes_verified_at))),
                ],
            ),
        ),
        ("text-pack-subprocessors", subprocessors.join(", ")),
    ];
    if let Some(earlier) = &p.supersedes {
        rows.push((
            "text-pack-supersedes",
            msg.format(
                "text-pack-supersedes-value",
                &[
                    ("pack_id", Arg::from(Untrusted(&earlier.pack_id).escaped())),
                    ("sha256", Arg::from(&earlier.sha256)),
                ],
            ),
        ));
    }
    rows.into_iter()
        .map(|(id, value)| (msg.text(id), value))
        .collect()
}

fn write_passed(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    let count = [("count", Arg::from(r.passed().len()))];
    writeln!(out, "{}", msg.format("text-passed", &count))?;
    for passed in r.passed() {
        writeln!(
            out,
            "  {:<28} {}",
            passed.code().as_str(),
            msg.passed(passed.code())
        )?;
    }
    Ok(())
}

fn write_members(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    let count = [("count", Arg::from(r.members().len()))];
    writeln!(out, "{}", msg.format("text-members", &count))?;
    for m in r.members() {
        let listing = msg.named("text-listing", m.listing.as_str());
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
fn write_attestation(out: &mut String, p: &PackInfo, msg: Messages) -> fmt::Result {
    writeln!(out, "{}", msg.text("text-attestation"))?;
    match &p.attestation {
        Some(text) => {
            for line in Untrusted(text).lines() {
                writeln!(out, "  | {line}")?;
            }
            Ok(())
        }
        None => writeln!(out, "  {}", msg.text("text-attestation-absent")),
    }
}

/// The last line: which verifier, when, and with which trust store.
fn write_verified_by(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    let m = r.meta();
    let who = [
        ("verifier", Arg::from(&m.verifier)),
        ("time", Arg::from(m.verified_at.as_deref().unwrap_or("-"))),
    ];
    let line = match &m.trust_store {
        Some(t) => {
            let store = [
                ("path", Arg::from(opt(&t.path))),
                ("sha256", Arg::from(&t.sha256)),
                ("keys", Arg::from(t.keys)),
                ("policy", Arg::from(policy_words(&t.policy, msg.language()))),
            ];
            let args: Vec<(&str, Arg<'_>)> = who.iter().cloned().chain(store).collect();
            msg.format("text-verified-with-trust", &args)
        }
        None => msg.format("text-verified-without-trust", &who),
    };
    writeln!(out, "{line}")
}

fn write_findings(out: &mut String, r: &Report, style: Style, msg: Messages) -> fmt::Result {
    if r.findings().is_empty() {
        return writeln!(out, "{}", msg.text("text-no-findings"));
    }
    let count = [("count", Arg::from(r.findings().len()))];
    writeln!(out, "{}", msg.format("text-findings", &count))?;
    let mut areas: Vec<&str> = Vec::new();
    for f in r.findings() {
        let a = area(f.code().as_str());
        if !areas.contains(&a) {
            areas.push(a);
        }
    }
    let effect_width = widest(
        &Effect::ALL
            .iter()
            .map(|e| msg.effect(*e))
            .collect::<Vec<_>>(),
    );
    for a in areas {
        writeln!(out, "  [{a}]")?;
        for f in r.findings().iter().filter(|f| area(f.code().as_str()) == a) {
            let e = crate::explain::explanation_in(f.code(), msg.language());
            let location = [("location", Arg::from(Untrusted(f.location()).escaped()))];
            writeln!(
                out,
                "    {:<40} {}  {}",
                f.code().as_str(),
                paint(
                    style,
                    effect_sgr(f.effect()),
                    &msg.effect(f.effect()),
                    effect_width
                ),
                msg.format("text-finding-at", &location)
            )?;
            writeln!(out, "      {}", Untrusted(&msg.finding(f)))?;
            out.push_str(&crate::explain::lines(&e, msg.language(), 6));
        }
    }
    Ok(())
}

fn write_tiers(out: &mut String, tiers: &[TierRow], msg: Messages) -> fmt::Result {
    writeln!(out, "{}", msg.text("text-tiers"))?;
    let heads = ["tier", "requested", "status", "before", "after", "residue"]
        .map(|h| msg.text(&format!("text-tier-{h}")));
    let mut widths = [13, 9, 9, 8, 8, 8];
    for (width, head) in widths.iter_mut().zip(&heads) {
        *width = (*width).max(head.chars().count());
    }
    let [w0, w1, w2, w3, w4, w5] = widths;
    let [h0, h1, h2, h3, h4, h5] = &heads;
    writeln!(
        out,
        "  {h0:<w0$} {h1:<w1$} {h2:<w2$} {h3:>w3$} {h4:>w4$} {h5:>w5$}"
    )?;
    for t in tiers {
        writeln!(
            out,
            "  {:<w0$} {:<w1$} {:<w2$} {:>w3$} {:>w4$} {:>w5$}",
            t.tier.as_str(),
            yes_no(msg, t.requested),
            val(&t.status),
            val(&t.before_count),
            val(&t.after_count),
            val(&t.residue)
        )?;
    }
    for t in tiers {
        for detail in tier_lines(t, msg) {
            writeln!(out, "  {:<w0$} {detail}", t.tier.as_str())?;
        }
    }
    Ok(())
}

/// The evidence lines of one tier, in English: what its status carries and
/// its output.
pub fn tier_details(t: &TierRow) -> Vec<String> {
    tier_details_in(t, Language::En)
}

/// The evidence lines of one tier, in `language`.
pub fn tier_details_in(t: &TierRow, language: Language) -> Vec<String> {
    tier_lines(t, Messages::new(language))
}

fn tier_lines(t: &TierRow, msg: Messages) -> Vec<String> {
    let inert = |s: &str| Arg::from(Untrusted(s).escaped());
    let mut lines = Vec::new();
    if let Some(d) = &t.status_detail {
        if let Some(e) = &d.exemption {
            lines.push(msg.format(
                "tier-exempt",
                &[
                    ("basis", inert(&e.legal_basis)),
                    ("justification", inert(&e.justification)),
                ],
            ));
        }
        if let Some(at) = &d.expires_at {
            lines.push(msg.format("tier-deferred", &[("until", inert(at))]));
        }
        if let Some(at) = &d.due_at {
            lines.push(msg.format("tier-pending", &[("due", inert(at))]));
        }
        if d.error.is_some() || d.exception_id.is_some() {
            lines.push(msg.format(
                "tier-failed",
                &[
                    ("error", Arg::from(opt(&d.error))),
                    ("exception", Arg::from(opt(&d.exception_id))),
                ],
            ));
        }
    }
    let e = &t.evidence;
    if let Some(drained) = e.replication_lag_drained {
        let drained = [("drained", Arg::from(yes_no(msg, drained)))];
        lines.push(msg.format("tier-replication-drained", &drained));
    }
    if let Some(purge) = &e.purge {
        lines.push(msg.format("tier-purge", &[("purge", inert(purge))]));
    }
    for b in &e.backups {
        lines.push(backup_words(b, msg.language()));
    }
    if let Some(models) = &e.models {
        if models.is_empty() {
            lines.push(msg.text("tier-models-none"));
        }
        for model in models {
            let id = if model.complete {
                "tier-model"
            } else {
                "tier-model-incomplete"
            };
            lines.push(msg.format(
                id,
                &[
                    ("model", Arg::from(opt(&model.model_id))),
                    ("action", Arg::from(val(&model.action))),
                ],
            ));
        }
    }
    lines
}

fn write_sla(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    let s = &r.sla();
    writeln!(out, "{}", msg.text("text-sla"))?;
    let mut statutory = opt(&s.statutory_deadline);
    if s.extension_applied {
        statutory = format!("{statutory}  {}", msg.text("text-sla-extended"));
    }
    let mut rows = vec![
        ("text-sla-received", opt(&s.received_at)),
        ("text-sla-base", opt(&s.base_deadline)),
        ("text-sla-max", opt(&s.max_deadline)),
        ("text-sla-statutory", statutory),
        ("text-sla-declared", opt(&s.declared_deadline)),
        ("text-sla-effective", opt(&s.effective_deadline)),
        ("text-sla-completed", opt(&s.completed_at)),
    ];
    if let Some(m) = s.margin_seconds {
        rows.push(("text-sla-margin", margin_in(m, msg.language())));
    }
    rows.push(("text-sla-witnessed", witnessed_words(s, msg.language())));
    let rows: Vec<(String, String)> = rows
        .into_iter()
        .map(|(id, value)| (msg.text(id), value))
        .collect();
    let labels: Vec<&str> = rows.iter().map(|(label, _)| label.as_str()).collect();
    // The values start one column after the longest label, at 20 at least.
    let width = (widest(&labels) + 1).max(20);
    for (label, value) in &rows {
        writeln!(out, "  {label:<width$}{value}")?;
    }
    Ok(())
}

/// The witnessed time of §21 and its k in words, or that there is none,
/// in `language`.
pub fn witnessed_words(s: &Timeline, language: Language) -> String {
    let msg = Messages::new(language);
    let k = ("k", Arg::from(s.witness_k));
    match &s.witnessed_at {
        Some(at) => msg.format("witnessed-at", &[("at", Arg::from(at.as_str())), k]),
        None => msg.format("witnessed-none", &[k]),
    }
}

/// What a seal (§22) established in words: whether it holds and its sealed
/// time, or that there is none, in `language`.
pub fn seal_words(seal: &SealSummary, language: Language) -> String {
    let msg = Messages::new(language);
    let holds = msg.text(if seal.holds {
        "seal-holds"
    } else {
        "seal-does-not-hold"
    });
    let sealed = match &seal.sealed_time {
        Some(at) => msg.format("seal-sealed-at", &[("at", Arg::from(at.as_str()))]),
        None => msg.text("seal-no-sealed-time"),
    };
    msg.format(
        "seal",
        &[
            ("size", Arg::from(val(&seal.checkpoint_size))),
            ("index", Arg::from(val(&seal.entry_index))),
            ("holds", Arg::from(holds)),
            ("sealed", Arg::from(sealed)),
        ],
    )
}

/// One backup of a tier in words (§17), in `language`.
pub fn backup_words(b: &BackupRow, language: Language) -> String {
    let msg = Messages::new(language);
    let state = match b.state {
        BackupState::Purged => msg.text("backup-purged"),
        BackupState::Live => msg.text("backup-live"),
        BackupState::BeyondUse => {
            let restore = msg.text(if b.restore_suppression == Some(true) {
                "backup-restore-suppressed"
            } else {
                "backup-restore-unsuppressed"
            });
            msg.format(
                "backup-beyond-use",
                &[
                    ("until", Arg::from(opt(&b.retention_until))),
                    ("restore", Arg::from(restore)),
                ],
            )
        }
    };
    msg.format(
        "backup",
        &[
            ("location", Arg::from(Untrusted(&b.location).escaped())),
            ("state", Arg::from(state)),
        ],
    )
}

/// A receipt's attestation state in words (§16), in `language`.
pub fn attestation_words(state: AttestationState, language: Language) -> String {
    Messages::new(language).named("attestation", state.as_str())
}

/// The trust store's policy in words (§4), in `language`.
pub fn policy_words(p: &Policy, language: Language) -> String {
    let msg = Messages::new(language);
    let receipts = msg.text(if p.signed_receipts {
        "policy-required"
    } else {
        "policy-not-required"
    });
    // The message chooses its own words (and their agreement) by these.
    let on_off = |on: bool| Arg::from(if on { "on" } else { "off" });
    msg.format(
        "policy",
        &[
            ("quorum", Arg::from(p.witness_quorum)),
            ("receipts", Arg::from(receipts)),
            ("deadline", on_off(p.witnessed_deadline)),
            ("seal", on_off(p.sealed_signature)),
        ],
    )
}

/// A member's listing state in words, as `proofpack ls` prints it, in
/// `language`.
pub fn listing_words(listing: Listing, language: Language) -> String {
    Messages::new(language).named("ls-listing", listing.as_str())
}

/// Which rule of §6 applied to `r` (its legal basis, first period and
/// extension), in `language`: the report's `sla.rule`, which the core
/// writes in English for the §13 JSON, in the reader's words. `None` where
/// §6 gave no deadline.
pub fn sla_rule_in(r: &Report, language: Language) -> Option<String> {
    r.sla().rule.as_ref()?;
    let basis = r.pack().legal_basis?;
    let (first, whole) = periods(basis);
    let msg = Messages::new(language);
    let period = |p: Period| match p {
        Period::Months(n) => msg.format("sla-rule-months", &[("count", Arg::from(i64::from(n)))]),
        Period::Days(n) => msg.format("sla-rule-days", &[("count", Arg::from(i64::from(n)))]),
    };
    let base = msg.format(
        "sla-rule-base",
        &[
            ("basis", Arg::from(basis.as_str())),
            ("period", Arg::from(period(first))),
        ],
    );
    Some(match whole {
        Some(whole) => {
            let id = if r.sla().extension_applied {
                "sla-rule-extended"
            } else {
                "sla-rule-extensible"
            };
            msg.format(
                id,
                &[
                    ("base", Arg::from(base)),
                    ("whole", Arg::from(period(whole))),
                ],
            )
        }
        None => msg.format("sla-rule-no-extension", &[("base", Arg::from(base))]),
    })
}

/// A margin in seconds as `[-]Nd Nh Nm`, in English.
pub fn margin(seconds: i64) -> String {
    margin_in(seconds, Language::En)
}

/// A margin in seconds, in days, hours and minutes, in `language`.
pub fn margin_in(seconds: i64, language: Language) -> String {
    let sign = if seconds < 0 { "-" } else { "" };
    let m = seconds.unsigned_abs();
    Messages::new(language).format(
        "margin",
        &[
            ("sign", Arg::from(sign)),
            ("days", Arg::from(m / 86_400)),
            ("hours", Arg::from((m % 86_400) / 3600)),
            ("minutes", Arg::from((m % 3600) / 60)),
        ],
    )
}

fn write_receipts(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    let count = [("count", Arg::from(r.receipts().len()))];
    writeln!(out, "{}", msg.format("text-receipts", &count))?;
    let erased = [msg.text("text-erased"), msg.text("text-not-erased")];
    let erased_width = widest(&erased).max(10);
    let ticket = msg.text("text-receipt-ticket");
    for rr in r.receipts() {
        let when = match (&rr.status, &rr.status_at) {
            (Some(proofpack_spec::vocab::ReceiptStatus::Pending), Some(at)) => msg.format(
                "text-receipt-due",
                &[("at", Arg::from(Untrusted(at).escaped()))],
            ),
            (Some(_), Some(at)) => msg.format(
                "text-receipt-at",
                &[("at", Arg::from(Untrusted(at).escaped()))],
            ),
            _ => String::new(),
        };
        let [yes, no] = &erased;
        writeln!(
            out,
            "  {:<20} {:<6} {:<10} {ticket} {:<14} {:<erased_width$} {when}",
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
            if rr.subprocessor_erased { yes } else { no }
        )?;
        writeln!(
            out,
            "  {:<20} {}",
            "",
            attestation_words(rr.attestation, msg.language())
        )?;
    }
    Ok(())
}

/// Why a cosignature does not count, in words (§15), in `language`.
pub fn not_counted_words(why: NotCounted, language: Language) -> String {
    Messages::new(language).named("not-counted", why.as_str())
}

/// The witnesses asked and met on `checkpoint_after`, in words (§15), in
/// `language`.
pub fn quorum_words(a: &AuditSummary, language: Language) -> String {
    let msg = Messages::new(language);
    let met = a.witnesses_counted as u64 >= a.witness_quorum;
    msg.format(
        "quorum",
        &[
            ("counted", Arg::from(a.witnesses_counted)),
            ("quorum", Arg::from(a.witness_quorum)),
            (
                "met",
                Arg::from(msg.text(if met { "quorum-met" } else { "quorum-not-met" })),
            ),
        ],
    )
}

/// The labels of the audit witness, witnesses and provenance lines, padded
/// to one width; the seal's line is padded as they are.
fn audit_labels(msg: Messages) -> [String; 4] {
    let labels = ["text-audit-witness", "text-witnesses", "text-provenance"].map(|id| msg.text(id));
    let width = widest(&labels) + 1;
    let seal = msg.text("text-seal");
    let [audit, witnesses, provenance] = labels.map(|l| format!("{l:<width$}"));
    [audit, witnesses, provenance, format!("{seal:<width$}")]
}

fn write_cosignatures(out: &mut String, a: &AuditSummary, msg: Messages) -> fmt::Result {
    if a.cosignatures.is_empty() && a.witness_quorum == 0 {
        return Ok(());
    }
    let [_, label, _, _] = audit_labels(msg);
    writeln!(out, "{label}{}", quorum_words(a, msg.language()))?;
    write_cosignature_rows(out, &a.cosignatures, msg)
}

/// The seal (§22): what it established and its cosignatures, or that the
/// signature has none.
fn write_seal(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    let [_, _, _, label] = audit_labels(msg);
    match r.seal() {
        None => writeln!(out, "{label}{}", msg.text("text-seal-none")),
        Some(seal) => {
            writeln!(out, "{label}{}", seal_words(seal, msg.language()))?;
            write_cosignature_rows(out, &seal.cosignatures, msg)
        }
    }
}

/// One line per cosignature (§15, §22): its checkpoint, witness, time and
/// whether it counts.
fn write_cosignature_rows(out: &mut String, rows: &[CosignatureRow], msg: Messages) -> fmt::Result {
    for c in rows {
        let counts = match c.not_counted {
            None => msg.text("cosignature-counts"),
            Some(why) => not_counted_words(why, msg.language()),
        };
        let line = msg.format(
            "text-cosignature",
            &[
                ("witness", Arg::from(Untrusted(&c.witness).escaped())),
                ("owner", Arg::from(Untrusted(&c.owner).escaped())),
                ("time", Arg::from(opt(&c.time))),
                ("counts", Arg::from(counts)),
            ],
        );
        writeln!(out, "  {:<17} {line}", Untrusted(&c.checkpoint))?;
    }
    Ok(())
}

fn write_witness(out: &mut String, r: &Report, msg: Messages) -> fmt::Result {
    let a = &r.audit();
    let [audit_label, _, provenance_label, _] = audit_labels(msg);
    let audit = msg.format(
        "text-audit",
        &[
            ("log", Arg::from(opt(&a.log_origin))),
            ("before", Arg::from(val(&a.tree_size_before))),
            ("after", Arg::from(val(&a.tree_size_after))),
            (
                "checkpoints",
                Arg::from(msg.text(if a.checkpoints_verified {
                    "text-checkpoints-verified"
                } else {
                    "text-checkpoints-not-verified"
                })),
            ),
            (
                "consistency",
                Arg::from(msg.text(if a.consistency_verified {
                    "text-consistency-proved"
                } else {
                    "text-consistency-not-proved"
                })),
            ),
            ("proved", Arg::from(a.entries_proved)),
            ("entries", Arg::from(a.entries)),
            ("pii", Arg::from(val(&a.pii_disclosed))),
        ],
    );
    writeln!(out, "{audit_label}{audit}")?;
    write_cosignatures(out, a, msg)?;
    write_seal(out, r, msg)?;
    let p = &r.provenance();
    if p.present {
        let graph = msg.format(
            "text-provenance-graph",
            &[
                ("version", Arg::from(opt(&p.graph_version))),
                ("index", Arg::from(val(&p.reverse_index))),
                ("tombstones", Arg::from(p.tombstones)),
                ("artifacts", Arg::from(p.artifacts)),
                ("reachable", Arg::from(p.reachable)),
                ("live", Arg::from(p.live)),
                ("expiring", Arg::from(p.expiring)),
                ("obligations", Arg::from(p.obligations)),
            ],
        );
        writeln!(out, "{provenance_label}{graph}")
    } else {
        writeln!(
            out,
            "{provenance_label}{}",
            msg.text("text-provenance-absent")
        )
    }
}
