"""Kiosk mode (?kiosk=1): full screen, large touch targets, no selection, no context
menu, no outbound links; an idle countdown, then attract mode, where the computer
plays itself until someone touches the screen."""

from __future__ import annotations

import re

import pytest
from axe import check_accessibility
from harness import seed_storage, turn_screen, wait_ready
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_dialogs import check_close_button

# Squadro: every move writes a line in the move list (no chance to wait for).
#: Idle after 12 s, then a 12 s countdown (web/kiosk.py: no longer than the idle time):
#: room for the accessibility checks made inside it on a busy machine, since this
#: test runs beside the others, where its waits cost the run nothing.
KIOSK = "?kiosk=1&idle=12&game=squadro"
#: Longer than the idle time or the countdown, with room for a busy machine.
IDLE_TIMEOUT_MS = 40_000
SMALLEST_TARGET_PX = 44


def targets_smaller_than(page: Page, size: int) -> list[str]:
    return page.evaluate(
        """(size) => [...document.querySelectorAll(
                'button, select, input, [role="button"][tabindex]')]
            .filter((node) => node.getClientRects().length && !node.closest('[hidden]'))
            // A box in a label is tapped through all of its label.
            .map((node) => [node, (node.closest('label') || node).getBoundingClientRect()])
            .filter(([node, box]) => box.width < size || box.height < size)
            .map(([node, box]) => `${node.id || node.dataset.square || node.outerHTML.slice(0, 60)}`
                                  + ` ${Math.round(box.width)}x${Math.round(box.height)}`)""",
        size,
    )


def test_kiosk_attract_mode_touch_to_play_idle_countdown_and_reset(
    fresh_page: Page, site_server
) -> None:
    page = fresh_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_server.url + KIOSK, wait_until="commit")
    wait_ready(page)
    assert "kiosk" in page.evaluate("document.documentElement.className")
    # Nobody is playing yet: attract mode, the computer plays itself, slowly.
    attract = page.locator("#attract")
    expect(attract).to_be_visible()
    expect(page.locator("#moves li").first).to_be_attached(timeout=15_000)
    check_accessibility(page, "kiosk, attract mode")

    # No text selection, no context menu, no link out of the exhibit.
    assert page.evaluate("getComputedStyle(document.body).userSelect") == "none"
    assert page.evaluate(
        "() => { const e = new MouseEvent('contextmenu', {bubbles: true, cancelable: true});"
        " document.getElementById('board').dispatchEvent(e); return e.defaultPrevented; }"
    )

    # A touch starts a fresh game for the visitor, against the computer.
    attract.click()
    expect(attract).to_be_hidden()
    expect(page.locator("#player-cards .card-name").first).to_have_text("You")
    # A new game: nothing yet, or the computer's first throw if it starts.
    assert page.locator("#moves li").count() <= 1
    assert targets_smaller_than(page, SMALLEST_TARGET_PX) == []
    check_accessibility(page, "kiosk, a visitor's game")
    page.click("#show-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#print-rules")).to_be_hidden()  # a kiosk prints nothing
    links_out = page.evaluate(
        "[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))"
        ".filter((href) => !href.startsWith('#'))"
    )
    assert links_out == []
    assert targets_smaller_than(page, SMALLEST_TARGET_PX) == []
    page.click("#close-rules")

    # The visitor moves (after the computer, if it started).
    expect(page.locator("#app")).to_have_attribute("data-turn", "person", timeout=60_000)
    lane = page.locator('#board [data-square^="L"]').first
    lane.click()
    lane.click()
    first = page.locator("#moves li").first
    expect(first).to_be_attached()
    first_move = first.inner_text()
    # A reload mid-game (staff, a crash) resumes the visitor's game, not attract mode.
    page.reload(wait_until="commit")
    wait_ready(page)
    expect(attract).to_be_hidden()
    expect(first).to_have_text(first_move)

    # Left alone: "Are you still there?", and "Continue playing" keeps the game.
    dialog = page.locator("#idle-dialog")
    expect(dialog).to_be_visible(timeout=IDLE_TIMEOUT_MS)
    expect(page.locator("#idle-countdown")).to_contain_text("start again")
    check_accessibility(page, "kiosk, are you still there?")
    check_close_button(page, "idle-dialog")  # its × does what Continue playing does
    page.click("#idle-continue")
    expect(dialog).to_be_hidden()
    expect(attract).to_be_hidden()
    expect(first).to_have_text(first_move)

    # Left alone again: the countdown runs out and attract mode returns; the last
    # visitor's game is gone from storage.
    expect(dialog).to_be_visible(timeout=IDLE_TIMEOUT_MS)
    expect(attract).to_be_visible(timeout=IDLE_TIMEOUT_MS)
    expect(dialog).to_be_hidden()
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('ludeum:v1:current'))"
    )
    assert kept == []


def test_a_key_also_wakes_the_kiosk(fresh_page: Page, site_server) -> None:
    page = fresh_page
    page.goto(site_server.url + "?kiosk=yes&game=senet", wait_until="commit")
    wait_ready(page)
    expect(page.locator("#attract")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#attract")).to_be_hidden()
    expect(page.locator("#board .senet-board")).to_be_visible()


#: Gallery screens: landscape and stood on end, large and small (issue 37).
SCREENS = ((1280, 800), (1920, 1080), (1080, 1920), (800, 1280))
#: The least share of the screen the board's drawing covers, at every one of them.
LEAST_BOARD_SHARE = 0.35

#: The drawing's own box: the SVG keeps its viewBox's proportions inside its box.
DRAWN = """() => {
    const svg = document.querySelector('#board svg');
    const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
    const k = Math.min(box.width / view.width, box.height / view.height);
    return view.width * k * view.height * k / (innerWidth * innerHeight);
}"""

#: What a visitor needs, each wholly on screen and a finger's size; what is not shown.
VISITOR_NEEDS = ("#show-rules", "#language", "#hint", "#new-game", "#player-cards")
NOT_SHOWN = ("#take-back", "#redo", "#moves", "#contrast", "#one-tap", "#review-open")


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_the_kiosk_board_fills_landscape_and_portrait_screens(
    fresh_page: Page, site_server, game: str
) -> None:
    page = fresh_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_server.url + f"?kiosk=1&game={game}", wait_until="commit")
    wait_ready(page)
    page.locator("#attract").click()
    expect(page.locator("#attract")).to_be_hidden()
    # The app moved the focus after a touch: no ring drawn for a finger.
    ring = page.evaluate(
        "(() => { const style = getComputedStyle(document.activeElement);"
        " return style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0"
        " ? null : style.outlineColor; })()"
    )
    assert ring in (None, "rgba(0, 0, 0, 0)"), f"a focus ring after a touch: {ring}"
    needs = (*VISITOR_NEEDS, "#throw") if game == "senet" else VISITOR_NEEDS
    for width, height in SCREENS:
        turn_screen(page, width, height)
        where = f"{game} at {width}x{height}"
        # The board is drawn again when the screen turns (Senet stands up).
        try:
            # A function, not an expression: the app's CSP forbids evaluating strings.
            page.wait_for_function(f"() => ({DRAWN})() >= {LEAST_BOARD_SHARE}", timeout=5_000)
        except PlaywrightTimeout:
            share = page.evaluate(DRAWN)
            raise AssertionError(f"{where}: the board covers {share:.0%} of the screen") from None
        assert page.evaluate(
            "document.scrollingElement.scrollHeight <= innerHeight"
            " && document.querySelector('main').scrollHeight"
            " <= document.querySelector('main').clientHeight + 1"
        ), f"{where}: the kiosk scrolls"
        for selector in needs:
            box = page.locator(selector).bounding_box()
            assert box is not None, f"{where}: {selector} is not shown"
            assert box["x"] >= 0 and box["y"] >= 0, f"{where}: {selector} is off screen"
            assert box["x"] + box["width"] <= width + 1, f"{where}: {selector} is cut"
            assert box["y"] + box["height"] <= height + 1, f"{where}: {selector} is cut"
        assert targets_smaller_than(page, 56) == [], where
        for selector in NOT_SHOWN:
            expect(page.locator(selector)).to_be_hidden()
        cut = page.evaluate(
            "[...document.querySelectorAll('.card-name, #show-rules')]"
            ".filter((node) => node.scrollWidth > node.clientWidth + 1)"
            ".map((node) => node.textContent)"
        )
        assert cut == [], f"{where}: cut short: {cut}"


def squadro_one_move_from_a_win():
    """A Squadro game (the visitor Light, seat 0, against the kiosk's computer) where
    Light to move wins with one move, and that move."""
    import random

    from ludeum.ai.players import choose
    from ludeum.squadro import new_game

    for seed in range(100):
        source = random.Random(seed)
        state = new_game()
        while state.outcome() is None:
            if state.to_act() == 0:
                for move in state.legal_moves():
                    outcome = state.apply(move).outcome()
                    if outcome is not None and outcome.winner == 0:
                        return state, move
            state = state.apply(choose(state, "medium", source))
    raise AssertionError("no game came one move from Light's win")


def test_a_kiosk_visitors_finished_game_is_weighed_for_its_result_and_kept_nowhere(
    fresh_page: Page, site_server
) -> None:
    """Issue 53: a kiosk has no review, so the result banner says the analysis in a
    line; the visitor's accuracy is computed, and nothing of it is stored for the
    next visitor (no Your games entry, no kept analysis)."""

    from ludeum import saves

    state, winning = squadro_one_move_from_a_win()
    save = saves.dump(state, ("human", "easy"))
    page = fresh_page
    page.set_viewport_size({"width": 1280, "height": 800})
    key = "ludeum:v1:current?game=squadro&kiosk"  # the kiosk's own slot (Launch.slot)
    seed_storage(page, key, save)
    page.goto(site_server.url + "?kiosk=1&game=squadro", wait_until="commit")
    wait_ready(page)
    expect(page.locator("#attract")).to_be_hidden()  # the visitor's game, resumed
    lane = f'#board [data-square="L{winning.notation()}"]'
    page.click(lane)
    page.click(lane)  # a second tap on the piece moves it
    line = page.locator("#game-over-analysis")
    expect(line).to_be_visible(timeout=60_000)
    expect(line).to_contain_text(re.compile(r"^Your accuracy: \d+%; "), timeout=60_000)
    stored = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('ludeum:v1:analysis:')"
        " || k === 'ludeum:v1:results')"
    )
    assert stored == []
