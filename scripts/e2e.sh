#!/usr/bin/env bash
# End-to-end tests of the desktop app in a real WebView, headless: installs
# what they need (Debian's WebKitGTK, its WebDriver and Xvfb; tauri-driver
# from crates.io) and axe-core (npm, scripts/fetch-axe.sh), builds
# target/debug/proofpack-app and the CLI, and drives the app through
# WebDriver under Xvfb (tests/e2e/run.py). Screenshots go to
# $E2E_SCREENSHOTS (default target/e2e-screenshots).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-app-deps.sh
./scripts/fetch-axe.sh >/dev/null
cargo build --locked -p proofpack-app -p proofpack -p proofpack-samples
xvfb-run -a -s "-screen 0 1400x1000x24" python3 tests/e2e/run.py
