"""The table: everything a game on screen is, and what can happen to it.

A ``Table`` is one immutable value: the position, the line ahead for Redo (what a
take-back removed), the move list, the seats and who plays them, the computer's turn
so far, the request out to the computer, the hint and the position it belongs to,
the piece selected, the result shown or hidden, a shared game being looked at (with
the visitor's own table kept under it), the review's stop, and the kiosk's attract
mode. Each thing that can happen is one function here: it takes a table and returns
the next one with a ``Do``, what the page must do about it (say something, save,
let a piece travel, ask the computer). This module never touches the page, a timer
or storage: the glue (``src/web/``) turns events into these calls and shows tables.

The invariants the transitions keep (tests/unit/test_table.py checks them over
random sequences of events, for every game and Senet reading):

* the move list is the position's (``ui.game_log``, in the table's ``seating``),
  entry for entry;
* Redo plays again exactly what the last take-back removed;
* a reply from the computer to an older request never changes the table;
* the player cards and the status name the same sides (``cards`` and ``status``);
* reviewing and going back leaves the game as it was; the record saved
  (``record``) loads back (``seated``) into the same table;
* watching the computer play itself, a paused table asks it for nothing (a reply
  on its way when Pause came is dropped: Play asks again), and Step lets exactly
  one action through.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from . import saves, seats
from .correspondence import friend as friend_games
from .correspondence import windows
from .games import ui_for
from .i18n import _
from .protocol import CHANCE, IllegalAction
from .records import line

#: Who acts: a person at the page, or the computer (its reply, or its throw).
PERSON = "person"
COMPUTER = "computer"
#: What a request to the computer is for.
MOVE = "move"
HINT = "hint"

#: The pace of the computer's actions when a person watches it play itself: the
#: pause before each one, in ms. (Against a person it waits ``COMPUTER_PAUSE_MS``;
#: the kiosk's own games between visitors, ``ATTRACT_PAUSE_MS``.)
SLOW, NORMAL, FAST = "slow", "normal", "fast"
WATCH_PAUSE_MS = {SLOW: 2500, NORMAL: 1200, FAST: 400}
SPEEDS = tuple(WATCH_PAUSE_MS)
COMPUTER_PAUSE_MS = 550
ATTRACT_PAUSE_MS = 2500


@dataclass(frozen=True)
class Hint:
    """The computer's suggestion for ``position`` (the state it was asked about):
    a move, and the winning chance it estimates, when it does."""

    position: Any
    move: Any
    chance: float | None = None


@dataclass(frozen=True)
class Ask:
    """A request to the computer: ``id`` numbers it (a reply to another id is
    stale), ``kind`` is MOVE or HINT, ``level`` the player asked (for a move)."""

    id: int
    kind: str
    save: str
    level: str | None = None


@dataclass(frozen=True)
class Do:
    """What the page must do after a transition, in this order: rebuild the move
    list (``relist``; else only new entries are added), save, show, let the piece
    travel and sound (``played``: before, action, after), say ``say`` aloud, then
    the computer's part: ``throw_later`` (its throw after the pause, for request
    ``throw_later``), ``move_later`` (the move it chose, to play after the pause
    with ``play(..., by=COMPUTER)`` if the table's request is still the same), or
    ``ask``. ``notice`` is a message for the notice box; ``refused``
    says why nothing could be taken back (``ludeum.records.line``'s reasons)."""

    say: tuple[str, ...] = ()
    save: bool = False
    relist: bool = False
    played: tuple = ()
    ask: Ask | None = None
    throw_later: int | None = None
    move_later: Any = None
    notice: str | None = None
    detail: str | None = None
    refused: str | None = None
    #: The actions a take-back removed, as (before, action, after) in the order
    #: they were played: the page plays them backwards (``ludeum.motion``).
    unplayed: tuple = ()
    #: In a game by links, the friend's next move from their link, to play after
    #: the pause (``ahead[0]``, with ``play(..., by=COMPUTER)``) for this request.
    replay_later: int | None = None


NOTHING = Do()


@dataclass(frozen=True)
class Table:
    """A game on screen (see the module's docstring). Build one with ``seat``."""

    state: Any
    players: tuple[str, str] = seats.HUMANS
    ahead: tuple = ()
    log: tuple[str, ...] = ()
    name: str | None = None
    #: The computer's turn that led here, as (before, action, after) steps.
    turn: tuple = ()
    #: The number of the latest request to the computer, and what is awaited.
    request: int = 0
    waiting: str | None = None
    hint: Hint | None = None
    selected: str | None = None
    result_hidden: bool = False
    #: The visitor's own table while a shared game is looked at (this one).
    own: Table | None = field(default=None, repr=False)
    #: The review's stop (0: the start) while a past position is shown.
    review: int | None = None
    attract: bool = False
    #: Watching the computer play itself: stopped by Pause, one action let through
    #: by Step while paused (``stepping``), and the pace (one of ``SPEEDS``).
    paused: bool = False
    stepping: bool = False
    speed: str = NORMAL
    #: (state, players, where a take-back would land: ``line.LookBack``), valid
    #: while both are the table's: kept up to date after each action in constant
    #: time, worked out by a replay (O(n)) only when unknown.
    looked: tuple | None = field(default=None, repr=False, compare=False)
    #: A game by links (``ludeum.correspondence.friend.FriendGame``): this device's
    #: side of it, and the throw windows so far (``correspondence.windows``). The
    #: friend's actions still to show (from their link) wait in ``ahead``, each
    #: played after a pause, so that the friend's turn is seen move by move.
    friend: Any = None
    placed: Any = field(default=None, repr=False)
    #: A game by links looked at on a device that does not play it: the players'
    #: names its link carries, for the cards.
    seen_names: tuple[str, str] | None = None

    @property
    def ui(self):
        return ui_for(self.state)

    @property
    def viewing(self) -> bool:
        """A shared game is looked at: nobody plays it."""
        return self.own is not None

    @property
    def seating(self) -> seats.Seating:
        """How the words name the seats: "you" and "the computer" in a game against
        the computer; by their sides otherwise, and always in a shared game looked
        at, whose "you" would be the person who shared it; in a game by links, "you"
        and the friend's name."""
        if self.viewing:
            return seats.SIDES
        return seating_of(self.players, self.friend)

    def seat_to_play(self) -> int | None:
        return self.ui.seat_to_play(self.state)

    def computer_to_play(self) -> bool:
        return seats.is_computer(self.players, self.seat_to_play())

    def friend_waits(self) -> str | None:
        """In a game by links, why this device cannot act now (``friend.waiting_for``);
        None when it can, when the friend's turn is still being shown, or in any
        other game."""
        if self.friend is None or self.ahead:
            return None
        return friend_games.waiting_for(self.friend, self.state, self.placed)

    def here_to_play(self) -> bool:
        """A person at this device may act now: not the computer's turn, nor in a
        game by links the friend's (or a turn of theirs still being shown)."""
        if self.friend is not None:
            return not self.ahead and friend_games.can_act(self.friend, self.state, self.placed)
        return not self.computer_to_play()

    def still(self) -> bool:
        """No play, take-back or hint: a shared game looked at, or a review."""
        return self.viewing or self.review is not None

    @property
    def watching(self) -> bool:
        """A person watches the computer play itself (not the kiosk's attract mode,
        which plays on between visitors whatever happens)."""
        return seats.HUMAN not in self.players and not self.attract and not self.viewing

    def held(self) -> bool:
        """The computer waits: watching, paused, and no step asked."""
        return self.paused and not self.stepping and self.watching


def seat(
    state: Any,
    players: tuple[str, str] = seats.HUMANS,
    *,
    ahead: tuple = (),
    name: str | None = None,
    attract: bool = False,
    log: tuple | None = None,
) -> Table:
    """The table for ``state`` just put on screen: its move list worked out once
    (or ``log``, when a replay that gave ``state`` gave it too)."""
    if log is None:
        log = ui_for(state).game_log(state, seats.seating(players))
    log = tuple(log)
    return Table(state, tuple(players), tuple(ahead), log, name, attract=attract)


def look_back(table: Table) -> line.LookBack:
    """Where a take-back from the table would land (and what it would remove)."""
    looked = table.looked
    if looked is not None and looked[0] is table.state and looked[1] == table.players:
        return looked[2]
    return line.look_back(table.state, table.players)


def with_look_back(table: Table, back: line.LookBack | None = None) -> Table:
    """The table with its look-back known (``back``, from a replay made anyway,
    such as a saved game's load; else worked out here). The same table when it is
    known already: the page asks at every drawing."""
    looked = table.looked
    known = looked is not None and looked[0] is table.state and looked[1] == table.players
    if back is None and known:
        return table
    return replace(table, looked=(table.state, table.players, back or look_back(table)))


def record(table: Table) -> str:
    """The saved game: position, players, the line ahead, the name, and this
    device's side of a game by links."""
    return saves.dump(table.state, table.players, table.ahead, name=table.name,
                      friend=table.friend)  # fmt: skip


def seating_of(players: tuple[str, str], friend: Any) -> seats.Seating:
    """How the words name the seats of a game with ``players`` and, in a game by
    links, ``friend`` (this device's ``FriendGame``; None otherwise)."""
    if friend is not None:
        return seats.by_links(friend.seat, friend.friend_name)
    return seats.seating(players)


def with_friend(table: Table, game: Any, *, relist: bool = True) -> Table:
    """The table as a game by links (``game``, this device's ``FriendGame``), its
    throw windows worked out; ``game`` None leaves it an ordinary game. The move
    list is written again when its words change (the friend's name came with their
    link), unless ``relist`` is False: the caller's log is in the new words."""
    if game is None:
        return replace(table, friend=None, placed=None)
    new = replace(table, friend=game, placed=windows.replay(table.state)[0])
    if relist and new.seating != table.seating:
        new = replace(new, log=tuple(new.ui.game_log(new.state, new.seating)))
    return new


def seated(text: str) -> Table:
    """The table a saved game puts on screen; raises ``saves.SaveError``."""
    state = saves.load(text)
    try:
        ahead = saves.load_ahead(text, state)
    except saves.SaveError:
        ahead = ()  # the game itself was read; only its redo line is lost
    name = saves.load_label(text)[0]
    players, friend = saves.load_players(text), saves.load_friend(text)
    log = ui_for(state).game_log(state, seating_of(players, friend))
    table = seat(state, players, ahead=ahead, name=name or None, log=log)
    return with_friend(table, friend, relist=False)


# -- the computer's part --------------------------------------------------------------


def _next_request(table: Table) -> tuple[Table, Do]:
    """A new request number (every older reply is now stale) and the computer's
    part if the turn is its own: a throw after its pause, or a question."""
    request = table.request + 1
    table = replace(table, request=request, waiting=None)
    if table.friend is not None:  # the friend's turn, from their link, one action at a time
        if table.still() or not table.ahead:
            return table, NOTHING
        if table.state.to_act() == CHANCE:
            return table, Do(throw_later=request)
        return table, Do(replay_later=request)
    if table.still() or not table.computer_to_play() or table.held():
        return table, NOTHING
    if table.ui.can_throw(table.state):
        return table, Do(throw_later=request)
    level = table.players[table.seat_to_play()]
    ask = Ask(request, MOVE, saves.dump(table.state), level)
    return replace(table, waiting=MOVE), Do(ask=ask)


def _merge(first: Do, then: Do) -> Do:
    return replace(
        first,
        say=first.say + then.say,
        ask=then.ask or first.ask,
        throw_later=then.throw_later if then.throw_later is not None else first.throw_later,
        replay_later=then.replay_later if then.replay_later is not None else first.replay_later,
    )


def computer_pause_ms(table: Table) -> int:
    """How long the computer waits before each of its actions, so that a person can
    follow them: the watcher's pace, none for a step asked, longest in the kiosk."""
    if table.attract:
        return ATTRACT_PAUSE_MS
    if table.stepping:
        return 0
    if table.watching:
        return WATCH_PAUSE_MS.get(table.speed, WATCH_PAUSE_MS[NORMAL])
    return COMPUTER_PAUSE_MS


def throw_for(table: Table, source: random.Random) -> Any:
    """The throw to play now: the ahead line's when it holds one here (a throw that
    was seen never changes), else fresh sticks from ``source``. In a game by links,
    the throw both players' chains fix, or None while it cannot be made here."""
    seen = line.next_throw(table.state, table.ahead)
    if seen is not None or table.friend is None:
        return seen or table.ui.throw(table.state, source)
    return friend_games.throw_here(table.friend, table.state, table.placed)


def friend_opening(table: Table) -> tuple:
    """Senet's opening in a game by links: the throws this device makes for both
    seats until one throws a 1, as far as the friend's sticks reach."""
    throws = []
    state, placed = table.state, table.placed
    while getattr(state, "in_opening", False) and state.to_act() == CHANCE:
        throw = friend_games.throw_here(table.friend, state, placed)
        if throw is None:
            break
        placed = placed.place(state)[0]
        state = state.apply(throw)
        throws.append(throw)
    return tuple(throws)


# -- transitions ----------------------------------------------------------------------


def play(table: Table, action: Any, by: str = PERSON) -> tuple[Table, Do]:
    """``action`` played on the table, by a person or by the computer. Refused
    (the table unchanged, nothing to do) during a review, on a shared game, or by a
    person on the computer's turn; an illegal action gives a notice."""
    if table.still() or (by == PERSON and table.computer_to_play()):
        return table, NOTHING
    if table.friend is not None and not _friend_may(table, action, by):
        return table, NOTHING
    ui, before = table.ui, table.state
    try:
        after = before.apply(action)
    except IllegalAction as error:
        return table, Do(notice="illegal", detail=str(error))
    if by == COMPUTER:
        steps = table.turn if table.turn and table.turn[-1][2] is before else ()
        if steps and ui.seat_to_play(steps[0][0]) != ui.seat_to_play(before):
            steps = ()
        turn = (*steps, (before, action, after))
    else:
        turn = ()
    seating = table.seating
    entry = ui.log_entry(before, action, after, seating)
    log = table.log + ((entry,) if entry else ())
    looked, players = table.looked, table.players
    if looked is not None and looked[0] is before and looked[1] == players:
        looked = (after, players, line.looked_after(looked[2], before, action, players))
    else:
        looked = None
    placed = table.placed
    if table.friend is not None and before.to_act() == CHANCE:
        placed = placed.place(before)[0]
    table = replace(
        table, state=after, ahead=line.kept(table.ahead, action), log=log, turn=turn,
        hint=None, selected=None, looked=looked, stepping=False, placed=placed,
    )  # fmt: skip
    said = () if table.attract else (ui.announce(before, action, after, seating),)
    done = Do(say=said, save=True, played=(before, action, after))
    table, then = _next_request(table)
    return table, _merge(done, then)


def _friend_may(table: Table, action: Any, by: str) -> bool:
    """In a game by links: the friend's turn from their link is played by the page
    (``by`` COMPUTER), action for action; this device's own actions only when it
    can act, and its throws only as the chains fix them."""
    if table.ahead:
        return by == COMPUTER and action == table.ahead[0]
    game, state, placed = table.friend, table.state, table.placed
    if not friend_games.can_act(game, state, placed):
        return False
    if state.to_act() == CHANCE:
        return action == friend_games.throw_here(game, state, placed)
    return by == PERSON


def computer_turn(table: Table) -> tuple[Table, Do]:
    """The computer's part now (after a take-back, a review, a new game...)."""
    return _next_request(table)


def reply(table: Table, answer: dict) -> tuple[Table, Do]:
    """The computer's answer to a request: a move index into ``legal_moves()`` and
    its notation (checked), or an error. A reply to another request than the
    latest changes nothing. A hint is on the table at once; a move is for the page
    to play after the computer's pause (``Do.move_later``)."""
    if answer.get("id") != table.request or table.waiting is None:
        return table, NOTHING
    kind = table.waiting
    table = replace(table, waiting=None)
    moves = list(table.state.legal_moves())
    index = answer.get("index")
    if (
        "error" in answer
        or type(index) is not int
        or not 0 <= index < len(moves)
        or moves[index].notation() != answer.get("move")
    ):
        return table, Do(notice="computer", detail=answer.get("error"))
    move = moves[index]
    if kind == HINT:
        selected = table.selected
        name = table.ui.piece_name(move)
        if name is not None and table.ui.tap(table.state, None, name) == (name, None):
            selected = name
        return replace(table, hint=Hint(table.state, move, answer.get("chance")),
                       selected=selected), NOTHING  # fmt: skip
    # Still the computer's turn until the move is shown, after its pause (a page job).
    return replace(table, waiting=MOVE), Do(move_later=move)


def ask_hint(table: Table) -> tuple[Table, Do]:
    """A person asks for a hint: a question to the computer about this position."""
    if table.still() or table.computer_to_play() or table.waiting:
        return table, NOTHING
    if table.friend is not None:  # a game between people: no help from the computer
        return table, NOTHING
    if not table.state.legal_moves():
        return table, NOTHING
    request = table.request + 1
    ask = Ask(request, HINT, saves.dump(table.state))
    return replace(table, request=request, waiting=HINT), Do(ask=ask)


def pause(table: Table, paused: bool) -> tuple[Table, Do]:
    """Watching the computer play itself: Pause stops it after the action shown (a
    reply on its way is dropped, never played later), Play lets it go on at once."""
    if not table.watching or paused == table.paused:
        return table, NOTHING
    return _next_request(replace(table, paused=paused, stepping=False))


def step(table: Table) -> tuple[Table, Do]:
    """Paused, one action of the computer's, without its pause; then it waits again."""
    if not (table.watching and table.paused) or table.stepping:
        return table, NOTHING
    if table.state.outcome() is not None:
        return table, NOTHING
    return _next_request(replace(table, stepping=True))


def pace(table: Table, speed: str) -> Table:
    """The watcher's pace for the computer's actions (one of ``SPEEDS``)."""
    return replace(table, speed=speed) if speed in SPEEDS else table


def take_back(table: Table) -> tuple[Table, Do]:
    """Back to the person's last decision (``ludeum.records.line``), the actions
    removed put in front of the line ahead."""
    if table.still() or table.attract or table.friend is not None:
        return table, NOTHING  # in a game by links, what was sent is final
    back = look_back(table)
    if back.state is None:
        return table, Do(refused=back.reason)
    steps = _steps(back.state, back.removed)
    words = entry_words(table.ui, steps, table.seating)
    what = listed(words) if words else _("the last move")
    table, done = _shown(table, back.state, back.removed + tuple(table.ahead))
    said = (_("Taken back: {moves}.", moves=what), status(table))
    return table, replace(done, say=said + done.say, unplayed=steps)


def redo(table: Table) -> tuple[Table, Do]:
    """The first action of the line ahead played again, with the computer's
    replies after it."""
    if table.still() or table.attract or not table.ahead or table.friend is not None:
        return table, NOTHING
    try:
        state, ahead = line.redo(table.state, table.ahead, table.players)
    except ValueError:  # a line that no longer follows: dropped, never a crash
        return replace(table, ahead=()), NOTHING
    played = table.ahead[: len(table.ahead) - len(ahead)]
    words = entry_words(table.ui, _steps(table.state, played), table.seating)
    what = listed(words) if words else _("the next move")
    table, done = _shown(table, state, ahead)
    said = (_("Played again: {moves}.", moves=what), status(table))
    return table, replace(done, say=said + done.say)


def _steps(state: Any, actions: tuple) -> tuple:
    """``actions`` played from ``state``, as (before, action, after) each."""
    steps = []
    for action in actions:
        after = state.apply(action)
        steps.append((state, action, after))
        state = after
    return tuple(steps)


def listed(words: list[str]) -> str:
    """Entries said one after another, joined as every list of the app is (the one
    message ``{first}; {second}``, which French spaces)."""
    text = words[0]
    for word in words[1:]:
        text = _("{first}; {second}", first=text, second=word)
    return text


def entry_words(ui, steps: tuple, seating: seats.Seating) -> list[str]:
    """The move-list lines of ``steps`` (before, action, after), without their closing
    full stop: what a take-back or a redo says it took back or played again."""
    words = []
    for before, action, after in steps:
        entry = ui.log_entry(before, action, after, seating)
        if entry:
            words.append(entry.rstrip("."))
    return words


def _shown(table: Table, state: Any, ahead: tuple) -> tuple[Table, Do]:
    """``state`` on the table with the line ``ahead``: the move list rebuilt."""
    log = tuple(ui_for(state).game_log(state, table.seating))
    table = replace(table, state=state, ahead=tuple(ahead), log=log, turn=(), hint=None,
                    selected=None, looked=None)  # fmt: skip
    table, then = _next_request(table)
    return table, _merge(Do(save=True, relist=True), then)


def select(table: Table, name: str | None) -> Table:
    """The piece chosen on the board (None: none)."""
    return replace(table, selected=name)


def rename(table: Table, name: str | None) -> Table:
    """The visitor's name for the game (saved with it; None: no name)."""
    return replace(table, name=name or None)


def show_result(table: Table, shown: bool) -> Table:
    """The result over the board at the end, or hidden to look at the final board."""
    return replace(table, result_hidden=not shown)


def new_game(table: Table, state: Any, players: tuple[str, str] | None = None) -> tuple[Table, Do]:
    """A new game on the table (the page has put the old one away first)."""
    players = table.players if players is None else tuple(players)
    fresh = seat(state, players, attract=table.attract)
    fresh = replace(fresh, request=table.request, speed=table.speed)
    fresh, then = _next_request(fresh)
    return fresh, _merge(Do(save=True, relist=True), then)


def other_game(table: Table, game: Table) -> tuple[Table, Do]:
    """Another game on screen in place of this one (the other tab's, a kept one
    opened): its request numbers follow this table's, so that no reply about the
    game it replaces ever lands on it."""
    game = replace(game, request=table.request, own=None, review=None)
    game, then = _next_request(game)
    return game, _merge(Do(relist=True), then)


def received(table: Table, game: Table) -> tuple[Table, Do]:
    """A game by links as a friend's link leaves it (``game``), in place of the
    table: saved at once, the friend's turn still to show in its ``ahead``, played
    from there action by action (``Do.throw_later``, ``Do.replay_later``)."""
    game = replace(game, request=table.request, own=None, review=None)
    game, then = _next_request(game)
    return game, _merge(Do(save=True, relist=True), then)


def relabel(table: Table) -> tuple[Table, Do]:
    """The move list in words again (the page's language changed)."""
    log = tuple(table.ui.game_log(table.state, table.seating))
    return replace(table, log=log), Do(relist=True)


def review_to(table: Table, stop: int, stops: int) -> tuple[Table, Do]:
    """Show the game's position at ``stop`` (of ``stops``, the review's count of
    positions): the live game waits, and no computer reply lands meanwhile."""
    stop = max(0, min(stop, stops - 1))
    if table.review is None:
        table = replace(table, request=table.request + 1, waiting=None, selected=None)
    return replace(table, review=stop), NOTHING


def back_to_game(table: Table) -> tuple[Table, Do]:
    """Leave the review: the game as it was, and the computer's part if its turn."""
    if table.review is None:
        return table, NOTHING
    return _next_request(replace(table, review=None))


def continue_from(table: Table, state: Any, ahead: tuple, entries: int) -> tuple[Table, Do]:
    """The reviewed position becomes the game (``state``, the position at the
    review's stop, with the rest of the old line as ``ahead``; the move list keeps
    its first ``entries`` entries)."""
    if table.review is None or table.viewing or table.friend is not None:
        return table, NOTHING
    table = replace(table, state=state, ahead=tuple(ahead), log=table.log[:entries],
                    review=None, turn=(), hint=None, selected=None, looked=None)  # fmt: skip
    table, then = _next_request(table)
    return table, _merge(Do(save=True, relist=True), then)


def look_at(table: Table, shared: Any, names: tuple[str, str] | None = None
            ) -> tuple[Table, Do]:  # fmt: skip
    """A shared game on the table, only looked at: the visitor's own table is kept
    under it, as it was. ``names``: its players', for the cards (a game by links
    that this device does not play)."""
    own = table.own if table.viewing else replace(table, review=None)
    shown = seat(shared)
    shown = replace(shown, own=own, request=table.request + 1, seen_names=names)
    return shown, Do(relist=True)


def shared_record(table: Table, state: Any = None, ahead: tuple = ()) -> str | None:
    """What a visitor keeps to take up the shared game on the table as a game of
    their own, two people's seats: the game as shared, or, from a review of it, its
    position ``state`` at the review's stop with the rest of its line as ``ahead``
    (Redo plays it again, as after ``continue_from``). None when no shared game is
    looked at: one's own game is never kept through here."""
    if not table.viewing:
        return None
    if state is None:
        state, ahead = table.state, ()
    return saves.dump(state, seats.HUMANS, tuple(ahead))


def back_to_own(table: Table) -> tuple[Table, Do]:
    """Leave the shared game: the visitor's own table back, as it was."""
    if table.own is None:
        return table, NOTHING
    own = replace(table.own, request=table.request, hint=None, selected=None, turn=())
    own, then = _next_request(own)
    return own, _merge(Do(relist=True), then)


def attract_in(table: Table, state: Any, level: str) -> tuple[Table, Do]:
    """Kiosk, between visitors: the computer plays itself, silently."""
    fresh = replace(seat(state, (level, level), attract=True), request=table.request)
    fresh, then = _next_request(fresh)
    return fresh, _merge(Do(relist=True), then)


def attract_out(table: Table, state: Any, players: tuple[str, str]) -> tuple[Table, Do]:
    """Someone touched the screen: a fresh game for the visitor."""
    fresh = replace(seat(state, players), request=table.request)
    fresh, then = _next_request(fresh)
    return fresh, _merge(Do(save=True, relist=True), then)


# -- what the page shows -------------------------------------------------------------


def cards(table: Table) -> tuple:
    """The two player cards' sides (``ui.side_card`` per seat)."""
    return tuple(table.ui.side_card(table.state, s) for s in (0, 1))


def turn_shown(table: Table) -> tuple:
    """The computer's turn that led to the position shown, if it did (a take-back,
    a new game or a loaded one leaves none): its squares stay marked."""
    turn = table.turn
    return turn if turn and turn[-1][2] is table.state else ()


def hint_shown(table: Table) -> Hint | None:
    """The hint for the position shown: a hint found for another is never shown."""
    hint = table.hint
    return hint if hint is not None and hint.position is table.state else None


def status(table: Table) -> str:
    """The status line: the computer's turn summed up when it led here, else the
    position's own words."""
    ui, state = table.ui, table.state
    waits = friend_status(table)
    if waits is not None:
        return waits
    steps = turn_shown(table)
    summed = getattr(ui, "turn_status", None)
    seating = table.seating
    if steps and summed:
        return summed(state, list(steps), seating)
    return ui.status(state, seating)


def side_labels(table: Table) -> tuple[str, str]:
    """Each seat's side with who plays it, as the review graph names them: "Black
    (you)", "White (the computer)", "Black (Bo)" in a game by links; the sides'
    own labels ("Black (Player 1)") between two people here, and in a shared game."""
    ui, state, seating = table.ui, table.state, table.seating
    labels = []
    for seat in (0, 1):
        label = ui.side_label(state, seat)
        if seating.is_you(seat):
            who = _("you")
        elif seating.is_computer(seat):
            who = _("the computer")
        elif seating.subject(seat, label) != label:  # the friend's name
            who = seating.subject(seat, label)
        else:
            labels.append(label)
            continue
        side = ui.side_card(state, seat).side
        # Translators: a side and who plays it, e.g. "Black (you)", "Light (Bo)".
        labels.append(_("{side} ({player})", side=side, player=who) if side else who)
    return labels[0], labels[1]


def card_names(table: Table, visitor: str = "") -> tuple[str, str] | None:
    """The names on the player cards of a game by links: the visitor's own name
    (``visitor``, the one set now, else the one the game began with, else "You") and
    the friend's (else "Your friend"); a watched game by links' players' names
    ("Player 1" or "Player 2" for one without); None for other games."""
    game = table.friend
    if game is None and table.viewing and table.seen_names and any(table.seen_names):
        seen = table.seen_names  # a game by links watched here: its players' names
        return (seen[0] or _("Player 1"), seen[1] or _("Player 2"))
    if game is None:
        return None
    names = [game.names[0], game.names[1]]
    names[game.seat] = visitor or names[game.seat] or _("You")
    names[game.friend] = names[game.friend] or _("Your friend")
    return names[0], names[1]


def friend_status(table: Table) -> str | None:
    """What a game by links waits for, in words; None when it waits for nothing."""
    waits = table.friend_waits()
    if waits is None:
        return None
    name = table.friend.friend_name
    if waits == friend_games.FRIENDS_ANSWER:
        if name:
            return _("Send the invitation to {friend}: their answer lets you throw first.",
                     friend=name)  # fmt: skip
        return _("Send the invitation to your friend: their answer lets you throw first.")
    if waits == friend_games.FRIENDS_STICKS:
        if name:
            return _("Your turn goes on, with {friend}'s next sticks: send them the link, "
                     "then open their answer.", friend=name)  # fmt: skip
        return _("Your turn goes on, with your friend's next sticks: send them the link, "
                 "then open their answer.")  # fmt: skip
    if name:
        return _("{friend}'s turn: send them the link, then open their answer.", friend=name)
    return _("Your friend's turn: send them the link, then open their answer.")


def ending(table: Table) -> str:
    """How the game on the table ended, in the words of its seating (the result's)."""
    return table.ui.ending(table.state, table.seating)


def chance_to_act(table: Table) -> bool:
    """The position waits for a throw (a chance node)."""
    return table.state.to_act() == CHANCE
