"""A reading of Senet chosen in the new-game dialog is played by clicks; the ruleset is
shown during play, its rules page opens, and it survives a reload. (Every reading's
choice in the dialog: tests/unit/test_new_game_form.py.)"""

from __future__ import annotations

import json

import pytest
from harness import wait_ready
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"

# (reading radio value, Kendall options to tick, name shown, preset saved, rules title).
# Every reading's radio and options are checked on CPython against the dialog's own
# markup (tests/unit/test_new_game_form.py, TICKED): here, two readings that differ
# on the board (Kendall's options; Tait's empty board) are ticked and played by clicks.
READINGS = [
    (
        "kendall",
        ["five_pieces", "trap"],
        "Kendall, with Five Pieces, Trap",
        "kendall_five_pieces_trap",
        "Senet after Timothy Kendall",
    ),
    ("tait", [], "Tait", "tait", "Senet after John Tait"),
]


def play_a_few_actions(page: Page, actions: int) -> None:
    """Throw, and move the first piece that can move to its first destination."""
    for _ in range(actions):
        if page.locator("#throw").is_enabled():
            page.click("#throw")
        elif page.locator("#pass").is_visible():
            page.click("#pass")
        else:
            page.locator("#board [data-row].movable").first.click()
            page.locator("#board .target").first.click()


def saved_preset(page: Page) -> str:
    record = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    return record["record"]["rules"]["preset"]


@pytest.mark.parametrize("reading,options,shown,preset,title", READINGS)
def test_each_reading_starts_from_the_dialog_and_plays(
    app_page: Page, reading, options, shown, preset, title
) -> None:
    page = app_page
    wait_ready(page)
    page.click("#new-game")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    page.check(f'input[name="reading"][value="{reading}"]')
    for option in options:
        page.check(f'input[name="{option}"]')
    page.check('input[name="first"][value="0"]')
    page.click("#start-game")
    expect(dialog).to_be_hidden()
    expect(page.locator("#ruleset-name")).to_have_text(shown)
    assert saved_preset(page) == preset
    pieces = 5 if preset != "kendall" else 7
    on_board = page.locator("#board .piece-at").count()
    assert on_board == (0 if reading == "tait" else 2 * pieces)
    if reading == "tait":
        expect(page.locator('#board [data-square="P"]')).to_be_visible()
    play_a_few_actions(page, 12)
    assert page.locator("#moves li").count() >= 1
    page.click("#show-rules")
    expect(page.locator("#rules-dialog h2").first).to_have_text(title)
    page.click("#close-rules")
    # The chosen ruleset comes back after a reload.
    page.reload()
    wait_ready(page)
    expect(page.locator("#ruleset-name")).to_have_text(shown)
    assert saved_preset(page) == preset


def test_custom_rules_take_the_chosen_options(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    page.click("#new-game")
    page.check('input[name="reading"][value="custom"]')
    page.check('input[name="bump_to_first_empty"]')
    page.select_option('select[name="backward_priority"]', "per_piece")
    page.click("#start-game")
    expect(page.locator("#ruleset-name")).to_have_text("Jéquier, custom rules")
    record = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    rules = record["record"]["rules"]
    assert rules["bump_to_first_empty"] is True and rules["backward_priority"] == "per_piece"
    assert rules["safe_squares"] == [26, 28, 29, 30]


def test_cancel_keeps_the_game_in_progress(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    play_a_few_actions(page, 3)
    before = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    page.click("#new-game")
    expect(page.locator("#replace-warning")).to_contain_text("keeps this one in Saved games")
    page.click("#cancel-new-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == before
