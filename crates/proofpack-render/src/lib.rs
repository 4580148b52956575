//! The renderers of a proof-pack [`Report`](proofpack_core::Report): one for
//! a terminal or a pipe ([`text`]), the §13 JSON ([`json`]), one printable
//! HTML page with its SVG pictures ([`html`]), and the explanation of every
//! finding code ([`explain`]): what it means, why it matters, what to ask.
//! Each human output is written in the reader's language ([`i18n`]:
//! English, French, German); the JSON never changes with it.
//!
//! Every front end (the CLI, the desktop app, the portal) prints through
//! these, so a reviewer reads the same words wherever they look. Pack text
//! reaches every output through [`proofpack_spec::text::Untrusted`] or an
//! escaping template, never as itself.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod explain;
pub mod html;
pub mod i18n;
pub mod json;
pub mod register;
pub mod text;
pub mod verification;
pub mod views;
