//! A pack read as a stream: the verifier takes any `Read`, so the worker
//! gives it one over the `File` the user chose, read a slice at a time
//! (`FileReaderSync`, which a worker may block on), and the page's memory
//! stays at a slice or two whatever the pack's size. Progress is counted on
//! the way.

use std::io::{self, Read};

/// How many bytes a slice of the file holds. Each slice is a round trip
/// to the browser's process for the file's bytes, and those cost more than
/// their size: the big pack of docs/BENCHMARKS.md was read in 0.47 s in
/// 1 MiB slices, 0.36 s in 4 MiB and 0.25 s in 16 MiB. 8 MiB is still
/// nothing beside a pack that needs reading in slices.
pub const SLICE: usize = 8 << 20;

/// Progress is reported at most once per this many bytes (and at the end).
const PROGRESS_STEP: u64 = 1 << 20;

/// `inner`, reporting how many bytes were read so far to `progress`.
pub struct Counted<R, F> {
    inner: R,
    read: u64,
    reported: u64,
    progress: F,
}

impl<R: Read, F: FnMut(u64)> Counted<R, F> {
    /// `inner`, counted.
    pub fn new(inner: R, progress: F) -> Self {
        Counted {
            inner,
            read: 0,
            reported: 0,
            progress,
        }
    }
}

impl<R: Read, F: FnMut(u64)> Read for Counted<R, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read - self.reported >= PROGRESS_STEP || (n == 0 && self.read > self.reported) {
            self.reported = self.read;
            (self.progress)(self.read);
        }
        Ok(n)
    }
}

/// The source of a [`Slices`] reader: something that gives the bytes of a
/// range, as a browser's `File` does.
pub trait Ranged {
    /// The size in bytes.
    fn size(&self) -> u64;
    /// Bytes `start..end` into `out` (cleared first).
    fn read_range(&self, start: u64, end: u64, out: &mut Vec<u8>) -> io::Result<()>;
}

/// A `Read` over a [`Ranged`] source, a [`SLICE`] at a time.
pub struct Slices<S> {
    source: S,
    at: u64,
    buf: Vec<u8>,
    pos: usize,
}

impl<S: Ranged> Slices<S> {
    /// The whole of `source`, from its start.
    pub fn new(source: S) -> Self {
        Slices {
            source,
            at: 0,
            buf: Vec::new(),
            pos: 0,
        }
    }
}

impl<S: Ranged> Read for Slices<S> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.buf.len() {
            let size = self.source.size();
            if self.at >= size || out.is_empty() {
                return Ok(0);
            }
            let end = size.min(self.at + SLICE as u64);
            self.source.read_range(self.at, end, &mut self.buf)?;
            if self.buf.len() as u64 != end - self.at {
                // A file that changed under the reader is not the one chosen.
                return Err(io::Error::other("the file changed while it was read"));
            }
            self.at = end;
            self.pos = 0;
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bytes in memory, ranged like a file.
    struct Memory(Vec<u8>);

    impl Ranged for Memory {
        fn size(&self) -> u64 {
            self.0.len() as u64
        }
        fn read_range(&self, start: u64, end: u64, out: &mut Vec<u8>) -> io::Result<()> {
            out.clear();
            out.extend_from_slice(&self.0[start as usize..end as usize]);
            Ok(())
        }
    }

    #[test]
    fn slices_give_every_byte_in_order_and_count_them() {
        let bytes: Vec<u8> = (0..(2 * SLICE + 12_345)).map(|i| (i % 251) as u8).collect();
        let mut seen = Vec::new();
        let mut back = Vec::new();
        Counted::new(Slices::new(Memory(bytes.clone())), |n| seen.push(n))
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, bytes);
        assert_eq!(seen.last(), Some(&(bytes.len() as u64)));
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_file_that_shrank_is_an_error() {
        struct Shrunk;
        impl Ranged for Shrunk {
            fn size(&self) -> u64 {
                10
            }
            fn read_range(&self, _: u64, _: u64, out: &mut Vec<u8>) -> io::Result<()> {
                out.clear();
                out.extend_from_slice(b"abc");
                Ok(())
            }
        }
        let mut back = Vec::new();
        assert!(Slices::new(Shrunk).read_to_end(&mut back).is_err());
    }
}
