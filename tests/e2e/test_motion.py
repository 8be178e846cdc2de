"""Pieces travel (src/web/motion.py): a move animates along its lane, ending where the
piece is drawn; a press during the animation finishes it at once and still counts;
with reduced motion nothing travels."""

from __future__ import annotations

import pytest
from harness import new_game, wait_ready
from playwright.sync_api import Page, expect

# Counts animation frames: run with nothing beside it (scripts/test.sh).
pytestmark = [pytest.mark.e2e, pytest.mark.alone]

# Light's lane 1 piece (speed 3) played by a click, then its stand-in's box sampled
# on every frame until the animation ends (or 60 frames).
MOVE_AND_WATCH = """async () => {
  const board = document.getElementById('board');
  const tap = name => board.querySelector(`[data-square="${name}"]`)
    .dispatchEvent(new MouseEvent('click', {bubbles: true}));
  tap('L1');
  tap('end');
  const ours = () => document.getAnimations().filter(a => a.id === 'ludeum-motion');
  const running = ours().filter(a => a.playState === 'running').length;
  const inBoard = board.querySelectorAll('.stand-in').length;
  const boxes = [];
  for (let i = 0; i < 60; i++) {
    const standIn = document.querySelector('.stand-in');
    if (!standIn) break;
    const box = standIn.getBoundingClientRect();
    boxes.push([box.x, box.y]);
    await new Promise(r => requestAnimationFrame(r));
  }
  const piece = board.querySelector('.sq-piece.light[data-lane="1"]').getBoundingClientRect();
  return {running, inBoard, boxes, piece: [piece.x, piece.y],
          left: ours().filter(a => a.playState === 'running').length,
          standIns: document.querySelectorAll('.stand-in').length};
}"""

# Dark's lane 1 piece (speed 1) played, then at once a press on Light's lane 2 piece
# (Light moves next): the press finishes the animation before the page handles it,
# and the click then selects the piece.
MOVE_THEN_PRESS = """() => {
  const board = document.getElementById('board');
  const tap = name => board.querySelector(`[data-square="${name}"]`)
    .dispatchEvent(new MouseEvent('click', {bubbles: true}));
  tap('L1');
  tap('end');
  const ours = () => document.getAnimations().filter(a => a.id === 'ludeum-motion');
  const before = ours().filter(a => a.playState === 'running').length;
  const cell = board.querySelector('[data-square="L2"]');
  cell.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
  const after = ours().filter(a => a.playState === 'running').length;
  const standIns = document.querySelectorAll('.stand-in').length;
  tap('L2');
  return {before, after, standIns};
}"""


# Light's lane 2 piece (selected already, speed 1) played with reduced motion: the
# count of animations of any kind, and of stand-ins, right after.
REDUCED_MOVE = """() => {
  const board = document.getElementById('board');
  board.querySelector('[data-square="end"]')
    .dispatchEvent(new MouseEvent('click', {bubbles: true}));
  return document.getAnimations().length + document.querySelectorAll('.stand-in').length;
}"""


def start_squadro(page: Page) -> None:
    wait_ready(page)
    new_game(page, "squadro", "human", first="0")
    expect(page.locator("#game-name")).to_have_text("Squadro")


def test_a_move_travels_a_press_finishes_it_and_reduced_motion_stills_it(
    app_page: Page,
) -> None:
    page = app_page
    start_squadro(page)
    seen = page.evaluate(MOVE_AND_WATCH)
    assert seen["running"] >= 1  # the stand-in travels; the piece waits hidden
    assert seen["inBoard"] == 0  # on a layer of its own: the board's markup is the drawing's
    boxes = seen["boxes"]
    assert len(boxes) >= 4, boxes
    xs = [x for x, _y in boxes]
    assert len(set(xs)) >= 3 and xs == sorted(xs), xs  # rightwards, frame after frame
    assert max(abs(y - boxes[0][1]) for _x, y in boxes) < 1  # along its lane
    # It ended where the piece is drawn: three squares on, nothing left running.
    assert abs(xs[-1] - seen["piece"][0]) < 3, (xs[-1], seen["piece"])
    assert seen["left"] == 0 and seen["standIns"] == 0
    # Dark moves; a press during the animation finishes it, and the click still counts.
    pressed = page.evaluate(MOVE_THEN_PRESS)
    assert pressed == {"before": 2, "after": 0, "standIns": 0}, pressed
    expect(page.locator("#board .path-2")).to_have_class("path path-2 shown")
    # With reduced motion nothing travels: the move is drawn at once, its path marked.
    page.emulate_media(reduced_motion="reduce")
    count = page.evaluate(REDUCED_MOVE)
    assert count == 0
    expect(page.locator("#status")).to_contain_text("Dark (Player 2) to move.")
    expect(page.locator("#board .sq-cell.last-path")).to_have_count(2)  # from and to
    # The app's own switch does the same where the system says nothing.
    page.emulate_media(reduced_motion="no-preference")
    page.click("#reduce-motion")
    expect(page.locator("#reduce-motion")).to_have_attribute("aria-pressed", "true")
    page.click('#board [data-square="L1"]')  # Dark's piece in lane 1, selected
    assert page.evaluate(REDUCED_MOVE) == 0
    expect(page.locator("#status")).to_contain_text("Light (Player 1) to move.")
