#!/usr/bin/env bash
# Accessibility of the HTML report and of the auditor portal's page: axe-core
# (scripts/fetch-axe.sh) in headless Debian chromium through chromedriver,
# on the report of every sample pack and conformance vector and on the
# portal page in each of its states, as they are and at 200% zoom; the
# portal driven by the keyboard (tests/e2e/pages.py). Installs chromium and
# chromium-driver when missing. Screenshots go to $E2E_SCREENSHOTS (default
# target/e2e-screenshots).
# Usage: scripts/a11y-pages.sh [--built]   (--built: use target/debug/proofpack
# and proofpack-portal as they are, as check.sh does right after `cargo test`,
# which builds both for their integration tests; a `cargo build` of only these
# two packages would unify features differently and compile again.)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/apt-missing.sh chromium chromium-driver
./scripts/fetch-axe.sh >/dev/null
if [ "${1:-}" != --built ]; then
    cargo build --locked -p proofpack -p proofpack-portal
fi
python3 tests/e2e/pages.py
