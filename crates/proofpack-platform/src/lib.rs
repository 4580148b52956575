#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs, unreachable_pub)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

#[cfg(feature = "sqlite")]
mod audit_log;
mod error;

#[cfg(feature = "sqlite")]
pub use audit_log::AuditLog;
pub use error::PlatformError;
