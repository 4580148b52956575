"""The independent verification (§8) of an erasure from a Mem0 store: code
of its own, which never imports the cascade (``_cascade.py``) and reads
Mem0's files itself, read-only, never through Mem0 (but for the similarity
search, which asks the Memory's own embedder and vector store).

* Qdrant local: each collection's ``storage.sqlite``, its points decoded
  by an unpickler that builds nothing but plain data (Qdrant local locks
  its folder against a second client in the same process, and a point's
  pickle names only qdrant-client's model classes).
* Chroma: ``chroma.sqlite3``: the metadata of each collection's points,
  and its write-ahead queue (``embeddings_queue``).
* The history: Mem0's ``history`` and ``messages`` tables.
* The bytes of every file under the vector store's folder and of the
  history's files, for what a table no longer shows (free pages, a
  queue, an index left behind).

What it looks for is taken before the cascade (:func:`markers`) and kept
in memory only: the user's memory ids, the texts of the user's memories
(their earlier versions included) and of the messages of the user's
session scopes. A text another user's data also holds, or too short to
be told apart in a file's bytes, is not looked for (its count is kept).
After the cascade (:func:`probe`) it counts, by data class, what is still
found by id, by owner, by content and by meaning (a similarity search with
the Memory's own embedder, where it answers). Counts leave this module,
never the texts.
"""

import hashlib
import io
import pathlib
import pickle
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Set, Tuple

#: The code that ran the probes (§8 `code_ref`): this file, by its digest.
CODE_REF = "proofpack.mem0/probe.py@" + hashlib.sha256(
    pathlib.Path(__file__).read_bytes()).hexdigest()[:12]

#: A text shorter than this (in UTF-8 bytes) is not searched for in files:
#: a few bytes match anywhere.
MIN_TEXT_BYTES = 12

#: How much of a file is read at once when its bytes are searched.
_CHUNK = 1 << 20

Point = Tuple[str, Dict[str, Any]]  # (id, payload)


@dataclass(frozen=True)
class Markers:
    """What the probes look for, in memory only."""

    user_id: str
    #: The ids of the user's memories in the vector store.
    memory_ids: frozenset
    #: The texts of the user's memories, earlier versions included.
    memory_texts: Tuple[str, ...]
    #: The contents of the messages of the user's session scopes.
    message_texts: Tuple[str, ...]
    #: The user's texts not looked for: shared with another user's data,
    #: or shorter than MIN_TEXT_BYTES.
    skipped_texts: int


@dataclass
class Found:
    """What the probes found, by data class: counts only."""

    #: The §8 residue of each data class the erasure requests.
    residue: Dict[str, int] = field(default_factory=dict)
    #: How each residue was found: ``by_id``, ``by_owner``, ``by_content``,
    #: ``by_similarity`` (None: the embedder did not answer) and
    #: ``files`` (the files, relative to their folder, whose bytes hold the
    #: user's ids or texts).
    detail: Dict[str, Dict[str, Any]] = field(default_factory=dict)


class _Plain:
    """What a pickled model of qdrant-client becomes here: its state, as data."""

    def __setstate__(self, state: Any) -> None:
        self.state = state


class _PointUnpickler(pickle.Unpickler):
    """Builds qdrant-client's models as :class:`_Plain` and refuses every
    other class: a point's bytes never run code here."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("qdrant_client."):
            return _Plain
        raise pickle.UnpicklingError(f"{module}.{name} is not a point's class")


def _point(blob: bytes) -> Point:
    obj = _PointUnpickler(io.BytesIO(blob)).load()
    state = getattr(obj, "state", None)
    fields = state.get("__dict__", state) if isinstance(state, dict) else None
    if not isinstance(fields, dict):
        raise pickle.UnpicklingError("not a point")
    payload = fields.get("payload")
    return str(fields.get("id")), payload if isinstance(payload, dict) else {}


def _read_only(path: pathlib.Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def _rows(path: pathlib.Path, sql: str, params: Sequence[Any] = ()) -> List[Tuple[Any, ...]]:
    """The rows of one query on a SQLite file opened read-only (none when
    the file is absent: a collection never made; a table that is not there
    is an error, never an empty answer)."""
    if not path.is_file():
        return []
    db = _read_only(path)
    try:
        return db.execute(sql, params).fetchall()
    finally:
        db.close()


def _qdrant_points(layout: Any, collection: str) -> List[Point]:
    return [_point(blob) for (blob,) in _rows(layout.qdrant_storage(collection),
                                              "SELECT point FROM points")]


def _chroma_points(layout: Any, collection: str) -> List[Point]:
    """The points of one Chroma collection, from its metadata segment."""
    sql = """SELECT e.embedding_id, m.key, m.string_value, m.int_value, m.float_value,
                    m.bool_value, 0
             FROM collections c JOIN segments s ON s.collection = c.id AND s.scope = 'METADATA'
             JOIN embeddings e ON e.segment_id = s.id
             LEFT JOIN embedding_metadata m ON m.id = e.id WHERE c.name = ?
             UNION ALL
             SELECT e.embedding_id, a.key, a.string_value, a.int_value, a.float_value,
                    a.bool_value, 1
             FROM collections c JOIN segments s ON s.collection = c.id AND s.scope = 'METADATA'
             JOIN embeddings e ON e.segment_id = s.id
             JOIN embedding_metadata_array a ON a.id = e.id WHERE c.name = ?"""
    points: Dict[str, Dict[str, Any]] = {}
    for pid, key, *values, is_array in _rows(layout.chroma_db(), sql, (collection, collection)):
        payload = points.setdefault(pid, {})
        if key is None:
            continue
        value = next((v for v in values if v is not None), None)
        if is_array:
            payload.setdefault(key, []).append(value)
        else:
            payload[key] = value
    return list(points.items())


def _points(layout: Any, collection: str) -> List[Point]:
    if layout.provider == "qdrant":
        return _qdrant_points(layout, collection)
    return _chroma_points(layout, collection)


def _chroma_queue(layout: Any, collection: str) -> List[Tuple[str, str]]:
    """Chroma's write-ahead queue for one collection: (point id, metadata JSON)."""
    sql = """SELECT q.id, coalesce(q.metadata, '') FROM embeddings_queue q
             JOIN collections c ON q.topic LIKE '%/' || c.id WHERE c.name = ?"""
    return [(str(i), str(m)) for i, m in _rows(layout.chroma_db(), sql, (collection,))]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def _holds(texts: Iterable[str], value: Any) -> bool:
    strings = list(_strings(value))
    return any(t in s for t in texts for s in strings)


def _user_scopes(layout: Any, user_id: str) -> List[str]:
    """The session scopes of Mem0's messages that name the user: Mem0 writes
    ``agent_id=..&run_id=..&user_id=..``, each value with ``%``, ``&`` and
    ``=`` percent-escaped."""
    escaped = user_id.replace("%", "%25").replace("&", "%26").replace("=", "%3D")
    part = f"user_id={escaped}"
    scopes = _rows(layout.history, "SELECT DISTINCT session_scope FROM messages")
    return [s for (s,) in scopes if s is not None and part in s.split("&")]


def _searchable(texts: Iterable[str], others: Sequence[str]) -> Tuple[List[str], int]:
    """The texts to look for, and how many are not: too short, or held by
    another user's data too (a substring of it)."""
    kept, skipped = [], 0
    for text in dict.fromkeys(t for t in texts if t):
        if len(text.encode()) < MIN_TEXT_BYTES or any(text in o for o in others):
            skipped += 1
        else:
            kept.append(text)
    return kept, skipped


def markers(layout: Any, user_id: str, earlier_ids: Iterable[str] = ()) -> Markers:
    """What to look for after the cascade, read from the store before it.
    ``earlier_ids``: the user's memories an earlier pack of the request
    tombstoned (their history still holds their texts)."""
    points = _points(layout, layout.collection)
    mine = [(pid, p) for pid, p in points if p.get("user_id") == user_id]
    ids = frozenset(pid for pid, _ in mine) | frozenset(earlier_ids)
    texts = [p.get("data") for _, p in mine if isinstance(p.get("data"), str)]
    for memory_id, old, new in _rows(layout.history,
                                     "SELECT memory_id, old_memory, new_memory FROM history"):
        if memory_id in ids:
            texts += [t for t in (old, new) if isinstance(t, str)]
    scopes = set(_user_scopes(layout, user_id))
    messages, others = [], []
    for scope, content in _rows(layout.history, "SELECT session_scope, content FROM messages"):
        if isinstance(content, str):
            (messages if scope in scopes else others).append(content)
    others += [s for pid, p in points if pid not in ids for s in _strings(p.get("data"))]
    memory_texts, skipped_memories = _searchable(texts, others)
    message_texts, skipped_messages = _searchable(messages, others)
    return Markers(user_id=user_id, memory_ids=ids, memory_texts=tuple(memory_texts),
                   message_texts=tuple(message_texts),
                   skipped_texts=skipped_memories + skipped_messages)


def _files_holding(folder_files: Iterable[Tuple[pathlib.Path, pathlib.Path]],
                   needles: Sequence[str]) -> List[str]:
    """The files (relative to their folder) whose bytes hold a needle."""
    encoded = sorted({n.encode() for n in needles if n}, key=len, reverse=True)
    if not encoded:
        return []
    pattern = re.compile(b"|".join(re.escape(n) for n in encoded))
    overlap = max(len(n) for n in encoded) - 1
    found = []
    for root, path in folder_files:
        with open(path, "rb") as f:
            tail = b""
            while True:
                chunk = f.read(_CHUNK)
                if not chunk:
                    break
                if pattern.search(tail + chunk):
                    found.append(str(path.relative_to(root)))
                    break
                tail = chunk[-overlap:] if overlap else b""
    return sorted(found)


def _vector_files(layout: Any, entities: bool) -> List[Tuple[pathlib.Path, pathlib.Path]]:
    """The vector store's files: those of the entity collection (Qdrant
    local's own folder), or all the others."""
    root = layout.vector_dir
    if not root.is_dir():
        return []
    folder = layout.qdrant_storage(layout.entity_collection).parent
    return [(root, p) for p in sorted(root.rglob("*"))
            if p.is_file() and (folder in p.parents) == entities]


def _history_files(layout: Any) -> List[Tuple[pathlib.Path, pathlib.Path]]:
    return [(layout.history.parent, p) for p in layout.history_files()]


def _similar(memory: Any, marks: Markers, is_users: Any) -> Optional[Set[str]]:
    """The points the Memory's own embedder and vector store recall for the
    user's memory texts that are the user's (by id, owner or content);
    None when the embedder or the store does not answer."""
    if memory is None:
        return None
    texts = list(marks.memory_texts)
    if not texts:
        return set()
    try:
        vectors = memory.embedding_model.embed_batch(texts, "search")
        hits = set()
        for text, vector in zip(texts, vectors):
            for hit in memory.vector_store.search(query=text, vectors=vector, top_k=5,
                                                  filters=None) or []:
                if is_users(str(hit.id), getattr(hit, "payload", None) or {}):
                    hits.add(str(hit.id))
        return hits
    except Exception:  # noqa: BLE001 -- any failure of the embedder means no answer
        return None


def _vectors(layout: Any, marks: Markers, memory: Any) -> Dict[str, Any]:
    """The user's points still in the memories' collection (and, for
    Chroma, in its write-ahead queue), and the vector store's files that
    hold the user's ids or texts."""
    def mine(pid: str, payload: Dict[str, Any]) -> bool:
        return (pid in marks.memory_ids or payload.get("user_id") == marks.user_id
                or _holds(marks.memory_texts, payload))

    points = _points(layout, layout.collection)
    by_id = {pid for pid, _ in points if pid in marks.memory_ids}
    by_owner = {pid for pid, p in points if p.get("user_id") == marks.user_id}
    by_content = {pid for pid, p in points if _holds(marks.memory_texts, p)}
    if layout.provider == "chroma":
        for pid, metadata in _chroma_queue(layout, layout.collection):
            if pid in marks.memory_ids or any(t in metadata for t in marks.memory_texts):
                by_content.add("queue:" + pid)
    similar = _similar(memory, marks, mine)
    needles = list(marks.memory_ids) + list(marks.memory_texts)
    files = _files_holding(_vector_files(layout, entities=False), needles)
    found = by_id | by_owner | by_content | (similar or set())
    return {"residue": len(found) + len(files), "by_id": len(by_id),
            "by_owner": len(by_owner), "by_content": len(by_content),
            "by_similarity": None if similar is None else len(similar), "files": files}


def _semantic(layout: Any, marks: Markers) -> Dict[str, Any]:
    """The entities still owned by the user or linked to the user's
    memories, and the entity collection's own files (Qdrant local's) that
    hold the user's memory ids or texts."""
    points = _points(layout, layout.entity_collection)
    by_owner = {pid for pid, p in points if p.get("user_id") == marks.user_id}
    by_id = {pid for pid, p in points
             if set(_strings(p.get("linked_memory_ids"))) & marks.memory_ids}
    needles = list(marks.memory_ids) + list(marks.memory_texts)
    files = _files_holding(_vector_files(layout, entities=True), needles)
    return {"residue": len(by_owner | by_id) + len(files), "by_id": len(by_id),
            "by_owner": len(by_owner), "files": files}


def _derivatives(layout: Any, marks: Markers) -> Dict[str, Any]:
    """The history rows of the user's memories, or holding their texts, and
    the history's files whose bytes hold the user's ids or memory texts."""
    rows = _rows(layout.history, "SELECT id, memory_id, old_memory, new_memory FROM history")
    by_id = {r for r, memory_id, _, _ in rows if memory_id in marks.memory_ids}
    by_content = {r for r, _, old, new in rows if _holds(marks.memory_texts, [old, new])}
    needles = list(marks.memory_ids) + list(marks.memory_texts)
    files = _files_holding(_history_files(layout), needles)
    return {"residue": len(by_id | by_content) + len(files), "by_id": len(by_id),
            "by_content": len(by_content), "files": files}


def _episodic(layout: Any, marks: Markers) -> Dict[str, Any]:
    """The messages of the user's session scopes, or holding the user's
    texts, and the history's files whose bytes hold a message's text."""
    scopes = set(_user_scopes(layout, marks.user_id))
    rows = _rows(layout.history, "SELECT id, session_scope, content FROM messages")
    texts = marks.message_texts + marks.memory_texts
    by_owner = {r for r, scope, _ in rows if scope in scopes}
    by_content = {r for r, _, content in rows if _holds(texts, content)}
    files = _files_holding(_history_files(layout), marks.message_texts)
    return {"residue": len(by_owner | by_content) + len(files), "by_owner": len(by_owner),
            "by_content": len(by_content), "files": files}


def probe(layout: Any, marks: Markers, memory: Any = None) -> Found:
    """Every probe, by data class (§8): ``vectors``, ``semantic``,
    ``derivatives`` (the history), ``episodic`` (the messages). ``memory``
    (the ``mem0.Memory``) serves the similarity search only."""
    detail = {
        "vectors": _vectors(layout, marks, memory),
        "semantic": _semantic(layout, marks),
        "derivatives": _derivatives(layout, marks),
        "episodic": _episodic(layout, marks),
    }
    residue = {tier: d.pop("residue") for tier, d in detail.items()}
    detail["texts"] = {"memory_texts": len(marks.memory_texts),
                       "message_texts": len(marks.message_texts),
                       "memory_ids": len(marks.memory_ids), "skipped": marks.skipped_texts}
    return Found(residue=residue, detail=detail)
