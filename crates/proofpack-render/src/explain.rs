//! Plain-language explanations of every finding code (spec §12), written for
//! reviewers such as regulators who are not engineers.
//!
//! Each [`Code`] has three short texts: what the finding means, why it matters
//! for the erasure claim, and what to ask the controller, in each language
//! of the message files ([`crate::i18n`]). A test checks that every code has
//! all three in every language, so a code added without its explanation
//! fails the tests.

use crate::i18n::{self, Language, Messages};
use proofpack_core::{Code, Effect, RegisterCode};
use std::sync::OnceLock;

/// What a finding means to a reviewer who is not an engineer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Explanation {
    /// What the finding means, in plain language.
    pub meaning: &'static str,
    /// Why it matters for the erasure claim.
    pub why: &'static str,
    /// What to ask the controller.
    pub ask: &'static str,
}

/// The plain-language explanation of a finding code, in English.
pub fn explanation(code: Code) -> Explanation {
    explanation_in(code, Language::En)
}

/// The plain-language explanation of a finding code in `language`.
///
/// The texts are the `code-*` messages of the message files (one message
/// per code, its attributes `.meaning`, `.why` and `.ask`), formatted once
/// per language and kept for the life of the process; a test checks that
/// every code has all three in every language.
pub fn explanation_in(code: Code, language: Language) -> Explanation {
    static TABLES: Tables = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    explained(&TABLES, Code::ALL, code, Code::as_str, language)
}

/// The plain-language explanation of a register finding code (§19) in
/// `language`, from the same message files as [`explanation_in`].
pub fn register_explanation_in(code: RegisterCode, language: Language) -> Explanation {
    static TABLES: Tables = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    explained(
        &TABLES,
        RegisterCode::ALL,
        code,
        RegisterCode::as_str,
        language,
    )
}

/// Per language, every code's three texts, in the order of its set.
type Tables = [OnceLock<Vec<[String; 3]>>; 3];

/// The explanation of `code`, one of `all`, from `tables` (filled on first use).
fn explained<C: Copy + PartialEq>(
    tables: &'static Tables,
    all: &[C],
    code: C,
    name: fn(C) -> &'static str,
    language: Language,
) -> Explanation {
    let table = tables[language.index()].get_or_init(|| {
        let messages = Messages::new(language);
        all.iter()
            .map(|c| {
                let id = format!("code-{}", i18n::id_part(name(*c)));
                ["meaning", "why", "ask"].map(|part| messages.attribute(&id, part))
            })
            .collect()
    });
    let texts = all
        .iter()
        .position(|c| *c == code)
        .and_then(|i| table.get(i));
    match texts {
        Some([meaning, why, ask]) => Explanation { meaning, why, ask },
        // Every code is in its set's ALL: this is never reached.
        None => Explanation {
            meaning: "",
            why: "",
            ask: "",
        },
    }
}

/// The id of a code's message: `code-archive-bad_path`.
pub fn message_id(code: Code) -> String {
    format!("code-{}", i18n::id_part(code.as_str()))
}

/// An explanation as the terminal shows it: one line each for what it
/// means, why and what to ask, each `indent` spaces in, labels aligned.
pub fn lines(e: &Explanation, language: Language, indent: usize) -> String {
    let messages = Messages::new(language);
    let labels = ["text-means", "text-why", "text-ask"].map(|id| messages.text(id));
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (label, text) in labels.iter().zip([e.meaning, e.why, e.ask]) {
        out.push_str(&format!("{:indent$}{label:<width$} {text}\n", ""));
    }
    out
}

/// A code with its effect and explanation, as `proofpack explain --json`
/// prints it and the desktop app shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ExplainedCode {
    /// The §12 code.
    pub code: Code,
    /// Its effect on the verdict.
    pub effect: Effect,
    /// What it means, why it matters, what to ask.
    #[serde(flatten)]
    pub explanation: Explanation,
}

impl From<Code> for ExplainedCode {
    fn from(code: Code) -> Self {
        ExplainedCode::new(code, Language::En)
    }
}

impl ExplainedCode {
    /// A code with its effect and its explanation in `language`.
    pub fn new(code: Code, language: Language) -> ExplainedCode {
        ExplainedCode {
            code,
            effect: code.effect(),
            explanation: explanation_in(code, language),
        }
    }
}

/// Every code with its explanation, in the order of the spec's table.
pub fn all() -> Vec<ExplainedCode> {
    all_in(Language::En)
}

/// Every code with its explanation in `language`, in the spec's order.
pub fn all_in(language: Language) -> Vec<ExplainedCode> {
    Code::ALL
        .iter()
        .map(|c| ExplainedCode::new(*c, language))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_all_three_texts_in_every_language() {
        assert_eq!(Code::ALL.len(), 102);
        for language in Language::ALL {
            for code in Code::ALL {
                let e = explanation_in(*code, language);
                for (name, text) in [("meaning", e.meaning), ("why", e.why), ("ask", e.ask)] {
                    assert!(
                        text.trim().len() > 20,
                        "{language} {code}: {name} is too short"
                    );
                    assert!(
                        !text.contains('\n'),
                        "{language} {code}: {name} is one paragraph"
                    );
                    assert!(
                        !text.contains(i18n::MISSING_MARK),
                        "{language} {code}: {name}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_register_code_has_all_three_texts_in_every_language() {
        assert_eq!(RegisterCode::ALL.len(), 7);
        for language in Language::ALL {
            for code in RegisterCode::ALL {
                let e = register_explanation_in(*code, language);
                for text in [e.meaning, e.why, e.ask] {
                    assert!(text.trim().len() > 20, "{language} {code}");
                    assert!(!text.contains('\n'), "{language} {code}");
                    assert!(!text.contains(i18n::MISSING_MARK), "{language} {code}");
                }
            }
        }
        let (en, fr) = (
            register_explanation_in(RegisterCode::LogFork, Language::En),
            register_explanation_in(RegisterCode::LogFork, Language::Fr),
        );
        assert_ne!(en.meaning, fr.meaning);
        assert_ne!(
            en.meaning,
            explanation_in(Code::ArchiveMalformed, Language::En).meaning
        );
    }
}
