//! Pseudonymous subject identifiers (spec §2): `sub_` followed by the
//! lowercase hex of an HMAC-SHA-256 of the raw identifier under a key the
//! controller keeps.

use super::error::ProducerError;
use proofpack_spec::encoding::hex;
use sha2::{Digest, Sha256};

/// SHA-256's block size in bytes (`B` of RFC 2104).
const BLOCK: usize = 64;

/// The shortest HMAC key [`pseudonymous_subject_id`] accepts: SHA-256's
/// output length `L` (RFC 2104 §3 strongly discourages keys shorter than
/// `L`; a short key makes the pseudonym open to a dictionary search over
/// likely identifiers).
pub const MIN_PSEUDONYM_KEY_LEN: usize = 32;

/// HMAC-SHA-256 of `message` under `key`, as RFC 2104 defines it:
/// `H((K' ^ opad) || H((K' ^ ipad) || message))` where `K'` is the key
/// (hashed first when longer than the 64-byte block) padded with zeros to
/// 64 bytes, `ipad` is `0x36` and `opad` is `0x5c` repeated. Computed here
/// with `sha2` alone; checked against the RFC 4231 test vectors.
#[must_use]
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        let hashed: [u8; 32] = Sha256::digest(key).into();
        block[..32].copy_from_slice(&hashed);
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let inner_pad = block.map(|b| b ^ 0x36);
    let outer_pad = block.map(|b| b ^ 0x5c);
    let inner: [u8; 32] = Sha256::new()
        .chain_update(inner_pad)
        .chain_update(message)
        .finalize()
        .into();
    Sha256::new()
        .chain_update(outer_pad)
        .chain_update(inner)
        .finalize()
        .into()
}

/// The pseudonymous `subject_id` of a raw identifier (an e-mail address, an
/// account number): `sub_` followed by the 64 lowercase hex digits of
/// [`hmac_sha256`]`(hmac_key, raw_identifier)` (HMAC per RFC 2104).
///
/// The same key and identifier always give the same pseudonym, so the
/// controller can link a request to its records without the pack carrying
/// the identifier. Refuses an empty identifier and a key shorter than
/// [`MIN_PSEUDONYM_KEY_LEN`] bytes.
///
/// ```
/// use proofpack_producer::{pseudonymous_subject_id, ProducerError};
///
/// let key = [42u8; 32]; // the controller's secret, never in a pack
/// let id = pseudonymous_subject_id(&key, "alice@example.com")?;
/// assert!(id.starts_with("sub_") && id.len() == 4 + 64);
/// assert_eq!(id, pseudonymous_subject_id(&key, "alice@example.com")?);
/// assert!(matches!(
///     pseudonymous_subject_id(&[1; 8], "alice@example.com"),
///     Err(ProducerError::WeakPseudonymKey { .. })
/// ));
/// # Ok::<(), ProducerError>(())
/// ```
pub fn pseudonymous_subject_id(
    hmac_key: &[u8],
    raw_identifier: &str,
) -> Result<String, ProducerError> {
    if hmac_key.len() < MIN_PSEUDONYM_KEY_LEN {
        return Err(ProducerError::WeakPseudonymKey {
            len: hmac_key.len(),
            min: MIN_PSEUDONYM_KEY_LEN,
        });
    }
    if raw_identifier.is_empty() {
        return Err(ProducerError::Empty("raw_identifier".to_owned()));
    }
    Ok(format!(
        "sub_{}",
        hex(&hmac_sha256(hmac_key, raw_identifier.as_bytes()))
    ))
}
