//! The app's language: the menu's choices, the UI's own words (the `ui-*`
//! messages of the render crate's Fluent files) and the explanations, in
//! the language chosen (remembered like the trust store).

use super::settings::{read_settings, write_settings};
use super::{lock, AppState};
use crate::error::AppError;
use proofpack_render::explain::{self, ExplainedCode};
use proofpack_render::i18n::{self, Language, Messages};
use serde::Serialize;
use std::collections::BTreeMap;

/// Every code's explanation in the app's language, as the CLI's `explain
/// --all --json --lang` gives it.
pub fn explanations(state: &AppState) -> Vec<ExplainedCode> {
    explain::all_in(state.language())
}

/// A language the menu offers.
#[derive(Debug, Clone, Serialize)]
pub struct LanguageChoice {
    /// Its BCP 47 tag.
    pub tag: &'static str,
    /// Its name in itself (`Deutsch`), as the menu shows it.
    pub name: String,
}

/// The app's own words in one language, from the render crate's message
/// files (the `ui-*` messages).
#[derive(Debug, Clone, Serialize)]
pub struct UiStrings {
    /// The language's BCP 47 tag, for the page's `lang`.
    pub language: &'static str,
    /// Every language the menu offers, English first.
    pub languages: Vec<LanguageChoice>,
    /// Each message by id: a template whose `{name}` the UI fills in.
    pub strings: BTreeMap<String, String>,
}

/// The UI's words in the app's language.
pub fn ui_strings(state: &AppState) -> UiStrings {
    let language = state.language();
    UiStrings {
        language: language.tag(),
        languages: Language::ALL
            .into_iter()
            .map(|l| LanguageChoice {
                tag: l.tag(),
                name: Messages::new(l).text("language-name"),
            })
            .collect(),
        strings: i18n::ui_strings(language).into_iter().collect(),
    }
}

/// Switches the app to the language of the BCP 47 tag `tag` and remembers
/// it; its words.
pub fn set_language(state: &AppState, tag: &str) -> Result<UiStrings, AppError> {
    let language = Language::from_tag(tag).ok_or_else(|| AppError::BadRequest {
        message: format!("no messages in the language {tag:?}"),
    })?;
    *lock(&state.language) = language;
    let mut settings = read_settings(state);
    settings.language = Some(language.tag().to_owned());
    write_settings(state, &settings)?;
    Ok(ui_strings(state))
}
