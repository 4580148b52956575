//! `proofpack ls` and `proofpack show`: thin over `proofpack_core::inspect`.

use super::EXIT_OPERATIONAL;
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

/// Reports why `pack` could not be inspected; returns the exit status.
fn failed(pack: &Path, e: &InspectError) -> i32 {
    let pack = pack.display();
    match e {
        InspectError::Refused { findings } => {
            eprintln!("proofpack: {pack}: refused: the archive breaks the container rules (§1):");
            for f in findings {
                eprintln!(
                    "  {} at {}: {}",
                    f.code(),
                    Untrusted(f.location()),
                    Untrusted(f.message())
                );
            }
            Verdict::Invalid.exit_status()
        }
        InspectError::Read(_) | InspectError::NoSuchMember(_) => {
            eprintln!("proofpack: {pack}: {e}");
            EXIT_OPERATIONAL
        }
    }
}

/// Lists a pack's members: as a table in `language`, or as JSON.
pub(crate) fn ls(args: &LsArgs, language: Language) -> i32 {
    let members = match open(&args.pack) {
        Ok(input) => list_members(input, &Limits::default()),
        Err(e) => return super::fail_path(&args.pack, &e),
    };
    let members = match members {
        Ok(m) => m,
        Err(e) => return failed(&args.pack, &e),
    };
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
    match written.and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(_) => EXIT_OPERATIONAL,
    }
}

pub(crate) fn show(args: &ShowArgs) -> i32 {
    let content = match open(&args.pack) {
        Ok(input) => member_content(input, &Limits::default(), &args.member),
        Err(e) => return super::fail_path(&args.pack, &e),
    };
    let bytes = match content {
        Ok(b) => b,
        Err(e) => return failed(&args.pack, &e),
    };
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
    match written.and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(_) => EXIT_OPERATIONAL,
    }
}
