//! Arbitrary bytes as the tar stream inside a valid gzip member, through
//! `proofpack_core::verify`: this reaches the tar reader and the member checks
//! (the `archive` target mostly stops at the gzip layer).
#![no_main]

use flate2::write::GzEncoder;
use flate2::Compression;
use libfuzzer_sys::fuzz_target;
use proofpack_core::{verify, Code, Limits, Verdict};
use std::io::Write;

fuzz_target!(|data: &[u8]| {
    let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
    gz.write_all(data).expect("gzip to memory");
    let input = gz.finish().expect("gzip to memory");
    let limits = Limits {
        max_decompressed_bytes: 1 << 20,
        max_member_size: 256 << 10,
        max_headers: 64,
    };
    let report = verify(&input[..], "fuzzed.tar.gz", None, &limits).expect("in-memory input always reads");
    assert_eq!(report.verdict(), Verdict::from_findings(report.findings()));
    assert!(
        report.verdict() >= Verdict::Untrusted,
        "no trust store, yet {}",
        report.verdict()
    );
    let codes: Vec<Code> = report.findings().iter().map(|f| f.code()).collect();
    if codes
        .iter()
        .any(|c| matches!(c, Code::ArchiveMalformed | Code::ArchiveLimitExceeded))
    {
        assert!(
            codes.iter().all(|c| c.as_str().starts_with("archive.")),
            "non-archive findings after the archive stopped: {codes:?}"
        );
    }
    // The pack's identity is the input file.
    assert_eq!(report.pack().size, input.len() as u64);
});
