//! The witness over HTTP: every C2SP `tlog-witness` answer of
//! `add-checkpoint` on real trees and proofs, the state across a restart,
//! the address rule, TLS and the binary.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use ed25519_dalek::SigningKey;
use proofpack_spec::checkpoint::{
    checkpoint_body, parse_checkpoint, sign_note, ED25519_SIGNATURE_TYPE,
};
use proofpack_spec::cosignature::{check_cosignature, CosignatureCheck, WitnessKey};
use proofpack_spec::merkle::{empty_root, Hash, MerkleTree};
use proofpack_witness::server::{self, Running, SIZE_CONTENT_TYPE};
use proofpack_witness::vkey::Vkey;
use proofpack_witness::witness::add_checkpoint_body;
use proofpack_witness::{Config, LogConfig, ServeConfig, Witness, WitnessError};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

const ORIGIN: &str = "audit.example.com/ten_0440";
const WITNESS: &str = "witness.example/w1";
/// The time the test clock starts at (2026-04-12T13:20:00Z).
const T0: u64 = 1_776_000_000;

fn log_key() -> SigningKey {
    SigningKey::from_bytes(&[0x11; 32])
}

fn witness_key() -> SigningKey {
    SigningKey::from_bytes(&[0x33; 32])
}

fn log_vkey(origin: &str, key: &SigningKey) -> Vkey {
    Vkey::new(origin, ED25519_SIGNATURE_TYPE, key.verifying_key())
}

/// A log: its leaves, as the producer appends them.
fn tree(leaves: u64, fork_at: Option<u64>) -> MerkleTree {
    let mut tree = MerkleTree::new();
    for i in 0..leaves {
        let fork = if Some(i) == fork_at { "forked" } else { "" };
        tree.push_leaf(format!("{{\"seq\":{i}{fork}}}").as_bytes());
    }
    tree
}

/// The log's signed checkpoint of `tree` at `size`.
fn checkpoint(tree: &MerkleTree, size: u64) -> String {
    let body = checkpoint_body(ORIGIN, size, &tree.root_at(size).unwrap());
    sign_note(&body, ORIGIN, &log_key())
}

/// A witness's state folder and clock; each `start` serves a new witness on
/// them (so a second `start` is a restart).
struct Fixture {
    dir: tempfile::TempDir,
    clock: Arc<AtomicU64>,
}

impl Fixture {
    fn new() -> Fixture {
        Fixture {
            dir: tempfile::tempdir().unwrap(),
            clock: Arc::new(AtomicU64::new(T0)),
        }
    }

    fn state_file(&self) -> PathBuf {
        self.dir.path().join("state.json")
    }

    fn config(&self) -> Config {
        Config {
            name: WITNESS.to_owned(),
            key: witness_key(),
            state_file: self.state_file(),
            logs: vec![LogConfig {
                origin: ORIGIN.to_owned(),
                keys: vec![log_vkey(ORIGIN, &log_key())],
            }],
        }
    }

    fn witness(&self) -> Arc<Witness> {
        let clock = Arc::clone(&self.clock);
        Arc::new(Witness::new(self.config(), move || clock.load(Ordering::SeqCst)).unwrap())
    }

    fn start(&self) -> Served {
        let witness = self.witness();
        let running =
            server::start(Arc::clone(&witness), ServeConfig::loopback_any_port()).unwrap();
        Served { witness, running }
    }
}

struct Served {
    witness: Arc<Witness>,
    running: Running,
}

/// One answer, read whole.
#[derive(Debug)]
struct Answer {
    status: u16,
    content_type: String,
    body: String,
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

fn answer(response: ureq::http::Response<ureq::Body>) -> Answer {
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response.into_body().read_to_string().unwrap();
    Answer {
        status,
        content_type,
        body,
    }
}

impl Served {
    fn post_raw(&self, body: impl AsRef<[u8]>) -> Answer {
        let url = format!("{}/add-checkpoint", self.running.base_url());
        answer(agent().post(&url).send(body.as_ref()).unwrap())
    }

    fn add(&self, old: u64, proof: &[Hash], checkpoint: &str) -> Answer {
        self.post_raw(add_checkpoint_body(old, proof, checkpoint))
    }

    fn get(&self, path: &str) -> Answer {
        let url = format!("{}{path}", self.running.base_url());
        answer(agent().get(&url).call().unwrap())
    }
}

fn origin_hash(origin: &str) -> String {
    use sha2::Digest as _;
    proofpack_spec::encoding::hex(&sha2::Sha256::digest(origin.as_bytes()))
}

/// The timestamp of the witness's valid cosignature in `lines` (one or more
/// signature lines) on the checkpoint `note`.
fn cosignature_time(note: &str, lines: &str) -> u64 {
    let cp = parse_checkpoint(&format!("{note}{lines}")).unwrap();
    let key = witness_key().verifying_key();
    let witness = WitnessKey {
        name: WITNESS,
        public_key: &key,
    };
    let times: Vec<u64> = cp
        .note
        .signatures
        .iter()
        .filter_map(
            |line| match check_cosignature(&cp.note.text, line, &witness) {
                CosignatureCheck::Valid { timestamp } => Some(timestamp),
                CosignatureCheck::NotByKey => None,
                CosignatureCheck::Invalid(e) => panic!("an invalid cosignature: {e}"),
            },
        )
        .collect();
    assert_eq!(times.len(), 1, "{lines}");
    times[0]
}

fn assert_conflict(answer: &Answer, held: u64) {
    assert_eq!(answer.status, 409, "{answer:?}");
    assert_eq!(answer.content_type, SIZE_CONTENT_TYPE);
    assert_eq!(answer.body, format!("{held}\n"));
}

#[test]
fn a_first_checkpoint_is_cosigned_at_the_clocks_time() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let log = tree(5, None);
    let cp = checkpoint(&log, 5);
    let cosigned = served.add(0, &[], &cp);
    assert_eq!(cosigned.status, 200, "{cosigned:?}");
    assert!(cosigned.content_type.starts_with("text/plain"));
    assert_eq!(cosigned.body.lines().count(), 1);
    assert!(cosigned.body.starts_with("\u{2014} witness.example/w1 "));
    assert_eq!(cosignature_time(&cp, &cosigned.body), T0);
    assert_eq!(served.witness.held_size(ORIGIN), Some(5));

    // The monitoring endpoint: the checkpoint with the log's signature and
    // the cosignature; 404 for an origin never cosigned.
    let latest = served.get(&format!("/{}/checkpoint", origin_hash(ORIGIN)));
    assert_eq!(latest.status, 200);
    assert_eq!(latest.body, format!("{cp}{}", cosigned.body));
    let other = served.get(&format!("/{}/checkpoint", origin_hash("other.example/log")));
    assert_eq!(other.status, 404);
    let upper = served.get(&format!(
        "/{}/checkpoint",
        origin_hash(ORIGIN).to_uppercase()
    ));
    assert_eq!(upper.status, 404);
}

#[test]
fn an_extension_with_a_consistency_proof_is_cosigned() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let log = tree(12, None);
    assert_eq!(served.add(0, &[], &checkpoint(&log, 5)).status, 200);
    fixture.clock.store(T0 + 60, Ordering::SeqCst);
    let proof = log.consistency_proof(5, 12).unwrap();
    assert!(!proof.is_empty());
    let cp = checkpoint(&log, 12);
    let cosigned = served.add(5, &proof, &cp);
    assert_eq!(cosigned.status, 200, "{cosigned:?}");
    assert_eq!(cosignature_time(&cp, &cosigned.body), T0 + 60);
    assert_eq!(served.witness.held_size(ORIGIN), Some(12));
    // The same checkpoint again, from its own size: cosigned again.
    let again = served.add(12, &[], &cp);
    assert_eq!(again.status, 200, "{again:?}");
}

#[test]
fn a_rolled_back_checkpoint_is_refused_with_the_held_size() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let log = tree(9, None);
    assert_eq!(served.add(0, &[], &checkpoint(&log, 9)).status, 200);
    let stale = checkpoint(&log, 5);
    // From the client's own (stale) view: 409 and the size held.
    assert_conflict(&served.add(5, &[], &stale), 9);
    assert_conflict(&served.add(0, &[], &stale), 9);
    assert_conflict(
        &served.add(3, &log.consistency_proof(3, 5).unwrap(), &stale),
        9,
    );
    // From the size held: an old size above the checkpoint's is malformed (400).
    assert_eq!(served.add(9, &[], &stale).status, 400);
    assert_eq!(served.witness.held_size(ORIGIN), Some(9));
}

#[test]
fn a_conflicting_root_at_the_same_size_is_refused() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let log = tree(9, None);
    let fork = tree(9, Some(2));
    assert_eq!(served.add(0, &[], &checkpoint(&log, 9)).status, 200);
    let forked = checkpoint(&fork, 9);
    // From a size it does not hold: 409 with the size held.
    assert_conflict(&served.add(0, &[], &forked), 9);
    // From the size it holds: equal sizes, other root (C2SP: 422).
    assert_eq!(served.add(9, &[], &forked).status, 422);
    let latest = served.get(&format!("/{}/checkpoint", origin_hash(ORIGIN)));
    assert!(latest
        .body
        .starts_with(&checkpoint_body(ORIGIN, 9, &log.root())));
}

#[test]
fn an_inconsistent_checkpoint_or_a_bad_proof_is_422() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let log = tree(12, None);
    assert_eq!(served.add(0, &[], &checkpoint(&log, 9)).status, 200);
    // A fork that rewrote leaf 2, extended to 12, with its own valid proof.
    let fork = tree(12, Some(2));
    let forked = checkpoint(&fork, 12);
    assert_eq!(
        served
            .add(9, &fork.consistency_proof(9, 12).unwrap(), &forked)
            .status,
        422
    );
    // The genuine extension with a damaged, short, long or empty proof.
    let cp = checkpoint(&log, 12);
    let proof = log.consistency_proof(9, 12).unwrap();
    let mut damaged = proof.clone();
    damaged[0][0] ^= 1;
    let long = [proof.as_slice(), &[[0u8; 32]]].concat();
    for bad in [damaged, proof[1..].to_vec(), long, Vec::new()] {
        assert_eq!(served.add(9, &bad, &cp).status, 422, "{bad:?}");
    }
    // A proof for other sizes.
    assert_eq!(
        served
            .add(9, &log.consistency_proof(8, 12).unwrap(), &cp)
            .status,
        422
    );
    assert_eq!(served.witness.held_size(ORIGIN), Some(9));
    // And the right proof still works.
    assert_eq!(served.add(9, &proof, &cp).status, 200);
}

#[test]
fn from_size_zero_the_proof_is_empty_and_an_empty_tree_has_the_empty_root() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let log = tree(4, None);
    // A first checkpoint with a (meaningless) proof.
    assert_eq!(
        served.add(0, &[[0u8; 32]], &checkpoint(&log, 4)).status,
        422
    );
    // Size 0 with another root than SHA-256("").
    let wrong_empty = sign_note(&checkpoint_body(ORIGIN, 0, &[7; 32]), ORIGIN, &log_key());
    assert_eq!(served.add(0, &[], &wrong_empty).status, 422);
    let empty = sign_note(
        &checkpoint_body(ORIGIN, 0, &empty_root()),
        ORIGIN,
        &log_key(),
    );
    assert_eq!(served.add(0, &[], &empty).status, 200);
    assert_eq!(served.witness.held_size(ORIGIN), Some(0));
    assert_eq!(served.add(0, &[], &checkpoint(&log, 4)).status, 200);
}

#[test]
fn a_malformed_request_is_400() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let cp = checkpoint(&tree(3, None), 3);
    let bodies: Vec<Vec<u8>> = vec![
        Vec::new(),
        cp.clone().into_bytes(),
        format!("old 0\n{cp}").into_bytes(),
        format!("old 00\n\n{cp}").into_bytes(),
        format!("old 0\nnot-base64\n\n{cp}").into_bytes(),
        format!("old 0\n{}\n\n{cp}", "A".repeat(44)).into_bytes(),
        format!(
            "old 0\n{}\n\n{cp}",
            format!("{}\n", "A".repeat(43) + "=").repeat(64).trim_end()
        )
        .into_bytes(),
        b"old 0\n\nno checkpoint here\n".to_vec(),
        format!("old 0\n\n{}", cp.replace('\u{2014}', "-")).into_bytes(),
        [b"old 0\n\n".as_slice(), b"\xff", cp.as_bytes()].concat(),
    ];
    for body in bodies {
        let refused = served.post_raw(&body);
        assert_eq!(
            refused.status,
            400,
            "{:?}: {refused:?}",
            String::from_utf8_lossy(&body)
        );
    }
    assert_eq!(served.witness.held_size(ORIGIN), None);
    // Too large to read: 413.
    let huge = format!("old 0\n\n{}", "x".repeat(server::MAX_BODY + 1));
    assert_eq!(served.post_raw(huge).status, 413);
    // Another method: 405.
    assert_eq!(served.get("/add-checkpoint").status, 405);
}

#[test]
fn an_unknown_origin_is_404() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let other = "audit.example.com/ten_9999";
    let other_key = SigningKey::from_bytes(&[0x22; 32]);
    let body = checkpoint_body(other, 3, &tree(3, None).root());
    assert_eq!(
        served
            .add(0, &[], &sign_note(&body, other, &other_key))
            .status,
        404
    );
    // Even signed by a configured log's key.
    assert_eq!(
        served
            .add(0, &[], &sign_note(&body, other, &log_key()))
            .status,
        404
    );
}

#[test]
fn no_verifying_log_signature_is_403() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let log = tree(3, None);
    let body = checkpoint_body(ORIGIN, 3, &log.root());
    // Signed by another key under the log's name: no trusted signature.
    let impostor = SigningKey::from_bytes(&[0x44; 32]);
    assert_eq!(
        served
            .add(0, &[], &sign_note(&body, ORIGIN, &impostor))
            .status,
        403
    );
    // The log's key under another name.
    assert_eq!(
        served
            .add(0, &[], &sign_note(&body, "someone.else", &log_key()))
            .status,
        403
    );
    // A trusted line whose signature fails, alone or beside a good one.
    let good = sign_note(&body, ORIGIN, &log_key());
    let line = good.rsplit_once("\n\n").unwrap().1;
    let (head, b64) = line.trim_end().rsplit_once(' ').unwrap();
    let mut bytes = proofpack_spec::encoding::base64_strict(b64).unwrap();
    bytes[20] ^= 1;
    use base64::Engine as _;
    let bad_line = format!(
        "{head} {}\n",
        base64::engine::general_purpose::STANDARD.encode(&bytes)
    );
    assert_eq!(
        served.add(0, &[], &format!("{body}\n{bad_line}")).status,
        403
    );
    assert_eq!(served.add(0, &[], &format!("{good}{bad_line}")).status, 403);
    assert_eq!(
        served
            .add(
                0,
                &[],
                &format!("{body}\n{bad_line}{}", &good[body.len() + 1..])
            )
            .status,
        403
    );
    // The checkpoint altered after signing.
    let altered = good.replacen("\n3\n", "\n4\n", 1);
    assert_eq!(served.add(0, &[], &altered).status, 403);
    assert_eq!(served.witness.held_size(ORIGIN), None);
    // Unknown signers beside the log's own line are ignored.
    let extra = sign_note(&body, "witness.example/w9", &impostor);
    let with_extra = format!("{good}{}", &extra[body.len() + 1..]);
    assert_eq!(served.add(0, &[], &with_extra).status, 200);
}

#[test]
fn the_state_survives_a_restart() {
    let fixture = Fixture::new();
    let log = tree(9, None);
    let first = fixture.start();
    let cosigned = first.add(0, &[], &checkpoint(&log, 5));
    assert_eq!(cosigned.status, 200);
    first.running.stop().unwrap();
    drop(first.witness);

    let again = fixture.start();
    assert_eq!(again.witness.held_size(ORIGIN), Some(5));
    // It still holds size 5: a rollback to nothing is refused...
    assert_conflict(&again.add(0, &[], &checkpoint(&log, 5)), 5);
    assert_conflict(&again.add(0, &[], &checkpoint(&log, 3)), 5);
    // ...and the log goes on from 5.
    let latest = again.get(&format!("/{}/checkpoint", origin_hash(ORIGIN)));
    assert_eq!(
        latest.body,
        format!("{}{}", checkpoint(&log, 5), cosigned.body)
    );
    assert_eq!(
        again
            .add(
                5,
                &log.consistency_proof(5, 9).unwrap(),
                &checkpoint(&log, 9)
            )
            .status,
        200
    );
    drop(again);
    let file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixture.state_file()).unwrap()).unwrap();
    assert_eq!(file["format"], "proofpack-witness-state/v1");
    assert_eq!(file["logs"][ORIGIN]["tree_size"], 9);
}

#[test]
fn an_unusable_state_file_stops_the_start() {
    let fixture = Fixture::new();
    std::fs::write(
        fixture.state_file(),
        "{\"format\": \"proofpack-witness-state/v1\"",
    )
    .unwrap();
    let refused = Witness::new(fixture.config(), || T0);
    assert!(
        matches!(refused, Err(WitnessError::Invalid(_))),
        "{refused:?}"
    );
}

#[test]
fn racing_extensions_from_one_size_cosign_once() {
    let fixture = Fixture::new();
    let served = Arc::new(fixture.start());
    let log = tree(20, None);
    assert_eq!(served.add(0, &[], &checkpoint(&log, 4)).status, 200);
    let barrier = Arc::new(std::sync::Barrier::new(2));
    let threads: Vec<_> = [10u64, 20]
        .into_iter()
        .map(|size| {
            let (served, barrier) = (Arc::clone(&served), Arc::clone(&barrier));
            let body = add_checkpoint_body(
                4,
                &log.consistency_proof(4, size).unwrap(),
                &checkpoint(&log, size),
            );
            std::thread::spawn(move || {
                barrier.wait();
                (size, served.post_raw(body))
            })
        })
        .collect();
    let answers: Vec<(u64, Answer)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let won: Vec<u64> = answers
        .iter()
        .filter(|(_, a)| a.status == 200)
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(won.len(), 1, "{answers:?}");
    let (_, lost) = answers.iter().find(|(_, a)| a.status != 200).unwrap();
    assert_conflict(lost, won[0]);
    assert_eq!(served.witness.held_size(ORIGIN), Some(won[0]));
}

#[test]
fn a_clock_at_zero_cosigns_nothing() {
    let fixture = Fixture::new();
    fixture.clock.store(0, Ordering::SeqCst);
    let served = fixture.start();
    assert_eq!(
        served.add(0, &[], &checkpoint(&tree(3, None), 3)).status,
        500
    );
    assert_eq!(served.witness.held_size(ORIGIN), None);
}

#[test]
fn a_non_loopback_address_needs_tls() {
    let fixture = Fixture::new();
    for addr in ["0.0.0.0:0", "192.0.2.1:7380", "[::]:0"] {
        let serve = ServeConfig {
            addr: addr.parse().unwrap(),
            ..ServeConfig::loopback_any_port()
        };
        let refused = server::start(fixture.witness(), serve);
        assert!(matches!(refused, Err(WitnessError::Invalid(_))), "{addr}");
    }
    let loopback6 = ServeConfig {
        addr: "[::1]:0".parse().unwrap(),
        ..ServeConfig::loopback_any_port()
    };
    // ::1 is loopback: allowed (where the machine has IPv6; else a bind error).
    match server::start(fixture.witness(), loopback6) {
        Ok(running) => running.stop().unwrap(),
        Err(e) => assert!(matches!(e, WitnessError::Io { .. }), "{e}"),
    }
}

/// Runs `command`, which must succeed, and returns its stdout.
fn succeed(command: &mut std::process::Command) -> String {
    let done = command.output().unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    String::from_utf8(done.stdout).unwrap()
}

/// A configuration file, a key made by `keygen`, for the binary.
fn write_config(dir: &Path, bin: &str) -> PathBuf {
    let printed = succeed(
        std::process::Command::new(bin)
            .args(["keygen", "key.pem", "--name", WITNESS])
            .current_dir(dir),
    );
    let vkey = Vkey::parse(printed.trim_end()).unwrap();
    assert_eq!(vkey.name, WITNESS);
    let config = serde_json::json!({
        "name": WITNESS,
        "key_file": "key.pem",
        "state_file": "state.json",
        "logs": [{"origin": ORIGIN, "keys": [log_vkey(ORIGIN, &log_key()).to_string()]}],
    });
    let path = dir.join("witness.json");
    std::fs::write(&path, config.to_string()).unwrap();
    path
}

/// `serve` in a child process; killed on drop.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn spawn_serve(bin: &str, config: &Path, extra: &[&str]) -> (Child, String) {
    use std::io::BufRead as _;
    let mut child = Child(
        std::process::Command::new(bin)
            .arg("serve")
            .arg(config)
            .args(["--addr", "127.0.0.1:0"])
            .args(extra)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = child.0.stdout.take().unwrap();
    let mut line = String::new();
    std::io::BufReader::new(stdout)
        .read_line(&mut line)
        .unwrap();
    let base = line
        .trim_end()
        .strip_prefix("listening on ")
        .unwrap()
        .to_owned();
    (child, base)
}

#[test]
fn the_binary_makes_a_key_serves_and_keeps_its_state() {
    let bin = env!("CARGO_BIN_EXE_proofpack-witness");
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), bin);

    // `vkey` prints the same key `keygen` did, and its trust-store form.
    let vkey = succeed(
        std::process::Command::new(bin)
            .arg("vkey")
            .arg(&config)
            .arg("--json"),
    );
    let vkey: serde_json::Value = serde_json::from_str(&vkey).unwrap();
    let parsed = Vkey::parse(vkey["vkey"].as_str().unwrap()).unwrap();
    let public_key =
        proofpack_spec::encoding::base64_strict(vkey["public_key"].as_str().unwrap()).unwrap();
    assert_eq!(
        parsed.public_key.as_bytes().as_slice(),
        public_key.as_slice()
    );

    // A non-loopback address without TLS: refused before anything listens.
    let open = std::process::Command::new(bin)
        .arg("serve")
        .arg(&config)
        .args(["--addr", "0.0.0.0:0"])
        .output()
        .unwrap();
    assert_eq!(open.status.code(), Some(1));
    assert!(open.stdout.is_empty());

    let log = tree(7, None);
    let (child, base) = spawn_serve(bin, &config, &[]);
    assert!(base.starts_with("http://127.0.0.1:"), "{base}");
    let url = format!("{base}/add-checkpoint");
    let cp = checkpoint(&log, 4);
    let cosigned = answer(
        agent()
            .post(&url)
            .send(add_checkpoint_body(0, &[], &cp))
            .unwrap(),
    );
    assert_eq!(cosigned.status, 200);
    // The binary's clock is the system's: the cosignature verifies under the
    // vkey it printed.
    let line = parse_checkpoint(&format!("{cp}{}", cosigned.body)).unwrap();
    let witness = WitnessKey {
        name: WITNESS,
        public_key: &parsed.public_key,
    };
    assert!(matches!(
        check_cosignature(&line.note.text, &line.note.signatures[1], &witness),
        CosignatureCheck::Valid { .. }
    ));
    drop(child);

    // Killed and started again: it still holds size 4.
    let (_child, base) = spawn_serve(bin, &config, &[]);
    let url = format!("{base}/add-checkpoint");
    let stale = answer(
        agent()
            .post(&url)
            .send(add_checkpoint_body(0, &[], &cp))
            .unwrap(),
    );
    assert_conflict(&stale, 4);
}

/// TLS with rustls: a self-signed certificate for 127.0.0.1 (made with the
/// openssl command, as an operator would), trusted by the client alone.
#[cfg(unix)]
#[test]
fn the_witness_serves_over_tls() {
    let fixture = Fixture::new();
    let cert = fixture.dir.path().join("cert.pem");
    let key = fixture.dir.path().join("key.pem");
    succeed(
        std::process::Command::new("openssl")
            .args(["req", "-x509", "-newkey", "ed25519", "-nodes", "-days", "2"])
            .args(["-subj", "/CN=proofpack-witness-test"])
            .args(["-addext", "subjectAltName=IP:127.0.0.1"])
            .args(["-addext", "basicConstraints=critical,CA:FALSE"])
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&cert),
    );
    let serve = ServeConfig {
        tls: Some(proofpack_witness::Tls {
            cert: cert.clone(),
            key,
        }),
        ..ServeConfig::loopback_any_port()
    };
    let running = server::start(fixture.witness(), serve).unwrap();
    assert!(running.base_url().starts_with("https://127.0.0.1:"));
    let root = ureq::tls::Certificate::from_pem(&std::fs::read(&cert).unwrap()).unwrap();
    let tls = ureq::tls::TlsConfig::builder()
        .root_certs(ureq::tls::RootCerts::new_with_certs(&[root]))
        .build();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .tls_config(tls)
        .build()
        .into();
    let cp = checkpoint(&tree(2, None), 2);
    let url = format!("{}/add-checkpoint", running.base_url());
    let cosigned = answer(
        agent
            .post(&url)
            .send(add_checkpoint_body(0, &[], &cp))
            .unwrap(),
    );
    assert_eq!(cosigned.status, 200);
    assert_eq!(cosignature_time(&cp, &cosigned.body), T0);
    running.stop().unwrap();
}

/// The README's walk-through, as a newcomer runs it (in a scratch folder
/// holding the sample trust store and audit-log document, with the built
/// binary and a free port).
#[cfg(unix)]
#[test]
fn the_readme_walk_through_works() {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(manifest_dir.join("README.md")).unwrap();
    let section = readme
        .split("## Walk-through")
        .nth(1)
        .expect("README has the walk-through");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    assert!(block.contains("WITNESS=target/debug/proofpack-witness") && block.contains("7380"));
    let script = block
        .replace("cargo build -p proofpack-witness\n", "")
        .replace(
            "WITNESS=target/debug/proofpack-witness",
            &format!("WITNESS={}", env!("CARGO_BIN_EXE_proofpack-witness")),
        )
        .replace("7380", &port.to_string());
    let dir = tempfile::tempdir().unwrap();
    let samples = manifest_dir.join("../../sample-packs");
    let audit = "sample-packs/evidence/complete-gdpr/audit-log-redaction.json";
    for file in ["sample-packs/trust.json", audit] {
        let to = dir.path().join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(
            samples.join(file.strip_prefix("sample-packs/").unwrap()),
            to,
        )
        .unwrap();
    }
    // `wait`: the witness has stopped on the block's `kill` before the test goes on.
    let stdout = succeed(
        std::process::Command::new("bash")
            .args([
                "-euo",
                "pipefail",
                "-c",
                &format!("{script}wait $WITNESS_PID || true\n"),
            ])
            .current_dir(dir.path()),
    );
    let lines: Vec<&str> = stdout.split_inclusive('\n').collect();
    let vkey = Vkey::parse(lines[0].trim_end()).unwrap();
    assert_eq!(lines[1], format!("listening on http://127.0.0.1:{port}\n"));
    let document: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join(audit)).unwrap()).unwrap();
    let witness = WitnessKey {
        name: WITNESS,
        public_key: &vkey.public_key,
    };
    for (member, line) in [
        ("checkpoint_before", lines[2]),
        ("checkpoint_after", lines[3]),
    ] {
        let note = document[member].as_str().unwrap();
        let cp = parse_checkpoint(&format!("{note}{line}")).unwrap();
        let cosignature = cp.note.signatures.last().unwrap();
        assert!(
            matches!(
                check_cosignature(&cp.note.text, cosignature, &witness),
                CosignatureCheck::Valid { .. }
            ),
            "{member}: {line}"
        );
    }
    assert_eq!(&lines[4..6], ["23\n", "409\n"]);
    let after = document["checkpoint_after"].as_str().unwrap();
    assert_eq!(lines[6..].concat(), format!("{after}{}", lines[3]));
}

/// The two histories of the concurrency tests: the log's and a fork that
/// rewrote leaf [`FORK_AT`] (the same roots up to that size, others after).
const FORK_AT: u64 = 24;

/// One history of the log, as a client holds it.
struct History {
    tree: MerkleTree,
    /// The signed checkpoint of each size, made once.
    checkpoints: Vec<String>,
}

impl History {
    fn new(leaves: u64, fork_at: Option<u64>) -> Arc<History> {
        let tree = tree(leaves, fork_at);
        let checkpoints = (0..=leaves).map(|size| checkpoint(&tree, size)).collect();
        Arc::new(History { tree, checkpoints })
    }
}

/// A checkpoint the witness cosigned, as its answer showed it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cosigned {
    size: u64,
    root: Hash,
}

/// How a client's request ended.
enum Pushed {
    Cosigned(Cosigned),
    /// Refused for good (422, or the witness holds a larger checkpoint).
    Refused,
    /// No answer: the witness is gone.
    Gone,
}

/// Shows the witness at `base` the checkpoint of `size` of `history`, as a
/// log's client does: from the size it believes the witness holds (0 at
/// first), and after a 409 again from the size the witness says it holds,
/// with the consistency proof of its own history. Every cosignature it gets
/// must verify under `witness`.
fn push(
    agent: &ureq::Agent,
    base: &str,
    witness: &ed25519_dalek::VerifyingKey,
    history: &History,
    size: u64,
) -> Pushed {
    let cp = &history.checkpoints[size as usize];
    let mut old = 0;
    for _ in 0..8 {
        let proof = if old == 0 || old == size {
            Vec::new()
        } else {
            history.tree.consistency_proof(old, size).unwrap()
        };
        let sent = agent
            .post(format!("{base}/add-checkpoint"))
            .send(add_checkpoint_body(old, &proof, cp));
        let Ok(response) = sent else {
            return Pushed::Gone;
        };
        let status = response.status().as_u16();
        let Ok(body) = response.into_body().read_to_string() else {
            return Pushed::Gone;
        };
        match status {
            200 => {
                let parsed = parse_checkpoint(&format!("{cp}{body}")).unwrap();
                let key = WitnessKey {
                    name: WITNESS,
                    public_key: witness,
                };
                let line = parsed.note.signatures.last().unwrap();
                assert!(matches!(
                    check_cosignature(&parsed.note.text, line, &key),
                    CosignatureCheck::Valid { .. }
                ));
                return Pushed::Cosigned(Cosigned {
                    size,
                    root: history.tree.root_at(size).unwrap(),
                });
            }
            409 => {
                old = body.trim_end().parse().unwrap();
                if old > size {
                    return Pushed::Refused;
                }
            }
            422 => return Pushed::Refused,
            other => panic!("add-checkpoint answered {other}: {body}"),
        }
    }
    Pushed::Refused
}

/// Checks that no tree size was cosigned with two roots, and that every
/// root cosigned beyond the fork point is of one history.
fn assert_one_history(cosigned: &[Cosigned]) {
    let mut roots = std::collections::BTreeMap::new();
    for c in cosigned {
        let first = *roots.entry(c.size).or_insert(c.root);
        assert_eq!(first, c.root, "two roots cosigned for size {}", c.size);
    }
    let main = tree(roots.keys().max().copied().unwrap_or(0), None);
    let beyond: Vec<bool> = roots
        .iter()
        .filter(|(size, _)| **size > FORK_AT)
        .map(|(size, root)| main.root_at(*size).unwrap() == *root)
        .collect();
    assert!(
        beyond.iter().all(|m| *m) || beyond.iter().all(|m| !*m),
        "cosigned roots of both histories beyond the fork: {roots:?}"
    );
}

/// 64 concurrent clients of one log, half showing its history and half a
/// fork of it, each at a size of its own (a size asked by both histories
/// beyond the fork point is a conflict): the witness cosigns each size
/// with one root only, follows one history, and holds the largest
/// checkpoint it cosigned.
#[test]
fn sixty_four_racing_clients_of_two_histories_never_get_two_roots_for_one_size() {
    let fixture = Fixture::new();
    let served = fixture.start();
    let histories = [History::new(40, None), History::new(40, Some(FORK_AT))];
    let base = served.running.base_url();
    let key = witness_key().verifying_key();
    let barrier = Arc::new(std::sync::Barrier::new(64));
    let clients: Vec<_> = (0..64u64)
        .map(|i| {
            let history = Arc::clone(&histories[(i % 2) as usize]);
            let (barrier, base) = (Arc::clone(&barrier), base.clone());
            std::thread::spawn(move || {
                let agent = agent();
                barrier.wait();
                push(&agent, &base, &key, &history, 8 + i / 2)
            })
        })
        .collect();
    let cosigned: Vec<Cosigned> = clients
        .into_iter()
        .filter_map(|c| match c.join().unwrap() {
            Pushed::Cosigned(c) => Some(c),
            Pushed::Refused => None,
            Pushed::Gone => panic!("the witness stopped answering"),
        })
        .collect();
    assert!(!cosigned.is_empty());
    assert_one_history(&cosigned);
    let largest = cosigned.iter().max_by_key(|c| c.size).unwrap();
    assert_eq!(served.witness.held_size(ORIGIN), Some(largest.size));
    let latest = served.get(&format!("/{}/checkpoint", origin_hash(ORIGIN)));
    assert!(latest
        .body
        .starts_with(&checkpoint_body(ORIGIN, largest.size, &largest.root)));
}

/// The state file, read as the witness reads it at start: the size and
/// root it holds, if any, whose checkpoint carries the log's signature and
/// a cosignature by `witness` that verify.
fn held_in_state(path: &Path, witness: &ed25519_dalek::VerifyingKey) -> Option<Cosigned> {
    let state = proofpack_witness::state::State::open(path).unwrap();
    let held = state.get(ORIGIN)?;
    let cp = parse_checkpoint(&held.checkpoint).unwrap();
    let key = WitnessKey {
        name: WITNESS,
        public_key: witness,
    };
    let [log, cosignature] = cp.note.signatures.as_slice() else {
        panic!("{}", held.checkpoint);
    };
    assert!(proofpack_spec::crypto::verify_strict(
        &log_key().verifying_key(),
        cp.note.text.as_bytes(),
        &log.signature
    ));
    assert_eq!(
        check_cosignature(&cp.note.text, cosignature, &key),
        CosignatureCheck::Valid {
            timestamp: held.cosigned_at
        }
    );
    Some(Cosigned {
        size: held.tree_size,
        root: held.root_hash,
    })
}

/// The temporary files of state writes under way in `dir`.
fn temporary_files(dir: &Path) -> std::collections::BTreeSet<std::ffi::OsString> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .filter(|name| name.to_string_lossy().ends_with(".tmp"))
        .collect()
}

/// The witness binary killed with SIGKILL while 64 clients of two histories
/// keep it writing its state (as soon as a write is seen under way),
/// six times over: each time it starts again
/// on the state it left (which reads back), holding at least the largest
/// checkpoint it answered, and across every run no tree size is ever
/// cosigned with two roots.
#[cfg(unix)]
#[test]
fn a_witness_killed_mid_write_restarts_on_a_consistent_state() {
    let bin = env!("CARGO_BIN_EXE_proofpack-witness");
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), bin);
    let vkey = succeed(std::process::Command::new(bin).arg("vkey").arg(&config));
    let key = Vkey::parse(vkey.trim_end()).unwrap().public_key;
    let state = dir.path().join("state.json");
    const LEAVES: u64 = 1024;
    const ROUNDS: u64 = 6;
    let histories = [
        History::new(LEAVES, None),
        History::new(LEAVES, Some(FORK_AT)),
    ];
    let mut cosigned: Vec<Cosigned> = Vec::new();
    for round in 0..ROUNDS {
        let (child, base) = spawn_serve(bin, &config, &[]);
        let answered = Arc::new(AtomicU64::new(0));
        let clients: Vec<_> = (0..64u64)
            .map(|i| {
                let history = Arc::clone(&histories[(i % 2) as usize]);
                let (answered, base) = (Arc::clone(&answered), base.clone());
                std::thread::spawn(move || {
                    let agent = agent();
                    let mut got = Vec::new();
                    // Ever larger sizes, each asked by both histories, in
                    // this round's own range (above what earlier rounds
                    // could reach).
                    let (start, end) = (
                        8 + round * LEAVES / ROUNDS,
                        8 + (round + 1) * LEAVES / ROUNDS,
                    );
                    let sizes = (0..).map(|k| start + i / 2 + 32 * k);
                    for size in sizes.take_while(|s| *s < end.min(LEAVES)) {
                        match push(&agent, &base, &key, &history, size) {
                            Pushed::Cosigned(c) => {
                                answered.fetch_add(1, Ordering::SeqCst);
                                got.push(c);
                            }
                            Pushed::Refused => {}
                            Pushed::Gone => break,
                        }
                    }
                    got
                })
            })
            .collect();
        // Kill it while requests are in flight, a few cosignatures in:
        // as soon as a new state write is seen under way (a temporary file
        // beside the state file), or a moment later anyway.
        let before = temporary_files(dir.path());
        let mut enough_at = None;
        loop {
            let writing = temporary_files(dir.path()).difference(&before).count() > 0;
            if answered.load(Ordering::SeqCst) >= 5 {
                let since = *enough_at.get_or_insert_with(std::time::Instant::now);
                if writing || since.elapsed().as_millis() > 500 {
                    break;
                }
            }
            // Every client done (too few sizes left above the held one).
            if clients.iter().all(std::thread::JoinHandle::is_finished) {
                break;
            }
            std::thread::yield_now();
        }
        drop(child);
        let answered_now: Vec<Cosigned> = clients
            .into_iter()
            .flat_map(|c| c.join().unwrap())
            .collect();
        assert!(!answered_now.is_empty(), "round {round}: nothing cosigned");
        // What it answered was on disk first: the state holds at least the
        // largest, and is one of the histories cosigned.
        let held = held_in_state(&state, &key).expect("a held checkpoint");
        let largest = answered_now.iter().map(|c| c.size).max().unwrap();
        assert!(held.size >= largest, "round {round}: {held:?} < {largest}");
        cosigned.extend(answered_now);
        cosigned.push(held);
        assert_one_history(&cosigned);
    }
    // A last start on the state the last kill left: it still serves, and
    // refuses anything older than what it held.
    let held = held_in_state(&state, &key).unwrap();
    let (_child, base) = spawn_serve(bin, &config, &[]);
    let stale = add_checkpoint_body(0, &[], &histories[0].checkpoints[1]);
    let answer = answer(
        agent()
            .post(format!("{base}/add-checkpoint"))
            .send(stale)
            .unwrap(),
    );
    assert_conflict(&answer, held.size);
}

/// A controller's log as the producer keeps it, holding one request.
fn producer_log() -> proofpack_producer::AuditLog {
    use proofpack_producer::{AuditLog, LogEntry, SeededSalts};
    let mut log = AuditLog::with_salts(ORIGIN, Box::new(SeededSalts::new([1; 32]))).unwrap();
    log.append(LogEntry::request_accepted("2026-04-20T09:11:00Z", "req-1"))
        .unwrap();
    log
}

/// The seal checkpoint (§22: the log grown by the signed pack's
/// `pack_signed` entry), shown from the after-checkpoint the witness
/// cosigned, is cosigned like any other checkpoint, and a seal built on it
/// carries that cosignature; another seal of the same size (another pack's
/// entry at the same index) is refused.
#[test]
fn the_seal_checkpoint_is_cosigned_like_any_other() {
    use proofpack_producer::PackSigned;
    let fixture = Fixture::new();
    let served = fixture.start();
    let mut log = producer_log();
    let after = log.checkpoint(1, ORIGIN, &log_key()).unwrap();
    let first = served.add(0, &[], &after);
    assert_eq!(first.status, 200, "{first:?}");
    let after = log.cosigned(&after, &[first.body]).unwrap();

    let signed = PackSigned::new("erasure-req-1", b"{\"pack_id\": 1}", &[7; 64]).unwrap();
    let index = log
        .log_pack_signed("2026-04-22T16:05:00Z", &signed)
        .unwrap();
    fixture.clock.store(T0 + 600, Ordering::SeqCst);
    let sealing = log.checkpoint(2, ORIGIN, &log_key()).unwrap();
    let proof = log.consistency_proof(1, 2).unwrap();
    let cosigned = served.add(1, &proof, &sealing);
    assert_eq!(cosigned.status, 200, "{cosigned:?}");
    assert_eq!(cosignature_time(&sealing, &cosigned.body), T0 + 600);
    let seal_checkpoint = log.cosigned(&sealing, &[cosigned.body]).unwrap();
    let seal = log.seal(&after, &seal_checkpoint, index).unwrap();
    assert_eq!((seal.index(), seal.checkpoint_size()), (1, 2));

    let mut other = producer_log();
    let another = PackSigned::new("erasure-req-2", b"{\"pack_id\": 2}", &[8; 64]).unwrap();
    other
        .log_pack_signed("2026-04-22T16:05:00Z", &another)
        .unwrap();
    let other_seal = other.checkpoint(2, ORIGIN, &log_key()).unwrap();
    assert_eq!(served.add(2, &[], &other_seal).status, 422);
    assert_conflict(
        &served.add(1, &other.consistency_proof(1, 2).unwrap(), &other_seal),
        2,
    );
}
