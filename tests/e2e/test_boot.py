"""The app boots in the browser: quickly visible, then ready, self-contained."""

from __future__ import annotations

import pytest
from harness import wait_ready
from playwright.sync_api import Page

# What a first visit shows and reports while Python boots: cold contexts.
pytestmark = [pytest.mark.e2e, pytest.mark.cold_boot]

# Milliseconds since navigation start when #app first shows something (or null).
FIRST_CONTENT_JS = """() => {
  const app = document.getElementById('app');
  if (!app) return null;
  const box = app.getBoundingClientRect();
  const shown = app.innerText.trim().length > 0 && box.width > 0 && box.height > 0;
  return shown ? performance.now() : null;
}"""


# Shown within a second of navigation: timed, so alone.
@pytest.mark.alone
def test_loading_view_is_shown_within_a_second(app_page: Page) -> None:
    # app_page returns when the navigation commits; performance.now() counts
    # from the start of that navigation.
    shown_at = app_page.wait_for_function(FIRST_CONTENT_JS, timeout=10_000).json_value()
    assert shown_at < 1000, f"#app showed nothing until {shown_at:.0f} ms after navigation"
    wait_ready(app_page)


@pytest.mark.smoke
def test_boots_to_ready_without_errors_or_foreign_requests(app_page: Page) -> None:
    # The `watch` fixture behind app_page fails the test at teardown if any
    # request left the origin or any console/page error was logged.
    # Besides, a normal first visit, until its service worker is active, raises no
    # issue in the browser (a deprecated API, as Pyodide's shared memory outside
    # cross-origin isolation was: scripts/build.py, SHARED_MEMORY_PROBE; a blocked or failed
    # request; a cookie or mixed-content issue: what Lighthouse's "deprecations",
    # "inspector-issues" and "errors-in-console" audits read) and logs no warning.
    # Enabling these domains replays what happened before (the page committed
    # already): the browser keeps its issues, log entries and console messages.
    session = app_page.context.new_cdp_session(app_page)
    issues: list[dict] = []
    said: list[str] = []
    session.on("Audits.issueAdded", lambda event: issues.append(event["issue"]))
    session.on(
        "Log.entryAdded",
        lambda event: (
            said.append(
                f"{event['entry']['level']} ({event['entry']['source']}): {event['entry']['text']}"
            )  # fmt: skip
            if event["entry"]["level"] in ("warning", "error")
            else None
        ),
    )
    session.on(
        "Runtime.consoleAPICalled",
        lambda event: (
            said.append(f"console.{event['type']}: {event['args']}")
            if event["type"] in ("warning", "error", "assert")
            else None
        ),
    )
    for domain in ("Audits", "Log", "Runtime"):
        session.send(f"{domain}.enable")
    wait_ready(app_page)
    assert app_page.locator("#app").get_attribute("data-state") == "ready"
    app_page.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'", timeout=30_000
    )
    app_page.wait_for_timeout(500)  # the last events reach this session
    assert issues == [], f"the browser raised issues: {issues}"
    assert said == [], f"warnings or errors were logged: {said}"
