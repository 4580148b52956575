//! `proofpack ls` and `proofpack show`: thin over `proofpack_core::inspect`.

use super::{shown, Failure, Outcome, EXIT_OPERATIONAL};
use proofpack_core::inspect::{list_members, member_content, InspectError};
use proofpack_core::{Limits, Verdict};
use proofpack_render::i18n::{Language, Messages};
use proofpack_render::json;
use proofpack_spec::text::{escape_bytes_multiline, Untrusted};
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub(crate) struct LsArgs {
    /// The pack (`-`: standard input).
    #[arg(value_name = "PACK")]
    pack: PathBuf,
    /// Print a JSON array of {path, size, sha256, listing}.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub(crate) struct ShowArgs {
    /// The pack (`-`: standard input).
    #[arg(value_name = "PACK")]
    pack: PathBuf,
    /// The member's path in the archive (e.g. manifest.json, attachments/a.json).
    #[arg(value_name = "MEMBER")]
    member: String,
}

/// The pack at `path`, or standard input for `-`.
fn open(path: &Path) -> io::Result<Box<dyn Read>> {
    if path == Path::new("-") {
        Ok(Box::new(io::stdin().lock()))
    } else {
        Ok(Box::new(std::fs::File::open(path)?))
    }
}

/// Why `pack` could not be inspected: the §1 findings that refuse it (said
/// here, exit status 6), or what could not be read.
fn failed(pack: &Path, e: &InspectError) -> Failure {
    match e {
        InspectError::Refused { findings } => {
            eprintln!(
                "proofpack: {}: refused: the archive breaks the container rules (§1):",
                shown(pack)
            );
            for f in findings {
                eprintln!(
                    "  {} at {}: {}",
                    f.code(),
                    Untrusted(f.location()),
                    Untrusted(f.message())
                );
            }
            Failure::Status(Verdict::Invalid.exit_status())
        }
        InspectError::Read(_) | InspectError::NoSuchMember(_) => Failure::at(pack, e),
    }
}

/// Lists a pack's members: as a table in `language`, or as JSON.
pub(crate) fn ls(args: &LsArgs, language: Language) -> Outcome {
    let input = open(&args.pack).map_err(|e| Failure::at(&args.pack, e))?;
    let members = list_members(input, &Limits::default()).map_err(|e| failed(&args.pack, &e))?;
    let mut out = io::stdout().lock();
    let written = if args.json {
        json::pretty_value(&mut out, &members).and_then(|()| writeln!(out))
    } else {
        let words = Messages::new(language);
        let [path_head, size_head, sha_head, listing_head] =
            ["ls-path", "ls-size", "ls-sha256", "ls-listing"].map(|id| words.text(id));
        let paths: Vec<String> = members
            .iter()
            .map(|m| Untrusted(&m.path).escaped())
            .collect();
        let width = paths
            .iter()
            .map(|p| p.chars().count())
            .fold(path_head.chars().count(), usize::max);
        let digits = members
            .iter()
            .map(|m| m.size.to_string().len())
            .fold(size_head.chars().count(), usize::max);
        (|| -> io::Result<()> {
            writeln!(
                out,
                "{path_head:<width$}  {size_head:>digits$}  {sha_head:<64}  {listing_head}"
            )?;
            for (m, path) in members.iter().zip(&paths) {
                writeln!(
                    out,
                    "{path:<width$}  {:>digits$}  {}  {}",
                    m.size,
                    m.sha256,
                    proofpack_render::text::listing_words(m.listing, language)
                )?;
            }
            Ok(())
        })()
    };
    stdout_status(written.and_then(|()| out.flush()))
}

/// 0 once standard output is written, else an operational error told by
/// the status alone (the reader went away, or the disk is full).
fn stdout_status(written: io::Result<()>) -> Outcome {
    written.map_err(|_| Failure::Status(EXIT_OPERATIONAL))?;
    Ok(0)
}

pub(crate) fn show(args: &ShowArgs) -> Outcome {
    let input = open(&args.pack).map_err(|e| Failure::at(&args.pack, e))?;
    let bytes = member_content(input, &Limits::default(), &args.member)
        .map_err(|e| failed(&args.pack, &e))?;
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut out = stdout.lock();
    let written = if terminal {
        let mut text = escape_bytes_multiline(&bytes);
        // On a terminal only: the next prompt starts on a line of its own.
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        out.write_all(text.as_bytes())
    } else {
        out.write_all(&bytes)
    };
    stdout_status(written.and_then(|()| out.flush()))
}
