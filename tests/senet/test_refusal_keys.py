"""Why Senet's rules refuse a move (``ludeum.senet.refusal.why_refused``): one case
per rule on a small position, the answer checked against the engine's legal moves
over random positions of every preset, and the two callers (the lessons, the
readings compared) reading the engine's keys."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from ludeum.i18n import set_language
from ludeum.lessons.refusals import TEXTS, refusal
from ludeum.senet import compare
from ludeum.senet.action import PASS, Move
from ludeum.senet.notation import parse_position
from ludeum.senet.refusal import KEYS, why_refused
from ludeum.senet.rulesets import JEQUIER, JEQUIER_LUDII, KENDALL, PRESETS, TAIT, kendall
from ludeum.senet.state import BLACK, WHITE, new_game
from ludeum.senet.sticks import Throw
from ludeum.senet.track import OFF, PLINTH, WATER

LITERAL_LOCK = JEQUIER.with_options(starting_lock="literal")
STARTING_THROW = kendall(starting_throw=True)
TRAP = kendall(trap=True)
HOME_ROW = kendall(home_row=True)


def at(rules, white, black, side="W", throw="-", off=None, **marks):
    """A position from its pieces: every piece of a side not on the board is borne
    off, unless ``off`` says otherwise (Tait's plinth holds the rest)."""
    squares = ["."] * 30
    for square in white:
        squares[square - 1] = "W"
    for square in black:
        squares[square - 1] = "B"
    off = off or f"{rules.pieces - len(white)}-{rules.pieces - len(black)}"
    state = parse_position(rules, f"{''.join(squares)} {off} {side} {throw}")
    return state._replace(**marks) if marks else state


class Case(NamedTuple):
    rule: str  # the rule, in words: the test's name
    key: str
    state: object
    src: int
    dst: int
    light: int | None = None  # for a state waiting for its throw


CASES = (
    Case("the game is over", "game_over",
         at(JEQUIER, [], [20], side="x"), 20, 22, light=2),
    Case("a throw comes first", "no_throw", at(JEQUIER, [1], [2]), 1, 3),
    Case("the opening's 1 moves Black's front piece", "opening", new_game(JEQUIER), 8, 9, light=1),
    Case("no piece of the side to move there", "no_piece", at(JEQUIER, [1], [5], throw="2"), 5, 7),
    Case("a piece moves exactly the throw", "distance", at(JEQUIER, [1], [9], throw="2"), 1, 4),
    Case("Ludii's lock: the square ahead must be free", "lock",
         at(JEQUIER_LUDII, [3, 21], [4], throw="2"), 3, 5),
    Case("the literal lock: the piece ahead has not moved", "lock",
         at(LITERAL_LOCK, [1, 21], [2], throw="2"), 1, 3),
    Case("three opposing pieces in a row make a wall", "wall",
         at(JEQUIER, [3, 11, 19], [12, 13, 14, 24], throw="4"), 11, 15),
    Case("Ludii: three pieces of either side on one row", "wall_any",
         at(JEQUIER_LUDII, [12, 13, 14, 24, 28], [11, 16, 17, 18, 19], side="B", throw="4"),
         16, 20),
    Case("bearing off waits for the last row", "last_row",
         at(JEQUIER, [4, 28], [30], throw="4"), 28, OFF),
    Case("Ludii: landing on 30 does not bear off", "pass_30",
         at(JEQUIER_LUDII, [22, 28], [5], throw="2"), 28, OFF),
    Case("Botermans: reaching 30 from the last row bears off", "off_instead",
         at(JEQUIER, [22, 28], [5], throw="2"), 28, 30),
    Case("a piece never lands on its own", "own", at(JEQUIER, [1, 3], [29], throw="2"), 1, 3),
    Case("a piece on a safe square cannot be bumped", "safe",
         at(JEQUIER, [4, 10, 23], [12, 13, 26], throw="3"), 23, 26),
    Case("two pieces side by side protect each other", "pair",
         at(JEQUIER, [4, 10, 23], [12, 13, 26], throw="3"), 10, 13),
    Case("Ludii: a pair protects only within a row", "pair_row",
         at(JEQUIER_LUDII, [9, 22], [12, 13], throw="3"), 9, 12),
    Case("back only when nothing goes forward", "backward",
         at(JEQUIER, [4, 11], [17], throw="2"), 11, 9),
    Case("Botermans: a piece going back lands on an empty square", "backward_capture",
         at(JEQUIER, [20], [18, 21, 22]), 20, 18, light=2),
    Case("Starting Throw: no move before a 1", "starting_throw",
         at(STARTING_THROW, [3], [15], waiting=1 << WHITE), 3, 5, light=2),
    Case("a piece in the water holds back the others", "water_frozen",
         at(KENDALL, [5, 27], [20]), 5, 7, light=2),
    Case("Home Row: no bearing off while a piece is on 1-10", "home_row",
         at(HOME_ROW, [3, 30], [20], throw="2"), 30, OFF),
    Case("out of the water to 15 only when it is free", "rebirth_taken",
         at(KENDALL, [27], [15]), 27, 15, light=2),
    Case("the water lets go with a 4, or back to 15", "water_exit",
         at(KENDALL, [27], [20], throw="2"), 27, OFF),
    Case("the piece back on 15 moves next", "forced",
         at(KENDALL, [3, 15], [20], forced=(WHITE, 15)), 3, 5, light=2),
    Case("only the Trap sends an overshoot into the water", "trap",
         at(KENDALL, [24, 3], [20], throw="3"), 24, WATER),
    Case("the water holds one piece", "water_taken",
         at(TRAP, [24, 3], [27], throw="3"), 24, WATER),
    Case("every piece stops on 26", "stop_26", at(KENDALL, [24, 3], [20], throw="4"), 24, 28),
    Case("28 leaves with a 3, 29 with a 2", "exact_exit",
         at(KENDALL, [28, 3], [20], throw="2"), 28, OFF),
    Case("26 leaves the board only with a 5", "exact_off",
         at(KENDALL, [26, 3], [20], throw="4"), 26, OFF),
    Case("28 to 30 are safe while the water is taken", "water_guard",
         at(KENDALL, [26, 3], [27, 28], throw="2"), 26, 28),
    Case("no going back from 28 to 30", "backward_end", at(KENDALL, [29], [20]), 29, 26, light=3),
    Case("Kendall: two pieces side by side protect each other", "pair",
         at(KENDALL, [10, 20], [12, 13], throw="2"), 10, 12),
    Case("Tait: pieces enter on 4 with a 4, on 6 with a 6", "enter",
         at(TAIT, [10], [20], off="0-0", throw="2"), PLINTH, 2),
    Case("Tait: pieces never go back", "no_backward",
         at(TAIT, [10], [20], off="0-0", throw="2"), 10, 8),
    Case("Tait: bearing off takes the exact throw", "exact_off",
         at(TAIT, [29, 10], [20], off="0-0", throw="3"), 29, OFF),
    Case("Tait: the House of Rebirth is safe", "rebirth",
         at(TAIT, [12, 20], [15], off="0-0", throw="3"), 12, 15),
    Case("Tait: into the water only as a last resort", "water_last",
         at(TAIT, [10, 24], [20], off="0-0", throw="3"), 24, WATER),
)  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[case.rule for case in CASES])
def test_each_rule_is_named(case: Case) -> None:
    assert why_refused(case.state, case.src, case.dst, light=case.light) == case.key
    if case.light is None and case.state.throw is not None:
        assert Move(case.src, case.dst) not in case.state.moves


def test_every_key_has_its_case() -> None:
    assert {case.key for case in CASES} == set(KEYS)


def test_legal_moves_are_refused_by_nothing() -> None:
    assert why_refused(new_game(JEQUIER), 10, 11, light=1) is None  # the opening's 1
    assert why_refused(at(STARTING_THROW, [3], [15], waiting=1 << WHITE), 3, 4, light=1) is None
    pair_row = at(JEQUIER_LUDII, [9, 22], [12, 13], throw="3")
    assert why_refused(pair_row, 22, 25) is None


def test_squares_beyond_the_track_are_no_destination() -> None:
    tait = at(TAIT, [28], [20], off="0-0", throw="6")  # 28 + 6 is 34: past the end
    assert why_refused(tait, 28, 34) == "distance"
    assert why_refused(tait, 28, -6) == "distance"
    assert why_refused(tait, 99, 5) == "no_piece"


# -- the engine's moves, over random positions of every preset --------------------------


def candidates(state, value: int):
    """(src, dst) pairs a player might try: a piece of the side to move (or Tait's
    plinth) to where the throw could take it forward or back, or off the board, and
    Kendall's water and 15."""
    colour = BLACK if state.seat == state.black_seat else WHITE
    sources = state.pieces_on_board(colour)
    if state.rules.family == "tait":
        sources.append(PLINTH)
    for src in sources:
        targets = {OFF, src + value, src - value}
        if state.rules.family == "kendall":
            targets |= {WATER, 15}
        for dst in targets:
            if dst != src and (1 <= dst <= 30 or dst == OFF):
                yield src, dst


def positions(rules, count: int, seed: str):
    """``count`` positions waiting for a throw, from seeded random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_game(rules, first_seat=rng.randrange(2))
        for _step in range(rng.randrange(10, 400)):
            if state.winner is not None:
                break
            if state.throw is None:
                if state.black_seat is not None and rng.random() < 0.2:
                    found.append(state)
                state = state.apply(Throw(tuple(rng.randrange(2) for _ in range(4))))
            else:
                state = state.apply(rng.choice(state.moves))
    return found[:count]


@pytest.mark.parametrize("name", list(PRESETS))
def test_refused_exactly_when_the_engine_has_no_such_move(name: str) -> None:
    rules = PRESETS[name]
    tried = 0
    for state in positions(rules, 300, name):
        for light in range(5):
            thrown = state.apply(Throw(tuple(1 if i < light else 0 for i in range(4))))
            legal = set(thrown.moves) if thrown.throw is not None else set()
            for src, dst in candidates(state, rules.throw_value(light)):
                key = why_refused(state, src, dst, light=light)
                assert (key is None) == (Move(src, dst) in legal), (state, light, src, dst, key)
                assert key is None or key in KEYS
                if thrown.throw is not None:  # the same answer with the throw pending
                    assert why_refused(thrown, src, dst) == key
                tried += 1
    assert tried > 1000


def test_every_legal_move_is_refused_by_nothing() -> None:
    for name, rules in PRESETS.items():
        for state in positions(rules, 40, name + "-legal"):
            for light in range(5):
                thrown = state.apply(Throw(tuple(1 if i < light else 0 for i in range(4))))
                for move in thrown.moves if thrown.throw is not None else ():
                    if move != PASS:
                        assert why_refused(thrown, move.src, move.dst) is None, (thrown, move)


# -- the callers --------------------------------------------------------------------------


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language("en")


def test_a_lesson_words_the_engines_rule(english) -> None:
    state = at(JEQUIER, [3, 11, 19], [12, 13, 14, 24], throw="4")
    found = refusal(state, "11", "15")
    assert found.key == "blockade" and found.text == TEXTS["blockade"]
    # A rule the lessons do not teach (Ludii's reading) is said in general words.
    ludii = at(JEQUIER_LUDII, [3, 21], [4], throw="2")
    assert refusal(ludii, "3", "5").key == "rules"


def test_the_game_on_screen_keeps_kendalls_unwritten_marks(english) -> None:
    # White waits for its first 1 (Starting Throw); Black's piece back from the water
    # must move next. The board does not show either; the comparison keeps both.
    waiting = at(STARTING_THROW, [3, 5], [20, 22], waiting=1 << WHITE)
    position = compare.position_of(waiting)
    assert position.needs_one == 1 << WHITE
    result = compare.compare(position, 2)
    refused = [c for c in result.columns if "kendall_starting_throw" in c.presets][0]
    assert refused.outcome.moves == ()
    assert "kendall" not in refused.presets  # without the option, White moves
    assert any("until it has thrown a 1 (Starting Throw)" in s for s in result.sentences)

    forced = at(KENDALL, [3, 5], [15, 22], side="B", throw="-", forced=(BLACK, 15))
    position = compare.position_of(forced)
    assert position.forced == 15
    result = compare.compare(position, 2)
    columns = {name: c for c in result.columns for name in c.presets}
    assert {m for m, _e in columns["kendall"].outcome.moves} == {Move(15, 17)}
    assert Move(22, 24) in {m for m, _e in columns["jequier"].outcome.moves}
    assert any("just back from the water must move" in s for s in result.sentences)
    # The other side's piece back from the water binds its next throw, not this one.
    other = forced._replace(forced=(WHITE, 3))
    assert compare.position_of(other).forced == 0


def test_the_readings_compared_name_the_engines_rule(english) -> None:
    last = compare.example("last-squares").position()
    text = "\n".join(compare.compare(last, 4).sentences)
    # From 26 only a 5 bears off under Kendall, with Home Row or without.
    assert (
        "Kendall (every option) and Tait: bearing off from 26 is refused, because a piece "
        "leaves the board only with the exact throw."
    ) in text
    # A 4 takes the piece on 24 to 28: the Trap's drop into the water is its own move.
    assert (
        "Jéquier (both readings) and Tait: the move from 24 to 27 is not possible: a throw "
        "of 4 does not take that piece there."
    ) in text
    text = "\n".join(compare.compare(last, 1).sentences)
    assert (
        "Kendall (every option): the move from 28 to 29 is refused, because a piece leaves "
        "28 only with a 3 and 29 only with a 2."
    ) in text
