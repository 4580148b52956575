//! A throwaway PostgreSQL cluster for the demo's tests: Debian's server
//! binaries (`/usr/lib/postgresql/*/bin`, installed by
//! `scripts/install-postgres.sh`), `initdb` on a fresh folder, the server
//! on a private port of 127.0.0.1, one database per test. As root (CI),
//! `initdb` and `postgres` refuse to run, so they run as the `postgres`
//! user (`runuser`) on folders it owns.
//!
//! The cluster is started once per test process, by the first test that
//! asks. A watchdog shell, started with it, stops the server and removes
//! its folder as soon as the test process is gone, however it ended
//! (passed, failed, panicked or killed): libtest runs no code at exit.
//!
//! Missing binaries fail the tests (they never skip).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The running cluster.
pub struct Cluster {
    port: u16,
    next: AtomicUsize,
}

/// The cluster of this test process, started on first use.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(Cluster::start)
}

impl Cluster {
    /// A fresh, empty database of the cluster: its URL.
    pub fn new_database(&self) -> String {
        let n = self.next.fetch_add(1, Ordering::SeqCst);
        let name = format!("demo_{}_{n}", std::process::id());
        let mut admin = postgres::Client::connect(&self.url("postgres"), postgres::NoTls)
            .expect("connect to the test cluster");
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("create a test database");
        self.url(&name)
    }

    /// The URL of database `name`.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    fn start() -> Cluster {
        let bin = server_bin_dir();
        let root = tempfile::Builder::new()
            .prefix("proofpack-demo-pg-")
            .tempdir()
            .expect("a folder for the cluster")
            .keep();
        let data = root.join("data");
        std::fs::create_dir(&data).unwrap();
        let as_root = is_root();
        if as_root {
            // The server's user must reach its folders.
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755)).unwrap();
            run(Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&root));
        }
        watchdog(&bin, &root, as_root);
        run(server_command(as_root, &bin.join("initdb"))
            .args(["-D"])
            .arg(&data)
            .args(["-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"])
            .arg("--no-sync"));
        let port = free_port();
        // No durability: a test cluster lives for one test process.
        let options = format!(
            "-p {port} -h 127.0.0.1 -k {} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60",
            root.display()
        );
        run(server_command(as_root, &bin.join("pg_ctl"))
            .args(["start", "-w", "-t", "60", "-D"])
            .arg(&data)
            .arg("-l")
            .arg(root.join("server.log"))
            .args(["-o", &options]));
        Cluster {
            port,
            next: AtomicUsize::new(0),
        }
    }
}

/// The newest installed server's binaries. Panics (the test fails) when
/// there is none: run `scripts/install-postgres.sh`.
fn server_bin_dir() -> PathBuf {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin).unwrap_or_else(|| {
        panic!(
            "no PostgreSQL server under /usr/lib/postgresql/*/bin: run scripts/install-postgres.sh"
        )
    })
}

fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output().expect("id -u");
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

/// `program`, run as the `postgres` user when the tests run as root.
fn server_command(as_root: bool, program: &Path) -> Command {
    if as_root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

/// Runs `command`; panics with its output if it fails.
fn run(command: &mut Command) {
    let out = command.output().expect("start a PostgreSQL command");
    assert!(
        out.status.success(),
        "{command:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A port of 127.0.0.1 free a moment ago.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    listener.local_addr().unwrap().port()
}

/// Starts the shell that stops the server and removes `root` once this
/// process is gone.
fn watchdog(bin: &Path, root: &Path, as_root: bool) {
    let stop = if as_root {
        "runuser -u postgres -- \"$1/pg_ctl\""
    } else {
        "\"$1/pg_ctl\""
    };
    // The shell puts the watchdog in the background and exits at once: the
    // watchdog outlives this process, which waits for the shell alone.
    let script = format!(
        "(while [ -d /proc/$3 ]; do sleep 0.2; done; \
          {stop} stop -m immediate -D \"$2/data\"; rm -rf \"$2\") >/dev/null 2>&1 </dev/null &"
    );
    let started = Command::new("sh")
        .args(["-c", &script, "watchdog"])
        .arg(bin)
        .arg(root)
        .arg(std::process::id().to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("start the cluster's watchdog");
    assert!(started.success(), "the cluster's watchdog did not start");
}
