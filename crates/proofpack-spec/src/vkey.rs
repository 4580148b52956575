//! C2SP `signed-note` verifier keys: `<name>+<hex key ID>+<base64(type ||
//! public key)>`.
//!
//! A log's key is configured as a vkey of type `0x01` (Ed25519 note
//! signatures); the witness publishes its own key as a vkey of type `0x04`
//! (Ed25519 `cosignature/v1`). The key ID must be the one the name, type and
//! key hash to, so a mistyped vkey is refused instead of never matching.

use crate::checkpoint::{is_valid_key_name, note_key_hash, ED25519_SIGNATURE_TYPE};
use crate::cosignature::COSIGNATURE_SIGNATURE_TYPE;
use crate::{crypto, encoding};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use ed25519_dalek::VerifyingKey;
use std::fmt;

/// A parsed verifier key of an Ed25519 type (`0x01` or `0x04`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vkey {
    /// The key name its signature lines carry.
    pub name: String,
    /// The signature type byte: `0x01` note signature, `0x04` cosignature.
    pub signature_type: u8,
    /// The Ed25519 public key.
    pub public_key: VerifyingKey,
}

/// Why a vkey is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VkeyError {
    /// Not three parts separated by `+`.
    #[error("a vkey is <name>+<8 hex digits>+<base64>")]
    Shape,
    /// The name is empty or holds whitespace.
    #[error("the vkey's name is not a key name (empty, or with whitespace)")]
    Name,
    /// The key ID is not 8 lowercase hex digits.
    #[error("the vkey's key ID is not 8 lowercase hex digits")]
    KeyIdEncoding,
    /// The key material is not strict base64.
    #[error("the vkey's key is not strict base64")]
    KeyEncoding,
    /// A signature type other than Ed25519 (`0x01`) or its cosignature (`0x04`).
    #[error("signature type 0x{0:02x} is not Ed25519 (0x01) or cosignature/v1 (0x04)")]
    Type(u8),
    /// The key is not the canonical 32-byte encoding of a curve point.
    #[error("the vkey's key is not a canonical 32-byte Ed25519 public key")]
    PublicKey,
    /// The key ID is not the one the name, type and key hash to.
    #[error("the vkey's key ID does not match its name and key (expected {expected})")]
    KeyIdMismatch {
        /// The key ID they hash to.
        expected: String,
    },
}

impl Vkey {
    /// The vkey of `public_key` under `name`, with signature type
    /// `signature_type`.
    pub fn new(name: &str, signature_type: u8, public_key: VerifyingKey) -> Self {
        Vkey {
            name: name.to_owned(),
            signature_type,
            public_key,
        }
    }

    /// The key ID (key hash) of its signature lines.
    pub fn key_id(&self) -> [u8; 4] {
        note_key_hash(&self.name, self.signature_type, self.public_key.as_bytes())
    }

    /// Parses and checks a vkey: a valid key name, 8 lowercase hex digits
    /// that are the key ID, and strict base64 of a type byte (`0x01` or
    /// `0x04`) followed by a canonical 32-byte Ed25519 public key.
    pub fn parse(text: &str) -> Result<Self, VkeyError> {
        // The name and the hex have no `+`; the base64 may.
        let (name, rest) = text.split_once('+').ok_or(VkeyError::Shape)?;
        let (id, key) = rest.split_once('+').ok_or(VkeyError::Shape)?;
        if !is_valid_key_name(name) {
            return Err(VkeyError::Name);
        }
        if id.len() != 8 || !id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return Err(VkeyError::KeyIdEncoding);
        }
        let key = encoding::base64_strict(key).ok_or(VkeyError::KeyEncoding)?;
        let (&signature_type, public_key) = key.split_first().ok_or(VkeyError::PublicKey)?;
        if signature_type != ED25519_SIGNATURE_TYPE && signature_type != COSIGNATURE_SIGNATURE_TYPE
        {
            return Err(VkeyError::Type(signature_type));
        }
        let public_key = crypto::parse_public_key(public_key).ok_or(VkeyError::PublicKey)?;
        let vkey = Vkey::new(name, signature_type, public_key);
        let expected = encoding::hex(&vkey.key_id());
        if expected != id {
            return Err(VkeyError::KeyIdMismatch { expected });
        }
        Ok(vkey)
    }
}

impl fmt::Display for Vkey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut key = vec![self.signature_type];
        key.extend_from_slice(self.public_key.as_bytes());
        write!(
            f,
            "{}+{}+{}",
            self.name,
            encoding::hex(&self.key_id()),
            STANDARD.encode(key)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkpoint::{parse_signed_note, NoteSignature};
    use ed25519_dalek::SigningKey;

    /// c2sp.org/signed-note, "Verifier keys": the example vkey and the note it
    /// verifies.
    const SPEC_VKEY: &str = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";
    const SPEC_NOTE: &str = "This is an example message.\n\n\u{2014} example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n";

    #[test]
    fn the_c2sp_example_vkey_verifies_its_note() {
        let vkey = Vkey::parse(SPEC_VKEY).unwrap();
        assert_eq!(vkey.name, "example.com/foo");
        assert_eq!(vkey.signature_type, ED25519_SIGNATURE_TYPE);
        assert_eq!(vkey.to_string(), SPEC_VKEY);
        let note = parse_signed_note(SPEC_NOTE).unwrap();
        let NoteSignature {
            key_name,
            key_hash,
            signature,
        } = &note.signatures[0];
        assert_eq!(key_name, &vkey.name);
        assert_eq!(key_hash, &vkey.key_id());
        assert!(crypto::verify_strict(
            &vkey.public_key,
            note.text.as_bytes(),
            signature
        ));
    }

    #[test]
    fn a_published_cosigner_vkey_round_trips() {
        // transparency-dev/formats' note tests: a native cosignature/v1 vkey.
        let text = "remora.n621.de+da77ade7+BOvN63jn/bLvkieywe8R6UYAtVtNbZpXh34x7onlmtw2";
        let vkey = Vkey::parse(text).unwrap();
        assert_eq!(vkey.signature_type, COSIGNATURE_SIGNATURE_TYPE);
        assert_eq!(vkey.to_string(), text);
    }

    #[test]
    fn bad_vkeys_are_refused() {
        let key = SigningKey::from_bytes(&[9; 32]).verifying_key();
        let good = Vkey::new("log.example/a", ED25519_SIGNATURE_TYPE, key).to_string();
        assert!(Vkey::parse(&good).is_ok());
        let (name, rest) = good.split_once('+').unwrap();
        let (id, material) = rest.split_once('+').unwrap();
        let mut other_type = STANDARD.decode(material).unwrap();
        other_type[0] = 0x02;
        let mut short = STANDARD.decode(material).unwrap();
        short.pop();
        let cases = [
            (format!("{name}+{id}"), VkeyError::Shape),
            (name.to_owned(), VkeyError::Shape),
            (format!("+{id}+{material}"), VkeyError::Name),
            (format!("a b+{id}+{material}"), VkeyError::Name),
            (
                format!("{name}+{}+{material}", id.to_uppercase()),
                VkeyError::KeyIdEncoding,
            ),
            (
                format!("{name}+{}+{material}", &id[1..]),
                VkeyError::KeyIdEncoding,
            ),
            (
                format!("{name}+{id}+{}", &material[1..]),
                VkeyError::KeyEncoding,
            ),
            (
                format!("{name}+{id}+{}", STANDARD.encode(&other_type)),
                VkeyError::Type(0x02),
            ),
            (
                format!("{name}+{id}+{}", STANDARD.encode(&short)),
                VkeyError::PublicKey,
            ),
            (format!("{name}+{id}+"), VkeyError::PublicKey),
        ];
        for (text, want) in cases {
            assert_eq!(Vkey::parse(&text), Err(want), "{text}");
        }
        // Another name with the same ID and key: the ID no longer matches.
        assert!(matches!(
            Vkey::parse(&format!("log.example/b+{id}+{material}")),
            Err(VkeyError::KeyIdMismatch { .. })
        ));
        // The same key as a cosignature vkey has another ID.
        let cosigner = Vkey::new("log.example/a", COSIGNATURE_SIGNATURE_TYPE, key);
        assert_ne!(cosigner.key_id(), Vkey::parse(&good).unwrap().key_id());
    }
}
