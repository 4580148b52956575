//! The byte encodings of §0: strict base64 and base64url (exact padding, zero
//! trailing bits), and lowercase hex of SHA-256 digests.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;

/// Decodes strict base64 (RFC 4648 §4, exact padding, zero trailing bits).
pub fn base64_strict(text: &str) -> Option<Vec<u8>> {
    STANDARD.decode(text).ok()
}

/// Decodes strict base64url (RFC 4648 §5, no padding, zero trailing bits).
pub fn base64url_strict(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text).ok()
}

/// Decodes strict base64 of exactly 32 bytes.
pub fn base64_hash(text: &str) -> Option<[u8; 32]> {
    base64_strict(text)?.try_into().ok()
}

/// Lowercase hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` is 64 lowercase hex digits.
pub fn is_sha256_hex(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}
