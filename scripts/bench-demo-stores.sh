#!/usr/bin/env bash
# The demo on SQLite and on PostgreSQL at scale: `proofpack-demo` (release)
# with N synthetic subjects besides the four fixed ones (default 10000),
# once on each store, with `--timings` (seeding, intake, each of the nine
# steps, and each later phase). PostgreSQL is a throwaway cluster of
# Debian's server binaries (scripts/install-postgres.sh) on a private port
# of 127.0.0.1, run as the `postgres` user when this runs as root, stopped
# and removed on exit. Prints each run's wall time and its timing lines.
# Usage: scripts/bench-demo-stores.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
subjects=${1:-10000}
./scripts/install-postgres.sh
cargo build --release --locked -p proofpack-demo >&2
bin=${CARGO_TARGET_DIR:-target}/release/proofpack-demo
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
work=$(mktemp -d)
chmod 755 "$work"
as_pg=()
if [ "$(id -u)" = 0 ]; then
    chown postgres:postgres "$work"
    as_pg=(runuser -u postgres --)
fi
cleanup() {
    "${as_pg[@]}" "$bindir/pg_ctl" stop -m immediate -D "$work/data" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
"${as_pg[@]}" "$bindir/initdb" -D "$work/data" -U postgres -A trust -E UTF8 --locale=C >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A server as shipped (durable commits): the comparison is with SQLite's
# own durable settings (WAL, synchronous=NORMAL).
"${as_pg[@]}" "$bindir/pg_ctl" start -w -D "$work/data" -l "$work/server.log" \
    -o "-p $port -h 127.0.0.1 -k $work" >/dev/null
"${as_pg[@]}" "$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -qc "CREATE DATABASE demo"
echo "$($bindir/postgres --version); $subjects synthetic subjects + 4"
for store in sqlite postgres; do
    args=(--out "$work/out-$store" --subjects "$subjects" --timings)
    [ "$store" = postgres ] && args+=(--store "postgres://postgres@127.0.0.1:$port/demo")
    start=$(date +%s.%N)
    status=0
    "$bin" "${args[@]}" > "$work/story-$store" || status=$?
    end=$(date +%s.%N)
    echo
    echo "== $store: exit $status, wall $(python3 -c "print(f'{$end - $start:.2f}')") s"
    grep -E '\[time\]|^  [0-9]\. ' "$work/story-$store"
done
