//! Trust stores as the UI shows them (`proofpack_render::views`): path,
//! SHA-256, key count, the file's modification time and every key.

use crate::error::AppError;
use proofpack_core::TrustStore;
use proofpack_render::views::unix_time;
pub use proofpack_render::views::TrustStoreView;
use std::path::Path;

/// The trust store at `path` (`proofpack_core::TrustStore::load`, its
/// problem in the core's words).
pub(super) fn load_trust(path: &str) -> Result<TrustStore, AppError> {
    Ok(TrustStore::load(Path::new(path))?)
}

/// `store` as the UI shows it, with its file's modification time.
pub(super) fn trust_view(store: &TrustStore) -> TrustStoreView {
    let modified = store
        .identity()
        .path
        .as_ref()
        .and_then(|path| std::fs::metadata(path).and_then(|m| m.modified()).ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .and_then(|since| unix_time(i64::try_from(since.as_secs()).ok()?));
    TrustStoreView::of(store, modified)
}

/// Reads and shows a trust store.
pub fn load_trust_store(path: &str) -> Result<TrustStoreView, AppError> {
    load_trust(path).map(|t| trust_view(&t))
}
