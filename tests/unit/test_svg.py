"""The Senet board and sticks as SVG (``ludeum.senet.svg``): pure functions of a
state that return well-formed XML, with the squares, marks, pieces, interactive
elements and accessible names the browser glue and screen readers rely on."""

from __future__ import annotations

import gettext
import xml.etree.ElementTree as ET

import pytest
from senet_games import FOUR, ONE, SIX, THREE, TWO, play, play_until, random_steps, setup

from ludeum import i18n
from ludeum.senet import BLACK, JEQUIER, JEQUIER_LUDII, PRESETS, WHITE, Move, Throw, new_game
from ludeum.senet.rulesets import TAIT
from ludeum.senet.state import PASS
from ludeum.senet.svg import board_svg, sticks_svg
from ludeum.senet.track import OFF, PLINTH

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def squares(root: ET.Element) -> dict[str, ET.Element]:
    """The square groups (and the tray) by their data-square value."""
    return {
        g.get("data-square"): g
        for g in root.iter(f"{SVG}g")
        if "square" in g.get("class", "").split() or "tray" in g.get("class", "").split()
    }


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def pieces(root: ET.Element) -> dict[str, list[int]]:
    """Squares holding a drawn piece, by colour, from the g.piece-at groups."""
    found: dict[str, list[int]] = {"white": [], "black": []}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "piece-at":
            (shape,) = list(g)
            colour = ({"white", "black"} & classes(shape)).pop()
            assert "piece" in classes(shape)
            found[colour].append(int(g.get("data-square")))
    return {colour: sorted(found[colour]) for colour in found}


def tab_stops(root: ET.Element) -> list[str]:
    return [element.get("data-square") for element in root.iter() if element.get("tabindex") == "0"]


def cells(root: ET.Element) -> list[ET.Element]:
    """The grid's cells: what the arrow keys move between."""
    return [element for element in root.iter() if element.get("data-row") is not None]


def movable(root: ET.Element) -> set[str]:
    return {cell.get("data-square") for cell in cells(root) if "movable" in classes(cell)}


def marks(group: ET.Element) -> list[ET.Element]:
    return [element for element in group.iter() if "mark" in classes(element)]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# -- purity and shape ----------------------------------------------------------------------


def test_board_is_well_formed_svg_with_thirty_squares_and_the_tray():
    root = parse(board_svg(new_game()))
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 700 196"
    found = squares(root)
    assert sorted(found) == sorted([str(s) for s in range(1, 31)] + ["off"])
    assert all(classes(found[str(s)]) >= {"square"} for s in range(1, 31))
    assert classes(found["off"]) == {"tray"}


def test_board_and_sticks_are_pure_functions_of_the_state():
    state = play(JEQUIER, seed=5, limit=60)
    before = state
    first = board_svg(state, selected=None, last_move=Move(3, 5))
    assert board_svg(state, selected=None, last_move=Move(3, 5)) == first
    assert sticks_svg(state) == sticks_svg(state)
    assert state is before and state.white == before.white  # nothing was changed


def test_squares_are_laid_out_along_a_reversed_s():
    root = parse(board_svg(new_game()))
    cells = {
        int(g.get("data-square")): g.find(f"{SVG}rect")
        for g in root.iter(f"{SVG}g")
        if "square" in classes(g)
    }
    x = {s: int(cells[s].get("x")) for s in cells}
    y = {s: int(cells[s].get("y")) for s in cells}
    assert [x[s] for s in (1, 10, 11, 20, 21, 30)] == [8, 548, 548, 8, 8, 548]
    assert [y[s] for s in (1, 10, 11, 20, 21, 30)] == [8, 8, 68, 68, 128, 128]


# -- marks -----------------------------------------------------------------------------------


def test_the_marks_on_26_to_30_are_drawn_and_no_other_square_is_marked():
    found = squares(parse(board_svg(new_game())))
    counts = {s: len(marks(found[str(s)])) for s in range(1, 31)}
    # The nefer sign on 26 (a heart, a windpipe, its crossbar: never a ring, which
    # would pass for a white piece), three waves on 27, then three, two and one strokes.
    assert {s: n for s, n in counts.items() if n} == {26: 3, 27: 3, 28: 3, 29: 2, 30: 1}
    assert [m.tag for m in marks(found["26"])] == [f"{SVG}path", f"{SVG}line", f"{SVG}line"]
    assert found["26"].find(f"{SVG}circle") is None
    assert all("water-line" in classes(m) for m in marks(found["27"]))
    assert classes(found["27"]) == {"square", "water"}


def test_safe_squares_are_marked_safe_by_class_and_name():
    found = squares(parse(board_svg(new_game(JEQUIER))))
    safe = {int(s) for s, g in found.items() if "safe" in classes(g)}
    assert safe == {26, 28, 29, 30}
    assert found["28"].get("aria-label") == (
        "Square 28, the House of the Three Truths, empty, safe"
    )


def test_the_ankh_on_15_is_drawn_only_when_15_is_safe():
    jequier = squares(parse(board_svg(new_game(JEQUIER))))
    ludii = squares(parse(board_svg(new_game(JEQUIER_LUDII))))
    assert marks(jequier["15"]) == []
    assert [m.tag for m in marks(ludii["15"])] == [f"{SVG}ellipse", f"{SVG}line", f"{SVG}line"]
    assert jequier["15"].get("aria-label") == "Square 15, empty"
    assert ludii["15"].get("aria-label") == "Square 15, the House of Rebirth, empty, safe"
    assert "safe" in classes(ludii["15"]) and "safe" not in classes(ludii["30"])


# -- pieces ------------------------------------------------------------------------------------


def test_pieces_of_each_colour_are_drawn_on_their_squares():
    root = parse(board_svg(new_game()))
    assert pieces(root) == {"white": [1, 3, 5, 7, 9], "black": [2, 4, 6, 8, 10]}


def test_pieces_follow_the_state_through_a_game():
    state = play(JEQUIER, seed=9, limit=200)
    root = parse(board_svg(state))
    assert pieces(root) == {
        "white": state.pieces_on_board(WHITE),
        "black": state.pieces_on_board(BLACK),
    }
    assert squares(root)["off"].get("aria-label") == (
        f"Borne off: White {state.borne_off[WHITE]}, Black {state.borne_off[BLACK]}"
    )


def test_white_and_black_pieces_differ_in_shape_not_only_colour():
    root = parse(board_svg(new_game()))
    shapes = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "piece-at":
            shape = g[0]
            shapes.setdefault(({"white", "black"} & classes(shape)).pop(), set()).add(shape.tag)
    assert shapes == {"white": {f"{SVG}circle"}, "black": {f"{SVG}rect"}}


def test_borne_off_pieces_are_drawn_in_the_tray():
    state = setup([28], [2, 15], to="W")
    tray = squares(parse(board_svg(state)))["off"]
    drawn = [classes(e) for e in tray.iter() if "piece" in classes(e)]
    assert sum("white" in c for c in drawn) == 4 and sum("black" in c for c in drawn) == 3
    assert tray.get("aria-label") == "Borne off: White 4, Black 3"


# -- what can be clicked -------------------------------------------------------------------------


def test_every_square_and_the_tray_are_cells_of_one_grid_with_one_tab_stop():
    """Roving tabindex: all 31 cells are buttons placed by row and column as drawn;
    before any throw nothing can move and the tab stop is the first cell, square 1."""
    root = parse(board_svg(new_game()))
    grid = cells(root)
    assert sorted(cell.get("data-square") for cell in grid) == sorted(squares(root))
    assert all(cell.get("role") == "button" for cell in grid)
    assert all(cell.get("tabindex") in ("0", "-1") for cell in grid)
    assert tab_stops(root) == ["1"]
    assert movable(root) == set()
    place = {cell.get("data-square"): (cell.get("data-row"), cell.get("data-col")) for cell in grid}
    assert [place[s] for s in ("1", "10", "11", "20", "21", "30", "off")] == [
        ("0", "0"), ("0", "9"), ("1", "9"), ("1", "0"), ("2", "0"), ("2", "9"), ("1", "10"),
    ]  # fmt: skip


def test_tait_boards_put_the_plinth_left_of_the_squares():
    state = new_game(TAIT)
    grid = {c.get("data-square"): c for c in cells(parse(board_svg(state)))}
    assert (grid["P"].get("data-row"), grid["P"].get("data-col")) == ("1", "0")
    assert (grid["1"].get("data-row"), grid["1"].get("data-col")) == ("0", "1")
    assert (grid["off"].get("data-row"), grid["off"].get("data-col")) == ("1", "11")
    assert grid["P"].get("aria-label") == "Plinth: White 5, Black 5 waiting"


def test_tait_plinth_says_when_a_piece_can_enter_and_when_one_is_selected():
    """Tait: pieces enter from the plinth. Its name says so in one whole message per
    state, as the state agrees with "plinth" (French: socle, masculine), not with
    "piece" as on a square."""
    state = play_until(
        new_game(TAIT, first_seat=0),
        1,
        lambda s: s.throw is not None and any(m.src == PLINTH for m in s.legal_moves()),
    )
    white, black = state.on_plinth(WHITE), state.on_plinth(BLACK)
    waiting = f"Plinth: White {white}, Black {black} waiting"
    plinth = squares(parse(board_svg(state)))["P"]
    assert plinth.get("aria-label") == waiting + ", can enter"
    plinth = squares(parse(board_svg(state, selected=PLINTH)))["P"]
    assert plinth.get("aria-label") == waiting + ", selected"
    i18n.set_language("fr")
    assert squares(parse(board_svg(state, selected=PLINTH)))["P"].get("aria-label") == (
        f"Socle, en attente\u00a0: Blanc {white}, Noir {black}, sélectionné"
    )


@pytest.mark.parametrize("seed", range(12))
def test_after_a_throw_exactly_the_movable_pieces_are_marked_and_the_first_has_the_tab_stop(
    seed,
):
    state = play_until(
        new_game(JEQUIER, first_seat=seed % 2),
        seed,
        lambda s: s.throw is not None and len(s.actions()) > 3 * seed,
    )
    root = parse(board_svg(state))
    sources = {str(m.src) for m in state.legal_moves()}
    assert sources and movable(root) == sources
    assert tab_stops(root) == [str(min(m.src for m in state.legal_moves()))]
    found = squares(root)
    for square in sources:
        assert found[square].get("aria-label").endswith(", can move")
    highlighted = {
        g.get("data-square")
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "piece-at" and "movable" in classes(g[0])
    }
    assert highlighted == sources


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_one_tab_stop_in_every_position_of_every_reading(preset):
    """Whatever the reading and the moment, exactly one cell is in the tab order and
    every cell has a distinct name and place."""
    rules = PRESETS[preset]
    for _before, _action, after in random_steps(new_game(rules, first_seat=1), seed=3, limit=120):
        sources = [m.src for m in after.legal_moves() if m != PASS]
        selected = sources[0] if sources else None
        root = parse(board_svg(after, selected=selected, last_move=Move(1, 2)))
        assert len(tab_stops(root)) == 1
        grid = cells(root)
        assert len({c.get("data-square") for c in grid}) == len(grid)
        assert len({(c.get("data-row"), c.get("data-col")) for c in grid}) == len(grid)
        if selected is not None:
            assert tab_stops(root) == ["P" if selected == PLINTH else str(selected)]


def test_without_a_movable_piece_the_last_move_has_the_tab_stop():
    state = setup([14], [3], to="B")
    assert tab_stops(parse(board_svg(state, last_move=Move(12, 14)))) == ["14"]
    assert tab_stops(parse(board_svg(state, last_move=Move(28, OFF)))) == ["off"]


def test_pieces_say_when_they_are_protected_under_the_reading():
    """Jéquier: a pair along the track, and the safe square 26; a lone piece is not."""
    state = setup([12, 13, 26], [3, 17], to="W")
    found = squares(parse(board_svg(state)))
    assert found["12"].get("aria-label") == "White piece on square 12, protected"
    assert found["26"].get("aria-label") == (
        "White piece on square 26, the House of Beauty, protected"
    )
    assert found["17"].get("aria-label") == "Black piece on square 17"


def test_french_square_names_agree_with_the_piece():
    """French says "pièce blanche ... protégée", "pièce noire ... sélectionnée": the
    colour and the states agree with pièce (feminine)."""
    i18n.set_language("fr")
    found = squares(parse(board_svg(setup([12, 13, 26], [3, 17], to="W"))))
    assert found["12"].get("aria-label") == "Pièce blanche sur la case 12, protégée"
    assert found["26"].get("aria-label") == (
        "Pièce blanche sur la case 26, la Maison de la Beauté, protégée"
    )
    assert found["17"].get("aria-label") == "Pièce noire sur la case 17"
    found = squares(parse(board_svg(setup([14, 3], [12, 20], to="B", throw=2), selected=12)))
    assert found["12"].get("aria-label") == "Pièce noire sur la case 12, sélectionnée"


def test_a_diagram_is_a_picture_without_buttons():
    root = parse(board_svg(new_game(), label="Diagram", interactive=False))
    assert cells(root) == [] and tab_stops(root) == []
    assert not [e for e in root.iter() if e.get("role") == "button"]


def test_a_selected_piece_shows_its_destinations_as_targets():
    state = setup([12, 20], [14, 3], to="W", throw=2)
    assert set(state.legal_moves()) == {Move(12, 14), Move(20, 22)}
    root = parse(board_svg(state, selected=12))
    found = squares(root)
    targets = {s for s, g in found.items() if "target" in classes(g)}
    assert targets == {"14"}
    assert "selected" in classes(found["12"])
    assert tab_stops(root) == ["12"]
    assert found["12"].get("aria-label") == "White piece on square 12, selected"
    assert found["20"].get("aria-label") == "White piece on square 20, can move"
    assert found["14"].get("aria-label") == (
        "Black piece on square 14, target for the selected piece"
    )
    rings = [e for e in found["14"].iter() if e.get("class") == "target-ring"]
    assert len(rings) == 1
    chosen = [
        g.get("data-square")
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "piece-at" and "chosen" in classes(g[0])
    ]
    assert chosen == ["12"]


def test_bearing_off_makes_the_tray_a_target():
    state = setup([28, 25], [2], to="W", throw=3)
    assert Move(28, OFF) in state.legal_moves()
    root = parse(board_svg(state, selected=28))
    tray = squares(root)["off"]
    assert classes(tray) == {"tray", "target"}
    assert tray.get("role") == "button" and tray.get("tabindex") == "-1"
    assert tray.get("aria-label") == "Borne off: White 3, Black 4, target for the selected piece"
    unselected = squares(parse(board_svg(state)))["off"]
    assert unselected.get("aria-label") == "Borne off: White 3, Black 4"


def test_the_last_move_is_marked_from_and_to():
    state = setup([14], [3], to="B")
    found = squares(parse(board_svg(state, last_move=Move(12, 14))))
    assert {s for s, g in found.items() if "last-from" in classes(g)} == {"12"}
    assert {s for s, g in found.items() if "last-to" in classes(g)} == {"14"}
    # Bearing off and entering from the plinth mark only the square on the board.
    found = squares(parse(board_svg(state, last_move=Move(28, OFF))))
    assert [s for s, g in found.items() if classes(g) & {"last-from", "last-to"}] == ["28"]
    found = squares(parse(board_svg(state, last_move=Move(PLINTH, 4))))
    assert [s for s, g in found.items() if classes(g) & {"last-from", "last-to"}] == ["4"]


# -- accessibility and escaping -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_every_element_with_a_role_has_an_accessible_name(seed):
    state = play(JEQUIER_LUDII if seed % 2 else JEQUIER, seed=seed, limit=40 * seed + 3)
    selected = state.legal_moves()[0].src if state.legal_moves() else None
    for markup in (board_svg(state, selected=selected), sticks_svg(state)):
        with_role = [e for e in parse(markup).iter() if e.get("role")]
        assert with_role
        assert all(e.get("aria-label") for e in with_role)


def test_square_names_say_what_stands_there():
    found = squares(parse(board_svg(new_game())))
    assert found["1"].get("aria-label") == "White piece on square 1"
    assert found["2"].get("aria-label") == "Black piece on square 2"
    assert found["11"].get("aria-label") == "Square 11, empty"
    assert found["27"].get("aria-label") == "Square 27, the water, empty"
    assert found["off"].get("aria-label") == "Borne off: White 0, Black 0"


class Hostile(gettext.NullTranslations):
    """A catalog that translates every message into text full of markup."""

    PREFIX = '<i x="1">&amp;\'</i> '

    def gettext(self, message):
        return self.PREFIX + message


def test_translated_text_is_escaped_so_no_outside_text_becomes_markup(monkeypatch):
    monkeypatch.setitem(i18n.LANGUAGES, "xx", "Hostile")
    monkeypatch.setitem(i18n._catalogs, "xx", Hostile())
    assert i18n.set_language("xx") == "xx"
    state = setup([12, 28], [14, 3], to="W", throw=2)
    for markup in (
        board_svg(state, selected=12, last_move=Move(10, 12)),
        board_svg(setup([28, 25], [2], to="W", throw=3), selected=28),
        sticks_svg(state),
        sticks_svg(new_game()),
    ):
        root = parse(markup)  # would fail on unescaped markup
        assert not [e for e in root.iter() if e.tag.endswith("}i") or e.tag == "i"]
        labels = [e.get("aria-label") for e in root.iter() if e.get("aria-label")]
        assert labels and all(label.startswith(Hostile.PREFIX) for label in labels)
    tray_title = next(e for e in parse(board_svg(state)).iter() if e.get("class") == "tray-title")
    assert tray_title.text == Hostile.PREFIX + "off"


# -- the sticks --------------------------------------------------------------------------------


def sticks(markup: str) -> tuple[list[str], str]:
    """Each stick's face as drawn (light, dark, or rest before any throw) and the
    value shown beside them."""
    root = parse(markup)
    shown = [
        ({"light", "dark", "rest"} & classes(e)).pop() for e in root.iter() if "stick" in classes(e)
    ]
    values = [e.text for e in root.iter() if e.get("class") == "stick-value"]
    return shown, (values[0] if values else None)


def test_sticks_before_any_throw_lie_at_rest_with_no_value():
    root = parse(sticks_svg(new_game()))
    assert root.get("aria-label") == "The sticks have not been thrown yet"
    assert sticks(sticks_svg(new_game())) == (["rest"] * 4, None)
    assert root.get("data-throw") == "0"


def faces(markup: str) -> list[str]:
    """What marks each stick's face, beside its colour: bands on the flat light face,
    a ridge along the rounded dark one, nothing at rest."""
    found = []
    for turn in parse(markup).iter(f"{SVG}g"):
        if "stick-turn" in classes(turn):
            inner = {c for e in turn for c in classes(e)} - {"stick", "light", "dark", "rest"}
            found.append(",".join(sorted(inner)))
    return found


def test_the_faces_differ_in_drawing_not_only_in_colour():
    state = setup([1], [2, 20], to="W").apply(Throw((1, 0, 1, 0)))
    assert faces(sticks_svg(state)) == ["stick-band", "stick-ridge", "stick-band", "stick-ridge"]
    bands = [e for e in parse(sticks_svg(state)).iter() if "stick-band" in classes(e)]
    assert len(bands) == 2 * 4  # four bands on each light face
    assert faces(sticks_svg(new_game())) == [""] * 4


def test_each_throw_is_numbered_and_lies_its_own_way_so_equal_throws_differ():
    first = new_game().apply(THREE)
    second = first.apply(THREE)
    one, two = sticks_svg(first), sticks_svg(second)
    assert sticks(one) == sticks(two) == (["light", "light", "light", "dark"], "3")
    assert (parse(one).get("data-throw"), parse(two).get("data-throw")) == ("1", "2")
    assert one != two
    tilts = [
        [g.get("transform") for g in parse(markup).iter(f"{SVG}g") if "stick-fall" in classes(g)]
        for markup in (one, two)
    ]
    assert tilts[0] != tilts[1] and all(len(t) == 4 for t in tilts)
    assert sticks_svg(second) == two  # and the same state always draws the same


@pytest.mark.parametrize(
    "throw,shown,value",
    [
        (Throw((0, 1, 0, 0)), ["dark", "light", "dark", "dark"], "1"),
        (Throw((1, 0, 0, 1)), ["light", "dark", "dark", "light"], "2"),
        (Throw((0, 1, 1, 1)), ["dark", "light", "light", "light"], "3"),
        (FOUR, ["light"] * 4, "4"),
        (SIX, ["dark"] * 4, "6"),
    ],
)
def test_sticks_show_each_stick_light_or_dark_and_the_value(throw, shown, value):
    state = setup([1], [2, 20], to="W").apply(throw)
    assert sticks(sticks_svg(state)) == (shown, value)
    light = shown.count("light")
    assert parse(sticks_svg(state)).get("aria-label") == (
        f"Sticks: {light} light sides up, worth {value}"
    )


def test_sticks_keep_showing_a_lost_throw_and_an_opening_miss():
    lost = setup([2], [8, 9], to="W").apply(SIX)
    assert lost.throw is None and sticks(sticks_svg(lost)) == (["dark"] * 4, "6")
    miss = new_game().apply(THREE)
    assert sticks(sticks_svg(miss)) == (["light", "light", "light", "dark"], "3")
    moved = new_game().apply(ONE).apply(Move(10, 11))
    assert sticks(sticks_svg(moved)) == (["light", "dark", "dark", "dark"], "1")


def test_sticks_value_follows_the_ruleset():
    kendall_like = JEQUIER.with_options(zero_light_value=5)
    state = setup([1], [2, 20], to="W", rules=kendall_like).apply(SIX)
    assert sticks(sticks_svg(state)) == (["dark"] * 4, "5")
    assert sticks(sticks_svg(setup([1], [2, 20], to="W").apply(TWO)))[1] == "2"
