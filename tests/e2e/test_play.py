"""Playing Senet in the browser: clicks, reloads, broken saves, the end of a game
(keys: test_keyboard.py).

Throws are random (the app seeds its generator from the OS), so every test plays
whatever comes, within a bound on the number of actions. After each action the
page is checked against the CPython engine: the localStorage record is loaded with
``ludeum.saves`` and the status line, pieces, move list and tappable squares must
be what the engine says for that state.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from harness import READY_SELECTOR, READY_TIMEOUT_MS, SiteServer, Watch, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

from ludeum import saves
from ludeum.protocol import CHANCE
from ludeum.senet import BLACK, JEQUIER, WHITE, new_game, parse_action, parse_position, position
from ludeum.senet.log import ending, game_log, side_name, status
from ludeum.senet.track import OFF

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
QUARANTINE_PREFIX = "ludeum:v1:quarantine:"
# Bounds on actions: with fair sticks a 1 comes once in four throws, so 200
# throws without one (opening) has probability (3/4)**200, about 1e-25.
MAX_OPENING_THROWS = 200
MAX_ACTIONS = 60
FRESH_STATUS = re.compile(r"^Player [12] to throw\. The first to throw a 1 plays Black\.$")
# Opening status lines: the first one, and the ones after a miss.
FRESH_STATUS_OR_MISS = re.compile(
    r"^(Player [12] threw [2-6]: not a 1\. )?"
    r"Player [12] to throw\. The first to throw a 1 plays Black\.$"
)
OPENING_ONE_STATUS = re.compile(
    r"^Player [12] threw a 1 and plays Black: move Black's front piece from 10 to 11\.$"
)
TURN_STATUS = re.compile(r"(White|Black) \(Player [12]\) (to throw\.|throws again\.)$")

# Everything the page shows of a game, plus the stored record.
SNAPSHOT_JS = """() => ({
  record: localStorage.getItem('ludeum:v1:current'),
  status: document.getElementById('status').textContent,
  board: document.getElementById('board').innerHTML,
  sticks: document.getElementById('sticks').innerHTML,
  moves: Array.from(document.querySelectorAll('#moves li'), (li) => li.textContent),
  throwEnabled: !document.getElementById('throw').disabled,
})"""

# The board as drawn: pieces by square, the movable pieces, the squares marked as
# destinations, the selected square, and every tappable element with its label.
BOARD_JS = """() => {
  const board = document.getElementById('board');
  const pieces = {};
  for (const g of board.querySelectorAll('g.piece-at[data-square]')) {
    const piece = g.querySelector('.piece');
    pieces[g.dataset.square] = piece.classList.contains('white') ? 'white'
      : piece.classList.contains('black') ? 'black' : '?';
  }
  const squares = (sel) => Array.from(board.querySelectorAll(sel), (el) => el.dataset.square);
  return {
    pieces,
    movable: squares('g.piece-at:has(.piece.movable)'),
    targets: squares('[data-square].target'),
    selected: squares('[data-square].selected'),
    buttons: Array.from(board.querySelectorAll('[role="button"]'), (el) => ({
      square: el.dataset.square ?? null,
      label: el.getAttribute('aria-label'),
      tabindex: el.getAttribute('tabindex'),
    })),
  };
}"""


# -- reading the page ------------------------------------------------------------------


def snapshot(page: Page) -> dict[str, Any]:
    return page.evaluate(SNAPSHOT_JS)


def board(page: Page) -> dict[str, Any]:
    return page.evaluate(BOARD_JS)


def record(page: Page) -> str | None:
    return page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)


def engine_state(page: Page):
    """The stored game, loaded by the CPython engine."""
    text = record(page)
    assert text is not None, f"no game stored under {SAVE_KEY}"
    return saves.load(text)


def square_name(square: int) -> str:
    return "off" if square == OFF else str(square)


def colour_word(colour: int) -> str:
    return "white" if colour == WHITE else "black"


def assert_buttons_labelled(page: Page) -> None:
    """Every cell is a named button; exactly one is the board's tab stop (roving
    tabindex: the arrow keys move between the others)."""
    buttons = board(page)["buttons"]
    for button in buttons:
        assert button["tabindex"] in ("0", "-1"), f"cell outside the roving tabindex: {button}"
        assert button["label"] and button["label"].strip(), f"tappable square unlabelled: {button}"
    assert [b["tabindex"] for b in buttons].count("0") == 1, buttons


def check_view(page: Page) -> Any:
    """The page shows exactly the stored game, as the CPython engine reads it."""
    state = engine_state(page)
    shown = snapshot(page)
    drawn = board(page)
    assert shown["status"] == status(state)
    assert shown["moves"] == game_log(state)
    assert shown["throwEnabled"] == (state.to_act() == CHANCE)
    expected_pieces = {
        str(s): colour_word(colour)
        for s, colour in enumerate(state.board)
        if colour in (WHITE, BLACK)
    }
    assert drawn["pieces"] == expected_pieces
    if not drawn["selected"]:
        assert sorted(drawn["movable"], key=int) == sorted(
            {str(m.src) for m in state.moves}, key=int
        )
        assert drawn["targets"] == []
    assert_buttons_labelled(page)
    return state


# -- acting on the page ------------------------------------------------------------------


def square(page: Page, name: str):
    """The tappable element of a square ("1".."30") or of the tray ("off")."""
    kind = "tray" if name == "off" else "square"
    return page.locator(f'#board g.{kind}[data-square="{name}"]')


def wait_saved(page: Page, before: str | None) -> None:
    """Every action rewrites the stored record: wait until it has changed."""
    page.wait_for_function(
        "([key, before]) => localStorage.getItem(key) !== before", arg=[SAVE_KEY, before]
    )


def click_throw(page: Page) -> None:
    before = record(page)
    page.locator("#throw").click()
    wait_saved(page, before)


def select(page: Page, src: str) -> list[str]:
    """Tap a movable piece; returns the destinations then marked on the board."""
    square(page, src).click()
    expect(square(page, src)).to_have_class(re.compile(r"\bselected\b"))
    targets = board(page)["targets"]
    assert targets, f"piece {src} selected but no destination is marked"
    state = engine_state(page)
    assert sorted(targets) == sorted(square_name(m.dst) for m in state.moves if str(m.src) == src)
    assert_buttons_labelled(page)
    return targets


def click_move(page: Page, src: str, dst: str) -> None:
    before = record(page)
    square(page, dst).click()
    wait_saved(page, before)


def advance(page: Page) -> None:
    """One action, whatever the dice said: throw if a throw is due, else move the
    first movable piece to its first destination."""
    if page.locator("#throw").is_enabled():
        click_throw(page)
        return
    movable = board(page)["movable"]
    assert movable, f"nothing to throw and nothing to move: {snapshot(page)['status']!r}"
    src = movable[0]
    targets = select(page, src)
    click_move(page, src, targets[0])


def play_opening(page: Page) -> None:
    """Throw until someone throws a 1, then play the forced 10 -> 11 by clicks."""
    for _ in range(MAX_OPENING_THROWS):
        if "threw a 1 and plays Black" in page.locator("#status").inner_text():
            break
        expect(page.locator("#status")).to_have_text(FRESH_STATUS_OR_MISS)
        click_throw(page)
        check_view(page)
    else:
        pytest.fail(f"no 1 in {MAX_OPENING_THROWS} throws")
    expect(page.locator("#status")).to_have_text(OPENING_ONE_STATUS)
    expect(page.locator("#throw")).to_be_disabled()
    assert board(page)["movable"] == ["10"]
    assert board(page)["pieces"]["10"] == "black"
    assert select(page, "10") == ["11"]
    moves_before = page.locator("#moves li").count()
    click_move(page, "10", "11")
    drawn = board(page)
    assert drawn["pieces"].get("11") == "black" and "10" not in drawn["pieces"]
    expect(page.locator("#moves li")).to_have_count(moves_before + 1)
    expect(page.locator("#moves li").last).to_contain_text("10 → 11")
    expect(page.locator("#status")).to_contain_text("moved 10 to 11")
    expect(page.locator("#status")).to_contain_text("throws again")
    check_view(page)


def play_checked_move(page: Page) -> None:
    """Throw until a move is due, then play one by clicks and check what changed."""
    for _ in range(MAX_ACTIONS):
        if not page.locator("#throw").is_enabled():
            break
        click_throw(page)
        check_view(page)
    else:
        pytest.fail(f"no move to play after {MAX_ACTIONS} throws")
    state = check_view(page)
    mover = colour_word(state.colour_of(state.seat))
    movable = board(page)["movable"]
    assert movable, "a throw is waiting but no piece is marked movable"
    src = movable[0]
    assert board(page)["pieces"][src] == mover
    targets = select(page, src)
    dst = targets[0]
    for target in targets:
        expect(square(page, target)).to_have_attribute("role", "button")
        expect(square(page, target)).to_have_attribute(
            "aria-label", re.compile("target for the selected piece")
        )
    moves_before = page.locator("#moves li").count()
    off_before = state.borne_off
    click_move(page, src, dst)

    after = check_view(page)
    if dst == "off":
        colour = WHITE if mover == "white" else BLACK
        assert after.borne_off[colour] == off_before[colour] + 1
        expect(square(page, "off")).to_have_attribute(
            "aria-label", re.compile(rf"{mover.capitalize()} {after.borne_off[colour]}")
        )
    else:
        assert_piece_landed(page, after, mover, dst)
    expect(page.locator("#moves li")).to_have_count(moves_before + 1)
    expect(page.locator("#moves li").last).to_contain_text(
        f"{src} → {'off the board' if dst == 'off' else dst}"
    )
    if after.to_act() is not None:
        expect(page.locator("#status")).to_have_text(TURN_STATUS)
        expect(page.locator("#status")).to_contain_text(side_name(after, after.seat))


def assert_piece_landed(page: Page, after: Any, mover: str, dst: str) -> None:
    """A piece of the mover's colour now stands where the move took it (a throw
    ending in the water, 27, sends the piece on to the square the engine says)."""
    water = [effect[1] for effect in after.effects if effect[0] == "water"]
    landing = str(water[0]) if water else dst
    assert board(page)["pieces"].get(landing) == mover, f"no {mover} piece on {landing}"


def assert_fresh_game(page: Page, old_record: str | None) -> None:
    expect(page.locator("#moves li")).to_have_count(0)
    expect(page.locator("#status")).to_have_text(FRESH_STATUS)
    expect(page.locator("#throw")).to_be_enabled()
    expect(page.locator("#game-over")).to_be_hidden()
    expect(page.locator("#new-game-dialog")).to_be_hidden()
    text = record(page)
    assert text is not None and text != old_record
    state = saves.load(text)
    assert state.actions() == []
    assert position(state) == position(new_game(JEQUIER, first_seat=state.seat))
    check_view(page)


# -- booting ---------------------------------------------------------------------------


# Installed before the page's scripts (open_app): uncaught errors, such as a fatal
# Pyodide error, which leaves the app loading for ever without a .py-error box.
RECORD_ERRORS_JS = """
window.__testErrors = [];
addEventListener('error', (e) => window.__testErrors.push(String(e.message)));
addEventListener('unhandledrejection', (e) => window.__testErrors.push(String(e.reason)));
"""
BOOTED_JS = """([ready]) => document.querySelector(ready) !== null
  || document.querySelector('.py-error') !== null
  || (window.__testErrors || []).length > 0"""


def boot(page: Page) -> None:
    """wait_ready, but fail at once (not after a minute) if Python raised while
    booting (PyScript shows the traceback in a .py-error box) or the page hit an
    uncaught error."""
    page.wait_for_function(BOOTED_JS, arg=[READY_SELECTOR], timeout=READY_TIMEOUT_MS)
    boxes = page.locator(".py-error")
    if boxes.count():
        raise AssertionError(f"Python failed while booting:\n{boxes.first.inner_text()[-1500:]}")
    errors = page.evaluate("() => window.__testErrors || []")
    if errors and page.locator(READY_SELECTOR).count() == 0:
        raise AssertionError(f"the page failed while booting: {errors}")
    wait_ready(page)


# -- opening the app with a stored game ----------------------------------------------------


@pytest.fixture
def open_app(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> Callable[[str | None], Page]:
    """open_app(stored) -> a watched, ready page whose localStorage held `stored`
    under the save key before any of the page's scripts ran (first load only)."""

    def start(stored: str | None) -> Page:
        watch(context, site_server.origin)
        page = context.new_page()
        page.add_init_script(script=RECORD_ERRORS_JS)
        if stored is not None:
            page.add_init_script(
                script=(
                    "if (!sessionStorage.getItem('test:seeded')) {"
                    f"  localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(stored)});"
                    "  sessionStorage.setItem('test:seeded', '1');"
                    "}"
                )
            )
        page.goto(site_server.url, wait_until="commit")
        boot(page)
        return page

    return start


def reload(page: Page) -> None:
    page.reload(wait_until="commit")
    boot(page)


# -- the tests ---------------------------------------------------------------------------


@pytest.mark.smoke
def test_a_turn_played_by_clicks(app_page: Page) -> None:
    boot(app_page)
    page = app_page
    expect(page.locator("#status")).to_have_text(FRESH_STATUS)
    expect(page.locator("#throw")).to_be_enabled()
    assert board(page)["movable"] == [] and len(board(page)["buttons"]) == 31

    play_opening(page)
    play_checked_move(page)


@pytest.mark.smoke
def test_reload_resumes_exactly(app_page: Page) -> None:
    boot(app_page)
    page = app_page
    play_opening(page)
    # An extra throw is pending (a 1 was just played).
    before = snapshot(page)
    assert "throws again" in before["status"] and before["throwEnabled"]
    reload(page)
    assert snapshot(page) == before
    check_view(page)

    # A throw made and waiting for its move (Black can always use its first throw).
    for _ in range(MAX_ACTIONS):
        if not page.locator("#throw").is_enabled():
            break
        click_throw(page)
    before = snapshot(page)
    assert not before["throwEnabled"] and board(page)["movable"], before["status"]
    reload(page)
    after = snapshot(page)
    assert after == before
    assert len(after["moves"]) == len(before["moves"])

    # Playing goes on from there.
    play_checked_move(page)


def _sample_save() -> str:
    state = new_game(JEQUIER, first_seat=0)
    for text in ["T0110", "T1000", "10-11", "T1100", "8-10"]:
        state = state.apply(parse_action(text))
    return saves.dump(state)


def _tampered_position() -> str:
    data = json.loads(_sample_save())
    data["record"]["position"] = data["record"]["position"].replace("W -", "B -")
    return json.dumps(data)


def _tampered_action() -> str:
    data = json.loads(_sample_save())
    assert data["record"]["actions"][2] == "10-11"
    data["record"]["actions"][2] = "10-12"
    return json.dumps(data)


@pytest.mark.parametrize(
    ("stored", "detail"),
    [
        pytest.param("{not json", "not JSON", id="garbage"),
        pytest.param(_tampered_position(), "does not follow from the actions", id="position"),
        pytest.param(_tampered_action(), "action 3 ('10-12') cannot be played", id="action"),
        # Valid JSON, but the game name is not a string.
        pytest.param(
            json.dumps({"format": "ludeum-save", "version": 1, "game": ["senet"], "record": {}}),
            "game",
            id="game-not-a-name",
        ),
        # Valid-looking JSON nested too deep for the parser.
        pytest.param("[" * 100_000 + "]" * 100_000, None, id="deeply-nested"),
    ],
)
def test_an_unreadable_save_is_kept_aside_and_a_new_game_starts(
    open_app: Callable[[str | None], Page], stored: str, detail: str | None
) -> None:
    page = open_app(stored)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("saved game could not be read")
    if detail is not None:
        expect(notice.locator(".detail")).to_contain_text(detail)

    kept = page.evaluate(
        """(prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix))
             .map((k) => [k, localStorage.getItem(k)])""",
        QUARANTINE_PREFIX,
    )
    assert len(kept) == 1, kept
    key, value = kept[0]
    assert re.fullmatch(re.escape(QUARANTINE_PREFIX) + r"\d{8}T\d{6}", key), key
    assert value == stored
    assert record(page) != stored

    # A new game, and it can be played.
    expect(page.locator("#status")).to_have_text(FRESH_STATUS)
    expect(page.locator("#moves li")).to_have_count(0)
    click_throw(page)  # "Decide who starts": the opening's throws, up to its 1
    check_view(page)
    assert engine_state(page).actions()
    expect(page.locator("#moves li")).to_have_count(1)

    # The engine's contract behind this: load() raises SaveError and nothing else.
    saves.load(_sample_save())  # the untampered record is fine
    with pytest.raises(saves.SaveError):
        saves.load(stored)


def test_bearing_off_the_last_piece_ends_the_game(open_app: Callable[[str | None], Page]) -> None:
    # White (seat 1, Player 2) has one piece left, on 29, and is to throw.
    near_end = parse_position(JEQUIER, ".B.B.B.B.B..................W. 4-0 W -")
    page = open_app(saves.dump(near_end))
    expect(page.locator("#status")).to_have_text("White (Player 2) to throw.")
    expect(page.locator("#notice")).to_be_hidden()
    check_view(page)

    for _ in range(MAX_ACTIONS):
        state = engine_state(page)
        if state.winner is not None:
            break
        if state.to_act() == CHANCE:
            click_throw(page)
        else:
            src = board(page)["movable"][0]
            targets = select(page, src)
            dst = "off" if "off" in targets else targets[0]
            if dst == "off":
                expect(square(page, "off")).to_have_attribute(
                    "aria-label", "Borne off: White 4, Black 0, target for the selected piece"
                )
            click_move(page, src, dst)
        check_view(page)
    else:
        pytest.fail(f"the game did not end within {MAX_ACTIONS} actions")

    final = engine_state(page)
    assert final.winner == near_end.seat_of(WHITE)
    over = page.locator("#game-over")
    expect(over).to_be_visible()
    # The result over the board: the winner, how (the game's ending, not its last
    # move, which the status still gives), how many moves.
    expect(page.locator("#game-over-title")).to_have_text("White wins")
    expect(page.locator("#game-over-text")).to_have_text(re.compile("^" + re.escape(ending(final))))
    expect(page.locator("#status")).to_have_text(status(final))
    expect(page.locator("#game-over-text")).to_contain_text(re.compile(r"\d+ moves?\.$"))
    expect(page.locator("#game-over-text")).to_contain_text(
        "White (Player 2) has borne off every piece and wins"
    )
    expect(page.locator("#throw")).to_be_disabled()
    expect(square(page, "off")).to_have_attribute("aria-label", "Borne off: White 5, Black 0")
    assert board(page)["movable"] == [] and board(page)["targets"] == []

    # A finished game is restored as finished.
    finished = snapshot(page)
    reload(page)
    assert snapshot(page) == finished
    expect(over).to_be_visible()
    expect(page.locator("#throw")).to_be_disabled()

    page.locator("#game-over-new").click()
    expect(over).to_be_hidden()
    assert_fresh_game(page, finished["record"])


def test_new_game_asks_before_abandoning_a_game(app_page: Page) -> None:
    boot(app_page)
    page = app_page
    dialog = page.locator("#new-game-dialog")
    warning = page.locator("#replace-warning")

    # Nothing played yet: nothing to lose, no warning in the dialog.
    page.locator("#new-game").click()
    expect(dialog).to_be_visible()
    expect(warning).to_have_text("")
    page.locator("#start-game").click()
    assert_fresh_game(page, None)

    for _ in range(3):
        advance(page)  # the opening (one click, its throws), the 10-11 move, a throw
    check_view(page)
    before = snapshot(page)
    assert len(engine_state(page).actions()) >= 3

    page.locator("#new-game").click()
    expect(dialog).to_be_visible()
    # The game is not abandoned: the dialog says it goes to Saved games (issue 13).
    expect(warning).to_have_text(
        "Starting a new game keeps this one in Saved games, where you can open it again."
    )
    page.locator("#cancel-new-game").click()
    expect(dialog).to_be_hidden()
    assert snapshot(page) == before

    page.locator("#new-game").click()
    expect(dialog).to_be_visible()
    page.locator("#start-game").click()
    assert_fresh_game(page, before["record"])
    kept = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('ludeum:v1:kept:'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)).record)"
    )
    assert kept == [json.loads(before["record"])["record"]]
