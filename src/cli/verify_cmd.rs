//! `proofpack verify`.

use super::{human, VerifyArgs, EXIT_OPERATIONAL};
use proofpack_core::{verify, Limits, Report, TrustStore};
use std::io::Write;
use std::path::{Path, PathBuf};

pub(crate) fn run(args: &VerifyArgs) -> i32 {
    let trust = match &args.trust {
        None => None,
        Some(path) => match load_trust(path) {
            Ok(t) => Some(t),
            Err(e) => {
                eprintln!("proofpack: trust store {}: {e}", path.display());
                return EXIT_OPERATIONAL;
            }
        },
    };
    let packs = match expand(&args.packs) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("proofpack: {e}");
            return EXIT_OPERATIONAL;
        }
    };
    let single = packs.len() == 1 && args.packs.len() == 1 && !args.packs[0].is_dir();
    let mut worst = 0;
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for path in &packs {
        let status = match verify_file(path, trust.as_ref()) {
            Ok(report) => {
                *counts.entry(report.verdict.to_string()).or_default() += 1;
                let written = if single && args.json {
                    serde_json::to_writer_pretty(&mut out, &report)
                        .map_err(std::io::Error::other)
                        .and_then(|()| writeln!(out))
                } else if single {
                    human::write_report(&mut out, &report, human::use_colour())
                } else if args.json {
                    serde_json::to_writer(&mut out, &report)
                        .map_err(std::io::Error::other)
                        .and_then(|()| writeln!(out))
                } else {
                    human::write_line(&mut out, &report, human::use_colour())
                };
                if written.is_err() {
                    return EXIT_OPERATIONAL;
                }
                report.exit_status()
            }
            Err(e) => {
                *counts.entry("error".to_owned()).or_default() += 1;
                eprintln!("proofpack: {}: {e}", path.display());
                if !single && args.json {
                    let line = serde_json::json!({"path": path.display().to_string(), "error": e.to_string()});
                    let _ = writeln!(out, "{line}");
                }
                EXIT_OPERATIONAL
            }
        };
        worst = worst.max(status);
    }
    if !single {
        let summary = if args.json {
            serde_json::json!({"summary": {"packs": packs.len(), "verdicts": counts, "exit": worst}}).to_string()
        } else {
            let parts: Vec<String> = counts.iter().map(|(k, v)| format!("{v} {k}")).collect();
            format!("{} packs: {}", packs.len(), parts.join(", "))
        };
        let _ = writeln!(out, "{summary}");
    }
    worst
}

fn load_trust(path: &Path) -> Result<TrustStore, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    TrustStore::from_json(&bytes).map_err(|e| e.to_string())
}

fn verify_file(path: &Path, trust: Option<&TrustStore>) -> Result<Report, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut report = verify(file, trust, &Limits::default()).map_err(|e| e.to_string())?;
    report.pack.path = Some(path.display().to_string());
    Ok(report)
}

/// Files as given; directories become their `*.tar.gz` files, sorted.
fn expand(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut packs = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(input)
                .map_err(|e| format!("{}: {e}", input.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.to_string_lossy().ends_with(".tar.gz"))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(format!(
                    "{}: no *.tar.gz packs in this directory",
                    input.display()
                ));
            }
            packs.extend(found);
        } else {
            packs.push(input.clone());
        }
    }
    Ok(packs)
}
