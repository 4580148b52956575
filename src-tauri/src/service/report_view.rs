//! What the UI shows of a §13 report in one language, beside the report
//! itself: the pictures the core draws and the renderer's words, built by
//! the render crate's views, as the browser's worker builds them, so that
//! the app says what the CLI and the browser say.

pub use proofpack_render::views::{ReportWords, Shown};
