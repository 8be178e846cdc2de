"""The game screen's layout (issue 25): the board as large as the window allows,
player cards with the side to act lit, nothing on the page moving between turns, the
result over the board, and touch targets of 44 CSS px on a phone.

Layout shift is measured as the browser reports it (a ``PerformanceObserver`` of
``layout-shift`` entries), counting every shift, even those right after a click
(which the Web Vitals' CLS forgives): games are played here by clicks, so a turn
that moved the page would otherwise go unseen.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from harness import SiteServer, Watch, new_game, tap, wait_ready
from playwright.sync_api import Browser, Page, expect

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: Enough for any game played at random by clicks to end (Squadro ends in about
#: 60 moves, Lodestone in about 150 actions).
MAX_ACTIONS = 1500
#: The ruleset with the longest name (src/ludeum/senet/rulesets.py): 559 px in French.
LONGEST_RULESET = "kendall_five_pieces_starting_throw_trap_home_row"

OBSERVE_SHIFTS = """() => {
  window.testShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const over = !document.getElementById('game-over').hidden;
      const side = entry.sources.every((s) => s.node && s.node.closest && s.node.closest('.side'));
      // The result takes the status's place in the side panel (issue 37): what is
      // under it there moves down once, at the end; nothing else ever moves.
      if (over && side) continue;
      window.testShifts.push({
        value: entry.value,
        moved: entry.sources.map(
          (s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?'),
      });
    }
  }).observe({ type: 'layout-shift' });
}"""

#: What can be done now, by a person's click: 'over', 'pass', 'throw', 'wait' (the
#: computer's turn) or the names of the pieces that can move.
CHOICES = """() => {
  const usable = (id) => {
    const e = document.getElementById(id);
    return e && !e.hidden && !e.disabled;
  };
  if (!document.getElementById('game-over').hidden) return 'over';
  if (document.getElementById('app').dataset.turn === 'computer') return 'wait';
  if (usable('pass')) return 'pass';
  if (usable('throw')) return 'throw';
  const cells = [...document.querySelectorAll(
    '#board [role="button"].movable, #board [role="button"]:has(> .movable),'
    + ' #board .sq-cell:has(.sq-piece.movable)')];
  return cells.map((cell) => cell.dataset.square);
}"""
TARGETS = """() => [...document.querySelectorAll(
    '#board [role="button"].target, #board [data-square="end"]')].map((c) => c.dataset.square)"""


@pytest.fixture
def open_screen(browser: Browser, site_server: SiteServer, watch) -> Iterator:
    contexts = []

    def open_(options: dict) -> Page:
        context = browser.new_context(**options)
        contexts.append(context)
        watched: Watch = watch(context, site_server.origin)
        page = context.new_page()
        page.goto(site_server.url, wait_until="commit")
        wait_ready(page)
        assert watched.errors == []
        return page

    yield open_
    for context in contexts:
        context.close()


def observe_shifts(page: Page) -> None:
    page.evaluate(OBSERVE_SHIFTS)


def shifts(page: Page) -> list[dict]:
    page.wait_for_timeout(100)  # the observer's last entries are delivered after a frame
    return page.evaluate("window.testShifts")


def play(page: Page, rng: random.Random, actions: int = MAX_ACTIONS, hurry: bool = False) -> int:
    """Play by clicks, at random, for at most ``actions`` actions or to the end;
    returns the number of actions played. ``hurry``: a key while the computer plays
    brings its move forward, as a visitor's would (web/pacing.py)."""
    for played in range(actions):
        choice = page.evaluate(CHOICES)
        if choice == "over":
            return played
        if choice == "wait":
            if hurry:
                page.keyboard.press("Shift")
            page.wait_for_function("() => document.getElementById('app').dataset.turn !== "
                                   "'computer' || !document.getElementById('game-over').hidden",
                                   timeout=30_000)  # fmt: skip
            continue
        if choice in ("pass", "throw"):
            tap(page, f"#{choice}")
            continue
        if not choice:  # Lodestone's set-up: a tap puts the king on its square
            targets = page.evaluate(TARGETS)
            assert targets, "a person's turn with nothing to play"
            tap(page, f'#board [data-square="{rng.choice(targets)}"][role="button"]')
            continue
        piece = rng.choice(choice)
        tap(page, f'#board [data-square="{piece}"][role="button"]')
        targets = page.evaluate(TARGETS)
        if targets:
            tap(page, f'#board [data-square="{rng.choice(targets)}"][role="button"]')
        else:  # Squadro: a second tap on the chosen piece plays it
            tap(page, f'#board [data-square="{piece}"][role="button"]')
    return actions


def board_share(page: Page) -> float:
    """The part of the viewport the board's drawing covers (the SVG keeps its aspect
    ratio inside its box, so the drawing is the box's largest rectangle of that
    ratio)."""
    return page.evaluate("""() => {
      const svg = document.querySelector('#board svg');
      const box = svg.getBoundingClientRect();
      const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
      const scale = Math.min(box.width / w, box.height / h);
      return (w * scale) * (h * scale) / (innerWidth * innerHeight);
    }""")


def content_width(page: Page) -> float:
    """The width of the page's content: <main>'s, less its padding."""
    return page.evaluate("""() => {
      const main = document.querySelector('main'), style = getComputedStyle(main);
      return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    }""")


def ruleset_name_fits(page: Page) -> bool:
    """The header's ruleset name is shown whole, not cut short."""
    return page.evaluate("""() => {
      const name = document.getElementById('ruleset-name');
      return name.textContent.length > 0 && name.scrollWidth <= name.clientWidth
        && name.scrollHeight <= name.clientHeight;
    }""")


def lit_card(page: Page) -> str:
    return page.locator("#player-cards .player-card.lit .card-name").inner_text()


def test_desktop_board_fills_the_window_and_nothing_moves_between_turns(
    open_screen, site_server: SiteServer
) -> None:
    page = open_screen(DESKTOP)
    rng = random.Random(25)

    # Senet: its long board spans the window's width, at least 350 px tall, and the
    # panel's parts lie under it, the throw and both cards in view without scrolling.
    board = page.locator("#board svg").bounding_box()
    stage = page.locator(".stage").bounding_box()
    assert board["width"] >= stage["width"] - 24, (board, stage)
    assert board["width"] >= 0.95 * content_width(page) and board["height"] >= 350, board
    for part in ("#throw", "#player-cards .player-card >> nth=0",
                 "#player-cards .player-card >> nth=1"):  # fmt: skip
        box = page.locator(part).bounding_box()
        assert box["y"] >= board["y"] + board["height"], (part, box)
        assert box["y"] + box["height"] <= 800 and box["x"] + box["width"] <= 1280, (part, box)
    assert page.evaluate("() => document.documentElement.scrollHeight") <= 800
    # At 1000x700 the settings are behind the gear and the ruleset's name is whole.
    page.set_viewport_size({"width": 1000, "height": 700})
    expect(page.locator("#language")).to_be_hidden()
    assert ruleset_name_fits(page), page.locator("#ruleset-name").inner_text()
    page.set_viewport_size(DESKTOP["viewport"])
    assert page.locator("#player-cards .player-card").count() == 2
    expect(page.locator("#player-cards .player-card.lit .card-badge")).to_have_text("to play")
    observe_shifts(page)
    assert play(page, rng, 120) == 120  # well into the game
    assert shifts(page) == []

    # Squadro and Lodestone, two people: the board alone (no tray beside it since
    # issue 37: its squares grew, 667 to 717 px a side) covers about half the window,
    # and a whole game moves nothing.
    for game in ("squadro", "lodestone"):
        new_game(page, game, "human", first="0")
        share = board_share(page)
        assert share >= 0.48, f"{game}: the board covers {share:.0%} of the window"
        side = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().height")
        assert side >= 700, f"{game}: the board is {side:.0f} px tall"
        observe_shifts(page)
        played = play(page, rng)
        assert played < MAX_ACTIONS
        assert shifts(page) == [], (game, shifts(page))
        # The result, beside the board, never over it (issue 37: it hid the top
        # rows): who won, how, in how many moves.
        over = page.locator("#game-over")
        expect(over).to_be_visible()
        box, drawn = over.bounding_box(), page.locator("#board svg").bounding_box()
        beside = box["x"] >= drawn["x"] + drawn["width"]
        assert beside or box["y"] >= drawn["y"] + drawn["height"], (box, drawn)
        expect(page.locator("#game-over-title")).to_contain_text("wins")
        expect(page.locator("#game-over-text")).to_contain_text(" moves.")
        expect(page.locator("#game-over-title")).to_be_focused()
        expect(page.locator("#player-cards .player-card.lit .card-badge")).to_have_text("winner")
        page.click("#game-over-close")  # to see the final board
        expect(over).to_be_hidden()
        page.click("#game-over-show")
        expect(over).to_be_visible()

    # Against the computer: its thinking, its moves and the lit card move nothing.
    # The rematch swaps the seats.
    new_game(page, "squadro", "computer", level="easy", seat="1", first="0")
    assert lit_card(page) == "You"
    assert page.locator("#player-cards .card-name").all_inner_texts() == [
        "You", "Computer · Easy"]  # fmt: skip
    observe_shifts(page)
    play(page, rng, 30)
    assert shifts(page) == []
    play(page, rng, hurry=True)  # to the end, for the rematch
    expect(page.locator("#game-over")).to_be_visible()
    assert page.locator("#game-over-title").inner_text() in ("You win", "You lose")
    page.click("#game-over-new")  # Rematch
    expect(page.locator("#game-over")).to_be_hidden()
    assert page.locator("#player-cards .card-name").all_inner_texts() == [
        "Computer · Easy", "You"]  # fmt: skip

    # The longest ruleset name, in French, is whole in the header at 1000x700.
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto(f"{site_server.url}?ruleset={LONGEST_RULESET}&lang=fr")
    wait_ready(page)
    expect(page.locator("#ruleset-name")).to_contain_text("Rangée de départ")
    assert ruleset_name_fits(page), page.locator("#ruleset-name").inner_text()


def test_phone_board_spans_the_width_with_44_px_targets(open_screen) -> None:
    page = open_screen(PHONE)
    rng = random.Random(7)
    # One header line; language and contrast behind the settings button.
    assert page.locator(".topbar").bounding_box()["height"] < 60
    expect(page.locator("#language")).to_be_hidden()
    page.locator("#settings-toggle").tap()
    expect(page.locator("#language")).to_be_visible()
    expect(page.locator("#settings-toggle")).to_have_attribute("aria-expanded", "true")
    page.locator("#settings-toggle").tap()
    expect(page.locator("#language")).to_be_hidden()

    for game in ("senet", "squadro", "lodestone"):
        new_game(page, game, "human", first="0")
        board = page.locator("#board svg").bounding_box()
        cards = page.locator("#player-cards").bounding_box()
        if game == "senet":
            # Upright in a column of its own, the cards and the throw beside it, all
            # on the first screen.
            assert page.locator("#board svg.upright").count() == 1
            assert cards["x"] >= board["x"] + board["width"]
            assert page.locator("#throw").bounding_box()["y"] < 844 - 44
            assert board["y"] + board["height"] <= 844
        else:
            # The board spans the width; the cards are a thin row above it, the
            # trays gone from it.
            assert board["width"] >= 390 - 16, board
            assert cards["y"] + cards["height"] <= board["y"] and cards["height"] < 64
            assert page.locator("#board .tray-cell").count() == 0
        small = page.evaluate("""() => [...document.querySelectorAll(
            '#board [role="button"], .toolbar button, #throw, #settings-toggle,'
            + ' .topbar .link-button, .topbar a.brand')]
          .filter((e) => e.getClientRects().length)
          .map((e) => [e.dataset.square || e.id, e.getBoundingClientRect()])
          .filter(([, r]) => r.width < 43.99 || r.height < 43.99)
          .map(([name, r]) => `${name} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`)""")
        assert small == [], f"{game}: targets under 44 CSS px: {small}"
        observe_shifts(page)
        play(page, rng, 40)
        assert shifts(page) == [], (game, shifts(page))
