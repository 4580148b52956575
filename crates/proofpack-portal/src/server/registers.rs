//! The §19 register of one of the token's tenants, made on a blocking
//! thread, one register at a time, stopped when its client goes away.

use super::access::{authorize, error, with_served};
use super::packs::json;
use super::scan::Problem;
use super::{Portal, RETRY_AFTER_SECS};
use crate::register::{self, Unmade};
use crate::verifier::Verifier;
use axum::extract::{Query, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use proofpack_core::Cancel;
use proofpack_spec::timestamp::Timestamp;
use serde::Deserialize;
use std::sync::Arc;

/// `?tenant=T[&as_of=TS]` of the register.
#[derive(Debug, Deserialize)]
pub(super) struct RegisterQuery {
    tenant: String,
    as_of: Option<String>,
}

/// Raises its flag when dropped: when the client of a register goes away,
/// axum drops the handler's future, and the register stops within
/// milliseconds instead of holding the one turn for nobody.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// 503 with `Retry-After`: one of the tenant's packs is not verified yet.
fn register_not_ready(token_id: &str) -> Response {
    let mut later = error(StatusCode::SERVICE_UNAVAILABLE, "not_ready");
    later
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    with_served(later, token_id, None)
}

/// The §19 register of one of the token's tenants at `as_of` (now when
/// absent), byte for byte as `proofpack register --json` writes it for the
/// tenant's packs. A tenant the token does not hold is the 404 of an
/// absent pack, whether or not it exists.
pub(super) async fn register_json(
    State(portal): State<Arc<Portal>>,
    headers: HeaderMap,
    query: Result<Query<RegisterQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let who = match authorize(&portal, &headers) {
        Ok(who) => who,
        Err(denied) => return denied.into_response(),
    };
    let refuse = |status, code| with_served(error(status, code), &who.id, None);
    let Ok(Query(query)) = query else {
        return refuse(StatusCode::BAD_REQUEST, "malformed_query");
    };
    let as_of = match query.as_of.as_deref().map(str::parse::<Timestamp>) {
        Some(Ok(as_of)) => as_of,
        Some(Err(_)) => return refuse(StatusCode::BAD_REQUEST, "malformed_query"),
        None => Timestamp::now(),
    };
    if !who.tenants.contains(&query.tenant) {
        return refuse(StatusCode::NOT_FOUND, "not_found");
    }
    // Waiting for the turn first, so the register is of the store served
    // when it starts.
    let Ok(turn) = Arc::clone(&portal.registers).acquire_owned().await else {
        return refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal");
    };
    let store = portal.store();
    let (packs, trust) = match (register::packs_of(&store, &query.tenant), store.trust()) {
        (Ok(packs), Some(trust)) => (packs, Arc::clone(trust)),
        (Err(_), _) => return register_not_ready(&who.id),
        (_, None) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal"),
    };
    let cancel = Cancel::new();
    let _stop = CancelOnDrop(cancel.clone());
    let request = register::Request {
        packs,
        trust,
        limits: store.limits(),
        as_of,
        jobs: Verifier::default_threads(),
        cancel,
    };
    drop(store);
    let made = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        register::make(request)
            .and_then(|made| register::json(&made).map_err(|e| Unmade::Internal(e.to_string())))
    })
    .await;
    match made {
        Ok(Ok(bytes)) => with_served(json(bytes), &who.id, None),
        Ok(Err(Unmade::Pending)) => register_not_ready(&who.id),
        Ok(Err(Unmade::Internal(problem))) => {
            let problem = format!("register of {}: {problem}", query.tenant);
            portal
                .log
                .event("register_failed", Problem { problem: &problem });
            refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal")
        }
        Ok(Err(Unmade::Cancelled)) | Err(_) => {
            refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal")
        }
    }
}
