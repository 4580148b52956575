#!/usr/bin/env python3
"""Benchmarks of the verifier in a browser (issue 29, item 5;
docs/BENCHMARKS.md, "The verifier in a browser"), in headless Debian
chromium: the single file opened from disk, with the same driver as the
browser tests (web.py).

    bench_web.py big PACK TRUST RUNS     # one pack: seconds from choosing it to
                                         # its verdict, and the renderer's peak memory
    bench_web.py many DIR TRUST          # every pack of DIR chosen at once: seconds
                                         # until every verdict is in

Prints one JSON object. Run by scripts/bench-web.sh.
"""

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from pages import ChromeDriver
from web import Page

# Records, in the page, when a pack is chosen and when the verdict shown
# gets its data-verdict (the page's own clock, so that no polling delay
# counts).
CLOCK = """
window.__bench = { chosen: null, verdict: null };
document.querySelector('[data-testid=open-pack]').addEventListener('change',
  () => { window.__bench = { chosen: performance.now(), verdict: null }; }, true);
new MutationObserver(() => {
  const v = document.querySelector('[data-testid=verdict]');
  if (v.hasAttribute('data-verdict') && window.__bench.verdict === null) window.__bench.verdict = performance.now();
}).observe(document.querySelector('[data-testid=verdict]'), { attributes: true, attributeFilter: ['data-verdict'] });
return true;
"""


# What is counted: resident memory of the process's own (anonymous) pages;
# pages of files the browser maps (the pack, read through its blob) are the
# system's page cache, given back whenever memory is short.
FIELD = os.environ.get("RSS_FIELD", "RssAnon:")


def renderer_rss_kib(profile):
    """The resident memory of the renderer processes of the chromium whose
    profile is `profile` (the page and its workers run there), in KiB.
    Chromium rewrites its command line into one string: matched as bytes."""
    total = 0
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = cmdline.read_bytes()
            if b"--type=renderer" not in words or f"--user-data-dir={profile}".encode() not in words:
                continue
            for line in (cmdline.parent / "status").read_text().splitlines():
                if line.startswith(FIELD):
                    total += int(line.split()[1])
        except (OSError, ValueError):
            continue
    return total


class Peak:
    """The highest renderer memory seen while it runs, sampled every 50 ms."""

    def __init__(self, profile):
        self.profile = profile
        self.peak = 0
        self.running = True
        self.thread = threading.Thread(target=self.sample, daemon=True)
        self.thread.start()

    def sample(self):
        self.samples = []
        while self.running:
            self.samples.append(renderer_rss_kib(self.profile))
            self.peak = max(self.peak, self.samples[-1])
            time.sleep(0.05)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak

    def quarters(self):
        """The peak in each quarter of the run: flat memory levels off."""
        n = len(self.samples)
        return [max(self.samples[i * n // 4:(i + 1) * n // 4] or [0]) for i in range(4)]


def big(b, pack, trust, runs):
    times, peaks, quarters = [], [], []
    for _ in range(runs):
        b.load()
        b.choose("[data-testid=open-trust]", trust)
        b.js(CLOCK)
        idle = renderer_rss_kib(b.profile)
        peak = Peak(b.profile)
        b.choose("[data-testid=open-pack]", pack)
        verdict = b.verdict_of(pack.name)
        peaks.append((idle, peak.stop()))
        quarters.append(peak.quarters())
        t = b.js("return window.__bench;")
        times.append((t["verdict"] - t["chosen"]) / 1000)
    return {"verdict": verdict, "seconds": times, "renderer_rss_kib_idle_peak": peaks,
            "renderer_rss_kib_quarters": quarters}


def many(b, folder, trust):
    packs = sorted(folder.glob("*.tar.gz"))
    b.load()
    b.choose("[data-testid=open-trust]", trust)
    started = time.monotonic()
    b.choose("[data-testid=open-pack]", *packs)
    b.wait("return document.querySelectorAll('[data-testid=pack-list] .pack').length === arguments[0]"
           .replace("arguments[0]", str(len(packs)))
           + " && Array.from(document.querySelectorAll('[data-testid=pack-list] .pack'))"
             ".every(p => p.getAttribute('data-verdict') !== '…');", "every verdict", timeout=600)
    return {"packs": len(packs), "seconds": time.monotonic() - started}


def main():
    what = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        driver = ChromeDriver(open(Path(tmp) / "chromedriver.log", "w"))
        b = Page(driver.port, Path(tmp))
        try:
            if what == "big":
                out = big(b, Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]))
            else:
                out = many(b, Path(sys.argv[2]), Path(sys.argv[3]))
        finally:
            b.close()
            driver.stop()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
