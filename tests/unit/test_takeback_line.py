"""Take-back and redo (``ludeum.records.line``): a throw that was seen stays, a
take-back goes back to the person's last decision with the computer's replies, redo
plays again exactly what was taken back, and a new move replaces the old line."""

from __future__ import annotations

import random

import pytest

from ludeum import lodestone, saves, squadro
from ludeum.protocol import CHANCE, IllegalAction
from ludeum.records import line
from ludeum.senet import PRESETS, Throw, new_game, throw_sticks

PEOPLE = ("human", "human")
VS_COMPUTER = ("human", "easy")  # the person plays seat 0
COMPUTER_FIRST = ("easy", "human")
COMPUTERS = ("easy", "easy")


def step(state, rng: random.Random):
    """A random action: fresh sticks at a chance node, else any legal move."""
    if state.to_act() == CHANCE:
        return state.apply(throw_sticks(rng))
    return state.apply(rng.choice(list(state.legal_moves())))


def played(state, count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        if state.to_act() is None:
            break
        state = step(state, rng)
    return state


def befores(state):
    """The state before each action of ``state``'s game, with the action."""
    current = state.start()
    for action in state.actions():
        yield current, action
        current = current.apply(action)


def same_game(a, b) -> bool:
    """Equal games: the same start, actions and position (states compare their
    histories by identity, so two replays of one game are not ``==``)."""
    return saves.dump(a) == saves.dump(b)


def throw_then_move(rules_name: str, seed: int = 0):
    """A Senet game of two people played until a move follows a throw."""
    rng = random.Random(seed)
    state = new_game(PRESETS[rules_name], 0)
    while True:
        state = step(state, rng)
        actions = state.actions()
        if len(actions) >= 2 and type(actions[-2]) is Throw and type(actions[-1]) is not Throw:
            return state


# -- Senet: the throw stays -----------------------------------------------------------


SENET_READINGS = ["jequier", "jequier_ludii", "kendall", "tait",
                  "kendall_five_pieces_starting_throw_trap_home_row"]  # fmt: skip


@pytest.mark.parametrize("rules_name", SENET_READINGS)
def test_senet_take_back_removes_the_move_and_keeps_the_throw(rules_name):
    state = throw_then_move(rules_name, seed=3)
    move = state.actions()[-1]
    back, ahead = line.take_back(state, (), PEOPLE)
    assert ahead == (move,)
    assert type(back.actions()[-1]) is Throw  # the throw that was seen is still played
    assert back.to_act() != CHANCE and move in back.legal_moves()
    # Nothing more: the last action is now a throw, and throws stay.
    assert line.take_back(back, ahead, PEOPLE) is None
    assert line.look_back(back, PEOPLE).reason == line.THROW_STAYS
    # Replaying the same move reaches the same position, and keeps no stale line.
    again, rest = line.play(back, ahead, move)
    assert same_game(again, state) and rest == ()


def test_senet_after_a_throw_there_is_nothing_to_take_back():
    state = throw_then_move("jequier", seed=5)
    rng = random.Random(9)
    while state.to_act() != CHANCE:
        state = step(state, rng)
    thrown = state.apply(throw_sticks(rng))
    assert line.take_back(thrown, (), PEOPLE) is None
    assert line.look_back(thrown, PEOPLE).reason == line.THROW_STAYS


def test_senet_against_the_computer_only_until_the_computer_throws():
    """The person's move can be taken back while the computer has not thrown; once
    its throw is seen, the move stays too."""
    rng = random.Random(11)
    state = new_game(PRESETS["jequier"], 0)
    # Play until the person (seat 0) has just moved and the computer is to throw.
    while True:
        mover = state.to_act()
        state = step(state, rng)
        if mover == 0 and state.to_act() == CHANCE and state.seat == 1:
            break
    back, ahead = line.take_back(state, (), VS_COMPUTER)
    assert back.to_act() == 0 and ahead == (state.actions()[-1],)
    after_throw = state.apply(throw_sticks(rng))
    assert line.take_back(after_throw, (), VS_COMPUTER) is None


@pytest.mark.parametrize("rules_name", ["jequier", "kendall", "kendall_starting_throw", "tait"])
def test_senet_opening_throws_cannot_be_taken_back(rules_name):
    state = new_game(PRESETS[rules_name], 0).apply(throw_sticks(random.Random(1)))
    assert line.take_back(state, (), PEOPLE) is None
    assert line.look_back(new_game(PRESETS[rules_name], 0), PEOPLE).reason == line.AT_START


# -- Squadro and Lodestone: back to the person's decision -----------------------------


def test_squadro_against_the_computer_takes_the_reply_back_too():
    state = played(squadro.new_game(0), 4, seed=2)  # person, computer, person, computer
    first, reply, second, reply2 = state.actions()
    back, ahead = line.take_back(state, (), VS_COMPUTER)
    assert back.actions() == [first, reply] and ahead == (second, reply2)
    assert back.to_act() == 0  # the person's turn again
    start, ahead = line.take_back(back, ahead, VS_COMPUTER)
    assert start.actions() == [] and ahead == (first, reply, second, reply2)
    assert line.take_back(start, ahead, VS_COMPUTER) is None
    # Redo plays the person's move and the computer's reply, one decision at a time.
    forward, ahead = line.redo(start, ahead, VS_COMPUTER)
    assert forward.actions() == [first, reply] and ahead == (second, reply2)
    forward, ahead = line.redo(forward, ahead, VS_COMPUTER)
    assert same_game(forward, state) and ahead == ()
    assert line.redo(forward, ahead, VS_COMPUTER) is None


def test_squadro_two_people_one_decision_back():
    state = played(squadro.new_game(1), 5, seed=4)
    back, ahead = line.take_back(state, (), PEOPLE)
    assert back.actions() == state.actions()[:-1] and ahead == (state.actions()[-1],)


def test_the_person_moving_second_goes_back_to_their_own_turn():
    """The computer opened: taking back the person's first move keeps the computer's."""
    state = played(squadro.new_game(0), 3, seed=6)  # computer, person, computer
    back, ahead = line.take_back(state, (), COMPUTER_FIRST)
    assert back.actions() == state.actions()[:1] and len(ahead) == 2
    assert line.take_back(back, ahead, COMPUTER_FIRST) is None
    assert line.look_back(back, COMPUTER_FIRST).reason == line.NO_PERSON


def test_lodestone_set_up_and_moves_are_taken_back():
    state = played(lodestone.new_game(lodestone.STANDARD, 0), 6, seed=8)
    back, ahead = line.take_back(state, (), VS_COMPUTER)
    assert back.to_act() == 0
    assert back.actions() + list(ahead) == state.actions()
    for _ in range(3):
        result = line.take_back(back, ahead, VS_COMPUTER)
        if result is None:
            break
        back, ahead = result
    assert back.actions() == []  # back to the set-up, the king's file chosen again
    while ahead:
        back, ahead = line.redo(back, ahead, VS_COMPUTER)
    assert same_game(back, state)


def test_lodestone_per_colour_reading_two_people():
    rules = lodestone.LodestoneRules(per_colour_reading=True)
    state = played(lodestone.new_game(rules, 1), 9, seed=1)
    back, ahead = line.take_back(state, (), PEOPLE)
    assert back.actions() == state.actions()[:-1]
    assert same_game(line.redo(back, ahead, PEOPLE)[0], state)


@pytest.mark.parametrize("start", [new_game(PRESETS["tait"], 0), squadro.new_game(0),
                                   lodestone.new_game(lodestone.STANDARD, 0)])  # fmt: skip
def test_the_computer_against_itself_has_nothing_to_take_back(start):
    state = played(start, 12, seed=3)
    assert line.take_back(state, (), COMPUTERS) is None
    assert line.look_back(state, COMPUTERS).reason == line.NO_PERSON


# -- the ahead line ------------------------------------------------------------------


def test_a_different_move_replaces_the_old_line():
    state = played(squadro.new_game(0), 6, seed=10)
    back, ahead = line.take_back(state, (), PEOPLE)
    back, ahead = line.take_back(back, ahead, PEOPLE)
    assert len(ahead) == 2
    other = next(m for m in back.legal_moves() if not line.same(m, ahead[0]))
    branched, rest = line.play(back, ahead, other)
    assert rest == ()  # the old line is gone
    kept_state, kept_rest = line.play(back, ahead, ahead[0])
    assert kept_rest == ahead[1:]  # the same move keeps the line, one action on


def test_a_seen_throw_is_thrown_again():
    """A line that holds a throw (review resumes play from an earlier point): at the
    chance node that throw is the one played."""
    state = throw_then_move("kendall", seed=7)
    actions = state.actions()
    cut = len(actions) - 2  # before the throw and its move
    earlier = state.start()
    for action in actions[:cut]:
        earlier = earlier.apply(action)
    ahead = tuple(actions[cut:])
    assert earlier.to_act() == CHANCE
    assert line.next_throw(earlier, ahead) == actions[-2]
    thrown, rest = line.play(earlier, ahead, line.next_throw(earlier, ahead))
    assert rest == (actions[-1],) and line.next_throw(thrown, rest) is None
    assert line.next_throw(earlier, ()) is None


def test_actions_of_other_games_are_never_the_same():
    assert not line.same(squadro.Move(1), (1,))
    assert line.same(squadro.Move(2), squadro.Move(2))


def test_follows_refuses_a_line_that_does_not_follow():
    state = squadro.new_game(0)
    with pytest.raises(IllegalAction):
        line.follows(state, (squadro.Move(1), squadro.Move(1), squadro.Move(1), Throw((1,) * 4)))


# -- properties over seeded random games ----------------------------------------------

STARTS = [
    *(("senet", name) for name in ("jequier", "jequier_ludii", "kendall",
                                   "kendall_five_pieces_starting_throw_trap_home_row", "tait")),
    ("squadro", None), ("lodestone", "standard"), ("lodestone", "per_colour"),
]  # fmt: skip
PLAYERS = [PEOPLE, VS_COMPUTER, COMPUTER_FIRST, COMPUTERS]


def start_of(game: str, variant, seat: int):
    if game == "senet":
        return new_game(PRESETS[variant], seat)
    if game == "squadro":
        return squadro.new_game(seat)
    rules = lodestone.LodestoneRules(per_colour_reading=variant == "per_colour")
    return lodestone.new_game(rules, seat)


@pytest.mark.parametrize(("game", "variant"), STARTS)
def test_take_back_then_redo_returns_the_same_game(game, variant):
    """In 24 seeded games per start, at random points: a take-back removes only
    people's and computer's choices after the last throw, lands where a person
    chooses, and redo brings back an equal game with the old line unchanged."""
    checked = 0
    for seed in range(24):
        rng = random.Random(seed)
        players = PLAYERS[seed % len(PLAYERS)]
        state = start_of(game, variant, seed % 2)
        mover, length = None, rng.randrange(1, 150)
        for count in range(1, 400):
            if state.to_act() is None:
                break
            mover = state.to_act()
            state = step(state, rng)
            # Stop at a random point, but after a choice rather than a throw, so that
            # most games have something to take back.
            if count >= length and mover != CHANCE:
                break
        ahead = ()
        for _ in range(3):  # take back up to three times, then redo all of it
            result = line.take_back(state, ahead, players)
            if result is None:
                break
            back, new_ahead = result
            removed = new_ahead[: len(new_ahead) - len(ahead)]
            assert removed and new_ahead[len(removed) :] == ahead
            # No chance action is ever removed, and the landing is a person's choice.
            before = back
            for action in removed:
                assert before.to_act() not in (CHANCE, None)
                before = before.apply(action)
            assert players[back.to_act()] == "human"
            assert same_game(line.redo(back, new_ahead, players)[0], state)
            assert line.redo(back, new_ahead, players)[1] == ahead
            state, ahead = back, new_ahead
            checked += 1
        while ahead:
            state, ahead = line.redo(state, ahead, players)
    assert checked >= 6  # the property was exercised, not vacuously true


@pytest.mark.parametrize(("game", "variant"), STARTS)
def test_the_look_back_kept_up_to_date_equals_the_replayed_one(game, variant):
    """The page updates the look-back after each action (``looked_after``) instead of
    replaying the game: both give the same landing, removed actions and reason."""
    for seed in range(4):
        rng = random.Random(seed)
        players = PLAYERS[seed % len(PLAYERS)]
        state = start_of(game, variant, seed % 2)
        back = line.look_back(state, players)
        assert back.reason == line.AT_START
        for _ in range(80):
            if state.to_act() is None:
                break
            before = state
            state = step(state, rng)
            back = line.looked_after(back, before, state.actions()[-1], players)
            full = line.look_back(state, players)
            assert (back.removed, back.reason) == (full.removed, full.reason)
            assert (back.state is None) == (full.state is None)
            if full.state is not None:
                assert same_game(back.state, full.state)
