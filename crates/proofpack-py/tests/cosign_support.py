"""A witness's C2SP cosignature line (``cosignature/v1``, §15), written here
so that the tests can seal a pack without a witness server: Python's
standard library has no Ed25519, so the signature is RFC 8032's reference
algorithm (§6), for tests only (slow, not constant-time)."""

import base64
import hashlib

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)


def _add(a, b):
    x = (a[1] - a[0]) * (b[1] - b[0]) % _P
    y = (a[1] + a[0]) * (b[1] + b[0]) % _P
    c = 2 * a[3] * b[3] * _D % _P
    d = 2 * a[2] * b[2] % _P
    e, f, g, h = y - x, d - c, d + c, y + x
    return (e * f, g * h, f * g, e * h)


def _mul(s, point):
    out = (0, 1, 1, 0)
    while s > 0:
        if s & 1:
            out = _add(out, point)
        point = _add(point, point)
        s >>= 1
    return out


def _base():
    y = 4 * pow(5, _P - 2, _P) % _P
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if x & 1:
        x = _P - x
    return (x, y, 1, x * y % _P)


_G = _base()


def _compress(point):
    zinv = pow(point[2], _P - 2, _P)
    x, y = point[0] * zinv % _P, point[1] * zinv % _P
    return int.to_bytes(y | ((x & 1) << 255), 32, "little")


def _expand(secret):
    h = hashlib.sha512(secret).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    return a, h[32:]


def public_key(secret: bytes) -> bytes:
    """The Ed25519 public key of the 32-byte ``secret``."""
    return _compress(_mul(_expand(secret)[0], _G))


def sign(secret: bytes, message: bytes) -> bytes:
    """The Ed25519 signature of ``message`` (RFC 8032 §5.1.6)."""
    a, prefix = _expand(secret)
    pub = _compress(_mul(a, _G))
    r = int.from_bytes(hashlib.sha512(prefix + message).digest(), "little") % _L
    big_r = _compress(_mul(r, _G))
    h = int.from_bytes(hashlib.sha512(big_r + pub + message).digest(), "little") % _L
    return big_r + int.to_bytes((r + h * a) % _L, 32, "little")


def cosignature_line(checkpoint: str, name: str, secret: bytes, timestamp: int) -> str:
    """The witness ``name``'s cosignature line of ``checkpoint`` (a signed
    note) at ``timestamp`` (POSIX seconds)."""
    body = checkpoint.split("\n\n", 1)[0] + "\n"
    key_hash = hashlib.sha256(name.encode() + b"\n\x04" + public_key(secret)).digest()[:4]
    message = f"cosignature/v1\ntime {timestamp}\n{body}".encode()
    blob = key_hash + timestamp.to_bytes(8, "big") + sign(secret, message)
    return f"\u2014 {name} {base64.b64encode(blob).decode()}\n"
