#!/usr/bin/env bash
# The single-file verifier in Firefox (issue 29: "say what you find of
# Firefox"), outside CI: Debian's firefox-esr, headless, through geckodriver
# from crates.io (scripts/tool.sh). Every public vector and sample, and a
# pack with members of 1 MiB or more, must give the CLI's verdict and
# codes; it prints which hashing path the browser takes (JSPI or one
# worker) and, with BIG=PACK, that pack's time from choosing it to its
# verdict. Findings are in docs/BENCHMARKS.md, "The verifier in a browser".
#   scripts/firefox-check.sh              BIG=path/to/big.tar.gz scripts/firefox-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/apt-missing.sh firefox-esr
./scripts/tool.sh geckodriver
cargo build --locked -p proofpack
./scripts/build-web.sh >/dev/null
python3 tests/e2e/firefox.py
