//! A reproducible `proof.tar.gz` writer: plain ustar headers only (no pax or
//! long-name records), members sorted by path, fixed mtime, uid, gid and
//! mode, no user or group names, and a gzip header without time or name.

use crate::AuthoringError;
use flate2::{Compression, GzBuilder};
use std::io::Write;

const BLOCK: usize = 512;

/// Writes an octal numeric field of `width` bytes: digits, then NUL.
fn octal(field: &mut [u8], value: u64) -> Result<(), AuthoringError> {
    let width = field.len() - 1;
    let text = format!("{value:0width$o}");
    if text.len() > width {
        return Err(AuthoringError::Invalid(format!(
            "{value} does not fit a tar header field"
        )));
    }
    field[..width].copy_from_slice(text.as_bytes());
    field[width] = 0;
    Ok(())
}

/// Splits a path into ustar (prefix, name): name ≤ 100 bytes, prefix ≤ 155.
fn split_path(path: &str) -> Result<(&str, &str), AuthoringError> {
    if path.len() <= 100 {
        return Ok(("", path));
    }
    let too_long = || {
        AuthoringError::Invalid(format!(
            "{path:?} cannot be stored in a plain ustar header (name ≤ 100 bytes after a '/' split, prefix ≤ 155)"
        ))
    };
    let bytes = path.as_bytes();
    let split = (0..bytes.len())
        .rev()
        .find(|&i| bytes[i] == b'/' && i <= 155 && bytes.len() - i - 1 <= 100 && i > 0)
        .ok_or_else(too_long)?;
    Ok((&path[..split], &path[split + 1..]))
}

/// One ustar header for a regular file.
fn header(path: &str, size: u64) -> Result<[u8; BLOCK], AuthoringError> {
    let (prefix, name) = split_path(path)?;
    let mut h = [0u8; BLOCK];
    h[..name.len()].copy_from_slice(name.as_bytes());
    octal(&mut h[100..108], 0o644)?;
    octal(&mut h[108..116], 0)?;
    octal(&mut h[116..124], 0)?;
    octal(&mut h[124..136], size)?;
    octal(&mut h[136..148], 0)?;
    h[156] = b'0';
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    octal(&mut h[329..337], 0)?;
    octal(&mut h[337..345], 0)?;
    h[345..345 + prefix.len()].copy_from_slice(prefix.as_bytes());
    h[148..156].copy_from_slice(b"        ");
    let sum: u64 = h.iter().map(|b| u64::from(*b)).sum();
    let text = format!("{sum:06o}\0 ");
    h[148..156].copy_from_slice(text.as_bytes());
    Ok(h)
}

/// Builds the gzip-compressed tar of `members` (path, content), sorted by
/// path. The same input always gives the same bytes.
pub fn write_pack(members: &[(String, Vec<u8>)]) -> Result<Vec<u8>, AuthoringError> {
    let mut sorted: Vec<&(String, Vec<u8>)> = members.iter().collect();
    sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut tar = Vec::new();
    for (path, content) in sorted {
        tar.extend_from_slice(&header(path, content.len() as u64)?);
        tar.extend_from_slice(content);
        let pad = (BLOCK - content.len() % BLOCK) % BLOCK;
        tar.extend(std::iter::repeat_n(0u8, pad));
    }
    tar.extend(std::iter::repeat_n(0u8, 2 * BLOCK));
    let mut gz = GzBuilder::new()
        .operating_system(255)
        .write(Vec::new(), Compression::best());
    gz.write_all(&tar)
        .and_then(|()| gz.finish())
        .map_err(|e| AuthoringError::Invalid(format!("gzip failed: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proofpack_core::archive::{read_archive, Limits};
    use proofpack_core::findings::Findings;

    #[test]
    fn round_trips_through_the_reader() {
        let long = format!("attachments/{}/{}", "d".repeat(120), "f".repeat(90));
        let members = vec![
            ("b.json".to_owned(), b"{}".to_vec()),
            ("a.txt".to_owned(), vec![7u8; 1000]),
            (long.clone(), b"x".to_vec()),
        ];
        let bytes = write_pack(&members).expect("writes");
        assert_eq!(bytes, write_pack(&members).expect("writes"), "reproducible");
        let mut findings = Findings::new();
        let archive =
            read_archive(bytes.as_slice(), &Limits::default(), &mut findings).expect("reads");
        assert!(findings.as_slice().is_empty(), "{:?}", findings.as_slice());
        let paths: Vec<&str> = archive.members.iter().map(|m| m.path.as_str()).collect();
        assert_eq!(paths, vec!["a.txt", long.as_str(), "b.json"]);
        assert_eq!(archive.members[0].size, 1000);
    }

    #[test]
    fn refuses_paths_that_need_long_name_records() {
        assert!(write_pack(&[("x".repeat(101), vec![])]).is_err());
        assert!(write_pack(&[(format!("{}/{}", "p".repeat(160), "n"), vec![])]).is_err());
    }
}
