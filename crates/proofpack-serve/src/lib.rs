//! The HTTP serving loop of ProofPack's servers, the auditor portal and the
//! witness: one place for what both must get right and neither should
//! copy. Plain HTTP only on loopback; request heads bounded; a graceful
//! shutdown when the caller's future completes.
//!
//! It holds no route and no state: each server builds its own
//! [`axum::Router`] and hands it to [`serve`].
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use axum::Router;
use serde::Deserialize;
use std::future::Future;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The largest request head (request line and headers), in bytes; a larger
/// one is answered 431 by hyper.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most request headers accepted.
pub const MAX_HEADERS: usize = 64;
/// How long a client may take to send the request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The most concurrent HTTP/2 streams of one connection.
const MAX_STREAMS: u32 = 64;

/// TLS certificate and key (PEM files).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tls {
    /// The certificate chain.
    pub cert: PathBuf,
    /// The private key.
    pub key: PathBuf,
}

/// Why a server did not serve.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Plain HTTP was asked for on an address other machines can reach.
    #[error("{addr} is not a loopback address: serving beyond this machine needs TLS ({how})")]
    NotLoopback {
        /// The address asked for.
        addr: SocketAddr,
        /// How this server is given TLS (its options or configuration).
        how: &'static str,
    },
    /// The certificate or key could not be used.
    #[error("TLS: {} / {}: {reason}", .tls.cert.display(), .tls.key.display())]
    Tls {
        /// The files.
        tls: Tls,
        /// What rustls or the file system said.
        reason: String,
    },
    /// Binding or serving failed.
    #[error("{addr}: {source}")]
    Io {
        /// The address.
        addr: SocketAddr,
        /// The failure.
        #[source]
        source: std::io::Error,
    },
}

/// Where and how to listen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listen {
    /// The address (port 0: one the system picks).
    pub addr: SocketAddr,
    /// TLS, if any; required for any address but a loopback one.
    pub tls: Option<Tls>,
    /// How long open requests may finish once shutdown begins.
    pub grace: Duration,
}

impl Listen {
    /// Refuses plain HTTP beyond this machine. `how` says how this server
    /// is given TLS, for the message.
    pub fn check(&self, how: &'static str) -> Result<(), ServeError> {
        if !self.addr.ip().is_loopback() && self.tls.is_none() {
            return Err(ServeError::NotLoopback {
                addr: self.addr,
                how,
            });
        }
        Ok(())
    }
}

/// Serves `app` as `listen` says until `shutdown` completes. `ready` is
/// called once with the bound address (and whether it is TLS) when the
/// server accepts connections. Call [`Listen::check`] first.
pub async fn serve(
    listen: &Listen,
    app: Router,
    ready: impl FnOnce(SocketAddr, bool) + Send + 'static,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let handle = axum_server::Handle::<SocketAddr>::new();
    let tls = listen.tls.is_some();
    let listening = handle.clone();
    tokio::spawn(async move {
        if let Some(addr) = listening.listening().await {
            ready(addr, tls);
        }
    });
    let stopping = handle.clone();
    let grace = listen.grace;
    tokio::spawn(async move {
        shutdown.await;
        stopping.graceful_shutdown(Some(grace));
    });
    let served = match &listen.tls {
        Some(files) => {
            let rustls =
                axum_server::tls_rustls::RustlsConfig::from_pem_file(&files.cert, &files.key)
                    .await
                    .map_err(|e| ServeError::Tls {
                        tls: files.clone(),
                        reason: e.to_string(),
                    })?;
            let mut server = axum_server::bind_rustls(listen.addr, rustls).handle(handle);
            bound_limits(&mut server);
            server.serve(app.into_make_service()).await
        }
        None => {
            let mut server = axum_server::bind(listen.addr).handle(handle);
            bound_limits(&mut server);
            server.serve(app.into_make_service()).await
        }
    };
    served.map_err(|source| ServeError::Io {
        addr: listen.addr,
        source,
    })
}

/// Bounds what a client can make the server hold: the request head, the
/// header count, how long it may take to send the head, and HTTP/2's
/// header lists and streams.
fn bound_limits<A: axum_server::Address, Acc>(server: &mut axum_server::Server<A, Acc>) {
    let builder = server.http_builder();
    builder
        .http1()
        .max_buf_size(MAX_HEAD)
        .max_headers(MAX_HEADERS)
        .header_read_timeout(HEAD_TIMEOUT);
    builder
        .http2()
        .max_header_list_size(MAX_HEAD as u32)
        .max_concurrent_streams(MAX_STREAMS);
}

/// The one line a server binary writes on standard output: where it
/// listens, once it does (what a script or a test waits for).
pub fn announce(addr: SocketAddr, tls: bool) {
    let scheme = if tls { "https" } else { "http" };
    let mut out = std::io::stdout().lock();
    // If stdout is gone nobody is waiting for the line; serving goes on.
    let _ = writeln!(out, "listening on {scheme}://{addr}").and_then(|()| out.flush());
}

/// Completes on SIGINT or SIGTERM (SIGINT alone off Unix), then says
/// "stopping" on standard error.
pub async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
    eprintln!("stopping");
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    fn listen(ip: IpAddr, tls: Option<Tls>) -> Listen {
        Listen {
            addr: SocketAddr::new(ip, 0),
            tls,
            grace: Duration::from_secs(1),
        }
    }

    #[test]
    fn plain_http_only_on_loopback() {
        assert!(listen(Ipv4Addr::LOCALHOST.into(), None).check("x").is_ok());
        assert!(listen("::1".parse().unwrap(), None).check("x").is_ok());
        let open = listen(Ipv4Addr::UNSPECIFIED.into(), None).check("x");
        assert!(matches!(open, Err(ServeError::NotLoopback { .. })));
        let tls = Tls {
            cert: "c.pem".into(),
            key: "k.pem".into(),
        };
        assert!(listen(Ipv4Addr::UNSPECIFIED.into(), Some(tls))
            .check("x")
            .is_ok());
    }

    #[test]
    fn serves_until_shutdown_and_reports_its_address() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let served = runtime.block_on(async move {
            let listen = listen(Ipv4Addr::LOCALHOST.into(), None);
            let server = serve(
                &listen,
                Router::new(),
                move |addr, tls| {
                    let _ = addr_tx.send((addr, tls));
                },
                async {
                    let _ = stop_rx.await;
                },
            );
            let stopper = async move {
                // Waits (off the runtime's one thread) for the address.
                let got = tokio::task::spawn_blocking(move || addr_rx.recv())
                    .await
                    .unwrap()
                    .unwrap();
                let _ = stop_tx.send(());
                got
            };
            tokio::join!(server, stopper)
        });
        let (result, (addr, tls)) = served;
        assert!(result.is_ok());
        assert!(addr.ip().is_loopback() && addr.port() != 0);
        assert!(!tls);
    }

    #[test]
    fn unusable_tls_files_are_an_error_not_a_panic() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let tls = Tls {
            cert: "/nonexistent/c.pem".into(),
            key: "/nonexistent/k.pem".into(),
        };
        let listen = listen(Ipv4Addr::LOCALHOST.into(), Some(tls));
        let result = runtime.block_on(serve(&listen, Router::new(), |_, _| {}, async {}));
        assert!(matches!(result, Err(ServeError::Tls { .. })));
    }
}
