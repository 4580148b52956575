//! The printable HTML report: one self-contained page, with no script and no
//! remote resource (its own Content-Security-Policy forbids both), inline CSS
//! with print rules, the verdict as a word, an icon and a colour on an
//! element with `data-verdict`, the findings with their explanations, every
//! table of the human report, and two inline SVG drawings: the SLA timeline
//! and the provenance graph.
//!
//! The page is built with maud, which escapes every interpolation: pack text
//! can only ever be text. It is first made inert as on a terminal
//! ([`Untrusted`]), so bidi controls cannot reorder what a reader sees.

use crate::text::{
    area, attestation_words, margin, not_counted_words, policy_words, quorum_words, tier_details,
};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use proofpack_core::report::{
    AttestationState, AuditSummary, GraphView, Listing, Report, Timeline, ViewKind,
};
use proofpack_core::Effect;
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{ArtifactState, ReceiptStatus};

/// The page's own CSS (ours, not the pack's).
const CSS: &str = r#"
:root { --ink:#1d2330; --muted:#5b6475; --line:#d5dae3; --bg:#f6f7f9;
  --complete:#1b7f3b; --late:#9a6a00; --incomplete:#c2410c; --untrusted:#7e22ce; --invalid:#b91c1c; --warning:#0e7490; }
* { box-sizing: border-box; }
body { font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; color: var(--ink); margin: 0; background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 14px; margin: 16px 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.mono, code, td.mono { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 12.5px; overflow-wrap: anywhere; }
.banner { display: flex; gap: 16px; align-items: center; padding: 16px 20px; border-radius: 8px; color: #fff; margin: 16px 0; }
.banner .icon { font-size: 34px; line-height: 1; }
.banner .word { font-size: 26px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; }
.banner .meaning { font-size: 15px; }
[data-verdict=complete] .banner { background: var(--complete); }
[data-verdict=late] .banner { background: var(--late); }
[data-verdict=incomplete] .banner { background: var(--incomplete); }
[data-verdict=untrusted] .banner { background: var(--untrusted); }
[data-verdict=invalid] .banner { background: var(--invalid); }
.note { border-left: 4px solid var(--invalid); background: #fdf2f2; padding: 8px 12px; margin: 8px 0 16px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 10px; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--bg); font-weight: 600; font-size: 12.5px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.kv th { width: 190px; background: none; color: var(--muted); font-weight: normal; }
.finding { border: 1px solid var(--line); border-left-width: 5px; border-radius: 6px; padding: 8px 12px; margin: 8px 0; }
.finding .head { display: flex; flex-wrap: wrap; gap: 10px; align-items: baseline; }
.finding .code { font-weight: 700; }
.effect { font-size: 12px; font-weight: 700; text-transform: uppercase; padding: 1px 6px; border-radius: 4px; color: #fff; }
.effect-invalid { background: var(--invalid); } .finding.effect-invalid { border-left-color: var(--invalid); background: none; }
.effect-untrusted { background: var(--untrusted); } .finding.effect-untrusted { border-left-color: var(--untrusted); background: none; }
.effect-incomplete { background: var(--incomplete); } .finding.effect-incomplete { border-left-color: var(--incomplete); background: none; }
.effect-late { background: var(--late); } .finding.effect-late { border-left-color: var(--late); background: none; }
.effect-warning { background: var(--warning); } .finding.effect-warning { border-left-color: var(--warning); background: none; }
.finding dl { display: grid; grid-template-columns: 110px 1fr; gap: 2px 10px; margin: 6px 0 0; }
.finding dt { color: var(--muted); }
.finding dd { margin: 0; }
.ok { color: var(--complete); font-weight: 600; } .bad { color: var(--invalid); font-weight: 600; }
.attestation { white-space: pre-wrap; border-left: 3px solid var(--line); padding: 6px 12px; background: var(--bg); }
figure { margin: 8px 0 14px; } figcaption { color: var(--muted); font-size: 12.5px; }
svg text { font-family: "DejaVu Sans", sans-serif; }
figure svg { max-width: 100%; height: auto; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 8px; }
/* 200% zoom (640 CSS px) and narrower: long values and wide tables wrap
   rather than make the page scroll sideways. */
@media (max-width: 760px) {
  main { padding: 16px 8px 32px; }
  th, td { padding: 4px 3px; }
  th { font-size: 12px; }
  table.kv th { width: 35%; }
  .finding dl { grid-template-columns: 1fr; }
}
@page { margin: 14mm; }
@media print {
  main { max-width: none; padding: 0; }
  .banner, .effect, th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  section, .finding, figure, tr { break-inside: avoid; }
  h2 { break-after: avoid; }
}
"#;

/// The label rows of the SLA timeline: two above the axis, two below.
const LANE_Y: [f64; 4] = [60.0, 126.0, 34.0, 152.0];

/// The page's Content-Security-Policy: nothing may load or run.
const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; \
                   script-src 'none'; form-action 'none'; base-uri 'none'";

/// The CSP source expression that allows the page's one style block by its
/// hash (`'sha256-…'`), for a server that sends a stricter policy than the
/// page's own (which must also work opened from a file).
pub fn style_source() -> String {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(CSS.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// Pack text, made inert, for maud to escape.
fn t(s: &str) -> String {
    Untrusted(s).escaped()
}

fn ot(s: &Option<String>) -> String {
    s.as_deref().map_or_else(|| "—".to_owned(), t)
}

fn ov<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref().map_or_else(|| "—".to_owned(), T::to_string)
}

fn effect_class(e: Effect) -> String {
    format!("effect-{}", e.as_str())
}

/// The whole page.
pub fn report(r: &Report) -> String {
    page(r).into_string()
}

fn page(r: &Report) -> Markup {
    let p = &r.pack();
    let title = format!(
        "Proof-of-erasure pack report: {} — {}",
        ot(&p.pack_id),
        r.verdict()
    );
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(CSP);
                meta name="referrer" content="no-referrer";
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body data-verdict=(r.verdict().as_str()) {
                main {
                    h1 { "Proof-of-erasure pack report" }
                    div class="mono" { "pack " (ot(&p.pack_id)) " · sha256 " (p.sha256) }
                    div class="banner" role="status" {
                        span class="icon" aria-hidden="true" { (r.verdict().icon()) }
                        div {
                            div class="word" { (r.verdict().as_str()) " (exit " (r.exit_status()) ")" }
                            div class="meaning" { (r.verdict().meaning()) }
                        }
                    }
                    @if r.claims_unverified() {
                        p class="note" {
                            "The pack is invalid: what the tables below show are the pack's own claims, "
                            "not verified facts."
                        }
                    }
                    (identity(r))
                    (passed(r))
                    (findings(r))
                    (tiers(r))
                    (sla(r))
                    (receipts(r))
                    (witness(r))
                    (provenance(r))
                    (members(r))
                    section {
                        h2 { "Attestation" }
                        @match &p.attestation {
                            Some(text) => {
                                div class="attestation" {
                                    @for line in Untrusted(text).lines() { (line) "\n" }
                                }
                            }
                            None => { p { "Absent, or not UTF-8 text." } }
                        }
                    }
                    footer {
                        "Verified by " (r.meta().verifier) " at " (ov(&r.meta().verified_at))
                        @if let Some(input) = &r.meta().input { " · input " span class="mono" { (t(input)) } }
                        @match &r.meta().trust_store {
                            Some(ts) => {
                                " · trust store " span class="mono" { (ot(&ts.path)) }
                                " (sha256 " span class="mono" { (ts.sha256) } ", " (ts.keys) " keys; "
                                (policy_words(&ts.policy)) ")"
                            }
                            None => { " · no trust store" }
                        }
                    }
                }
            }
        }
    }
}

fn identity(r: &Report) -> Markup {
    let p = &r.pack();
    html! {
        section {
            h2 id="the-pack" { "The pack" }
            table class="kv" aria-labelledby="the-pack" {
                tr { th { "Pack" } td class="mono" { (ot(&p.pack_id)) } }
                tr { th { "File SHA-256" } td class="mono" { (p.sha256) " (" (p.size) " bytes)" } }
                tr { th { "Request" } td class="mono" { (ot(&p.request_id)) } }
                tr { th { "Tenant" } td class="mono" { (ot(&p.tenant_id)) } }
                tr { th { "Subject (pseudonym)" } td class="mono" { (ot(&p.subject_id)) } }
                tr { th { "Legal basis" } td { (ov(&p.legal_basis)) } }
                tr { th { "Received" } td class="mono" { (ot(&p.received_at)) } }
                tr { th { "Completed" } td class="mono" { (ot(&p.completed_at)) } }
                tr { th { "Cascade run by" } td class="mono" { (ot(&p.cascade_runner)) } }
                tr { th { "Signed by" } td class="mono" { (ot(&p.signer)) " at " (ot(&p.signed_at)) } }
                tr { th { "Signing key" } td class="mono" {
                    (ot(&p.signature_key_id)) " · "
                    (p.signer_key_fingerprint.as_deref().unwrap_or("not in the trust store"))
                    " · owner " (ot(&p.signer_key_owner))
                } }
                tr { th { "Signature" } td {
                    @if p.signature_verified { span class="ok" { "verified with the trust store's key" } }
                    @else { span class="bad" { "not verified" } }
                } }
                tr { th { "all_clear" } td {
                    "claimed " (ov(&p.all_clear_claimed)) "; recomputed by the verifier " (p.all_clear_recomputed)
                } }
                tr { th { "Independent probes" } td class="mono" {
                    (ot(&p.probes_code_ref)) " at " (ot(&p.probes_verified_at))
                } }
                tr { th { "Subprocessors" } td class="mono" {
                    @for (i, s) in p.subprocessors.iter().enumerate() { @if i > 0 { ", " } (t(s)) }
                } }
                @if let Some(earlier) = &p.supersedes {
                    tr { th { "Supersedes" } td class="mono" {
                        (t(&earlier.pack_id)) " · sha256 " (earlier.sha256)
                    } }
                }
            }
        }
    }
}

fn passed(r: &Report) -> Markup {
    html! {
        section {
            h2 id="passed" { "Checks that passed (" (r.passed().len()) ")" }
            @if r.passed().is_empty() { p { "None." } }
            @else {
                table aria-labelledby="passed" {
                    tr { th { "Check" } th { "What it established" } }
                    @for c in r.passed() {
                        tr { td class="mono ok" { "✓ " (c.code().as_str()) } td { (c.message()) } }
                    }
                }
            }
        }
    }
}

fn findings(r: &Report) -> Markup {
    let mut areas: Vec<&str> = Vec::new();
    for f in r.findings() {
        let a = area(f.code().as_str());
        if !areas.contains(&a) {
            areas.push(a);
        }
    }
    html! {
        section {
            h2 { "Findings (" (r.findings().len()) ")" }
            @if r.findings().is_empty() { p { "None." } }
            @for a in &areas {
                h3 { (a) }
                @for f in r.findings().iter().filter(|f| area(f.code().as_str()) == *a) {
                    @let e = crate::explain::explanation(f.code());
                    div class={ "finding " (effect_class(f.effect())) } data-code=(f.code().as_str()) {
                        div class="head" {
                            span class="code mono" { (f.code().as_str()) }
                            span class={ "effect " (effect_class(f.effect())) } { (f.effect().as_str()) }
                            span class="mono" { "at " (t(f.location())) }
                        }
                        div class="mono" { (t(f.message())) }
                        dl {
                            dt { "What it means" } dd { (e.meaning) }
                            dt { "Why it matters" } dd { (e.why) }
                            dt { "What to ask" } dd { (e.ask) }
                        }
                    }
                }
            }
        }
    }
}

fn tiers(r: &Report) -> Markup {
    html! {
        section {
            h2 id="tiers" { "Tiers of the cascade" }
            table aria-labelledby="tiers" {
                tr {
                    th { "Tier" } th { "Requested" } th { "Status" } th class="num" { "Before" }
                    th class="num" { "After" } th class="num" { "Residue" } th { "Evidence" }
                }
                @for row in r.tiers() {
                    tr {
                        td class="mono" { (row.tier.as_str()) }
                        td { @if row.requested { "yes" } @else { "no" } }
                        td { (ov(&row.status)) }
                        td class="num" { (ov(&row.before_count)) }
                        td class="num" { (ov(&row.after_count)) }
                        td class="num" { (ov(&row.residue)) }
                        td { @for line in tier_details(row) { div { (line) } } }
                    }
                }
            }
        }
    }
}

fn sla(r: &Report) -> Markup {
    let s = &r.sla();
    html! {
        section {
            h2 id="sla" { "Deadlines (SLA)" }
            (timeline_svg(r))
            table class="kv" aria-labelledby="sla" {
                tr { th { "Received" } td class="mono" { (ot(&s.received_at)) } }
                tr { th { "End of first period" } td class="mono" { (ot(&s.base_deadline)) } }
                tr { th { "End of extended period" } td class="mono" { (ot(&s.max_deadline)) } }
                tr { th { "Statutory deadline" } td class="mono" {
                    (ot(&s.statutory_deadline)) @if s.extension_applied { " (extended)" }
                } }
                tr { th { "Declared deadline" } td class="mono" { (ot(&s.declared_deadline)) } }
                tr { th { "Effective deadline" } td class="mono" { (ot(&s.effective_deadline)) } }
                tr { th { "Completed" } td class="mono" { (ot(&s.completed_at)) } }
                tr { th { "Margin" } td { (s.margin_seconds.map_or_else(|| "—".to_owned(), margin)) } }
            }
        }
    }
}

/// The SLA timeline as a standalone SVG document (for an `<img>`), or
/// `None` when its dates cannot be read.
pub fn sla_svg(r: &Report) -> Option<String> {
    timeline_drawing(r).map(Markup::into_string)
}

/// The provenance graph as a standalone SVG document (for an `<img>`), when
/// the pack has one.
pub fn provenance_svg(r: &Report) -> Option<String> {
    r.provenance()
        .view
        .as_ref()
        .filter(|v| !v.nodes.is_empty())
        .map(|v| graph_drawing(v).into_string())
}

/// The SLA timeline, with its caption.
fn timeline_svg(r: &Report) -> Markup {
    match timeline_drawing(r) {
        None => html! { p { "No timeline: the dates could not be read." } },
        Some(svg) => html! {
            figure {
                (svg)
                figcaption {
                    "The shaded band is the margin between completion and the effective deadline: "
                    "green when completed before it, red when after."
                    @if let Some(rule) = &r.sla().rule { " Rule: " (rule) "." }
                }
            }
        },
    }
}

/// One dated point of the SLA timeline: its label, its instant, its colour
/// and the pack's own text of the date (shown under the label).
struct TimelinePoint<'a> {
    label: &'static str,
    at: i64,
    colour: &'static str,
    raw: &'a str,
}

/// Where each point of the timeline goes on the axis: `left` to
/// `width - right`, from the earliest point to the latest.
struct TimelineAxis {
    min: i64,
    span: f64,
    width: f64,
    left: f64,
    right: f64,
    y: f64,
}

impl TimelineAxis {
    fn x(&self, at: i64) -> f64 {
        self.left + (at - self.min) as f64 / self.span * (self.width - self.left - self.right)
    }
}

/// The SLA timeline: received, the deadlines and completion on one axis,
/// with the margin between completion and the effective deadline.
fn timeline_drawing(r: &Report) -> Option<Markup> {
    let s = r.sla();
    let points = timeline_points(s);
    let min = points.iter().map(|p| p.at).min()?;
    let max = points.iter().map(|p| p.at).max()?;
    let axis = TimelineAxis {
        min,
        span: (max - min).max(1) as f64,
        width: 1000.0,
        left: 40.0,
        right: 40.0,
        y: 90.0,
    };
    let lanes = label_lanes(&points, &axis);
    let effective = unix_time(&s.effective_deadline);
    let completed = unix_time(&s.completed_at);
    let axis_y = axis.y;
    Some(html! {
            svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 176" width="100%" role="img"
                aria-label="SLA timeline" {
                line x1=(axis.left) y1=(axis_y) x2=(axis.width - axis.right) y2=(axis_y) stroke="#9aa3b2" stroke-width="2" {}
                @if let (Some(e), Some(c)) = (effective, completed) {
                    @let (a, b) = (axis.x(c.min(e)), axis.x(c.max(e)));
                    rect x=(a) y=(axis_y - 7.0) width=((b - a).max(1.0)) height="14"
                        fill=(if c < e { "#1b7f3b" } else { "#b91c1c" }) fill-opacity="0.25" {}
                }
                @for (point, lane) in points.iter().zip(lanes.iter()) {
                    @let px = axis.x(point.at);
                    @let ly = LANE_Y.get(*lane).copied().unwrap_or(axis_y + 36.0);
                    @let anchor = if px < 150.0 { "start" } else if px > axis.width - 150.0 { "end" } else { "middle" };
                    line x1=(px) y1=(axis_y - 12.0) x2=(px) y2=(axis_y + 12.0) stroke=(point.colour) stroke-width="3" {}
                    line x1=(px) y1=(axis_y) x2=(px) y2=(ly) stroke=(point.colour) stroke-width="1" stroke-dasharray="2 2" {}
                    text x=(px) y=(ly - 4.0) text-anchor=(anchor) font-size="12" fill=(point.colour) font-weight="bold" { (point.label) }
                    text x=(px) y=(ly + 10.0) text-anchor=(anchor) font-size="10.5" fill="#5b6475" { (t(point.raw)) }
                }
            }
    })
}

/// The timeline's points whose dates can be read, in the order drawn.
fn timeline_points(s: &Timeline) -> Vec<TimelinePoint<'_>> {
    let points: [(&'static str, &Option<String>, &'static str); 6] = [
        ("received", &s.received_at, "#1d2330"),
        ("first period", &s.base_deadline, "#5b6475"),
        ("extended period", &s.max_deadline, "#5b6475"),
        ("declared", &s.declared_deadline, "#0e7490"),
        ("effective deadline", &s.effective_deadline, "#b91c1c"),
        ("completed", &s.completed_at, "#1b7f3b"),
    ];
    points
        .into_iter()
        .filter_map(|(label, raw, colour)| {
            let raw = raw.as_deref()?;
            let at = Timestamp::parse(raw)?.instant().unix_timestamp();
            Some(TimelinePoint {
                label,
                at,
                colour,
                raw,
            })
        })
        .collect()
}

/// The label lane of each point. Labels go in lanes above and below the
/// axis; each takes the first lane whose last label ends before it begins,
/// so none overlap.
fn label_lanes(points: &[TimelinePoint<'_>], axis: &TimelineAxis) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|&i| points.get(i).map_or(0, |p| p.at));
    let mut lane_end = [f64::MIN; 4];
    let mut lanes = vec![0usize; points.len()];
    for i in order {
        let Some(point) = points.get(i) else {
            continue;
        };
        let half = point.label.len().max(point.raw.len()) as f64 * 3.4 + 6.0;
        let (from, to) = (axis.x(point.at) - half, axis.x(point.at) + half);
        let lane = (0..lane_end.len())
            .find(|&l| lane_end.get(l).is_some_and(|end| *end < from))
            .unwrap_or(i % lane_end.len());
        if let Some(end) = lane_end.get_mut(lane) {
            *end = to;
        }
        if let Some(slot) = lanes.get_mut(i) {
            *slot = lane;
        }
    }
    lanes
}

/// A pack date as Unix seconds, when it can be read.
fn unix_time(at: &Option<String>) -> Option<i64> {
    at.as_deref()
        .and_then(Timestamp::parse)
        .map(|t| t.instant().unix_timestamp())
}

fn receipts(r: &Report) -> Markup {
    html! {
        section {
            h2 id="receipts" { "Subprocessor receipts (" (r.receipts().len()) ")" }
            table aria-labelledby="receipts" {
                tr {
                    th { "Line" } th { "Subprocessor" } th { "Channel" } th { "Status" }
                    th { "When" } th { "Ticket" } th { "Endpoint" } th { "Erased" }
                    th { "Subprocessor's signature" }
                }
                @for rr in r.receipts() {
                    tr {
                        td class="num" { (rr.line) }
                        td class="mono" { (t(&rr.subprocessor)) }
                        td { (rr.channel.as_ref().map_or_else(|| "—".to_owned(), |c| t(c.as_str()))) }
                        td { (ov(&rr.status)) }
                        td class="mono" {
                            @if rr.status == Some(ReceiptStatus::Pending) { "due " }
                            (ot(&rr.status_at))
                        }
                        td class="mono" { (ot(&rr.ticket_id)) }
                        td class="mono" { (ot(&rr.endpoint)) }
                        td { @if rr.subprocessor_erased { span class="ok" { "erased" } } @else { span class="bad" { "not erased" } } }
                        td {
                            span class=(attestation_class(rr.attestation)) data-testid="receipt-attestation"
                                data-state=(rr.attestation.as_str()) { (attestation_words(rr.attestation)) }
                        }
                    }
                }
            }
        }
    }
}

/// The style of an attestation state: good news, bad news, or neither.
fn attestation_class(state: AttestationState) -> &'static str {
    match state {
        AttestationState::Verified => "ok",
        AttestationState::Invalid | AttestationState::Mismatch => "bad",
        AttestationState::Unverified | AttestationState::Absent => "neutral",
    }
}

fn witness(r: &Report) -> Markup {
    let a = &r.audit();
    html! {
        section {
            h2 id="witness" { "Audit-log witness" }
            table class="kv" aria-labelledby="witness" {
                tr { th { "Log" } td class="mono" { (ot(&a.log_origin)) } }
                tr { th { "Tree size" } td { (ov(&a.tree_size_before)) " → " (ov(&a.tree_size_after)) } }
                tr { th { "Checkpoints" } td {
                    @if a.checkpoints_verified { span class="ok" { "verified" } } @else { span class="bad" { "not verified" } }
                } }
                tr { th { "Consistency" } td {
                    @if a.consistency_verified { span class="ok" { "proved" } } @else { span class="bad" { "not proved" } }
                } }
                tr { th { "Entries proved" } td { (a.entries_proved) " of " (a.entries) } }
                tr { th { "Disclosures" } td { (a.disclosures) } }
                tr { th { "PII fields disclosed" } td { (ov(&a.pii_disclosed)) } }
                tr { th { "Redaction records" } td { (a.redactions) } }
                tr { th { "Witnesses" } td { (quorum_words(a)) } }
            }
            @if !a.cosignatures.is_empty() {
                (witness_svg(a))
                table aria-labelledby="witness" {
                    tr { th { "Checkpoint" } th { "Witness" } th { "Operator" } th { "Cosigned at" } th { "Counts" } }
                    @for c in &a.cosignatures {
                        tr data-testid="cosignature" data-witness=(c.witness) data-counted=(c.counted) {
                            td class="mono" { (c.checkpoint) }
                            td class="mono" { (t(&c.witness)) }
                            td class="mono" { (t(&c.owner)) }
                            td class="mono" { (ot(&c.time)) }
                            td { @match c.not_counted {
                                None => { span class="ok" { "counts" } }
                                Some(why) => { span class="bad" { "does not count: " (not_counted_words(why)) } }
                            } }
                        }
                    }
                }
            }
        }
    }
}

/// The witness summary as a picture: one mark per distinct witness that
/// counts on `checkpoint_after`, against the quorum's empty slots.
fn witness_svg(a: &AuditSummary) -> Markup {
    let slots = a
        .witnesses_counted
        .max(usize::try_from(a.witness_quorum).unwrap_or(usize::MAX))
        .min(24);
    let width = 24 * slots.max(1) + 8;
    html! {
        svg class="witnesses" role="img" width=(width) height="32" viewBox=(format!("0 0 {width} 32")) {
            title { (quorum_words(a)) }
            @for i in 0..slots {
                @let filled = i < a.witnesses_counted;
                circle cx=(16 + 24 * i) cy="16" r="9"
                    fill=(if filled { "#1a7f37" } else { "none" })
                    stroke=(if filled { "#1a7f37" } else { "#b42318" }) stroke-width="2" {}
            }
        }
    }
}

fn provenance(r: &Report) -> Markup {
    let p = &r.provenance();
    html! {
        section {
            h2 id="provenance" { "Provenance graph" }
            @if !p.present { p { "No provenance graph in the pack." } }
            @else {
                @if let Some(view) = &p.view { (graph_svg(view)) }
                table class="kv" aria-labelledby="provenance" {
                    tr { th { "Graph version" } td class="mono" { (ot(&p.graph_version)) } }
                    tr { th { "Reverse index" } td { (ov(&p.reverse_index)) } }
                    tr { th { "Scopes" } td { (p.scopes) } }
                    tr { th { "Tombstones" } td { (p.tombstones) } }
                    tr { th { "Derived artefacts" } td {
                        (p.artifacts) " (" (p.reachable) " reachable from erased data: "
                        (p.live) " live, " (p.expiring) " expiring)"
                    } }
                    tr { th { "Open obligations" } td { (p.obligations) } }
                }
            }
        }
    }
}

fn node_fill(
    kind: ViewKind,
    state: Option<ArtifactState>,
    reachable: bool,
) -> (&'static str, &'static str) {
    match (kind, state) {
        (ViewKind::Tombstone, _) => ("#334155", "#ffffff"),
        (ViewKind::Obligation, _) => ("#fff7ed", "#9a3412"),
        (_, Some(ArtifactState::Live)) if reachable => ("#b91c1c", "#ffffff"),
        // White type on it needs 4.5:1: a deep orange, still apart from the red.
        (_, Some(ArtifactState::Expiring)) if reachable => ("#c2410c", "#ffffff"),
        (_, Some(ArtifactState::Tombstoned)) => ("#cbd5e1", "#1d2330"),
        (_, Some(ArtifactState::Redacted)) => ("#bfdbfe", "#1d2330"),
        _ => ("#f1f5f9", "#1d2330"),
    }
}

/// At most `n` characters of `s`, with an ellipsis when cut.
fn shorten(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_owned()
    } else {
        let mut out: String = s.chars().take(n.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// The provenance graph in columns: tombstones, then derived artefacts by
/// depth, coloured by state, then open obligations at their targets.
fn graph_svg(view: &GraphView) -> Markup {
    html! {
        figure {
            (graph_drawing(view))
            figcaption {
                "Tombstones (dark) on the left; derived artefacts to their right: red live, orange expiring, "
                "grey tombstoned, blue redacted; dashed boxes are open obligations."
                @if view.omitted > 0 { " " (view.omitted) " records are not drawn; the counts below include them." }
            }
        }
    }
}

/// The provenance graph in columns (see [`graph_svg`]).
fn graph_drawing(view: &GraphView) -> Markup {
    let (col_w, box_w, box_h, row_h) = (230.0_f64, 200.0_f64, 40.0_f64, 52.0_f64);
    let columns = view.nodes.iter().map(|n| n.depth).max().unwrap_or(0) + 1;
    let mut rows_in_col = vec![0usize; columns];
    let mut pos: Vec<(f64, f64)> = Vec::with_capacity(view.nodes.len());
    for n in &view.nodes {
        let col = n.depth.min(columns.saturating_sub(1));
        let row = rows_in_col.get(col).copied().unwrap_or(0);
        if let Some(slot) = rows_in_col.get_mut(col) {
            *slot += 1;
        }
        pos.push((10.0 + col as f64 * col_w, 10.0 + row as f64 * row_h));
    }
    let height = rows_in_col.iter().max().copied().unwrap_or(1).max(1) as f64 * row_h + 20.0;
    let width = columns as f64 * col_w + 20.0;
    html! {
            svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (width) " " (height) }
                width=(width.min(1040.0)) role="img" aria-label="Provenance graph" {
                @for (from, to) in &view.edges {
                    @if let (Some(a), Some(b)) = (pos.get(*from), pos.get(*to)) {
                        line x1=(a.0 + box_w) y1=(a.1 + box_h / 2.0) x2=(b.0) y2=(b.1 + box_h / 2.0)
                            stroke="#64748b" stroke-width="1.5" {}
                    }
                }
                @for (n, (x, y)) in view.nodes.iter().zip(pos.iter()) {
                    @let (fill, ink) = node_fill(n.kind, n.state, n.reachable);
                    @let label = match n.kind {
                        ViewKind::Tombstone => "tombstone".to_owned(),
                        ViewKind::Obligation => format!("open until {}", n.expires_at.as_deref().map(t).unwrap_or_default()),
                        ViewKind::Artifact => n.state.map_or_else(String::new, |s| s.as_str().to_owned()),
                    };
                    rect x=(x) y=(y) width=(box_w) height=(box_h) rx="6" fill=(fill) stroke="#475569"
                        stroke-dasharray=(if n.kind == ViewKind::Obligation { "4 3" } else { "0" }) {}
                    text x=(x + 8.0) y=(y + 16.0) font-size="11.5" fill=(ink) font-weight="bold" {
                        (shorten(&t(&format!("{}/{}", n.scope, n.key)), 27))
                    }
                    text x=(x + 8.0) y=(y + 31.0) font-size="10.5" fill=(ink) { (shorten(&label, 34)) }
                }
            }
    }
}

fn members(r: &Report) -> Markup {
    html! {
        section {
            h2 id="members" { "Members (" (r.members().len()) ")" }
            table aria-labelledby="members" {
                tr { th { "Path" } th class="num" { "Size" } th { "SHA-256" } th { "In the manifest" } }
                @for m in r.members() {
                    tr {
                        td class="mono" { (t(&m.path)) }
                        td class="num" { (m.size) }
                        td class="mono" { (m.sha256) }
                        td { (match m.listing {
                            Listing::Listed => "listed",
                            Listing::Unlisted => "NOT listed",
                            Listing::NotListedByDesign => "the signed statement",
                            Listing::Unknown => "unknown",
                        }) }
                    }
                }
            }
        }
    }
}
