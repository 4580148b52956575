//! Runs the README's "Check a signature without ProofPack" commands, exactly
//! as written, against the bundled sample pack: the documented OpenSSL check
//! must accept a pack ProofPack signed, and reject one with a changed
//! manifest, under `sh` (dash on Debian), dash and bash, with the committed
//! sample trust store and with a pretty-printed store `proofpack trust add`
//! wrote (members reordered, a decoy entry whose strings hold braces, quotes
//! and the key's own key_id, an object nested in an entry).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use std::path::Path;
use std::process::{Command, Output};

mod tools;

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

/// The shells the block runs under, each required (the README promises all
/// three): `sh`, bash and dash (`sh` on Debian and Ubuntu).
const SHELLS: [&str; 3] = ["sh", "bash", "dash"];

fn require_shells() {
    for shell in SHELLS {
        tools::require(shell, &["-c", "true"], shell);
    }
}

fn run_block(shell: &str, block: &str, workdir: &Path) -> Output {
    Command::new(shell)
        .arg("-c")
        .arg(format!("set -e\n{block}"))
        .current_dir(workdir)
        .output()
        .expect("the shell runs")
}

fn proofpack(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_proofpack"))
        .args(args)
        .output()
        .expect("proofpack runs")
}

/// A work directory laid out as the block expects, with `trust` as
/// `sample-packs/trust.json`.
fn workdir(trust: &[u8]) -> tempfile::TempDir {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().expect("tempdir");
    let dir = work.path().join("sample-packs");
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::copy(
        root.join("sample-packs").join("complete-gdpr.tar.gz"),
        dir.join("complete-gdpr.tar.gz"),
    )
    .expect("copy");
    std::fs::write(dir.join("trust.json"), trust).expect("write");
    work
}

/// A pretty-printed store written by `proofpack trust add`: first a decoy
/// (another key, whose strings hold braces, quotes and the DPO key's
/// key_id, with an object nested in it that names the DPO key_id), then the
/// sample DPO key with its members in another order than `keygen` writes.
fn pretty_store(dir: &Path) -> Vec<u8> {
    let committed = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("sample-packs")
            .join("trust.json"),
    )
    .expect("sample store");
    let doc: serde_json::Value = serde_json::from_slice(&committed).expect("JSON");
    let keys = doc["keys"].as_array().expect("keys");
    let dpo = keys
        .iter()
        .find(|k| k["key_id"] == "sample-dpo-2026")
        .expect("the DPO entry");
    let log = keys
        .iter()
        .find(|k| k["key_id"] != "sample-dpo-2026")
        .expect("the log entry");
    let decoy = serde_json::json!({
        "public_key": log["public_key"],
        "owner": "x}{\"key_id\": \"sample-dpo-2026\", \"public_key\": \"AAAA\"}",
        "key_id": "decoy\\\"{:",
        "alg": "ed25519",
        "roles": ["dpo"],
        "note": {"key_id": "sample-dpo-2026", "public_key": log["public_key"]},
    });
    let mut reordered = serde_json::Map::new();
    for name in [
        "roles",
        "public_key",
        "owner",
        "not_after",
        "alg",
        "not_before",
        "key_id",
        "revoked_at",
    ] {
        reordered.insert(name.to_owned(), dpo[name].clone());
    }
    let store = dir.join("written.json");
    for (i, entry) in [decoy, serde_json::Value::Object(reordered)]
        .iter()
        .enumerate()
    {
        let file = dir.join(format!("entry-{i}.json"));
        std::fs::write(&file, serde_json::to_vec(entry).expect("JSON")).expect("write");
        let out = proofpack(&[
            "trust".as_ref(),
            "add".as_ref(),
            store.as_os_str(),
            "--entry".as_ref(),
            file.as_os_str(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let bytes = std::fs::read(&store).expect("the written store");
    let text = String::from_utf8(bytes.clone()).expect("UTF-8");
    assert!(
        text.lines()
            .any(|l| l.trim() == "\"key_id\": \"sample-dpo-2026\","),
        "pretty-printed, one member a line: {text}"
    );
    bytes
}

#[test]
fn readme_openssl_commands_verify_the_sample_pack() {
    tools::require_openssl();
    require_shells();
    let block = readme_block();
    // The same commands over a manifest changed by one byte must fail.
    let tampered = block.replace(
        "cat check/manifest.json >> check/pae.bin",
        "sed 's/\"all_clear\": true/\"all_clear\": false/' check/manifest.json >> check/pae.bin",
    );
    assert_ne!(tampered, block);

    let scratch = tempfile::tempdir().expect("tempdir");
    let committed = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("sample-packs")
            .join("trust.json"),
    )
    .expect("sample store");
    let stores = [
        ("committed", committed),
        ("pretty", pretty_store(scratch.path())),
    ];
    for shell in SHELLS {
        for (name, trust) in &stores {
            let work = workdir(trust);
            let out = run_block(shell, &block, work.path());
            assert!(
                out.status.success(),
                "{shell}, {name} store: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                String::from_utf8_lossy(&out.stdout).contains("Signature Verified Successfully"),
                "{shell}, {name} store"
            );

            let work = workdir(trust);
            let out = run_block(shell, &tampered, work.path());
            assert!(
                !out.status.success(),
                "{shell}, {name} store: a tampered manifest must not verify"
            );
        }
    }
}
