#!/usr/bin/env bash
# Streaming verification and authoring of a pack with large attachments, side
# by side in one run (docs/BENCHMARKS.md, "Streaming verification and
# authoring"). Generates its inputs (seeded, not committed) with the project's
# own libraries: the sample evidence folder plus MIB MiB of attachments,
# signed by `proofpack pack` with the sample DPO key.
#
#   scripts/bench-stream.sh              # MIB=480 RUNS=5 PACK_RUNS=2
#   MIB=100 RUNS=3 scripts/bench-stream.sh
#   KEEP=1 scripts/bench-stream.sh       # keeps the generated inputs
#   SKIP_PACK=1 scripts/bench-stream.sh  # verification only (the authoring rows take minutes)
#
# Needs hyperfine and GNU time (`apt-get install -y hyperfine time`).
set -euo pipefail
cd "$(dirname "$0")/.."
MIB=${MIB:-480}
RUNS=${RUNS:-5}
PACK_RUNS=${PACK_RUNS:-2}

for tool in hyperfine /usr/bin/time; do
    command -v "$tool" >/dev/null || {
        echo "$tool is missing: apt-get install -y hyperfine time" >&2
        exit 1
    }
done

cargo build --release --locked --bin proofpack >&2
cargo build --release --locked -p proofpack-samples --bin make-samples \
    --example bench-attachments >&2
cargo build --release --locked -p proofpack-core --example inflate-sink >&2
bin=$PWD/target/release/proofpack
sink=$PWD/target/release/examples/inflate-sink

work=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
    trap 'rm -rf "$work"' EXIT
else
    echo "inputs kept in $work" >&2
fi

evidence=$work/evidence
cp -r sample-packs/evidence/complete-gdpr "$evidence"
target/release/examples/bench-attachments "$evidence" "$MIB" 8
target/release/make-samples --dpo-key "$work/dpo.pem" >/dev/null
trust=sample-packs/trust.json
pack_cmd="$bin pack $evidence --key $work/dpo.pem --trust $trust --signed-at 2026-04-22T16:02:00Z"
$pack_cmd --out "$work/big.tar.gz" >/dev/null
pack=$work/big.tar.gz

echo "machine: $(nproc) cores, $(sed -n 's/^model name\t: //p' /proc/cpuinfo | head -1)," \
    "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# Mean wall times in seconds, from hyperfine's JSON export.
mean() {
    python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%.3f | %.3f | %.3f" % (r["mean"], r["min"], r["user"]))' "$1"
}
rss() {
    /usr/bin/time -v "$@" >/dev/null 2>"$work/time.txt" || true
    sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt"
}
time_it() {
    local name=$1 runs=$2
    shift 2
    # The slow authoring runs skip the warm-up: the files are cached by then.
    local warmup=1
    [ "$runs" -gt 2 ] || warmup=0
    hyperfine --style none --warmup "$warmup" --runs "$runs" --export-json "$work/$name.json" "$@" >&2
    mean "$work/$name.json"
}

verify=$(time_it verify "$RUNS" "$bin verify $pack --trust $trust --json")
gzip_sha=$(time_it gzip_sha "$RUNS" "gzip -dc $pack | sha256sum")
zlibrs=$(time_it zlibrs "$RUNS" "$sink $pack zlib-rs")
miniz=$(time_it miniz "$RUNS" "$sink $pack miniz")
serial=$(time_it serial "$RUNS" "$sink $pack zlib-rs --hash")
verify_rss=$(rss "$bin" verify "$pack" --trust "$trust" --json)
# On a machine whose cores other work keeps busy, a two-thread pipeline
# cannot show in wall time; the reading thread's CPU time (its share of
# perf's samples times verify's user time) is the load-independent figure
# to hold against the one-thread sink's.
reader_cpu=""
if command -v perf >/dev/null &&
    perf record -q -o "$work/perf.data" "$bin" verify "$pack" --trust "$trust" --json \
        >/dev/null 2>&1; then
    reader_cpu=$(perf report -i "$work/perf.data" --sort comm --stdio 2>/dev/null | python3 -c '
import json, re, sys
share = {}
for line in sys.stdin:
    m = re.match(r"\s*([0-9.]+)%\s+(\S+)", line)
    if m:
        share[m.group(2)] = float(m.group(1))
main, hashing = share.get("proofpack", 0.0), share.get("proofpack-hash", 0.0)
user = json.load(open(sys.argv[1]))["results"][0]["user"]
print("%.3f s of CPU (%.0f%% of the samples; the hashing thread %.0f%%)" % (user * main / (main + hashing), main, hashing))
' "$work/verify.json")
fi
if [ -z "${SKIP_PACK:-}" ]; then
pack_t=$(time_it pack "$PACK_RUNS" --prepare "rm -f $work/p.tar.gz" "$pack_cmd --out $work/p.tar.gz")
tar_t=$(time_it tar "$PACK_RUNS" --prepare "rm -f $work/t.tar.gz" "tar -czf $work/t.tar.gz -C $evidence .")
pack_rss=$(rss $pack_cmd --out "$work/r.tar.gz")
# The same folder, key and signed_at, packed again: byte for byte the same.
if cmp -s "$pack" "$work/r.tar.gz"; then reproducible=yes; else reproducible=NO; fi
fi

# Ratios of the mean wall times (the first field of each figure).
ratio() { python3 -c 'import sys; print("%.2f" % (float(sys.argv[1].split()[0]) / float(sys.argv[2].split()[0])))' "$1" "$2"; }
echo
echo "pack: $(stat -c %s "$pack") bytes for $MIB MiB of attachments; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| command | mean wall (s) | min (s) | user (s) | ratio of means | max RSS (KiB) |"
echo "|---|---|---|---|---|---|"
echo "| \`proofpack verify\` | $verify | 1.00 | $verify_rss |"
echo "| \`gzip -dc PACK \| sha256sum\` | $gzip_sha | verify / this = $(ratio "$verify" "$gzip_sha") | |"
echo "| inflate to a sink, zlib-rs, 1 thread | $zlibrs | verify / this = $(ratio "$verify" "$zlibrs") | |"
echo "| inflate to a sink, miniz_oxide, 1 thread | $miniz | this / zlib-rs = $(ratio "$miniz" "$zlibrs") | |"
echo "| inflate + SHA-256, zlib-rs, 1 thread | $serial | this / zlib-rs = $(ratio "$serial" "$zlibrs") | |"
if [ -z "${SKIP_PACK:-}" ]; then
    echo "| \`proofpack pack\` (reproducible: $reproducible) | $pack_t | pack / tar = $(ratio "$pack_t" "$tar_t") | $pack_rss |"
    echo "| \`tar -czf\` of the same folder | $tar_t | 1.00 | |"
fi
if [ -n "$reader_cpu" ]; then
    sink_user=$(echo "$zlibrs" | cut -d'|' -f3)
    echo
    echo "verify's reading thread: $reader_cpu, against$sink_user s of user time for the zlib-rs sink"
fi
