//! Files dropped on the window: packs to verify, and signed verifications
//! (§20) to check, told apart by their content.

use super::verification_receipt::is_receipt;
use std::path::PathBuf;

/// The paths of a drag-and-drop onto the window, as the UI opens them.
pub fn dropped_paths(paths: &[PathBuf]) -> Vec<String> {
    paths.iter().map(|p| p.display().to_string()).collect()
}

/// A drag-and-drop's paths split by content: the packs to verify, and the
/// signed verifications (§20) to check.
pub fn split_dropped(paths: &[PathBuf]) -> (Vec<String>, Vec<String>) {
    let (statements, packs): (Vec<PathBuf>, Vec<PathBuf>) =
        paths.iter().cloned().partition(|p| is_receipt(p));
    (dropped_paths(&packs), dropped_paths(&statements))
}
