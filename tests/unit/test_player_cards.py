"""The player cards and the result banner (ludeum.player_cards), and what each game
gives them (``ui.side_card``); the boards' narrow drawing for phones."""

from __future__ import annotations

import random
import re

from ludeum import games, seats
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone.svg import board_svg as lodestone_svg
from ludeum.player_cards import SideCard, card_name, cards_html, result_html, result_title
from ludeum.protocol import CHANCE, Outcome
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro
from ludeum.squadro.svg import board_svg as squadro_svg

CARDS = (SideCard("White", "<svg/>", "2 of 5 borne off"), SideCard("Black", "<svg/>", ""))


def test_card_names_say_who_plays_each_seat() -> None:
    assert card_name(seats.HUMANS, 0) == "Player 1"
    assert card_name(seats.HUMANS, 1) == "Player 2"
    assert card_name(("human", "hard"), 0) == "You"
    assert card_name(("human", "hard"), 1) == "Computer · Hard"
    assert card_name(("easy", "easy"), 0) == "Computer · Easy"


def test_the_seat_to_act_is_lit_and_says_so_in_words() -> None:
    html = cards_html(CARDS, seats.HUMANS, 1, None)
    cards = re.findall(r"<li [^>]*>.*?</li>", html)
    assert len(cards) == 2
    assert 'class="player-card"' in cards[0] and "to play" not in cards[0]
    assert 'class="player-card lit"' in cards[1] and 'aria-current="true"' in cards[1]
    assert '<span class="card-badge">to play</span>' in cards[1]
    # Every card holds the same parts, empty or not: the panel never changes height.
    for card in cards:
        for part in ("card-swatch", "card-name", "card-badge", "card-side", "card-tally"):
            assert f'class="{part}"' in card


def test_at_the_end_the_winner_is_lit_and_nobody_is_to_play() -> None:
    html = cards_html(CARDS, seats.HUMANS, None, Outcome(winner=0, score=3))
    first, second = re.findall(r"<li [^>]*>.*?</li>", html)
    assert "lit" in first and "winner" in first and "aria-current" not in first
    assert "lit" not in second and "to play" not in html


def test_a_side_not_yet_decided_is_said_so() -> None:
    html = cards_html((SideCard("", "", ""), SideCard("", "", "")), seats.HUMANS, 0, None)
    assert html.count("side not yet decided") == 2


def test_result_titles() -> None:
    sides = ("White", "Black")
    assert result_title(Outcome(winner=0), ("human", "hard"), sides) == "You win"
    assert result_title(Outcome(winner=1), ("human", "hard"), sides) == "You lose"
    assert result_title(Outcome(winner=0), ("hard", "human"), sides) == "You lose"
    assert result_title(Outcome(winner=1), seats.HUMANS, sides) == "Black wins"
    assert result_title(Outcome(winner=None), seats.HUMANS, sides) == "Draw"


def test_result_banner_says_how_and_in_how_many_moves_escaped() -> None:
    html = result_html(Outcome(winner=1), seats.HUMANS, ("<W>", "<B>"), "B & co won.", 42)
    assert '<h2 id="game-over-title" tabindex="-1">&lt;B&gt; wins</h2>' in html
    assert '<p id="game-over-text">B &amp; co won. 42 moves.</p>' in html
    assert "1 move." in result_html(Outcome(winner=0), seats.HUMANS, ("A", "B"), "", 1)


def test_each_game_gives_a_card_per_seat() -> None:
    senet = new_senet()
    ui = games.ui("senet")
    # Before Senet's opening decides the colours, no side and no tally.
    assert ui.side_card(senet, 0) == SideCard("", ui.side_card(senet, 0).swatch, "")
    assert "unknown" in ui.side_card(senet, 0).swatch

    squadro = new_squadro()
    card = games.ui("squadro").side_card(squadro, 0)
    assert (card.side, card.tally) == ("Light", "0 of 4 home")
    assert "light" in card.swatch

    lodestone = new_lodestone()
    card = games.ui("lodestone").side_card(lodestone, 1)
    assert (card.side, card.tally) == ("White", "0 captured")


def test_senet_card_counts_pieces_borne_off_once_colours_are_known() -> None:
    ui = games.ui("senet")
    state = new_senet()
    rng = random.Random(5)
    while state.outcome() is None and not (state.borne_off[1] or state.borne_off[2]):
        if state.to_act() == CHANCE:
            outcomes = state.chance_outcomes()
            throws, weights = zip(*outcomes, strict=True)
            state = state.apply(rng.choices(throws, weights)[0])
        else:
            state = state.apply(rng.choice(state.legal_moves()))
    for seat in (0, 1):
        colour = state.colour_of(seat)
        card = ui.side_card(state, seat)
        assert card.side in ("White", "Black")
        total = state.rules.pieces
        assert card.tally == f"{state.borne_off[colour]} of {total} borne off"


def test_squadro_and_lodestone_boards_leave_out_their_trays_when_narrow() -> None:
    for draw, state, tray in ((squadro_svg, new_squadro(), "tray-cell"),
                              (lodestone_svg, new_lodestone(), "tray-cell")):  # fmt: skip
        wide, narrow = draw(state), draw(state, narrow=True)
        assert tray in wide and tray not in narrow
        view = [float(v) for v in re.search(r'viewBox="([^"]+)"', narrow).group(1).split()]
        assert view[2] == view[3]  # a square board alone: as wide as the phone allows
        # The same cells to tap, with the same names.
        assert re.findall(r'data-square="([^"]+)"', wide) == re.findall(
            r'data-square="([^"]+)"', narrow
        )


def test_senet_stands_upright_on_a_phone_with_the_same_cells() -> None:
    from ludeum.senet import PRESETS
    from ludeum.senet.svg import board_svg as senet_svg

    for rules in (PRESETS["jequier"], PRESETS["tait"]):
        state = new_senet(rules)
        lying, upright = senet_svg(state), senet_svg(state, upright=True)
        width, height = map(float, re.search(r'viewBox="0 0 (\S+) (\S+)"', upright).groups())
        assert height > 3 * width  # three columns of ten, the tray a row below
        cells = r'data-square="([^"]+)"[^>]*data-row="(\d+)" data-col="(\d+)"'
        assert sorted(n for n, *_ in re.findall(cells, lying)) == sorted(
            n for n, *_ in re.findall(cells, upright)
        )
        # The arrow keys follow what is drawn: a cell's row and column order its
        # squares' places on screen.
        places = {}
        for name, row, col in re.findall(cells, upright):
            if name.isdigit():
                x, y = map(int, re.search(
                    rf'data-square="{name}"[^>]*>(?:<title>[^<]*</title>)?<rect class="cell" '
                    r'x="(\d+)" y="(\d+)"', upright).groups())  # fmt: skip
                places[(int(row), int(col))] = (x, y)
        for (row, col), (x, y) in places.items():
            for (row2, col2), (x2, y2) in places.items():
                assert (row < row2) == (y < y2) and (col < col2) == (x < x2)
        assert len(places) == 30


def test_senet_lies_along_a_small_frame_and_stands_only_on_a_phone() -> None:
    """The page asks for ``upright`` on a phone only (src/web/screen.py): in a small
    frame wider than tall the square boards lose their trays (``narrow``) while
    Senet's stays lying along the frame's width."""
    from ludeum.senet import ui as senet_ui

    state = new_senet()
    lying = senet_ui.board_svg(state)
    assert senet_ui.STANDS_UPRIGHT
    assert senet_ui.board_svg(state, narrow=True, upright=False) == lying
    upright = senet_ui.board_svg(state, narrow=True, upright=True)
    assert upright.startswith('<svg class="senet-board upright"')
    assert lying.startswith('<svg class="senet-board"')
    assert senet_ui.board_svg(state, narrow=True) == upright  # as it always did


def test_the_result_says_how_the_game_ended_without_its_last_move() -> None:
    """Issue 25, item 6: the result banner gives how the game ended (``ui.ending``),
    not the status's account of the last move before it."""
    import random

    from ludeum import games
    from ludeum.chance import random_play

    for name in games.GAMES:
        ui = games.ui(name)
        state = random_play(ui.start({}, 0), random.Random(3), 100_000)
        assert state.to_act() is None, name
        ending, status = ui.ending(state), ui.status(state)
        assert ending and status.endswith(ending), (name, ending, status)
        assert len(ending) < len(status), (name, status)  # the last move is not repeated
