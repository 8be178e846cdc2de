"""Review (issue 13, item 2): step through a finished game by click and keys, the board
showing each position with its move marked, continue from a past position, and the
win-chance graph filling progressively from the worker with its turning points."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from axe import check_accessibility
from playwright.sync_api import Page, expect

from ludeum import saves
from ludeum.ai.players import choose
from ludeum.games import ui
from ludeum.protocol import CHANCE
from ludeum.records.review import Review
from ludeum.senet import JEQUIER, new_game
from ludeum.squadro import new_game as new_squadro

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"


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
    expect(page.locator("#review-bar")).to_be_visible()

    # A click on an entry shows the position after it, its move marked on the board.
    page.locator('#moves li[data-entry="12"]').click()
    expect(where).to_have_text(f"Move 12 of {total}")
    expect(status).to_have_text(status_after(review, 12))
    expect(page.locator("#app")).to_have_attribute("data-review", "on")
    expect(page.locator('#moves li[data-entry="12"]')).to_have_attribute("aria-current", "step")
    assert page.locator("#board .last-to").count() == 1
    expect(page.locator("#throw")).to_be_disabled()  # play waits while reviewing

    # The arrows, Home and End step while the focus is in the move list.
    page.keyboard.press("ArrowRight")
    expect(where).to_have_text(f"Move 13 of {total}")
    expect(status).to_have_text(status_after(review, 13))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text(f"Move 11 of {total}")
    page.keyboard.press("Home")
    expect(where).to_have_text(f"Start of the game, before move 1 of {total}.")
    expect(status).to_have_text(status_after(review, 0))
    page.keyboard.press("End")
    expect(where).to_have_text(f"Move {total} of {total}")
    # ... and in the review bar, by its buttons too.
    page.locator("#review-prev").click()
    expect(where).to_have_text(f"Move {total - 1} of {total}")
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text(f"Move {total - 2} of {total}")
    # Home disables the button that has the focus; the focus stays in the bar.
    page.keyboard.press("Home")
    expect(where).to_have_text(f"Start of the game, before move 1 of {total}.")
    expect(page.locator("#review-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(where).to_have_text(f"Move 1 of {total}")
    expect(status).to_have_text(status_after(review, 1))
    # Reviewing changed and saved nothing.
    assert page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY) == live_text

    page.locator("#review-back").click()
    expect(page.locator("#app")).to_have_attribute("data-review", "off")
    expect(status).to_have_text(ui("senet").status(final))
    expect(where).to_have_text("")

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
    page.locator('#moves li[data-entry="40"]').click()
    page.locator("#review-graph-show").click()
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
    expect(page.locator("#review-where")).to_have_text(
        f"Move {expected[0].entry} of {len(review) - 1}"
    )


def test_squadros_graph_is_an_evaluation_and_says_so(open_with: Callable[[str], Page]) -> None:
    state = new_squadro()
    for lane in "1315145233":
        state = state.apply(state.legal_moves()[int(lane) % len(state.legal_moves())])
    page = open_with(saves.dump(state))
    expect(page.locator("#review-graph-show")).to_have_text("Show the evaluation graph")
    page.locator("#review-graph-show").click()
    page.wait_for_function(
        "() => { const g = document.querySelector('#review-graph svg');"
        " return g && g.dataset.done === g.dataset.total; }",
        timeout=60_000,
    )
    expect(page.locator("#review-graph-title")).to_contain_text("not a probability")


def test_the_graph_follows_a_game_the_computer_is_playing_and_moves_still_come(
    open_with: Callable[[str], Page],
) -> None:
    """Review requests and move requests share the worker: neither is taken for the
    other, and the graph grows as the game goes on."""
    state = new_game(JEQUIER, first_seat=0)
    for _ in range(30):
        choices = list(state.legal_moves()) or [a for a, _p in state.chance_outcomes()]
        state = state.apply(choices[0])
    page = open_with(saves.dump(state, ("easy", "easy")))
    shown = page.locator("#moves li").count()
    page.locator("#review-graph-show").click()
    # Three more move-list entries (a stop each, after the start), all computed.
    page.wait_for_function(
        f"""() => {{ const g = document.querySelector('#review-graph svg');
        return g && +g.dataset.total > {shown + 3} && g.dataset.done === g.dataset.total; }}""",
        timeout=90_000,
    )
    assert page.locator("#moves li").count() >= shown + 3
    expect(page.locator("#notice")).to_be_hidden()  # no "could not choose a move"
