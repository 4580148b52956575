//! A reproducible `proof.tar.gz` writer: plain ustar headers only (no pax or
//! long-name records), members sorted by path, fixed mtime, uid, gid and
//! mode, no user or group names, and a gzip header without time or name.

use crate::AuthoringError;
use flate2::{Compression, GzBuilder};
use std::io::Write;

/// The deflate level. With the backend (flate2 on zlib-rs, pinned in the
/// workspace `Cargo.toml`) it decides the bytes written: changing either
/// regenerates `sample-packs/`. Level 6 is gzip's default: on the
/// benchmark's log-like attachments level 9 is 1.4% smaller and takes 2.1
/// times as long (docs/BENCHMARKS.md, "Streaming verification and authoring").
pub const LEVEL: u32 = 6;

/// One plain ustar header for a regular file, with every field that could
/// vary between machines fixed: mode 0644, uid, gid and mtime 0, no user or
/// group name. `tar` splits a path longer than 100 bytes into the ustar
/// prefix and name fields, and refuses one that does not fit (a writer must
/// not need long-name records, §1).
fn header(path: &str, size: u64) -> Result<tar::Header, AuthoringError> {
    let mut header = tar::Header::new_ustar();
    header.set_path(path).map_err(|e| {
        AuthoringError::Invalid(format!(
            "{path:?} cannot be stored in a plain ustar header (name ≤ 100 bytes after a '/' split, prefix ≤ 155): {e}"
        ))
    })?;
    header.set_entry_type(tar::EntryType::Regular);
    header.set_size(size);
    header.set_mode(0o644);
    header.set_uid(0);
    header.set_gid(0);
    header.set_mtime(0);
    header.set_cksum();
    Ok(header)
}

/// Builds the gzip-compressed tar of `members` (path, content), sorted by
/// path. The same input always gives the same bytes.
pub fn write_pack(members: &[(String, Vec<u8>)]) -> Result<Vec<u8>, AuthoringError> {
    let mut sorted: Vec<&(String, Vec<u8>)> = members.iter().collect();
    sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let failed =
        |e: std::io::Error| AuthoringError::Invalid(format!("writing the archive failed: {e}"));
    let mut builder = tar::Builder::new(Vec::new());
    for (path, content) in sorted {
        let header = header(path, content.len() as u64)?;
        builder
            .append(&header, content.as_slice())
            .map_err(failed)?;
    }
    // `into_inner` writes the end-of-archive marker (two zero blocks).
    let tar = builder.into_inner().map_err(failed)?;
    let mut gz = GzBuilder::new()
        .operating_system(255)
        .write(Vec::with_capacity(tar.len() / 2), Compression::new(LEVEL));
    gz.write_all(&tar)
        .and_then(|()| gz.finish())
        .map_err(|e| AuthoringError::Invalid(format!("gzip failed: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proofpack_core::inspect::list_members;
    use proofpack_core::Limits;

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
        // The §1 reader refuses a listing with any finding.
        let members = list_members(bytes.as_slice(), &Limits::default()).expect("reads");
        let paths: Vec<&str> = members.iter().map(|m| m.path.as_str()).collect();
        assert_eq!(paths, vec!["a.txt", long.as_str(), "b.json"]);
        assert_eq!(members[0].size, 1000);
    }

    #[test]
    fn refuses_paths_that_need_long_name_records() {
        assert!(write_pack(&[("x".repeat(101), vec![])]).is_err());
        assert!(write_pack(&[(format!("{}/{}", "p".repeat(160), "n"), vec![])]).is_err());
    }
}
