//! `proofpack ls` and `proofpack show`, and the core functions behind them
//! (`proofpack_core::inspect`, `archive::read_member`): members in archive
//! order with their listing state, one member's bytes, refusal of what §1
//! refuses, standard input, terminal escaping; and the completion scripts
//! and man page.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // test code: a failure panics

mod common;
mod tools;

use common::{baseline, pack_bytes, pack_with_manifest, tar_in_order, vector, TEST_KEY_ID};
use flate2::write::GzEncoder;
use flate2::Compression;
use proofpack_core::inspect::{
    list_members, member_content, members_content, InspectError, Listing,
};
use proofpack_core::{Code, Limits};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::process::{Command, Output, Stdio};

const ESC_CONTENT: &[u8] = b"before\x1b[2J\x1b]0;owned\x07after\n";

/// The baseline pack plus a listed attachment holding terminal escapes and
/// an unlisted member whose path holds one.
fn pack_with_escapes() -> Vec<u8> {
    let mut e = baseline();
    e.members.push((
        "attachments/escapes.txt".to_owned(),
        ESC_CONTENT.to_vec().into(),
    ));
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
            proofpack_spec::encoding::hex(&Sha256::digest(&content))
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
fn member_content_gives_any_member_and_refuses_an_absent_one() {
    let pack = pack_with_escapes();
    let got = member_content(
        pack.as_slice(),
        &Limits::default(),
        "attachments/escapes.txt",
    )
    .expect("reads");
    assert_eq!(got, ESC_CONTENT);
    // A directory is not a regular member.
    assert!(matches!(
        member_content(pack.as_slice(), &Limits::default(), "attachments"),
        Err(InspectError::NoSuchMember(p)) if p == "attachments"
    ));
    assert!(matches!(
        member_content(pack.as_slice(), &Limits::default(), "nope"),
        Err(InspectError::NoSuchMember(p)) if p == "nope"
    ));
}

#[test]
fn members_content_gives_several_members_in_one_pass_in_the_order_asked() {
    let pack = pack_with_escapes();
    let limits = Limits::default();
    let one = |path| member_content(pack.as_slice(), &limits, path).expect("reads");
    let [attachment, manifest] = members_content(
        pack.as_slice(),
        &limits,
        ["attachments/escapes.txt", "manifest.json"],
    )
    .expect("reads");
    assert_eq!(attachment, one("attachments/escapes.txt"));
    assert_eq!(manifest, one("manifest.json"));
    // The first path that names no member is the one refused.
    assert!(matches!(
        members_content(pack.as_slice(), &limits, ["manifest.json", "nope", "gone"]),
        Err(InspectError::NoSuchMember(p)) if p == "nope"
    ));
}

fn refused_codes(result: Result<impl std::fmt::Debug, InspectError>) -> Vec<Code> {
    match result {
        Err(InspectError::Refused { findings }) => findings.iter().map(|f| f.code()).collect(),
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

// --- CLI --------------------------------------------------------------------

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_proofpack")
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(bin())
        .args(args)
        // The English words, whatever the machine's locale.
        .env("LC_ALL", "C")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    if let Some(bytes) = stdin {
        let mut input = child.stdin.take().expect("stdin");
        input.write_all(bytes).expect("writes stdin");
    }
    child.wait_with_output().expect("exits")
}

/// Runs the command under a pseudo-terminal (util-linux `script`), so that
/// its stdout is a terminal; the test fails when util-linux's `script` is
/// not there.
fn run_on_terminal(args: &[&str]) -> Output {
    tools::require("script", &["--version"], "bsdutils");
    let quote = |s: &str| format!("'{}'", s.replace('\'', r"'\''"));
    let command: Vec<String> = std::iter::once(bin())
        .chain(args.iter().copied())
        .map(quote)
        .collect();
    Command::new("script")
        .args(["-qec", &command.join(" "), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("script runs")
}

fn has_esc(bytes: &[u8]) -> bool {
    bytes.contains(&0x1b)
}

fn write_temp(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("writes");
    path.to_str().expect("utf-8 path").to_owned()
}

fn vector_path(name: &str) -> String {
    vector(name).to_str().expect("utf-8 path").to_owned()
}

#[test]
fn ls_json_is_an_array_of_members() {
    let out = run(
        &[
            "ls",
            "--json",
            &vector_path("valid-gdpr-all-classes.tar.gz"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let listed: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let listed = listed.as_array().expect("an array");
    assert_eq!(listed.len(), 11);
    assert_eq!(listed[4]["path"], "manifest.json");
    assert_eq!(listed[4]["listing"], "not_listed_by_design");
    assert_eq!(listed[6]["path"], "request.json");
    assert_eq!(listed[6]["size"], 440);
    assert_eq!(listed[6]["listing"], "listed");
    assert!(listed
        .iter()
        .all(|m| m["sha256"].as_str().is_some_and(|h| h.len() == 64
            && h.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))));
}

#[test]
fn ls_escapes_member_paths_piped_and_in_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = write_temp(&dir, "escapes.tar.gz", &pack_with_escapes());
    let out = run(&["ls", &pack], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(!has_esc(&out.stdout));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let line = text
        .lines()
        .find(|l| l.starts_with("attachments/\\u{1b}[31mred.txt"))
        .expect("the escaped path");
    assert!(line.ends_with(" unlisted"), "{line}");
    let out = run(&["ls", "--json", &pack], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(!has_esc(&out.stdout));
    let listed: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(listed
        .as_array()
        .expect("array")
        .iter()
        .any(|m| m["path"] == "attachments/\x1b[31mred.txt" && m["listing"] == "unlisted"));
}

#[test]
fn show_writes_raw_bytes_when_piped_and_escapes_them_on_a_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = write_temp(&dir, "escapes.tar.gz", &pack_with_escapes());
    let out = run(&["show", &pack, "attachments/escapes.txt"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, ESC_CONTENT);

    let out = run_on_terminal(&["show", &pack, "attachments/escapes.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        !has_esc(&out.stdout),
        "{:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains("before\\u{1b}[2J\\u{1b}]0;owned\\u{7}after"),
        "{shown:?}"
    );
}

#[test]
fn ls_on_a_terminal_escapes_paths() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = write_temp(&dir, "escapes.tar.gz", &pack_with_escapes());
    let out = run_on_terminal(&["ls", &pack]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!has_esc(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stdout).contains("attachments/\\u{1b}[31mred.txt"));
}

#[test]
fn a_dash_reads_the_pack_from_stdin() {
    let pack = std::fs::read(vector("valid-gdpr-all-classes.tar.gz")).expect("vector");
    let from_file = run(&["ls", &vector_path("valid-gdpr-all-classes.tar.gz")], None);
    let from_stdin = run(&["ls", "-"], Some(&pack));
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(from_stdin.stdout, from_file.stdout);

    let out = run(&["show", "-", "manifest.json"], Some(&pack));
    assert_eq!(out.status.code(), Some(0));
    let file = std::fs::File::open(vector("valid-gdpr-all-classes.tar.gz")).expect("vector");
    let manifest = member_content(file, &Limits::default(), "manifest.json").expect("manifest");
    assert_eq!(out.stdout, manifest);

    let symlink = std::fs::read(vector("archive-symlink.tar.gz")).expect("vector");
    let out = run(&["ls", "-"], Some(&symlink));
    assert_eq!(out.status.code(), Some(6));
    assert!(out.stdout.is_empty());
}

#[test]
fn refusals_and_absent_members_print_escaped_text_to_stderr() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A symbolic link whose path holds an escape: refused, location escaped.
    let mut builder = tar::Builder::new(Vec::new());
    let mut header = tar::Header::new_ustar();
    header.set_entry_type(tar::EntryType::Symlink);
    header.set_path("attachments/\x1b[2Jlink").expect("path");
    header.set_link_name("/etc/passwd").expect("link");
    header.set_size(0);
    header.set_cksum();
    builder.append(&header, std::io::empty()).expect("append");
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(&builder.into_inner().expect("tar"))
        .expect("gzip");
    let pack = write_temp(&dir, "link.tar.gz", &gz.finish().expect("gzip"));
    for args in [vec!["ls", &pack], vec!["show", &pack, "manifest.json"]] {
        let out = run(&args, None);
        assert_eq!(out.status.code(), Some(6), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(!has_esc(&out.stderr));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(Code::ArchiveForbiddenEntry.as_str()),
            "{stderr}"
        );
        assert!(stderr.contains("attachments/\\u{1b}[2Jlink"), "{stderr}");
    }

    let valid = vector_path("valid-gdpr-all-classes.tar.gz");
    let out = run(&["show", &valid, "attachments/\x1b[2Jnone"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(!has_esc(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("attachments/\\u{1b}[2Jnone"));
}

#[test]
fn nothing_is_written_to_disk() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pack = write_temp(&dir, "pack.tar.gz", &pack_bytes(&baseline(), true));
    for args in [
        vec!["ls", "pack.tar.gz"],
        vec!["ls", "--json", "pack.tar.gz"],
        vec!["show", "pack.tar.gz", "steps.jsonl"],
    ] {
        let out = Command::new(bin())
            .args(&args)
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
    let entries: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
    assert_eq!(entries.len(), 1, "only {pack} is in the folder");
}

// --- completions and man page -------------------------------------------------

const SUBCOMMANDS: &[&str] = &[
    "verify",
    "keygen",
    "trust",
    "pack",
    "ls",
    "show",
    "completions",
    "man",
];

#[test]
fn completion_scripts_name_the_subcommands_and_bash_parses() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).expect("utf-8");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
        if shell == "bash" {
            let dir = tempfile::tempdir().expect("tempdir");
            let path = dir.path().join("proofpack.bash");
            std::fs::write(&path, &script).expect("writes");
            let check = Command::new("bash")
                .arg("-n")
                .arg(&path)
                .output()
                .expect("bash runs");
            assert!(
                check.status.success(),
                "{}",
                String::from_utf8_lossy(&check.stderr)
            );
        }
    }
    let out = run(&["completions", "tcsh"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_man_page_is_roff_naming_the_subcommands() {
    let out = run(&["man"], None);
    assert_eq!(out.status.code(), Some(0));
    let page = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        page.starts_with(".ie") || page.contains("\n.TH "),
        "not roff"
    );
    assert!(page.contains(".TH proofpack"), "no title header");
    for sub in SUBCOMMANDS {
        assert!(page.contains(sub), "man page lacks {sub}");
    }
}
