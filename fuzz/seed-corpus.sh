#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ (git-ignored) with seed inputs taken from the
# sample packs, the public vectors and the third-party corpora, so that the
# fuzzers start from real packs, JSON members, checkpoints, trust stores,
# Merkle proofs and report text rather than from nothing.
set -euo pipefail
cd "$(dirname "$0")"
targets=(archive verify_pack json_parse checkpoint merkle trust_store render seal)
for t in "${targets[@]}"; do mkdir -p "corpus/$t"; done
python3 - "${targets[@]}" <<'PY'
import base64, glob, gzip, hashlib, io, json, os, struct, sys, tarfile

def put(target, data):
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join("corpus", target, name), "wb") as f:
        f.write(data)

def merkle_seed(n, m, i, proof, index, size1, size2, root, leaf):
    """The `merkle` target's input layout (see fuzz_targets/merkle.rs)."""
    n = n if 0 <= n <= 300 else 0
    out = struct.pack("<HB", n, 0) + bytes(n)
    out += struct.pack("<HHHB", m % (n + 1), i % (n + 1), 0, len(proof) % 65)
    out += b"".join(proof[:64])
    mask = (1 << 64) - 1
    out += struct.pack("<QQQ", index & mask, size1 & mask, size2 & mask)
    return out + root.ljust(32, b"\0")[:32] + leaf.ljust(32, b"\0")[:32]

def strings(value, out):
    """Every string of a JSON value, names included."""
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, list):
        for v in value:
            strings(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.append(k)
            strings(v, out)

b64 = base64.b64decode

# Packs: whole files, tar streams, their JSON, checkpoints, proofs and text.
for pack in sorted(glob.glob("../sample-packs/*.tar.gz") + glob.glob("../tests/vectors/*.tar.gz")):
    raw = open(pack, "rb").read()
    put("archive", raw)
    tar = gzip.decompress(raw)
    put("verify_pack", tar)
    put("render", b"\x01" + tar)
    texts = []
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        for m in t.getmembers():
            if not m.isfile():
                continue
            texts.append(m.name)
            data = t.extractfile(m).read()
            docs = []
            if m.name.endswith(".json"):
                put("json_parse", data)
                docs = [data]
            elif m.name.endswith(".jsonl"):
                for line in data.splitlines():
                    put("json_parse", line)
                docs = data.splitlines()
            elif m.name.endswith(".txt"):
                texts.append(data.decode("utf-8", "replace"))
            for d in docs:
                try:
                    strings(json.loads(d), texts)
                except ValueError:
                    pass
            if m.name == "signature.sig":
                # A seal (§22): the member as is, its checkpoint, and its
                # leaf as the JSON it is.
                try:
                    seal = json.loads(data).get("seal")
                    if isinstance(seal, dict):
                        put("seal", json.dumps(seal).encode())
                        if isinstance(seal.get("checkpoint"), str):
                            put("checkpoint", seal["checkpoint"].encode())
                        put("json_parse", b64(seal["entry"]["leaf"]))
                except (ValueError, KeyError, TypeError, AttributeError):
                    pass
            if m.name != "audit-log-redaction.json":
                continue
            try:
                doc = json.loads(data)
                for key in ("checkpoint_before", "checkpoint_after"):
                    if isinstance(doc.get(key), str):
                        put("checkpoint", doc[key].encode())
                sizes = [int(doc[k].split("\n")[1]) for k in ("checkpoint_before", "checkpoint_after")]
                roots = [b64(doc[k].split("\n")[2]) for k in ("checkpoint_before", "checkpoint_after")]
                proof = [b64(h) for h in doc.get("consistency_proof", [])]
                put("merkle", merkle_seed(sizes[1], sizes[0], 0, proof, 0, sizes[0], sizes[1], roots[1], roots[0]))
                for e in doc.get("entries", []):
                    leaf = hashlib.sha256(b"\0" + b64(e["leaf"])).digest()
                    path = [b64(h) for h in e.get("inclusion_proof", [])]
                    put("merkle", merkle_seed(sizes[1], sizes[0], e["index"], path, e["index"], sizes[1], 0, roots[1], leaf))
            except (ValueError, KeyError, IndexError, TypeError):
                pass
    put("render", b"\x00" + b"\xff".join(s.encode() for s in texts))

# The RFC 6962 / RFC 9162 proof corpus (tests/corpora/merkle-rfc6962).
for path in sorted(glob.glob("../tests/corpora/merkle-rfc6962/inclusion/**/*.json", recursive=True)):
    c = json.load(open(path))
    proof = [b64(h) for h in c.get("proof") or []]
    size, idx = c["treeSize"], c["leafIdx"]
    put("merkle", merkle_seed(size, 0, idx, proof, idx, size, 0, b64(c.get("root") or ""), b64(c.get("leafHash") or "")))
for path in sorted(glob.glob("../tests/corpora/merkle-rfc6962/consistency/**/*.json", recursive=True)):
    c = json.load(open(path))
    proof = [b64(h) for h in c.get("proof") or []]
    s1, s2 = c["size1"], c["size2"]
    put("merkle", merkle_seed(s2, s1, 0, proof, 0, s1, s2, b64(c.get("root2") or ""), b64(c.get("root1") or "")))

# The Go archive/tar and tar-split corpora: tar streams, and gzipped ones.
for path in sorted(glob.glob("../tests/corpora/go-archive-tar/*/*.tar*")):
    data = open(path, "rb").read()
    if path.endswith(".tar.gz"):
        put("archive", data)
        try:
            put("verify_pack", gzip.decompress(data))
        except (OSError, EOFError):
            pass
    elif path.endswith(".tar") and len(data) <= 1 << 20:
        put("verify_pack", data)
        put("archive", gzip.compress(data, mtime=0))

# Every JSON document of the corpora and the vectors' expectations.
for path in sorted(glob.glob("../tests/corpora/**/*.json", recursive=True) + ["../tests/vectors/expected.json"]):
    data = open(path, "rb").read()
    if len(data) <= 256 << 10:
        put("json_parse", data)

# Trust stores: the samples' and the vectors', and every key entry alone.
for path in ["../sample-packs/trust.json", "../tests/vectors/trust.json"]:
    data = open(path, "rb").read()
    put("trust_store", data)
    put("json_parse", data)
    store = json.loads(data)
    for key in store["keys"]:
        one = dict(store, keys=[key])
        put("trust_store", json.dumps(one).encode())

# Signed notes of the C2SP corpus as checkpoints.
notes = json.load(open("../tests/corpora/signed-note/signed_note_vectors.json"))
def find_notes(v):
    if isinstance(v, str) and "\n\n" in v and "\u2014 " in v:
        put("checkpoint", v.encode())
    elif isinstance(v, list):
        for x in v:
            find_notes(x)
    elif isinstance(v, dict):
        for x in v.values():
            find_notes(x)
find_notes(notes)

for target in sys.argv[1:]:
    print(target, len(os.listdir(os.path.join("corpus", target))), "seeds")
PY
