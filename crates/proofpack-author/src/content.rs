//! Where a member's bytes come from: memory, for the small documents a
//! producer has just made, or a file, read only while it is hashed and
//! while it is written into the pack, so that attachments of any size are
//! never held whole.

use crate::AuthoringError;
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

/// The read size for hashing a file member: large enough that the system
/// calls do not show beside SHA-256.
const CHUNK: usize = 256 * 1024;

/// The content of one member of a pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// Bytes in memory.
    Bytes(Vec<u8>),
    /// A file, read when the pack is hashed and written (twice in all).
    File(PathBuf),
}

impl From<Vec<u8>> for Content {
    fn from(bytes: Vec<u8>) -> Self {
        Content::Bytes(bytes)
    }
}

/// A member's SHA-256 and size, as the manifest lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Digested {
    /// SHA-256 of the content.
    pub sha256: [u8; 32],
    /// Content length in bytes.
    pub size: u64,
}

impl Content {
    /// The content whole: borrowed for [`Content::Bytes`], read for
    /// [`Content::File`]. For the small documents an author reads
    /// (`request.json`, `attestation.txt`), not for attachments.
    pub fn read(&self) -> Result<Cow<'_, [u8]>, AuthoringError> {
        match self {
            Content::Bytes(bytes) => Ok(Cow::Borrowed(bytes)),
            Content::File(path) => std::fs::read(path)
                .map(Cow::Owned)
                .map_err(|e| AuthoringError::io(path, e)),
        }
    }

    /// The bytes, to edit: a [`Content::File`] is read into memory first
    /// and becomes [`Content::Bytes`].
    pub fn load(&mut self) -> Result<&mut Vec<u8>, AuthoringError> {
        if let Content::File(path) = self {
            *self =
                Content::Bytes(std::fs::read(&*path).map_err(|e| AuthoringError::io(&*path, e))?);
        }
        match self {
            Content::Bytes(bytes) => Ok(bytes),
            // Replaced just above.
            Content::File(path) => Err(AuthoringError::Invalid(format!(
                "{} could not be read into memory",
                path.display()
            ))),
        }
    }

    /// SHA-256 and size, in one streaming pass over a file.
    pub fn digest(&self) -> Result<Digested, AuthoringError> {
        match self {
            Content::Bytes(bytes) => Ok(Digested {
                sha256: Sha256::digest(bytes).into(),
                size: bytes.len() as u64,
            }),
            Content::File(path) => {
                let file = File::open(path).map_err(|e| AuthoringError::io(path, e))?;
                let mut reader = BufReader::with_capacity(CHUNK, file);
                let mut hasher = Sha256::new();
                let size =
                    io::copy(&mut reader, &mut hasher).map_err(|e| AuthoringError::io(path, e))?;
                Ok(Digested {
                    sha256: hasher.finalize().into(),
                    size,
                })
            }
        }
    }

    /// A reader of exactly `size` bytes of the content, as a member's
    /// header declared them: a file that is shorter or longer by then
    /// changed after it was hashed, and fails the read (see
    /// [`Exact::finish`]).
    pub(crate) fn open_exact(&self, size: u64) -> Result<Exact<'_>, AuthoringError> {
        let source = match self {
            Content::Bytes(bytes) => Source::Bytes(bytes.as_slice()),
            // Unbuffered: the tar writer reads in 8 KiB pieces already.
            Content::File(path) => Source::File(
                File::open(path).map_err(|e| AuthoringError::io(path, e))?,
                path,
            ),
        };
        Ok(Exact {
            source,
            remaining: size,
            failure: None,
        })
    }
}

enum Source<'a> {
    Bytes(&'a [u8]),
    File(File, &'a Path),
}

impl Source<'_> {
    fn name(&self) -> Cow<'_, str> {
        match self {
            Source::Bytes(_) => Cow::Borrowed("a member in memory"),
            Source::File(_, path) => path.to_string_lossy(),
        }
    }
}

impl Read for Source<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::Bytes(bytes) => bytes.read(buf),
            Source::File(file, _) => file.read(buf),
        }
    }
}

/// Reads exactly the declared number of bytes of a member, and remembers
/// why it stopped short, so that the writer can say which file failed
/// (the tar writer sees only an `io::Error`).
pub(crate) struct Exact<'a> {
    source: Source<'a>,
    remaining: u64,
    failure: Option<AuthoringError>,
}

impl Exact<'_> {
    /// After the copy: the content ended exactly at the declared size.
    /// `copied` is the copy's own result; the failure remembered by the
    /// reader, if any, is the one reported, else a failure of the copy is
    /// one to write `destination`.
    pub(crate) fn finish(
        mut self,
        copied: io::Result<()>,
        destination: &Path,
    ) -> Result<(), AuthoringError> {
        if let Some(failure) = self.failure.take() {
            return Err(failure);
        }
        copied.map_err(|e| AuthoringError::io(destination, e))?;
        let mut more = [0u8; 1];
        match self.source.read(&mut more) {
            Ok(0) => Ok(()),
            Ok(_) => Err(self.changed("longer")),
            Err(e) => Err(AuthoringError::io(self.source.name().as_ref(), e)),
        }
    }

    fn changed(&self, how: &str) -> AuthoringError {
        AuthoringError::Invalid(format!(
            "{} is {how} than when it was hashed: it changed while the pack was written; write the pack again",
            self.source.name()
        ))
    }
}

impl Read for Exact<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.remaining == 0 || buf.is_empty() {
            return Ok(0);
        }
        let max = usize::try_from(self.remaining).map_or(buf.len(), |r| r.min(buf.len()));
        match self.source.read(&mut buf[..max]) {
            Ok(0) => {
                let failure = self.changed("shorter");
                self.failure = Some(failure);
                Err(io::Error::from(io::ErrorKind::UnexpectedEof))
            }
            Ok(n) => {
                self.remaining -= n as u64;
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                let kind = e.kind();
                self.failure = Some(AuthoringError::io(self.source.name().as_ref(), e));
                Err(io::Error::from(kind))
            }
        }
    }
}
