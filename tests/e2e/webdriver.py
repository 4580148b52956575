"""A W3C WebDriver client in the standard library, and the axe-core check.

Shared by the app's E2E tests (tests/e2e/run.py: tauri-driver in front of
WebKitWebDriver) and the accessibility checks of the HTML report and the
portal page (tests/e2e/pages.py: chromedriver in front of headless Debian
chromium), so both drive a page, send keys and run axe the same way.

axe-core is never part of what the app or the portal ship: the test reads
its source (fetched from the npm registry by scripts/fetch-axe.sh) and sends
it as the body of an `execute/sync` script. The driver evaluates that text
itself, so the page's Content-Security-Policy (no eval, no inline script)
neither has to allow it nor sees a script element.
"""

import base64
import http.client
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
AXE_JS = Path(os.environ.get("AXE_JS", ROOT / "target" / "axe" / "axe.min.js"))
# The impacts a check fails on; moderate and minor ones are counted, shown.
BLOCKING = ("serious", "critical")

# WebDriver's codes for the keys the tests press (W3C WebDriver, "keys").
KEY = {
    "Tab": "\ue004", "Enter": "\ue007", "Shift": "\ue008", "Control": "\ue009",
    "Escape": "\ue00c", "Space": " ", "End": "\ue010", "Home": "\ue011",
    "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
}


class WebDriverError(Exception):
    """The driver could not be reached or refused a request."""


class ScriptError(AssertionError):
    """A script the test ran threw in the page: a failure, never retried."""


class WebDriver:
    """One WebDriver session: requests, scripts, elements, keys, screenshots."""

    def __init__(self, base, capabilities, shots):
        self.base = base
        self.shots = Path(shots)
        # A browser's first start on a machine builds its caches (fonts,
        # profile): seconds, more than a minute on a loaded CI machine.
        value = self.request("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}},
                             timeout=180)
        self.id = value["sessionId"]
        # axe on a page of many rows takes seconds, not milliseconds.
        self.request("POST", f"/session/{self.id}/timeouts", {"script": 120_000})

    def request(self, method, path, body=None, timeout=30):
        # tauri-driver keeps its connection to WebKitWebDriver alive, and
        # WebKitWebDriver closes idle connections: a request sent on one that
        # was just closed fails before it reaches the driver
        # ("connection closed before message completed"), and is sent again.
        for attempt in range(3):
            try:
                return self._request(method, path, body, timeout)
            except WebDriverError as e:
                if attempt == 2 or "RemoteDisconnected" not in str(e):
                    raise
                time.sleep(0.3)
        raise AssertionError("unreachable")

    def _request(self, method, path, body, timeout):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                payload = json.loads(resp.read() or b"{}")
        except urllib.error.HTTPError as e:
            detail = e.read()[:500]
            if b'"javascript error"' in detail:
                raise ScriptError(f"{method} {path}: {detail!r}") from None
            raise WebDriverError(f"{method} {path}: {e.code} {detail!r}") from None
        except (ConnectionError, TimeoutError, http.client.HTTPException) as e:
            raise WebDriverError(f"{method} {path}: {e!r}") from None
        return payload.get("value", payload)

    def js(self, script, *args, timeout=30):
        return self.request("POST", f"/session/{self.id}/execute/sync",
                            {"script": script, "args": list(args)}, timeout)

    def find(self, selector):
        value = self.request("POST", f"/session/{self.id}/element", {"using": "css selector", "value": selector})
        return value[ELEMENT]

    def click(self, selector):
        self.request("POST", f"/session/{self.id}/element/{self.find(selector)}/click", {})

    def type(self, selector, text):
        element = self.find(selector)
        self.request("POST", f"/session/{self.id}/element/{element}/clear", {})
        self.request("POST", f"/session/{self.id}/element/{element}/value", {"text": str(text)})

    def wait(self, script, what, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            result = self.js(script)
            if result:
                return result
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for {what}")

    # -- The keyboard: key actions, as a person's key presses reach the page.

    def keys(self, *names, modifier=None):
        """Presses each key (a name of KEY, or a character) in turn, with
        `modifier` (a name of KEY) held down through all of them."""
        actions = [{"type": "keyDown", "value": KEY[modifier]}] if modifier else []
        for name in names:
            code = KEY.get(name, name)
            actions += [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
        if modifier:
            actions.append({"type": "keyUp", "value": KEY[modifier]})
        self.request("POST", f"/session/{self.id}/actions",
                     {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})
        self.request("DELETE", f"/session/{self.id}/actions")

    def type_keys(self, text):
        """Types text into whatever has the focus, one key action per character."""
        self.keys(*str(text))

    def focused(self):
        """What has the focus: its id, data-testid, tag, role and whether its
        focus indicator is drawn (an outline or a box-shadow ring)."""
        return self.js(
            "const e = document.activeElement;"
            "if (!e || e === document.body) return null;"
            "const s = getComputedStyle(e);"
            "return {id: e.id, testid: e.getAttribute('data-testid'), tag: e.tagName.toLowerCase(),"
            " role: e.getAttribute('role'), matches: e.matches(':focus-visible'),"
            " outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2};")

    # -- Pictures.

    def screenshot(self, name):
        self.shots.mkdir(parents=True, exist_ok=True)
        png = base64.b64decode(self.request("GET", f"/session/{self.id}/screenshot"))
        (self.shots / f"{name}.png").write_bytes(png)

    # -- axe-core.

    def axe(self, state, exclude=()):
        """Runs axe-core on the page as it is now and fails on any violation
        of impact serious or critical. Returns the violations by impact."""
        started = time.monotonic()
        if not self.js("return typeof window.axe === 'object';"):
            self.js(f"{axe_source()}\n;return typeof window.axe;", timeout=60)
        result = self.js(
            "const exclude = arguments[0].map((s) => [s]);"
            "return window.axe.run({include: [document], exclude}, {resultTypes: ['violations']})"
            ".then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
            " nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 160))})));",
            list(exclude), timeout=150)
        AXE_LOG.append((state, result, time.monotonic() - started))
        blocking = [v for v in result if v["impact"] in BLOCKING]
        by_impact = {}
        for v in result:
            by_impact[v["impact"]] = by_impact.get(v["impact"], 0) + 1
        print(f"axe: {state}: {len(blocking)} serious/critical; all {by_impact or 'none'}", flush=True)
        assert not blocking, f"axe, {state}: " + json.dumps(blocking, indent=1)
        return by_impact


AXE_LOG = []
_AXE_SOURCE = []


def axe_source():
    if not _AXE_SOURCE:
        if not AXE_JS.exists():
            raise AssertionError(f"{AXE_JS} is missing: run scripts/fetch-axe.sh")
        _AXE_SOURCE.append(AXE_JS.read_text())
    return _AXE_SOURCE[0]


def axe_summary():
    """One line: how many states axe checked and what it found."""
    totals = {}
    for _, violations, _ in AXE_LOG:
        for v in violations:
            totals[v["impact"]] = totals.get(v["impact"], 0) + 1
    seconds = sum(took for _, _, took in AXE_LOG)
    return (f"axe: {len(AXE_LOG)} states checked in {seconds:.1f} s;"
            f" violations by impact {totals or 'none'}")


def dpo_key(tmp):
    """The sample DPO's private key (a public test key), written into `tmp`."""
    key = tmp / "dpo.pem"
    subprocess.run(["cargo", "run", "-q", "--locked", "-p", "proofpack-samples", "--", "--dpo-key", str(key)],
                   cwd=ROOT, check=True, capture_output=True)
    return key


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_group(proc):
    """Stops a process started with start_new_session, and its children."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
