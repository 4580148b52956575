//! The app's errors, as they cross IPC: a typed, serialisable enum (the UI
//! switches on `kind`), never a bare string.

use serde::Serialize;

/// Why a command could not do what it was asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AppError {
    /// A file the user picked could not be read.
    #[error("{path}: {message}")]
    Read {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A trust store is unusable (§4: an operational error, not a verdict).
    #[error("trust store {path}: {message}")]
    TrustStore {
        /// The store.
        path: String,
        /// What is wrong with it.
        message: String,
    },
    /// The user cancelled a verification or a register.
    #[error("the verification was cancelled")]
    Cancelled,
    /// A register was asked for without a trust store (§19: every pack is
    /// verified against one).
    #[error("a register needs a trust store")]
    NoTrustStore,
    /// The verifier refused to give a verdict without its positive evidence.
    #[error("internal error of the verifier: {message}")]
    Internal {
        /// What it said.
        message: String,
    },
    /// Saving would replace a file, and overwriting was not chosen.
    #[error("{path} exists; nothing was written")]
    Exists {
        /// The file.
        path: String,
    },
    /// A file could not be written.
    #[error("{path}: {message}")]
    Write {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// An evidence folder, key or authoring input is not usable.
    #[error("{message}")]
    Author {
        /// What is wrong, with what to fix.
        message: String,
    },
    /// No report with this id was verified in this session.
    #[error("no report {job} in this session")]
    UnknownReport {
        /// The id asked for.
        job: u64,
    },
    /// No job with this id was given out by `new_job`, or it has run.
    #[error("no job {job} waits to run")]
    UnknownJob {
        /// The id asked for.
        job: u64,
    },
    /// A verifier key cannot sign a verification (§20): the key store's
    /// entry for it is missing, lacks the role, or is not valid.
    #[error("{message}")]
    VerifierKey {
        /// Why, for the UI to switch on.
        reason: VerifierKeyProblem,
        /// What the library said.
        message: String,
    },
    /// An argument the UI sent is not one the command takes.
    #[error("{message}")]
    BadRequest {
        /// What is wrong.
        message: String,
    },
}

/// Why a verifier key cannot sign, as `proofpack_verification::SignError` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerifierKeyProblem {
    /// No entry of the key store holds the key's public key.
    KeyNotInStore,
    /// The entries that hold it lack the `verifier` role.
    RoleMissing,
    /// Several `verifier` entries hold it.
    Ambiguous,
    /// The key is not valid at the time of verification.
    KeyNotValid,
    /// The report does not say when the pack was verified.
    NoVerificationTime,
}

impl AppError {
    /// A read error for `path`.
    pub fn read(path: &str, e: impl std::fmt::Display) -> Self {
        AppError::Read {
            path: path.to_owned(),
            message: e.to_string(),
        }
    }

    /// A write error for `path`.
    pub fn write(path: &str, e: impl std::fmt::Display) -> Self {
        AppError::Write {
            path: path.to_owned(),
            message: e.to_string(),
        }
    }
}

impl From<proofpack_author::AuthoringError> for AppError {
    fn from(e: proofpack_author::AuthoringError) -> Self {
        AppError::Author {
            message: e.to_string(),
        }
    }
}

impl From<proofpack_author::SignError> for AppError {
    fn from(e: proofpack_author::SignError) -> Self {
        use proofpack_author::SignError;
        match e {
            SignError::Authoring(e) => e.into(),
            SignError::TrustStore(e) => e.into(),
            SignError::Exists { path } => AppError::Exists {
                path: path.display().to_string(),
            },
            // The service presents a refusal as an outcome, not an error;
            // this keeps its words if one ever gets here.
            SignError::Refused(refused) => AppError::Author {
                message: refused.to_string(),
            },
        }
    }
}

impl From<proofpack_core::TrustStoreError> for AppError {
    /// The store's path and its problem in the core's words (the UI says
    /// them in its language's sentence).
    fn from(e: proofpack_core::TrustStoreError) -> Self {
        AppError::TrustStore {
            path: e.path().unwrap_or_default().to_owned(),
            message: e.problem().to_string(),
        }
    }
}

impl From<proofpack_files::FileError> for AppError {
    fn from(e: proofpack_files::FileError) -> Self {
        use proofpack_files::FileError;
        match e {
            FileError::Exists { path, .. } => AppError::Exists {
                path: path.display().to_string(),
            },
            FileError::Io { path, source } => AppError::write(&path.display().to_string(), source),
            e @ FileError::Key { .. } => AppError::Author {
                message: e.to_string(),
            },
        }
    }
}
