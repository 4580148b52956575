//! The renderers of a [`Report`](crate::report::Report): one for a terminal
//! or a pipe ([`text`]), one printable HTML page ([`html`]), and the §13 JSON
//! ([`json`]). The CLI and the desktop app both use these, so a reviewer
//! sees the same explanations wherever they look.

pub mod html;
pub mod json;
pub mod text;
