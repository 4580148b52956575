// The README's example opens the SQLite log: it is the crate's
// documentation (and a doctest) when that feature is on.
#![cfg_attr(feature = "sqlite", doc = include_str!("../README.md"))]
#![cfg_attr(
    not(feature = "sqlite"),
    doc = "What an erasure platform runs beside `proofpack-producer` (the persistent audit log needs the `sqlite` feature)."
)]
#![forbid(unsafe_code)]
#![deny(missing_docs, unreachable_pub)]

#[cfg(feature = "sqlite")]
mod audit_log;
#[cfg(feature = "http")]
mod collector;
mod error;
pub mod probe_job;
mod receipts;

#[cfg(feature = "sqlite")]
pub use audit_log::AuditLog;
#[cfg(feature = "http")]
pub use collector::{
    Collector, DELETIONS_PATH, DELETION_ENDPOINT, MAILBOX_PATH, TICKET_ACCEPTED, TICKET_COMPLETED,
};
pub use error::PlatformError;
pub use receipts::{CollectedReceipt, Exchange};
