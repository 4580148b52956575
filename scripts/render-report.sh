#!/usr/bin/env bash
# Renders the HTML report of a pack in headless Chromium (Debian `chromium`)
# to PNG and PDF, so the page can be looked at as a reader and a printer see
# it. Usage: scripts/render-report.sh PACK TRUST OUT_DIR
# Writes OUT_DIR/report.html, report.png (full page) and report.pdf.
set -euo pipefail
cd "$(dirname "$0")/.."
pack=${1:-sample-packs/incomplete-cache-deferred.tar.gz}
trust=${2:-sample-packs/trust.json}
out=${3:-target/report}
mkdir -p "$out"
bin=target/release/proofpack
[ -x "$bin" ] || cargo build --release --locked -p proofpack >/dev/null
status=0
"$bin" verify "$pack" --trust "$trust" --html "$out/report.html" --quiet || status=$?
# Exit statuses 0 and 3-6 are verdicts; 1 and 2 are errors.
if [ "$status" = 1 ] || [ "$status" = 2 ]; then
    echo "render-report: verify failed with status $status" >&2
    exit 1
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
       --disable-background-networking --disable-component-update --disable-sync
       --user-data-dir="$profile" --hide-scrollbars)
url="file://$(realpath "$out/report.html")"
# A tall window, then the page's own height decides what is captured.
chromium "${flags[@]}" --window-size=1200,5200 --screenshot="$out/report.png" "$url" 2>/dev/null
chromium "${flags[@]}" --no-pdf-header-footer --print-to-pdf="$out/report.pdf" "$url" 2>/dev/null
for f in report.png report.pdf; do
    [ -s "$out/$f" ] || { echo "render-report: $out/$f was not written" >&2; exit 1; }
done
echo "$out/report.html $out/report.png $out/report.pdf"
