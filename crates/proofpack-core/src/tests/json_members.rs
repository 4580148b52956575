//! Parsed members that stop being JSON (issue 10 §4): they are
//! `json.malformed` at the member's location, as the full parser says, but
//! only their bytes up to the first hopeless one are kept, while every byte
//! is still hashed for the manifest checks.
//!
//! Assertions are on finding codes and locations, never on message wording.

use crate::archive::{read_archive, Limits};
use crate::findings::Findings;
use crate::{verify, Code};
use sha2::{Digest, Sha256};

use super::tar_in_order as pack;

/// (code, location) of every finding of `verify` without a trust store.
fn findings_of(input: &[u8], limits: &Limits) -> Vec<(Code, String)> {
    let report = verify(input, "pack.tar.gz", None, limits).expect("in-memory input reads");
    report
        .findings()
        .iter()
        .map(|f| (f.code(), f.location().to_owned()))
        .collect()
}

fn malformed_at(findings: &[(Code, String)]) -> Vec<&str> {
    findings
        .iter()
        .filter(|(c, _)| *c == Code::JsonMalformed)
        .map(|(_, l)| l.as_str())
        .collect()
}

#[test]
fn nul_filled_json_members_are_malformed_hashed_and_not_kept() {
    let nul = vec![0u8; 3 << 20]; // large enough to be hashed on the second thread
    let input = pack(&[
        ("manifest.json", &nul),
        ("request.json", &nul[..(2 << 20) + 7]),
    ]);
    let mut findings = Findings::new();
    let archive = read_archive(input.as_slice(), &Limits::default(), &mut findings).expect("reads");
    assert!(findings.as_slice().is_empty());
    let whole: [u8; 32] = Sha256::digest(&input).into();
    assert_eq!(
        archive.sha256, whole,
        "the pack's own hash, partly on the second thread"
    );
    for (path, size) in [
        ("manifest.json", nul.len()),
        ("request.json", (2 << 20) + 7),
    ] {
        let member = archive.member(path).expect("present");
        assert_eq!(member.size, size as u64);
        let digest: [u8; 32] = Sha256::digest(&nul[..size]).into();
        assert_eq!(member.sha256, digest, "every byte is hashed");
        assert_eq!(member.content.as_deref(), Some(&[0u8][..]), "one byte kept");
    }
    let found = findings_of(&input, &Limits::default());
    assert_eq!(malformed_at(&found), vec!["manifest.json", "request.json"]);
}

#[test]
fn nesting_holds_at_64_levels_and_fails_at_65() {
    let nested = |levels: usize| format!("{}{}", "[".repeat(levels), "]".repeat(levels));
    for (levels, malformed) in [(64, false), (65, true)] {
        let doc = nested(levels);
        let input = pack(&[("verification.json", doc.as_bytes())]);
        let found = findings_of(&input, &Limits::default());
        assert_eq!(
            malformed_at(&found) == vec!["verification.json"],
            malformed,
            "{levels} levels: {found:?}"
        );
        let mut findings = Findings::new();
        let archive =
            read_archive(input.as_slice(), &Limits::default(), &mut findings).expect("reads");
        let kept = archive
            .member("verification.json")
            .and_then(|m| m.content.clone());
        let expected = if malformed {
            &doc.as_bytes()[..65]
        } else {
            doc.as_bytes()
        };
        assert_eq!(kept.as_deref(), Some(expected));
    }
}

#[test]
fn a_hopeless_jsonl_line_costs_only_itself() {
    let mut steps = b"{\"a\":1}\n".to_vec();
    steps.extend_from_slice(&[0u8; 100_000]);
    steps.extend_from_slice(b"\n[1]\n");
    let input = pack(&[("steps.jsonl", &steps)]);
    let found = findings_of(&input, &Limits::default());
    // Line 2 is not JSON; line 3 is still read (an array, not an object: a schema finding).
    assert_eq!(malformed_at(&found), vec!["steps.jsonl:2"]);
    assert!(
        found.contains(&(Code::StepsSchema, "steps.jsonl:3".to_owned())),
        "{found:?}"
    );
    let mut findings = Findings::new();
    let archive = read_archive(input.as_slice(), &Limits::default(), &mut findings).expect("reads");
    let kept = archive
        .member("steps.jsonl")
        .and_then(|m| m.content.clone());
    assert_eq!(kept.as_deref(), Some(&b"{\"a\":1}\n\0\n[1]\n"[..]));
}

#[test]
fn a_valid_json_member_at_the_member_limit_is_kept_whole_and_one_byte_over_is_refused() {
    let limits = Limits {
        max_decompressed_bytes: 1 << 20,
        max_member_size: 64 << 10,
        max_headers: 16,
    };
    let doc = |size: usize| {
        let mut d = b"[\"".to_vec();
        d.resize(size - 2, b'x');
        d.extend_from_slice(b"\"]");
        d
    };
    let at = doc(64 << 10);
    let input = pack(&[("request.json", &at)]);
    let mut findings = Findings::new();
    let archive = read_archive(input.as_slice(), &limits, &mut findings).expect("reads");
    assert!(findings.as_slice().is_empty());
    assert_eq!(
        archive
            .member("request.json")
            .and_then(|m| m.content.as_deref()),
        Some(&at[..])
    );
    let over = pack(&[("request.json", &doc((64 << 10) + 1))]);
    let found = findings_of(&over, &limits);
    let codes: Vec<Code> = found.iter().map(|(c, _)| *c).collect();
    assert_eq!(codes, vec![Code::ArchiveLimitExceeded]);
}

#[test]
fn the_decompressed_limit_holds_to_the_byte_on_a_member_hashed_on_the_second_thread() {
    let data = vec![7u8; (3 << 20) + 100];
    let input = pack(&[("attachments/big.bin", &data)]);
    let stream_len = {
        let mut raw = Vec::new();
        std::io::Read::read_to_end(
            &mut flate2::read::GzDecoder::new(input.as_slice()),
            &mut raw,
        )
        .expect("gzip");
        raw.len() as u64
    };
    let limits = |max| Limits {
        max_decompressed_bytes: max,
        max_member_size: 4 << 20,
        max_headers: 16,
    };
    let codes = |max| -> Vec<Code> {
        let mut findings = Findings::new();
        let archive = read_archive(input.as_slice(), &limits(max), &mut findings).expect("reads");
        if findings.as_slice().is_empty() {
            let member = archive.member("attachments/big.bin").expect("present");
            let digest: [u8; 32] = Sha256::digest(&data).into();
            assert_eq!(member.sha256, digest);
        }
        findings.as_slice().iter().map(|f| f.code()).collect()
    };
    assert_eq!(codes(stream_len), Vec::<Code>::new());
    assert_eq!(codes(stream_len - 1), vec![Code::ArchiveLimitExceeded]);
    // Inside the member's data, where whole slices are inflated straight
    // into the hashing thread's buffers.
    assert_eq!(codes(2 << 20), vec![Code::ArchiveLimitExceeded]);
}
