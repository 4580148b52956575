//! Trust stores as the UI shows them: path, SHA-256, key count, the file's
//! modification time and every key.

use crate::error::AppError;
use proofpack_core::report::TrustStoreInfo;
use proofpack_core::trust::KeyView;
use proofpack_core::TrustStore;
use proofpack_spec::timestamp::Timestamp;
use serde::Serialize;
use std::path::Path;

/// A trust store as the UI shows it.
#[derive(Debug, Clone, Serialize)]
pub struct TrustStoreView {
    /// Path, SHA-256 and key count.
    #[serde(flatten)]
    pub info: TrustStoreInfo,
    /// The file's modification time (RFC 3339, UTC), where the system gives one.
    pub modified: Option<String>,
    /// Every key.
    pub key_views: Vec<KeyView>,
}

/// The trust store at `path` (`proofpack_core::TrustStore::load`, its
/// problem in the core's words).
pub(super) fn load_trust(path: &str) -> Result<TrustStore, AppError> {
    Ok(TrustStore::load(Path::new(path))?)
}

impl TrustStoreView {
    /// The store as the UI shows it, with its file's modification time.
    pub(super) fn of(store: &TrustStore) -> TrustStoreView {
        let modified = store
            .identity()
            .path
            .as_ref()
            .and_then(|path| std::fs::metadata(path).and_then(|m| m.modified()).ok())
            .and_then(|t| {
                let since = t.duration_since(std::time::UNIX_EPOCH).ok()?;
                let at = time_from_unix(since.as_secs())?;
                Some(at.raw().to_owned())
            });
        TrustStoreView {
            info: store.identity().clone(),
            modified,
            key_views: store.keys().iter().map(|k| k.view()).collect(),
        }
    }
}

fn time_from_unix(seconds: u64) -> Option<Timestamp> {
    let at = time::OffsetDateTime::from_unix_timestamp(i64::try_from(seconds).ok()?).ok()?;
    Timestamp::from_instant_utc(at)
}

/// Reads and shows a trust store.
pub fn load_trust_store(path: &str) -> Result<TrustStoreView, AppError> {
    load_trust(path).map(|t| TrustStoreView::of(&t))
}
