//! Third-party tar archives (Go's `archive/tar` test data and tar-split's)
//! through the verifier: none is a pack, so every report is `invalid` with at
//! least one archive finding, nothing panics, and where spec §1 is clear the
//! archive finding is the one §1 names.
//!
//! See `tests/corpora/go-archive-tar/INDEX.md` for what each file exercises.

use crate::archive::{read_archive, Archive};
use crate::findings::Findings;
use crate::{verify, Code, Limits, Verdict};
use flate2::write::GzEncoder;
use flate2::Compression;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

const GO_DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/corpora/go-archive-tar/archive-tar-testdata"
);
const TAR_SPLIT_DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/corpora/go-archive-tar/tar-split-asm-testdata"
);

/// What spec §1 says about an archive.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// A well-formed tar: among archive findings only `archive.missing_member`,
    /// and these member paths.
    Clean(&'static [&'static str]),
    /// A forbidden entry comes before anything else wrong.
    Forbidden,
    /// Not readable as a §1 archive (bad magic, no end-of-archive marker).
    Malformed,
    /// A member path §1 rejects.
    BadPath,
    /// A member declares more than 512 MiB.
    LimitExceeded,
    /// A forbidden entry in a stream that is also truncated: which of the two
    /// a verifier reports first is not fixed by §1 (after a forbidden entry,
    /// the rest is not normative).
    ForbiddenOrMalformed,
}

use Expect::*;

/// Every archive of both directories, with what §1 makes of it.
const EXPECTED: &[(&str, Expect)] = &[
    // Format baselines.
    ("file-and-dir.tar", Clean(&["small.txt"])),
    ("gnu.tar", Clean(&["small.txt", "small2.txt"])),
    (
        "ustar.tar",
        Clean(&["longname/longname/longname/longname/longname/longname/longname/longname/longname/longname/longname/longname/longname/longname/longname/file.txt"]),
    ),
    ("ustar-file-devs.tar", Clean(&["file"])),
    // A GNU header with junk in the prefix area: a GNU path is the name field alone.
    ("invalid-go17.tar", Clean(&["foo"])),
    ("extranils.tar.gz", Clean(&["file"])),
    // No magic (v7), or fuzzed headers whose magic is garbage.
    ("v7.tar", Malformed),
    ("neg-size.tar", Malformed),
    ("issue10968.tar", Malformed),
    ("issue12435.tar", Malformed),
    // One member and then the end of the stream: no end-of-archive marker.
    ("nil-uid.tar", Malformed),
    ("ustar-file-reg.tar", Malformed),
    ("notenoughnils.tar.gz", Malformed),
    // A pax header in a 602-byte (truncated) stream.
    ("issue11169.tar", ForbiddenOrMalformed),
    // star keeps times in the prefix area.
    ("star.tar", BadPath),
    // Non-UTF-8 names; './' segments.
    ("gnu-not-utf8.tar", BadPath),
    ("iso-8859.tar.gz", BadPath),
    ("t.tar.gz", BadPath),
    // 16 GiB declared, no data.
    ("writer-big.tar", LimitExceeded),
    // Links, devices, FIFOs, sparse files, pax and GNU long-name records.
    ("hdr-only.tar", Forbidden),
    ("hardlink.tar", Forbidden),
    ("writer.tar", Forbidden),
    ("writer-big-long.tar", Forbidden),
    ("gnu-long-nul.tar", Forbidden),
    ("gnu-multi-hdrs.tar", Forbidden),
    ("gnu-utf8.tar", Forbidden),
    ("gnu-incremental.tar", Forbidden),
    ("gnu-nil-sparse-data.tar", Forbidden),
    ("gnu-nil-sparse-hole.tar", Forbidden),
    ("gnu-sparse-big.tar", Forbidden),
    ("sparse-formats.tar", Forbidden),
    ("pax.tar", Forbidden),
    ("pax-bad-hdr-file.tar", Forbidden),
    ("pax-bad-mtime-file.tar", Forbidden),
    ("pax-global-records.tar", Forbidden),
    ("pax-multi-hdrs.tar", Forbidden),
    ("pax-nil-sparse-data.tar", Forbidden),
    ("pax-nil-sparse-hole.tar", Forbidden),
    ("pax-nul-path.tar", Forbidden),
    ("pax-nul-xattrs.tar", Forbidden),
    ("pax-path-hdr.tar", Forbidden),
    ("pax-pos-size-file.tar", Forbidden),
    ("pax-records.tar", Forbidden),
    ("pax-sparse-big.tar", Forbidden),
    ("xattrs.tar", Forbidden),
    ("trailing-slash.tar", Forbidden),
    ("longlink.tar.gz", Forbidden),
    ("fatlonglink.tar.gz", Forbidden),
];

/// `*.tar` files of Go's test data (the one `.tar.bz2` and the `.txt`
/// contents are not run).
const GO_TARS: usize = 42;
/// `*.tar.gz` files of tar-split's test data.
const TAR_SPLIT_TARS: usize = 6;

fn files_with_suffix(dir: &str, suffix: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(suffix))
        })
        .collect();
    out.sort();
    out
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .and_then(|n| n.to_str())
        .expect("UTF-8 file name")
        .to_owned()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
    enc.write_all(data).expect("gzip");
    enc.finish().expect("gzip")
}

/// Every corpus archive as a gzip stream, by file name.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let go = files_with_suffix(GO_DIR, ".tar");
    let split = files_with_suffix(TAR_SPLIT_DIR, ".tar.gz");
    assert_eq!(go.len(), GO_TARS, "Go archives found: {go:?}");
    assert_eq!(
        split.len(),
        TAR_SPLIT_TARS,
        "tar-split archives found: {split:?}"
    );
    let mut out = Vec::new();
    for p in go {
        let raw = std::fs::read(&p).expect("read corpus file");
        out.push((name_of(&p), gzip(&raw)));
    }
    for p in split {
        out.push((name_of(&p), std::fs::read(&p).expect("read corpus file")));
    }
    out
}

fn read(input: &[u8]) -> (Archive, Vec<Code>) {
    let mut findings = Findings::new();
    let archive =
        read_archive(input, &Limits::default(), &mut findings).expect("in-memory input reads");
    (
        archive,
        findings.as_slice().iter().map(|f| f.code()).collect(),
    )
}

fn is_archive(code: Code) -> bool {
    code.as_str().starts_with("archive.")
}

#[test]
fn every_corpus_archive_is_an_invalid_pack() {
    let corpus = corpus();
    assert_eq!(corpus.len(), GO_TARS + TAR_SPLIT_TARS);
    let mut failures = Vec::new();
    for (name, input) in &corpus {
        let report = verify(&input[..], "pack.tar.gz", None, &Limits::default())
            .expect("in-memory input reads");
        let codes: Vec<Code> = report.findings().iter().map(|f| f.code()).collect();
        if codes.is_empty() {
            failures.push(format!("{name}: no finding"));
        }
        if report.verdict() != Verdict::Invalid {
            failures.push(format!("{name}: verdict {}", report.verdict()));
        }
        if !codes.iter().any(|c| is_archive(*c)) {
            failures.push(format!("{name}: no archive finding in {codes:?}"));
        }
        // §1: once the archive cannot be read, only archive findings.
        let stopped =
            codes.contains(&Code::ArchiveMalformed) || codes.contains(&Code::ArchiveLimitExceeded);
        if stopped && !codes.iter().all(|c| is_archive(*c)) {
            failures.push(format!(
                "{name}: non-archive findings after a stop: {codes:?}"
            ));
        }
        // Every finding carries its §12 effect.
        for f in report.findings() {
            if f.effect() != f.code().effect() {
                failures.push(format!("{name}: {} with effect {}", f.code(), f.effect()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_archives_get_the_finding_section_1_names() {
    let corpus = corpus();
    let run: BTreeSet<&str> = corpus.iter().map(|(n, _)| n.as_str()).collect();
    let listed: BTreeSet<&str> = EXPECTED.iter().map(|(n, _)| *n).collect();
    assert_eq!(listed.len(), EXPECTED.len(), "a file is listed twice");
    assert_eq!(
        run, listed,
        "every corpus archive has exactly one expectation"
    );

    let mut failures = Vec::new();
    for (name, input) in &corpus {
        let expect = EXPECTED
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, e)| *e)
            .expect("listed");
        let (archive, codes) = read(input);
        let has = |c: Code| codes.contains(&c);
        let ok = match expect {
            Clean(paths) => {
                let got: Vec<&str> = archive.members.iter().map(|m| m.path.as_str()).collect();
                !archive.unreadable && codes.is_empty() && got == paths
            }
            Forbidden => has(Code::ArchiveForbiddenEntry),
            Malformed => archive.unreadable && has(Code::ArchiveMalformed),
            BadPath => has(Code::ArchiveBadPath),
            LimitExceeded => archive.unreadable && has(Code::ArchiveLimitExceeded),
            ForbiddenOrMalformed => has(Code::ArchiveForbiddenEntry) || has(Code::ArchiveMalformed),
        };
        if !ok {
            let paths: Vec<&str> = archive.members.iter().map(|m| m.path.as_str()).collect();
            failures.push(format!(
                "{name}: expected {expect:?}, got {codes:?} (unreadable: {}, members {paths:?})",
                archive.unreadable
            ));
        }
        // Clean archives through the whole verifier: only missing members.
        if let Clean(_) = expect {
            let report =
                verify(&input[..], "pack.tar.gz", None, &Limits::default()).expect("reads");
            for f in report.findings().iter().filter(|f| is_archive(f.code())) {
                if f.code() != Code::ArchiveMissingMember {
                    failures.push(format!("{name}: unexpected {}", f.code()));
                }
            }
            if !report
                .findings()
                .iter()
                .any(|f| f.code() == Code::ArchiveMissingMember)
            {
                failures.push(format!("{name}: no archive.missing_member"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_member_digests_match_their_contents() {
    let small = std::fs::read(format!("{GO_DIR}/small.txt")).expect("small.txt");
    let small2 = std::fs::read(format!("{GO_DIR}/small2.txt")).expect("small2.txt");
    let raw = std::fs::read(format!("{GO_DIR}/gnu.tar")).expect("gnu.tar");
    let (archive, codes) = read(&gzip(&raw));
    assert!(codes.is_empty(), "{codes:?}");
    for (path, content) in [("small.txt", &small), ("small2.txt", &small2)] {
        let m = archive.member(path).expect(path);
        assert_eq!(m.size, content.len() as u64, "{path}");
        let digest: [u8; 32] = Sha256::digest(content).into();
        assert_eq!(m.sha256, digest, "{path}");
    }
}

#[test]
fn gnu_sparse_big_is_not_expanded() {
    // A 5 KB archive whose sparse entry stands for 60,000,000,000 bytes: the
    // verifier must neither allocate nor read that (the test would run out of
    // memory or time if it did).
    let raw = std::fs::read(format!("{GO_DIR}/gnu-sparse-big.tar")).expect("gnu-sparse-big.tar");
    let input = gzip(&raw);
    let (archive, codes) = read(&input);
    assert!(codes.contains(&Code::ArchiveForbiddenEntry), "{codes:?}");
    assert!(
        archive.members.iter().all(|m| m.size < 1 << 20),
        "a member of {:?} bytes",
        archive.members.iter().map(|m| m.size).max()
    );
    assert_eq!(archive.size, input.len() as u64);
    // Same through the binary's code path with the default limits.
    let report = verify(&input[..], "pack.tar.gz", None, &Limits::default()).expect("reads");
    assert_eq!(report.verdict(), Verdict::Invalid);
}

#[test]
fn corpus_archives_never_panic_under_tight_limits() {
    // Small limits hit each archive at a different point of its stream.
    for (name, input) in corpus() {
        for limits in [
            Limits {
                max_decompressed_bytes: 1024,
                max_member_size: 10,
                max_headers: 1,
            },
            Limits {
                max_decompressed_bytes: 4096,
                max_member_size: 512,
                max_headers: 3,
            },
            Limits {
                max_decompressed_bytes: 0,
                max_member_size: 0,
                max_headers: 0,
            },
        ] {
            let report = verify(&input[..], "pack.tar.gz", None, &limits).expect("reads");
            assert_eq!(report.verdict(), Verdict::Invalid, "{name} {limits:?}");
        }
    }
}
