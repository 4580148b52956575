//! Verify mode's verification receipts (§20, the verifier's own signed
//! statement of what it verified: not the pack's `verification.json` of §8,
//! nor this tool's verification of a pack): signing the report shown with
//! the verifier's key, and checking a receipt. Both are one
//! call of `proofpack-verification`, as `proofpack verification sign|check`
//! make; the words of a check are the render crate's, as the CLI prints them.

use super::export::save_new;
use super::trust::load_trust;
use super::{lock, AppState};
use crate::error::{AppError, VerifierKeyProblem};
use proofpack_author::keys;
use proofpack_core::PackFile;
use proofpack_render::i18n::Messages;
use proofpack_render::views;
/// A verification receipt, checked: what the browser's worker shows too.
pub use proofpack_render::views::VerificationCheck;
use proofpack_verification::{PackToCompare, SignError, VerifierKey, ENVELOPE_LIMIT};
use serde::Serialize;
use std::path::Path;

/// A verification receipt written by [`sign_receipt`].
#[derive(Debug, Clone, Serialize)]
pub struct ReceiptSigned {
    /// The file written.
    pub path: String,
    /// The verdict signed, in the app's language.
    pub verdict: String,
    /// The signing key's `key_id` in the key store.
    pub key_id: String,
    /// Its owner: the statement's `verified_by`.
    pub owner: String,
}

/// Signs report `job` (the one shown: it is not verified again, as the
/// library signs a [`Report`](proofpack_core::Report)) with the verifier
/// key at `key`, whose entry in the key store at `keys` gives its key_id
/// and owner, and writes the envelope to `out` (replaced only when
/// `overwrite`).
pub fn sign_receipt(
    state: &AppState,
    job: u64,
    key: &str,
    keys_path: &str,
    out: &str,
    overwrite: bool,
) -> Result<ReceiptSigned, AppError> {
    let report = lock(&state.reports)
        .get(&job)
        .cloned()
        .ok_or(AppError::UnknownReport { job })?;
    let signing = keys::read_private_key(Path::new(key)).map_err(|e| AppError::read(key, e))?;
    let store = load_trust(keys_path)?;
    let verifier = VerifierKey::from_store(signing, &store).map_err(verifier_error)?;
    let envelope =
        proofpack_verification::sign_receipt(&report, &verifier).map_err(verifier_error)?;
    save_new(out, &envelope, overwrite)?;
    Ok(ReceiptSigned {
        path: out.to_owned(),
        verdict: Messages::new(state.language()).verdict(report.verdict()),
        key_id: verifier.entry().key_id.clone(),
        owner: verifier.entry().owner.clone(),
    })
}

fn verifier_error(e: SignError) -> AppError {
    let reason = match &e {
        SignError::KeyNotInStore => VerifierKeyProblem::KeyNotInStore,
        SignError::RoleMissing(_) => VerifierKeyProblem::RoleMissing,
        SignError::Ambiguous(_) => VerifierKeyProblem::Ambiguous,
        SignError::KeyNotValid { .. } => VerifierKeyProblem::KeyNotValid,
        SignError::NoVerificationTime => VerifierKeyProblem::NoVerificationTime,
        // Only countersigning gives these; the app does not countersign.
        SignError::NotAuthentic(_) | SignError::AlreadySigned(_) => {
            return AppError::Internal {
                message: e.to_string(),
            }
        }
    };
    AppError::VerifierKey {
        reason,
        message: e.to_string(),
    }
}

/// Checks the verification receipt at `file` against the verifier keys of
/// the key store at `keys`, comparing it with the pack at `pack` when given
/// (not verified again: the statement's pack is compared by its SHA-256).
pub fn check_receipt(
    state: &AppState,
    file: &str,
    keys_path: &str,
    pack: Option<&str>,
) -> Result<VerificationCheck, AppError> {
    let envelope = std::fs::read(file).map_err(|e| AppError::read(file, e))?;
    let store = load_trust(keys_path)?;
    let pack = match pack {
        None => None,
        Some(path) => Some(PackToCompare::file(
            PackFile::open(Path::new(path)).map_err(|e| AppError::read(path, e))?,
            None,
        )),
    };
    let name = pack.as_ref().map(|p| p.name.clone()).unwrap_or_default();
    let checked = proofpack_verification::check_receipt_with_pack(&envelope, &store, pack)
        .map_err(|e| AppError::read(&name, e))?;
    Ok(VerificationCheck::of(file, checked, state.language()))
}

/// Whether the file at `path` is a verification receipt, by its content:
/// small enough, and well-formed as §20's envelope and statement (checked
/// against no key, so it is not authentic; only its shape is asked).
pub fn is_receipt(path: &Path) -> bool {
    let small =
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= ENVELOPE_LIMIT as u64);
    if !small {
        return false;
    }
    std::fs::read(path).is_ok_and(|bytes| views::is_verification(&bytes))
}
