"""Senet's readings compared (``ludeum.senet.compare``): the same position and throw
under every preset, grouped, with a sentence per difference, and the chosen examples
checked against the engine."""

from __future__ import annotations

import re

import pytest

from ludeum.i18n import set_language
from ludeum.senet import compare
from ludeum.senet.compare import Example, Position
from ludeum.senet.compare import compare as compare_readings
from ludeum.senet.moves import mask_of
from ludeum.senet.refusal import why_refused
from ludeum.senet.rulesets import JEQUIER, KENDALL, PRESETS, TAIT
from ludeum.senet.state import BLACK, WHITE, Move, new_game
from ludeum.senet.track import OFF


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def column_of(result, preset: str):
    (column,) = [c for c in result.columns if preset in c.presets]
    return column


def moves_of(result, preset: str) -> set[Move]:
    return {move for move, _effects in column_of(result, preset).outcome.moves}


PROTECTION = compare.example("protection")


# -- grouping --------------------------------------------------------------------------


def test_every_preset_is_in_exactly_one_column_or_unavailable() -> None:
    for item in compare.EXAMPLES:
        result = compare_readings(item.position(), item.light)
        placed = [name for column in result.columns for name in column.presets]
        placed += [name for name, _reason in result.unavailable]
        assert sorted(placed) == sorted(PRESETS)


def test_readings_in_one_column_allow_the_same_moves_with_the_same_results() -> None:
    for item in compare.EXAMPLES:
        for light in range(5):
            result = compare_readings(item.position(), light)
            for column in result.columns:
                for name in column.presets:
                    state = compare.reading_state(PRESETS[name], item.position())
                    assert compare.outcome(state, light)[0].moves == column.outcome.moves
            keys = [compare._key(c.outcome, item.board is None) for c in result.columns]
            assert len(set(keys)) == len(keys)  # two columns never say the same


def test_kendalls_sixteen_option_sets_fold_into_few_columns() -> None:
    result = compare_readings(PROTECTION.position(), 3)
    assert len(result.columns) == 4  # not 18
    assert column_of(result, "kendall").name() == "Kendall (every option)"


def test_a_throw_with_no_light_side_is_worth_5_under_kendall_and_6_elsewhere() -> None:
    result = compare_readings(PROTECTION.position(), 0)
    assert column_of(result, "kendall").outcome.value == 5
    assert column_of(result, "jequier").outcome.value == 6
    assert column_of(result, "tait").outcome.value == 6
    assert any("count 5 where" in s for s in result.sentences)


def test_names_of_sets_of_readings() -> None:
    name = compare.readings_name
    assert name(["jequier", "jequier_ludii"]) == "Jéquier (both readings)"
    assert name(["jequier", "tait"]) == "Jéquier (Botermans) and Tait"
    trap = [n for n, r in PRESETS.items() if r.family == "kendall" and r.trap]
    assert name(trap) == "Kendall (with Trap)"
    no_trap_five = [n for n, r in PRESETS.items()
                    if r.family == "kendall" and not r.trap and r.pieces == 5]  # fmt: skip
    assert name(no_trap_five) == "Kendall (with Five Pieces, without Trap)"
    assert name(["jequier_ludii", *trap, "tait"]) == (
        "Jéquier (Ludii), Kendall (with Trap) and Tait"
    )


def test_sources_name_each_reading_once() -> None:
    cited = compare.sources(["jequier", *[n for n in PRESETS if n.startswith("kendall")]])
    assert len(cited) == 2
    assert "Botermans" in cited[0] and "Kendall (1979)" in cited[1]


# -- positions under each reading ------------------------------------------------------


def test_pieces_not_on_the_board_count_as_borne_off_for_each_reading() -> None:
    position = PROTECTION.position()
    assert compare.reading_state(JEQUIER, position).borne_off == (0, 0, 0)
    assert compare.reading_state(KENDALL, position).borne_off == (0, 2, 2)
    tait = compare.reading_state(TAIT, position)
    assert tait.borne_off == (0, 0, 0) and tait.on_plinth(WHITE) == 0


def test_a_position_a_reading_cannot_hold_is_reported_with_its_reason() -> None:
    water = Position(mask_of([27, 3]), mask_of([5]), BLACK)
    result = compare_readings(water, 1)
    reasons = dict(result.unavailable)
    assert set(reasons) == {"jequier", "jequier_ludii", "tait"}
    assert "water" in reasons["tait"]
    seven = Position(mask_of(range(1, 14, 2)), mask_of(range(2, 15, 2)), BLACK)
    reasons = dict(compare_readings(seven, 1).unavailable)
    assert "7 pieces" not in reasons["jequier"] and "5" in reasons["jequier"]
    assert "kendall" not in reasons


def test_the_game_on_screen_becomes_a_position() -> None:
    state = new_game(JEQUIER)
    assert compare.position_of(state) is None  # the opening: compared from the start
    from ludeum.senet.notation import parse_position

    game = parse_position(TAIT, "..B...W....................... 0-0 B -")
    position = compare.position_of(game)
    assert position.colour == BLACK and position.white_waiting == 4
    result = compare_readings(position, 4)
    assert {name for name, _r in result.unavailable} >= {"jequier", "kendall"}
    assert moves_of(result, "tait") == {Move(0, 4), Move(3, 7)}


# -- the differences in sentences ------------------------------------------------------


def test_protection_sentences_name_the_rule_and_the_reading() -> None:
    result = compare_readings(PROTECTION.position(), 3)
    assert Move(18, 21) in moves_of(result, "tait")
    assert Move(18, 21) not in moves_of(result, "jequier")
    text = "\n".join(result.sentences)
    assert (
        "Jéquier (Botermans) and Kendall (every option): the move from 18 to 21 is refused, "
        "because two pieces of one side next to each other along the track protect each other."
    ) in text
    assert "Tait: the move from 12 to 15 is refused, because a piece on 15" in text
    assert "Jéquier (both readings): the move from 23 to 26 is refused, because the piece "
    assert "under Tait it goes back to its plinth" in text
    assert "Tait: only the move from 23 to 26 earns another throw." in text


def test_a_lost_throw_says_whether_it_still_earns_another() -> None:
    item = compare.example("extra-throw")
    result = compare_readings(item.position(), item.light)
    text = "\n".join(result.sentences)
    assert "Jéquier (Botermans): no piece can use this throw, so it is lost and the turn" in text
    assert "Jéquier (Ludii): no piece can use this throw, so it is lost, but it still" in text


def test_refusals_follow_the_rules_settings() -> None:
    # The engine names the rule (ludeum.senet.refusal), each reading on its own state.
    def refused(rules, position, move, light):
        state = compare.reading_state(rules, position)
        return why_refused(state, move.src, move.dst, light=light)

    position = PROTECTION.position()
    assert refused(JEQUIER, position, Move(18, 21), 3) == "pair"
    assert refused(JEQUIER, position, Move(23, 26), 3) == "safe"
    ludii = PRESETS["jequier_ludii"]
    assert refused(ludii, position, Move(18, 21), 3) is None  # not refused by pairs
    last = compare.example("last-squares").position()
    assert refused(TAIT, last, Move(30, OFF), 3) == "exact_off"
    assert refused(TAIT, last, Move(28, 25), 3) == "no_backward"
    assert refused(KENDALL, last, Move(24, 27), 3) == "trap"
    block = compare.example("blockade").position()
    assert refused(JEQUIER, block, Move(11, 15), 4) == "wall"
    assert refused(ludii, block, Move(16, 20), 4) == "wall_any"


def test_every_reason_has_its_words_and_the_readings_slot() -> None:
    for words in compare.REASONS.values():
        assert "{readings}" in words and "{move}" in words


def test_every_reading_agreeing_gives_no_sentence() -> None:
    quiet = Position(mask_of([1]), mask_of([3]), WHITE)
    result = compare_readings(quiet, 1)  # 1 to 2 everywhere; a 1 earns a throw but not Tait's
    assert len(result.columns) == 2
    assert result.sentences == (
        "After moving with this throw, under Jéquier (both readings) and Kendall (every "
        "option) the player throws again.",
        "After moving with this throw, under Tait the turn passes.",
    )


# -- the chosen examples ---------------------------------------------------------------


@pytest.mark.parametrize("item", compare.EXAMPLES, ids=compare.EXAMPLE_IDS)
def test_each_example_is_legal_under_every_reading_and_shows_a_dispute(item: Example) -> None:
    result = compare_readings(item.position(), item.light)
    assert result.unavailable == ()
    assert len(result.columns) >= 3 and result.sentences
    if item.board is not None:
        assert len(item.board) == 30 and set(item.board) <= set("WB.")
        assert item.board.count("W") <= 5 and item.board.count("B") <= 5


def test_the_protection_example_shows_pairs_safe_squares_and_the_house_of_rebirth() -> None:
    result = compare_readings(PROTECTION.position(), PROTECTION.light)
    assert Move(12, 15) in moves_of(result, "jequier")  # a lone piece on 15
    assert Move(12, 15) not in moves_of(result, "jequier_ludii")  # 15 is safe for Ludii
    assert Move(12, 15) not in moves_of(result, "tait")  # the House of Rebirth
    assert Move(18, 21) in moves_of(result, "jequier_ludii")  # rows stop at the corner
    assert Move(23, 26) in moves_of(result, "kendall")  # 26 is not safe for Kendall


def test_the_blockade_example_is_refused_only_where_walls_exist() -> None:
    item = compare.example("blockade")
    result = compare_readings(item.position(), item.light)
    assert Move(11, 15) not in moves_of(result, "jequier")
    assert Move(11, 15) in moves_of(result, "kendall") and Move(11, 15) in moves_of(result, "tait")
    assert Move(16, 20) in moves_of(result, "jequier")
    assert Move(16, 20) not in moves_of(result, "jequier_ludii")  # a wall of its own pieces


def test_the_last_squares_example() -> None:
    item = compare.example("last-squares")
    result = compare_readings(item.position(), item.light)
    assert Move(24, 27) in moves_of(result, "jequier")  # into the water
    assert Move(24, 27) not in moves_of(result, "kendall")  # must stop on 26
    assert Move(24, 27) in moves_of(result, "kendall_trap")
    assert Move(30, OFF) not in moves_of(result, "tait")  # exact throws only
    assert Move(26, 29) not in moves_of(result, "jequier")  # 29 is safe


def test_the_extra_throw_example() -> None:
    item = compare.example("extra-throw")
    result = compare_readings(item.position(), item.light)
    lost = {name: column_of(result, name).outcome.lost for name in ("jequier", "jequier_ludii")}
    assert ("extra_throw", 4) not in lost["jequier"]
    assert ("extra_throw", 4) in lost["jequier_ludii"]


def test_the_opening_example_compares_each_readings_own_start() -> None:
    item = compare.example("opening")
    result = compare_readings(None, 1)
    assert item.position() is None
    assert moves_of(result, "jequier") == {Move(10, 11)}
    assert moves_of(result, "kendall") == {Move(14, 15)}
    assert column_of(result, "tait").outcome.moves == ()
    assert column_of(result, "kendall_five_pieces") is column_of(result, "jequier")


# -- the drawing and the markup --------------------------------------------------------


def test_each_move_gets_an_arrow_and_each_landing_a_mark() -> None:
    result = compare_readings(PROTECTION.position(), 3)
    column = column_of(result, "tait")
    drawing = compare.column_svg(column, "t")
    assert drawing.count('class="compare-move"') == len(column.outcome.moves)
    assert drawing.count('class="compare-target"') == len(column.outcome.moves)
    assert 'aria-hidden="true"' in drawing and 'role="group"' not in drawing
    assert 'id="t-move-head"' in drawing and drawing.endswith("</g></svg>")


def test_backward_moves_are_dashed_and_bearing_off_points_at_the_tray() -> None:
    item = compare.example("last-squares")
    result = compare_readings(item.position(), item.light)
    ludii = compare.column_svg(column_of(result, "jequier_ludii"), "l")
    assert ludii.count("compare-move backward") == 1  # 26 back to 23
    arrows = compare.move_arrows(JEQUIER, [Move(30, OFF)], "x")
    tray_x = compare._spot(JEQUIER, OFF)[0]
    assert re.search(rf"Q\S+ \S+ {tray_x:.0f} ", arrows)
    assert "compare-target" not in arrows  # the tray is not a square to ring


def test_the_markup_gives_each_column_a_heading_its_sources_and_its_moves_in_words() -> None:
    result = compare_readings(PROTECTION.position(), 3)
    html = compare.comparison_html(result, "p")
    assert html.count("<h3>") == len(result.columns) + 1
    # Disputed moves are marked in words as well as drawn apart.
    mark = ' <span class="compare-mark">(not in every reading)</span></li>'
    assert (
        '<li class="differs">from 18 to 21, sends the piece there back to its plinth' + mark in html
    )
    assert '<li class="differs">from 12 to 15, bumps the piece there to 12' + mark in html
    assert "<li>from 2 to 5</li>" in html  # every reading allows it: not marked
    # The differences come before the columns: they are what the view is for.
    assert html.index("The differences") < html.index('class="compare-columns"')
    assert "Tait, from the help text" in html
    assert "<script" not in html and "style=" not in html


def test_the_markup_is_french_in_french() -> None:
    set_language("fr")
    html = compare.comparison_html(compare_readings(PROTECTION.position(), 3))
    assert "Jéquier (les deux lectures)" in html


def test_a_link_opens_one_example_whatever_the_address_held() -> None:
    assert compare.link("https://museum.example/senet/?lang=fr#x", "blockade") == (
        "https://museum.example/senet/?compare=blockade"
    )
    with pytest.raises(KeyError):
        compare.link("https://museum.example/", "castling")


def test_the_words_about_an_example_follow_the_throw_chosen() -> None:
    """The example's own words for its own throw; another throw chosen says who
    throws what (the opening: the first throw), and for which throw the position was
    chosen, in English and in French."""
    protection, opening = compare.example("protection"), compare.example("opening")
    assert compare.about_text(protection, 3) == protection.about
    changed = compare.about_text(protection, 1)
    assert changed.startswith("Black throws a 1.") and "throw of 3" in changed
    assert "Black throws a 3" not in changed
    assert compare.about_text(compare.example("last-squares"), 2).startswith("White throws a 2.")
    assert compare.about_text(protection, 0).startswith("Black throws no light side up (a 5 or a 6")
    assert compare.about_text(opening, 4).startswith("The first throw of the game is a 4.")
    set_language("fr")
    try:
        assert compare.about_text(protection, 2).startswith("Noir lance un 2.")
    finally:
        set_language("en")


def test_moves_the_readings_dispute_are_drawn_apart() -> None:
    """Issue 37: in each column, a move some other reading refuses (or plays with
    another result) is drawn heavier, in its own colour; shared moves are not."""
    result = compare_readings(PROTECTION.position(), 3)
    differing = compare.differing_moves(result)
    for index, column in enumerate(result.columns):
        moves = {move for move, _effects in column.outcome.moves}
        assert Move(2, 5) in moves and Move(2, 5) not in differing[index]  # shared by all
        drawing = compare.column_svg(column, f"d{index}", differing[index])
        assert drawing.count("compare-move differs") + drawing.count(
            "compare-move backward differs"
        ) == len(differing[index])
    botermans = result.columns.index(column_of(result, "jequier"))
    assert Move(12, 15) in differing[botermans]  # Ludii and Tait refuse it
    # Every reading agreeing: nothing disputed.
    same = compare_readings(PROTECTION.position(), 3)._replace(
        columns=[result.columns[botermans]] * 2
    )
    assert compare.differing_moves(same) == {0: frozenset(), 1: frozenset()}
