"""The erasure cascade of the agent-memory service: the nine steps of the
proof-pack specification (§7) over the real stores, each counted before and
after in the store itself, each recorded with ``proofpack.StepRecord`` and
logged on the audit log; then the provenance graph (§11) of what was derived
from the subject's notes, from the service's lineage table.

The probe job (``probe.py``) is separate code that checks the result; this
module never imports it, nor it this one.
"""

import hashlib
import pathlib
import shutil
import sqlite3
from typing import Any, Callable, Dict, List, Tuple

import proofpack

from memory import COLLECTIONS, PII_FIELDS, chroma_client, collection

#: The code that ran the cascade (§7 `code_ref`): this file, by its digest.
CODE_REF = "agent-memory/erase.py@" + hashlib.sha256(
    pathlib.Path(__file__).read_bytes()).hexdigest()[:12]

#: The SQLite tables of each tier, by the column that tags the subject.
TABLES = {"working": "sessions", "episodic": "notes", "semantic": "facts",
          "fine_tune": "training_examples", "derivatives": "summaries"}

Counted = Tuple[int, int, Dict[str, Any]]  # before, after, the record's tier evidence


class Cascade:
    """One erasure: the subject's records in every store, gone step by step."""

    def __init__(self, store: pathlib.Path, subject: str, request: Any, log: Any,
                 clock: Callable[[], str]) -> None:
        self.store, self.subject, self.request = store, subject, request
        self.log, self.clock = log, clock
        self.db = sqlite3.connect(store / "memory.sqlite")
        # Deleted rows are overwritten on disk, not left in free pages.
        self.db.execute("PRAGMA secure_delete = ON")
        self.chroma = chroma_client(store)
        self.steps: List[Any] = []
        self.tombstoned_at = ""
        # What the service derived from the subject's notes, read from the
        # lineage table (the reverse index) before anything is deleted:
        # every summary made from them, whatever its tag.
        self.lineage: Dict[str, List[str]] = {}
        for summary, note in self.db.execute(
                "SELECT s.summary_id, s.note_id FROM summary_sources s "
                "JOIN notes n ON n.id = s.note_id WHERE n.subject = ? ORDER BY 1, 2",
                (subject,)):
            self.lineage.setdefault(summary, []).append(note)
        self.notes = [r[0] for r in self.db.execute(
            "SELECT id FROM notes WHERE subject = ? ORDER BY id", (subject,))]
        self.audit_entries = [r[0] for r in self.db.execute(
            "SELECT log_index FROM audit_refs WHERE subject = ? ORDER BY 1", (subject,))]

    def _count(self, table: str) -> int:
        return self.db.execute(f"SELECT count(*) FROM {table} WHERE subject = ?",
                               (self.subject,)).fetchone()[0]

    def _delete_rows(self, table: str) -> Counted:
        before = self._count(table)
        self.db.execute(f"DELETE FROM {table} WHERE subject = ?", (self.subject,))
        self.db.commit()
        return before, self._count(table), {}

    def _step(self, step: str, run: Callable[[], Counted]) -> None:
        """Runs one step, records it (a step that leaves records behind is a
        failure with an exception, never an `ok`), and logs it."""
        started = self.clock()
        before, after, evidence = run()
        record = proofpack.StepRecord.counted(
            step, started, self.clock(), before, after, CODE_REF,
            f"EXC-{self.request.request_id}-{step}", **evidence)
        self.log.log_step_record(self.request.request_id, record)
        self.steps.append(record)

    def working(self) -> Counted:
        return self._delete_rows("sessions")

    def episodic(self) -> Counted:
        before, after, _ = self._delete_rows("notes")
        self.tombstoned_at = self.clock()
        # One SQLite file, no replica: nothing lags behind the delete.
        return before, after, {"replication_lag_drained": True, "output": {"replicas": 0}}

    def semantic(self) -> Counted:
        return self._delete_rows("facts")

    def vectors(self) -> Counted:
        """Chroma's delete in every collection, then each collection rebuilt
        from what it keeps, and the subject's vectors looked for again in
        every collection there is.

        Chroma's delete only marks a vector deleted in the HNSW index files,
        and deleting a collection leaves its index files on disk and its
        documents in free pages of ``chroma.sqlite3``: after the rebuild the
        old collections' index folders are removed and the file compacted."""
        chroma_dir = self.store / "chroma"
        old_indexes = [p for p in chroma_dir.iterdir() if p.is_dir()]
        names = sorted(set(COLLECTIONS) | {c.name for c in self.chroma.list_collections()})
        where = {"subject": self.subject}
        before = sum(len(collection(self.chroma, n).get(where=where)["ids"]) for n in names)
        for name in names:
            old = collection(self.chroma, name)
            old.delete(where=where)
            kept = old.get(include=["embeddings", "documents", "metadatas"])
            self.chroma.delete_collection(name)
            new = collection(self.chroma, name)
            if kept["ids"]:
                new.add(ids=kept["ids"], embeddings=kept["embeddings"],
                        documents=kept["documents"], metadatas=kept["metadatas"])
        for folder in old_indexes:
            shutil.rmtree(folder)
        compact = sqlite3.connect(chroma_dir / "chroma.sqlite3")
        try:
            compact.execute("VACUUM")
        finally:
            compact.close()
        left = {c.name: len(collection(self.chroma, c.name).get(where=where)["ids"])
                for c in self.chroma.list_collections()}
        return before, sum(left.values()), {"purge": "rebuilt",
                                            "output": {"collections": sorted(left)}}

    def fine_tune(self) -> Counted:
        before, after, _ = self._delete_rows("training_examples")
        # The examples were queued for a fine-tune that has not run: no
        # model release was trained on them.
        return before, after, {"models": []}

    def uploads(self) -> Counted:
        folder = self.store / "uploads" / self.subject
        before = sum(1 for p in folder.rglob("*") if p.is_file()) if folder.exists() else 0
        shutil.rmtree(folder, ignore_errors=True)
        after = sum(1 for p in folder.rglob("*") if p.is_file()) if folder.exists() else 0
        return before, after, {}

    def derivatives(self) -> Counted:
        """The subject's summaries, found by their tag, and their lineage."""
        before = self._count("summaries")
        self.db.execute("DELETE FROM summary_sources WHERE summary_id IN "
                        "(SELECT id FROM summaries WHERE subject = ?)", (self.subject,))
        self.db.execute("DELETE FROM summaries WHERE subject = ?", (self.subject,))
        self.db.commit()
        return before, self._count("summaries"), {}

    def subprocessor(self) -> Counted:
        # The service sends nothing to third parties: none holds anything.
        return 0, 0, {}

    def audit_log(self) -> Counted:
        """Redacts (never deletes) the subject's personal fields on the log."""
        before = self.log.unredacted_pii_count(self.audit_entries, PII_FIELDS)
        for index in self.audit_entries:
            self.log.redact(index, PII_FIELDS)
        self.db.execute("DELETE FROM audit_refs WHERE subject = ?", (self.subject,))
        self.db.commit()
        return before, self.log.unredacted_pii_count(self.audit_entries, PII_FIELDS), {}

    def run(self) -> None:
        self.log.log_request_accepted(self.request.received_at, self.request.request_id)
        for step in self.request.required_steps():
            self._step(step, getattr(self, step))
        self.db.close()

    def witness_entries(self) -> List[int]:
        """The log entries a witness must carry: the subject's (redacted) and
        the cascade's own."""
        return sorted(set(self.audit_entries)
                      | set(self.log.entries_for_request(self.request.request_id)))

    def provenance(self, graph_version: str) -> bytes:
        """`provenance.jsonl`: each erased note a tombstone, and each summary
        the lineage table derives from them an artifact, `tombstoned` if it
        is gone from the store and `live` if it is still there."""
        db = sqlite3.connect(self.store / "memory.sqlite")
        try:
            present = {r[0] for r in db.execute("SELECT id FROM summaries")}
        finally:
            db.close()
        notes, derived = f"user:{self.subject}", f"user:{self.subject}:derived"
        sources = {n for ns in self.lineage.values() for n in ns}
        records: List[Dict[str, Any]] = [
            {"type": "header", "graph_version": graph_version, "reverse_index": "available"},
            {"type": "scope", "scope": notes},
            {"type": "scope", "scope": derived},
        ]
        records += [{"type": "tombstone", "scope": notes, "key": n, "at": self.tombstoned_at,
                     "reference_scopes": [derived] if n in sources else []}
                    for n in self.notes]
        records += [{"type": "artifact", "scope": derived, "key": s,
                     "derived_from": [{"scope": notes, "key": n} for n in ns],
                     "state": "live" if s in present else "tombstoned"}
                    for s, ns in sorted(self.lineage.items())]
        return proofpack.provenance_jsonl(records)
