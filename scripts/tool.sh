#!/usr/bin/env bash
# Installs the cargo-installed tools the scripts use, each when it is
# missing (or, for wasm-bindgen, at another version than the one Cargo.lock
# needs): quiet when they are there. Every script that needs one asks here,
# so each is installed one way.
#   scripts/tool.sh NAME...   NAME: tauri-driver | cargo-fuzz | wasm-bindgen | geckodriver
# They are built unoptimised (`--debug`: each runs for seconds in the
# suite, and an optimised build costs minutes of compiling) into one target
# directory under target/tools/, where they share their common dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="$PWD/target/tools"

install() {
    echo "tool.sh: installing $1" >&2
    cargo install --debug --quiet "$@" >&2
}

for name in "$@"; do
    case $name in
        tauri-driver)
            command -v tauri-driver >/dev/null 2>&1 ||
                install tauri-driver --version '^2' --locked
            ;;
        cargo-fuzz)
            cargo fuzz --version >/dev/null 2>&1 || install cargo-fuzz --locked
            ;;
        wasm-bindgen)
            # wasm-bindgen-cli must be the wasm-bindgen crate's version exactly.
            version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
            if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
                # Without its default features: no TLS stack (its test
                # runner's downloads), which is most of its build. A registry
                # mirror may lack a version its lock file names: then the same
                # release, its dependencies resolved afresh.
                install wasm-bindgen-cli --version "=$version" --no-default-features --locked ||
                    install wasm-bindgen-cli --version "=$version" --no-default-features
            fi
            ;;
        geckodriver)
            # Only scripts/firefox-check.sh, outside CI, uses it.
            command -v geckodriver >/dev/null 2>&1 || install geckodriver --version '^0.37' --locked
            ;;
        *)
            echo "tool.sh: unknown tool $name" >&2
            exit 2
            ;;
    esac
done
