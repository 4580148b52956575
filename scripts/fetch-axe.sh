#!/usr/bin/env bash
# Fetches axe-core, the accessibility rules engine the E2E tests inject into
# the app's WebView, the HTML report and the portal page, from the npm
# registry into target/axe/ (a cache; never committed, never bundled): one
# pinned version, checked against the registry's sha512 integrity. Installs
# npm (Debian's) when it is missing. Idempotent; quiet when it is there.
# Prints the path of axe.min.js.
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.14.1
integrity=sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==
dir=target/axe
out=$dir/axe.min.js
stamp=$dir/version
if [ -s "$out" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
    echo "$out"
    exit 0
fi
# npm from any source will do (this machine's comes with NodeSource's nodejs).
command -v npm >/dev/null 2>&1 || ./scripts/apt-missing.sh npm
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$work" && npm pack --silent "axe-core@$version")
got="sha512-$(python3 -c 'import base64, hashlib, sys
print(base64.b64encode(hashlib.sha512(open(sys.argv[1], "rb").read()).digest()).decode())' "$work/$tarball")"
if [ "$got" != "$integrity" ]; then
    echo "fetch-axe: axe-core $version has integrity $got, not $integrity" >&2
    exit 1
fi
tar -xzf "$work/$tarball" -C "$work" package/axe.min.js package/LICENSE
mv "$work/package/axe.min.js" "$out"
mv "$work/package/LICENSE" "$dir/LICENSE"
echo "$version" > "$stamp"
echo "$out"
