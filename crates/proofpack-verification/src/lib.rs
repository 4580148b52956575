//! Verification receipts (spec §20): the verifier's own signed statement
//! of what it verified (the pack's SHA-256 and identity), with what (the
//! trust store's SHA-256, the verifier), what it found (the verdict and
//! codes), when and by whom, in a DSSE envelope signed by a key of role
//! `verifier` from the verifier's own key store.
//!
//! - [`Statement`]: the statement, built from a [`proofpack_core::Report`]
//!   or read (strictly) from a payload.
//! - [`sign`] and [`countersign`] with a [`VerifierKey`].
//! - [`check`]: whether a receipt is authentic to a key store, who signed
//!   it, whether a pack is the one named, and whether verifying the pack
//!   again gives the same verdict and codes ([`Checked`]).
//!
//! Offline: no network, database or async runtime.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![deny(unreachable_pub)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod check;
mod sign;
mod statement;

pub use check::{
    check, check_receipt, CheckFailure, CheckSuccess, Checked, Failure, NotCounting, PackToCompare,
    PackUnreadable, Reverification, SignatureRow,
};
pub use sign::{countersign, sign, SignError, VerifierKey};
pub use statement::{PackIdentity, Statement, VERIFIER};
