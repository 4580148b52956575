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

Prints one line per test and `N passed, N failed`; exits non-zero on a
failure.
"""

import os
import sys
from pathlib import Path

import web
from bench_web import CLOCK
from pages import SHOTS, LocalDriver, run_tests
from webdriver import WebDriver


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


def test_the_page_starts_and_says_how_it_hashes(b, tmp):
    b.load()
    jspi = b.js("return typeof WebAssembly.Suspending === 'function' && typeof WebAssembly.promising === 'function';")
    agent = b.js("return navigator.userAgent;")
    print(f"  {agent}; large members hashed {'by a hashing worker (JSPI)' if jspi else 'on one worker (no JSPI)'}")
    b.screenshot("firefox-start")


def test_every_vector_and_sample_gives_the_clis_verdict_and_codes(b, tmp):
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


def test_large_members_give_the_clis_verdict_and_codes(b, tmp):
    pack, changed = web.pack_with_large_members(tmp)
    b.load()
    b.choose("[data-testid=open-trust]", web.TRUST)
    for each in (pack, changed):
        want = web.expected_of(each, web.TRUST)
        b.choose("[data-testid=open-pack]", each)
        got = (b.verdict_of(each.name), b.codes())
        assert got == want, f"{each.name}: page {got}, CLI {want}"


def test_the_big_packs_time(b, tmp):
    big = os.environ["BIG"]
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
    tests = [
        test_the_page_starts_and_says_how_it_hashes,
        test_every_vector_and_sample_gives_the_clis_verdict_and_codes,
        test_large_members_give_the_clis_verdict_and_codes,
    ]
    # A timing, run only when asked for (it is not a check of the page).
    if os.environ.get("BIG"):
        tests.append(test_the_big_packs_time)
    run_tests("firefox", tests, lambda port, work: Firefox(port), "geckodriver.log",
              driver=lambda log: LocalDriver(lambda port: ["geckodriver", "--port", str(port)], log))


if __name__ == "__main__":
    main()
