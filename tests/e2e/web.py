#!/usr/bin/env python3
"""The verifier in a browser (issue 29), in headless Debian chromium driven
through chromedriver, with the same WebDriver client and axe-core check as
the app's E2E tests (webdriver.py, pages.py).

The single file target/web/proofpack-verify.html is opened from disk with
the network off; the hosted build target/web/index.html is served by this
test's own loopback server, and by the auditor portal under /verify/. Each
test asserts the page's contract (data-testid, data-verdict, data-code) and
what the CLI says of the same pack and trust store, never wording:

- every public vector and sample pack gives the CLI's verdict and codes;
- several packs chosen at once: the last one is shown;
- the JSON report downloaded is `proofpack verify --json`'s bytes outside
  `meta` (whose verifier is the browser build), the HTML report `--html`'s
  in the same language outside its meta line, the register's JSON and CSV
  `proofpack register`'s;
- a pack whose fields hold markup stays inert text;
- an unusable trust store is an error with no verdict; a verification
  under way has no data-verdict and is cancelled;
- members of 1 MiB or more, hashed in the hashing worker, give the CLI's
  verdict and codes, a changed one included;
- Register mode over chosen packs and over a chosen folder, a request's
  chain, its exports; a signed verification (§20) checked;
- the language menu switches the page and the reports;
- axe-core finds no serious or critical violation in any mode, panel and
  state, at 100% and 200% zoom (no sideways scrolling), and a keyboard-only
  run reaches every panel, the exports and the language menu;
- after every test, chromium's network log holds no request but file:,
  data: and blob: (and the loopback server's, for the hosted build).

Run by scripts/web-tests.sh, which builds the pages and the CLI and installs
chromium, chromium-driver and axe-core. Screenshots go to $E2E_SCREENSHOTS
(default target/e2e-screenshots).
"""

import functools
import gzip
import http.server
import io
import json
import os
import subprocess
import sys
import tarfile
import threading
import time
import urllib.request
from pathlib import Path

import revision3
from pages import ZOOM_200, Chromium, run_tests
from webdriver import ROOT, dpo_key, free_port, stop_group

WEB = ROOT / "target" / "web"
SINGLE = WEB / "proofpack-verify.html"
CLI = ROOT / "target" / "debug" / "proofpack"
SAMPLES = ROOT / "sample-packs"
TRUST = SAMPLES / "trust.json"
VECTORS = ROOT / "tests" / "vectors"
PANELS = ["findings", "tiers", "sla", "receipts", "audit", "provenance", "contents", "trust"]
VERIFIER = "proofpack-web 0.1.0"
AS_OF = "2026-12-01T00:00:00Z"
# What a page may ask for: its own file, its pictures, its worker and downloads.
LOCAL_SCHEMES = ("file:", "data:", "blob:")


class Page(Chromium):
    """Chromium with its performance log (every request the page makes) and
    downloads into a folder of the test's."""

    def __init__(self, port, work):
        self.profile = work / "profile"
        super().__init__(port, self.profile, {"goog:loggingPrefs": {"performance": "ALL"}})
        self.downloads = work / "downloads"
        self.downloads.mkdir()
        self.allowed = LOCAL_SCHEMES
        self.cdp("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(self.downloads)})
        # A chooser the page opens waits for the files the test sets
        # (headless chromium would cancel it at once).
        self.cdp("Page.setInterceptFileChooserDialog", {"enabled": True})

    def load(self, url=None):
        self.open(url or SINGLE.as_uri())
        # Started: the backend chosen, the words in, the sidebar drawn.
        self.wait("return document.documentElement.dataset.backend === 'browser'"
                  " && !!document.querySelector('[data-testid=trust-summary] p');", "the page to start")

    def offline(self):
        self.cdp("Network.enable", {})
        self.cdp("Network.emulateNetworkConditions",
                 {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def choose(self, selector, *paths):
        """Sets the files of an <input type=file>, as choosing them would."""
        element = self.find(selector)
        self.request("POST", f"/session/{self.id}/element/{element}/value",
                     {"text": "\n".join(str(p) for p in paths)})

    def choose_in_chooser(self, *paths):
        """The chooser a button opened (backend-web.js `choose`)."""
        self.wait("return !!document.querySelector('input[data-testid=chooser]');", "a file chooser")
        self.choose("input[data-testid=chooser]", *paths)

    def open_pack(self, pack, trust=None):
        """Chooses `trust` (when given) then `pack`; waits for its verdict."""
        if trust:
            self.choose("[data-testid=open-trust]", trust)
            self.wait("return document.querySelector('[data-testid=trust-summary]').dataset.trust === arguments[0];"
                      .replace("arguments[0]", json.dumps(trust.name)), "the trust store")
        self.choose("[data-testid=open-pack]", pack)
        return self.verdict_of(pack.name)

    def verdict_of(self, name):
        """The verdict once the pack `name` is the one shown and verified."""
        return self.wait(
            "const current = document.querySelector('[data-testid=pack-list] .pack[aria-current=true]');"
            "const v = document.querySelector('[data-testid=verdict]');"
            "return current && current.querySelector('.name').textContent === " + json.dumps(name)
            + " && !v.hidden && v.getAttribute('data-verdict');", f"the verdict of {name}")

    def codes(self):
        return sorted(self.js("return Array.from(document.querySelectorAll('#panel-findings [data-code]'))"
                              ".map(e => e.getAttribute('data-code'));"))

    def downloaded(self, name, timeout=30):
        path = self.downloads / name
        deadline = time.time() + timeout
        while time.time() < deadline:
            if path.exists() and not (self.downloads / f"{name}.crdownload").exists():
                return path.read_bytes()
            time.sleep(0.1)
        raise AssertionError(f"{name} was not downloaded: {sorted(os.listdir(self.downloads))}")

    def requests(self):
        """Every URL our pages asked for since the last call (not those of
        the new-tab page chromium opens before the test's first page)."""
        entries = self.request("POST", f"/session/{self.id}/se/log", {"type": "performance"})
        urls = []
        for entry in entries:
            message = json.loads(entry["message"])["message"]
            if message["method"] != "Network.requestWillBeSent":
                continue
            params = message["params"]
            if params.get("documentURL", "").startswith(("chrome:", "about:")):
                continue
            urls.append(params["request"]["url"])
        return urls

    def assert_no_null_text(self, where):
        """No text node that is only `null` or `undefined` (a value the page
        forgot to turn into words)."""
        stray = self.js(
            "const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);"
            "const out = [];"
            "for (let n = walk.nextNode(); n; n = walk.nextNode()) {"
            " const text = n.textContent.trim();"
            " if ((text === 'null' || text === 'undefined') && n.parentElement.closest('[hidden]') === null)"
            "  out.push(n.parentElement.outerHTML.slice(0, 200)); }"
            "return out;")
        assert not stray, f"{where}: stray text {stray}"


def cli(*args, cwd=None):
    return subprocess.run([str(CLI), *map(str, args)], capture_output=True, check=False, cwd=cwd)


def cli_report(pack, trust):
    return json.loads(cli("verify", pack, "--json", *(["--trust", trust] if trust else [])).stdout)


def expected_of(pack, trust):
    report = cli_report(pack, trust)
    return report["verdict"], sorted(f["code"] for f in report["findings"])


def without_meta(text):
    """A pretty §13 report's bytes before its last member, `meta`."""
    at = text.rindex('\n  "meta": {')
    return text[:at]


def without_footer(html):
    """An HTML report's lines but its meta line (the footer: verifier,
    time, input, trust store's path)."""
    return [line for line in html.splitlines() if "<footer>" not in line]


def vector_cases():
    """(pack, trust) of every public vector and sample pack, and one pack
    with no trust store."""
    cases = [(p, TRUST) for p in sorted(SAMPLES.glob("*.tar.gz"))]
    for v in json.loads((VECTORS / "expected.json").read_text())["vectors"]:
        cases.append((VECTORS / v["pack"], VECTORS / (v["trust"] or "trust.json")))
    return cases


# ---------------------------------------------------------------------------
# Tests


def test_every_vector_and_sample_gives_the_clis_verdict_and_codes(b, tmp):
    b.offline()
    by_trust = {}
    for pack, trust in vector_cases():
        by_trust.setdefault(trust, []).append(pack)
    # A trust store chosen before a pack serves it: one page per store.
    for trust, packs in by_trust.items():
        b.load()
        b.choose("[data-testid=open-trust]", trust)
        for pack in packs:
            want = expected_of(pack, trust)
            b.choose("[data-testid=open-pack]", pack)
            got = (b.verdict_of(pack.name), b.codes())
            assert got == want, f"{pack.name} with {trust.name}: page {got}, CLI {want}"
    # With none chosen since the page loaded, packs are verified without one.
    b.load()
    pack = SAMPLES / "complete-gdpr.tar.gz"
    b.choose("[data-testid=open-pack]", pack)
    assert (b.verdict_of(pack.name), b.codes()) == expected_of(pack, None)
    b.screenshot("web-untrusted")


def test_several_packs_at_once_the_last_is_shown(b, tmp):
    b.load()
    packs = sorted(SAMPLES.glob("*.tar.gz"))
    b.choose("[data-testid=open-trust]", TRUST)
    b.choose("[data-testid=open-pack]", *packs)
    last = packs[-1]
    assert b.verdict_of(last.name) == cli_report(last, TRUST)["verdict"]
    b.wait("return Array.from(document.querySelectorAll('[data-testid=pack-list] .pack'))"
           ".every(p => p.getAttribute('data-verdict') !== '…');", "every verdict")
    listed = b.js("return Array.from(document.querySelectorAll('[data-testid=pack-list] .pack'))"
                  ".map(p => [p.querySelector('.name').textContent, p.getAttribute('data-verdict')]);")
    assert listed == [[p.name, cli_report(p, TRUST)["verdict"]] for p in packs], listed
    # Any pack of the list shows again with its own verdict.
    b.click("[data-testid=pack-list] li:first-child .pack")
    assert b.verdict_of(packs[0].name) == cli_report(packs[0], TRUST)["verdict"]
    b.assert_no_null_text("verify, several packs")
    b.screenshot("web-several-packs")


def test_exports_are_the_clis_outside_meta(b, tmp):
    b.load()
    pack = SAMPLES / "late-ccpa.tar.gz"
    assert b.open_pack(pack, TRUST) == "late"
    b.click("[data-testid=export-json]")
    exported = b.downloaded("late-ccpa-report.json").decode()
    printed = cli("verify", pack, "--trust", TRUST, "--json").stdout.decode()
    assert without_meta(exported) == without_meta(printed), "the JSON differs from the CLI's outside meta"
    meta = json.loads(exported)["meta"]
    assert meta["verifier"] == VERIFIER and meta["verified_at"], meta
    assert meta["trust_store"]["sha256"] == json.loads(printed)["meta"]["trust_store"]["sha256"]
    for language in ["en", "fr"]:
        b.js("const menu = document.getElementById('language'); menu.value = arguments[0];"
             "menu.dispatchEvent(new Event('change')); return true;", language)
        b.wait("return document.documentElement.lang === arguments[0];".replace("arguments[0]", json.dumps(language)),
               f"the page in {language}")
        name = "late-ccpa-report.html"
        (b.downloads / name).unlink(missing_ok=True)
        b.click("[data-testid=export-html]")
        page = b.downloaded(name).decode()
        written = tmp / f"cli-{language}.html"
        cli("verify", pack, "--trust", TRUST, "--html", written, "--lang", language, "--quiet")
        assert without_footer(page) == without_footer(written.read_text()), f"the HTML ({language}) differs"
        assert VERIFIER in page and f'lang="{language}"' in page
    b.wait("return document.querySelector('[data-testid=export-status]').getAttribute('data-saved')", "saved")


def test_hostile_markup_stays_inert(b, tmp):
    evidence = tmp / "hostile-evidence"
    subprocess.run(["cp", "-r", str(SAMPLES / "evidence" / "complete-gdpr"), str(evidence)], check=True)
    markup = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
    (evidence / "attestation.txt").write_text(f"I attest.\n{markup}\n\u202eevil\n")
    description = json.loads((evidence / "pack.json").read_text())
    description["pack_id"] = f"pack {markup}"
    (evidence / "pack.json").write_text(json.dumps(description))
    pack = tmp / "hostile.tar.gz"
    made = cli("pack", evidence, "--key", dpo_key(tmp), "--trust", TRUST, "--out", pack,
               "--signed-at", "2026-04-22T16:02:00Z")
    assert pack.exists(), made.stderr
    b.load()
    b.offline()
    assert b.open_pack(pack, TRUST) == cli_report(pack, TRUST)["verdict"]
    b.click("[data-testid=tab-contents]")
    assert markup in b.js("return document.querySelector('[data-testid=attestation]').textContent")
    for panel in PANELS:
        b.click(f"[data-testid=tab-{panel}]")
    assert b.js("return window.__pwned === undefined"), "pack markup ran"
    assert b.js("return document.querySelectorAll('script').length") == 1, "only the page's own script"
    assert b.js("return document.querySelectorAll('[onerror]').length") == 0


class Zeros(io.RawIOBase):
    """`size` zero bytes, read without holding them."""

    def __init__(self, size):
        self.left = size

    def readable(self):
        return True

    def readinto(self, buffer):
        n = min(len(buffer), self.left)
        buffer[:n] = bytes(n)
        self.left -= n
        return n


def slow_pack(tmp):
    """A gzip'd tar of two members of 500 MiB of zeros, 1 MiB on disk: not
    a valid pack, but the verifier inflates and hashes all of it (just
    under the §1 limits) before it says so, which takes seconds in a
    browser."""
    pack = tmp / "slow.tar.gz"
    with gzip.GzipFile(pack, "wb", compresslevel=1, mtime=0) as out, tarfile.open(fileobj=out, mode="w") as tar:
        for name in ["attachments/a.bin", "attachments/b.bin"]:
            member = tarfile.TarInfo(name)
            member.size = 500 << 20
            tar.addfile(member, io.BufferedReader(Zeros(member.size), 1 << 20))
    return pack


def test_errors_and_cancel(b, tmp):
    b.load()
    # A trust store that is not one: an error, and no verdict.
    bad = tmp / "bad-trust.json"
    bad.write_text("{not json")
    b.choose("[data-testid=open-trust]", bad)
    b.wait("return !document.querySelector('[data-testid=error]').hidden", "the error")
    assert b.js("return document.querySelector('[data-testid=verdict]').hidden")
    b.axe("browser, unusable trust store")
    b.choose("[data-testid=open-trust]", TRUST)
    assert b.open_pack(SAMPLES / "complete-gdpr.tar.gz") == "complete"
    # A verification under way has no data-verdict; Cancel stops it.
    slow = slow_pack(tmp)
    b.choose("[data-testid=open-pack]", slow)
    b.wait("return !document.getElementById('progress').hidden", "the progress bar")
    assert b.js("return document.querySelector('[data-testid=verdict]').hasAttribute('data-verdict')") is False
    b.click("[data-testid=cancel]")
    b.wait("return !document.querySelector('[data-testid=error]').hidden", "the cancelled state")
    assert b.js("return document.getElementById('progress').hidden")
    assert b.js("return document.querySelector('[data-testid=verdict]').hidden")
    b.axe("browser, verification cancelled")
    # The pool replaced the stopped worker: the next pack verifies.
    assert b.open_pack(SAMPLES / "late-ccpa.tar.gz") == "late"
    # The progress state, as axe sees it (then cancelled again).
    b.choose("[data-testid=open-pack]", slow)
    b.wait("return !document.getElementById('progress').hidden", "the progress bar")
    b.screenshot("web-progress")
    b.axe("browser, verification under way")
    b.click("[data-testid=cancel]")


def pack_with_large_members(tmp):
    """The complete sample's evidence plus two attachments over the 1 MiB
    from which the page hashes a member in its hashing worker (and one
    under it), packed by the CLI; and a copy whose first large member has
    one byte changed after signing."""
    evidence = tmp / "large-evidence"
    subprocess.run(["cp", "-r", str(SAMPLES / "evidence" / "complete-gdpr"), str(evidence)], check=True)
    sizes = {"large-1.bin": 3 << 20, "large-2.bin": (1 << 20) + 511, "small.bin": 1000}
    for name, size in sizes.items():
        marker = f"PROOFPACK {name} ".encode()
        body = bytes((i * 131 + i // 4093) % 251 for i in range(size - len(marker)))
        (evidence / "attachments").mkdir(exist_ok=True)
        (evidence / "attachments" / name).write_bytes(marker + body)
    pack = tmp / "large.tar.gz"
    made = cli("pack", evidence, "--key", dpo_key(tmp), "--trust", TRUST, "--out", pack,
               "--signed-at", "2026-04-22T16:02:00Z")
    assert pack.exists(), made.stderr
    tar = gzip.decompress(pack.read_bytes())
    at = tar.index(b"PROOFPACK large-1.bin ") + (2 << 20)
    changed = tmp / "large-changed.tar.gz"
    changed.write_bytes(gzip.compress(tar[:at] + bytes([tar[at] ^ 1]) + tar[at + 1:], mtime=0))
    return pack, changed


def test_large_members_are_hashed_beside_the_verifier(b, tmp):
    # Chromium has JSPI: each verifying worker of the pool has a hashing
    # worker beside it, which hashes the content of every member of 1 MiB
    # or more (crates/proofpack-web/src/elsewhere.rs).
    b.load()
    b.offline()
    assert b.js("return typeof WebAssembly.Suspending === 'function' && typeof WebAssembly.promising === 'function'")
    pack, changed = pack_with_large_members(tmp)
    b.choose("[data-testid=open-trust]", TRUST)
    for each in (pack, changed):
        want = expected_of(each, TRUST)
        b.choose("[data-testid=open-pack]", each)
        got = (b.verdict_of(each.name), b.codes())
        assert got == want, f"{each.name}: page {got}, CLI {want}"
    assert expected_of(pack, TRUST)[0] == "complete"
    verdict, codes = expected_of(changed, TRUST)
    assert verdict == "invalid" and "manifest.hash_mismatch" in codes, (verdict, codes)


def serve(directory):
    """A loopback HTTP server of `directory` on a free port, in a thread."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_register_mode_and_its_exports(b, tmp):
    folder = tmp / "packs"
    folder.mkdir()
    for pack in SAMPLES.glob("*.tar.gz"):
        (folder / pack.name).write_bytes(pack.read_bytes())
    (folder / "broken.tar.gz").write_bytes(b"not a gzip stream")
    (folder / "notes.txt").write_text("not a pack")
    names = sorted(p.name for p in folder.glob("*.tar.gz"))
    b.load()
    b.choose("[data-testid=open-trust]", TRUST)
    b.click("[data-testid=mode-register]")
    b.axe("browser, register, nothing yet")
    b.type("[data-testid=register-as-of]", AS_OF)
    # Every pack but the first chosen; the folder below gives them all.
    chosen = names[1:]
    b.click("[data-testid=register-packs-pick]")
    b.choose_in_chooser(*(folder / n for n in chosen))
    b.wait("return !document.getElementById('register-result').hidden", "the register")
    printed = cli("register", "--json", "--as-of", AS_OF, "--trust", TRUST, *chosen, cwd=folder).stdout
    register = json.loads(printed)
    assert b.js("return document.querySelectorAll('[data-testid=request]').length") == len(register["requests"])
    assert b.js("return document.querySelectorAll('[data-testid=register-unread-file]').length") == len(
        register["unread"])
    b.assert_no_null_text("register")
    b.axe("browser, register shown")
    b.screenshot("web-register")
    b.click("[data-testid=register-export-json]")
    assert b.downloaded("register.json") == printed, "the register's JSON differs from the CLI's"
    b.click("[data-testid=register-export-csv]")
    csv = cli("register", "--csv", "--as-of", AS_OF, "--trust", TRUST, *chosen, cwd=folder).stdout
    assert b.downloaded("register.csv") == csv, "the register's CSV differs from the CLI's"
    # Its findings' messages: the JSON's in English, the reader's language
    # once the menu changes it (the JSON stays English).
    shown = "return Array.from(document.querySelectorAll('[data-testid=register-finding] .message'), e => e.textContent);"
    english = [f["message"] for f in register["findings"]][:len(b.js(shown))]
    assert english and b.js(shown) == english, (b.js(shown), english)
    b.js("const menu = document.getElementById('language'); menu.value = 'fr';"
         "menu.dispatchEvent(new Event('change')); return true;")
    b.wait("return document.documentElement.lang === 'fr';", "French")
    b.wait(shown.replace("return ", "const m = ").replace(";", "; return m.length > 0 && m.every((t, i) => t !== "
           + json.dumps(english) + "[i]);", 1), "the messages in French")
    b.js("const menu = document.getElementById('language'); menu.value = 'en';"
         "menu.dispatchEvent(new Event('change')); return true;")
    b.wait("return document.documentElement.lang === 'en';", "English again")
    # A request's chain; its pack opens in Verify mode.
    b.click("[data-testid=request-open]")
    b.wait("return !document.querySelector('[data-testid=register-chain]').hidden", "the chain")
    b.assert_no_null_text("register, a chain")
    b.axe("browser, register, a request's chain")
    b.click("[data-testid=open-in-verify]")
    b.wait("return !document.getElementById('verify-mode').hidden"
           " && document.querySelector('[data-testid=verdict]').getAttribute('data-verdict');", "Verify mode")
    # A folder, listed as `proofpack register DIR` lists it.
    whole = cli("register", "--json", "--as-of", AS_OF, "--trust", TRUST, folder).stdout
    packs = len(json.loads(whole)["packs"])
    assert packs == len(json.loads(printed)["packs"]) + 1
    b.click("[data-testid=mode-register]")
    b.click("#register-folder-pick")
    b.choose_in_chooser(folder)
    b.wait("return document.getElementById('register-progress').hidden"
           f" && document.querySelector('[data-testid=register-summary]').dataset.packs === '{packs}';",
           "the folder's register")
    (b.downloads / "register.json").unlink()
    b.click("[data-testid=register-export-json]")
    assert b.downloaded("register.json") == whole


def test_a_signed_verification_is_checked(b, tmp):
    out = cli("keygen", "--role", "verifier", "--key-id", "auditor-1", "--owner", "Auditor",
              "--out", "auditor.pem", cwd=tmp)
    (tmp / "auditor.json").write_bytes(out.stdout)
    cli("trust", "add", "verifier-keys.json", "--entry", "auditor.json", cwd=tmp)
    pack = SAMPLES / "complete-gdpr.tar.gz"
    statement = tmp / "verification.json"
    signed = cli("verification", "sign", pack, "--trust", TRUST, "--key", tmp / "auditor.pem",
                 "--keys", tmp / "verifier-keys.json", "--out", statement)
    assert statement.exists(), signed.stderr
    b.load()
    b.offline()
    assert b.open_pack(pack, TRUST) == "complete"
    b.click("#vcheck-file-pick")
    b.choose_in_chooser(statement)
    b.click("#vcheck-keys-pick")
    b.choose_in_chooser(tmp / "verifier-keys.json")
    b.click("[data-testid=vcheck-check]")
    check = "return document.querySelector('[data-testid=verification-check]')"
    b.wait(check + ".getAttribute('data-authentic')", "the check")
    assert b.js(check + ".getAttribute('data-authentic')") == "true"
    assert b.js(check + ".getAttribute('data-pack-matches')") == "true"
    b.axe("browser, signed verification checked")
    b.screenshot("web-verification-check")


def test_revision_3_witnessed_time_and_seal(b, tmp):
    """Issue 30: the witnessed time, the seal and the policy's two new
    members in the panels, as the CLI's report has them."""
    for pack, trust, state, name in revision3.cases(tmp):
        report = cli_report(pack, trust)
        b.load()
        assert b.open_pack(pack, trust) == report["verdict"]
        revision3.assert_panels(b, report, state, f"web-{name}")


def test_the_language_menu_switches_the_page(b, tmp):
    b.load()
    assert b.open_pack(SAMPLES / "late-ccpa.tar.gz", TRUST) == "late"
    english = b.js("return document.querySelector('[data-testid=verdict] .word').textContent")
    breached = "#panel-findings .finding[data-code='sla.breached'] .message"
    english_message = b.js(f"return document.querySelector(\"{breached}\").textContent")
    for language in ["fr", "de"]:
        b.js("const menu = document.getElementById('language'); menu.value = arguments[0];"
             "menu.dispatchEvent(new Event('change')); return true;", language)
        b.wait(f"return document.documentElement.lang === '{language}';", language)
        b.wait("return document.querySelector('[data-testid=verdict] .word').textContent !== arguments[0];"
               .replace("arguments[0]", json.dumps(english)), "the verdict's words")
        # The finding's one-line message in the language too (the report's stays English).
        message = b.js(f"return document.querySelector(\"{breached}\").textContent")
        assert message and message != english_message, (language, message)
        b.click("[data-testid=tab-sla]")
        rule = b.js("return document.querySelector('#panel-sla .rule').textContent")
        assert "from the local date of receipt" not in rule, rule
        b.axe(f"browser, verify, {language}")
        b.screenshot(f"web-lang-{language}")
    # Remembered for the next page load.
    b.load()
    assert b.js("return document.documentElement.lang") == "de"


def test_axe_every_panel_at_100_and_200_percent(b, tmp):
    b.load()
    b.axe("browser, empty")
    b.screenshot("web-empty")
    assert b.open_pack(SAMPLES / "incomplete-cache-deferred.tar.gz", TRUST) == "incomplete"
    for zoom in [None, ZOOM_200]:
        b.zoom(zoom)
        for panel in PANELS:
            b.click(f"[data-testid=tab-{panel}]")
            filled = b.js("const p = document.querySelector('[data-testid=panel-' + arguments[0] + ']');"
                          "return !p.hidden && p.textContent.trim().length > 40;", panel)
            assert filled, f"panel {panel} is empty"
            b.assert_no_null_text(f"panel {panel}")
            label = "200%" if zoom else "100%"
            b.axe(f"browser, incomplete pack, panel {panel}, {label}")
            assert not b.scrolls_sideways(), f"panel {panel} scrolls sideways at {label}"
            b.screenshot(f"web-verify-{panel}" + ("-200" if zoom else ""))
    b.zoom(None)


def tab_to(b, selector, limit=60, back=False):
    """Presses Tab (or Shift+Tab) until `selector` has the focus, each stop
    with a drawn focus ring; the stops passed."""
    for _ in range(limit):
        b.keys("Tab", modifier="Shift" if back else None)
        focused = b.focused()
        assert focused and focused["outline"], f"a focus stop without a ring: {focused}"
        if b.js("return document.activeElement.matches(arguments[0]);", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_reaches_every_panel_the_exports_and_the_language_menu(b, tmp):
    b.load()
    # Choosing files needs the native chooser: WebDriver sets them instead.
    assert b.open_pack(SAMPLES / "complete-gdpr.tar.gz", TRUST) == "complete"
    tab_to(b, "[data-testid=tab-findings]")
    for panel in PANELS[1:]:
        b.keys("ArrowRight")
        assert b.js("return document.activeElement.dataset.panel") == panel
        assert b.js(f"return !document.querySelector('[data-testid=panel-{panel}]').hidden")
    b.keys("Home")
    tab_to(b, "[data-testid=export-json]")
    b.keys("Enter")
    assert json.loads(b.downloaded("complete-gdpr-report.json"))["verdict"] == "complete"
    tab_to(b, "[data-testid=export-html]")
    b.keys("Space")
    assert b"<html" in b.downloaded("complete-gdpr-report.html")
    tab_to(b, "#language", back=True, limit=120)
    b.keys("ArrowDown")
    b.wait("return document.documentElement.lang !== 'en';", "another language")
    b.screenshot("web-keyboard")


def test_the_hosted_build_on_a_loopback_server(b, tmp):
    server = serve(WEB)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    b.allowed = LOCAL_SCHEMES + (origin + "/",)
    try:
        b.load(f"{origin}/index.html")
        pack = SAMPLES / "exempt-art17-3.tar.gz"
        assert (b.open_pack(pack, TRUST), b.codes()) == expected_of(pack, TRUST)
        b.axe("hosted, verify")
        b.click("[data-testid=export-json]")
        exported = b.downloaded("exempt-art17-3-report.json").decode()
        assert json.loads(exported)["meta"]["verifier"] == VERIFIER
        # The hosted build remembers the trust store (shown by its SHA-256).
        b.load(f"{origin}/index.html")
        assert b.js("return document.querySelector('[data-testid=trust-summary]').dataset.trust") == TRUST.name
        assert b.open_pack(pack) == "complete"
    finally:
        server.shutdown()


def test_the_portal_serves_the_hosted_build_under_verify(b, tmp):
    portal_bin = ROOT / "target" / "debug" / "proofpack-portal"
    store = tmp / "store"
    store.mkdir()
    tokens = tmp / "tokens.json"
    subprocess.run([portal_bin, "token", "add", tokens, "--id", "t1", "--tenant", "ten_0440"],
                   check=True, capture_output=True)
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    log = (tmp / "portal.log").open("w")
    portal = subprocess.Popen([portal_bin, "serve", store, "--trust", TRUST, "--tokens", tokens,
                               "--addr", f"127.0.0.1:{port}", "--verifier-page", WEB],
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    b.allowed = LOCAL_SCHEMES + (origin + "/",)
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{origin}/verify/", timeout=2) as answer:
                    policy = answer.headers["Content-Security-Policy"]
                    break
            except OSError:
                assert time.time() < deadline and portal.poll() is None, (tmp / "portal.log").read_text()
                time.sleep(0.2)
        assert "connect-src 'self'" in policy and "wasm-unsafe-eval" in policy, policy
        b.load(f"{origin}/verify/")
        pack = SAMPLES / "late-ccpa.tar.gz"
        assert (b.open_pack(pack, TRUST), b.codes()) == expected_of(pack, TRUST)
        b.axe("portal, verify")
    finally:
        stop_group(portal)


TESTS = [
    test_every_vector_and_sample_gives_the_clis_verdict_and_codes,
    test_several_packs_at_once_the_last_is_shown,
    test_exports_are_the_clis_outside_meta,
    test_hostile_markup_stays_inert,
    test_errors_and_cancel,
    test_large_members_are_hashed_beside_the_verifier,
    test_register_mode_and_its_exports,
    test_a_signed_verification_is_checked,
    test_revision_3_witnessed_time_and_seal,
    test_the_language_menu_switches_the_page,
    test_axe_every_panel_at_100_and_200_percent,
    test_keyboard_reaches_every_panel_the_exports_and_the_language_menu,
    test_the_hosted_build_on_a_loopback_server,
    test_the_portal_serves_the_hosted_build_under_verify,
]


def nothing_left_the_page(browser):
    """Nothing the test did made a request beyond the page."""
    foreign = [u for u in browser.requests() if not u.startswith(browser.allowed)]
    assert not foreign, f"requests beyond the page: {foreign}"


def main():
    for needed in (SINGLE, WEB / "index.html", CLI, ROOT / "target" / "debug" / "proofpack-portal"):
        if not needed.exists():
            sys.exit(f"web tests: {needed} is missing (scripts/web-tests.sh builds it)")
    run_tests("web", TESTS, Page, "chromedriver-web.log", after=nothing_left_the_page)


if __name__ == "__main__":
    main()
