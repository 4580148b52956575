//! The reference points of the streaming benchmark (`scripts/bench-stream.sh`):
//! inflate a `.tar.gz` to a sink on one thread with flate2's backend (zlib-rs)
//! or with miniz_oxide (flate2's default backend), optionally hashing the
//! output with SHA-256 on the same thread.
//!
//! ```sh
//! cargo run --release -p proofpack-core --example inflate-sink -- PACK [zlib-rs|miniz] [--hash]
//! ```

use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZFlush, MZStatus};
use sha2::{Digest, Sha256};
use std::io::Read;

const SLICE: usize = 256 * 1024;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .ok_or("usage: inflate-sink PACK [zlib-rs|miniz] [--hash]")?;
    let miniz = args.iter().any(|a| a == "miniz");
    let mut hasher = args.iter().any(|a| a == "--hash").then(Sha256::new);
    let mut sink = |out: &[u8]| {
        if let Some(h) = hasher.as_mut() {
            h.update(out);
        }
    };
    let file = std::fs::File::open(path)?;
    let total = if miniz {
        inflate_miniz(file, &mut sink)?
    } else {
        let mut gz =
            flate2::read::GzDecoder::new(std::io::BufReader::with_capacity(64 * 1024, file));
        let mut buf = vec![0u8; SLICE];
        let mut total = 0u64;
        loop {
            let n = gz.read(&mut buf)?;
            if n == 0 {
                break;
            }
            sink(&buf[..n]);
            total += n as u64;
        }
        total
    };
    println!("{total} bytes inflated");
    if let Some(h) = hasher {
        println!("{:x}", h.finalize());
    }
    Ok(())
}

/// Raw deflate after a minimal gzip header (flags FEXTRA, FNAME, FCOMMENT, FHCRC skipped).
fn inflate_miniz(
    mut file: std::fs::File,
    sink: &mut dyn FnMut(&[u8]),
) -> Result<u64, Box<dyn std::error::Error>> {
    let mut input = Vec::new();
    file.read_to_end(&mut input)?;
    let flags = *input.get(3).ok_or("not gzip")?;
    let mut at = 10;
    if flags & 4 != 0 {
        let len = usize::from(input[at]) | usize::from(input[at + 1]) << 8;
        at += 2 + len;
    }
    for bit in [8, 16] {
        if flags & bit != 0 {
            at += input[at..]
                .iter()
                .position(|b| *b == 0)
                .ok_or("bad header")?
                + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2;
    }
    let mut state = InflateState::new_boxed(DataFormat::Raw);
    let mut out = vec![0u8; SLICE];
    let mut total = 0u64;
    let mut data = &input[at..];
    loop {
        let r = inflate(&mut state, data, &mut out, MZFlush::None);
        data = &data[r.bytes_consumed..];
        sink(&out[..r.bytes_written]);
        total += r.bytes_written as u64;
        match r.status {
            Ok(MZStatus::StreamEnd) => return Ok(total),
            Ok(_) => {}
            Err(e) => return Err(format!("inflate failed: {e:?}").into()),
        }
    }
}
