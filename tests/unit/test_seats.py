"""Who plays each seat (``ludeum.seats``), the players in a saved game
(``ludeum.saves``), the players fieldset of the new-game form
(``ludeum.senet.setup_form``) and the games' ``ui`` functions that the computer
players need (``seat_to_play``, ``piece_name``, ``side_label``)."""

from __future__ import annotations

import itertools
import json
import random
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludeum import lodestone, saves, seats, senet, squadro
from ludeum.ai import players as ai_players
from ludeum.chance import random_choice
from ludeum.lodestone import ui as lodestone_ui
from ludeum.protocol import CHANCE
from ludeum.senet import PRESETS, throw_sticks
from ludeum.senet import ui as senet_ui
from ludeum.senet.setup_form import form_html
from ludeum.senet.state import PASS as SENET_PASS
from ludeum.senet.track import PLINTH
from ludeum.squadro import ui as squadro_ui

HUMAN = "human"
LEVEL_NAMES = ("easy", "medium", "hard")
CHOICES = (HUMAN, *LEVEL_NAMES)
VALID_PAIRS = list(itertools.product(CHOICES, repeat=2))


# -- seats.parse --------------------------------------------------------------------------


def test_levels_are_the_ai_levels_in_order():
    # Repeated on purpose so that the page need not import the search to boot.
    assert seats.LEVELS == tuple(ai_players.LEVELS)
    assert seats.LEVELS == LEVEL_NAMES  # weakest first
    assert set(seats.LEVEL_NAMES) == set(seats.LEVELS)


@pytest.mark.parametrize("pair", VALID_PAIRS)
def test_parse_accepts_every_valid_pair_as_list_or_tuple(pair):
    assert seats.parse(list(pair)) == pair
    assert seats.parse(tuple(pair)) == pair
    assert type(seats.parse(list(pair))) is tuple


@pytest.mark.parametrize(
    "value",
    [
        None, 0, "easy", "eh", b"hh", [], ["easy"], ["human", "easy", "hard"],  # wrong length
        [None, "human"], ["easy", 1], [1, 2], [["easy"], "human"], ("human", b"hard"),  # types
        ["robot", "human"], ["Easy", "human"], ["human", ""], ["human", "HUMAN"],  # unknown
        {"0": "easy", "1": "human"}, {"easy": "human"}, {"easy", "human"},  # not a sequence
    ],
)  # fmt: skip
def test_parse_gives_two_people_for_anything_else(value):
    assert seats.parse(value) == seats.HUMANS == (HUMAN, HUMAN)


# -- seats.from_form ----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_from_form_every_opponent_choice(level):
    assert seats.from_form({"opponent": "human", "level": level}) == (HUMAN, HUMAN)
    assert seats.from_form({"opponent": "both", "level": level}) == (level, level)
    computer = {"opponent": "computer", "level": level}
    assert seats.from_form({**computer, "computer_seat": "0"}) == (level, HUMAN)
    assert seats.from_form({**computer, "computer_seat": "1"}) == (HUMAN, level)
    # The default seat for the computer is Player 2's.
    assert seats.from_form(computer) == (HUMAN, level)


@pytest.mark.parametrize("level", [None, "", "expert", "Hard", "human"])
def test_from_form_a_bad_level_falls_back_to_medium(level):
    values = {"opponent": "computer", "computer_seat": "0"}
    if level is not None:
        values["level"] = level
    assert seats.from_form(values) == ("medium", HUMAN)
    assert seats.from_form({**values, "opponent": "both"}) == ("medium", "medium")


@pytest.mark.parametrize("opponent", ["robots", "", "Computer", "humans", None])
def test_from_form_an_unknown_opponent_means_two_people(opponent):
    values = {"level": "hard", "computer_seat": "0"}
    if opponent is not None:
        values["opponent"] = opponent
    assert seats.from_form(values) == seats.HUMANS


def test_from_form_an_odd_computer_seat_gives_the_computer_player_2():
    for seat in ("2", "", "first", "00"):
        assert seats.from_form({"opponent": "computer", "level": "easy",
                                "computer_seat": seat}) == (HUMAN, "easy")  # fmt: skip


# -- is_computer, opponent_choice ---------------------------------------------------------


@pytest.mark.parametrize("pair", VALID_PAIRS)
def test_is_computer_per_seat_and_never_for_chance_or_no_seat(pair):
    for seat in (0, 1):
        assert seats.is_computer(pair, seat) == (pair[seat] != HUMAN)
    # CHANCE (-1) would index the last seat; None is a finished game.
    assert not seats.is_computer(pair, CHANCE)
    assert not seats.is_computer(pair, None)


def form_values(pair) -> dict:
    """What a person fills in the form to get ``pair`` (if the form can say it)."""
    computers = [p for p in pair if p != HUMAN]
    values = {"opponent": seats.opponent_choice(pair),
              "level": computers[0] if computers else "medium"}  # fmt: skip
    if len(computers) == 1:
        values["computer_seat"] = "0" if pair[0] != HUMAN else "1"
    return values


@pytest.mark.parametrize("pair", VALID_PAIRS)
def test_opponent_choice_counts_the_computers(pair):
    computers = sum(p != HUMAN for p in pair)
    assert seats.opponent_choice(pair) == ("human", "computer", "both")[computers]


#: The pairs the form can express: one level for the computer, whichever seats it takes.
FORM_PAIRS = [(HUMAN, HUMAN)] + [
    pair for level in LEVEL_NAMES for pair in ((level, HUMAN), (HUMAN, level), (level, level))
]


@pytest.mark.parametrize("pair", FORM_PAIRS)
def test_opponent_choice_round_trips_through_from_form(pair):
    assert seats.from_form(form_values(pair)) == pair


@pytest.mark.parametrize("opponent", ["human", "computer", "both"])
@pytest.mark.parametrize("seat", ["0", "1"])
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_from_form_round_trips_through_opponent_choice(opponent, seat, level):
    pair = seats.from_form({"opponent": opponent, "computer_seat": seat, "level": level})
    assert seats.opponent_choice(pair) == opponent


# -- wording ------------------------------------------------------------------------------


def test_player_name_wording():
    assert seats.player_name((HUMAN, "hard"), 0) == "you"
    assert seats.player_name((HUMAN, "hard"), 1) == "Computer (Hard)"
    assert seats.player_name(("easy", HUMAN), 0) == "Computer (Easy)"
    assert seats.player_name(("easy", HUMAN), 1) == "you"
    assert seats.player_name((HUMAN, HUMAN), 0) == "Player 1"
    assert seats.player_name((HUMAN, HUMAN), 1) == "Player 2"
    assert seats.player_name(("medium", "hard"), 0) == "Computer (Medium)"
    assert seats.player_name(("medium", "hard"), 1) == "Computer (Hard)"


def test_players_text_names_each_side():
    sides = ["White (Player 1)", "Black (Player 2)"]
    assert (seats.players_text((HUMAN, "hard"), sides)
            == "White (Player 1): you; Black (Player 2): Computer (Hard)")  # fmt: skip
    assert (seats.players_text((HUMAN, HUMAN), ["Light", "Dark"])
            == "Light: Player 1; Dark: Player 2")  # fmt: skip
    assert (seats.players_text(("easy", "easy"), ["Red", "White"])
            == "Red: Computer (Easy); White: Computer (Easy)")  # fmt: skip


# -- saves: the players in a saved game ---------------------------------------------------


def some_states():
    source = random.Random(3)
    state = senet.new_game(PRESETS["jequier"])
    for _ in range(15):
        if state.to_act() == CHANCE:
            state = state.apply(throw_sticks(source))
        else:
            state = state.apply(random_choice(state.legal_moves(), source))
    return [state, squadro.new_game(1), lodestone.new_game()]


STATES = some_states()


@pytest.mark.parametrize("pair", VALID_PAIRS)
def test_dump_writes_players_and_load_players_reads_them_back(pair):
    for state in STATES:
        text = saves.dump(state, pair)
        assert json.loads(text)["players"] == list(pair)
        assert saves.load_players(text) == pair


def test_load_still_loads_a_save_that_has_players():
    for state in STATES:
        plain = saves.load(saves.dump(state))
        with_players = saves.load(saves.dump(state, (HUMAN, "hard")))
        assert saves.dump(with_players) == saves.dump(plain) == saves.dump(state)
        assert with_players.legal_moves() == state.legal_moves()


def test_a_save_without_players_means_two_people():
    for state in STATES:
        text = saves.dump(state)
        assert "players" not in json.loads(text)
        assert saves.load_players(text) == seats.HUMANS


@pytest.mark.parametrize(
    "garbage",
    [None, "hard", ["hard"], ["hard", "robot"], [1, 2], {"0": "hard", "1": "human"},
     ["hard", "easy", "human"], [["hard"], "human"], 7],
)  # fmt: skip
def test_garbage_players_mean_two_people_and_do_not_stop_the_game_loading(garbage):
    data = json.loads(saves.dump(STATES[1], (HUMAN, "hard")))
    data["players"] = garbage
    text = json.dumps(data)
    assert saves.load_players(text) == seats.HUMANS
    assert saves.dump(saves.load(text)) == saves.dump(STATES[1])


@pytest.mark.parametrize(
    "text",
    ["", "not json", "{", '{"players": ["human", "hard"]', "[1, 2]", '["human", "hard"]',
     "3", "null", '"players"', "[" * 100_000, '{"players":' * 100_000,
     "[" * 1001 + "]" * 1001, "\x00"],
    ids=["empty", "words", "brace", "unclosed", "list", "pair-list", "number", "null",
         "string", "deep-list", "deep-dict", "over-the-limit", "nul"],
)  # fmt: skip
def test_load_players_of_text_that_is_no_save_means_two_people(text):
    assert saves.load_players(text) == seats.HUMANS


def test_load_players_of_what_is_not_a_text_means_two_people():
    for value in (None, 3, b'{"players": ["human", "hard"]}', ["human", "hard"]):
        assert saves.load_players(value) == seats.HUMANS


def test_load_players_reads_players_without_the_rest_of_the_envelope():
    # The players are read on their own: the game is load's business.
    assert saves.load_players('{"players": ["easy", "human"]}') == ("easy", HUMAN)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text())
def test_load_players_never_raises_on_any_text(text):
    result = saves.load_players(text)
    assert seats.parse(result) == result  # a valid pair, whatever came in


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.sampled_from(CHOICES) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)  # fmt: skip


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(JSON_VALUES, st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=3))
def test_load_players_never_raises_on_saves_with_any_players(players, extra):
    text = json.dumps({**extra, "players": players})
    result = saves.load_players(text)
    expected = tuple(players) if players in [list(p) for p in VALID_PAIRS] else seats.HUMANS
    assert result == expected


# -- the new-game form's players fieldset -------------------------------------------------


VOID = {"input", "br", "img", "hr", "meta", "link"}
KNOWN_TAGS = VOID | {"fieldset", "legend", "label", "select", "option", "small", "div"}


class FormReader(HTMLParser):
    """Reads the form: checks that the tags are known and properly nested, and
    collects the radios checked and the options selected."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.radios: dict[str, list[tuple[str, bool]]] = {}
        self.selects: dict[str, list[tuple[str, bool]]] = {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag not in KNOWN_TAGS:
            self.problems.append(f"unexpected tag {tag}")
        if tag == "input" and attributes.get("type") == "radio":
            self.radios.setdefault(attributes["name"], []).append(
                (attributes["value"], "checked" in attributes)
            )
        if tag == "select":
            self.select = attributes["name"]
            self.selects[self.select] = []
        if tag == "option":
            self.selects[self.select].append((attributes["value"], "selected" in attributes))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        if tag == "select":
            self.select = None

    def handle_data(self, data):
        if "<" in data or ">" in data:
            self.problems.append(f"markup characters in text: {data!r}")


def read_form(html: str) -> FormReader:
    reader = FormReader()
    reader.feed(html)
    reader.close()
    assert reader.problems == []
    assert reader.stack == [], "unclosed tags"
    return reader


def chosen(options) -> list[str]:
    return [value for value, on in options if on]


@pytest.mark.parametrize(
    "pair, opponent, computer_seat, level",
    [
        ((HUMAN, HUMAN), "human", "1", "medium"),
        ((HUMAN, "easy"), "computer", "1", "easy"),
        (("hard", HUMAN), "computer", "0", "hard"),
        (("medium", "medium"), "both", "1", "medium"),
        (("hard", "hard"), "both", "1", "hard"),
    ],
)
def test_form_players_fieldset_checks_the_choice(pair, opponent, computer_seat, level):
    form = read_form(form_html(players=pair))
    assert chosen(form.radios["opponent"]) == [opponent]
    assert [v for v, _on in form.radios["opponent"]] == ["human", "computer", "both", "friend"]
    assert chosen(form.radios["computer_seat"]) == [computer_seat]
    assert chosen(form.selects["level"]) == [level]
    assert [v for v, _on in form.selects["level"]] == list(LEVEL_NAMES)
    # What the form shows submits back to the same players.
    values = {"opponent": opponent, "computer_seat": computer_seat, "level": level}
    assert seats.from_form(values) == pair


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_whole_form_parses_as_html_with_one_choice_per_group(game):
    for pair in [(HUMAN, HUMAN), ("easy", HUMAN), (HUMAN, "hard")]:
        for first in ("random", "0", "1"):
            form = read_form(form_html(first=first, game=game, players=pair))
            assert chosen(form.radios["game"]) == [game]
            assert chosen(form.radios["first"]) == [first]
            for name, options in form.radios.items():
                assert len(chosen(options)) == 1, name
            for name, options in form.selects.items():
                assert len(chosen(options)) == 1, name


# -- the games' ui functions --------------------------------------------------------------


def random_states(state, seed: int, limit: int = 3000):
    source = random.Random(seed)
    states = [state]
    while state.to_act() is not None and len(states) < limit:
        if state.to_act() == CHANCE:
            state = state.apply(throw_sticks(source))
        else:
            state = state.apply(random_choice(state.legal_moves(), source))
        states.append(state)
    return states


def destination(move) -> str:
    return move.notation().split("-")[1]


@pytest.mark.parametrize(
    "preset",
    [
        "jequier",
        "jequier_ludii",
        "kendall",
        "kendall_five_pieces_starting_throw_trap_home_row",
        "tait",
    ],
)
def test_senet_seat_to_play_and_piece_names_select_what_moves(preset):
    decisions = entering = 0
    for seed in range(3):
        for state in random_states(senet.new_game(PRESETS[preset], seed % 2), seed):
            actor = state.to_act()
            if actor is None:
                assert senet_ui.seat_to_play(state) is None
                continue
            if actor == CHANCE:  # the seat that throws
                assert senet_ui.seat_to_play(state) == state.seat
                assert senet_ui.tap(state, None, "10") == (None, None)
                continue
            assert senet_ui.seat_to_play(state) == actor
            decisions += 1
            for move in state.legal_moves():
                name = senet_ui.piece_name(move)
                if move == SENET_PASS:
                    assert name is None and senet_ui.pass_move(state) == move
                    continue
                # The board's name of the square the piece leaves ("P": the plinth),
                # as in the move's notation.
                assert name == move.notation().split("-")[0]
                entering += move.src == PLINTH
                # The first tap selects the piece, a tap on its destination plays it,
                # a second tap on the piece lets it go.
                assert senet_ui.tap(state, None, name) == (name, None), move
                assert senet_ui.tap(state, name, destination(move)) == (None, move)
                assert senet_ui.tap(state, name, name) == (None, None)
    assert decisions > 100
    assert (entering > 0) == (preset == "tait")  # only Tait's pieces enter from a plinth


def test_squadro_seat_to_play_and_piece_names_select_what_moves():
    for seed in range(4):
        for state in random_states(squadro.new_game(seed % 2), seed):
            assert squadro_ui.seat_to_play(state) == state.to_act()
            for move in state.legal_moves():
                name = squadro_ui.piece_name(move)
                assert name == f"L{move.lane}"
                # A tap selects; a second tap, or a tap where it stops, moves it.
                assert squadro_ui.tap(state, None, name) == (name, None)
                assert squadro_ui.tap(state, name, name) == (None, move)
                assert squadro_ui.tap(state, name, "end") == (None, move)


def test_lodestone_seat_to_play_and_piece_names_select_what_moves():
    set_ups = plays = 0
    for seed in range(3):
        for state in random_states(lodestone.new_game(first_seat=seed % 2), seed, limit=120):
            assert lodestone_ui.seat_to_play(state) == state.to_act()
            for move in state.legal_moves():
                name = lodestone_ui.piece_name(move)
                if move == lodestone.PASS:
                    assert name is None and lodestone_ui.pass_move(state) == move
                elif state.setting_up:  # a tap on the king's square plays at once
                    assert name in ("Kd", "Ke")
                    assert lodestone_ui.tap(state, None, name) == (None, move)
                    set_ups += 1
                else:
                    assert lodestone_ui.tap(state, None, name) == (name, None), move
                    assert lodestone_ui.tap(state, name, destination(move)) == (None, move)
                    plays += 1
    assert set_ups >= 12 and plays > 100


def test_seat_to_play_of_finished_games_is_none():
    finished = [
        (squadro_ui, random_states(squadro.new_game(), 1)[-1]),
        (senet_ui, random_states(senet.new_game(PRESETS["jequier"]), 1)[-1]),
        (lodestone_ui, random_states(lodestone.new_game(), 1)[-1]),
    ]
    for ui, state in finished:
        assert state.to_act() is None and ui.seat_to_play(state) is None


def test_senet_throwing_seat_is_the_one_that_then_moves():
    # Independently of ``state.seat``: when a throw leads to a choice of move, the
    # seat that chooses is the one that was shown as throwing.
    checked = 0
    for seed in range(3):
        states = random_states(senet.new_game(PRESETS["kendall"], seed % 2), seed)
        for before, after in zip(states, states[1:], strict=False):
            if before.to_act() == CHANCE and after.to_act() not in (None, CHANCE):
                assert senet_ui.seat_to_play(before) == after.to_act()
                checked += 1
    assert checked > 100


def test_side_labels():
    start = senet.new_game(PRESETS["jequier"], first_seat=1)
    assert [senet_ui.side_label(start, s) for s in (0, 1)] == ["Player 1", "Player 2"]
    later = next(s for s in random_states(start, 2) if not s.in_opening)
    black = later.black_seat
    assert senet_ui.side_label(later, black) == f"Black (Player {black + 1})"
    assert senet_ui.side_label(later, 1 - black) == f"White (Player {2 - black})"
    state = squadro.new_game()
    assert [squadro_ui.side_label(state, s) for s in (0, 1)] == [
        "Light (Player 1)", "Dark (Player 2)"]  # fmt: skip
    state = lodestone.new_game()
    assert [lodestone_ui.side_label(state, s) for s in (0, 1)] == [
        "Red (Player 1)", "White (Player 2)"]  # fmt: skip
