#!/usr/bin/env bash
# Builds the verifier for browsers (issue 29) into target/web/:
#
#   target/web/index.html (+ app.js, worker.js, style.css,
#       proofpack_web_bg.wasm)    to host on any static web server;
#   target/web/proofpack-verify.html
#       one self-contained file (at most 4 MiB) that works opened from disk,
#       with no server and no network. Its SHA-256 is printed last.
#
# The page is ui/, the desktop app's own front end, on the browser's backend
# (ui/backend-web.js); the verifier is crates/proofpack-web compiled to
# wasm32-unknown-unknown. Installs what it needs: the wasm32 target
# (rustup), wasm-bindgen-cli at exactly the version of the wasm-bindgen crate
# in Cargo.lock (scripts/tool.sh), and esbuild, pinned with its integrity in
# crates/proofpack-web/tools/package-lock.json (npm ci, into target/).
# Reproducible: paths are remapped out of the module, and two builds of one
# commit give the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
build=$target/web-build
out=$target/web

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown >&2
fi

./scripts/tool.sh wasm-bindgen

# The module, its paths remapped (the same bytes wherever the clone and
# cargo's home are), with WebAssembly's 128-bit SIMD (every current browser
# has it): the hashes and inflate use it.
cargo_home=${CARGO_HOME:-$HOME/.cargo}
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128 --remap-path-prefix=$root=/proofpack --remap-path-prefix=$cargo_home=/cargo"
cargo build --locked --release -p proofpack-web --target wasm32-unknown-unknown >&2
rm -rf "$build/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$build/pkg" \
    "$target/wasm32-unknown-unknown/release/proofpack_web.wasm"

# esbuild, as the lock file pins it.
tools=$build/tools
mkdir -p "$tools"
cp crates/proofpack-web/tools/package.json crates/proofpack-web/tools/package-lock.json "$tools/"
# A stamp of our own (npm keeps node_modules/.package-lock.json for itself).
stamp=$tools/node_modules/.proofpack-web-lock
if ! cmp -s "$tools/package-lock.json" "$stamp" 2>/dev/null || [ ! -x "$tools/node_modules/.bin/esbuild" ]; then
    command -v npm >/dev/null 2>&1 || ./scripts/apt-missing.sh npm
    (cd "$tools" && npm ci --no-audit --no-fund --silent >&2)
    cp "$tools/package-lock.json" "$stamp"
fi
esbuild() {
    "$tools/node_modules/.bin/esbuild" --bundle --format=iife --charset=utf8 --log-level=warning \
        --log-override:empty-import-meta=silent "$@"
}

# The worker: ui/worker.js with wasm-bindgen's glue, and the one module
# instance of js/hasher.js that the glue and the worker both import.
hasher=("$build"/pkg/snippets/proofpack-web-*/js/hasher.js)
[ "${#hasher[@]}" -eq 1 ] && [ -f "${hasher[0]}" ] || { echo "wasm-bindgen wrote no one js/hasher.js" >&2; exit 1; }
# (The glue imports that module once per function, under one key: the
# duplicate keys name the same module.)
esbuild ui/worker.js --alias:proofpack-web="$build/pkg/proofpack_web.js" \
    --alias:proofpack-hasher="${hasher[0]}" --log-override:duplicate-object-key=silent \
    --outfile="$build/worker.js"
# The page, twice: its assets beside it (hosted), or inside it (single).
esbuild ui/app.js --alias:proofpack-web-assets=./ui/web-assets.js --outfile="$build/app-hosted.js"
python3 - "$build" <<'EOF'
import base64, json, sys
from pathlib import Path
build = Path(sys.argv[1])
worker = (build / "worker.js").read_text()
wasm = base64.b64encode((build / "pkg" / "proofpack_web_bg.wasm").read_bytes()).decode()
(build / "inline.js").write_text(
    "// Written by scripts/build-web.sh: the worker's script and the module's bytes.\n"
    f"export const WORKER_SOURCE = {json.dumps(worker)};\n"
    f"export const WASM_BASE64 = {json.dumps(wasm)};\n")
EOF
esbuild ui/app.js --alias:proofpack-web-assets=./ui/web-assets-single.js \
    --alias:proofpack-web-inline="$build/inline.js" --outfile="$build/app-single.js"

rm -rf "$out"
python3 crates/proofpack-web/tools/assemble.py "$build" "$out"
single=$out/proofpack-verify.html
echo "$out/index.html (hosted: $(du -sb --exclude=proofpack-verify.html "$out" | cut -f1) bytes with its assets)" >&2
echo "$single: $(stat -c %s "$single") bytes" >&2
sha256sum "$single"
