#!/usr/bin/env bash
# Installs the Debian packages given that are not installed yet (apt-get,
# quietly); does nothing when all are there. Usage: scripts/apt-missing.sh PKG...
set -euo pipefail
missing=()
for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "apt-missing: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
