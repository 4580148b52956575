"""The Mem0 example, end to end: an assistant remembers three users through
Mem0, one of them asks to be forgotten, and she is erased twice: first by
Mem0's own ``delete_all`` alone (``proofpack.mem0.erase(...,
mem0_delete_only=True)``: an ``incomplete`` pack, and what Mem0 left,
shown), then by ProofPack's cascade (a ``complete`` pack that supersedes
the first). Offline: nothing leaves the machine.

    python examples/python/mem0/run.py --out DIR [--store qdrant|chroma]
    proofpack verify DIR/mem0-delete-only/proof.tar.gz --trust DIR/trust.json   # incomplete (4)
    proofpack verify DIR/proofpack/proof.tar.gz --trust DIR/trust.json          # complete (0)

DIR (new or empty) receives ``store/`` (Mem0's files), ``mem0-home/``
(Mem0's own folder, ``~/.mem0`` otherwise), the keys (``dpo.pem``,
``audit-log.pem``), ``trust.json``, ``audit-log.sqlite``, and one folder
per erasure, each with ``evidence/`` and ``proof.tar.gz``.
"""

import argparse
import json
import pathlib
import sys
from typing import Any, Dict, List

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import agent  # noqa: E402

ERASED = "alice"
TENANT = "ten_mem0_example"
ORIGIN = "audit.mem0-agent.example/" + TENANT


def keys(out: pathlib.Path) -> Dict[str, pathlib.Path]:
    """The DPO's key, the audit log's key (another owner: who runs the
    erasure never signs its proof) and the trust store recipients use."""
    import proofpack

    dpo = proofpack.keygen(out / "dpo.pem", "dpo-mem0-agent", "dpo@mem0-agent.example", ["dpo"])
    log = proofpack.keygen(out / "audit-log.pem", ORIGIN, "operator@mem0-agent.example",
                           ["audit_log"])
    trust = out / "trust.json"
    trust.write_text(json.dumps({"format": "proof-pack-trust/v1", "keys": [dpo, log]},
                                indent=2) + "\n")
    return {"key": out / "dpo.pem", "log_key": out / "audit-log.pem", "trust": trust}


def leftovers(store: pathlib.Path, markers: List[str]) -> Dict[str, int]:
    """Each file of the store whose bytes hold one of ``markers``: how many."""
    found = {}
    for path in sorted(p for p in store.rglob("*") if p.is_file()):
        data = path.read_bytes()
        hits = sum(1 for m in markers if m.encode() in data)
        if hits:
            found[str(path.relative_to(store))] = hits
    return found


def show(title: str, result: Any, store: pathlib.Path) -> None:
    print(f"== {title}")
    for step in result.steps:
        print(f"  {step['step']:12} {step['status']:5} {step['before_count']:4} -> "
              f"{step['after_count']}")
    print("  probe residue:", json.dumps(result.residue, sort_keys=True))
    print("  files holding Alice's phrases:",
          json.dumps(leftovers(store, agent.USERS[ERASED]["markers"]), sort_keys=True))
    codes = sorted({f["code"] for f in result.report["findings"]})
    print(f"  {result.pack}: {result.verdict}" + (f" ({', '.join(codes)})" if codes else ""))


def run(out: pathlib.Path, provider: str) -> Dict[str, Any]:
    agent.offline_environment(out / "mem0-home")
    from proofpack.mem0 import erase

    store = out / "store"
    memory = agent.open_memory(store, provider)
    agent.seed(agent.Agent(memory))
    agent.close_memory(memory)

    # The erasure job: a process of its own, with a Memory of its own.
    k = keys(out)
    memory = agent.open_memory(store, provider)
    common = dict(k, log=out / "audit-log.sqlite", tenant_id=TENANT,
                  runner="erasure-job@mem0-agent.example")
    alone = erase(memory, ERASED, out / "mem0-delete-only", mem0_delete_only=True, **common)
    show("Mem0's delete_all alone", alone, store)
    full = erase(memory, ERASED, out / "proofpack", supersedes=alone.pack, **common)
    show("ProofPack's erasure (supersedes the first pack)", full, store)
    kept = {user: agent.Agent(memory).recall(user) for user in agent.USERS if user != ERASED}
    print("  still remembered:", json.dumps({u: len(t) for u, t in kept.items()}))
    agent.close_memory(memory)
    return {"alone": alone, "full": full, "kept": kept}


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, type=pathlib.Path,
                        help="a new or empty folder for the store, keys and packs")
    parser.add_argument("--store", choices=["qdrant", "chroma"], default="qdrant",
                        help="Mem0's vector store: Qdrant local (default) or Chroma")
    args = parser.parse_args(argv)
    if args.out.exists() and any(args.out.iterdir()):
        parser.error(f"{args.out} is not empty: give a new folder")
    args.out.mkdir(parents=True, exist_ok=True)
    run(args.out.resolve(), args.store)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
