//! The two witnesses (§15): real C2SP `tlog-witness` servers
//! (`proofpack-witness`), in process on 127.0.0.1, each with its own fresh
//! key and its own state file under `DIR/store/<witness>/`, cosigning at
//! the demo's [`Clock`] time (so the after-checkpoint before the pack's
//! `signed_at`, the seal after it; never at the platform's own clock, which
//! `--fault backdated` sets 35 days slow).
//!
//! The platform shows each witness the audit log's before-checkpoint, then
//! its after-checkpoint with the consistency proof from the before size;
//! the after-checkpoint's cosignature lines go into the pack. With
//! `--fault witness-offline` the second witness is stopped before anyone
//! calls it; with `--fault log-fork` the log first showed the second
//! witness another tree of the same size, so that witness refuses the
//! real after-checkpoint.
//!
//! After signing, the platform shows them the checkpoint holding the pack's
//! `pack_signed` entry (§22), with the consistency proof from the
//! after-checkpoint they hold: its cosignatures seal the pack. With
//! `--fault unsealed` both are unreachable by then.

use crate::audit::{AuditStore, LOG_ORIGIN};
use crate::clock::Clock;
use crate::fault::Fault;
use crate::DemoError;
use ed25519_dalek::VerifyingKey;
use proofpack_spec::checkpoint::{parse_checkpoint, ED25519_SIGNATURE_TYPE};
use proofpack_spec::vkey::Vkey;
use proofpack_witness::server::{self, Running};
use proofpack_witness::witness::add_checkpoint_body;
use proofpack_witness::{Config, LogConfig, ServeConfig, Witness};
use std::path::Path;
use std::sync::Arc;

/// The witnesses: name (the key name of their cosignature lines, their
/// trust-store `key_id`), owner (distinct per witness), and the folder of
/// their state under `DIR/store/`.
pub(crate) const WITNESSES: [(&str, &str, &str); 2] = [
    (
        "witness-a.example/demo",
        "ops@witness-a.example",
        "witness-a",
    ),
    (
        "witness-b.example/demo",
        "ops@witness-b.example",
        "witness-b",
    ),
];

/// One witness as the platform knows it.
#[derive(Debug)]
pub struct WitnessNode {
    /// Its name.
    pub name: &'static str,
    /// Its operator.
    pub(crate) owner: &'static str,
    /// Its public key (role `witness` in the trust store).
    pub(crate) public_key: VerifyingKey,
    /// `http://127.0.0.1:PORT`.
    pub base_url: String,
    running: Option<Running>,
}

/// What a witness answered to the after-checkpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// It cosigned: its cosignature line.
    Cosigned(String),
    /// It refused, with the HTTP status.
    Refused(u16),
    /// It could not be reached.
    Unreachable(String),
}

/// The running witnesses. Dropping it stops them.
#[derive(Debug)]
pub struct Witnesses {
    /// In `WITNESSES` order.
    pub nodes: Vec<WitnessNode>,
}

fn witness_error(e: proofpack_witness::WitnessError) -> DemoError {
    DemoError::Service(format!("witness: {e}"))
}

/// The demo clock in POSIX seconds, as a witness reads it.
fn posix_seconds(clock: &Clock) -> u64 {
    u64::try_from(clock.now().unix_timestamp()).unwrap_or(0)
}

impl Witnesses {
    /// Starts both witnesses of the log whose checkpoint key is `log_key`,
    /// their state under `store_dir`; with `--fault witness-offline` the
    /// second is stopped at once (its address refuses connections).
    pub fn start(
        store_dir: &Path,
        log_key: VerifyingKey,
        clock: &Clock,
        fault: Option<Fault>,
    ) -> Result<Self, DemoError> {
        let mut nodes = Vec::new();
        for (n, (name, owner, folder)) in WITNESSES.into_iter().enumerate() {
            let dir = store_dir.join(folder);
            std::fs::create_dir_all(&dir).map_err(|e| DemoError::io(&dir, e))?;
            let config = Config {
                name: name.to_owned(),
                key: proofpack_author::keys::generate(),
                state_file: dir.join("state.json"),
                logs: vec![LogConfig {
                    origin: LOG_ORIGIN.to_owned(),
                    keys: vec![Vkey::new(LOG_ORIGIN, ED25519_SIGNATURE_TYPE, log_key)],
                }],
            };
            let clock = clock.clone();
            let witness = Arc::new(
                Witness::new(config, move || posix_seconds(&clock)).map_err(witness_error)?,
            );
            let public_key = witness.public_key();
            let running =
                server::start(witness, ServeConfig::loopback_any_port()).map_err(witness_error)?;
            let base_url = running.base_url();
            let running = if n == 1 && fault == Some(Fault::WitnessOffline) {
                running.stop().map_err(witness_error)?;
                None
            } else {
                Some(running)
            };
            nodes.push(WitnessNode {
                name,
                owner,
                public_key,
                base_url,
                running,
            });
        }
        Ok(Witnesses { nodes })
    }

    /// Shows every witness `before` (the first checkpoint it sees of the
    /// log; with `--fault log-fork` the second sees a forked one of the
    /// same size instead), then `after` with the consistency proof from
    /// `before`, and returns each witness's answer to `after`.
    pub(crate) fn cosign(
        &self,
        audit: &AuditStore,
        before: &str,
        after: &str,
        fault: Option<Fault>,
    ) -> Result<Vec<Answer>, DemoError> {
        let (before_size, after_size) = (tree_size(before)?, tree_size(after)?);
        let proof = audit.log().consistency_proof(before_size, after_size)?;
        let agent = crate::receipts::agent();
        let mut answers = Vec::new();
        for (n, node) in self.nodes.iter().enumerate() {
            let first = if n == 1 && fault == Some(Fault::LogFork) {
                audit.forked_checkpoint(before_size)?
            } else {
                before.to_owned()
            };
            // The first checkpoint a fresh witness sees: old size 0, no
            // proof. A witness that did not take it is not asked again.
            let shown = node.add(&agent, &add_checkpoint_body(0, &[], &first));
            answers.push(match shown {
                Answer::Cosigned(_) => {
                    node.add(&agent, &add_checkpoint_body(before_size, &proof, after))
                }
                refused => refused,
            });
        }
        Ok(answers)
    }
}

impl Witnesses {
    /// Shows every witness `seal` (a checkpoint of the log holding the
    /// `pack_signed` entry) with the consistency proof from `after`, the
    /// after-checkpoint they cosigned, and returns each answer. A witness
    /// that holds another checkpoint (`--fault log-fork`) refuses.
    pub(crate) fn cosign_seal(
        &self,
        audit: &AuditStore,
        after: &str,
        seal: &str,
    ) -> Result<Vec<Answer>, DemoError> {
        let (after_size, seal_size) = (tree_size(after)?, tree_size(seal)?);
        let proof = audit.log().consistency_proof(after_size, seal_size)?;
        let body = add_checkpoint_body(after_size, &proof, seal);
        let agent = crate::receipts::agent();
        Ok(self.nodes.iter().map(|n| n.add(&agent, &body)).collect())
    }

    /// Stops every witness: their addresses refuse connections from now on.
    pub(crate) fn go_offline(&mut self) -> Result<(), DemoError> {
        let stopped: Vec<_> = self
            .nodes
            .iter_mut()
            .filter_map(|node| node.running.take().map(Running::stop))
            .collect();
        stopped
            .into_iter()
            .collect::<Result<(), _>>()
            .map_err(witness_error)
    }
}

/// The tree size of one of the log's own checkpoints.
fn tree_size(note: &str) -> Result<u64, DemoError> {
    parse_checkpoint(note)
        .map(|c| c.tree_size)
        .map_err(|e| DemoError::Service(format!("the log's own checkpoint: {e}")))
}

impl WitnessNode {
    /// POSTs one add-checkpoint request.
    fn add(&self, agent: &ureq::Agent, body: &str) -> Answer {
        let url = format!("{}/add-checkpoint", self.base_url);
        let mut response = match agent.post(&url).send(body) {
            Ok(response) => response,
            Err(e) => return Answer::Unreachable(e.to_string()),
        };
        let status = response.status().as_u16();
        match response.body_mut().read_to_string() {
            Ok(line) if status == 200 => Answer::Cosigned(line),
            Ok(_) => Answer::Refused(status),
            Err(e) => Answer::Unreachable(e.to_string()),
        }
    }
}

impl Drop for Witnesses {
    fn drop(&mut self) {
        let _ = self.go_offline();
    }
}
