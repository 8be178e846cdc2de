"""Tests whose renderer crashes, run only by test_crash_retry.py in a pytest of its own
(the file's name keeps pytest from collecting it otherwise). Navigating to
chrome://crash kills the page's renderer, as a real crash would; CRASH_PROBE_DIR
remembers which tests already crashed once.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Error, Page

# These pages never open the app: no snapshot to keep for them (conftest.py, context).
pytestmark = pytest.mark.cold_boot


def crash(page: Page) -> None:
    page.goto("data:text/html,<p>about to crash</p>")
    with page.expect_event("crash"):
        try:
            page.goto("chrome://crash")  # the navigation is aborted: the renderer dies
        except Error:
            pass


def first_time(name: str) -> bool:
    mark = Path(os.environ["CRASH_PROBE_DIR"]) / name
    if mark.exists():
        return False
    mark.touch()
    return True


def test_crashes_once(page: Page) -> None:
    if first_time("once"):
        crash(page)
    assert page.evaluate("1 + 1") == 2


def test_crashes_twice(page: Page) -> None:
    crash(page)
    assert page.evaluate("1 + 1") == 2


def test_survives_a_crash(page: Page) -> None:
    crash(page)  # and never touches the page again


def test_fails_without_a_crash(page: Page) -> None:
    page.goto("data:text/html,<p>fine</p>")
    assert page.evaluate("1 + 1") == 3
