//! Ed25519 keys as PKCS#8 PEM files, interchangeable with OpenSSL: the
//! workspace's one key-file module (`proofpack_files::keys`), its errors
//! as the author crate's [`AuthoringError`].

use crate::AuthoringError;
use ed25519_dalek::{SigningKey, VerifyingKey};
pub use proofpack_files::keys::{generate, to_pem, KeyProblem};
use std::path::Path;

/// Writes a private key as PKCS#8 PEM with mode 0600, durably; refuses to
/// replace a file.
pub fn write_private_key(path: &Path, key: &SigningKey) -> Result<(), AuthoringError> {
    Ok(proofpack_files::keys::write_private_key(path, key)?)
}

/// Reads an Ed25519 private key from a PKCS#8 PEM file.
///
/// An encrypted key, a key of another algorithm, or a public key is
/// refused with a [`KeyProblem`] saying which.
pub fn read_private_key(path: &Path) -> Result<SigningKey, AuthoringError> {
    Ok(proofpack_files::keys::read_private_key(path)?)
}

/// Reads an Ed25519 public key from a PEM file: a private key (PKCS#8) or a
/// public key (SubjectPublicKeyInfo, as `openssl pkey -pubout` writes).
pub fn read_public_key(path: &Path) -> Result<VerifyingKey, AuthoringError> {
    Ok(proofpack_files::keys::read_public_key(path)?)
}
