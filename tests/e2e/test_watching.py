"""Watching the computer play itself (issue 37): Pause stops the move list growing,
Step adds exactly one entry, Play goes on; the speed is the watcher's. The rules of
it are the table's (tests/unit/test_table.py); this is the page's side."""

from __future__ import annotations

import pytest
from axe import check_accessibility
from harness import new_game, wait_ready
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def entries(page: Page) -> int:
    return page.locator("#moves li").count()


def test_watching_pause_step_and_play(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    group, pause = page.locator("#watch-controls"), page.locator("#watch-pause")
    expect(group).to_be_hidden()  # against a person or a friend: no such controls
    new_game(page, "squadro", "both", level="easy")
    expect(group).to_be_visible()
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#watch-step")).to_be_disabled()
    page.select_option("#watch-speed", "fast")
    expect(page.locator("#moves li").nth(1)).to_be_attached(timeout=30_000)

    page.keyboard.press("k")  # K pauses
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#thinking")).to_contain_text("Paused")
    held = entries(page)
    page.wait_for_timeout(1500)  # at the fast pace, three moves' time
    assert entries(page) == held
    check_accessibility(page, "watching the computer, paused")

    page.click("#watch-step")
    expect(page.locator("#moves li")).to_have_count(held + 1, timeout=30_000)
    page.wait_for_timeout(1000)
    assert entries(page) == held + 1  # one action, then it waits again

    pause.click()  # Play
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#moves li").nth(held + 1)).to_be_attached(timeout=30_000)
