//! The one entry point of authoring: an evidence folder, a key and a trust
//! store in; the signed pack, or a typed refusal that says what to do, out.
//!
//! The command line's `pack` and the app's Author mode only present what
//! [`sign`] and [`check`] return: every refusal's words are here, once, so
//! both say the same thing. Pack text in those words (key ids, owners from
//! `pack.json`) is escaped with [`Untrusted`], so they may go to a terminal.

use crate::keys;
use crate::pack::{
    self, Authored, Content, Evidence, PackError, PackOptions, Signed, SigningKeyStatus,
};
use crate::AuthoringError;
use ed25519_dalek::SigningKey;
use proofpack_core::trust::{fingerprint, Role, TrustedKey};
use proofpack_core::{Code, Effect, Finding, Report, TrustStore, Verdict};
use proofpack_files::{occupied, write_atomic, Access, Existing, FileError};
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::MemberName;
use std::fmt;
use std::path::{Path, PathBuf};

/// What to sign: the inputs of `proofpack pack` and of the app's Author mode.
#[derive(Debug, Clone, Default)]
pub struct SignRequest {
    /// The evidence folder (`pack.json`, the content members, `attachments/`).
    pub evidence_dir: PathBuf,
    /// The DPO's private key (PKCS#8 PEM).
    pub key_path: PathBuf,
    /// The trust store the recipients verify with: the would-be pack is
    /// verified against it exactly as `proofpack verify --trust` would.
    pub trust_path: PathBuf,
    /// `signed_at`; `None` is now in UTC at whole seconds.
    pub signed_at: Option<Timestamp>,
    /// Sign an incomplete or late pack, as an honest record of open obligations.
    pub accept_incomplete: bool,
    /// Sign a pack whose corroboration falls short of the trust store's
    /// policy (only `audit.witness_quorum_not_met` and `receipts.unattested`;
    /// see [`pack::PackOptions::accept_uncorroborated`]).
    pub accept_uncorroborated: bool,
    /// `attestation.txt` as edited, instead of the folder's own. [`sign`]
    /// saves it into the folder with the pack, so the folder matches the pack.
    pub attestation_override: Option<String>,
}

/// Where [`sign`] writes the pack.
#[derive(Debug, Clone)]
pub struct Destination {
    /// The `proof.tar.gz` to write.
    pub path: PathBuf,
    /// Replace a file already there (`--force`); otherwise it is refused.
    pub replace: bool,
}

/// Why a pack was not signed (nothing was written in any case).
#[derive(Debug, thiserror::Error)]
pub enum SignError {
    /// A key, the evidence folder or a file to write could not be used; the
    /// message says what to fix.
    #[error(transparent)]
    Authoring(#[from] AuthoringError),
    /// The trust store cannot be read or is not a valid store (§4).
    #[error(transparent)]
    TrustStore(#[from] proofpack_core::TrustStoreError),
    /// The destination exists and replacing it was not asked for.
    #[error("{} exists; nothing was written", .path.display())]
    Exists {
        /// The destination.
        path: PathBuf,
    },
    /// The would-be pack does not hold up, or the store does not vouch for
    /// the signing key.
    #[error("{0}")]
    Refused(Box<Refused>),
}

/// A refusal to sign: why, what to do, and the report it rests on.
#[derive(Debug, Clone)]
pub struct Refused {
    refusal: Refusal,
    report: Report,
    trust_path: PathBuf,
}

impl Refused {
    /// Why, with what to do.
    pub fn refusal(&self) -> &Refusal {
        &self.refusal
    }

    /// The verifier's report on the would-be pack.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The report's §12 exit status, or untrusted's when that would be 0:
    /// a refusal is never a success, whatever the verdict.
    pub fn exit_status(&self) -> i32 {
        match self.report.exit_status() {
            0 => Verdict::Untrusted.exit_status(),
            status => status,
        }
    }

    /// The findings that stop signing (warnings do not), each with what to fix.
    pub fn to_fix(&self) -> impl Iterator<Item = (&Finding, &'static str)> {
        self.report
            .findings()
            .iter()
            .filter(|f| f.effect() != Effect::Warning)
            .map(|f| (f, pack::remedy(f.code())))
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "refused to sign: the pack would verify as {} with the trust store {}; nothing was written",
            self.report.verdict(),
            self.trust_path.display()
        )
    }
}

/// Why signing was refused. Its `Display` says why in one sentence and
/// [`Refusal::what_to_do`] what to do; pack text in both is escaped.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// The trust store does not hold `signature_key_id`: the verifier says
    /// `trust.key_unknown`. The key is never trusted implicitly.
    KeyMissing {
        /// The entry that makes the key known (see [`pack::recipients_entry`]).
        entry: Box<TrustedKey>,
        /// The command that adds `entry` saved as `entry.json`.
        add_entry: String,
        /// The command that adds it straight from the key file (the pack
        /// text in it escaped, as in every word of a refusal).
        add_key: String,
        /// The key file given.
        key_path: PathBuf,
    },
    /// The store holds `signature_key_id` under another public key than the
    /// key given: the verifier says `signature.invalid`.
    KeyMismatch {
        /// The pack's `signature_key_id`.
        key_id: String,
        /// The fingerprint of the public key the store holds for it.
        listed: String,
        /// The fingerprint of the key given.
        given: String,
        /// The key ids the store holds the given key under, if any.
        given_as: Vec<String>,
    },
    /// The pack would verify as `invalid` or `untrusted`: never signed.
    DoesNotHold {
        /// The verdict.
        verdict: Verdict,
    },
    /// The pack would verify as `incomplete` or `late`, and signing such a
    /// pack was not accepted.
    NeedsAcceptIncomplete {
        /// The verdict.
        verdict: Verdict,
    },
    /// The pack is untrusted only because its corroboration falls short of
    /// the store's policy (the witness quorum, signed receipts), and
    /// signing such a pack was not accepted.
    NeedsAcceptUncorroborated {
        /// The codes that fall short.
        codes: Vec<Code>,
    },
}

impl Refusal {
    /// A stable name of the refusal, for a front end to switch on.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::KeyMissing { .. } => "key_missing",
            Refusal::KeyMismatch { .. } => "key_mismatch",
            Refusal::DoesNotHold { .. } => "does_not_hold",
            Refusal::NeedsAcceptIncomplete { .. } => "needs_accept_incomplete",
            Refusal::NeedsAcceptUncorroborated { .. } => "needs_accept_uncorroborated",
        }
    }

    /// The trust-store entry to add, when the store lacks the signing key.
    pub fn entry_to_add(&self) -> Option<&TrustedKey> {
        match self {
            Refusal::KeyMissing { entry, .. } => Some(entry),
            _ => None,
        }
    }

    /// What to do, in lines; a command is a line of its own, indented.
    pub fn what_to_do(&self) -> Vec<String> {
        match self {
            Refusal::KeyMissing {
                add_entry,
                add_key,
                key_path,
                ..
            } => vec![
                format!(
                    "If {} is the DPO's key, add this entry to the trust store. Save it as entry.json and run:",
                    key_path.display()
                ),
                format!("    {add_entry}"),
                "or add it straight from the key file:".to_owned(),
                format!("    {add_key}"),
                "then sign again.".to_owned(),
            ],
            Refusal::KeyMismatch { given_as, .. } if given_as.is_empty() => vec![
                "Sign with the private key of that entry, or add this key to the store under its own key_id and name that in pack.json's signature_key_id.".to_owned(),
            ],
            Refusal::KeyMismatch { given_as, .. } => {
                let ids: Vec<String> = given_as.iter().map(|k| Untrusted(k).escaped()).collect();
                vec![format!(
                    "Sign with the private key of that entry, or set pack.json's signature_key_id to the key_id this key has in the store: {}.",
                    ids.join(", ")
                )]
            }
            Refusal::DoesNotHold { .. } => {
                vec!["Fix each finding as its remedy says, then check again.".to_owned()]
            }
            Refusal::NeedsAcceptIncomplete {
                verdict: Verdict::Late,
            } => vec![
                "The erasure finished after its deadline: sign the pack as late, an honest record of it, by accepting an incomplete or late pack (--accept-incomplete).".to_owned(),
            ],
            Refusal::NeedsAcceptIncomplete { .. } => vec![
                "Finish the erasure and check again, or accept an incomplete or late pack (--accept-incomplete) to sign it as an honest record of the open obligations.".to_owned(),
            ],
            Refusal::NeedsAcceptUncorroborated { .. } => vec![
                "Get the missing cosignatures or signed receipts and check again, or sign knowingly without them (--accept-uncorroborated): the manifest then records what fell short, and a verifier with this policy still says untrusted.".to_owned(),
            ],
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::KeyMissing { entry, .. } => write!(
                f,
                "the trust store has no key {}, so a verifier with it says untrusted",
                Untrusted(&entry.key_id)
            ),
            Refusal::KeyMismatch {
                key_id,
                listed,
                given,
                ..
            } => write!(
                f,
                "the trust store holds key_id {} under another public key ({listed}) than the key given ({given}): the signature would not verify",
                Untrusted(key_id)
            ),
            Refusal::DoesNotHold { verdict } => write!(
                f,
                "a pack that verifies as {verdict} does not hold up, and is never signed"
            ),
            Refusal::NeedsAcceptIncomplete { verdict } => write!(
                f,
                "the pack would verify as {verdict}: sign it only as an honest record of open obligations"
            ),
            Refusal::NeedsAcceptUncorroborated { codes } => {
                let codes: Vec<&str> = codes.iter().map(|c| c.as_str()).collect();
                write!(
                    f,
                    "the pack's corroboration falls short of the trust store's policy ({})",
                    codes.join(", ")
                )
            }
        }
    }
}

/// Checks the evidence as [`sign`] would, writing nothing but a temporary
/// file in the system's temporary directory, removed before it returns:
/// the report on the pack that would be signed, or the refusal. The app's
/// pre-sign check.
pub fn check(request: &SignRequest) -> Result<Authored, SignError> {
    let inputs = Inputs::read(request)?;
    let scratch = std::env::temp_dir().join("proofpack-check.tar.gz");
    Ok(inputs.build(request, &scratch)?.discard())
}

/// Checks the evidence, signs it and writes the pack to `out`, as `proofpack
/// pack` does: refused, with nothing written, when the pack would not hold
/// up (see [`Refusal`]) or `out` exists and is not to be replaced. An
/// [`SignRequest::attestation_override`] is saved into the evidence folder
/// first, so that the folder matches the pack.
///
/// The pack is written into a temporary file beside `out`, verified from
/// there, and renamed over `out` only once it is to be signed: memory stays
/// bounded whatever the size of the attachments.
pub fn sign(request: &SignRequest, out: &Destination) -> Result<Authored, SignError> {
    refuse_existing(out).map_err(|path| SignError::Exists { path })?;
    let inputs = Inputs::read(request)?;
    let signed = inputs.build(request, &out.path)?;
    // Again: the file may have appeared while the pack was checked.
    refuse_existing(out).map_err(|path| SignError::Exists { path })?;
    if let Some(text) = &request.attestation_override {
        let path = request.evidence_dir.join(MemberName::Attestation.as_str());
        write_atomic(&path, text.as_bytes(), Existing::Replace, Access::Default)
            .map_err(AuthoringError::from)?;
    }
    let existing = if out.replace {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    signed.persist(existing).map_err(|e| match e {
        FileError::Exists { path, .. } => SignError::Exists { path },
        e => SignError::Authoring(e.into()),
    })
}

/// `Err(path)` when `out` is taken and is not to be replaced.
pub(crate) fn refuse_existing(out: &Destination) -> Result<(), PathBuf> {
    if !out.replace && occupied(&out.path) {
        return Err(out.path.clone());
    }
    Ok(())
}

/// The inputs of a request, read and parsed.
struct Inputs {
    key: SigningKey,
    trust: TrustStore,
    evidence: Evidence,
}

impl Inputs {
    fn read(request: &SignRequest) -> Result<Inputs, SignError> {
        let key = keys::read_private_key(&request.key_path)?;
        let trust = TrustStore::load(&request.trust_path)?;
        let mut evidence = Evidence::from_dir(&request.evidence_dir)?;
        if let Some(text) = &request.attestation_override {
            evidence.set_member(
                MemberName::Attestation.as_str(),
                Content::Bytes(text.as_bytes().to_vec()),
            );
        }
        Ok(Inputs {
            key,
            trust,
            evidence,
        })
    }

    /// Builds the pack into a temporary file beside `out`.
    fn build(&self, request: &SignRequest, out: &Path) -> Result<Signed, SignError> {
        let options = PackOptions {
            signed_at: request.signed_at.clone(),
            accept_incomplete: request.accept_incomplete,
            accept_uncorroborated: request.accept_uncorroborated,
        };
        match pack::build(&self.evidence, &self.key, &self.trust, &options, out) {
            Ok(signed) => Ok(signed),
            Err(PackError::Authoring(e)) => Err(e.into()),
            Err(PackError::Refused {
                report,
                signing_key,
            }) => Err(SignError::Refused(Box::new(Refused {
                refusal: self.refusal(signing_key, &report, request),
                report: *report,
                trust_path: request.trust_path.clone(),
            }))),
        }
    }

    /// Why `pack::build` refused: the store's word on the key first (the
    /// report then says why it fails), else the verdict.
    fn refusal(
        &self,
        signing_key: SigningKeyStatus,
        report: &Report,
        request: &SignRequest,
    ) -> Refusal {
        match signing_key {
            SigningKeyStatus::Missing(entry) => {
                let store = shell_word(&request.trust_path.display().to_string());
                Refusal::KeyMissing {
                    add_entry: format!("proofpack trust add {store} --entry entry.json"),
                    add_key: format!(
                        "proofpack trust add {store} --key {} --key-id {} --owner {} --role {}",
                        shell_word(&request.key_path.display().to_string()),
                        Untrusted(&shell_word(&entry.key_id)),
                        Untrusted(&shell_word(&entry.owner)),
                        Role::Dpo
                    ),
                    key_path: request.key_path.clone(),
                    entry,
                }
            }
            SigningKeyStatus::Mismatch { listed } => {
                let given = fingerprint(&self.key.verifying_key());
                let given_as = self
                    .trust
                    .keys()
                    .iter()
                    .filter(|k| k.public_key == self.key.verifying_key())
                    .map(|k| k.key_id.clone())
                    .collect();
                Refusal::KeyMismatch {
                    key_id: self.evidence.description.signature_key_id.clone(),
                    listed: fingerprint(&listed),
                    given,
                    given_as,
                }
            }
            SigningKeyStatus::Listed => match report.verdict() {
                verdict @ (Verdict::Incomplete | Verdict::Late) => {
                    Refusal::NeedsAcceptIncomplete { verdict }
                }
                Verdict::Untrusted => match pack::uncorroborated_only(report) {
                    Some(codes) if !request.accept_uncorroborated => {
                        Refusal::NeedsAcceptUncorroborated { codes }
                    }
                    // Accepted, and incomplete or late beneath it.
                    Some(_) => Refusal::NeedsAcceptIncomplete {
                        verdict: verdict_beneath(report),
                    },
                    // Untrusted only for the seal still to come (§22).
                    None if pack::awaits_seal_only(report) => Refusal::NeedsAcceptIncomplete {
                        verdict: verdict_beneath(report),
                    },
                    None => Refusal::DoesNotHold {
                        verdict: Verdict::Untrusted,
                    },
                },
                verdict => Refusal::DoesNotHold { verdict },
            },
        }
    }
}

/// The verdict the findings below `untrusted` give.
fn verdict_beneath(report: &Report) -> Verdict {
    let has = |e: Effect| report.findings().iter().any(|f| f.effect() == e);
    if has(Effect::Incomplete) {
        Verdict::Incomplete
    } else if has(Effect::Late) {
        Verdict::Late
    } else {
        Verdict::Complete
    }
}

/// A word for a POSIX shell: as it is when it holds only characters no
/// shell treats specially, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "@%+=:,./_-".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("trust.json"), "trust.json");
        assert_eq!(shell_word("my store.json"), "'my store.json'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
