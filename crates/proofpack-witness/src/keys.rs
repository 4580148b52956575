//! The witness's Ed25519 key, as a PKCS#8 PEM file: the form `proofpack
//! keygen` and `openssl genpkey -algorithm ed25519` write, so an operator can
//! make it with either. [`generate_key_file`] writes PKCS#8 v1 (no embedded
//! public key), the form every OpenSSL 3 release reads.

use crate::WitnessError;
use ed25519_dalek::pkcs8::spki::der::pem::LineEnding;
use ed25519_dalek::pkcs8::{DecodePrivateKey, EncodePrivateKey, KeypairBytes};
use ed25519_dalek::SigningKey;
use std::io::Write;
use std::path::Path;

/// Reads an unencrypted PKCS#8 PEM Ed25519 private key.
pub fn read_signing_key(path: &Path) -> Result<SigningKey, WitnessError> {
    let pem = std::fs::read_to_string(path).map_err(|e| WitnessError::io(path, e))?;
    SigningKey::from_pkcs8_pem(&pem).map_err(|e| {
        WitnessError::Invalid(format!(
            "{}: not an unencrypted PKCS#8 PEM Ed25519 private key ({e}); make one with `proofpack-witness keygen`",
            path.display()
        ))
    })
}

/// Makes a new key from the operating system's random source and writes it
/// to `path` with mode 0600; refuses to overwrite a file.
pub fn generate_key_file(path: &Path) -> Result<SigningKey, WitnessError> {
    let key = SigningKey::generate(&mut rand_core::OsRng);
    let pem = KeypairBytes {
        secret_key: key.to_bytes(),
        public_key: None,
    }
    .to_pkcs8_pem(LineEnding::LF)
    .map_err(|e| WitnessError::Invalid(format!("cannot encode the key: {e}")))?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path).map_err(|e| WitnessError::io(path, e))?;
    file.write_all(pem.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| WitnessError::io(path, e))?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_key_reads_back_and_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("witness.pem");
        let key = generate_key_file(&path).unwrap();
        let pem = std::fs::read_to_string(&path).unwrap();
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
        assert_eq!(read_signing_key(&path).unwrap().to_bytes(), key.to_bytes());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(matches!(
            generate_key_file(&path),
            Err(WitnessError::Io { .. })
        ));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), pem);
    }

    #[test]
    fn a_file_that_is_no_key_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("not-a-key.pem");
        std::fs::write(
            &path,
            "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
        )
        .unwrap();
        assert!(matches!(
            read_signing_key(&path),
            Err(WitnessError::Invalid(_))
        ));
        assert!(matches!(
            read_signing_key(&dir.path().join("absent.pem")),
            Err(WitnessError::Io { .. })
        ));
    }
}
