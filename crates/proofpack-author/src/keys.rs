//! Ed25519 keys as PKCS#8 PEM files, interchangeable with OpenSSL
//! (`openssl genpkey -algorithm ed25519`).

use crate::AuthoringError;
use ed25519_dalek::pkcs8::{DecodePrivateKey, DecodePublicKey};
use ed25519_dalek::{SigningKey, VerifyingKey};
use std::io::Write;
use std::path::Path;

/// Generates a new signing key from the operating system's random source.
pub fn generate() -> SigningKey {
    SigningKey::generate(&mut rand_core::OsRng)
}

/// DER prefix of an RFC 8410 PKCS#8 v1 Ed25519 private key: SEQUENCE {
/// INTEGER 0, AlgorithmIdentifier { 1.3.101.112 }, OCTET STRING { OCTET
/// STRING (32 bytes) } }, followed by the 32-byte seed.
const PKCS8_V1_PREFIX: [u8; 16] = [
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
];

/// The PKCS#8 PEM text of a private key.
///
/// Written as PKCS#8 v1 (no embedded public key), the form OpenSSL writes and
/// every OpenSSL 3 release reads; some do not read the v2 form.
pub fn to_pem(key: &SigningKey) -> Result<String, AuthoringError> {
    use base64::Engine;
    let mut der = PKCS8_V1_PREFIX.to_vec();
    der.extend_from_slice(key.as_bytes());
    let body = base64::engine::general_purpose::STANDARD.encode(&der);
    let mut pem = String::from("-----BEGIN PRIVATE KEY-----\n");
    for chunk in body.as_bytes().chunks(64) {
        pem.push_str(&String::from_utf8_lossy(chunk));
        pem.push('\n');
    }
    pem.push_str("-----END PRIVATE KEY-----\n");
    Ok(pem)
}

/// Writes a private key as PKCS#8 PEM with mode 0600; refuses to overwrite.
pub fn write_private_key(path: &Path, key: &SigningKey) -> Result<(), AuthoringError> {
    let pem = to_pem(key)?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(path)
        .map_err(|e| AuthoringError::io(path, e))?;
    file.write_all(pem.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| AuthoringError::io(path, e))
}

/// Reads an Ed25519 private key from a PKCS#8 PEM file.
pub fn read_private_key(path: &Path) -> Result<SigningKey, AuthoringError> {
    let text = std::fs::read_to_string(path).map_err(|e| AuthoringError::io(path, e))?;
    SigningKey::from_pkcs8_pem(&text).map_err(|e| {
        AuthoringError::Key(format!(
            "{}: not an Ed25519 private key in PKCS#8 PEM ({e}); make one with `proofpack keygen` or `openssl genpkey -algorithm ed25519`",
            path.display()
        ))
    })
}

/// Reads an Ed25519 public key from a PEM file: a private key (PKCS#8) or a
/// public key (SubjectPublicKeyInfo, as `openssl pkey -pubout` writes).
pub fn read_public_key(path: &Path) -> Result<VerifyingKey, AuthoringError> {
    let text = std::fs::read_to_string(path).map_err(|e| AuthoringError::io(path, e))?;
    if let Ok(key) = SigningKey::from_pkcs8_pem(&text) {
        return Ok(key.verifying_key());
    }
    VerifyingKey::from_public_key_pem(&text).map_err(|e| {
        AuthoringError::Key(format!(
            "{}: neither an Ed25519 PKCS#8 private key nor an SPKI public key in PEM ({e})",
            path.display()
        ))
    })
}
