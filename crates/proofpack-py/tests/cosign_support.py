"""A witness's C2SP cosignature line (``cosignature/v1``, §15), written here
so that the tests can seal a pack without a witness server. The Ed25519
signature is the ``cryptography`` package's (a test requirement: Python's
standard library has none)."""

import base64
import hashlib

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def _key(secret: bytes) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(secret)


def public_key(secret: bytes) -> bytes:
    """The Ed25519 public key of the 32-byte ``secret``."""
    return _key(secret).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def cosignature_line(checkpoint: str, name: str, secret: bytes, timestamp: int) -> str:
    """The witness ``name``'s cosignature line of ``checkpoint`` (a signed
    note) at ``timestamp`` (POSIX seconds)."""
    body = checkpoint.split("\n\n", 1)[0] + "\n"
    key_hash = hashlib.sha256(name.encode() + b"\n\x04" + public_key(secret)).digest()[:4]
    message = f"cosignature/v1\ntime {timestamp}\n{body}".encode()
    blob = key_hash + timestamp.to_bytes(8, "big") + _key(secret).sign(message)
    return f"\u2014 {name} {base64.b64encode(blob).decode()}\n"
