"""The Mem0 example end to end: run.py as its README runs it, on Qdrant
local and on Chroma, offline; both packs checked by the `proofpack` CLI
(exit status and `--json` codes), and the store checked byte by byte."""

import json
import pathlib
import sqlite3

import pytest

HERE = pathlib.Path(__file__).resolve().parents[1]
RUN = HERE / "run.py"
ALICE = ["Alice Moreau", "Lisbon regatta", "peanut allergy", "door code 4417", "Inès Moreau"]


@pytest.fixture(scope="module", params=["qdrant", "chroma"])
def run(request, tmp_path_factory, run_example):
    out = tmp_path_factory.mktemp(request.param) / "run"
    stdout = run_example(RUN, "--out", out, "--store", request.param)
    return out, stdout


def files_holding(folder, phrases):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and any(m.encode() in p.read_bytes() for m in phrases))


def test_mem0_alone_is_incomplete_and_proofpack_complete(run, verify):
    out, _ = run
    status, verdict, codes = verify(out / "mem0-delete-only" / "proof.tar.gz", out / "trust.json")
    assert (status, verdict) == (4, "incomplete")
    assert {"probes.residue", "steps.vectors_not_purged"} <= codes
    assert verify(out / "proofpack" / "proof.tar.gz", out / "trust.json") == (
        0, "complete", set())


def test_the_residue_of_mem0_alone_is_shown(run):
    out, stdout = run
    first = stdout.split("== ProofPack's erasure")[0]
    shown = json.loads(first.split("files holding Alice's phrases:")[1].splitlines()[0])
    assert "history.db" in shown
    residue = json.loads(first.split("probe residue:")[1].splitlines()[0])
    assert residue["derivatives"] > 0 and residue["episodic"] > 0


def test_no_byte_of_alice_is_left_and_the_others_are_remembered(run):
    out, stdout = run
    assert files_holding(out / "store", ALICE) == []
    assert files_holding(out / "store", ["Bob Okafor"]) and files_holding(
        out / "store", ["Chloé Durand"])
    assert 'still remembered: {"bob": 2, "chloe": 1}' in stdout
    db = sqlite3.connect(f"file:{out / 'store' / 'history.db'}?mode=ro", uri=True)
    try:
        scopes = {s for (s,) in db.execute("SELECT DISTINCT session_scope FROM messages")}
    finally:
        db.close()
    assert scopes == {"user_id=bob", "user_id=chloe"}


def test_nothing_is_written_outside_the_folder(run, home):
    out, _ = run
    assert not (home / ".mem0").exists()
    assert (out / "mem0-home").is_dir()


def test_a_used_folder_is_refused(run, run_example):
    out, _ = run
    run_example(RUN, "--out", out, status=2)
