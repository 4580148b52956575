//! Sweeps over a valid sample pack (issue 10 §2): every byte of the signed
//! statement and of its signature changed in turn, random bit flips in the
//! compressed file, and the tar cut at every block boundary. None of them
//! may be `complete`; each is checked in-process with the core's `verify`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use proofpack_core::{verify, Code, Limits, Report, TrustStore, Verdict};
use std::io::{Read, Write};
use std::ops::Range;
use std::path::Path;

/// The tar block size (POSIX ustar).
const BLOCK: usize = 512;
/// Length of the fixed gzip member header (RFC 1952 §2.3: ID1 ID2 CM FLG MTIME XFL OS).
const GZIP_HEADER: usize = 10;

fn sample(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("sample-packs")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn trust() -> TrustStore {
    TrustStore::from_json(&sample("trust.json")).expect("the sample trust store parses")
}

fn pack() -> Vec<u8> {
    sample("complete-gdpr.tar.gz")
}

fn gunzip(gz: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    GzDecoder::new(gz).read_to_end(&mut out)?;
    Ok(out)
}

fn gzip(tar: &[u8]) -> Vec<u8> {
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(tar).expect("gzip to memory");
    gz.finish().expect("gzip to memory")
}

fn check(gz: &[u8], trust: &TrustStore) -> Report {
    verify(gz, "pack.tar.gz", Some(trust), &Limits::default())
        .expect("in-memory input always reads")
}

fn codes(r: &Report) -> Vec<Code> {
    r.findings().iter().map(|f| f.code()).collect()
}

/// Where the content of member `name` lies in the tar stream.
fn member_range(tar: &[u8], name: &str) -> Range<usize> {
    let mut archive = tar::Archive::new(tar);
    for entry in archive.entries().expect("the sample tar reads") {
        let entry = entry.expect("the sample tar reads");
        if entry.path().expect("a path").to_str() == Some(name) {
            let start = usize::try_from(entry.raw_file_position()).expect("fits");
            let len = usize::try_from(entry.size()).expect("fits");
            return start..start + len;
        }
    }
    panic!("no member {name} in the sample pack");
}

/// Every byte of member `name` XOR 0x01 in turn, re-gzipped: `invalid`.
fn sweep_member(name: &str, expected: &[Code]) {
    let trust = trust();
    let original = gunzip(&pack()).expect("the sample pack gunzips");
    assert_eq!(
        check(&gzip(&original), &trust).verdict(),
        Verdict::Complete,
        "the re-gzipped sample is complete: the sweep starts from a valid pack"
    );
    let range = member_range(&original, name);
    assert!(!range.is_empty());
    for at in range {
        let mut tar = original.clone();
        tar[at] ^= 0x01;
        let report = check(&gzip(&tar), &trust);
        assert_eq!(
            report.verdict(),
            Verdict::Invalid,
            "{name} byte {at}: {:?}",
            codes(&report)
        );
        let got = codes(&report);
        assert!(
            got.iter().any(|c| expected.contains(c)),
            "{name} byte {at}: expected one of {expected:?}, got {got:?}"
        );
    }
}

#[test]
fn every_byte_of_the_manifest_flipped_is_invalid() {
    // The signature covers the manifest's exact bytes: a change that leaves
    // the manifest readable breaks it; one that does not is malformed JSON,
    // or the wrong shape or format, or names another key than signature.sig
    // (and then the signature is not even tried).
    sweep_member(
        "manifest.json",
        &[
            Code::SignatureInvalid,
            Code::JsonMalformed,
            Code::ManifestSchema,
            Code::ManifestUnsupportedFormat,
            Code::SignatureKeyIdMismatch,
        ],
    );
}

#[test]
fn every_byte_of_the_signature_flipped_is_invalid() {
    // Not signed itself, but XOR 0x01 never turns JSON into an equal value:
    // it breaks the JSON, the base64, the key id or the signature bytes.
    sweep_member(
        "signature.sig",
        &[
            Code::JsonMalformed,
            Code::SignatureMalformed,
            Code::SignatureKeyIdMismatch,
            Code::SignatureInvalid,
        ],
    );
}

/// xorshift64*: a fixed, seeded sequence, so a failure is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).expect("fits")
    }
}

#[test]
fn random_bit_flips_in_the_compressed_pack_are_never_complete() {
    let trust = trust();
    let gz = pack();
    let original = gunzip(&gz).expect("the sample pack gunzips");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut benign, mut flips) = (0, 400);
    while flips > 0 {
        flips -= 1;
        let at = GZIP_HEADER + rng.below(gz.len() - GZIP_HEADER);
        let mut flipped = gz.clone();
        flipped[at] ^= 1 << rng.below(8);
        let report = check(&flipped, &trust);
        // A flip that a strict decoder (deflate, then the CRC-32 and length
        // of the trailer) reads to the same tar: only the padding bits after
        // the last deflate block can do that past the header. The content is
        // the signed pack, so any verdict is allowed.
        if gunzip(&flipped).is_ok_and(|tar| tar == original) {
            benign += 1;
            continue;
        }
        // Any other change to the tar fails the trailer's CRC-32 at least.
        assert_eq!(
            report.verdict(),
            Verdict::Invalid,
            "bit flip at byte {at}: {:?}",
            codes(&report)
        );
    }
    // Almost every flip changes the content: the sweep tests something.
    eprintln!("{benign} of 400 flips left the content unchanged");
    assert!(benign < 40, "{benign} of 400 flips were benign");
}

/// Length of the gzip trailer (CRC-32 and ISIZE).
const GZIP_TRAILER: usize = 8;

#[test]
fn a_flip_in_the_padding_after_the_last_deflate_block_changes_nothing() {
    // The last deflate byte ends with the final block's padding bits: a
    // flip there is one of the two benign kinds, which the random sweep
    // above allows but, with a few bits in 7 KB, hardly ever draws.
    let trust = trust();
    let gz = pack();
    let original = gunzip(&gz).expect("the sample pack gunzips");
    let last = gz.len() - GZIP_TRAILER - 1;
    let mut benign = 0;
    for bit in 0..8 {
        let mut flipped = gz.clone();
        flipped[last] ^= 1 << bit;
        let report = check(&flipped, &trust);
        if gunzip(&flipped).is_ok_and(|tar| tar == original) {
            benign += 1;
            assert_eq!(report.verdict(), Verdict::Complete, "padding bit {bit}");
        } else {
            assert_eq!(
                report.verdict(),
                Verdict::Invalid,
                "bit {bit}: {:?}",
                codes(&report)
            );
        }
    }
    assert!(
        benign > 0,
        "the sample's last deflate byte has padding bits (it ends mid-byte)"
    );
}

#[test]
fn the_tar_cut_at_every_block_boundary_is_invalid() {
    let trust = trust();
    let tar = gunzip(&pack()).expect("the sample pack gunzips");
    assert_eq!(tar.len() % BLOCK, 0);
    for blocks in 0..tar.len() / BLOCK {
        let cut = &tar[..blocks * BLOCK];
        let report = check(&gzip(cut), &trust);
        assert_eq!(
            report.verdict(),
            Verdict::Invalid,
            "cut after {blocks} blocks: {:?}",
            codes(&report)
        );
        assert!(
            codes(&report)
                .iter()
                .any(|c| matches!(c, Code::ArchiveMalformed | Code::ArchiveMissingMember)),
            "cut after {blocks} blocks: {:?}",
            codes(&report)
        );
    }
}
