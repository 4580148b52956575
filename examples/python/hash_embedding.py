"""A deterministic embedding by feature hashing, for the Python examples
and their tests (the agent-memory example's Chroma collections, the Mem0
example's Memory): each lower-cased word adds +1 or -1 to one of ``dim``
coordinates (both chosen by its SHA-256), and the vector is normalised.
Crude next to a language model, but offline, reproducible, and good enough
for stores whose recall is tested by shared words."""

import hashlib
import math
import re
from typing import List


def embed(text: str, dim: int = 256) -> List[float]:
    """The unit vector of ``text`` in ``dim`` coordinates."""
    v = [0.0] * dim
    for word in re.findall(r"[a-z0-9@.]+", text.lower()):
        h = hashlib.sha256(word.encode()).digest()
        v[int.from_bytes(h[:4], "big") % dim] += 1.0 if h[4] & 1 else -1.0
    norm = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / norm for x in v]
