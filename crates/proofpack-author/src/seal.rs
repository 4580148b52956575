//! Sealing a signed pack (spec §22): a seal made after signing (the
//! producer's `AuditLog::seal`, as `SEAL.json`) goes into the pack's
//! `signature.sig`, and nothing else of the pack changes. The command
//! line's `seal` and Python's `seal_pack` present what [`seal`] returns.
//!
//! Whether the seal holds for this pack is the verifier's word, never this
//! module's: the sealed pack is written beside its destination, verified
//! from there with the core against the trust store, and put in place only
//! when the report's `seal` holds and gives a sealed time (§22 checks 2-5,
//! and k counting witnesses).
//!
//! The pack's members are read with the `tar` crate into memory, within
//! the verifier's own [`Limits`] (1 GiB in all), then written again with
//! the author's reproducible writer: a pack is sealed once, just after it
//! is signed, so holding it is the simple course. A pack this writer could
//! not have written (a member that is not a regular file, a path given
//! twice) is refused rather than changed beyond `signature.sig`.

use crate::content::Content;
use crate::signing::{refuse_existing, Destination};
use crate::tar_writer::{entries_of, write_pack_to};
use crate::AuthoringError;
use proofpack_core::{Effect, Finding, Limits, Report, TrustStore, Verdict};
use proofpack_files::{Access, Existing, FileError, Staged};
use proofpack_spec::text::Untrusted;
use proofpack_spec::vocab::{seal_names, MemberName};
use std::fmt;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};

/// What to seal: the inputs of `proofpack seal` and of Python's `seal_pack`.
#[derive(Debug, Clone)]
pub struct SealRequest {
    /// The signed pack.
    pub pack: PathBuf,
    /// The seal: the bytes of `SEAL.json`, exactly §22's `seal` object.
    pub seal: Vec<u8>,
    /// The trust store the recipients verify with; the seal must hold
    /// under it.
    pub trust_path: PathBuf,
}

/// Why a pack was not sealed (nothing was written in any case).
#[derive(Debug, thiserror::Error)]
pub enum SealError {
    /// The pack could not be read, or holds what the writer cannot write
    /// again unchanged; or the destination could not be written.
    #[error(transparent)]
    Authoring(#[from] AuthoringError),
    /// The trust store cannot be read or is not a valid store (§4).
    #[error(transparent)]
    TrustStore(#[from] proofpack_core::TrustStoreError),
    /// The seal is not strict JSON (§0).
    #[error("the seal is not strict JSON: {0}")]
    SealNotJson(String),
    /// The destination exists and replacing it was not asked for.
    #[error("{} exists; nothing was written", .path.display())]
    Exists {
        /// The destination.
        path: PathBuf,
    },
    /// The seal does not hold for this pack under the trust store.
    #[error("{0}")]
    Refused(Box<SealRefused>),
}

/// A refusal to seal: why, and the report on the would-be sealed pack.
#[derive(Debug, Clone)]
pub struct SealRefused {
    refusal: SealRefusal,
    report: Report,
    trust_path: PathBuf,
}

/// Why a seal was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SealRefusal {
    /// The seal does not hold for this pack (§22 checks 2-5): another
    /// pack's, another log's, or a log key the store does not hold.
    DoesNotHold,
    /// The seal holds, but fewer than k witnesses count on its checkpoint:
    /// it gives no sealed time.
    NoSealedTime {
        /// The witnesses that count.
        counted: usize,
        /// k (§21: `max(1, witness_quorum)`).
        k: u64,
    },
}

impl SealRefusal {
    /// A stable name of the refusal, for a front end to switch on.
    pub fn kind(&self) -> &'static str {
        match self {
            SealRefusal::DoesNotHold => "seal_does_not_hold",
            SealRefusal::NoSealedTime { .. } => "seal_not_witnessed",
        }
    }

    /// What to do, in lines.
    pub fn what_to_do(&self) -> Vec<String> {
        match self {
            SealRefusal::DoesNotHold => vec![
                "Seal this pack as signed: log its pack_signed entry (its manifest's and signature's digests) in the log its checkpoint_after is of, and build the seal from that checkpoint_after; the trust store must hold the log's key.".to_owned(),
            ],
            SealRefusal::NoSealedTime { .. } => vec![
                "Have more witnesses cosign the seal's checkpoint (at or after signed_at, with keys the trust store holds as witness keys), then build the seal again.".to_owned(),
            ],
        }
    }
}

impl fmt::Display for SealRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealRefusal::DoesNotHold => write!(f, "the seal does not hold for this pack"),
            SealRefusal::NoSealedTime { counted, k } => write!(
                f,
                "the seal holds, but {counted} witness(es) count on its checkpoint where {k} are needed: it gives no sealed time"
            ),
        }
    }
}

impl SealRefused {
    /// Why.
    pub fn refusal(&self) -> SealRefusal {
        self.refusal
    }

    /// The verifier's report on the would-be sealed pack.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Untrusted's exit status (5, §12): a seal that does not hold leaves
    /// the signature's time the signer's word.
    pub fn exit_status(&self) -> i32 {
        Verdict::Untrusted.exit_status()
    }

    /// The findings located in the seal (`signature.sig#/seal...`) that
    /// are not warnings: what makes it fail.
    pub fn to_fix(&self) -> impl Iterator<Item = &Finding> {
        let prefix = format!("{}#/{}", MemberName::Signature.as_str(), seal_names::SEAL);
        self.report
            .findings()
            .iter()
            .filter(move |f| f.effect() != Effect::Warning && f.location().starts_with(&prefix))
    }
}

impl fmt::Display for SealRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "refused to seal with the trust store {}: {}; nothing was written",
            self.trust_path.display(),
            self.refusal
        )
    }
}

/// A pack that was sealed: the verifier's report on it, which gives its
/// size and SHA-256 (`report.pack()`), the pack's identity from now on,
/// and its `seal` with the sealed time.
#[derive(Debug)]
pub struct Sealed {
    /// The verifier's report on the sealed pack.
    pub report: Report,
}

/// The input name of the report on the would-be sealed pack (`meta.input`).
const WOULD_BE_SEALED: &str = "(the pack being sealed)";

/// Seals the pack `request.pack` with `request.seal` and writes it to
/// `out`: every member as it is but `signature.sig`, which gains the seal
/// (§22). Refused, with nothing written, when `out` exists and is not to
/// be replaced, or when the seal does not hold for this pack under the
/// trust store or gives no sealed time ([`SealRefusal`]).
pub fn seal(request: &SealRequest, out: &Destination) -> Result<Sealed, SealError> {
    refuse_existing(out).map_err(|path| SealError::Exists { path })?;
    let trust = TrustStore::load(&request.trust_path)?;
    // §0's parser refuses what serde_json would take (duplicate names,
    // lone surrogates); serde_json gives the value that goes into
    // signature.sig.
    let seal: serde_json::Value = proofpack_spec::json::parse(&request.seal)
        .map_err(|e| SealError::SealNotJson(e.to_string()))
        .and_then(|_| {
            serde_json::from_slice(&request.seal).map_err(|e| SealError::SealNotJson(e.to_string()))
        })?;
    let mut members = pack_members(&request.pack)?;
    let signature = members
        .iter_mut()
        .find(|(path, _)| path == MemberName::Signature.as_str())
        .ok_or_else(|| {
            AuthoringError::Invalid(format!(
                "{} has no {}: it is not signed",
                request.pack.display(),
                MemberName::Signature.as_str()
            ))
        })?;
    signature.1 = proofpack_producer::signature_with_seal(&signature.1, seal)
        .map_err(|e| AuthoringError::Invalid(format!("{}: {e}", request.pack.display())))?;
    let (staged, report) = write_and_verify(&members, &out.path, &trust)?;
    if let Some(refusal) = refusal(&report) {
        return Err(SealError::Refused(Box::new(SealRefused {
            refusal,
            report,
            trust_path: request.trust_path.clone(),
        })));
    }
    // Again: the file may have appeared while the pack was checked.
    refuse_existing(out).map_err(|path| SealError::Exists { path })?;
    let existing = if out.replace {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    staged.commit(existing).map_err(|e| match e {
        FileError::Exists { path, .. } => SealError::Exists { path },
        e => SealError::Authoring(e.into()),
    })?;
    Ok(Sealed { report })
}

/// Why the report on the sealed pack refuses the seal, if it does.
fn refusal(report: &Report) -> Option<SealRefusal> {
    match report.seal() {
        Some(seal) if seal.holds && seal.sealed_time.is_some() => None,
        Some(seal) if seal.holds => Some(SealRefusal::NoSealedTime {
            counted: seal.cosignatures.iter().filter(|c| c.counted).count(),
            k: report.sla().witness_k,
        }),
        _ => Some(SealRefusal::DoesNotHold),
    }
}

/// Writes the pack of `members` into a new file beside `out` and verifies
/// it from there.
fn write_and_verify(
    members: &[(String, Vec<u8>)],
    out: &Path,
    trust: &TrustStore,
) -> Result<(Staged, Report), AuthoringError> {
    let contents: Vec<Content> = members.iter().map(|(_, c)| c.clone().into()).collect();
    let entries = entries_of(members, &contents);
    let mut staged = Staged::beside(out, Access::Default)?;
    write_pack_to(entries, staged.file(), out)?;
    let tmp = staged.path().to_path_buf();
    let file = staged.file();
    file.rewind().map_err(|e| AuthoringError::io(&tmp, e))?;
    let report =
        proofpack_core::verify(&*file, WOULD_BE_SEALED, Some(trust), &Limits::default())
            .map_err(|e| AuthoringError::Invalid(format!("could not re-read the pack: {e}")))?;
    Ok((staged, report))
}

/// The regular-file members of the pack at `path`, in archive order,
/// within the verifier's default [`Limits`], to be written again with one
/// changed (sealing). Refuses what the author's writer would not write
/// again unchanged: an entry that is not a regular file, a path twice, a
/// path that is not UTF-8.
pub fn pack_members(path: &Path) -> Result<Vec<(String, Vec<u8>)>, AuthoringError> {
    let limits = Limits::default();
    let unreadable = |why: String| {
        AuthoringError::Invalid(format!(
            "{}: not a pack that can be sealed: {why}",
            path.display()
        ))
    };
    let file = std::fs::File::open(path).map_err(|e| AuthoringError::io(path, e))?;
    let gz = flate2::read::GzDecoder::new(std::io::BufReader::new(file));
    let mut archive = tar::Archive::new(gz.take(limits.max_decompressed_bytes));
    let mut members: Vec<(String, Vec<u8>)> = Vec::new();
    let entries = archive.entries().map_err(|e| unreadable(e.to_string()))?;
    for (count, entry) in entries.enumerate() {
        let mut entry = entry.map_err(|e| unreadable(e.to_string()))?;
        if count as u64 >= limits.max_headers {
            return Err(unreadable(format!(
                "more than {} members",
                limits.max_headers
            )));
        }
        let name = String::from_utf8(entry.path_bytes().into_owned())
            .map_err(|_| unreadable("a member's path is not UTF-8".to_owned()))?;
        if !entry.header().entry_type().is_file() {
            return Err(unreadable(format!(
                "{} is not a regular file",
                Untrusted(&name)
            )));
        }
        if members.iter().any(|(p, _)| *p == name) {
            return Err(unreadable(format!("{} is in it twice", Untrusted(&name))));
        }
        let size = entry.size();
        if size > limits.max_member_size {
            return Err(unreadable(format!("{} is too large", Untrusted(&name))));
        }
        let mut content = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        entry
            .read_to_end(&mut content)
            .map_err(|e| unreadable(e.to_string()))?;
        members.push((name, content));
    }
    if members.is_empty() {
        return Err(unreadable("it has no members".to_owned()));
    }
    Ok(members)
}
