//! The ProofPack verification core: an offline verifier for proof-of-erasure
//! packs (`proof.tar.gz`, format `proof-pack/v1`). It has no GUI, CLI,
//! network or database dependency.
//!
//! The verifier parses, then verifies: findings are data in a
//! [`Report`](report::Report), never an early `Err`. The only error is
//! [`VerifyError`], for input that could not be read (or a verdict that
//! would lack its positive evidence: a bug, never a verdict).
//!
//! ```
//! use proofpack_core::{verify, Limits, TrustStore, Verdict};
//! let trust = TrustStore::from_json(&std::fs::read("../../sample-packs/trust.json")?)?;
//! let pack = std::fs::File::open("../../sample-packs/complete-gdpr.tar.gz")?;
//! let report = verify(pack, Some(&trust), &Limits::default())?;
//! assert_eq!(report.verdict, Verdict::Complete);
//! assert_eq!(report.exit_status(), 0);
//!
//! // Without a trust store the same pack is intact but not trusted.
//! let pack = std::fs::File::open("../../sample-packs/complete-gdpr.tar.gz")?;
//! let report = verify(pack, None, &Limits::default())?;
//! assert_eq!(report.verdict, Verdict::Untrusted);
//! assert!(report.findings.iter().any(|f| f.code.as_str() == "trust.not_configured"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules follow the sections of the spec (`proof-pack-v1.md`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod archive;
pub mod audit;
pub mod checkpoint;
pub mod crypto;
pub mod explain;
pub mod findings;
pub mod inspect;
pub mod json;
pub mod json_prefix;
pub mod manifest;
pub mod merkle;
pub mod probes;
pub mod provenance;
pub mod receipts;
pub mod render;
pub mod report;
pub mod request;
pub mod schema;
pub mod signature;
pub mod sla;
pub mod steps;
pub mod text;
pub mod timestamp;
pub mod trust;
pub mod verify;
pub mod vocab;

pub use archive::{Limits, ReadError};
pub use findings::{Code, Effect, Finding, Verdict};
pub use report::Report;
pub use trust::{TrustStore, TrustStoreError};
pub use verify::verify;
pub use verify::VerifyError;
