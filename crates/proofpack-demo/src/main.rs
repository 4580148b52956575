//! `proofpack-demo --out DIR [--fault NAME] [--store postgres://...]
//! [--subjects N] [--timings]`: the reference erasure platform, end to end. Exit status: the verdict's (spec §12: 0 complete,
//! 3 late, 4 incomplete, 5 untrusted, 6 invalid); 1 when the demo could not
//! run; 2 a usage error (an unknown fault name included).
#![forbid(unsafe_code)]

use clap::Parser;
use proofpack_demo::{run, Clock, Config, Database, DemoError, Fault};
use proofpack_render::text::{report, Style};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// The reference erasure platform: a real cascade over an embedded
/// agent-memory store, local subprocessors, an independent verification
/// job, a signed pack, and the verifier's verdict.
#[derive(Debug, Parser)]
#[command(name = "proofpack-demo", version)]
struct Args {
    /// Output folder: proof.tar.gz, trust.json, evidence/ and the store.
    #[arg(long, default_value = "demo-out")]
    out: PathBuf,
    /// Inject a defect into the cascade, the store or a subprocessor.
    #[arg(long, value_enum)]
    fault: Option<Fault>,
    /// Keep the store's tiers in this PostgreSQL database
    /// (postgres://USER@HOST:PORT/DBNAME), which must be empty or hold only
    /// a previous run's store. Without it: SQLite under DIR/store/.
    #[arg(long, value_name = "URL", value_parser = Database::from_url)]
    store: Option<Database>,
    /// Seed this many synthetic subjects besides the four fixed ones (the
    /// store's tiers only; the benchmarks' scale).
    #[arg(long, value_name = "N", default_value_t = 0)]
    subjects: usize,
    /// Tell how long seeding, each phase and each cascade step took.
    #[arg(long)]
    timings: bool,
}

fn main() {
    let args = Args::parse();
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let config = Config {
        out_dir: args.out,
        fault: args.fault,
        clock: Clock::system(),
        database: args.store.unwrap_or_default(),
        synthetic_subjects: args.subjects,
        timings: args.timings,
    };
    let mut stdout = std::io::stdout().lock();
    // The platform (and so its services) is dropped before exiting.
    let status = match run(config, &mut stdout) {
        Ok((platform, outcome)) => {
            drop(platform);
            let _ = writeln!(stdout, "== Verification report\n");
            let _ = write!(stdout, "{}", report(&outcome.report, Style { colour }));
            outcome.report.exit_status()
        }
        Err(DemoError::Refused(r)) => {
            let _ = writeln!(stdout, "The DPO's authoring refused to sign. Its report:\n");
            let _ = write!(stdout, "{}", report(&r, Style { colour }));
            r.exit_status()
        }
        Err(e) => {
            eprintln!("proofpack-demo: {e}");
            1
        }
    };
    let _ = stdout.flush();
    drop(stdout);
    std::process::exit(status);
}
