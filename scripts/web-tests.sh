#!/usr/bin/env bash
# The verifier in a browser (issue 29): builds target/web/ with
# scripts/build-web.sh, twice, and checks that both builds give the same
# single file; then drives both pages in headless Debian chromium through
# chromedriver (tests/e2e/web.py): the single file opened from disk with the
# network off, the hosted build from a loopback server and from the
# auditor portal (under /verify/). Installs chromium and chromium-driver
# when missing, and axe-core (scripts/fetch-axe.sh).
# Screenshots go to $E2E_SCREENSHOTS (default target/e2e-screenshots).
# Usage: scripts/web-tests.sh [--built]   (--built: use target/debug/proofpack
# as `cargo test` just built it, as check.sh does.)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/apt-missing.sh chromium chromium-driver
./scripts/fetch-axe.sh >/dev/null
if [ "${1:-}" != --built ]; then
    cargo build --locked -p proofpack -p proofpack-portal
fi
first=$(./scripts/build-web.sh)
# The same commit built again: the same bytes (the module is not compiled
# again here; what comes after it is, and must not vary).
second=$(./scripts/build-web.sh 2>/dev/null)
if [ "$first" != "$second" ]; then
    echo "web-tests: two builds differ: $first / $second" >&2
    exit 1
fi
echo "$first"
# The bindings to JavaScript exist on wasm32 only: linted there.
cargo clippy --locked -p proofpack-web --target wasm32-unknown-unknown -- -D warnings
python3 tests/e2e/web.py
