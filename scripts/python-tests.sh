#!/usr/bin/env bash
# The Python package's tests (crates/proofpack-py/tests/) and the examples'
# (examples/python/agent_memory/tests/, examples/python/mem0/tests/): a
# virtual environment under target/, the package installed into it from the
# repository by pip with its `mem0` extra (which fetches maturin from PyPI
# and builds the extension with cargo, and installs mem0ai), pytest,
# cryptography (the witness's Ed25519 cosignatures in the seal tests), the
# agent-memory example's requirements (ChromaDB, which the Mem0 tests use
# too), and the `proofpack` CLI that the tests compare `proofpack.verify`
# with and check the packs with. Needs python3 (3.10 or later, with venv:
# Mem0 needs 3.10) and the Rust toolchain; reaches only PyPI and crates.io.
# The tests themselves run offline: a network guard in every Python process
# (crates/proofpack-py/tests/offline/), and no network namespace at all
# where `unshare -n` is allowed.
#   scripts/python-tests.sh [PYTEST ARGS...]   (the args go to the package's tests)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/python-tests/venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
# The wheel is built in the workspace's target/ (or $CARGO_TARGET_DIR), so
# a second run rebuilds only what changed.
example=examples/python/agent_memory
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "./crates/proofpack-py[mem0]" \
    pytest cryptography -r "$example/requirements.txt"
if [ -z "${PROOFPACK_BIN:-}" ]; then
    cargo build --locked --quiet --bin proofpack
    export PROOFPACK_BIN="$target/debug/proofpack"
fi
# No network namespace at all where `unshare -n` is allowed (the network
# guard runs in any case).
offline=()
if unshare -n true 2>/dev/null; then
    offline=(unshare -n)
fi
# Run from the tests' folder, not the repository, so that `import proofpack`
# is the installed package; no cache is written into the repository.
(cd crates/proofpack-py/tests && "${offline[@]}" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@")
# The examples' runs, each pack verified by the CLI: the agent-memory
# example (clean, then one planted defect) and the Mem0 example (Mem0's
# delete alone, then ProofPack's; Qdrant local and Chroma).
cd examples/python
exec "${offline[@]}" "$venv/bin/python" -m pytest -q -p no:cacheprovider agent_memory/tests mem0/tests
