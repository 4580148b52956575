//! What the app remembers between sessions (the trust store for packs
//! opened in the UI, and the language), in one JSON file of its config
//! folder.

use super::trust::{load_trust_store, TrustStoreView};
use super::AppState;
use crate::error::AppError;
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_render::i18n::Language;
use serde::{Deserialize, Serialize};

/// The settings file's content.
#[derive(Debug, Default, Serialize, Deserialize)]
pub(super) struct Settings {
    /// The trust store for packs opened in the UI.
    pub(super) trust_store: Option<String>,
    /// The language chosen in the menu, a BCP 47 tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) language: Option<String>,
}

impl Settings {
    /// The language chosen, else the system's (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), else English.
    pub(super) fn language(&self) -> Language {
        self.language
            .as_deref()
            .and_then(Language::from_tag)
            .unwrap_or_else(Language::from_environment)
    }
}

pub(super) fn read_settings(state: &AppState) -> Settings {
    state
        .settings
        .get()
        .and_then(|p| std::fs::read(p).ok())
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

pub(super) fn write_settings(state: &AppState, settings: &Settings) -> Result<(), AppError> {
    let Some(path) = state.settings.get() else {
        return Ok(());
    };
    let shown = path.display().to_string();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| AppError::write(&shown, e))?;
    }
    let bytes = serde_json::to_vec_pretty(settings).map_err(|e| AppError::write(&shown, e))?;
    write_atomic(path, &bytes, Existing::Replace, Access::Default)
        .map_err(|e| AppError::write(&shown, e))
}

/// Remembers `path` as the trust store for packs opened in the UI, after
/// checking that it is a usable store.
pub fn remember_trust_store(state: &AppState, path: &str) -> Result<TrustStoreView, AppError> {
    let view = load_trust_store(path)?;
    let mut settings = read_settings(state);
    settings.trust_store = Some(path.to_owned());
    write_settings(state, &settings)?;
    Ok(view)
}

/// Forgets the remembered trust store.
pub fn forget_trust_store(state: &AppState) -> Result<(), AppError> {
    let mut settings = read_settings(state);
    settings.trust_store = None;
    write_settings(state, &settings)
}
