"""Every game to every other game through the new-game dialog (issue 12, item 2: the
dialog raised in Lodestone, so a visitor could not leave it, even after a reload).

One page walks senet -> squadro -> lodestone -> senet -> lodestone -> squadro -> senet,
which covers the six ordered pairs once each; the `app_page` watch fails the test on
any console or page error."""

from __future__ import annotations

import pytest
from harness import wait_ready
from playwright.sync_api import Page, expect

from ludeum import saves

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
TITLES = {"senet": "Senet", "squadro": "Squadro", "lodestone": "Lodestone"}
WALK = ["senet", "squadro", "lodestone", "senet", "lodestone", "squadro", "senet"]


def stored_game(page: Page) -> str:
    return saves.game_name(saves.load(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")))


def switch(page: Page, current: str, game: str, **choices: str) -> None:
    """Open the dialog on ``current``, check that it is preset to it, start ``game``."""
    page.click("#new-game")
    expect(page.locator("#new-game-dialog")).to_be_visible()
    expect(page.locator(f'input[name="game"][value="{current}"]')).to_be_checked()
    page.check(f'input[name="game"][value="{game}"]')
    for name, value in choices.items():
        if value == "on":
            page.check(f'input[name="{name}"]')
        else:
            page.check(f'input[name="{name}"][value="{value}"]')
    page.click("#start-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    expect(page.locator("#game-name")).to_have_text(TITLES[game])
    expect(page.locator(f"#board svg.{game}-board")).to_have_count(1)
    assert stored_game(page) == game


def test_every_game_switches_to_every_other_game(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    expect(page.locator("#game-name")).to_have_text("Senet")
    switch(page, "senet", "squadro")
    switch(page, "squadro", "lodestone", per_colour_reading="on")
    # The dialog shows the Lodestone game's own option, and still works after a reload.
    page.reload()
    wait_ready(page)
    page.click("#new-game")
    expect(page.locator('input[name="per_colour_reading"]')).to_be_checked()
    page.click("#cancel-new-game")
    switch(page, "lodestone", "senet", reading="tait")
    expect(page.locator("#ruleset-name")).to_have_text("Tait")
    switch(page, "senet", "lodestone")
    expect(page.locator("#ruleset-name")).not_to_contain_text("its own way")
    switch(page, "lodestone", "squadro")
    # Squadro has no Senet reading: the last one played is offered again.
    page.click("#new-game")
    expect(page.locator('input[name="reading"][value="tait"]')).to_be_checked()
    page.click("#cancel-new-game")
    switch(page, "squadro", "senet")
    expect(page.locator("#ruleset-name")).to_have_text("Tait")
