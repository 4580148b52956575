#!/usr/bin/env bash
# Installs what building and driving the desktop app needs, when it is
# missing: Debian's WebKitGTK development packages, its WebDriver, Xvfb, and
# tauri-driver. Idempotent; quiet when everything is there.
set -euo pipefail
"$(dirname "$0")/apt-missing.sh" libwebkit2gtk-4.1-dev libgtk-3-dev libayatana-appindicator3-dev \
    librsvg2-dev libssl-dev webkit2gtk-driver xvfb xauth
"$(dirname "$0")/tool.sh" tauri-driver
