//! What every request passes through: the method and security headers,
//! the access log, the bearer token, and the pack a path's `{id}` names
//! (401, 400, 404 or 503 before any handler runs).

use super::{Portal, DATA_CSP, RETRY_AFTER_SECS};
use crate::access_log::{self, Access};
use crate::store::Pack;
use crate::tokens::{Principal, Refusal};
use axum::extract::{FromRequestParts, Path as UrlPath, Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use proofpack_core::Report;
use std::sync::Arc;

/// What a handler tells the access log about the answer.
#[derive(Debug, Clone, Default)]
struct Served {
    token_id: Option<String>,
    pack_sha256: Option<String>,
    refused: Option<Refusal>,
}

/// Every request passes here: methods other than GET and HEAD are refused,
/// the security headers are set on every answer, and the request is logged.
pub(super) async fn observe(
    State(portal): State<Arc<Portal>>,
    request: Request,
    next: Next,
) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let mut response = if method == Method::GET || method == Method::HEAD {
        next.run(request).await
    } else {
        let mut refused = error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
        refused
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        refused
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.remove(header::SERVER);
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DATA_CSP),
        );
    }
    let served = response
        .extensions()
        .get::<Served>()
        .cloned()
        .unwrap_or_default();
    portal.log.write(&Access {
        time: access_log::now(),
        token_id: served.token_id.as_deref(),
        method: method.as_str(),
        path: &path,
        status: response.status().as_u16(),
        pack_sha256: served.pack_sha256.as_deref(),
        refused: served.refused,
    });
    response
}

pub(super) fn error(status: StatusCode, code: &'static str) -> Response {
    let body = serde_json::json!({ "error": code }).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

pub(super) fn with_served(
    mut response: Response,
    token_id: &str,
    pack_sha256: Option<&str>,
) -> Response {
    response.extensions_mut().insert(Served {
        token_id: Some(token_id.to_owned()),
        pack_sha256: pack_sha256.map(str::to_owned),
        refused: None,
    });
    response
}

/// The token of `Authorization: Bearer <token>` (RFC 6750 `b64token`
/// characters; the scheme is case-insensitive), if the header is well formed.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let value = values.next()?;
    if values.next().is_some() {
        return None;
    }
    let (scheme, token) = value.to_str().ok()?.split_once(' ')?;
    let b64token = |b: u8| {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'+' | b'/' | b'=')
    };
    (scheme.eq_ignore_ascii_case("bearer")
        && !token.is_empty()
        && token.len() <= 512
        && token.bytes().all(b64token))
    .then_some(token)
}

/// Why a request about packs is not answered with data.
pub(super) enum Denied {
    /// 401: no valid token (which refusal it was is said to the log only).
    Unauthorized(Refusal),
    /// 400: the id is not a SHA-256.
    MalformedId { token_id: String },
    /// 404: no such pack, or not this token's: the same answer.
    NotFound { token_id: String, sha256: String },
    /// 503: the token's pack, whose report is not ready yet.
    NotReady { token_id: String, sha256: String },
}

impl IntoResponse for Denied {
    fn into_response(self) -> Response {
        match self {
            Denied::Unauthorized(refusal) => {
                let mut refused = error(StatusCode::UNAUTHORIZED, "unauthorized");
                refused.headers_mut().insert(
                    header::WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer realm=\"proofpack-portal\""),
                );
                refused.extensions_mut().insert(Served {
                    refused: Some(refusal),
                    ..Served::default()
                });
                refused
            }
            Denied::MalformedId { token_id } => with_served(
                error(StatusCode::BAD_REQUEST, "malformed_id"),
                &token_id,
                None,
            ),
            Denied::NotFound { token_id, sha256 } => with_served(
                error(StatusCode::NOT_FOUND, "not_found"),
                &token_id,
                Some(&sha256),
            ),
            Denied::NotReady { token_id, sha256 } => {
                let mut later = error(StatusCode::SERVICE_UNAVAILABLE, "not_ready");
                later
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
                with_served(later, &token_id, Some(&sha256))
            }
        }
    }
}

/// The token's holder, or why not.
pub(super) fn authorize(portal: &Portal, headers: &HeaderMap) -> Result<Arc<Principal>, Denied> {
    let outcome = match bearer(headers) {
        Some(token) => portal
            .tokens
            .current()
            .authenticate(token, time::OffsetDateTime::now_utc()),
        None => Err(Refusal::Missing),
    };
    outcome.map_err(Denied::Unauthorized)
}

/// Whether `id` is a SHA-256 as the portal writes it: 64 lowercase hex digits.
pub fn valid_sha256(id: &str) -> bool {
    id.len() == 64 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The token's holder, the pack the path's `{id}` names and its report:
/// extracting it answers 401, 400, 404 or 503 for the handler.
pub(super) struct Located {
    pub(super) who: Arc<Principal>,
    pub(super) pack: Arc<Pack>,
    pub(super) report: Arc<Report>,
}

impl FromRequestParts<Arc<Portal>> for Located {
    type Rejection = Denied;

    async fn from_request_parts(
        parts: &mut Parts,
        portal: &Arc<Portal>,
    ) -> Result<Self, Self::Rejection> {
        let who = authorize(portal, &parts.headers)?;
        let id = match UrlPath::<String>::from_request_parts(parts, portal).await {
            Ok(UrlPath(id)) if valid_sha256(&id) => id,
            _ => {
                return Err(Denied::MalformedId {
                    token_id: who.id.clone(),
                })
            }
        };
        let store = portal.store();
        match store.find(&id, &who.tenants) {
            Some((pack, Some(report))) => Ok(Located {
                pack: Arc::clone(pack),
                report: Arc::clone(report),
                who,
            }),
            // Only a token that may see the pack learns that it is there.
            Some((_, None)) => Err(Denied::NotReady {
                token_id: who.id.clone(),
                sha256: id,
            }),
            None => Err(Denied::NotFound {
                token_id: who.id.clone(),
                sha256: id,
            }),
        }
    }
}

pub(super) async fn fallback(State(portal): State<Arc<Portal>>, request: Request) -> Response {
    // Under /api/ even a path that names nothing needs a token: no
    // unauthenticated request learns what the API holds.
    if request.uri().path().starts_with("/api/") {
        return match authorize(&portal, request.headers()) {
            Ok(who) => with_served(error(StatusCode::NOT_FOUND, "not_found"), &who.id, None),
            Err(denied) => denied.into_response(),
        };
    }
    error(StatusCode::NOT_FOUND, "not_found")
}
