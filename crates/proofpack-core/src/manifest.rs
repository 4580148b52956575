//! `manifest.json` (spec §2): the signed statement, and the member list it
//! binds by SHA-256.

use crate::archive::Archive;
use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageArg, MessageId};
use crate::schema::{parse_json, Fields};
use proofpack_spec::encoding::{hex, is_sha256_hex};
use proofpack_spec::json::Json;
use proofpack_spec::json::Shape;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{LegalBasis, MemberName, PACK_FORMAT};

/// The members of `manifest.json` that the §2 reader uses, each name written
/// once: the reader asks for them by these names, and [`SHAPE`] keeps only
/// them (every other member is checked against §0 and dropped unread).
mod names {
    pub(super) const FORMAT: &str = "format";
    pub(super) const PACK_ID: &str = "pack_id";
    pub(super) const REQUEST_ID: &str = "request_id";
    pub(super) const TENANT_ID: &str = "tenant_id";
    pub(super) const SUBJECT_ID: &str = "subject_id";
    pub(super) const LEGAL_BASIS: &str = "legal_basis";
    pub(super) const RECEIVED_AT: &str = "received_at";
    pub(super) const SLA_DEADLINE: &str = "sla_deadline";
    pub(super) const COMPLETED_AT: &str = "completed_at";
    pub(super) const SIGNED_AT: &str = "signed_at";
    pub(super) const SIGNER: &str = "signer";
    pub(super) const CASCADE_RUNNER: &str = "cascade_runner";
    pub(super) const SIGNATURE_KEY_ID: &str = "signature_key_id";
    pub(super) const SUBPROCESSORS: &str = "subprocessors";
    pub(super) const ALL_CLEAR: &str = "all_clear";
    pub(super) const FILES: &str = "files";
    pub(super) const PATH: &str = "path";
    pub(super) const SHA256: &str = "sha256";
    pub(super) const SIZE: &str = "size";
    pub(super) const SUPERSEDES: &str = "supersedes";
}

/// One entry of `files`.
const FILE: Shape = Shape::Members(&[
    (names::PATH, Shape::SCALAR),
    (names::SHA256, Shape::SCALAR),
    (names::SIZE, Shape::SCALAR),
]);
/// `supersedes` (§18).
const SUPERSEDES: Shape = Shape::Members(&[
    (names::PACK_ID, Shape::SCALAR),
    (names::SHA256, Shape::SCALAR),
]);
/// What the reader keeps of `manifest.json`.
static SHAPE: Shape = Shape::Members(&[
    (names::FORMAT, Shape::SCALAR),
    (names::PACK_ID, Shape::SCALAR),
    (names::REQUEST_ID, Shape::SCALAR),
    (names::TENANT_ID, Shape::SCALAR),
    (names::SUBJECT_ID, Shape::SCALAR),
    (names::LEGAL_BASIS, Shape::SCALAR),
    (names::RECEIVED_AT, Shape::SCALAR),
    (names::SLA_DEADLINE, Shape::SCALAR),
    (names::COMPLETED_AT, Shape::SCALAR),
    (names::SIGNED_AT, Shape::SCALAR),
    (names::SIGNER, Shape::SCALAR),
    (names::CASCADE_RUNNER, Shape::SCALAR),
    (names::SIGNATURE_KEY_ID, Shape::SCALAR),
    (names::SUBPROCESSORS, Shape::SCALARS),
    (names::ALL_CLEAR, Shape::SCALAR),
    (names::FILES, Shape::Items(&FILE)),
    (names::SUPERSEDES, SUPERSEDES),
]);

/// The member name.
pub(crate) const MANIFEST: MemberName = MemberName::Manifest;

/// One `files` entry.
#[derive(Debug, Clone)]
pub(crate) struct FileEntry {
    /// Member path.
    pub path: String,
    /// Lowercase hex SHA-256.
    pub sha256: String,
    /// Byte size.
    pub size: u64,
}

/// The earlier pack a follow-up pack replaces (§2, §18).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Supersedes {
    /// The earlier pack's `pack_id`.
    pub pack_id: String,
    /// The SHA-256 of the earlier pack's whole file, lowercase hex.
    pub sha256: String,
}

/// The manifest as far as it could be read; a member that was missing or
/// mistyped is `None` (and was reported).
#[derive(Debug, Clone, Default)]
pub(crate) struct Manifest {
    /// `pack_id`
    pub pack_id: Option<String>,
    /// `request_id`
    pub request_id: Option<String>,
    /// `subject_id`
    pub subject_id: Option<String>,
    /// `tenant_id`
    pub tenant_id: Option<String>,
    /// `legal_basis`
    pub legal_basis: Option<LegalBasis>,
    /// `received_at`
    pub received_at: Option<Timestamp>,
    /// `sla_deadline`
    pub sla_deadline: Option<Timestamp>,
    /// `completed_at`
    pub completed_at: Option<Timestamp>,
    /// `signed_at`
    pub signed_at: Option<Timestamp>,
    /// `all_clear`
    pub all_clear: Option<bool>,
    /// `cascade_runner`
    pub cascade_runner: Option<String>,
    /// `signer`
    pub signer: Option<String>,
    /// `signature_key_id`
    pub signature_key_id: Option<String>,
    /// `subprocessors`
    pub subprocessors: Option<Vec<String>>,
    /// `files`: the entries of the right shape.
    pub files: Option<Vec<FileEntry>>,
    /// Whether every entry of `files` had the right shape (else `files`
    /// holds only some of them, and cannot tell an unlisted member).
    pub files_complete: bool,
    /// `supersedes`, when present and well-formed.
    pub supersedes: Option<Supersedes>,
}

/// Parses `manifest.json` and reports §2 shape findings.
pub(crate) fn parse(bytes: &[u8], findings: &mut Findings) -> Option<Manifest> {
    let doc = parse_json(bytes, MANIFEST.as_str(), &SHAPE, findings)?;
    if doc
        .as_object()
        .and_then(|o| o.get(names::FORMAT))
        .and_then(Json::as_str)
        != Some(PACK_FORMAT)
    {
        findings.add(
            Code::ManifestUnsupportedFormat,
            format!("{MANIFEST}#/format"),
            message!(ManifestUnsupportedFormat, format = quoted(PACK_FORMAT)),
        );
    }
    let mut f = Fields::of(&doc, Code::ManifestSchema, MANIFEST.as_str(), findings)?;
    let own = |s: Option<&str>| s.map(str::to_owned);
    let mut m = Manifest {
        pack_id: own(f.string(names::PACK_ID)),
        request_id: own(f.string(names::REQUEST_ID)),
        subject_id: own(f.string(names::SUBJECT_ID)),
        tenant_id: own(f.string(names::TENANT_ID)),
        legal_basis: f.name(names::LEGAL_BASIS),
        received_at: f.timestamp(names::RECEIVED_AT),
        sla_deadline: f.timestamp(names::SLA_DEADLINE),
        completed_at: f.timestamp(names::COMPLETED_AT),
        signed_at: f.timestamp(names::SIGNED_AT),
        all_clear: f.boolean(names::ALL_CLEAR),
        cascade_runner: own(f.string(names::CASCADE_RUNNER)),
        signer: own(f.string(names::SIGNER)),
        signature_key_id: own(f.string(names::SIGNATURE_KEY_ID)),
        subprocessors: f
            .string_array(names::SUBPROCESSORS)
            .map(|v| v.into_iter().map(str::to_owned).collect()),
        files: None,
        files_complete: false,
        supersedes: None,
    };
    match f.get(names::SUPERSEDES) {
        None | Some(Json::Null) => {}
        Some(value) => match parse_supersedes(value) {
            Some(earlier) => m.supersedes = Some(earlier),
            None => f.bad(
                names::SUPERSEDES,
                MessageArg::Said(
                    MessageId::WhyNullOrShape,
                    vec![(
                        "shape",
                        "{\"pack_id\": <string>, \"sha256\": <64 lowercase hex digits>}".into(),
                    )],
                ),
            ),
        },
    }
    if let Some(items) = f.array(names::FILES) {
        let mut files = Vec::new();
        let mut complete = true;
        for (i, item) in items.iter().enumerate() {
            match parse_file_entry(item) {
                Ok(entry) => files.push(entry),
                Err(why) => {
                    f.bad(&format!("files/{i}"), why);
                    complete = false;
                }
            }
        }
        m.files = Some(files);
        m.files_complete = complete;
    }
    Some(m)
}

fn parse_supersedes(value: &Json) -> Option<Supersedes> {
    let obj = value.as_object()?;
    let pack_id = obj.get(names::PACK_ID).and_then(Json::as_str)?;
    let sha256 = obj
        .get(names::SHA256)
        .and_then(Json::as_str)
        .filter(|s| is_sha256_hex(s))?;
    Some(Supersedes {
        pack_id: pack_id.to_owned(),
        sha256: sha256.to_owned(),
    })
}

fn parse_file_entry(item: &Json) -> Result<FileEntry, MessageId> {
    let obj = item.as_object().ok_or(MessageId::WhyFilesEntryNotObject)?;
    let path = obj
        .get(names::PATH)
        .and_then(Json::as_str)
        .ok_or(MessageId::WhyPathNotString)?;
    if path
        .parse::<MemberName>()
        .is_ok_and(MemberName::is_unlisted_by_design)
    {
        return Err(MessageId::WhyListedByDesign);
    }
    let sha256 = obj
        .get(names::SHA256)
        .and_then(Json::as_str)
        .filter(|s| is_sha256_hex(s))
        .ok_or(MessageId::WhySha256NotHex)?;
    let size = obj
        .get(names::SIZE)
        .and_then(Json::as_count)
        .ok_or(MessageId::WhySizeNotCount)?;
    Ok(FileEntry {
        path: path.to_owned(),
        sha256: sha256.to_owned(),
        size,
    })
}

/// Checks the `files` list against the archive (§2). Returns whether every
/// listed file is present, once, with its SHA-256 and size.
pub(crate) fn check_files(files: &[FileEntry], archive: &Archive, findings: &mut Findings) -> bool {
    let mut all_hashed = true;
    let mut listed: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let members: std::collections::HashMap<&str, &crate::archive::Member> = archive
        .members
        .iter()
        .map(|m| (m.path.as_str(), m))
        .collect();
    for (i, entry) in files.iter().enumerate() {
        let location = format!("{MANIFEST}#/files/{i}");
        if !listed.insert(entry.path.as_str()) {
            findings.add(
                Code::ManifestDuplicatePath,
                location,
                message!(ManifestListedTwice, path = quoted(&entry.path)),
            );
            all_hashed = false;
            continue;
        }
        let Some(member) = members.get(entry.path.as_str()) else {
            findings.add(
                Code::ManifestFileMissing,
                location,
                message!(ManifestFileMissing, path = quoted(&entry.path)),
            );
            all_hashed = false;
            continue;
        };
        if member.size != entry.size {
            all_hashed = false;
            findings.add(
                Code::ManifestSizeMismatch,
                entry.path.clone(),
                message!(
                    ManifestSizeMismatch,
                    size = member.size,
                    listed = entry.size
                ),
            );
        }
        let actual = hex(&member.sha256);
        if actual != entry.sha256 {
            all_hashed = false;
            findings.add(
                Code::ManifestHashMismatch,
                entry.path.clone(),
                message!(
                    ManifestHashMismatch,
                    actual = actual,
                    listed = &entry.sha256
                ),
            );
        }
    }
    for member in &archive.members {
        let p = member.path.as_str();
        let by_design = p
            .parse::<MemberName>()
            .is_ok_and(MemberName::is_unlisted_by_design);
        if !by_design && !listed.contains(&p) {
            findings.add(Code::ManifestUnlistedMember, p, message!(ManifestUnlisted));
        }
    }
    all_hashed
}
