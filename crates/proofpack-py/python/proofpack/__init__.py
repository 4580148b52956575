"""ProofPack for Python: verify and sign proof-of-erasure packs (proof-pack v1), offline.

Each function is the library call the ``proofpack`` command line makes:
``verify`` returns the same §13 report as ``proofpack verify --json``,
``sign_pack`` signs as ``proofpack pack`` does and ``seal_pack`` seals as
``proofpack seal`` does (refusals are ``RefusedError``), ``keygen`` writes a key as ``proofpack keygen`` does,
``AuditLog`` is the producer's persistent audit log (§10) on SQLite, and
``Request``, ``StepRecord``, ``steps_jsonl``, ``verification_json``,
``provenance_jsonl``, ``Backup``, ``Receipt``, ``receipts_jsonl`` and
``pseudonymous_subject_id`` write a pack's evidence with the producer's
builders (what the spec calls malformed is ``ProducerError``);
``ReceiptStatement`` is a subprocessor's signed statement of a deletion,
``CollectedReceipt`` and ``Exchange`` a receipt as a platform collects it,
and ``TrustStoreFile`` edits a trust store as ``proofpack trust`` does
(refusals are ``TrustStoreError``).
Files that cannot be read or written raise ``OSError``; everything ProofPack
itself refuses raises a subclass of ``proofpack.Error``.
"""

from ._native import (
    AuditLog,
    AuditLogError,
    Backup,
    CollectedReceipt,
    Error,
    Exchange,
    InternalError,
    InvalidInputError,
    KeyFileError,
    ProducerError,
    Receipt,
    ReceiptStatement,
    RefusedError,
    Request,
    StepRecord,
    TrustStoreError,
    TrustStoreFile,
    __version__,
    keygen,
    provenance_jsonl,
    pseudonymous_subject_id,
    receipts_jsonl,
    seal_pack,
    sign_pack,
    steps_jsonl,
    verification_json,
    verify,
)

__all__ = [
    "AuditLog",
    "AuditLogError",
    "Backup",
    "CollectedReceipt",
    "Error",
    "Exchange",
    "InternalError",
    "InvalidInputError",
    "KeyFileError",
    "ProducerError",
    "Receipt",
    "ReceiptStatement",
    "RefusedError",
    "Request",
    "StepRecord",
    "TrustStoreError",
    "TrustStoreFile",
    "__version__",
    "keygen",
    "provenance_jsonl",
    "pseudonymous_subject_id",
    "receipts_jsonl",
    "seal_pack",
    "sign_pack",
    "steps_jsonl",
    "verification_json",
    "verify",
]
