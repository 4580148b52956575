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
//!
//! One module per route group: what every request passes through
//! (`access`: headers, log, token, the pack an id names), the packs
//! (`packs`), the registers (`registers`), the page (`pages`), and the
//! operator's side, the scans and what they announce (`scan`).

mod access;
mod packs;
mod pages;
mod registers;
mod scan;
mod verifier_page;

use crate::access_log::AccessLog;
use crate::store::Store;
use crate::tokens::TokenSource;
pub use crate::verifier::Hooks;
use crate::PortalError;
use access::{fallback, observe};
use axum::middleware;
use axum::routing::get;
use axum::Router;
use proofpack_serve::Listen;
use scan::{announce, announce_serving, rescan_forever, warn_if_exposed, Problem, Scanner};
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tower_http::limit::RequestBodyLimitLayer;

pub use access::valid_sha256;

/// The `Retry-After` of a report not ready yet, in seconds.
pub const RETRY_AFTER_SECS: u32 = 1;
/// The largest request body accepted (GET and HEAD need none).
pub const MAX_BODY: usize = 1024;
/// The default and the largest `per_page` of the list.
pub const PER_PAGE: (u64, u64) = (100, 1000);

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
    /// The browser verifier's hosted build (`scripts/build-web.sh`'s
    /// `target/web/`), served under `/verify/`; `None`: not served.
    pub verifier_page: Option<PathBuf>,
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
    /// The browser's verifier, when it is served.
    verifier_page: Option<verifier_page::VerifierPage>,
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
    let verifier_page = config
        .verifier_page
        .as_deref()
        .map(verifier_page::VerifierPage::load)
        .transpose()?;
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
        verifier_page,
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

/// The policy of an HTML report: the report's own inline style (by hash),
/// nothing else.
fn report_csp() -> String {
    format!(
        "default-src 'none'; style-src {}; img-src 'none'; script-src 'none'; \
         form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
        proofpack_render::html::style_source()
    )
}

/// The portal's routes and middleware.
pub fn router(portal: Arc<Portal>) -> Router {
    Router::new()
        .route("/", get(pages::index))
        .route("/static/portal.js", get(pages::script))
        .route("/static/portal.css", get(pages::style))
        .route("/api/v1/packs", get(packs::list))
        .route("/api/v1/packs/{id}", get(packs::report_json))
        .route("/api/v1/packs/{id}/proof.tar.gz", get(packs::pack_bytes))
        .route("/api/v1/packs/{id}/report.html", get(packs::report_html))
        .route("/api/v1/register", get(registers::register_json))
        .route("/verify", get(verifier_page::to_folder))
        .route("/verify/", get(verifier_page::index))
        .route("/verify/{name}", get(verifier_page::file))
        .fallback(fallback)
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(middleware::from_fn_with_state(Arc::clone(&portal), observe))
        .with_state(portal)
}
