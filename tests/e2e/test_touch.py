"""Touch first (a museum's tablet): every game is played with taps alone, on a phone
sized screen in Chromium's touch emulation; the page keeps a double tap from zooming
and a sliding finger from selecting the board's text (static/app.css).

WebKit's touch input is tested in tests/engines/.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from harness import SiteServer, Watch, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_lodestone import stored as lodestone_stored
from test_squadro import stored as squadro_stored

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(browser: Browser, site_server: SiteServer, watch) -> Iterator[Page]:
    context: BrowserContext = browser.new_context(**PHONE)
    watched: Watch = watch(context, site_server.origin)
    page = context.new_page()
    page.goto(site_server.url, wait_until="commit")
    wait_ready(page)
    assert watched.errors == []
    yield page
    context.close()


def tap(page: Page, selector: str) -> None:
    page.locator(selector).first.tap()


def start(page: Page, game: str) -> None:
    """A new game for two people on this device, Player 1 first, by taps."""
    tap(page, "#new-game")
    tap(page, f'input[name="game"][value="{game}"]')
    tap(page, 'input[name="opponent"][value="human"]')
    tap(page, 'input[name="first"][value="0"]')
    tap(page, "#start-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()


def test_every_game_is_played_by_taps_alone(phone: Page) -> None:
    page = phone
    assert page.evaluate("() => matchMedia('(hover: none)').matches")  # no mouse to hover with

    # Senet: taps throw the sticks until a piece can move, then move it.
    for _ in range(30):
        if page.locator("#board .movable").count():
            break
        expect(page.locator("#throw")).to_be_enabled()
        tap(page, "#throw")
        page.wait_for_function(
            "() => !document.querySelector('#throw').disabled"
            " || document.querySelector('#board .movable')"
        )
    else:
        pytest.fail("no Senet piece became movable in 30 throws")
    moves = page.locator("#moves li").count()
    tap(page, "#board .movable")
    tap(page, "#board .target")
    expect(page.locator("#moves li")).not_to_have_count(moves)

    # Squadro: a tap on a piece shows its path without any hover; a tap on its end moves it.
    start(page, "squadro")
    tap(page, '#board [data-square="L1"]')
    expect(page.locator("#board .path-1")).to_have_class("path path-1 shown")
    tap(page, '#board [data-square="end"]')
    assert str(squadro_stored(page).actions()[-1].notation()) == "1"

    # Lodestone: both kings placed and a pawn moved, by taps.
    start(page, "lodestone")
    tap(page, '#board [data-square="Ke"]')
    tap(page, '#board [data-square="Kd"]')
    tap(page, '#board [data-square="a1"]')
    tap(page, '#board [data-square="a3"]')
    assert [a.notation() for a in lodestone_stored(page).actions()] == ["Ke", "Kd", "a1-a3"]


def test_the_page_keeps_taps_from_zooming_and_slides_from_selecting(phone: Page) -> None:
    page = phone
    styles = page.evaluate("""() => {
      const style = (node) => getComputedStyle(node);
      return {
        page: style(document.body).touchAction,
        board: style(document.getElementById('board')).userSelect,
        button: style(document.getElementById('throw')).userSelect,
        moves: style(document.getElementById('moves')).userSelect,
      };
    }""")
    # No double-tap zoom (pinch zoom stays); the board and the buttons select nothing,
    # the move list stays selectable to copy from.
    assert styles == {"page": "manipulation", "board": "none", "button": "none", "moves": "auto"}
    # A slide across the board's numbers selects none of them.
    box = page.locator("#board").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 4, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] - 4, box["y"] + box["height"] / 2, steps=8)
    page.mouse.up()
    assert page.evaluate("() => getSelection().toString()") == ""
