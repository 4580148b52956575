//! A witness in the C2SP `tlog-witness` protocol: it is configured with the
//! logs it witnesses (origin and verifier keys), keeps per origin the latest
//! checkpoint it cosigned, and cosigns a new checkpoint (C2SP
//! `cosignature/v1`, spec §15) only when the log signed it and a consistency
//! proof links it to that latest one. A log that rolls back or forks its
//! history is refused, so a split view needs the witness's complicity.
//!
//! - [`witness`]: the protocol itself, without HTTP: [`Witness`], the
//!   `add-checkpoint` request and each refusal with its status code.
//! - [`server`]: the HTTP endpoints (axum on tokio, rustls for TLS), on
//!   127.0.0.1 by default; any other address needs TLS.
//! - [`config`]: the JSON configuration file; [`vkey`]: C2SP verifier keys;
//!   [`state`]: the state file, written atomically and durably. The key
//!   file is the workspace's PKCS#8 PEM (`proofpack_files::keys`).
//!
//! The witness takes its clock as a parameter ([`Witness::new`]), so a test or
//! a demo decides the time its cosignatures carry.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod config;
pub mod server;
pub mod state;
pub use proofpack_spec::vkey;
pub mod witness;

pub use config::{Config, LogConfig, ServeConfig, Tls};
pub use witness::{Refusal, Witness};

/// Why the witness could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum WitnessError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
    /// The configuration, a key or the state is not usable, with what to fix.
    #[error("{0}")]
    Invalid(String),
}

impl From<proofpack_files::FileError> for WitnessError {
    fn from(e: proofpack_files::FileError) -> Self {
        use proofpack_files::FileError;
        match e {
            FileError::Io { path, source } | FileError::Exists { path, source } => {
                WitnessError::io(path, source)
            }
            e @ FileError::Key { .. } => WitnessError::Invalid(e.to_string()),
        }
    }
}

impl WitnessError {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Self {
        WitnessError::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }
}
