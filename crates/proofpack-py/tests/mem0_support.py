"""A seeded Mem0 store for the tests of ``proofpack.mem0``: Mem0's real
``Memory`` (mem0ai from PyPI) in a temporary folder, seeded by the Mem0
example's assistant (``examples/python/mem0/agent.py``: three users,
conversations through Mem0's extraction path with a scripted language
model, notes, a correction, a memory forgotten, entities), with its
offline embedder. conftest.py has set Mem0's environment (telemetry off,
``MEM0_DIR`` and HOME temporary, a placeholder OpenAI key) before this
module imports Mem0."""

import pathlib
import sqlite3
import sys
from typing import Any, Dict, Iterable, List

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "python" / "mem0"
sys.path.insert(0, str(EXAMPLE))

try:
    import mem0  # noqa: F401
except ImportError as e:  # a test that cannot run fails, it never passes
    raise ImportError(f"{e}: the proofpack.mem0 tests need mem0ai; scripts/python-tests.sh "
                      "installs the package's mem0 extra") from e

import agent  # noqa: E402

PROVIDERS = ["qdrant", "chroma"]
ERASED, KEPT = "alice", ["bob", "chloe"]


class Store:
    """A Mem0 store seeded once, then opened as an erasure job opens it: a
    Memory of its own (so Mem0's entity store is not in use in it)."""

    def __init__(self, folder: pathlib.Path, provider: str) -> None:
        self.folder, self.provider = folder, provider
        memory = agent.open_memory(folder, provider)
        self.ids = agent.seed(agent.Agent(memory))
        agent.close_memory(memory)
        self.memory = agent.open_memory(folder, provider)

    def close(self) -> None:
        agent.close_memory(self.memory)

    def config(self) -> Dict[str, Any]:
        return agent.mem0_config(self.folder, self.provider)

    def recall(self, user: str) -> List[str]:
        return agent.Agent(self.memory).recall(user)

    def needles(self, user: str) -> List[str]:
        """What no byte of the store may hold once ``user`` is erased: the
        phrases only the user's memories and messages hold, and the ids of
        every memory the user ever had."""
        return agent.USERS[user]["markers"] + self.ids[user]

    def files_holding(self, needles: Iterable[str]) -> Dict[str, List[str]]:
        """Each file of the store whose bytes hold a needle: which."""
        found = {}
        for path in sorted(p for p in self.folder.rglob("*") if p.is_file()):
            data = path.read_bytes()
            hits = [n for n in needles if n.encode() in data]
            if hits:
                found[str(path.relative_to(self.folder))] = hits
        return found

    def history(self, sql: str, *params: Any) -> List[Any]:
        """Rows of Mem0's history database, read-only."""
        db = sqlite3.connect(f"file:{self.folder / 'history.db'}?mode=ro", uri=True)
        try:
            return db.execute(sql, params).fetchall()
        finally:
            db.close()

    def history_of(self, ids: Iterable[str]) -> List[Any]:
        ids = list(ids)
        return sorted(self.history(
            f"SELECT * FROM history WHERE memory_id IN ({','.join('?' * len(ids))})", *ids))
