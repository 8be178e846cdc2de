"""One test per rule of Lodestone (rules spec, section 6): the digit map, every
movement restriction, capture, check, both wins, the set-up and the app's draws."""

from __future__ import annotations

import pytest

from ludeum.lodestone import (
    PASS,
    RED,
    STANDARD,
    WHITE,
    KingFile,
    LodestoneRules,
    Move,
    new_game,
    parse_position,
    position,
)
from ludeum.lodestone.rules import DEFAULT_MAP, parse_square, rotate
from ludeum.protocol import IllegalAction

EMPTY_RANK = "........"


def board(pieces: dict[str, str], to_act="R", quiet=0, rules=STANDARD):
    """A position from {square: letter}, e.g. {"d4": "r", "e8": "W"}."""
    ranks = [list(EMPTY_RANK) for _ in range(8)]
    for name, letter in pieces.items():
        square = parse_square(name)
        ranks[7 - square // 8][square % 8] = letter
    text = "/".join("".join(r) for r in ranks)
    return parse_position(rules, f"{text} {to_act} {quiet}")


def targets(state, square: str) -> set[str]:
    src = parse_square(square)
    return {m.notation()[3:] for m in state.legal_moves() if m != PASS and m.src == src}


def digit(name: str) -> int:
    return DEFAULT_MAP[parse_square(name)]


# -- 6.2 the hidden digit map -------------------------------------------------------------


def test_6_2_the_default_map_is_balanced():
    rows = [DEFAULT_MAP[r * 8 : r * 8 + 8] for r in range(8)]
    for line in rows + [tuple(DEFAULT_MAP[r * 8 + f] for r in range(8)) for f in range(8)]:
        assert sorted(line) == [1, 1, 2, 2, 3, 3, 4, 4]  # each digit twice per rank/file
    assert rotate(DEFAULT_MAP, 2) == DEFAULT_MAP[::-1]  # the same from both seats
    for s in range(64):
        if s % 8 < 7:
            assert DEFAULT_MAP[s] != DEFAULT_MAP[s + 1]
        if s < 56:
            assert DEFAULT_MAP[s] != DEFAULT_MAP[s + 8]


def test_6_2_a_piece_shows_the_digit_of_its_square_and_it_changes_as_it_moves():
    state = board({"d4": "r", "h8": "W", "a8": "w", "a1": "R"})
    assert state.digit(parse_square("d4")) == digit("d4") == 1
    after = state.apply(Move(parse_square("d4"), parse_square("d5")))
    assert after.digit(parse_square("d5")) == digit("d5") == 2


def test_6_2_the_per_colour_reading_flips_white_digits():
    rules = LodestoneRules(per_colour_reading=True)
    state = board({"d4": "r", "e4": "w", "h8": "W", "a1": "R"}, rules=rules)
    assert state.digit(parse_square("d4")) == digit("d4")
    assert state.digit(parse_square("e4")) == {1: 3, 2: 4, 3: 1, 4: 2}[digit("e4")]


def test_6_2_rotating_the_board_turns_the_map_a_quarter():
    turned = LodestoneRules(rotation=1).digit_maps()[RED]
    assert turned != DEFAULT_MAP and rotate(DEFAULT_MAP, 4) == DEFAULT_MAP
    assert sorted(turned) == sorted(DEFAULT_MAP)


# -- 6.3 moving ------------------------------------------------------------------------------


def test_6_3_a_piece_moves_exactly_its_digit_straight_or_with_one_turn():
    # d4 shows 1: the four neighbours.
    assert targets(board({"d4": "r", "h8": "W", "a1": "R"}), "d4") == {"c4", "e4", "d3", "d5"}
    # d5 shows 2: two straight, or one and one at a right angle (never diagonal in one go).
    found = targets(board({"d5": "r", "h8": "W", "a1": "R"}), "d5")
    assert found == {"d7", "d3", "b5", "f5", "c6", "e6", "c4", "e4"}


@pytest.mark.parametrize("name", ["c3", "d4", "e5", "f6", "c6", "f3", "d5", "e4"])
def test_6_3_exact_distance_one_turn_at_most_no_reversal_no_diagonal(name):
    # On an open board the targets are exactly the squares N orthogonal steps away:
    # nearer ones would need a step back, diagonal ones are never a single step.
    state = board({name: "r", "h8": "W", "a1": "R"})
    n, square = digit(name), parse_square(name)
    expected = {
        f"{'abcdefgh'[t % 8]}{t // 8 + 1}"
        for t in range(64)
        if abs(t // 8 - square // 8) + abs(t % 8 - square % 8) == n and t != parse_square("a1")
    }
    assert targets(state, name) == expected


def test_6_3_a_piece_may_not_jump_over_any_piece():
    # a1 shows 2 and only moves up or right; b1 and a2 block both first steps.
    state = board({"a1": "R", "b1": "r", "a2": "r", "h8": "W"})
    assert targets(state, "a1") == set()


def test_6_3_a_turned_path_is_legal_if_either_route_is_clear():
    # d5 shows 2: e6 can be reached through d6 or through e5; block one of them.
    assert "e6" in targets(board({"d5": "r", "d6": "w", "h8": "W", "a1": "R"}), "d5")
    assert "e6" not in targets(board({"d5": "r", "d6": "w", "e5": "w", "h8": "W", "a1": "R"}), "d5")


def test_6_3_landing_on_an_enemy_captures_it_but_never_an_own_piece():
    state = board({"d4": "r", "d5": "w", "e4": "r", "h8": "W", "a1": "R"})
    assert "d5" in targets(state, "d4") and "e4" not in targets(state, "d4")
    after = state.apply(Move(parse_square("d4"), parse_square("d5")))
    assert ("captured", parse_square("d5"), 3) in after.effects and after.quiet == 0


def test_6_3_check_names_the_threatened_king_and_the_threatening_piece():
    state = board({"d4": "r", "d5": "W", "a8": "w", "a1": "R"})
    assert (parse_square("d5"), parse_square("d4")) in state.checks()


def test_6_3_taking_the_king_wins():
    state = board({"d4": "r", "d5": "W", "a8": "w", "h1": "R"})
    after = state.apply(Move(parse_square("d4"), parse_square("d5")))
    assert after.winner == RED and after.outcome().reason == "king_taken"


def test_6_3_leaving_the_enemy_a_king_and_one_pawn_wins():
    state = board({"d4": "r", "d5": "w", "a8": "w", "h8": "W", "h1": "R"})
    after = state.apply(Move(parse_square("d4"), parse_square("d5")))
    assert after.winner == RED and after.outcome().reason == "two_left"


def test_6_3_set_up_each_side_puts_its_king_on_d_or_e_red_first():
    state = new_game(first_seat=1)
    assert state.legal_moves() == (KingFile(3), KingFile(4)) and state.turn == RED
    state = state.apply(KingFile(4)).apply(KingFile(3))
    assert position(state).split()[0].endswith("rrrrRrrr")  # Red's king on e1
    assert position(state).startswith("wwwWwwww")  # White's king on d8
    assert state.turn == WHITE and not state.setting_up  # seat 1 (White) moves first
    with pytest.raises(IllegalAction):
        state.apply(KingFile(3))


def test_6_4_a_hundred_moves_without_a_capture_is_a_draw():
    rules = LodestoneRules(moves_without_capture=1)
    state = board({"d4": "r", "h8": "W", "a8": "w", "a1": "R"}, rules=rules)
    after = state.apply(Move(parse_square("d4"), parse_square("d5")))
    assert after.winner == 0 and after.outcome().winner is None
    assert after.outcome().reason == "no_capture_limit"


def test_6_4_a_side_with_no_legal_move_passes():
    # Red's king on h1 (3) and pawns on h2 (2) and g1 (4): every route starts through
    # an occupied square (h2, g1, h1, or White's pieces on h3, g2, f1).
    state = board({"h1": "R", "h2": "r", "g1": "r", "h3": "w", "g2": "w", "f1": "w", "a8": "W"})
    assert state.legal_moves() == (PASS,)
    after = state.apply(PASS)
    assert after.turn == WHITE and after.winner is None and after.effects == (("pass",),)
