"""Squadro in the browser: started from the new-game dialog, played by clicks (a tap
shows a piece's path, a second tap moves it), resumed exactly after a reload."""

from __future__ import annotations

import json

import pytest
from harness import wait_ready
from playwright.sync_api import Page, expect

from ludeum import saves
from ludeum.squadro import position

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"


def stored(page: Page):
    return saves.load(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def start_squadro(page: Page) -> None:
    wait_ready(page)
    page.click("#new-game")
    page.check('input[name="game"][value="squadro"]')
    expect(page.locator(".readings")).to_be_hidden()  # Senet's readings do not apply
    page.check('input[name="first"][value="0"]')
    page.click("#start-game")
    expect(page.locator("#game-name")).to_have_text("Squadro")


@pytest.mark.smoke
def test_squadro_starts_from_the_dialog_and_plays_by_clicks(app_page: Page) -> None:
    page = app_page
    start_squadro(page)
    state = stored(page)
    assert position(state) == "00000/00000 H"
    expect(page.locator("#throw")).to_be_hidden()
    expect(page.locator("#status")).to_have_text("Light (Player 1) to move. The race is level.")
    # Light's five pieces can move; a tap on lane 1 shows where it would stop.
    expect(page.locator('#board [data-square^="L"]')).to_have_count(5)
    page.click('#board [data-square="L1"]')
    expect(page.locator("#board .path-1")).to_have_class("path path-1 shown")
    page.click('#board [data-square="end"]')
    state = stored(page)
    assert position(state) == "30000/00000 V"  # lane 1 has speed 3
    expect(page.locator("#moves li")).to_have_text(["Light: lane 1."])
    # Dark's lane 1 piece (speed 1) steps onto row 1, where Light's piece is not.
    page.click('#board [data-square="L1"]')
    page.click('#board [data-square="L1"]')  # a second tap on the piece moves it too
    assert position(stored(page)) == "30000/10000 H"
    expect(page.locator("#status")).to_contain_text("Light (Player 1) to move.")


def test_a_jump_sends_pieces_back_and_a_reload_resumes_exactly(app_page: Page) -> None:
    page = app_page
    start_squadro(page)
    # Light lane 2 (speed 1) to column 1; Dark lane 1 (speed 1) to row 1; Light lane 1
    # (speed 3) then meets Dark's piece at column 1 and jumps it.
    for lane in ("L2", "L1", "L1"):
        page.click(f'#board [data-square="{lane}"]')
        page.click('#board [data-square="end"]')
    state = stored(page)
    assert position(state) == "21000/00000 V"
    expect(page.locator("#status")).to_contain_text("It jumped 1 piece and sent it back.")
    expect(page.locator("#board .sq-piece.sent-back")).to_have_count(1)
    before = {
        "record": page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"),
        "status": page.inner_text("#status"),
        "moves": page.locator("#moves li").all_inner_texts(),
    }
    page.reload()
    wait_ready(page)
    expect(page.locator("#game-name")).to_have_text("Squadro")
    after = {
        "record": page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"),
        "status": page.inner_text("#status"),
        "moves": page.locator("#moves li").all_inner_texts(),
    }
    assert after == before
    assert json.loads(after["record"])["game"] == "squadro"
    page.click('#board [data-square="L3"]')
    page.click('#board [data-square="end"]')
    assert position(stored(page)) == "21000/00200 H"
