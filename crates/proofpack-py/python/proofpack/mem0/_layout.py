"""Where a ``mem0.Memory`` keeps what it holds about its users, read from
the Memory's own configuration: the vector store's folder and collection,
the entity collection Mem0 fills beside it, and the SQLite file of the
history and messages tables.

Only stores whose every byte is in files on this machine can be erased and
probed from their files: Qdrant local (``path``, no server) and Chroma's
persistent client (``path``, no server), the two Mem0 runs without a
server. Anything else is refused before anything is touched.
"""

import pathlib
from dataclasses import dataclass
from typing import Any, List

#: The vector stores this module erases from, by Mem0's provider name.
SUPPORTED_PROVIDERS = ("qdrant", "chroma")


class UnsupportedStore(ValueError):
    """The Memory's vector store or history is not one this module can
    erase from its files (a server, a hosted store, an in-memory store, a
    client object): nothing was touched."""


@dataclass(frozen=True)
class Layout:
    """The files of one Mem0 store."""

    #: Mem0's vector-store provider: ``qdrant`` or ``chroma``.
    provider: str
    #: Qdrant local's ``path``, or Chroma's persist directory.
    vector_dir: pathlib.Path
    #: The memories' collection.
    collection: str
    #: The entity collection Mem0 fills beside it (``<collection>_entities``).
    entity_collection: str
    #: The SQLite file of Mem0's ``history`` and ``messages`` tables.
    history: pathlib.Path

    def history_files(self) -> List[pathlib.Path]:
        """The history database and the journal files SQLite keeps beside it."""
        names = [self.history.name + s for s in ("", "-journal", "-wal", "-shm")]
        return [self.history.with_name(n) for n in names if self.history.with_name(n).is_file()]

    def qdrant_storage(self, collection: str) -> pathlib.Path:
        """Qdrant local's SQLite file of one collection's points."""
        return self.vector_dir / "collection" / collection / "storage.sqlite"

    def chroma_db(self) -> pathlib.Path:
        """Chroma's SQLite file (its metadata, write-ahead queue and catalogue)."""
        return self.vector_dir / "chroma.sqlite3"


def _given(config: Any, *names: str) -> List[str]:
    return [n for n in names if getattr(config, n, None)]


def layout_of(memory: Any) -> Layout:
    """The files of ``memory`` (a ``mem0.Memory``), or UnsupportedStore."""
    provider = memory.config.vector_store.provider
    config = memory.config.vector_store.config
    if provider not in SUPPORTED_PROVIDERS:
        raise UnsupportedStore(
            f"vector store {provider!r}: proofpack.mem0 erases from Qdrant local and "
            "Chroma's persistent client (a `path`, no server), whose files it can compact "
            "and probe; nothing was touched")
    remote = _given(config, "client", "host", "port", "url", "api_key", "tenant")
    path = getattr(config, "path", None)
    if remote or not path or path == ":memory:":
        raise UnsupportedStore(
            f"vector store {provider!r} configured with {', '.join(remote) or 'no path'}: "
            "proofpack.mem0 needs the store's files on this machine (a `path`, no server "
            "or client object); nothing was touched")
    history = memory.config.history_db_path
    if not history or history == ":memory:":
        raise UnsupportedStore("history_db_path: the history must be a SQLite file; "
                               "nothing was touched")
    collection = config.collection_name
    return Layout(provider=provider, vector_dir=pathlib.Path(path), collection=collection,
                  entity_collection=f"{collection}_entities", history=pathlib.Path(history))
