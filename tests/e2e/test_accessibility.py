"""Accessibility of every screen, checked with axe-core (WCAG 2.0-2.2, A and AA).

Each test boots the app once and walks through several screens, running axe on each
(``axe.check_accessibility``: serious and critical findings fail, the rest are
printed): Senet after boot, a piece selected with its targets, the new-game and rules
dialogs (Jéquier, Kendall, Tait, Squadro, Lodestone), the Squadro and Lodestone
boards (Lodestone with its learning aid), a hint, the computer's thinking indicator,
the game-over panel, and the themes: the high-contrast one (by ``data-theme`` and by
``prefers-contrast: more``), forced colours and reduced motion. Beside axe, the
themes' own promises are checked in the browser: focus rings that show and are
thick enough, no animation under reduced motion, pieces that stay visible under
forced colours.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from axe import axe_source, check_accessibility
from harness import SiteServer, Watch, new_game, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ludeum import saves
from ludeum.protocol import CHANCE
from ludeum.senet import JEQUIER, parse_position
from ludeum.senet.track import OFF

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
# Black (seat 0) to move with a 4 thrown: three pieces can move, so a piece can be
# selected at once, without waiting for random throws.
MID_GAME = "WBWBWBWBW.B................... 0-0 B 4"
# White (Player 2) has one piece left, on 29, and is to throw.
NEAR_END = ".B.B.B.B.B..................W. 4-0 W -"
# A worker that takes requests and never answers: the computer thinks for ever, so
# its thinking indicator stays on screen while axe looks at it.
SILENT_WORKER = "self.onmessage = () => {};"


def _finished_senet() -> str:
    """A save of a game just won: from NEAR_END, throws and moves that bear the last
    piece off, chosen by the CPython engine."""
    state = parse_position(JEQUIER, NEAR_END)
    for _ in range(200):
        if state.outcome() is not None:
            return saves.dump(state)
        if state.to_act() == CHANCE:
            outcomes = [throw for throw, _p in state.chance_outcomes()]
            # Prefer a throw that lets a piece leave the board.
            best = next(
                (t for t in outcomes if any(m.dst == OFF for m in state.apply(t).legal_moves())),
                outcomes[0],
            )
            state = state.apply(best)
        else:
            moves = state.legal_moves()
            state = state.apply(next((m for m in moves if m.dst == OFF), moves[0]))
    raise AssertionError("the seeded game did not end")


def seeded(position: str) -> str:
    return saves.dump(parse_position(JEQUIER, position))


@pytest.fixture
def open_page(
    browser: Browser, site_server: SiteServer, watch: Callable[[BrowserContext, str], Watch]
) -> Iterator[Callable[..., Page]]:
    """open_page(stored=None, worker=None, **context_options) -> a ready page in a
    fresh context (its own localStorage), which held ``stored`` under the save key
    before the page's scripts ran; ``worker`` replaces the computer's worker script."""
    axe_source()  # fail at once, before booting anything, when axe-core is missing
    contexts: list[BrowserContext] = []

    def start(stored: str | None = None, worker: str | None = None, **options) -> Page:
        context = browser.new_context(**options)
        contexts.append(context)
        watch(context, site_server.origin)
        if worker is not None:
            context.route(
                "**/computer-worker.*.mjs",
                lambda route: route.fulfill(
                    status=200, content_type="text/javascript", body=worker
                ),
            )
        page = context.new_page()
        if stored is not None:
            # On the first load only: a reload then resumes what the page saved.
            page.add_init_script(
                script="if (!sessionStorage.getItem('test:seeded')) {"
                f"  localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(stored)});"
                "  sessionStorage.setItem('test:seeded', '1');"
                "}"
            )
        page.goto(site_server.url, wait_until="commit")
        wait_ready(page)
        return page

    yield start
    for context in contexts:
        context.close()


# -- acting on the page ------------------------------------------------------------------


def open_new_game_dialog(page: Page) -> None:
    page.click("#new-game")
    expect(page.locator("#new-game-dialog")).to_have_attribute("open", "")
    expect(page.locator("#new-game-fields input").first).to_be_visible()


def close_new_game_dialog(page: Page) -> None:
    page.click("#cancel-new-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()


def start_from_dialog(page: Page, game: str, reading: str | None = None) -> None:
    open_new_game_dialog(page)
    page.check(f'input[name="game"][value="{game}"]')
    page.check('input[name="opponent"][value="human"]')
    if reading is not None:
        page.check(f'input[name="reading"][value="{reading}"]')
    page.check('input[name="first"][value="0"]')
    page.click("#start-game")
    expect(page.locator("#new-game-dialog")).to_be_hidden()


def check_rules_dialog(page: Page, screen: str) -> None:
    page.click("#show-rules")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_have_attribute("open", "")
    expect(page.locator("#rules-content h2").first).to_be_visible()
    check_accessibility(page, f"the rules dialog ({screen})")
    page.click("#close-rules")
    expect(dialog).to_be_hidden()


def check_focus_ring(page: Page, selector: str, min_width: float = 2) -> float:
    """A keyboard-focused element, SVG board elements included, shows an opaque
    outline at least ``min_width`` CSS pixels wide (WCAG 2.4.7); returns its width."""
    # A key press puts the page in keyboard mode: after a mouse click Chromium does not
    # always honour focusVisible below.
    page.keyboard.press("Shift")
    ring = page.locator(selector).first.evaluate(
        """(el) => {
          // focusVisible: shown as keyboard focus is, whatever the last click was.
          el.focus({focusVisible: true});
          const style = getComputedStyle(el);
          return {
            focused: el.matches(':focus-visible'),
            style: style.outlineStyle,
            width: parseFloat(style.outlineWidth),
            colour: style.outlineColor,
          };
        }"""
    )
    assert ring["focused"], f"{selector} is not keyboard-focused"
    assert ring["style"] not in ("none", "hidden"), f"{selector}: no focus outline ({ring})"
    assert ring["colour"] not in ("transparent", "rgba(0, 0, 0, 0)"), f"{selector}: {ring}"
    assert ring["width"] >= min_width, f"{selector}: focus outline thinner than {min_width}px"
    return ring["width"]


# -- the screens -----------------------------------------------------------------------


def test_senet_screens(open_page: Callable[..., Page]) -> None:
    page = open_page()
    expect(page.locator("#throw")).to_be_enabled()
    check_accessibility(page, "Senet after boot")
    check_focus_ring(page, "#throw")

    open_new_game_dialog(page)
    check_accessibility(page, "the new-game dialog")
    close_new_game_dialog(page)
    check_rules_dialog(page, "Jéquier")

    # Throw until someone throws a 1 and has the opening move to play (a throw is not
    # a 1 three times in four: 200 throws without one has probability 1e-25).
    for _ in range(200):
        if page.locator("#board .piece.movable").count():
            break
        before = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
        page.click("#throw")
        # Every throw is saved: once the record changed, the page shows its result.
        page.wait_for_function(
            "([key, before]) => localStorage.getItem(key) !== before", arg=[SAVE_KEY, before]
        )
    expect(page.locator("#board .piece.movable")).to_have_count(1)
    check_accessibility(page, "Senet with a movable piece")
    check_focus_ring(page, '#board g.square[role="button"]')
    page.click('#board g.square[data-square="10"]')
    expect(page.locator("#board .square.target")).to_have_count(1)
    check_accessibility(page, "Senet with a piece selected and its target shown")
    check_focus_ring(page, "#board g.square.target")

    page.keyboard.press("Escape")
    page.click("#hint")
    expect(page.locator("#thinking")).to_be_visible()
    check_accessibility(page, "Senet while the hint is sought")
    expect(page.locator("#hint-text")).to_contain_text("Hint:", timeout=60_000)
    expect(page.locator("#thinking")).to_be_hidden()
    check_accessibility(page, "Senet with the hint shown")

    start_from_dialog(page, "senet", "kendall")
    expect(page.locator("#ruleset-name")).to_contain_text("Kendall")
    check_rules_dialog(page, "Kendall")
    start_from_dialog(page, "senet", "tait")
    expect(page.locator("#board .plinth")).to_have_count(1)
    check_accessibility(page, "Senet under Tait's rules (with the plinth)")
    check_rules_dialog(page, "Tait")


def test_squadro_and_lodestone_screens(open_page: Callable[..., Page]) -> None:
    page = open_page()
    start_from_dialog(page, "squadro")
    expect(page.locator("#game-name")).to_have_text("Squadro")
    check_accessibility(page, "Squadro at the start")
    check_focus_ring(page, '#board [data-square="L2"]')
    page.click('#board [data-square="L2"]')
    expect(page.locator("#board .path-2")).to_have_class(re.compile(r"\bshown\b"))
    check_accessibility(page, "Squadro with a piece selected and its path shown")
    check_focus_ring(page, '#board [data-square="end"]')
    check_rules_dialog(page, "Squadro")

    start_from_dialog(page, "lodestone")
    expect(page.locator("#game-name")).to_have_text("Lodestone")
    check_accessibility(page, "Lodestone during the set-up")
    page.click('#board [data-square="Ke"]')
    page.click('#board [data-square="Kd"]')
    expect(page.locator("#board .cell.movable")).to_have_count(8)
    check_accessibility(page, "Lodestone in play")
    check_focus_ring(page, "#board .cell.movable")
    page.check("#aid")
    expect(page.locator("#board .magnet")).to_have_count(64)
    page.click('#board [data-square="a1"]')
    expect(page.locator("#board .cell.target")).to_have_count(2)
    check_accessibility(page, "Lodestone with the learning aid and a piece selected")
    check_focus_ring(page, "#board .cell.target")
    check_rules_dialog(page, "Lodestone")


def test_game_over_and_computer_screens(open_page: Callable[..., Page]) -> None:
    page = open_page(stored=_finished_senet(), worker=SILENT_WORKER)
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#game-over-text")).to_contain_text("wins")
    check_accessibility(page, "the game-over panel")
    check_focus_ring(page, "#game-over-new")

    # The computer moves first and, its worker never answering, thinks for ever.
    new_game(page, "squadro", "computer", level="hard", seat="0", first="0")
    expect(page.locator("#player-cards")).to_contain_text("Computer · Hard")
    expect(page.locator("#thinking")).to_be_visible()
    check_accessibility(page, "a game against the computer, while it thinks")


# -- the themes ------------------------------------------------------------------------

#: Theme name -> (media features to emulate, data-theme attribute to set).
THEMES = {
    "data-theme=contrast": ({}, "contrast"),
    "prefers-contrast: more": ({"contrast": "more"}, None),
    "forced colours": ({"forced_colors": "active"}, None),
    "reduced motion": ({"reduced_motion": "reduce"}, None),
}
NO_THEME = {"contrast": "no-preference", "forced_colors": "none", "reduced_motion": "no-preference"}

LOOK_JS = """() => {
  const style = (selector, pseudo) => getComputedStyle(document.querySelector(selector), pseudo);
  return {
    ink: getComputedStyle(document.body).color,
    paper: getComputedStyle(document.documentElement).backgroundColor,
    spinner: style('#thinking', '::before').animationName,
    whitePiece: style('#board .piece.white').fill,
    blackPiece: style('#board .piece.black').fill,
    cell: style('#board .cell').fill,
    boardAdjust: style('#board svg').forcedColorAdjust,
  };
}"""


def test_themes(open_page: Callable[..., Page]) -> None:
    """Each theme in turn on one page (a piece selected, the computer asked for a
    hint it never gives, so the thinking indicator shows): axe finds nothing, and
    the theme keeps its promises."""
    page = open_page(stored=seeded(MID_GAME), worker=SILENT_WORKER)
    page.click('#board g.square[data-square="8"]')
    expect(page.locator("#board .square.target")).to_have_count(1)
    page.click("#hint")
    expect(page.locator("#thinking")).to_be_visible()
    standard = page.evaluate(LOOK_JS)
    assert standard["spinner"] == "thinking"  # it spins, unless motion is reduced
    standard_ring = check_focus_ring(page, "#board g.square.target")
    standard_button_ring = check_focus_ring(page, "#new-game")

    for theme, (media, attribute) in THEMES.items():
        page.emulate_media(**{**NO_THEME, **media})
        page.evaluate(
            "(theme) => theme ? document.documentElement.dataset.theme = theme"
            " : delete document.documentElement.dataset.theme",
            attribute,
        )
        look = page.evaluate(LOOK_JS)
        if "contrast" in theme:
            # Black text on white, and thicker focus rings.
            assert (look["ink"], look["paper"]) == ("rgb(0, 0, 0)", "rgb(255, 255, 255)"), look
            assert check_focus_ring(page, "#board g.square.target") > standard_ring
            assert check_focus_ring(page, "#new-game") > standard_button_ring
        if theme == "forced colours":
            # The boards draw in system colours themselves: both sides' pieces stay
            # visible and differ.
            assert look["boardAdjust"] == "none"
            assert look["whitePiece"] != look["blackPiece"]
            assert look["blackPiece"] != look["cell"]
            check_focus_ring(page, "#board g.square.target")
        if theme == "reduced motion":
            assert look["spinner"] == "none", "the thinking ring still spins"
        else:
            assert look["spinner"] == "thinking"
        check_accessibility(page, f"Senet with a piece selected and the computer thinking, {theme}")
        open_new_game_dialog(page)
        check_accessibility(page, f"the new-game dialog, {theme}")
        close_new_game_dialog(page)


def test_the_axe_check_reports_what_it_should(page: Page) -> None:
    """The helper fails on serious findings, naming rule, impact, help and element."""
    page.set_content(
        '<!doctype html><html lang="en"><head><title>t</title></head><body><main>'
        '<p style="color:#aaa;background:#fff">faint text</p>'
        '<button id="empty"></button></main></body></html>'
    )
    with pytest.raises(AssertionError) as failure:
        check_accessibility(page, "a poor page")
    report = str(failure.value)
    assert "color-contrast (serious)" in report
    assert "button-name (critical)" in report
    assert "#empty" in report


def test_axe_is_a_test_tool_and_never_shipped(dist_dir) -> None:
    assert axe_source().is_file()
    shipped = [p.relative_to(dist_dir) for p in dist_dir.rglob("*") if "axe" in p.name.lower()]
    assert shipped == []
    # As a word: the service worker's runtime cache has "relaxed" in it.
    assert not re.search(r"\baxe\b|axe-core", (dist_dir / "sw.js").read_text(encoding="utf-8"))
