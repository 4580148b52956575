#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ (git-ignored) with seed inputs taken from the
# sample pack and the public vectors, so that the fuzzers start from real
# packs, JSON members and checkpoints rather than from nothing.
set -euo pipefail
cd "$(dirname "$0")"
packs=(../sample-packs/*.tar.gz ../tests/vectors/*.tar.gz)
mkdir -p corpus/archive corpus/verify_pack corpus/json_parse corpus/checkpoint
python3 - "${packs[@]}" <<'PY'
import gzip, hashlib, io, json, os, sys, tarfile

def put(target, data):
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join("corpus", target, name), "wb") as f:
        f.write(data)

for pack in sys.argv[1:]:
    raw = open(pack, "rb").read()
    put("archive", raw)
    tar = gzip.decompress(raw)
    put("verify_pack", tar)
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        for m in t.getmembers():
            if not m.isfile():
                continue
            data = t.extractfile(m).read()
            if m.name.endswith(".json"):
                put("json_parse", data)
            elif m.name.endswith(".jsonl"):
                for line in data.splitlines():
                    put("json_parse", line)
            if m.name == "audit-log-redaction.json":
                doc = json.loads(data)
                for key in ("checkpoint_before", "checkpoint_after"):
                    if isinstance(doc.get(key), str):
                        put("checkpoint", doc[key].encode())
for target in ("archive", "verify_pack", "json_parse", "checkpoint"):
    print(target, len(os.listdir(os.path.join("corpus", target))), "seeds")
PY
