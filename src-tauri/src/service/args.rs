//! The app's command line (`proofpack-app PACK... [--trust FILE]`, or
//! `proofpack-app --register DIR [--trust FILE] [--as-of TS]`) and what the
//! UI is told of it at start.

use super::settings::read_settings;
use super::AppState;
use proofpack_spec::timestamp::{Timestamp, TimestampError};
use serde::Serialize;
use std::path::PathBuf;

/// What the command line asked for at start (`proofpack-app PACK...
/// [--trust FILE]`, or `proofpack-app --register DIR [--trust FILE]
/// [--as-of TS]`).
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Startup {
    /// Packs to open at start.
    pub packs: Vec<String>,
    /// The trust store for those packs and that register only (never remembered).
    pub trust: Option<String>,
    /// A folder (or pack) to open in Register mode at start.
    pub register: Option<String>,
    /// The instant that register judges open items at (RFC 3339; unset: now).
    pub as_of: Option<String>,
    /// A usage error of the command line, shown instead of a verdict.
    pub error: Option<String>,
}

/// Parses the app's command line.
pub fn parse_args(args: impl IntoIterator<Item = std::ffi::OsString>) -> Startup {
    #[derive(clap::Parser)]
    #[command(
        name = "proofpack-app",
        about = "Verify and author proof-of-erasure packs"
    )]
    struct Args {
        /// Packs to open and verify at start.
        packs: Vec<PathBuf>,
        /// Trust store for the packs and the register given here (not remembered).
        #[arg(long, value_name = "FILE")]
        trust: Option<PathBuf>,
        /// Open Register mode on this folder of packs (spec §19).
        #[arg(long, value_name = "DIR")]
        register: Option<PathBuf>,
        /// The instant the register judges open items at (RFC 3339; default: now).
        #[arg(long, value_name = "TS", requires = "register", value_parser = parse_time)]
        as_of: Option<String>,
    }
    fn parse_time(text: &str) -> Result<String, TimestampError> {
        text.parse::<Timestamp>().map(|_| text.to_owned())
    }
    use clap::Parser;
    match Args::try_parse_from(args) {
        Ok(a) => Startup {
            packs: a.packs.iter().map(|p| p.display().to_string()).collect(),
            trust: a.trust.map(|p| p.display().to_string()),
            register: a.register.map(|p| p.display().to_string()),
            as_of: a.as_of,
            error: None,
        },
        Err(e) => Startup {
            error: Some(e.to_string()),
            ..Startup::default()
        },
    }
}

/// What the UI needs at start.
#[derive(Debug, Clone, Serialize)]
pub struct StartupView {
    /// The command line's packs, trust store and usage error.
    #[serde(flatten)]
    pub startup: Startup,
    /// The trust store remembered for packs opened in the UI.
    pub remembered_trust: Option<String>,
    /// The app's version.
    pub version: &'static str,
}

/// The start state.
pub fn startup(state: &AppState) -> StartupView {
    StartupView {
        startup: state.startup.clone(),
        remembered_trust: read_settings(state).trust_store,
        version: env!("CARGO_PKG_VERSION"),
    }
}
