//! C2SP `tlog-cosignature` v1 for Ed25519 (`cosignature/v1`), as §15 of the
//! spec uses it: a witness's statement that a checkpoint is consistent with
//! everything it saw of that log before.
//!
//! A cosignature is a signed-note signature line of the witness's key name
//! whose decoded bytes are exactly 76: the 4-byte key hash
//! `SHA-256(<name> || 0x0A || 0x04 || <32-byte public key>)[:4]`, an 8-byte
//! big-endian POSIX `timestamp` (at most 2^63-1), and a 64-byte Ed25519
//! signature over
//!
//! ```text
//! cosignature/v1\n
//! time <timestamp, ASCII decimal, no leading zeros>\n
//! <the checkpoint body, its final \n included>
//! ```
//!
//! The witness signs with [`cosign`]; a verifier checks a line with
//! [`check_cosignature`]. Both sides share [`signed_message`] and
//! [`cosignature_key_hash`], so they cannot disagree on the bytes.

use ed25519_dalek::{Signer as _, SigningKey, VerifyingKey};

use crate::checkpoint::{note_key_hash, signature_line, NoteSignature};
use crate::crypto;

/// The signature type byte of Ed25519 cosignatures in C2SP key hashes and
/// verifier keys (`0x04`; plain Ed25519 note signatures are `0x01`).
pub const COSIGNATURE_SIGNATURE_TYPE: u8 = 0x04;

/// The header line of the signed message (without its newline): domain
/// separation from every other Ed25519 message.
pub const COSIGNATURE_HEADER: &str = "cosignature/v1";

/// The largest timestamp a cosignature may carry: 2^63-1.
pub const MAX_TIMESTAMP: u64 = i64::MAX as u64;

/// The decoded length of a cosignature line: key hash, timestamp, signature.
pub const COSIGNATURE_LENGTH: usize = 4 + TIMESTAMPED_SIGNATURE_LENGTH;

/// The length of what follows the key hash: the timestamp and the signature
/// (the `timestamped_signature` of C2SP).
pub const TIMESTAMPED_SIGNATURE_LENGTH: usize = 8 + crypto::SIGNATURE_LENGTH;

/// Why a cosignature line of a witness's key is not a valid cosignature.
/// Every variant maps to the finding `audit.cosignature_invalid`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CosignatureError {
    /// The decoded line is not exactly [`COSIGNATURE_LENGTH`] bytes.
    #[error("a cosignature is {COSIGNATURE_LENGTH} bytes, this one {got}")]
    WrongLength {
        /// The decoded length of the whole line (key hash included).
        got: usize,
    },
    /// The timestamp is above [`MAX_TIMESTAMP`].
    #[error("cosignature timestamp {0} is above 2^63-1")]
    TimestampTooLarge(u64),
    /// The Ed25519 signature does not verify (strict) over the message.
    #[error("cosignature does not verify")]
    SignatureInvalid,
}

/// The bytes after the key hash of a cosignature: when, and the signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimestampedSignature {
    /// POSIX seconds, at most [`MAX_TIMESTAMP`].
    pub timestamp: u64,
    /// The Ed25519 signature over [`signed_message`].
    pub signature: [u8; crypto::SIGNATURE_LENGTH],
}

impl TimestampedSignature {
    /// Splits the bytes after the key hash (a [`NoteSignature::signature`]):
    /// exactly [`TIMESTAMPED_SIGNATURE_LENGTH`] bytes, the timestamp at most
    /// [`MAX_TIMESTAMP`].
    pub fn parse(bytes: &[u8]) -> Result<Self, CosignatureError> {
        let wrong_length = CosignatureError::WrongLength {
            got: bytes.len() + 4,
        };
        let (time, signature) = bytes.split_first_chunk::<8>().ok_or(wrong_length.clone())?;
        let signature: [u8; crypto::SIGNATURE_LENGTH] =
            signature.try_into().map_err(|_| wrong_length)?;
        let timestamp = u64::from_be_bytes(*time);
        if timestamp > MAX_TIMESTAMP {
            return Err(CosignatureError::TimestampTooLarge(timestamp));
        }
        Ok(TimestampedSignature {
            timestamp,
            signature,
        })
    }

    /// The bytes after the key hash: big-endian timestamp, then signature.
    pub fn to_bytes(&self) -> [u8; TIMESTAMPED_SIGNATURE_LENGTH] {
        let mut bytes = [0u8; TIMESTAMPED_SIGNATURE_LENGTH];
        let (time, signature) = bytes.split_at_mut(8);
        time.copy_from_slice(&self.timestamp.to_be_bytes());
        signature.copy_from_slice(&self.signature);
        bytes
    }
}

/// The key hash of a witness's cosignatures: the first 4 bytes of
/// `SHA-256(key_name || 0x0A || 0x04 || public_key)`.
pub fn cosignature_key_hash(key_name: &str, public_key: &[u8; 32]) -> [u8; 4] {
    note_key_hash(key_name, COSIGNATURE_SIGNATURE_TYPE, public_key)
}

/// The message a cosignature signs: the header line, the time line, then
/// the checkpoint body (`body` must be the note text, its final `\n`
/// included, without the blank line or any signature line).
pub fn signed_message(body: &str, timestamp: u64) -> Vec<u8> {
    format!("{COSIGNATURE_HEADER}\ntime {timestamp}\n{body}").into_bytes()
}

/// A witness's key: the name its cosignature lines carry (the trust store's
/// `key_id`) and its Ed25519 public key.
#[derive(Debug, Clone, Copy)]
pub struct WitnessKey<'a> {
    /// The key name of its cosignature lines.
    pub name: &'a str,
    /// The Ed25519 public key.
    pub public_key: &'a VerifyingKey,
}

impl WitnessKey<'_> {
    /// Whether `line` names this key: its key name equals [`WitnessKey::name`]
    /// and its key hash is [`cosignature_key_hash`] of this key. Any other
    /// line is not this witness's, whatever it holds.
    pub fn is_named_by(&self, line: &NoteSignature) -> bool {
        line.key_name == self.name
            && line.key_hash == cosignature_key_hash(self.name, self.public_key.as_bytes())
    }
}

/// What one signature line says about one witness key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CosignatureCheck {
    /// The line does not name this key (another name or key hash): it is not
    /// this witness's cosignature, valid or not.
    NotByKey,
    /// A valid cosignature made at `timestamp` (POSIX seconds).
    Valid {
        /// When the witness cosigned, in its own word.
        timestamp: u64,
    },
    /// The line names this key but is not a valid cosignature.
    Invalid(CosignatureError),
}

/// Checks one signature `line` of a checkpoint whose note text is `body`
/// against the witness `key` (§15): [`CosignatureCheck::NotByKey`] unless
/// the line names the key; then exactly 76 decoded bytes, a timestamp of at
/// most 2^63-1, and a strict Ed25519 signature over [`signed_message`].
pub fn check_cosignature(
    body: &str,
    line: &NoteSignature,
    key: &WitnessKey<'_>,
) -> CosignatureCheck {
    if !key.is_named_by(line) {
        return CosignatureCheck::NotByKey;
    }
    let parsed = match TimestampedSignature::parse(&line.signature) {
        Ok(parsed) => parsed,
        Err(e) => return CosignatureCheck::Invalid(e),
    };
    let message = signed_message(body, parsed.timestamp);
    if crypto::verify_strict(key.public_key, &message, &parsed.signature) {
        CosignatureCheck::Valid {
            timestamp: parsed.timestamp,
        }
    } else {
        CosignatureCheck::Invalid(CosignatureError::SignatureInvalid)
    }
}

/// The witness side: cosigns the checkpoint whose note text is `body` at
/// `timestamp`, under `key_name`, and returns the signature line
/// (`— <key_name> <base64>\n`) to append to the note.
///
/// Refuses a timestamp above [`MAX_TIMESTAMP`]. `key_name` should be a valid
/// key name (non-empty, no whitespace or `+`); otherwise the line does not
/// parse.
pub fn cosign(
    body: &str,
    key_name: &str,
    key: &SigningKey,
    timestamp: u64,
) -> Result<String, CosignatureError> {
    if timestamp > MAX_TIMESTAMP {
        return Err(CosignatureError::TimestampTooLarge(timestamp));
    }
    let signature = key.sign(&signed_message(body, timestamp)).to_bytes();
    let stamped = TimestampedSignature {
        timestamp,
        signature,
    };
    let key_hash = cosignature_key_hash(key_name, key.verifying_key().as_bytes());
    Ok(signature_line(key_name, &key_hash, &stamped.to_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkpoint::{checkpoint_body, ed25519_key_hash, parse_checkpoint, sign_note};
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine as _;

    const WITNESS: &str = "witness.example/w1";
    const ORIGIN: &str = "audit.example.com/ten_0440";

    fn witness_key() -> SigningKey {
        SigningKey::from_bytes(&[0x33; 32])
    }

    fn body() -> String {
        checkpoint_body(ORIGIN, 1042, &[0xab; 32])
    }

    /// The one signature line of `line`, parsed as a note would hold it.
    fn parsed(body: &str, line: &str) -> NoteSignature {
        let note = format!("{body}\n{line}");
        let mut cp = parse_checkpoint(&note).unwrap();
        cp.note.signatures.remove(0)
    }

    fn check(body: &str, line: &NoteSignature, key: &SigningKey) -> CosignatureCheck {
        let vk = key.verifying_key();
        let witness = WitnessKey {
            name: WITNESS,
            public_key: &vk,
        };
        check_cosignature(body, line, &witness)
    }

    /// A line under the witness's name and key hash with these bytes after
    /// the key hash.
    fn raw_line(key: &SigningKey, after_hash: &[u8]) -> NoteSignature {
        NoteSignature {
            key_name: WITNESS.to_owned(),
            key_hash: cosignature_key_hash(WITNESS, key.verifying_key().as_bytes()),
            signature: after_hash.to_vec(),
        }
    }

    #[test]
    fn message_is_the_c2sp_example() {
        // c2sp.org/tlog-cosignature, "Ed25519 signed message".
        let body =
            "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n";
        assert_eq!(
            signed_message(body, 1679315147),
            b"cosignature/v1\ntime 1679315147\nexample.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n"
        );
        assert_eq!(signed_message("o\n", 0), b"cosignature/v1\ntime 0\no\n");
    }

    #[test]
    fn c2sp_example_line_frames_a_cosignature() {
        // c2sp.org/tlog-cosignature, "Format": the example checkpoint with a
        // log signature and a cosignature. The spec publishes no key for it,
        // so its framing is what can be checked: 76 bytes, and the time its
        // message example shows.
        let note = "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n\n\
                    \u{2014} example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n\
                    \u{2014} witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==\n";
        let cp = parse_checkpoint(note).unwrap();
        let line = &cp.note.signatures[1];
        assert_eq!(line.key_hash, [0x8d, 0x66, 0xcf, 0x3f]);
        assert_eq!(line.signature.len() + 4, COSIGNATURE_LENGTH);
        let stamped = TimestampedSignature::parse(&line.signature).unwrap();
        assert_eq!(stamped.timestamp, 1679315147);
        assert_eq!(stamped.to_bytes().as_slice(), line.signature.as_slice());
        // The log's own line is 68 bytes: not a cosignature.
        assert_eq!(
            TimestampedSignature::parse(&cp.note.signatures[0].signature),
            Err(CosignatureError::WrongLength { got: 68 })
        );
    }

    #[test]
    fn key_hash_of_a_published_cosigner_vkey() {
        // A native cosignature/v1 verifier key, `name+id+base64(0x04||key)`,
        // from transparency-dev/formats' note tests: its key ID is ours.
        let vkey = "remora.n621.de+da77ade7+BOvN63jn/bLvkieywe8R6UYAtVtNbZpXh34x7onlmtw2";
        let mut parts = vkey.splitn(3, '+');
        let (name, id, key) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let key = STANDARD.decode(key).unwrap();
        assert_eq!(key[0], COSIGNATURE_SIGNATURE_TYPE);
        let public_key: [u8; 32] = key[1..].try_into().unwrap();
        assert_eq!(
            crate::encoding::hex(&cosignature_key_hash(name, &public_key)),
            id
        );
        // The same key as a plain Ed25519 note key has another ID.
        assert_ne!(
            ed25519_key_hash(name, &public_key),
            cosignature_key_hash(name, &public_key)
        );
    }

    #[test]
    fn round_trip_verifies() {
        let key = witness_key();
        let body = body();
        for timestamp in [1, 1_776_000_000, MAX_TIMESTAMP] {
            let line = cosign(&body, WITNESS, &key, timestamp).unwrap();
            assert!(line.starts_with("\u{2014} witness.example/w1 "));
            assert!(line.ends_with('\n'));
            let line = parsed(&body, &line);
            assert_eq!(line.signature.len(), TIMESTAMPED_SIGNATURE_LENGTH);
            assert_eq!(
                check(&body, &line, &key),
                CosignatureCheck::Valid { timestamp }
            );
        }
    }

    #[test]
    fn appended_to_a_log_signed_checkpoint_it_still_parses_and_verifies() {
        let log = SigningKey::from_bytes(&[0x11; 32]);
        let witness = witness_key();
        let body = body();
        let note = format!(
            "{}{}",
            sign_note(&body, ORIGIN, &log),
            cosign(&body, WITNESS, &witness, 1_776_000_000).unwrap()
        );
        let cp = parse_checkpoint(&note).unwrap();
        assert_eq!(cp.note.text, body);
        let results: Vec<_> = cp
            .note
            .signatures
            .iter()
            .map(|line| check(&cp.note.text, line, &witness))
            .collect();
        assert_eq!(
            results,
            vec![
                CosignatureCheck::NotByKey,
                CosignatureCheck::Valid {
                    timestamp: 1_776_000_000
                }
            ]
        );
    }

    #[test]
    fn any_changed_byte_is_invalid() {
        let key = witness_key();
        let body = body();
        let good = parsed(&body, &cosign(&body, WITNESS, &key, 1_776_000_000).unwrap());
        // Flipped signature bits.
        for byte in [8usize, 40, 71] {
            let mut bad = good.clone();
            bad.signature[byte] ^= 0x01;
            assert_eq!(
                check(&body, &bad, &key),
                CosignatureCheck::Invalid(CosignatureError::SignatureInvalid)
            );
        }
        // Another timestamp: the message changes.
        let mut later = good.clone();
        later.signature[7] ^= 0x01;
        assert_eq!(
            check(&body, &later, &key),
            CosignatureCheck::Invalid(CosignatureError::SignatureInvalid)
        );
        // Another body (an extension line added, or another size).
        let extended = format!("{body}ext\n");
        assert_eq!(
            check(&extended, &good, &key),
            CosignatureCheck::Invalid(CosignatureError::SignatureInvalid)
        );
        let other = checkpoint_body(ORIGIN, 1043, &[0xab; 32]);
        assert_eq!(
            check(&other, &good, &key),
            CosignatureCheck::Invalid(CosignatureError::SignatureInvalid)
        );
        // The same key's signature over the bare body (a plain note
        // signature's message) is not a cosignature.
        let mut bare = good.signature[..8].to_vec();
        bare.extend_from_slice(&key.sign(body.as_bytes()).to_bytes());
        assert_eq!(
            check(&body, &raw_line(&key, &bare), &key),
            CosignatureCheck::Invalid(CosignatureError::SignatureInvalid)
        );
    }

    #[test]
    fn wrong_lengths_and_large_timestamps_are_invalid() {
        let key = witness_key();
        let body = body();
        let good = parsed(&body, &cosign(&body, WITNESS, &key, 5).unwrap());
        for len in [1usize, 8, 64, 71, 73, 100] {
            let mut bytes = good.signature.clone();
            bytes.resize(len, 0);
            assert_eq!(
                check(&body, &raw_line(&key, &bytes), &key),
                CosignatureCheck::Invalid(CosignatureError::WrongLength { got: len + 4 })
            );
        }
        // 2^63 and 2^64-1, signed honestly: still refused.
        for timestamp in [MAX_TIMESTAMP + 1, u64::MAX] {
            let mut bytes = timestamp.to_be_bytes().to_vec();
            bytes.extend_from_slice(&key.sign(&signed_message(&body, timestamp)).to_bytes());
            assert_eq!(
                check(&body, &raw_line(&key, &bytes), &key),
                CosignatureCheck::Invalid(CosignatureError::TimestampTooLarge(timestamp))
            );
            assert_eq!(
                cosign(&body, WITNESS, &key, timestamp),
                Err(CosignatureError::TimestampTooLarge(timestamp))
            );
        }
    }

    #[test]
    fn lines_of_other_names_or_key_hashes_are_not_the_witnesss() {
        let key = witness_key();
        let other = SigningKey::from_bytes(&[0x44; 32]);
        let body = body();
        // Another key under the witness's name: another key hash.
        let line = parsed(&body, &cosign(&body, WITNESS, &other, 5).unwrap());
        assert_eq!(check(&body, &line, &key), CosignatureCheck::NotByKey);
        // The witness's key under another name.
        let line = parsed(
            &body,
            &cosign(&body, "witness.example/w2", &key, 5).unwrap(),
        );
        assert_eq!(check(&body, &line, &key), CosignatureCheck::NotByKey);
        // A plain Ed25519 note signature by the witness's key (type 0x01 key
        // hash): not a cosignature line at all.
        let note = sign_note(&body, WITNESS, &key);
        let line = parse_checkpoint(&note).unwrap().note.signatures.remove(0);
        assert_eq!(check(&body, &line, &key), CosignatureCheck::NotByKey);
    }

    #[test]
    fn small_order_key_never_verifies() {
        let mut identity = [0u8; 32];
        identity[0] = 1;
        let vk = crypto::parse_public_key(&identity).unwrap();
        let body = body();
        // R = identity, S = 0: valid under the lax equation for A = identity.
        let mut bytes = 7u64.to_be_bytes().to_vec();
        bytes.extend_from_slice(&identity);
        bytes.extend_from_slice(&[0u8; 32]);
        let line = NoteSignature {
            key_name: WITNESS.to_owned(),
            key_hash: cosignature_key_hash(WITNESS, &identity),
            signature: bytes,
        };
        let witness = WitnessKey {
            name: WITNESS,
            public_key: &vk,
        };
        assert_eq!(
            check_cosignature(&body, &line, &witness),
            CosignatureCheck::Invalid(CosignatureError::SignatureInvalid)
        );
    }
}
