"""The rule a lesson names when a learner tries a move the engine refuses
(``ludeum.lessons.refusals``): one test per rule, each on a position where the engine
refuses the move."""

from __future__ import annotations

from ludeum.lessons.refusals import refusal
from ludeum.lodestone.notation import parse_position as lodestone_position
from ludeum.lodestone.rules import STANDARD
from ludeum.senet.notation import parse_position as senet_position
from ludeum.senet.rulesets import JEQUIER
from ludeum.squadro.notation import parse_position as squadro_position


def senet(text):
    return senet_position(JEQUIER, text)


def refused(state, selected, name):
    found = refusal(state, selected, name)
    return None if found is None else found.key


def test_senet_opponent_piece_and_throw_first():
    state = senet(".W..B.W....W..B....B.......... 2-2 W 2")
    assert refused(state, None, "5") == "opponent"
    assert "White" in refusal(state, None, "5").text
    assert refused(state, None, "3") is None  # an empty square tries nothing
    assert refused(senet(".W..B.W....W..B....B.......... 2-2 W -"), None, "2") == "no_throw"


def test_senet_distance_is_the_throw():
    state = senet(".W..B.W....W..B....B.......... 2-2 W 2")
    assert refused(state, "2", "5") == "distance"
    assert "exactly 2" in refusal(state, "2", "5").text


def test_senet_own_square():
    state = senet("W.W.........................B. 3-4 W 2")
    assert "1-3" not in [m.notation() for m in state.moves]
    assert refused(state, "1", "3") == "own"
    assert refused(state, None, "1") == "own"  # a tap on a piece that cannot move


def test_senet_pair_and_safe_square():
    state = senet("...W.....W..BB........W..B.... 2-2 W 3")
    assert refused(state, "10", "13") == "pair"
    assert refused(state, "23", "26") == "safe"


def test_senet_blockade():
    state = senet("..W.......WBBB....W....B...... 2-1 W 4")
    assert refused(state, "11", "15") == "blockade"


def test_senet_bearing_off_needs_the_last_row():
    state = senet("...W.......................W.B 3-4 W 4")
    assert "28-off" not in [m.notation() for m in state.moves]
    assert refused(state, "28", "off") == "bear_off"


def test_senet_backward_only_when_nothing_goes_forward():
    state = senet("...W......W.....B............. 3-4 W 2")
    assert all(not m.backward for m in state.moves)
    assert refused(state, "11", "9") == "backward"


def test_squadro_opponent_piece():
    state = squadro_position("00100/03000 H")
    assert refused(state, None, "2,3") == "opponent"  # Dark's piece in lane 2, row 3
    assert refused(state, None, "4,4") is None


def test_lodestone_digit_blocked_own_and_set_up():
    state = lodestone_position(
        STANDARD, "ww..W..w/......../......../......../......../......../r......./r..R...r R 0"
    )
    assert refused(state, "a1", "a4") == "digit"
    assert refused(state, "a1", "a3") == "blocked"
    assert refused(state, None, "e8") == "opponent"
    own = lodestone_position(
        STANDARD, "ww..W..w/......../......../......../......../......../.r....../r..R...r R 0"
    )  # a1 shows 2; b2 holds a Red pawn, two squares away
    assert refused(own, "a1", "b2") == "capture_own"
    setting_up = lodestone_position(
        STANDARD, "wwwwwwww/......../......../......../......../......../......../rrrrrrrr r 0"
    )
    assert refused(setting_up, None, "a1") == "king_file"
