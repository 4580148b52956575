//! Author mode: an evidence folder checked and signed by the author
//! crate's one call, exactly as `proofpack pack` does, its refusals in the
//! author crate's words.

use super::AppState;
use crate::error::{authoring_error, sign_error, AppError};
use proofpack_author::pack::{recipients_entry, remedy, Evidence};
use proofpack_author::{keys, Destination, Refusal, Refused, SignError, SignRequest};
use proofpack_core::trust::key_entry_json;
use proofpack_core::{Report, Verdict};
use proofpack_render::i18n::Language;
use proofpack_render::views::ReportWords;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::MemberName;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// An evidence folder as the UI shows it.
#[derive(Debug, Clone, Serialize)]
pub struct AuthorFolder {
    /// The folder.
    pub dir: String,
    /// `pack.json`'s members.
    pub pack_id: String,
    /// `signer`
    pub signer: String,
    /// `cascade_runner`
    pub cascade_runner: String,
    /// `signature_key_id`
    pub signature_key_id: String,
    /// `subprocessors`
    pub subprocessors: Vec<String>,
    /// The current `attestation.txt`, when UTF-8.
    pub attestation: Option<String>,
    /// The members the pack will hold.
    pub members: Vec<String>,
}

/// Reads an evidence folder.
pub fn author_open(dir: &str) -> Result<AuthorFolder, AppError> {
    let evidence = Evidence::from_dir(Path::new(dir)).map_err(authoring_error)?;
    let d = &evidence.description;
    Ok(AuthorFolder {
        dir: dir.to_owned(),
        pack_id: d.pack_id.clone(),
        signer: d.signer.clone(),
        cascade_runner: d.cascade_runner.clone(),
        signature_key_id: d.signature_key_id.clone(),
        subprocessors: d.subprocessors.clone(),
        attestation: attestation_of(&evidence)?,
        members: evidence.members.iter().map(|(p, _)| p.clone()).collect(),
    })
}

/// The folder's `attestation.txt`, when there is one and it is UTF-8 (a
/// file that cannot be read is an error, as it is when signing).
fn attestation_of(evidence: &Evidence) -> Result<Option<String>, AppError> {
    let Some(content) = evidence.member(MemberName::Attestation.as_str()) else {
        return Ok(None);
    };
    Ok(String::from_utf8(content.read().map_err(authoring_error)?.into_owned()).ok())
}

/// What Author mode signs with.
#[derive(Debug, Clone, Deserialize)]
pub struct AuthorRequest {
    /// The evidence folder.
    pub dir: String,
    /// The DPO's private key (PKCS#8 PEM).
    pub key: String,
    /// The trust store the recipients verify with.
    pub trust: String,
    /// Sign an incomplete or late pack (`--accept-incomplete`).
    #[serde(default)]
    pub accept_incomplete: bool,
    /// Sign a pack whose corroboration falls short of the store's policy
    /// (`--accept-uncorroborated`).
    #[serde(default)]
    pub accept_uncorroborated: bool,
    /// The attestation as edited in the UI (`None`: the folder's own).
    pub attestation: Option<String>,
    /// `signed_at`, for reproducible packs (`None`: now).
    pub signed_at: Option<String>,
}

/// One finding of the pre-sign check, with what to fix.
#[derive(Debug, Clone, Serialize)]
pub struct PresignFinding {
    /// The finding.
    #[serde(flatten)]
    pub finding: proofpack_core::Finding,
    /// What to fix before signing (as `proofpack pack` says it).
    pub remedy: &'static str,
}

/// What the trust store says of the signing key.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum SigningKeyView {
    /// The store holds `signature_key_id` with this key.
    Listed,
    /// The store does not hold it: the entry to add (the refusal's
    /// `what_to_do` has the commands).
    Missing {
        /// The trust-store entry.
        entry: serde_json::Value,
    },
    /// The store holds `signature_key_id` under another key.
    Mismatch {
        /// The fingerprint the store holds.
        listed: String,
        /// The fingerprint of the key given.
        given: String,
    },
}

/// A refusal to sign, in the author crate's words (those `proofpack pack`
/// prints).
#[derive(Debug, Clone, Serialize)]
pub struct RefusalView {
    /// Which refusal (`key_missing`, `key_mismatch`, `does_not_hold`,
    /// `needs_accept_incomplete`).
    pub kind: &'static str,
    /// That signing was refused, with the verdict and the trust store.
    pub summary: String,
    /// Why, in one sentence.
    pub reason: String,
    /// What to do, in lines.
    pub what_to_do: Vec<String>,
}

/// The outcome of the pre-sign check (and of a refused signing).
#[derive(Debug, Clone, Serialize)]
pub struct Presign {
    /// Whether `pack` would sign (and so Sign is enabled).
    pub would_sign: bool,
    /// The verdict the would-be pack gets with the trust store.
    pub verdict: Verdict,
    /// Why it would not sign.
    pub refusal: Option<RefusalView>,
    /// The findings (warnings included), each with its remedy.
    pub findings: Vec<PresignFinding>,
    /// What the trust store says of the signing key.
    pub signing_key: SigningKeyView,
    /// The full report of the would-be pack.
    pub report: Report,
    /// The core's words for it.
    pub words: ReportWords,
}

impl Presign {
    fn of(
        report: Report,
        refusal: Option<RefusalView>,
        signing_key: SigningKeyView,
        language: Language,
    ) -> Self {
        let findings = report
            .findings()
            .iter()
            .map(|f| PresignFinding {
                finding: f.clone(),
                remedy: remedy(f.code()),
            })
            .collect();
        Presign {
            would_sign: refusal.is_none(),
            verdict: report.verdict(),
            words: ReportWords::of(&report, language),
            refusal,
            findings,
            signing_key,
            report,
        }
    }

    /// A pack that would be signed.
    fn signable(report: Report, language: Language) -> Self {
        Presign::of(report, None, SigningKeyView::Listed, language)
    }

    /// A refused pack, as the author crate words the refusal.
    fn refused(refused: &Refused, language: Language) -> Self {
        let refusal = refused.refusal();
        let signing_key = match refusal {
            Refusal::KeyMissing { entry, .. } => SigningKeyView::Missing {
                entry: key_entry_json(entry),
            },
            Refusal::KeyMismatch { listed, given, .. } => SigningKeyView::Mismatch {
                listed: listed.clone(),
                given: given.clone(),
            },
            Refusal::DoesNotHold { .. }
            | Refusal::NeedsAcceptIncomplete { .. }
            | Refusal::NeedsAcceptUncorroborated { .. } => SigningKeyView::Listed,
        };
        let view = RefusalView {
            kind: refusal.kind(),
            summary: refused.to_string(),
            reason: refusal.to_string(),
            what_to_do: refusal.what_to_do(),
        };
        Presign::of(refused.report().clone(), Some(view), signing_key, language)
    }
}

/// The outcome of signing.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum SignOutcome {
    /// Written.
    Signed {
        /// The pack written.
        path: String,
        /// Its SHA-256.
        sha256: String,
        /// Its verdict with the trust store.
        verdict: Verdict,
    },
    /// Refused, exactly as `proofpack pack` refuses; nothing was written.
    Refused(Box<Presign>),
}

impl AuthorRequest {
    /// The author crate's request; `signed_at` must be RFC 3339.
    fn sign_request(&self) -> Result<SignRequest, AppError> {
        let signed_at = match &self.signed_at {
            None => None,
            Some(t) => Some(t.parse::<Timestamp>().map_err(|e| AppError::BadRequest {
                message: format!("signed_at: {e}"),
            })?),
        };
        Ok(SignRequest {
            evidence_dir: PathBuf::from(&self.dir),
            key_path: PathBuf::from(&self.key),
            trust_path: PathBuf::from(&self.trust),
            signed_at,
            accept_incomplete: self.accept_incomplete,
            accept_uncorroborated: self.accept_uncorroborated,
            attestation_override: self.attestation.clone(),
        })
    }
}

/// Checks an evidence folder as `proofpack pack` would, without writing
/// (the author crate's dry run). Blocking: it verifies the would-be pack.
pub fn author_check(state: &AppState, request: &AuthorRequest) -> Result<Presign, AppError> {
    let language = state.language();
    match proofpack_author::check(&request.sign_request()?) {
        Ok(authored) => Ok(Presign::signable(authored.report, language)),
        Err(SignError::Refused(refused)) => Ok(Presign::refused(&refused, language)),
        Err(e) => Err(sign_error(e)),
    }
}

/// Signs and saves a pack with the author crate's one call, as `proofpack
/// pack` does: the same refusals, an existing `out` replaced only with
/// `overwrite`, an edited attestation saved into the evidence folder.
pub fn author_sign(
    state: &AppState,
    request: &AuthorRequest,
    out: &str,
    overwrite: bool,
) -> Result<SignOutcome, AppError> {
    let destination = Destination {
        path: PathBuf::from(out),
        replace: overwrite,
    };
    match proofpack_author::sign(&request.sign_request()?, &destination) {
        Ok(authored) => Ok(SignOutcome::Signed {
            path: out.to_owned(),
            sha256: authored.report.pack().sha256.clone(),
            verdict: authored.report.verdict(),
        }),
        Err(SignError::Refused(refused)) => Ok(SignOutcome::Refused(Box::new(Presign::refused(
            &refused,
            state.language(),
        )))),
        Err(e) => Err(sign_error(e)),
    }
}

/// The trust-store entry of the key for recipients: a `dpo` key of the
/// folder's `signer`, under its `signature_key_id`.
pub fn author_trust_entry(dir: &str, key: &str) -> Result<String, AppError> {
    let evidence = Evidence::from_dir(Path::new(dir)).map_err(authoring_error)?;
    let key = keys::read_private_key(Path::new(key)).map_err(authoring_error)?;
    let entry = recipients_entry(&evidence.description, &key);
    Ok(proofpack_render::json::json_for_terminal(
        &key_entry_json(&entry),
        true,
    ))
}
