//! ProofPack: an offline verifier and authoring library for proof-of-erasure
//! packs (`proof.tar.gz`, format `proof-pack/v1`).
//!
//! The verifier parses, then verifies: findings are data in a
//! [`Report`](report::Report), never an early `Err`. The only error is
//! [`ReadError`](archive::ReadError), for input that could not be read.
//!
//! ```no_run
//! use proofpack::{verify, Limits, TrustStore};
//! let trust = TrustStore::from_json(&std::fs::read("trust.json")?)?;
//! let report = verify(std::fs::File::open("proof.tar.gz")?, Some(&trust), &Limits::default())?;
//! println!("{} ({} findings)", report.verdict, report.findings.len());
//! std::process::exit(report.exit_status());
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
pub mod authoring;
pub mod checkpoint;
pub mod crypto;
pub mod findings;
pub mod json;
pub mod manifest;
pub mod merkle;
pub mod probes;
pub mod producer;
pub mod provenance;
pub mod receipts;
pub mod report;
pub mod request;
pub mod schema;
pub mod signature;
pub mod sla;
pub mod steps;
pub mod timestamp;
pub mod trust;
pub mod verify;

pub use archive::{Limits, ReadError};
pub use findings::{Code, Effect, Finding, Verdict};
pub use report::Report;
pub use trust::{TrustStore, TrustStoreError};
pub use verify::verify;
