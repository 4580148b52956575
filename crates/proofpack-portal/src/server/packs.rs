//! The packs: the list of the token's packs, and one pack's report (JSON
//! or HTML, in the reader's language) or exact bytes.

use super::access::{authorize, error, with_served, Located};
use super::pages::{language, LangQuery};
use super::{Portal, PER_PAGE};
use crate::store::Pack;
use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use proofpack_core::Report;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::sync::Arc;

/// `?page=N&per_page=M` of the list.
#[derive(Debug, Deserialize)]
pub(super) struct Paging {
    page: Option<u64>,
    per_page: Option<u64>,
}

/// One pack of the list; what only its report tells is `null` until the
/// report is ready.
#[derive(Debug, Serialize)]
struct Listed<'a> {
    pack_id: Option<&'a str>,
    request_id: Option<&'a str>,
    tenant_id: &'a str,
    verdict: Option<&'static str>,
    sha256: &'a str,
    signed_at: Option<&'a str>,
    file: &'a str,
}

/// A page of the list, and the token's tenants (whose registers it may ask
/// for, packs or not).
#[derive(Debug, Serialize)]
struct PackList<'a> {
    packs: Vec<Listed<'a>>,
    page: u64,
    per_page: u64,
    total: usize,
    tenants: &'a BTreeSet<String>,
}

pub(super) async fn list(
    State(portal): State<Arc<Portal>>,
    headers: HeaderMap,
    paging: Result<Query<Paging>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let who = match authorize(&portal, &headers) {
        Ok(who) => who,
        Err(denied) => return denied.into_response(),
    };
    let paging = match paging {
        Ok(Query(p)) => p,
        Err(_) => {
            return with_served(
                error(StatusCode::BAD_REQUEST, "malformed_query"),
                &who.id,
                None,
            )
        }
    };
    let page = paging.page.unwrap_or(1);
    let per_page = paging.per_page.unwrap_or(PER_PAGE.0);
    if page == 0 || per_page == 0 || per_page > PER_PAGE.1 {
        return with_served(
            error(StatusCode::BAD_REQUEST, "malformed_query"),
            &who.id,
            None,
        );
    }
    let store = portal.store();
    let visible: Vec<(&Arc<Pack>, Option<&Arc<Report>>)> = store.visible(&who.tenants).collect();
    let skip = usize::try_from((page - 1).saturating_mul(per_page)).unwrap_or(usize::MAX);
    let take = usize::try_from(per_page).unwrap_or(usize::MAX);
    let packs = visible
        .iter()
        .skip(skip)
        .take(take)
        .map(|(p, report)| {
            let info = report.map(|r| r.pack());
            Listed {
                pack_id: info.and_then(|i| i.pack_id.as_deref()),
                request_id: info.and_then(|i| i.request_id.as_deref()),
                tenant_id: &p.tenant,
                verdict: report.map(|r| r.verdict().as_str()),
                sha256: &p.sha256,
                signed_at: info.and_then(|i| i.signed_at.as_deref()),
                file: &p.file,
            }
        })
        .collect();
    let body = PackList {
        packs,
        page,
        per_page,
        total: visible.len(),
        tenants: &who.tenants,
    };
    let mut out = Vec::new();
    if proofpack_render::json::compact_value(&mut out, &body).is_err() {
        return with_served(
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal"),
            &who.id,
            None,
        );
    }
    with_served(json(out), &who.id, None)
}

pub(super) fn json(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

pub(super) async fn report_json(Located { who, pack, report }: Located) -> Response {
    let mut out = Vec::new();
    let answer = match proofpack_render::json::pretty(&mut out, &report) {
        Ok(()) => json(out),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "internal"),
    };
    with_served(answer, &who.id, Some(&pack.sha256))
}

/// The HTML report in the request's language, rendered the first time it
/// is asked for in that language and kept with the pack's verification (so
/// per pack, trust store and language).
pub(super) async fn report_html(
    State(portal): State<Arc<Portal>>,
    headers: HeaderMap,
    chosen: Result<Query<LangQuery>, axum::extract::rejection::QueryRejection>,
    Located { who, pack, report }: Located,
) -> Response {
    let lang = language(&headers, chosen);
    let page = pack.report_slot.html(lang, || {
        portal.hooks.rendered();
        Bytes::from(proofpack_render::html::report_in(&report, lang))
    });
    let mut answer = (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_LANGUAGE, lang.tag()),
            (header::VARY, "accept-language"),
        ],
        page,
    )
        .into_response();
    if let Ok(csp) = HeaderValue::from_str(&portal.report_csp) {
        answer
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    with_served(answer, &who.id, Some(&pack.sha256))
}

pub(super) async fn pack_bytes(Located { who, pack, .. }: Located) -> Response {
    let path = pack.path.clone();
    let read = tokio::task::spawn_blocking(move || {
        std::fs::read(&path).map(|bytes| {
            let sha = proofpack_spec::encoding::hex(&Sha256::digest(&bytes));
            (bytes, sha)
        })
    })
    .await;
    let answer = match read {
        // The exact bytes that were verified, or nothing: a file replaced
        // since the scan is served again once the next scan verified it.
        Ok(Ok((bytes, sha))) if sha == pack.sha256 => {
            let disposition = format!("attachment; filename=\"{}.tar.gz\"", pack.sha256);
            let mut answer = (
                [(header::CONTENT_TYPE, "application/gzip")],
                Body::from(bytes),
            )
                .into_response();
            if let Ok(value) = HeaderValue::from_str(&disposition) {
                answer
                    .headers_mut()
                    .insert(header::CONTENT_DISPOSITION, value);
            }
            answer
        }
        _ => error(StatusCode::NOT_FOUND, "not_found"),
    };
    with_served(answer, &who.id, Some(&pack.sha256))
}
