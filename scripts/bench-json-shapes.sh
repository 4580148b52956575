#!/usr/bin/env bash
# Peak memory and time of `proofpack verify` on packs whose verification.json
# is a hostile JSON shape of MIB MiB (default 100), beside Python's
# json.loads of the same bytes (docs/BENCHMARKS.md, "JSON shapes"):
#
#   scripts/bench-json-shapes.sh [MIB]
#
# Needs python3 and GNU time. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-100}
cargo build --release --locked --bin proofpack >&2
bin=target/release/proofpack
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 benches/json_shapes_gen.py "$work" sample-packs/complete-gdpr.tar.gz "$mib" >&2
echo "| shape | member | pack | verify peak RSS | verify wall | json.loads wall |"
echo "|---|---|---|---|---|---|"
for shape in dense-array dense-object deep-nesting escaped-strings tiny-records; do
    /usr/bin/time -v "$bin" verify "$work/$shape.tar.gz" --json >/dev/null 2>"$work/time.txt" || true
    rss=$(awk -F': ' '/Maximum resident/ {printf "%.1f MiB", $2/1024}' "$work/time.txt")
    wall=$(awk -F': ' '/Elapsed \(wall/ {print $2}' "$work/time.txt")
    # JSONL: one json.loads per line.
    py=$(python3 -c '
import json, sys, time
data = open(sys.argv[1], "rb").read()
t = time.perf_counter()
if sys.argv[2] == "tiny-records":
    for line in data.splitlines():
        json.loads(line)
else:
    json.loads(data)
print("%.2f s" % (time.perf_counter() - t))
' "$work/$shape.json" "$shape")
    member=$(stat -c %s "$work/$shape.json")
    pack=$(stat -c %s "$work/$shape.tar.gz")
    echo "| $shape | $((member >> 20)) MiB | $((pack / 1024)) KiB | $rss | $wall | $py |"
done
