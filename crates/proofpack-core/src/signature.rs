//! `signature.sig` (spec §3): the DPO's Ed25519 signature over the DSSE
//! pre-authentication encoding of the exact bytes of `manifest.json`, and
//! the seal it may carry (§22, read by [`crate::seal`]).

use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageId};
use crate::schema::{parse_json, Fields};
use ed25519_dalek::VerifyingKey;
use proofpack_spec::crypto;
use proofpack_spec::dsse::pae;
use proofpack_spec::encoding::base64_strict;
use proofpack_spec::json::{Json, Shape};
use proofpack_spec::vocab::{seal_names, signature_names as names, Alg, MemberName, PAYLOAD_TYPE};

/// What the reader keeps of `signature.sig`: the members the §3 reader
/// asks for by these names (every other member is checked against §0 and
/// dropped unread).
static SHAPE: Shape = Shape::Members(&[
    (names::ALG, Shape::SCALAR),
    (names::KEY_ID, Shape::SCALAR),
    (names::SIG, Shape::SCALAR),
    (seal_names::SEAL, crate::seal::SHAPE),
]);

/// The member name.
pub(crate) const SIGNATURE: MemberName = MemberName::Signature;

/// A well-formed `signature.sig`.
#[derive(Debug, Clone)]
pub(crate) struct PackSignature {
    /// The key it claims.
    pub key_id: String,
    /// The 64 signature bytes.
    pub sig: Vec<u8>,
}

/// `signature.sig` as far as it could be read.
#[derive(Debug, Clone, Default)]
pub(crate) struct ReadSignature {
    /// The signature, when `signature.sig` has §3's shape.
    pub signature: Option<PackSignature>,
    /// The 64 signature bytes, when `sig` holds them (even if another
    /// member is malformed: §22 compares their digest).
    pub sig: Option<Vec<u8>>,
    /// The seal (§22), when `seal` is neither absent nor `null`, as its
    /// check 1 read it.
    pub seal: Option<crate::seal::Seal>,
}

/// Parses `signature.sig`, reporting `json.malformed` or
/// `signature.malformed`, and the seal's check 1 (§22).
pub(crate) fn parse(bytes: &[u8], findings: &mut Findings) -> ReadSignature {
    let Some(doc) = parse_json(bytes, SIGNATURE.as_str(), &SHAPE, findings) else {
        return ReadSignature::default();
    };
    let Some(mut f) = Fields::of(&doc, Code::SignatureMalformed, SIGNATURE.as_str(), findings)
    else {
        return ReadSignature::default();
    };
    f.name::<Alg>(names::ALG);
    let key_id = f.string(names::KEY_ID).map(str::to_owned);
    let sig = f.string(names::SIG).and_then(|s| {
        let raw = base64_strict(s).filter(|b| b.len() == 64);
        if raw.is_none() {
            f.bad(names::SIG, MessageId::WhyNotSignature);
        }
        raw
    });
    let signature = match (f.ok, key_id, &sig) {
        (true, Some(key_id), Some(sig)) => Some(PackSignature {
            key_id,
            sig: sig.clone(),
        }),
        _ => None,
    };
    let seal = f
        .get(seal_names::SEAL)
        .filter(|v| !matches!(v, Json::Null))
        .map(|value| crate::seal::parse(value, f.findings()));
    ReadSignature {
        signature,
        sig,
        seal,
    }
}

/// The `key_id` of `signature.sig` must equal the manifest's
/// `signature_key_id` (§3).
pub(crate) fn check_key_id(
    signature: &PackSignature,
    signature_key_id: &str,
    findings: &mut Findings,
) {
    if signature.key_id != signature_key_id {
        findings.add(
            Code::SignatureKeyIdMismatch,
            format!("{SIGNATURE}#/key_id"),
            message!(
                SignatureKeyIdMismatch,
                key = quoted(&signature.key_id),
                manifest_key = quoted(signature_key_id)
            ),
        );
    }
}

/// Verifies the signature over `manifest_bytes` with `key` (strict Ed25519).
pub(crate) fn check(
    signature: &PackSignature,
    manifest_bytes: &[u8],
    key: &VerifyingKey,
    findings: &mut Findings,
) -> bool {
    let message = pae(PAYLOAD_TYPE, manifest_bytes);
    let ok = crypto::verify_strict(key, &message, &signature.sig);
    if !ok {
        findings.add(
            Code::SignatureInvalid,
            SIGNATURE.as_str(),
            message!(SignatureInvalid),
        );
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pae_matches_dsse() {
        assert_eq!(pae("t", b"hello"), b"DSSEv1 1 t 5 hello".to_vec());
        assert_eq!(pae("", b""), b"DSSEv1 0  0 ".to_vec());
    }
}
