//! A reproducible `proof.tar.gz` writer: plain ustar headers only (no pax or
//! long-name records), members sorted by path, fixed mtime, uid, gid and
//! mode, no user or group names, and a gzip header without time or name.

use crate::content::Content;
use crate::gzip::{GzipStream, Window};
use crate::AuthoringError;
use std::io::Write;
use std::path::Path;

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

/// One member to write: its path inside the pack, its size as hashed for
/// the manifest, and its content, which must still be exactly that size.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    /// Path inside the pack.
    pub path: &'a str,
    /// Size in bytes, as the manifest lists it.
    pub size: u64,
    /// The bytes, in memory or in a file.
    pub content: &'a Content,
}

/// A destination that can be emptied, for writing the pack again from its
/// first byte (see [`crate::gzip`]: input that compresses extremely well).
pub trait Restart: Write {
    /// Empties the destination; the next write is its first byte.
    fn restart(&mut self) -> std::io::Result<()>;
}

impl Restart for Vec<u8> {
    fn restart(&mut self) -> std::io::Result<()> {
        self.clear();
        Ok(())
    }
}

impl Restart for std::fs::File {
    fn restart(&mut self) -> std::io::Result<()> {
        self.set_len(0)?;
        std::io::Seek::rewind(self)
    }
}

/// Streams the gzip-compressed tar of `entries`, sorted by path, into
/// `out`. The same input always gives the same bytes, those the in-memory
/// writer before it gave (the tests keep it as their reference), and no
/// member is held whole: a file member is read in 8 KiB pieces, and at most
/// 6 MiB of the tar wait for deflate (44 MiB when the pack is written again
/// for input that compresses extremely well: see the `gzip` module).
///
/// A failure to write `out` is an [`AuthoringError::Io`] naming
/// `destination` (the file `out` becomes), as a failure to read a member is
/// one naming the member's file.
pub fn write_pack_to<W: Restart>(
    mut entries: Vec<Entry<'_>>,
    out: &mut W,
    destination: &Path,
) -> Result<(), AuthoringError> {
    entries.sort_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
    for window in [Window::Normal, Window::Large] {
        if write_once(&entries, &mut *out, window, destination)? {
            return Ok(());
        }
        out.restart()
            .map_err(|e| AuthoringError::io(destination, e))?;
    }
    // `Window::Large` cannot be outrun (see its bound).
    Err(AuthoringError::Invalid(
        "writing the archive failed: deflate outran its input queue".to_owned(),
    ))
}

/// One attempt at [`write_pack_to`]: `false` when the gzip stream was
/// starved, and what was written must be discarded.
fn write_once<W: Write>(
    entries: &[Entry<'_>],
    out: W,
    window: Window,
    destination: &Path,
) -> Result<bool, AuthoringError> {
    let failed = |e: std::io::Error| AuthoringError::io(destination, e);
    let mut builder = tar::Builder::new(GzipStream::new(out, window));
    for entry in entries {
        let header = header(entry.path, entry.size)?;
        let mut content = entry.content.open_exact(entry.size)?;
        let copied = builder.append(&header, &mut content);
        if builder.get_ref().starved() {
            return Ok(false);
        }
        content.finish(copied, destination)?;
    }
    // The end-of-archive marker (two zero blocks).
    let ended = builder.finish();
    if builder.get_ref().starved() {
        return Ok(false);
    }
    ended.map_err(failed)?;
    let gz = builder.into_inner().map_err(failed)?;
    gz.finish().map_err(failed)?;
    Ok(true)
}

/// What a pack written to memory is called in errors (writing to memory
/// does not fail, but the writer names its destination).
pub(crate) const IN_MEMORY: &str = "the pack in memory";

/// Builds the gzip-compressed tar of `members` (path, content), sorted by
/// path, in memory: for test vectors and other small packs. The bytes are
/// [`write_pack_to`]'s.
pub fn write_pack(members: &[(String, Vec<u8>)]) -> Result<Vec<u8>, AuthoringError> {
    let contents: Vec<Content> = members.iter().map(|(_, c)| c.clone().into()).collect();
    let mut bytes = Vec::new();
    write_pack_to(
        entries_of(members, &contents),
        &mut bytes,
        Path::new(IN_MEMORY),
    )?;
    Ok(bytes)
}

/// The entries of in-memory `members`, whose contents are `contents` (the
/// same bytes, in the same order).
pub(crate) fn entries_of<'a>(
    members: &'a [(String, Vec<u8>)],
    contents: &'a [Content],
) -> Vec<Entry<'a>> {
    members
        .iter()
        .zip(contents)
        .map(|((path, bytes), content)| Entry {
            path,
            size: bytes.len() as u64,
            content,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::{Compression, GzBuilder};
    use proofpack_core::inspect::list_members;
    use proofpack_core::Limits;

    /// The in-memory writer as it was before packs streamed (the whole tar
    /// built in memory, then compressed in one `write_all`): the bytes every
    /// pack written since must still have.
    fn reference_write_pack(members: &[(String, Vec<u8>)]) -> Vec<u8> {
        let mut sorted: Vec<&(String, Vec<u8>)> = members.iter().collect();
        sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let mut builder = tar::Builder::new(Vec::new());
        for (path, content) in sorted {
            let header = header(path, content.len() as u64).expect("header");
            builder.append(&header, content.as_slice()).expect("append");
        }
        let tar = builder.into_inner().expect("tar");
        let mut gz = GzBuilder::new()
            .operating_system(255)
            .write(Vec::with_capacity(tar.len() / 2), Compression::new(LEVEL));
        gz.write_all(&tar).expect("gzip");
        gz.finish().expect("gzip")
    }

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

    /// The regular files under `dir` as (path inside the pack, bytes).
    fn folder(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<(String, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).expect("read_dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folder(&path, root, out);
            } else {
                let relative = path.strip_prefix(root).expect("inside");
                let relative = relative.to_str().expect("UTF-8").replace('\\', "/");
                out.push((relative, std::fs::read(&path).expect("read")));
            }
        }
    }

    /// Seeded bytes, half of them repetitive text and half noise, so that
    /// deflate both finds matches and gives up on them.
    fn mixed(len: usize, seed: u32) -> Vec<u8> {
        let mut state = seed.wrapping_mul(2_654_435_761) | 1;
        (0..len)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                if (i / 4096) % 2 == 0 {
                    b"erase purge redact "[i % 19]
                } else {
                    state.to_le_bytes()[0]
                }
            })
            .collect()
    }

    #[test]
    fn streamed_bytes_equal_the_in_memory_writers() {
        let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../sample-packs/evidence/complete-gdpr");
        let mut members = Vec::new();
        folder(&sample, &sample, &mut members);
        assert!(members.len() >= 8, "the sample folder is there");
        // Large members cross every buffer on the way: the gathering
        // buffer, flate2's output buffer and deflate's 32 KiB window.
        let dir = tempfile::tempdir().expect("tempdir");
        for (n, len) in [(0u32, 5 << 20), (1, 777_777), (2, 1)] {
            members.push((format!("attachments/big-{n}.bin"), mixed(len, n)));
        }
        let files: Vec<(String, Content)> = members
            .iter()
            .enumerate()
            .map(|(n, (path, bytes))| {
                let file = dir.path().join(format!("member-{n}"));
                std::fs::write(&file, bytes).expect("write");
                (path.clone(), Content::File(file))
            })
            .collect();
        let entries = members
            .iter()
            .zip(&files)
            .map(|((path, bytes), (_, content))| Entry {
                path,
                size: bytes.len() as u64,
                content,
            })
            .collect();
        let mut streamed = Vec::new();
        write_pack_to(entries, &mut streamed, Path::new("memory")).expect("streams");
        let reference = reference_write_pack(&members);
        assert_eq!(streamed.len(), reference.len());
        assert!(streamed == reference, "the same bytes");
        assert!(write_pack(&members).expect("writes") == reference);
    }

    #[test]
    fn input_that_outruns_the_queue_is_written_again_to_the_same_bytes() {
        // 12 MiB of zeros: one deflate call reads more than the normal
        // queue holds, so the pack is written a second time, into a file.
        let members = vec![
            ("attachments/a.txt".to_owned(), mixed(300_000, 9)),
            ("attachments/zeros.bin".to_owned(), vec![0u8; 12 << 20]),
            ("request.json".to_owned(), b"{}".to_vec()),
        ];
        let contents: Vec<Content> = members.iter().map(|(_, b)| b.clone().into()).collect();
        let entries = entries_of(&members, &contents);
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("p.tar.gz");
        let mut file = std::fs::File::create_new(&path).expect("create");
        // A stale byte where the first attempt wrote: the restart empties the file.
        file.write_all(b"stale").expect("write");
        write_pack_to(entries, &mut file, Path::new("pack")).expect("streams");
        drop(file);
        let streamed = std::fs::read(&path).expect("read");
        assert!(
            streamed == write_pack(&members).expect("writes"),
            "the same bytes"
        );
    }

    #[test]
    fn a_file_that_changed_size_since_it_was_hashed_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("a.bin");
        std::fs::write(&file, [1u8; 100]).expect("write");
        let content = Content::File(file);
        for declared in [99, 101] {
            let entry = Entry {
                path: "attachments/a.bin",
                size: declared,
                content: &content,
            };
            assert!(matches!(
                write_pack_to(vec![entry], &mut Vec::new(), Path::new("out")),
                Err(AuthoringError::Invalid(_))
            ));
        }
        let missing = Content::File(dir.path().join("gone.bin"));
        let entry = Entry {
            path: "attachments/gone.bin",
            size: 0,
            content: &missing,
        };
        assert!(matches!(
            write_pack_to(vec![entry], &mut Vec::new(), Path::new("out")),
            Err(AuthoringError::Io { path, .. }) if path.ends_with("gone.bin")
        ));
    }

    /// A destination that takes `room` bytes, then fails as a full disk does.
    struct Full {
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.room == 0 {
                return Err(std::io::Error::from_raw_os_error(28)); // ENOSPC
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Restart for Full {
        fn restart(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_write_of_the_archive_is_an_io_error_naming_the_destination() {
        let members = [("attachments/a.bin".to_owned(), vec![7u8; 64 << 10])];
        let contents: Vec<Content> = members.iter().map(|(_, c)| c.clone().into()).collect();
        for room in [0, 30] {
            let failed = write_pack_to(
                entries_of(&members, &contents),
                &mut Full { room },
                Path::new("out/proof.tar.gz"),
            );
            match failed {
                Err(AuthoringError::Io { path, source }) => {
                    assert_eq!(path, "out/proof.tar.gz", "{room}");
                    assert_eq!(source.raw_os_error(), Some(28), "{room}");
                }
                other => panic!("{room}: expected an I/O error, got {other:?}"),
            }
        }
    }

    #[test]
    fn refuses_paths_that_need_long_name_records() {
        assert!(write_pack(&[("x".repeat(101), vec![])]).is_err());
        assert!(write_pack(&[(format!("{}/{}", "p".repeat(160), "n"), vec![])]).is_err());
    }
}
