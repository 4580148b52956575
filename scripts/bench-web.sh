#!/usr/bin/env bash
# The verifier in a browser against the native CLI, in one run
# (docs/BENCHMARKS.md, "The verifier in a browser"; issue 29, item 5):
#
# - the big pack (MIB MiB of attachments, as scripts/bench-stream.sh makes
#   it) verified RUNS times by `proofpack verify` and by the single-file page
#   in headless chromium (seconds from choosing it to its verdict, by the
#   page's clock), with peak memory: the CLI's, and the growth of the
#   page's renderer process while it verifies, for the big pack and for one
#   of a quarter of its attachments (flat in the pack's size, or not);
# - 100 small packs (copies of the sample packs) chosen at once in the page,
#   against `proofpack verify DIR`;
# - the single file's size.
#
#   scripts/bench-web.sh                 # MIB=480 RUNS=3
#   KEEP=1 scripts/bench-web.sh          # keeps the generated inputs
set -euo pipefail
cd "$(dirname "$0")/.."
MIB=${MIB:-480}
RUNS=${RUNS:-3}
command -v /usr/bin/time >/dev/null || { echo "GNU time is missing: apt-get install -y time" >&2; exit 1; }

cargo build --release --locked --bin proofpack >&2
cargo build --release --locked -p proofpack-samples --bin make-samples --example bench-attachments >&2
./scripts/build-web.sh >&2
./scripts/apt-missing.sh chromium chromium-driver
bin=$PWD/target/release/proofpack
trust=$PWD/sample-packs/trust.json

work=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$work"' EXIT; else echo "inputs kept in $work" >&2; fi
target/release/make-samples --dpo-key "$work/dpo.pem" >/dev/null
# A pack of the sample evidence plus $1 MiB of seeded attachments, as
# scripts/bench-stream.sh makes it.
make_pack() {
    rm -rf "$work/evidence"
    cp -r sample-packs/evidence/complete-gdpr "$work/evidence"
    target/release/examples/bench-attachments "$work/evidence" "$1" 8
    "$bin" pack "$work/evidence" --key "$work/dpo.pem" --trust "$trust" \
        --signed-at 2026-04-22T16:02:00Z --out "$2" >/dev/null
}
make_pack "$MIB" "$work/big.tar.gz"
make_pack $((MIB / 4)) "$work/quarter.tar.gz"
mkdir "$work/many"
for i in $(seq -w 0 99); do
    samples=(sample-packs/*.tar.gz)
    cp "${samples[$((10#$i % ${#samples[@]}))]}" "$work/many/pack-$i.tar.gz"
done

echo "machine: $(nproc) cores, $(sed -n 's/^model name\t: //p' /proc/cpuinfo | head -1);" \
    "$(chromium --version 2>/dev/null); load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
native=()
for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$bin" verify "$work/big.tar.gz" --trust "$trust" --json >/dev/null
    native+=("$(tail -1 "$work/time")")
done
/usr/bin/time -f "%e %M" -o "$work/time" "$bin" verify "$work/many" --trust "$trust" --json >/dev/null || true
# (GNU time's first line says the status when it is a verdict's, not 0.)
native_many=$(tail -1 "$work/time")
cd tests/e2e
browser=$(python3 bench_web.py big "$work/big.tar.gz" "$trust" "$RUNS")
quarter=$(python3 bench_web.py big "$work/quarter.tar.gz" "$trust" 1)
many=$(python3 bench_web.py many "$work/many" "$trust")
cd ../..

python3 - "$work/big.tar.gz" "$work/quarter.tar.gz" "$MIB" "$browser" "$quarter" "$many" "$native_many" \
    target/web/proofpack-verify.html "${native[@]}" <<'EOF'
import json, os, statistics, sys
big, quarter, mib, browser, quarter_run, many, native_many, single = sys.argv[1:9]
native = [tuple(map(float, run.split())) for run in sys.argv[9:]]
browser, quarter_run, many = json.loads(browser), json.loads(quarter_run), json.loads(many)
n_wall = [w for w, _ in native]
b_wall = browser["seconds"]
def growth(run):
    return ", ".join(f"{peak - idle:,}" for idle, peak in run["renderer_rss_kib_idle_peak"])
print(f"big pack: {os.path.getsize(big):,} bytes for {mib} MiB of attachments; "
      f"load average after: {open('/proc/loadavg').read().split()[:3]}")
print()
print("| | runs (s) | mean (s) | min (s) | memory |")
print("|---|---|---|---|---|")
print(f"| `proofpack verify` (native) | {', '.join(f'{w:.2f}' for w in n_wall)} | {statistics.mean(n_wall):.2f} "
      f"| {min(n_wall):.2f} | max RSS {max(m for _, m in native):,.0f} KiB |")
print(f"| single-file page, chromium | {', '.join(f'{w:.2f}' for w in b_wall)} | {statistics.mean(b_wall):.2f} "
      f"| {min(b_wall):.2f} | renderer grew {growth(browser)} KiB |")
print(f"| page / native | | **{statistics.mean(b_wall) / statistics.mean(n_wall):.2f}** "
      f"| {min(b_wall) / min(n_wall):.2f} | |")
print(f"| quarter pack ({os.path.getsize(quarter):,} bytes), page | {quarter_run['seconds'][0]:.2f} | | "
      f"| renderer grew {growth(quarter_run)} KiB |")
wall, rss = native_many.split()
print(f"| 100 small packs, `proofpack verify DIR` | {float(wall):.2f} | | | max RSS {float(rss):,.0f} KiB |")
print(f"| 100 small packs chosen at once, page | {many['seconds']:.2f} | | | |")
print()
print(f"single file: {os.path.getsize(single):,} bytes")
print("renderer's peak in each quarter of each big run (KiB):", browser["renderer_rss_kib_quarters"])
EOF
