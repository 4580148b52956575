"""The agent-memory example end to end: run.py as its README runs it, twice
(clean, and with the planted defect), each pack checked by the `proofpack`
CLI (exit status and `--json` codes), and the stores checked directly."""

import ast
import json
import pathlib
import sqlite3

import pytest

HERE = pathlib.Path(__file__).resolve().parents[1]
RUN = HERE / "run.py"


@pytest.fixture(scope="module")
def clean(tmp_path_factory, run_example):
    out = tmp_path_factory.mktemp("clean") / "run"
    run_example(RUN, "--out", out)
    return out


@pytest.fixture(scope="module")
def defect(tmp_path_factory, run_example):
    out = tmp_path_factory.mktemp("defect") / "run"
    run_example(RUN, "--out", out, "--defect", "summary-left")
    return out


def pack(out):
    return out / "proof.tar.gz", out / "trust.json"


def rows(out, sql, *params):
    db = sqlite3.connect(out / "store" / "memory.sqlite")
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


def test_the_clean_run_verifies_complete(verify, clean):
    assert verify(*pack(clean)) == (0, "complete", set())


def test_the_clean_run_erased_alice_and_kept_bob(clean):
    for table in ("sessions", "notes", "facts", "summaries", "training_examples"):
        subjects = {s for (s,) in rows(clean, f"SELECT subject FROM {table}")}
        assert subjects == {"u-bob"}, table
    assert not (clean / "store" / "uploads" / "u-alice").exists()
    assert (clean / "store" / "uploads" / "u-bob" / "plan.txt").is_file()
    # Not a byte of Alice's is left in any file of the stores (the audit
    # log's redacted disclosures and Chroma's free pages included); Bob's are.
    files = [p for p in (clean / "store").rglob("*") if p.is_file()]
    for marker in ("Alice Moreau", "alice@example.com", "Lisbon regatta", "peanut allergy",
                   "192.0.2.10"):
        assert not [p for p in files if marker.encode() in p.read_bytes()], marker
    assert any(b"Bob Okafor" in p.read_bytes() for p in files)
    steps = [json.loads(line)
             for line in (clean / "evidence" / "steps.jsonl").read_text().splitlines()]
    assert len(steps) == 9 and all(s["status"] == "ok" for s in steps)
    counts = {s["step"]: s["before_count"] for s in steps}
    # Alice's records as seeded: 1 session, 3 notes, 2 facts, 5 vectors
    # (her notes and facts), 1 training example, 1 upload, 2 summaries, and
    # 2 PII fields on each of her 5 log entries (session, notes, upload).
    assert counts == {"working": 1, "episodic": 3, "semantic": 2, "vectors": 5,
                      "fine_tune": 1, "uploads": 1, "derivatives": 2, "subprocessor": 0,
                      "audit_log": 10}


def test_the_defect_run_is_incomplete_with_the_left_summary(verify, defect):
    status, verdict, codes = verify(*pack(defect))
    assert (status, verdict) == (4, "incomplete")
    assert {"probes.residue", "provenance.live_derivation"} <= codes
    # Nothing else is wrong with the pack: only findings of the left summary.
    assert codes <= {"probes.residue", "provenance.live_derivation"}
    left = rows(defect, "SELECT id, subject FROM summaries WHERE body LIKE ?", "%Alice Moreau%")
    assert left == [("sum-u-alice-weekly", None)]
    probes = json.loads((defect / "evidence" / "verification.json").read_text())["probes"]
    assert probes["derivatives"] == {"residue": 1}


def test_the_probe_is_independent_of_the_cascade():
    tree = ast.parse((HERE / "probe.py").read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "erase" not in imported


def test_a_used_folder_is_refused(clean, run_example):
    run_example(RUN, "--out", clean, status=2)
