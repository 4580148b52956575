//! The pack's gzip member, streamed, with the bytes it had when the whole
//! tar was compressed in one `write_all` from memory.
//!
//! Why this needs care: zlib-rs's deflate at level 6 (the "medium"
//! strategy, as in zlib-ng) makes choices that depend on how much input it
//! holds when it refills its 64 KiB window, and a refill that finds less
//! than a full window changes the compressed bytes (feeding the same input
//! in 256 KiB writes changed a 3 MiB pack by one byte). The in-memory
//! writer gave every deflate call all the input that was left, so every
//! refill was full. This stream keeps at least [`Window::min_ahead`] bytes
//! queued before each call, and afterwards checks that the call left at
//! least [`FULL_REFILL`] of them: then no refill in it ran short, and the
//! bytes are the in-memory writer's. A call that went further (input that
//! compresses more than about 128:1 over megabytes, such as a run of
//! zeros) is reported as [`GzipStream::starved`], and the caller writes
//! the pack again with [`Window::Large`], which no call can outrun.

use crate::tar_writer::LEVEL;
use flate2::write::GzEncoder;
use flate2::{Compression, GzBuilder};
use std::io::{self, Write};

/// The most a refill of deflate's window reads (twice its 32 KiB history),
/// with room to spare: a call that leaves this much unread never ran short.
const FULL_REFILL: usize = 128 * 1024;

/// How much input is kept queued ahead of deflate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Window {
    /// 4 MiB ahead: a deflate call reads at most what fills flate2's 32 KiB
    /// output buffer, 32 KiB to a few hundred KiB for text and binary files.
    Normal,
    /// 40 MiB ahead. A call stops at the first block end where its 32 KiB of
    /// output are full; a block holds at most 16,383 symbols of at most 258
    /// bytes (4.03 MiB) and compresses to at least 2 bits a symbol (4 KiB),
    /// so a call reads at most 9 blocks, 36.3 MiB, and one window refill.
    Large,
}

impl Window {
    /// The input queued before each deflate call.
    fn min_ahead(self) -> usize {
        match self {
            Window::Normal => 4 << 20,
            Window::Large => 40 << 20,
        }
    }

    /// What is read between two compactions of the queue: each compaction
    /// moves `min_ahead` bytes to its front.
    fn refill(self) -> usize {
        match self {
            Window::Normal => 2 << 20,
            Window::Large => 4 << 20,
        }
    }
}

/// A gzip stream (the pack's header: no name, no time, OS 255; level
/// [`LEVEL`]) whose output does not depend on the sizes of the writes into
/// it, as long as it is not [`GzipStream::starved`].
pub(crate) struct GzipStream<W: Write> {
    gz: GzEncoder<W>,
    /// Input not yet compressed: `queue[start..]`.
    queue: Vec<u8>,
    start: usize,
    window: Window,
    starved: bool,
}

impl<W: Write> GzipStream<W> {
    /// A stream into `out`.
    pub(crate) fn new(out: W, window: Window) -> Self {
        let gz = GzBuilder::new()
            .operating_system(255)
            .write(out, Compression::new(LEVEL));
        GzipStream {
            gz,
            queue: Vec::with_capacity(window.min_ahead() + window.refill()),
            start: 0,
            window,
            starved: false,
        }
    }

    /// Whether a deflate call read so far that one of its refills may have
    /// run short: the bytes written may then differ from the in-memory
    /// writer's, and the pack must be written again with [`Window::Large`].
    pub(crate) fn starved(&self) -> bool {
        self.starved
    }

    /// Compresses while at least `min_ahead` bytes are queued, then moves
    /// the rest to the front of the queue.
    fn pump(&mut self) -> io::Result<()> {
        while self.queue.len() - self.start >= self.window.min_ahead() {
            // One `write` is one deflate call with a fresh 32 KiB output
            // buffer, as each of `write_all`'s calls was.
            let read = self.gz.write(&self.queue[self.start..])?;
            self.start += read;
            if self.queue.len() - self.start < FULL_REFILL {
                self.starved = true;
                return Err(io::Error::other(
                    "deflate outran its input queue; the pack is written again",
                ));
            }
        }
        self.queue.drain(..self.start);
        self.start = 0;
        Ok(())
    }

    /// Compresses what is left, all of it in each call as the in-memory
    /// writer did at its end, and writes the gzip trailer.
    pub(crate) fn finish(mut self) -> io::Result<W> {
        while self.start < self.queue.len() {
            let read = self.gz.write(&self.queue[self.start..])?;
            self.start += read;
        }
        self.gz.finish()
    }
}

impl<W: Write> Write for GzipStream<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.starved {
            return Err(io::Error::other("the gzip stream is abandoned"));
        }
        let room = self.queue.capacity() - self.queue.len();
        let taken = room.min(data.len());
        self.queue.extend_from_slice(&data[..taken]);
        if self.queue.len() == self.queue.capacity() {
            self.pump()?;
        }
        Ok(taken)
    }

    /// Nothing to do: flushing deflate would change the bytes.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_shot(input: &[u8]) -> Vec<u8> {
        let mut gz = GzBuilder::new()
            .operating_system(255)
            .write(Vec::new(), Compression::new(LEVEL));
        gz.write_all(input).expect("compresses");
        gz.finish().expect("finishes")
    }

    fn streamed(input: &[u8], piece: usize, window: Window) -> Option<Vec<u8>> {
        let mut stream = GzipStream::new(Vec::new(), window);
        for chunk in input.chunks(piece) {
            if stream.write_all(chunk).is_err() {
                assert!(stream.starved());
                return None;
            }
        }
        Some(stream.finish().expect("finishes"))
    }

    /// Text with a seeded hex field in every line: about 3:1.
    fn log_lines(len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len + 64);
        let mut state = 0x9e37_79b9u32;
        while out.len() < len {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            out.extend_from_slice(format!("2026-04-22 erase subject={state:08x} ok\n").as_bytes());
        }
        out.truncate(len);
        out
    }

    #[test]
    fn the_bytes_do_not_depend_on_the_size_of_the_writes() {
        let input = log_lines(9 << 20);
        let whole = one_shot(&input);
        for piece in [1000, 8192, 3 << 20] {
            assert!(
                streamed(&input, piece, Window::Normal) == Some(whole.clone()),
                "{piece}"
            );
        }
        // Plain 256 KiB writes into flate2 do not give these bytes.
        let mut gz = GzBuilder::new()
            .operating_system(255)
            .write(Vec::new(), Compression::new(LEVEL));
        for chunk in input.chunks(256 << 10) {
            gz.write_all(chunk).expect("compresses");
        }
        assert!(gz.finish().expect("finishes") != whole);
    }

    #[test]
    fn a_long_run_of_zeros_starves_the_normal_queue_but_not_the_large_one() {
        let mut input = log_lines(1 << 20);
        input.resize(20 << 20, 0);
        assert_eq!(streamed(&input, 8192, Window::Normal), None);
        assert!(streamed(&input, 8192, Window::Large) == Some(one_shot(&input)));
    }
}
