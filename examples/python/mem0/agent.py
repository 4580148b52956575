"""An assistant that remembers its users through Mem0 (``mem0ai``), the
agent-memory library, and the three users it talks with.

Mem0's own ``Memory`` runs as in production (Qdrant local by default, or
Chroma's persistent client, and Mem0's SQLite history), with two stand-ins
so that nothing leaves the machine and every run writes the same data:

* the embedder is the examples' feature hashing (``hash_embedding.py``),
  not OpenAI's (no model, no network);
* the language model is scripted: ``add(..., infer=True)`` runs Mem0's
  whole extraction path (the messages saved with their session scope, the
  memories, their history), and the "extracted" facts are the ones the
  agent scripted for that turn.

Mem0 fills its entity store (``<collection>_entities``) from a spaCy model,
a download: the agent writes those entity rows itself, as Mem0's ``add``
writes them (its phase 7: the entity's text, type, linked memory ids and
the user's scope).
"""

import json
import os
import pathlib
import sys
import uuid
from typing import Any, Dict, List, Optional, Sequence

# The examples' shared embedding (examples/python/hash_embedding.py).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from hash_embedding import embed  # noqa: E402

#: The embedding's dimension (Qdrant's collection is made with it).
DIM = 256
COLLECTION = "memories"


def offline_environment(home: pathlib.Path) -> None:
    """Mem0's environment for a run that reaches no network and writes
    nothing outside ``home``: its product telemetry off, its own folder
    (``~/.mem0`` by default) in ``home``, and a placeholder OpenAI key (Mem0
    builds its default OpenAI clients at start, even when nothing calls
    them). Call it before ``mem0`` is imported."""
    os.environ["MEM0_TELEMETRY"] = "False"
    os.environ["MEM0_DIR"] = str(home)
    os.environ.setdefault("OPENAI_API_KEY", "sk-placeholder-never-sent")


class HashEmbedder:
    """Mem0's embedder interface (``embed``, ``embed_batch``) over the
    examples' feature hashing."""

    def embed(self, text: str, memory_action: Optional[str] = None) -> List[float]:
        return embed(text, DIM)

    def embed_batch(self, texts: Sequence[str], memory_action: str = "add") -> List[List[float]]:
        return [embed(t, DIM) for t in texts]


class ScriptedLLM:
    """Mem0's language-model interface, answering its extraction prompt
    with the facts scripted for the turn."""

    def __init__(self) -> None:
        self.facts: List[str] = []

    def generate_response(self, messages: Any, response_format: Any = None, **_: Any) -> str:
        facts, self.facts = self.facts, []
        return json.dumps({"memory": [{"text": f} for f in facts]})


def mem0_config(store: pathlib.Path, provider: str = "qdrant") -> Dict[str, Any]:
    """Mem0's configuration of the agent's store, as ``Memory.from_config``
    takes it (and ``python -m proofpack.mem0 erase --config`` reads it)."""
    vector = {"collection_name": COLLECTION, "path": str(store / provider)}
    if provider == "qdrant":
        vector["embedding_model_dims"] = DIM
    return {"vector_store": {"provider": provider, "config": vector},
            "history_db_path": str(store / "history.db")}


def open_memory(store: pathlib.Path, provider: str = "qdrant") -> Any:
    """Mem0's Memory on the agent's store, with the offline embedder and
    the scripted language model."""
    from mem0 import Memory

    memory = Memory.from_config(mem0_config(store, provider))
    memory.embedding_model = HashEmbedder()
    memory.llm = ScriptedLLM()
    return memory


def close_memory(memory: Any) -> None:
    """Lets go of the store's files (Qdrant local locks its folder)."""
    client = getattr(memory.vector_store, "client", None)
    if hasattr(client, "close"):
        client.close()
    memory.close()


class Agent:
    """What the assistant does with its memory while it talks with users."""

    def __init__(self, memory: Any) -> None:
        self.memory = memory

    def converse(self, user: str, turns: Sequence[str], facts: Sequence[str],
                 agent_id: Optional[str] = None) -> List[str]:
        """A conversation: the user's turns and the assistant's replies go
        through Mem0's extraction, which keeps ``facts``; their ids."""
        messages = []
        for turn in turns:
            messages += [{"role": "user", "content": turn},
                         {"role": "assistant", "content": f"Noted: {turn}"}]
        self.memory.llm.facts = list(facts)
        added = self.memory.add(messages, user_id=user, agent_id=agent_id)
        return [m["id"] for m in added["results"]]

    def note(self, user: str, text: str) -> str:
        """A memory written as it is (no extraction); its id."""
        return self.memory.add(text, user_id=user, infer=False)["results"][0]["id"]

    def correct(self, memory_id: str, text: str) -> None:
        self.memory.update(memory_id, text)

    def forget(self, memory_id: str) -> None:
        """The user asked the assistant to forget one memory."""
        self.memory.delete(memory_id)

    def link_entity(self, user: str, text: str, kind: str, memory_ids: Sequence[str]) -> None:
        """An entity of the user's memories, as Mem0's ``add`` stores it."""
        self.memory.entity_store.insert(
            vectors=[embed(text, DIM)], ids=[str(uuid.uuid4())],
            payloads=[{"data": text, "entity_type": kind,
                       "linked_memory_ids": sorted(memory_ids), "user_id": user}])

    def recall(self, user: str) -> List[str]:
        """The texts of the user's memories, as Mem0 returns them."""
        found = self.memory.get_all(filters={"user_id": user}, top_k=100)["results"]
        return sorted(m["memory"] for m in found)


#: The three users: what each says, and the phrases only each one's data
#: holds (what the example and its tests look for in the store's bytes).
USERS: Dict[str, Dict[str, Any]] = {
    "alice": {
        "markers": ["Alice Moreau", "Lisbon regatta", "peanut allergy", "door code 4417",
                    "Inès Moreau"],
    },
    "bob": {"markers": ["Bob Okafor", "Nairobi marathon", "Kibera clinic"]},
    "chloe": {"markers": ["Chloé Durand", "Chamonix ascent", "Grenoble atelier"]},
}


def seed(agent: Agent) -> Dict[str, List[str]]:
    """The three users talk with the assistant: conversations (long enough
    that Mem0 evicts Alice's oldest messages), notes, a correction, a
    memory forgotten on request, and entities. The ids of every memory
    each user ever had, by user."""
    ids: Dict[str, List[str]] = {user: [] for user in USERS}
    alice_turns = [f"Day {n} of planning: Alice Moreau checks the Lisbon regatta crew list"
                   for n in range(1, 6)] + ["I have a peanut allergy, never book satay"]
    ids["alice"] += agent.converse("alice", alice_turns,
                                   ["Sails in the Lisbon regatta in June",
                                    "Has a peanut allergy: no satay for crew meals"])
    regatta = ids["alice"][0]
    agent.correct(regatta, "Sails in the Lisbon regatta in July with her sister Inès Moreau")
    ids["alice"] += agent.converse("alice", ["Book the hotel for the Lisbon regatta, Alice Moreau"],
                                   ["Wants a hotel near the Lisbon regatta harbour"],
                                   agent_id="travel-desk")
    ids["alice"].append(agent.note("alice", "Alice Moreau's door code 4417 is for the crew"))
    agent.forget(ids["alice"][-1])
    ids["alice"].append(agent.note("alice", "Alice Moreau prefers replies in Portuguese"))
    agent.link_entity("alice", "Lisbon regatta", "EVENT", [regatta])

    ids["bob"] += agent.converse("bob", ["Bob Okafor here, training for the Nairobi marathon"],
                                 ["Trains for the Nairobi marathon in October"])
    ids["bob"].append(agent.note("bob", "Bob Okafor volunteers at the Kibera clinic on Saturdays"))
    agent.forget(ids["bob"][-1])
    ids["bob"].append(agent.note("bob", "Bob Okafor runs before work, plans in kilometres"))
    agent.link_entity("bob", "Nairobi marathon", "EVENT", ids["bob"][:1])

    ids["chloe"] += agent.converse("chloe", ["Chloé Durand prépare l'ascension: Chamonix ascent"],
                                   ["Prépare la Chamonix ascent en août"])
    agent.correct(ids["chloe"][0],
                  "Prépare la Chamonix ascent en septembre depuis le Grenoble atelier")
    agent.link_entity("chloe", "Chamonix ascent", "EVENT", ids["chloe"])
    return ids
