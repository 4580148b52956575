#!/usr/bin/env bash
# The register figure of docs/BENCHMARKS.md ("Registers"): `proofpack
# register` of 2,000 packs at the default --jobs, the packs being 1,001
# copies of the four sample packs and 333 chains of 3 follow-up packs made
# by the producer (each chain a request of its own, each pack superseding
# the one before).
#
#   scripts/bench-register.sh          # builds, generates in a temporary directory, runs
#   KEEP=1 scripts/bench-register.sh   # keeps the inputs
#
# Needs hyperfine (`apt-get install -y hyperfine`). Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v hyperfine >/dev/null; then
    echo "hyperfine is missing: apt-get install -y hyperfine" >&2
    exit 1
fi

cargo build --release --locked --bin proofpack >&2
cargo build --release --locked -p proofpack-register --example bench-packs >&2
work=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
    trap 'rm -rf "$work"' EXIT
else
    echo "inputs kept in $work" >&2
fi
target/release/examples/bench-packs "$work/packs" 1001 333 3
echo "packs: $(ls "$work/packs" | wc -l)" >&2
cmd="target/release/proofpack register $work/packs --trust sample-packs/trust.json --as-of 2026-12-01T00:00:00Z --json -o $work/register.json --force"
# A register's status is a verdict's (exit 0 or 3-6); 1 and 2 are errors.
status=0
$cmd || status=$?
case $status in 0|3|4|5|6) ;; *) exit "$status" ;; esac
hyperfine --warmup 1 --runs 5 -i "$cmd"
python3 - "$work/register.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
codes = {}
for f in r["findings"]:
    codes[f["code"]] = codes.get(f["code"], 0) + 1
print("distinct packs:", len(r["packs"]), "requests:", len(r["requests"]), "findings:", codes)
PY
