//! `proofpack verify`: a thin layer over `proofpack_core::verify` and the
//! core's renderers.

use super::{
    shown, trust_store, written, ColorChoice, Failure, Outcome, VerifyArgs, EXIT_OPERATIONAL,
};
use proofpack_core::report::BatchLine;
use proofpack_core::{verify, verify_path, Cancel, Limits, Report, TrustStore};
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_register::{inputs, PackSource, Skipped};
use proofpack_render::i18n::{Arg, Language, Messages};
use proofpack_render::{html, json, text};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The name `-` stands for standard input.
const STDIN: &str = "-";

/// Verifies the packs and prints their reports, human ones in `language`.
pub(crate) fn run(args: &VerifyArgs, language: Language) -> Outcome {
    let trust = args.trust.as_deref().map(trust_store).transpose()?;
    let listed = inputs(&args.packs)?;
    // A listing gives files only: each pack is verified by its path.
    let packs: Vec<PathBuf> = listed
        .packs
        .into_iter()
        .filter_map(|pack| match pack.source {
            PackSource::Path(path) => Some(path),
            PackSource::Bytes(_) => None,
        })
        .collect();
    let single = packs.len() == 1 && args.packs.len() == 1 && !args.packs[0].is_dir();
    if !single && (args.html.is_some() || args.output.is_some()) {
        return Err(Failure::usage(
            "--html and --output take one pack, not several",
        ));
    }
    let output = Output {
        style: text::Style {
            colour: colour(args.color),
        },
        language,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if single {
        run_single(args, &packs[0], trust.as_ref(), output, &mut out)
    } else {
        run_batch(
            args,
            &packs,
            &listed.skipped,
            trust.as_ref(),
            output,
            &mut out,
        )
    }
}

/// How the human output is written: colours and language.
#[derive(Clone, Copy)]
struct Output {
    style: text::Style,
    language: Language,
}

fn run_single(
    args: &VerifyArgs,
    path: &Path,
    trust: Option<&TrustStore>,
    output: Output,
    out: &mut impl Write,
) -> Outcome {
    let report = verify_input(path, trust).map_err(|e| Failure::at(path, e))?;
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
    skipped: &[Skipped],
    trust: Option<&TrustStore>,
    output: Output,
    out: &mut impl Write,
) -> Outcome {
    let mut worst = 0;
    let mut verdicts = BTreeMap::<String, usize>::new();
    for Skipped { path, reason } in skipped {
        eprintln!("proofpack: skipped {}: {reason}", shown(path));
        if args.json && !args.quiet {
            let line = BatchLine::Skipped {
                path: path.display().to_string(),
                reason: reason.to_string(),
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

/// Writes a report file whole or not at all, durably, replacing the file
/// there (a reader never sees half a report).
fn write_file(
    path: &Path,
    write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>,
) -> Result<(), Failure> {
    let mut bytes = Vec::new();
    write(&mut bytes).map_err(|e| Failure::at(path, e))?;
    Ok(write_atomic(
        path,
        &bytes,
        Existing::Replace,
        Access::Default,
    )?)
}

/// Verifies standard input for `-` (named `-`), else the file by its path
/// (`proofpack_core::verify_path`: named as given).
fn verify_input(path: &Path, trust: Option<&TrustStore>) -> Result<Report, String> {
    let limits = Limits::default();
    if path.as_os_str() == STDIN {
        let mut stdin = io::stdin().lock();
        verify(&mut stdin as &mut dyn Read, STDIN, trust, &limits)
    } else {
        verify_path(path, trust, &limits, &Cancel::new())
    }
    .map_err(|e| e.to_string())
}
