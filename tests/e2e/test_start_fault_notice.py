"""A saved game whose start is a set-up the game cannot produce (issue 28, item 2) is
refused at boot: kept aside, a new game started, and the fault named in the page's
language. The checks themselves are pure and tested in tests/unit/test_start_faults.py;
this is the one path that needs a browser, the notice."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from harness import SiteServer, Watch, seed_storage, wait_ready
from playwright.sync_api import BrowserContext, expect

from ludeum import lodestone, saves

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"


def red_king_on_a1() -> str:
    """The issue's first fault: Red's king already on a1 while Red is to place it."""
    start = lodestone.position(lodestone.new_game())
    position = start.replace("/rrrrrrrr r", "/Rrrrrrrr r")
    envelope = json.loads(saves.dump(lodestone.new_game()))
    envelope["record"]["start"]["position"] = envelope["record"]["position"] = position
    return json.dumps(envelope)


def test_a_saved_set_up_the_game_cannot_produce_is_named_in_french_and_kept_aside(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> None:
    watch(context, site_server.origin)
    record = red_king_on_a1()
    page = context.new_page()
    seed_storage(page, SAVE_KEY, record)
    page.goto(site_server.url + "?lang=fr", wait_until="commit")
    wait_ready(page)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("n’a pas pu être lue")
    expect(notice).to_contain_text("Le roi rouge est en a1 avant que Rouge l’ait placé")
    kept = page.evaluate(
        "(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix))"
        ".map((k) => localStorage.getItem(k))",
        QUARANTINE_PREFIX,
    )
    assert kept == [record]
