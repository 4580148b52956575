//! Writes the inputs of `scripts/bench-register.sh`: copies of the four
//! sample packs, and real chains of follow-up packs made by the producer
//! (each chain its own request, each pack naming the one before it).
//!
//! `bench-packs OUT_DIR COPIES CHAINS LENGTH`

use proofpack_author::pack::{sign_unchecked, Content, Evidence, Superseded};
use proofpack_spec::timestamp::Timestamp;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out, copies, chains, length] = args.as_slice() else {
        return Err("usage: bench-packs OUT_DIR COPIES CHAINS LENGTH".into());
    };
    let (out, copies, chains, length): (PathBuf, usize, usize, usize) = (
        out.into(),
        copies.parse()?,
        chains.parse()?,
        length.parse()?,
    );
    std::fs::create_dir_all(&out)?;
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sample-packs");
    let names = [
        "complete-gdpr",
        "late-ccpa",
        "incomplete-cache-deferred",
        "exempt-art17-3",
    ];
    for i in 0..copies {
        let name = names[i % names.len()];
        let from = samples.join(format!("{name}.tar.gz"));
        std::fs::copy(from, out.join(format!("copy-{i:05}-{name}.tar.gz")))?;
    }
    let evidence = Evidence::from_dir(&samples.join("evidence/incomplete-cache-deferred"))?;
    let request =
        std::fs::read_to_string(samples.join("evidence/incomplete-cache-deferred/request.json"))?;
    for c in 0..chains {
        let mut e = evidence.clone();
        let id = format!("req-chain-{c:05}");
        e.set_member(
            "request.json",
            Content::Bytes(request.replace("req-002217", &id).into_bytes()),
        );
        let mut previous: Option<(String, String)> = None;
        for n in 0..length {
            e.description.pack_id = format!("erasure-{id}-{n}");
            e.description.supersedes = previous
                .take()
                .map(|(pack_id, sha256)| Superseded { pack_id, sha256 });
            let signed_at = Timestamp::parse(&format!("2026-05-06T1{n}:00:00Z")).ok_or("time")?;
            let bytes = sign_unchecked(&e, &proofpack_samples::dpo_key(), &signed_at, false)?;
            let sha: String = Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            std::fs::write(out.join(format!("chain-{c:05}-{n}.tar.gz")), &bytes)?;
            previous = Some((e.description.pack_id.clone(), sha));
        }
    }
    Ok(())
}
