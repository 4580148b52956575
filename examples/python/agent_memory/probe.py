"""The independent verification job (§8): after the erasure, look for the
subject in every store, by what only the subject's data says (marker
phrases) as well as by the subject's tag, with code of its own.

It shares nothing with the cascade (``erase.py``, which it never imports):
its own read-only SQLite connection and SQL (LIKE over every text column),
Chroma's ``get`` by document content and by tag and ``query`` by meaning
over every collection, a walk of the uploads folder, and the audit log's
unredacted personal fields counted from the witness the pack carries, as a
verifier counts them.
"""

import base64
import hashlib
import json
import pathlib
import sqlite3
from typing import Any, Dict, Sequence, Set

from memory import HashEmbedding, chroma_client

#: The code that ran the probes (§8 `code_ref`): this file, by its digest.
CODE_REF = "agent-memory/probe.py@" + hashlib.sha256(
    pathlib.Path(__file__).read_bytes()).hexdigest()[:12]

#: Where each data class lives in SQLite, and the columns to search.
SQL_TIERS = {
    "working": ("sessions", ["state"]),
    "episodic": ("notes", ["body"]),
    "semantic": ("facts", ["entity", "attribute", "value"]),
    "fine_tune": ("training_examples", ["prompt", "completion"]),
    "derivatives": ("summaries", ["body"]),
}


def _sql_residue(db: sqlite3.Connection, table: str, columns: Sequence[str],
                 subject: str, markers: Sequence[str]) -> int:
    """Rows tagged with the subject or holding one of the markers."""
    like = " OR ".join(f"{c} LIKE ?" for c in columns for _ in markers)
    params = [subject] + [f"%{m}%" for _ in columns for m in markers]
    return db.execute(f"SELECT count(*) FROM {table} WHERE subject = ? OR {like}",
                      params).fetchone()[0]


def _vector_residue(store: pathlib.Path, subject: str, markers: Sequence[str]) -> int:
    """Vectors, in any collection, tagged with the subject, whose document
    holds a marker, or recalled for a marker with a document that holds one;
    and any file of the vector store whose bytes still hold a marker (a
    deleted document in a free page, an index left behind)."""
    client = chroma_client(store)
    found: Set[str] = set()
    for path in (store / "chroma").rglob("*"):
        if path.is_file() and any(m.encode() in path.read_bytes() for m in markers):
            found.add(str(path))
    for listed in client.list_collections():
        col = client.get_collection(listed.name, embedding_function=HashEmbedding())
        found.update(f"{listed.name}/{i}" for i in col.get(where={"subject": subject})["ids"])
        for marker in markers:
            hits = col.get(where_document={"$contains": marker})["ids"]
            found.update(f"{listed.name}/{i}" for i in hits)
            if col.count() == 0:
                continue
            near = col.query(query_texts=[marker], n_results=min(3, col.count()))
            for i, doc in zip(near["ids"][0], near["documents"][0]):
                if any(m.lower() in (doc or "").lower() for m in markers):
                    found.add(f"{listed.name}/{i}")
    return len(found)


def _upload_residue(store: pathlib.Path, subject: str, markers: Sequence[str]) -> int:
    """Uploaded files in the subject's folder, or whose name or content holds
    a marker."""
    count = 0
    for path in (store / "uploads").rglob("*"):
        if not path.is_file():
            continue
        text = path.name + "\n" + path.read_bytes().decode("utf-8", "replace")
        if subject in path.parts or any(m.lower() in text.lower() for m in markers):
            count += 1
    return count


def _b64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def unredacted_pii(witness: bytes) -> int:
    """The personal fields still disclosed in the witness
    (`audit-log-redaction.json`): each disclosure ``[salt, field, value]``
    whose field is a PII field, and each leaf member named like one."""
    doc = json.loads(witness)
    pii = set(doc["pii_fields"])
    count = 0
    for entry in doc["entries"]:
        leaf = json.loads(base64.b64decode(entry["leaf"]))
        count += sum(1 for name in leaf if name in pii)
        count += sum(1 for d in entry["disclosures"] if json.loads(_b64url(d))[1] in pii)
    return count


def probe(store: pathlib.Path, subject: str, markers: Sequence[str],
          witness: bytes) -> Dict[str, Any]:
    """Every probe of §8 for the classes the service holds: residue by data
    class, the subprocessors' (it has none) and the audit log's count."""
    db = sqlite3.connect(f"file:{store / 'memory.sqlite'}?mode=ro", uri=True)
    try:
        residue = {cls: _sql_residue(db, table, cols, subject, markers)
                   for cls, (table, cols) in SQL_TIERS.items()}
    finally:
        db.close()
    residue["vectors"] = _vector_residue(store, subject, markers)
    residue["uploads"] = _upload_residue(store, subject, markers)
    return {"residue": residue, "subprocessor_residue": 0,
            "unredacted_pii_count": unredacted_pii(witness)}

