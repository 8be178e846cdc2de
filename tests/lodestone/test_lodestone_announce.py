"""What the live region says after each Lodestone action
(``ludeum.lodestone.ui.announce``): the king's placement, a move with the digit the
piece now shows, a capture, a new check, a pass and how the game ended."""

from __future__ import annotations

import random

from ludeum.lodestone import KingFile, LodestoneRules, Move, new_game, parse_position
from ludeum.lodestone.rules import parse_square
from ludeum.lodestone.state import PASS
from ludeum.lodestone.ui import announce


def said(state, action) -> str:
    return announce(state, action, state.apply(action))


def move(text: str) -> Move:
    src, dst = text.split("-")
    return Move(parse_square(src), parse_square(dst))


def ready():
    return new_game().apply(KingFile(4)).apply(KingFile(3))


def test_the_set_up_places_each_king():
    """Spec 6: each side puts its king on d or e of its home rank, Red first."""
    assert said(new_game(), KingFile(4)) == "Red puts its king on e1."
    assert said(new_game().apply(KingFile(4)), KingFile(3)) == "White puts its king on d8."


def test_a_move_says_the_digit_the_piece_now_shows():
    """Spec 6: the digit is read from the magnet under the square a piece stands on."""
    state = ready()
    after = state.apply(move("a1-a3"))
    assert said(state, move("a1-a3")) == (
        f"Red moves its pawn from a1 to a3; it now shows {after.digit(parse_square('a3'))}."
    )
    king = state.apply(move("e1-b2"))
    assert said(state, move("e1-b2")) == (
        f"Red moves its king from e1 to b2; it now shows {king.digit(parse_square('b2'))}."
    )


def test_a_capture_names_the_piece_taken():
    """Spec 6: landing on an enemy piece captures it."""
    rules = LodestoneRules()
    state = parse_position(
        rules, "...W..../......../......../......../......../w......./r......./....R... R 0"
    )
    text = said(state, move("a2-a3"))
    assert text.startswith(
        "Red moves its pawn from a2 to a3 and takes the White pawn; it now shows "
    )


def test_taking_the_king_wins():
    """Spec 6: taking the enemy king wins."""
    rules = LodestoneRules()
    state = parse_position(
        rules, "......../......../......../......../......../W......./r......./....R... R 0"
    )
    assert said(state, move("a2-a3")).endswith("Red has taken the enemy king and wins.")


def test_leaving_the_enemy_a_king_and_one_pawn_wins():
    """Spec 6: leaving the enemy exactly a king and one pawn wins."""
    rules = LodestoneRules()
    state = parse_position(
        rules, "...W..w./......../......../......../......../w......./r......./....R... R 0"
    )
    assert said(state, move("a2-a3")).endswith("White is left with a king and one pawn: Red wins.")


def with_red_pawn_on(state, square: str):
    """The position with Red's a1 pawn moved by hand to ``square``."""
    board = list(state.board)
    board[parse_square(square)] = board[parse_square("a1")]
    board[parse_square("a1")] = 0
    return state._replace(board=tuple(board))


def test_a_new_check_is_said_once():
    """Check is shown, not enforced (spec 6): the announcement warns when a move
    makes one, and does not repeat a check that already stood."""
    state = with_red_pawn_on(ready(), "f6")  # f6 shows 1: one step to e7
    text = said(state, move("f6-e7"))
    assert text.endswith("Check: the Red pawn on e7 threatens the White king on d8.")
    standing = state.apply(move("f6-e7"))
    assert "Check" not in said(standing, move("a8-a5"))
    assert standing.apply(move("a8-a5")).checks()  # the check still stands, unsaid


def test_a_pass_and_the_draws():
    """The app's rules: a side with no move passes; if neither side can move, or after
    the set number of moves without a capture, the game is drawn. A position where a
    side cannot move is rare, so the states after the pass are made by hand."""
    state = ready()
    passed = state._replace(turn=2, effects=(("pass",),))
    assert announce(state, PASS, passed) == "Red cannot move and passes."
    stalemate = state._replace(winner=0, effects=(("pass",), ("stalemate",)))
    assert announce(state, PASS, stalemate) == (
        "Red cannot move and passes. Neither side can move: a draw."
    )
    quick = new_game(LodestoneRules(moves_without_capture=1)).apply(KingFile(4))
    quick = quick.apply(KingFile(3))
    assert said(quick, move("a1-a3")).endswith("1 move without a capture: a draw.")


def test_every_action_of_random_games_gets_words():
    for seed in range(15):
        source = random.Random(seed)
        state = new_game(first_seat=seed % 2)
        while state.to_act() is not None:
            action = source.choice(state.legal_moves())
            text = said(state, action)
            assert text.startswith(("Red ", "White ")) and text.endswith(".")
            state = state.apply(action)
