//! A pack file verified by its path: the one way every front end that opens
//! a file verifies it (the command line, the app, the portal, the register,
//! Python, the §20 check), so that the report's `meta.input` is the path
//! as given in every one of them, and a file that cannot be opened is the
//! same error everywhere. A stream (standard input, bytes in memory, the
//! browser's file) goes to [`verify_until`] directly.

use crate::archive::Limits;
use crate::report::Report;
use crate::trust::TrustStore;
use crate::verify::{verify_until, Cancel, VerifyError};
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// A pack file, open, with the name its report gives it.
#[derive(Debug)]
pub struct PackFile {
    file: File,
    name: String,
    size: u64,
}

/// How far the reading of a [`PackFile`] has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadProgress {
    /// Bytes read so far.
    pub read: u64,
    /// The file's size when it was opened.
    pub total: u64,
}

/// Progress is told at most once per this many bytes (and at the end).
const PROGRESS_STEP: u64 = 1 << 20;

impl PackFile {
    /// Opens the pack at `path`, named in its report as the path as given
    /// (`path.display()`): the one place a pack's name is derived from its
    /// path. [`VerifyError::Open`] if it cannot be opened.
    pub fn open(path: &Path) -> Result<PackFile, VerifyError> {
        let opened = File::open(path).and_then(|file| {
            let size = file.metadata()?.len();
            Ok((file, size))
        });
        let (file, size) = opened.map_err(|source| VerifyError::Open {
            path: path.display().to_string(),
            source,
        })?;
        Ok(PackFile {
            file,
            name: path.display().to_string(),
            size,
        })
    }

    /// The same file named `name` in its report, for a caller that must
    /// not disclose its own paths (the portal names a pack by its file name).
    #[must_use]
    pub fn shown_as(mut self, name: impl Into<String>) -> PackFile {
        self.name = name.into();
        self
    }

    /// The name its report gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its size when it was opened.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Verifies the pack ([`verify_until`]). Once `cancel` is raised the
    /// reading stops too, and the answer is [`VerifyError::Cancelled`].
    pub fn verify(
        self,
        trust: Option<&TrustStore>,
        limits: &Limits,
        cancel: &Cancel,
    ) -> Result<Report, VerifyError> {
        self.verify_with_progress(trust, limits, cancel, |_| {})
    }

    /// [`PackFile::verify`], telling `progress` how far the reading has got
    /// (every MiB, and at the end of the file).
    pub fn verify_with_progress(
        self,
        trust: Option<&TrustStore>,
        limits: &Limits,
        cancel: &Cancel,
        progress: impl FnMut(ReadProgress),
    ) -> Result<Report, VerifyError> {
        let watched = Watched {
            inner: self.file,
            read: 0,
            told: 0,
            total: self.size,
            cancel,
            progress,
        };
        match verify_until(watched, &self.name, trust, limits, cancel) {
            // The reader fails once the flag is raised: that is the cancel.
            Err(VerifyError::Read(_)) if cancel.is_cancelled() => Err(VerifyError::Cancelled),
            result => result,
        }
    }
}

/// Reading a [`PackFile`] as a stream: its bytes, for a caller that only
/// hashes or compares them.
impl Read for PackFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.file.read(buf)
    }
}

/// Verifies the pack at `path` against `trust` (`None`: no trust store was
/// configured), named in its report as the path as given: [`PackFile::open`]
/// then [`PackFile::verify`].
pub fn verify_path(
    path: &Path,
    trust: Option<&TrustStore>,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<Report, VerifyError> {
    PackFile::open(path)?.verify(trust, limits, cancel)
}

/// The file read through, counting bytes for `progress` and failing once
/// `cancel` is raised.
struct Watched<'c, F> {
    inner: File,
    read: u64,
    told: u64,
    total: u64,
    cancel: &'c Cancel,
    progress: F,
}

impl<F: FnMut(ReadProgress)> Read for Watched<'_, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.cancel.is_cancelled() {
            // Not `Interrupted`: readers retry that kind forever.
            return Err(io::Error::other("the verification was cancelled"));
        }
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read - self.told >= PROGRESS_STEP || n == 0 {
            self.told = self.read;
            (self.progress)(ReadProgress {
                read: self.read,
                total: self.total,
            });
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> &'static Path {
        Path::new("../../sample-packs/complete-gdpr.tar.gz")
    }

    #[test]
    fn a_pack_is_named_as_its_path_or_as_it_is_shown() {
        let limits = Limits::default();
        let report = verify_path(sample(), None, &limits, &Cancel::new()).expect("verified");
        assert_eq!(
            report.meta().input.as_deref(),
            Some(sample().display().to_string().as_str())
        );
        let shown = PackFile::open(sample())
            .expect("opened")
            .shown_as("complete.tar.gz")
            .verify(None, &limits, &Cancel::new())
            .expect("verified");
        assert_eq!(shown.meta().input.as_deref(), Some("complete.tar.gz"));
        assert_eq!(shown.verdict(), report.verdict());
    }

    #[test]
    fn a_file_that_cannot_be_opened_carries_its_path() {
        let absent = Path::new("no/such/pack.tar.gz");
        match verify_path(absent, None, &Limits::default(), &Cancel::new()) {
            Err(VerifyError::Open { path, source }) => {
                assert_eq!(path, absent.display().to_string());
                assert_eq!(source.kind(), io::ErrorKind::NotFound);
            }
            other => panic!("expected an open error, got {other:?}"),
        }
    }

    #[test]
    fn progress_reaches_the_size_and_a_cancel_stops_the_reading() {
        let pack = PackFile::open(sample()).expect("opened");
        let size = pack.size();
        let mut last = None;
        pack.verify_with_progress(None, &Limits::default(), &Cancel::new(), |p| last = Some(p))
            .expect("verified");
        assert_eq!(
            last,
            Some(ReadProgress {
                read: size,
                total: size
            })
        );

        let cancel = Cancel::new();
        cancel.cancel();
        let stopped =
            PackFile::open(sample())
                .expect("opened")
                .verify(None, &Limits::default(), &cancel);
        assert!(matches!(stopped, Err(VerifyError::Cancelled)));
    }
}
