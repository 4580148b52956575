#!/usr/bin/env bash
# Peak memory and wall time of `proofpack verify` on gzip bombs and on a pack
# with a large attachment (docs/BENCHMARKS.md records the figures).
#
#   scripts/bench-bomb.sh            # builds the release binary, writes the
#                                    # inputs to a temporary directory, runs them
#   KEEP=1 scripts/bench-bomb.sh     # keeps the temporary directory
#
# Needs python3 (benches/bomb_gen.py writes every stream incrementally) and
# GNU time (`apt-get install -y time`). Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/time ]; then
    echo "GNU time is missing: apt-get install -y time" >&2
    exit 1
fi

cargo build --release --locked --bin proofpack >&2
bin=target/release/proofpack

work=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
    trap 'rm -rf "$work"' EXIT
else
    echo "inputs kept in $work" >&2
fi

python3 benches/bomb_gen.py "$work" sample-packs/complete-gdpr.tar.gz \
    sample-packs/trust.json >&2

run() {
    local label=$1 pack=$2
    shift 2
    local status=0
    /usr/bin/time -v "$bin" verify "$pack" --json "$@" >"$work/out.json" 2>"$work/time.txt" ||
        status=$?
    local codes wall user rss
    codes=$(python3 -c '
import collections, json, sys
r = json.load(open(sys.argv[1]))
c = collections.Counter(f["code"] for f in r["findings"])
print(r["verdict"] + ": " + (", ".join(f"{k} x{v}" if v > 1 else k for k, v in c.items()) or "no finding"))
' "$work/out.json")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
    user=$(sed -n 's/.*User time (seconds): //p' "$work/time.txt")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$(stat -c %s "$pack")" \
        "$status" "$codes" "$wall" "$user" "$rss"
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "| input | file bytes | exit | verdict: findings | wall | user (s) | max RSS (KiB) |"
echo "|---|---|---|---|---|---|---|"
run "sample pack (baseline)" sample-packs/complete-gdpr.tar.gz \
    --trust sample-packs/trust.json
run "(a) gzip bomb: end marker + zeros, 1.2 GiB" "$work/a-zeros-1.2GiB.tar.gz"
run "(a1) the same, exactly 1 GiB (the limit)" "$work/a1-zeros-1GiB.tar.gz"
run "(a2) the same, 1 GiB + 1 byte" "$work/a2-zeros-1GiB-plus-1.tar.gz"
run "(b) 2 x 500 MiB attachments" "$work/b-two-500MiB.tar.gz"
run "(c) one member of exactly 512 MiB (the limit)" "$work/c-member-512MiB.tar.gz"
run "(c1) one member of 512 MiB + 1 byte" "$work/c1-member-512MiB-plus-1.tar.gz"
run "(d) manifest.json + request.json, 500 MiB of NUL each" "$work/d-parsed-2x500MiB.tar.gz"
run "(f) 10,000 entries (the limit)" "$work/f-entries-10000.tar.gz"
run "(f1) 10,001 entries" "$work/f1-entries-10001.tar.gz"
run "(g) request.json: a 100 MB JSON object of 7.7 M members" "$work/g-wide-json-100MB.tar.gz"
run "(h) verification.json nested 64 levels (the limit)" "$work/h-nesting-64.tar.gz"
run "(h1) verification.json nested 65 levels" "$work/h1-nesting-65.tar.gz"
run "(e) sample pack + 300 MiB attachment" "$work/e-pack-300MiB-attachment.tar.gz" \
    --trust "$work/e-trust.json"
