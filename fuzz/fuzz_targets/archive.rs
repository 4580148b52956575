//! Arbitrary bytes as a `proof.tar.gz` through `proofpack_core::verify` with small
//! limits: never a panic, never an error for in-memory input, and the §1 and
//! §12 invariants hold for whatever comes out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use proofpack_core::{verify, Code, Limits, Verdict};

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_decompressed_bytes: 1 << 20,
        max_member_size: 256 << 10,
        max_headers: 64,
    };
    let report = verify(data, "fuzzed.tar.gz", None, &limits).expect("in-memory input always reads");
    check(&report);
});

fn check(report: &proofpack_core::Report) {
    assert_eq!(report.verdict(), Verdict::from_findings(report.findings()));
    for f in report.findings() {
        assert_eq!(f.effect(), f.code().effect());
    }
    let stopped = report
        .findings()
        .iter()
        .any(|f| matches!(f.code(), Code::ArchiveMalformed | Code::ArchiveLimitExceeded));
    if stopped {
        assert!(
            report
                .findings()
                .iter()
                .all(|f| f.code().as_str().starts_with("archive.")),
            "non-archive findings after the archive stopped: {:?}",
            report.findings().iter().map(|f| f.code()).collect::<Vec<_>>()
        );
    }
    // No trust store: never better than untrusted.
    assert!(report.verdict() >= Verdict::Untrusted);
}
