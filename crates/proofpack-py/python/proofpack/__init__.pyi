"""Type stubs of the ``proofpack`` package (its functions are in ``proofpack._native``)."""

import os
import pathlib
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

_Path = Union[str, "os.PathLike[str]"]

__version__: str

class Error(Exception):
    """Every error ProofPack itself raises (files that cannot be read are OSError)."""

class TrustStoreError(Error):
    """The trust store cannot be read, or is not a valid proof-pack-trust/v1 document (§4), or an edit of it was refused."""

    kind: str
    """unusable_store (cannot be read, or not a valid store), or an edit's refusal: invalid_entry,
    empty_window, duplicate_key_id, no_such_key, revocation_later, unrevocation, policy_weaker."""

class KeyFileError(Error):
    """A key file does not hold the Ed25519 key that was needed."""

    kind: str
    """not_pem, encrypted, other_algorithm, public_not_private, certificate, unsupported or malformed."""

class InvalidInputError(Error):
    """An input is not usable; the message says what to fix."""

class InternalError(Error):
    """The verifier would have given a verdict without its evidence: a bug of ProofPack."""

class AuditLogError(Error):
    """The audit log refused an entry, redaction, checkpoint or witness, or its database failed."""

    kind: str
    """A ProducerError kind for what the producer refused (empty, entry_out_of_range,
    nothing_to_redact, checkpoint_malformed, checkpoint_mismatch, checkpoint_sizes,
    unsealable, not_pack_signed, ...), or
    database, origin_mismatch, missing_entry, json, out_of_range, inconsistent."""

class ProducerError(Error):
    """The producer refused to write a record the specification calls malformed."""

    kind: str
    """The refusal, proofpack-producer's ProducerError variant in snake case: missing, empty,
    invalid_timestamp, time_order, not_pseudonymous, weak_pseudonym_key, duplicate_data_class,
    invalid_extension, deadline_overstated, silent_failure, exempt_audit_log, residue_after_ok,
    missing_evidence, evidence_mismatch, step_order, reserved_member, duplicate_member, too_deep,
    invalid_channel, duplicate_probe, missing_probe, provenance_header, scope_not_registered,
    reference_scopes_incomplete, invalid_origin, key_name_not_origin, entry_out_of_range,
    duplicate_index, nothing_to_redact, checkpoint_malformed, checkpoint_mismatch,
    checkpoint_not_signed_by_log, checkpoint_sizes, merkle, randomness, json, count_out_of_range,
    duplicate_node, log_full, kept_entry, unsealable, not_pack_signed, statement_not_confirmed."""

class RefusedError(Error):
    """Signing or sealing was refused; nothing was written."""

    kind: str
    """sign_pack: key_missing, key_mismatch, does_not_hold, needs_accept_incomplete or
    needs_accept_uncorroborated. seal_pack: seal_does_not_hold (§22 checks 2-5 fail for this
    pack under the trust store: another pack's or another log's seal, a log key the store
    lacks) or seal_not_witnessed (the seal holds, but fewer than k witnesses count on it: no
    sealed time)."""
    verdict: str
    """The verdict the would-be (signed or sealed) pack would get with the trust store."""
    codes: List[str]
    """The finding codes that stop signing (warnings do not), or, for a seal, the findings in
    the seal (located in ``signature.sig#/seal``)."""
    what_to_do: List[str]
    """What to do, one step a line."""
    entry_to_add: Optional[Dict[str, Any]]
    """The trust-store entry to add, when the store lacks the signing key (None for a seal)."""
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

def seal_pack(
    pack_path: _Path,
    seal: Union[bytes, Mapping[str, Any]],
    trust_path: _Path,
    out_path: _Path,
    replace: bool = False,
) -> Dict[str, Any]:
    """Seals the signed pack (§22) as ``proofpack seal`` does: ``seal`` is what
    ``AuditLog.seal`` returns (or that object as a dict); only ``signature.sig``
    changes, and the pack is written only when the seal holds for it under the
    trust store and gives a sealed time. The written pack's report (its
    ``pack.sha256`` is the pack's identity from now on: seal before delivering).
    Refusals are RefusedError (``seal_does_not_hold``, ``seal_not_witnessed``);
    a seal that is not strict JSON is InvalidInputError; an existing
    ``out_path`` without ``replace`` is FileExistsError."""

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
    def consistency_proof(self, old_size: int, new_size: int) -> List[bytes]:
        """The RFC 9162 consistency proof between two tree sizes (32-byte hashes)."""
    def add_checkpoint_body(self, old_size: int, checkpoint: str) -> str:
        """The C2SP tlog-witness add-checkpoint request body for ``checkpoint``;
        ``old_size`` is the witness's last cosigned size (0 for none)."""
    def cosigned(self, checkpoint: str, lines: Sequence[str]) -> str:
        """``checkpoint`` with the witnesses' cosignature lines appended (§15)."""
    def log_pack_signed(self, ts: str, pack_path: _Path) -> int:
        """Appends the signed pack's ``pack_signed`` entry (§22: its ``pack_id`` and the
        SHA-256 of its manifest and signature) at ``ts``, durably; its index. AuditLogError
        ``unsealable`` for a file that is not a signed pack."""
    def seal(self, after_checkpoint: str, seal_checkpoint: str, index: int) -> bytes:
        """The seal (§22, the bytes of its JSON object) of the ``pack_signed`` entry at
        ``index`` in ``seal_checkpoint`` (a checkpoint of this log, cosigned by witnesses
        with ``cosigned``), from the pack's ``after_checkpoint``: what ``seal_pack`` and
        ``proofpack seal --seal`` take. AuditLogError ``not_pack_signed``,
        ``checkpoint_sizes``, ``entry_out_of_range``, ``checkpoint_mismatch``, ... when the
        producer refuses it."""
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
    @staticmethod
    def statutory_deadline(legal_basis: str, received_at: str) -> str:
        """The end of §6's first period (exclusive) for a request received at ``received_at``."""

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
        backups: Optional[Sequence[Union["Backup", Mapping[str, Any]]]] = None,
        output: Optional[Mapping[str, Any]] = None,
        error: Optional[str] = None,
        exception_id: Optional[str] = None,
        due_at: Optional[str] = None,
        expires_at: Optional[str] = None,
        exemption: Optional[Mapping[str, str]] = None,
    ) -> None: ...
    @staticmethod
    def counted(
        step: str,
        started_at: str,
        ended_at: str,
        before_count: int,
        after_count: int,
        code_ref: str,
        exception_id: str,
        *,
        replication_lag_drained: Optional[bool] = None,
        purge: Optional[str] = None,
        models: Optional[Sequence[Mapping[str, Any]]] = None,
        backups: Optional[Sequence[Union["Backup", Mapping[str, Any]]]] = None,
        output: Optional[Mapping[str, Any]] = None,
    ) -> "StepRecord":
        """``ok`` with the evidence when ``after_count`` is 0, else ``fail`` with ``exception_id``."""
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

class Backup:
    """One backup of a tier (§17): ``purged``, ``live`` or ``beyond_use``."""

    def __init__(
        self,
        location: str,
        state: str,
        *,
        retention_until: Optional[str] = None,
        restore_suppression: Optional[bool] = None,
    ) -> None: ...
    @property
    def location(self) -> str: ...
    @property
    def state(self) -> str: ...
    @property
    def retention_until(self) -> Optional[str]: ...
    @property
    def restore_suppression(self) -> Optional[bool]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The backup as a step's ``output.backups`` holds it."""

class Receipt:
    """A validated ``subprocessor-receipts.jsonl`` record (§9)."""

    def __init__(
        self,
        subprocessor: str,
        channel: str,
        ticket_id: str,
        requested_at: str,
        status: str,
        *,
        confirmed_at: Optional[str] = None,
        due_at: Optional[str] = None,
        endpoint: Optional[str] = None,
        attestation: Optional[str] = None,
    ) -> None: ...
    @property
    def subprocessor(self) -> str: ...
    @property
    def channel(self) -> str: ...
    @property
    def ticket_id(self) -> str: ...
    @property
    def requested_at(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def confirmed_at(self) -> Optional[str]: ...
    @property
    def due_at(self) -> Optional[str]: ...
    @property
    def endpoint(self) -> Optional[str]: ...
    @property
    def attestation(self) -> Optional[str]:
        """The archive member holding the subprocessor's signed statement (§16)."""
    @property
    def erases(self) -> bool:
        """Confirmed, by API, with a ticket (§9)."""
    def to_dict(self) -> Dict[str, Any]:
        """The record as its ``subprocessor-receipts.jsonl`` line holds it."""

def receipts_jsonl(records: Sequence[Receipt]) -> bytes:
    """The bytes of ``subprocessor-receipts.jsonl``, in the order given."""

class ReceiptStatement:
    """A subprocessor's statement of one confirmed deletion (§16)."""

    def __init__(self, receipt: Receipt, tenant_id: str, subject_id: str) -> None: ...
    def to_json(self) -> bytes:
        """The statement's bytes (the envelope's payload)."""
    def sign(self, key_id: str, key_path: _Path) -> bytes:
        """The DSSE envelope signed with the private key at ``key_path``, named ``key_id``."""

class Exchange:
    """One request to a subprocessor and its raw response, kept verbatim."""

    def __init__(self, request: str, status: int, body: str) -> None: ...
    @property
    def request(self) -> str: ...
    @property
    def status(self) -> int: ...
    @property
    def body(self) -> str: ...
    def to_attachment(self) -> bytes:
        """The attachment's bytes (pretty JSON)."""

class CollectedReceipt:
    """A receipt as a platform collects it: the §9 fields, exchanges and signed statement."""

    def __init__(
        self,
        subprocessor: str,
        channel: str,
        requested_at: str,
        *,
        endpoint: Optional[str] = None,
        ticket_id: str = "",
    ) -> None: ...
    @staticmethod
    def from_json(text: str) -> "CollectedReceipt":
        """The receipt kept by ``to_json``."""
    def to_json(self) -> str:
        """The receipt as JSON, for a platform's own store."""
    @property
    def subprocessor(self) -> str: ...
    @property
    def channel(self) -> str: ...
    @property
    def requested_at(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def confirmed_at(self) -> Optional[str]: ...
    @property
    def due_at(self) -> Optional[str]: ...
    endpoint: Optional[str]
    ticket_id: str
    @property
    def attestation(self) -> Optional[str]:
        """The signed statement's exact text, or None."""
    @attestation.setter
    def attestation(self, envelope: Optional[Union[str, bytes]]) -> None: ...
    @property
    def exchanges(self) -> List[Exchange]:
        """The raw exchanges, in order (copies)."""
    def add_exchange(self, exchange: Exchange) -> None: ...
    def confirm(self, at: str) -> None:
        """The deletion was confirmed at ``at``."""
    def pending(self, due_at: str) -> None:
        """The deletion is pending, due at ``due_at``."""
    def to_receipt(self) -> Receipt:
        """The §9 record; a status without its date is ``failed``."""
    @property
    def attestation_path(self) -> str:
        """The member holding the signed statement."""
    def exchange_path(self, n: int) -> str:
        """The member holding exchange ``n``."""
    def attachments(self) -> List[Tuple[str, bytes]]:
        """``(member path, bytes)``: the signed statement, then each exchange."""

class TrustStoreFile:
    """A trust store (§4) being edited as ``proofpack trust`` edits it; refusals are TrustStoreError."""

    def __init__(self, path: _Path, create: bool = False) -> None: ...
    @property
    def path(self) -> pathlib.Path:
        """Where the store was read from (and ``save`` writes by default)."""
    def add_key(
        self,
        key_id: str,
        owner: str,
        roles: Sequence[str],
        *,
        key_path: Optional[_Path] = None,
        public_key: Optional[str] = None,
        not_before: Optional[str] = None,
        not_after: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Adds a key (from ``key_path`` or base64 ``public_key``); the entry added."""
    def add_entry(self, entry: Mapping[str, Any]) -> None:
        """Adds a §4 entry, as ``keygen`` returns it."""
    def revoke(self, key_id: str, at: str, force: bool = False) -> bool:
        """Records the revocation at ``at``; whether the store changed."""
    def unrevoke(self, key_id: str, force: bool = False) -> bool:
        """Removes the revocation (needs ``force``); whether the store changed."""
    def set_policy(
        self,
        witness_quorum: Optional[int] = None,
        signed_receipts: Optional[bool] = None,
        force: bool = False,
    ) -> bool:
        """Sets the policy (weakening needs ``force``); whether the store changed."""
    @property
    def policy(self) -> Dict[str, Any]:
        """``{"witness_quorum": int, "signed_receipts": bool}``."""
    def keys(self) -> List[Dict[str, Any]]:
        """The §4 entries of the store's keys."""
    def keys_of(self, key_path: _Path) -> List[Dict[str, Any]]:
        """The entries holding the key at ``key_path`` (a private or public key, PEM); empty if none."""
    def save(self, path: Optional[_Path] = None) -> None:
        """Writes the store (to where it was read from, by default), atomically."""
