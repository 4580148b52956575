#!/usr/bin/env bash
# The whole test suite: formatting, lints, and every test of the workspace's
# default members (the core and CLI; no GTK or WebKit needed).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked
