//! The one error of the platform's components.

use proofpack_producer::ProducerError;

/// Why a platform component refused or failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlatformError {
    /// The producer refused the entry, redaction or checkpoint.
    #[error(transparent)]
    Producer(#[from] ProducerError),
    /// The audit log's database failed (`what` says at which step).
    #[cfg(feature = "sqlite")]
    #[error("audit log database, {what}: {source}")]
    Database {
        /// What the log was doing.
        what: &'static str,
        /// The SQLite error.
        #[source]
        source: rusqlite::Error,
    },
    /// The database holds the log of another origin.
    #[error("the database holds the log of {kept:?}, not {asked:?}")]
    OriginMismatch {
        /// The origin the database was created for.
        kept: String,
        /// The origin asked for.
        asked: String,
    },
    /// The database's entries are not numbered 0, 1, 2, ... (an entry is
    /// missing, or a row names no entry: the file was edited outside this
    /// crate).
    #[error("the database's entries are not numbered 0, 1, 2, ...: no entry {0}")]
    MissingEntry(i64),
    /// A value could not be written as JSON.
    #[error("could not write {0}")]
    Json(String),
    /// A subprocessor could not be reached (an HTTP status is an answer,
    /// recorded in the receipt; this is a transport failure).
    #[error("{0}")]
    Http(String),
    /// A count or index that SQLite's signed 64-bit integers cannot hold.
    #[error("{0} is beyond what the database can hold")]
    OutOfRange(u64),
}

impl PlatformError {
    /// The failure's stable name, for programs: the producer's own
    /// [`ProducerError::kind`] for a refusal of the producer, else
    /// `database`, `origin_mismatch`, `missing_entry`, `json`, `http` or
    /// `out_of_range` (the Python package's `AuditLogError.kind`).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            PlatformError::Producer(e) => e.kind(),
            #[cfg(feature = "sqlite")]
            PlatformError::Database { .. } => "database",
            PlatformError::OriginMismatch { .. } => "origin_mismatch",
            PlatformError::MissingEntry(_) => "missing_entry",
            PlatformError::Json(_) => "json",
            PlatformError::Http(_) => "http",
            PlatformError::OutOfRange(_) => "out_of_range",
        }
    }
}
