"""Playing by keyboard alone, with what a screen reader hears: the board is one tab
stop, the arrow keys move between its cells (roving tabindex), Enter or Space picks a
piece then where it goes, Escape drops the choice, T throws; after every action, the
person's or the computer's, the polite live region #announcer says what happened, in
the words the CPython engine's ``ui.announce`` gives for the stored game."""

from __future__ import annotations

import re

import pytest
from harness import new_game, wait_ready
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ludeum import saves, seats
from ludeum.games import ui_for

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
MAX_OPENING_THROWS = 200  # (3/4)**200 that no 1 comes: about 1e-25
MAX_THROWS = 60

# Where the focused element is, relative to the board.
FOCUS_JS = """() => {
  const el = document.activeElement;
  const board = document.getElementById('board');
  return {
    inBoard: Boolean(el && board.contains(el) && el !== board),
    square: el && el.dataset ? (el.dataset.square ?? null) : null,
    row: el && el.dataset && el.dataset.row !== undefined ? Number(el.dataset.row) : null,
    col: el && el.dataset && el.dataset.col !== undefined ? Number(el.dataset.col) : null,
    tabindex: el ? el.getAttribute('tabindex') : null,
    boardFollows: Boolean((el || document.body).compareDocumentPosition(board)
                          & Node.DOCUMENT_POSITION_FOLLOWING),
  };
}"""
CELL_JS = """(name) => {
  const el = document.querySelector(`#board [data-square="${name}"][data-row]`);
  return el ? {row: Number(el.dataset.row), col: Number(el.dataset.col)} : null;
}"""


def focus(page: Page) -> dict:
    return page.evaluate(FOCUS_JS)


def record(page: Page) -> str | None:
    return page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)


def stored(page: Page):
    return saves.load(record(page))


def press_and_wait_saved(page: Page, key: str) -> None:
    # Listening before the action, and only to what is said from it on (two throws of
    # 3 say the same words).
    heard(page)
    page.evaluate("() => { window.testHeard.length = 0; }")
    before = record(page)
    page.keyboard.press(key)
    page.wait_for_function(
        "([key, before]) => localStorage.getItem(key) !== before", arg=[SAVE_KEY, before]
    )


#: Every text the live region took, from the first check of this page on: the
#: computer's reply can replace the person's announcement (0.7 s later at the least)
#: between two of Playwright's polls of the region, which a busy machine spaces out.
HEAR = """() => {
  if (window.testHeard) return window.testHeard;
  const box = document.getElementById('announcer');
  window.testHeard = box.textContent ? [box.textContent] : [];
  new MutationObserver(() => { if (box.textContent) window.testHeard.push(box.textContent); })
    .observe(box, { childList: true, characterData: true, subtree: true });
  return window.testHeard;
}"""


def heard(page: Page) -> list[str]:
    """What the live region has said since the last action pressed here, or since the
    first call on this page (it starts listening then)."""
    return page.evaluate(HEAR)


def expect_announced(page: Page) -> None:
    """The live region said what the engine's announce says for the stored game's
    last action, in the stored game's seating ("you" and "the computer" against it)."""
    text = record(page)
    after = saves.load(text)
    *earlier, action = after.actions()
    before = after.start()
    for previous in earlier:
        before = before.apply(previous)
    seating = seats.seating(saves.load_players(text))
    said = ui_for(after).announce(before, action, after, seating=seating)
    heard(page)
    try:
        page.wait_for_function("(said) => window.testHeard.includes(said)", arg=said,
                               timeout=5_000)  # fmt: skip
    except PlaywrightTimeoutError:
        raise AssertionError(f"never announced: {said!r}; heard {heard(page)}") from None


def act_by_key(page: Page, key: str) -> None:
    """Press a key that plays an action; check the announcement it makes."""
    press_and_wait_saved(page, key)
    expect_announced(page)


def tab_into_board(page: Page) -> str:
    """Tab (or Shift+Tab) until the focus enters the board; returns the cell reached,
    which must be the board's one tab stop."""
    for _ in range(30):
        where = focus(page)
        if where["inBoard"]:
            assert where["tabindex"] == "0", f"Tab entered the board off its tab stop: {where}"
            return where["square"]
        page.keyboard.press("Tab" if where["boardFollows"] else "Shift+Tab")
    pytest.fail("Tab never reached the board")


def arrow_to(page: Page, name: str) -> None:
    """Move the focus to the cell ``name`` with the arrow keys only: first along the
    column to its row, then along the row."""
    target = page.evaluate(CELL_JS, name)
    assert target is not None, f"no cell {name}"
    for _ in range(40):
        where = focus(page)
        assert where["inBoard"], f"the focus left the board: {where}"
        if where["square"] == name:
            return
        if where["row"] != target["row"]:
            key = "ArrowDown" if where["row"] < target["row"] else "ArrowUp"
        else:
            key = "ArrowRight" if where["col"] < target["col"] else "ArrowLeft"
        page.keyboard.press(key)
        moved = focus(page)
        assert moved["square"] != where["square"], f"{key} did not move from {where}"
        assert moved["tabindex"] == "0", "the tab stop did not follow the focus"
    pytest.fail(f"the arrows did not reach {name}")


def board_cells(page: Page, selector: str) -> list[str]:
    return page.locator(f"#board {selector}").evaluate_all(
        "els => els.map(el => el.dataset.square)"
    )


def test_a_senet_game_played_by_keyboard_alone(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    # One polite live region speaks; the status line is for the eye only.
    expect(page.locator("#announcer")).to_have_attribute("aria-live", "polite")
    assert page.locator("#status").get_attribute("aria-live") is None
    # Every square has a name, whatever stands there.
    expect(page.get_by_role("button", name="Square 27, the water, empty")).to_have_count(1)
    expect(page.get_by_role("button", name="White piece on square 1")).to_have_count(1)

    # T throws until someone throws a 1; every throw is announced.
    for _ in range(MAX_OPENING_THROWS):
        if record(page) is not None and stored(page).throw is not None:  # a 1, to be played
            break
        act_by_key(page, "t")
    else:
        pytest.fail(f"no 1 in {MAX_OPENING_THROWS} throws")
    expect(page.locator("#announcer")).to_contain_text("threw a 1 and plays Black.")

    # Tab enters the board once, on the one piece that can move; Tab leaves it again.
    assert tab_into_board(page) == "10"
    expect(page.get_by_role("button", name="Black piece on square 10, can move")).to_be_focused()
    page.keyboard.press("Tab")
    assert not focus(page)["inBoard"]
    page.keyboard.press("Shift+Tab")
    assert focus(page)["square"] == "10"

    # Enter picks the piece; Escape drops the choice and keeps the place.
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Black piece on square 10, selected")).to_be_focused()
    expect(
        page.get_by_role("button", name="Square 11, empty, target for the selected piece")
    ).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Black piece on square 10, can move")).to_be_focused()
    assert board_cells(page, ".target") == []

    # Enter, an arrow to the target, Enter: the move is played and announced, and the
    # focus stays on the board, on the square the piece reached.
    page.keyboard.press("Enter")
    arrow_to(page, "11")
    act_by_key(page, "Enter")
    expect(page.locator("#announcer")).to_have_text(
        "Black moves from 10 to 11. Black throws again."
    )
    where = focus(page)
    assert (where["inBoard"], where["square"], where["tabindex"]) == (True, "11", "0")
    black_on_11 = page.get_by_role("button", name=re.compile(r"^Black piece on square 11\b"))
    expect(black_on_11).to_be_focused()

    # Throws and moves by keyboard until two more moves have been played.
    moves_played = 0
    for _ in range(MAX_THROWS):
        if moves_played == 2:
            break
        if page.locator("#throw").is_enabled():
            act_by_key(page, "t")
            continue
        assert page.locator("#pass").is_hidden()  # Jéquier's reading never passes
        movable = board_cells(page, "[data-row].movable")
        assert movable, "nothing to throw and nothing to move"
        arrow_to(page, movable[0])
        page.keyboard.press("Enter")
        targets = board_cells(page, "[data-row].target")
        assert targets, f"{movable[0]} selected but no target"
        arrow_to(page, targets[0])
        expect(page.locator(f'#board [data-square="{targets[0]}"][data-row]')).to_have_attribute(
            "aria-label", re.compile(r"target for the selected piece$")
        )
        act_by_key(page, "Enter")
        assert focus(page)["inBoard"], "the focus left the board after a move"
        moves_played += 1
    assert moves_played == 2


def test_a_squadro_move_by_keyboard_and_the_computers_reply_are_announced(
    app_page: Page,
) -> None:
    page = app_page
    wait_ready(page)
    new_game(page, "squadro", "computer", level="easy", seat="1", first="0")
    expect(page.locator("#game-name")).to_have_text("Squadro")

    # The tab stop is Light's first piece; its name gives way, speed and place.
    assert tab_into_board(page) == "L1"
    expect(
        page.get_by_role("button", name="Light piece 1, going out, moves 3, at its start, can move")
    ).to_be_focused()
    page.keyboard.press("Enter")
    arrow_to(page, "end")
    expect(
        page.get_by_role(
            "button",
            name="Crossing of Light's lane 1 and Dark's lane 3, empty, "
            "target for the selected piece",
        )
    ).to_be_focused()
    act_by_key(page, "Enter")
    # Against the computer the person is "you" (issue 37).
    assert "You move piece 1 out to the crossing with lane 3." in heard(page)
    assert focus(page)["inBoard"], "the focus left the board after the move"

    # The computer's turn: the board stays readable and navigable, not usable.
    # (It waits at least COMPUTER_PAUSE_MS, 0.7 s, before moving, and its worker is
    # still starting: time enough to look.)
    assert stored(page).to_act() == 1
    expect(page.locator('#board [data-row][aria-disabled="true"]')).to_have_count(45)
    page.keyboard.press("ArrowDown")
    assert focus(page)["inBoard"]
    # Its move is announced too, once it is played.
    expect(page.locator("#moves li")).to_have_count(2, timeout=60_000)
    assert len(stored(page).actions()) == 2
    expect_announced(page)
    expect(page.locator("#announcer")).to_contain_text("The computer moves piece")
    # And the person's pieces are usable again, with the focus still on the board.
    expect(page.locator('#board [data-row][aria-disabled="true"]')).to_have_count(0)
    assert focus(page)["inBoard"]
