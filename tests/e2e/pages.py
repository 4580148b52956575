#!/usr/bin/env python3
"""Accessibility of the HTML report and of the auditor portal's page, in
headless Debian chromium driven through chromedriver (WebDriver), with the
same client and the same axe-core check as the app's E2E tests.

- The HTML report of every sample pack and every conformance vector (and one
  pack verified with no trust store): axe-core finds no violation of impact
  serious or critical (the samples' reports at 200% zoom too), and at 200%
  zoom no report scrolls sideways.
- The portal page, before a token, with the packs listed, after a refused
  token, with a tenant's register shown, and at 200% zoom; and driven by the
  keyboard alone: the token typed into the focused field, Enter, then Tab
  reaches the first download button.

Run by scripts/a11y-pages.sh, which installs chromium, chromium-driver and
axe-core and builds the CLI and the portal. Screenshots go to
$E2E_SCREENSHOTS (default target/e2e-screenshots).
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request
from pathlib import Path

from webdriver import ROOT, WebDriver, WebDriverError, axe_summary, free_port, stop_group

CLI = ROOT / "target" / "debug" / "proofpack"
PORTAL = ROOT / "target" / "debug" / "proofpack-portal"
SAMPLES = ROOT / "sample-packs"
VECTORS = ROOT / "tests" / "vectors"
SHOTS = Path(os.environ.get("E2E_SCREENSHOTS", ROOT / "target" / "e2e-screenshots"))
# 1280 x 800 at 200% zoom: half the CSS pixels, each drawn twice as large.
ZOOM_200 = {"width": 640, "height": 400, "deviceScaleFactor": 2, "mobile": False}


class Chromium(WebDriver):
    """Headless chromium through chromedriver, each session its own profile."""

    def __init__(self, port, profile, extra=None):
        """`extra`: more capabilities (the browser tests ask for chromium's
        performance log, which holds every network request)."""
        super().__init__(f"http://127.0.0.1:{port}", {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": shutil.which("chromium") or "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update",
                         "--disable-sync", f"--user-data-dir={profile}", "--window-size=1280,800"],
            },
            **(extra or {}),
        }, SHOTS)

    def cdp(self, cmd, params):
        return self.request("POST", f"/session/{self.id}/goog/cdp/execute", {"cmd": cmd, "params": params})

    def open(self, url):
        self.request("POST", f"/session/{self.id}/url", {"url": url})

    def zoom(self, metrics):
        """Emulates page zoom: None is 100%."""
        if metrics is None:
            self.cdp("Emulation.clearDeviceMetricsOverride", {})
        else:
            self.cdp("Emulation.setDeviceMetricsOverride", metrics)

    def screenshot_page(self, name):
        """The whole page, not only what the window shows."""
        size = self.js("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight];")
        shot = self.cdp("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}})
        self.shots.mkdir(parents=True, exist_ok=True)
        (self.shots / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))

    def scrolls_sideways(self):
        return self.js("return document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;")

    def close(self):
        try:
            self.request("DELETE", f"/session/{self.id}")
        except WebDriverError:
            pass


class LocalDriver:
    """A WebDriver server on a free loopback port (`command(port)` is how
    it is started), ready once its /status says so; stopped at the end."""

    def __init__(self, command, log):
        self.port = free_port()
        argv = command(self.port)
        self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/status", timeout=2) as r:
                    if json.loads(r.read())["value"]["ready"]:
                        return
            except (OSError, ValueError, KeyError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"{argv[0]} did not start")

    def stop(self):
        stop_group(self.proc)


class ChromeDriver(LocalDriver):
    """chromedriver on a free loopback port, stopped at the end."""

    def __init__(self, log):
        super().__init__(lambda port: ["chromedriver", f"--port={port}"], log)


def report_cases():
    """(name, pack, trust) of every report the check renders."""
    cases = [(p.name.removesuffix(".tar.gz"), p, SAMPLES / "trust.json") for p in sorted(SAMPLES.glob("*.tar.gz"))]
    cases.append(("complete-gdpr-no-trust-store", SAMPLES / "complete-gdpr.tar.gz", None))
    for v in json.loads((VECTORS / "expected.json").read_text())["vectors"]:
        cases.append((v["name"], VECTORS / v["pack"], VECTORS / (v["trust"] or "trust.json")))
    return cases


def test_every_html_report(browser, tmp):
    for name, pack, trust in report_cases():
        out = tmp / f"{name}.html"
        args = [str(CLI), "verify", str(pack), "--html", str(out), "--quiet"]
        if trust:
            args += ["--trust", str(trust)]
        status = subprocess.run(args, capture_output=True, check=False).returncode
        # Exit statuses 0 and 3-6 are verdicts; 1 and 2 are errors.
        assert status not in (1, 2) and out.exists(), f"{name}: verify exited {status}"
        browser.zoom(None)
        browser.open(out.as_uri())
        assert browser.js("return document.body.hasAttribute('data-verdict');"), name
        browser.axe(f"report {name}")
        browser.zoom(ZOOM_200)
        assert not browser.scrolls_sideways(), f"report {name}: scrolls sideways at 200% zoom"
        # The same page reflowed: axe again on the samples' reports only (CI time).
        if pack.parent == SAMPLES:
            browser.axe(f"report {name} at 200%")
        if name == "incomplete-cache-deferred":
            browser.screenshot_page("report-200-percent")
    browser.zoom(None)


class Portal:
    """The portal serving the sample packs (tenant ten_0440) on loopback."""

    def __init__(self, tmp, log):
        store = tmp / "store" / "ten_0440"
        store.mkdir(parents=True)
        for pack in SAMPLES.glob("*.tar.gz"):
            shutil.copy(pack, store)
        tokens = tmp / "tokens.json"
        self.token = subprocess.run(
            [str(PORTAL), "token", "add", str(tokens), "--id", "a11y-check", "--tenant", "ten_0440"],
            capture_output=True, check=True, text=True).stdout.strip()
        self.stdout = tmp / "portal.out"
        self.proc = subprocess.Popen(
            [str(PORTAL), "serve", str(tmp / "store"), "--trust", str(SAMPLES / "trust.json"),
             "--tokens", str(tokens), "--addr", "127.0.0.1:0", "--access-log", str(tmp / "access.log")],
            stdout=self.stdout.open("w"), stderr=log, start_new_session=True)
        deadline = time.time() + 30
        self.url = None
        while time.time() < deadline and not self.url:
            for line in self.stdout.read_text().splitlines():
                if line.startswith("listening on "):
                    self.url = line.removeprefix("listening on ").strip() + "/"
            time.sleep(0.1)
        if not self.url:
            self.stop()
            raise RuntimeError("the portal did not start")

    def stop(self):
        stop_group(self.proc)


def rows(browser):
    return browser.js("return document.querySelectorAll('#packs tbody tr').length;")


def test_portal_page(browser, tmp):
    log = (tmp / "portal.log").open("w")
    portal = Portal(tmp, log)
    try:
        browser.open(portal.url)
        browser.wait("return document.readyState === 'complete';", "the page")
        browser.axe("portal, no token")
        # The keyboard alone: Tab past the language links to the token
        # field (in page order, each with a focus ring), type, Enter.
        for _ in range(6):
            browser.keys("Tab")
            focused = browser.focused()
            assert focused["outline"], focused
            if focused["id"] == "token":
                break
            assert focused["tag"] == "a", f"only the language links come before the token field: {focused}"
        assert browser.focused()["id"] == "token", browser.focused()
        browser.type_keys("not-a-token")
        browser.keys("Enter")
        browser.wait("return document.getElementById('status').textContent.length > 0"
                     " && document.getElementById('packs').hidden;", "the refusal")
        browser.axe("portal, token refused")
        assert browser.focused()["id"] == "token", "the focus stays in the token field"
        browser.type_keys(portal.token)
        browser.keys("Enter")
        browser.wait("return document.querySelectorAll('#packs tbody tr').length === 4;", "four packs")
        browser.axe("portal, packs listed")
        # Tab from the field: the form's two buttons, then the first row's downloads.
        for _ in range(3):
            browser.keys("Tab")
        focused = browser.focused()
        assert focused["tag"] == "button" and browser.js(
            "return document.activeElement.closest('#packs tbody tr') !== null;"), focused
        assert focused["outline"], "the focused download button has a visible focus outline"
        browser.screenshot("portal-focus")
        browser.zoom(ZOOM_200)
        browser.axe("portal, packs listed, at 200%")
        assert not browser.scrolls_sideways(), "the portal page scrolls sideways at 200% zoom"
        browser.screenshot("portal-200-percent")
        browser.zoom(None)
        assert rows(browser) == 4
        # The register of the token's tenant, after every sample's due dates:
        # four requests, overdue items marked in words, findings with codes.
        browser.type("#register-as-of", "2026-12-01T00:00:00Z")
        browser.click("#register-form button[type=submit]")
        browser.wait("return document.querySelectorAll('#register-requests tbody tr').length === 4;",
                     "the register's four requests")
        assert browser.js("return document.querySelectorAll('#register-requests .overdue-mark').length;") > 0
        assert browser.js("return document.querySelectorAll('#register-findings tbody code').length;") > 0
        browser.axe("portal, register shown")
        browser.zoom(ZOOM_200)
        browser.axe("portal, register shown, at 200%")
        assert not browser.scrolls_sideways(), "the register scrolls sideways at 200% zoom"
        browser.screenshot("portal-register-200-percent")
        browser.zoom(None)
        browser.screenshot_page("portal-register")
    finally:
        portal.stop()
        log.close()


TESTS = [test_every_html_report, test_portal_page]


def run_tests(label, tests, open_browser, log_name, after=None, driver=ChromeDriver):
    """Runs each test (`E2E_ONLY` picks by name) with a browser of its own
    from `open_browser(port, work)` and a folder of its own, then
    `after(browser)` if given; prints each outcome and the totals as the
    plain `N passed, N failed` line, and exits non-zero on any failure.
    `driver(log)` starts the WebDriver server (chromedriver unless said)."""
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        log = (ROOT / "target" / log_name).open("w")
        driver = driver(log)
        try:
            only = os.environ.get("E2E_ONLY", "")
            for test in [t for t in tests if only in t.__name__]:
                started = time.time()
                work = Path(tempfile.mkdtemp(dir=tmp))
                browser = open_browser(driver.port, work)
                try:
                    test(browser, work)
                    if after:
                        after(browser)
                    passed += 1
                    print(f"test {label}::{test.__name__} ... ok ({time.time() - started:.1f}s)", flush=True)
                except Exception:
                    failed += 1
                    print(f"test {label}::{test.__name__} ... FAILED", flush=True)
                    traceback.print_exc()
                finally:
                    browser.close()
        finally:
            driver.stop()
            log.close()
    print(axe_summary())
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def main():
    for binary in (CLI, PORTAL):
        if not binary.exists():
            sys.exit(f"a11y-pages: {binary} is not built")
    run_tests("a11y", TESTS, lambda port, work: Chromium(port, work / "profile"), "chromedriver.log")


if __name__ == "__main__":
    main()
