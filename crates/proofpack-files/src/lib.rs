//! The files ProofPack writes that must survive a crash, and the key files
//! it reads and writes: one writer and one key-file module for every
//! writer of the workspace (packs, reports, trust stores, keys, the app's
//! settings, the witness's state, the portal's tokens).
//!
//! - [`durable`]: a file written whole or not at all ([`write_atomic`],
//!   [`Staged`] for a file streamed), synced to disk with the rename that
//!   puts it in place, never replacing a file unless the caller asks.
//! - [`keys`]: Ed25519 keys as PKCS#8 PEM files, interchangeable with
//!   OpenSSL.
//!
//! Not a dependency of the verifier's crates: `tempfile` brings `getrandom`,
//! which the browser's WebAssembly build must not have.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod durable;
pub mod keys;

pub use durable::{occupied, write_atomic, Access, Existing, Staged};

use std::path::{Path, PathBuf};

/// Why a file could not be written (or a key file read).
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file exists, and replacing it was not asked for: nothing was
    /// written.
    #[error("{}: {source}", .path.display())]
    Exists {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// A file could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// A key file does not hold the Ed25519 key that was needed.
    #[error("{}: {problem}", .path.display())]
    Key {
        /// The key file.
        path: PathBuf,
        /// What it holds instead.
        problem: keys::KeyProblem,
    },
}

impl FileError {
    /// An I/O error about `path`; one that says the file exists is
    /// [`FileError::Exists`].
    pub fn io(path: &Path, source: std::io::Error) -> FileError {
        let path = path.to_path_buf();
        if source.kind() == std::io::ErrorKind::AlreadyExists {
            FileError::Exists { path, source }
        } else {
            FileError::Io { path, source }
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            FileError::Exists { path, .. }
            | FileError::Io { path, .. }
            | FileError::Key { path, .. } => path,
        }
    }
}
