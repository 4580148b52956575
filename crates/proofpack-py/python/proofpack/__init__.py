"""ProofPack for Python: verify and sign proof-of-erasure packs (proof-pack v1), offline.

Each function is the library call the ``proofpack`` command line makes:
``verify`` returns the same §13 report as ``proofpack verify --json``,
``sign_pack`` signs as ``proofpack pack`` does (refusals are
``RefusedError``), ``keygen`` writes a key as ``proofpack keygen`` does,
``AuditLog`` is the producer's persistent audit log (§10) on SQLite, and
``Request``, ``StepRecord``, ``steps_jsonl``, ``verification_json``,
``provenance_jsonl`` and ``pseudonymous_subject_id`` write a pack's evidence
with the producer's builders (what the spec calls malformed is
``ProducerError``).
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
    ProducerError,
    RefusedError,
    Request,
    StepRecord,
    TrustStoreError,
    __version__,
    keygen,
    provenance_jsonl,
    pseudonymous_subject_id,
    sign_pack,
    steps_jsonl,
    verification_json,
    verify,
)

__all__ = [
    "AuditLog",
    "AuditLogError",
    "Error",
    "InternalError",
    "InvalidInputError",
    "KeyFileError",
    "ProducerError",
    "RefusedError",
    "Request",
    "StepRecord",
    "TrustStoreError",
    "__version__",
    "keygen",
    "provenance_jsonl",
    "pseudonymous_subject_id",
    "sign_pack",
    "steps_jsonl",
    "verification_json",
    "verify",
]
