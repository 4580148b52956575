//! The page (no data) and its script and style, in the reader's language:
//! a `lang` parameter, else `Accept-Language` ([`crate::lang`]).

use super::DATA_CSP;
use crate::lang::{self, Lang};
use crate::page;
use axum::extract::Query;
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

const PORTAL_JS: &str = include_str!("../../static/portal.js");
const PORTAL_CSS: &str = include_str!("../../static/portal.css");

/// The page's policy: its own script, style and API, nothing else.
const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                        connect-src 'self'; img-src 'none'; form-action 'none'; \
                        base-uri 'none'; frame-ancestors 'none'";
fn page(content_type: &'static str, body: &'static str, csp: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, csp),
        ],
        body,
    )
        .into_response()
}

/// A `lang` query parameter: the reader's choice of language.
#[derive(Debug, Default, Deserialize)]
pub(super) struct LangQuery {
    lang: Option<String>,
}

/// The language of a request: its `lang` parameter if it names one the
/// portal renders, else its `Accept-Language`. A malformed query is
/// ignored here (the page holds no data to refuse it for).
pub(super) fn language(
    headers: &HeaderMap,
    chosen: Result<Query<LangQuery>, axum::extract::rejection::QueryRejection>,
) -> Lang {
    let chosen = chosen.map(|Query(q)| q).unwrap_or_default();
    lang::requested(
        chosen.lang.as_deref(),
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    )
}

pub(super) async fn index(
    headers: HeaderMap,
    chosen: Result<Query<LangQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let lang = language(&headers, chosen);
    let mut answer = page("text/html; charset=utf-8", page::index(lang), PAGE_CSP);
    let headers = answer.headers_mut();
    headers.insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.tag()),
    );
    headers.insert(header::VARY, HeaderValue::from_static("accept-language"));
    answer
}

pub(super) async fn script() -> Response {
    page("text/javascript; charset=utf-8", PORTAL_JS, DATA_CSP)
}

pub(super) async fn style() -> Response {
    page("text/css; charset=utf-8", PORTAL_CSS, DATA_CSP)
}
