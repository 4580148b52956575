"""What an erasure's pack needs besides the cascade and the probes: the
keys that sign (the DPO's and the audit log's, found in the recipients'
trust store, or fresh demo keys), the request (§5), the pseudonym key, the
evidence folder and the DPO's signature."""

import datetime
import json
import os
import pathlib
import tarfile
import tempfile
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Union

import proofpack

PathLike = Union[str, "os.PathLike[str]"]

#: The data classes an erasure from Mem0 requests (§5): the memories'
#: vectors, the messages, the entities and the history.
DATA_CLASSES = ["episodic", "semantic", "vectors", "derivatives"]
#: Personal fields of the audit log: ProofPack's entries name the subject
#: by pseudonym only, so none is ever disclosed.
PII_FIELDS = ["user_id"]
#: The largest `provenance.jsonl` read from a previous pack.
_PROVENANCE_LIMIT = 64 << 20
#: The demo keys' identities: fresh keys, never kept (as proofpack-demo's).
DEMO_DPO = ("demo-dpo", "dpo@demo.invalid")
DEMO_LOG_OWNER = "audit-log@demo.invalid"


def utc_now() -> str:
    """Now, as a §0 timestamp at whole seconds."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _instant(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)


@dataclass
class Keys:
    """Who signs: the DPO's key and identity, the audit log's key and origin,
    and the trust store the recipients use."""

    dpo_key: pathlib.Path
    dpo_key_id: str
    signer: str
    log_key: pathlib.Path
    origin: str
    trust: pathlib.Path
    #: Fresh demo keys, in a folder removed once the pack is signed.
    demo: Optional[tempfile.TemporaryDirectory] = None


def _refused(kind: str, code: str, lines: List[str]) -> "proofpack.RefusedError":
    """A refusal before anything is touched, as ``sign_pack`` refuses a key
    the trust store lacks."""
    error = proofpack.RefusedError(lines[0])
    error.kind, error.verdict, error.codes = kind, "untrusted", [code]
    error.what_to_do, error.entry_to_add, error.report = lines, None, None
    return error


def _entry(trust: "proofpack.TrustStoreFile", key: pathlib.Path, role: str, code: str,
           what: str) -> Dict[str, Any]:
    """The trust store's entry for ``key`` with ``role``, or a refusal."""
    entries = [e for e in trust.keys_of(key) if role in e["roles"]]
    if entries:
        return entries[0]
    raise _refused("key_missing", code, [
        f"the trust store {trust.path} has no {role} key that is {key} ({what}); "
        "nothing was touched",
        "Add it (with the key's identifier and owner), then erase again:",
        f"    proofpack trust add {trust.path} --key {key} --key-id ID --owner OWNER --role {role}",
    ])


def signing_keys(out: pathlib.Path, key: Optional[PathLike], log_key: Optional[PathLike],
                 trust: Optional[PathLike], tenant_id: str) -> Keys:
    """The keys given (all three, found in the trust store), or, with none,
    fresh demo keys and ``out/trust.json`` holding their public keys."""
    if key is not None or log_key is not None or trust is not None:
        if key is None or log_key is None or trust is None:
            raise ValueError("key=, log_key= and trust= go together (or none, for demo keys)")
        store = proofpack.TrustStoreFile(trust)
        dpo = _entry(store, pathlib.Path(key), "dpo", "trust.key_unknown", "the DPO's key")
        log = _entry(store, pathlib.Path(log_key), "audit_log", "audit.checkpoint_key_unknown",
                     "the audit log's key")
        return Keys(pathlib.Path(key), dpo["key_id"], dpo["owner"], pathlib.Path(log_key),
                    log["key_id"], pathlib.Path(trust))
    demo = tempfile.TemporaryDirectory(prefix="proofpack-mem0-keys-")
    folder = pathlib.Path(demo.name)
    origin = f"audit.demo.invalid/{tenant_id}"
    entries = [proofpack.keygen(folder / "dpo.pem", DEMO_DPO[0], DEMO_DPO[1], ["dpo"]),
               proofpack.keygen(folder / "audit-log.pem", origin, DEMO_LOG_OWNER, ["audit_log"])]
    trust_path = out / "trust.json"
    trust_path.write_text(json.dumps({"format": "proof-pack-trust/v1", "keys": entries},
                                     indent=2) + "\n")
    return Keys(folder / "dpo.pem", DEMO_DPO[0], DEMO_DPO[1], folder / "audit-log.pem", origin,
                trust_path, demo)


def pseudonym_key(given: Optional[bytes], log: pathlib.Path) -> bytes:
    """The controller's pseudonym key: ``given``, else the one kept beside the
    audit log (``pseudonym.key``, made once), so that every pack of the same
    log names a user by the same ``subject_id``."""
    if given is not None:
        return given
    path = log.parent / "pseudonym.key"
    if not path.exists():
        log.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(32))
    return path.read_bytes()


def _tombstones(pack: PathLike, scope: str) -> Dict[str, str]:
    """The tombstones of ``scope`` in a pack's ``provenance.jsonl``: key -> at."""
    with tarfile.open(pack, "r:gz") as archive:
        member = archive.getmember("provenance.jsonl")
        if not member.isfile() or member.size > _PROVENANCE_LIMIT:
            raise ValueError(f"supersedes: {pack}: provenance.jsonl is not a file to read")
        lines = archive.extractfile(member).read().decode().splitlines()  # type: ignore[union-attr]
    records = [json.loads(line) for line in lines if line]
    return {r["key"]: r["at"] for r in records
            if r.get("type") == "tombstone" and r.get("scope") == scope}


def previous_pack(supersedes: Optional[PathLike], scope: str) -> Optional[Dict[str, Any]]:
    """The pack a follow-up pack replaces (§18): its manifest's members, as
    the verifier reads them, the SHA-256 of its file, and the memories it
    tombstoned in ``scope`` (``tombstones``: id -> when), which are the
    user's even once they are gone from the store. Verified without a trust
    store (an earlier pack may be signed by keys this one's store lacks,
    demo keys among them): only a pack the verifier calls invalid is refused."""
    if supersedes is None:
        return None
    report = proofpack.verify(supersedes)
    pack = report["pack"]
    needed = ("pack_id", "request_id", "subject_id", "tenant_id", "legal_basis", "received_at",
              "sha256")
    if report["verdict"] == "invalid" or any(not isinstance(pack.get(n), str) for n in needed):
        raise ValueError(f"supersedes: {supersedes} is not a valid pack")
    return dict(pack, tombstones=_tombstones(supersedes, scope))


def request_for(subject_id: str, previous: Optional[Dict[str, Any]], *, request_id: Optional[str],
                tenant_id: Optional[str], legal_basis: Optional[str], received_at: Optional[str],
                sla_deadline: Optional[str], identity_proof_ref: Optional[str]) -> Any:
    """The erasure request (§5). A follow-up pack is of its previous pack's
    request: what is not given is taken from it, and what is given must
    agree with it."""
    given = {"request_id": request_id, "tenant_id": tenant_id, "legal_basis": legal_basis,
             "received_at": received_at, "subject_id": subject_id}
    if previous is not None:
        for name, value in given.items():
            if value is not None and value != previous[name]:
                raise ValueError(f"supersedes: the previous pack's {name} is "
                                 f"{previous[name]!r}, not {value!r}")
            given[name] = previous[name]
    received = given["received_at"] or utc_now()
    basis = given["legal_basis"] or "GDPR"
    if sla_deadline is None:
        # A day before the statutory deadline, as proofpack-demo's intake.
        statutory = _instant(proofpack.Request.statutory_deadline(basis, received))
        sla_deadline = (statutory - datetime.timedelta(days=1)).isoformat().replace(
            "+00:00", "Z")
    return proofpack.Request(
        request_id=given["request_id"] or "req-mem0-" + _instant(received).strftime(
            "%Y%m%d%H%M%S"),
        tenant_id=given["tenant_id"] or "ten_mem0", subject_id=subject_id,
        data_classes=DATA_CLASSES, legal_basis=basis, received_at=received,
        requester_identity_proof_ref=identity_proof_ref or "not-recorded",
        sla_deadline=sla_deadline)


def attestation(signer: str, runner: str, subject_id: str, delete_only: bool) -> bytes:
    what = ("Mem0's own delete_all alone was run; what it left is recorded as residue"
            if delete_only else "Mem0's delete_all was run, then every tier it leaves was erased")
    return (f"I, {signer}, reviewed this evidence of the erasure of {subject_id} from a Mem0 "
            f"store: {what}. The cascade was run by {runner}; I did not run it. The probes "
            "are code independent of the cascade.\n").encode()


def write_evidence(folder: pathlib.Path, members: Dict[str, bytes],
                   description: Dict[str, Any]) -> None:
    """The evidence folder ``sign_pack`` signs: the members and ``pack.json``."""
    folder.mkdir(parents=True)
    for name, data in members.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "pack.json").write_text(json.dumps(description, indent=2) + "\n")


def sign(evidence: pathlib.Path, keys: Keys, out: pathlib.Path) -> None:
    """The DPO signs; an incomplete erasure as an honest record of what is open."""
    args = (evidence, keys.dpo_key, keys.trust, out)
    try:
        proofpack.sign_pack(*args)
    except proofpack.RefusedError as refused:
        if refused.kind != "needs_accept_incomplete":
            raise
        proofpack.sign_pack(*args, accept_incomplete=True)
