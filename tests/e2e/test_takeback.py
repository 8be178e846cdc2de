"""Take back and Redo in the browser (issue 13): by click and by keyboard, the
computer's reply taken back with the person's move, a Senet throw that stays, and
the redo line kept across a reload. Console errors fail the test (the watch fixture)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from harness import new_game, wait_ready
from playwright.sync_api import Page, expect

from ludeum import saves
from ludeum.senet import JEQUIER, parse_action
from ludeum.senet import new_game as new_senet

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
THROW_STAYS = "A throw cannot be taken back: the sticks stay as they fell."
#: Take back clicked, and the pieces' travel counted at once (src/web/motion.py's id).
TAKE_BACK_AND_LOOK = """() => {
  const button = document.getElementById('take-back');
  button.focus();  // as a pointer's click leaves it
  button.click();
  return document.getAnimations()
    .filter(a => a.id === 'ludeum-motion' && a.playState === 'running').length;
}"""


def stored(page: Page) -> dict:
    return json.loads(page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY))


def wait_actions(page: Page, count: int, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([key, count]) => { const t = localStorage.getItem(key);"
        " return t !== null && JSON.parse(t).record.actions.length === count; }",
        arg=[SAVE_KEY, count],
        timeout=timeout,
    )


def test_squadro_against_the_computer_takes_the_reply_back_and_redoes_it(
    app_page: Page,
) -> None:
    page = app_page
    wait_ready(page)
    take_back, redo = page.locator("#take-back"), page.locator("#redo")
    expect(take_back).to_have_accessible_name("Take back")
    expect(take_back).to_have_attribute("aria-keyshortcuts", "Z Control+Z Meta+Z")
    new_game(page, "squadro", "computer", level="easy", seat="1", first="0")
    expect(take_back).to_be_disabled()
    expect(redo).to_be_disabled()
    page.click('#board [data-square="L1"]')
    page.click('#board [data-square="end"]')
    wait_actions(page, 2)  # the person's move and the computer's reply
    played = stored(page)["record"]["actions"]
    expect(page.locator("#moves li")).to_have_count(2)

    # By click: the reply goes too, and the person is to move again; both pieces
    # travel back (the motion room's animations), and the announcer says so.
    travelling = page.evaluate(TAKE_BACK_AND_LOOK)
    assert travelling >= 2, travelling
    wait_actions(page, 0)
    assert stored(page)["ahead"] == played
    expect(page.locator("#moves li")).to_have_count(0)
    expect(take_back).to_be_disabled()
    expect(redo).to_be_enabled()
    expect(redo).to_be_focused()  # the disabled button handed the focus on
    expect(page.locator("#announcer")).to_contain_text(
        "Taken back: You: lane 1; The computer: lane "
    )

    # By keyboard: Y plays both again, Ctrl+Z takes them back.
    page.keyboard.press("y")
    wait_actions(page, 2)
    assert stored(page)["record"]["actions"] == played and "ahead" not in stored(page)
    expect(page.locator("#moves li")).to_have_count(2)
    page.keyboard.press("Control+z")
    wait_actions(page, 0)

    # The redo line survives a reload, and Ctrl+Shift+Z replays it.
    page.reload(wait_until="commit")
    wait_ready(page)
    expect(redo).to_be_enabled()
    assert stored(page)["ahead"] == played
    page.keyboard.press("Control+Shift+Z")
    wait_actions(page, 2)
    assert stored(page)["record"]["actions"] == played

    # A different move replaces the old line.
    page.keyboard.press("z")
    wait_actions(page, 0)
    page.click('#board [data-square="L2"]')
    page.click('#board [data-square="end"]')
    page.wait_for_function(
        "(key) => JSON.parse(localStorage.getItem(key)).record.actions[0] === '2'", arg=SAVE_KEY
    )
    assert "ahead" not in stored(page)


def senet_with_a_throw_pending() -> str:
    """Two people, Jéquier: after the opening, Black has thrown a 4 (8-12, 6-10 or 11-15)."""
    state = new_senet(JEQUIER, 0)
    for text in ["T0110", "T1000", "10-11", "T1111"]:
        state = state.apply(parse_action(text))
    return saves.dump(state, ("human", "human"))


def test_senet_take_back_keeps_the_throw(open_with: Callable[[str], Page]) -> None:
    page = open_with(senet_with_a_throw_pending())
    take_back = page.locator("#take-back")
    expect(take_back).to_be_disabled()  # the last action is a throw: it stays
    expect(take_back).to_have_attribute("title", THROW_STAYS)
    page.locator('#board g.square[data-square="8"]').click()
    page.locator('#board g.square[data-square="12"]').click()
    wait_actions(page, 5)
    after_move = stored(page)["record"]

    page.keyboard.press("z")
    wait_actions(page, 4)
    back = stored(page)
    assert back["record"]["actions"][-1] == "T1111" and back["ahead"] == ["8-12"]
    assert back["record"]["position"].endswith(" 4")  # the same throw still to play
    expect(page.locator("#throw")).to_be_disabled()
    expect(take_back).to_be_disabled()
    expect(page.locator("#redo")).to_be_enabled()

    page.locator("#redo").click()
    wait_actions(page, 5)
    assert stored(page)["record"] == after_move
    page.locator("#take-back").click()
    wait_actions(page, 4)

    # Playing the same move again by clicks gives the same position, line used up.
    page.locator('#board g.square[data-square="8"]').click()
    page.locator('#board g.square[data-square="12"]').click()
    wait_actions(page, 5)
    again = stored(page)
    assert again["record"] == after_move and "ahead" not in again


def test_lodestone_two_people_take_back_one_decision_at_a_time(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    new_game(page, "lodestone", "human", first="0")
    page.click('#board [data-square="Ke"]')  # Red's king on e1
    page.click('#board [data-square="Kd"]')  # White's king on d8
    wait_actions(page, 2)
    page.locator("#take-back").click()
    wait_actions(page, 1)
    assert stored(page)["ahead"] == ["Kd"]
    expect(page.locator("#status")).to_contain_text("White (Player 2): put your king")
    page.keyboard.press("Meta+z")
    wait_actions(page, 0)
    assert stored(page)["ahead"] == ["Ke", "Kd"]
    page.keyboard.press("Control+y")
    page.keyboard.press("y")
    wait_actions(page, 2)
    assert stored(page)["record"]["actions"] == ["Ke", "Kd"]
    expect(page.locator("#redo")).to_be_disabled()
    expect(page.locator("#moves li")).to_have_count(2)


def test_a_tampered_ahead_line_sets_the_record_aside(open_with: Callable[[str], Page]) -> None:
    """A redo line that does not follow the game (a throw where Black must move) is
    refused like any damaged record: kept aside byte for byte, a new game started."""
    data = json.loads(senet_with_a_throw_pending())
    data["ahead"] = ["T1111"]
    text = json.dumps(data)
    page = open_with(text)
    expect(page.locator("#notice")).to_contain_text("Your saved game could not be read")
    kept = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('ludeum:v1:quarantine:'))"
        ".map((k) => localStorage.getItem(k))"
    )
    assert kept == [text]
