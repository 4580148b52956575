//! Pack authoring: keys, trust-store editing, and turning an evidence folder
//! into a signed, reproducible `proof.tar.gz` that the verifier accepts.
//!
//! Front ends sign through [`sign`] (and check through [`check`]): one call
//! from an evidence folder, a key file and a trust store to the signed pack
//! or a typed [`Refusal`] whose words say what to do. They seal a signed
//! pack (§22) through [`seal()`], which writes it only when the verifier says
//! its seal holds.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod content;
#[cfg(unix)]
mod follow;
mod gzip;
pub mod keys;
pub mod pack;
pub mod seal;
pub mod signing;
pub mod tar_writer;
pub mod trust_edit;

pub use seal::{pack_members, seal, SealError, SealRefusal, SealRefused, SealRequest, Sealed};
pub use signing::{check, sign, Destination, Refusal, Refused, SignError, SignRequest};

/// Why an authoring operation could not be carried out.
#[derive(Debug, thiserror::Error)]
pub enum AuthoringError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
    /// A key file does not hold the Ed25519 key that was needed.
    #[error("{path}: {problem}")]
    Key {
        /// The key file.
        path: String,
        /// What it holds instead.
        problem: keys::KeyProblem,
    },
    /// The input is not usable, with what to fix.
    #[error("{0}")]
    Invalid(String),
    /// An edit of a trust store was refused (nothing was changed).
    #[error(transparent)]
    TrustEdit(trust_edit::EditRefusal),
}

impl AuthoringError {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Self {
        AuthoringError::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }

    /// A key file that does not hold the key that was needed.
    pub fn key(path: impl AsRef<std::path::Path>, problem: keys::KeyProblem) -> Self {
        AuthoringError::Key {
            path: path.as_ref().display().to_string(),
            problem,
        }
    }
}

impl From<proofpack_files::FileError> for AuthoringError {
    fn from(e: proofpack_files::FileError) -> Self {
        use proofpack_files::FileError;
        match e {
            FileError::Io { path, source } | FileError::Exists { path, source } => {
                AuthoringError::io(path, source)
            }
            FileError::Key { path, problem } => AuthoringError::key(path, problem),
        }
    }
}
