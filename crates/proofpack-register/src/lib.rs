//! Registers: many proof packs verified together (spec §19), and the
//! difference between two packs of one request (§18).
//!
//! A regulator receives many packs from one controller over years. A
//! register verifies each pack alone (§0-§17), with one trust store, then
//! finds what no single pack shows: which pack follows up which (§18),
//! requests with competing packs, a log whose key signed two histories, and
//! the open items of each request with their due dates, overdue at `as_of`.
//!
//! One call, [`register`], takes the packs (each with the name it is shown
//! under), the trust store, `as_of` and a number of threads, and returns a
//! typed [`Register`], serialisable as §19's JSON. [`diff`] compares two
//! verified packs. No network, no async: the threads are `std`'s.
//!
//! ```no_run
//! use proofpack_core::TrustStore;
//! use proofpack_register::{register, Options, PackInput};
//! use proofpack_spec::timestamp::Timestamp;
//! let trust = TrustStore::load("sample-packs/trust.json".as_ref())?;
//! let packs = vec![PackInput::path("a.tar.gz", "sample-packs/complete-gdpr.tar.gz")];
//! let as_of = Timestamp::parse("2026-12-01T00:00:00Z").ok_or("as_of")?;
//! let reg = register(packs, &Options::new(&trust, as_of))?;
//! assert_eq!(reg.exit_status(), 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![deny(unreachable_pub)]

mod diff;
mod inputs;
mod pack;
mod report;
mod rules;
mod run;

pub use diff::{
    diff, Change, Diff, DiffItem, DiffSide, MembersDiff, OpenItemsDiff, ReceiptState, Supersession,
    TierState,
};
pub use inputs::{inputs, is_pack_name, Inputs, ListError, ListProblem, SkipReason, Skipped};
pub use report::{OpenItemRow, Register, RegisterFinding, RegisterPack, RegisterRequest, Unread};
pub use run::{register, Collector, Options, PackInput, PackSource, Progress, RegisterError};

#[cfg(feature = "schema")]
/// The JSON Schema of [`Register`], the contract of `proofpack register
/// --json` (committed as `docs/register.schema.json`).
pub fn register_schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Register)).unwrap_or_default()
}
