"""Revision 3 in the panels (issue 30): the witnessed time of §21 beside the
claimed completion (Deadlines), the seal of §22 with its cosignatures and
the policy's two new members (Trust), the seal checkpoint's cosignatures
(Audit). Shared by the desktop app's E2E tests (run.py) and the browser's
(web.py): each page object has `click`, `js`, `axe` and `screenshot`.

Every value is compared with what `proofpack verify --json` reports for the
same pack and trust store, by data-testid and data attributes, never by
wording.
"""

import json

from webdriver import ROOT

VECTORS = ROOT / "tests" / "vectors"
# A sealed pack with no witnessed time, one whose seal does not hold, and
# two unsealed ones whose witnesses saw the cascade's log before and after
# the deadline.
SEALED = VECTORS / "seal-valid.tar.gz"
SEAL_BROKEN = VECTORS / "seal-entry-signature-sha256-of-base64-text.tar.gz"
WITNESSED_EARLY = VECTORS / "witnessed-completion-before-deadline.tar.gz"
WITNESSED_LATE = VECTORS / "witnessed-completion-after-deadline-warning.tar.gz"


def strict_store(tmp):
    """The rev3 vectors' trust store with both new policy members on (§4)."""
    store = json.loads((VECTORS / "trust-rev3-keys.json").read_text())
    store.setdefault("policy", {}).update({"witnessed_deadline": True, "sealed_signature": True})
    path = tmp / "trust-rev3-strict.json"
    path.write_text(json.dumps(store))
    return path


def cases(tmp):
    """(pack, trust store, where its witnessed time stands to the deadline,
    a name for the screenshots) of each case."""
    keys = VECTORS / "trust-rev3-keys.json"
    return [(SEALED, strict_store(tmp), "none", "sealed"),
            (SEAL_BROKEN, keys, "none", "seal-broken"),
            (WITNESSED_EARLY, keys, "before_deadline", "witnessed-early"),
            (WITNESSED_LATE, keys, "after_deadline", "witnessed-late")]


def attr(page, selector, name):
    return page.js("const e = document.querySelector(arguments[0]);"
                   "return e ? e.getAttribute(arguments[1]) : null;", selector, name)


def text(page, selector):
    return page.js("const e = document.querySelector(arguments[0]);"
                   "return e ? e.textContent : null;", selector)


def rows(page, selector):
    """(witness, counted, not_counted) of each cosignature row `selector`."""
    return page.js(
        "return Array.from(document.querySelectorAll(arguments[0]))"
        ".map(r => [r.dataset.witness, r.dataset.counted === 'true', r.dataset.notCounted || null]);",
        selector)


def shoot(page, selector, name):
    """A screenshot with `selector` scrolled into view."""
    page.js("document.querySelector(arguments[0]).scrollIntoView({block: 'center'}); return true;", selector)
    page.screenshot(name)


def expected_rows(cosignatures):
    return [[c["witness"], c["counted"], c["not_counted"]] for c in cosignatures]


def assert_panels(page, report, state, label):
    """The Deadlines, Audit and Trust panels show `report`'s §21 and §22
    members; the witnessed time stands `state` to the deadline."""
    sla, seal, policy = report["sla"], report["seal"], report["meta"]["trust_store"]["policy"]
    page.click("[data-testid=tab-sla]")
    assert attr(page, "[data-testid=sla-witnessed]", "data-witnessed-at") == (sla["witnessed_at"] or "")
    assert attr(page, "[data-testid=sla-witnessed]", "data-k") == str(sla["witness_k"])
    if sla["witnessed_at"]:
        assert sla["witnessed_at"] in text(page, "[data-testid=sla-witnessed]")
    assert attr(page, "[data-testid=sla-witnessed-meaning]", "data-state") == state
    # Beside the claimed completion: in the same table of times.
    assert page.js("return document.querySelector('[data-testid=sla-witnessed]').closest('table')"
                   ".textContent.includes(arguments[0]);", sla["completed_at"])
    page.axe(f"{label}, witnessed time, deadlines panel")
    shoot(page, "[data-testid=sla-witnessed-meaning]", f"{label}-rev3-deadlines")

    page.click("[data-testid=tab-audit]")
    sealed_rows = rows(page, "[data-testid=cosignature][data-checkpoint=seal]")
    assert sealed_rows == expected_rows(seal["cosignatures"] if seal else []), sealed_rows
    assert len(rows(page, "[data-testid=cosignature]")) == len(report["audit"]["cosignatures"]) + len(sealed_rows)
    page.axe(f"{label}, seal cosignatures, audit panel")
    shoot(page, "#witnesses-heading", f"{label}-rev3-audit")

    page.click("[data-testid=tab-trust]")
    for member in ["witnessed_deadline", "sealed_signature"]:
        testid = "policy-" + member.replace("_", "-")
        assert attr(page, f"[data-testid={testid}]", "data-required") == str(policy[member]).lower(), member
    shoot(page, "[data-testid=policy-sealed-signature]", f"{label}-rev3-policy")
    assert attr(page, "[data-testid=seal]", "data-sealed") == str(seal is not None).lower()
    if seal is None:
        assert page.js("return !!document.querySelector('[data-testid=seal-none]')")
    else:
        assert attr(page, "[data-testid=seal-holds]", "data-holds") == str(seal["holds"]).lower()
        assert attr(page, "[data-testid=seal-sealed-time]", "data-sealed-time") == (seal["sealed_time"] or "")
        assert text(page, "[data-testid=seal-checkpoint-size]") == str(seal["checkpoint_size"])
        assert text(page, "[data-testid=seal-entry-index]") == str(seal["entry_index"])
        assert rows(page, "[data-testid=seal-cosignature]") == expected_rows(seal["cosignatures"])
    page.axe(f"{label}, seal and policy, trust panel")
    shoot(page, "[data-testid=seal]", f"{label}-rev3-trust")
