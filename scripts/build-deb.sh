#!/usr/bin/env bash
# Builds the installable Debian package of the desktop app with the Tauri
# bundler, offline (the crates come from crates.io): installs tauri-cli when
# missing, then writes target/release/bundle/deb/ProofPack_<version>_amd64.deb.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-app-deps.sh
command -v cargo-tauri >/dev/null 2>&1 || cargo install tauri-cli --version '^2' --locked --quiet
(cd src-tauri && cargo tauri build --bundles deb)
ls target/release/bundle/deb/*.deb
