"""ProofPack for Python: verify and sign proof-of-erasure packs (proof-pack v1), offline.

Each function is the library call the ``proofpack`` command line makes:
``verify`` returns the same §13 report as ``proofpack verify --json``,
``sign_pack`` signs as ``proofpack pack`` does (refusals are
``RefusedError``), ``keygen`` writes a key as ``proofpack keygen`` does, and
``AuditLog`` is the producer's persistent audit log (§10) on SQLite.
Files that cannot be read or written raise ``OSError``; everything ProofPack
itself refuses raises a subclass of ``proofpack.Error``.
"""

from ._native import (
    AuditLog,
    AuditLogError,
    Error,
    InternalError,
    InvalidInputError,
    KeyFileError,
    RefusedError,
    TrustStoreError,
    __version__,
    keygen,
    sign_pack,
    verify,
)

__all__ = [
    "AuditLog",
    "AuditLogError",
    "Error",
    "InternalError",
    "InvalidInputError",
    "KeyFileError",
    "RefusedError",
    "TrustStoreError",
    "__version__",
    "keygen",
    "sign_pack",
    "verify",
]
