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
//!
//! The page is written in the reader's language ([`crate::i18n`]), which
//! its `<html lang>` names; each function without a language writes
//! English.

use crate::i18n::{Arg, Language, Messages};
use crate::text::{
    area, attestation_words, margin_in, not_counted_words, policy_words, quorum_words, sla_rule_in,
    tier_details_in, witnessed_words,
};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use proofpack_core::report::{
    AttestationState, CosignatureRow, GraphView, Report, Timeline, ViewKind,
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
/* A tier's name is one spec word: never broken inside (it would read "work ing"). */
td.tier { overflow-wrap: normal; white-space: nowrap; }
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

/// The label rows of the SLA timeline: two above the axis, three below
/// (the deadlines, completion and the witnessed time can all fall on one
/// day), far enough apart that a label's date never touches the next row's
/// label.
const LANE_Y: [f64; 5] = [72.0, 138.0, 40.0, 170.0, 202.0];

/// The pictures' typeface: a picture shown as an image (the app's panels)
/// has no page style to take it from.
const SVG_FONT: &str = "DejaVu Sans, sans-serif";

/// The SLA timeline's axis, between the rows above and below.
const AXIS_Y: f64 = 104.0;

/// The height of the SLA timeline's drawing.
const TIMELINE_HEIGHT: f64 = 224.0;

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

/// The message `id` with markup in some of its values: the message's own
/// words escaped, each value placed as the markup it is (escaped by maud
/// when it was made). Translations keep their own word order around it.
fn rich(msg: Messages, id: &str, values: &[(&str, Markup)]) -> Markup {
    // Private-use characters mark where each value goes.
    const OPEN: char = '\u{E000}';
    const CLOSE: char = '\u{E001}';
    let slots: Vec<String> = (0..values.len())
        .map(|i| format!("{OPEN}{i}{CLOSE}"))
        .collect();
    let args: Vec<(&str, Arg<'_>)> = values
        .iter()
        .zip(&slots)
        .map(|((name, _), slot)| (*name, Arg::from(slot)))
        .collect();
    let text = msg.format(id, &args);
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some((before, after)) = rest.split_once(OPEN) {
        out.push_str(&html! { (before) }.into_string());
        let Some((index, after)) = after.split_once(CLOSE) else {
            rest = after;
            break;
        };
        if let Some((_, markup)) = index.parse::<usize>().ok().and_then(|i| values.get(i)) {
            out.push_str(&markup.0);
        }
        rest = after;
    }
    out.push_str(&html! { (rest) }.into_string());
    PreEscaped(out)
}

/// The whole page, in English.
pub fn report(r: &Report) -> String {
    report_in(r, Language::En)
}

/// The whole page, in `language` (which its `<html lang>` names).
pub fn report_in(r: &Report, language: Language) -> String {
    page(r, Messages::new(language)).into_string()
}

fn page(r: &Report, msg: Messages) -> Markup {
    let p = &r.pack();
    let verdict = msg.verdict(r.verdict());
    let title = msg.format(
        "html-title",
        &[
            ("pack", Arg::from(ot(&p.pack_id))),
            ("verdict", Arg::from(&verdict)),
        ],
    );
    let pack_line = msg.format(
        "html-pack-line",
        &[
            ("pack", Arg::from(ot(&p.pack_id))),
            ("sha256", Arg::from(&p.sha256)),
        ],
    );
    let word = msg.format(
        "html-verdict",
        &[
            ("verdict", Arg::from(&verdict)),
            ("status", Arg::from(r.exit_status())),
        ],
    );
    html! {
        (DOCTYPE)
        html lang=(msg.language().tag()) {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(CSP);
                meta name="referrer" content="no-referrer";
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body data-verdict=(r.verdict().as_str()) {
                main {
                    h1 { (msg.text("html-heading")) }
                    div class="mono" { (pack_line) }
                    div class="banner" role="status" {
                        span class="icon" aria-hidden="true" { (r.verdict().icon()) }
                        div {
                            div class="word" { (word) }
                            div class="meaning" { (msg.verdict_meaning(r.verdict())) }
                        }
                    }
                    @if r.claims_unverified() {
                        p class="note" { (msg.text("html-claims-unverified")) }
                    }
                    (identity(r, msg))
                    (passed(r, msg))
                    (findings(r, msg))
                    (tiers(r, msg))
                    (sla(r, msg))
                    (receipts(r, msg))
                    (witness(r, msg))
                    (seal(r, msg))
                    (provenance(r, msg))
                    (members(r, msg))
                    section {
                        h2 { (msg.text("html-attestation")) }
                        @match &p.attestation {
                            Some(text) => {
                                div class="attestation" {
                                    @for line in Untrusted(text).lines() { (line) "\n" }
                                }
                            }
                            None => { p { (msg.text("html-attestation-absent")) } }
                        }
                    }
                    (footer(r, msg))
                }
            }
        }
    }
}

/// The last words: which verifier, when, on what input, with which trust
/// store.
fn footer(r: &Report, msg: Messages) -> Markup {
    let m = r.meta();
    let verified = msg.format(
        "html-footer-verified",
        &[
            ("verifier", Arg::from(&m.verifier)),
            ("time", Arg::from(ov(&m.verified_at))),
        ],
    );
    html! {
        footer {
            (verified)
            @if let Some(input) = &m.input {
                " " (rich(msg, "html-footer-input", &[("input", html! { span class="mono" { (t(input)) } })]))
            }
            @match &m.trust_store {
                Some(ts) => {
                    " " (rich(msg, "html-footer-trust", &[
                        ("path", html! { span class="mono" { (ot(&ts.path)) } }),
                        ("sha256", html! { span class="mono" { (ts.sha256) } }),
                        ("keys", html! { (ts.keys) }),
                        ("policy", html! { (policy_words(&ts.policy, msg.language())) }),
                    ]))
                }
                None => { " " (msg.text("html-footer-no-trust")) }
            }
        }
    }
}

fn identity(r: &Report, msg: Messages) -> Markup {
    let p = &r.pack();
    let l = |id: &str| msg.text(id);
    let size = msg.format(
        "html-pack-size",
        &[
            ("sha256", Arg::from(&p.sha256)),
            ("size", Arg::from(p.size.to_string())),
        ],
    );
    let signed = msg.format(
        "html-pack-signed-at",
        &[
            ("signer", Arg::from(ot(&p.signer))),
            ("at", Arg::from(ot(&p.signed_at))),
        ],
    );
    let key = msg.format(
        "html-pack-key",
        &[
            ("key_id", Arg::from(ot(&p.signature_key_id))),
            (
                "fingerprint",
                Arg::from(
                    p.signer_key_fingerprint
                        .clone()
                        .unwrap_or_else(|| l("html-pack-key-not-trusted")),
                ),
            ),
            ("owner", Arg::from(ot(&p.signer_key_owner))),
        ],
    );
    let all_clear = msg.format(
        "html-pack-all-clear-value",
        &[
            ("claimed", Arg::from(ov(&p.all_clear_claimed))),
            ("recomputed", Arg::from(p.all_clear_recomputed.to_string())),
        ],
    );
    let probes = msg.format(
        "html-pack-probes-value",
        &[
            ("code", Arg::from(ot(&p.probes_code_ref))),
            ("at", Arg::from(ot(&p.probes_verified_at))),
        ],
    );
    html! {
        section {
            h2 id="the-pack" { (l("html-pack")) }
            table class="kv" aria-labelledby="the-pack" {
                tr { th { (l("html-pack-pack")) } td class="mono" { (ot(&p.pack_id)) } }
                tr { th { (l("html-pack-sha256")) } td class="mono" { (size) } }
                tr { th { (l("html-pack-request")) } td class="mono" { (ot(&p.request_id)) } }
                tr { th { (l("html-pack-tenant")) } td class="mono" { (ot(&p.tenant_id)) } }
                tr { th { (l("html-pack-subject")) } td class="mono" { (ot(&p.subject_id)) } }
                tr { th { (l("html-pack-legal-basis")) } td { (ov(&p.legal_basis)) } }
                tr { th { (l("html-pack-received")) } td class="mono" { (ot(&p.received_at)) } }
                tr { th { (l("html-pack-completed")) } td class="mono" { (ot(&p.completed_at)) } }
                tr { th { (l("html-pack-cascade-runner")) } td class="mono" { (ot(&p.cascade_runner)) } }
                tr { th { (l("html-pack-signed-by")) } td class="mono" { (signed) } }
                tr { th { (l("html-pack-signing-key")) } td class="mono" { (key) } }
                tr { th { (l("html-pack-signature")) } td {
                    @if p.signature_verified { span class="ok" { (l("html-pack-signature-verified")) } }
                    @else { span class="bad" { (l("html-pack-signature-not-verified")) } }
                } }
                tr { th { (l("html-pack-all_clear")) } td { (all_clear) } }
                tr { th { (l("html-pack-probes")) } td class="mono" { (probes) } }
                tr { th { (l("html-pack-subprocessors")) } td class="mono" {
                    @for (i, s) in p.subprocessors.iter().enumerate() { @if i > 0 { ", " } (t(s)) }
                } }
                @if let Some(earlier) = &p.supersedes {
                    tr { th { (l("html-pack-supersedes")) } td class="mono" {
                        (msg.format("html-pack-supersedes-value", &[
                            ("pack_id", Arg::from(t(&earlier.pack_id))),
                            ("sha256", Arg::from(&earlier.sha256)),
                        ]))
                    } }
                }
            }
        }
    }
}

fn passed(r: &Report, msg: Messages) -> Markup {
    html! {
        section {
            h2 id="passed" { (msg.format("html-passed", &[("count", Arg::from(r.passed().len()))])) }
            @if r.passed().is_empty() { p { (msg.text("html-none")) } }
            @else {
                table aria-labelledby="passed" {
                    tr { th { (msg.text("html-passed-check")) } th { (msg.text("html-passed-established")) } }
                    @for c in r.passed() {
                        tr { td class="mono ok" { "✓ " (c.code().as_str()) } td { (msg.passed(c.code())) } }
                    }
                }
            }
        }
    }
}

fn findings(r: &Report, msg: Messages) -> Markup {
    let mut areas: Vec<&str> = Vec::new();
    for f in r.findings() {
        let a = area(f.code().as_str());
        if !areas.contains(&a) {
            areas.push(a);
        }
    }
    html! {
        section {
            h2 { (msg.format("html-findings", &[("count", Arg::from(r.findings().len()))])) }
            @if r.findings().is_empty() { p { (msg.text("html-none")) } }
            @for a in &areas {
                h3 { (a) }
                @for f in r.findings().iter().filter(|f| area(f.code().as_str()) == *a) {
                    @let e = crate::explain::explanation_in(f.code(), msg.language());
                    div class={ "finding " (effect_class(f.effect())) } data-code=(f.code().as_str()) {
                        div class="head" {
                            span class="code mono" { (f.code().as_str()) }
                            span class={ "effect " (effect_class(f.effect())) } { (msg.effect(f.effect())) }
                            span class="mono" { (msg.format("html-finding-at", &[("location", Arg::from(t(f.location())))])) }
                        }
                        div class="mono" { (t(&msg.finding(f))) }
                        dl {
                            dt { (msg.text("html-means")) } dd { (e.meaning) }
                            dt { (msg.text("html-why")) } dd { (e.why) }
                            dt { (msg.text("html-ask")) } dd { (e.ask) }
                        }
                    }
                }
            }
        }
    }
}

fn tiers(r: &Report, msg: Messages) -> Markup {
    let l = |id: &str| msg.text(id);
    html! {
        section {
            h2 id="tiers" { (l("html-tiers")) }
            table aria-labelledby="tiers" {
                tr {
                    th { (l("html-tier-tier")) } th { (l("html-tier-requested")) } th { (l("html-tier-status")) }
                    th class="num" { (l("html-tier-before")) } th class="num" { (l("html-tier-after")) }
                    th class="num" { (l("html-tier-residue")) } th { (l("html-tier-evidence")) }
                }
                @for row in r.tiers() {
                    tr {
                        td class="mono tier" { (row.tier.as_str()) }
                        td { (l(if row.requested { "yes" } else { "no" })) }
                        td { (ov(&row.status)) }
                        td class="num" { (ov(&row.before_count)) }
                        td class="num" { (ov(&row.after_count)) }
                        td class="num" { (ov(&row.residue)) }
                        td { @for line in tier_details_in(row, msg.language()) { div { (line) } } }
                    }
                }
            }
        }
    }
}

fn sla(r: &Report, msg: Messages) -> Markup {
    let s = &r.sla();
    let l = |id: &str| msg.text(id);
    let margin = s
        .margin_seconds
        .map_or_else(|| "—".to_owned(), |m| margin_in(m, msg.language()));
    html! {
        section {
            h2 id="sla" { (l("html-sla")) }
            (timeline_svg(r, msg))
            table class="kv" aria-labelledby="sla" {
                tr { th { (l("html-sla-received")) } td class="mono" { (ot(&s.received_at)) } }
                tr { th { (l("html-sla-base")) } td class="mono" { (ot(&s.base_deadline)) } }
                tr { th { (l("html-sla-max")) } td class="mono" { (ot(&s.max_deadline)) } }
                tr { th { (l("html-sla-statutory")) } td class="mono" {
                    (ot(&s.statutory_deadline)) @if s.extension_applied { " " (l("html-sla-extended")) }
                } }
                tr { th { (l("html-sla-declared")) } td class="mono" { (ot(&s.declared_deadline)) } }
                tr { th { (l("html-sla-effective")) } td class="mono" { (ot(&s.effective_deadline)) } }
                tr { th { (l("html-sla-completed")) } td class="mono" { (ot(&s.completed_at)) } }
                tr { th { (l("html-sla-margin")) } td { (margin) } }
                tr { th { (l("html-sla-witnessed")) } td class="mono" { (witnessed_words(s, msg.language())) } }
            }
        }
    }
}

/// The SLA timeline as a standalone SVG document (for an `<img>`), or
/// `None` when its dates cannot be read; its labels in English.
pub fn sla_svg(r: &Report) -> Option<String> {
    sla_svg_in(r, Language::En)
}

/// The SLA timeline as a standalone SVG document, labelled in `language`.
pub fn sla_svg_in(r: &Report, language: Language) -> Option<String> {
    timeline_drawing(r, Messages::new(language)).map(Markup::into_string)
}

/// The provenance graph as a standalone SVG document (for an `<img>`), when
/// the pack has one; its labels in English.
pub fn provenance_svg(r: &Report) -> Option<String> {
    provenance_svg_in(r, Language::En)
}

/// The provenance graph as a standalone SVG document, labelled in
/// `language`.
pub fn provenance_svg_in(r: &Report, language: Language) -> Option<String> {
    r.provenance()
        .view
        .as_ref()
        .filter(|v| !v.nodes.is_empty())
        .map(|v| graph_drawing(v, Messages::new(language)).into_string())
}

/// The SLA timeline, with its caption.
fn timeline_svg(r: &Report, msg: Messages) -> Markup {
    match timeline_drawing(r, msg) {
        None => html! { p { (msg.text("html-no-timeline")) } },
        Some(svg) => html! {
            figure {
                (svg)
                figcaption {
                    (msg.text("html-timeline-caption"))
                    " " (msg.text(if r.sla().witnessed_at.is_some() {
                        "html-timeline-witnessed"
                    } else {
                        "html-timeline-unwitnessed"
                    }))
                    @if let Some(rule) = sla_rule_in(r, msg.language()) {
                        " " (msg.format("html-timeline-rule", &[("rule", Arg::from(rule))]))
                    }
                }
            }
        },
    }
}

/// One dated point of the SLA timeline: its label, its instant, its colour
/// and the pack's own text of the date (shown under the label).
struct TimelinePoint<'a> {
    label: String,
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

    /// How a label at `x` is anchored: from its point near the left end,
    /// up to it near the right end, centred on it elsewhere.
    fn anchor(&self, x: f64) -> &'static str {
        if x < 150.0 {
            "start"
        } else if x > self.width - 150.0 {
            "end"
        } else {
            "middle"
        }
    }

    /// Where a label of `width` at `x` begins and ends, as it is anchored.
    fn extent(&self, x: f64, width: f64) -> (f64, f64) {
        match self.anchor(x) {
            "start" => (x, x + width),
            "end" => (x - width, x),
            _ => (x - width / 2.0, x + width / 2.0),
        }
    }
}

/// The SLA timeline: received, the deadlines and completion on one axis,
/// with the margin between completion and the effective deadline.
fn timeline_drawing(r: &Report, msg: Messages) -> Option<Markup> {
    let s = r.sla();
    let points = timeline_points(s, msg);
    let min = points.iter().map(|p| p.at).min()?;
    let max = points.iter().map(|p| p.at).max()?;
    let axis = TimelineAxis {
        min,
        span: (max - min).max(1) as f64,
        width: 1000.0,
        left: 40.0,
        right: 40.0,
        y: AXIS_Y,
    };
    let lanes = label_lanes(&points, &axis);
    let effective = unix_time(&s.effective_deadline);
    let completed = unix_time(&s.completed_at);
    let axis_y = axis.y;
    Some(html! {
            svg xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 1000 {TIMELINE_HEIGHT}")) width="100%" role="img"
                font-family=(SVG_FONT)
                aria-label=(msg.text("html-timeline-label")) {
                line x1=(axis.left) y1=(axis_y) x2=(axis.width - axis.right) y2=(axis_y) stroke="#9aa3b2" stroke-width="2" {}
                @if let (Some(e), Some(c)) = (effective, completed) {
                    @let (a, b) = (axis.x(c.min(e)), axis.x(c.max(e)));
                    rect x=(a) y=(axis_y - 7.0) width=((b - a).max(1.0)) height="14"
                        fill=(if c < e { "#1b7f3b" } else { "#b91c1c" }) fill-opacity="0.25" {}
                }
                // Every line first, then every label over them, each on a
                // white halo: a leader line never crosses a label's words.
                @for (point, lane) in points.iter().zip(lanes.iter()) {
                    @let px = axis.x(point.at);
                    @let ly = LANE_Y.get(*lane).copied().unwrap_or(axis_y + 36.0);
                    line x1=(px) y1=(axis_y - 12.0) x2=(px) y2=(axis_y + 12.0) stroke=(point.colour) stroke-width="3" {}
                    line x1=(px) y1=(axis_y) x2=(px) y2=(ly) stroke=(point.colour) stroke-width="1" stroke-dasharray="2 2" {}
                }
                @for (point, lane) in points.iter().zip(lanes.iter()) {
                    @let px = axis.x(point.at);
                    @let ly = LANE_Y.get(*lane).copied().unwrap_or(axis_y + 36.0);
                    @let anchor = axis.anchor(px);
                    text x=(px) y=(ly - 4.0) text-anchor=(anchor) font-size="12" fill=(point.colour) font-weight="bold"
                        stroke="#fff" stroke-width="3" paint-order="stroke" { (point.label) }
                    text x=(px) y=(ly + 10.0) text-anchor=(anchor) font-size="10.5" fill="#5b6475"
                        stroke="#fff" stroke-width="3" paint-order="stroke" { (t(point.raw)) }
                }
            }
    })
}

/// The timeline's points whose dates can be read, in the order drawn.
fn timeline_points(s: &Timeline, msg: Messages) -> Vec<TimelinePoint<'_>> {
    let points: [(&str, &Option<String>, &'static str); 7] = [
        ("timeline-received", &s.received_at, "#1d2330"),
        ("timeline-base", &s.base_deadline, "#5b6475"),
        ("timeline-max", &s.max_deadline, "#5b6475"),
        ("timeline-declared", &s.declared_deadline, "#0e7490"),
        ("timeline-effective", &s.effective_deadline, "#b91c1c"),
        ("timeline-completed", &s.completed_at, "#1b7f3b"),
        // §21: by then k witnesses had seen the cascade's log, beside the
        // controller's own claim of completion.
        ("timeline-witnessed", &s.witnessed_at, "#6d28d9"),
    ];
    points
        .into_iter()
        .filter_map(|(label, raw, colour)| {
            let raw = raw.as_deref()?;
            let at = Timestamp::parse(raw)?.instant().unix_timestamp();
            Some(TimelinePoint {
                label: msg.text(label),
                at,
                colour,
                raw,
            })
        })
        .collect()
}

/// The label lane of each point. Labels go in lanes above and below the
/// axis; each takes the first lane whose last label ends before it begins
/// (by its width as drawn and its anchor), so none overlap; when every lane
/// is taken, the one free soonest.
fn label_lanes(points: &[TimelinePoint<'_>], axis: &TimelineAxis) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|&i| points.get(i).map_or(0, |p| p.at));
    let mut lane_end = [f64::MIN; LANE_Y.len()];
    let mut lanes = vec![0usize; points.len()];
    for i in order {
        let Some(point) = points.get(i) else {
            continue;
        };
        // DejaVu Sans: about 7.5 px a character in the 12 px bold label,
        // 6.7 px in the 10.5 px date; and a gap between neighbours.
        let width = (point.label.chars().count() as f64 * 7.5)
            .max(point.raw.chars().count() as f64 * 6.7)
            + 12.0;
        let (from, to) = axis.extent(axis.x(point.at), width);
        let lane = (0..lane_end.len())
            .find(|&l| lane_end.get(l).is_some_and(|end| *end < from))
            .unwrap_or_else(|| {
                (0..lane_end.len())
                    .min_by(|&a, &b| lane_end[a].total_cmp(&lane_end[b]))
                    .unwrap_or(0)
            });
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

fn receipts(r: &Report, msg: Messages) -> Markup {
    let l = |id: &str| msg.text(id);
    html! {
        section {
            h2 id="receipts" { (msg.format("html-receipts", &[("count", Arg::from(r.receipts().len()))])) }
            table aria-labelledby="receipts" {
                tr {
                    th { (l("html-receipt-line")) } th { (l("html-receipt-subprocessor")) }
                    th { (l("html-receipt-channel")) } th { (l("html-receipt-status")) }
                    th { (l("html-receipt-when")) } th { (l("html-receipt-ticket")) }
                    th { (l("html-receipt-endpoint")) } th { (l("html-receipt-erased")) }
                    th { (l("html-receipt-attestation")) }
                }
                @for rr in r.receipts() {
                    tr {
                        td class="num" { (rr.line) }
                        td class="mono" { (t(&rr.subprocessor)) }
                        td { (rr.channel.as_ref().map_or_else(|| "—".to_owned(), |c| t(c.as_str()))) }
                        td { (ov(&rr.status)) }
                        td class="mono" {
                            @if rr.status == Some(ReceiptStatus::Pending) {
                                (msg.format("html-receipt-due", &[("at", Arg::from(ot(&rr.status_at)))]))
                            } @else { (ot(&rr.status_at)) }
                        }
                        td class="mono" { (ot(&rr.ticket_id)) }
                        td class="mono" { (ot(&rr.endpoint)) }
                        td { @if rr.subprocessor_erased { span class="ok" { (l("html-erased")) } } @else { span class="bad" { (l("html-not-erased")) } } }
                        td {
                            span class=(attestation_class(rr.attestation)) data-testid="receipt-attestation"
                                data-state=(rr.attestation.as_str()) { (attestation_words(rr.attestation, msg.language())) }
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

fn witness(r: &Report, msg: Messages) -> Markup {
    let a = &r.audit();
    let l = |id: &str| msg.text(id);
    let entries = msg.format(
        "html-witness-entries-value",
        &[
            ("proved", Arg::from(a.entries_proved)),
            ("entries", Arg::from(a.entries)),
        ],
    );
    html! {
        section {
            h2 id="witness" { (l("html-witness")) }
            table class="kv" aria-labelledby="witness" {
                tr { th { (l("html-witness-log")) } td class="mono" { (ot(&a.log_origin)) } }
                tr { th { (l("html-witness-tree")) } td { (ov(&a.tree_size_before)) " → " (ov(&a.tree_size_after)) } }
                tr { th { (l("html-witness-checkpoints")) } td {
                    @if a.checkpoints_verified { span class="ok" { (l("html-verified")) } } @else { span class="bad" { (l("html-not-verified")) } }
                } }
                tr { th { (l("html-witness-consistency")) } td {
                    @if a.consistency_verified { span class="ok" { (l("html-proved")) } } @else { span class="bad" { (l("html-not-proved")) } }
                } }
                tr { th { (l("html-witness-entries")) } td { (entries) } }
                tr { th { (l("html-witness-disclosures")) } td { (a.disclosures) } }
                tr { th { (l("html-witness-pii")) } td { (ov(&a.pii_disclosed)) } }
                tr { th { (l("html-witness-redactions")) } td { (a.redactions) } }
                tr { th { (l("html-witness-witnesses")) } td { (quorum_words(a, msg.language())) } }
            }
            @if !a.cosignatures.is_empty() {
                (marks_svg(a.witnesses_counted, a.witness_quorum, &quorum_words(a, msg.language())))
                (cosignature_table(&a.cosignatures, "witness", "cosignature", msg))
            }
        }
    }
}

/// The witnesses' cosignatures of a checkpoint (§15) or of the seal's
/// (§22), one row each: which checkpoint, whose, when, and whether it
/// counts.
fn cosignature_table(
    rows: &[CosignatureRow],
    labelled_by: &str,
    testid: &str,
    msg: Messages,
) -> Markup {
    let l = |id: &str| msg.text(id);
    html! {
        table aria-labelledby=(labelled_by) {
            tr {
                th { (l("html-cosignature-checkpoint")) } th { (l("html-cosignature-witness")) }
                th { (l("html-cosignature-operator")) } th { (l("html-cosignature-time")) }
                th { (l("html-cosignature-counts")) }
            }
            @for c in rows {
                tr data-testid=(testid) data-witness=(t(&c.witness)) data-counted=(c.counted) {
                    td class="mono" { (t(&c.checkpoint)) }
                    td class="mono" { (t(&c.witness)) }
                    td class="mono" { (t(&c.owner)) }
                    td class="mono" { (ot(&c.time)) }
                    td { @match c.not_counted {
                        None => { span class="ok" { (l("cosignature-counts")) } }
                        Some(why) => { span class="bad" {
                            (msg.format("html-does-not-count", &[("why", Arg::from(not_counted_words(why, msg.language())))]))
                        } }
                    } }
                }
            }
        }
    }
}

/// The seal (§22): what it established, a mark per witness counting on its
/// checkpoint against the k the sealed time needs, and its cosignatures;
/// or that the signature has none.
fn seal(r: &Report, msg: Messages) -> Markup {
    let l = |id: &str| msg.text(id);
    let k = r.sla().witness_k;
    html! {
        section {
            h2 id="seal" { (l("html-seal")) }
            @match r.seal() {
                None => { p data-testid="seal" data-holds="false" { (l("html-seal-none")) } }
                Some(seal) => {
                    @let counted = seal.cosignatures.iter().filter(|c| c.counted).count();
                    @let marks = msg.format("seal-witnesses", &[("counted", Arg::from(counted)), ("k", Arg::from(k))]);
                    table class="kv" aria-labelledby="seal" data-testid="seal" data-holds=(seal.holds) {
                        tr { th { (l("html-seal-checkpoint")) } td { (ov(&seal.checkpoint_size)) } }
                        tr { th { (l("html-seal-entry")) } td { (ov(&seal.entry_index)) } }
                        tr { th { (l("html-seal-holds")) } td {
                            @if seal.holds { span class="ok" { (l("seal-holds")) } } @else { span class="bad" { (l("seal-does-not-hold")) } }
                        } }
                        tr { th { (l("html-seal-sealed-time")) } td class="mono" {
                            (seal.sealed_time.clone().unwrap_or_else(|| l("seal-no-sealed-time")))
                        } }
                        tr { th { (l("html-seal-witnesses")) } td { (marks) } }
                    }
                    @if !seal.cosignatures.is_empty() {
                        (marks_svg(counted, k, &marks))
                        (cosignature_table(&seal.cosignatures, "seal", "seal-cosignature", msg))
                    }
                }
            }
        }
    }
}

/// Witnesses as a picture: one filled mark per distinct witness that
/// counts, against the empty slots of the number `wanted` (the quorum on
/// `checkpoint_after`, k on the seal's checkpoint); `title` says it in words.
fn marks_svg(counted: usize, wanted: u64, title: &str) -> Markup {
    let slots = counted
        .max(usize::try_from(wanted).unwrap_or(usize::MAX))
        .min(24);
    let width = 24 * slots.max(1) + 8;
    html! {
        svg class="witnesses" role="img" width=(width) height="32" viewBox=(format!("0 0 {width} 32")) {
            title { (title) }
            @for i in 0..slots {
                @let filled = i < counted;
                circle cx=(16 + 24 * i) cy="16" r="9"
                    fill=(if filled { "#1a7f37" } else { "none" })
                    stroke=(if filled { "#1a7f37" } else { "#b42318" }) stroke-width="2" {}
            }
        }
    }
}

fn provenance(r: &Report, msg: Messages) -> Markup {
    let p = &r.provenance();
    let l = |id: &str| msg.text(id);
    let derived = msg.format(
        "html-provenance-derived-value",
        &[
            ("artifacts", Arg::from(p.artifacts)),
            ("reachable", Arg::from(p.reachable)),
            ("live", Arg::from(p.live)),
            ("expiring", Arg::from(p.expiring)),
        ],
    );
    html! {
        section {
            h2 id="provenance" { (l("html-provenance")) }
            @if !p.present { p { (l("html-no-provenance")) } }
            @else {
                @if let Some(view) = &p.view { (graph_svg(view, msg)) }
                table class="kv" aria-labelledby="provenance" {
                    tr { th { (l("html-provenance-version")) } td class="mono" { (ot(&p.graph_version)) } }
                    tr { th { (l("html-provenance-index")) } td { (ov(&p.reverse_index)) } }
                    tr { th { (l("html-provenance-scopes")) } td { (p.scopes) } }
                    tr { th { (l("html-provenance-tombstones")) } td { (p.tombstones) } }
                    tr { th { (l("html-provenance-derived")) } td { (derived) } }
                    tr { th { (l("html-provenance-obligations")) } td { (p.obligations) } }
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
fn graph_svg(view: &GraphView, msg: Messages) -> Markup {
    html! {
        figure {
            (graph_drawing(view, msg))
            figcaption {
                (msg.text("html-graph-caption"))
                @if view.omitted > 0 {
                    " " (msg.format("html-graph-omitted", &[("omitted", Arg::from(view.omitted))]))
                }
            }
        }
    }
}

/// The provenance graph in columns (see [`graph_svg`]).
fn graph_drawing(view: &GraphView, msg: Messages) -> Markup {
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
    let node_label = |n: &proofpack_core::report::ViewNode| match n.kind {
        ViewKind::Tombstone => msg.text("graph-tombstone"),
        ViewKind::Obligation => {
            let until = n.expires_at.as_deref().map(t).unwrap_or_default();
            msg.format("graph-open-until", &[("until", Arg::from(until))])
        }
        ViewKind::Artifact => n.state.map_or_else(String::new, |s| s.as_str().to_owned()),
    };
    html! {
            svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (width) " " (height) } font-family=(SVG_FONT)
                width=(width.min(1040.0)) role="img" aria-label=(msg.text("html-graph-label")) {
                @for (from, to) in &view.edges {
                    @if let (Some(a), Some(b)) = (pos.get(*from), pos.get(*to)) {
                        line x1=(a.0 + box_w) y1=(a.1 + box_h / 2.0) x2=(b.0) y2=(b.1 + box_h / 2.0)
                            stroke="#64748b" stroke-width="1.5" {}
                    }
                }
                @for (n, (x, y)) in view.nodes.iter().zip(pos.iter()) {
                    @let (fill, ink) = node_fill(n.kind, n.state, n.reachable);
                    @let label = node_label(n);
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

fn members(r: &Report, msg: Messages) -> Markup {
    let l = |id: &str| msg.text(id);
    html! {
        section {
            h2 id="members" { (msg.format("html-members", &[("count", Arg::from(r.members().len()))])) }
            table aria-labelledby="members" {
                tr {
                    th { (l("html-member-path")) } th class="num" { (l("html-member-size")) }
                    th { (l("html-member-sha256")) } th { (l("html-member-listing")) }
                }
                @for m in r.members() {
                    tr {
                        td class="mono" { (t(&m.path)) }
                        td class="num" { (m.size) }
                        td class="mono" { (m.sha256) }
                        td { (msg.named("html-listing", m.listing.as_str())) }
                    }
                }
            }
        }
    }
}
