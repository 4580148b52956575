//! The app's language: the menu's choices, the UI's own words (the `ui-*`
//! messages of the render crate's Fluent files) and the explanations, in
//! the language chosen (remembered like the trust store).

use super::settings::{read_settings, write_settings};
use super::{lock, AppState};
use crate::error::AppError;
use proofpack_render::explain::ExplainedCode;
use proofpack_render::views;
pub use proofpack_render::views::{LanguageChoice, UiStrings};

/// Every code's explanation in the app's language, as the CLI's `explain
/// --all --json --lang` gives it.
pub fn explanations(state: &AppState) -> Vec<ExplainedCode> {
    views::explanations(state.language())
}

/// The UI's words in the app's language.
pub fn ui_strings(state: &AppState) -> UiStrings {
    UiStrings::of(state.language())
}

/// Switches the app to the language of the BCP 47 tag `tag` and remembers
/// it; its words.
pub fn set_language(state: &AppState, tag: &str) -> Result<UiStrings, AppError> {
    let language = views::language(tag)?;
    *lock(&state.language) = language;
    let mut settings = read_settings(state);
    settings.language = Some(language.tag().to_owned());
    write_settings(state, &settings)?;
    Ok(ui_strings(state))
}
