//! The state file: per origin, the latest checkpoint the witness cosigned.
//!
//! ```json
//! {
//!   "format": "proofpack-witness-state/v1",
//!   "logs": {
//!     "audit.example.com/ten_0440": {
//!       "tree_size": 1042,
//!       "root_hash": "<base64 of 32 bytes>",
//!       "cosigned_at": 1776000000,
//!       "checkpoint": "<the checkpoint: the log's verified signatures and the cosignature>"
//!     }
//!   }
//! }
//! ```
//!
//! Every change is written to a temporary file in the same folder, flushed
//! to disk and renamed over the old file, so a crash leaves the old state or
//! the new one, never a mix; the witness answers only once the new state is
//! on disk. A state file that does not read back (another format, a root
//! that is not 32 bytes, a checkpoint that disagrees with its size or root)
//! stops the witness at start: starting afresh would let a log roll back.
//! One process per state file.

use crate::WitnessError;
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_spec::checkpoint::parse_checkpoint;
use proofpack_spec::encoding::base64_hash;
use proofpack_spec::merkle::Hash;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The `format` of the state file.
pub const STATE_FORMAT: &str = "proofpack-witness-state/v1";

/// The latest checkpoint cosigned for one origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// Its tree size.
    pub tree_size: u64,
    /// Its root hash.
    pub root_hash: Hash,
    /// When it was cosigned (the cosignature's timestamp).
    pub cosigned_at: u64,
    /// The checkpoint with the log signatures the witness verified and its
    /// own cosignature, as the monitoring endpoint serves it.
    pub checkpoint: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateFile {
    format: String,
    logs: BTreeMap<String, HeldFile>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HeldFile {
    tree_size: u64,
    root_hash: String,
    cosigned_at: u64,
    checkpoint: String,
}

/// The state, as on disk.
#[derive(Debug)]
pub struct State {
    path: PathBuf,
    logs: BTreeMap<String, Held>,
}

impl State {
    /// Reads the state file at `path`, or creates an empty one if there is
    /// none (its folder must exist).
    pub fn open(path: &Path) -> Result<Self, WitnessError> {
        let state = match std::fs::read(path) {
            Ok(bytes) => State {
                path: path.to_owned(),
                logs: parse(&bytes).map_err(|problem| {
                    WitnessError::Invalid(format!(
                        "{}: not a usable state file ({problem}); refusing to start afresh, which would let a log roll back",
                        path.display()
                    ))
                })?,
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let state = State {
                    path: path.to_owned(),
                    logs: BTreeMap::new(),
                };
                write_state(path, &state.to_json(&state.logs)?)?;
                state
            }
            Err(e) => return Err(WitnessError::io(path, e)),
        };
        Ok(state)
    }

    /// The latest checkpoint cosigned for `origin`.
    pub fn get(&self, origin: &str) -> Option<&Held> {
        self.logs.get(origin)
    }

    /// Every origin with a cosigned checkpoint.
    pub fn origins(&self) -> impl Iterator<Item = &str> {
        self.logs.keys().map(String::as_str)
    }

    /// Records `held` as the latest for `origin`: on disk first, then here.
    /// On an error nothing changed.
    pub fn record(&mut self, origin: &str, held: Held) -> Result<(), WitnessError> {
        let mut logs = self.logs.clone();
        logs.insert(origin.to_owned(), held);
        write_state(&self.path, &self.to_json(&logs)?)?;
        self.logs = logs;
        Ok(())
    }

    fn to_json(&self, logs: &BTreeMap<String, Held>) -> Result<Vec<u8>, WitnessError> {
        let file = StateFile {
            format: STATE_FORMAT.to_owned(),
            logs: logs
                .iter()
                .map(|(origin, held)| {
                    let entry = HeldFile {
                        tree_size: held.tree_size,
                        root_hash: STANDARD.encode(held.root_hash),
                        cosigned_at: held.cosigned_at,
                        checkpoint: held.checkpoint.clone(),
                    };
                    (origin.clone(), entry)
                })
                .collect(),
        };
        let mut bytes = serde_json::to_vec_pretty(&file)
            .map_err(|e| WitnessError::Invalid(format!("cannot write the state: {e}")))?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

/// The logs of a state file, each entry checked against its own checkpoint.
fn parse(bytes: &[u8]) -> Result<BTreeMap<String, Held>, String> {
    let file: StateFile = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    if file.format != STATE_FORMAT {
        return Err(format!("format {:?}, not {STATE_FORMAT:?}", file.format));
    }
    let mut logs = BTreeMap::new();
    for (origin, entry) in file.logs {
        let root_hash = base64_hash(&entry.root_hash)
            .ok_or_else(|| format!("{origin:?}: root_hash is not base64 of 32 bytes"))?;
        let checkpoint = parse_checkpoint(&entry.checkpoint)
            .map_err(|e| format!("{origin:?}: checkpoint: {e}"))?;
        if checkpoint.origin != origin
            || checkpoint.tree_size != entry.tree_size
            || checkpoint.root_hash != root_hash
        {
            return Err(format!(
                "{origin:?}: the checkpoint does not have this origin, size and root"
            ));
        }
        let held = Held {
            tree_size: entry.tree_size,
            root_hash,
            cosigned_at: entry.cosigned_at,
            checkpoint: entry.checkpoint,
        };
        logs.insert(origin, held);
    }
    Ok(logs)
}

/// Writes the state whole or not at all, durably (the folder synced after
/// the rename, so the rename itself survives a crash), readable by its
/// owner only.
fn write_state(path: &Path, bytes: &[u8]) -> Result<(), WitnessError> {
    Ok(write_atomic(
        path,
        bytes,
        Existing::Replace,
        Access::OwnerOnly,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::SigningKey;
    use proofpack_spec::checkpoint::{checkpoint_body, sign_note};

    const ORIGIN: &str = "log.example/a";

    fn held(size: u64, root: Hash) -> Held {
        let key = SigningKey::from_bytes(&[1; 32]);
        Held {
            tree_size: size,
            root_hash: root,
            cosigned_at: 1_776_000_000,
            checkpoint: sign_note(&checkpoint_body(ORIGIN, size, &root), ORIGIN, &key),
        }
    }

    #[test]
    fn recorded_state_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        let mut state = State::open(&path).unwrap();
        assert!(path.exists());
        assert_eq!(state.get(ORIGIN), None);
        state.record(ORIGIN, held(3, [7; 32])).unwrap();
        state.record(ORIGIN, held(5, [8; 32])).unwrap();
        let again = State::open(&path).unwrap();
        assert_eq!(again.get(ORIGIN), Some(&held(5, [8; 32])));
        assert_eq!(again.origins().collect::<Vec<_>>(), vec![ORIGIN]);
        // Only the state file is left in the folder: no temporary file.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_unusable_state_file_stops_the_witness() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        State::open(&path)
            .unwrap()
            .record(ORIGIN, held(5, [8; 32]))
            .unwrap();
        let good: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let mut bad_format = good.clone();
        bad_format["format"] = "other/v1".into();
        let mut bad_root = good.clone();
        bad_root["logs"][ORIGIN]["root_hash"] = STANDARD.encode([0u8; 31]).into();
        let mut disagreeing = good.clone();
        disagreeing["logs"][ORIGIN]["tree_size"] = 6.into();
        let mut unknown = good.clone();
        unknown["logs"][ORIGIN]["note"] = "x".into();
        for value in [bad_format, bad_root, disagreeing, unknown] {
            std::fs::write(&path, value.to_string()).unwrap();
            assert!(
                matches!(State::open(&path), Err(WitnessError::Invalid(_))),
                "{value}"
            );
        }
        std::fs::write(&path, "").unwrap();
        assert!(matches!(State::open(&path), Err(WitnessError::Invalid(_))));
    }

    #[test]
    fn a_failed_write_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        let mut state = State::open(&path).unwrap();
        state.record(ORIGIN, held(3, [7; 32])).unwrap();
        // The folder is gone: the write fails, and the state is as it was.
        drop(dir);
        assert!(state.record(ORIGIN, held(5, [8; 32])).is_err());
        assert_eq!(state.get(ORIGIN), Some(&held(3, [7; 32])));
    }
}
