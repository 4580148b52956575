//! `proofpack seal`: a signed pack with its seal (§22) in `signature.sig`,
//! written by `proofpack_author::seal`, which refuses a seal that does not
//! hold for the pack.

use super::{refusing_finding, shown, written, Failure, Outcome};
use proofpack_author::{Destination, SealError, SealRefused, SealRequest, Sealed};
use proofpack_spec::text::Untrusted;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct SealArgs {
    /// The signed pack.
    pack: PathBuf,
    /// The seal: exactly §22's `seal` object, as the producer's
    /// `AuditLog::seal` builds it.
    #[arg(long, value_name = "SEAL.json")]
    seal: PathBuf,
    /// Trust store the recipients verify with: the seal must hold for the
    /// pack under it and give a sealed time.
    #[arg(long, value_name = "FILE")]
    trust: PathBuf,
    /// Where to write the sealed pack (refused if it exists, unless --force).
    #[arg(short = 'o', long, value_name = "OUT")]
    out: PathBuf,
    /// Replace an existing OUT file.
    #[arg(long)]
    force: bool,
}

pub(crate) fn run(args: &SealArgs) -> Outcome {
    let seal = std::fs::read(&args.seal).map_err(|e| Failure::at(&args.seal, e))?;
    let request = SealRequest {
        pack: args.pack.clone(),
        seal,
        trust_path: args.trust.clone(),
    };
    let out = Destination {
        path: args.out.clone(),
        replace: args.force,
    };
    match proofpack_author::seal(&request, &out) {
        Ok(sealed) => print_sealed(args, &sealed),
        Err(SealError::Exists { path }) => Err(Failure::operational(format_args!(
            "{} exists; nothing was written. Give --force to replace it.",
            path.display()
        ))),
        Err(SealError::SealNotJson(why)) => Err(Failure::at(&args.seal, why)),
        Err(SealError::Refused(refused)) => {
            print_refused(&refused);
            Err(Failure::Status(refused.exit_status()))
        }
        Err(e) => Err(Failure::operational(e)),
    }
}

/// OUT's SHA-256 on standard output; what was written on standard error.
fn print_sealed(args: &SealArgs, sealed: &Sealed) -> Outcome {
    let r = &sealed.report;
    let sealed_time = r
        .seal()
        .and_then(|s| s.sealed_time.as_deref())
        .unwrap_or_default();
    eprintln!(
        "proofpack: wrote {} ({} bytes, sha256 {}), sealed at {}, verifies {} with --trust {}",
        shown(&args.out),
        r.pack().size,
        r.pack().sha256,
        Untrusted(sealed_time),
        r.verdict(),
        shown(&args.trust)
    );
    let mut out = std::io::stdout().lock();
    written(writeln!(out, "{}", r.pack().sha256), 0)?;
    Ok(0)
}

/// The refusal's own words (the author crate's), with the findings in the
/// seal that make it fail.
fn print_refused(refused: &SealRefused) {
    eprintln!("proofpack: {refused}.");
    for f in refused.to_fix() {
        eprintln!("{}", refusing_finding(f));
    }
    for line in refused.refusal().what_to_do() {
        eprintln!("  {line}");
    }
}
