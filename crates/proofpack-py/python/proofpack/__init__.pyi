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
