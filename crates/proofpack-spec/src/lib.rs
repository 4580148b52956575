//! The primitives of the proof-pack format (`proof-pack-v1.md`): what both
//! the verifier (`proofpack-core`) and a producer need, and nothing of
//! either. It holds no verifier, no findings and no rendering, so a platform
//! that writes packs links only this.
//!
//! - [`vocab`]: every closed set of spec names, each one enum (§1-§12).
//! - [`json`] and [`json_prefix`]: the strict JSON of §0.
//! - [`timestamp`] and [`calendar`]: RFC 3339 instants and the periods of §6.
//! - [`merkle`]: RFC 9162 trees, inclusion and consistency proofs (§10).
//! - [`checkpoint`]: C2SP signed notes and checkpoints (§10).
//! - [`cosignature`]: C2SP `cosignature/v1` witness cosignatures (§15), and
//!   [`vkey`]: C2SP verifier keys (`name+hash+base64key`).
//! - [`dsse`] and [`crypto`]: what the pack signature signs, and strict
//!   Ed25519 (§3).
//! - [`encoding`]: strict base64 and hex (§0); [`subject`]: pseudonymous
//!   subject references (§5); [`text`]: hostile text made inert.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[macro_use]
pub mod vocab;

pub mod calendar;
pub mod checkpoint;
pub mod cosignature;
pub mod crypto;
pub mod dsse;
pub mod encoding;
pub mod json;
pub mod json_prefix;
pub mod merkle;
pub mod subject;
pub mod text;
pub mod timestamp;
pub mod vkey;
