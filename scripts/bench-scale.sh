#!/usr/bin/env bash
# Scale and throughput figures of docs/BENCHMARKS.md ("Scale: ..." sections):
# the §11 graph of 1,000,000 artefacts, the audit witness of 100,000 entries
# from a log of 2^24 leaves, the JSON parser's memory factor, the adversarial
# provenance shapes, a batch of 1,000 packs, and the cold start.
#
#   scripts/bench-scale.sh          # builds, generates the inputs in a temporary
#                                   # directory (seeded, nothing committed), runs
#   KEEP=1 scripts/bench-scale.sh   # keeps the inputs
#   QUICK=1 scripts/bench-scale.sh  # smaller sizes, for a smoke run
#
# Needs hyperfine, GNU time and valgrind (`apt-get install -y hyperfine time
# valgrind`). Prints markdown rows. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in hyperfine /usr/bin/time valgrind; do
    if ! command -v "$tool" >/dev/null; then
        echo "$tool is missing: apt-get install -y hyperfine time valgrind" >&2
        exit 1
    fi
done

cargo build --release --locked --bin proofpack >&2
cargo build --release --locked -p proofpack-samples --example scale-inputs >&2
cargo build --release --locked -p proofpack-core --features fuzzing --example bench-provenance >&2
bin=target/release/proofpack
gen=target/release/examples/scale-inputs
shapes=target/release/examples/bench-provenance
trust=sample-packs/trust.json

artifacts=1000000 entries=100000 bits=24 shape_n=200000 batch=1000
if [ -n "${QUICK:-}" ]; then
    artifacts=100000 entries=10000 bits=20 shape_n=20000 batch=200
fi

work=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
    trap 'rm -rf "$work"' EXIT
else
    echo "inputs kept in $work" >&2
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg), $(rustc --version)"
echo

# GNU time's wall, user+sys CPU and peak RSS of a command, and its stdout.
timed() {
    /usr/bin/time -f '%e %U %S %M' -o "$work/time.txt" "$@" >"$work/out.txt"
    read -r wall user sys rss <"$work/time.txt"
    cpu=$(printf '%.2f' "$(echo "$user + $sys" | bc)")
}

echo "### In-process checks (parse + check, input already read)"
echo
echo "| input | bytes | wall (s) | CPU (s) | max RSS (MiB) | result |"
echo "|---|---|---|---|---|---|"
"$gen" provenance "$work/provenance.jsonl" "$artifacts"
"$gen" witness "$work/witness.json" "$entries" "$bits"
timed "$gen" check-provenance "$work/provenance.jsonl"
echo "| provenance.jsonl, $artifacts artefacts, $((3 * artifacts - 2)) edges | $(stat -c %s "$work/provenance.jsonl") | $wall | $cpu | $((rss / 1024)) | $(cat "$work/out.txt") |"
timed "$gen" check-witness "$work/witness.json"
echo "| witness, $entries entries of 2^$bits leaves | $(stat -c %s "$work/witness.json") | $wall | $cpu | $((rss / 1024)) | $(cat "$work/out.txt") |"
echo

echo "### Parsed JSON: memory factor on the witness"
echo
timed "$gen" read "$work/witness.json"
read_rss=$rss
timed "$gen" parse-json "$work/witness.json"
bytes=$(stat -c %s "$work/witness.json")
echo "| bytes | RSS holding the bytes (KiB) | RSS with the parsed value (KiB) | factor |"
echo "|---|---|---|---|"
echo "| $bytes | $read_rss | $rss | $(echo "scale=2; ($rss - $read_rss) * 1024 / $bytes" | bc) |"
echo

echo "### Adversarial provenance shapes (n = $shape_n, in-process)"
echo
echo "| shape | result |"
echo "|---|---|"
for shape in chain distinct-lists distinct-scopes fan-out cycle obligations receipts; do
    echo "| $shape | $("$shapes" "$shape" "$shape_n") |"
done
echo

echo "### Batch of $batch packs"
echo
mkdir -p "$work/batch"
mapfile -t samples < <(ls sample-packs/*.tar.gz)
for i in $(seq 0 $((batch - 1))); do
    cp "${samples[$((i % ${#samples[@]}))]}" "$(printf '%s/batch/p%05d.tar.gz' "$work" "$i")"
done
"$bin" verify "$work/batch" --trust "$trust" --jobs 1 >"$work/serial.txt" || true
"$bin" verify "$work/batch" --trust "$trust" >"$work/parallel.txt" || true
cmp -s "$work/serial.txt" "$work/parallel.txt" && same=identical || same=DIFFERENT
hyperfine --style basic --warmup 2 --runs 10 -i --export-json "$work/batch.json" \
    "$bin verify $work/batch --trust $trust --jobs 1 --quiet" \
    "$bin verify $work/batch --trust $trust --quiet" >&2
echo "| command | wall, mean ± σ (s) | packs/s |"
echo "|---|---|---|"
python3 - "$work/batch.json" "$batch" <<'EOF'
import json, sys
runs = json.load(open(sys.argv[1]))["results"]
for r in runs:
    jobs = "--jobs 1" if "--jobs 1" in r["command"] else "default (one per core)"
    print(f"| `proofpack verify DIR --trust T --quiet`, {jobs} | {r['mean']:.3f} ± {r['stddev']:.3f} | {int(sys.argv[2]) / r['mean']:.0f} |")
EOF
echo
echo "parallel output vs --jobs 1: $same"
echo

echo "### Cold start, one sample pack"
echo
pack=sample-packs/complete-gdpr.tar.gz
hyperfine --style basic -N --warmup 20 --runs 300 -i --export-json "$work/cold.json" \
    "$bin verify $pack --trust $trust --quiet" >&2
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
    "$bin" verify "$pack" --trust "$trust" --quiet 2>"$work/callgrind.txt" || true
instructions=$(sed -n 's/.*Collected : //p' "$work/callgrind.txt")
python3 - "$work/cold.json" "$instructions" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("| mean (ms) | min (ms) | max (ms) | instructions (callgrind Ir) |")
print("|---|---|---|---|")
print(f"| {r['mean'] * 1000:.2f} | {r['min'] * 1000:.2f} | {r['max'] * 1000:.2f} | {sys.argv[2]} |")
EOF
