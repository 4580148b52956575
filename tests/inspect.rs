//! The core functions behind `ls` and `show` (`proofpack_core::inspect`,
//! `archive::read_member`): members in archive order with their listing
//! state, one member's bytes, refusal of what §1 refuses.

mod common;

use common::{baseline, pack_with_manifest, vector, TEST_KEY_ID};
use flate2::write::GzEncoder;
use flate2::Compression;
use proofpack_core::archive::read_member;
use proofpack_core::findings::Findings;
use proofpack_core::inspect::{list_members, member_content, InspectError, Listing};
use proofpack_core::{Code, Limits};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::Write;

const ESC_CONTENT: &[u8] = b"before\x1b[2J\x1b]0;owned\x07after\n";

/// A gzip tar of regular members in the given order (not sorted).
fn tar_in_order(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (path, content) in members {
        let mut header = tar::Header::new_ustar();
        header.set_path(path).expect("path");
        header.set_size(content.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder.append(&header, *content).expect("append");
    }
    let tar = builder.into_inner().expect("tar");
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(&tar).expect("gzip");
    gz.finish().expect("gzip")
}

/// The baseline pack plus a listed attachment holding terminal escapes and
/// an unlisted member whose path holds one.
fn pack_with_escapes() -> Vec<u8> {
    let mut e = baseline();
    e.members
        .push(("attachments/escapes.txt".to_owned(), ESC_CONTENT.to_vec()));
    pack_with_manifest(
        &e,
        &[("attachments/\x1b[31mred.txt", b"red")],
        TEST_KEY_ID,
        |_| {},
    )
}

// --- core -----------------------------------------------------------------

#[test]
fn members_are_listed_in_archive_order_with_their_listing_state() {
    let file = std::fs::File::open(vector("valid-gdpr-all-classes.tar.gz")).expect("vector");
    let members = list_members(file, &Limits::default()).expect("lists");
    let paths: Vec<&str> = members.iter().map(|m| m.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "attachments/llm-provider-kb-delete-response.json",
            "attachments/vector-saas-delete-response.json",
            "attestation.txt",
            "audit-log-redaction.json",
            "manifest.json",
            "provenance.jsonl",
            "request.json",
            "signature.sig",
            "steps.jsonl",
            "subprocessor-receipts.jsonl",
            "verification.json",
        ]
    );
    for m in &members {
        let want = if m.path == "manifest.json" || m.path == "signature.sig" {
            Listing::NotListedByDesign
        } else {
            Listing::Listed
        };
        assert_eq!(m.listing, want, "{}", m.path);
        let file = std::fs::File::open(vector("valid-gdpr-all-classes.tar.gz")).expect("vector");
        let content = member_content(file, &Limits::default(), &m.path).expect("member");
        assert_eq!(content.len() as u64, m.size, "{}", m.path);
        assert_eq!(
            m.sha256,
            proofpack_core::schema::hex(&Sha256::digest(&content))
        );
    }
}

#[test]
fn archive_order_is_kept_and_an_absent_or_unparseable_manifest_leaves_listing_unknown() {
    let sig: &[u8] = b"{}";
    for manifest in [None, Some(&b"{"[..]), Some(&b"{\"files\": 3}"[..])] {
        let mut members: Vec<(&str, &[u8])> = vec![("zeta.txt", b"z"), ("signature.sig", sig)];
        if let Some(m) = manifest {
            members.push(("manifest.json", m));
        }
        members.push(("alpha.txt", b"a"));
        let pack = tar_in_order(&members);
        let listed = list_members(pack.as_slice(), &Limits::default()).expect("lists");
        let got: Vec<(&str, Listing)> = listed
            .iter()
            .map(|m| (m.path.as_str(), m.listing))
            .collect();
        let mut want = vec![
            ("zeta.txt", Listing::Unknown),
            ("signature.sig", Listing::NotListedByDesign),
        ];
        if manifest.is_some() {
            want.push(("manifest.json", Listing::NotListedByDesign));
        }
        want.push(("alpha.txt", Listing::Unknown));
        assert_eq!(got, want, "manifest {manifest:?}");
    }
}

#[test]
fn a_malformed_files_entry_leaves_listing_unknown() {
    let e = baseline();
    let pack = pack_with_manifest(&e, &[], TEST_KEY_ID, |m| {
        m["files"][0]["sha256"] = Value::from("not hex");
    });
    let listed = list_members(pack.as_slice(), &Limits::default()).expect("lists");
    for m in &listed {
        let by_design = m.path == "manifest.json" || m.path == "signature.sig";
        assert_eq!(
            by_design,
            m.listing == Listing::NotListedByDesign,
            "{}",
            m.path
        );
        assert_eq!(!by_design, m.listing == Listing::Unknown, "{}", m.path);
    }
}

#[test]
fn members_outside_files_are_unlisted() {
    let pack = pack_with_escapes();
    let listed = list_members(pack.as_slice(), &Limits::default()).expect("lists");
    let state = |p: &str| listed.iter().find(|m| m.path == p).map(|m| m.listing);
    assert_eq!(state("attachments/escapes.txt"), Some(Listing::Listed));
    assert_eq!(
        state("attachments/\x1b[31mred.txt"),
        Some(Listing::Unlisted)
    );
    assert_eq!(state("manifest.json"), Some(Listing::NotListedByDesign));
}

#[test]
fn read_member_gives_any_member_and_none_for_an_absent_one() {
    let pack = pack_with_escapes();
    let mut findings = Findings::new();
    let got = read_member(
        pack.as_slice(),
        &Limits::default(),
        "attachments/escapes.txt",
        &mut findings,
    )
    .expect("reads");
    assert_eq!(got.as_deref(), Some(ESC_CONTENT));
    assert!(findings.as_slice().is_empty());
    let got = read_member(
        pack.as_slice(),
        &Limits::default(),
        "attachments",
        &mut findings,
    )
    .expect("reads");
    assert_eq!(got, None);
    assert!(matches!(
        member_content(pack.as_slice(), &Limits::default(), "nope"),
        Err(InspectError::NoSuchMember(p)) if p == "nope"
    ));
}

fn refused_codes(result: Result<impl std::fmt::Debug, InspectError>) -> Vec<Code> {
    match result {
        Err(InspectError::Refused { findings }) => findings.iter().map(|f| f.code).collect(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn what_section_1_refuses_is_refused() {
    let symlink = std::fs::read(vector("archive-symlink.tar.gz")).expect("vector");
    let limits = Limits::default();
    assert!(refused_codes(list_members(symlink.as_slice(), &limits))
        .contains(&Code::ArchiveForbiddenEntry));
    // Even a member that is itself fine is not given from a refused archive.
    assert!(
        refused_codes(member_content(symlink.as_slice(), &limits, "manifest.json"))
            .contains(&Code::ArchiveForbiddenEntry)
    );
    let duplicate = tar_in_order(&[("a.txt", b"one"), ("a.txt", b"two")]);
    assert!(
        refused_codes(member_content(duplicate.as_slice(), &limits, "a.txt"))
            .contains(&Code::ArchiveDuplicateEntry)
    );
    // The member-size limit bounds what `show` keeps.
    let small = Limits {
        max_member_size: 16,
        ..Limits::default()
    };
    let big = tar_in_order(&[("attachments/big.bin", &[0u8; 17])]);
    assert!(refused_codes(member_content(
        big.as_slice(),
        &small,
        "attachments/big.bin"
    ))
    .contains(&Code::ArchiveLimitExceeded));
    assert!(
        refused_codes(list_members(&b"not gzip"[..], &limits)).contains(&Code::ArchiveMalformed)
    );
}
