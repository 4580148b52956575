//! `proofpack-portal`: the auditor portal's command line.
//!
//! ```text
//! proofpack-portal token add TOKENS --id ID --tenant T [--tenant T2 ...] [--not-after TIME]
//! proofpack-portal token revoke TOKENS ID
//! proofpack-portal token list TOKENS [--json]
//! proofpack-portal serve DIR --trust FILE --tokens TOKENS [--addr 127.0.0.1:8080]
//!     [--tls-cert FILE --tls-key FILE] [--access-log FILE] [--rescan-secs N]
//!     [--verifier-page DIR]
//! ```
//!
//! Exit status: 0 done, 1 operational error, 2 usage error.

use clap::{Args, Parser, Subcommand};
use proofpack_portal::server::{self, Config, Hooks, Tls};
use proofpack_portal::tokens::TokenFile;
use proofpack_portal::PortalError;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The auditor portal: a read-only, tenant-scoped HTTP endpoint over a
/// controller's retained proof packs (DIR/<tenant_id>/*.tar.gz).
#[derive(Parser)]
#[command(name = "proofpack-portal", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Make, revoke and list access tokens.
    #[command(subcommand)]
    Token(TokenCommand),
    /// Serve the store.
    Serve(ServeArgs),
}

#[derive(Subcommand)]
enum TokenCommand {
    /// Make a token: prints it once, as the only line on stdout; the file
    /// keeps only its SHA-256.
    Add {
        /// The token file (created with mode 0600 if absent).
        tokens: PathBuf,
        /// Who holds the token (shown in the access log).
        #[arg(long)]
        id: String,
        /// A tenant whose packs it may read (repeat for several).
        #[arg(long = "tenant", required = true)]
        tenants: Vec<String>,
        /// Refuse it after this instant (RFC 3339, e.g. 2027-01-01T00:00:00Z).
        #[arg(long)]
        not_after: Option<String>,
    },
    /// Revoke a token: refused from the next request on, with no restart.
    Revoke {
        /// The token file.
        tokens: PathBuf,
        /// The token's id.
        id: String,
    },
    /// List the tokens (never their hashes).
    List {
        /// The token file.
        tokens: PathBuf,
        /// Print a JSON array.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
struct ServeArgs {
    /// The store: DIR/<tenant_id>/*.tar.gz.
    dir: PathBuf,
    /// The trust store every pack is verified against.
    #[arg(long)]
    trust: PathBuf,
    /// The token file.
    #[arg(long)]
    tokens: PathBuf,
    /// Where to listen (port 0 picks a free port). A non-loopback address
    /// needs TLS.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// TLS certificate chain (PEM).
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// TLS private key (PEM).
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Append the access log to this file instead of stderr.
    #[arg(long)]
    access_log: Option<PathBuf>,
    /// Look at the store and the trust store again every N seconds.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    rescan_secs: u64,
    /// Serve the browser's verifier under /verify/: the folder of its hosted
    /// build (scripts/build-web.sh writes target/web/).
    #[arg(long, value_name = "DIR")]
    verifier_page: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Token(command) => token(command),
        Command::Serve(args) => serve(args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("proofpack-portal: {e}");
            ExitCode::from(1)
        }
    }
}

fn token(command: TokenCommand) -> Result<(), PortalError> {
    match command {
        TokenCommand::Add {
            tokens,
            id,
            tenants,
            not_after,
        } => {
            let mut file = TokenFile::open_or_new(&tokens)?;
            let made = file.add(&id, &tenants, not_after.as_deref())?;
            file.save(&tokens)?;
            if made.already_expired {
                eprintln!("warning: --not-after is not in the future: token {id} is refused from the start");
            }
            eprintln!(
                "token {id} added to {}; it is shown once:",
                tokens.display()
            );
            let mut out = std::io::stdout().lock();
            writeln!(out, "{}", made.token)
                .and_then(|()| out.flush())
                .map_err(|e| PortalError::io("stdout", e))
        }
        TokenCommand::Revoke { tokens, id } => {
            let mut file = TokenFile::open(&tokens)?;
            if file.revoke(&id)? {
                file.save(&tokens)?;
                eprintln!("token {id} revoked");
            } else {
                eprintln!("token {id} was revoked already");
            }
            Ok(())
        }
        TokenCommand::List { tokens, json } => {
            let file = TokenFile::open(&tokens)?;
            let views = file.views();
            let mut out = std::io::stdout().lock();
            let written = if json {
                serde_json::to_string_pretty(&views)
                    .map_err(std::io::Error::other)
                    .and_then(|text| writeln!(out, "{text}"))
            } else {
                views.iter().try_for_each(|v| {
                    let state = match (&v.revoked_at, &v.not_after) {
                        (Some(at), _) => format!("revoked {at}"),
                        (None, Some(until)) => format!("valid until {until}"),
                        (None, None) => "valid, no expiry".to_owned(),
                    };
                    writeln!(
                        out,
                        "{}\ttenants {}\tcreated {}\t{state}",
                        v.id,
                        v.tenants.join(","),
                        v.created_at
                    )
                })
            };
            written.map_err(|e| PortalError::io("stdout", e))
        }
    }
}

fn serve(args: ServeArgs) -> Result<(), PortalError> {
    let config = Config {
        store_dir: args.dir,
        trust: args.trust,
        tokens: args.tokens,
        addr: args.addr,
        tls: match (args.tls_cert, args.tls_key) {
            (Some(cert), Some(key)) => Some(Tls { cert, key }),
            _ => None,
        },
        access_log: args.access_log,
        rescan: Duration::from_secs(args.rescan_secs),
        hooks: Hooks::default(),
        verifier_page: args.verifier_page,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| PortalError::io("tokio runtime", e))?;
    runtime.block_on(server::run(
        config,
        proofpack_serve::announce,
        proofpack_serve::stop_signal(),
    ))
}
