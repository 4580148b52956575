//! The auditor portal: a read-only, tenant-scoped HTTP endpoint over a
//! controller's retained proof packs (`DIR/<tenant_id>/*.tar.gz`).
//!
//! Auditors and regulators fetch the packs of *their* tenants, with the
//! verifier's report, and nothing else: every `/api/` request carries a
//! bearer token ([`tokens`]) naming the tenants it may read, and a pack
//! outside them answers exactly as one that does not exist. This is the one
//! part of ProofPack that listens on a network; the `proofpack` verifier
//! links none of it.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod access_log;
pub mod lang;
pub mod page;
pub mod register;
pub mod server;
pub mod store;
pub mod tokens;
pub mod verifier;

/// Why the portal could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum PortalError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
    /// The input is not usable, with what to fix.
    #[error("{0}")]
    Invalid(String),
}

impl PortalError {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Self {
        PortalError::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }
}
