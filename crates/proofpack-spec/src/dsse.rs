//! DSSE v1 (§3, §16, §20): the pre-authentication encoding that every
//! signature of the format signs, and the JSON envelope that carries a
//! signed statement (a subprocessor's receipt, a verifier's verification).

use crate::crypto::SIGNATURE_LENGTH;
use crate::encoding::base64_strict;
use crate::json::{Json, JsonObject};

/// DSSE v1 pre-authentication encoding:
/// `"DSSEv1" SP LEN(type) SP type SP LEN(body) SP body`.
pub fn pae(payload_type: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + payload_type.len() + 32);
    out.extend_from_slice(b"DSSEv1 ");
    out.extend_from_slice(payload_type.len().to_string().as_bytes());
    out.push(b' ');
    out.extend_from_slice(payload_type.as_bytes());
    out.push(b' ');
    out.extend_from_slice(body.len().to_string().as_bytes());
    out.push(b' ');
    out.extend_from_slice(body);
    out
}

/// The member names of a DSSE envelope (§16), each written once.
pub mod names {
    /// The envelope's payload type.
    pub const PAYLOAD_TYPE: &str = "payloadType";
    /// The base64 of the statement's bytes.
    pub const PAYLOAD: &str = "payload";
    /// The signatures over `PAE(payloadType, payload)`.
    pub const SIGNATURES: &str = "signatures";
    /// A signature's key identifier.
    pub const KEYID: &str = "keyid";
    /// A signature's base64 bytes.
    pub const SIG: &str = "sig";
}

/// A well-formed envelope: its decoded payload and signatures, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// The statement's bytes (the decoded `payload`).
    pub payload: Vec<u8>,
    /// Each signature's `keyid` and its 64 bytes.
    pub signatures: Vec<(String, [u8; SIGNATURE_LENGTH])>,
}

/// Why a JSON value is not a well-formed envelope (its `Display` is what
/// a finding says of it in English).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// The value is not an object.
    #[error("the envelope is not a JSON object")]
    NotObject,
    /// A member that must be a string is not.
    #[error("`{0}` is missing or not a string")]
    NotString(String),
    /// `payloadType` is not the one expected.
    #[error("`{name}` must be {expected:?}", name = names::PAYLOAD_TYPE)]
    PayloadType {
        /// The type the reader expects.
        expected: String,
    },
    /// `payload` is not strict base64.
    #[error("`{}` is not strict base64", names::PAYLOAD)]
    PayloadNotBase64,
    /// `signatures` is not a non-empty array.
    #[error("`{}` must be a non-empty array", names::SIGNATURES)]
    NoSignatures,
    /// An item of `signatures` is not an object.
    #[error("a signature is not an object")]
    SignatureNotObject,
    /// A `sig` is not strict base64 of 64 bytes.
    #[error("`{}` is not strict base64 of 64 bytes", names::SIG)]
    SigNotBase64,
}

impl From<EnvelopeError> for String {
    fn from(e: EnvelopeError) -> Self {
        e.to_string()
    }
}

impl Envelope {
    /// Reads an envelope of `payload_type` (§16's shape): the type exactly,
    /// a strict base64 `payload`, and a non-empty `signatures` of objects
    /// with a string `keyid` and a `sig` of strict base64 of 64 bytes.
    /// Unknown members are ignored (§0). The error says what is wrong.
    pub fn read(doc: &Json, payload_type: &str) -> Result<Envelope, EnvelopeError> {
        let obj = doc.as_object().ok_or(EnvelopeError::NotObject)?;
        if string(obj, names::PAYLOAD_TYPE)? != payload_type {
            return Err(EnvelopeError::PayloadType {
                expected: payload_type.to_owned(),
            });
        }
        let payload =
            base64_strict(string(obj, names::PAYLOAD)?).ok_or(EnvelopeError::PayloadNotBase64)?;
        let items = obj
            .get(names::SIGNATURES)
            .and_then(Json::as_array)
            .filter(|items| !items.is_empty())
            .ok_or(EnvelopeError::NoSignatures)?;
        let signatures = items
            .iter()
            .map(|item| {
                let sig = item.as_object().ok_or(EnvelopeError::SignatureNotObject)?;
                let keyid = string(sig, names::KEYID)?.to_owned();
                let bytes = base64_strict(string(sig, names::SIG)?)
                    .and_then(|b| <[u8; SIGNATURE_LENGTH]>::try_from(b).ok())
                    .ok_or(EnvelopeError::SigNotBase64)?;
                Ok((keyid, bytes))
            })
            .collect::<Result<_, EnvelopeError>>()?;
        Ok(Envelope {
            payload,
            signatures,
        })
    }
}

/// The string member `name` of `obj`, or why not.
pub fn string<'o>(obj: &'o JsonObject, name: &str) -> Result<&'o str, EnvelopeError> {
    obj.get(name)
        .and_then(Json::as_str)
        .ok_or_else(|| EnvelopeError::NotString(name.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIG: &str =
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==";

    fn read(text: &str) -> Result<Envelope, String> {
        let doc = crate::json::parse(text.as_bytes()).map_err(|e| e.to_string())?;
        Ok(Envelope::read(&doc, "t")?)
    }

    #[test]
    fn reads_the_shape_and_refuses_every_other() {
        let good = format!(
            r#"{{"payloadType":"t","payload":"e30=","signatures":[{{"keyid":"k","sig":"{SIG}"}}],"x":1}}"#
        );
        let envelope = read(&good).expect("well-formed");
        assert_eq!(envelope.payload, b"{}");
        assert_eq!(envelope.signatures.len(), 1);
        for bad in [
            good.replace(r#""t""#, r#""u""#),
            good.replace("e30=", "e30"),
            good.replace("e30=", "e3 0="),
            good.replace(SIG, "AAAA"),
            good.replace(r#""keyid":"k""#, r#""keyid":1"#),
            good.replace(r#""payload":"e30=","#, ""),
            r#"{"payloadType":"t","payload":"e30=","signatures":[]}"#.to_owned(),
            "[]".to_owned(),
        ] {
            assert!(read(&bad).is_err(), "{bad}");
        }
    }
}
