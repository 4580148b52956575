//! The `add-checkpoint` call of C2SP `tlog-witness`, without HTTP.
//!
//! The request body is an old size line `old <N>\n`, zero to 63 consistency
//! proof lines (base64 of 32 bytes each), an empty line, then the checkpoint
//! (a signed note). [`Witness::add_checkpoint`] checks, in the order of the
//! C2SP text, and answers with the first refusal that applies:
//!
//! | check | refusal | status |
//! |---|---|---|
//! | the body has that shape, the checkpoint parses | [`Refusal::Malformed`] | 400 |
//! | the origin is a configured log | [`Refusal::UnknownOrigin`] | 404 |
//! | a signature by one of the log's keys verifies, and none fails | [`Refusal::Forbidden`] | 403 |
//! | old size ≤ checkpoint size | [`Refusal::Malformed`] | 400 |
//! | old size = the size of the latest checkpoint cosigned (0 if none) | [`Refusal::Conflict`] | 409, body `<held size>\n` |
//! | size 0 has the empty tree's root; old size 0 has no proof; else the proof links the held root to the new one (equal sizes: equal roots) | [`Refusal::Inconsistent`] | 422 |
//!
//! Then it cosigns (`cosignature/v1`, at the time its clock gives), records
//! the checkpoint as the latest for its origin, on disk, and only then
//! answers with the cosignature line. Checking and recording happen under one
//! lock, so two racing requests cannot both extend from the same size.

use crate::config::{Config, LogConfig};
use crate::state::{Held, State};
use crate::vkey::Vkey;
use crate::WitnessError;
use ed25519_dalek::{SigningKey, VerifyingKey};
use proofpack_spec::checkpoint::{
    is_valid_key_name, parse_checkpoint, signature_line, Checkpoint, ED25519_SIGNATURE_TYPE,
};
use proofpack_spec::cosignature::{cosign, COSIGNATURE_SIGNATURE_TYPE, MAX_TIMESTAMP};
use proofpack_spec::merkle::{empty_root, verify_consistency, Hash};
use proofpack_spec::{crypto, encoding};
use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

/// The most consistency proof lines a request may carry (C2SP).
pub const MAX_PROOF_LINES: usize = 63;

/// Why the witness does not cosign, with the HTTP status C2SP gives it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// 400: the body is not an add-checkpoint request, the checkpoint does
    /// not parse, or the old size is above the checkpoint's size.
    #[error("malformed request: {0}")]
    Malformed(String),
    /// 404: the checkpoint's origin is not a log this witness witnesses.
    #[error("unknown origin")]
    UnknownOrigin,
    /// 403: no signature by the log's keys, or one that fails.
    #[error("{0}")]
    Forbidden(String),
    /// 409: the old size is not the size of the latest checkpoint cosigned
    /// for this origin (`held_size`, 0 if none).
    #[error("the latest checkpoint cosigned has size {held_size}")]
    Conflict {
        /// The size of the latest checkpoint cosigned, 0 if none.
        held_size: u64,
    },
    /// 422: the checkpoint is not consistent with the latest one cosigned.
    #[error("inconsistent: {0}")]
    Inconsistent(String),
    /// 500: the witness could not cosign or record (its clock, its disk).
    #[error("internal error: {0}")]
    Internal(String),
}

impl Refusal {
    /// The HTTP status code C2SP `tlog-witness` gives this refusal.
    pub fn status(&self) -> u16 {
        match self {
            Refusal::Malformed(_) => 400,
            Refusal::Forbidden(_) => 403,
            Refusal::UnknownOrigin => 404,
            Refusal::Conflict { .. } => 409,
            Refusal::Inconsistent(_) => 422,
            Refusal::Internal(_) => 500,
        }
    }
}

/// A parsed add-checkpoint request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddCheckpoint {
    /// The size of the checkpoint the client believes the witness holds.
    pub old_size: u64,
    /// The consistency proof from `old_size` to the checkpoint's size.
    pub proof: Vec<Hash>,
    /// The checkpoint.
    pub checkpoint: Checkpoint,
}

/// The body of an add-checkpoint request (the client's side), written
/// where the format's other parts are.
pub use proofpack_spec::checkpoint::add_checkpoint_body;

/// Parses an add-checkpoint body: UTF-8, `old <N>\n` (decimal, no leading
/// zeros), at most [`MAX_PROOF_LINES`] lines of strict base64 of 32 bytes,
/// an empty line, and a checkpoint that parses.
pub fn parse_add_checkpoint(body: &[u8]) -> Result<AddCheckpoint, Refusal> {
    let malformed = |what: &str| Refusal::Malformed(what.to_owned());
    let body = std::str::from_utf8(body).map_err(|_| malformed("the body is not UTF-8"))?;
    let (old_line, mut rest) = body
        .split_once('\n')
        .ok_or_else(|| malformed("no old size line"))?;
    let old_size = old_line
        .strip_prefix("old ")
        .and_then(canonical_decimal)
        .ok_or_else(|| malformed("the first line is not `old <size>`"))?;
    let mut proof = Vec::new();
    loop {
        let (line, after) = rest
            .split_once('\n')
            .ok_or_else(|| malformed("no empty line before the checkpoint"))?;
        rest = after;
        if line.is_empty() {
            break;
        }
        if proof.len() == MAX_PROOF_LINES {
            return Err(malformed("more than 63 consistency proof lines"));
        }
        let hash = encoding::base64_hash(line)
            .ok_or_else(|| malformed("a proof line is not base64 of 32 bytes"))?;
        proof.push(hash);
    }
    let checkpoint =
        parse_checkpoint(rest).map_err(|e| Refusal::Malformed(format!("checkpoint: {e}")))?;
    Ok(AddCheckpoint {
        old_size,
        proof,
        checkpoint,
    })
}

/// ASCII decimal without sign or leading zeros (but `0`), fitting a u64.
fn canonical_decimal(text: &str) -> Option<u64> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !digits || (text.len() > 1 && text.starts_with('0')) {
        return None;
    }
    text.parse().ok()
}

/// The clock: POSIX seconds.
type Clock = Box<dyn Fn() -> u64 + Send + Sync>;

/// A witness: its key, the logs it witnesses, its state and its clock.
pub struct Witness {
    name: String,
    key: SigningKey,
    logs: BTreeMap<String, Vec<Vkey>>,
    state: Mutex<State>,
    clock: Clock,
}

impl std::fmt::Debug for Witness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Witness")
            .field("name", &self.name)
            .field("logs", &self.logs.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Witness {
    /// A witness as `config` says, cosigning at the times `clock` gives
    /// (POSIX seconds; a reading of 0 or above 2^63-1 is refused at
    /// cosigning time, as C2SP forbids it).
    ///
    /// Refuses a name that is not a key name, no log, an origin that is
    /// empty, holds a control character or is repeated, a log without keys
    /// or with a key of another type than Ed25519 (`0x01`), and a state file
    /// that does not read back. The state file is created if absent.
    pub fn new(
        config: Config,
        clock: impl Fn() -> u64 + Send + Sync + 'static,
    ) -> Result<Self, WitnessError> {
        if !is_valid_key_name(&config.name) || config.name.chars().any(char::is_control) {
            return Err(WitnessError::Invalid(format!(
                "witness name {:?} is not a key name (non-empty, no whitespace, control character or `+`)",
                config.name
            )));
        }
        if config.logs.is_empty() {
            return Err(WitnessError::Invalid("no logs to witness".to_owned()));
        }
        let mut logs = BTreeMap::new();
        for LogConfig { origin, keys } in config.logs {
            check_log(&origin, &keys)?;
            if logs.insert(origin.clone(), keys).is_some() {
                return Err(WitnessError::Invalid(format!(
                    "log {origin:?} is configured twice"
                )));
            }
        }
        let state = State::open(&config.state_file)?;
        Ok(Witness {
            name: config.name,
            key: config.key,
            logs,
            state: Mutex::new(state),
            clock: Box::new(clock),
        })
    }

    /// The witness's name: the key name of its cosignature lines.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The witness's public key (a trust store's `witness` key).
    pub fn public_key(&self) -> VerifyingKey {
        self.key.verifying_key()
    }

    /// The witness's verifier key: `<name>+<key ID>+<base64(0x04 || key)>`.
    pub fn vkey(&self) -> Vkey {
        Vkey::new(&self.name, COSIGNATURE_SIGNATURE_TYPE, self.public_key())
    }

    /// The size of the latest checkpoint cosigned for `origin`, if any.
    pub fn held_size(&self, origin: &str) -> Option<u64> {
        self.state().get(origin).map(|held| held.tree_size)
    }

    /// The latest checkpoint cosigned for the origin whose SHA-256, in
    /// lowercase hex, is `origin_hash`, with the log's signatures and the
    /// cosignature (the monitoring endpoint's answer).
    pub fn latest_checkpoint_by_origin_hash(&self, origin_hash: &str) -> Option<String> {
        let state = self.state();
        let origin = state
            .origins()
            .find(|origin| encoding::hex(&sha256(origin.as_bytes())) == origin_hash)?
            .to_owned();
        state.get(&origin).map(|held| held.checkpoint.clone())
    }

    /// Handles an add-checkpoint request body: the cosignature line (with
    /// its newline) when the witness cosigned, else why not.
    pub fn add_checkpoint(&self, body: &[u8]) -> Result<String, Refusal> {
        let request = parse_add_checkpoint(body)?;
        let checkpoint = &request.checkpoint;
        let keys = self
            .logs
            .get(&checkpoint.origin)
            .ok_or(Refusal::UnknownOrigin)?;
        let log_lines = verified_log_lines(checkpoint, keys)?;
        if request.old_size > checkpoint.tree_size {
            return Err(Refusal::Malformed(format!(
                "old size {} is above the checkpoint's size {}",
                request.old_size, checkpoint.tree_size
            )));
        }
        // From here to the write, one request at a time: the check and the
        // record are one step (C2SP's rollback race).
        let mut state = self.state();
        let held = state.get(&checkpoint.origin);
        let held_size = held.map_or(0, |held| held.tree_size);
        if request.old_size != held_size {
            return Err(Refusal::Conflict { held_size });
        }
        check_consistency(&request, held)?;
        let timestamp = (self.clock)();
        if timestamp == 0 || timestamp > MAX_TIMESTAMP {
            return Err(Refusal::Internal(format!(
                "the clock reads {timestamp}, not a cosignature time"
            )));
        }
        let body = &checkpoint.note.text;
        let cosignature = cosign(body, &self.name, &self.key, timestamp)
            .map_err(|e| Refusal::Internal(e.to_string()))?;
        let held = Held {
            tree_size: checkpoint.tree_size,
            root_hash: checkpoint.root_hash,
            cosigned_at: timestamp,
            checkpoint: format!("{body}\n{log_lines}{cosignature}"),
        };
        state
            .record(&checkpoint.origin, held)
            .map_err(|e| Refusal::Internal(format!("the state was not recorded: {e}")))?;
        Ok(cosignature)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves the state as on disk (it
        // changes only after a write), so the guard is still good.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Refuses a log whose origin cannot be a checkpoint's origin line, or that
/// has no key, or a key of another type than Ed25519 note signatures.
fn check_log(origin: &str, keys: &[Vkey]) -> Result<(), WitnessError> {
    if origin.is_empty() || origin.chars().any(char::is_control) {
        return Err(WitnessError::Invalid(format!(
            "log origin {origin:?} cannot be a checkpoint's origin line"
        )));
    }
    if keys.is_empty() {
        return Err(WitnessError::Invalid(format!("log {origin:?} has no keys")));
    }
    if let Some(key) = keys
        .iter()
        .find(|key| key.signature_type != ED25519_SIGNATURE_TYPE)
    {
        return Err(WitnessError::Invalid(format!(
            "log {origin:?}: key {key} is not an Ed25519 note key (type 0x01)"
        )));
    }
    Ok(())
}

/// The log's signature lines, re-encoded, when at least one line of a
/// configured key verifies and none fails; lines of other keys are ignored.
fn verified_log_lines(checkpoint: &Checkpoint, keys: &[Vkey]) -> Result<String, Refusal> {
    let text = checkpoint.note.text.as_bytes();
    let mut lines = String::new();
    for line in &checkpoint.note.signatures {
        for key in keys {
            if line.key_name != key.name || line.key_hash != key.key_id() {
                continue;
            }
            if !crypto::verify_strict(&key.public_key, text, &line.signature) {
                return Err(Refusal::Forbidden(format!(
                    "the signature by log key {} does not verify",
                    key.name
                )));
            }
            lines.push_str(&signature_line(
                &line.key_name,
                &line.key_hash,
                &line.signature,
            ));
        }
    }
    if lines.is_empty() {
        return Err(Refusal::Forbidden(
            "no signature by a key of this log".to_owned(),
        ));
    }
    Ok(lines)
}

/// The 422 checks: the empty tree's root at size 0, no proof from size 0,
/// and otherwise a consistency proof from the held checkpoint.
fn check_consistency(request: &AddCheckpoint, held: Option<&Held>) -> Result<(), Refusal> {
    let checkpoint = &request.checkpoint;
    if checkpoint.tree_size == 0 && checkpoint.root_hash != empty_root() {
        return Err(Refusal::Inconsistent(
            "a checkpoint of size 0 must have the empty tree's root".to_owned(),
        ));
    }
    let held = match held {
        Some(held) if request.old_size > 0 => held,
        _ if request.proof.is_empty() => return Ok(()),
        _ => {
            return Err(Refusal::Inconsistent(
                "a proof from size 0 must be empty".to_owned(),
            ))
        }
    };
    verify_consistency(
        held.tree_size,
        checkpoint.tree_size,
        &request.proof,
        &held.root_hash,
        &checkpoint.root_hash,
    )
    .map_err(|e| Refusal::Inconsistent(e.to_string()))
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    use sha2::Digest as _;
    sha2::Sha256::digest(bytes).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &str = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

    fn checkpoint() -> String {
        format!("log.example/a\n3\n{ROOT}\n\n\u{2014} log.example/a AQIDBAU=\n")
    }

    #[test]
    fn the_c2sp_example_body_shape_parses() {
        let body = format!("old 2\n{ROOT}\n{ROOT}\n\n{}", checkpoint());
        let request = parse_add_checkpoint(body.as_bytes()).unwrap();
        assert_eq!(request.old_size, 2);
        assert_eq!(request.proof, vec![[0u8; 32]; 2]);
        assert_eq!(request.checkpoint.tree_size, 3);
        assert_eq!(add_checkpoint_body(2, &request.proof, &checkpoint()), body);
        let empty = format!("old 0\n\n{}", checkpoint());
        assert!(parse_add_checkpoint(empty.as_bytes())
            .unwrap()
            .proof
            .is_empty());
    }

    #[test]
    fn malformed_bodies_are_400() {
        let cp = checkpoint();
        let proof = format!("{ROOT}\n").repeat(MAX_PROOF_LINES);
        assert!(parse_add_checkpoint(format!("old 0\n{proof}\n{cp}").as_bytes()).is_ok());
        let cases: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"old 0".to_vec(),
            format!("old 0\n{cp}").into_bytes(),
            format!("old 00\n\n{cp}").into_bytes(),
            format!("old 01\n\n{cp}").into_bytes(),
            format!("old -1\n\n{cp}").into_bytes(),
            format!("old  1\n\n{cp}").into_bytes(),
            format!("old 1 \n\n{cp}").into_bytes(),
            format!("Old 1\n\n{cp}").into_bytes(),
            format!("old 18446744073709551616\n\n{cp}").into_bytes(),
            format!("old 1\r\n\n{cp}").into_bytes(),
            format!("old 1\nAAAA\n\n{cp}").into_bytes(),
            format!("old 1\n{}\n\n{cp}", ROOT.trim_end_matches('=')).into_bytes(),
            format!("old 1\n{ROOT} \n\n{cp}").into_bytes(),
            format!("old 0\n{proof}{ROOT}\n\n{cp}").into_bytes(),
            b"old 0\n\nnot a checkpoint\n".to_vec(),
            format!("old 0\n\n{}", cp.trim_end_matches('\n')).into_bytes(),
            [b"old 0\n\n".as_slice(), &[0xff, 0xfe], cp.as_bytes()].concat(),
        ];
        for body in cases {
            assert_eq!(
                parse_add_checkpoint(&body).map_err(|r| r.status()),
                Err(400),
                "{:?}",
                String::from_utf8_lossy(&body)
            );
        }
    }
}
