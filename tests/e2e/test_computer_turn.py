"""The computer's turn, step by step (issue 26, item 3): each throw and move of a
Senet turn comes in its own time, the status then sums up the whole turn ("threw 1,
4, ...: ..."), and the squares it touched stay marked until the person acts."""

from __future__ import annotations

import random
import re

from harness import wait_ready
from playwright.sync_api import Page
from test_layout import play

#: Each new line of the move list, with when it came.
WATCH_MOVES = """() => {
  window.testMoves = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes)
      window.testMoves.push([node.textContent, performance.now()]);
  }).observe(document.getElementById('moves'), { childList: true });
}"""
SUMMARY = re.compile(r"threw \d(, \d)+: ")


def test_a_computer_turn_of_several_throws_is_shown_step_by_step(
    fresh_page: Page, site_server
) -> None:
    page = fresh_page
    page.goto(site_server.url + "?opponent=computer&level=easy&computer=2", wait_until="commit")
    wait_ready(page)
    page.evaluate(WATCH_MOVES)
    rng = random.Random(4)
    summary = None
    for _ in range(200):
        play(page, rng, 1)  # a person's action, or the computer's whole turn
        status = page.locator("#status").inner_text()
        if SUMMARY.search(status) and page.locator("#app").get_attribute("data-turn") == "person":
            summary = status
            break
    assert summary, "no computer turn of several throws in 200 actions"
    # Its squares stay marked while the person decides.
    assert page.locator("#board .square.touched").count() >= 1
    lines = page.evaluate("window.testMoves")
    # The move list names the computer's lines "The computer threw..." (issue 37).
    computer = [(text, at) for text, at in lines if text.startswith("The computer ")]
    gaps = [b[1] - a[1] for a, b in zip(computer, computer[1:], strict=False)]
    assert gaps and min(gaps) >= 400, gaps  # one step at a time, never one jump
