"""The erasure of one user from a ``mem0.Memory``: the cascade of §7 over
Mem0's tiers, each step counted before and after in the store itself and
recorded with ``proofpack.StepRecord`` on the audit log.

It drives Mem0 through its public API (``Memory.delete_all``, its vector
stores' ``get``, ``delete`` and ``reset``), reads and copies points with
the vector-store client Mem0 holds, and reads and writes Mem0's SQLite
history with its own connection; it never patches Mem0. In order:

1. the user's memory ids, their history rows and linked entities, read
   before anything is deleted (they stay in memory only);
2. ``vectors``: Mem0's own ``delete_all(user_id=...)``, then the vector
   store's files made to forget: Qdrant local's collection file is
   compacted (``VACUUM``: a deleted point's pickle stays in its free pages
   otherwise), Chroma's collection rebuilt from what it keeps (Chroma's
   delete leaves the point in its write-ahead queue and its vector in the
   HNSW index files), the index folders no collection uses removed and
   ``chroma.sqlite3`` compacted;
3. ``semantic``: the user's entities in ``<collection>_entities``, where
   Mem0 filled one (``delete_all`` cleans it only when this process has
   used it), deleted and their collection compacted or rebuilt;
4. ``derivatives``: the history rows of the user's memories (``ADD``,
   ``UPDATE`` and ``DELETE`` rows keep every version of the text), and,
   unless ``keep_orphans``, the history of memories Mem0 recorded as
   deleted that are gone from the vector store (the text of a memory no
   one can own any more: the history has no user column); then ``VACUUM``;
5. ``episodic``: the messages of the user's session scopes (Mem0 keeps the
   raw conversation it extracted memories from, and never deletes it);
   then ``VACUUM``;
6. ``subprocessor`` (none: the store is on this machine) and
   ``audit_log`` (the log names the subject by pseudonym only).

With ``delete_only``, Mem0's ``delete_all`` is the whole cascade: each
step records what Mem0 left, a step that left records a failure, and the
vector step's purge ``serving_index_only``.

The probes (``probe.py``) are separate code that checks the result; this
module never imports them, nor they this one.
"""

import hashlib
import pathlib
import shutil
import sqlite3
import uuid
from typing import Any, Callable, Dict, List, Sequence, Set, Tuple

import proofpack

#: The code that ran the cascade (§7 `code_ref`): this file, by its digest.
CODE_REF = "proofpack.mem0/_cascade.py@" + hashlib.sha256(
    pathlib.Path(__file__).read_bytes()).hexdigest()[:12]

#: The provenance scopes (§11): Mem0's memories, their history, their entities.
MEMORIES, HISTORY, ENTITIES = "mem0:memories", "mem0:history", "mem0:entities"

#: The purge of a deletion from the serving index alone, which §7 says is
#: not erasure (proofpack-producer's `PURGE_SERVING_INDEX_ONLY`).
SERVING_INDEX_ONLY = "serving_index_only"

#: Records copied per call when a Chroma collection is rebuilt, and what
#: a copy holds of each.
_BATCH = 500
_RECORD = ["embeddings", "metadatas", "documents"]

Counted = Tuple[int, int, Dict[str, Any]]  # before, after, the record's tier evidence
Point = Tuple[str, Dict[str, Any]]  # id, payload


def _vacuum(path: pathlib.Path) -> None:
    """Rewrites a SQLite file without its free pages (what deleted rows left)."""
    db = sqlite3.connect(path, timeout=30)
    try:
        db.execute("VACUUM")
    finally:
        db.close()


class Cascade:
    """One erasure of ``user_id`` from ``memory``, whose files are ``layout``."""

    def __init__(self, memory: Any, layout: Any, user_id: str, *, delete_only: bool,
                 keep_orphans: bool, clock: Callable[[], str],
                 earlier: Dict[str, str]) -> None:
        """``earlier``: the user's memories an earlier pack of the request
        tombstoned (id -> when), gone from the store but still the user's."""
        self.memory, self.layout, self.user_id = memory, layout, user_id
        self.delete_only, self.keep_orphans, self.clock = delete_only, keep_orphans, clock
        self.steps: List[Any] = []
        self.tombstoned_at = ""
        self.known: List[str] = []
        if layout.provider == "chroma":
            self._restore_chroma()
        self.memory_ids = self._user_points()
        self.earlier = {m: at for m, at in earlier.items() if m not in self.memory_ids}
        self.known = sorted(set(self.memory_ids) | set(self.earlier))
        self.history_rows = self._history(
            "SELECT id, memory_id FROM history WHERE memory_id IN ({})", self.known)
        self.entities = self._entity_points()

    # -- reading the stores -------------------------------------------------

    def _has(self, collection: str) -> bool:
        client = self.memory.vector_store.client
        if self.layout.provider == "qdrant":
            return bool(client.collection_exists(collection))
        return collection in {c.name for c in client.list_collections()}

    def _points(self, collection: str) -> List[Point]:
        """Every point of a collection, read with the client Mem0 holds (not
        through Mem0's entity store: asking Mem0 for it would create its
        collection, and change what ``delete_all`` does)."""
        if not self._has(collection):
            return []
        client = self.memory.vector_store.client
        if self.layout.provider == "qdrant":
            total = client.count(collection, exact=True).count
            points, _ = client.scroll(collection, limit=max(total, 1), with_payload=True,
                                      with_vectors=False)
            return [(str(p.id), p.payload or {}) for p in points]
        got = client.get_collection(collection).get(include=["metadatas"])
        return [(str(i), m or {}) for i, m in zip(got["ids"], got["metadatas"])]

    def _user_points(self) -> List[str]:
        """The ids of the user's memories (Mem0's ``user_id`` in the payload)."""
        return sorted(i for i, p in self._points(self.layout.collection)
                      if p.get("user_id") == self.user_id)

    def _linked(self, payload: Dict[str, Any]) -> List[str]:
        linked = payload.get("linked_memory_ids") or []
        return sorted(set(map(str, linked)) & set(self.known))

    def _entity_points(self) -> Dict[str, List[str]]:
        """The entities owned by the user or linked to the user's memories,
        each with the user's memories it links."""
        return {i: self._linked(p) for i, p in self._points(self.layout.entity_collection)
                if p.get("user_id") == self.user_id or self._linked(p)}

    def _history(self, sql: str, ids: Sequence[str]) -> List[Tuple[Any, ...]]:
        """Rows of ``sql`` (whose ``IN ({})`` takes ``ids``) in the history."""
        if not self.layout.history.is_file():
            return []
        db = sqlite3.connect(self.layout.history, timeout=30)
        try:
            return sorted(row for part in _chunks(ids) for row in db.execute(
                sql.format(",".join("?" * len(part))), part))
        finally:
            db.close()

    def _memories_left(self) -> int:
        store = self.memory.vector_store
        left = set(self._user_points())
        left |= {i for i in self.known if store.get(vector_id=i) is not None}
        return len(left)

    # -- making the files forget --------------------------------------------

    def _compact(self, store: Any) -> str:
        """The files of one collection made to forget its deleted points: the
        §7 purge."""
        if self.layout.provider == "qdrant":
            _vacuum(self.layout.qdrant_storage(store.collection_name))
            return "compacted"
        self._rebuild_chroma(store)
        self._sweep_chroma()
        return "rebuilt"

    def _staging(self, collection: str) -> str:
        return f"{collection}__proofpack_rebuild"

    def _restore_chroma(self) -> None:
        """What an interrupted rebuild had staged and not put back (other
        users' points: the rebuild stages what a collection keeps) goes back
        into its collection, before anything is read."""
        client = self.memory.vector_store.client
        for name in (self.layout.collection, self.layout.entity_collection):
            if not self._has(self._staging(name)):
                continue
            staged = client.get_collection(self._staging(name)).get(include=_RECORD)
            target = client.get_or_create_collection(name, embedding_function=None)
            present = set(target.get(ids=list(staged["ids"]), include=[])["ids"])
            missing = [n for n, i in enumerate(staged["ids"]) if i not in present]
            self._copy({k: [staged[k][n] for n in missing] for k in ["ids"] + _RECORD}, target)
            client.delete_collection(self._staging(name))

    def _rebuild_chroma(self, store: Any) -> None:
        """A Chroma collection rebuilt from what it keeps, through Mem0's own
        ``reset``: what it keeps is first copied to a staging collection, so
        that an interrupted rebuild loses nothing (the next erasure puts it
        back, :meth:`_restore_chroma`)."""
        client = store.client
        kept = store.collection.get(include=_RECORD)
        staging = client.create_collection(self._staging(store.collection_name),
                                           embedding_function=None)
        self._copy(kept, staging)
        store.reset()
        self._copy(kept, store.collection)
        client.delete_collection(staging.name)

    @staticmethod
    def _copy(records: Dict[str, Any], collection: Any) -> None:
        ids = list(records["ids"])
        for start in range(0, len(ids), _BATCH):
            end = start + _BATCH
            documents = list(records["documents"][start:end])
            collection.add(
                ids=ids[start:end],
                embeddings=[list(v) for v in records["embeddings"][start:end]],
                metadatas=[m or None for m in records["metadatas"][start:end]],
                documents=documents if any(d is not None for d in documents) else None)

    def _sweep_chroma(self) -> None:
        """Removes the index folders of Chroma's collections that are gone
        (deleting a collection leaves its HNSW files on disk), then compacts
        ``chroma.sqlite3``."""
        db = sqlite3.connect(f"file:{self.layout.chroma_db()}?mode=ro", uri=True, timeout=30)
        try:
            segments = {s for (s,) in db.execute("SELECT id FROM segments")}
        finally:
            db.close()
        for folder in self.layout.vector_dir.iterdir():
            try:
                segment = str(uuid.UUID(folder.name))
            except ValueError:
                continue
            if folder.is_dir() and segment not in segments:
                shutil.rmtree(folder)
        _vacuum(self.layout.chroma_db())

    # -- the steps ------------------------------------------------------------

    def vectors(self) -> Counted:
        before = len(self.memory_ids)
        self.memory.delete_all(user_id=self.user_id)
        self.tombstoned_at = self.clock()
        if self.delete_only:
            purge = SERVING_INDEX_ONLY
        else:
            purge = self._compact(self.memory.vector_store)
        return before, self._memories_left(), {
            "purge": purge, "output": {"vector_store": self.layout.provider,
                                       "mem0_delete_all": True}}

    def semantic(self) -> Counted:
        """The user's entities, where Mem0 filled an entity collection."""
        if not self._has(self.layout.entity_collection):
            return 0, 0, {"output": {"entity_store": False}}
        entities = self._entity_points()
        if not self.delete_only:
            store = self.memory.entity_store
            for entity in entities:
                store.delete(vector_id=entity)
            self._compact(store)
        return len(entities), len(self._entity_points()), {"output": {"entity_store": True}}

    def _orphans(self, db: sqlite3.Connection) -> List[str]:
        """Memories Mem0 recorded as deleted that are gone from the vector
        store (not the user's known ones: those are counted as the user's)."""
        deleted = [m for (m,) in db.execute(
            "SELECT DISTINCT memory_id FROM history WHERE is_deleted = 1 ORDER BY 1")]
        store, mine = self.memory.vector_store, set(self.known)
        return [m for m in deleted if m not in mine and store.get(vector_id=m) is None]

    def _erase_rows(self, table: str, column: str,
                    values: Callable[[sqlite3.Connection], Sequence[str]]) -> Tuple[int, int]:
        """The rows of a history table whose ``column`` is one of ``values``
        (read on the connection), counted, deleted (not with
        ``delete_only``), counted again; then the file compacted."""
        db = sqlite3.connect(self.layout.history, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA secure_delete = ON")
            parts = _chunks(values(db))

            def count() -> int:
                return sum(db.execute(
                    f"SELECT count(*) FROM {table} WHERE {column} IN "
                    f"({','.join('?' * len(part))})", part).fetchone()[0] for part in parts)

            before = count()
            if not self.delete_only:
                db.execute("BEGIN")
                for part in parts:
                    db.execute(f"DELETE FROM {table} WHERE {column} IN "
                               f"({','.join('?' * len(part))})", part)
                db.execute("COMMIT")
            after = count()
        finally:
            db.close()
        if not self.delete_only:
            _vacuum(self.layout.history)
        return before, after

    def derivatives(self) -> Counted:
        """The history of the user's memories, and the orphans'."""
        orphans: List[str] = []

        def targets(db: sqlite3.Connection) -> List[str]:
            orphans.extend(self._orphans(db))
            return list(self.known) + ([] if self.keep_orphans else orphans)

        before, after = self._erase_rows("history", "memory_id", targets)
        kept = self.keep_orphans or self.delete_only
        return before, after, {"output": {"orphan_memories": len(orphans),
                                          "orphans": "kept" if kept else "deleted"}}

    def _scopes(self, db: sqlite3.Connection) -> List[str]:
        """The session scopes of the user's messages (Mem0 writes
        ``agent_id=..&run_id=..&user_id=..``, values percent-escaped)."""
        escaped = self.user_id.replace("%", "%25").replace("&", "%26").replace("=", "%3D")
        return [s for (s,) in db.execute("SELECT DISTINCT session_scope FROM messages")
                if s is not None and f"user_id={escaped}" in s.split("&")]

    def episodic(self) -> Counted:
        """The raw conversation of the user's session scopes."""
        scopes: List[str] = []

        def user_scopes(db: sqlite3.Connection) -> List[str]:
            scopes.extend(self._scopes(db))
            return scopes

        before, after = self._erase_rows("messages", "session_scope", user_scopes)
        # One SQLite file, no replica: nothing lags behind the delete.
        return before, after, {"replication_lag_drained": True,
                               "output": {"session_scopes": len(scopes)}}

    def subprocessor(self) -> Counted:
        # The store's files are on this machine: no third party holds them.
        return 0, 0, {}

    def audit_log(self) -> Counted:
        # ProofPack's log names the subject by pseudonym only: nothing to redact.
        return 0, 0, {}

    # -- running and recording ------------------------------------------------

    def _step(self, request: Any, log: Any, step: str, run: Callable[[], Counted]) -> None:
        """Runs one step and records it: a step that leaves records behind is
        a failure with an exception, never an ``ok``."""
        started = self.clock()
        before, after, evidence = run()
        record = proofpack.StepRecord.counted(step, started, self.clock(), before, after,
                                              CODE_REF, f"EXC-{request.request_id}-{step}",
                                              **evidence)
        log.log_step_record(request.request_id, record)
        self.steps.append(record)

    def run(self, request: Any, log: Any) -> List[Any]:
        """The cascade, in the order above; the records, in §7's order."""
        order = ["vectors", "semantic", "derivatives", "episodic", "subprocessor", "audit_log"]
        required = request.required_steps()
        for step in [s for s in order if s in required]:
            self._step(request, log, step, getattr(self, step))
        return sorted(self.steps, key=lambda r: required.index(r.step))

    def provenance(self, graph_version: str) -> bytes:
        """``provenance.jsonl``: each of the user's memories a tombstone, each
        history row and entity derived from it an artifact, ``tombstoned`` if
        it is gone from the store and ``live`` if it is not."""
        history_left = {r for (r,) in self._history(
            "SELECT id FROM history WHERE id IN ({})", [r for r, _ in self.history_rows])}
        entities_left = set(self._entity_points())
        derived: Dict[str, Set[str]] = {}
        for _, memory_id in self.history_rows:
            derived.setdefault(memory_id, set()).add(HISTORY)
        for linked in self.entities.values():
            for memory_id in linked:
                derived.setdefault(memory_id, set()).add(ENTITIES)
        records: List[Dict[str, Any]] = [
            {"type": "header", "graph_version": graph_version, "reverse_index": "available"},
        ] + [{"type": "scope", "scope": s} for s in (MEMORIES, HISTORY, ENTITIES)]
        tombstoned = dict(self.earlier, **{m: self.tombstoned_at for m in self.memory_ids})
        records += [{"type": "tombstone", "scope": MEMORIES, "key": m, "at": at,
                     "reference_scopes": sorted(derived.get(m, ()))}
                    for m, at in sorted(tombstoned.items())]
        records += [{"type": "artifact", "scope": HISTORY, "key": row,
                     "derived_from": [{"scope": MEMORIES, "key": memory_id}],
                     "state": "live" if row in history_left else "tombstoned"}
                    for row, memory_id in self.history_rows]
        records += [{"type": "artifact", "scope": ENTITIES, "key": entity,
                     "derived_from": [{"scope": MEMORIES, "key": m} for m in linked],
                     "state": "live" if entity in entities_left else "tombstoned"}
                    for entity, linked in sorted(self.entities.items()) if linked]
        return proofpack.provenance_jsonl(records)


def _chunks(ids: Sequence[str], size: int = 500) -> List[List[str]]:
    return [list(ids[i:i + size]) for i in range(0, len(ids), size)]
