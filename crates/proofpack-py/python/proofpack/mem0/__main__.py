"""``python -m proofpack.mem0 erase``: ``proofpack.mem0.erase`` for those who
do not write Python. The Memory is made from a Mem0 configuration file as
Mem0 makes it (``Memory.from_config``), in Mem0's environment
(``OPENAI_API_KEY``, ``MEM0_DIR``, ...); Mem0's product telemetry is off
unless ``MEM0_TELEMETRY`` says otherwise (an erasure is not an event to
report). The exit status is the pack's verdict's (§12: 0 complete, 3 late,
4 incomplete, 5 untrusted, 6 invalid); 2 is a usage error, 1 an erasure
that could not run (nothing signed).
"""

import argparse
import importlib
import json
import os
import pathlib
import sys
import warnings
from typing import Any, List, Optional

EXIT_STATUS = {"complete": 0, "late": 3, "incomplete": 4, "untrusted": 5, "invalid": 6}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m proofpack.mem0",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    erase = commands.add_parser(
        "erase", help="erase one user from a Mem0 store and write a signed pack",
        description="Erases one user from the Mem0 store MEM0_CONFIG describes and writes "
                    "DIR/proof.tar.gz. Without --key, fresh demo keys sign and DIR/trust.json "
                    "holds their public keys.")
    erase.add_argument("--config", required=True, type=pathlib.Path, metavar="MEM0_CONFIG",
                       help="Mem0's configuration, JSON (what Memory.from_config takes)")
    erase.add_argument("--user-id", required=True, help="the user to erase (Mem0's user_id)")
    erase.add_argument("--out", required=True, type=pathlib.Path, metavar="DIR",
                       help="where the evidence, the pack and the default audit log go")
    erase.add_argument("--key", type=pathlib.Path, help="the DPO's private key (PEM)")
    erase.add_argument("--log-key", type=pathlib.Path, help="the audit log's private key (PEM)")
    erase.add_argument("--trust", type=pathlib.Path,
                       help="the recipients' trust store, holding both keys")
    erase.add_argument("--log", type=pathlib.Path,
                       help="ProofPack's audit log (default DIR/audit-log.sqlite)")
    for name, what in [("tenant-id", "the tenant (default ten_mem0)"),
                       ("legal-basis", "GDPR (default), CCPA, POPIA, KE_DPA or UG_DPPA"),
                       ("received-at", "when the request was received, RFC 3339 (default now)"),
                       ("request-id", "the request's id"),
                       ("sla-deadline", "the internal deadline (default a day before the "
                                        "statutory one)"),
                       ("identity-proof-ref", "the requester's identity verification"),
                       ("runner", "who runs the cascade (never the DPO)")]:
        erase.add_argument(f"--{name}", help=what)
    erase.add_argument("--supersedes", type=pathlib.Path, metavar="PACK",
                       help="the previous pack of the same request, which this one replaces")
    erase.add_argument("--keep-orphans", action="store_true",
                       help="keep the history of memories deleted earlier")
    erase.add_argument("--mem0-delete-only", action="store_true",
                       help="run Mem0's delete_all alone, and show what it leaves")
    erase.add_argument("--embedder", metavar="MODULE:NAME",
                       help="an embedder to set on the Memory, made by calling NAME of MODULE "
                            "(one the JSON configuration cannot name)")
    return parser


def _embedder(spec: str) -> Any:
    module, _, name = spec.partition(":")
    if not module or not name:
        raise ValueError(f"--embedder {spec!r}: give MODULE:NAME")
    sys.path.insert(0, os.getcwd())
    return getattr(importlib.import_module(module), name)()


def _memory(config: pathlib.Path, embedder: Optional[str]) -> Any:
    os.environ.setdefault("MEM0_TELEMETRY", "False")
    try:
        from mem0 import Memory
    except ImportError as e:
        raise ImportError(f"{e}: install the mem0 extra, pip install "
                          "\"./crates/proofpack-py[mem0]\" (Python 3.10 or later)") from e
    memory = Memory.from_config(json.loads(config.read_text()))
    if embedder:
        memory.embedding_model = _embedder(embedder)
    return memory


def _show(result: Any) -> None:
    for step in result.steps:
        print(f"{step['step']:12} {step['status']:5} {step['before_count']:4} -> "
              f"{step['after_count']}")
    print("probe residue:", json.dumps(result.residue, sort_keys=True))
    codes = sorted({f["code"] for f in result.report["findings"]})
    print(f"{result.pack}: {result.verdict}" + (f" ({', '.join(codes)})" if codes else ""))


def main(argv: List[str]) -> int:
    args = _parser().parse_args(argv)
    from proofpack.mem0 import DemoKeysWarning, erase

    if args.key is None:
        print(f"proofpack.mem0: NO --key GIVEN: FRESH DEMO KEYS SIGN THIS PACK, NEVER KEPT; "
              f"{args.out / 'trust.json'} holds their public keys. A real pack needs the "
              "DPO's key (--key, --log-key, --trust).", file=sys.stderr)
    try:
        memory = _memory(args.config, args.embedder)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DemoKeysWarning)
            result = erase(
                memory, args.user_id, args.out, key=args.key, log_key=args.log_key,
                trust=args.trust, log=args.log, tenant_id=args.tenant_id,
                legal_basis=args.legal_basis, received_at=args.received_at,
                request_id=args.request_id, supersedes=args.supersedes,
                keep_orphans=args.keep_orphans, mem0_delete_only=args.mem0_delete_only,
                sla_deadline=args.sla_deadline, identity_proof_ref=args.identity_proof_ref,
                runner=args.runner)
    except Exception as e:  # noqa: BLE001 -- every failure is reported, nothing signed
        print(f"proofpack.mem0: {type(e).__name__}: {e}", file=sys.stderr)
        for line in getattr(e, "what_to_do", None) or []:
            print(line, file=sys.stderr)
        return 1
    _show(result)
    return EXIT_STATUS.get(result.verdict, 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
