//! The container (spec §1): one gzip member holding one tar archive, read
//! from raw 512-byte headers as a stream, never extracted.
//!
//! Members are hashed while they are read; only the members the verifier
//! parses are kept in memory, so memory does not grow with attachment size
//! ([`read_members`] keeps chosen members instead). A parsed JSON or JSONL
//! member is kept only while its bytes can still be JSON
//! ([`proofpack_spec::json_prefix`]): a member of 500 MiB of zeros costs one byte.
//!
//! The decompressed stream is read in 256 KiB slices, and members of 1 MiB
//! or more are hashed on a second thread fed with a few reused buffers (the
//! raw input too, once that thread runs), so inflating and hashing overlap;
//! a small pack never starts that thread. Where no thread can be started
//! (WebAssembly in a browser) a caller may give a [`MemberHasher`] of its
//! own to hash them instead (a second Web Worker).
//!
//! The stream is bounded by [`Limits`]: a gzip bomb ends in
//! `archive.limit_exceeded` once the decompressed byte count passes the limit.
//!
//! Why the reader is hand-written rather than the `tar` crate (which the
//! authoring writer does use): §1 makes framing details verdicts, and a
//! general-purpose reader hides or decides them differently. It must accept
//! the signed checksum of old writers beside the unsigned one; tell a lone
//! zero block followed by more data (malformed) from the end-of-archive
//! marker; report a non-NUL byte after a field's NUL as `archive.bad_path`;
//! refuse pax (`x`, `g`) and GNU long-name (`L`, `K`) records as
//! `archive.forbidden_entry` instead of applying them to the next member;
//! count every header against the limit; and check that only zero bytes
//! follow the end marker up to the end of the gzip member.

use crate::findings::{Code, Findings};
use crate::messages::{message, MessageId};
use flate2::bufread::GzDecoder;
use proofpack_spec::json_prefix::{Framing, ViablePrefix};
use proofpack_spec::vocab::{MemberName, ATTACHMENTS_DIR};
use sha2::{Digest, Sha256};
use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc;

/// Resource limits of §1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Decompressed bytes of the gzip member's content (default 1 GiB).
    pub max_decompressed_bytes: u64,
    /// Declared size of one member (default 512 MiB).
    pub max_member_size: u64,
    /// Tar headers of any type, end-of-archive blocks not counted (default 10,000).
    pub max_headers: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_decompressed_bytes: 1 << 30,
            max_member_size: 512 << 20,
            max_headers: 10_000,
        }
    }
}

/// The input could not be read at all (not a property of the pack).
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Reading the underlying file or stream failed.
    #[error("could not read the pack: {0}")]
    Io(#[from] io::Error),
}

/// Somewhere else to hash the content of large members (1 MiB or more)
/// while the reader goes on inflating: the reader gives it each such
/// member's bytes in order, then asks for the member's SHA-256 before the
/// next one starts. Natively that is a second thread, started by the reader
/// itself; a caller with no threads (WebAssembly in a browser) gives one
/// of its own to [`crate::verify_with_hasher`].
///
/// An `Err` from either method is a failure to read the pack
/// ([`ReadError::Io`]), never a property of the pack.
pub trait MemberHasher {
    /// More bytes of the current member.
    fn update(&mut self, data: &[u8]) -> io::Result<()>;
    /// The SHA-256 of every byte given since the last `finish` (or since
    /// the start); the next `update` starts a new member.
    fn finish(&mut self) -> io::Result<[u8; 32]>;
}

/// One regular-file member.
#[derive(Debug, Clone)]
pub(crate) struct Member {
    /// Path inside the archive (§1 rules hold).
    pub path: String,
    /// Content length in bytes.
    pub size: u64,
    /// SHA-256 of the content.
    pub sha256: [u8; 32],
    /// The content, for members the verifier parses; `None` for the rest.
    /// A JSON or JSONL member is kept whole while it can still be JSON
    /// (per line for JSONL); once it cannot, only its bytes through the one
    /// that made it hopeless are kept, which the full parser still rejects
    /// (`json.malformed` at the same location).
    pub content: Option<Vec<u8>>,
}

/// What reading the container established.
#[derive(Debug, Clone, Default)]
pub(crate) struct Archive {
    /// Regular-file members with valid, unique paths, in archive order.
    pub members: Vec<Member>,
    /// SHA-256 of the whole input (the `proof.tar.gz` file).
    pub sha256: [u8; 32],
    /// Size of the whole input in bytes.
    pub size: u64,
    /// Whether the archive could not be read to its end (`archive.malformed`
    /// or `archive.limit_exceeded`): no other check may run then.
    pub unreadable: bool,
    /// Paths seen so far, for the duplicate check.
    paths: std::collections::HashSet<String>,
}

impl Archive {
    /// The member at `path`.
    pub(crate) fn member(&self, path: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.path == path)
    }

    /// Whether the named member of §1 is present.
    pub(crate) fn has(&self, name: proofpack_spec::vocab::MemberName) -> bool {
        self.member(name.as_str()).is_some()
    }

    /// The content of a named member of §1, when present.
    pub(crate) fn content(&self, name: proofpack_spec::vocab::MemberName) -> Option<&[u8]> {
        self.member(name.as_str())
            .and_then(|m| m.content.as_deref())
    }
}

const BLOCK: usize = 512;

/// Why the decompressed stream stopped.
enum Stop {
    /// The underlying input failed: an operational error.
    Io(io::Error),
    /// Not gzip, bad CRC, truncated deflate data.
    Corrupt,
    /// The decompressed-bytes limit was passed.
    Limit,
}

/// Hashes and counts every byte read from the raw input, and remembers
/// whether the input itself failed (so that a read error is not mistaken for
/// a malformed archive).
struct HashingReader<R> {
    inner: R,
    hasher: Sha256,
    size: u64,
    failed: bool,
    /// Once the hashing thread runs, it hashes the raw input too: `hasher`
    /// was handed to it, and every read is sent there.
    offload: Option<mpsc::SyncSender<Job>>,
}

impl<R> HashingReader<R> {
    /// The SHA-256 of every byte read.
    fn digest(self) -> Result<[u8; 32], Stop> {
        let Some(jobs) = self.offload else {
            return Ok(self.hasher.finalize().into());
        };
        let (reply, digest) = mpsc::sync_channel(1);
        jobs.send(Job::RawDigest(reply))
            .map_err(|_| worker_gone())?;
        digest.recv().map_err(|_| worker_gone())
    }
}

impl<R: Read> Read for HashingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                let read = buf.get(..n).unwrap_or_default();
                match &self.offload {
                    Some(jobs) => jobs
                        .send(Job::Raw(read.to_vec()))
                        .map_err(|_| io::Error::other("the hashing thread stopped"))?,
                    None => self.hasher.update(read),
                }
                self.size += n as u64;
                Ok(n)
            }
            Err(e) => {
                if e.kind() != io::ErrorKind::Interrupted {
                    self.failed = true;
                }
                Err(e)
            }
        }
    }
}

/// Bytes of decompressed stream read ahead at a time.
const SLICE: usize = 256 * 1024;

/// The decompressed tar stream, counted against the limit. It is inflated
/// [`SLICE`] bytes ahead of the reader, never past the limit's first
/// excess byte, and `consumed` counts the bytes handed out, so every check
/// sees the stream exactly as a byte-at-a-time reader would.
struct TarStream<R: Read> {
    gz: GzDecoder<BufReader<HashingReader<R>>>,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    inflated: u64,
    consumed: u64,
    limit: u64,
    /// Hashes large members on a second thread, once one is met.
    offload: Offload,
}

impl<R: Read> TarStream<R> {
    /// Inflates into `target`, never past the limit's first excess byte.
    fn inflate(
        gz: &mut GzDecoder<BufReader<HashingReader<R>>>,
        target: &mut [u8],
        room: u64,
    ) -> Result<usize, Stop> {
        let want = usize::try_from(room).map_or(target.len(), |r| r.min(target.len()));
        let target = target.get_mut(..want).unwrap_or_default();
        loop {
            match gz.read(target) {
                Ok(n) => return Ok(n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if gz.get_ref().get_ref().failed => return Err(Stop::Io(e)),
                Err(_) => return Err(Stop::Corrupt),
            }
        }
    }

    fn room(&self) -> u64 {
        (self.limit + 1).saturating_sub(self.inflated)
    }

    /// With the read-ahead slice used up, inflates the next bytes straight
    /// into `out` (no copy), counted as consumed; 0 at the end of the stream.
    fn take_into(&mut self, out: &mut [u8]) -> Result<usize, Stop> {
        let room = self.room();
        let n = Self::inflate(&mut self.gz, out, room)?;
        self.inflated += n as u64;
        self.consumed += n as u64;
        if self.consumed > self.limit {
            return Err(Stop::Limit);
        }
        Ok(n)
    }

    /// The next at most `max` bytes, counted as consumed; empty at the end
    /// of the stream.
    fn take(&mut self, max: usize) -> Result<&[u8], Stop> {
        if self.pos == self.end {
            let room = self.room();
            let n = Self::inflate(&mut self.gz, &mut self.buf, room)?;
            self.pos = 0;
            self.end = n;
            self.inflated += n as u64;
        }
        let n = (self.end - self.pos).min(max);
        let start = self.pos;
        self.pos += n;
        self.consumed += n as u64;
        if self.consumed > self.limit {
            return Err(Stop::Limit);
        }
        Ok(self.buf.get(start..start + n).unwrap_or_default())
    }

    /// Fills `block` completely; `Ok(false)` when the stream ended before the first byte.
    fn read_block(&mut self, block: &mut [u8; BLOCK]) -> Result<bool, Stop> {
        let mut filled = 0;
        while filled < BLOCK {
            let chunk = self.take(BLOCK - filled)?;
            if chunk.is_empty() {
                return if filled == 0 {
                    Ok(false)
                } else {
                    Err(Stop::Corrupt)
                };
            }
            if let Some(to) = block.get_mut(filled..filled + chunk.len()) {
                to.copy_from_slice(chunk);
            }
            filled += chunk.len();
        }
        Ok(true)
    }
}

/// Members this large are hashed on the second thread: below it, handing
/// buffers over costs more than it saves.
const OFFLOAD_MIN: u64 = 1 << 20;
/// Buffers in flight to the hashing thread (4 x 256 KiB).
const OFFLOAD_BUFFERS: usize = 4;

/// The hashing thread, started on the first large member.
#[derive(Default)]
enum Offload {
    #[default]
    NotStarted,
    Running(HashWorker),
    /// The thread could not be started: hash on the reading thread.
    Unavailable,
    /// The caller's own hasher ([`MemberHasher`]); no thread is started,
    /// and the raw input is hashed on the reading thread.
    External(Box<dyn MemberHasher>),
}

impl Offload {
    /// The hashing thread, started now if it was not; it takes over the
    /// hashing of the raw input from `raw` (where the hasher is so far).
    fn worker<R>(&mut self, raw: &mut HashingReader<R>) -> Option<&mut HashWorker> {
        if matches!(self, Offload::NotStarted) {
            *self = match HashWorker::spawn() {
                Some(w) => {
                    let hasher = std::mem::take(&mut raw.hasher);
                    match w.jobs.as_ref().map(|jobs| jobs.send(Job::AdoptRaw(hasher))) {
                        Some(Ok(())) => {
                            raw.offload = w.jobs.clone();
                            Offload::Running(w)
                        }
                        Some(Err(mpsc::SendError(Job::AdoptRaw(hasher)))) => {
                            raw.hasher = hasher;
                            Offload::Unavailable
                        }
                        _ => Offload::Unavailable,
                    }
                }
                None => Offload::Unavailable,
            };
        }
        match self {
            Offload::Running(w) => Some(w),
            _ => None,
        }
    }
}

enum Job {
    /// Member bytes to hash.
    Data(Vec<u8>),
    /// The member ended: reply with its digest and start the next one.
    Digest(mpsc::SyncSender<[u8; 32]>),
    /// The raw input's hasher, as far as the reading thread got.
    AdoptRaw(Sha256),
    /// Raw input bytes to hash.
    Raw(Vec<u8>),
    /// The input ended: reply with its digest.
    RawDigest(mpsc::SyncSender<[u8; 32]>),
}

/// A thread hashing one member at a time from a bounded queue of reused
/// buffers, and the raw input beside it; memory stays at a few slices. It
/// ends by itself once every sender of its queue is dropped.
struct HashWorker {
    jobs: Option<mpsc::SyncSender<Job>>,
    free: mpsc::Receiver<Vec<u8>>,
    allocated: usize,
    current: Vec<u8>,
}

fn worker_gone() -> Stop {
    Stop::Io(io::Error::other("the hashing thread stopped"))
}

impl HashWorker {
    fn spawn() -> Option<HashWorker> {
        let (jobs, queue) = mpsc::sync_channel::<Job>(OFFLOAD_BUFFERS);
        let (give_back, free) = mpsc::channel();
        std::thread::Builder::new()
            .name("proofpack-hash".to_owned())
            .spawn(move || {
                let mut hasher = Sha256::new();
                let mut raw = Sha256::new();
                for job in queue {
                    match job {
                        Job::Data(buf) => {
                            hasher.update(&buf);
                            // The reader may have finished: nothing to give back to.
                            let _ = give_back.send(buf);
                        }
                        Job::Digest(reply) => {
                            let _ = reply.send(std::mem::take(&mut hasher).finalize().into());
                        }
                        Job::AdoptRaw(so_far) => raw = so_far,
                        Job::Raw(bytes) => raw.update(&bytes),
                        Job::RawDigest(reply) => {
                            let _ = reply.send(std::mem::take(&mut raw).finalize().into());
                        }
                    }
                }
            })
            .ok()?;
        Some(HashWorker {
            jobs: Some(jobs),
            free,
            allocated: 0,
            current: Vec::new(),
        })
    }

    fn send(&mut self, job: Job) -> Result<(), Stop> {
        self.jobs
            .as_ref()
            .ok_or_else(worker_gone)?
            .send(job)
            .map_err(|_| worker_gone())
    }

    /// A buffer to fill: one the thread is done with, or a new one while
    /// fewer than [`OFFLOAD_BUFFERS`] exist.
    fn buffer(&mut self) -> Result<Vec<u8>, Stop> {
        if let Ok(buf) = self.free.try_recv() {
            Ok(buf)
        } else if self.allocated < OFFLOAD_BUFFERS {
            self.allocated += 1;
            Ok(Vec::with_capacity(SLICE))
        } else {
            self.free.recv().map_err(|_| worker_gone())
        }
    }

    /// Sends what `update` has gathered so far.
    fn flush(&mut self) -> Result<(), Stop> {
        if self.current.is_empty() {
            return Ok(());
        }
        let partial = std::mem::take(&mut self.current);
        self.send(Job::Data(partial))
    }

    fn update(&mut self, mut data: &[u8]) -> Result<(), Stop> {
        while !data.is_empty() {
            if self.current.capacity() == 0 {
                self.current = self.buffer()?;
                self.current.clear();
            }
            let room = SLICE.saturating_sub(self.current.len()).min(data.len());
            let (now, rest) = data.split_at(room);
            self.current.extend_from_slice(now);
            data = rest;
            if self.current.len() >= SLICE {
                let full = std::mem::take(&mut self.current);
                self.send(Job::Data(full))?;
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<[u8; 32], Stop> {
        self.flush()?;
        let (reply, digest) = mpsc::sync_channel(1);
        self.send(Job::Digest(reply))?;
        digest.recv().map_err(|_| worker_gone())
    }
}

/// Where one member's bytes are hashed.
enum MemberHash<'w> {
    Here(Sha256),
    Offloaded(&'w mut HashWorker),
    External(&'w mut dyn MemberHasher),
}

impl MemberHash<'_> {
    fn update(&mut self, data: &[u8]) -> Result<(), Stop> {
        match self {
            MemberHash::Here(h) => {
                h.update(data);
                Ok(())
            }
            MemberHash::Offloaded(w) => w.update(data),
            MemberHash::External(h) => h.update(data).map_err(Stop::Io),
        }
    }

    fn finish(self) -> Result<[u8; 32], Stop> {
        match self {
            MemberHash::Here(h) => Ok(h.finalize().into()),
            MemberHash::Offloaded(w) => w.finish(),
            MemberHash::External(h) => h.finish().map_err(Stop::Io),
        }
    }
}

/// What is kept of one member's content.
enum Kept {
    Whole(Vec<u8>),
    Json(ViablePrefix),
}

impl Kept {
    fn extend(&mut self, data: &[u8]) {
        match self {
            Kept::Whole(v) => v.extend_from_slice(data),
            Kept::Json(p) => p.extend(data),
        }
    }

    fn into_bytes(self) -> Vec<u8> {
        match self {
            Kept::Whole(v) => v,
            Kept::Json(p) => p.into_bytes(),
        }
    }
}

/// How the verifier reads each named member: JSON, JSONL, or text.
fn framing(name: MemberName) -> Option<Framing> {
    match name {
        MemberName::Manifest
        | MemberName::Signature
        | MemberName::Request
        | MemberName::ProbeResults
        | MemberName::Audit => Some(Framing::Document),
        MemberName::Steps | MemberName::Receipts | MemberName::Provenance => Some(Framing::Lines),
        MemberName::Attestation => None,
    }
}

/// The largest attachment the reader keeps in memory, as JSON that may be
/// a receipt's attestation (§16: a receipt's envelope is a few hundred
/// bytes; a member named as one and larger than this is
/// `receipts.attestation_invalid`, so no attachment can make the verifier
/// hold more than this per member). A limit of the reader (§1), which the
/// attestation's judgement only reports.
pub(crate) const KEPT_ATTACHMENT_LIMIT: u64 = 1 << 20;

/// Which members' content a read keeps in memory (every member is hashed).
#[derive(Clone, Copy)]
enum Keep<'a> {
    /// The members the verifier parses: every named member of §1
    /// ([`proofpack_spec::vocab::MemberName`]).
    Parsed,
    /// The members at these paths, whatever they are.
    Only(&'a [&'a str]),
}

impl Keep<'_> {
    /// How the content of the member at `path`, of `size` bytes, is kept,
    /// if it is.
    fn keeper(self, path: &str, size: u64) -> Option<Kept> {
        match self {
            // An attachment may be a receipt's attestation (§16), which only
            // the receipts, read later, can name: keep those small enough
            // to be one, while they can still be JSON.
            Keep::Parsed if path.starts_with(ATTACHMENTS_DIR) => (size <= KEPT_ATTACHMENT_LIMIT)
                .then(|| Kept::Json(ViablePrefix::new(Framing::Document))),
            Keep::Parsed => {
                let name = path.parse::<MemberName>().ok()?;
                Some(match framing(name) {
                    Some(f) => Kept::Json(ViablePrefix::new(f)),
                    None => Kept::Whole(Vec::new()),
                })
            }
            Keep::Only(wanted) => wanted.contains(&path).then(|| Kept::Whole(Vec::new())),
        }
    }
}

/// Reads a `proof.tar.gz` stream, reporting §1 findings into `findings`.
///
/// Only a failure of `input` itself is an `Err`; everything about the bytes
/// is a finding.
pub(crate) fn read_archive<R: Read>(
    input: R,
    limits: &Limits,
    findings: &mut Findings,
) -> Result<Archive, ReadError> {
    read_keeping(input, limits, Keep::Parsed, Offload::NotStarted, findings)
}

/// [`read_archive`], the content of large members hashed by `hasher`
/// rather than on a thread of the reader's own.
pub(crate) fn read_archive_hashing<R: Read>(
    input: R,
    limits: &Limits,
    hasher: Box<dyn MemberHasher>,
    findings: &mut Findings,
) -> Result<Archive, ReadError> {
    read_keeping(
        input,
        limits,
        Keep::Parsed,
        Offload::External(hasher),
        findings,
    )
}

/// Reads a `proof.tar.gz` stream exactly as [`read_archive`] does (the whole
/// stream, every §1 finding into `findings`), in one pass, keeping the
/// content of the regular members at `paths` only, whatever their names
/// (`attachments/...` included). Each is bounded by
/// [`Limits::max_member_size`].
///
/// One entry per path, in their order: `None` when the archive has no
/// regular member there, or could not be read as far as it. The contents
/// are only meaningful when `findings` holds no §1 finding: a caller that
/// refuses what §1 refuses checks that first.
pub(crate) fn read_members<R: Read>(
    input: R,
    limits: &Limits,
    paths: &[&str],
    findings: &mut Findings,
) -> Result<Vec<Option<Vec<u8>>>, ReadError> {
    let archive = read_keeping(
        input,
        limits,
        Keep::Only(paths),
        Offload::NotStarted,
        findings,
    )?;
    let mut members = archive.members;
    Ok(paths
        .iter()
        .map(|path| {
            members
                .iter_mut()
                .find(|m| m.path == *path)
                .and_then(|m| m.content.take())
        })
        .collect())
}

fn read_keeping<R: Read>(
    input: R,
    limits: &Limits,
    keep: Keep<'_>,
    offload: Offload,
    findings: &mut Findings,
) -> Result<Archive, ReadError> {
    let hashing = HashingReader {
        inner: input,
        hasher: Sha256::new(),
        size: 0,
        failed: false,
        offload: None,
    };
    let mut stream = TarStream {
        gz: GzDecoder::new(BufReader::with_capacity(64 * 1024, hashing)),
        buf: vec![0; SLICE],
        pos: 0,
        end: 0,
        inflated: 0,
        consumed: 0,
        limit: limits.max_decompressed_bytes,
        offload,
    };
    let mut archive = Archive::default();
    let outcome = read_tar(&mut stream, limits, keep, &mut archive, findings);
    record_stop(outcome, limits, &mut archive, findings)?;
    // Whatever follows the first gzip member, and the rest of the file for the
    // pack's identity hash.
    let mut raw = stream.gz.into_inner();
    if !archive.unreadable {
        check_trailing_data(&mut raw, findings)?;
    }
    io::copy(&mut raw, &mut io::sink())?;
    let hashing = raw.into_inner();
    archive.size = hashing.size;
    archive.sha256 = match hashing.digest() {
        Ok(digest) => digest,
        Err(Stop::Io(e)) => return Err(ReadError::Io(e)),
        Err(_) => {
            return Err(ReadError::Io(io::Error::other(
                "the hashing thread stopped",
            )))
        }
    };
    Ok(archive)
}

/// Why the tar stream stopped early, as a finding (once): a corrupt stream
/// or a limit makes the archive unreadable; a read error is not a finding.
fn record_stop(
    outcome: Result<(), Stop>,
    limits: &Limits,
    archive: &mut Archive,
    findings: &mut Findings,
) -> Result<(), ReadError> {
    match outcome {
        Ok(()) => {}
        Err(Stop::Io(e)) => return Err(ReadError::Io(e)),
        Err(Stop::Corrupt) => {
            archive.unreadable = true;
            if !findings.has(Code::ArchiveMalformed) {
                findings.add(
                    Code::ArchiveMalformed,
                    "proof.tar.gz",
                    message!(ArchiveGzipCorrupt),
                );
            }
        }
        Err(Stop::Limit) => {
            archive.unreadable = true;
            if !findings.has(Code::ArchiveLimitExceeded) {
                findings.add(
                    Code::ArchiveLimitExceeded,
                    "proof.tar.gz",
                    message!(
                        ArchiveDecompressedTooLarge,
                        limit = limits.max_decompressed_bytes
                    ),
                );
            }
        }
    }
    Ok(())
}

/// `archive.trailing_data` when bytes follow the first gzip member.
fn check_trailing_data(raw: &mut impl BufRead, findings: &mut Findings) -> Result<(), ReadError> {
    let rest = loop {
        match raw.fill_buf() {
            Ok(rest) => break rest,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        }
    };
    if !rest.is_empty() {
        findings.add(
            Code::ArchiveTrailingData,
            "proof.tar.gz",
            message!(ArchiveGzipTrailing),
        );
    }
    Ok(())
}

/// A malformed header: record it and stop.
fn malformed(findings: &mut Findings, location: &str, why: MessageId) -> Result<(), Stop> {
    findings.add(Code::ArchiveMalformed, location, why);
    Err(Stop::Corrupt)
}

fn read_tar<R: Read>(
    stream: &mut TarStream<R>,
    limits: &Limits,
    keep: Keep<'_>,
    archive: &mut Archive,
    findings: &mut Findings,
) -> Result<(), Stop> {
    let mut block = [0u8; BLOCK];
    let mut headers: u64 = 0;
    loop {
        let at = format!("proof.tar.gz: header at byte {}", stream.consumed);
        if !stream.read_block(&mut block)? {
            return malformed(findings, &at, MessageId::TarNoEndMarker);
        }
        if block.iter().all(|b| *b == 0) {
            if !stream.read_block(&mut block)? || block.iter().any(|b| *b != 0) {
                return malformed(findings, &at, MessageId::TarLoneZeroBlock);
            }
            return check_tail(stream, findings);
        }
        headers += 1;
        if headers > limits.max_headers {
            findings.add(
                Code::ArchiveLimitExceeded,
                "proof.tar.gz",
                message!(ArchiveTooManyHeaders, limit = limits.max_headers),
            );
            return Err(Stop::Limit);
        }
        let header = match Header::parse(&block) {
            Ok(h) => h,
            Err(why) => return malformed(findings, &at, why),
        };
        read_entry(stream, limits, keep, &header, archive, findings)?;
    }
}

/// After the end-of-archive marker only zero bytes may follow (§1).
fn check_tail<R: Read>(stream: &mut TarStream<R>, findings: &mut Findings) -> Result<(), Stop> {
    let mut flagged = false;
    loop {
        let chunk = stream.take(SLICE)?;
        if chunk.is_empty() {
            return Ok(());
        }
        if !flagged && chunk.iter().any(|b| *b != 0) {
            flagged = true;
            findings.add(
                Code::ArchiveTrailingData,
                "proof.tar.gz",
                message!(ArchiveTarTrailing),
            );
        }
    }
}

/// The fields of a tar header that §1 looks at.
struct Header {
    typeflag: u8,
    size: u64,
    /// The path, or why it is ambiguous.
    path: Result<Vec<u8>, MessageId>,
}

/// A NUL-terminated header field: the bytes before the first NUL, or an
/// error when a non-NUL byte follows that NUL inside the field.
fn nul_field(field: &[u8]) -> Result<&[u8], MessageId> {
    match field.iter().position(|b| *b == 0) {
        None => Ok(field),
        Some(end) => {
            let (value, rest) = field.split_at(end);
            if rest.iter().all(|b| *b == 0) {
                Ok(value)
            } else {
                Err(MessageId::PathAfterNul)
            }
        }
    }
}

/// Parses a numeric header field: octal digits (leading spaces allowed,
/// ended by NUL or space), or GNU base-256 when the high bit is set.
fn numeric(field: &[u8]) -> Option<u64> {
    let first = *field.first()?;
    if first & 0x80 != 0 {
        if first == 0xff {
            return None; // negative
        }
        let mut value: u64 = u64::from(first & 0x7f);
        for b in field.get(1..)? {
            value = value.checked_mul(256)?.checked_add(u64::from(*b))?;
        }
        return Some(value);
    }
    // An all-NUL or all-space field is 0, as common readers take it.
    let Some(start) = field.iter().position(|b| *b != b' ' && *b != 0) else {
        return Some(0);
    };
    let rest = field.get(start..)?;
    let end = rest
        .iter()
        .position(|b| *b == 0 || *b == b' ')
        .unwrap_or(rest.len());
    let (digits, tail) = rest.split_at(end);
    if digits.is_empty() || !tail.iter().all(|b| *b == 0 || *b == b' ') {
        return None;
    }
    digits.iter().try_fold(0u64, |acc, b| match b {
        b'0'..=b'7' => acc.checked_mul(8)?.checked_add(u64::from(b - b'0')),
        _ => None,
    })
}

impl Header {
    fn parse(block: &[u8; BLOCK]) -> Result<Header, MessageId> {
        let magic = &block[257..265];
        let ustar = magic == b"ustar\x0000";
        let gnu = magic == b"ustar  \x00";
        if !ustar && !gnu {
            return Err(MessageId::TarNotUstar);
        }
        let stored = numeric(&block[148..156]).ok_or(MessageId::TarChecksumNotNumber)?;
        let (mut unsigned, mut signed) = (0u64, 0i64);
        for (i, b) in block.iter().enumerate() {
            let b = if (148..156).contains(&i) { b' ' } else { *b };
            unsigned += u64::from(b);
            signed += i64::from(b as i8);
        }
        if stored != unsigned && i64::try_from(stored).ok() != Some(signed) {
            return Err(MessageId::TarChecksumWrong);
        }
        let size = numeric(&block[124..136]).ok_or(MessageId::TarSizeNotNumber)?;
        let path = nul_field(&block[0..100]).and_then(|name| {
            if gnu {
                return Ok(name.to_vec());
            }
            let prefix = nul_field(&block[345..500])?;
            Ok(if prefix.is_empty() {
                name.to_vec()
            } else {
                [prefix, b"/", name].concat()
            })
        });
        Ok(Header {
            typeflag: block[156],
            size,
            path,
        })
    }
}

/// Checks a member path against §1.
fn check_path(path: &[u8]) -> Result<&str, MessageId> {
    let text = std::str::from_utf8(path).map_err(|_| MessageId::PathNotUtf8)?;
    if text.is_empty() {
        return Err(MessageId::PathEmpty);
    }
    if text.len() > 255 {
        return Err(MessageId::PathTooLong);
    }
    if text.starts_with('/') {
        return Err(MessageId::PathAbsolute);
    }
    if text.contains('\\') || text.contains('\0') {
        return Err(MessageId::PathBackslash);
    }
    if text
        .split('/')
        .any(|s| s.is_empty() || s == "." || s == "..")
    {
        return Err(MessageId::PathDotSegment);
    }
    Ok(text)
}

fn read_entry<R: Read>(
    stream: &mut TarStream<R>,
    limits: &Limits,
    keep: Keep<'_>,
    header: &Header,
    archive: &mut Archive,
    findings: &mut Findings,
) -> Result<(), Stop> {
    let shown = match &header.path {
        Ok(p) => String::from_utf8_lossy(p).into_owned(),
        Err(_) => "proof.tar.gz".to_owned(),
    };
    // POSIX: no data records follow links, devices, FIFOs and directories.
    let has_data = !matches!(header.typeflag, b'1'..=b'6');
    if has_data && header.size > limits.max_member_size {
        findings.add(
            Code::ArchiveLimitExceeded,
            shown,
            message!(
                ArchiveMemberTooLarge,
                size = header.size,
                limit = limits.max_member_size
            ),
        );
        return Err(Stop::Limit);
    }
    match header.typeflag {
        b'0' | 0 => {}
        b'5' if header.size == 0 => return Ok(()),
        other => {
            findings.add(
                Code::ArchiveForbiddenEntry,
                shown,
                message!(
                    ArchiveForbidden,
                    kind = forbidden_kind(other),
                    typeflag = format!("{:?}", other as char)
                ),
            );
            return if has_data {
                skip_data(stream, header.size, |_| Ok(()))
            } else {
                Ok(())
            };
        }
    }
    let path = match header.path.as_deref().map_err(|e| *e).and_then(check_path) {
        Ok(p) => p.to_owned(),
        Err(why) => {
            findings.add(Code::ArchiveBadPath, shown, why);
            return skip_data(stream, header.size, |_| Ok(()));
        }
    };
    let (sha256, content) = read_member_data(stream, keep, header.size, &path)?;
    if !archive.paths.insert(path.clone()) {
        findings.add(
            Code::ArchiveDuplicateEntry,
            path.clone(),
            message!(ArchiveDuplicatePath),
        );
        return Ok(());
    }
    archive.members.push(Member {
        path,
        size: header.size,
        sha256,
        content,
    });
    Ok(())
}

/// What a forbidden typeflag is, in words.
fn forbidden_kind(typeflag: u8) -> MessageId {
    match typeflag {
        b'1' => MessageId::KindHardLink,
        b'2' => MessageId::KindSymlink,
        b'3' | b'4' => MessageId::KindDevice,
        b'5' => MessageId::KindSizedDirectory,
        b'6' => MessageId::KindFifo,
        b'7' => MessageId::KindContiguous,
        b'x' | b'g' => MessageId::KindPax,
        b'L' | b'K' => MessageId::KindLongName,
        b'S' => MessageId::KindSparse,
        _ => MessageId::KindUnknown,
    }
}

/// Reads a regular member's `size` bytes: hashed (on the second thread for
/// a large member), and kept when `keep` asks for this path.
fn read_member_data<R: Read>(
    stream: &mut TarStream<R>,
    keep: Keep<'_>,
    size: u64,
    path: &str,
) -> Result<([u8; 32], Option<Vec<u8>>), Stop> {
    // The declared size is bounded by the member limit; grow as data arrives.
    let mut content = keep.keeper(path, size);
    let mut offload = std::mem::take(&mut stream.offload);
    let mut hasher = match &mut offload {
        _ if size < OFFLOAD_MIN => MemberHash::Here(Sha256::new()),
        Offload::External(external) => MemberHash::External(external.as_mut()),
        thread => match thread.worker(stream.gz.get_mut().get_mut()) {
            Some(worker) => MemberHash::Offloaded(worker),
            None => MemberHash::Here(Sha256::new()),
        },
    };
    let read = match &mut hasher {
        MemberHash::Offloaded(worker) => offload_data(stream, worker, size, content.as_mut()),
        MemberHash::Here(_) | MemberHash::External(_) => skip_data(stream, size, |chunk| {
            if let Some(c) = content.as_mut() {
                c.extend(chunk);
            }
            hasher.update(chunk)
        }),
    };
    let sha256 = read.and_then(|()| hasher.finish());
    stream.offload = offload;
    Ok((sha256?, content.map(Kept::into_bytes)))
}

/// Reads `size` bytes of member data plus the padding to the next block,
/// passing the data to `sink`.
fn skip_data<R: Read>(
    stream: &mut TarStream<R>,
    size: u64,
    mut sink: impl FnMut(&[u8]) -> Result<(), Stop>,
) -> Result<(), Stop> {
    let mut data_left = size;
    let mut left = size.div_ceil(BLOCK as u64) * BLOCK as u64;
    while left > 0 {
        let chunk = stream.take(usize::try_from(left).unwrap_or(usize::MAX))?;
        if chunk.is_empty() {
            return Err(Stop::Corrupt);
        }
        let data = usize::try_from(data_left).map_or(chunk.len(), |d| d.min(chunk.len()));
        sink(chunk.get(..data).unwrap_or_default())?;
        data_left -= data as u64;
        left -= chunk.len() as u64;
    }
    Ok(())
}

/// Reads `size` bytes of member data for the hashing thread, plus the
/// padding to the next block. Whole slices are inflated straight into the
/// thread's buffers; only the bytes already read ahead are copied.
fn offload_data<R: Read>(
    stream: &mut TarStream<R>,
    worker: &mut HashWorker,
    size: u64,
    mut content: Option<&mut Kept>,
) -> Result<(), Stop> {
    let mut data_left = size;
    while data_left > 0 {
        let n = if stream.pos == stream.end && data_left >= SLICE as u64 {
            worker.flush()?;
            let mut buf = worker.buffer()?;
            buf.resize(SLICE, 0);
            let n = stream.take_into(&mut buf)?;
            buf.truncate(n);
            if let Some(c) = content.as_deref_mut() {
                c.extend(&buf);
            }
            worker.send(Job::Data(buf))?;
            n
        } else {
            let chunk = stream.take(usize::try_from(data_left).unwrap_or(usize::MAX))?;
            if let Some(c) = content.as_deref_mut() {
                c.extend(chunk);
            }
            worker.update(chunk)?;
            chunk.len()
        };
        if n == 0 {
            return Err(Stop::Corrupt);
        }
        data_left -= n as u64;
    }
    let mut padding = size.div_ceil(BLOCK as u64) * BLOCK as u64 - size;
    while padding > 0 {
        let chunk = stream.take(usize::try_from(padding).unwrap_or(BLOCK))?;
        if chunk.is_empty() {
            return Err(Stop::Corrupt);
        }
        padding -= chunk.len() as u64;
    }
    Ok(())
}
