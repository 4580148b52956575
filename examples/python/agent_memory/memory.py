"""A small agent-memory service: what an assistant remembers of its users.

Its stores, all embedded and on disk under one folder:

* ``memory.sqlite`` (SQLite): working sessions, episodic notes, semantic
  facts, summaries with their lineage (which notes each was made from), and
  training examples queued for a future fine-tune;
* ``chroma/`` (ChromaDB, embedded and persistent): one collection of note
  vectors and one of fact vectors, embedded by ``HashEmbedding`` (our own,
  offline: Chroma's default would download a model);
* ``uploads/<user>/``: the files users gave the assistant;
* ``audit-log.sqlite``: the action audit log (``proofpack.AuditLog``), whose
  personal fields are SD-JWT disclosures that can be redacted later.

The erasure (``erase.py``) and the probe (``probe.py``) work on these stores;
this module is the service itself and knows nothing of either.
"""

import os
import pathlib
import sqlite3
import sys
from typing import Any, Dict, List, Optional, Sequence

# Chroma's product telemetry is off: set before chromadb is imported, and
# again in the client's settings below.
os.environ["ANONYMIZED_TELEMETRY"] = "False"

import chromadb  # noqa: E402
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings  # noqa: E402
from chromadb.config import Settings  # noqa: E402

import proofpack  # noqa: E402

# The examples' shared embedding (examples/python/hash_embedding.py).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from hash_embedding import embed  # noqa: E402

#: The collections of the vector store, one per kind of memory embedded.
COLLECTIONS = ("notes", "facts")
#: The audit log's fields that hold personal data (disclosures, redactable).
PII_FIELDS = ["subject_email", "ip_address"]
TENANT = "ten_agent_memory"
LOG_ORIGIN = "audit.agent-memory.example/" + TENANT

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY, subject TEXT, state TEXT NOT NULL, opened_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS notes (
    id TEXT PRIMARY KEY, subject TEXT, body TEXT NOT NULL, written_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS facts (
    id TEXT PRIMARY KEY, subject TEXT, entity TEXT NOT NULL, attribute TEXT NOT NULL,
    value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS summaries (
    id TEXT PRIMARY KEY, subject TEXT, body TEXT NOT NULL, made_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS summary_sources (
    summary_id TEXT NOT NULL, note_id TEXT NOT NULL, PRIMARY KEY (summary_id, note_id));
CREATE TABLE IF NOT EXISTS training_examples (
    id TEXT PRIMARY KEY, subject TEXT, prompt TEXT NOT NULL, completion TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS audit_refs (
    subject TEXT NOT NULL, log_index INTEGER NOT NULL, fields TEXT NOT NULL);
"""


class HashEmbedding(EmbeddingFunction[Documents]):
    """Chroma's embedding function over the examples' feature hashing
    (``hash_embedding.embed``): deterministic and offline."""

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim

    def __call__(self, input: Documents) -> Embeddings:
        return [embed(text, self.dim) for text in input]

    @staticmethod
    def name() -> str:
        return "agent-memory-hash"

    def get_config(self) -> Dict[str, Any]:
        return {"dim": self.dim}

    @staticmethod
    def build_from_config(config: Dict[str, Any]) -> "HashEmbedding":
        return HashEmbedding(int(config.get("dim", 256)))


def chroma_client(store: pathlib.Path) -> Any:
    """The embedded, persistent Chroma client of the store, telemetry off."""
    return chromadb.PersistentClient(
        path=str(store / "chroma"), settings=Settings(anonymized_telemetry=False)
    )


def collection(client: Any, name: str) -> Any:
    """A collection of the vector store, always with our embedding function."""
    return client.get_or_create_collection(name, embedding_function=HashEmbedding())


class MemoryService:
    """The service: what the assistant writes while it talks with users."""

    def __init__(self, store: pathlib.Path, clock: Any) -> None:
        self.store = store
        self.clock = clock
        store.mkdir(parents=True, exist_ok=True)
        (store / "uploads").mkdir(exist_ok=True)
        self.db = sqlite3.connect(store / "memory.sqlite")
        self.db.executescript(SCHEMA)
        self.chroma = chroma_client(store)
        self.vectors = {name: collection(self.chroma, name) for name in COLLECTIONS}
        self.log = proofpack.AuditLog(store / "audit-log.sqlite", LOG_ORIGIN)

    def _audit(self, subject: str, event: str, email: str, ip: str, **clear: Any) -> None:
        """Logs an action of the subject: the personal fields as disclosures,
        and where they are, so that an erasure can redact them."""
        index = self.log.append(self.clock(), event, clear=clear,
                                disclosable={"subject_email": email, "ip_address": ip})
        self.db.execute("INSERT INTO audit_refs VALUES (?, ?, ?)",
                        (subject, index, ",".join(PII_FIELDS)))

    def open_session(self, subject: str, email: str, ip: str, sid: str, state: str) -> None:
        self.db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?)",
                        (sid, subject, state, self.clock()))
        self._audit(subject, "session_opened", email, ip, session=sid)

    def remember(self, subject: str, email: str, ip: str, nid: str, body: str) -> None:
        self.db.execute("INSERT INTO notes VALUES (?, ?, ?, ?)", (nid, subject, body, self.clock()))
        self.vectors["notes"].add(ids=[nid], documents=[body], metadatas=[{"subject": subject}])
        self._audit(subject, "memory_written", email, ip, memory=nid)

    def learn_fact(self, subject: str, fid: str, entity: str, attribute: str, value: str) -> None:
        self.db.execute("INSERT INTO facts VALUES (?, ?, ?, ?, ?)",
                        (fid, subject, entity, attribute, value))
        self.vectors["facts"].add(ids=[fid], documents=[f"{entity} {attribute} {value}"],
                                  metadatas=[{"subject": subject}])

    def upload(self, subject: str, email: str, ip: str, filename: str, content: bytes) -> None:
        folder = self.store / "uploads" / subject
        folder.mkdir(exist_ok=True)
        (folder / filename).write_bytes(content)
        self._audit(subject, "upload_received", email, ip, file=filename)

    def summarize(self, subject: Optional[str], sid: str, note_ids: Sequence[str]) -> None:
        """A summary of some notes, with its lineage. ``subject`` None is
        what the nightly batch summarizer writes: it does not tag the
        subject (the defect the second run plants)."""
        bodies = [row[0] for row in self.db.execute(
            f"SELECT body FROM notes WHERE id IN ({','.join('?' * len(note_ids))}) ORDER BY id",
            list(note_ids))]
        body = "Summary: " + " / ".join(bodies)
        self.db.execute("INSERT INTO summaries VALUES (?, ?, ?, ?)",
                        (sid, subject, body, self.clock()))
        self.db.executemany("INSERT INTO summary_sources VALUES (?, ?)",
                            [(sid, n) for n in note_ids])

    def queue_training_example(self, subject: str, tid: str, prompt: str, completion: str) -> None:
        self.db.execute("INSERT INTO training_examples VALUES (?, ?, ?, ?)",
                        (tid, subject, prompt, completion))

    def recall(self, query: str, n: int = 3) -> List[str]:
        """What the assistant would recall for ``query``: the nearest notes."""
        found = self.vectors["notes"].query(query_texts=[query], n_results=n)
        return list(found["documents"][0])

    def commit(self) -> None:
        self.db.commit()

    def close(self) -> None:
        """Commits and lets go of the stores (the audit log's file included:
        the erasure opens it again)."""
        self.db.commit()
        self.db.close()
        self.log = None


#: The two users and what they told the assistant. ``markers`` are phrases
#: only their data holds: what the probe searches the stores for.
SUBJECTS: Dict[str, Dict[str, Any]] = {
    "u-alice": {
        "email": "alice@example.com", "ip": "192.0.2.10",
        "markers": ["Alice Moreau", "alice@example.com", "Lisbon regatta", "peanut allergy"],
        "session": "Alice Moreau is planning the Lisbon regatta checklist",
        "notes": [
            ("n-alice-1", "Alice Moreau sails a 7 m sloop and enters the Lisbon regatta in June."),
            ("n-alice-2", "Alice Moreau has a peanut allergy; never suggest satay for crew meals."),
            ("n-alice-3", "Alice Moreau prefers replies by e-mail at alice@example.com."),
        ],
        "facts": [("f-alice-1", "Alice Moreau", "allergy", "peanut allergy"),
                  ("f-alice-2", "Alice Moreau", "event", "Lisbon regatta")],
        "upload": ("crew-list.txt", b"Crew list for the Lisbon regatta, skipper Alice Moreau\n"),
        "training": ("t-alice-1", "What should the crew of Alice Moreau eat?",
                     "Anything without peanuts: peanut allergy."),
    },
    "u-bob": {
        "email": "bob@example.com", "ip": "198.51.100.7",
        "markers": ["Bob Okafor", "bob@example.com", "Nairobi marathon"],
        "session": "Bob Okafor is drafting a Nairobi marathon training plan",
        "notes": [
            ("n-bob-1", "Bob Okafor is training for the Nairobi marathon in October."),
            ("n-bob-2", "Bob Okafor runs before work and wants plans in kilometres."),
        ],
        "facts": [("f-bob-1", "Bob Okafor", "event", "Nairobi marathon")],
        "upload": ("plan.txt", b"Bob Okafor: 16-week Nairobi marathon plan\n"),
        "training": ("t-bob-1", "How far should Bob Okafor run on Sunday?",
                     "A long run of 18 km."),
    },
}


def seed(service: MemoryService, untagged_summary: bool) -> None:
    """Both users talk with the assistant: sessions, notes, facts, an upload,
    summaries, a queued training example. With ``untagged_summary``, one of
    Alice's summaries comes from the batch summarizer, without her tag."""
    for subject, data in SUBJECTS.items():
        email, ip = data["email"], data["ip"]
        service.open_session(subject, email, ip, f"s-{subject}", data["session"])
        for nid, body in data["notes"]:
            service.remember(subject, email, ip, nid, body)
        for fid, entity, attribute, value in data["facts"]:
            service.learn_fact(subject, fid, entity, attribute, value)
        service.upload(subject, email, ip, *data["upload"])
        service.queue_training_example(subject, *data["training"])
        note_ids = [nid for nid, _ in data["notes"]]
        service.summarize(subject, f"sum-{subject}-1", note_ids[:2])
    alice_notes = [nid for nid, _ in SUBJECTS["u-alice"]["notes"]]
    service.summarize(None if untagged_summary else "u-alice", "sum-u-alice-weekly", alice_notes)
    service.commit()
