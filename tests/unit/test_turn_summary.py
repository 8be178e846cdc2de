"""The computer's turn shown step by step (issue 26, item 3): a Senet turn of
several throws is summed up in the status ("threw 1, 4, 1, 2: ...") and every square
it touched is marked until a person acts (ludeum.senet.log.turn_summary,
turn_status; ludeum.senet.ui.turn_marks)."""

from __future__ import annotations

import random
import re

from ludeum.chance import random_play
from ludeum.history import replay
from ludeum.senet import PRESETS, log, new_game, ui
from ludeum.senet.state import PASS, Move
from ludeum.senet.sticks import Throw


def turns(state):
    """The game's turns after the opening: runs of steps by one seat."""
    run: list = []
    for step in replay(state):
        before = step[0]
        if before.in_opening:
            continue
        if run and run[0][0].seat != before.seat:
            yield run
            run = []
        run.append(step)
    if run:
        yield run


def long_turns(reading: str, wanted: int = 30):
    found = []
    for seed in range(40):
        state = random_play(new_game(PRESETS[reading]), random.Random(seed), 3000)
        found.extend(t for t in turns(state) if sum(isinstance(s[1], Throw) for s in t) > 1)
        if len(found) >= wanted:
            break
    assert found, reading
    return found


def test_a_turn_of_several_throws_is_summed_up_in_order() -> None:
    for reading in ("jequier", "kendall", "tait"):
        for turn in long_turns(reading):
            text = log.turn_summary(turn)
            assert text is not None
            values = [b.rules.throw_value(a.light) for b, a, _ in turn if isinstance(a, Throw)]
            assert ", ".join(map(str, values)) in text, (text, values)
            moved = [a for _, a, _ in turn if isinstance(a, Move) and a != PASS]
            at = 0
            for move in moved:  # each move named, in the order played
                at = text.index(log._move_text(move), at) + 1
            after = turn[-1][2]
            status = log.turn_status(after, turn)
            assert status.startswith(text) and status != log.status(after)
            # What comes next is said as the plain status says it.
            assert status.endswith(" ".join(log._coming(after)))


def test_a_turn_of_one_throw_keeps_the_plain_status() -> None:
    state = random_play(new_game(PRESETS["jequier"]), random.Random(2), 400)
    single = [t for t in turns(state) if sum(isinstance(s[1], Throw) for s in t) == 1]
    assert single
    for turn in single:
        assert log.turn_summary(turn) is None
        assert log.turn_status(turn[-1][2], turn) == log.status(turn[-1][2])


def test_every_square_a_turn_touched_is_marked() -> None:
    for turn in long_turns("jequier", 10):
        marks = ui.turn_marks(turn)
        for _before, action, after in turn:
            if isinstance(action, Move) and action != PASS:
                assert {action.src, action.dst} <= marks
                for effect in after.effects:
                    if effect[0] == "bumped":
                        assert effect[2] in marks
        after = turn[-1][2]
        last = ui.last_move(after)
        board = ui.board_svg(after, last_move=last, touched=marks)
        drawn = {int(n) for n in re.findall(r'class="square[^"]* touched[^"]*" data-square="(\d+)"',
                                            board)}  # fmt: skip
        ends = {last.src, last.dst} if last else set()
        assert drawn == {s for s in marks if 1 <= s <= 30} - ends
