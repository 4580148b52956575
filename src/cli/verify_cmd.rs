//! `proofpack verify`: a thin layer over `proofpack_core::verify` and the
//! core's renderers.

use super::{ColorChoice, VerifyArgs, EXIT_OPERATIONAL, EXIT_USAGE};
use proofpack_core::report::BatchLine;
use proofpack_core::{verify, Limits, Report, TrustStore};
use proofpack_render::i18n::{Arg, Language, Messages};
use proofpack_render::{html, json, text};
use proofpack_spec::text::Untrusted;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The name `-` stands for standard input.
const STDIN: &str = "-";

/// Verifies the packs and prints their reports, human ones in `language`.
pub(crate) fn run(args: &VerifyArgs, language: Language) -> i32 {
    let trust = match &args.trust {
        None => None,
        Some(path) => match load_trust(path) {
            Ok(t) => Some(t),
            Err(e) => {
                eprintln!(
                    "proofpack: trust store {}: {e}",
                    Untrusted(&path.display().to_string())
                );
                return EXIT_OPERATIONAL;
            }
        },
    };
    let (packs, skipped) = match expand(&args.packs) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("proofpack: {e}");
            return EXIT_OPERATIONAL;
        }
    };
    let single = packs.len() == 1 && args.packs.len() == 1 && !args.packs[0].is_dir();
    if !single && (args.html.is_some() || args.output.is_some()) {
        eprintln!("proofpack: --html and --output take one pack, not several");
        return EXIT_USAGE;
    }
    let output = Output {
        style: text::Style {
            colour: colour(args.color),
        },
        language,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = if single {
        run_single(args, &packs[0], trust.as_ref(), output, &mut out)
    } else {
        run_batch(args, &packs, &skipped, trust.as_ref(), output, &mut out)
    };
    match result {
        Ok(status) => status,
        // A closed pipe ends the program quietly.
        Err(Stop::Pipe(status)) => status,
        Err(Stop::Failed(e)) => {
            eprintln!("proofpack: {e}");
            EXIT_OPERATIONAL
        }
    }
}

/// How the human output is written: colours and language.
#[derive(Clone, Copy)]
struct Output {
    style: text::Style,
    language: Language,
}

/// Why output stopped.
enum Stop {
    /// The reader went away; the status so far.
    Pipe(i32),
    /// A file could not be written.
    Failed(String),
}

fn written(result: io::Result<()>, status: i32) -> Result<(), Stop> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(Stop::Pipe(status)),
        Err(e) => Err(Stop::Failed(format!("writing the report: {e}"))),
    }
}

fn run_single(
    args: &VerifyArgs,
    path: &Path,
    trust: Option<&TrustStore>,
    output: Output,
    out: &mut impl Write,
) -> Result<i32, Stop> {
    let report = match verify_input(path, trust) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("proofpack: {}: {e}", shown(path));
            return Ok(EXIT_OPERATIONAL);
        }
    };
    let status = report.exit_status();
    if let Some(file) = &args.output {
        write_file(file, |w| {
            json::pretty(w, &report).and_then(|()| writeln!(w))
        })?;
    }
    if let Some(file) = &args.html {
        let page = html::report_in(&report, output.language);
        write_file(file, |w| w.write_all(page.as_bytes()))?;
    }
    if !args.quiet {
        let result = if args.json {
            json::pretty(out, &report).and_then(|()| writeln!(out))
        } else {
            let human = text::report_in(&report, output.style, output.language);
            out.write_all(human.as_bytes())
        };
        written(result, status)?;
    }
    Ok(status)
}

fn run_batch(
    args: &VerifyArgs,
    packs: &[PathBuf],
    skipped: &[(PathBuf, &'static str)],
    trust: Option<&TrustStore>,
    output: Output,
    out: &mut impl Write,
) -> Result<i32, Stop> {
    let mut worst = 0;
    let mut verdicts = BTreeMap::<String, usize>::new();
    for (path, reason) in skipped {
        eprintln!("proofpack: skipped {}: {reason}", shown(path));
        if args.json && !args.quiet {
            let line = BatchLine::Skipped {
                path: path.display().to_string(),
                reason: (*reason).to_owned(),
            };
            written(
                json::compact_value(out, &line).and_then(|()| writeln!(out)),
                worst,
            )?;
        }
    }
    let jobs = args
        .jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, std::num::NonZeroUsize::get)
        .min(packs.len().max(1));
    let progress = Progress::new(packs.len());
    let mut outcome = Ok(());
    in_order(
        packs,
        jobs,
        |path| verified(args, path, trust, output),
        |done| {
            progress.step();
            if let Err(e) = &done.status {
                progress.message(&format!("proofpack: {}: {e}", shown(done.path)));
            }
            let status = done.status.as_ref().map_or(EXIT_OPERATIONAL, |s| *s);
            *verdicts.entry(done.verdict.clone()).or_default() += 1;
            worst = worst.max(status);
            outcome = written(progress.write(out, &done.output), worst);
            outcome.is_ok()
        },
    );
    progress.finish();
    outcome?;
    if !args.quiet {
        let result = if args.json {
            let line = BatchLine::summary(packs.len(), skipped.len(), verdicts, worst);
            json::compact_value(out, &line).and_then(|()| writeln!(out))
        } else {
            let summary = batch_summary(packs.len(), &verdicts, skipped.len(), output.language);
            writeln!(out, "{summary}")
        };
        written(result, worst)?;
    }
    Ok(worst)
}

/// The last line of a batch: how many packs, of each verdict, skipped.
fn batch_summary(
    packs: usize,
    verdicts: &BTreeMap<String, usize>,
    skipped: usize,
    language: Language,
) -> String {
    let words = Messages::new(language);
    let parts: Vec<String> = verdicts
        .iter()
        .map(|(verdict, n)| {
            let word = match verdict.parse::<proofpack_core::Verdict>() {
                Ok(v) => words.verdict(v),
                Err(_) => words.text("cli-batch-error"),
            };
            format!("{n} {word}")
        })
        .collect();
    let mut summary = words.format(
        "cli-batch",
        &[
            ("packs", Arg::from(packs)),
            ("verdicts", Arg::from(parts.join(", "))),
        ],
    );
    if skipped > 0 {
        summary.push_str("; ");
        summary.push_str(&words.format("cli-batch-skipped", &[("skipped", Arg::from(skipped))]));
    }
    summary
}

/// One pack of a batch, verified and rendered.
struct Verified<'p> {
    path: &'p Path,
    /// The verdict's name, or `error`.
    verdict: String,
    /// The exit status, or why the pack could not be read.
    status: Result<i32, String>,
    /// What the batch prints on standard output for it.
    output: Vec<u8>,
}

/// Verifies one pack of a batch and renders its line (on a worker thread).
fn verified<'p>(
    args: &VerifyArgs,
    path: &'p Path,
    trust: Option<&TrustStore>,
    how: Output,
) -> Verified<'p> {
    let mut output = Vec::new();
    // Writing to a Vec cannot fail.
    let (verdict, status) = match verify_input(path, trust) {
        Ok(report) => {
            if args.json && !args.quiet {
                let _ = json::compact(&mut output, &report).and_then(|()| writeln!(output));
            } else if !args.quiet {
                let line = text::line_in(&report, how.style, how.language);
                let _ = writeln!(output, "{line}");
            }
            (report.verdict().to_string(), Ok(report.exit_status()))
        }
        Err(e) => {
            if args.json && !args.quiet {
                let line = BatchLine::Error {
                    path: path.display().to_string(),
                    error: e.clone(),
                };
                let _ = json::compact_value(&mut output, &line).and_then(|()| writeln!(output));
            }
            ("error".to_owned(), Err(e))
        }
    };
    Verified {
        path,
        verdict,
        status,
        output,
    }
}

/// Runs `work` on every item on `jobs` threads and hands the results to
/// `emit` one at a time, in the items' order, as soon as each one's turn
/// comes; `emit` returning false stops the work (the reader went away).
fn in_order<'i, I: Sync, T: Send>(
    items: &'i [I],
    jobs: usize,
    work: impl Fn(&'i I) -> T + Sync,
    mut emit: impl FnMut(T) -> bool,
) {
    if jobs <= 1 {
        for item in items {
            if !emit(work(item)) {
                return;
            }
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let send = send.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else {
                        break;
                    };
                    if send.send((i, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Results that came before their turn, by index.
        let mut waiting = BTreeMap::new();
        let mut turn = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&turn) {
                turn += 1;
                if !emit(result) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    });
}

/// A progress bar on standard error while a batch runs, when standard error
/// is a terminal (never when it is piped or redirected).
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    /// Whether standard output shows on the same screen: its lines are then
    /// written with the bar cleared, not through it.
    shared_screen: bool,
}

impl Progress {
    fn new(packs: usize) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress {
                bar: None,
                shared_screen: false,
            };
        }
        let bar = indicatif::ProgressBar::new(packs as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} packs, {elapsed} so far, {eta} left",
        ) {
            bar.set_style(style);
        }
        Progress {
            bar: Some(bar),
            shared_screen: io::stdout().is_terminal(),
        }
    }

    fn step(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Writes a pack's output on standard output.
    fn write(&self, out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
        match &self.bar {
            Some(bar) if self.shared_screen => {
                bar.suspend(|| out.write_all(bytes).and_then(|()| out.flush()))
            }
            _ => out.write_all(bytes),
        }
    }

    /// Prints a line on standard error, above the bar (which is cleared
    /// for it and drawn again).
    fn message(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A path as shown in messages, escaped (a file name can hold controls).
fn shown(path: &Path) -> String {
    Untrusted(&path.display().to_string()).escaped()
}

/// Whether to write colour codes on stdout.
fn colour(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
            !no_colour && !dumb && io::stdout().is_terminal()
        }
    }
}

/// Writes a report file atomically (the author crate's writer: a reader
/// never sees half a report).
fn write_file(path: &Path, write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> Result<(), Stop> {
    let fail = |e: &dyn std::fmt::Display| Stop::Failed(format!("{}: {e}", shown(path)));
    let mut bytes = Vec::new();
    write(&mut bytes).map_err(|e| fail(&e))?;
    proofpack_author::files::write_atomic(path, &bytes).map_err(|e| fail(&e))
}

fn load_trust(path: &Path) -> Result<TrustStore, String> {
    TrustStore::load(path).map_err(|e| e.to_string())
}

/// Verifies a file, or standard input for `-`, named as given.
fn verify_input(path: &Path, trust: Option<&TrustStore>) -> Result<Report, String> {
    let name = path.display().to_string();
    if path.as_os_str() == STDIN {
        let mut stdin = io::stdin().lock();
        verify(
            &mut stdin as &mut dyn Read,
            &name,
            trust,
            &Limits::default(),
        )
    } else {
        let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
        verify(file, &name, trust, &Limits::default())
    }
    .map_err(|e| e.to_string())
}

/// Packs as given; a directory becomes its `*.tar.gz` files, sorted, and the
/// other entries it holds are reported as skipped.
#[allow(clippy::type_complexity)]
fn expand(inputs: &[PathBuf]) -> Result<(Vec<PathBuf>, Vec<(PathBuf, &'static str)>), String> {
    let mut packs = Vec::new();
    let mut skipped = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(input)
                .map_err(|e| format!("{}: {e}", shown(input)))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            let before = packs.len();
            for p in entries {
                if !p.to_string_lossy().ends_with(".tar.gz") {
                    skipped.push((p, "not a *.tar.gz file"));
                } else if !p.is_file() {
                    skipped.push((p, "not a regular file"));
                } else {
                    packs.push(p);
                }
            }
            if packs.len() == before {
                return Err(format!(
                    "{}: no *.tar.gz packs in this directory",
                    shown(input)
                ));
            }
        } else {
            packs.push(input.clone());
        }
    }
    Ok((packs, skipped))
}
