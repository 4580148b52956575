#!/usr/bin/env bash
# Runs the libFuzzer targets of fuzz/ on the stable toolchain (cargo-fuzz,
# no sanitizer: `-s none`; debug assertions on: `-a`).
#
#   scripts/fuzz.sh TARGET MINUTES   run one target for MINUTES minutes
#   scripts/fuzz.sh --smoke [SECS]   run every target SECS seconds (default 15)
#   scripts/fuzz.sh --list           list the targets
#
# Installs cargo-fuzz when it is missing (scripts/tool.sh, from crates.io) and
# seeds fuzz/corpus/<target>/ from the sample packs, the
# public vectors and the corpora (fuzz/seed-corpus.sh) before running. A crash
# stops the run with a non-zero status; libFuzzer writes the input to
# fuzz/artifacts/<target>/, and it becomes a regression test under tests/.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    sed -n '5,7s/^# *//p' "$0" >&2
    exit 2
}

targets() {
    sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^proofpack-fuzz$'
}

# One target, for SECONDS, on its corpus. 60 s on one input (a hang: the
# slowest input seen takes 1.6 s alone, 11 s on a loaded machine) or 2 GiB
# of memory is a failure too.
run() {
    local target=$1 seconds=$2
    cargo fuzz run -s none -a "$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1
}

# A positive whole number (libFuzzer takes 0 seconds as "forever").
positive() {
    [[ $1 =~ ^[1-9][0-9]*$ ]] || { echo "not a positive whole number: $1" >&2; exit 2; }
}

[ $# -ge 1 ] || usage
case $1 in
    --list) targets; exit 0 ;;
    --smoke) [ $# -le 2 ] || usage; mode=smoke; seconds=${2:-15}; positive "$seconds" ;;
    -*) usage ;;
    *) [ $# -eq 2 ] || usage; mode=one; target=$1; positive "$2"; seconds=$(($2 * 60))
       targets | grep -qx "$target" || { echo "no fuzz target $target; try --list" >&2; exit 2; } ;;
esac

./scripts/tool.sh cargo-fuzz
fuzz/seed-corpus.sh >/dev/null

if [ "$mode" = one ]; then
    run "$target" "$seconds"
    exit 0
fi
cargo fuzz build -s none -a
for t in $(targets); do
    echo "fuzz smoke: $t, ${seconds}s" >&2
    if ! run "$t" "$seconds" >"fuzz/smoke-$t.log" 2>&1; then
        tail -n 60 "fuzz/smoke-$t.log" >&2
        echo "fuzz smoke: $t FAILED (log: fuzz/smoke-$t.log, input: fuzz/artifacts/$t/)" >&2
        exit 1
    fi
    grep -E '^stat::number_of_executed_units|^Done' "fuzz/smoke-$t.log" >&2 || true
done
