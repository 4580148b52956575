//! The access log: one JSON line per request (time, token id, method, path,
//! status, pack SHA-256), and one per event the operator must know of (a
//! quarantined pack, a token file that cannot be read). Auditors' downloads
//! are evidence too. Lines are written by serde_json, so a request's path,
//! whatever bytes it holds, stays one escaped JSON string on one line.

use serde::Serialize;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// One request, as logged.
#[derive(Debug, Serialize)]
pub struct Access<'a> {
    /// When the answer was sent (RFC 3339, UTC, with fraction).
    pub time: String,
    /// The id of the token that was accepted, if one was.
    pub token_id: Option<&'a str>,
    /// The request's method.
    pub method: &'a str,
    /// The request's path, as sent (still percent-encoded), without the query.
    pub path: &'a str,
    /// The answer's status code.
    pub status: u16,
    /// The SHA-256 of the pack answered about, if one was.
    pub pack_sha256: Option<&'a str>,
    /// Why the token was refused (a 401), if it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<crate::tokens::Refusal>,
}

/// Something the operator must know of, as logged.
#[derive(Debug, Serialize)]
pub struct Event<'a, T: Serialize> {
    /// When it happened.
    pub time: String,
    /// What happened, e.g. `quarantined`.
    pub event: &'a str,
    /// Its details.
    #[serde(flatten)]
    pub details: T,
}

/// Where the log goes: standard error or a file opened for appending.
pub struct AccessLog {
    out: Mutex<Box<dyn Write + Send>>,
}

/// The current time as the log writes it.
pub fn now() -> String {
    OffsetDateTime::now_utc()
        .format(&Rfc3339)
        .unwrap_or_default()
}

impl AccessLog {
    /// A log to standard error.
    pub fn stderr() -> Self {
        AccessLog {
            out: Mutex::new(Box::new(std::io::stderr())),
        }
    }

    /// A log appended to `path` (created if absent).
    pub fn file(path: &Path) -> Result<Self, crate::PortalError> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| crate::PortalError::io(path, e))?;
        Ok(AccessLog {
            out: Mutex::new(Box::new(file)),
        })
    }

    /// Writes one line. A log that cannot be written is not a reason to stop
    /// serving, so a failure is dropped (the operator sees the log stop).
    pub fn write<T: Serialize>(&self, line: &T) {
        let Ok(mut text) = serde_json::to_vec(line) else {
            return;
        };
        text.push(b'\n');
        let mut out = match self.out.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        // One write_all of the whole line, so concurrent lines never interleave.
        let _ = out.write_all(&text).and_then(|()| out.flush());
    }

    /// Logs an event.
    pub fn event<T: Serialize>(&self, event: &str, details: T) {
        self.write(&Event {
            time: now(),
            event,
            details,
        });
    }
}
