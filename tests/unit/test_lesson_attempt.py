"""A lesson step's board as one value (src/ludeum/lessons/attempt.py), played the way
the lesson screen plays it (src/web/lessons.py only shows it).

The rules checked, on every move and throw step of every lesson:
  * tapping the hint's piece, then (if it waits for one) its target, plays the
    passing move: the step is passed and the board takes no more taps;
  * a legal move the step does not ask for is shown as wrong, and Try again puts
    the step's own position back with nothing chosen;
  * a tap the rules refuse says why, and changes no position;
  * a throw step passes on any throw, once;
  * while a verdict shows (right, or wrong until Try again) the board offers no
    piece: none is ringed or named "can move" (issue 37).
"""

from __future__ import annotations

import random

import pytest

from ludeum.games import ui_for
from ludeum.lessons import LESSON_IDS, hint_move, lesson, notation_of
from ludeum.lessons import attempt as attempts

STEPS = [
    pytest.param(lesson(i), step, id=f"{i}-{n + 1}")
    for i in LESSON_IDS
    for n, step in enumerate(lesson(i).steps)
]
MOVE_STEPS = [p for p in STEPS if p.values[1].kind == "move"]
THROW_STEPS = [p for p in STEPS if p.values[1].kind == "throw"]


@pytest.mark.parametrize("item,step", MOVE_STEPS)
def test_the_hints_move_passes_the_step_and_the_board_then_waits(item, step) -> None:
    attempt = attempts.begin(item, step)
    assert attempt.open() and attempt.state is attempt.start
    move = hint_move(item, step, attempt.state)
    after, verdict, refused = attempts.played(attempt, step, move)
    assert verdict.passed and after.passed and not after.wrong and refused is None
    assert after.verdict == "right" and not after.playable(step)
    assert after.state.actions()[-1] == move
    ui = ui_for(after.state)
    name = ui.piece_name(move) or "1"
    assert attempts.tap(after, step, name) == (after, None, None)  # nothing more to play


def moves_not_asked_for(item, step) -> list:
    """The legal moves of the step's position that do not pass it."""
    state = attempts.begin(item, step).state
    return [
        move
        for move in state.legal_moves()
        if "*" not in step.passes and notation_of(move) not in step.passes
    ]


#: The move steps where some legal move is not what the step asks for.
WRONG_STEPS = [p for p in MOVE_STEPS if moves_not_asked_for(*p.values)]


@pytest.mark.parametrize("item,step", WRONG_STEPS)
def test_a_move_the_step_does_not_ask_for_is_wrong_and_try_again_undoes_it(item, step) -> None:
    attempt = attempts.begin(item, step)
    wrong, verdict, _ = attempts.played(attempt, step, moves_not_asked_for(item, step)[0])
    assert wrong.wrong and not wrong.passed and not verdict.passed and not wrong.open()
    assert wrong.verdict == "wrong" and not wrong.playable(step)
    again = attempts.retry(wrong)
    assert again.state is attempt.start and again.selected is None and again.open()
    assert again.verdict is None and again.playable(step)


@pytest.mark.parametrize("item,step", MOVE_STEPS)
def test_a_tap_on_a_piece_chooses_it_and_one_tap_plays_a_single_move(item, step) -> None:
    attempt = attempts.begin(item, step)
    state = attempt.state
    ui = ui_for(state)
    name = ui.piece_name(hint_move(item, step, state))
    if name is None:
        pytest.skip("the move has no piece to tap (a placement)")
    chosen, verdict, refused = attempts.tap(attempt, step, name)
    assert refused is None
    if verdict is not None:  # a tap that is a whole move (Lodestone's king placed)
        assert verdict.passed and chosen.passed
        return
    assert chosen.selected == name and chosen.state is state  # chosen, nothing played
    moves = ui.piece_actions(state, name)
    played, verdict, _ = attempts.tap(attempt, step, name, one_tap=True)
    if len(moves) == 1:
        assert verdict is not None and played.state.actions()[-1] == moves[0]
    else:
        assert verdict is None and played.selected == name


def test_a_tap_the_rules_refuse_says_why_and_moves_nothing() -> None:
    item = lesson("senet")
    step = next(s for s in item.steps if s.kind == "move")
    attempt = attempts.begin(item, step)
    state = attempt.state
    ui = ui_for(state)
    # A square no piece of the side to play can be chosen on: an empty one, or the
    # opponent's piece; the rules' words come back, the position stays.
    for name in (str(n) for n in range(1, 31)):
        after, verdict, refused = attempts.tap(attempt, step, name)
        if refused is not None:
            assert verdict is None and after.state is state and after.selected is None
            assert refused.strip()
            return
    raise AssertionError(f"no tap refused in {ui.status(state)!r}")


@pytest.mark.parametrize("item,step", THROW_STEPS)
def test_a_throw_step_passes_on_any_throw_once(item, step) -> None:
    attempt = attempts.begin(item, step)
    thrown_once, thrown = attempts.throw(attempt, random.Random(7))
    assert thrown is not None and thrown_once.passed
    assert thrown_once.state.actions()[-1] == thrown
    assert attempts.throw(thrown_once, random.Random(8)) == (thrown_once, None)


def drawn(attempt, step, **options) -> str:
    """The board as the lesson screen draws it (src/web/lessons.py)."""
    ui = ui_for(attempt.state)
    return ui.board_svg(attempt.state, selected=attempt.selected,
                        last_move=ui.last_move(attempt.state),
                        playable=attempt.playable(step), **options)  # fmt: skip


def offers_a_piece(svg: str) -> bool:
    """A piece ringed or named as one that can move (or Lodestone's king offered its
    squares in the set-up)."""
    return any(words in svg for words in ("can move", "movable", "put the king here"))


def test_no_piece_is_offered_while_a_verdict_shows() -> None:
    """After a move, right or wrong, the other side is to play: its pieces could move
    in the game, but the lesson's board takes no tap, so none is ringed or named so.
    The same positions drawn for play do offer pieces (the check can fail)."""
    offered = 0
    for item, step in (p.values for p in MOVE_STEPS):
        attempt = attempts.begin(item, step)
        assert offers_a_piece(drawn(attempt, step)), step.title  # an open board does
        after = [attempts.played(attempt, step, hint_move(item, step, attempt.state))[0]]
        if moves_not_asked_for(item, step):
            after.append(attempts.played(attempt, step, moves_not_asked_for(item, step)[0])[0])
        for shown in after:
            for narrow in (False, True):
                assert not offers_a_piece(drawn(shown, step, narrow=narrow)), step.title
            ui = ui_for(shown.state)
            offered += offers_a_piece(ui.board_svg(shown.state))
    assert offered > 0


@pytest.mark.parametrize("verdict", sorted(attempts.VERDICT_SOUNDS))
def test_each_verdict_has_a_sound_of_its_own(verdict) -> None:
    from ludeum import sounds

    name = attempts.VERDICT_SOUNDS[verdict]
    assert name in sounds.RECIPES
    games = {"win", "loss", "draw", "move", "capture", "throw", "water"}
    assert len({attempts.VERDICT_SOUNDS[v] for v in attempts.VERDICT_SOUNDS} - games) == 2
