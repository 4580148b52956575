//! Spec §1 (the `proof.tar.gz` container), exercised with archives built here
//! byte by byte: every tar header is a raw 512-byte block written field by
//! field, so that any field can be corrupted, then gzipped with flate2.
//!
//! Assertions are on finding codes and verdicts, never on message wording.

use crate::archive::{read_archive, Archive};
use crate::findings::Findings;
use crate::{verify, Code, Limits, Verdict};
use flate2::write::GzEncoder;
use flate2::{Compression, GzBuilder};
use sha2::{Digest, Sha256};
use std::io::Write;

// ---------------------------------------------------------------------------
// A raw tar builder.
// ---------------------------------------------------------------------------

const BLOCK: usize = 512;

/// Byte ranges of the header fields (POSIX ustar).
mod field {
    use std::ops::Range;
    pub const NAME: Range<usize> = 0..100;
    pub const MODE: Range<usize> = 100..108;
    pub const UID: Range<usize> = 108..116;
    pub const GID: Range<usize> = 116..124;
    pub const SIZE: Range<usize> = 124..136;
    pub const MTIME: Range<usize> = 136..148;
    pub const CHKSUM: Range<usize> = 148..156;
    pub const TYPEFLAG: usize = 156;
    pub const MAGIC: Range<usize> = 257..265;
    pub const UNAME: Range<usize> = 265..297;
    pub const GNAME: Range<usize> = 297..329;
    pub const PREFIX: Range<usize> = 345..500;
}

const USTAR_MAGIC: &[u8; 8] = b"ustar\x0000";
const GNU_MAGIC: &[u8; 8] = b"ustar  \x00";

/// One 512-byte tar header. The checksum is written by [`Header::seal`]
/// (unsigned sum) or [`Header::seal_signed`]; until then it is blank.
#[derive(Clone)]
struct Header([u8; BLOCK]);

impl Header {
    fn with_magic(name: &[u8], size: u64, magic: &[u8; 8]) -> Header {
        let mut h = Header([0u8; BLOCK]);
        h.put(field::NAME, name);
        h.put(field::MODE, b"0000644\0");
        h.put(field::UID, b"0000000\0");
        h.put(field::GID, b"0000000\0");
        if size < 1 << 33 {
            h.put(field::SIZE, format!("{size:011o}\0").as_bytes());
        } else {
            h.put(field::SIZE, &base256(size));
        }
        h.put(field::MTIME, b"00000000000\0");
        h.0[field::TYPEFLAG] = b'0';
        h.put(field::MAGIC, magic);
        h.put(field::UNAME, b"root");
        h.put(field::GNAME, b"root");
        h
    }

    /// A POSIX ustar header of a regular file.
    fn ustar(name: &str, size: u64) -> Header {
        Header::with_magic(name.as_bytes(), size, USTAR_MAGIC)
    }

    /// A GNU header (magic `ustar  \0`) of a regular file.
    fn gnu(name: &str, size: u64) -> Header {
        Header::with_magic(name.as_bytes(), size, GNU_MAGIC)
    }

    /// Writes `bytes` at the start of `range`, zero-filling the rest of it.
    fn put(&mut self, range: std::ops::Range<usize>, bytes: &[u8]) {
        assert!(bytes.len() <= range.len(), "value too long for its field");
        let start = range.start;
        self.0[range].fill(0);
        self.0[start..start + bytes.len()].copy_from_slice(bytes);
    }

    fn name_raw(mut self, bytes: &[u8]) -> Header {
        self.put(field::NAME, bytes);
        self
    }

    fn prefix_raw(mut self, bytes: &[u8]) -> Header {
        self.put(field::PREFIX, bytes);
        self
    }

    fn typeflag(mut self, flag: u8) -> Header {
        self.0[field::TYPEFLAG] = flag;
        self
    }

    fn magic(mut self, magic: &[u8; 8]) -> Header {
        self.put(field::MAGIC, magic);
        self
    }

    fn size_raw(mut self, bytes: &[u8; 12]) -> Header {
        self.put(field::SIZE, bytes);
        self
    }

    /// Writes a raw byte anywhere (after sealing, this breaks the checksum).
    fn poke(mut self, at: usize, byte: u8) -> Header {
        self.0[at] = byte;
        self
    }

    /// The unsigned and the signed sums of the header with a blank checksum.
    fn sums(&self) -> (u64, i64) {
        let (mut unsigned, mut signed) = (0u64, 0i64);
        for (i, b) in self.0.iter().enumerate() {
            let b = if field::CHKSUM.contains(&i) { b' ' } else { *b };
            unsigned += u64::from(b);
            signed += i64::from(b as i8);
        }
        (unsigned, signed)
    }

    fn write_checksum(&mut self, sum: u64) {
        self.put(field::CHKSUM, format!("{sum:06o}\0 ").as_bytes());
    }

    /// Writes the POSIX checksum (unsigned sum).
    fn seal(mut self) -> Header {
        let (unsigned, _) = self.sums();
        self.write_checksum(unsigned);
        self
    }

    /// Writes the checksum as old writers did (sum of signed bytes).
    fn seal_signed(mut self) -> Header {
        let (_, signed) = self.sums();
        self.write_checksum(u64::try_from(signed).expect("positive signed sum"));
        self
    }
}

/// A tar stream under construction.
#[derive(Default, Clone)]
struct Tar(Vec<u8>);

impl Tar {
    fn new() -> Tar {
        Tar::default()
    }

    /// A header (sealed by the caller) followed by `data`, padded to a block.
    fn entry(mut self, header: &Header, data: &[u8]) -> Tar {
        self.0.extend_from_slice(&header.0);
        self.0.extend_from_slice(data);
        let pad = (BLOCK - data.len() % BLOCK) % BLOCK;
        self.0.extend(std::iter::repeat_n(0u8, pad));
        self
    }

    /// A sealed ustar regular file with `data`.
    fn file(self, path: &str, data: &[u8]) -> Tar {
        let h = Header::ustar(path, data.len() as u64).seal();
        self.entry(&h, data)
    }

    /// A sealed header with no data (links, devices, directories).
    fn header_only(self, header: &Header) -> Tar {
        self.entry(header, &[])
    }

    fn raw(mut self, bytes: &[u8]) -> Tar {
        self.0.extend_from_slice(bytes);
        self
    }

    fn zero_blocks(mut self, n: usize) -> Tar {
        self.0.extend(std::iter::repeat_n(0u8, n * BLOCK));
        self
    }

    /// The end-of-archive marker: two zero blocks.
    fn end(self) -> Tar {
        self.zero_blocks(2)
    }

    fn bytes(&self) -> &[u8] {
        &self.0
    }

    fn gz(&self) -> Vec<u8> {
        gz(&self.0)
    }
}

fn gz(data: &[u8]) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), Compression::default());
    enc.write_all(data).expect("gzip");
    enc.finish().expect("gzip")
}

fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

// ---------------------------------------------------------------------------
// Running the reader and the verifier.
// ---------------------------------------------------------------------------

fn small_limits() -> Limits {
    Limits {
        max_decompressed_bytes: 1 << 20,
        max_member_size: 64 << 10,
        max_headers: 100,
    }
}

fn read_with(input: &[u8], limits: &Limits) -> (Archive, Vec<Code>) {
    let mut findings = Findings::new();
    let archive = read_archive(input, limits, &mut findings).expect("in-memory input reads");
    let codes = findings.as_slice().iter().map(|f| f.code()).collect();
    (archive, codes)
}

fn read(input: &[u8]) -> (Archive, Vec<Code>) {
    read_with(input, &Limits::default())
}

fn verify_with(input: &[u8], limits: &Limits) -> (Verdict, Vec<Code>) {
    let report = verify(input, "pack.tar.gz", None, limits).expect("in-memory input reads");
    let codes = report.findings().iter().map(|f| f.code()).collect();
    (report.verdict(), codes)
}

fn is_archive_code(code: Code) -> bool {
    code.as_str().starts_with("archive.")
}

/// The archive could not be read to its end, with exactly this one code
/// among its findings' codes, and `verify` agrees: only archive findings,
/// verdict invalid.
#[track_caller]
fn assert_unreadable(input: &[u8], limits: &Limits, code: Code) {
    let (archive, codes) = read_with(input, limits);
    assert!(archive.unreadable, "expected an unreadable archive");
    assert!(codes.contains(&code), "expected {code}, got {codes:?}");
    let (verdict, codes) = verify_with(input, limits);
    assert_eq!(verdict, Verdict::Invalid);
    assert!(
        codes.contains(&code),
        "verify: expected {code}, got {codes:?}"
    );
    assert!(
        codes.iter().all(|c| is_archive_code(*c)),
        "only archive findings may be reported: {codes:?}"
    );
}

#[track_caller]
fn assert_malformed(input: &[u8]) {
    assert_unreadable(input, &Limits::default(), Code::ArchiveMalformed);
}

/// The archive was read to its end and `code` is among its findings.
#[track_caller]
fn assert_readable_with(input: &[u8], code: Code) -> Archive {
    let (archive, codes) = read(input);
    assert!(
        !archive.unreadable,
        "expected a readable archive: {codes:?}"
    );
    assert!(codes.contains(&code), "expected {code}, got {codes:?}");
    let (verdict, _) = verify_with(input, &Limits::default());
    assert_eq!(verdict, Verdict::Invalid);
    archive
}

/// The archive was read to its end with no finding at all.
#[track_caller]
fn assert_clean(input: &[u8]) -> Archive {
    let (archive, codes) = read(input);
    assert!(!archive.unreadable, "expected a readable archive");
    assert!(codes.is_empty(), "expected no finding, got {codes:?}");
    archive
}

fn paths(archive: &Archive) -> Vec<&str> {
    archive.members.iter().map(|m| m.path.as_str()).collect()
}

// ---------------------------------------------------------------------------
// Valid archives.
// ---------------------------------------------------------------------------

#[test]
fn minimal_archive_members_are_read_with_size_and_digest() {
    let manifest = br#"{"format":"proof-pack/v1"}"#.to_vec();
    let exact_block = vec![b'a'; BLOCK];
    let one_past = vec![b'b'; BLOCK + 1];
    let tar = Tar::new()
        .file("manifest.json", &manifest)
        .file("attachments/empty.bin", b"")
        .file("attachments/exact.bin", &exact_block)
        .file("attachments/one-past.bin", &one_past)
        .entry(&Header::gnu("attachments/gnu.txt", 3).seal(), b"gnu")
        .entry(
            &Header::ustar("attachments/nul-type.txt", 4)
                .typeflag(0)
                .seal(),
            b"v7ty",
        )
        .end();
    let input = tar.gz();
    let archive = assert_clean(&input);
    assert_eq!(
        paths(&archive),
        [
            "manifest.json",
            "attachments/empty.bin",
            "attachments/exact.bin",
            "attachments/one-past.bin",
            "attachments/gnu.txt",
            "attachments/nul-type.txt",
        ]
    );
    let expect: [&[u8]; 6] = [&manifest, b"", &exact_block, &one_past, b"gnu", b"v7ty"];
    for (member, data) in archive.members.iter().zip(expect) {
        assert_eq!(member.size, data.len() as u64, "{}", member.path);
        assert_eq!(member.sha256, sha256(data), "{}", member.path);
    }
    // The verifier keeps what it parses, and only that: an attachment (a
    // possible §16 attestation) only as far as it could still be JSON.
    let m = archive.member("manifest.json").expect("manifest");
    assert_eq!(m.content.as_deref(), Some(&manifest[..]));
    assert_eq!(
        archive
            .member("attachments/exact.bin")
            .unwrap()
            .content
            .as_deref(),
        Some(&b"a"[..])
    );
    // The pack's identity is the hash of the whole input file.
    assert_eq!(archive.sha256, sha256(&input));
    assert_eq!(archive.size, input.len() as u64);
}

#[test]
fn directory_entries_of_size_zero_are_ignored_whatever_their_path() {
    let dir = |p: &[u8]| Header::ustar("", 0).name_raw(p).typeflag(b'5').seal();
    let tar = Tar::new()
        .header_only(&dir(b"attachments/"))
        .header_only(&dir(b"../escape/"))
        .header_only(&dir(b"/abs/dir"))
        .header_only(&dir(b"a//b/./c"))
        .header_only(&dir(b"bad\\dir\xff"))
        .header_only(&dir(b"attachments\0junk"))
        .header_only(&dir(b"attachments/x.bin"))
        .file("attachments/x.bin", b"payload")
        .header_only(&dir(b"attachments/"))
        .end();
    let archive = assert_clean(&tar.gz());
    assert_eq!(paths(&archive), ["attachments/x.bin"]);
}

#[test]
fn ustar_path_is_prefix_slash_name() {
    let h = Header::ustar("file.txt", 2)
        .prefix_raw(b"attachments/deep")
        .seal();
    let archive = assert_clean(&Tar::new().entry(&h, b"hi").end().gz());
    assert_eq!(paths(&archive), ["attachments/deep/file.txt"]);
}

#[test]
fn path_of_255_bytes_is_accepted_and_256_is_not() {
    // 154 + "/" + 100 = 255 bytes; both fields full, without a NUL.
    let prefix = vec![b'p'; 154];
    let name = vec![b'n'; 100];
    let h = Header::ustar("", 1)
        .name_raw(&name)
        .prefix_raw(&prefix)
        .seal();
    let archive = assert_clean(&Tar::new().entry(&h, b"x").end().gz());
    assert_eq!(archive.members[0].path.len(), 255);

    let prefix = vec![b'p'; 155];
    let h = Header::ustar("", 1)
        .name_raw(&name)
        .prefix_raw(&prefix)
        .seal();
    assert_readable_with(&Tar::new().entry(&h, b"x").end().gz(), Code::ArchiveBadPath);
}

#[test]
fn gnu_path_is_the_name_field_alone() {
    // GNU tar keeps atime, ctime, offsets and sparse data where ustar has its
    // prefix: those bytes are not part of the path.
    let mut h = Header::gnu("attachments/gnu.bin", 3);
    h.put(345..357, b"14521412752\0");
    h.put(357..369, b"14521412752\0");
    h.put(386..400, b"garbage-sparse");
    let archive = assert_clean(&Tar::new().entry(&h.seal(), b"abc").end().gz());
    assert_eq!(paths(&archive), ["attachments/gnu.bin"]);

    // The full 100-byte name field with no NUL is a 100-byte path.
    let name = vec![b'g'; 100];
    let h = Header::gnu("", 0).name_raw(&name).seal();
    let archive = assert_clean(&Tar::new().entry(&h, b"").end().gz());
    assert_eq!(archive.members[0].path.as_bytes(), &name[..]);
}

#[test]
fn utf8_paths_and_odd_but_legal_segments_are_accepted() {
    let tar = Tar::new()
        .file("attachments/donn\u{e9}es/\u{1f600}.json", b"{}")
        .file("attachments/.../x", b"1")
        .file("attachments/.hidden", b"2")
        .file("attachments/a b", b"3")
        .end();
    let archive = assert_clean(&tar.gz());
    assert_eq!(archive.members.len(), 4);
}

#[test]
fn gzip_header_options_are_still_one_gzip_member() {
    let tar = Tar::new().file("request.json", b"{}").end();
    let mut enc = GzBuilder::new()
        .filename("proof.tar")
        .comment("a comment")
        .extra(vec![1, 2, 3, 4])
        .mtime(1_700_000_000)
        .write(Vec::new(), Compression::best());
    enc.write_all(tar.bytes()).unwrap();
    let input = enc.finish().unwrap();
    let archive = assert_clean(&input);
    assert_eq!(paths(&archive), ["request.json"]);
}

// ---------------------------------------------------------------------------
// The gzip layer.
// ---------------------------------------------------------------------------

fn simple_tar() -> Tar {
    Tar::new()
        .file("manifest.json", b"{}")
        .file("attachments/a.bin", &[7u8; 3000])
        .end()
}

#[test]
fn input_that_is_not_gzip_is_malformed() {
    // An uncompressed tar, plain text, and a deflate stream without the gzip header.
    assert_malformed(simple_tar().bytes());
    assert_malformed(b"hello, this is not a pack\n");
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), Compression::default());
    zlib.write_all(simple_tar().bytes()).unwrap();
    assert_malformed(&zlib.finish().unwrap());
    // The gzip magic with an unknown compression method.
    let mut bad_method = simple_tar().gz();
    bad_method[2] = 7;
    assert_malformed(&bad_method);
}

#[test]
fn empty_input_is_malformed() {
    assert_malformed(b"");
}

#[test]
fn a_valid_gzip_of_an_empty_stream_is_malformed() {
    // Not tar: no end-of-archive marker.
    assert_malformed(&gz(b""));
}

#[test]
fn truncated_gzip_is_malformed() {
    let full = simple_tar().gz();
    for cut in [
        1,
        10,
        full.len() / 2,
        full.len() - 8,
        full.len() - 4,
        full.len() - 1,
    ] {
        assert_malformed(&full[..cut]);
    }
}

#[test]
fn gzip_crc_or_length_mismatch_is_malformed() {
    let full = simple_tar().gz();
    let n = full.len();
    let mut crc = full.clone();
    crc[n - 8] ^= 0x01;
    assert_malformed(&crc);
    let mut isize = full.clone();
    isize[n - 4] ^= 0x01;
    assert_malformed(&isize);
}

#[test]
fn corrupted_deflate_data_is_malformed() {
    // Flipping a byte in the middle of the deflate data either breaks the
    // deflate stream or changes the content; the CRC catches the latter.
    let full = simple_tar().gz();
    let mut bad = full.clone();
    let mid = full.len() / 2;
    bad[mid] ^= 0xff;
    assert_malformed(&bad);
}

#[test]
fn bytes_after_the_gzip_member_are_trailing_data() {
    let mut input = simple_tar().gz();
    input.extend_from_slice(b"junk");
    let archive = assert_readable_with(&input, Code::ArchiveTrailingData);
    // The archive itself was read.
    assert_eq!(archive.members.len(), 2);
    assert_eq!(archive.size, input.len() as u64);
    assert_eq!(archive.sha256, sha256(&input));

    // Even a single zero byte counts.
    let mut input = simple_tar().gz();
    input.push(0);
    assert_readable_with(&input, Code::ArchiveTrailingData);
}

#[test]
fn a_second_gzip_member_is_trailing_data() {
    let mut input = simple_tar().gz();
    input.extend_from_slice(&Tar::new().file("attachments/hidden.bin", b"x").end().gz());
    let archive = assert_readable_with(&input, Code::ArchiveTrailingData);
    assert!(archive.member("attachments/hidden.bin").is_none());
}

// ---------------------------------------------------------------------------
// Tar headers.
// ---------------------------------------------------------------------------

#[test]
fn header_with_bad_magic_is_malformed() {
    for magic in [
        b"\0\0\0\0\0\0\0\0", // v7 tar: no magic
        b"ustar\x00  ",      // ustar magic with GNU's version
        b"ustar  \x20",      // GNU magic without its NUL
        b"ustar\x0001",      // unknown version
        b"USTAR\x0000",
        b"ustar\x00 0",
    ] {
        let h = Header::ustar("manifest.json", 2).magic(magic).seal();
        assert_malformed(&Tar::new().entry(&h, b"{}").end().gz());
    }
}

#[test]
fn bad_checksum_is_malformed() {
    // A byte changed after sealing.
    let h = Header::ustar("manifest.json", 2).seal().poke(0, b'M');
    assert_malformed(&Tar::new().entry(&h, b"{}").end().gz());
    // Off by one.
    let mut h = Header::ustar("manifest.json", 2);
    let (unsigned, _) = h.sums();
    h.write_checksum(unsigned + 1);
    assert_malformed(&Tar::new().entry(&h, b"{}").end().gz());
    // Not a number.
    let mut h = Header::ustar("manifest.json", 2);
    h.put(field::CHKSUM, b"12x456\0 ");
    assert_malformed(&Tar::new().entry(&h, b"{}").end().gz());
    // A bad header after a good member.
    let h = Header::ustar("b.json", 2).seal().poke(200, 1);
    let tar = Tar::new().file("a.json", b"{}").entry(&h, b"{}").end();
    assert_malformed(&tar.gz());
}

#[test]
fn signed_checksum_of_old_writers_is_accepted() {
    // High bytes in a field the reader does not interpret make the signed and
    // unsigned sums differ.
    let mut h = Header::ustar("attachments/old.txt", 3);
    h.put(field::UNAME, "r\u{e9}n\u{e9}e".as_bytes());
    let (unsigned, signed) = h.sums();
    assert_ne!(unsigned as i64, signed, "the test needs differing sums");
    let archive = assert_clean(
        &Tar::new()
            .entry(&h.clone().seal_signed(), b"old")
            .end()
            .gz(),
    );
    assert_eq!(paths(&archive), ["attachments/old.txt"]);
    // The unsigned sum is of course accepted too.
    assert_clean(&Tar::new().entry(&h.seal(), b"old").end().gz());
}

#[test]
fn lone_zero_block_followed_by_a_header_is_malformed() {
    let tar = Tar::new()
        .file("a.json", b"{}")
        .zero_blocks(1)
        .file("b.json", b"{}")
        .end();
    assert_malformed(&tar.gz());
}

#[test]
fn lone_zero_block_at_the_end_is_malformed() {
    let tar = Tar::new().file("a.json", b"{}").zero_blocks(1);
    assert_malformed(&tar.gz());
}

#[test]
fn missing_end_of_archive_marker_is_malformed() {
    assert_malformed(&Tar::new().file("a.json", b"{}").gz());
}

#[test]
fn truncated_tar_inside_a_valid_gzip_is_malformed() {
    let full = Tar::new().file("a.bin", &[1u8; 1500]).end();
    // Cut inside the data, inside a header, and mid-padding.
    for cut in [300, 512 + 700, 512 + 1500 + 3] {
        assert_malformed(&gz(&full.bytes()[..cut]));
    }
    // A header that declares more data than follows.
    let h = Header::ustar("a.bin", 5000).seal();
    assert_malformed(&gz(
        &Tar::new().entry(&h, &[1u8; 1024]).bytes()[..512 + 1024]
    ));
}

#[test]
fn end_marker_then_non_zero_bytes_is_trailing_data() {
    let hidden = Tar::new().file("attachments/hidden.bin", b"secret").end();
    let tar = Tar::new().file("a.json", b"{}").end().raw(hidden.bytes());
    let archive = assert_readable_with(&tar.gz(), Code::ArchiveTrailingData);
    assert_eq!(paths(&archive), ["a.json"]);

    // One stray byte far behind the marker.
    let mut tail = vec![0u8; 10 * BLOCK];
    tail[9 * BLOCK + 17] = 1;
    let tar = Tar::new().file("a.json", b"{}").end().raw(&tail);
    assert_readable_with(&tar.gz(), Code::ArchiveTrailingData);
}

#[test]
fn end_marker_then_only_zeros_is_fine() {
    for extra in [0, 1, 100, BLOCK, 20 * BLOCK + 3] {
        let tar = Tar::new()
            .file("a.json", b"{}")
            .end()
            .raw(&vec![0u8; extra]);
        let archive = assert_clean(&tar.gz());
        assert_eq!(paths(&archive), ["a.json"]);
    }
}

#[test]
fn size_field_that_is_not_a_number_is_malformed() {
    for size in [b"0000000001 8", b"00000000x12\0", b"-0000000001\0"] {
        let h = Header::ustar("a.json", 0).size_raw(size).seal();
        assert_malformed(&Tar::new().entry(&h, b"").end().gz());
    }
}

#[test]
fn octal_size_with_leading_spaces_or_space_terminator_is_read() {
    for size in [b"         12 ", b"   00000012\0", b"00000000012 "] {
        let h = Header::ustar("a.bin", 0).size_raw(size).seal();
        let archive = assert_clean(&Tar::new().entry(&h, &[9u8; 10]).end().gz());
        assert_eq!(archive.members[0].size, 10);
        assert_eq!(archive.members[0].sha256, sha256(&[9u8; 10]));
    }
}

// ---------------------------------------------------------------------------
// GNU base-256 sizes.
// ---------------------------------------------------------------------------

fn base256(value: u64) -> [u8; 12] {
    let mut f = [0u8; 12];
    f[4..].copy_from_slice(&value.to_be_bytes());
    f[0] = 0x80;
    f
}

#[test]
fn base256_size_is_read() {
    let data = vec![5u8; 1000];
    let h = Header::gnu("attachments/b256.bin", 0)
        .size_raw(&base256(1000))
        .seal();
    let archive = assert_clean(&Tar::new().entry(&h, &data).end().gz());
    assert_eq!(archive.members[0].size, 1000);
    assert_eq!(archive.members[0].sha256, sha256(&data));
}

#[test]
fn negative_base256_size_is_malformed() {
    // -1 and -17 in two's complement, with the base-256 marker bit set.
    let minus_one = [0xffu8; 12];
    let mut minus_17 = [0xffu8; 12];
    minus_17[11] = 0xef;
    // Negative per the sign bit (0x40) of the first byte, without 0xff.
    let mut neg_sign_bit = [0u8; 12];
    neg_sign_bit[0] = 0xc0;
    neg_sign_bit[11] = 1;
    for size in [minus_one, minus_17, neg_sign_bit] {
        let h = Header::gnu("a.bin", 0).size_raw(&size).seal();
        let input = Tar::new().entry(&h, &[1u8; 512]).end().gz();
        let (archive, codes) = read(&input);
        assert!(archive.unreadable, "{size:x?}: {codes:?}");
        assert!(
            codes.contains(&Code::ArchiveMalformed),
            "{size:x?}: {codes:?}"
        );
    }
}

#[test]
fn huge_base256_sizes_never_panic_and_never_pass() {
    let mut too_wide = [0u8; 12];
    too_wide[0] = 0x80;
    too_wide[1] = 0x01; // 2^80: does not fit 64 bits
    for size in [base256(u64::MAX), base256(1 << 63), too_wide, [0x80; 12]] {
        let h = Header::gnu("a.bin", 0).size_raw(&size).seal();
        let input = Tar::new().entry(&h, b"").end().gz();
        let (archive, codes) = read(&input);
        assert!(archive.unreadable, "{size:x?}: {codes:?}");
        assert!(
            codes.contains(&Code::ArchiveMalformed) || codes.contains(&Code::ArchiveLimitExceeded),
            "{size:x?}: {codes:?}"
        );
        let (verdict, codes) = verify_with(&input, &Limits::default());
        assert_eq!(verdict, Verdict::Invalid);
        assert!(codes.iter().all(|c| is_archive_code(*c)), "{codes:?}");
    }
}

// ---------------------------------------------------------------------------
// Forbidden entries.
// ---------------------------------------------------------------------------

#[test]
fn every_entry_type_but_regular_files_and_empty_directories_is_forbidden() {
    // (typeflag, whether data records follow the header)
    let types: [(u8, bool); 17] = [
        (b'1', false), // hard link
        (b'2', false), // symbolic link
        (b'3', false), // character device
        (b'4', false), // block device
        (b'6', false), // FIFO
        (b'7', true),  // contiguous file
        (b'x', true),  // pax extended header
        (b'g', true),  // pax global header
        (b'L', true),  // GNU long name
        (b'K', true),  // GNU long link name
        (b'S', true),  // GNU sparse file
        (b'D', true),  // GNU dumpdir
        (b'M', true),  // GNU multi-volume continuation
        (b'V', true),  // GNU volume label
        (b'N', true),  // GNU old long name
        (b'A', true),  // Solaris ACL
        (b'Z', true),  // anything else
    ];
    for (flag, has_data) in types {
        let data: &[u8] = if has_data {
            b"30 path=attachments/other\n"
        } else {
            b""
        };
        let mut h = Header::ustar("attachments/entry", data.len() as u64).typeflag(flag);
        if flag == b'1' || flag == b'2' {
            h.put(157..257, b"manifest.json");
        }
        let tar = Tar::new()
            .entry(&h.seal(), data)
            .file("attachments/after.bin", b"after")
            .end();
        let (archive, codes) = read(&tar.gz());
        assert!(
            codes.contains(&Code::ArchiveForbiddenEntry),
            "typeflag {:?}: {codes:?}",
            flag as char
        );
        assert!(
            archive.member("attachments/entry").is_none(),
            "typeflag {:?} became a member",
            flag as char
        );
        let (verdict, _) = verify_with(&tar.gz(), &Limits::default());
        assert_eq!(verdict, Verdict::Invalid, "typeflag {:?}", flag as char);
    }
}

#[test]
fn gnu_headers_of_forbidden_types_are_forbidden_too() {
    for flag in [b'L', b'K', b'S', b'2'] {
        let data: &[u8] = if flag == b'2' {
            b""
        } else {
            b"long/name/here\0"
        };
        let h = Header::gnu("././@LongLink", data.len() as u64)
            .typeflag(flag)
            .seal();
        let tar = Tar::new().entry(&h, data).file("attachments/x", b"x").end();
        assert_readable_with(&tar.gz(), Code::ArchiveForbiddenEntry);
    }
}

#[test]
fn directory_with_a_size_is_forbidden() {
    let h = Header::ustar("attachments/", 5).typeflag(b'5').seal();
    let tar = Tar::new().header_only(&h).file("a.json", b"{}").end();
    let (_, codes) = read(&tar.gz());
    assert!(codes.contains(&Code::ArchiveForbiddenEntry), "{codes:?}");
}

// ---------------------------------------------------------------------------
// Paths.
// ---------------------------------------------------------------------------

#[test]
fn bad_paths_are_reported() {
    let bad: &[&[u8]] = &[
        b"../x",
        b"attachments/../../x",
        b"..",
        b".",
        b"./manifest.json",
        b"/abs",
        b"/",
        b"a//b",
        b"a/./b",
        b"a/..",
        b"a\\b",
        b"attachments\\..\\x",
        b"attachments/file/", // trailing '/' on a regular file
        b"caf\xe9",           // Latin-1, not UTF-8
        b"\xff\xfe",
        b"\xed\xa0\x80", // an encoded surrogate
        b"\xc0\xaf",     // an overlong '/'
        b"abc\0def",     // bytes after the NUL in the name field
        b"manifest.json\0\0\0\0x",
    ];
    for path in bad {
        let h = Header::ustar("", 2).name_raw(path).seal();
        let tar = Tar::new().entry(&h, b"{}").end();
        let (archive, codes) = read(&tar.gz());
        assert!(!archive.unreadable, "{path:?}");
        assert!(codes.contains(&Code::ArchiveBadPath), "{path:?}: {codes:?}");
        assert!(archive.members.is_empty(), "{path:?} became a member");
        let (verdict, _) = verify_with(&tar.gz(), &Limits::default());
        assert_eq!(verdict, Verdict::Invalid, "{path:?}");
    }
}

#[test]
fn bad_paths_in_gnu_headers_are_reported() {
    for path in [&b"../x"[..], b"/abs", b"a\\b", b"ok\0junk", b"\xff"] {
        let h = Header::gnu("", 1).name_raw(path).seal();
        let tar = Tar::new().entry(&h, b"x").end();
        assert_readable_with(&tar.gz(), Code::ArchiveBadPath);
    }
}

#[test]
fn empty_path_of_a_regular_file_is_bad() {
    let h = Header::ustar("", 1).seal();
    let tar = Tar::new().entry(&h, b"x").end();
    assert_readable_with(&tar.gz(), Code::ArchiveBadPath);
}

#[test]
fn bad_paths_made_of_prefix_and_name() {
    let cases: [(&[u8], &[u8]); 6] = [
        (b"..", b"x"),                  // ../x
        (b"/abs", b"x"),                // /abs/x
        (b"attachments/", b"x"),        // attachments//x
        (b"attachments", b""),          // attachments/ (empty last segment)
        (b"a\\b", b"x"),                // backslash in the prefix
        (b"attachments\xff", b"x.bin"), // non-UTF-8 prefix
    ];
    for (prefix, name) in cases {
        let h = Header::ustar("", 1)
            .name_raw(name)
            .prefix_raw(prefix)
            .seal();
        let tar = Tar::new().entry(&h, b"x").end();
        let (archive, codes) = read(&tar.gz());
        assert!(
            codes.contains(&Code::ArchiveBadPath),
            "{prefix:?} {name:?}: {codes:?}"
        );
        assert!(archive.members.is_empty());
    }
}

#[test]
fn ustar_prefix_with_bytes_after_its_nul_is_a_bad_path() {
    // star keeps atime and ctime at the end of the prefix area (bytes 476..500).
    let mut star = Header::ustar("attachments/star.txt", 1);
    star.put(476..488, b"14521412752\0");
    star.put(488..500, b"14521412752\0");
    let tar = Tar::new().entry(&star.seal(), b"s").end();
    let archive = assert_readable_with(&tar.gz(), Code::ArchiveBadPath);
    assert!(archive.members.is_empty());

    // A prefix that ends at a NUL with more bytes behind it.
    let h = Header::ustar("x.txt", 1)
        .prefix_raw(b"attachments\0junk")
        .seal();
    let tar = Tar::new().entry(&h, b"s").end();
    assert_readable_with(&tar.gz(), Code::ArchiveBadPath);
}

#[test]
fn reading_goes_on_after_a_bad_path() {
    // A bad path is not a framing error: the data is skipped and the next
    // member is read (so several findings can be reported).
    let h = Header::ustar("../x", 700).seal();
    let tar = Tar::new()
        .entry(&h, &[3u8; 700])
        .file("attachments/next.bin", b"next")
        .end();
    let archive = assert_readable_with(&tar.gz(), Code::ArchiveBadPath);
    assert_eq!(paths(&archive), ["attachments/next.bin"]);
    assert_eq!(archive.members[0].sha256, sha256(b"next"));
}

// ---------------------------------------------------------------------------
// Duplicates.
// ---------------------------------------------------------------------------

#[test]
fn duplicate_paths_are_reported() {
    let tar = Tar::new()
        .file("manifest.json", b"{\"a\":1}")
        .file("attachments/x", b"1")
        .file("manifest.json", b"{\"a\":2}")
        .end();
    let archive = assert_readable_with(&tar.gz(), Code::ArchiveDuplicateEntry);
    let count = archive
        .members
        .iter()
        .filter(|m| m.path == "manifest.json")
        .count();
    assert!(count <= 1, "members must have unique paths");
}

#[test]
fn duplicate_through_prefix_and_gnu_headers() {
    let split = Header::ustar("c.bin", 1)
        .prefix_raw(b"attachments/b")
        .seal();
    let gnu = Header::gnu("attachments/b/c.bin", 1).seal();
    let tar = Tar::new()
        .file("attachments/b/c.bin", b"1")
        .entry(&split, b"2")
        .entry(&gnu, b"3")
        .end();
    assert_readable_with(&tar.gz(), Code::ArchiveDuplicateEntry);
}

#[test]
fn paths_differing_only_in_case_are_not_duplicates() {
    let tar = Tar::new()
        .file("attachments/A.bin", b"1")
        .file("attachments/a.bin", b"2")
        .end();
    let archive = assert_clean(&tar.gz());
    assert_eq!(archive.members.len(), 2);
}

// ---------------------------------------------------------------------------
// Limits.
// ---------------------------------------------------------------------------

#[test]
fn decompressed_byte_limit_counts_every_byte_of_the_stream() {
    let tar = Tar::new()
        .file("attachments/a.bin", &[1u8; 4000])
        .end()
        .raw(&[0u8; 3000]); // zeros after the marker count too
    let total = tar.bytes().len() as u64;
    let input = tar.gz();
    let at = |max| Limits {
        max_decompressed_bytes: max,
        ..small_limits()
    };
    let (archive, codes) = read_with(&input, &at(total));
    assert!(!archive.unreadable && codes.is_empty(), "{codes:?}");
    assert_unreadable(&input, &at(total - 1), Code::ArchiveLimitExceeded);
    assert_unreadable(&input, &at(1000), Code::ArchiveLimitExceeded);
    assert_unreadable(&input, &at(0), Code::ArchiveLimitExceeded);

    // The same boundary when the stream ends right at the end marker.
    let tar = Tar::new().file("attachments/a.bin", &[1u8; 4000]).end();
    let total = tar.bytes().len() as u64;
    let input = tar.gz();
    let (archive, codes) = read_with(&input, &at(total));
    assert!(!archive.unreadable && codes.is_empty(), "{codes:?}");
    assert_unreadable(&input, &at(total - 1), Code::ArchiveLimitExceeded);
    // And when it is passed inside member data.
    assert_unreadable(&input, &at(2048), Code::ArchiveLimitExceeded);
}

#[test]
fn zero_bomb_behind_the_end_marker_hits_the_limit() {
    let tar = Tar::new().end().raw(&vec![0u8; 4 << 20]);
    assert_unreadable(&tar.gz(), &small_limits(), Code::ArchiveLimitExceeded);
}

#[test]
fn member_size_limit_is_on_the_declared_size() {
    let limits = small_limits();
    let max = limits.max_member_size;
    // Exactly the limit is fine.
    let data = vec![2u8; max as usize];
    let tar = Tar::new().file("attachments/max.bin", &data).end();
    let (archive, codes) = read_with(&tar.gz(), &limits);
    assert!(!archive.unreadable && codes.is_empty(), "{codes:?}");
    // One more byte is not.
    let data = vec![2u8; max as usize + 1];
    let tar = Tar::new().file("attachments/big.bin", &data).end();
    assert_unreadable(&tar.gz(), &limits, Code::ArchiveLimitExceeded);
    // The declared size counts, even with no data behind it.
    let h = Header::ustar("attachments/liar.bin", 1 << 40).seal();
    let tar = Tar::new().header_only(&h).end();
    assert_unreadable(&tar.gz(), &limits, Code::ArchiveLimitExceeded);
    // Also the default limit (512 MiB) on a declared 600 MiB member.
    let h = Header::ustar("attachments/big.bin", 600 << 20).seal();
    let tar = Tar::new().header_only(&h).end();
    assert_unreadable(&tar.gz(), &Limits::default(), Code::ArchiveLimitExceeded);
}

#[test]
fn header_limit_counts_headers_of_any_type_but_not_the_end_marker() {
    let limits = Limits {
        max_headers: 4,
        ..small_limits()
    };
    let dir = Header::ustar("attachments/", 0).typeflag(b'5').seal();
    let four = Tar::new()
        .header_only(&dir)
        .file("a", b"1")
        .file("b", b"2")
        .file("c", b"3");
    let (archive, codes) = read_with(&four.clone().end().gz(), &limits);
    assert!(!archive.unreadable && codes.is_empty(), "{codes:?}");
    assert_eq!(archive.members.len(), 3);
    // Zeros behind the marker are not headers either.
    let (archive, codes) = read_with(&four.clone().end().zero_blocks(10).gz(), &limits);
    assert!(!archive.unreadable && codes.is_empty(), "{codes:?}");
    // A fifth header of any type.
    for fifth in [
        Header::ustar("d", 0).seal(),
        Header::ustar("attachments/d/", 0).typeflag(b'5').seal(),
        Header::ustar("l", 0).typeflag(b'2').seal(),
    ] {
        let tar = four.clone().header_only(&fifth).end();
        assert_unreadable(&tar.gz(), &limits, Code::ArchiveLimitExceeded);
    }
}

#[test]
fn default_header_limit_is_ten_thousand() {
    let dir = Header::ustar("attachments/", 0).typeflag(b'5').seal();
    let mut tar = Tar::new();
    for _ in 0..10_000 {
        tar = tar.header_only(&dir);
    }
    let (archive, codes) = read(&tar.clone().end().gz());
    assert!(!archive.unreadable && codes.is_empty(), "{codes:?}");
    let tar = tar.header_only(&dir).end();
    assert_unreadable(&tar.gz(), &Limits::default(), Code::ArchiveLimitExceeded);
}

#[test]
fn nothing_is_read_after_a_limit_is_exceeded() {
    // A bad path after the oversized member must not be reported: reading stopped.
    let limits = small_limits();
    let big = Header::ustar("attachments/big.bin", limits.max_member_size + 1).seal();
    let bad = Header::ustar("../evil", 1).seal();
    let tar = Tar::new().header_only(&big).entry(&bad, b"x").end();
    let (_, codes) = read_with(&tar.gz(), &limits);
    assert!(codes.contains(&Code::ArchiveLimitExceeded), "{codes:?}");
    assert!(!codes.contains(&Code::ArchiveBadPath), "{codes:?}");
}

// ---------------------------------------------------------------------------
// Only archive findings when the archive cannot be read (§1).
// ---------------------------------------------------------------------------

/// Every required member, each with content that fails its own checks.
fn garbage_pack() -> Tar {
    let mut tar = Tar::new();
    for name in proofpack_spec::vocab::MemberName::REQUIRED
        .iter()
        .map(|m| m.as_str())
    {
        let data: &[u8] = if name == "attestation.txt" {
            b" \n"
        } else {
            b"{not json"
        };
        tar = tar.file(name, data);
    }
    tar
}

#[test]
fn a_readable_garbage_pack_gets_findings_beyond_the_archive() {
    // The baseline for the next test: when the archive is readable, the
    // members' own checks run.
    let (verdict, codes) = verify_with(&garbage_pack().end().gz(), &Limits::default());
    assert_eq!(verdict, Verdict::Invalid);
    assert!(codes.contains(&Code::JsonMalformed), "{codes:?}");
    assert!(codes.contains(&Code::AttestationEmpty), "{codes:?}");
    assert!(!codes.contains(&Code::ArchiveMissingMember), "{codes:?}");
}

#[test]
fn unreadable_archives_report_only_archive_findings() {
    let limits = small_limits();
    let full = garbage_pack().end();
    // No end marker.
    assert_unreadable(&garbage_pack().gz(), &limits, Code::ArchiveMalformed);
    // Truncated gzip.
    let gz_full = full.gz();
    assert_unreadable(
        &gz_full[..gz_full.len() - 3],
        &limits,
        Code::ArchiveMalformed,
    );
    // Bad checksum on the last header.
    let bad = Header::ustar("attachments/z", 1).seal().poke(5, b'Z');
    let tar = garbage_pack().entry(&bad, b"z").end();
    assert_unreadable(&tar.gz(), &limits, Code::ArchiveMalformed);
    // Decompressed-bytes limit.
    let tar = garbage_pack().end().raw(&vec![0u8; 2 << 20]);
    assert_unreadable(&tar.gz(), &limits, Code::ArchiveLimitExceeded);
    // Member-size limit.
    let big = Header::ustar("attachments/big", 1 << 30).seal();
    let tar = garbage_pack().header_only(&big).end();
    assert_unreadable(&tar.gz(), &limits, Code::ArchiveLimitExceeded);
    // Header limit.
    let few = Limits {
        max_headers: 3,
        ..limits
    };
    assert_unreadable(&full.gz(), &few, Code::ArchiveLimitExceeded);
}

// ---------------------------------------------------------------------------
// Required members.
// ---------------------------------------------------------------------------

const REQUIRED: [&str; 8] = [
    "manifest.json",
    "signature.sig",
    "request.json",
    "steps.jsonl",
    "verification.json",
    "subprocessor-receipts.jsonl",
    "audit-log-redaction.json",
    "attestation.txt",
];

fn pack_without(missing: &str) -> Tar {
    let mut tar = Tar::new();
    for name in REQUIRED.iter().filter(|n| **n != missing) {
        tar = tar.file(name, b"{}");
    }
    tar
}

#[test]
fn each_missing_required_member_is_reported() {
    for name in REQUIRED {
        let (verdict, codes) = verify_with(&pack_without(name).end().gz(), &Limits::default());
        assert_eq!(verdict, Verdict::Invalid, "{name}");
        assert!(
            codes.contains(&Code::ArchiveMissingMember),
            "{name}: {codes:?}"
        );
    }
    let report = verify(
        &Tar::new().end().gz()[..],
        "pack.tar.gz",
        None,
        &Limits::default(),
    )
    .unwrap();
    let missing = report
        .findings()
        .iter()
        .filter(|f| f.code() == Code::ArchiveMissingMember)
        .count();
    assert_eq!(missing, REQUIRED.len(), "one finding per missing member");
}

#[test]
fn required_members_must_be_regular_files_at_the_root() {
    for name in REQUIRED {
        // In a subdirectory.
        let tar = pack_without(name).file(&format!("attachments/{name}"), b"{}");
        let (_, codes) = verify_with(&tar.end().gz(), &Limits::default());
        assert!(
            codes.contains(&Code::ArchiveMissingMember),
            "{name}: {codes:?}"
        );
        // As a directory entry.
        let dir = Header::ustar(name, 0).typeflag(b'5').seal();
        let tar = pack_without(name).header_only(&dir);
        let (_, codes) = verify_with(&tar.end().gz(), &Limits::default());
        assert!(
            codes.contains(&Code::ArchiveMissingMember),
            "{name}: {codes:?}"
        );
    }
}

#[test]
fn all_required_members_present_means_no_missing_member() {
    let (_, codes) = verify_with(&pack_without("").end().gz(), &Limits::default());
    assert!(!codes.contains(&Code::ArchiveMissingMember), "{codes:?}");
}

// ---------------------------------------------------------------------------
// Robustness: no panic on arbitrary header bytes.
// ---------------------------------------------------------------------------

#[test]
fn mutated_headers_never_panic() {
    // Every byte of a header, set to a few interesting values, with the
    // checksum recomputed so the mutation reaches the field parsers.
    let base = Header::ustar("attachments/m.bin", 3).prefix_raw(b"p");
    for at in 0..BLOCK {
        if field::CHKSUM.contains(&at) {
            continue;
        }
        for value in [0u8, b' ', b'/', b'7', 0x80, 0xff] {
            let h = base.clone().poke(at, value).seal();
            let tar = Tar::new().entry(&h, b"abc").end();
            let (verdict, _) = verify_with(&tar.gz(), &small_limits());
            assert_eq!(verdict, Verdict::Invalid, "byte {at} = {value:#x}");
        }
    }
}

// ---------------------------------------------------------------------------
// More of the gzip layer, and how the input is read.
// ---------------------------------------------------------------------------

#[test]
fn gzip_header_crc_is_checked() {
    // FLG.FHCRC: a CRC-16 of the gzip header follows the fixed header.
    let plain = simple_tar().gz();
    let mut header = plain[..10].to_vec();
    header[3] |= 0x02;
    let mut crc = flate2::Crc::new();
    crc.update(&header);
    let crc16 = (crc.sum() & 0xffff) as u16;
    let with = |crc16: u16| {
        let mut out = header.clone();
        out.extend_from_slice(&crc16.to_le_bytes());
        out.extend_from_slice(&plain[10..]);
        out
    };
    assert_clean(&with(crc16));
    assert_malformed(&with(crc16 ^ 0x0101));
}

#[test]
fn gzip_reserved_flag_bits_are_malformed() {
    // RFC 1952: a decompressor must fail when a reserved FLG bit is set.
    for bit in [0x20u8, 0x40, 0x80] {
        let mut input = simple_tar().gz();
        input[3] |= bit;
        assert_malformed(&input);
    }
}

/// Hands out its bytes in pieces of at most `step`, optionally answering
/// `Interrupted` once when `interrupt_at` bytes have been handed out.
struct Reader {
    data: Vec<u8>,
    pos: usize,
    step: usize,
    interrupt_at: Option<usize>,
    fail_at: Option<usize>,
}

impl Reader {
    fn new(data: Vec<u8>, step: usize) -> Reader {
        Reader {
            data,
            pos: 0,
            step,
            interrupt_at: None,
            fail_at: None,
        }
    }
}

impl std::io::Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.fail_at.is_some_and(|at| self.pos >= at) {
            return Err(std::io::Error::other("the disk is on fire"));
        }
        if self.interrupt_at.is_some_and(|at| self.pos >= at) {
            self.interrupt_at = None;
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        let mut end = (self.pos + self.step.min(buf.len())).min(self.data.len());
        for limit in [self.interrupt_at, self.fail_at].into_iter().flatten() {
            if limit > self.pos {
                end = end.min(limit);
            }
        }
        let n = end - self.pos;
        buf[..n].copy_from_slice(&self.data[self.pos..end]);
        self.pos = end;
        Ok(n)
    }
}

fn read_from(reader: Reader) -> Result<(Archive, Vec<Code>), crate::ReadError> {
    let mut findings = Findings::new();
    let archive = read_archive(reader, &Limits::default(), &mut findings)?;
    Ok((
        archive,
        findings.as_slice().iter().map(|f| f.code()).collect(),
    ))
}

#[test]
fn short_reads_give_the_same_result() {
    let mut trailing = simple_tar().gz();
    trailing.extend_from_slice(b"!");
    for input in [simple_tar().gz(), trailing] {
        let (whole, whole_codes) = read(&input);
        for step in [1, 7, 512, 4096] {
            let (archive, codes) = read_from(Reader::new(input.clone(), step)).expect("reads");
            assert_eq!(codes, whole_codes, "step {step}");
            assert_eq!(paths(&archive), paths(&whole), "step {step}");
            assert_eq!(archive.sha256, whole.sha256, "step {step}");
        }
    }
}

#[test]
fn interrupted_reads_inside_the_gzip_member_are_retried() {
    let input = simple_tar().gz();
    for at in [0, 1, 10, input.len() / 2, input.len() - 8, input.len() - 1] {
        let mut reader = Reader::new(input.clone(), 64);
        reader.interrupt_at = Some(at);
        let (archive, codes) = read_from(reader).expect("Interrupted is retryable");
        assert!(codes.is_empty(), "at {at}: {codes:?}");
        assert_eq!(archive.members.len(), 2, "at {at}");
    }
}

#[test]
fn interrupted_read_right_after_the_gzip_member_is_retried() {
    let input = simple_tar().gz();
    let mut reader = Reader::new(input.clone(), 64);
    reader.interrupt_at = Some(input.len());
    let (_, codes) = read_from(reader).expect("Interrupted is retryable");
    assert!(codes.is_empty(), "{codes:?}");
}

#[test]
fn a_failing_input_is_a_read_error_not_a_finding() {
    let input = simple_tar().gz();
    for at in [0, 15, input.len() - 1] {
        let mut reader = Reader::new(input.clone(), 64);
        reader.fail_at = Some(at);
        assert!(read_from(reader).is_err(), "failure at byte {at}");
        let mut reader = Reader::new(input.clone(), 64);
        reader.fail_at = Some(at);
        assert!(verify(reader, "pack.tar.gz", None, &Limits::default()).is_err());
    }
}
