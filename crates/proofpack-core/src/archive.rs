//! The container (spec §1): one gzip member holding one tar archive, read
//! from raw 512-byte headers as a stream, never extracted.
//!
//! Members are hashed while they are read; only the members the verifier
//! parses are kept in memory, so memory does not grow with attachment size
//! ([`read_member`] keeps one chosen member instead).
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
use flate2::bufread::GzDecoder;
use sha2::{Digest, Sha256};
use std::io::{self, BufRead, BufReader, Read};

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

/// One regular-file member.
#[derive(Debug, Clone)]
pub struct Member {
    /// Path inside the archive (§1 rules hold).
    pub path: String,
    /// Content length in bytes.
    pub size: u64,
    /// SHA-256 of the content.
    pub sha256: [u8; 32],
    /// The content, for members the verifier parses; `None` for the rest.
    pub content: Option<Vec<u8>>,
}

/// What reading the container established.
#[derive(Debug, Clone, Default)]
pub struct Archive {
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
    pub fn member(&self, path: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.path == path)
    }

    /// Whether the named member of §1 is present.
    pub fn has(&self, name: crate::vocab::MemberName) -> bool {
        self.member(name.as_str()).is_some()
    }

    /// The content of a named member of §1, when present.
    pub fn content(&self, name: crate::vocab::MemberName) -> Option<&[u8]> {
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
}

impl<R: Read> Read for HashingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                let read = buf.get(..n).unwrap_or_default();
                self.hasher.update(read);
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

/// The decompressed tar stream, counted against the limit.
struct TarStream<R: Read> {
    gz: GzDecoder<BufReader<HashingReader<R>>>,
    consumed: u64,
    limit: u64,
}

impl<R: Read> TarStream<R> {
    /// Fills `buf` completely; `Ok(false)` when the stream ended before the first byte.
    fn read_block(&mut self, buf: &mut [u8]) -> Result<bool, Stop> {
        let mut filled = 0;
        while filled < buf.len() {
            let rest = buf.get_mut(filled..).unwrap_or_default();
            match self.gz.read(rest) {
                Ok(0) => {
                    return if filled == 0 {
                        Ok(false)
                    } else {
                        Err(Stop::Corrupt)
                    }
                }
                Ok(n) => {
                    filled += n;
                    self.consumed += n as u64;
                    if self.consumed > self.limit {
                        return Err(Stop::Limit);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    return Err(if self.gz.get_ref().get_ref().failed {
                        Stop::Io(e)
                    } else {
                        Stop::Corrupt
                    })
                }
            }
        }
        Ok(true)
    }
}

/// Which members' content a read keeps in memory (every member is hashed).
#[derive(Clone, Copy)]
enum Keep<'a> {
    /// The members the verifier parses: every named member of §1
    /// ([`crate::vocab::MemberName`]).
    Parsed,
    /// The one member at this path, whatever it is.
    Only(&'a str),
}

impl Keep<'_> {
    fn wants(self, path: &str) -> bool {
        match self {
            Keep::Parsed => path.parse::<crate::vocab::MemberName>().is_ok(),
            Keep::Only(wanted) => path == wanted,
        }
    }
}

/// Reads a `proof.tar.gz` stream, reporting §1 findings into `findings`.
///
/// Only a failure of `input` itself is an `Err`; everything about the bytes
/// is a finding.
pub fn read_archive<R: Read>(
    input: R,
    limits: &Limits,
    findings: &mut Findings,
) -> Result<Archive, ReadError> {
    read_keeping(input, limits, Keep::Parsed, findings)
}

/// Reads a `proof.tar.gz` stream exactly as [`read_archive`] does (the whole
/// stream, every §1 finding into `findings`), keeping the content of the one
/// regular member at `path` only, whatever its name (`attachments/...`
/// included). Its size is bounded by [`Limits::max_member_size`].
///
/// `Ok(None)` when the archive has no regular member at `path`, or could not
/// be read as far as it. Its content is only meaningful when `findings`
/// holds no §1 finding: a caller that refuses what §1 refuses checks that
/// first.
pub fn read_member<R: Read>(
    input: R,
    limits: &Limits,
    path: &str,
    findings: &mut Findings,
) -> Result<Option<Vec<u8>>, ReadError> {
    let archive = read_keeping(input, limits, Keep::Only(path), findings)?;
    Ok(archive
        .members
        .into_iter()
        .find(|m| m.path == path)
        .and_then(|m| m.content))
}

fn read_keeping<R: Read>(
    input: R,
    limits: &Limits,
    keep: Keep<'_>,
    findings: &mut Findings,
) -> Result<Archive, ReadError> {
    let hashing = HashingReader {
        inner: input,
        hasher: Sha256::new(),
        size: 0,
        failed: false,
    };
    let mut stream = TarStream {
        gz: GzDecoder::new(BufReader::with_capacity(64 * 1024, hashing)),
        consumed: 0,
        limit: limits.max_decompressed_bytes,
    };
    let mut archive = Archive::default();
    let outcome = read_tar(&mut stream, limits, keep, &mut archive, findings);
    match outcome {
        Ok(()) => {}
        Err(Stop::Io(e)) => return Err(ReadError::Io(e)),
        Err(Stop::Corrupt) => {
            archive.unreadable = true;
            if !findings.has(Code::ArchiveMalformed) {
                findings.add(
                    Code::ArchiveMalformed,
                    "proof.tar.gz",
                    "the gzip stream is corrupt, truncated or not gzip",
                );
            }
        }
        Err(Stop::Limit) => {
            archive.unreadable = true;
            if !findings.has(Code::ArchiveLimitExceeded) {
                findings.add(
                    Code::ArchiveLimitExceeded,
                    "proof.tar.gz",
                    format!(
                        "the decompressed stream exceeds {} bytes",
                        limits.max_decompressed_bytes
                    ),
                );
            }
        }
    }
    // Whatever follows the first gzip member, and the rest of the file for the
    // pack's identity hash.
    let mut raw = stream.gz.into_inner();
    if !archive.unreadable {
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
                "bytes follow the end of the gzip member",
            );
        }
    }
    io::copy(&mut raw, &mut io::sink())?;
    let hashing = raw.into_inner();
    archive.sha256 = hashing.hasher.finalize().into();
    archive.size = hashing.size;
    Ok(archive)
}

/// A malformed header: record it and stop.
fn malformed(findings: &mut Findings, location: &str, why: &str) -> Result<(), Stop> {
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
            return malformed(
                findings,
                &at,
                "the archive ends without its end-of-archive marker",
            );
        }
        if block.iter().all(|b| *b == 0) {
            if !stream.read_block(&mut block)? || block.iter().any(|b| *b != 0) {
                return malformed(
                    findings,
                    &at,
                    "a lone zero block is not an end-of-archive marker",
                );
            }
            return check_tail(stream, findings);
        }
        headers += 1;
        if headers > limits.max_headers {
            findings.add(
                Code::ArchiveLimitExceeded,
                "proof.tar.gz",
                format!("more than {} tar headers", limits.max_headers),
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
    let mut buf = vec![0u8; 64 * 1024];
    let mut flagged = false;
    loop {
        match stream.gz.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => {
                stream.consumed += n as u64;
                if stream.consumed > stream.limit {
                    return Err(Stop::Limit);
                }
                if !flagged && buf.get(..n).unwrap_or_default().iter().any(|b| *b != 0) {
                    flagged = true;
                    findings.add(
                        Code::ArchiveTrailingData,
                        "proof.tar.gz",
                        "non-zero bytes follow the end-of-archive marker",
                    );
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(if stream.gz.get_ref().get_ref().failed {
                    Stop::Io(e)
                } else {
                    Stop::Corrupt
                })
            }
        }
    }
}

/// The fields of a tar header that §1 looks at.
struct Header {
    typeflag: u8,
    size: u64,
    /// The path, or why it is ambiguous.
    path: Result<Vec<u8>, &'static str>,
}

/// A NUL-terminated header field: the bytes before the first NUL, or an
/// error when a non-NUL byte follows that NUL inside the field.
fn nul_field(field: &[u8]) -> Result<&[u8], &'static str> {
    match field.iter().position(|b| *b == 0) {
        None => Ok(field),
        Some(end) => {
            let (value, rest) = field.split_at(end);
            if rest.iter().all(|b| *b == 0) {
                Ok(value)
            } else {
                Err("bytes follow the NUL that ends a path field")
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
    fn parse(block: &[u8; BLOCK]) -> Result<Header, &'static str> {
        let magic = &block[257..265];
        let ustar = magic == b"ustar\x0000";
        let gnu = magic == b"ustar  \x00";
        if !ustar && !gnu {
            return Err("the header is neither ustar nor GNU");
        }
        let stored = numeric(&block[148..156]).ok_or("the header checksum is not a number")?;
        let (mut unsigned, mut signed) = (0u64, 0i64);
        for (i, b) in block.iter().enumerate() {
            let b = if (148..156).contains(&i) { b' ' } else { *b };
            unsigned += u64::from(b);
            signed += i64::from(b as i8);
        }
        if stored != unsigned && i64::try_from(stored).ok() != Some(signed) {
            return Err("the header checksum is wrong");
        }
        let size = numeric(&block[124..136]).ok_or("the size field is not a number")?;
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
fn check_path(path: &[u8]) -> Result<&str, &'static str> {
    let text = std::str::from_utf8(path).map_err(|_| "the path is not UTF-8")?;
    if text.is_empty() {
        return Err("the path is empty");
    }
    if text.len() > 255 {
        return Err("the path is longer than 255 bytes");
    }
    if text.starts_with('/') {
        return Err("the path is absolute");
    }
    if text.contains('\\') || text.contains('\0') {
        return Err("the path contains a backslash or NUL");
    }
    if text
        .split('/')
        .any(|s| s.is_empty() || s == "." || s == "..")
    {
        return Err("the path has an empty, '.' or '..' segment");
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
            format!(
                "a member declares {} bytes, more than the limit of {}",
                header.size, limits.max_member_size
            ),
        );
        return Err(Stop::Limit);
    }
    match header.typeflag {
        b'0' | 0 => {}
        b'5' if header.size == 0 => return Ok(()),
        other => {
            let kind = match other {
                b'1' => "a hard link",
                b'2' => "a symbolic link",
                b'3' | b'4' => "a device",
                b'5' => "a directory with a size",
                b'6' => "a FIFO",
                b'7' => "a contiguous file",
                b'x' | b'g' => "a pax extended header",
                b'L' | b'K' => "a GNU long-name record",
                b'S' => "a GNU sparse file",
                _ => "an entry of an unknown type",
            };
            findings.add(
                Code::ArchiveForbiddenEntry,
                shown,
                format!(
                    "{kind} is not allowed in a pack (typeflag {:?})",
                    other as char
                ),
            );
            return if has_data {
                skip_data(stream, header.size, |_| {})
            } else {
                Ok(())
            };
        }
    }
    let path = match header.path.as_deref().map_err(|e| *e).and_then(check_path) {
        Ok(p) => p.to_owned(),
        Err(why) => {
            findings.add(Code::ArchiveBadPath, shown, why);
            return skip_data(stream, header.size, |_| {});
        }
    };
    let mut hasher = Sha256::new();
    let mut content = if keep.wants(&path) {
        // The declared size is bounded by the member limit; grow as data arrives.
        Some(Vec::new())
    } else {
        None
    };
    skip_data(stream, header.size, |chunk| {
        hasher.update(chunk);
        if let Some(c) = content.as_mut() {
            c.extend_from_slice(chunk);
        }
    })?;
    if !archive.paths.insert(path.clone()) {
        findings.add(
            Code::ArchiveDuplicateEntry,
            path.clone(),
            "two members have this path",
        );
        return Ok(());
    }
    archive.members.push(Member {
        path,
        size: header.size,
        sha256: hasher.finalize().into(),
        content,
    });
    Ok(())
}

/// Reads `size` bytes of member data plus the padding to the next block,
/// passing the data to `sink`.
fn skip_data<R: Read>(
    stream: &mut TarStream<R>,
    size: u64,
    mut sink: impl FnMut(&[u8]),
) -> Result<(), Stop> {
    let mut block = [0u8; BLOCK];
    let mut left = size;
    while left > 0 {
        if !stream.read_block(&mut block)? {
            return Err(Stop::Corrupt);
        }
        let take = usize::try_from(left.min(BLOCK as u64)).unwrap_or(BLOCK);
        sink(block.get(..take).unwrap_or_default());
        left -= take as u64;
    }
    Ok(())
}
