"""Automated accessibility checks with axe-core, for the end-to-end tests.

axe-core is a test tool pinned in package.json's devDependencies: it comes from
node_modules (installed by ``npm ci``, which scripts/build.py and scripts/test.sh
run), is injected into the page under test by Playwright, and is never copied into
dist/ nor fetched from another host.

``check_accessibility(page, screen)`` runs axe on the page as it is and fails on
every serious or critical violation of the WCAG 2.0, 2.1 and 2.2 A/AA rules, with
the rule, its impact, its help text and the elements at fault; minor and moderate
findings are printed as warnings (pytest shows them with ``-s`` or on failure).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

from harness import ROOT
from playwright.sync_api import Page

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The success criteria checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe has
#: no wcag22a tag; its 2.2 rules are all AA).
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
#: Impacts that fail a test; the others are reported as warnings.
BLOCKING = ("serious", "critical")


class AxeWarning(UserWarning):
    """A minor or moderate accessibility finding."""


def axe_source() -> Path:
    """The path of axe.min.js; fails (never skips) when node_modules lacks it."""
    if not AXE_JS.is_file():
        raise AssertionError(
            f"{AXE_JS.relative_to(ROOT)} is missing: axe-core is a pinned devDependency; "
            "run `npm ci` (scripts/build.py and scripts/test.sh do)"
        )
    return AXE_JS


def _inject(page: Page) -> None:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated by the test driver, not added as a <script> element: the page's
        # Content-Security-Policy refuses inline scripts (add_script_tag makes one),
        # and rightly so; code the driver evaluates is outside the page's policy.
        # The trailing `0` makes the completion value a plain number.
        page.evaluate(axe_source().read_text(encoding="utf-8") + "\n;0")


RUN_JS = """async (tags) => {
  const results = await axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  });
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({
      target: n.target.map((t) => Array.isArray(t) ? t.join(' >>> ') : t).join(' '),
      impact: n.impact,
      summary: n.failureSummary,
    })),
  }));
}"""


def run_axe(page: Page) -> list[dict]:
    """Every violation axe finds on the page as it is now."""
    _inject(page)
    return page.evaluate(RUN_JS, list(TAGS))


def describe(violation: dict, max_nodes: int = 8) -> str:
    nodes = violation["nodes"]
    lines = [f"{violation['id']} ({violation['impact']}): {violation['help']}"]
    for node in nodes[:max_nodes]:
        summary = " ".join((node["summary"] or "").split())
        lines.append(f"    {node['target']}: {summary[:300]}")
    if len(nodes) > max_nodes:
        lines.append(f"    ... and {len(nodes) - max_nodes} more elements")
    return "\n".join(lines)


def check_accessibility(page: Page, screen_name: str) -> list[dict]:
    """Fail on every serious or critical WCAG A/AA violation on the page; warn about
    the rest. Returns every violation found (for tests that look further)."""
    violations = run_axe(page)
    blocking = [v for v in violations if v["impact"] in BLOCKING]
    minor = [v for v in violations if v["impact"] not in BLOCKING]
    for violation in minor:
        text = f"axe on {screen_name}: {describe(violation)}"
        print("WARNING", text)
        warnings.warn(text, AxeWarning, stacklevel=2)
    if blocking:
        raise AssertionError(
            f"axe: {len(blocking)} serious or critical accessibility violation(s) on "
            f"{screen_name}:\n" + "\n".join(describe(v) for v in blocking)
        )
    return violations


def dump(violations: list[dict]) -> str:
    """The raw findings, for debugging."""
    return json.dumps(violations, indent=1, ensure_ascii=False)
