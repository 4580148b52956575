"""Type stubs of the ``proofpack`` package (its functions are in ``proofpack._native``)."""

import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

_Path = Union[str, "os.PathLike[str]"]

__version__: str

class Error(Exception):
    """Every error ProofPack itself raises (files that cannot be read are OSError)."""

class TrustStoreError(Error):
    """The trust store cannot be read, or is not a valid proof-pack-trust/v1 document (§4)."""

class KeyFileError(Error):
    """A key file does not hold the Ed25519 key that was needed."""

class InvalidInputError(Error):
    """An input is not usable; the message says what to fix."""

class InternalError(Error):
    """The verifier would have given a verdict without its evidence: a bug of ProofPack."""

class AuditLogError(Error):
    """The audit log refused an entry, redaction, checkpoint or witness, or its database failed."""

class ProducerError(Error):
    """The producer refused to write a record the specification calls malformed."""

class RefusedError(Error):
    """Signing was refused; nothing was written."""

    kind: str
    """key_missing, key_mismatch, does_not_hold, needs_accept_incomplete or needs_accept_uncorroborated."""
    verdict: str
    """The verdict the would-be pack would get with the trust store."""
    codes: List[str]
    """The finding codes that stop signing (warnings do not)."""
    what_to_do: List[str]
    """What to do, one step a line."""
    entry_to_add: Optional[Dict[str, Any]]
    """The trust-store entry to add, when the store lacks the signing key."""
    report: Dict[str, Any]
    """The verifier's §13 report on the would-be pack."""

def verify(pack_path: _Path, trust_path: Optional[_Path] = None) -> Dict[str, Any]:
    """The §13 report of the pack, the same JSON as ``proofpack verify --json``."""

def sign_pack(
    evidence_dir: _Path,
    key_path: _Path,
    trust_path: _Path,
    out_path: _Path,
    signed_at: Optional[str] = None,
    accept_incomplete: bool = False,
    accept_uncorroborated: bool = False,
    replace: bool = False,
) -> Dict[str, Any]:
    """Signs the evidence folder as ``proofpack pack`` does; the written pack's report."""

def keygen(
    path: _Path,
    key_id: str,
    owner: str,
    roles: Sequence[str],
    not_before: Optional[str] = None,
    not_after: Optional[str] = None,
) -> Dict[str, Any]:
    """Writes a new private key to ``path``; its §4 trust-store entry."""

class AuditLog:
    """The producer's persistent audit log (§10) in a SQLite database, for one origin."""

    def __init__(self, path: _Path, origin: str) -> None: ...
    @property
    def origin(self) -> str: ...
    @property
    def size(self) -> int: ...
    def append(
        self,
        ts: str,
        event_class: str,
        clear: Optional[Mapping[str, Any]] = None,
        disclosable: Optional[Mapping[str, Any]] = None,
    ) -> int:
        """Appends an event durably; its 0-based index."""
    def log_request_accepted(self, ts: str, request_id: str) -> int:
        """Appends ``erasure_request_accepted`` for ``request_id``; its index."""
    def log_step_record(self, request_id: str, record: "StepRecord") -> int:
        """Appends the ``erasure_step`` entry of ``record``; its index."""
    def entries_for_request(self, request_id: str) -> List[int]:
        """The indexes of the entries whose clear ``request_id`` is ``request_id``."""
    def unredacted_pii_count(self, entries: Sequence[int], pii_fields: Sequence[str]) -> int:
        """The unredacted PII fields the verifier will count in a witness of ``entries``."""
    def redact(self, index: int, fields: Sequence[str]) -> None:
        """Erases the disclosures of ``fields`` of entry ``index`` (all or nothing)."""
    def checkpoint(self, key_path: _Path) -> str:
        """Signs and keeps a checkpoint at the current size; the signed note."""
    def checkpoints(self) -> List[Tuple[int, str]]:
        """The checkpoints this log signed, as (size, note), by size."""
    def witness(
        self,
        before_checkpoint: str,
        after_checkpoint: str,
        entries: Sequence[int],
        pii_fields: Sequence[str],
    ) -> bytes:
        """``audit-log-redaction.json`` (§10) for a pack, as bytes."""


def pseudonymous_subject_id(key: bytes, identifier: str) -> str:
    """``sub_`` and the hex HMAC-SHA-256 of ``identifier`` under ``key`` (32 bytes or more)."""

class Request:
    """A validated ``request.json`` (§5)."""

    def __init__(
        self,
        request_id: str,
        tenant_id: str,
        subject_id: str,
        data_classes: Sequence[str],
        legal_basis: str,
        received_at: str,
        requester_identity_proof_ref: str,
        sla_deadline: str,
        extension: Optional[Mapping[str, str]] = None,
    ) -> None: ...
    @property
    def request_id(self) -> str: ...
    @property
    def tenant_id(self) -> str: ...
    @property
    def subject_id(self) -> str: ...
    @property
    def received_at(self) -> str: ...
    @property
    def sla_deadline(self) -> str: ...
    @property
    def data_classes(self) -> List[str]:
        """The requested classes, in cascade order."""
    def required_steps(self) -> List[str]:
        """The steps §7 requires of this request, in cascade order."""
    def to_json(self) -> bytes:
        """The bytes of ``request.json``."""

class StepRecord:
    """A validated ``steps.jsonl`` record (§7)."""

    def __init__(
        self,
        step: str,
        status: str,
        started_at: str,
        ended_at: str,
        before_count: int,
        code_ref: str,
        after_count: Optional[int] = None,
        *,
        replication_lag_drained: Optional[bool] = None,
        purge: Optional[str] = None,
        models: Optional[Sequence[Mapping[str, Any]]] = None,
        backups: Optional[Sequence[Mapping[str, Any]]] = None,
        output: Optional[Mapping[str, Any]] = None,
        error: Optional[str] = None,
        exception_id: Optional[str] = None,
        due_at: Optional[str] = None,
        expires_at: Optional[str] = None,
        exemption: Optional[Mapping[str, str]] = None,
    ) -> None: ...
    @property
    def step(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def before_count(self) -> int: ...
    @property
    def after_count(self) -> int: ...
    @property
    def ended_at(self) -> str: ...
    @property
    def code_ref(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]:
        """The record as its ``steps.jsonl`` line holds it."""

def steps_jsonl(records: Sequence[StepRecord]) -> bytes:
    """The bytes of ``steps.jsonl``, the records in cascade order."""

def verification_json(
    verified_at: str,
    code_ref: str,
    residue: Mapping[str, int],
    subprocessor_residue: int,
    unredacted_pii_count: int,
    request: Optional[Request] = None,
) -> bytes:
    """The bytes of ``verification.json`` (§8); ``all_clear`` is computed."""

def provenance_jsonl(records: Sequence[Mapping[str, Any]]) -> bytes:
    """The bytes of ``provenance.jsonl`` (§11) from records of the spec's shape."""
