"""Game analysis in review (issue 53): the worker weighs a finished game chunk by
chunk; the move list and the graph mark each inaccuracy (?!), mistake (?) and blunder
(??); a panel sums up both sides (accuracy, labelled moves, Senet's luck, a sentence
on your throws); a labelled move reviewed says what was better and draws it on the
board on request; and a reload reads the kept analysis instead of weighing again."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from axe import check_accessibility
from harness import wait_ready
from playwright.sync_api import BrowserContext, Page, expect

from ludeum import saves
from ludeum.ai.players import choose
from ludeum.analysis import summary, view
from ludeum.games import ui
from ludeum.protocol import CHANCE
from ludeum.records import results
from ludeum.records.positions import entries
from ludeum.senet import JEQUIER, new_game

pytestmark = pytest.mark.e2e


def finished_game(seed: int = 3):
    """Easy (seat 0, "you") against Medium to the end, throws at random."""
    source = random.Random(seed)
    state = new_game(JEQUIER, first_seat=0)
    while state.outcome() is None:
        if state.to_act() == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(source.choices([o for o, _ in outcomes],
                                               [p for _, p in outcomes])[0])  # fmt: skip
        else:
            state = state.apply(choose(state, "easy" if state.seat == 0 else "medium", source))
    return state


def test_the_analysis_marks_mistakes_shows_the_better_move_and_is_kept(
    context: BrowserContext,
    open_with: Callable[[str], Page],
) -> None:
    final = finished_game()
    analysis = summary.analyse(final)
    ends = entries(final, ui("senet"))[0]
    marks = view.entry_marks(analysis, ends)
    assert marks, "the game chosen has labelled moves"
    # The game's entry in Your games, as the end of a game played here writes it.
    logged = results.entry_for(final, ("human", "medium"), at="2026-12-01T10:00:00",
                               moves=len(ends))  # fmt: skip
    # An older game analysed before: with this one, Your games has a course to chart.
    older = replace(logged, at="2026-11-30T10:00:00", code=None, accuracy=62.0, luck=-0.3)
    log = json.dumps(json.dumps([older.to_json(), logged.to_json()]))
    context.add_init_script(  # every frame of the context: some have no storage
        script=f"try {{ localStorage.getItem('ludeum:v1:results') || "
        f"localStorage.setItem('ludeum:v1:results', {log}); }} catch (e) {{}}"
    )
    page = open_with(saves.dump(final, ("human", "medium")))
    page.locator("#review-open").click()
    panel = page.locator("#analysis")
    # Filled progressively: the panel says how far the weighing has got, then stops.
    expect(panel.locator(".analysis-table").first).to_be_visible()
    expect(panel.locator(".analysis-progress")).to_have_count(0, timeout=120_000)
    you = analysis.side(0)
    expect(panel).to_contain_text(f"{you.accuracy:.0f}%")
    expect(panel).to_contain_text("Your throws were")
    # The same marks as the engine's, on the move list and on the graph.
    expect(page.locator("#moves .entry-mark")).to_have_count(len(marks))
    for entry, label in list(marks.items())[:5]:
        mark = page.locator(f'#moves li[data-entry="{entry}"] .entry-mark')
        expect(mark).to_have_attribute("data-label", label)
    page.wait_for_function(
        "() => { const g = document.querySelector('#review-graph svg');"
        " return g && g.dataset.done === g.dataset.total; }",
        timeout=120_000,
    )
    drawn = sum(label != "inaccuracy" for label in marks.values())  # the list has them all
    expect(page.locator("#review-graph svg")).to_have_attribute("data-marks", str(drawn))
    # Your games has the game's accuracy and luck now.
    kept = json.loads(page.evaluate("() => localStorage.getItem('ludeum:v1:results')"))
    assert kept[1]["accuracy"] == round(you.accuracy, 1)
    assert kept[1]["luck"] == pytest.approx(you.luck, abs=0.001)
    assert kept[0]["accuracy"] == 62.0  # the older game's, untouched
    # A labelled move: the verdict names the better move, drawn on request.
    entry = next(iter(marks))
    page.locator(f'#moves li[data-entry="{entry}"]').click()
    verdict = page.locator("#analysis-verdict")
    expect(verdict).to_be_visible()
    step = next(s for s in analysis.steps if analysis.label(s) and s.action + 1 == ends[entry - 1])
    expect(verdict).to_contain_text(view.move_text("SenetState", step.best_move))
    played_board = page.locator("#board").inner_html()
    better = page.locator("#analysis-better")
    expect(better).to_have_attribute("aria-pressed", "false")
    better.click()
    expect(better).to_have_attribute("aria-pressed", "true")
    assert page.locator("#board").inner_html() != played_board
    check_accessibility(page, "Senet under review with its analysis and a better move")
    better.click()
    expect(better).to_have_attribute("aria-pressed", "false")
    # Another move reviewed: no verdict on a move that lost nothing worth a label.
    quiet = next(e for e in range(1, len(ends) + 1) if e not in marks)
    page.locator(f'#moves li[data-entry="{quiet}"]').click()
    expect(verdict).to_be_hidden()
    # Kept with the game: after a reload the panel is whole at once.
    kept = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('ludeum:v1:analysis:')).length"
    )
    assert kept == 1
    page.reload(wait_until="commit")
    wait_ready(page)
    # The result banner reads the kept analysis at once (nothing weighed for it).
    expect(page.locator("#game-over-analysis")).to_contain_text(
        f"Your accuracy: {you.accuracy:.0f}%"
    )
    page.locator("#review-open").click()
    expect(panel.locator(".analysis-table").first).to_be_visible()
    expect(panel.locator(".analysis-progress")).to_have_count(0)
    expect(page.locator("#moves .entry-mark")).to_have_count(len(marks))
    # A kept analysis edited in storage is weighed again, never believed or a crash.
    page.evaluate(
        "() => { for (const k of Object.keys(localStorage)) if (k.startsWith("
        "'ludeum:v1:analysis:')) localStorage.setItem(k, '{\"steps\": [{\"action\": 9}]}'); }"
    )
    page.reload(wait_until="commit")
    wait_ready(page)
    page.locator("#review-open").click()
    expect(panel.locator(".analysis-progress")).to_have_count(0, timeout=120_000)
    expect(page.locator("#moves .entry-mark")).to_have_count(len(marks))
    page.locator("#review-back").click()
    # The result banner says it in a line too (the kiosk's only view of it).
    expect(page.locator("#game-over-analysis")).to_be_visible()
    expect(page.locator("#game-over-analysis")).to_contain_text(
        f"Your accuracy: {you.accuracy:.0f}%"
    )
    page.locator("#your-games").click()
    expect(page.locator("#your-games-content")).to_contain_text(f"Accuracy {you.accuracy:.0f}%")
    # Both analysed games on the charts of accuracy and Senet luck over time.
    content = page.locator("#your-games-content")
    expect(content.locator("svg.accuracy-chart .chart-dot")).to_have_count(2)
    expect(content.locator("svg.luck-chart .chart-bar")).to_have_count(2)
    low = min(62.0, round(you.accuracy, 1))
    expect(content.locator("svg.accuracy-chart")).to_have_attribute(
        "aria-label", re.compile(f"from {low:.0f}% to")
    )
