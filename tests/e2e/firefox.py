#!/usr/bin/env python3
"""The single-file verifier in Firefox ESR, headless, through geckodriver
(run by scripts/firefox-check.sh; not part of CI, where chromium is the
browser tested). The same page contract as the chromium tests (web.py):

- the page starts from disk, and says which way it hashes large members
  (a hashing worker under JSPI, or one worker);
- every public vector and sample pack gives the CLI's verdict and codes;
- a pack with members of 1 MiB or more, and a copy with one of them
  changed, give the CLI's verdict and codes;
- with BIG=PACK, that pack's seconds from choosing it to its verdict (the
  page's clock, as scripts/bench-web.sh measures chromium).

Prints one line per check and `N passed, N failed`; exits non-zero on a
failure.
"""

import os
import sys
import tempfile
import traceback
from pathlib import Path

import web
from bench_web import CLOCK
from pages import LocalDriver
from webdriver import WebDriver

SHOTS = Path(os.environ.get("E2E_SCREENSHOTS", web.ROOT / "target" / "e2e-screenshots"))


class Firefox(WebDriver):
    """Headless firefox-esr; the page helpers are the chromium tests' own."""

    def __init__(self, port):
        super().__init__(f"http://127.0.0.1:{port}", {
            "browserName": "firefox",
            "moz:firefoxOptions": {"binary": "/usr/bin/firefox-esr", "args": ["-headless"]},
        }, SHOTS)

    def open(self, url):
        self.request("POST", f"/session/{self.id}/url", {"url": url})

    load = web.Page.load
    choose = web.Page.choose
    verdict_of = web.Page.verdict_of
    codes = web.Page.codes

    def close(self):
        self.request("DELETE", f"/session/{self.id}")


def check_start(b, tmp):
    b.load()
    jspi = b.js("return typeof WebAssembly.Suspending === 'function' && typeof WebAssembly.promising === 'function';")
    agent = b.js("return navigator.userAgent;")
    print(f"  {agent}; large members hashed {'by a hashing worker (JSPI)' if jspi else 'on one worker (no JSPI)'}")
    b.screenshot("firefox-start")


def check_vectors(b, tmp):
    by_trust = {}
    for pack, trust in web.vector_cases():
        by_trust.setdefault(trust, []).append(pack)
    checked = 0
    for trust, packs in by_trust.items():
        b.load()
        b.choose("[data-testid=open-trust]", trust)
        for pack in packs:
            want = web.expected_of(pack, trust)
            b.choose("[data-testid=open-pack]", pack)
            got = (b.verdict_of(pack.name), b.codes())
            assert got == want, f"{pack.name} with {trust.name}: page {got}, CLI {want}"
            checked += 1
    print(f"  {checked} packs: the CLI's verdict and codes")
    b.screenshot("firefox-verified")


def check_large_members(b, tmp):
    pack, changed = web.pack_with_large_members(tmp)
    b.load()
    b.choose("[data-testid=open-trust]", web.TRUST)
    for each in (pack, changed):
        want = web.expected_of(each, web.TRUST)
        b.choose("[data-testid=open-pack]", each)
        got = (b.verdict_of(each.name), b.codes())
        assert got == want, f"{each.name}: page {got}, CLI {want}"


def check_big(b, tmp):
    big = os.environ.get("BIG")
    if not big:
        print("  BIG not set: no timing")
        return
    b.load()
    b.choose("[data-testid=open-trust]", web.TRUST)
    b.js(CLOCK)
    b.choose("[data-testid=open-pack]", Path(big))
    b.wait("return window.__bench.verdict !== null", "the big pack's verdict", timeout=600)
    t = b.js("return window.__bench;")
    print(f"  {Path(big).name}: {(t['verdict'] - t['chosen']) / 1000:.2f} s in the page")


def main():
    for needed in (web.SINGLE, web.CLI):
        if not needed.exists():
            sys.exit(f"firefox check: {needed} is missing (scripts/firefox-check.sh builds it)")
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        log = (web.ROOT / "target" / "geckodriver.log").open("w")
        driver = LocalDriver(lambda port: ["geckodriver", "--port", str(port)], log)
        try:
            for check in (check_start, check_vectors, check_large_members, check_big):
                b = Firefox(driver.port)
                try:
                    check(b, Path(tempfile.mkdtemp(dir=tmp)))
                    passed += 1
                    print(f"firefox::{check.__name__} ... ok", flush=True)
                except Exception:
                    failed += 1
                    print(f"firefox::{check.__name__} ... FAILED", flush=True)
                    traceback.print_exc()
                finally:
                    b.close()
        finally:
            driver.stop()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
