#!/usr/bin/env bash
# Wall time and peak memory of `proofpack-demo` (release): a clean run and
# one run per fault, each in a fresh output folder. Prints the markdown rows
# of docs/BENCHMARKS.md's `## proofpack-demo` section.
# Needs GNU time (`apt-get install -y time`).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p proofpack-demo >&2
bin=target/release/proofpack-demo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| run | exit | wall (s) | max RSS (KiB) |"
echo "|---|---|---|---|"
for fault in "" vector-index-not-rebuilt cache-ttl subprocessor-email-only subprocessor-pending \
             summarizer-race model-suppressed-only late backup-restored; do
    out="$work/out-${fault:-clean}"
    args=(--out "$out")
    [ -n "$fault" ] && args+=(--fault "$fault")
    status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$bin" "${args[@]}" > /dev/null || status=$?
    read -r wall rss < <(tail -n 1 "$work/time")
    echo "| ${fault:-(clean)} | $status | $wall | $rss |"
done
