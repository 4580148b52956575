//! `proofpack register` and `proofpack diff`: thin layers over
//! `proofpack_register` and the renderers.

use super::{shown, trust_store, written, Failure, Outcome};
use proofpack_core::{verify_path, Cancel, Limits, Report};
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_register::{inputs, register, Options, Progress, Skipped};
use proofpack_render::i18n::Language;
use proofpack_render::{json, register as render};
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;

#[derive(clap::Args)]
pub(crate) struct RegisterArgs {
    /// Pack files, or directories of *.tar.gz packs.
    #[arg(required = true, value_name = "DIR|PACK")]
    packs: Vec<PathBuf>,
    /// Trust store every pack is verified against (spec §4).
    #[arg(long, value_name = "FILE", required = true)]
    trust: PathBuf,
    /// The instant open items are judged at (RFC 3339; default: now).
    #[arg(long, value_name = "TS", value_parser = Timestamp::from_str)]
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

/// Builds the register of the packs and writes it; the exit status is the
/// register's (§19).
pub(crate) fn run(args: &RegisterArgs, language: Language) -> Outcome {
    if let Some(out) = args.output.as_deref() {
        if !args.force && proofpack_files::occupied(out) {
            let why = format!("{} exists; --force replaces it", shown(out));
            return Err(Failure::usage(why));
        }
    }
    let trust = trust_store(&args.trust)?;
    let listed = inputs(&args.packs)?;
    for Skipped { path, reason } in &listed.skipped {
        eprintln!("proofpack: skipped {}: {reason}", shown(path));
    }
    let mut options = Options::new(&trust, args.as_of.clone().unwrap_or_else(Timestamp::now));
    if let Some(jobs) = args.jobs {
        options.jobs = jobs.get();
    }
    let bar = progress_bar(listed.packs.len());
    let step = |p: Progress| {
        if let Some(bar) = &bar {
            bar.set_position(p.done as u64);
        }
    };
    options.progress = Some(&step);
    let result = register(listed.packs, &options);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let reg = result.map_err(Failure::operational)?;
    for u in reg.unread() {
        eprintln!(
            "proofpack: {}: {}",
            Untrusted(&u.file).escaped(),
            Untrusted(&u.error).escaped()
        );
    }
    let mut bytes = Vec::new();
    let rendered = if args.json {
        json::pretty_value(&mut bytes, &reg).and_then(|()| writeln!(bytes))
    } else if args.csv {
        bytes.write_all(render::csv(&reg).as_bytes())
    } else {
        bytes.write_all(render::text(&reg, language).as_bytes())
    };
    rendered.map_err(Failure::operational)?;
    let existing = if args.force {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    emit(args.output.as_deref(), &bytes, existing, reg.exit_status())?;
    Ok(reg.exit_status())
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

/// Writes the output to FILE whole or not at all, durably, or to stdout
/// (a reader that went away ends the command quietly, with `status`).
fn emit(
    output: Option<&Path>,
    bytes: &[u8],
    existing: Existing,
    status: i32,
) -> Result<(), Failure> {
    match output {
        Some(path) => Ok(write_atomic(path, bytes, existing, Access::Default)?),
        None => {
            let mut out = io::stdout().lock();
            written(out.write_all(bytes).and_then(|()| out.flush()), status)
        }
    }
}

/// Verifies both packs and prints what changed; informational: 0 when both
/// could be read.
pub(crate) fn diff(args: &DiffArgs, language: Language) -> Outcome {
    let trust = trust_store(&args.trust)?;
    let read = |path: &Path| -> Result<Report, Failure> {
        verify_path(path, Some(&trust), &Limits::default(), &Cancel::new())
            .map_err(|e| Failure::at(path, e))
    };
    let (old, new) = (read(&args.old)?, read(&args.new)?);
    let (old_name, new_name) = (
        args.old.display().to_string(),
        args.new.display().to_string(),
    );
    let d = proofpack_register::diff(&old_name, &old, &new_name, &new);
    let mut bytes = Vec::new();
    let rendered = if args.json {
        json::pretty_value(&mut bytes, &d).and_then(|()| writeln!(bytes))
    } else {
        bytes.write_all(render::diff_text(&d, language).as_bytes())
    };
    rendered.map_err(Failure::operational)?;
    emit(None, &bytes, Existing::Refuse, 0)?;
    Ok(0)
}
