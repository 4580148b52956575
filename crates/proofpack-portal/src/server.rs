//! The HTTP server: axum on tokio, served by axum-server (plain HTTP on
//! loopback, or rustls with the ring provider).
//!
//! | request | answer |
//! |---|---|
//! | `GET /api/v1/packs[?page=N&per_page=M]` | the token's tenants' packs |
//! | `GET /api/v1/packs/{sha256}` | the §13 report JSON |
//! | `GET /api/v1/packs/{sha256}/proof.tar.gz` | the exact bytes |
//! | `GET /api/v1/packs/{sha256}/report.html[?lang=fr]` | the HTML report, in the reader's language |
//! | `GET /api/v1/register?tenant=T[&as_of=TS]` | the §19 register of one of the token's tenants |
//! | `GET /[?lang=fr]` and `/static/*` | the page (no data), in the reader's language |
//!
//! 401 for a missing, unknown, expired or revoked token; 404 for a pack the
//! token may not see, exactly as for one that does not exist; 503 with
//! `Retry-After` for one of the token's packs whose report is not ready yet
//! (the list shows it with `"verdict": null`), and for the register of a
//! tenant one of whose packs is not; 400 for a malformed id or query (an
//! `as_of` that is not RFC 3339); 405 for any method but GET and HEAD. A
//! tenant the token does not hold is the 404 of an absent pack. No path from a request is
//! ever joined to a file path: packs are served only from the index the
//! scan built, by SHA-256.
//!
//! The portal listens as soon as the scan has read every pack's manifest;
//! the packs are verified in the background ([`crate::verifier`]). An HTML
//! report is rendered once per (pack, trust store, language). The page and
//! the HTML reports are in the language a `lang` parameter names, else the
//! one `Accept-Language` prefers ([`crate::lang`]); the JSON never changes.

use crate::access_log::{self, Access, AccessLog};
use crate::lang::{self, Lang};
use crate::page;
use crate::register::{self, Unmade};
use crate::store::{self, open_trust, Cache, Notice, Pack, Standing, Store};
use crate::tokens::{Principal, Refusal, TokenSource};
pub use crate::verifier::Hooks;
use crate::verifier::Verifier;
use crate::PortalError;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, Path as UrlPath, Query, Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use proofpack_core::{Cancel, Limits, Report, TrustStore};
use proofpack_serve::Listen;
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tower_http::limit::RequestBodyLimitLayer;

/// The `Retry-After` of a report not ready yet, in seconds.
pub const RETRY_AFTER_SECS: u32 = 1;
/// The largest request body accepted (GET and HEAD need none).
pub const MAX_BODY: usize = 1024;
/// The default and the largest `per_page` of the list.
pub const PER_PAGE: (u64, u64) = (100, 1000);

const PORTAL_JS: &str = include_str!("../static/portal.js");
const PORTAL_CSS: &str = include_str!("../static/portal.css");

/// The page's policy: its own script, style and API, nothing else.
const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                        connect-src 'self'; img-src 'none'; form-action 'none'; \
                        base-uri 'none'; frame-ancestors 'none'";
/// The policy of every answer that is not HTML.
const DATA_CSP: &str = "default-src 'none'; frame-ancestors 'none'; sandbox";

pub use proofpack_serve::{Tls, MAX_HEAD, MAX_HEADERS};

/// How to serve.
#[derive(Debug, Clone)]
pub struct Config {
    /// The store, `DIR/<tenant_id>/*.tar.gz`.
    pub store_dir: PathBuf,
    /// The trust store every pack is verified against.
    pub trust: PathBuf,
    /// The token file.
    pub tokens: PathBuf,
    /// Where to listen; a non-loopback address needs [`Config::tls`].
    pub addr: SocketAddr,
    /// TLS, if any.
    pub tls: Option<Tls>,
    /// The access log file; standard error if `None`.
    pub access_log: Option<PathBuf>,
    /// How often the store and the trust store are looked at again.
    pub rescan: Duration,
    /// The background verification's hooks ([`Hooks::default`] to serve).
    pub hooks: Hooks,
}

/// The server's state.
pub struct Portal {
    store: RwLock<Arc<Store>>,
    tokens: TokenSource,
    log: Arc<AccessLog>,
    report_csp: String,
    hooks: Hooks,
    /// One register at a time: each verifies all of a tenant's packs again
    /// on one thread per core, as the background workers do.
    registers: Arc<tokio::sync::Semaphore>,
}

impl Portal {
    /// The store now served.
    pub fn store(&self) -> Arc<Store> {
        match self.store.read() {
            Ok(guard) => Arc::clone(&guard),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    fn replace_store(&self, store: Store) {
        let mut guard = match self.store.write() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        *guard = Arc::new(store);
    }
}

/// Rescans the store, follows the trust store, and hands what is not yet
/// verified to the background workers.
struct Scanner {
    dir: PathBuf,
    trust_path: PathBuf,
    trust: Arc<TrustStore>,
    trust_stamp: Option<(Option<std::time::SystemTime>, u64)>,
    cache: Cache,
    limits: Limits,
    last_notices: BTreeSet<String>,
    verifier: Verifier,
}

fn trust_stamp(path: &Path) -> Option<(Option<std::time::SystemTime>, u64)> {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.modified().ok(), m.len()))
}

impl Scanner {
    /// A scanner whose failed verifications are told to `log`.
    fn open(config: &Config, log: &Arc<AccessLog>) -> Result<Self, PortalError> {
        let failures = Arc::clone(log);
        let dir = config.store_dir.clone();
        let verifier = Verifier::start(
            Verifier::default_threads(),
            config.hooks.clone(),
            Arc::new(move |path, reason| announce(&failures, &store::skipped(&dir, path, reason))),
        )
        .map_err(|e| PortalError::io("verification threads", e))?;
        Ok(Scanner {
            dir: config.store_dir.clone(),
            trust_path: config.trust.clone(),
            trust_stamp: trust_stamp(&config.trust),
            trust: Arc::new(open_trust(&config.trust)?),
            cache: Cache::default(),
            limits: Limits::default(),
            last_notices: BTreeSet::new(),
            verifier,
        })
    }

    /// Scans the store and queues what it has no report for; returns the
    /// store and the notices not given last time.
    fn scan(&mut self) -> Result<(Store, Vec<Notice>), PortalError> {
        let stamp = trust_stamp(&self.trust_path);
        if stamp != self.trust_stamp {
            // A new trust store: every pack is verified again (the cache is
            // keyed by the store's SHA-256), and is pending until then. An
            // unusable one keeps the old.
            self.trust = Arc::new(open_trust(&self.trust_path)?);
            self.trust_stamp = stamp;
        }
        let scan = store::scan(&self.dir, &self.trust, &mut self.cache, &self.limits)?;
        for job in scan.jobs {
            self.verifier.submit(job);
        }
        let keys: BTreeSet<String> = scan.notices.iter().map(|n| format!("{n:?}")).collect();
        let fresh = scan
            .notices
            .into_iter()
            .filter(|n| !self.last_notices.contains(&format!("{n:?}")))
            .collect();
        self.last_notices = keys;
        Ok((scan.store, fresh))
    }

    /// [`Scanner::scan`] on a blocking thread, since it reads and hashes
    /// every changed pack; the scanner comes back with the result.
    async fn scan_blocking(
        mut self,
    ) -> Result<(Self, Result<(Store, Vec<Notice>), PortalError>), tokio::task::JoinError> {
        tokio::task::spawn_blocking(move || {
            let scanned = self.scan();
            (self, scanned)
        })
        .await
    }
}

/// Tells the operator: a line on standard error and an event in the log.
fn announce(log: &AccessLog, notice: &Notice) {
    match notice {
        Notice::Quarantined {
            tenant,
            file,
            sha256,
            manifest_tenant,
        } => {
            #[derive(Serialize)]
            struct Details<'a> {
                tenant: &'a str,
                file: &'a str,
                pack_sha256: &'a str,
                manifest_tenant_id: &'a str,
            }
            warn(
                log,
                format_args!(
                    "quarantined {tenant}/{} (sha256 {sha256}): its manifest names tenant {}; it is served to nobody",
                    Untrusted(file).escaped(),
                    Untrusted(manifest_tenant).escaped()
                ),
                "quarantined",
                Details {
                    tenant,
                    file,
                    pack_sha256: sha256,
                    manifest_tenant_id: manifest_tenant,
                },
            );
        }
        Notice::Skipped { path, reason } => {
            #[derive(Serialize)]
            struct Details<'a> {
                path: &'a str,
                reason: &'a str,
            }
            warn(
                log,
                format_args!(
                    "skipped {}: {}",
                    Untrusted(path).escaped(),
                    Untrusted(reason).escaped()
                ),
                "skipped",
                Details { path, reason },
            );
        }
    }
}

/// A warning for the operator: one line on stderr (pack-supplied parts
/// already escaped by the caller) and the same event in the log.
fn warn(log: &AccessLog, text: std::fmt::Arguments<'_>, event: &str, details: impl Serialize) {
    eprintln!("warning: {text}");
    log.event(event, details);
}

/// Warns, at start and in the log, when the token file can be read or
/// written by others than its owner: its hashes are not secrets, but
/// anyone who can write it can give themselves a token.
fn warn_if_exposed(tokens: &std::path::Path, log: &AccessLog) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let Ok(meta) = std::fs::metadata(tokens) else {
            return;
        };
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            let path = tokens.display().to_string();
            #[derive(Serialize)]
            struct Details<'a> {
                path: &'a str,
                mode: String,
            }
            warn(
                log,
                format_args!(
                    "the token file {} has mode {mode:o}: others may read or change it (chmod 600)",
                    Untrusted(&path).escaped()
                ),
                "tokens_exposed",
                Details {
                    path: &path,
                    mode: format!("{mode:o}"),
                },
            );
        }
    }
    #[cfg(not(unix))]
    let _ = (tokens, log);
}

/// The details of an event that is a problem: what went wrong.
#[derive(Serialize)]
struct Problem<'a> {
    problem: &'a str,
}

/// Serves until `shutdown` completes. `ready` is called once with the bound
/// address (and whether it is TLS) when the server accepts connections.
pub async fn run(
    config: Config,
    ready: impl FnOnce(SocketAddr, bool) + Send + 'static,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), PortalError> {
    let listen = Listen {
        addr: config.addr,
        tls: config.tls.clone(),
        grace: SHUTDOWN_GRACE,
    };
    listen
        .check("--tls-cert and --tls-key")
        .map_err(serve_error)?;
    let log = Arc::new(match &config.access_log {
        Some(path) => AccessLog::file(path)?,
        None => AccessLog::stderr(),
    });
    let token_log = Arc::clone(&log);
    let tokens = TokenSource::open(
        &config.tokens,
        Box::new(move |problem| token_log.event("tokens_unusable", Problem { problem })),
    )?;
    warn_if_exposed(&config.tokens, &log);
    let (scanner, scanned) = Scanner::open(&config, &log)?
        .scan_blocking()
        .await
        .map_err(|e| PortalError::Invalid(format!("the scan stopped: {e}")))?;
    let (store, notices) = scanned?;
    for notice in &notices {
        announce(&log, notice);
    }
    announce_serving(&store, &config.store_dir);
    let portal = Arc::new(Portal {
        store: RwLock::new(Arc::new(store)),
        tokens,
        log: Arc::clone(&log),
        report_csp: report_csp(),
        hooks: config.hooks.clone(),
        registers: Arc::new(tokio::sync::Semaphore::new(1)),
    });
    let rescanner = tokio::spawn(rescan_forever(Arc::clone(&portal), scanner, config.rescan));
    let app = router(portal);
    let served = proofpack_serve::serve(&listen, app, ready, shutdown).await;
    rescanner.abort();
    served.map_err(serve_error)
}

/// How long open requests may finish once the portal is told to stop.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

fn serve_error(e: proofpack_serve::ServeError) -> PortalError {
    PortalError::Invalid(e.to_string())
}

/// Says on standard error how many packs are served, how many are not,
/// and how many are still to be verified.
fn announce_serving(store: &Store, dir: &Path) {
    let (mut listed, mut quarantined, mut pending) = (0, 0, 0);
    for pack in store.packs() {
        match pack.standing() {
            Standing::Listed(_) => listed += 1,
            Standing::Quarantined { .. } => quarantined += 1,
            Standing::Hidden => {}
        }
        pending += usize::from(pack.verification.outcome().is_none());
    }
    eprintln!(
        "serving {listed} packs ({quarantined} quarantined) from {}; verifying {pending} in the background",
        dir.display()
    );
}

/// The policy of an HTML report: the report's own inline style (by hash),
/// nothing else.
fn report_csp() -> String {
    format!(
        "default-src 'none'; style-src {}; img-src 'none'; script-src 'none'; \
         form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
        proofpack_render::html::style_source()
    )
}

/// Every `period`, scans the store again and serves the result; a failed
/// scan is logged and the store served so far stays.
async fn rescan_forever(portal: Arc<Portal>, mut scanner: Scanner, period: Duration) {
    loop {
        tokio::time::sleep(period).await;
        let Ok((back, scanned)) = scanner.scan_blocking().await else {
            return;
        };
        scanner = back;
        match scanned {
            Ok((store, notices)) => {
                for notice in &notices {
                    announce(&portal.log, notice);
                }
                portal.replace_store(store);
            }
            Err(e) => portal.log.event(
                "rescan_failed",
                Problem {
                    problem: &e.to_string(),
                },
            ),
        }
    }
}

/// The portal's routes and middleware.
pub fn router(portal: Arc<Portal>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/static/portal.js", get(script))
        .route("/static/portal.css", get(style))
        .route("/api/v1/packs", get(list))
        .route("/api/v1/packs/{id}", get(report_json))
        .route("/api/v1/packs/{id}/proof.tar.gz", get(pack_bytes))
        .route("/api/v1/packs/{id}/report.html", get(report_html))
        .route("/api/v1/register", get(register_json))
        .fallback(fallback)
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(middleware::from_fn_with_state(Arc::clone(&portal), observe))
        .with_state(portal)
}

/// What a handler tells the access log about the answer.
#[derive(Debug, Clone, Default)]
struct Served {
    token_id: Option<String>,
    pack_sha256: Option<String>,
    refused: Option<Refusal>,
}

/// Every request passes here: methods other than GET and HEAD are refused,
/// the security headers are set on every answer, and the request is logged.
async fn observe(State(portal): State<Arc<Portal>>, request: Request, next: Next) -> Response {
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

fn error(status: StatusCode, code: &'static str) -> Response {
    let body = serde_json::json!({ "error": code }).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn with_served(mut response: Response, token_id: &str, pack_sha256: Option<&str>) -> Response {
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
enum Denied {
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
fn authorize(portal: &Portal, headers: &HeaderMap) -> Result<Arc<Principal>, Denied> {
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
struct Located {
    who: Arc<Principal>,
    pack: Arc<Pack>,
    report: Arc<Report>,
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

/// `?page=N&per_page=M` of the list.
#[derive(Debug, Deserialize)]
struct Paging {
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

async fn list(
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

fn json(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

async fn report_json(Located { who, pack, report }: Located) -> Response {
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
async fn report_html(
    State(portal): State<Arc<Portal>>,
    headers: HeaderMap,
    chosen: Result<Query<LangQuery>, axum::extract::rejection::QueryRejection>,
    Located { who, pack, report }: Located,
) -> Response {
    let lang = language(&headers, chosen);
    let page = pack.verification.html(lang, || {
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

async fn pack_bytes(Located { who, pack, .. }: Located) -> Response {
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

/// `?tenant=T[&as_of=TS]` of the register.
#[derive(Debug, Deserialize)]
struct RegisterQuery {
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
async fn register_json(
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
    let as_of = match query.as_of.as_deref() {
        Some(text) => match Timestamp::parse(text) {
            Some(as_of) => as_of,
            None => return refuse(StatusCode::BAD_REQUEST, "malformed_query"),
        },
        None => match Timestamp::from_instant_utc(time::OffsetDateTime::now_utc()) {
            Some(now) => now,
            None => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        },
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

async fn fallback(State(portal): State<Arc<Portal>>, request: Request) -> Response {
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
struct LangQuery {
    lang: Option<String>,
}

/// The language of a request: its `lang` parameter if it names one the
/// portal renders, else its `Accept-Language`. A malformed query is
/// ignored here (the page holds no data to refuse it for).
fn language(
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

async fn index(
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

async fn script() -> Response {
    page("text/javascript; charset=utf-8", PORTAL_JS, DATA_CSP)
}

async fn style() -> Response {
    page("text/css; charset=utf-8", PORTAL_CSS, DATA_CSP)
}
