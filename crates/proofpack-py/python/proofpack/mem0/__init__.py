"""Erasure with proof for Mem0 (``mem0ai``), the agent-memory library:
one user erased from a real ``mem0.Memory``, and a signed proof pack.

    from proofpack.mem0 import erase
    result = erase(memory, user_id="alice", out="DIR")
    result.verdict   # the §12 word of the pack's own verification
    result.pack      # DIR/proof.tar.gz

Mem0's ``Memory.delete_all(user_id=...)`` is not erasure: each deleted
memory's text stays in Mem0's SQLite history (``Memory.history`` still
returns it), the raw conversation stays in its ``messages`` table, and the
vector store and SQLite keep deleted records on disk until they are
compacted. ``erase`` runs ``delete_all``, then erases what it leaves
(``_cascade.py``), has independent code look for the user in every file
(``probe.py``), and writes a pack signed by the DPO's key (``_pack.py``).
``mem0_delete_only=True`` runs Mem0's ``delete_all`` alone and shows, in
an ``incomplete`` pack, what it left.

Install: ``pip install "proofpack-erasure[mem0]"`` from the repository
(``./crates/proofpack-py[mem0]``): Mem0 2.2 (Python 3.10 or later).
Command line: ``python -m proofpack.mem0 erase --help``.
"""

import json
import pathlib
import socket
import warnings
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

import proofpack

from . import _pack, probe
from ._cascade import MEMORIES, Cascade
from ._layout import SUPPORTED_PROVIDERS, Layout, UnsupportedStore, layout_of
from ._pack import PathLike

__all__ = ["DemoKeysWarning", "ErasureResult", "SUPPORTED_PROVIDERS", "UnsupportedStore",
           "erase"]

#: The Mem0 releases this module is tested with (the ``mem0`` extra's range).
TESTED_MEM0 = ">=2.2.1,<2.3"


class DemoKeysWarning(UserWarning):
    """No key was given: the pack is signed by fresh demo keys, never kept."""


@dataclass(frozen=True)
class ErasureResult:
    """What ``erase`` did and what its pack says."""

    #: The §12 verdict of the pack, verified against ``trust``.
    verdict: str
    #: ``DIR/proof.tar.gz``.
    pack: pathlib.Path
    #: The trust store the pack was verified with (``DIR/trust.json`` for demo keys).
    trust: pathlib.Path
    #: The verifier's §13 report on the pack (``proofpack.verify``'s).
    report: Dict[str, Any]
    request_id: str
    #: The user's pseudonym (§2), as the pack names the user.
    subject_id: str
    #: The ``steps.jsonl`` records, in §7's order.
    steps: List[Dict[str, Any]]
    #: The probes' residue by data class (§8).
    residue: Dict[str, int]
    #: How the probes found it (counts, and the files whose bytes hold the
    #: user's texts or ids), as ``attachments/mem0-probes.json`` holds it.
    probes: Dict[str, Any]
    #: Whether fresh demo keys signed (no ``key=``).
    demo_keys: bool


def _user(user_id: Any) -> str:
    """The user id as Mem0 keeps it: a string, trimmed, without whitespace."""
    text = str(user_id).strip()
    if not text or any(c.isspace() for c in text):
        raise ValueError(f"user_id: {user_id!r} is not an id Mem0 keeps")
    return text


def _evidence(request: Any, records: List[Any], found: "probe.Found", witness: bytes,
              provenance: bytes, unredacted: int, attestation: bytes) -> Dict[str, bytes]:
    verification = proofpack.verification_json(_pack.utc_now(), probe.CODE_REF, found.residue,
                                               0, unredacted, request=request)
    return {
        "request.json": request.to_json(),
        "steps.jsonl": proofpack.steps_jsonl(records),
        "verification.json": verification,
        # The store's files are on this machine: no subprocessor, no receipt.
        "subprocessor-receipts.jsonl": b"",
        "audit-log-redaction.json": witness,
        "provenance.jsonl": provenance,
        "attestation.txt": attestation,
        "attachments/mem0-probes.json": (json.dumps(found.detail, indent=2, sort_keys=True)
                                         + "\n").encode(),
    }


def erase(memory: Any, user_id: str, out: PathLike, *, key: Optional[PathLike] = None,
          log_key: Optional[PathLike] = None, trust: Optional[PathLike] = None,
          log: Optional[PathLike] = None, tenant_id: Optional[str] = None,
          legal_basis: Optional[str] = None, received_at: Optional[str] = None,
          request_id: Optional[str] = None, supersedes: Optional[PathLike] = None,
          keep_orphans: bool = False, mem0_delete_only: bool = False,
          sla_deadline: Optional[str] = None, identity_proof_ref: Optional[str] = None,
          runner: Optional[str] = None, pseudonym_key: Optional[bytes] = None) -> ErasureResult:
    """Erases ``user_id`` from ``memory`` (a ``mem0.Memory`` on Qdrant local or
    Chroma's persistent client, with a SQLite history) and writes
    ``out/proof.tar.gz``, signed by the DPO.

    ``key``, ``log_key`` and ``trust``: the DPO's key, the audit log's key
    and the trust store the recipients use, which must hold both (a
    ``RefusedError`` otherwise, before anything is touched). None of them:
    fresh demo keys sign, never kept, and ``out/trust.json`` holds their
    public keys. ``log``: ProofPack's audit log (``proofpack.AuditLog``,
    default ``out/audit-log.sqlite``); the pseudonym key is kept beside it
    (``pseudonym.key``) unless ``pseudonym_key`` is given. ``tenant_id``
    (``ten_mem0``), ``legal_basis`` (``GDPR``), ``received_at`` (now),
    ``request_id``, ``sla_deadline`` (a day before the statutory one),
    ``identity_proof_ref`` (``not-recorded``): the request (§5).
    ``supersedes``: the previous pack of the same request, which this one
    replaces (§18). ``keep_orphans``: keep the history of memories deleted
    earlier, which no one can own. ``runner``: who runs the cascade (never
    the DPO). ``mem0_delete_only``: Mem0's ``delete_all`` alone.

    Raises UnsupportedStore (another vector store), RefusedError (a key the
    trust store lacks, or a pack the DPO may not sign), FileExistsError
    (``out`` holds a pack or evidence already), ValueError.
    """
    out = pathlib.Path(out)
    user = _user(user_id)
    for taken in (out / "proof.tar.gz", out / "evidence"):
        if taken.exists():
            raise FileExistsError(17, "exists: give erase a new folder", str(taken))
    layout = layout_of(memory)
    out.mkdir(parents=True, exist_ok=True)
    keys = _pack.signing_keys(out, key, log_key, trust, tenant_id or "ten_mem0")
    if keys.demo is not None:
        warnings.warn(f"proofpack.mem0: no key= given: fresh demo keys sign this pack, and "
                      f"{keys.trust} holds their public keys; a real pack needs the DPO's key",
                      DemoKeysWarning, stacklevel=2)
    log_path = pathlib.Path(log or out / "audit-log.sqlite")
    try:
        previous = _pack.previous_pack(supersedes, MEMORIES)
        subject_id = proofpack.pseudonymous_subject_id(
            _pack.pseudonym_key(pseudonym_key, log_path), user)
        request = _pack.request_for(
            subject_id, previous, request_id=request_id, tenant_id=tenant_id,
            legal_basis=legal_basis, received_at=received_at, sla_deadline=sla_deadline,
            identity_proof_ref=identity_proof_ref)
        run = _Run(memory=memory, layout=layout, user=user, out=out, keys=keys,
                   request=request, previous=previous, keep_orphans=keep_orphans,
                   delete_only=mem0_delete_only,
                   runner=runner or "proofpack.mem0@" + socket.gethostname())
        return _erase(run, proofpack.AuditLog(log_path, keys.origin))
    finally:
        if keys.demo is not None:
            keys.demo.cleanup()


@dataclass(frozen=True)
class _Run:
    """One erasure's inputs, checked."""

    memory: Any
    layout: Layout
    user: str
    out: pathlib.Path
    keys: "_pack.Keys"
    request: Any
    previous: Optional[Dict[str, Any]]
    keep_orphans: bool
    delete_only: bool
    runner: str


def _erase(run: _Run, log: Any) -> ErasureResult:
    """The request logged, the user's texts taken for the probes, the
    cascade, the probes, the evidence, the DPO's signature."""
    request, keys, out = run.request, run.keys, run.out
    if not log.entries_for_request(request.request_id):
        log.log_request_accepted(_pack.utc_now(), request.request_id)
    before = log.checkpoint(keys.log_key)

    earlier = run.previous["tombstones"] if run.previous else {}
    marks = probe.markers(run.layout, run.user, earlier)
    cascade = Cascade(run.memory, run.layout, run.user, delete_only=run.delete_only,
                      keep_orphans=run.keep_orphans, clock=_pack.utc_now, earlier=earlier)
    records = cascade.run(request, log)
    after = log.checkpoint(keys.log_key)
    entries = log.entries_for_request(request.request_id)
    witness = log.witness(before, after, entries, _pack.PII_FIELDS)
    found = probe.probe(run.layout, marks, run.memory)

    members = _evidence(request, records, found, witness,
                        cascade.provenance(f"mem0-history@{request.request_id}"),
                        log.unredacted_pii_count(entries, _pack.PII_FIELDS),
                        _pack.attestation(keys.signer, run.runner, request.subject_id,
                                          run.delete_only))
    completed = _pack.utc_now()
    description: Dict[str, Any] = {
        "pack_id": f"mem0-erasure-{request.request_id}-{completed.replace(':', '')}",
        "completed_at": completed, "cascade_runner": run.runner, "signer": keys.signer,
        "signature_key_id": keys.dpo_key_id, "subprocessors": []}
    if run.previous is not None:
        description["supersedes"] = {"pack_id": run.previous["pack_id"],
                                     "sha256": run.previous["sha256"]}
    _pack.write_evidence(out / "evidence", members, description)
    _pack.sign(out / "evidence", keys, out / "proof.tar.gz")
    report = proofpack.verify(out / "proof.tar.gz", keys.trust)
    return ErasureResult(
        verdict=report["verdict"], pack=out / "proof.tar.gz", trust=keys.trust, report=report,
        request_id=request.request_id, subject_id=request.subject_id,
        steps=[r.to_dict() for r in records], residue=found.residue, probes=found.detail,
        demo_keys=keys.demo is not None)
