//! Strict Ed25519 (RFC 8032) for the pack signature (§3) and checkpoints (§10).
//!
//! Public keys must be the canonical 32-byte encoding of a curve point. A
//! small-order key is accepted by [`parse_public_key`] (a trust store may hold
//! one), but [`verify_strict`] never accepts a signature by it: verification
//! requires canonical `S`, canonical encodings of `R` and `A`, and rejects
//! small-order `R` and `A` (ed25519-dalek's `verify_strict`).

use ed25519_dalek::{Signature, VerifyingKey};

/// Length in bytes of an Ed25519 public key.
pub const PUBLIC_KEY_LENGTH: usize = 32;

/// Length in bytes of an Ed25519 signature.
pub const SIGNATURE_LENGTH: usize = 64;

/// Parse a 32-byte public key: canonical point encoding required (reject
/// non-canonical y / non-decompressible). Small-order keys ARE accepted here
/// (the trust store may hold them), but [`verify_strict`] never accepts a
/// signature by them.
///
/// Returns `None` when `bytes` is not exactly 32 bytes, does not decompress to
/// a curve point, or is not the canonical encoding of the point it decodes to
/// (a `y` coordinate ≥ p, or `x = 0` with the sign bit set).
pub fn parse_public_key(bytes: &[u8]) -> Option<VerifyingKey> {
    let array: [u8; PUBLIC_KEY_LENGTH] = bytes.try_into().ok()?;
    let key = VerifyingKey::from_bytes(&array).ok()?;
    is_canonical(&key).then_some(key)
}

/// Strict RFC 8032 verification (ed25519-dalek `verify_strict`): canonical
/// `S`, canonical `R` and `A`, small-order `A` and `R` rejected. Returns
/// `false` for a signature that is not exactly 64 bytes.
///
/// A key whose stored encoding is not canonical (one built with
/// `VerifyingKey::from_bytes` rather than [`parse_public_key`]) never verifies.
pub fn verify_strict(key: &VerifyingKey, message: &[u8], signature: &[u8]) -> bool {
    if signature.len() != SIGNATURE_LENGTH || !is_canonical(key) {
        return false;
    }
    let Ok(signature) = Signature::from_slice(signature) else {
        return false;
    };
    key.verify_strict(message, &signature).is_ok()
}

/// True when the key's encoding is the one its decoded point re-encodes to.
fn is_canonical(key: &VerifyingKey) -> bool {
    key.to_edwards().compress().as_bytes() == key.as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signer, SigningKey};

    fn signing_key() -> SigningKey {
        SigningKey::from_bytes(&[7u8; 32])
    }

    #[test]
    fn round_trip_verifies() {
        let sk = signing_key();
        let sig = sk.sign(b"hello");
        let vk = parse_public_key(sk.verifying_key().as_bytes()).unwrap();
        assert!(verify_strict(&vk, b"hello", &sig.to_bytes()));
        assert!(!verify_strict(&vk, b"hellO", &sig.to_bytes()));
    }

    #[test]
    fn wrong_lengths_rejected() {
        let sk = signing_key();
        let sig = sk.sign(b"m").to_bytes();
        let vk = sk.verifying_key();
        assert!(parse_public_key(&vk.as_bytes()[..31]).is_none());
        assert!(parse_public_key(&[vk.as_bytes().as_slice(), &[0]].concat()).is_none());
        assert!(parse_public_key(&[]).is_none());
        assert!(!verify_strict(&vk, b"m", &sig[..63]));
        assert!(!verify_strict(&vk, b"m", &[sig.as_slice(), &[0]].concat()));
        assert!(!verify_strict(&vk, b"m", &[]));
    }

    #[test]
    fn non_canonical_keys_rejected() {
        // y = p (non-canonical encoding of y = 0, which is a valid point).
        let mut y_eq_p = [0xffu8; 32];
        y_eq_p[0] = 0xed;
        y_eq_p[31] = 0x7f;
        assert!(VerifyingKey::from_bytes(&y_eq_p).is_ok());
        assert!(parse_public_key(&y_eq_p).is_none());
        // y = 1, x = 0 with the sign bit set (non-canonical identity).
        let mut neg_zero = [0u8; 32];
        neg_zero[0] = 1;
        neg_zero[31] = 0x80;
        assert!(parse_public_key(&neg_zero).is_none());
        // The canonical identity is small order: accepted by the parser.
        let mut identity = [0u8; 32];
        identity[0] = 1;
        let key = parse_public_key(&identity).unwrap();
        assert!(key.is_weak());
    }

    #[test]
    fn non_canonical_key_from_bytes_never_verifies() {
        let mut y_eq_p = [0xffu8; 32];
        y_eq_p[0] = 0xed;
        y_eq_p[31] = 0x7f;
        let key = VerifyingKey::from_bytes(&y_eq_p).unwrap();
        assert!(!verify_strict(&key, b"", &[0u8; 64]));
    }
}
