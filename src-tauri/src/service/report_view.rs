//! What the UI shows of a §13 report in one language, beside the report
//! itself: the pictures the core draws and the renderer's words, so that
//! the app says what the CLI says.

use proofpack_core::report::{AttestationState, NotCounted};
use proofpack_core::{Effect, Report};
use proofpack_render::i18n::{Language, Messages};
use proofpack_render::{html, text};
use serde::Serialize;
use std::collections::BTreeMap;

/// What the UI shows of a report in one language: the pictures the core
/// draws and the renderer's words.
#[derive(Debug, Clone, Serialize)]
pub struct Shown {
    /// The SLA timeline, an SVG document.
    pub sla_svg: Option<String>,
    /// The provenance graph, an SVG document.
    pub provenance_svg: Option<String>,
    /// The core's words for what the UI shows, so that it says what the CLI says.
    pub words: ReportWords,
}

impl Shown {
    pub(super) fn of(report: &Report, language: Language) -> Self {
        Shown {
            sla_svg: html::sla_svg_in(report, language),
            provenance_svg: html::provenance_svg_in(report, language),
            words: ReportWords::of(report, language),
        }
    }
}

/// The renderer's words for a report in one language: the verdict's word,
/// icon and meaning, each tier's evidence lines, the SLA margin and the
/// words of the closed sets the panels show, as the human report has them.
#[derive(Debug, Clone, Serialize)]
pub struct ReportWords {
    /// The verdict's word (the report keeps the spec's string).
    pub verdict: String,
    /// The verdict's icon.
    pub icon: &'static str,
    /// The verdict's §12 exit status.
    pub exit: i32,
    /// What the verdict means, in one sentence.
    pub meaning: String,
    /// Per tier, in the report's order: its evidence lines.
    pub tier_details: Vec<Vec<String>>,
    /// The margin to the effective deadline, `[-]Nd Nh Nm`.
    pub margin: Option<String>,
    /// Per passed check, in the report's order: what it established.
    pub passed: Vec<String>,
    /// Each effect's word, by the spec's string.
    pub effects: BTreeMap<&'static str, String>,
    /// Each §16 receipt attestation state's words, by the spec's string.
    pub attestation: BTreeMap<&'static str, String>,
    /// Each §15 reason a cosignature does not count, by the spec's string.
    pub not_counted: BTreeMap<&'static str, String>,
}

impl ReportWords {
    pub(super) fn of(report: &Report, language: Language) -> Self {
        let msg = Messages::new(language);
        ReportWords {
            verdict: msg.verdict(report.verdict()),
            icon: report.verdict().icon(),
            exit: report.exit_status(),
            meaning: msg.verdict_meaning(report.verdict()),
            tier_details: report
                .tiers()
                .iter()
                .map(|t| text::tier_details_in(t, language))
                .collect(),
            margin: report
                .sla()
                .margin_seconds
                .map(|s| text::margin_in(s, language)),
            passed: report
                .passed()
                .iter()
                .map(|p| msg.passed(p.code()))
                .collect(),
            effects: Effect::ALL
                .iter()
                .map(|e| (e.as_str(), msg.effect(*e)))
                .collect(),
            attestation: AttestationState::ALL
                .iter()
                .map(|s| (s.as_str(), text::attestation_words(*s, language)))
                .collect(),
            not_counted: NotCounted::ALL
                .iter()
                .map(|n| (n.as_str(), text::not_counted_words(*n, language)))
                .collect(),
        }
    }
}
