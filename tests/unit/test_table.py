"""The table (src/ludeum/table.py): one value for a game on screen, and its transitions.

The rules checked, over random sequences of events for every game and Senet reading
(hypothesis state machines), with the computer's replies played as the page's worker
would send them, stale ones included:
  * a move is never lost or duplicated: the actions are those played, in order;
  * the move list always matches the position, and the take-back point kept on the
    table is the one a replay of the game finds;
  * Redo always replays to where the take-back began;
  * a reply from the computer to an older request never changes the table;
  * the player cards and the status always agree about the sides;
  * reviewing and going back leaves the game as it was, and so does looking at a
    shared game and going back to one's own;
  * saving and loading the table's record gives the same table;
  * another game put on the table (the other tab's, attract mode's) makes every
    reply about the one it replaced stale.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from ludeum import saves, seats, table
from ludeum.games import ui as game_ui
from ludeum.records import line
from ludeum.senet import PRESETS
from ludeum.senet.state import BLACK, WHITE
from ludeum.senet.svg import colour_name

#: Start options per game: every Senet reading.
OPTIONS = {
    "senet": [{"rules": rules} for rules in PRESETS.values()],
    "squadro": [{}],
    "lodestone": [{}],
}
SETUPS = st.sampled_from(sorted(OPTIONS)).flatmap(
    lambda game: st.tuples(st.just(game), st.sampled_from(OPTIONS[game]))
)
PLAYERS = [seats.HUMANS, (seats.HUMAN, "easy"), ("easy", seats.HUMAN)]
#: Where a status says a seat plays a side: "Black to throw", "plays Black:".
SIDE_NAMED = "(?:plays {side}:|^{side} |[.:] {side} )"


def answer(ask: table.Ask, source: random.Random) -> dict | None:
    """What the computer's worker sends back about the position it was asked about:
    a legal move there, by index and notation (None: it has none)."""
    moves = list(saves.load(ask.save).legal_moves())
    if not moves:
        return None
    index = source.randrange(len(moves))
    return {"id": ask.id, "index": index, "move": moves[index].notation(), "chance": 0.5}


def same_game(a: table.Table, b: table.Table) -> bool:
    return a.state.actions() == b.state.actions() and a.players == b.players


def check_sides_agree(tbl: table.Table) -> None:
    """Until a card names a seat's side, the status names nobody's side."""
    said = table.status(tbl)
    for card in table.cards(tbl):
        if card.side:
            continue
        for side in (colour_name(BLACK), colour_name(WHITE)):
            assert not re.search(SIDE_NAMED.format(side=side), said), (said, table.cards(tbl))


class TableMachine(RuleBasedStateMachine):
    """A visitor at a table: plays, takes back, redoes, asks hints, reviews, looks at
    a shared game, starts new games; the computer answers, sometimes late."""

    @initialize(
        setup=SETUPS,
        players=st.sampled_from(PLAYERS),
        seed=st.integers(0, 2**32 - 1),
    )
    def sit_down(self, setup, players, seed) -> None:
        game, options = setup
        self.source = random.Random(seed)
        self.options = (game, options)
        state = game_ui(game).start(options, self.source.getrandbits(1))
        # Its take-back point known, as the page keeps it: each action updates it.
        self.table = table.with_look_back(table.seat(state, players))
        self.played: list = []  # every action as played, take-backs applied
        self.pending: table.Do = table.NOTHING
        self.pending_request = -1
        self.asks: list[table.Ask] = []  # every request the computer was sent
        self.table, done = table.computer_turn(self.table)
        self._expect(done)

    def _expect(self, done: table.Do) -> None:
        """Keep the computer's part of ``done`` for the computer's rule."""
        if done.ask is not None:
            self.asks.append(done.ask)
        if done.ask is not None or done.throw_later is not None or done.move_later is not None:
            self.pending = replace(done, say=(), played=())
            self.pending_request = self.table.request

    def _apply(self, result) -> None:
        before = self.table
        self.table, done = result
        if done.notice == "illegal":
            raise AssertionError(f"an action the table offered was illegal: {done.detail}")
        if self.table.state is not before.state:
            self.played = list(self.table.state.actions())
        self._expect(done)

    # -- a person ---------------------------------------------------------------------

    @precondition(lambda self: not self.table.still() and not self.table.computer_to_play())
    @rule(pick=st.integers(0, 10_000))
    def person_acts(self, pick) -> None:
        tbl = self.table
        if tbl.state.outcome() is not None:
            return
        if tbl.ui.can_throw(tbl.state):
            action = table.throw_for(tbl, self.source)
        else:
            moves = list(tbl.state.legal_moves())
            action = moves[pick % len(moves)]
        before = list(tbl.state.actions())
        self._apply(table.play(tbl, action))
        assert list(self.table.state.actions()) == [*before, action], "a move lost or doubled"

    @rule()
    def computer_acts(self) -> None:
        done, tbl = self.pending, self.table
        self.pending = table.NOTHING
        if done.throw_later is not None and done.throw_later == tbl.request:
            self._apply(table.play(tbl, table.throw_for(tbl, self.source), by=table.COMPUTER))
        elif done.move_later is not None and self.pending_request == tbl.request:
            self._apply(table.play(tbl, done.move_later, by=table.COMPUTER))
        elif done.ask is not None and done.ask.id == tbl.request:
            reply = answer(done.ask, self.source)
            if reply is not None:
                self._apply(table.reply(tbl, reply))

    @rule(pick=st.integers(0, 10_000))
    def late_reply_arrives(self, pick) -> None:
        """The worker answers a request the table has moved on from."""
        before = self.table
        old = [ask for ask in self.asks if ask.id != before.request]
        reply = answer(old[pick % len(old)], self.source) if old else None
        if reply is None:
            return
        after, done = table.reply(before, reply)
        assert after == before and done == table.NOTHING, "a stale reply changed the table"

    @rule()
    def take_back_then_redo(self) -> None:
        before = self.table
        back, done = table.take_back(before)
        if back is before:
            return
        self._apply((back, done))
        while self.table.ahead:  # every redo up to where the take-back began
            previous = self.table
            self._apply(table.redo(previous))
            if self.table is previous:
                break
        if before.turn == () or not before.computer_to_play():
            assert self.table.state.actions()[: len(before.state.actions())] == (
                before.state.actions()
            ), "Redo did not come back to where the take-back began"

    @rule()
    def take_back(self) -> None:
        self._apply(table.take_back(self.table))

    @rule()
    def ask_hint(self) -> None:
        self._apply(table.ask_hint(self.table))

    @rule(stop=st.integers(0, 400))
    def review_and_back(self, stop) -> None:
        before = self.table
        stops = len(before.state.actions()) + 1
        reviewing, _ = table.review_to(before, stop, stops)
        assert table.play(reviewing, None)[0] is reviewing  # play waits during a review
        back, done = table.back_to_game(reviewing)
        assert same_game(back, before) and back.log == before.log and back.ahead == before.ahead
        self.table = back
        self.pending = table.NOTHING
        self._expect(done)

    @rule()
    def look_at_a_shared_game_and_go_back(self) -> None:
        before = self.table
        game, options = self.options
        shared = game_ui(game).start(options, 0)
        looking, _ = table.look_at(before, shared)
        assert looking.viewing and table.take_back(looking)[0] is looking
        back, done = table.back_to_own(looking)
        assert same_game(back, before) and back.log == before.log and back.ahead == before.ahead
        self.table = back
        self.pending = table.NOTHING
        self._expect(done)

    @rule(players=st.sampled_from(PLAYERS))
    def new_game(self, players) -> None:
        game, options = self.options
        state = game_ui(game).start(options, self.source.getrandbits(1))
        self._apply(table.new_game(self.table, state, players))
        assert self.table.log == () and self.table.ahead == ()

    @rule()
    def the_other_tabs_game_comes(self) -> None:
        game, options = self.options
        other = table.seat(game_ui(game).start(options, self.source.getrandbits(1)))
        older = self.table.request
        self._apply(table.other_game(self.table, table.seated(table.record(other))))
        # Every reply about the game it replaced is stale now.
        assert self.table.request > older and not self.table.still()

    @rule()
    def attract_mode_comes_and_goes(self) -> None:
        game, options = self.options
        start = game_ui(game).start(options, 0)
        self._apply(table.attract_in(self.table, start, "easy"))
        assert self.table.attract and table.take_back(self.table)[0] is self.table
        self._apply(table.attract_out(self.table, start, seats.HUMANS))
        assert not self.table.attract and self.table.log == ()

    @rule()
    def the_language_changes(self) -> None:
        before = self.table
        self._apply(table.relabel(before))
        assert same_game(self.table, before) and self.table.log == before.log

    # -- what must always hold -------------------------------------------------------

    @invariant()
    def the_move_list_is_the_positions(self) -> None:
        tbl = self.table
        assert tbl.log == tuple(tbl.ui.game_log(tbl.state, tbl.seating))

    @invariant()
    def the_take_back_point_kept_is_the_replays(self) -> None:
        tbl = self.table

        def seen(back: line.LookBack) -> tuple:
            return (back.state and back.state.actions(), back.removed, back.reason)

        assert seen(table.look_back(tbl)) == seen(line.look_back(tbl.state, tbl.players))

    @invariant()
    def the_cards_and_the_status_agree(self) -> None:
        check_sides_agree(self.table)

    @invariant()
    def the_record_loads_back_into_the_same_table(self) -> None:
        tbl = self.table
        again = table.seated(table.record(tbl))
        assert same_game(again, tbl) and again.ahead == tbl.ahead and again.log == tbl.log


TableMachine.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_table_keeps_its_invariants = TableMachine.TestCase


# -- the rules one by one ------------------------------------------------------------


def senet_against_the_computer(seed: int = 1) -> table.Table:
    state = game_ui("senet").start({"rules": PRESETS["jequier"]}, 0)
    return table.seat(state, (seats.HUMAN, "easy"))


def test_the_opening_decided_names_both_sides_on_the_cards() -> None:
    """The opening's 1 thrown: the status says who plays Black, and so do the cards
    (the bug of issue 36: the cards said "side not yet decided" until the move)."""
    source = random.Random(3)
    tbl = senet_against_the_computer()
    for _ in range(200):
        if tbl.state.legal_moves() and tbl.state.to_act() != table.CHANCE:
            break
        by = table.COMPUTER if tbl.computer_to_play() else table.PERSON
        tbl, _done = table.play(tbl, table.throw_for(tbl, source), by=by)
    assert re.search("(?:You|The computer) threw a 1 and plays? Black:", table.status(tbl))
    assert all(card.side for card in table.cards(tbl))
    check_sides_agree(tbl)


def test_a_reply_to_an_older_request_changes_nothing() -> None:
    state = game_ui("squadro").start({}, 0)
    tbl, done = table.computer_turn(table.seat(state, ("easy", seats.HUMAN)))
    assert done.ask is not None and tbl.waiting == table.MOVE
    late = answer(done.ask, random.Random(0))
    newer, _ = table.computer_turn(tbl)  # a take-back or a new game meanwhile
    assert table.reply(newer, late) == (newer, table.NOTHING)
    waiting, done = table.reply(tbl, late)
    assert waiting.waiting == table.MOVE and done.move_later is not None
    played, _ = table.play(waiting, done.move_later, by=table.COMPUTER)
    assert len(played.state.actions()) == 1


def test_a_take_back_while_the_computer_thinks_drops_its_reply() -> None:
    """Squadro against the computer: the person moves and the computer is asked; a
    take-back before the answer arrives makes it stale. (Both sides play lanes 1-5:
    an answer let through would be played as the person's own move.)"""
    state = game_ui("squadro").start({}, 0)
    tbl = table.with_look_back(table.seat(state, (seats.HUMAN, "easy")))
    assert not tbl.computer_to_play()
    move = tbl.state.legal_moves()[0]
    tbl, done = table.play(tbl, move)
    assert done.ask is not None and tbl.waiting == table.MOVE
    back, undone = table.take_back(tbl)
    assert not back.state.actions() and back.ahead == (move,) and undone.save
    assert back.waiting is None and not back.computer_to_play()
    assert table.reply(back, answer(done.ask, random.Random(1))) == (back, table.NOTHING)


def test_a_person_cannot_play_on_the_computers_turn_or_in_a_shared_game() -> None:
    state = game_ui("squadro").start({}, 0)
    tbl = table.seat(state, ("easy", seats.HUMAN))
    move = tbl.state.legal_moves()[0]
    assert table.play(tbl, move) == (tbl, table.NOTHING)
    mine = table.seat(state)
    looking, _ = table.look_at(mine, game_ui("squadro").start({}, 1))
    assert table.play(looking, looking.state.legal_moves()[0])[0] is looking


def test_an_illegal_action_gives_a_notice_and_leaves_the_table() -> None:
    state = game_ui("lodestone").start({}, 0)
    tbl = table.seat(state)
    after, done = table.play(tbl, object())
    assert after is tbl and done.notice == "illegal"


def test_a_hint_belongs_to_the_position_it_was_asked_for() -> None:
    state = game_ui("squadro").start({}, 0)
    tbl, done = table.ask_hint(table.seat(state))
    assert done.ask.kind == table.HINT
    tbl, _ = table.reply(tbl, answer(done.ask, random.Random(0)))
    assert tbl.hint is not None and tbl.hint.position is tbl.state
    moved, _ = table.play(tbl, tbl.state.legal_moves()[0])
    assert moved.hint is None


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_continue_from_a_reviewed_position_keeps_the_rest_as_the_line_ahead(game) -> None:
    source = random.Random(5)
    tbl = table.seat(game_ui(game).start({}, 0))
    for _ in range(12):
        if tbl.state.outcome() is not None:
            break
        action = (table.throw_for(tbl, source) if tbl.ui.can_throw(tbl.state)
                  else tbl.state.legal_moves()[0])  # fmt: skip
        tbl, _ = table.play(tbl, action)
    actions = tbl.state.actions()
    state = tbl.state.start()
    for action in actions[:4]:
        state = state.apply(action)
    reviewing, _ = table.review_to(tbl, 4, len(actions) + 1)
    entries = len(table.seat(state).log)
    cont, done = table.continue_from(reviewing, state, tuple(actions[4:]), entries)
    assert done.save and cont.review is None
    assert cont.log == tuple(cont.ui.game_log(cont.state, cont.seating))
    assert replace(cont, ahead=()).state.actions() == actions[:4]
    assert cont.ahead == tuple(actions[4:])


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_a_shared_game_is_taken_up_whole_or_from_a_reviewed_move(game) -> None:
    """Issue 37: a shared game, finished or not, can be replayed and taken up at any
    move; the visitor keeps that position, the rest of the shared line as Redo."""
    source = random.Random(7)
    shared = table.seat(game_ui(game).start({}, 0))
    for _ in range(10):
        if shared.state.outcome() is not None:
            break
        action = (table.throw_for(shared, source) if shared.ui.can_throw(shared.state)
                  else shared.state.legal_moves()[0])  # fmt: skip
        shared, _ = table.play(shared, action)
    mine = table.seat(game_ui(game).start({}, 1), ("easy", seats.HUMAN))
    assert table.shared_record(mine) is None  # one's own game is not "taken up"
    looking, _ = table.look_at(mine, shared.state)
    whole = table.seated(table.shared_record(looking))
    assert whole.state.actions() == shared.state.actions() and whole.ahead == ()
    assert whole.players == seats.HUMANS
    # From the start (Replay from the start, then Continue from here at move 0) and
    # from a move in the middle.
    actions = shared.state.actions()
    for cut in (0, 3):
        state = shared.state.start()
        for action in actions[:cut]:
            state = state.apply(action)
        reviewing, _ = table.review_to(looking, cut, len(actions) + 1)
        taken = table.seated(table.shared_record(reviewing, state, tuple(actions[cut:])))
        assert taken.state.actions() == actions[:cut]
        assert taken.ahead == tuple(actions[cut:]) and taken.players == seats.HUMANS
        assert table.redo(taken)[0].state.actions()[: cut + 1] == actions[: cut + 1]
    # Looking and reviewing left the visitor's own table as it was.
    assert table.back_to_own(reviewing)[0].state is mine.state


# -- watching the computer play itself (issue 37) ------------------------------------


def watched(game: str = "squadro") -> table.Table:
    options = {"rules": PRESETS["jequier"]} if game == "senet" else {}
    return table.seat(game_ui(game).start(options, 0), ("easy", "easy"))


def test_a_paused_table_asks_the_computer_for_nothing_and_drops_a_late_reply() -> None:
    tbl, done = table.computer_turn(watched())
    assert tbl.watching and done.ask is not None
    paused, stopped = table.pause(tbl, True)
    assert paused.paused and paused.held()
    assert stopped.ask is None and stopped.throw_later is None and paused.waiting is None
    # The reply asked for before Pause is dropped, never played later.
    assert table.reply(paused, answer(done.ask, random.Random(0))) == (paused, table.NOTHING)
    again, nothing = table.computer_turn(paused)
    assert nothing.ask is None and nothing.throw_later is None and not again.state.actions()
    # Play: the computer is asked again at once.
    going, asked = table.pause(again, False)
    assert not going.paused and asked.ask is not None and asked.ask.id == going.request


def test_step_plays_exactly_one_action_then_waits_again() -> None:
    paused, _ = table.pause(watched(), True)
    stepping, asked = table.step(paused)
    assert stepping.stepping and asked.ask is not None
    assert table.computer_pause_ms(stepping) == 0  # a step comes without the pause
    assert table.step(stepping) == (stepping, table.NOTHING)  # one at a time
    waiting, done = table.reply(stepping, answer(asked.ask, random.Random(2)))
    played, after = table.play(waiting, done.move_later, by=table.COMPUTER)
    assert len(played.state.actions()) == 1 and len(played.log) == 1
    assert played.held() and after.ask is None and after.throw_later is None
    # Senet: a step is one throw, or one move (the opening decided first, as the page does).
    senet = watched("senet")
    source = random.Random(4)
    while game_ui("senet").opening_due(senet.state):
        senet, _ = table.play(senet, table.throw_for(senet, source), by=table.COMPUTER)
    senet, _ = table.pause(senet, True)
    kinds = set()
    for _ in range(6):
        count = len(senet.state.actions())
        senet, done = table.step(senet)
        if done.throw_later is not None:
            kinds.add("throw")
            action = table.throw_for(senet, source)
        else:
            kinds.add("move")
            senet, replied = table.reply(senet, answer(done.ask, source))
            action = replied.move_later
        senet, after = table.play(senet, action, by=table.COMPUTER)
        assert len(senet.state.actions()) == count + 1 and senet.held()
        assert after.ask is None and after.throw_later is None
    assert kinds == {"throw", "move"}


def test_pause_and_step_are_only_for_watching() -> None:
    state = game_ui("squadro").start({}, 0)
    against = table.seat(state, (seats.HUMAN, "easy"))
    assert not against.watching and table.pause(against, True) == (against, table.NOTHING)
    kiosk = table.seat(state, ("easy", "easy"), attract=True)
    assert not kiosk.watching and table.pause(kiosk, True) == (kiosk, table.NOTHING)
    assert table.step(watched()) == (watched(), table.NOTHING)  # not paused: no step


def test_the_watchers_pace() -> None:
    tbl = watched()
    assert table.computer_pause_ms(tbl) == table.WATCH_PAUSE_MS[table.NORMAL]
    slow, fast = table.pace(tbl, table.SLOW), table.pace(tbl, table.FAST)
    assert table.computer_pause_ms(slow) > table.computer_pause_ms(tbl)
    assert table.computer_pause_ms(fast) < table.computer_pause_ms(tbl)
    assert table.pace(tbl, "warp") is tbl
    assert table.computer_pause_ms(replace(fast, attract=True)) == table.ATTRACT_PAUSE_MS
    against = table.seat(tbl.state, (seats.HUMAN, "easy"))
    assert table.computer_pause_ms(table.pace(against, table.SLOW)) == table.COMPUTER_PAUSE_MS
    # A new game keeps the pace, and starts playing.
    paused, _ = table.pause(slow, True)
    fresh, done = table.new_game(paused, game_ui("squadro").start({}, 1))
    assert fresh.speed == table.SLOW and not fresh.paused and done.ask is not None


# -- what a take-back says, and what travels back ------------------------------------


def test_a_take_back_names_the_moves_from_the_move_list_and_hands_them_back() -> None:
    from ludeum.i18n import set_language

    state = game_ui("squadro").start({}, 0)
    tbl = table.seat(state, (seats.HUMAN, "easy"))
    move = tbl.state.legal_moves()[0]
    tbl, done = table.play(tbl, move)
    tbl, done = table.reply(tbl, answer(done.ask, random.Random(5)))
    tbl, _ = table.play(tbl, done.move_later, by=table.COMPUTER)
    two = tbl.state.actions()
    back, undone = table.take_back(tbl)
    entries = [entry.rstrip(".") for entry in tbl.log]
    assert undone.say[0] == f"Taken back: {entries[0]}; {entries[1]}."
    assert entries[0].startswith("You: ") and entries[1].startswith("The computer: ")
    assert undone.say[1] == table.status(back)
    assert [a for _b, a, _after in undone.unplayed] == list(two)
    assert not undone.unplayed[0][0].actions()
    assert undone.unplayed[-1][2].actions() == tbl.state.actions()
    redone, again = table.redo(back)
    assert again.say[0] == f"Played again: {entries[0]}; {entries[1]}." and not again.unplayed
    try:
        set_language("fr")
        french = table.take_back(table.relabel(tbl)[0])[1].say[0]
    finally:
        set_language("en")
    assert french.startswith("Repris\xa0: Vous\xa0: couloir ")
    assert "\xa0; L’ordinateur\xa0: " in french
