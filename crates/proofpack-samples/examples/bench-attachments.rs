//! Writes seeded, reproducible attachments for the streaming benchmarks
//! (`scripts/bench-stream.sh`): `FILES` files under `DIR/attachments/`,
//! `MIB` MiB in all, of log-like text that gzip compresses about 3:1.
//!
//! ```sh
//! cargo run --release -p proofpack-samples --example bench-attachments -- DIR MIB [FILES]
//! ```

use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::PathBuf;

const WORDS: [&str; 16] = [
    "erase",
    "purge",
    "redact",
    "tombstone",
    "cache",
    "replica",
    "backup",
    "index",
    "export",
    "archive",
    "search",
    "model",
    "vector",
    "warehouse",
    "queue",
    "snapshot",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: bench-attachments DIR MIB [FILES]";
    let dir = PathBuf::from(args.next().ok_or(usage)?);
    let mib: u64 = args.next().ok_or(usage)?.parse()?;
    let files: u64 = args.next().map_or(Ok(8), |f| f.parse())?;
    let per_file = (mib << 20) / files.max(1);
    let out = dir.join("attachments");
    std::fs::create_dir_all(&out)?;
    // SHA-256 in counter mode is the seeded random source: the same bytes on
    // every machine.
    let mut counter: u64 = 0;
    for file in 0..files {
        let path = out.join(format!("export-{file:02}.log"));
        let mut w = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path)?);
        let mut written = 0u64;
        let mut line = String::new();
        while written < per_file {
            let random = Sha256::digest(counter.to_le_bytes());
            counter += 1;
            line.clear();
            use std::fmt::Write as _;
            writeln!(
                line,
                "2026-04-{:02}T{:02}:{:02}:{:02}Z {} subject={:02x}{:02x}{:02x}{:02x} rows={} {}",
                1 + random[0] % 28,
                random[1] % 24,
                random[2] % 60,
                random[3] % 60,
                WORDS[usize::from(random[4] % 16)],
                random[5],
                random[6],
                random[7],
                random[8],
                u32::from_le_bytes([random[9], random[10], 0, 0]),
                WORDS[usize::from(random[11] % 16)],
            )?;
            let take = usize::try_from((per_file - written).min(line.len() as u64))?;
            w.write_all(&line.as_bytes()[..take])?;
            written += take as u64;
        }
        w.flush()?;
    }
    Ok(())
}
