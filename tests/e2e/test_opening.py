"""Senet's opening in one action and the sticks drawn as sticks (issue 26, items 2
and 5): "Decide who starts" throws for both players until a 1, each throw shown by
the sticks in quick sequence, tumbling; one line in the move list; the record keeps
every throw; against the computer no click is needed; reduced motion stops the
tumble."""

from __future__ import annotations

import re

import pytest
from harness import new_game, wait_ready
from playwright.sync_api import Page, expect

from ludeum import saves
from ludeum.senet import Move, Throw
from ludeum.senet.log import game_log, status

# Times the sticks' drawing (80-1500 ms a stage): run with nothing beside it.
pytestmark = [pytest.mark.e2e, pytest.mark.alone]

SAVE_KEY = "ludeum:v1:current"
#: The opening's one line of the move list: its throws listed, or counted when many.
OPENING_LINE = re.compile(
    r"^((Player [12] threw [2-6], )*|\d+ throws without a 1, then )"
    r"Player ([12]) threw 1: Player \3 plays Black$"
)
#: The same line against the computer (issue 37): "you" and "the computer".
WHO = r"(?:you|the computer)"
SEATED_OPENING_LINE = re.compile(
    rf"^(({WHO} threw [2-6], )*|\d+ throws without a 1, then )"
    r"(?:you threw 1: you play Black|the computer threw 1: the computer plays Black)$",
    re.IGNORECASE,
)

#: Every drawing the sticks area shows, in order, with the area's classes then.
WATCH_STICKS = """() => {
  const area = document.getElementById('sticks');
  window.sticksSeen = [];
  new MutationObserver(() => {
    const svg = area.querySelector('svg');
    window.sticksSeen.push({
      n: svg ? Number(svg.dataset.throw) : null,
      tumble: area.classList.contains('tumble'),
      rest: area.querySelectorAll('.stick.rest').length,
      at: performance.now(),
    });
  }).observe(area, { childList: true });
}"""
#: The tumble's animations running (or held at their end) on the sticks shown.
TUMBLING = "() => document.querySelector('#sticks .stick-turn').getAnimations().length"


def stored(page: Page):
    return saves.load(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def test_decide_who_starts_throws_until_a_1_in_one_action(app_page: Page) -> None:
    """Two people click it; against the computer it needs no click."""
    page = app_page
    wait_ready(page)
    button = page.locator("#throw")
    expect(button).to_have_text("Decide who starts")
    expect(button).to_be_enabled()
    # At rest before the first throw: four sticks, no face, no value.
    expect(page.locator("#sticks .stick.rest")).to_have_count(4)
    expect(page.locator("#sticks .stick-value")).to_have_count(0)

    page.evaluate(WATCH_STICKS)
    button.click()
    expect(page.locator("#moves li")).to_have_count(1)
    state = stored(page)
    throws = state.actions()
    values = [state.rules.throw_value(t.light) for t in throws]
    # Every throw is an action of the record; the last and only 1 decides.
    assert all(isinstance(t, Throw) for t in throws) and values[-1] == 1 and values.count(1) == 1
    line = page.locator("#moves li").first.inner_text()
    assert OPENING_LINE.match(line) and [line] == game_log(state)
    expect(page.locator("#status")).to_have_text(status(state))
    # The cards say who plays which side as soon as the status does (issue 36).
    expect(page.locator("#player-cards")).not_to_contain_text("side not yet decided")
    expect(page.locator("#player-cards")).to_contain_text("Black")
    expect(button).to_have_text("Throw the sticks")
    expect(button).to_be_disabled()  # Black's front piece is to move
    # The sticks showed each throw in turn (the last 21 of a long opening), tumbling,
    # about 0.3 s apart (closer in a long one), and end on the 1.
    expect(page.locator("#sticks svg")).to_have_attribute("data-throw", str(len(throws)))
    expect(page.locator("#sticks .stick-value")).to_have_text("1")
    seen = page.evaluate("window.sticksSeen")
    shown = list(range(max(1, len(throws) - 20), len(throws) + 1))
    assert [s["n"] for s in seen] == shown, seen
    assert all(s["tumble"] for s in seen)
    gaps = [b["at"] - a["at"] for a, b in zip(seen, seen[1:], strict=False)]
    assert all(80 <= gap <= 1500 for gap in gaps), gaps

    # The move, then a throw: the sticks tumble again for it.
    page.locator('#board [data-square="10"][role="button"]').click()
    page.locator('#board [data-square="11"][role="button"]').click()
    expect(page.locator("#moves li")).to_have_count(2)
    assert stored(page).actions()[-1] == Move(10, 11)
    page.evaluate("window.sticksSeen = []")
    button.click()
    expect(page.locator("#sticks svg")).to_have_attribute("data-throw", str(len(throws) + 1))
    assert page.evaluate("window.sticksSeen")[-1]["tumble"]
    assert page.evaluate(TUMBLING) > 0

    # Against the computer, no click: the opening decides itself (the person's seat
    # throws first here). Reduced motion: the sticks show their faces, nothing tumbles.
    page.emulate_media(reduced_motion="reduce")
    new_game(page, "senet", "computer", seat="1", first="0")
    expect(page.locator("#moves li").first).to_have_text(SEATED_OPENING_LINE, timeout=10_000)
    opening = stored(page).actions()
    assert any(isinstance(a, Throw) and a.light == 1 for a in opening)
    # (The computer may have thrown the 1, and moved and thrown again since.)
    expect(page.locator("#sticks .stick-value")).to_have_count(1)
    assert page.evaluate(TUMBLING) == 0
