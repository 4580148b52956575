#!/usr/bin/env bash
# The whole test suite: formatting, lints, every test of the core and CLI
# (which need no GTK or WebKit; the demo's on SQLite and on a throwaway
# PostgreSQL cluster), the Python package's tests, the
# accessibility checks of the HTML report and the portal page (axe-core in
# headless chromium), the verifier in a browser (the single-file page and
# the hosted build, built by scripts/build-web.sh, in headless chromium), a
# short run of every
# fuzz target, then the desktop app: its lints, its command-level tests
# (tauri::test, no display) and its end-to-end tests in a real WebView under
# Xvfb, axe-core and the keyboard-only test among them (scripts/e2e.sh
# installs what they need).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
# One lint pass over every crate but the app (linted with its own tree
# below): the default members and the Python package.
cargo clippy --locked --workspace --exclude proofpack-app --all-targets -- -D warnings
# The demo's tests run its whole suite on PostgreSQL too, on a throwaway
# cluster of Debian's server binaries (installed here when missing).
./scripts/install-postgres.sh
# The programs the root's tests run (tests/tools/): OpenSSL's command line
# (interoperability of keys, the README's signature checks), util-linux's
# `script` (a pseudo-terminal) and dash. Missing, those tests fail.
./scripts/apt-missing.sh openssl bsdutils dash
cargo test --locked
# axe-core on the HTML report and the portal page in headless chromium, with
# the CLI and portal `cargo test` just built for its integration tests.
./scripts/a11y-pages.sh --built
# The verifier in a browser: the single-file page and the hosted build
# (scripts/build-web.sh) in headless chromium, every vector against the
# CLI, the exports, axe-core and the keyboard, no request leaving the page.
./scripts/web-tests.sh --built
# The Python package's pytest tests and its agent-memory example's, in a
# virtual environment under target/ (pip fetches maturin from PyPI and builds
# the wheel in release, and installs ChromaDB for the example), with the
# debug CLI `cargo test` just built to compare its reports with and to
# verify the example's packs.
PROOFPACK_BIN="$PWD/target/debug/proofpack" ./scripts/python-tests.sh
# Every fuzz target briefly, on stable (cargo-fuzz `-s none`), from the seeds.
./scripts/fuzz.sh --smoke
./scripts/install-app-deps.sh
# Tests first: clippy then reuses the dependencies they built.
cargo test --locked -p proofpack-app
cargo clippy --locked -p proofpack-app --all-targets -- -D warnings
./scripts/e2e.sh
