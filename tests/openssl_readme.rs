//! Runs the README's "Check a signature without ProofPack" commands, exactly
//! as written, against the bundled sample pack: the documented OpenSSL check
//! must accept a pack ProofPack signed, and reject one with a changed manifest.

use std::path::Path;
use std::process::Command;

fn readme_block() -> String {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README");
    let section = readme
        .split("## Check a signature without ProofPack")
        .nth(1)
        .expect("README has the OpenSSL section");
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh block");
    block.to_owned()
}

fn have_openssl() -> bool {
    Command::new("openssl")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run_block(block: &str, workdir: &Path) -> std::process::Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!("set -e\n{block}"))
        .current_dir(workdir)
        .output()
        .expect("bash runs")
}

#[test]
fn readme_openssl_commands_verify_the_sample_pack() {
    if !have_openssl() {
        eprintln!("openssl not installed: skipped");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(work.path().join("sample-packs")).expect("mkdir");
    for f in ["complete-gdpr.tar.gz", "trust.json"] {
        std::fs::copy(
            root.join("sample-packs").join(f),
            work.path().join("sample-packs").join(f),
        )
        .expect("copy");
    }
    let block = readme_block();
    let out = run_block(&block, work.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Signature Verified Successfully"));

    // The same commands over a manifest changed by one byte must fail.
    let tampered = block.replace(
        "cat check/manifest.json >> check/pae.bin",
        "sed 's/\"all_clear\": true/\"all_clear\": false/' check/manifest.json >> check/pae.bin",
    );
    assert_ne!(tampered, block);
    let out = run_block(&tampered, work.path());
    assert!(!out.status.success(), "a tampered manifest must not verify");
}
