//! `proofpack register` and `proofpack diff`: thin layers over
//! `proofpack_register` and the renderers.

use super::{EXIT_OPERATIONAL, EXIT_USAGE};
use proofpack_core::{verify, Limits, Report, TrustStore};
use proofpack_register::{register, Options, PackInput, Progress};
use proofpack_render::i18n::Language;
use proofpack_render::{json, register as render};
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub(crate) struct RegisterArgs {
    /// Pack files, or directories of *.tar.gz packs.
    #[arg(required = true, value_name = "DIR|PACK")]
    packs: Vec<PathBuf>,
    /// Trust store every pack is verified against (spec §4).
    #[arg(long, value_name = "FILE", required = true)]
    trust: PathBuf,
    /// The instant open items are judged at (RFC 3339; default: now).
    #[arg(long, value_name = "TS", value_parser = parse_time)]
    as_of: Option<Timestamp>,
    /// Print the §19 register report as JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the requests as CSV (RFC 4180, one row per request).
    #[arg(long)]
    csv: bool,
    /// Write the output to FILE instead of standard output (atomically).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace FILE of -o if it exists.
    #[arg(long, requires = "output")]
    force: bool,
    /// Packs verified at once (default: one per core). The output is the
    /// same whatever the number.
    #[arg(short, long, value_name = "N")]
    jobs: Option<std::num::NonZeroUsize>,
}

#[derive(clap::Args)]
pub(crate) struct DiffArgs {
    /// The earlier pack.
    #[arg(value_name = "OLD")]
    old: PathBuf,
    /// The later pack.
    #[arg(value_name = "NEW")]
    new: PathBuf,
    /// Trust store both packs are verified against (spec §4).
    #[arg(long, value_name = "FILE", required = true)]
    trust: PathBuf,
    /// Print the difference as JSON.
    #[arg(long)]
    json: bool,
}

fn parse_time(text: &str) -> Result<Timestamp, String> {
    Timestamp::parse(text)
        .ok_or_else(|| format!("not an RFC 3339 timestamp with an offset: {text}"))
}

/// A message on stderr, with the status to exit with.
fn fail(status: i32, message: impl std::fmt::Display) -> i32 {
    eprintln!("proofpack: {message}");
    status
}

fn shown(path: &Path) -> String {
    Untrusted(&path.display().to_string()).escaped()
}

fn load_trust(path: &Path) -> Result<TrustStore, String> {
    TrustStore::load(path).map_err(|e| format!("trust store {}: {e}", shown(path)))
}

/// Builds the register of the packs and writes it; the exit status is the
/// register's (§19).
pub(crate) fn run(args: &RegisterArgs, language: Language) -> i32 {
    if let Some(out) = args.output.as_deref() {
        if !args.force && proofpack_author::files::occupied(out) {
            let why = format!("{} exists; --force replaces it", shown(out));
            return fail(EXIT_USAGE, why);
        }
    }
    let trust = match load_trust(&args.trust) {
        Ok(t) => t,
        Err(e) => return fail(EXIT_OPERATIONAL, e),
    };
    let packs = match inputs(&args.packs) {
        Ok(p) => p,
        Err(e) => return fail(EXIT_OPERATIONAL, e),
    };
    let as_of = match args.as_of.clone().or_else(now) {
        Some(t) => t,
        None => return fail(EXIT_OPERATIONAL, "the clock gives no valid time"),
    };
    let mut options = Options::new(&trust, as_of);
    if let Some(jobs) = args.jobs {
        options.jobs = jobs.get();
    }
    let bar = progress_bar(packs.len());
    let step = |p: Progress| {
        if let Some(bar) = &bar {
            bar.set_position(p.done as u64);
        }
    };
    options.progress = Some(&step);
    let result = register(packs, &options);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let reg = match result {
        Ok(r) => r,
        Err(e) => return fail(EXIT_OPERATIONAL, e),
    };
    for u in reg.unread() {
        eprintln!(
            "proofpack: {}: {}",
            Untrusted(&u.file).escaped(),
            Untrusted(&u.error).escaped()
        );
    }
    let mut bytes = Vec::new();
    let written = if args.json {
        json::pretty_value(&mut bytes, &reg).and_then(|()| writeln!(bytes))
    } else if args.csv {
        bytes.write_all(render::csv(&reg).as_bytes())
    } else {
        bytes.write_all(render::text(&reg, language).as_bytes())
    };
    if let Err(e) = written.and_then(|()| emit(args.output.as_deref(), &bytes)) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return fail(EXIT_OPERATIONAL, e);
        }
    }
    reg.exit_status()
}

/// The current instant (UTC).
fn now() -> Option<Timestamp> {
    Timestamp::from_instant_utc(time::OffsetDateTime::now_utc())
}

/// A progress bar on stderr, only on a terminal.
fn progress_bar(packs: usize) -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(packs as u64);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} packs, {eta} left")
    {
        bar.set_style(style);
    }
    Some(bar)
}

/// Writes the output to FILE atomically, or to stdout.
fn emit(output: Option<&Path>, bytes: &[u8]) -> io::Result<()> {
    match output {
        Some(path) => proofpack_author::files::write_atomic(path, bytes)
            .map_err(|e| io::Error::other(e.to_string())),
        None => {
            let mut out = io::stdout().lock();
            out.write_all(bytes).and_then(|()| out.flush())
        }
    }
}

/// The packs given, as every front end lists them; a folder that cannot be
/// listed is named escaped, as any path the CLI prints.
fn inputs(given: &[PathBuf]) -> Result<Vec<PackInput>, String> {
    proofpack_register::inputs(given).map_err(|e| format!("{}: {}", shown(&e.path), e.source))
}

/// Verifies both packs and prints what changed; informational: 0 when both
/// could be read.
pub(crate) fn diff(args: &DiffArgs, language: Language) -> i32 {
    let trust = match load_trust(&args.trust) {
        Ok(t) => t,
        Err(e) => return fail(EXIT_OPERATIONAL, e),
    };
    let read = |path: &Path| -> Result<Report, String> {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", shown(path)))?;
        let name = path.display().to_string();
        verify(file, &name, Some(&trust), &Limits::default())
            .map_err(|e| format!("{}: {e}", shown(path)))
    };
    let (old, new) = match (read(&args.old), read(&args.new)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(e), _) | (_, Err(e)) => return fail(EXIT_OPERATIONAL, e),
    };
    let (old_name, new_name) = (
        args.old.display().to_string(),
        args.new.display().to_string(),
    );
    let d = proofpack_register::diff(&old_name, &old, &new_name, &new);
    let mut bytes = Vec::new();
    let written = if args.json {
        json::pretty_value(&mut bytes, &d).and_then(|()| writeln!(bytes))
    } else {
        bytes.write_all(render::diff_text(&d, language).as_bytes())
    };
    match written.and_then(|()| emit(None, &bytes)) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => fail(EXIT_OPERATIONAL, e),
        _ => 0,
    }
}
