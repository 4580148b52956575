//! The ProofPack verification core: an offline verifier for proof-of-erasure
//! packs (`proof.tar.gz`, format `proof-pack/v1`). It has no GUI, CLI,
//! network or database dependency.
//!
//! The verifier parses, then verifies: findings are data in a
//! [`Report`], never an early `Err`. The only error is
//! [`VerifyError`], for input that could not be read (or a verdict that
//! would lack its positive evidence: a bug, never a verdict).
//!
//! ```
//! use proofpack_core::{verify, Code, Limits, TrustStore, Verdict};
//! let trust = TrustStore::load("../../sample-packs/trust.json".as_ref())?;
//! let pack = std::fs::File::open("../../sample-packs/complete-gdpr.tar.gz")?;
//! let report = verify(pack, "complete-gdpr.tar.gz", Some(&trust), &Limits::default())?;
//! assert_eq!(report.verdict(), Verdict::Complete);
//! assert_eq!(report.exit_status(), 0);
//! // The report records how it was made: the input's name and the store.
//! assert_eq!(report.meta().trust_store.as_ref(), Some(trust.identity()));
//!
//! // Without a trust store the same pack is intact but not trusted.
//! let pack = std::fs::File::open("../../sample-packs/complete-gdpr.tar.gz")?;
//! let report = verify(pack, "complete-gdpr.tar.gz", None, &Limits::default())?;
//! assert_eq!(report.verdict(), Verdict::Untrusted);
//! assert!(report.findings().iter().any(|f| f.code() == Code::TrustNotConfigured));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules follow the sections of the spec (`proof-pack-v1.md`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![deny(unreachable_pub)]

// Sections of the spec, each parsed then checked; private: the public API is
// the re-exports below, and the read-only views of `report`, `trust` and
// `inspect`.
mod archive;
mod attestation;
mod audit;
mod cancel;
mod cosignatures;
mod findings;
pub mod inspect;
mod manifest;
mod messages;
mod pack_file;
mod probes;
mod provenance;
mod receipts;
mod register_facts;
pub mod report;
mod request;
mod schema;
mod seal;
mod signature;
mod sla;
mod steps;
pub mod trust;
mod verify;
mod why;
mod witnessed;

#[cfg(test)]
mod tests;

#[cfg(feature = "fuzzing")]
pub mod fuzzing;

pub use archive::{Limits, MemberHasher, ReadError};
pub use findings::{
    Code, Effect, Finding, MissingEvidence, Passed, RegisterCode, SuccessCode, Verdict,
};
pub use messages::{MessageArg, MessageId};
pub use pack_file::{verify_path, PackFile, ReadProgress};
pub use report::Report;
pub use trust::{TrustStore, TrustStoreError, TrustStoreProblem};
pub use verify::{verify, verify_until, verify_with_hasher, Cancel, VerifyError};
