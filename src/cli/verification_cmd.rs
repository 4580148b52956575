//! `proofpack verification sign|check|countersign`: the verifier's own
//! signed statement (§20), each a thin front to one call of
//! `proofpack-verification`.

use super::{shown, trust_store, Failure, Outcome};
use proofpack_author::keys;
use proofpack_core::{verify_path, Cancel, Limits, PackFile};
use proofpack_files::{occupied, write_atomic, Access, Existing};
use proofpack_render::i18n::{Arg, Language, Messages};
use proofpack_render::json::pretty_value;
use proofpack_spec::text::Untrusted;
use proofpack_verification::{PackToCompare, VerifierKey};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Subcommand)]
pub(crate) enum VerificationCommand {
    /// Verify a pack and write the signed statement of what was found.
    Sign(SignArgs),
    /// Check a signed statement: authentic or not, who signed, and whether
    /// a pack is the one named. Exit 0 when it holds, 6 when not.
    Check(CheckArgs),
    /// Add a signature over the same statement.
    Countersign(CountersignArgs),
}

#[derive(clap::Args)]
pub(crate) struct SignArgs {
    /// The pack to verify (one).
    pack: PathBuf,
    /// The trust store to verify it with.
    #[arg(long, value_name = "FILE")]
    trust: PathBuf,
    /// Your verifier key (PKCS#8 PEM).
    #[arg(long, value_name = "KEY.pem")]
    key: PathBuf,
    /// Your key store: the entry holding the key's public key, with role
    /// verifier, gives its key_id and owner (verified_by).
    #[arg(long, value_name = "STORE")]
    keys: PathBuf,
    /// Where to write the statement (refused if it exists, unless --force).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Replace an existing --out file.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args)]
pub(crate) struct CheckArgs {
    /// The signed statement.
    file: PathBuf,
    /// The key store holding verifier keys.
    #[arg(long, value_name = "STORE")]
    keys: PathBuf,
    /// The pack the statement should name.
    #[arg(long, value_name = "PACK")]
    pack: Option<PathBuf>,
    /// Verify the pack again with this trust store and say whether the
    /// verdict and codes are the statement's (shown, not an error).
    #[arg(long, value_name = "FILE", requires = "pack")]
    trust: Option<PathBuf>,
    /// Print the check as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub(crate) struct CountersignArgs {
    /// The signed statement (authentic to --keys).
    file: PathBuf,
    /// Your verifier key (PKCS#8 PEM).
    #[arg(long, value_name = "KEY.pem")]
    key: PathBuf,
    /// Your key store (as for sign).
    #[arg(long, value_name = "STORE")]
    keys: PathBuf,
    /// Where to write the countersigned statement (refused if it exists,
    /// unless --force).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Replace an existing --out file.
    #[arg(long)]
    force: bool,
}

pub(crate) fn run(command: &VerificationCommand, language: Language) -> Outcome {
    match command {
        VerificationCommand::Sign(args) => sign(args, language),
        VerificationCommand::Check(args) => check(args, language),
        VerificationCommand::Countersign(args) => countersign(args, language),
    }
}

fn verifier_key(key: &Path, keys: &Path) -> Result<VerifierKey, Failure> {
    let signing = keys::read_private_key(key)?;
    VerifierKey::from_store(signing, &trust_store(keys)?)
        .map_err(|e| Failure::operational(format_args!("{} in {}: {e}", shown(key), shown(keys))))
}

/// Refused before any work when `out` exists and `force` is not given (the
/// write refuses too, should it appear meanwhile).
fn existing(out: &Path, force: bool) -> Result<Existing, Failure> {
    if force {
        return Ok(Existing::Replace);
    }
    if occupied(out) {
        return Err(Failure::operational(format_args!(
            "{} exists; nothing was written. Give --force to replace it.",
            shown(out)
        )));
    }
    Ok(Existing::Refuse)
}

fn sign(args: &SignArgs, language: Language) -> Outcome {
    let existing = existing(&args.out, args.force)?;
    let key = verifier_key(&args.key, &args.keys)?;
    let trust = trust_store(&args.trust)?;
    let report = verify_path(&args.pack, Some(&trust), &Limits::default(), &Cancel::new())
        .map_err(|e| Failure::at(&args.pack, e))?;
    let envelope =
        proofpack_verification::sign_receipt(&report, &key).map_err(Failure::operational)?;
    write_atomic(&args.out, &envelope, existing, Access::Default)?;
    let words = Messages::new(language);
    eprintln!(
        "{}",
        words.format(
            "verification-signed",
            &[
                ("file", Arg::from(args.out.display().to_string())),
                ("verdict", Arg::from(words.verdict(report.verdict()))),
                ("owner", Arg::from(Untrusted(&key.entry().owner).escaped())),
                (
                    "key_id",
                    Arg::from(Untrusted(&key.entry().key_id).escaped())
                ),
            ],
        )
    );
    Ok(0)
}

fn check(args: &CheckArgs, language: Language) -> Outcome {
    let envelope = std::fs::read(&args.file).map_err(|e| Failure::at(&args.file, e))?;
    let keys = trust_store(&args.keys)?;
    let reverify_with = args.trust.as_deref().map(trust_store).transpose()?;
    let pack = match &args.pack {
        None => None,
        Some(path) => Some(PackToCompare::file(
            PackFile::open(path).map_err(|e| Failure::at(path, e))?,
            reverify_with.as_ref(),
        )),
    };
    let checked = proofpack_verification::check_receipt_with_pack(&envelope, &keys, pack)
        .map_err(|e| Failure::at(args.pack.as_deref().unwrap_or(Path::new("-")), e))?;
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        pretty_value(&mut out, &checked).and_then(|()| writeln!(out))
    } else {
        out.write_all(proofpack_render::verification::text(&checked, language).as_bytes())
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| Failure::operational(format_args!("stdout: {e}")))?;
    Ok(checked.exit_status())
}

fn countersign(args: &CountersignArgs, language: Language) -> Outcome {
    let existing = existing(&args.out, args.force)?;
    let envelope = std::fs::read(&args.file).map_err(|e| Failure::at(&args.file, e))?;
    let keys = trust_store(&args.keys)?;
    let key = verifier_key(&args.key, &args.keys)?;
    let signed = match proofpack_verification::countersign_receipt(&envelope, &key, &keys) {
        Ok(signed) => signed,
        Err(proofpack_verification::SignError::NotAuthentic(checked)) => {
            eprintln!(
                "proofpack: {}: not authentic to {}; nothing was countersigned",
                shown(&args.file),
                shown(&args.keys)
            );
            eprint!(
                "{}",
                proofpack_render::verification::text(&checked, language)
            );
            return Ok(checked.exit_status());
        }
        Err(e) => return Err(Failure::operational(e)),
    };
    write_atomic(&args.out, &signed, existing, Access::Default)?;
    eprintln!(
        "{}",
        Messages::new(language).format(
            "verification-countersigned",
            &[
                ("file", Arg::from(args.out.display().to_string())),
                ("owner", Arg::from(Untrusted(&key.entry().owner).escaped())),
                (
                    "key_id",
                    Arg::from(Untrusted(&key.entry().key_id).escaped())
                ),
            ],
        )
    );
    Ok(0)
}
