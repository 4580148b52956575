//! Writes seeded, reproducible attachments for the streaming benchmarks
//! (`scripts/bench-stream.sh`, `scripts/bench-authoring.sh`): `FILES` files
//! under `DIR/attachments/`, `MIB` MiB in all, of `KIND`:
//!
//! - `text` (the default): log-like text that gzip compresses about 3:1;
//! - `binary`: incompressible-ish, as scans and already-compressed exports
//!   are: in every 64 KiB, 56 KiB of random bytes and 8 KiB of that text.
//!
//! ```sh
//! cargo run --release -p proofpack-samples --example bench-attachments -- DIR MIB [FILES [KIND]]
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

/// The seeded random source: SHA-256 in counter mode, the same bytes on
/// every machine.
struct Seeded {
    counter: u64,
}

impl Seeded {
    fn next(&mut self) -> [u8; 32] {
        let random = Sha256::digest(self.counter.to_le_bytes());
        self.counter += 1;
        random.into()
    }

    /// One log line.
    fn line(&mut self, line: &mut String) -> std::fmt::Result {
        use std::fmt::Write as _;
        let random = self.next();
        line.clear();
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
        )
    }
}

/// In `binary` files, each 64 KiB block ends with this much text.
const TEXT_PER_BLOCK: u64 = 8 << 10;
const BLOCK: u64 = 64 << 10;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: bench-attachments DIR MIB [FILES [text|binary]]";
    let dir = PathBuf::from(args.next().ok_or(usage)?);
    let mib: u64 = args.next().ok_or(usage)?.parse()?;
    let files: u64 = args.next().map_or(Ok(8), |f| f.parse())?;
    let binary = match args.next().as_deref() {
        None | Some("text") => false,
        Some("binary") => true,
        Some(_) => return Err(usage.into()),
    };
    let per_file = (mib << 20) / files.max(1);
    let out = dir.join("attachments");
    std::fs::create_dir_all(&out)?;
    let mut seeded = Seeded { counter: 0 };
    let mut line = String::new();
    for file in 0..files {
        let name = if binary { "scan" } else { "export" };
        let path = out.join(format!(
            "{name}-{file:02}.{}",
            if binary { "bin" } else { "log" }
        ));
        let mut w = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path)?);
        let mut written = 0u64;
        while written < per_file {
            let in_block = written % BLOCK;
            let random;
            // Each part of a binary block is filled exactly, the last piece cut.
            let (piece, limit): (&[u8], u64) = if !binary {
                seeded.line(&mut line)?;
                (line.as_bytes(), u64::MAX)
            } else if in_block < BLOCK - TEXT_PER_BLOCK {
                random = seeded.next();
                (&random, BLOCK - TEXT_PER_BLOCK - in_block)
            } else {
                seeded.line(&mut line)?;
                (line.as_bytes(), BLOCK - in_block)
            };
            let take = usize::try_from((per_file - written).min(limit).min(piece.len() as u64))?;
            w.write_all(&piece[..take])?;
            written += take as u64;
        }
        w.flush()?;
    }
    Ok(())
}
