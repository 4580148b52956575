#!/usr/bin/env bash
# End-to-end tests of the desktop app in a real WebView, headless: installs
# what they need (Debian's WebKitGTK, its WebDriver and Xvfb; tauri-driver
# from crates.io) and axe-core (npm, scripts/fetch-axe.sh), builds
# target/debug/proofpack-app, the CLI and the register's bench-packs example,
# and drives the app through WebDriver under Xvfb (tests/e2e/run.py).
# Screenshots go to $E2E_SCREENSHOTS (default target/e2e-screenshots).
# Usage: scripts/e2e.sh [--built]   (--built: use the binaries as check.sh's
# one build of every target left them; a build of only these packages would
# unify features differently and compile the app's tree again.)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-app-deps.sh
./scripts/fetch-axe.sh >/dev/null
if [ "${1:-}" != --built ]; then
    cargo build --locked -p proofpack-app -p proofpack
    cargo build --locked -p proofpack-register --example bench-packs
fi
xvfb-run -a -s "-screen 0 1400x1000x24" python3 tests/e2e/run.py
