//! Verification receipts (spec §20): the verifier's own signed statement
//! of what it verified (the pack's SHA-256 and identity), with what (the
//! trust store's SHA-256, the verifier), what it found (the verdict and
//! codes), when and by whom, in a DSSE envelope signed by a key of role
//! `verifier` from the verifier's own key store.
//!
//! - [`VerificationStatement`]: the statement, built from a
//!   [`proofpack_core::Report`] or read (strictly) from a payload.
//! - [`sign_receipt`] and [`countersign_receipt`] with a [`VerifierKey`].
//! - [`check_receipt`] and [`check_receipt_with_pack`]: whether a receipt
//!   is authentic to a key store, who signed it, whether a pack is the one
//!   named, and whether verifying the pack again gives the same verdict and
//!   codes ([`CheckedReceipt`]).
//!
//! The crate's names say "receipt" for §20's signed envelope and
//! "statement" for its payload; §8's probe results (`verification.json`)
//! are the core's and the producer's `ProbeResults`.
//!
//! Offline: no network, database or async runtime.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![deny(unreachable_pub)]

mod check;
mod sign;
mod statement;

pub use check::{
    check_receipt, check_receipt_with_pack, CheckFailure, CheckSuccess, CheckedReceipt, Failure,
    NotCounting, PackToCompare, PackUnreadable, Reverification, SignatureRow, ENVELOPE_LIMIT,
};
pub use sign::{countersign_receipt, sign_receipt, SignError, VerifierKey};
pub use statement::{PackIdentity, VerificationStatement, VERIFIER};
