"""Lodestone in the browser: set up and played by clicks, digits on the pieces, the
magnet map as a learning aid, a reload that resumes exactly."""

from __future__ import annotations

import pytest
from harness import wait_ready
from playwright.sync_api import Page, expect

from ludeum import saves
from ludeum.lodestone import position

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"


def stored(page: Page):
    return saves.load(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


@pytest.mark.smoke
def test_lodestone_is_set_up_and_played_by_clicks_and_resumes(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    page.click("#new-game")
    page.check('input[name="game"][value="lodestone"]')
    expect(page.locator(".lodestone-options")).to_be_visible()
    page.check('input[name="first"][value="0"]')
    page.click("#start-game")
    expect(page.locator("#game-name")).to_have_text("Lodestone")
    expect(page.locator("#status")).to_have_text("Red (Player 1): put your king on d1 or e1.")
    page.click('#board [data-square="Ke"]')  # Red's king on e1
    expect(page.locator("#status")).to_have_text("White (Player 2): put your king on d8 or e8.")
    page.click('#board [data-square="Kd"]')  # White's king on d8
    state = stored(page)
    assert position(state).split()[0] == "wwwWwwww/" + "......../" * 6 + "rrrrRrrr"
    # Digits are shown on the pieces only, until the learning aid is switched on.
    expect(page.locator("#board .magnet")).to_have_count(0)
    assert page.locator('#board .ls-piece [class="digit"]').count() == 16
    page.check("#aid")
    expect(page.locator("#board .magnet")).to_have_count(64)
    # Red moves a1: its digit is 2; the targets are the squares two steps away.
    page.click('#board [data-square="a1"]')
    targets = page.locator("#board .cell.target").evaluate_all(
        "cells => cells.map(c => c.dataset.square).sort()"
    )
    assert targets == ["a3", "b2"]  # c1 would pass over the pawn on b1
    page.click('#board [data-square="a3"]')
    state = stored(page)
    assert [a.notation() for a in state.actions()] == ["Ke", "Kd", "a1-a3"]
    expect(page.locator("#status")).to_have_text(
        "Red (Player 1) moved a1 to a3. White (Player 2) to move."
    )
    before = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    moves_before = page.locator("#moves li").all_inner_texts()
    page.reload()
    wait_ready(page)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == before
    assert page.locator("#moves li").all_inner_texts() == moves_before
    expect(page.locator("#status")).to_contain_text("White (Player 2) to move.")
    page.locator("#board .cell.movable").first.click()
    page.locator("#board .cell.target").first.click()
    assert len(stored(page).actions()) == 4
