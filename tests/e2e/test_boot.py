"""The app boots in the browser: quickly visible, then ready, self-contained."""

from __future__ import annotations

import pytest
from harness import wait_ready
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

# Milliseconds since navigation start when #app first shows something (or null).
FIRST_CONTENT_JS = """() => {
  const app = document.getElementById('app');
  if (!app) return null;
  const box = app.getBoundingClientRect();
  const shown = app.innerText.trim().length > 0 && box.width > 0 && box.height > 0;
  return shown ? performance.now() : null;
}"""


def test_loading_view_is_shown_within_a_second(app_page: Page) -> None:
    # app_page returns when the navigation commits; performance.now() counts
    # from the start of that navigation.
    shown_at = app_page.wait_for_function(FIRST_CONTENT_JS, timeout=10_000).json_value()
    assert shown_at < 1000, f"#app showed nothing until {shown_at:.0f} ms after navigation"
    wait_ready(app_page)


def test_boots_to_ready_without_errors_or_foreign_requests(app_page: Page) -> None:
    # The `watch` fixture behind app_page fails the test at teardown if any
    # request left the origin or any console/page error was logged.
    wait_ready(app_page)
    assert app_page.locator("#app").get_attribute("data-state") == "ready"
