"""Lessons (issue 27): each game's lesson completed by clicks, a wrong move explained and
undone, a refused move explained, a lesson opened by its link in a museum's frame,
and the kiosk's "Learn to play" with its idle reset. Issue 37: on a phone the task is
in view with the board, a verdict does not cover the step numbers, only the steps
passed are ticked, and no piece is offered while a verdict shows."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from axe import check_accessibility
from harness import (
    READY_SELECTOR,
    READY_TIMEOUT_MS,
    SiteServer,
    Watch,
    host_page,
    wait_ready,
)
from playwright.sync_api import BrowserContext, FrameLocator, Page, expect

from ludeum.lessons import hint_move, lesson, start_position

SAID = "#lesson-said"
#: The sounds played so far and the last one's name (src/web/sound.py).
HEARD = "() => [window.ludeumSoundsPlayed ?? 0, window.ludeumLastSound ?? null]"
#: The pieces a board offers as ones that can move: ringed, or named so.
OFFERED = '.movable, [aria-label*="can move"], [aria-label*="peut bouger"]'


def clicks_for(game: str, notation: str) -> list[str]:
    """The board names a learner taps to play ``notation`` (one-tap moves are off in
    these tests: a piece, then where it goes)."""
    if game == "squadro":
        return [f"L{notation}", f"L{notation}"]
    if notation in ("Kd", "Ke"):
        return [notation]
    return notation.split("-")


def tap(scope: Page | FrameLocator, name: str) -> None:
    scope.locator(f'#lesson-board [data-square="{name}"][data-row]').click()


def complete(scope: Page | FrameLocator, lesson_id: str, first: int = 0) -> None:
    """Play every step of a lesson from step ``first`` by clicks on the board (or the
    throw), checking each step's words and its verdict."""
    item = lesson(lesson_id)
    for number, step in enumerate(item.steps[first:], first + 1):
        expect(scope.locator("#lesson-step-title")).to_contain_text(f"Step {number} of")
        expect(scope.locator("#lesson-task")).to_have_text(step.task)
        if step.kind == "play":
            expect(scope.locator("#lesson-play")).to_be_visible()
            return
        if step.kind == "throw":
            scope.locator("#lesson-throw").click()
            expect(scope.locator(SAID)).to_contain_text("a throw of")
        else:
            # A passing move (any legal one where any passes), by its taps.
            move = hint_move(item, step, start_position(item, step))
            for name in clicks_for(item.game, move.notation()):
                tap(scope, name)
            expect(scope.locator(SAID)).to_contain_text("Right.")
        scope.locator("#lesson-next").click()


def test_each_lesson_completed_by_clicks_with_progress_kept(app_page: Page, site_server) -> None:
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 800})
    wait_ready(page, enter=False)
    # From the welcome screen's Senet card.
    page.click('#welcome button[data-lesson="senet"]')
    expect(page.locator(":root")).to_have_attribute("data-screen", "lesson")
    expect(page.locator("#lesson-title")).to_have_text("Learn Senet")
    # Senet's long board across a desktop window, the step under it: the task, the
    # verdict and the next button in view without scrolling (app.css).
    page.click("#lesson-throw")
    expect(page.locator(SAID)).to_contain_text("a throw of")
    widths = page.evaluate(
        """() => {
        const main = document.getElementById("app"), style = getComputedStyle(main);
        const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        const board = document.querySelector("#lesson-board svg");
        return [board.getBoundingClientRect().width, main.clientWidth - pad];
        }"""
    )
    assert widths[0] >= 0.9 * widths[1], widths
    for shown in ("#lesson-task", SAID, "#lesson-next"):
        expect(page.locator(shown)).to_be_in_viewport(ratio=1)
    page.click("#lesson-next")
    complete(page, "senet", first=1)
    check_accessibility(page, "lesson, last step")
    for lesson_id in ("lodestone", "squadro"):
        page.goto(f"{site_server.url}?lesson={lesson_id}", wait_until="commit")
        wait_ready(page, enter=False)
        complete(page, lesson_id)
    # The progress is kept: the welcome card says how far, every step passed is ticked.
    count = len(lesson("senet").steps)
    page.goto(site_server.url, wait_until="commit")
    wait_ready(page, enter=False)
    learn = page.locator('#welcome button[data-lesson="senet"]')
    expect(learn).to_have_accessible_name(f"Continue the lesson ({count - 1} of {count} steps)")
    page.goto(f"{site_server.url}?lesson=senet", wait_until="commit")
    wait_ready(page, enter=False)
    steps = page.locator("#lesson-steps button")
    expect(steps).to_have_count(len(lesson("senet").steps))
    done = page.locator("#lesson-steps button.done")
    expect(done).to_have_count(len(lesson("senet").steps) - 1)  # the game is not played yet
    # The last step is a game against the computer at Easy, on the game screen.
    page.locator("#lesson-steps button").last.click()
    page.click("#lesson-play")
    expect(page.locator(":root")).to_have_attribute("data-screen", "game")
    expect(page.locator("#player-cards .card-name").first).to_have_text("You")
    expect(page.locator("#player-cards")).to_contain_text("Easy")


def in_view_with_the_board(page: Page) -> None:
    """A phone's first screen: the whole board and the whole task, and the step numbers
    above the task's bar (which holds the verdict once a move is played)."""
    expect(page.locator("#lesson-board svg")).to_be_in_viewport(ratio=1)
    expect(page.locator("#lesson-task")).to_be_in_viewport(ratio=1)
    steps = page.locator("#lesson-steps").bounding_box()
    bar = page.locator(".lesson-ask").bounding_box()
    assert steps["y"] + steps["height"] <= bar["y"], (steps, bar)


def test_a_wrong_move_is_explained_and_undone_and_a_refused_one_named(
    fresh_page: Page, site_server
) -> None:
    page = fresh_page
    page.set_viewport_size({"width": 390, "height": 844})
    for lesson_id, step in (("lodestone", 3), ("squadro", 3), ("senet", 3)):
        page.goto(f"{site_server.url}?lesson={lesson_id}&step={step}", wait_until="commit")
        wait_ready(page, enter=False)
        in_view_with_the_board(page)
    expect(page.locator("#lesson-step-title")).to_contain_text("Bumping")
    # A legal move that is not the answer: shown played, explained (a cross beside the
    # words, the verdict in the task's place, the steps still in view), then undone.
    tap(page, "3")
    tap(page, "6")
    expect(page.locator(SAID)).to_contain_text("bumps nothing")
    expect(page.locator("#lesson")).to_have_attribute("data-verdict", "wrong")
    expect(page.locator(".verdict-mark .mark-wrong")).to_be_visible()
    expect(page.locator(".verdict-mark .mark-right")).to_be_hidden()
    assert page.evaluate(HEARD) == [1, "wrong"]  # sound is on in a tab of its own
    steps, bar = (page.locator(s).bounding_box() for s in ("#lesson-steps", ".lesson-ask"))
    assert steps["y"] + steps["height"] <= bar["y"], (steps, bar)
    retry = page.locator("#lesson-retry")
    expect(retry).to_be_focused()
    retry.click()
    expect(page.locator(SAID)).to_contain_text("try another move")
    expect(page.locator("#lesson")).not_to_have_attribute("data-verdict", re.compile("."))
    board = page.locator("#lesson-board")
    expect(board.locator('[data-square="3"][data-row]')).to_have_attribute(
        "aria-label", re.compile("White")
    )
    # The protection step: a piece beside its own cannot be bumped, a piece on 26 is safe.
    page.locator('#lesson-steps button[data-step="3"]').click()
    tap(page, "10")
    expect(page.locator(SAID)).to_contain_text("another piece of its colour stands right beside")
    tap(page, "23")
    expect(page.locator(SAID)).to_contain_text("square 26 is a safe square")
    # How the other scholars read protection: the readings compared, over the lesson.
    page.click("#lesson-compare")
    expect(page.locator("#compare-dialog")).to_be_visible()
    expect(page.locator("#compare-example")).to_have_value("protection")
    page.keyboard.press("Escape")
    expect(page.locator("#compare-dialog")).to_be_hidden()
    # The hint chooses the piece and says the move that is left; the keys play it.
    page.click("#lesson-hint")
    expect(page.locator(SAID)).to_contain_text("move the piece on 4 to 7")
    page.locator('#lesson-board [data-square="7"][data-row]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(SAID)).to_contain_text("Right.")
    expect(page.locator(".verdict-mark .mark-right")).to_be_visible()
    assert page.evaluate(HEARD) == [2, "right"]
    # Only the step passed is ticked: not the three opened by the link before it.
    expect(page.locator("#lesson-steps button.done")).to_have_count(1)
    expect(page.locator('#lesson-steps button[data-step="3"]')).to_have_class(re.compile("done"))
    check_accessibility(page, "lesson, phone")


def test_a_lesson_link_opens_in_a_museum_frame_in_french(
    context: BrowserContext,
    serve: Callable[[Path], SiteServer],
    watch: Callable[..., Watch],
    site_server: SiteServer,
    tmp_path: Path,
) -> None:
    host_page(tmp_path, site_server.url + "?lesson=lodestone&step=4&lang=fr", (1000, 700))
    host = serve(tmp_path)
    watch(context, host.origin, site_server.origin)
    page = context.new_page()
    page.goto(host.url, wait_until="commit")
    app = page.frame_locator("iframe")
    app.locator(READY_SELECTOR).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(app.locator("#lesson-title")).to_have_text("Apprendre Lodestone")
    expect(app.locator("#lesson-step-title")).to_have_text("Étape 4 sur 7\u00a0: Prendre")
    # A wrong move: the other side could play now, but the board takes no tap while
    # the verdict shows, so no piece of either side is ringed or named "can move".
    board = app.locator("#lesson-board")
    expect(board.locator(".movable").first).to_be_attached()
    tap(app, "a1")
    tap(app, "c1")
    expect(app.locator(SAID)).to_contain_text("Pas cette fois.")
    expect(board.locator("svg")).to_have_attribute("aria-disabled", "true")
    expect(board.locator(OFFERED)).to_have_count(0)
    app.locator("#lesson-retry").click()
    tap(app, "e4")
    tap(app, "g4")
    expect(app.locator(SAID)).to_contain_text("Exact.")
    expect(board.locator(OFFERED)).to_have_count(0)
    # Another site's frame starts with sound off: the verdicts made none.
    assert app.locator("html").evaluate(HEARD) == [0, None]
    app.locator("#lesson-next").click()
    expect(app.locator("#lesson-step-title")).to_contain_text("Échec")


# A 5 s idle reset after the lesson's last step: nothing is timed inside it, so it
# runs beside the other tests, where its 10 s of waiting cost the run nothing.
def test_the_kiosk_offers_a_lesson_and_its_idle_reset_ends_it(
    fresh_page: Page, site_server
) -> None:
    page = fresh_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_server.url}?kiosk=1&idle=5&game=squadro", wait_until="commit")
    wait_ready(page)
    learn = page.locator("#attract-learn")
    expect(learn).to_be_visible()
    learn.click()
    expect(page.locator(":root")).to_have_attribute("data-screen", "lesson")
    expect(page.locator("#lesson-title")).to_have_text("Learn Squadro")
    expect(learn).to_be_hidden()
    page.locator('#lesson-steps button[data-step="5"]').click()
    complete(page, "squadro", first=5)  # its last steps, then nobody touches it
    expect(page.locator("#idle-dialog")).to_be_visible(timeout=15_000)
    expect(page.locator("#attract")).to_be_visible(timeout=15_000)
    expect(page.locator(":root")).to_have_attribute("data-screen", "game")
    expect(learn).to_be_visible()
