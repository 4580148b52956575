#!/usr/bin/env bash
# The auditor portal's start-up (docs/BENCHMARKS.md, "Auditor portal:
# start-up"): the time from starting `proofpack-portal serve` to its first
# accepted TCP connection, and to the moment every pack of the list has a
# verdict, over a store of PACKS copies of the four sample packs (one
# tenant folder, distinct file names).
#
#   scripts/bench-portal-start.sh                  # PACKS=500 RUNS=10, this tree
#   BEFORE=41510a9 scripts/bench-portal-start.sh   # and that revision, side by side
#   PACKS=2000 RUNS=5 scripts/bench-portal-start.sh
#
# BEFORE is built from `git archive` of the revision in a temporary folder,
# with its own target folder (target/bench-before, kept for the next run).
# Release builds. Prints markdown rows. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
PACKS=${PACKS:-500}
RUNS=${RUNS:-10}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --locked -p proofpack-portal >&2
cp target/release/proofpack-portal "$work/after"
bins=(after)
if [ -n "${BEFORE:-}" ]; then
    mkdir "$work/before-src"
    git archive "$BEFORE" | tar -x -C "$work/before-src"
    CARGO_TARGET_DIR=$PWD/target/bench-before \
        cargo build --release --locked -p proofpack-portal \
        --manifest-path "$work/before-src/Cargo.toml" >&2
    cp target/bench-before/release/proofpack-portal "$work/before"
    bins=(before after)
fi

store=$work/store/ten_0440
mkdir -p "$store"
samples=(sample-packs/*.tar.gz)
for i in $(seq 0 $((PACKS - 1))); do
    cp "${samples[$((i % ${#samples[@]}))]}" "$store/pack-$(printf %05d "$i").tar.gz"
done
token=$("$work/after" token add "$work/tokens.json" --id bench --tenant ten_0440)

echo "machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "| build | packs | runs | first connection: mean (min-max) | every verdict: mean (min-max) |"
echo "|---|---|---|---|---|"
for name in "${bins[@]}"; do
    python3 - "$work/$name" "$work/store" "$work/tokens.json" "$token" "$PACKS" "$RUNS" "$name" <<'EOF'
import json, os, signal, socket, subprocess, sys, time, urllib.request

binary, store, tokens, token, packs, runs, name = sys.argv[1:]
packs, runs = int(packs), int(runs)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def all_verified(port):
    seen = 0
    page = 1
    while True:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/v1/packs?per_page=1000&page={page}",
            headers={"Authorization": f"Bearer {token}"},
        )
        with urllib.request.urlopen(request) as answer:
            listed = json.load(answer)
        if any(p["verdict"] is None for p in listed["packs"]):
            return False
        seen += len(listed["packs"])
        if seen >= listed["total"]:
            return listed["total"] == packs
        page += 1


connected, verified = [], []
for _ in range(runs):
    port = free_port()
    started = time.monotonic()
    child = subprocess.Popen(
        [binary, "serve", store, "--trust", "sample-packs/trust.json",
         "--tokens", tokens, "--addr", f"127.0.0.1:{port}",
         "--access-log", os.devnull],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if child.poll() is not None:
                    sys.exit(f"{name}: the portal exited with {child.returncode}")
                time.sleep(0.001)
        connected.append(time.monotonic() - started)
        while not all_verified(port):
            time.sleep(0.01)
        verified.append(time.monotonic() - started)
    finally:
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=60)


def row(values):
    ms = [v * 1000 for v in values]
    return f"{sum(ms) / len(ms):.0f} ms ({min(ms):.0f}-{max(ms):.0f})"


print(f"| {name} | {packs} | {runs} | {row(connected)} | {row(verified)} |")
EOF
done
