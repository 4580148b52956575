#!/usr/bin/env bash
# Looks at the auditor portal's page as a person would: serves the sample
# packs (tenant ten_0440) on loopback, opens http://127.0.0.1:PORT/ in
# headless Chromium (Debian `chromium`), types a fresh token into the page,
# checks that the table lists the four packs with no script error or CSP
# violation, and saves a screenshot. Needs chromium and node (20 or later).
# Usage: scripts/portal-page.sh [OUT_PNG]   (default docs/portal/portal-page.png)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/portal/portal-page.png}
cargo build --locked -p proofpack-portal >/dev/null
bin=target/debug/proofpack-portal
work=$(mktemp -d)
portal_pid= chrome_pid=
cleanup() {
    [ -n "$chrome_pid" ] && kill "$chrome_pid" 2>/dev/null || true
    [ -n "$portal_pid" ] && kill "$portal_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/store/ten_0440" "$(dirname "$out")"
cp sample-packs/*.tar.gz "$work/store/ten_0440/"
"$bin" token add "$work/tokens.json" --id page-check --tenant ten_0440 > "$work/token" 2>/dev/null
"$bin" serve "$work/store" --trust sample-packs/trust.json --tokens "$work/tokens.json" \
    --addr 127.0.0.1:0 --access-log "$work/access.log" > "$work/stdout" 2>/dev/null &
portal_pid=$!
for _ in $(seq 100); do grep -q '^listening on ' "$work/stdout" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/stdout")
[ -n "$url" ] || { echo "portal-page: the portal did not start" >&2; exit 1; }
port=9333
chromium --headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --user-data-dir="$work/profile" --remote-debugging-port=$port about:blank 2>/dev/null &
chrome_pid=$!
for _ in $(seq 100); do curl -s "http://127.0.0.1:$port/json/version" >/dev/null && break; sleep 0.1; done
node --experimental-websocket scripts/portal-page.mjs "$port" "$url/" "$work/token" 4 "$out"
