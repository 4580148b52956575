//! `proofpack-witness`: a C2SP tlog-witness for proof-pack audit logs.
//!
//! ```text
//! proofpack-witness keygen KEY --name NAME     write a new key (mode 0600), print its vkey
//! proofpack-witness vkey CONFIG [--json]       print the witness's vkey (and trust-store key)
//! proofpack-witness log-vkey NAME PUBLIC_KEY   print a log key's vkey (from a trust store's base64 key)
//! proofpack-witness serve CONFIG [--addr A]    serve add-checkpoint (127.0.0.1:7380 by default)
//! ```
//!
//! Exit status: 0 done, 1 operational error, 2 usage error.

use clap::{Parser, Subcommand};
use ed25519_dalek::VerifyingKey;
use proofpack_files::keys;
use proofpack_spec::checkpoint::ED25519_SIGNATURE_TYPE;
use proofpack_spec::cosignature::COSIGNATURE_SIGNATURE_TYPE;
use proofpack_witness::config;
use proofpack_witness::server;
use proofpack_witness::vkey::Vkey;
use proofpack_witness::{Witness, WitnessError};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

/// A C2SP tlog-witness: cosigns a log's checkpoints only when they are
/// consistent with the latest one it cosigned.
#[derive(Parser)]
#[command(name = "proofpack-witness", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write a new Ed25519 witness key (PKCS#8 PEM, mode 0600) and print its
    /// vkey on stdout.
    Keygen {
        /// The key file to create (never overwritten).
        key: PathBuf,
        /// The witness's name (its cosignature lines' key name).
        #[arg(long)]
        name: String,
    },
    /// Print the configured witness's vkey.
    Vkey {
        /// The configuration file.
        config: PathBuf,
        /// Print a JSON object: name, vkey, and the trust-store public key.
        #[arg(long)]
        json: bool,
    },
    /// Print the vkey of a log's Ed25519 key, for the configuration's
    /// `logs[].keys`, from its name and base64 public key (a trust store's
    /// `audit_log` key: its `key_id` and `public_key`).
    LogVkey {
        /// The key name of the log's signatures (its origin, in proof-pack v1).
        name: String,
        /// The 32-byte Ed25519 public key, in base64.
        public_key: String,
    },
    /// Serve the witness.
    Serve {
        /// The configuration file.
        config: PathBuf,
        /// Listen here instead (port 0 picks a free port). A non-loopback
        /// address needs TLS.
        #[arg(long)]
        addr: Option<SocketAddr>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Keygen { key, name } => keygen(&key, &name),
        Command::Vkey { config, json } => vkey(&config, json),
        Command::LogVkey { name, public_key } => log_vkey(&name, &public_key),
        Command::Serve { config, addr } => serve(&config, addr),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("proofpack-witness: {e}");
            ExitCode::from(1)
        }
    }
}

fn print_line(line: &str) -> Result<(), WitnessError> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(|e| WitnessError::io("stdout", e))
}

fn witness_vkey(name: &str, key: VerifyingKey) -> Vkey {
    Vkey::new(name, COSIGNATURE_SIGNATURE_TYPE, key)
}

/// Refuses what cannot be a C2SP key name.
fn require_key_name(name: &str) -> Result<(), WitnessError> {
    if proofpack_spec::checkpoint::is_valid_key_name(name) {
        return Ok(());
    }
    Err(WitnessError::Invalid(format!(
        "{name:?} is not a key name (non-empty, no whitespace or `+`)"
    )))
}

fn keygen(path: &std::path::Path, name: &str) -> Result<(), WitnessError> {
    require_key_name(name)?;
    let key = keys::generate();
    keys::write_private_key(path, &key)?;
    print_line(&witness_vkey(name, key.verifying_key()).to_string())
}

fn vkey(path: &std::path::Path, json: bool) -> Result<(), WitnessError> {
    let (config, _) = config::load(path)?;
    let vkey = witness_vkey(&config.name, config.key.verifying_key());
    if json {
        use base64::Engine as _;
        let public_key =
            base64::engine::general_purpose::STANDARD.encode(config.key.verifying_key().as_bytes());
        let value = serde_json::json!({
            "name": config.name,
            "vkey": vkey.to_string(),
            "public_key": public_key,
        });
        print_line(&value.to_string())
    } else {
        print_line(&vkey.to_string())
    }
}

fn log_vkey(name: &str, public_key: &str) -> Result<(), WitnessError> {
    require_key_name(name)?;
    let key = proofpack_spec::encoding::base64_strict(public_key)
        .and_then(|bytes| proofpack_spec::crypto::parse_public_key(&bytes))
        .ok_or_else(|| {
            WitnessError::Invalid(
                "the public key is not base64 of a canonical 32-byte Ed25519 key".to_owned(),
            )
        })?;
    print_line(&Vkey::new(name, ED25519_SIGNATURE_TYPE, key).to_string())
}

/// POSIX seconds now (0 if the system clock is before 1970: the witness
/// then refuses to cosign rather than sign a made-up time).
fn system_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn serve(path: &std::path::Path, addr: Option<SocketAddr>) -> Result<(), WitnessError> {
    let (config, mut serve) = config::load(path)?;
    if let Some(addr) = addr {
        serve.addr = addr;
    }
    let witness = Arc::new(Witness::new(config, system_clock)?);
    eprintln!("witness {}", witness.vkey());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| WitnessError::io("tokio runtime", e))?;
    runtime.block_on(server::run(
        witness,
        serve,
        proofpack_serve::announce,
        proofpack_serve::stop_signal(),
    ))
}
