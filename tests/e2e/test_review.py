"""Review (issue 13, item 2; issue 25, item 5): step through a finished game by click and
keys, the board showing each position with its move marked, continue from a past
position, and the win-chance graph filling progressively from the worker with its
turning points. While reviewing, a banner over the board names the move shown and every
play control is disabled, and the board keeps its size; the graph, beside the board
(under it on a phone), jumps to a move
clicked or tapped and is a slider the keyboard reaches and drives (on a desktop and on
a phone)."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator

import pytest
from axe import check_accessibility
from harness import SiteServer, wait_ready
from playwright.sync_api import Browser, Page, expect

from ludeum import saves
from ludeum.ai.players import choose
from ludeum.games import ui
from ludeum.protocol import CHANCE
from ludeum.records.review import Review
from ludeum.senet import JEQUIER, new_game
from ludeum.squadro import new_game as new_squadro

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"


@functools.cache  # an immutable state, played once for the file's five tests
def finished_senet_game(seed: int = 0):
    """Easy against Easy to the end, throws at random: 273 throws and as many move-list
    entries (seed 0), all of them in the list (it shows the latest 300)."""
    source = random.Random(seed)
    state = new_game(JEQUIER, first_seat=0)
    while state.outcome() is None:
        if state.to_act() == CHANCE:
            outcomes = state.chance_outcomes()
            weights = [p for _, p in outcomes]
            state = state.apply(source.choices([o for o, _ in outcomes], weights)[0])
        else:
            state = state.apply(choose(state, "easy", source))
    return state


def status_after(review: Review, stop: int) -> str:
    return ui("senet").status(review.state_at(stop))


#: The board as drawn: its SVG's box may be wider or taller than the drawing, which
#: keeps its proportions inside it.
DRAWN_JS = """() => { const svg = document.querySelector('#board svg');
  const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  return {width: view.width * scale, height: view.height * scale}; }"""


def viewing(stop: int, total: int) -> str:
    if stop == 0:
        return f"Viewing the start of the game ({total} moves)"
    return f"Viewing move {stop} of {total}"


def test_step_through_a_finished_game_by_click_and_keys_then_continue_from_a_past_move(
    open_with: Callable[[str], Page],
) -> None:
    final = finished_senet_game()
    review = Review(final, ui("senet"))
    total = len(review) - 1
    live_text = saves.dump(final)
    page = open_with(live_text)
    where = page.locator("#review-where")
    status = page.locator("#status")
    expect(page.locator("#review-open")).to_be_visible()
    expect(page.locator("#review-banner")).to_be_hidden()

    # A click on an entry shows the position after it, its move marked on the board.
    page.locator('#moves li[data-entry="12"]').click()
    expect(page.locator("#review-banner")).to_be_visible()
    expect(where).to_have_text(viewing(12, total))
    expect(status).to_have_text(status_after(review, 12))
    expect(page.locator("#app")).to_have_attribute("data-review", "on")
    expect(page.locator('#moves li[data-entry="12"]')).to_have_attribute("aria-current", "step")
    assert page.locator("#board .last-to").count() == 1
    expect(page.locator("#throw")).to_be_disabled()  # play waits while reviewing

    # The arrows, Home and End step while the focus is in the move list.
    page.keyboard.press("ArrowRight")
    expect(where).to_have_text(viewing(13, total))
    expect(status).to_have_text(status_after(review, 13))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text(viewing(11, total))
    page.keyboard.press("Home")
    expect(where).to_have_text(viewing(0, total))
    expect(status).to_have_text(status_after(review, 0))
    page.keyboard.press("End")
    expect(where).to_have_text(viewing(total, total))
    # ... and in the banner, by its buttons too.
    page.locator("#review-prev").click()
    expect(where).to_have_text(viewing(total - 1, total))
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text(viewing(total - 2, total))
    # Home disables the button that has the focus; the focus stays in the banner.
    page.keyboard.press("Home")
    expect(where).to_have_text(viewing(0, total))
    expect(page.locator("#review-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(where).to_have_text(viewing(1, total))
    expect(status).to_have_text(status_after(review, 1))
    # Reviewing changed and saved nothing.
    assert page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY) == live_text

    page.locator("#review-back").click()
    expect(page.locator("#app")).to_have_attribute("data-review", "off")
    expect(status).to_have_text(ui("senet").status(final))
    expect(page.locator("#review-banner")).to_be_hidden()
    # A finished game keeps its graph in view after the review.
    expect(page.locator("#review-graph-area")).to_be_visible()

    # Continue from move 5: that position becomes the game, saved, and play goes on.
    page.locator('#moves li[data-entry="5"]').click()
    page.locator("#review-continue").click()
    expect(page.locator("#app")).to_have_attribute("data-review", "off")
    expect(page.locator("#moves li")).to_have_count(5)
    expect(status).to_have_text(status_after(review, 5))
    saved = saves.load(page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY))
    assert saved.actions() == final.actions()[: review.stops[5]]
    expect(page.locator("#throw")).to_be_enabled()
    expect(page.locator("#throw")).to_be_focused()  # where play goes on
    page.locator("#throw").click()
    expect(page.locator("#moves li")).not_to_have_count(0)
    assert len(saves.load(page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY)).actions()) == (
        review.stops[5] + 1
    )


def test_the_boards_arrows_stay_the_boards(open_with: Callable[[str], Page]) -> None:
    page = open_with(saves.dump(finished_senet_game()))
    page.locator("#board [data-row][tabindex='0']").focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Home")
    expect(page.locator("#app")).to_have_attribute("data-review", "off")
    expect(page.locator("#review-where")).to_have_text("")


def test_the_win_chance_graph_fills_progressively_and_marks_the_turning_points(
    open_with: Callable[[str], Page],
) -> None:
    final = finished_senet_game()
    review = Review(final, ui("senet"))
    expected = review.turning_points(review.values(0, len(review)))
    assert expected, "the game chosen has turning points"
    page = open_with(saves.dump(final))
    expect(page.locator("#review-graph-area")).to_be_hidden()  # not before a review
    page.locator('#moves li[data-entry="40"]').click()  # opens the graph too
    graph = page.locator("#review-graph svg")
    # Part of the series is drawn before the rest is computed.
    page.wait_for_function(
        "() => { const g = document.querySelector('#review-graph svg');"
        " return g && +g.dataset.done > 0 && +g.dataset.done < +g.dataset.total; }"
    )
    page.wait_for_function(
        "() => { const g = document.querySelector('#review-graph svg');"
        " return g && g.dataset.done === g.dataset.total; }",
        timeout=120_000,
    )
    expect(graph).to_have_attribute("data-total", str(len(review)))
    expect(graph).to_have_attribute("data-turns", str(len(expected)))
    expect(page.locator("#review-graph-title")).to_contain_text("estimated winning chance")
    assert page.locator("#review-graph .graph-current").count() == 1
    assert page.locator("#review-graph .graph-turn").count() == len(expected)
    turns = page.locator("#review-turns button")
    expect(turns).to_have_count(len(expected))
    check_accessibility(page, "Senet under review with the win-chance graph")
    page.evaluate("() => document.documentElement.dataset.theme = 'contrast'")
    check_accessibility(page, "Senet under review with the graph, high contrast")
    # A turning point in the list goes to its move.
    turns.first.click()
    expect(page.locator("#review-where")).to_have_text(viewing(expected[0].entry, len(review) - 1))


def test_squadros_graph_is_an_evaluation_and_says_so(open_with: Callable[[str], Page]) -> None:
    state = new_squadro()
    for lane in "1315145233":
        state = state.apply(state.legal_moves()[int(lane) % len(state.legal_moves())])
    page = open_with(saves.dump(state))
    played = page.evaluate(DRAWN_JS)
    page.locator("#review-open").click()  # the review from the last move, with the graph
    expect(page.locator("#review-where")).to_have_text(viewing(10, 10))
    expect(page.locator("#review-back")).to_be_focused()
    # Issue 37: the position studied stays large (it was halved, 667 to 365 px tall
    # at 1280x800), the graph beside it, in the side panel.
    board = page.evaluate(DRAWN_JS)
    assert board["height"] >= 0.8 * played["height"], (played, board)
    board = page.locator("#board").bounding_box()
    graph = page.locator("#review-graph-area").bounding_box()
    assert graph["x"] >= board["x"] + board["width"], (board, graph)
    page.wait_for_function(
        "() => { const g = document.querySelector('#review-graph svg');"
        " return g && g.dataset.done === g.dataset.total; }",
        timeout=60_000,
    )
    expect(page.locator("#review-graph-title")).to_contain_text("not a probability")
    expect(page.locator("#review-graph-readout")).to_contain_text("Move 10 of 10.")
    expect(page.locator("#review-graph-readout")).to_contain_text("'s evaluation: ")
    expect(page.locator("#review-graph-readout")).not_to_contain_text("%")


def test_the_graph_follows_a_game_the_computer_is_playing_and_moves_still_come(
    open_with: Callable[[str], Page],
) -> None:
    """Review requests and move requests share the worker: neither is taken for the
    other, and the graph grows as the game goes on. The computer waits while its game
    is reviewed; back in the game it plays while the graph is still being computed,
    and the next review keeps the values computed and adds the new positions'."""
    state = new_game(JEQUIER, first_seat=0)
    for _ in range(30):
        choices = list(state.legal_moves()) or [a for a, _p in state.chance_outcomes()]
        state = state.apply(choices[0])
    page = open_with(saves.dump(state, ("easy", "easy")))
    page.locator("#review-open").click()
    shown = page.locator("#moves li").count()
    page.wait_for_function("() => document.querySelector('#review-graph svg')")
    page.locator("#review-back").click()
    expect(page.locator("#review-graph-area")).to_be_hidden()  # play goes on without it
    page.wait_for_function(
        f"() => document.querySelectorAll('#moves li').length >= {shown + 3}", timeout=60_000
    )
    page.locator("#review-open").click()
    # Three more move-list entries (a stop each, after the start), all computed.
    page.wait_for_function(
        f"""() => {{ const g = document.querySelector('#review-graph svg');
        return g && +g.dataset.total > {shown + 3} && g.dataset.done === g.dataset.total; }}""",
        timeout=90_000,
    )
    assert page.locator("#moves li").count() >= shown + 3
    expect(page.locator("#notice")).to_be_hidden()  # no "could not choose a move"


VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(params=list(VIEWPORTS))
def sized(request, browser: Browser, site_server: SiteServer, watch) -> Iterator[Page]:
    """A ready page at 1280x800 or on a 390x844 touch phone, holding a game of Senet in
    progress (Player 1 and Player 2 on this device) whose sticks are to be thrown."""
    context = browser.new_context(**VIEWPORTS[request.param])
    watch(context, site_server.origin)
    state = new_game(JEQUIER, first_seat=0)
    for action in finished_senet_game().actions():
        if len(state.actions()) >= 150 and state.to_act() == CHANCE:
            break
        state = state.apply(action)
    key, text = json.dumps(SAVE_KEY), json.dumps(saves.dump(state))
    page = context.new_page()
    page.add_init_script(
        script=f"localStorage.getItem({key}) || localStorage.setItem({key}, {text});"
    )
    page.goto(site_server.url, wait_until="commit")
    wait_ready(page)
    yield page
    context.close()


def test_the_banner_names_the_move_play_waits_and_the_graph_is_clicked_and_keyed(
    sized: Page,
) -> None:
    page = sized
    touch = page.viewport_size["width"] < 500  # the phone, whose finger taps
    live = saves.load(page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY))
    review = Review(live, ui("senet"))
    total = len(review) - 1
    banner, where = page.locator("#review-banner"), page.locator("#review-where")
    status, graph = page.locator("#status"), page.locator("#review-graph")
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    # The live game: the sticks can be thrown, a move taken back; no banner, no graph.
    for id_ in ("throw", "take-back"):
        expect(page.locator(f"#{id_}")).to_be_enabled()
    expect(banner).to_be_hidden()
    expect(page.locator("#review-graph-area")).to_be_hidden()

    played = page.evaluate(DRAWN_JS)
    press(page.locator("#review-open"))
    expect(banner).to_be_visible()
    expect(where).to_have_text(viewing(total, total))
    press(page.locator('#moves li[data-entry="12"]'))
    expect(where).to_have_text(viewing(12, total))
    expect(status).to_have_text(status_after(review, 12))
    # The board keeps its size in review (issue 37: on the phone the upright board
    # lost a quarter of its height): its width across the desktop, its height upright.
    shown = page.evaluate(DRAWN_JS)
    assert shown["width"] >= 0.8 * played["width"], (played, shown)
    assert shown["height"] >= 0.8 * played["height"], (played, shown)
    # The banner is over the board, the graph under it: the screen's width on a
    # phone; on the desktop (Senet's board across the window) at the left of the
    # panel's row, the panel beside it, nothing to scroll.
    board = page.locator("#board").bounding_box()
    over, under = banner.bounding_box(), page.locator("#review-graph-area").bounding_box()
    assert over["y"] + over["height"] <= board["y"] and under["y"] >= board["y"] + board["height"]
    if touch:
        assert abs(under["width"] - over["width"]) < 2
    else:
        cards = page.locator("#player-cards").bounding_box()
        assert cards["x"] >= under["x"] + under["width"], (cards, under)
        assert cards["y"] >= board["y"] + board["height"], (cards, board)
        assert page.evaluate("() => document.documentElement.scrollHeight") <= 800
    # The step buttons are named for screen readers, and reached by touch (44 px).
    for id_, name in (("review-first", "First move"), ("review-prev", "Previous move"),
                      ("review-next", "Next move"), ("review-last", "Last move")):  # fmt: skip
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_have_id(id_)
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (name, box)

    # Every play control waits: buttons, keys and taps on the board.
    for id_ in ("throw", "take-back", "redo", "hint"):
        expect(page.locator(f"#{id_}")).to_be_disabled()
    expect(page.locator("#pass")).to_be_hidden()
    assert page.locator("#board [role=button]:not([aria-disabled=true])").count() == 0
    page.locator("#review-next").focus()
    for key in ("z", "t", "y"):
        page.keyboard.press(key)
    # (forced: Playwright itself refuses to click what is marked aria-disabled)
    cell = page.locator("#board [data-square]").first
    cell.tap(force=True) if touch else cell.click(force=True)
    expect(where).to_have_text(viewing(12, total))
    stored = saves.load(page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY))
    assert stored.actions() == live.actions()

    # A click (a tap on the phone) on the graph shows the move under it.
    page.wait_for_function(
        "() => { const g = document.querySelector('#review-graph svg');"
        " return g && g.dataset.done === g.dataset.total; }",
        timeout=120_000,
    )
    expect(page.locator("#review-graph-title")).to_have_text(
        "White (Player 1)'s estimated winning chance"
    )
    column = page.locator('#review-graph .graph-hit[data-stop="30"]').bounding_box()
    svg = page.locator("#review-graph svg").bounding_box()
    spot = {"x": column["x"] + column["width"] / 2 - svg["x"], "y": svg["height"] / 2}
    if touch:
        page.locator("#review-graph svg").tap(position=spot)
    else:
        page.locator("#review-graph svg").click(position=spot)
    expect(where).to_have_text(viewing(30, total))
    expect(status).to_have_text(status_after(review, 30))
    expect(page.locator("#review-graph svg")).to_have_attribute("data-current", "30")
    expect(page.locator('#moves li[data-entry="30"]')).to_have_attribute("aria-current", "step")

    # The keyboard reaches the graph by Tab, from the banner and past the board.
    page.locator("#review-back").focus()
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "review-graph":
            break
    expect(graph).to_be_focused()
    expect(graph).to_have_attribute("role", "slider")
    expect(graph).to_have_attribute("aria-valuenow", "30")
    # Left and Right move the graph's cursor and say its move and value; Enter shows it.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    entry = page.locator('#moves li[data-entry="32"]').text_content().rstrip(".")
    expect(graph).to_have_attribute("aria-valuenow", "32")
    text = graph.get_attribute("aria-valuetext")
    assert text.startswith(f"Move 32 of {total}. {entry}. White (Player 1)'s winning chance: ")
    expect(page.locator("#review-graph-readout")).to_have_text(text)
    expect(where).to_have_text(viewing(30, total))  # the board waits for Enter
    page.keyboard.press("Enter")
    expect(where).to_have_text(viewing(32, total))
    expect(status).to_have_text(status_after(review, 32))
    expect(graph).to_be_focused()
    page.keyboard.press("Home")
    expect(graph).to_have_attribute("aria-valuenow", "0")
    page.keyboard.press("PageUp")
    expect(graph).to_have_attribute("aria-valuenow", "10")
    page.keyboard.press("End")
    expect(graph).to_have_attribute("aria-valuenow", str(total))
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    expect(where).to_have_text(viewing(0, total))
    check_accessibility(page, f"review with the graph, {'phone' if touch else 'desktop'}")

    # Back to the game: play goes on, the graph goes (the game is not over).
    press(page.locator("#review-back"))
    expect(banner).to_be_hidden()
    expect(page.locator("#review-graph-area")).to_be_hidden()
    expect(page.locator("#throw")).to_be_enabled()
    expect(page.locator("#take-back")).to_be_enabled()
