//! Looking inside a pack without verifying it: its members (path, size,
//! SHA-256, and whether the manifest's `files` lists each), and the bytes of
//! one member.
//!
//! Both read the archive with the §1 reader and refuse what §1 refuses: an
//! archive with any §1 finding (every finding of
//! the §1 reader is an `archive.*` one) gives
//! [`InspectError::Refused`] with those findings, never a listing or bytes
//! that other readers might see differently. A missing required member is
//! not a refusal: it is what a listing shows. Nothing is written to disk.

use crate::archive::{read_archive, read_members, Archive, Limits, ReadError};
use crate::findings::{Finding, Findings};
use crate::manifest::{self, Manifest, MANIFEST};
use proofpack_spec::encoding::hex;
use proofpack_spec::text::Untrusted;
use proofpack_spec::vocab::MemberName;
use std::collections::HashSet;
use std::io::Read;

pub use crate::report::{Listing, MemberInfo};

/// Why a pack could not be inspected.
#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    /// The input could not be read (not a property of the pack).
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The archive breaks §1: these are its `archive.*` findings.
    #[error("the archive breaks the container rules of §1 ({} findings)", findings.len())]
    Refused {
        /// The §1 findings, in the order they were found.
        findings: Vec<Finding>,
    },
    /// The archive has no regular member at this path.
    #[error("the pack has no member {}", Untrusted(.0))]
    NoSuchMember(String),
}

fn refuse_if_any(findings: Findings) -> Result<(), InspectError> {
    if findings.as_slice().is_empty() {
        Ok(())
    } else {
        Err(InspectError::Refused {
            findings: findings.into_vec(),
        })
    }
}

/// Reads a `proof.tar.gz` stream and lists its regular members in archive
/// order (each with its [`Listing`]), or refuses it as §1 does.
pub fn list_members<R: Read>(input: R, limits: &Limits) -> Result<Vec<MemberInfo>, InspectError> {
    let mut findings = Findings::new();
    let archive = read_archive(input, limits, &mut findings)?;
    refuse_if_any(findings)?;
    Ok(listing(&archive))
}

/// Reads a `proof.tar.gz` stream and returns the bytes of its regular member
/// at `path` (any member, `attachments/...` included), or refuses it as §1
/// does. Only that member is kept in memory, bounded by
/// [`Limits::max_member_size`].
pub fn member_content<R: Read>(
    input: R,
    limits: &Limits,
    path: &str,
) -> Result<Vec<u8>, InspectError> {
    let [content] = members_content(input, limits, [path])?;
    Ok(content)
}

/// [`member_content`] of each of `paths`, in one pass over the stream, in
/// their order; [`InspectError::NoSuchMember`] names the first missing.
pub fn members_content<R: Read, const N: usize>(
    input: R,
    limits: &Limits,
    paths: [&str; N],
) -> Result<[Vec<u8>; N], InspectError> {
    let mut findings = Findings::new();
    let contents = read_members(input, limits, &paths, &mut findings)?;
    refuse_if_any(findings)?;
    let mut out = [(); N].map(|()| Vec::new());
    for ((slot, content), path) in out.iter_mut().zip(contents).zip(paths) {
        *slot = content.ok_or_else(|| InspectError::NoSuchMember(path.to_owned()))?;
    }
    Ok(out)
}

/// The members of an archive already read, in archive order, each with its
/// [`Listing`]. The manifest is read with the §2 parser; when it is absent,
/// does not parse, or any `files` entry is malformed, every member but
/// `manifest.json` and `signature.sig` is [`Listing::Unknown`].
pub(crate) fn listing(archive: &Archive) -> Vec<MemberInfo> {
    let manifest = archive
        .content(MANIFEST)
        .and_then(|bytes| manifest::parse(bytes, &mut Findings::new()));
    listing_against(archive, manifest.as_ref())
}

/// The members of an archive against a manifest already parsed (`None`: no
/// manifest could be read).
pub(crate) fn listing_against(archive: &Archive, manifest: Option<&Manifest>) -> Vec<MemberInfo> {
    let listed: Option<HashSet<&str>> = manifest
        .filter(|m| m.files_complete)
        .and_then(|m| m.files.as_ref())
        .map(|files| files.iter().map(|f| f.path.as_str()).collect());
    archive
        .members
        .iter()
        .map(|m| {
            let by_design = m
                .path
                .parse::<MemberName>()
                .is_ok_and(MemberName::is_unlisted_by_design);
            let listing = match &listed {
                _ if by_design => Listing::NotListedByDesign,
                None => Listing::Unknown,
                Some(paths) if paths.contains(m.path.as_str()) => Listing::Listed,
                Some(_) => Listing::Unlisted,
            };
            MemberInfo {
                path: m.path.clone(),
                size: m.size,
                sha256: hex(&m.sha256),
                listing,
            }
        })
        .collect()
}
