//! Reading a file while it is being written: the pre-sign verification
//! reads the staged pack from disk on a second thread, a few blocks behind
//! deflate, so that signing costs little more than compressing.
//!
//! The writer publishes how far it has written after every write; the
//! follower reads with positional reads (the writer's file offset is left
//! alone) up to that mark, waits there for more, and ends where the writer
//! finished. A writer that starts over (see `tar_writer::Restart`) or fails
//! abandons the follower, whose reads then fail: its verification is of
//! nothing, and the caller verifies the finished file again from the start.

use crate::tar_writer::Restart;
use std::fs::File;
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::FileExt;
use std::sync::{Condvar, Mutex, MutexGuard};

/// How far the file is written, and whether it is finished.
#[derive(Debug, Default)]
pub(crate) struct Progress {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug, Default, Clone, Copy)]
struct State {
    /// Bytes written from the start of the file.
    written: u64,
    /// The writer is done: `written` is the file's length.
    finished: bool,
    /// The writer failed or started over: what the follower read is void.
    abandoned: bool,
}

impl Progress {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while the lock was held leaves nothing inconsistent in
        // three plain fields: the state is used as it is.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn update(&self, change: impl FnOnce(&mut State)) {
        change(&mut self.lock());
        self.changed.notify_all();
    }

    /// Whether the writer abandoned the follower at any point.
    pub(crate) fn abandoned(&self) -> bool {
        self.lock().abandoned
    }
}

/// The writing side: every byte written to the file is published, and the
/// follower is abandoned unless [`Publisher::finish`] says the file is whole.
pub(crate) struct Publisher<'a> {
    file: &'a File,
    progress: &'a Progress,
    written: u64,
    finished: bool,
}

impl<'a> Publisher<'a> {
    /// Writes `file` from its current start (a new, empty file).
    pub(crate) fn new(file: &'a File, progress: &'a Progress) -> Self {
        Publisher {
            file,
            progress,
            written: 0,
            finished: false,
        }
    }

    /// The file is whole: the follower reads to its end.
    pub(crate) fn finish(mut self) {
        self.finished = true;
        self.progress.update(|s| s.finished = true);
    }
}

impl Write for Publisher<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = (&mut &*self.file).write(buf)?;
        self.written += n as u64;
        let written = self.written;
        self.progress.update(|s| s.written = written);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Restart for Publisher<'_> {
    fn restart(&mut self) -> io::Result<()> {
        self.progress.update(|s| s.abandoned = true);
        self.file.set_len(0)?;
        (&mut &*self.file).rewind()?;
        self.written = 0;
        Ok(())
    }
}

impl Drop for Publisher<'_> {
    fn drop(&mut self) {
        if !self.finished {
            self.progress.update(|s| s.abandoned = true);
        }
    }
}

/// The reading side: the file from its start, as far as it is written.
pub(crate) struct Follower<'a> {
    file: &'a File,
    progress: &'a Progress,
    position: u64,
}

impl<'a> Follower<'a> {
    /// Reads `file` from its start.
    pub(crate) fn new(file: &'a File, progress: &'a Progress) -> Self {
        Follower {
            file,
            progress,
            position: 0,
        }
    }
}

impl Read for Follower<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut state = self.progress.lock();
        loop {
            if state.abandoned {
                return Err(io::Error::other("the pack is being written again"));
            }
            if self.position < state.written || state.finished {
                break;
            }
            state = self
                .progress
                .changed
                .wait(state)
                .unwrap_or_else(|e| e.into_inner());
        }
        let available = state.written - self.position;
        drop(state);
        let len = usize::try_from(available).map_or(buf.len(), |a| a.min(buf.len()));
        let n = self.file.read_at(&mut buf[..len], self.position)?;
        self.position += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_follower_reads_what_is_written_and_ends_where_the_writer_finished() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(dir.path().join("f"))
            .expect("create");
        let progress = Progress::default();
        let expected: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        let read = std::thread::scope(|scope| {
            let reader = scope.spawn(|| {
                let mut out = Vec::new();
                Follower::new(&file, &progress)
                    .read_to_end(&mut out)
                    .map(|_| out)
            });
            let mut publisher = Publisher::new(&file, &progress);
            for piece in expected.chunks(7_777) {
                publisher.write_all(piece).expect("write");
            }
            publisher.finish();
            reader.join().expect("joined")
        });
        assert!(read.expect("read") == expected);
        assert!(!progress.abandoned());
    }

    #[test]
    fn a_writer_that_starts_over_or_stops_abandons_the_follower() {
        let dir = tempfile::tempdir().expect("tempdir");
        for start_over in [true, false] {
            let file = File::options()
                .read(true)
                .write(true)
                .create_new(true)
                .open(dir.path().join(format!("{start_over}")))
                .expect("create");
            let progress = Progress::default();
            let read = std::thread::scope(|scope| {
                let reader = scope.spawn(|| {
                    let mut out = Vec::new();
                    Follower::new(&file, &progress).read_to_end(&mut out)
                });
                let mut publisher = Publisher::new(&file, &progress);
                publisher.write_all(b"first attempt").expect("write");
                if start_over {
                    publisher.restart().expect("restart");
                    publisher.write_all(b"again").expect("write");
                    publisher.finish();
                } else {
                    drop(publisher);
                }
                reader.join().expect("joined")
            });
            assert!(read.is_err(), "start over: {start_over}");
            assert!(progress.abandoned());
            let mut back = Vec::new();
            (&file).rewind().expect("rewind");
            (&file).read_to_end(&mut back).expect("read");
            let expected: &[u8] = if start_over {
                b"again"
            } else {
                b"first attempt"
            };
            assert_eq!(back, expected);
        }
    }
}
