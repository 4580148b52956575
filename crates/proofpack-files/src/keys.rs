//! Ed25519 keys as PKCS#8 PEM files, interchangeable with OpenSSL
//! (`openssl genpkey -algorithm ed25519`): the one key-file module of the
//! workspace (the DPO's and a verifier's keys of `proofpack keygen` and the
//! author crate, the witness's key).

use crate::durable::{write_atomic, Access, Existing};
use crate::FileError;
use ed25519_dalek::pkcs8::{self, DecodePrivateKey, DecodePublicKey};
use ed25519_dalek::{SigningKey, VerifyingKey};
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
pub fn to_pem(key: &SigningKey) -> String {
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
    pem
}

/// Writes a private key as PKCS#8 PEM, readable by its owner only (mode
/// 0600) from its first byte, durably; refuses to replace a file
/// ([`FileError::Exists`]).
pub fn write_private_key(path: &Path, key: &SigningKey) -> Result<(), FileError> {
    write_atomic(
        path,
        to_pem(key).as_bytes(),
        Existing::Refuse,
        Access::OwnerOnly,
    )
}

/// What is wrong with a key file, in words a DPO can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyProblem {
    /// No PEM block at all.
    #[error("not a PEM key file (no `-----BEGIN ...-----` line); ProofPack reads PKCS#8 PEM keys, as `proofpack keygen` and `openssl genpkey -algorithm ed25519` write them")]
    NotPem,
    /// An encrypted private key (`ENCRYPTED PRIVATE KEY`, or a traditional
    /// PEM with `Proc-Type: 4,ENCRYPTED`).
    #[error("an encrypted (passphrase-protected) private key; ProofPack reads unencrypted PKCS#8 keys only: write a decrypted copy with `openssl pkey -in KEY -out PLAIN.pem`, keep it private (mode 0600) and delete it after use")]
    Encrypted,
    /// A key of another algorithm than Ed25519 (named, e.g. `RSA`, `ECDSA P-256`).
    #[error("the key is {0}, not Ed25519; proof-pack v1 signatures are Ed25519 only: make a key with `proofpack keygen` or `openssl genpkey -algorithm ed25519`")]
    OtherAlgorithm(String),
    /// A public key where the private key is needed (to sign).
    #[error("a public key, but signing needs the private key: give the PKCS#8 private key file (`-----BEGIN PRIVATE KEY-----`) that `keygen` or `openssl genpkey` wrote")]
    PublicNotPrivate,
    /// An X.509 certificate where a key is needed.
    #[error("a certificate, not a key; give its public key (`openssl x509 -in CERT -pubkey -noout > key.pem`)")]
    Certificate,
    /// A PEM block of another kind (its label).
    #[error("a PEM `{0}` block, not a PKCS#8 private key or SPKI public key")]
    Unsupported(String),
    /// An Ed25519 key whose encoding does not decode.
    #[error("an Ed25519 key that does not decode ({0})")]
    Malformed(String),
}

impl KeyProblem {
    /// The problem's stable name, for programs (`not_pem`, `encrypted`,
    /// `other_algorithm`, `public_not_private`, `certificate`,
    /// `unsupported`, `malformed`): the Python package's
    /// `KeyFileError.kind`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            KeyProblem::NotPem => "not_pem",
            KeyProblem::Encrypted => "encrypted",
            KeyProblem::OtherAlgorithm(_) => "other_algorithm",
            KeyProblem::PublicNotPrivate => "public_not_private",
            KeyProblem::Certificate => "certificate",
            KeyProblem::Unsupported(_) => "unsupported",
            KeyProblem::Malformed(_) => "malformed",
        }
    }
}

const ED25519: &str = "1.3.101.112";

/// Refuses a key whose algorithm is not Ed25519, naming the one it is.
fn ed25519_only(algorithm: &pkcs8::spki::AlgorithmIdentifierRef<'_>) -> Result<(), KeyProblem> {
    let oid = algorithm.oid.to_string();
    if oid == ED25519 {
        return Ok(());
    }
    let parameters = algorithm.parameters_oid().ok().map(|p| p.to_string());
    Err(KeyProblem::OtherAlgorithm(algorithm_name(
        &oid,
        parameters.as_deref(),
    )))
}

/// The algorithm a key's OIDs name, in words.
fn algorithm_name(oid: &str, parameters: Option<&str>) -> String {
    let name = match (oid, parameters) {
        ("1.2.840.113549.1.1.1", _) => "RSA",
        ("1.2.840.113549.1.1.10", _) => "RSA-PSS",
        ("1.2.840.10045.2.1", Some("1.2.840.10045.3.1.7")) => "ECDSA P-256",
        ("1.2.840.10045.2.1", Some("1.3.132.0.34")) => "ECDSA P-384",
        ("1.2.840.10045.2.1", Some("1.3.132.0.35")) => "ECDSA P-521",
        ("1.2.840.10045.2.1", Some("1.3.132.0.10")) => "ECDSA secp256k1",
        ("1.2.840.10045.2.1", _) => "elliptic-curve (EC)",
        ("1.3.101.113", _) => "Ed448",
        ("1.3.101.110", _) => "X25519",
        ("1.3.101.111", _) => "X448",
        ("1.2.840.10040.4.1", _) => "DSA",
        ("1.2.840.113549.1.3.1" | "1.2.840.10046.2.1", _) => "Diffie-Hellman",
        ("1.2.156.10197.1.301", _) => "SM2",
        _ => return format!("of algorithm OID {oid}"),
    };
    name.to_owned()
}

/// The first PEM block of `text` that is not EC parameters: its label and
/// its text from the BEGIN line to the END line.
fn pem_block(text: &str) -> Option<(&str, &str)> {
    let mut rest = text;
    while let Some(at) = rest.find("-----BEGIN ") {
        let block = &rest[at..];
        let label_end = block["-----BEGIN ".len()..].find("-----")? + "-----BEGIN ".len();
        let label = &block["-----BEGIN ".len()..label_end];
        let end_line = format!("-----END {label}-----");
        let end = block
            .find(&end_line)
            .map_or(block.len(), |e| e + end_line.len());
        if label != "EC PARAMETERS" {
            return Some((label, &block[..end]));
        }
        rest = &block[end..];
    }
    None
}

/// A key file's key: a signing key, or only a public key.
enum Loaded {
    Private(SigningKey),
    Public(VerifyingKey),
}

fn load(text: &str) -> Result<Loaded, KeyProblem> {
    let (label, block) = pem_block(text).ok_or(KeyProblem::NotPem)?;
    let malformed = |e: &dyn std::fmt::Display| KeyProblem::Malformed(e.to_string());
    match label {
        "PRIVATE KEY" => {
            let (_, doc) = pkcs8::SecretDocument::from_pem(block).map_err(|e| malformed(&e))?;
            let info =
                pkcs8::PrivateKeyInfo::try_from(doc.as_bytes()).map_err(|e| malformed(&e))?;
            ed25519_only(&info.algorithm)?;
            SigningKey::from_pkcs8_der(doc.as_bytes())
                .map(Loaded::Private)
                .map_err(|e| malformed(&e))
        }
        "PUBLIC KEY" => {
            let (_, doc) = pkcs8::Document::from_pem(block).map_err(|e| malformed(&e))?;
            let info = pkcs8::spki::SubjectPublicKeyInfoRef::try_from(doc.as_bytes())
                .map_err(|e| malformed(&e))?;
            ed25519_only(&info.algorithm)?;
            VerifyingKey::from_public_key_der(doc.as_bytes())
                .map(Loaded::Public)
                .map_err(|e| malformed(&e))
        }
        "ENCRYPTED PRIVATE KEY" => Err(KeyProblem::Encrypted),
        _ if block.contains("Proc-Type: 4,ENCRYPTED") => Err(KeyProblem::Encrypted),
        "RSA PRIVATE KEY" | "RSA PUBLIC KEY" => Err(KeyProblem::OtherAlgorithm("RSA".to_owned())),
        "EC PRIVATE KEY" => Err(KeyProblem::OtherAlgorithm("elliptic-curve (EC)".to_owned())),
        "DSA PRIVATE KEY" => Err(KeyProblem::OtherAlgorithm("DSA".to_owned())),
        "CERTIFICATE" | "TRUSTED CERTIFICATE" | "X509 CERTIFICATE" => Err(KeyProblem::Certificate),
        other => Err(KeyProblem::Unsupported(other.to_owned())),
    }
}

fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = std::fs::read(path).map_err(|e| FileError::io(path, e))?;
    String::from_utf8(bytes).map_err(|_| key_error(path, KeyProblem::NotPem))
}

fn key_error(path: &Path, problem: KeyProblem) -> FileError {
    FileError::Key {
        path: path.to_path_buf(),
        problem,
    }
}

/// Reads an Ed25519 private key from a PKCS#8 PEM file.
///
/// An encrypted key, a key of another algorithm, or a public key is
/// refused with a [`KeyProblem`] saying which.
pub fn read_private_key(path: &Path) -> Result<SigningKey, FileError> {
    let text = read_text(path)?;
    match load(&text) {
        Ok(Loaded::Private(key)) => Ok(key),
        Ok(Loaded::Public(_)) => Err(key_error(path, KeyProblem::PublicNotPrivate)),
        Err(problem) => Err(key_error(path, problem)),
    }
}

/// Reads an Ed25519 public key from a PEM file: a private key (PKCS#8) or a
/// public key (SubjectPublicKeyInfo, as `openssl pkey -pubout` writes).
pub fn read_public_key(path: &Path) -> Result<VerifyingKey, FileError> {
    let text = read_text(path)?;
    match load(&text) {
        Ok(Loaded::Private(key)) => Ok(key.verifying_key()),
        Ok(Loaded::Public(key)) => Ok(key),
        Err(problem) => Err(key_error(path, problem)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_key_reads_back_private_and_is_never_replaced() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("dpo.pem");
        let key = generate();
        write_private_key(&path, &key).expect("written");
        let pem = std::fs::read_to_string(&path).expect("read");
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
        assert_eq!(
            read_private_key(&path).expect("key").to_bytes(),
            key.to_bytes()
        );
        assert_eq!(read_public_key(&path).expect("public"), key.verifying_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let again = write_private_key(&path, &generate());
        assert!(matches!(again, Err(FileError::Exists { .. })));
        assert_eq!(std::fs::read_to_string(&path).expect("read"), pem);
    }

    #[test]
    fn a_file_that_is_no_private_key_says_what_it_is() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("public.pem");
        std::fs::write(
            &path,
            "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
        )
        .expect("write");
        assert!(matches!(
            read_private_key(&path),
            Err(FileError::Key {
                problem: KeyProblem::Certificate,
                ..
            })
        ));
        assert!(matches!(
            read_private_key(&dir.path().join("absent.pem")),
            Err(FileError::Io { .. })
        ));
    }
}
