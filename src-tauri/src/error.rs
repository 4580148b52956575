//! The app's errors, as they cross IPC: the front ends' one typed,
//! serialisable error (`proofpack_render::views::AppError`: the UI switches
//! on `kind`), never a bare string; here, what the author crate's and the
//! file writer's errors become in it (the render crate, which the browser's
//! build uses too, knows neither).

pub use proofpack_render::views::{AppError, VerifierKeyProblem};

/// An authoring error, in the author crate's words.
pub fn authoring_error(e: proofpack_author::AuthoringError) -> AppError {
    AppError::Author {
        message: e.to_string(),
    }
}

/// Why signing stopped. A refusal is an outcome the service presents, not
/// an error; this keeps its words should one get here.
pub fn sign_error(e: proofpack_author::SignError) -> AppError {
    use proofpack_author::SignError;
    match e {
        SignError::Authoring(e) => authoring_error(e),
        SignError::TrustStore(e) => e.into(),
        SignError::Exists { path } => AppError::Exists {
            path: path.display().to_string(),
        },
        SignError::Refused(refused) => AppError::Author {
            message: refused.to_string(),
        },
    }
}

/// Why a file was not written (or a key file not read).
pub fn file_error(e: proofpack_files::FileError) -> AppError {
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
