#!/usr/bin/env python3
"""Writes the browser's two pages from ui/index.html (scripts/build-web.sh
runs it after the module and the bundles are built):

- target/web/index.html with its assets beside it (app.js, worker.js,
  style.css, proofpack_web_bg.wasm), to host on any static server: its
  Content-Security-Policy lets it load its own files ('self') and nothing
  else;
- target/web/proofpack-verify.html, one self-contained file: the style and
  the script inline (the worker and the module inside the script), allowed
  by their SHA-256 in its Content-Security-Policy, which forbids every
  connection, remote script, style, font and image.

Deterministic: the same inputs give the same bytes. Standard library only.
Usage: assemble.py BUILD_DIR OUT_DIR   (BUILD_DIR holds app-hosted.js,
app-single.js, worker.js and pkg/proofpack_web_bg.wasm).
"""

import base64
import hashlib
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
UI = ROOT / "ui"
LIMIT = 4 * 1024 * 1024

# What both pages forbid: no plugin, no frame, no form or <base> anywhere else.
COMMON = "default-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-src 'none'"
# The hosted page: its own files only (the module is fetched, the worker loaded, from there).
HOSTED_CSP = (f"{COMMON}; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:;"
              " connect-src 'self'; worker-src 'self'")
STYLE_LINK = '<link rel="stylesheet" href="style.css">'
SCRIPT_TAG = '<script type="module" src="app.js"></script>'
# No favicon request: the icon is empty, from the page itself.
ICON = '<link rel="icon" href="data:,">'


def sha256_source(text):
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def csp_meta(policy):
    return f'<meta http-equiv="Content-Security-Policy" content="{policy}">'


def page(head_extra, replace_style, replace_script, body_end=""):
    source = (UI / "index.html").read_text()
    for needle in (STYLE_LINK, SCRIPT_TAG, '<meta charset="utf-8">', "</body>"):
        if source.count(needle) != 1:
            sys.exit(f"assemble: ui/index.html must hold {needle!r} once")
    source = source.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n  ' + head_extra)
    source = source.replace(STYLE_LINK, replace_style).replace(SCRIPT_TAG, replace_script)
    return source.replace("</body>", body_end + "</body>")


def main():
    build, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    style = (UI / "style.css").read_text()

    # The hosted build: the page, its bundle, the worker's, the style and the module.
    hosted = page(f"{csp_meta(HOSTED_CSP)}\n  {ICON}", STYLE_LINK, '<script src="app.js" defer></script>')
    (out / "index.html").write_text(hosted)
    shutil.copyfile(build / "app-hosted.js", out / "app.js")
    shutil.copyfile(build / "worker.js", out / "worker.js")
    shutil.copyfile(UI / "style.css", out / "style.css")
    shutil.copyfile(build / "pkg" / "proofpack_web_bg.wasm", out / "proofpack_web_bg.wasm")

    # The single file: everything inline, each inline block allowed by its hash.
    script = (build / "app-single.js").read_text()
    for text, what in ((script, "script"), (style, "style")):
        if re.search(r"</(script|style)", text, re.IGNORECASE):
            sys.exit(f"assemble: the inline {what} would end its element early")
    policy = (f"{COMMON}; script-src {sha256_source(script)} 'wasm-unsafe-eval'; style-src {sha256_source(style)};"
              " img-src data:; connect-src 'none'; worker-src blob:")
    # The script runs once the page is parsed: last in the body.
    single = page(f"{csp_meta(policy)}\n  {ICON}", f"<style>{style}</style>", "",
                  body_end=f"<script>{script}</script>\n")
    target = out / "proofpack-verify.html"
    target.write_bytes(single.encode())
    size = target.stat().st_size
    if size > LIMIT:
        sys.exit(f"assemble: {target} is {size} bytes, over the {LIMIT} allowed")


if __name__ == "__main__":
    main()
