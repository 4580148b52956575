//! The fixture every portal test serves: a store with two tenants and a
//! quarantined pack, the sample trust store, and a token file with tokens
//! for each tenant, both tenants, an expired and a revoked one.
#![allow(dead_code)]

use proofpack_author::pack::{build, Evidence, PackOptions};
use proofpack_core::{Limits, TrustStore, Verdict};
use proofpack_portal::server::{self, Config, Hooks};
use proofpack_portal::tokens::TokenFile;
use proofpack_spec::timestamp::Timestamp;
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The tenant of the sample packs.
pub const TENANT_A: &str = "ten_0440";
/// A second tenant, whose pack is authored here.
pub const TENANT_B: &str = "ten_0441";

pub fn sample_packs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sample-packs")
}

/// One pack file of the fixture store.
#[derive(Debug, Clone)]
pub struct FixturePack {
    /// Its folder.
    pub tenant: &'static str,
    /// Its file name.
    pub file: String,
    /// SHA-256 of its bytes.
    pub sha256: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Its manifest names another tenant than its folder.
    pub quarantined: bool,
    /// What the verifier says of it with the sample trust store.
    pub verdict: Verdict,
}

/// The tokens of the fixture, by role.
#[derive(Debug, Clone)]
pub struct Tokens {
    pub a: String,
    pub b: String,
    pub both: String,
    pub expired: String,
    pub revoked: String,
}

pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub store: PathBuf,
    pub trust: PathBuf,
    pub tokens_file: PathBuf,
    pub access_log: PathBuf,
    pub packs: Vec<FixturePack>,
    pub tokens: Tokens,
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    proofpack_spec::encoding::hex(&Sha256::digest(bytes))
}

fn verdict_of(bytes: &[u8], trust: &TrustStore) -> Verdict {
    proofpack_core::verify(bytes, "pack.tar.gz", Some(trust), &Limits::default())
        .unwrap()
        .verdict()
}

/// The complete sample's evidence, re-tenanted to `tenant` and signed with
/// the sample DPO key, as the controller's platform would for a second
/// tenant.
pub fn pack_for_tenant(tenant: &str, pack_id: &str, trust: &TrustStore) -> Vec<u8> {
    let mut evidence = Evidence::from_dir(&sample_packs().join("evidence/complete-gdpr")).unwrap();
    evidence.description.pack_id = pack_id.to_owned();
    for (path, content) in &mut evidence.members {
        if path == "request.json" {
            let bytes = content.load().unwrap();
            let mut request: serde_json::Value = serde_json::from_slice(bytes).unwrap();
            request["tenant_id"] = serde_json::Value::from(tenant);
            *bytes = serde_json::to_vec_pretty(&request).unwrap();
        }
    }
    let options = PackOptions {
        signed_at: Timestamp::parse("2026-04-23T09:00:00Z"),
        accept_incomplete: false,
        accept_uncorroborated: false,
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("proof.tar.gz");
    build(
        &evidence,
        &proofpack_samples::dpo_key(),
        trust,
        &options,
        &out,
    )
    .unwrap()
    .persist(proofpack_files::Existing::Replace)
    .unwrap();
    std::fs::read(&out).unwrap()
}

impl Fixture {
    pub fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("store");
        let trust_path = dir.path().join("trust.json");
        std::fs::copy(sample_packs().join("trust.json"), &trust_path).unwrap();
        let trust = TrustStore::from_json(&std::fs::read(&trust_path).unwrap()).unwrap();
        let mut packs = Vec::new();
        let mut put = |tenant: &'static str, file: &str, bytes: Vec<u8>, quarantined: bool| {
            let folder = store.join(tenant);
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join(file), &bytes).unwrap();
            packs.push(FixturePack {
                tenant,
                file: file.to_owned(),
                sha256: sha256_hex(&bytes),
                verdict: verdict_of(&bytes, &trust),
                bytes,
                quarantined,
            });
        };
        for name in [
            "complete-gdpr",
            "incomplete-cache-deferred",
            "exempt-art17-3",
        ] {
            let file = format!("{name}.tar.gz");
            let bytes = std::fs::read(sample_packs().join(&file)).unwrap();
            put(TENANT_A, &file, bytes, false);
        }
        put(
            TENANT_B,
            "erasure-b.tar.gz",
            pack_for_tenant(TENANT_B, "pk_tenant_b_0001", &trust),
            false,
        );
        // A pack of tenant A filed in B's folder: its manifest says ten_0440.
        put(
            TENANT_B,
            "late-ccpa.tar.gz",
            std::fs::read(sample_packs().join("late-ccpa.tar.gz")).unwrap(),
            true,
        );
        // Broken evidence is listed too, with its verdict.
        put(
            TENANT_B,
            "broken.tar.gz",
            b"not a gzip stream".to_vec(),
            false,
        );
        // Not a pack file: skipped.
        std::fs::write(store.join(TENANT_B).join("notes.txt"), b"skip me").unwrap();

        let tokens_file = dir.path().join("tokens.json");
        let mut file = TokenFile::new();
        let mut add = |id: &str, tenants: &[&str], not_after: Option<&str>| {
            let tenants: Vec<String> = tenants.iter().map(|t| (*t).to_owned()).collect();
            file.add(id, &tenants, not_after).unwrap().token
        };
        let tokens = Tokens {
            a: add("auditor-a", &[TENANT_A], Some("2099-01-01T00:00:00Z")),
            b: add("auditor-b", &[TENANT_B], None),
            both: add("regulator", &[TENANT_A, TENANT_B], None),
            expired: add(
                "expired",
                &[TENANT_A, TENANT_B],
                Some("2020-01-01T00:00:00Z"),
            ),
            revoked: add("revoked", &[TENANT_A, TENANT_B], None),
        };
        file.revoke("revoked").unwrap();
        file.save(&tokens_file).unwrap();
        let access_log = dir.path().join("access.log");
        Fixture {
            dir,
            store,
            trust: trust_path,
            tokens_file,
            access_log,
            packs,
            tokens,
        }
    }

    pub fn config(&self) -> Config {
        Config {
            store_dir: self.store.clone(),
            trust: self.trust.clone(),
            tokens: self.tokens_file.clone(),
            addr: "127.0.0.1:0".parse().unwrap(),
            tls: None,
            access_log: Some(self.access_log.clone()),
            rescan: Duration::from_secs(1),
            hooks: Hooks::default(),
            verifier_page: None,
        }
    }

    /// [`Fixture::config`] with these hooks.
    pub fn config_with(&self, hooks: &Hooks) -> Config {
        Config {
            hooks: hooks.clone(),
            ..self.config()
        }
    }

    /// The packs a token for `tenants` may see.
    pub fn visible(&self, tenants: &[&str]) -> Vec<&FixturePack> {
        self.packs
            .iter()
            .filter(|p| !p.quarantined && tenants.contains(&p.tenant))
            .collect()
    }
}

/// A portal served in-process on a runtime of its own, stopped on drop.
pub struct Running {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// Serves `config` and waits until every pack of the store is verified
    /// (bounded: a verification that never ends fails here).
    pub fn start(config: Config) -> Running {
        let hooks = config.hooks.clone();
        let running = Running::listening(config);
        assert!(
            hooks.wait_settled(Duration::from_secs(120)),
            "the background verification did not finish"
        );
        running
    }

    /// Serves `config` and returns once it listens, whatever is still being
    /// verified.
    pub fn listening(config: Config) -> Running {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            let served = runtime.block_on(server::run(
                config,
                move |addr, _| addr_tx.send(addr).unwrap(),
                async {
                    let _ = stop_rx.await;
                },
            ));
            served.unwrap();
        });
        let addr = addr_rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the portal did not start");
        Running {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let joined = thread.join();
            if !std::thread::panicking() {
                joined.unwrap();
            }
        }
    }
}

/// A ureq agent that returns every status as a response.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

/// One answer, read whole.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: ureq::http::HeaderMap,
    pub body: Vec<u8>,
}

pub fn call(agent: &ureq::Agent, method: &str, url: &str, token: Option<&str>) -> Answer {
    call_with(agent, method, url, token, None)
}

/// [`call`], with an `Accept-Language` header when `language` is given.
pub fn call_with(
    agent: &ureq::Agent,
    method: &str,
    url: &str,
    token: Option<&str>,
    language: Option<&str>,
) -> Answer {
    let with_language = |request: ureq::RequestBuilder<ureq::typestate::WithoutBody>| match language
    {
        Some(l) => request.header("Accept-Language", l),
        None => request,
    };
    let response = match (method, token) {
        ("GET", Some(t)) => with_language(agent.get(url))
            .header("Authorization", &format!("Bearer {t}"))
            .call(),
        ("GET", None) => with_language(agent.get(url)).call(),
        ("HEAD", Some(t)) => with_language(agent.head(url))
            .header("Authorization", &format!("Bearer {t}"))
            .call(),
        ("HEAD", None) => with_language(agent.head(url)).call(),
        _ => panic!("method {method}"),
    }
    .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = if method == "HEAD" {
        Vec::new()
    } else {
        response
            .into_body()
            .with_config()
            .limit(64 * 1024 * 1024)
            .read_to_vec()
            .unwrap()
    };
    Answer {
        status,
        headers,
        body,
    }
}

/// Sends raw bytes and returns the status of the answer, or `None` if the
/// connection closed without one. For requests a client library would
/// refuse or normalise.
pub fn raw(addr: SocketAddr, request: &[u8]) -> Option<u16> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    // The server may answer (and close) before it read everything.
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    let line = text.lines().next()?;
    let mut parts = line.split(' ');
    (parts.next()? == "HTTP/1.1").then_some(())?;
    parts.next()?.parse().ok()
}
