"""A game by links on the table (``ludeum.table`` with a ``FriendGame``): who may act
at this device, the chains' throws, the friend's turn shown from their link, what is
off (take-back, redo, hints), and the record that keeps it all."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from by_links import SeededSecrets, exchange

from ludeum import table as tables
from ludeum.correspondence import friend, letters, windows
from ludeum.i18n import set_language
from ludeum.lodestone import new_game as new_lodestone
from ludeum.senet import PRESETS
from ludeum.senet import new_game as new_senet
from ludeum.squadro import new_game as new_squadro


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def squadro_table(seat: int = 0):
    state = new_squadro(0)
    game = friend.FriendGame(bytes(8), seat, ("Ana", "Bo"))
    return tables.with_friend(tables.seat(state), game)


def test_a_person_plays_only_when_this_device_may() -> None:
    mine = squadro_table(0)
    move = mine.state.legal_moves()[0]
    after, done = tables.play(mine, move)
    assert after.state.actions() == [move] and done.save
    theirs = squadro_table(1)  # the first move is the friend's
    assert tables.play(theirs, move)[0] is theirs
    assert not theirs.here_to_play() and mine.here_to_play()
    assert theirs.friend_waits() == friend.FRIENDS_TURN
    assert "Ana's turn" in tables.status(theirs)  # the friend is seat 0 there


def test_take_back_redo_hints_and_continue_from_here_are_off() -> None:
    table, _done = tables.play(squadro_table(0), squadro_table(0).state.legal_moves()[0])
    for transition in (tables.take_back, tables.redo, tables.ask_hint):
        assert transition(table)[0] is table
    reviewed = replace(table, review=0)
    assert tables.continue_from(reviewed, table.state.start(), (), 0)[0] is reviewed


def test_the_friends_turn_waits_in_the_ahead_line_and_is_played_action_by_action() -> None:
    result = exchange(new_squadro(0), seed=3)
    final, game = result.kept[1]
    shown = tables.with_friend(tables.seat(final.start(), ahead=tuple(final.actions()[:2])), game)
    table, done = tables.received(squadro_table(1), shown)
    assert done.save and done.replay_later == table.request
    assert not table.here_to_play()  # nothing is played by hand meanwhile
    wrong = table.state.legal_moves()[-1]
    if wrong != table.ahead[0]:
        assert tables.play(table, wrong, by=tables.COMPUTER)[0] is table
    table, done = tables.play(table, table.ahead[0], by=tables.COMPUTER)
    assert len(table.ahead) == 1 and done.replay_later == table.request
    table, done = tables.play(table, table.ahead[0], by=tables.COMPUTER)
    assert table.ahead == () and done.replay_later is None


def test_senet_throws_are_the_chains_and_none_without_the_friends_sticks() -> None:
    rng = random.Random(2)
    state = new_senet(PRESETS["tait"], 0)
    mine = friend.begin(state, 0, "Ana", SeededSecrets(rng))
    table = tables.with_friend(tables.seat(state), mine)
    assert tables.throw_for(table, rng) is None  # the invitation is not answered yet
    assert table.friend_waits() == friend.FRIENDS_ANSWER
    answer = friend.receive(*letters.read(letters.write(state, mine)), None, "Bo",
                            SeededSecrets(rng))  # fmt: skip
    theirs = friend.outgoing(answer.game, state, windows.Windows())
    merged = friend.receive(*letters.read(letters.write(state, theirs)), (state, mine)).game
    table = tables.with_friend(table, merged)
    throw = tables.throw_for(table, rng)
    assert throw == friend.throw_here(merged, state, windows.Windows())
    other = next(t for t in state.chance_outcomes() if t[0] != throw)[0]
    assert tables.play(table, other)[0] is table  # not the chains' throw: refused
    after, _done = tables.play(table, throw)
    assert after.state.actions() == [throw] and after.placed.used == 1


def test_the_record_keeps_the_game_by_links_and_loads_it_back() -> None:
    result = exchange(new_senet(PRESETS["jequier"], 0), seed=6)
    state, game = result.kept[0]
    table = tables.with_friend(tables.seat(state), game)
    again = tables.seated(tables.record(table))
    assert again.friend == game
    assert again.placed == windows.replay(state)[0]
    assert tables.card_names(again) == ("Ana", "Bo")
    assert tables.card_names(again, "Anna") == ("Anna", "Bo")
    assert tables.card_names(tables.seat(state)) is None


# -- names everywhere (issue 52) ---------------------------------------------------------

NAMED_GAMES = {
    "senet": lambda: new_senet(PRESETS["kendall"], 0),
    "squadro": lambda: new_squadro(0),
    "lodestone": lambda: new_lodestone(),
}


def words_of_a_whole_game(game: str, names: tuple[str, str], seed: int = 3):
    """Every status line, move-list line and live announcement of a whole game by
    links, as each device words it, with the device's seat."""
    from ludeum import saves, seats
    from ludeum.records.resume import resume

    result = exchange(NAMED_GAMES[game](), seed=seed, names=names)
    for device, (end, side) in result.kept.items():
        text = saves.dump(end, seats.HUMANS, friend=side)
        table = tables.seated(text)
        assert list(resume(text).log) == list(table.log)  # the boot's replay says the same
        ui, seating = table.ui, table.seating
        words = [*table.log, tables.status(table), ui.ending(end, seating)]
        state = end.start()
        for action in end.actions():
            after = state.apply(action)
            words += [ui.status(after, seating), ui.announce(state, action, after, seating)]
            state = after
        yield device, words


@pytest.mark.parametrize("game", sorted(NAMED_GAMES))
def test_names_a_game_by_links_says_you_and_the_friends_name_never_player_or_computer(game):
    for device, words in words_of_a_whole_game(game, ("Ana", "Bo")):
        friend_name = ("Ana", "Bo")[1 - device]
        text = "\n".join(words)
        assert "Player 1" not in text and "Player 2" not in text, (device, text[:2000])
        assert "computer" not in text.lower(), device
        assert friend_name in text and ("You " in text or "you " in text), device


@pytest.mark.parametrize("game", sorted(NAMED_GAMES))
def test_names_an_unnamed_friend_is_player_n_never_the_computer(game):
    for device, words in words_of_a_whole_game(game, ("Ana", "")):
        text = "\n".join(words)
        assert "computer" not in text.lower(), device
        if device == 0:  # Bo gave no name: his seat is "Player 2", Ana's is "you"
            assert "Player 1" not in text
            assert "Player 2" in text


def test_names_the_review_graph_names_who_plays_each_side():
    from ludeum import seats

    state = new_squadro(0)
    unnamed = tables.with_friend(tables.seat(state), friend.FriendGame(bytes(8), 1, ("", "Bo")))
    assert tables.side_labels(unnamed) == ("Light (Player 1)", "Dark (you)")
    named = tables.with_friend(tables.seat(state), friend.FriendGame(bytes(8), 1, ("Ana", "Bo")))
    assert tables.side_labels(named) == ("Light (Ana)", "Dark (you)")
    computer = tables.seat(state, (seats.HUMAN, "hard"))
    assert tables.side_labels(computer) == ("Light (you)", "Dark (the computer)")
    assert tables.side_labels(tables.seat(state)) == ("Light (Player 1)", "Dark (Player 2)")


def test_names_a_game_by_links_watched_on_a_third_device_names_its_players():
    state = new_squadro(0)
    mine = tables.seat(new_squadro(1))
    watched, _done = tables.look_at(mine, state, ("Ana", ""))
    assert tables.card_names(watched) == ("Ana", "Player 2")
    shared, _done = tables.look_at(mine, state)  # a share link's game: no names
    assert tables.card_names(shared) is None
