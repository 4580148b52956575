"""The agent-memory example, end to end: seed two users, erase one through
the ``proofpack`` package, probe independently, write a pack signed by the
DPO, and verify it.

    python examples/python/agent_memory/run.py --out DIR [--defect summary-left]
    proofpack verify DIR/proof.tar.gz --trust DIR/trust.json

DIR (new or empty) receives ``store/`` (the service's stores and the
operator's keys), ``evidence/`` (the pack's members), ``dpo.pem``,
``trust.json`` and ``proof.tar.gz``. ``--defect summary-left`` plants one
defect: one of the subject's summaries is written by the batch summarizer
without her tag, so the cascade, which deletes summaries by tag, leaves it
behind; the probe finds it and the provenance graph shows it live, and the
DPO signs the pack as an honest record of an incomplete erasure.
"""

import argparse
import datetime
import json
import os
import pathlib
import sys
from typing import Any, Dict, List

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import proofpack  # noqa: E402

import erase  # noqa: E402
import probe  # noqa: E402
from memory import LOG_ORIGIN, PII_FIELDS, SUBJECTS, TENANT, MemoryService, seed  # noqa: E402

DPO = "dpo@agent-memory.example"
RUNNER = "erasure-job@agent-memory.example"
ERASED = "u-alice"


def utc_now() -> str:
    """Now, as a §0 timestamp at whole seconds."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def keys(out: pathlib.Path) -> Dict[str, Any]:
    """The operator's audit-log key, the DPO's key (another owner: the one
    who runs the erasure never signs its proof), the pseudonym key, and the
    trust store a recipient verifies with."""
    store = out / "store"
    log_key, dpo_key = store / "audit-log.pem", out / "dpo.pem"
    log_entry = proofpack.keygen(log_key, LOG_ORIGIN, "operator@agent-memory.example",
                                 ["audit_log"])
    dpo_entry = proofpack.keygen(dpo_key, "dpo-agent-memory", DPO, ["dpo"])
    trust = out / "trust.json"
    trust.write_text(json.dumps({"format": "proof-pack-trust/v1",
                                 "keys": [dpo_entry, log_entry]}, indent=2) + "\n")
    pseudonym_key = store / "pseudonym.key"
    pseudonym_key.write_bytes(os.urandom(32))
    return {"log": log_key, "dpo": dpo_key, "trust": trust,
            "pseudonym": pseudonym_key.read_bytes()}


def request_for(subject: str, pseudonym_key: bytes) -> Any:
    """The validated erasure request, about the subject's pseudonym."""
    received = utc_now()
    when = datetime.datetime.strptime(received, "%Y-%m-%dT%H:%M:%SZ")
    # 28 days: within GDPR's calendar month, whichever month it is.
    deadline = (when + datetime.timedelta(days=28)).strftime("%Y-%m-%dT%H:%M:%SZ")
    classes = ["working", "episodic", "semantic", "vectors", "fine_tune", "uploads",
               "derivatives"]
    return proofpack.Request(
        request_id="req-" + when.strftime("%Y%m%d%H%M%S"), tenant_id=TENANT,
        subject_id=proofpack.pseudonymous_subject_id(pseudonym_key, SUBJECTS[subject]["email"]),
        data_classes=classes, legal_basis="GDPR", received_at=received,
        requester_identity_proof_ref="idv-" + subject, sla_deadline=deadline)


def write_evidence(folder: pathlib.Path, members: Dict[str, bytes], request: Any) -> None:
    folder.mkdir()
    for name, data in members.items():
        (folder / name).write_bytes(data)
    description = {"pack_id": "erasure-" + request.request_id, "completed_at": utc_now(),
                   "cascade_runner": RUNNER, "signer": DPO,
                   "signature_key_id": "dpo-agent-memory", "subprocessors": []}
    (folder / "pack.json").write_text(json.dumps(description, indent=2) + "\n")


def sign(out: pathlib.Path, k: Dict[str, Any]) -> Dict[str, Any]:
    """The DPO signs; an incomplete erasure only as an honest record of it."""
    args = (out / "evidence", k["dpo"], k["trust"], out / "proof.tar.gz")
    try:
        return proofpack.sign_pack(*args)
    except proofpack.RefusedError as refused:
        if refused.kind != "needs_accept_incomplete":
            raise
        print(f"the erasure is incomplete ({', '.join(refused.codes)}): "
              "the DPO signs it as a record of what is open")
        return proofpack.sign_pack(*args, accept_incomplete=True)


def run(out: pathlib.Path, defect: str) -> Dict[str, Any]:
    store = out / "store"
    store.mkdir(parents=True)
    k = keys(out)
    service = MemoryService(store, utc_now)
    seed(service, untagged_summary=defect == "summary-left")
    before = service.log.checkpoint(k["log"])
    service.close()

    request = request_for(ERASED, k["pseudonym"])
    log = proofpack.AuditLog(store / "audit-log.sqlite", LOG_ORIGIN)
    cascade = erase.Cascade(store, ERASED, request, log, utc_now)
    cascade.run()
    after = log.checkpoint(k["log"])
    witness = log.witness(before, after, cascade.witness_entries(), PII_FIELDS)

    found = probe.probe(store, ERASED, SUBJECTS[ERASED]["markers"], witness)
    verification = proofpack.verification_json(utc_now(), probe.CODE_REF, found["residue"],
                                               found["subprocessor_residue"],
                                               found["unredacted_pii_count"], request=request)
    members = {
        "request.json": request.to_json(),
        "steps.jsonl": proofpack.steps_jsonl(cascade.steps),
        "verification.json": verification,
        # The service has no subprocessor: no receipt (an empty file holds
        # zero records, §0).
        "subprocessor-receipts.jsonl": b"",
        "audit-log-redaction.json": witness,
        "provenance.jsonl": cascade.provenance(f"lineage@{request.request_id}"),
        "attestation.txt": (f"I, {DPO}, reviewed this evidence of the erasure of "
                            f"{request.subject_id}; I did not run the cascade.\n").encode(),
    }
    write_evidence(out / "evidence", members, request)
    return {"signed": sign(out, k), "probe": found,
            "steps": [(r.step, r.status, r.before_count, r.after_count) for r in cascade.steps]}


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=pathlib.Path,
                        help="a new or empty folder for the stores, keys and pack")
    parser.add_argument("--defect", choices=["summary-left"], default="",
                        help="plant one defect: a summary of the subject left behind")
    args = parser.parse_args(argv)
    if args.out.exists() and any(args.out.iterdir()):
        parser.error(f"{args.out} is not empty: give a new folder")
    args.out.mkdir(parents=True, exist_ok=True)
    result = run(args.out, args.defect)
    for step, status, before, after in result["steps"]:
        print(f"{step:12} {status:5} {before:3} -> {after}")
    print("probe residue:", json.dumps(result["probe"]["residue"], sort_keys=True))
    report = proofpack.verify(args.out / "proof.tar.gz", args.out / "trust.json")
    codes = sorted({f["code"] for f in report["findings"]})
    print(f"{args.out / 'proof.tar.gz'}: {report['verdict']}"
          + (f" ({', '.join(codes)})" if codes else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
