"""Your games (issue 38, item 4): the visitor's name and record, kept in the browser.

A visitor sets a name from the welcome screen, finishes a Squadro game against the
computer (seeded one winning move from its end), sees the name on their card and the
game counted on the page, opens its review over their own game, and finds the record
as it was after a reload (the finished game reopened logs nothing more). A log that
cannot be read is set aside, not lost, and the page still boots and logs the next
game. Both at a desktop's size and a phone's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from harness import SiteServer, wait_ready
from playwright.sync_api import Browser, Page, expect

from ludeum import saves
from ludeum.squadro import new_game as new_squadro

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
RESULTS_KEY = "ludeum:v1:results"
NAME_KEY = "ludeum:v1:name"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def one_move_from_winning() -> tuple[str, int]:
    """A Squadro game against the computer at Easy, the visitor (seat 0) to move, one
    lane of whose moves wins: (the saved game, that lane)."""
    source = random.Random(0)
    state = new_squadro(0)
    while True:
        if state.to_act() == 0 and len(state.actions()) > 20:
            for move in state.legal_moves():
                after = state.apply(move)
                if after.outcome() is not None and after.outcome().winner == 0:
                    return saves.dump(state, ("human", "easy")), move.lane
        state = state.apply(source.choice(state.legal_moves()))


SAVED, WINNING_LANE = one_move_from_winning()


def open_app(browser: Browser, server: SiteServer, watch, device: dict, seed: dict) -> Page:
    context = browser.new_context(**device, reduced_motion="reduce")
    watch(context, server.origin)
    page = context.new_page()
    sets = "".join(
        f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in seed.items()
    )
    page.add_init_script(
        script="if (!sessionStorage.getItem('test:seeded')) {"
        f" {sets} sessionStorage.setItem('test:seeded', '1'); }}"
    )
    page.goto(server.url, wait_until="commit")
    wait_ready(page, enter=False)
    return page


def log_of(page: Page) -> list:
    return json.loads(page.evaluate(f"() => localStorage.getItem('{RESULTS_KEY}') || '[]'"))


def win(page: Page) -> None:
    """The winning move, by a tap (or two: one-tap moves may be off) on its piece."""
    piece = page.locator(f'#board [data-square="L{WINNING_LANE}"]')
    piece.click()
    if page.locator("#game-over").is_hidden():
        try:
            expect(page.locator("#game-over")).to_be_visible(timeout=1500)
        except AssertionError:
            piece.click()
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#game-over-title")).to_have_text("You win")


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_name_and_a_game_won_are_kept_counted_reviewed_and_survive_a_reload(
    browser: Browser, site_server: SiteServer, watch: Callable, device: dict
) -> None:
    page = open_app(browser, site_server, watch, device, {SAVE_KEY: SAVED})
    # The welcome screen's way in: the name, saved and cleaned.
    entry = page.locator("#welcome-your-games")
    expect(entry).to_be_visible()
    entry.click()
    dialog = page.locator("#your-games-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".your-empty")).to_contain_text("No finished game yet")
    page.fill("#your-name", "  Ada   <Lovelace>  ")
    page.click("#your-name-save")
    expect(page.locator("#your-name-said")).to_have_text("Saved. Your cards say “Ada <Lovelace>”.")
    assert page.evaluate(f"() => localStorage.getItem('{NAME_KEY}')") == "Ada <Lovelace>"
    page.click("#close-your-games")
    page.click("#welcome-continue-button")
    card = page.locator('#player-cards [data-seat="0"] .card-name')
    expect(card).to_have_text("Ada <Lovelace>")  # escaped: shown as text

    win(page)
    [logged] = log_of(page)
    assert (logged["game"], logged["opponent"], logged["seat"], logged["result"]) == (
        "squadro", "easy", 0, "win")  # fmt: skip
    assert logged["code"] and logged["moves"] > 20

    # The game screen's way in: counted, listed, and its review opens over the game.
    page.click("#your-games")
    expect(dialog.locator(".your-summary")).to_contain_text("1 won, 0 lost, 0 drawn")
    row = dialog.locator("button.your-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Win")
    expect(row).to_contain_text("Computer · Easy")
    own = page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")
    row.click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#review-banner")).to_be_visible()
    expect(page.locator("#shared-text")).to_contain_text("From Your games")
    page.click("#review-first")
    expect(page.locator("#review-where")).to_contain_text("the start of the game")
    page.click("#shared-back")
    expect(page.locator("#shared")).to_be_hidden()
    assert page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')") == own

    # A reload reopens the finished game: the record is as it was, nothing logged twice.
    page.reload(wait_until="commit")
    wait_ready(page)
    assert len(log_of(page)) == 1
    expect(page.locator('#player-cards [data-seat="0"] .card-name')).to_have_text("Ada <Lovelace>")
    page.click("#your-games")
    expect(page.locator("#your-games-dialog button.your-row")).to_have_count(1)
    expect(page.locator("#your-name")).to_have_value("Ada <Lovelace>")


def test_a_log_that_cannot_be_read_is_set_aside_and_the_next_game_is_logged(
    browser: Browser, site_server: SiteServer, watch: Callable
) -> None:
    garbage = '{"not": "a log" ['
    page = open_app(browser, site_server, watch, DESKTOP,
                    {SAVE_KEY: SAVED, RESULTS_KEY: garbage})  # fmt: skip
    page.click("#welcome-your-games")
    expect(page.locator("#your-games-dialog .your-empty")).to_be_visible()
    page.click("#your-games-x")
    page.click("#welcome-continue-button")
    win(page)
    [logged] = log_of(page)
    assert logged["result"] == "win"
    aside = page.evaluate(
        f"""() => Object.keys(localStorage).filter((k) => k.startsWith('{QUARANTINE_PREFIX}'))
        .map((k) => localStorage.getItem(k))"""
    )
    assert aside == [garbage]  # byte for byte, listed in Saved games to download
    expect(page.locator("#records")).to_contain_text("Your games could not be read")

    # A record downloaded elsewhere, imported: merged, the game already here once.
    other = {**logged, "at": "2026-11-01T09:00:00", "winner": 1, "result": "loss"}
    record = {"format": "ludeum-results", "version": 1, "name": "Bo",
              "results": [logged, other]}  # fmt: skip
    page.set_input_files("#import-file", files=[{"name": "ludeum-your-games.json",
        "mimeType": "application/json", "buffer": json.dumps(record).encode()}])  # fmt: skip
    expect(page.locator("#import-said")).to_have_text(
        "Your games: 1 added from the file, 1 already listed."
    )
    assert [entry["at"] for entry in log_of(page)] == [other["at"], logged["at"]]
