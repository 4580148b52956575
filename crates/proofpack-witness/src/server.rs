//! The HTTP endpoints of C2SP `tlog-witness`: axum on tokio, served by
//! axum-server (plain HTTP on loopback, or rustls with the ring provider),
//! the portal's stack.
//!
//! | request | answer |
//! |---|---|
//! | `POST /add-checkpoint` | 200 and the cosignature line, or the [`Refusal`]'s status (409: `text/x.tlog.size`, the held size and a newline) |
//! | `GET /<hex SHA-256 of the origin>/checkpoint` | the latest checkpoint cosigned, with the log's signatures and the cosignature; 404 if none |
//!
//! A body above [`MAX_BODY`] bytes is answered 413 unread. Any other path is
//! 404 and any other method 405. The server listens on 127.0.0.1 unless told
//! otherwise, and refuses any address but a loopback one without TLS.

use crate::config::ServeConfig;
use crate::witness::{Refusal, Witness};
use crate::WitnessError;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path as UrlPath, State};
use axum::http::header::{self, HeaderValue};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use proofpack_serve::{Listen, ServeError};
use proofpack_spec::text::Untrusted;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body read: 63 proof lines and a checkpoint with
/// many signatures fit well within it.
pub const MAX_BODY: usize = 64 * 1024;
pub use proofpack_serve::{MAX_HEAD, MAX_HEADERS};
/// The content type of a 409 answer (C2SP).
pub const SIZE_CONTENT_TYPE: &str = "text/x.tlog.size";
/// The content type of every other answer.
const TEXT_CONTENT_TYPE: &str = "text/plain; charset=utf-8";

#[derive(Clone)]
struct Shared {
    witness: Arc<Witness>,
    log_requests: bool,
}

/// The witness's routes.
pub fn router(witness: Arc<Witness>, log_requests: bool) -> Router {
    Router::new()
        .route("/add-checkpoint", post(add_checkpoint))
        .route("/{origin_hash}/checkpoint", get(latest_checkpoint))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(Shared {
            witness,
            log_requests,
        })
}

fn text(status: StatusCode, content_type: &'static str, body: String) -> Response {
    let mut response = (status, body).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

async fn add_checkpoint(State(shared): State<Shared>, body: Bytes) -> Response {
    let witness = Arc::clone(&shared.witness);
    // Verifying and the state file's write (with its fsync) block.
    let outcome = tokio::task::spawn_blocking(move || witness.add_checkpoint(&body))
        .await
        .unwrap_or_else(|e| Err(Refusal::Internal(format!("the request stopped: {e}"))));
    let response = match &outcome {
        Ok(cosignature) => text(StatusCode::OK, TEXT_CONTENT_TYPE, cosignature.clone()),
        Err(Refusal::Conflict { held_size }) => text(
            StatusCode::CONFLICT,
            SIZE_CONTENT_TYPE,
            format!("{held_size}\n"),
        ),
        Err(refusal) => {
            let status =
                StatusCode::from_u16(refusal.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            text(status, TEXT_CONTENT_TYPE, format!("{refusal}\n"))
        }
    };
    if shared.log_requests {
        let said = match &outcome {
            Ok(_) => "cosigned".to_owned(),
            Err(refusal) => refusal.to_string(),
        };
        eprintln!(
            "add-checkpoint {} {}",
            response.status().as_u16(),
            Untrusted(&said)
        );
    }
    response
}

async fn latest_checkpoint(
    State(shared): State<Shared>,
    UrlPath(origin_hash): UrlPath<String>,
) -> Response {
    match shared
        .witness
        .latest_checkpoint_by_origin_hash(&origin_hash)
    {
        Some(checkpoint) => text(StatusCode::OK, TEXT_CONTENT_TYPE, checkpoint),
        None => text(
            StatusCode::NOT_FOUND,
            TEXT_CONTENT_TYPE,
            "no checkpoint cosigned for this origin\n".to_owned(),
        ),
    }
}

/// Where `serve` says to listen, refusing plain HTTP beyond this machine.
fn listen(serve: &ServeConfig) -> Result<Listen, WitnessError> {
    let listen = Listen {
        addr: serve.addr,
        tls: serve.tls.clone(),
        grace: SHUTDOWN_GRACE,
    };
    listen.check("a `tls` cert and key").map_err(serve_error)?;
    Ok(listen)
}

/// How long open requests may finish once the witness is told to stop.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

fn serve_error(e: ServeError) -> WitnessError {
    match e {
        ServeError::Io { addr, source } => WitnessError::io(addr.to_string(), source),
        other => WitnessError::Invalid(other.to_string()),
    }
}

/// Serves until `shutdown` completes. `ready` is called once with the bound
/// address (and whether it is TLS) when the server accepts connections.
pub async fn run(
    witness: Arc<Witness>,
    serve: ServeConfig,
    ready: impl FnOnce(SocketAddr, bool) + Send + 'static,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), WitnessError> {
    let listen = listen(&serve)?;
    let app = router(witness, serve.log_requests);
    proofpack_serve::serve(&listen, app, ready, shutdown)
        .await
        .map_err(serve_error)
}

/// A witness served in-process on a runtime of its own (for a demo or a
/// test); stopped by [`Running::stop`] or on drop.
#[derive(Debug)]
pub struct Running {
    addr: SocketAddr,
    tls: bool,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<Result<(), WitnessError>>>,
}

/// Serves `witness` in-process and returns once it listens (with
/// [`ServeConfig::loopback_any_port`], on 127.0.0.1 at a port the system
/// picked: see [`Running::addr`]).
pub fn start(witness: Arc<Witness>, serve: ServeConfig) -> Result<Running, WitnessError> {
    listen(&serve)?;
    let tls = serve.tls.is_some();
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("proofpack-witness".to_owned())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .map_err(|e| WitnessError::io("tokio runtime", e))?;
            runtime.block_on(run(
                witness,
                serve,
                move |addr, _| {
                    let _ = addr_tx.send(addr);
                },
                async {
                    let _ = stop_rx.await;
                },
            ))
        })
        .map_err(|e| WitnessError::io("witness thread", e))?;
    match addr_rx.recv() {
        Ok(addr) => Ok(Running {
            addr,
            tls,
            stop: Some(stop_tx),
            thread: Some(thread),
        }),
        // The sender is gone: the server stopped before it listened.
        Err(_) => Err(match thread.join() {
            Ok(Err(e)) => e,
            _ => WitnessError::Invalid("the witness stopped before it listened".to_owned()),
        }),
    }
}

impl Running {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR` (or `https://`): the prefix of its endpoints.
    pub fn base_url(&self) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}", self.addr)
    }

    /// Stops serving (open requests get five seconds) and returns how the
    /// server ended.
    pub fn stop(mut self) -> Result<(), WitnessError> {
        self.halt()
    }

    fn halt(&mut self) -> Result<(), WitnessError> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.thread.take().map(std::thread::JoinHandle::join) {
            None => Ok(()),
            Some(Ok(served)) => served,
            Some(Err(_)) => Err(WitnessError::Invalid(
                "the witness thread panicked".to_owned(),
            )),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.halt();
    }
}
