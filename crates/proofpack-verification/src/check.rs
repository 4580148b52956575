//! Checking a verification receipt (§20): whether it is authentic to a key
//! store of `verifier` keys, who signed it, whether a pack is the one it
//! names, and whether verifying that pack again gives what it records.
//!
//! Checking is total: any input gives a [`CheckedReceipt`] (bytes that are no
//! receipt are simply not authentic); only reading the pack can fail.

use crate::statement::{distinct_codes, VerificationStatement};
use proofpack_core::trust::TrustedKey;
use proofpack_core::{verify, Code, Limits, PackFile, TrustStore, Verdict, VerifyError};
use proofpack_spec::crypto;
use proofpack_spec::dsse::{pae, Envelope};
use proofpack_spec::encoding::hex;
use proofpack_spec::json;
use proofpack_spec::vocab::{Role, VERIFICATION_PAYLOAD_TYPE};
use serde::Serialize;
use sha2::{Digest as _, Sha256};
use std::io::Read;

/// The largest envelope the checker reads (a receipt is under a kilobyte;
/// this leaves room for thousands of countersignatures). A larger one is
/// not authentic.
pub const ENVELOPE_LIMIT: usize = 1 << 20;

proofpack_spec::spec_names! {
    /// Why a receipt is not authentic, or its pack not the one named.
    pub enum CheckFailure {
        /// The envelope is not well-formed JSON (§0) or not §16's shape
        /// with §20's `payloadType`.
        EnvelopeMalformed = "verification.envelope_malformed",
        /// The payload is not well-formed JSON or not §20's statement.
        StatementMalformed = "verification.statement_malformed",
        /// No signature is by a `verifier` key of the store valid at `verified_at`.
        NoCountingSignature = "verification.no_counting_signature",
        /// A signature that counts does not verify strictly.
        SignatureInvalid = "verification.signature_invalid",
        /// No counting key is owned by `verified_by`.
        SignerMismatch = "verification.signer_mismatch",
        /// The pack given is not the one the statement names.
        PackMismatch = "verification.pack_mismatch",
    }
}

proofpack_spec::spec_names! {
    /// A check of the receipt that passed (beside the failures, as c2pa
    /// keeps success codes beside failure codes).
    pub enum CheckSuccess {
        /// The envelope and the statement have §20's shapes.
        WellFormed = "verification.well_formed",
        /// At least one signature counts, and every one that counts verifies.
        SignaturesVerified = "verification.signatures_verified",
        /// A counting key is owned by `verified_by`.
        SignerIsVerifiedBy = "verification.signer_is_verified_by",
        /// The pack given is the one the statement names.
        PackMatches = "verification.pack_matches",
    }
}

proofpack_spec::spec_names! {
    /// Why a signature does not count.
    pub enum NotCounting {
        /// Its `keyid` is no key of the store.
        KeyUnknown = "key_unknown",
        /// The key lacks the `verifier` role.
        RoleMissing = "role_missing",
        /// The key is outside its validity window, or revoked, at `verified_at`.
        NotValidAtVerifiedAt = "not_valid_at_verified_at",
    }
}

/// One failure, with what was found (not normative; may hold receipt text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// Why.
    pub code: CheckFailure,
    /// What was found, in English.
    pub detail: String,
}

/// One signature of the envelope, as judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SignatureRow {
    /// Its `keyid`, as written.
    pub keyid: String,
    /// Why it does not count, or `None` when it counts.
    pub not_counting: Option<NotCounting>,
    /// The owner of the counting key.
    pub owner: Option<String>,
    /// Whether it verified strictly (`None`: it does not count, so it was
    /// not judged and is not signed).
    pub verified: Option<bool>,
}

/// Whether a pack verified again gives what the statement records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reverification {
    /// Today's verdict.
    pub verdict: Verdict,
    /// Today's distinct codes, in byte order.
    pub codes: Vec<Code>,
    /// Whether the verdict is the statement's.
    pub same_verdict: bool,
    /// Whether the codes are the statement's.
    pub same_codes: bool,
    /// Whether the trust store is the one the statement names (same SHA-256).
    pub same_trust_store: bool,
}

/// A pack to compare with the receipt, and a trust store to verify it
/// again with, if any.
#[derive(Debug)]
pub struct PackToCompare<'t, R> {
    /// The `proof.tar.gz` bytes.
    pub reader: R,
    /// How the caller names it (a path).
    pub name: String,
    /// Verify the pack again with this store and compare the outcome.
    pub reverify_with: Option<&'t TrustStore>,
}

impl<'t> PackToCompare<'t, PackFile> {
    /// A pack file opened by its path, named as every front end names a
    /// pack file (`proofpack_core::PackFile::open`).
    pub fn file(pack: PackFile, reverify_with: Option<&'t TrustStore>) -> Self {
        PackToCompare {
            name: pack.name().to_owned(),
            reader: pack,
            reverify_with,
        }
    }
}

/// The result of checking a receipt.
#[derive(Debug, Clone, Serialize)]
pub struct CheckedReceipt {
    authentic: bool,
    failures: Vec<Failure>,
    passed: Vec<CheckSuccess>,
    #[serde(serialize_with = "statement_json")]
    statement: Option<VerificationStatement>,
    signatures: Vec<SignatureRow>,
    signers: Vec<String>,
    pack_sha256: Option<String>,
    pack_matches: Option<bool>,
    reverification: Option<Reverification>,
}

fn statement_json<S: serde::Serializer>(
    s: &Option<VerificationStatement>,
    out: S,
) -> Result<S::Ok, S::Error> {
    s.as_ref()
        .map(VerificationStatement::to_value)
        .serialize(out)
}

impl CheckedReceipt {
    /// Whether the receipt is authentic to the key store (§20).
    pub fn authentic(&self) -> bool {
        self.authentic
    }

    /// Whether it is authentic and, when a pack was given, names that pack.
    pub fn holds(&self) -> bool {
        self.authentic && self.pack_matches != Some(false)
    }

    /// 0 when it [`holds`](CheckedReceipt::holds), else 6 (§12's `invalid`).
    pub fn exit_status(&self) -> i32 {
        if self.holds() {
            0
        } else {
            Verdict::Invalid.exit_status()
        }
    }

    /// Why not, each with what was found.
    pub fn failures(&self) -> &[Failure] {
        &self.failures
    }

    /// The checks that passed.
    pub fn passed(&self) -> &[CheckSuccess] {
        &self.passed
    }

    /// The statement, when well-formed (authentic or not: see
    /// [`authentic`](CheckedReceipt::authentic) before relying on it).
    pub fn statement(&self) -> Option<&VerificationStatement> {
        self.statement.as_ref()
    }

    /// Each signature of the envelope, in order, when both are well-formed.
    pub fn signatures(&self) -> &[SignatureRow] {
        &self.signatures
    }

    /// The owners of the counting keys, each once, in signature order.
    pub fn signers(&self) -> &[String] {
        &self.signers
    }

    /// The SHA-256 of the pack given.
    pub fn pack_sha256(&self) -> Option<&str> {
        self.pack_sha256.as_deref()
    }

    /// Whether the pack given is the one named (`None`: no pack given, or
    /// no well-formed statement to compare it with).
    pub fn pack_matches(&self) -> Option<bool> {
        self.pack_matches
    }

    /// Today's verification of the pack, compared with the statement.
    pub fn reverification(&self) -> Option<&Reverification> {
        self.reverification.as_ref()
    }

    fn fail(&mut self, code: CheckFailure, detail: impl Into<String>) {
        self.failures.push(Failure {
            code,
            detail: detail.into(),
        });
    }
}

/// Why a pack could not be compared: it could not be read (an operational
/// error, not a property of the receipt).
#[derive(Debug, thiserror::Error)]
#[error("cannot read the pack: {0}")]
pub struct PackUnreadable(String);

/// Checks a receipt (`envelope`, the file's bytes) against `keys`, a store
/// of `verifier` keys (§20), and compares it with `pack` when given.
pub fn check_receipt_with_pack<R: Read>(
    envelope: &[u8],
    keys: &TrustStore,
    pack: Option<PackToCompare<'_, R>>,
) -> Result<CheckedReceipt, PackUnreadable> {
    let mut checked = check_receipt(envelope, keys);
    if let Some(pack) = pack {
        compare_pack(pack, &mut checked)?;
    }
    Ok(checked)
}

/// Checks a receipt against `keys`, without a pack.
pub fn check_receipt(envelope: &[u8], keys: &TrustStore) -> CheckedReceipt {
    let mut checked = CheckedReceipt {
        authentic: false,
        failures: Vec::new(),
        passed: Vec::new(),
        statement: None,
        signatures: Vec::new(),
        signers: Vec::new(),
        pack_sha256: None,
        pack_matches: None,
        reverification: None,
    };
    if let Some((envelope, statement)) = read(envelope, &mut checked) {
        checked.passed.push(CheckSuccess::WellFormed);
        judge_signatures(&envelope, &statement, keys, &mut checked);
        checked.statement = Some(statement);
    }
    checked
}

/// Reads the envelope and its statement, or records why not.
fn read(bytes: &[u8], checked: &mut CheckedReceipt) -> Option<(Envelope, VerificationStatement)> {
    if bytes.len() > ENVELOPE_LIMIT {
        checked.fail(
            CheckFailure::EnvelopeMalformed,
            format!(
                "the envelope has {} bytes (this checker reads at most {ENVELOPE_LIMIT})",
                bytes.len()
            ),
        );
        return None;
    }
    let envelope = json::parse(bytes)
        .map_err(|e| format!("not well-formed JSON: {e}"))
        .and_then(|doc| Ok(Envelope::read(&doc, VERIFICATION_PAYLOAD_TYPE)?));
    let envelope = match envelope {
        Ok(envelope) => envelope,
        Err(why) => {
            checked.fail(CheckFailure::EnvelopeMalformed, why);
            return None;
        }
    };
    match VerificationStatement::read(&envelope.payload) {
        Ok(statement) => Some((envelope, statement)),
        Err(why) => {
            checked.fail(CheckFailure::StatementMalformed, why);
            None
        }
    }
}

/// The key a signature counts with: role `verifier`, valid at `verified_at`.
pub(crate) fn counting_key<'k>(
    keys: &'k TrustStore,
    keyid: &str,
    statement: &VerificationStatement,
) -> Result<&'k TrustedKey, NotCounting> {
    let key = keys.key(keyid).ok_or(NotCounting::KeyUnknown)?;
    if !key.has_role(Role::Verifier) {
        return Err(NotCounting::RoleMissing);
    }
    if !key.valid_at(statement.verified_at().instant()) {
        return Err(NotCounting::NotValidAtVerifiedAt);
    }
    Ok(key)
}

/// §20: authentic when at least one signature counts, every one that
/// counts verifies strictly over `PAE(payloadType, payload)`, and one
/// counting key's owner is `verified_by`.
fn judge_signatures(
    envelope: &Envelope,
    statement: &VerificationStatement,
    keys: &TrustStore,
    checked: &mut CheckedReceipt,
) {
    let message = pae(VERIFICATION_PAYLOAD_TYPE, &envelope.payload);
    let mut failed = Vec::new();
    for (keyid, sig) in &envelope.signatures {
        let row = match counting_key(keys, keyid, statement) {
            Err(why) => SignatureRow {
                keyid: keyid.clone(),
                not_counting: Some(why),
                owner: None,
                verified: None,
            },
            Ok(key) => {
                let verified = crypto::verify_strict(&key.public_key, &message, sig);
                if !verified {
                    failed.push(format!("{keyid:?}"));
                }
                if !checked.signers.contains(&key.owner) {
                    checked.signers.push(key.owner.clone());
                }
                SignatureRow {
                    keyid: keyid.clone(),
                    not_counting: None,
                    owner: Some(key.owner.clone()),
                    verified: Some(verified),
                }
            }
        };
        checked.signatures.push(row);
    }
    let counted = !checked.signers.is_empty();
    if !counted {
        checked.fail(
            CheckFailure::NoCountingSignature,
            "no signature is by a verifier key of the key store valid at verified_at",
        );
    } else if !failed.is_empty() {
        checked.fail(
            CheckFailure::SignatureInvalid,
            format!("the signature by {} does not verify", failed.join(", ")),
        );
    } else {
        checked.passed.push(CheckSuccess::SignaturesVerified);
    }
    let by_verifier = checked
        .signers
        .iter()
        .any(|owner| owner == statement.verified_by());
    if by_verifier {
        checked.passed.push(CheckSuccess::SignerIsVerifiedBy);
    } else if counted {
        checked.fail(
            CheckFailure::SignerMismatch,
            format!(
                "no counting key is owned by verified_by {:?}",
                statement.verified_by()
            ),
        );
    }
    checked.authentic = counted && failed.is_empty() && by_verifier;
}

/// Hashes the pack (verifying it again when asked) and compares it with
/// the statement.
fn compare_pack<R: Read>(
    pack: PackToCompare<'_, R>,
    checked: &mut CheckedReceipt,
) -> Result<(), PackUnreadable> {
    let sha256 =
        match pack.reverify_with {
            None => hash(pack.reader)?,
            Some(trust) => {
                let report = verify(pack.reader, &pack.name, Some(trust), &Limits::default())
                    .map_err(|e| match e {
                        VerifyError::Read(e) => PackUnreadable(e.to_string()),
                        other => PackUnreadable(other.to_string()),
                    })?;
                if let Some(statement) = &checked.statement {
                    let codes = distinct_codes(report.findings().iter().map(|f| f.code()));
                    checked.reverification = Some(Reverification {
                        verdict: report.verdict(),
                        same_verdict: report.verdict() == statement.verdict(),
                        same_codes: codes == statement.codes(),
                        codes,
                        same_trust_store: statement.trust_store_sha256()
                            == Some(trust.identity().sha256.as_str()),
                    });
                }
                report.pack().sha256.clone()
            }
        };
    if let Some(statement) = &checked.statement {
        let matches = statement.pack().sha256 == sha256;
        checked.pack_matches = Some(matches);
        if matches {
            checked.passed.push(CheckSuccess::PackMatches);
        } else {
            checked.fail(
                CheckFailure::PackMismatch,
                format!(
                    "the pack's SHA-256 is {sha256}, the statement names {}",
                    statement.pack().sha256
                ),
            );
        }
    }
    checked.pack_sha256 = Some(sha256);
    Ok(())
}

fn hash<R: Read>(mut reader: R) -> Result<String, PackUnreadable> {
    let mut hasher = Sha256::new();
    std::io::copy(&mut reader, &mut hasher).map_err(|e| PackUnreadable(e.to_string()))?;
    Ok(hex(&hasher.finalize()))
}
