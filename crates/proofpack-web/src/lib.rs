//! The ProofPack verifier in a browser: the core, the renderer, the
//! register and the check of a signed verification (§20), compiled to
//! WebAssembly (`wasm32-unknown-unknown`) and run in a Web Worker, so that a
//! regulator verifies a pack in any browser, from one offline HTML file,
//! and the pack never leaves the machine.
//!
//! The page (`ui/`, the desktop app's own front end) talks to a backend
//! chosen at start; in a browser that is `ui/backend-web.js`, which runs
//! this module's bindings in workers (`ui/worker.js`). A pack is read as a
//! stream, a slice of its `File` at a time ([`reader`]), so memory stays
//! flat in its size; a verification is cancelled by stopping its worker.
//! Where the browser has JavaScript Promise Integration, a second worker
//! hashes the content of large members while the first inflates
//! (`elsewhere`), as the native verifier's second thread does.
//! What the panels show is built by the render crate's `views`, as the
//! desktop app builds it; `meta.verifier` names this build
//! ([`session::VERIFIER`]), and `meta.verified_at` comes from the browser's
//! clock (`time`'s `wasm-bindgen` feature).
//!
//! Everything but the bindings is plain Rust, tested natively.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

#[cfg(target_arch = "wasm32")]
pub mod bindings;
#[cfg(target_arch = "wasm32")]
pub mod elsewhere;
pub mod reader;
pub mod session;
