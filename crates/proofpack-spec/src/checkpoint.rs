//! C2SP `signed-note` and `tlog-checkpoint` notes, as §10 of the spec
//! restricts them.
//!
//! A signed note is a text ending in a newline, a blank line, then one or
//! more signature lines `— <key name> <base64(4-byte key hash || signature)>\n`
//! (the dash is U+2014). [`parse_signed_note`] checks that syntax only; it does
//! not look at keys. A checkpoint is a signed note whose text is
//! `<origin>\n<tree size>\n<base64 root hash>\n` followed by optional non-empty
//! extension lines ([`parse_checkpoint`]).
//!
//! [`verify_checkpoint`] applies the §10 rule: the signature lines that count
//! are those whose key name equals the checkpoint's origin and is the `key_id`
//! of a trust-store `audit_log` key, and whose key hash matches that key. Every
//! counting line must verify under strict Ed25519; other lines (witness
//! cosignatures, other logs' keys) are ignored.
//!
//! The producer side ([`checkpoint_body`], [`sign_note`]) writes notes that
//! this parser accepts.

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use ed25519_dalek::{Signer as _, SigningKey, VerifyingKey};
use sha2::{Digest as _, Sha256};

use crate::crypto;

/// The prefix of every signature line: U+2014 EM DASH and one space.
const SIGNATURE_PREFIX: &str = "\u{2014} ";

/// The most signature lines a note may carry (Go's `note.Open` limit; C2SP
/// requires accepting at least 16).
pub const MAX_SIGNATURES: usize = 100;

/// The signature type byte of Ed25519 in C2SP `signed-note` key hashes and
/// verifier keys.
pub const ED25519_SIGNATURE_TYPE: u8 = 0x01;

/// Why a note or checkpoint does not parse. Every variant maps to the finding
/// `audit.checkpoint_malformed`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoteError {
    /// The note holds an ASCII control character (below U+0020) other than
    /// newline.
    #[error("note contains a control character other than newline")]
    ControlCharacter,
    /// The note has no blank line separating its text from its signatures.
    #[error("note has no blank line before a signature block")]
    MissingSignatureBlock,
    /// Nothing follows the last blank line: the note has no signature line.
    #[error("note has no signature lines")]
    NoSignatures,
    /// The last signature line does not end with a newline.
    #[error("signature block does not end with a newline")]
    UnterminatedSignatureBlock,
    /// The note has more than [`MAX_SIGNATURES`] signature lines.
    #[error("note has more than {MAX_SIGNATURES} signature lines")]
    TooManySignatures,
    /// A line of the signature block does not start with an em dash and a space.
    #[error("signature line {line} does not start with an em dash and a space")]
    NotASignatureLine {
        /// 1-based position of the line in the signature block.
        line: usize,
    },
    /// A signature line's key name is empty or contains whitespace or `+`, or
    /// the line has no space after the key name.
    #[error("signature line {line} has an invalid key name")]
    InvalidKeyName {
        /// 1-based position of the line in the signature block.
        line: usize,
    },
    /// A signature line's signature is not strict standard base64.
    #[error("signature line {line} is not strict base64")]
    InvalidSignatureEncoding {
        /// 1-based position of the line in the signature block.
        line: usize,
    },
    /// A signature line decodes to fewer than 5 bytes (4-byte key hash and at
    /// least one signature byte).
    #[error("signature line {line} is shorter than a key hash and a signature")]
    SignatureTooShort {
        /// 1-based position of the line in the signature block.
        line: usize,
    },
    /// The checkpoint text has fewer than three lines.
    #[error("checkpoint has fewer than three lines")]
    CheckpointTooShort,
    /// The checkpoint's origin line is empty.
    #[error("checkpoint origin is empty")]
    EmptyOrigin,
    /// The tree size is not ASCII decimal without leading zeros that fits a u64.
    #[error("checkpoint tree size is not a canonical decimal u64")]
    InvalidTreeSize,
    /// The root hash is not strict base64 of exactly 32 bytes.
    #[error("checkpoint root hash is not base64 of 32 bytes")]
    InvalidRootHash,
    /// An extension line of the checkpoint is empty.
    #[error("checkpoint has an empty extension line")]
    EmptyExtensionLine,
}

/// A parsed signed note. Parsing checks syntax only: no signature is verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedNote {
    /// The note text (the signed bytes), including its final `\n` but not the
    /// separating blank line.
    pub text: String,
    /// The signature lines, in note order (duplicates kept).
    pub signatures: Vec<NoteSignature>,
}

/// One signature line of a signed note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteSignature {
    /// The key name of the line.
    pub key_name: String,
    /// The first four decoded bytes: the key hash (key ID).
    pub key_hash: [u8; 4],
    /// The decoded bytes after the key hash (for Ed25519, 64 bytes if well
    /// formed; other lengths are kept and fail verification).
    pub signature: Vec<u8>,
}

/// The body of a C2SP `tlog-witness` add-checkpoint request, as a log
/// sends it to a witness: `old <old_size>`, each hash of the consistency
/// proof from `old_size` to the checkpoint's size in standard base64 on its
/// own line, an empty line, then the signed checkpoint.
#[must_use]
pub fn add_checkpoint_body(
    old_size: u64,
    proof: &[crate::merkle::Hash],
    checkpoint: &str,
) -> String {
    let mut body = format!("old {old_size}\n");
    for hash in proof {
        body.push_str(&STANDARD.encode(hash));
        body.push('\n');
    }
    body.push('\n');
    body.push_str(checkpoint);
    body
}

/// Parse the generic C2SP signed-note syntax.
///
/// The note must hold no ASCII control character but newline; text and
/// signature block are split at the last `"\n\n"`; the signature block is 1 to
/// [`MAX_SIGNATURES`] lines, each `— <key name> <base64>\n` where the key name
/// is non-empty without whitespace or `+`, and the base64 is strict standard
/// base64 of at least 5 bytes. The text may contain empty lines. UTF-8 validity
/// is guaranteed by the `&str` type: a caller holding bytes must reject invalid
/// UTF-8 as malformed.
pub fn parse_signed_note(note: &str) -> Result<SignedNote, NoteError> {
    if note.chars().any(|c| c < '\u{20}' && c != '\n') {
        return Err(NoteError::ControlCharacter);
    }
    let split = note.rfind("\n\n").ok_or(NoteError::MissingSignatureBlock)?;
    // `split` is a char boundary ('\n' is ASCII), and so are split+1 and split+2.
    let text = note.get(..split + 1).unwrap_or_default();
    let block = note.get(split + 2..).unwrap_or_default();
    if block.is_empty() {
        return Err(NoteError::NoSignatures);
    }
    let Some(block) = block.strip_suffix('\n') else {
        return Err(NoteError::UnterminatedSignatureBlock);
    };
    let mut signatures = Vec::new();
    for (index, line) in block.split('\n').enumerate() {
        let line_no = index + 1;
        if line_no > MAX_SIGNATURES {
            return Err(NoteError::TooManySignatures);
        }
        signatures.push(parse_signature_line(line, line_no)?);
    }
    Ok(SignedNote {
        text: text.to_owned(),
        signatures,
    })
}

/// Parse one signature line (without its newline).
fn parse_signature_line(line: &str, line_no: usize) -> Result<NoteSignature, NoteError> {
    let rest = line
        .strip_prefix(SIGNATURE_PREFIX)
        .ok_or(NoteError::NotASignatureLine { line: line_no })?;
    let (name, b64) = rest
        .split_once(' ')
        .ok_or(NoteError::InvalidKeyName { line: line_no })?;
    if !is_valid_key_name(name) {
        return Err(NoteError::InvalidKeyName { line: line_no });
    }
    let bytes = STANDARD
        .decode(b64)
        .map_err(|_| NoteError::InvalidSignatureEncoding { line: line_no })?;
    let (hash, signature) = bytes
        .split_first_chunk::<4>()
        .filter(|(_, sig)| !sig.is_empty())
        .ok_or(NoteError::SignatureTooShort { line: line_no })?;
    Ok(NoteSignature {
        key_name: name.to_owned(),
        key_hash: *hash,
        signature: signature.to_vec(),
    })
}

/// Whether `name` can be a C2SP key name: non-empty, no Unicode whitespace,
/// no `+`.
pub fn is_valid_key_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || c == '+')
}

/// A parsed C2SP `tlog-checkpoint`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    /// The origin line: the log's identity.
    pub origin: String,
    /// The number of leaves in the tree.
    pub tree_size: u64,
    /// The RFC 9162 root hash of the tree at `tree_size`.
    pub root_hash: [u8; 32],
    /// The extension lines after the root hash, in order (each non-empty).
    pub extensions: Vec<String>,
    /// The whole signed note (its text is the signed checkpoint body).
    pub note: SignedNote,
}

/// Parse a checkpoint: a signed note whose text is
/// `<origin>\n<decimal size>\n<base64 32-byte root>\n` followed by optional
/// non-empty extension lines.
///
/// The origin is any non-empty line; the tree size is ASCII decimal without
/// leading zeros (except `0`) that fits a u64; the root hash is strict base64
/// of exactly 32 bytes.
pub fn parse_checkpoint(note: &str) -> Result<Checkpoint, NoteError> {
    let note = parse_signed_note(note)?;
    // The text always ends with '\n' (the split is at a "\n\n").
    let body = note.text.strip_suffix('\n').unwrap_or(&note.text);
    let mut lines = body.split('\n');
    let origin = lines.next().ok_or(NoteError::CheckpointTooShort)?;
    let size = lines.next().ok_or(NoteError::CheckpointTooShort)?;
    let root = lines.next().ok_or(NoteError::CheckpointTooShort)?;
    if origin.is_empty() {
        return Err(NoteError::EmptyOrigin);
    }
    let tree_size = parse_tree_size(size).ok_or(NoteError::InvalidTreeSize)?;
    let root_hash = STANDARD
        .decode(root)
        .ok()
        .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
        .ok_or(NoteError::InvalidRootHash)?;
    let mut extensions = Vec::new();
    for line in lines {
        if line.is_empty() {
            return Err(NoteError::EmptyExtensionLine);
        }
        extensions.push(line.to_owned());
    }
    Ok(Checkpoint {
        origin: origin.to_owned(),
        tree_size,
        root_hash,
        extensions,
        note,
    })
}

/// ASCII decimal, no sign, no leading zeros except "0", fitting a u64.
fn parse_tree_size(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if s.len() > 1 && s.starts_with('0') {
        return None;
    }
    s.parse().ok()
}

/// The C2SP key hash (key ID) of an Ed25519 key: the first 4 bytes of
/// `SHA-256(key_name || 0x0A || 0x01 || public_key)`.
pub fn ed25519_key_hash(key_name: &str, public_key: &[u8; 32]) -> [u8; 4] {
    note_key_hash(key_name, ED25519_SIGNATURE_TYPE, public_key)
}

/// The C2SP `signed-note` key ID of a key of any signature type: the first 4
/// bytes of `SHA-256(key_name || 0x0A || signature_type || public_key)`.
pub fn note_key_hash(key_name: &str, signature_type: u8, public_key: &[u8]) -> [u8; 4] {
    let digest = Sha256::new()
        .chain_update(key_name.as_bytes())
        .chain_update([b'\n', signature_type])
        .chain_update(public_key)
        .finalize();
    let digest: [u8; 32] = digest.into();
    let [a, b, c, d, ..] = digest;
    [a, b, c, d]
}

/// One signature line, `— <key_name> <base64(key_hash || signature)>\n`, as
/// [`parse_signed_note`] reads it back.
pub fn signature_line(key_name: &str, key_hash: &[u8; 4], signature: &[u8]) -> String {
    let mut blob = Vec::with_capacity(key_hash.len() + signature.len());
    blob.extend_from_slice(key_hash);
    blob.extend_from_slice(signature);
    format!("{SIGNATURE_PREFIX}{key_name} {}\n", STANDARD.encode(blob))
}

/// An audit_log key from the trust store.
#[derive(Debug, Clone, Copy)]
pub struct LogKey<'a> {
    /// The key's `key_id` in the trust store (a log's key name).
    pub key_id: &'a str,
    /// The key's Ed25519 public key.
    pub public_key: &'a VerifyingKey,
}

/// The outcome of [`verify_checkpoint`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckpointStatus {
    /// At least one line counts and every counting line verifies.
    Verified,
    /// No signature line counts (`audit.checkpoint_key_unknown`).
    KeyUnknown,
    /// A line that counts fails strict verification
    /// (`audit.checkpoint_signature_invalid`).
    SignatureInvalid,
}

/// §10: a line counts when its key name == the checkpoint's origin, equals the
/// key_id of one of `log_keys`, and its key hash matches that key. Verified
/// when ≥1 line counts and every counting line verifies (strict,
/// [`crypto::verify_strict`] over the text bytes incl. final `\n`). Other lines
/// are ignored.
///
/// Duplicate lines are not skipped: each counting line is verified. Should
/// `log_keys` hold several keys matching one line, the line must verify under
/// each of them.
pub fn verify_checkpoint(cp: &Checkpoint, log_keys: &[LogKey<'_>]) -> CheckpointStatus {
    let message = cp.note.text.as_bytes();
    let mut counted = false;
    for line in &cp.note.signatures {
        if line.key_name != cp.origin {
            continue;
        }
        for key in log_keys {
            if key.key_id != line.key_name
                || ed25519_key_hash(key.key_id, key.public_key.as_bytes()) != line.key_hash
            {
                continue;
            }
            counted = true;
            if !crypto::verify_strict(key.public_key, message, &line.signature) {
                return CheckpointStatus::SignatureInvalid;
            }
        }
    }
    if counted {
        CheckpointStatus::Verified
    } else {
        CheckpointStatus::KeyUnknown
    }
}

/// Producer side (pack authoring): the body text for a checkpoint,
/// `<origin>\n<tree_size>\n<base64 root_hash>\n`.
pub fn checkpoint_body(origin: &str, tree_size: u64, root_hash: &[u8; 32]) -> String {
    format!("{origin}\n{tree_size}\n{}\n", STANDARD.encode(root_hash))
}

/// Producer side: sign a note text with an Ed25519 key under key_name,
/// returning the full note text with one signature line appended
/// (`"text\n— name base64(keyhash||sig)\n"`).
///
/// `text` should be a valid note text (ending in `\n`, no control characters
/// but newline) and `key_name` a valid key name (non-empty, no whitespace or
/// `+`); otherwise the result does not parse.
pub fn sign_note(text: &str, key_name: &str, key: &SigningKey) -> String {
    let key_hash = ed25519_key_hash(key_name, key.verifying_key().as_bytes());
    let signature = key.sign(text.as_bytes());
    format!(
        "{text}\n{}",
        signature_line(key_name, &key_hash, &signature.to_bytes())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: &str = "audit.example.com/ten_0440";

    fn log_signing_key() -> SigningKey {
        SigningKey::from_bytes(&[0x11; 32])
    }

    fn other_signing_key() -> SigningKey {
        SigningKey::from_bytes(&[0x22; 32])
    }

    fn body() -> String {
        checkpoint_body(ORIGIN, 1042, &[0xab; 32])
    }

    /// A signature line for `text`, as `sign_note` writes it, with `blob`
    /// (key hash || signature) chosen by the caller.
    fn line(name: &str, blob: &[u8]) -> String {
        format!("\u{2014} {name} {}\n", STANDARD.encode(blob))
    }

    fn blob(name: &str, key: &SigningKey, text: &str) -> Vec<u8> {
        let mut b = ed25519_key_hash(name, key.verifying_key().as_bytes()).to_vec();
        b.extend_from_slice(&key.sign(text.as_bytes()).to_bytes());
        b
    }

    fn status(note: &str, keys: &[(&str, &VerifyingKey)]) -> CheckpointStatus {
        let cp = parse_checkpoint(note).unwrap();
        let keys: Vec<LogKey<'_>> = keys
            .iter()
            .map(|&(key_id, public_key)| LogKey { key_id, public_key })
            .collect();
        verify_checkpoint(&cp, &keys)
    }

    #[test]
    fn round_trip_verifies() {
        let sk = log_signing_key();
        let vk = sk.verifying_key();
        let note = sign_note(&body(), ORIGIN, &sk);
        let cp = parse_checkpoint(&note).unwrap();
        assert_eq!(cp.origin, ORIGIN);
        assert_eq!(cp.tree_size, 1042);
        assert_eq!(cp.root_hash, [0xab; 32]);
        assert!(cp.extensions.is_empty());
        assert_eq!(cp.note.text, body());
        assert_eq!(cp.note.signatures.len(), 1);
        assert_eq!(status(&note, &[(ORIGIN, &vk)]), CheckpointStatus::Verified);
        // No keys at all: nothing counts.
        assert_eq!(status(&note, &[]), CheckpointStatus::KeyUnknown);
    }

    #[test]
    fn round_trip_with_extensions_and_cosignature() {
        let sk = log_signing_key();
        let text = format!("{}ext one\n+ext two\n", body());
        let signed = sign_note(&text, ORIGIN, &sk);
        let note = format!(
            "{signed}{}",
            line("witness.example/w1", &[0, 1, 2, 3, 4, 5, 6, 7, 8])
        );
        let cp = parse_checkpoint(&note).unwrap();
        assert_eq!(cp.extensions, vec!["ext one", "+ext two"]);
        assert_eq!(cp.note.signatures.len(), 2);
        let vk = sk.verifying_key();
        assert_eq!(status(&note, &[(ORIGIN, &vk)]), CheckpointStatus::Verified);
    }

    #[test]
    fn right_name_other_key_hash_is_ignored() {
        let sk = log_signing_key();
        let other = other_signing_key();
        let text = body();
        // Signed by another key under the log's name: its key hash differs.
        let note = format!("{text}\n{}", line(ORIGIN, &blob(ORIGIN, &other, &text)));
        let vk = sk.verifying_key();
        assert_eq!(
            status(&note, &[(ORIGIN, &vk)]),
            CheckpointStatus::KeyUnknown
        );
        // Alongside a good line, it is ignored.
        let note = format!(
            "{text}\n{}{}",
            line(ORIGIN, &blob(ORIGIN, &other, &text)),
            line(ORIGIN, &blob(ORIGIN, &sk, &text))
        );
        assert_eq!(status(&note, &[(ORIGIN, &vk)]), CheckpointStatus::Verified);
    }

    #[test]
    fn flipped_signature_bit_is_invalid() {
        let sk = log_signing_key();
        let vk = sk.verifying_key();
        let text = body();
        let good = blob(ORIGIN, &sk, &text);
        for byte in [4usize, 30, 40, 67] {
            let mut bad = good.clone();
            bad[byte] ^= 0x01;
            let note = format!("{text}\n{}", line(ORIGIN, &bad));
            assert_eq!(
                status(&note, &[(ORIGIN, &vk)]),
                CheckpointStatus::SignatureInvalid
            );
            // A good counting line does not rescue a bad one.
            let note = format!("{text}\n{}{}", line(ORIGIN, &good), line(ORIGIN, &bad));
            assert_eq!(
                status(&note, &[(ORIGIN, &vk)]),
                CheckpointStatus::SignatureInvalid
            );
        }
    }

    #[test]
    fn other_logs_key_does_not_count() {
        let log = log_signing_key();
        let other_log = other_signing_key();
        let other_name = "audit.example.com/ten_9999";
        let text = body();
        // A valid signature by another trust-store audit_log key, under its own
        // name: the name is not the origin, so the line does not count.
        let note = sign_note(&text, other_name, &other_log);
        let (vk, ovk) = (log.verifying_key(), other_log.verifying_key());
        let keys = [(ORIGIN, &vk), (other_name, &ovk)];
        assert_eq!(status(&note, &keys), CheckpointStatus::KeyUnknown);
        // Another log's key, even with a broken signature, is ignored.
        let mut bad = blob(other_name, &other_log, &text);
        bad[10] ^= 0x80;
        let note = format!(
            "{text}\n{}{}",
            line(other_name, &bad),
            line(ORIGIN, &blob(ORIGIN, &log, &text))
        );
        assert_eq!(status(&note, &keys), CheckpointStatus::Verified);
        // The other log's key under the origin's name: key_id differs from the
        // name, so the other key is never tried.
        let note = format!(
            "{text}\n{}",
            line(ORIGIN, &blob(other_name, &other_log, &text))
        );
        assert_eq!(status(&note, &keys), CheckpointStatus::KeyUnknown);
    }

    #[test]
    fn key_id_must_equal_origin() {
        // The right key, signing under the origin name, but the trust store
        // calls the key something else: nothing counts.
        let sk = log_signing_key();
        let vk = sk.verifying_key();
        let note = sign_note(&body(), ORIGIN, &sk);
        assert_eq!(
            status(&note, &[("another-name", &vk)]),
            CheckpointStatus::KeyUnknown
        );
        // Signed under a name that is not the origin, with a trust-store key of
        // that name: does not count either.
        let note = sign_note(&body(), "another-name", &sk);
        assert_eq!(
            status(&note, &[("another-name", &vk)]),
            CheckpointStatus::KeyUnknown
        );
    }

    #[test]
    fn non_64_byte_signature_in_counting_line_is_invalid() {
        let sk = log_signing_key();
        let vk = sk.verifying_key();
        let text = body();
        let good = blob(ORIGIN, &sk, &text);
        for len in [5usize, 67, 69, 100] {
            let mut b = good.clone();
            b.resize(len, 0);
            let note = format!("{text}\n{}", line(ORIGIN, &b));
            assert_eq!(
                status(&note, &[(ORIGIN, &vk)]),
                CheckpointStatus::SignatureInvalid,
                "len {len}"
            );
        }
    }

    #[test]
    fn small_order_key_never_verifies() {
        let mut identity = [0u8; 32];
        identity[0] = 1;
        let vk = crypto::parse_public_key(&identity).unwrap();
        let text = body();
        let mut b = ed25519_key_hash(ORIGIN, &identity).to_vec();
        // R = identity, S = 0: valid under the lax equation for A = identity.
        b.extend_from_slice(&identity);
        b.extend_from_slice(&[0u8; 32]);
        let note = format!("{text}\n{}", line(ORIGIN, &b));
        assert_eq!(
            status(&note, &[(ORIGIN, &vk)]),
            CheckpointStatus::SignatureInvalid
        );
    }

    #[test]
    fn signed_note_syntax_errors() {
        let sig = line("k", &[1, 2, 3, 4, 5]);
        let ok = format!("a\n\n{sig}");
        assert!(parse_signed_note(&ok).is_ok());
        let cases: Vec<(String, NoteError)> = vec![
            ("a\n".into(), NoteError::MissingSignatureBlock),
            (format!("a\n{sig}"), NoteError::MissingSignatureBlock),
            ("a\n\n".into(), NoteError::NoSignatures),
            (
                format!("a\n\n{}", sig.trim_end_matches('\n')),
                NoteError::UnterminatedSignatureBlock,
            ),
            (format!("a\r\n\n{sig}"), NoteError::ControlCharacter),
            (format!("a\t\n\n{sig}"), NoteError::ControlCharacter),
            (
                format!("a\n\n{sig}").replace("k ", "k\0 "),
                NoteError::ControlCharacter,
            ),
            (
                "a\n\n- k AQIDBAU=\n".into(),
                NoteError::NotASignatureLine { line: 1 },
            ),
            (
                format!("a\n\n{sig}\u{2014}k AQIDBAU=\n"),
                NoteError::NotASignatureLine { line: 2 },
            ),
            (
                format!("a\n\n{sig}x\n"),
                NoteError::NotASignatureLine { line: 2 },
            ),
            (
                "a\n\n\u{2014}  AQIDBAU=\n".into(),
                NoteError::InvalidKeyName { line: 1 },
            ),
            (
                "a\n\n\u{2014} k+1 AQIDBAU=\n".into(),
                NoteError::InvalidKeyName { line: 1 },
            ),
            (
                "a\n\n\u{2014} k\u{a0}x AQIDBAU=\n".into(),
                NoteError::InvalidKeyName { line: 1 },
            ),
            (
                "a\n\n\u{2014} k\u{3000}x AQIDBAU=\n".into(),
                NoteError::InvalidKeyName { line: 1 },
            ),
            (
                "a\n\n\u{2014} kAQIDBAU=\n".into(),
                NoteError::InvalidKeyName { line: 1 },
            ),
            (
                "a\n\n\u{2014} k \n".into(),
                NoteError::SignatureTooShort { line: 1 },
            ),
            (
                "a\n\n\u{2014} k AQIDBAU= \n".into(),
                NoteError::InvalidSignatureEncoding { line: 1 },
            ),
            (
                "a\n\n\u{2014} k  AQIDBAU=\n".into(),
                NoteError::InvalidSignatureEncoding { line: 1 },
            ),
            (
                "a\n\n\u{2014} k AQIDBAU\n".into(),
                NoteError::InvalidSignatureEncoding { line: 1 },
            ),
            (
                "a\n\n\u{2014} k AQIDBAV=\n".into(),
                NoteError::InvalidSignatureEncoding { line: 1 },
            ),
            (
                "a\n\n\u{2014} k AQIDBA-_\n".into(),
                NoteError::InvalidSignatureEncoding { line: 1 },
            ),
            (
                "a\n\n\u{2014} k AQIDBA==\n".into(),
                NoteError::SignatureTooShort { line: 1 },
            ),
        ];
        for (note, want) in cases {
            assert_eq!(parse_signed_note(&note), Err(want), "{note:?}");
        }
    }

    #[test]
    fn signed_note_split_at_last_blank_line() {
        let sig = line("k", &[1, 2, 3, 4, 5]);
        // Empty lines in the text are allowed; the split is the last "\n\n".
        let note = parse_signed_note(&format!("a\n\nb\n\n\n{sig}")).unwrap();
        assert_eq!(note.text, "a\n\nb\n\n");
        // A note whose text is a single empty line.
        let note = parse_signed_note(&format!("\n\n{sig}")).unwrap();
        assert_eq!(note.text, "\n");
        // Non-ASCII text and key names are fine; DEL (U+007F) is not a C0
        // control character.
        let note =
            parse_signed_note(&format!("h\u{e9}\u{7f}\n\n{}", line("\u{e9}/x", &[9; 5]))).unwrap();
        assert_eq!(note.signatures[0].key_name, "\u{e9}/x");
        assert_eq!(note.signatures[0].key_hash, [9; 4]);
        assert_eq!(note.signatures[0].signature, vec![9]);
    }

    #[test]
    fn signature_count_limit() {
        let sig = line("k", &[1, 2, 3, 4, 5]);
        let max = format!("a\n\n{}", sig.repeat(MAX_SIGNATURES));
        assert_eq!(
            parse_signed_note(&max).unwrap().signatures.len(),
            MAX_SIGNATURES
        );
        let over = format!("a\n\n{}", sig.repeat(MAX_SIGNATURES + 1));
        assert_eq!(parse_signed_note(&over), Err(NoteError::TooManySignatures));
    }

    #[test]
    fn checkpoint_body_errors() {
        let root = STANDARD.encode([0u8; 32]);
        let sig = line("k", &[1, 2, 3, 4, 5]);
        let cases: Vec<(String, NoteError)> = vec![
            ("o\n".into(), NoteError::CheckpointTooShort),
            ("o\n1\n".into(), NoteError::CheckpointTooShort),
            (format!("\n1\n{root}\n"), NoteError::EmptyOrigin),
            (format!("o\n\n{root}\n"), NoteError::InvalidTreeSize),
            (format!("o\n01\n{root}\n"), NoteError::InvalidTreeSize),
            (format!("o\n00\n{root}\n"), NoteError::InvalidTreeSize),
            (format!("o\n+1\n{root}\n"), NoteError::InvalidTreeSize),
            (format!("o\n-1\n{root}\n"), NoteError::InvalidTreeSize),
            (format!("o\n 1\n{root}\n"), NoteError::InvalidTreeSize),
            (format!("o\n0x1\n{root}\n"), NoteError::InvalidTreeSize),
            (format!("o\n\u{663}\n{root}\n"), NoteError::InvalidTreeSize),
            (
                format!("o\n18446744073709551616\n{root}\n"),
                NoteError::InvalidTreeSize,
            ),
            ("o\n1\n\n".into(), NoteError::InvalidRootHash),
            (
                format!("o\n1\n{}\n", STANDARD.encode([0u8; 31])),
                NoteError::InvalidRootHash,
            ),
            (
                format!("o\n1\n{}\n", STANDARD.encode([0u8; 33])),
                NoteError::InvalidRootHash,
            ),
            (
                format!("o\n1\n{}\n", root.trim_end_matches('=')),
                NoteError::InvalidRootHash,
            ),
            (
                format!("o\n1\n{}\n", root.replace("A=", "B=")),
                NoteError::InvalidRootHash,
            ),
            (
                format!("o\n1\n{root}\ne\n\nf\n"),
                NoteError::EmptyExtensionLine,
            ),
            (format!("o\n1\n{root}\n\n"), NoteError::EmptyExtensionLine),
        ];
        for (text, want) in cases {
            let note = format!("{text}\n{sig}");
            assert_eq!(parse_checkpoint(&note).err(), Some(want), "{text:?}");
        }
        // Bounds that parse.
        for (size, want) in [("0", 0), ("18446744073709551615", u64::MAX)] {
            let note = format!("o\n{size}\n{root}\n\n{sig}");
            assert_eq!(parse_checkpoint(&note).unwrap().tree_size, want);
        }
        // Signed-note errors propagate.
        assert_eq!(
            parse_checkpoint(&format!("o\n1\n{root}\n")).err(),
            Some(NoteError::MissingSignatureBlock)
        );
    }

    #[test]
    fn key_hash_layout() {
        let pk = [5u8; 32];
        let mut data = b"name\n\x01".to_vec();
        data.extend_from_slice(&pk);
        let digest = Sha256::digest(&data);
        assert_eq!(ed25519_key_hash("name", &pk), digest[..4]);
    }

    #[test]
    fn body_layout() {
        assert_eq!(
            checkpoint_body("o", 7, &[0; 32]),
            "o\n7\nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n"
        );
    }
}
