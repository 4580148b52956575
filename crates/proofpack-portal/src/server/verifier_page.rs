//! The browser's verifier under `/verify/`, when the portal is given the
//! folder of its hosted build (`scripts/build-web.sh` writes it to
//! `target/web/`): the page a regulator may also open from disk, here
//! fetched from the portal's own origin. It holds no data and needs no
//! token: a pack chosen in it is verified in the reader's browser and never
//! sent anywhere. Its five files are read once, at start, and only they are
//! served, each with the page's own Content-Security-Policy (read from its
//! `<meta>`, where the build writes it once).

use super::access::error;
use super::Portal;
use crate::PortalError;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::{self, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The hosted build's files, and how each is served.
const FILES: [(&str, &str); 5] = [
    ("index.html", "text/html; charset=utf-8"),
    ("app.js", "text/javascript; charset=utf-8"),
    ("worker.js", "text/javascript; charset=utf-8"),
    ("style.css", "text/css; charset=utf-8"),
    ("proofpack_web_bg.wasm", "application/wasm"),
];

/// Where the build writes the page's policy.
const POLICY_META: &str = "<meta http-equiv=\"Content-Security-Policy\" content=\"";

/// The verifier's files, read at start.
pub(crate) struct VerifierPage {
    files: Vec<(&'static str, &'static str, Bytes)>,
    policy: HeaderValue,
}

impl VerifierPage {
    /// Reads the hosted build in `dir`; refuses a folder that lacks one of
    /// its files or whose page states no policy.
    pub(crate) fn load(dir: &std::path::Path) -> Result<VerifierPage, PortalError> {
        let mut files = Vec::with_capacity(FILES.len());
        for (name, content_type) in FILES {
            let path = dir.join(name);
            let bytes = std::fs::read(&path).map_err(|e| PortalError::io(&path, e))?;
            files.push((name, content_type, Bytes::from(bytes)));
        }
        let page = files
            .first()
            .map(|(_, _, bytes)| bytes.as_ref())
            .unwrap_or_default();
        let policy = policy_of(page).ok_or_else(|| {
            PortalError::Invalid(format!(
                "{}: no Content-Security-Policy in the page: not a build of scripts/build-web.sh",
                dir.join("index.html").display()
            ))
        })?;
        Ok(VerifierPage { files, policy })
    }

    fn answer(&self, name: &str) -> Response {
        let Some((_, content_type, bytes)) = self.files.iter().find(|(n, _, _)| *n == name) else {
            return error(StatusCode::NOT_FOUND, "not_found");
        };
        let mut response = (
            [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
            bytes.clone(),
        )
            .into_response();
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, self.policy.clone());
        response
    }
}

/// The policy the page's `<meta>` states, as a header value.
fn policy_of(page: &[u8]) -> Option<HeaderValue> {
    let text = std::str::from_utf8(page).ok()?;
    let start = text.find(POLICY_META)? + POLICY_META.len();
    let end = start + text.get(start..)?.find('"')?;
    HeaderValue::from_str(text.get(start..end)?).ok()
}

/// The file `name` of the page, when the portal serves it.
fn served(portal: &Portal, name: &str) -> Response {
    match &portal.verifier_page {
        Some(page) => page.answer(name),
        None => error(StatusCode::NOT_FOUND, "not_found"),
    }
}

/// `/verify`: the page is at `/verify/`, where its files' relative names
/// resolve.
pub(super) async fn to_folder(State(portal): State<Arc<Portal>>) -> Response {
    if portal.verifier_page.is_none() {
        return error(StatusCode::NOT_FOUND, "not_found");
    }
    (
        StatusCode::PERMANENT_REDIRECT,
        [(header::LOCATION, HeaderValue::from_static("/verify/"))],
    )
        .into_response()
}

pub(super) async fn index(State(portal): State<Arc<Portal>>) -> Response {
    served(&portal, "index.html")
}

pub(super) async fn file(State(portal): State<Arc<Portal>>, Path(name): Path<String>) -> Response {
    served(&portal, &name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_is_the_pages_own() {
        let page = format!("<head>{POLICY_META}default-src 'none'; script-src 'self'\"></head>");
        assert_eq!(
            policy_of(page.as_bytes()).as_ref().map(|v| v.to_str().ok()),
            Some(Some("default-src 'none'; script-src 'self'"))
        );
        assert!(policy_of(b"<head></head>").is_none());
        assert!(policy_of(format!("{POLICY_META}unterminated").as_bytes()).is_none());
    }
}
