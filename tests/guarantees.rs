//! Checks of the guarantees SECURITY.md and the README state that no other
//! test file covers: no network code in what the verifier is built from, no
//! HTTP client or server in the desktop app, no file written by `proofpack
//! verify` or by the core, and reports that are the same bytes for the same
//! pack however it is read.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use proofpack_core::{verify, Limits, Report, TrustStore};
use proofpack_render::{self, text::Style};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Crates that open sockets, resolve names, speak a network protocol or
/// run an async I/O runtime.
const NETWORK_CRATES: &[&str] = &[
    "async-io",
    "async-std",
    "attohttpc",
    "curl",
    "curl-sys",
    "h2",
    "h3",
    "hickory-resolver",
    "http",
    "hyper",
    "isahc",
    "mio",
    "native-tls",
    "openssl",
    "openssl-sys",
    "quinn",
    "reqwest",
    "rustls",
    "smol",
    "socket2",
    "surf",
    "tokio",
    "trust-dns-resolver",
    "tungstenite",
    "ureq",
];

/// `Cargo.lock`'s packages, each with the names of its dependencies. For
/// the workspace's own packages these include their dev-dependencies, so a
/// closure over this graph is a superset of what is linked.
fn lock_graph() -> BTreeMap<String, BTreeSet<String>> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).expect("Cargo.lock");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let mut name = None;
        let mut deps = BTreeSet::new();
        let mut in_deps = false;
        for line in block.lines().map(str::trim) {
            if let Some(n) = line.strip_prefix("name = ") {
                name = Some(n.trim_matches('"').to_owned());
            } else if line.starts_with("dependencies = [") {
                in_deps = true;
            } else if in_deps && line == "]" {
                in_deps = false;
            } else if in_deps {
                // `"name"`, `"name version"` or `"name version (source)"`.
                let dep = line.trim_end_matches(',').trim_matches('"');
                deps.insert(dep.split(' ').next().unwrap_or(dep).to_owned());
            }
        }
        let name = name.expect("every lock package has a name");
        graph.entry(name).or_default().extend(deps);
    }
    graph
}

/// Crates that open or embed a database, or embed an interpreter: none
/// belongs in an offline verifier of hostile files.
const DATABASE_CRATES: &[&str] = &[
    "diesel",
    "libsqlite3-sys",
    "mysql",
    "postgres",
    "postgres-protocol",
    "pyo3",
    "redis",
    "rusqlite",
    "sled",
    "sqlx",
    "tokio-postgres",
];

/// The normal dependencies the root package's `[dependencies]` names.
fn cli_dependencies() -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let section = manifest
        .split("\n[dependencies]\n")
        .nth(1)
        .expect("a [dependencies] table");
    section
        .lines()
        .take_while(|l| !l.starts_with('['))
        .filter_map(|l| l.split(['.', ' ', '=']).next())
        .filter(|n| !n.is_empty() && !n.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

fn closure(graph: &BTreeMap<String, BTreeSet<String>>, start: &[String]) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = start.to_vec();
    while let Some(n) = todo.pop() {
        if seen.insert(n.clone()) {
            todo.extend(graph.get(&n).into_iter().flatten().cloned());
        }
    }
    seen
}

#[test]
fn the_verifier_is_built_from_no_network_or_database_crate() {
    let graph = lock_graph();
    let cli = cli_dependencies();
    assert!(cli.contains(&"proofpack-core".to_owned()), "{cli:?}");
    assert!(cli.contains(&"clap".to_owned()), "{cli:?}");
    for (what, start) in [
        ("proofpack-core", vec!["proofpack-core".to_owned()]),
        ("the proofpack command", cli),
    ] {
        let crates = closure(&graph, &start);
        assert!(crates.len() > 10, "{what}: the closure is read: {crates:?}");
        let forbidden: Vec<&&str> = NETWORK_CRATES
            .iter()
            .chain(DATABASE_CRATES)
            .filter(|c| crates.contains(**c))
            .collect();
        assert!(forbidden.is_empty(), "{what} depends on {forbidden:?}");
    }
    // The check itself sees such crates where they are: the desktop app
    // (not part of the verifier) is built on an async runtime, the
    // reference platform on a database, the Python package on PyO3.
    let app = closure(&graph, &["proofpack-app".to_owned()]);
    assert!(app.contains("tokio"), "the lock graph is read wrongly");
    let demo = closure(&graph, &["proofpack-demo".to_owned()]);
    assert!(demo.contains("rusqlite"), "the lock graph is read wrongly");
    let py = closure(&graph, &["proofpack-py".to_owned()]);
    assert!(py.contains("pyo3"), "the lock graph is read wrongly");
}

/// HTTP clients and servers, and the Tauri plugins that give a page HTTP
/// or a self-updater: none belongs in the desktop app, which sends nothing
/// anywhere. (Tauri's own `tokio`, `http` and `url` carry its IPC and are
/// not on this list.)
const HTTP_CRATES: &[&str] = &[
    "actix-web",
    "attohttpc",
    "axum",
    "axum-core",
    "axum-server",
    "curl",
    "h2",
    "h3",
    "hyper",
    "hyper-util",
    "isahc",
    "reqwest",
    "rouille",
    "surf",
    "tauri-plugin-http",
    "tauri-plugin-updater",
    "tauri-plugin-websocket",
    "tiny_http",
    "tower-http",
    "tungstenite",
    "ureq",
    "warp",
];

/// Dependencies the lock records for every target but that Tauri takes on
/// mobile targets only (`Cargo.lock` does not say which target an edge is
/// for): tauri 2's manifest lists reqwest under
/// `[target.'cfg(any(target_os = "android", all(target_vendor = "apple",
/// not(target_os = "macos"))))'.dependencies]`, for its mobile asset
/// protocol. The app is built for desktops only.
const MOBILE_ONLY: &[(&str, &str)] = &[("tauri", "reqwest")];

#[test]
fn the_desktop_app_is_built_from_no_http_client_or_server() {
    let mut graph = lock_graph();
    let everywhere = closure(&graph, &["proofpack-app".to_owned()]);
    for (from, to) in MOBILE_ONLY {
        assert!(
            graph.get_mut(*from).is_some_and(|deps| deps.remove(*to)),
            "{from} no longer depends on {to}: drop it from MOBILE_ONLY"
        );
    }
    let app = closure(&graph, &["proofpack-app".to_owned()]);
    for needed in ["proofpack-core", "tauri", "tauri-plugin-dialog", "tokio"] {
        assert!(app.contains(needed), "the closure is read: no {needed}");
    }
    let http: Vec<&&str> = HTTP_CRATES.iter().filter(|c| app.contains(**c)).collect();
    assert!(http.is_empty(), "the desktop app depends on {http:?}");
    // The check sees such crates where they are: the mobile-only edge
    // above, the portal's server and the demo's client.
    assert!(
        everywhere.contains("reqwest"),
        "the lock graph is read wrongly"
    );
    let portal = closure(&graph, &["proofpack-portal".to_owned()]);
    assert!(portal.contains("axum") && portal.contains("hyper"));
    let demo = closure(&graph, &["proofpack-demo".to_owned()]);
    assert!(demo.contains("ureq"), "the lock graph is read wrongly");
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_core_names_no_api_that_writes_files_or_opens_sockets() {
    let mut files = Vec::new();
    rust_files(&root().join("crates/proofpack-core/src"), &mut files);
    assert!(files.len() > 20, "{files:?}");
    for path in files {
        let source = std::fs::read_to_string(&path).expect("source");
        for api in [
            "File::create",
            "OpenOptions",
            "fs::write",
            "fs::rename",
            "fs::copy",
            "create_dir",
            "remove_file",
            "set_permissions",
            "std::net",
            "TcpStream",
            "UdpSocket",
            "process::Command",
        ] {
            assert!(!source.contains(api), "{} names {api}", path.display());
        }
    }
}

/// Every file under `dir`, with its size and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (u64, std::time::SystemTime)> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("readable") {
            let entry = entry.expect("an entry");
            let meta = entry.metadata().expect("metadata");
            if meta.is_dir() {
                todo.push(entry.path());
            }
            out.insert(entry.path(), (meta.len(), meta.modified().expect("mtime")));
        }
    }
    out
}

#[test]
fn verify_writes_no_file_in_its_folder_home_or_temp() {
    let work = tempfile::tempdir().expect("tempdir");
    let (cwd, home, tmp) = (
        work.path().join("cwd"),
        work.path().join("home"),
        work.path().join("tmp"),
    );
    for d in [&cwd, &home, &tmp] {
        std::fs::create_dir(d).expect("mkdir");
    }
    for name in ["complete-gdpr.tar.gz", "trust.json"] {
        std::fs::copy(root().join("sample-packs").join(name), cwd.join(name)).expect("copy");
    }
    let before = snapshot(work.path());
    for args in [
        &["verify", "complete-gdpr.tar.gz", "--trust", "trust.json"][..],
        &[
            "verify",
            "complete-gdpr.tar.gz",
            "--trust",
            "trust.json",
            "--json",
        ],
        &["verify", "-", "--trust", "trust.json", "--quiet"],
        &["verify", ".", "--trust", "trust.json"],
    ] {
        let pack = std::fs::File::open(cwd.join("complete-gdpr.tar.gz")).expect("pack");
        let out = Command::new(env!("CARGO_BIN_EXE_proofpack"))
            .args(args)
            .current_dir(&cwd)
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("XDG_CACHE_HOME", home.join(".cache"))
            .env("XDG_DATA_HOME", home.join(".local/share"))
            .env("TMPDIR", &tmp)
            .stdin(Stdio::from(pack))
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
    assert_eq!(snapshot(work.path()), before, "verify changed a file");
}

/// Reads one byte at a time: the least a reader may give.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((b, rest)), Some(slot)) => {
                *slot = *b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

/// The report's JSON, text and HTML, with the time of the run (the only
/// part of `meta` meant to vary between these runs) replaced by `TIME`.
fn renderings(r: Report) -> (Vec<u8>, String, String) {
    let at = r.meta().verified_at.clone().expect("a time");
    let fixed = |text: String| text.replace(&at, "TIME");
    let mut json = Vec::new();
    proofpack_render::json::pretty(&mut json, &r).expect("to memory");
    (
        fixed(String::from_utf8(json).expect("UTF-8")).into_bytes(),
        fixed(proofpack_render::text::report(&r, Style { colour: true })),
        fixed(proofpack_render::html::report(&r)),
    )
}

#[test]
fn reports_are_the_same_bytes_however_the_pack_is_read() {
    let trust = TrustStore::from_json(
        &std::fs::read(root().join("sample-packs/trust.json")).expect("trust"),
    )
    .expect("store");
    let limits = Limits::default();
    for name in [
        "complete-gdpr.tar.gz",
        "incomplete-cache-deferred.tar.gz",
        "late-ccpa.tar.gz",
    ] {
        let pack = std::fs::read(root().join("sample-packs").join(name)).expect("pack");
        let whole =
            renderings(verify(&pack[..], "pack.tar.gz", Some(&trust), &limits).expect("reads"));
        let again =
            renderings(verify(&pack[..], "pack.tar.gz", Some(&trust), &limits).expect("reads"));
        let bytewise = renderings(
            verify(OneByte(&pack), "pack.tar.gz", Some(&trust), &limits).expect("reads"),
        );
        assert_eq!(whole, again, "{name}: two runs differ");
        assert_eq!(whole, bytewise, "{name}: the read size changed the report");
    }
}
