//! `proofpack pack`: an evidence folder becomes a signed, reproducible
//! `proof.tar.gz`, after the verifier itself has checked the would-be pack.
//!
//! The DPO is stopped from signing a pack that does not hold up: any finding
//! of effect `invalid` or `untrusted` refuses, and `incomplete` or `late`
//! refuses unless the DPO accepts an honest incomplete pack.

pub use crate::content::{Content, Digested};
use crate::tar_writer::{write_pack_to, Entry, Restart};
use crate::AuthoringError;
use base64::Engine;
use ed25519_dalek::{Signer, SigningKey, VerifyingKey};
use proofpack_core::trust::{Role, TrustStore, TrustedKey};
use proofpack_core::Limits;
use proofpack_core::Report;
use proofpack_core::{Code, Effect, Verdict};
/// What [`Signed::persist`] does when its destination exists.
pub use proofpack_files::Existing;
use proofpack_files::{Access, FileError, Staged};
use proofpack_spec::dsse::pae;
use proofpack_spec::json::{self, Json};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::{
    signature_names as names, Alg, MemberName, ATTACHMENTS_DIR, PACK_FORMAT, PAYLOAD_TYPE,
};
use serde_json::{Map, Value};
use std::io::Seek;
use std::path::{Path, PathBuf};

/// The content members an evidence folder may hold at its root: the
/// members the verifier parses, less the two that `pack` writes itself.
pub fn evidence_members() -> impl Iterator<Item = &'static str> {
    MemberName::ALL
        .iter()
        .filter(|m| !m.is_unlisted_by_design())
        .map(|m| m.as_str())
}

/// The folder's description of the pack (`pack.json`).
#[derive(Debug, Clone)]
pub struct PackDescription {
    /// `pack_id`
    pub pack_id: String,
    /// `completed_at`
    pub completed_at: String,
    /// `cascade_runner`
    pub cascade_runner: String,
    /// `signer`
    pub signer: String,
    /// `signature_key_id`
    pub signature_key_id: String,
    /// `subprocessors`
    pub subprocessors: Vec<String>,
    /// `supersedes` (§2, §18): the earlier pack this one replaces, when it is
    /// a follow-up pack.
    pub supersedes: Option<Superseded>,
}

/// The earlier pack a follow-up pack replaces (§18): its `pack_id` and the
/// SHA-256 of its whole `proof.tar.gz`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Superseded {
    /// The earlier pack's `pack_id`.
    pub pack_id: String,
    /// The SHA-256 of the earlier pack's file, 64 lowercase hex digits.
    pub sha256: String,
}

impl Superseded {
    /// `{"pack_id": ..., "sha256": ...}`, or why not.
    fn from_json(value: &Json) -> Result<Superseded, String> {
        let obj = value
            .as_object()
            .ok_or("`supersedes` must be an object or null")?;
        let pack_id = obj
            .get("pack_id")
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
            .ok_or("`supersedes.pack_id` must be a non-empty string")?;
        let sha256 = obj
            .get("sha256")
            .and_then(Json::as_str)
            .filter(|s| proofpack_spec::encoding::is_sha256_hex(s))
            .ok_or("`supersedes.sha256` must be 64 lowercase hex digits")?;
        Ok(Superseded {
            pack_id: pack_id.to_owned(),
            sha256: sha256.to_owned(),
        })
    }

    fn to_value(&self) -> Value {
        serde_json::json!({"pack_id": self.pack_id, "sha256": self.sha256})
    }
}

impl PackDescription {
    /// Parses `pack.json` strictly: these six members, and `supersedes`
    /// for a follow-up pack.
    pub fn from_json(bytes: &[u8]) -> Result<Self, AuthoringError> {
        let bad = |why: String| AuthoringError::Invalid(format!("pack.json: {why}"));
        let doc = json::parse(bytes).map_err(|e| bad(format!("not well-formed JSON: {e}")))?;
        let obj = doc
            .as_object()
            .ok_or_else(|| bad("must be a JSON object".to_owned()))?;
        const MEMBERS: &[&str] = &[
            "pack_id",
            "completed_at",
            "cascade_runner",
            "signer",
            "signature_key_id",
            "subprocessors",
            "supersedes",
        ];
        if let Some((name, _)) = obj.iter().find(|(k, _)| !MEMBERS.contains(k)) {
            return Err(bad(format!(
                "unknown member {name:?}; allowed: {}",
                MEMBERS.join(", ")
            )));
        }
        let string = |name: &str| -> Result<String, AuthoringError> {
            obj.get(name)
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .ok_or_else(|| bad(format!("`{name}` must be a non-empty string")))
        };
        let completed_at = string("completed_at")?;
        if Timestamp::parse(&completed_at).is_none() {
            return Err(bad(format!(
                "`completed_at` {completed_at:?} is not an RFC 3339 date-time with an offset"
            )));
        }
        let subprocessors = obj
            .get("subprocessors")
            .and_then(Json::as_array)
            .and_then(|a| {
                a.iter()
                    .map(|s| s.as_str().map(str::to_owned))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| bad("`subprocessors` must be an array of strings".to_owned()))?;
        let supersedes = match obj.get("supersedes") {
            None | Some(Json::Null) => None,
            Some(value) => Some(Superseded::from_json(value).map_err(bad)?),
        };
        Ok(PackDescription {
            pack_id: string("pack_id")?,
            completed_at,
            cascade_runner: string("cascade_runner")?,
            signer: string("signer")?,
            signature_key_id: string("signature_key_id")?,
            subprocessors,
            supersedes,
        })
    }

    /// The bytes of `pack.json`: the members [`Self::from_json`] reads,
    /// pretty-printed with a final newline.
    pub fn to_json(&self) -> Result<Vec<u8>, AuthoringError> {
        let mut doc = serde_json::json!({
            "pack_id": self.pack_id,
            "completed_at": self.completed_at,
            "cascade_runner": self.cascade_runner,
            "signer": self.signer,
            "signature_key_id": self.signature_key_id,
            "subprocessors": self.subprocessors,
        });
        if let (Some(earlier), Some(obj)) = (&self.supersedes, doc.as_object_mut()) {
            obj.insert("supersedes".to_owned(), earlier.to_value());
        }
        let mut bytes =
            serde_json::to_vec_pretty(&doc).map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

/// The evidence for one pack: its description and content members.
#[derive(Debug, Clone)]
pub struct Evidence {
    /// `pack.json`
    pub description: PackDescription,
    /// Content members (path inside the pack, content), without the
    /// manifest and signature. A member is read when the pack is hashed and
    /// written, not before: a [`Content::File`] is never held whole.
    pub members: Vec<(String, Content)>,
}

impl Evidence {
    /// Reads an evidence folder's `pack.json` and lists its members, each a
    /// [`Content::File`]; refuses anything the spec does not name.
    pub fn from_dir(dir: &Path) -> Result<Evidence, AuthoringError> {
        let description_path = dir.join("pack.json");
        let description = PackDescription::from_json(
            &std::fs::read(&description_path)
                .map_err(|e| AuthoringError::io(&description_path, e))?,
        )?;
        let mut members = Vec::new();
        let mut refused = Vec::new();
        collect(dir, dir, &mut members, &mut refused)?;
        if !refused.is_empty() {
            refused.sort();
            return Err(AuthoringError::Invalid(format!(
                "the evidence folder holds what a pack may not: {}. Allowed: pack.json, {}, and regular files under attachments/",
                refused.join(", "),
                evidence_members().collect::<Vec<_>>().join(", ")
            )));
        }
        Ok(Evidence {
            description,
            members,
        })
    }

    /// The content of the member at `path`.
    pub fn member(&self, path: &str) -> Option<&Content> {
        self.members.iter().find(|(p, _)| p == path).map(|(_, c)| c)
    }

    /// Puts `content` at `path`, in place of the member there if any.
    pub fn set_member(&mut self, path: &str, content: Content) {
        match self.members.iter_mut().find(|(p, _)| p == path) {
            Some((_, member)) => *member = content,
            None => self.members.push((path.to_owned(), content)),
        }
    }

    /// Every member's SHA-256 and size, sorted by path as the manifest and
    /// the archive list them: one streaming pass over the files.
    fn digest(&self) -> Result<Vec<Listed<'_>>, AuthoringError> {
        let mut listed = self
            .members
            .iter()
            .map(|(path, content)| {
                Ok(Listed {
                    path,
                    content,
                    digest: content.digest()?,
                })
            })
            .collect::<Result<Vec<_>, AuthoringError>>()?;
        listed.sort_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
        Ok(listed)
    }
}

/// A member as the manifest lists it, with where its bytes are.
struct Listed<'a> {
    path: &'a str,
    content: &'a Content,
    digest: Digested,
}

fn collect(
    root: &Path,
    dir: &Path,
    members: &mut Vec<(String, Content)>,
    refused: &mut Vec<String>,
) -> Result<(), AuthoringError> {
    let entries = std::fs::read_dir(dir).map_err(|e| AuthoringError::io(dir, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| AuthoringError::io(dir, e))?;
        let path = entry.path();
        let relative = path
            .strip_prefix(root)
            .ok()
            .and_then(|p| p.to_str())
            .map(|p| p.replace(std::path::MAIN_SEPARATOR, "/"));
        let Some(relative) = relative else {
            refused.push(path.display().to_string());
            continue;
        };
        let kind = entry
            .file_type()
            .map_err(|e| AuthoringError::io(&path, e))?;
        let in_attachments = relative.starts_with(ATTACHMENTS_DIR)
            || Some(relative.as_str()) == ATTACHMENTS_DIR.strip_suffix('/');
        if kind.is_dir() && in_attachments {
            collect(root, &path, members, refused)?;
        } else if kind.is_file() && (in_attachments || evidence_members().any(|m| m == relative)) {
            members.push((relative, Content::File(path)));
        } else if relative != "pack.json" || !kind.is_file() {
            refused.push(relative);
        }
    }
    Ok(())
}

/// Options of `proofpack pack`.
#[derive(Debug, Clone, Default)]
pub struct PackOptions {
    /// `signed_at`; `None` is now in UTC at whole seconds.
    pub signed_at: Option<Timestamp>,
    /// Sign an incomplete or late pack (an honest record of open obligations).
    pub accept_incomplete: bool,
    /// Sign a pack whose corroboration falls short of the trust store's
    /// policy: exactly `audit.witness_quorum_not_met` and
    /// `receipts.unattested` are allowed (nothing else that is untrusted),
    /// and the manifest records them ([`ACCEPTED_UNCORROBORATED`]).
    pub accept_uncorroborated: bool,
}

/// The manifest member that records what a signer accepted with
/// [`PackOptions::accept_uncorroborated`]: the codes, as the signer's own
/// verification reported them. Not a member of §2 (a verifier ignores it,
/// §14); it says plainly that the DPO signed knowing the corroboration fell
/// short of their own trust store's policy.
pub const ACCEPTED_UNCORROBORATED: &str = "accepted_uncorroborated";

/// The only untrusted findings [`PackOptions::accept_uncorroborated`] allows.
pub(crate) const UNCORROBORATED: [Code; 2] =
    [Code::AuditWitnessQuorumNotMet, Code::ReceiptsUnattested];

/// What every pack is before it is signed under a policy that asks for
/// `sealed_signature` (§22): a seal names the signature, so it can only be
/// made after signing (`proofpack seal`, which checks it). Signing never
/// waits for it, and never counts it among what was accepted.
pub(crate) const AWAITS_SIGNING: Code = Code::SignatureUnsealed;

/// The report's untrusted codes (but [`AWAITS_SIGNING`]), when every one is
/// of [`UNCORROBORATED`]
/// (and there is one): what `accept_uncorroborated` may sign.
pub(crate) fn uncorroborated_only(report: &Report) -> Option<Vec<Code>> {
    let mut codes: Vec<Code> = report
        .findings()
        .iter()
        .filter(|f| f.effect() == Effect::Untrusted && f.code() != AWAITS_SIGNING)
        .map(|f| f.code())
        .collect();
    codes.sort();
    codes.dedup();
    (!codes.is_empty() && codes.iter().all(|c| UNCORROBORATED.contains(c))).then_some(codes)
}

/// Whether the report's only untrusted finding is the seal still to come
/// ([`AWAITS_SIGNING`]).
pub(crate) fn awaits_seal_only(report: &Report) -> bool {
    let mut untrusted = report
        .findings()
        .iter()
        .filter(|f| f.effect() == Effect::Untrusted)
        .peekable();
    untrusted.peek().is_some() && untrusted.all(|f| f.code() == AWAITS_SIGNING)
}

/// A pack that was signed: the verifier's report on it, which gives its
/// size and SHA-256 (`report.pack()`).
#[derive(Debug)]
pub struct Authored {
    /// The verifier's report on the pack.
    pub report: Report,
}

/// A pack that was built, verified and signed by [`build`], in a temporary
/// file beside its destination: [`Signed::persist`] puts it there whole;
/// dropping it removes the file, leaving the destination as it was.
#[derive(Debug)]
pub struct Signed {
    report: Report,
    file: Staged,
}

impl Signed {
    /// The verifier's report on the pack.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Where [`Signed::persist`] puts the pack.
    pub fn destination(&self) -> &Path {
        self.file.target()
    }

    /// Puts the pack at its destination whole and durably
    /// ([`Staged::commit`]): a file there is replaced (keeping its
    /// permissions) only with [`Existing::Replace`].
    pub fn persist(self, existing: Existing) -> Result<Authored, FileError> {
        self.file.commit(existing)?;
        Ok(Authored {
            report: self.report,
        })
    }

    /// Removes the pack, keeping the report.
    pub fn discard(self) -> Authored {
        Authored {
            report: self.report,
        }
    }
}

/// What the trust store says of the key that signs.
#[derive(Debug, Clone)]
pub enum SigningKeyStatus {
    /// The store holds `signature_key_id` with this key's public key.
    Listed,
    /// The store does not hold `signature_key_id`: the verifier would say
    /// `trust.key_unknown`. This is the entry that would make it known (the
    /// key, as a `dpo` key of the pack's `signer`, with no validity window).
    Missing(Box<TrustedKey>),
    /// The store holds `signature_key_id` under another public key than
    /// this key's: the verifier would say `signature.invalid`.
    Mismatch {
        /// The public key the store holds for `signature_key_id`.
        listed: Box<VerifyingKey>,
    },
}

impl SigningKeyStatus {
    /// What `trust` says of `key` signing as `description`'s `signature_key_id`.
    pub fn of(description: &PackDescription, key: &SigningKey, trust: &TrustStore) -> Self {
        match trust.key(&description.signature_key_id) {
            Some(listed) if listed.public_key == key.verifying_key() => SigningKeyStatus::Listed,
            Some(listed) => SigningKeyStatus::Mismatch {
                listed: Box::new(listed.public_key),
            },
            None => SigningKeyStatus::Missing(Box::new(recipients_entry(description, key))),
        }
    }
}

/// The trust-store entry that makes `key` known as `description`'s signing
/// key: a `dpo` key of the pack's `signer` under its `signature_key_id`,
/// with no validity window. It is what recipients add to their store.
pub fn recipients_entry(description: &PackDescription, key: &SigningKey) -> TrustedKey {
    TrustedKey {
        key_id: description.signature_key_id.clone(),
        public_key: key.verifying_key(),
        owner: description.signer.clone(),
        roles: vec![Role::Dpo],
        not_before: None,
        not_after: None,
        revoked_at: None,
    }
}

/// Why a pack was not signed.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    /// The inputs could not be used.
    #[error(transparent)]
    Authoring(#[from] AuthoringError),
    /// The verifier found the would-be pack does not hold up.
    #[error("refused to sign: the pack would verify as {}", .report.verdict())]
    Refused {
        /// The report on the would-be pack.
        report: Box<Report>,
        /// What the trust store says of the signing key (when it is not
        /// [`SigningKeyStatus::Listed`], the report says why it fails).
        signing_key: SigningKeyStatus,
    },
}

/// Builds, checks and signs a pack from `evidence`, into a temporary file
/// beside `out` (see [`Signed`]): nothing is at `out` until
/// [`Signed::persist`].
///
/// The would-be pack is verified, from that file, against `trust` exactly
/// as `proofpack verify --trust` would verify it, so the verdict is the one
/// a verifier with that store gives: `trust` must hold the `audit_log` keys
/// the witness's checkpoints verify against and the signing key under
/// `signature_key_id`. A signing key the store does not hold, or holds under
/// another public key, is refused (see [`SigningKeyStatus`]); it is never
/// trusted implicitly.
///
/// Memory stays bounded whatever the size of the members: each file is read
/// once to hash it and once (twice for an incomplete pack, which is written
/// again with `all_clear` false) to write it.
pub fn build(
    evidence: &Evidence,
    key: &SigningKey,
    trust: &TrustStore,
    options: &PackOptions,
    out: &Path,
) -> Result<Signed, PackError> {
    let signed_at = match &options.signed_at {
        Some(t) => t.clone(),
        None => Timestamp::now(),
    };
    let signing_key = SigningKeyStatus::of(&evidence.description, key, trust);
    let listed = evidence.digest()?;
    let mut parts = Parts {
        evidence,
        listed: &listed,
        key,
        signed_at: &signed_at,
        accepted: Vec::new(),
    };
    // The signer's claim is what the verifier's own completeness rule says.
    let (first, first_report) = parts.write_and_verify(true, out, trust)?;
    let complete = !first_report
        .findings()
        .iter()
        .any(|f| f.effect() == Effect::Incomplete);
    if options.accept_uncorroborated {
        parts.accepted = uncorroborated_only(&first_report).unwrap_or_default();
    }
    // A complete pack with nothing to record is signed as first assembled:
    // its report is final.
    let (file, report) = if complete && parts.accepted.is_empty() {
        (first, first_report)
    } else {
        drop(first);
        parts.write_and_verify(complete, out, trust)?
    };
    let below_untrusted = report
        .findings()
        .iter()
        .any(|f| matches!(f.effect(), Effect::Incomplete | Effect::Late));
    // Only what the signer accepted, and the seal still to come, make it
    // untrusted.
    let untrusted_otherwise = report.findings().iter().any(|f| {
        f.effect() == Effect::Untrusted
            && f.code() != AWAITS_SIGNING
            && !parts.accepted.contains(&f.code())
    });
    let refuse = match report.verdict() {
        Verdict::Invalid => true,
        Verdict::Untrusted => {
            untrusted_otherwise || (below_untrusted && !options.accept_incomplete)
        }
        Verdict::Incomplete | Verdict::Late => !options.accept_incomplete,
        Verdict::Complete => false,
    };
    // The verifier refuses both cases itself; this is not left to chance.
    if refuse || !matches!(signing_key, SigningKeyStatus::Listed) {
        return Err(PackError::Refused {
            report: Box::new(report),
            signing_key,
        });
    }
    Ok(Signed { report, file })
}

/// The input name of the pre-sign verification's report (`meta.input`):
/// the pack is not at its destination yet.
const WOULD_BE_PACK: &str = "(the pack being signed)";

/// The pre-sign verification of the pack read from `input`.
fn verify_pack(input: impl std::io::Read, trust: &TrustStore) -> Result<Report, AuthoringError> {
    proofpack_core::verify(input, WOULD_BE_PACK, Some(trust), &Limits::default())
        .map_err(|e| AuthoringError::Invalid(format!("could not re-read the pack: {e}")))
}

/// Builds and signs a pack from `evidence` with the given `all_clear`
/// claim, WITHOUT verifying it first, in memory.
///
/// This is for making test vectors (packs that are deliberately wrong);
/// a DPO signs with [`build`], which refuses a pack that does not hold up.
pub fn sign_unchecked(
    evidence: &Evidence,
    key: &SigningKey,
    signed_at: &Timestamp,
    all_clear: bool,
) -> Result<Vec<u8>, AuthoringError> {
    let listed = evidence.digest()?;
    let parts = Parts {
        evidence,
        listed: &listed,
        key,
        signed_at,
        accepted: Vec::new(),
    };
    let mut bytes = Vec::new();
    parts.write(
        all_clear,
        &mut bytes,
        Path::new(crate::tar_writer::IN_MEMORY),
    )?;
    Ok(bytes)
}

/// What a pack is made of, but for its `all_clear` claim.
struct Parts<'a> {
    evidence: &'a Evidence,
    listed: &'a [Listed<'a>],
    key: &'a SigningKey,
    signed_at: &'a Timestamp,
    /// The codes the signer accepted as uncorroborated, recorded in the
    /// manifest ([`ACCEPTED_UNCORROBORATED`]) when not empty.
    accepted: Vec<Code>,
}

impl Parts<'_> {
    /// Writes the pack into a new file beside `out` and verifies it from
    /// there with the core's streaming verifier: on Unix, on a second thread
    /// that reads the file as it is written (see the `follow` module); the
    /// finished file is verified again from its start if that reading was
    /// void (the pack was written a second time).
    fn write_and_verify(
        &self,
        all_clear: bool,
        out: &Path,
        trust: &TrustStore,
    ) -> Result<(Staged, Report), AuthoringError> {
        let mut staged = Staged::beside(out, Access::Default)?;
        let followed = self.write_followed(all_clear, staged.file(), out, trust)?;
        let report = match followed {
            Some(report) => report,
            None => {
                let tmp: PathBuf = staged.path().to_path_buf();
                let file = staged.file();
                file.rewind().map_err(|e| AuthoringError::io(&tmp, e))?;
                verify_pack(&*file, trust)?
            }
        };
        Ok((staged, report))
    }

    /// Writes the pack into `file` while a second thread verifies what is
    /// written; `None` when that verification is void.
    #[cfg(unix)]
    fn write_followed(
        &self,
        all_clear: bool,
        file: &std::fs::File,
        destination: &Path,
        trust: &TrustStore,
    ) -> Result<Option<Report>, AuthoringError> {
        use crate::follow::{Follower, Progress, Publisher};
        let progress = Progress::default();
        let (written, followed) = std::thread::scope(|scope| {
            let verifier = scope.spawn(|| verify_pack(Follower::new(file, &progress), trust));
            let mut publisher = Publisher::new(file, &progress);
            let written = self.write(all_clear, &mut publisher, destination);
            if written.is_ok() {
                publisher.finish();
            } else {
                drop(publisher);
            }
            (written, verifier.join())
        });
        written?;
        Ok(match followed {
            Ok(Ok(report)) if !progress.abandoned() => Some(report),
            _ => None,
        })
    }

    /// Writes the pack into `file`; the caller verifies it afterwards.
    #[cfg(not(unix))]
    fn write_followed(
        &self,
        all_clear: bool,
        mut file: &mut std::fs::File,
        destination: &Path,
        _trust: &TrustStore,
    ) -> Result<Option<Report>, AuthoringError> {
        self.write(all_clear, &mut file, destination)?;
        Ok(None)
    }

    /// The manifest, signature and archive for one `all_clear` value,
    /// written to `out`, which becomes the file `destination`.
    fn write(
        &self,
        all_clear: bool,
        out: &mut impl Restart,
        destination: &Path,
    ) -> Result<(), AuthoringError> {
        let manifest = self.manifest(all_clear)?;
        let signature = self.signature(&manifest)?;
        let (manifest_size, signature_size) = (manifest.len() as u64, signature.len() as u64);
        let (manifest, signature) = (Content::Bytes(manifest), Content::Bytes(signature));
        let mut entries: Vec<Entry<'_>> = self
            .listed
            .iter()
            .map(|m| Entry {
                path: m.path,
                size: m.digest.size,
                content: m.content,
            })
            .collect();
        entries.push(Entry {
            path: MemberName::Manifest.as_str(),
            size: manifest_size,
            content: &manifest,
        });
        entries.push(Entry {
            path: MemberName::Signature.as_str(),
            size: signature_size,
            content: &signature,
        });
        write_pack_to(entries, out, destination)
    }

    /// `manifest.json`: `pack.json`, the members §2 copies from
    /// `request.json`, the claim, and every member's digest.
    fn manifest(&self, all_clear: bool) -> Result<Vec<u8>, AuthoringError> {
        let d = &self.evidence.description;
        let request_bytes = self
            .evidence
            .member(MemberName::Request.as_str())
            .ok_or_else(|| AuthoringError::Invalid("the evidence has no request.json".to_owned()))?
            .read()?;
        let request: Value = serde_json::from_slice(&request_bytes).map_err(|e| {
            AuthoringError::Invalid(format!("request.json is not well-formed JSON: {e}"))
        })?;
        let mut m = Map::new();
        m.insert("format".into(), PACK_FORMAT.into());
        m.insert("pack_id".into(), d.pack_id.clone().into());
        // §2: these members must equal those of request.json, so they are copied.
        for name in [
            "request_id",
            "subject_id",
            "tenant_id",
            "legal_basis",
            "received_at",
            "sla_deadline",
        ] {
            if let Some(v) = request.get(name) {
                m.insert(name.into(), v.clone());
            }
        }
        m.insert("completed_at".into(), d.completed_at.clone().into());
        m.insert("signed_at".into(), self.signed_at.raw().into());
        m.insert("all_clear".into(), all_clear.into());
        m.insert("cascade_runner".into(), d.cascade_runner.clone().into());
        m.insert("signer".into(), d.signer.clone().into());
        m.insert("signature_key_id".into(), d.signature_key_id.clone().into());
        m.insert("subprocessors".into(), d.subprocessors.clone().into());
        let files: Vec<Value> = self
            .listed
            .iter()
            .map(|m| {
                serde_json::json!({
                    "path": m.path,
                    "sha256": proofpack_spec::encoding::hex(&m.digest.sha256),
                    "size": m.digest.size,
                })
            })
            .collect();
        m.insert("files".into(), Value::Array(files));
        if let Some(earlier) = &d.supersedes {
            m.insert("supersedes".into(), earlier.to_value());
        }
        if !self.accepted.is_empty() {
            let codes: Vec<Value> = self.accepted.iter().map(|c| c.as_str().into()).collect();
            m.insert(ACCEPTED_UNCORROBORATED.into(), Value::Array(codes));
        }
        let mut manifest = serde_json::to_vec_pretty(&Value::Object(m))
            .map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        manifest.push(b'\n');
        Ok(manifest)
    }

    /// `signature.sig`: the DSSE signature of `manifest`.
    fn signature(&self, manifest: &[u8]) -> Result<Vec<u8>, AuthoringError> {
        let signature = self.key.sign(&pae(PAYLOAD_TYPE, manifest));
        let sig = serde_json::json!({
            names::ALG: Alg::Ed25519.as_str(),
            names::KEY_ID: self.evidence.description.signature_key_id,
            names::SIG: base64::engine::general_purpose::STANDARD.encode(signature.to_bytes()),
        });
        let mut sig_bytes =
            serde_json::to_vec(&sig).map_err(|e| AuthoringError::Invalid(e.to_string()))?;
        sig_bytes.push(b'\n');
        Ok(sig_bytes)
    }
}

/// What the DPO should do about a finding that stops signing.
pub fn remedy(code: Code) -> &'static str {
    use Code::*;
    match code {
        SodSignerIsRunner => "the DPO who signs must not be the engineer who ran the cascade: have another person sign, or correct cascade_runner/signer in pack.json",
        TrustSignerMismatch => "the signing key belongs to someone else: sign with a key whose trust-store owner is the pack's signer, or fix `signer` in pack.json",
        TrustKeyUnknown => "add the signing key to the trust store (`proofpack trust add`)",
        TrustKeyNotValidAtSigning => "signed_at is outside the key's validity window: use a key valid now, or a correct --signed-at",
        TrustKeyRevoked => "the key is revoked: sign with a current key",
        TrustRoleMissing => "the key lacks the dpo role in the trust store",
        SignatureInvalid => "the private key does not match the trust store's public key for signature_key_id",
        AuditCheckpointKeyUnknown => "the witness's checkpoints are not signed by the log's own audit_log key: pass a --trust store holding that key (key_id = log origin)",
        AuditCheckpointSignatureInvalid | AuditConsistencyFailed | AuditInclusionFailed => "the audit-log witness does not verify: re-export audit-log-redaction.json from the log",
        AuditRequestNotLogged | AuditStepNotLogged => "the witness must include the log entries of the request and of every step",
        ManifestFieldMismatch | RequestSchema => "fix request.json (spec §5)",
        StepsSchema | StepsOrder | StepsResidueAfterOk | StepsSilentFailure => "fix steps.jsonl (spec §7)",
        ProbesSchema | ProbesAllClearInconsistent | ProbesAuditMismatch => "fix verification.json (spec §8)",
        ReceiptsSchema => "fix subprocessor-receipts.jsonl (spec §9)",
        ProvenanceSchema => "fix provenance.jsonl (spec §11)",
        JsonMalformed => "the member is not well-formed JSON",
        TimeInvalid => "write timestamps as RFC 3339 with an offset, e.g. 2026-04-20T09:11:00Z",
        TimeOutOfOrder => "timestamps contradict each other: received ≤ started ≤ ended ≤ verified ≤ completed ≤ signed",
        AttestationEmpty => "write the DPO's attestation in attestation.txt",
        ArchiveMissingMember => "the evidence folder lacks a required file",
        SlaDeadlineOverstated => "sla_deadline must be before the end of the statutory period",
        SlaBreached => "the erasure finished after the deadline: sign with --accept-incomplete to record it honestly",
        _ if code.effect() == Effect::Incomplete => {
            "the erasure is not complete: finish it, or sign with --accept-incomplete to record the open obligation honestly"
        }
        _ => "see the spec section of this code",
    }
}
