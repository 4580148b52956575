//! What a witness is configured with: its name and key, its state file, the
//! logs it witnesses, and where it listens.
//!
//! The binary reads them from a JSON file ([`load`]); relative paths in it
//! are relative to the file's folder. Unknown members are refused: a
//! misspelt member would otherwise be a setting silently not applied.
//!
//! ```json
//! {
//!   "name": "witness.example/w1",
//!   "key_file": "witness-key.pem",
//!   "state_file": "witness-state.json",
//!   "listen": "127.0.0.1:7380",
//!   "tls": null,
//!   "logs": [
//!     {"origin": "audit.example.com/ten_0440",
//!      "keys": ["audit.example.com/ten_0440+1a2b3c4d+AX...="]}
//!   ]
//! }
//! ```
//!
//! `listen` defaults to [`DEFAULT_ADDR`]; `tls` (absent or `null`: plain
//! HTTP) is `{"cert": "cert.pem", "key": "key.pem"}`, PEM files.

use crate::vkey::Vkey;
use crate::WitnessError;
use ed25519_dalek::SigningKey;
use proofpack_files::keys::read_private_key;
use serde::Deserialize;
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::path::{Path, PathBuf};

/// Where the binary listens when the configuration names no address.
pub const DEFAULT_ADDR: SocketAddr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 7380));

/// What a [`Witness`](crate::Witness) is made of.
#[derive(Debug, Clone)]
pub struct Config {
    /// The witness's name: the key name of its cosignature lines (a
    /// verifier's trust-store `key_id` for it).
    pub name: String,
    /// The witness's Ed25519 key.
    pub key: SigningKey,
    /// The state file: per origin, the latest checkpoint cosigned. Created
    /// at start if absent; its folder must exist.
    pub state_file: PathBuf,
    /// The logs it witnesses.
    pub logs: Vec<LogConfig>,
}

/// One log the witness witnesses.
#[derive(Debug, Clone)]
pub struct LogConfig {
    /// The log's origin line.
    pub origin: String,
    /// The log's verifier keys (Ed25519 note keys, type `0x01`): a
    /// checkpoint must carry a valid signature by one of them.
    pub keys: Vec<Vkey>,
}

pub use proofpack_serve::Tls;

/// Where and how the HTTP server listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeConfig {
    /// The address (port 0: one the system picks). Anything but a loopback
    /// address needs [`ServeConfig::tls`].
    pub addr: SocketAddr,
    /// TLS, if any.
    pub tls: Option<Tls>,
    /// Write one line per `add-checkpoint` request on standard error.
    pub log_requests: bool,
}

impl ServeConfig {
    /// Plain HTTP on 127.0.0.1 at a port the system picks, no request log:
    /// what a test or a demo runs in-process.
    pub fn loopback_any_port() -> Self {
        ServeConfig {
            addr: SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 0)),
            tls: None,
            log_requests: false,
        }
    }
}

/// The configuration file's shape.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    name: String,
    key_file: PathBuf,
    state_file: PathBuf,
    #[serde(default)]
    listen: Option<SocketAddr>,
    #[serde(default)]
    tls: Option<Tls>,
    logs: Vec<LogFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LogFile {
    origin: String,
    keys: Vec<String>,
}

/// Reads the configuration file at `path` and the key file it names.
pub fn load(path: &Path) -> Result<(Config, ServeConfig), WitnessError> {
    let bytes = std::fs::read(path).map_err(|e| WitnessError::io(path, e))?;
    let file: ConfigFile = serde_json::from_slice(&bytes)
        .map_err(|e| WitnessError::Invalid(format!("{}: {e}", path.display())))?;
    let base = path.parent().unwrap_or(Path::new(""));
    let resolve = |p: &Path| base.join(p);
    let mut logs = Vec::with_capacity(file.logs.len());
    for log in file.logs {
        let keys = log
            .keys
            .iter()
            .map(|text| {
                Vkey::parse(text).map_err(|e| {
                    WitnessError::Invalid(format!(
                        "{}: log {:?}: key {text:?}: {e}",
                        path.display(),
                        log.origin
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        logs.push(LogConfig {
            origin: log.origin,
            keys,
        });
    }
    let config = Config {
        name: file.name,
        key: read_private_key(&resolve(&file.key_file))?,
        state_file: resolve(&file.state_file),
        logs,
    };
    let serve = ServeConfig {
        addr: file.listen.unwrap_or(DEFAULT_ADDR),
        tls: file.tls.map(|tls| Tls {
            cert: resolve(&tls.cert),
            key: resolve(&tls.key),
        }),
        log_requests: true,
    };
    Ok((config, serve))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proofpack_files::keys::{generate, write_private_key};

    fn generate_key_file(path: &Path) -> Result<SigningKey, WitnessError> {
        let key = generate();
        write_private_key(path, &key)?;
        Ok(key)
    }
    use proofpack_spec::checkpoint::ED25519_SIGNATURE_TYPE;

    fn log_vkey() -> String {
        let key = SigningKey::from_bytes(&[1; 32]).verifying_key();
        Vkey::new("log.example/a", ED25519_SIGNATURE_TYPE, key).to_string()
    }

    #[test]
    fn a_file_loads_with_paths_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let key = generate_key_file(&dir.path().join("w.pem")).unwrap();
        let path = dir.path().join("witness.json");
        let text = serde_json::json!({
            "name": "witness.example/w1",
            "key_file": "w.pem",
            "state_file": "state.json",
            "tls": {"cert": "c.pem", "key": "k.pem"},
            "logs": [{"origin": "log.example/a", "keys": [log_vkey()]}]
        });
        std::fs::write(&path, text.to_string()).unwrap();
        let (config, serve) = load(&path).unwrap();
        assert_eq!(config.name, "witness.example/w1");
        assert_eq!(config.key.to_bytes(), key.to_bytes());
        assert_eq!(config.state_file, dir.path().join("state.json"));
        assert_eq!(config.logs.len(), 1);
        assert_eq!(config.logs[0].keys[0].to_string(), log_vkey());
        assert_eq!(serve.addr, DEFAULT_ADDR);
        assert_eq!(
            serve.tls,
            Some(Tls {
                cert: dir.path().join("c.pem"),
                key: dir.path().join("k.pem"),
            })
        );
    }

    #[test]
    fn unknown_members_and_bad_keys_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        generate_key_file(&dir.path().join("w.pem")).unwrap();
        let path = dir.path().join("witness.json");
        let base = serde_json::json!({
            "name": "witness.example/w1",
            "key_file": "w.pem",
            "state_file": "state.json",
            "logs": [{"origin": "log.example/a", "keys": [log_vkey()]}]
        });
        let mut misspelt = base.clone();
        misspelt["listen_addr"] = "0.0.0.0:1".into();
        let mut bad_key = base.clone();
        bad_key["logs"][0]["keys"][0] = log_vkey().replace("log.example/a", "log.example/b").into();
        let mut log_member = base.clone();
        log_member["logs"][0]["quorum"] = 2.into();
        for text in [misspelt, bad_key, log_member] {
            std::fs::write(&path, text.to_string()).unwrap();
            assert!(
                matches!(load(&path), Err(WitnessError::Invalid(_))),
                "{text}"
            );
        }
    }
}
