"""Sound (issue 26, item 6): no sound before the visitor touches the page, then a move
sounds; the switch in the header's settings silences it, and the choice is remembered
across a reload. The page counts the sounds it plays in ``window.ludeumSoundsPlayed``
(src/web/sound.py); which sound each action makes is tested on CPython
(tests/unit/test_sounds.py). Console errors fail the test (the watch fixture)."""

from __future__ import annotations

import pytest
from harness import wait_ready
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PLAYED = "() => window.ludeumSoundsPlayed ?? 0"
LAST = "() => [window.ludeumSoundsPlayed, window.ludeumLastSound]"
#: Two clicks on the first piece that can move, made by a script: a move with no
#: touch of the visitor's (as the computer's move before anyone has touched the page).
SCRIPTED_MOVE = """() => {
  const lane = () => document.querySelector('#board [data-square^="L"]');
  lane().dispatchEvent(new MouseEvent('click', { bubbles: true }));
  lane().dispatchEvent(new MouseEvent('click', { bubbles: true }));
}"""


def heard(page: Page) -> str:
    """The sound the last move should have made: a capture when it jumped a piece
    (its move-list line says so), else a move."""
    return "capture" if "jumped" in page.locator("#moves li").last.inner_text() else "move"


def squadro_move(page: Page) -> None:
    """The person to move plays the first piece that can move (a second tap on the
    selected piece moves it)."""
    lane = page.locator('#board [data-square^="L"]').first
    lane.click()
    lane.click()


def test_a_move_sounds_and_the_sound_switch_is_remembered(fresh_page: Page, site_server) -> None:
    page = fresh_page
    page.goto(site_server.url + "?game=squadro", wait_until="commit")
    wait_ready(page)  # a launch parameter: straight to the game, nothing clicked
    switch = page.locator("#sound")
    expect(switch).to_have_accessible_name("Sound")
    expect(switch).to_have_attribute("aria-pressed", "true")  # on in a tab of its own
    moves = page.locator("#moves li")
    page.evaluate(SCRIPTED_MOVE)
    expect(moves).to_have_count(1)
    assert page.evaluate(PLAYED) == 0  # browsers allow no sound before the visitor acts
    squadro_move(page)
    expect(moves).to_have_count(2)
    assert page.evaluate(LAST) == [1, heard(page)]
    squadro_move(page)  # the next sound fades the one before out (one at a time)
    expect(moves).to_have_count(3)
    assert page.evaluate(LAST) == [2, heard(page)]

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => localStorage.getItem('ludeum:v1:sound')") == "off"
    page.reload(wait_until="commit")
    wait_ready(page)
    expect(switch).to_have_attribute("aria-pressed", "false")  # remembered
    squadro_move(page)
    expect(moves).to_have_count(4)
    assert page.evaluate(PLAYED) == 0  # the sound is played with the move, or never

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    squadro_move(page)
    expect(moves).to_have_count(5)
    assert page.evaluate(LAST) == [1, heard(page)]
