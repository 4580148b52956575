#!/usr/bin/env bash
# Authoring a pack with large attachments: peak memory and wall time of
# `proofpack pack` against `tar -czf` of the same folder (docs/BENCHMARKS.md,
# "Streaming authoring"). Generates its input (seeded, not committed) with
# the project's own libraries: the sample evidence folder
# `sample-packs/evidence/complete-gdpr` plus MIB MiB of attachments in 8
# files, signed with the sample DPO key at a fixed signed_at.
#
#   scripts/bench-authoring.sh                 # MIB=480 RUNS=3 KIND=binary
#   KIND=text scripts/bench-authoring.sh       # log-like attachments (3.6:1), as in bench-stream.sh
#   BEFORE=/path/to/old/proofpack scripts/bench-authoring.sh
#                                              # also times an older build, and
#                                              # compares its pack with this one's
#   KEEP=1 scripts/bench-authoring.sh          # keeps the generated inputs
#
# Needs GNU time (`apt-get install -y time`). Runs are interleaved (pack,
# tar, pack, ...) so that a change of load on a shared machine hits both.
set -euo pipefail
cd "$(dirname "$0")/.."
MIB=${MIB:-480}
RUNS=${RUNS:-3}
KIND=${KIND:-binary}

[ -x /usr/bin/time ] || {
    echo "GNU time is missing: apt-get install -y time" >&2
    exit 1
}

cargo build --release --locked -p proofpack --bin proofpack >&2
cargo build --release --locked -p proofpack-samples --bin make-samples \
    --example bench-attachments >&2
bin=$PWD/target/release/proofpack

work=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
    trap 'rm -rf "$work"' EXIT
else
    echo "inputs kept in $work" >&2
fi

evidence=$work/evidence
cp -r sample-packs/evidence/complete-gdpr "$evidence"
target/release/examples/bench-attachments "$evidence" "$MIB" 8 "$KIND"
target/release/make-samples --dpo-key "$work/dpo.pem" >/dev/null
trust=sample-packs/trust.json
args=(pack "$evidence" --key "$work/dpo.pem" --trust "$trust" --signed-at 2026-04-22T16:02:00Z)

echo "machine: $(nproc) cores, $(sed -n 's/^model name\t: //p' /proc/cpuinfo | head -1)," \
    "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# One run under GNU time; appends "wall cpu rss" to $work/NAME.runs (cpu:
# user + system seconds of every thread and child).
run() {
    local name=$1 out=$2
    shift 2
    rm -f "$out"
    /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || {
        cat "$work/stderr.txt" >&2
        exit 1
    }
    python3 - "$work/time.txt" >>"$work/$name.runs" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
wall = re.search(r"Elapsed \(wall clock\) time .*: (\S+)", text).group(1)
seconds = 0.0
for part in wall.split(":"):
    seconds = seconds * 60 + float(part)
user = float(re.search(r"User time \(seconds\): (\S+)", text).group(1))
user += float(re.search(r"System time \(seconds\): (\S+)", text).group(1))
rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
print(seconds, user, rss)
PY
}

for i in $(seq "$RUNS"); do
    run pack "$work/pack-$i.tar.gz" "$bin" "${args[@]}" --out "$work/pack-$i.tar.gz"
    run tar "$work/tar.tar.gz" tar -czf "$work/tar.tar.gz" -C "$evidence" .
    if [ -n "${BEFORE:-}" ]; then
        run before "$work/before.tar.gz" "$BEFORE" "${args[@]}" --out "$work/before.tar.gz"
    fi
done

# "mean wall | min wall | mean CPU | max RSS" of one command's runs.
summary() {
    python3 - "$work/$1.runs" <<'PY'
import sys
runs = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
walls = [r[0] for r in runs]
print("%.2f | %.2f | %.2f | %s" % (sum(walls) / len(walls), min(walls),
      sum(r[1] for r in runs) / len(runs), format(int(max(r[2] for r in runs)), ",")))
PY
}
# The ratios of the mean and of the min wall times of two commands.
ratio() {
    python3 -c 'import sys
walls = lambda f: [float(l.split()[0]) for l in open(f)]
a, b = walls(sys.argv[1]), walls(sys.argv[2])
print("%.2f (mins: %.2f)" % (sum(a) / len(a) / (sum(b) / len(b)), min(a) / min(b)))' "$work/$1.runs" "$work/$2.runs"
}

# The same folder, key and signed_at, packed again: byte for byte the same.
reproducible=yes
for i in $(seq 2 "$RUNS"); do
    cmp -s "$work/pack-1.tar.gz" "$work/pack-$i.tar.gz" || reproducible=NO
done
size=$(stat -c %s "$work/pack-1.tar.gz")
echo
echo "$KIND attachments, $MIB MiB; pack: $size bytes ($(python3 -c "print('%.2f' % ($MIB * 1048576 / $size))"):1)," \
    "reproducible: $reproducible; $RUNS runs; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| command | mean wall (s) | min wall (s) | mean CPU (s) | max RSS (KiB) | ratio of wall times |"
echo "|---|---|---|---|---|---|"
echo "| \`proofpack pack DIR --key K --trust T --signed-at S --out P\` | $(summary pack) | pack / tar = **$(ratio pack tar)** |"
if [ -n "${BEFORE:-}" ]; then
    if cmp -s "$work/pack-1.tar.gz" "$work/before.tar.gz"; then same=identical; else same=DIFFERENT; fi
    echo "| the same, \`BEFORE\` build (its pack: $same bytes) | $(summary before) | before / tar = $(ratio before tar) |"
fi
echo "| \`tar -czf OUT -C DIR .\` (GNU tar, gzip -6) | $(summary tar) | 1.00 |"
