"""The line of play: take-back and redo, for every game and ruleset, over the game
protocol only (``ludeum.protocol``).

A game on screen is a state (the actions played so far) and an *ahead* line: the
actions beyond the current position that a take-back removed, kept so that they can
be played again (redo). The rules, decided for issue 13:

* **A throw that was seen stays.** A take-back removes actions from the end of the
  game and stops before removing any chance action (a Senet throw). In Senet a move
  can be taken back and played again, differently, with the same throw still
  pending; the throw itself is never taken back. When the last action is a throw
  there is nothing to take back.
* **Back to the person's last decision.** A take-back removes the last actions back
  to the latest state where a person (a seat whose player is ``"human"``,
  ``ludeum.seats``) chose a move, taking the computer's replies with it. Two people:
  one decision back. The computer against itself: nothing to take back. So in Senet
  against the computer a move can be taken back only until the computer has thrown.
* **Redo** plays again exactly what the last take-back removed: the person's action
  and the computer's replies that followed it, stopping before the next person's
  decision or the next throw.
* **The ahead line is kept until replaced.** When the next action played equals
  ``ahead[0]`` the line is kept (it advances by one); any other action drops it.
  At a chance node whose ``ahead[0]`` is a throw, throwing plays that throw again
  (``next_throw``): a throw that was seen never changes.

Rewinding replays the game from ``state.start()`` over the actions kept (states are
immutable and hold no link to their parent). That costs O(n) in the game's length,
like saving it does after every action; a loop, never recursion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..protocol import CHANCE
from ..seats import HUMAN

#: Why nothing can be taken back (``LookBack.reason``).
AT_START = "start"  # no action yet
THROW_STAYS = "throw"  # a throw came after the person's last decision
NO_PERSON = "computer"  # no person chose any of the actions (the computer alone)


@dataclass(frozen=True)
class LookBack:
    """What a take-back would do from a state: the state it lands on (None when
    nothing can be taken back, and then ``reason`` says why) and the actions it
    removes, oldest first."""

    state: Any | None
    removed: tuple = ()
    reason: str = ""


def same(a: Any, b: Any) -> bool:
    """Two actions are the same action: same kind and same value (a Senet move
    and a Lodestone move may both be pairs of numbers)."""
    return type(a) is type(b) and a == b


def _person(players: Sequence[str], actor: Any) -> bool:
    return actor in (0, 1) and players[actor] == HUMAN


def look_back(state: Any, players: Sequence[str]) -> LookBack:
    """Where a take-back from ``state`` would land, found in one replay from the
    start: the latest state, after the last chance action, where a person chose."""
    tracker = LookBackTracker(players)
    current = state.start()
    for action in state.actions():
        after = current.apply(action)
        tracker.step(current, action)
        current = after
    return tracker.result(state)


class LookBackTracker:
    """``look_back`` worked out alongside a replay made for something else (loading a
    saved game, ``ludeum.records.resume``): ``step`` with each state before its
    action, in order from the start, then ``result`` with the state reached."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = players
        self.index = 0  # actions stepped over so far
        self.target = None  # (state, index) of the latest person's decision since the last throw
        self.thrown = False  # a chance action was played

    def step(self, before: Any, action: Any) -> None:
        actor = before.to_act()
        if actor == CHANCE:
            self.target = None
            self.thrown = True
        elif _person(self.players, actor):
            self.target = (before, self.index)
        self.index += 1

    def result(self, state: Any) -> LookBack:
        if not self.index:
            return LookBack(None, (), AT_START)
        if self.target is None:
            person_plays = any(player == HUMAN for player in self.players)
            return LookBack(None, (), THROW_STAYS if self.thrown and person_plays else NO_PERSON)
        landing, index = self.target
        return LookBack(landing, tuple(state.actions()[index:]))


def looked_after(back: LookBack, before: Any, action: Any, players: Sequence[str]) -> LookBack:
    """``look_back(before.apply(action), players)`` from ``back``, the look-back of
    ``before``, in constant time: the page keeps it up to date after every action
    instead of replaying the game each time (a replay costs O(n))."""
    actor = before.to_act()
    if actor == CHANCE:
        return LookBack(None, (), THROW_STAYS if HUMAN in players else NO_PERSON)
    if _person(players, actor):
        return LookBack(before, (action,))
    if back.state is None:  # a computer's action, with nothing to take back before it
        return LookBack(None, (), NO_PERSON if back.reason == AT_START else back.reason)
    return LookBack(back.state, back.removed + (action,))


def take_back(state: Any, ahead: Sequence[Any], players: Sequence[str]) -> tuple | None:
    """``(state, ahead)`` after taking back to the person's last decision, the
    removed actions put in front of the ahead line; None when there is nothing to
    take back (see ``look_back``'s reason)."""
    back = look_back(state, players)
    if back.state is None:
        return None
    return back.state, back.removed + tuple(ahead)


def redo(state: Any, ahead: Sequence[Any], players: Sequence[str]) -> tuple | None:
    """``(state, ahead)`` after playing again the first action of the ahead line and
    the computer's replies after it, up to the next person's decision or throw;
    None when there is nothing ahead. Raises ``IllegalAction`` if the ahead line does
    not follow from ``state`` (the callers only build lines that do)."""
    if not ahead:
        return None
    current = state.apply(ahead[0])
    played = 1
    while played < len(ahead):
        actor = current.to_act()
        if actor is None or actor == CHANCE or _person(players, actor):
            break
        current = current.apply(ahead[played])
        played += 1
    return current, tuple(ahead[played:])


def kept(ahead: Sequence[Any], action: Any) -> tuple:
    """The ahead line after ``action`` is played: advanced when it was the line's
    next action, dropped (replaced by the new line) when it was any other."""
    if ahead and same(ahead[0], action):
        return tuple(ahead[1:])
    return ()


def play(state: Any, ahead: Sequence[Any], action: Any) -> tuple:
    """``(state, ahead)`` after playing ``action``; raises ``IllegalAction``."""
    return state.apply(action), kept(ahead, action)


def next_throw(state: Any, ahead: Sequence[Any]) -> Any | None:
    """The throw to play at a chance node: the ahead line's, when it holds one
    there (a throw that was seen is thrown again); None means throw afresh."""
    if not ahead or state.to_act() != CHANCE:
        return None
    throw = ahead[0]
    try:
        # Not ``in chance_outcomes()``: search sees one throw per value, while a seen
        # throw is the sticks as they fell (T0110 and T1100 are both worth 2).
        state.apply(throw)
    except ValueError:  # IllegalAction is a ValueError
        return None
    return throw


def follows(state: Any, ahead: Sequence[Any]) -> Any:
    """The state at the end of the ahead line, checking that each action is legal
    where it is played; raises ``IllegalAction`` (or ``ValueError``) otherwise."""
    for action in ahead:
        state = state.apply(action)
    return state
