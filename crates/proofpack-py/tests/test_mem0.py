"""proofpack.mem0: one user erased from Mem0's real Memory (Qdrant local
and Chroma, each with Mem0's SQLite history), each pack checked by the
`proofpack` CLI, the store's files checked byte by byte."""

import ast
import hashlib
import json
import pathlib
import tarfile
import warnings
from types import SimpleNamespace

import pytest

import proofpack
from conftest import HOME
from mem0_support import ERASED, KEPT, PROVIDERS, Store
from test_producer import cli_verdict

from proofpack.mem0 import DemoKeysWarning, UnsupportedStore, _cascade, erase, probe
from proofpack.mem0._layout import layout_of

MODULE = pathlib.Path(probe.__file__).resolve().parent


@pytest.fixture(params=PROVIDERS)
def store(request, tmp_path):
    seeded = Store(tmp_path / "store", request.param)
    yield seeded
    seeded.close()
    # Mem0's default folder was never written: every path is temporary.
    assert not (HOME / ".mem0").exists()


@pytest.fixture
def qdrant(tmp_path):
    seeded = Store(tmp_path / "store", "qdrant")
    yield seeded
    seeded.close()


def demo_erase(store, out, user=ERASED, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DemoKeysWarning)
        return erase(store.memory, user, out, **options)


def steps(result):
    return {s["step"]: s for s in result.steps}


def records(result):
    """The step records without their times."""
    return [(s["step"], s["status"], s["before_count"], s["after_count"], s.get("output"))
            for s in result.steps]


def member(pack, name):
    with tarfile.open(pack, "r:gz") as archive:
        return archive.extractfile(name).read()


def snapshot(store):
    """What the erasure of Alice must leave as it was."""
    return {"recall": {u: store.recall(u) for u in KEPT},
            "history": store.history("SELECT * FROM history ORDER BY id"),
            "messages": store.history("SELECT * FROM messages ORDER BY id")}


def test_erase_is_complete_and_leaves_no_byte_of_the_user(store, tmp_path, cli):
    live = {u: [m["id"] for m in store.memory.get_all(filters={"user_id": u})["results"]]
            for u in KEPT}
    recalled = {u: store.recall(u) for u in KEPT}
    kept_history = store.history_of(i for u in KEPT for i in live[u])
    assert store.files_holding(store.needles(ERASED))  # Alice is in the store

    result = demo_erase(store, tmp_path / "out")
    assert result.verdict == "complete"
    assert cli_verdict(cli, result.pack, result.trust) == (0, "complete", set())
    # Not a byte of Alice's memories (deleted ones included), messages or
    # memory ids is left in any file of the store.
    assert store.files_holding(store.needles(ERASED)) == {}
    assert all(store.memory.history(i) == [] for i in store.ids[ERASED])
    # Bob's and Chloé's memories come back, and the history of their live
    # memories is untouched.
    assert {u: store.recall(u) for u in KEPT} == recalled
    assert store.history_of(i for u in KEPT for i in live[u]) == kept_history
    assert all(store.files_holding(store.needles(u)) for u in KEPT)
    # Alice's records as seeded: 4 live memories, 12 messages (10 kept of
    # her first conversation's 12, 2 of the other), 1 entity, and 13 history
    # rows: 9 of her memories, 4 of the two forgotten memories (hers and
    # Bob's), whose history no one can own.
    counts = {s: (r["status"], r["before_count"]) for s, r in steps(result).items()}
    assert counts == {"episodic": ("ok", 12), "semantic": ("ok", 1), "vectors": ("ok", 4),
                      "derivatives": ("ok", 13), "subprocessor": ("ok", 0),
                      "audit_log": ("ok", 0)}
    assert steps(result)["vectors"]["output"]["purge"] == (
        "compacted" if store.provider == "qdrant" else "rebuilt")
    assert steps(result)["derivatives"]["output"] == {"orphan_memories": 2, "orphans": "deleted"}
    assert set(result.residue.values()) == {0}


def test_mem0_delete_alone_is_incomplete_with_the_residue(store, tmp_path, cli):
    regatta = store.ids[ERASED][0]
    result = demo_erase(store, tmp_path / "out", mem0_delete_only=True)
    status, verdict, codes = cli_verdict(cli, result.pack, result.trust)
    assert (status, verdict, result.verdict) == (4, "incomplete", "incomplete")
    assert {"probes.residue", "steps.vectors_not_purged", "steps.failed"} <= codes
    # Mem0 says she is gone, and still returns her text.
    assert store.memory.get_all(filters={"user_id": ERASED})["results"] == []
    versions = [h["old_memory"] for h in store.memory.history(regatta)]
    assert any("Lisbon regatta" in (v or "") for v in versions)
    # What Mem0's delete left: the history, the messages, the entity.
    assert result.residue["derivatives"] > 0 and result.residue["episodic"] > 0
    assert result.residue["semantic"] > 0
    assert "history.db" in store.files_holding(store.needles(ERASED))
    if store.provider == "chroma":
        # Chroma's delete leaves the points in its write-ahead queue.
        assert result.probes["vectors"]["by_content"] > 0
        assert "chroma/chroma.sqlite3" in store.files_holding(store.needles(ERASED))
    assert steps(result)["vectors"]["output"]["purge"] == "serving_index_only"
    assert json.loads(member(result.pack, "attachments/mem0-probes.json")) == result.probes


def test_a_second_erasure_changes_nothing_and_gives_the_same_records(store, tmp_path, cli):
    first = demo_erase(store, tmp_path / "first")
    after_first = snapshot(store)
    second = demo_erase(store, tmp_path / "second")
    third = demo_erase(store, tmp_path / "third")
    assert snapshot(store) == after_first
    assert records(second) == records(third)
    assert all(s[1] == "ok" and s[2] == 0 == s[3] for s in records(second))
    assert (first.verdict, second.verdict) == ("complete", "complete")
    assert cli_verdict(cli, second.pack, second.trust) == (0, "complete", set())


def test_keep_orphans_keeps_the_history_of_memories_forgotten_earlier(qdrant, tmp_path):
    forgotten_bob, forgotten_alice = qdrant.ids["bob"][1], qdrant.ids[ERASED][3]
    result = demo_erase(qdrant, tmp_path / "out", keep_orphans=True)
    assert steps(result)["derivatives"]["output"] == {"orphan_memories": 2, "orphans": "kept"}
    assert steps(result)["derivatives"]["before_count"] == 9
    assert len(qdrant.history_of([forgotten_bob, forgotten_alice])) == 4
    # Alice's door code, forgotten before, is no one's in Mem0's history:
    # kept, it stays on disk (the default erases it).
    assert "history.db" in qdrant.files_holding(["door code 4417"])


def test_a_follow_up_pack_supersedes_the_first(qdrant, tmp_path, cli):
    log = tmp_path / "log" / "audit-log.sqlite"
    first = demo_erase(qdrant, tmp_path / "first", mem0_delete_only=True, log=log)
    second = demo_erase(qdrant, tmp_path / "second", supersedes=first.pack, log=log)
    manifest = json.loads(member(second.pack, "manifest.json"))
    assert manifest["supersedes"] == {
        "pack_id": first.report["pack"]["pack_id"],
        "sha256": hashlib.sha256(first.pack.read_bytes()).hexdigest()}
    assert (second.request_id, second.subject_id) == (first.request_id, first.subject_id)
    assert cli_verdict(cli, second.pack, second.trust) == (0, "complete", set())
    # The first pack's tombstones name Alice's memories, gone from the store:
    # their history is counted as hers, not as orphans'.
    assert steps(second)["derivatives"]["before_count"] == 13
    assert steps(second)["derivatives"]["output"]["orphan_memories"] == 2
    tombstones = [json.loads(line) for line in member(second.pack, "provenance.jsonl").splitlines()]
    assert {r["key"] for r in tombstones if r["type"] == "tombstone"} >= set(
        qdrant.ids[ERASED]) - {qdrant.ids[ERASED][3]}
    assert qdrant.files_holding(qdrant.needles(ERASED)) == {}
    with pytest.raises(ValueError):
        demo_erase(qdrant, tmp_path / "other", supersedes=first.pack, log=log, request_id="x")
    with pytest.raises(ValueError):  # another pseudonym key: another subject
        demo_erase(qdrant, tmp_path / "another", supersedes=first.pack)


def keys(folder, log_key=True):
    dpo = proofpack.keygen(folder / "dpo.pem", "dpo-1", "dpo@example.com", ["dpo"])
    log = proofpack.keygen(folder / "log.pem", "audit.example.com/ten_mem0",
                           "operator@example.com", ["audit_log"])
    trust = folder / "trust.json"
    trust.write_text(json.dumps({"format": "proof-pack-trust/v1",
                                 "keys": [dpo, log] if log_key else [dpo]}))
    return {"key": folder / "dpo.pem", "log_key": folder / "log.pem", "trust": trust}


def test_real_keys_sign_and_a_store_without_them_is_refused_first(qdrant, tmp_path, cli):
    (tmp_path / "keys").mkdir()
    (tmp_path / "short").mkdir()
    lacking = keys(tmp_path / "short", log_key=False)
    with pytest.raises(proofpack.RefusedError) as refused:
        erase(qdrant.memory, ERASED, tmp_path / "refused", **lacking)
    assert (refused.value.kind, refused.value.codes) == ("key_missing",
                                                        ["audit.checkpoint_key_unknown"])
    assert qdrant.recall(ERASED)  # nothing was touched
    assert not (tmp_path / "refused" / "evidence").exists()
    with pytest.raises(ValueError):
        erase(qdrant.memory, ERASED, tmp_path / "half", key=lacking["key"])

    given = keys(tmp_path / "keys")
    with warnings.catch_warnings():
        warnings.simplefilter("error", DemoKeysWarning)
        result = erase(qdrant.memory, ERASED, tmp_path / "out", runner="job@example.com",
                       **given)
    assert (result.verdict, result.demo_keys) == ("complete", False)
    assert result.report["pack"]["signer"] == "dpo@example.com"
    assert not (tmp_path / "out" / "trust.json").exists()
    assert cli_verdict(cli, result.pack, given["trust"]) == (0, "complete", set())


def test_demo_keys_are_said_and_never_kept(qdrant, tmp_path, cli):
    with pytest.warns(DemoKeysWarning):
        result = erase(qdrant.memory, ERASED, tmp_path / "out")
    store = json.loads((tmp_path / "out" / "trust.json").read_text())
    assert sorted(r for k in store["keys"] for r in k["roles"]) == ["audit_log", "dpo"]
    assert result.demo_keys and not list((tmp_path / "out").rglob("*.pem"))
    assert cli_verdict(cli, result.pack, result.trust) == (0, "complete", set())


@pytest.mark.parametrize("provider,config", [
    ("pgvector", {"collection_name": "m", "path": "/x"}),
    ("qdrant", {"collection_name": "m", "url": "https://qdrant.example", "api_key": "k",
                "path": None}),
    ("qdrant", {"collection_name": "m", "path": ":memory:"}),
    ("chroma", {"collection_name": "m", "host": "localhost", "port": 8000, "path": None}),
])
def test_a_store_without_its_files_here_is_refused_before_anything(tmp_path, provider, config):
    memory = SimpleNamespace(config=SimpleNamespace(
        vector_store=SimpleNamespace(provider=provider, config=SimpleNamespace(**config)),
        history_db_path=str(tmp_path / "history.db")))
    with pytest.raises(UnsupportedStore):
        layout_of(memory)
    with pytest.raises(UnsupportedStore):
        erase(memory, ERASED, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_the_probes_find_the_user_before_any_erasure(store):
    """The probes can fail: on the store as it is, every tier is residue,
    found by id, owner, content, meaning and in the files' bytes."""
    layout = layout_of(store.memory)
    marks = probe.markers(layout, ERASED)
    assert len(marks.memory_ids) == 4 and len(marks.message_texts) == 12
    found = probe.probe(layout, marks, store.memory)
    assert all(found.residue[tier] > 0 for tier in ("vectors", "semantic", "derivatives",
                                                     "episodic"))
    vectors = found.detail["vectors"]
    assert vectors["by_id"] == vectors["by_owner"] == 4 and vectors["by_similarity"] >= 4
    assert found.detail["derivatives"]["files"] == ["history.db"]
    # Another user's data is not hers.
    assert probe.probe(layout, probe.markers(layout, "nobody"), store.memory).residue == {
        "vectors": 0, "semantic": 0, "derivatives": 0, "episodic": 0}


def test_the_probes_are_independent_of_the_cascade(qdrant, tmp_path):
    tree = ast.parse((MODULE / "probe.py").read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not [m for m in imported if "cascade" in m or "proofpack" in m or "mem0" in m]
    for module, name in ((probe, "probe.py"), (_cascade, "_cascade.py")):
        digest = hashlib.sha256((MODULE / name).read_bytes()).hexdigest()[:12]
        assert module.CODE_REF.endswith("@" + digest)
    result = demo_erase(qdrant, tmp_path / "out")
    verification = json.loads(member(result.pack, "verification.json"))
    assert verification["code_ref"] == probe.CODE_REF
    assert {s["code_ref"] for s in result.steps} == {_cascade.CODE_REF}


def test_session_scopes_are_read_as_mem0_escapes_them(qdrant, tmp_path):
    """A user id with the scope's own delimiters: only that user's messages go."""
    assistant = qdrant.memory
    assistant.llm.facts = ["Likes the escaped scope test very much"]
    assistant.add("I am the user with delimiters in my id", user_id="team&lead=1")
    assistant.llm.facts = ["Likes plain scopes, and nothing else"]
    assistant.add("I am the plain team user of this store", user_id="team")
    result = demo_erase(qdrant, tmp_path / "out", user="team&lead=1")
    assert steps(result)["episodic"]["before_count"] == 1
    scopes = {s for (s,) in qdrant.history("SELECT DISTINCT session_scope FROM messages")}
    assert "user_id=team%26lead%3D1" not in scopes and "user_id=team" in scopes


def test_an_interrupted_chroma_rebuild_is_put_back_first(tmp_path):
    """What a rebuild staged before it was interrupted (memories lost from
    the collection) goes back before anything is read: Bob's stays, Alice's
    is erased with the rest of hers."""
    store = Store(tmp_path / "store", "chroma")
    try:
        collection = store.memory.vector_store.collection
        lost = [store.ids["bob"][0], store.ids[ERASED][0]]
        staged = collection.get(ids=lost, include=["embeddings", "metadatas"])
        staging = store.memory.vector_store.client.create_collection("memories__proofpack_rebuild")
        staging.add(ids=staged["ids"], embeddings=staged["embeddings"],
                    metadatas=staged["metadatas"])
        collection.delete(ids=lost)
        assert "Trains for the Nairobi marathon in October" not in store.recall("bob")
        result = demo_erase(store, tmp_path / "out")
        assert result.verdict == "complete" and steps(result)["vectors"]["before_count"] == 4
        assert "Trains for the Nairobi marathon in October" in store.recall("bob")
        assert store.recall(ERASED) == []
        assert store.files_holding(store.needles(ERASED)) == {}
        names = {c.name for c in store.memory.vector_store.client.list_collections()}
        assert "memories__proofpack_rebuild" not in names
    finally:
        store.close()
