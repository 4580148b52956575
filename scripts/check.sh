#!/usr/bin/env bash
# The whole test suite: formatting, lints, every test of every crate (the
# core and CLI need no GTK or WebKit; the demo's run on SQLite and on a
# throwaway PostgreSQL cluster; the desktop app's command-level tests with
# tauri::test, no display), the accessibility checks of the HTML report and
# the portal page (axe-core in headless chromium), the verifier in a browser
# (the single-file page and the hosted build, in headless chromium), the
# Python package's tests, a short run of every fuzz target, then the desktop
# app's end-to-end tests in a real WebView under Xvfb, axe-core and the
# keyboard-only test among them.
#
# Every tree is compiled once: one `cargo build` of every target of the
# workspace, linted as it compiles (clippy's driver as the compiler of the
# workspace's own crates), which the tests, the pages' checks and the app's
# end-to-end tests then use as built. Each phase's time is printed as it
# ends, and all of them at the end (docs/BENCHMARKS.md, "CI").
set -euo pipefail
cd "$(dirname "$0")/.."

phases=()
running=
phase() {
    local name=$1 started=$SECONDS
    shift
    running=$name
    echo "check: == $name" >&2
    "$@"
    running=
    phases+=("$(printf '%5ds  %s' $((SECONDS - started)) "$name")")
    echo "check: == $name: $((SECONDS - started)) s" >&2
}
summary() {
    local status=$?
    echo "check: phase times (status $status${running:+, failed in: $running}):" >&2
    printf '  %s\n' "${phases[@]}" >&2
    printf '  %5ds  total\n' "$SECONDS" >&2
}
trap summary EXIT

# What the phases need that a fresh machine lacks, installed once, first.
install() {
    # Debian's packages in one apt transaction: the programs the root's tests
    # run (tests/tools/: OpenSSL's command line, util-linux's `script`, dash;
    # missing, those tests fail), WebKitGTK's development packages, its
    # WebDriver and Xvfb for the app, chromium and its driver for the pages.
    ./scripts/apt-missing.sh openssl bsdutils dash \
        libwebkit2gtk-4.1-dev libgtk-3-dev libayatana-appindicator3-dev librsvg2-dev libssl-dev \
        webkit2gtk-driver xvfb xauth chromium chromium-driver
    # The demo's tests run their whole suite on PostgreSQL too, on a
    # throwaway cluster of Debian's server binaries.
    ./scripts/install-postgres.sh
    ./scripts/tool.sh tauri-driver cargo-fuzz wasm-bindgen
    ./scripts/fetch-axe.sh >/dev/null
}

# A command with clippy's driver as the compiler of the workspace's own
# crates, `-D warnings`: they are linted as they compile, and the artefacts
# are the ones rustc would make. (`cargo clippy` would compile each crate
# twice: once checked and linted, once for the tests.) The wrapper is part of
# cargo's fingerprint: every build that should reuse these artefacts runs
# under it too.
linted() {
    RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver" \
        CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__ "$@"
}

# Every target of every crate but the Python package (built by pip below):
# `cargo test` and the scripts below use these artefacts as built.
build_and_lint() {
    linted cargo build --locked --workspace --exclude proofpack-py --all-targets
}

run_tests() {
    linted cargo test --locked --workspace --exclude proofpack-py
}

python_tests() {
    # The wheel built in the dev profile, as the workspace is (the
    # dependencies' artefacts reused), and linted as it compiles.
    MATURIN_PEP517_ARGS="--profile dev" PROOFPACK_BIN="$PWD/target/debug/proofpack" \
        linted ./scripts/python-tests.sh
}

phase install install
phase rustfmt cargo fmt --all -- --check
phase "build and clippy" build_and_lint
phase "cargo test" run_tests
# axe-core on the HTML report and the portal page in headless chromium.
phase "pages (a11y)" ./scripts/a11y-pages.sh --built
# The verifier in a browser: the single-file page and the hosted build
# (scripts/build-web.sh, its own wasm32 tree) in headless chromium, every
# vector against the CLI, the exports, axe-core and the keyboard, no request
# leaving the page.
phase "browser" ./scripts/web-tests.sh --built
# The Python package's pytest tests and its examples' (agent memory, Mem0),
# in a virtual environment under target/, with the CLI built above to
# compare reports with and verify the examples' packs.
phase "python" python_tests
# Every fuzz target briefly, on stable (cargo-fuzz `-s none`), from the seeds.
phase "fuzz smoke" ./scripts/fuzz.sh --smoke
phase "app end-to-end" ./scripts/e2e.sh --built
