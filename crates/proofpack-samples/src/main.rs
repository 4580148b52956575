//! Regenerates the committed sample packs, byte for byte:
//!
//! ```sh
//! cargo run --release -p proofpack-samples -- sample-packs
//! ```
//!
//! `--dpo-key PATH` also (or only) writes the sample DPO key as a PKCS#8 PEM
//! file (never overwritten), to sign a sample evidence folder with
//! `proofpack pack`.

use proofpack_author::keys;
use proofpack_samples as samples;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: make-samples [OUT_DIR] [--dpo-key PATH]";

fn main() -> ExitCode {
    let mut out_dir: Option<PathBuf> = None;
    let mut dpo_key: Option<PathBuf> = None;
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--dpo-key" {
            match args.next() {
                Some(path) if dpo_key.is_none() => dpo_key = Some(path.into()),
                _ => return usage(),
            }
        } else if arg == "-h" || arg == "--help" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        } else if out_dir.is_none() && !arg.to_string_lossy().starts_with('-') {
            out_dir = Some(arg.into());
        } else {
            return usage();
        }
    }
    if out_dir.is_none() && dpo_key.is_none() {
        return usage();
    }
    if let Some(path) = &dpo_key {
        if let Err(e) = keys::write_private_key(path, &samples::dpo_key()) {
            eprintln!("make-samples: {e}");
            return ExitCode::FAILURE;
        }
        println!("{}", path.display());
    }
    if let Some(dir) = &out_dir {
        match samples::write_samples(dir) {
            Ok(paths) => {
                for path in paths {
                    println!("{}", path.display());
                }
            }
            Err(e) => {
                eprintln!("make-samples: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("{USAGE}");
    ExitCode::from(2)
}
