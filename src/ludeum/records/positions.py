"""The state after any number of actions of a game, and where each move-list entry
stands: what review needs to show any point of a record.

``Positions`` keeps a checkpoint (a state) every ``every`` actions and replays from
the nearest one at or before the index asked for, so a position costs at most
``every - 1`` applications once its checkpoint exists. Checkpoints are made lazily,
on the way to the first index asked beyond them, so opening a long record costs
nothing until a position deep in it is wanted. A 100,000-action record with the
default spacing holds about 1,600 states; each shares its history's trie with its
neighbours (``ludeum.history``), so the memory stays a small multiple of the
record's own. Nothing here recurses.

Move-list entries: every game's ``ui.log_entry(before, action, after)`` gives the
line an action adds to the move list, or None (a Senet throw whose move will make the
line). ``entry_ends`` lists, per entry, the number of actions after which that
entry's position stands, in the order of ``ui.game_log(state)``.
"""

from __future__ import annotations

from typing import Any

#: Actions between two checkpoints: a position is at most this many applications away.
EVERY = 64


class Positions:
    """The states of one game's line, from its start to ``final`` (the last state)."""

    def __init__(self, final: Any, every: int = EVERY) -> None:
        if every < 1:
            raise ValueError("checkpoints need a positive spacing")
        self.final = final
        self.actions = final.actions()
        self.every = every
        self.checkpoints = [final.start()]  # checkpoint k is the state after k*every actions

    def __len__(self) -> int:
        """The number of actions: positions run from 0 to this, both included."""
        return len(self.actions)

    def at(self, index: int) -> Any:
        """The state after the first ``index`` actions."""
        if not 0 <= index <= len(self.actions):
            raise IndexError(f"no position after {index} actions in a line of {len(self)}")
        if index == len(self.actions):
            return self.final
        every, checkpoints = self.every, self.checkpoints
        slot = min(index // every, len(checkpoints) - 1)
        state, done = checkpoints[slot], slot * every
        while done < index:
            state = state.apply(self.actions[done])
            done += 1
            if done % every == 0 and done // every == len(checkpoints):
                checkpoints.append(state)
        return state

    def follow(self, final: Any) -> Positions | None:
        """The positions of ``final``, a later state of this same line, keeping the
        checkpoints made so far; None when ``final`` is not this line played on."""
        actions = final.actions()
        known = len(self.actions)
        if len(actions) < known or actions[:known] != self.actions:
            return None
        later = Positions(final, self.every)
        later.checkpoints = list(self.checkpoints)
        return later

    def line_from(self, index: int) -> tuple:
        """The actions after position ``index``: the old line when play resumes there."""
        return tuple(self.actions[index:])


def entries(
    state: Any, ui: Any, positions: Positions | None = None
) -> tuple[list[int], list[int | None]]:
    """For each entry of ``ui.game_log(state)``: the number of actions after which
    its position stands (the action that made the line included), and the seat whose
    turn made it (``ui.seat_to_play`` just before that action; in Senet the thrower
    of a lost throw too). One replay of the game."""
    return entries_after(state.start(), state.actions(), 0, ui, positions)


def entries_after(
    before: Any, actions: list, first: int, ui: Any, positions: Positions | None = None
) -> tuple[list[int], list[int | None]]:
    """``entries`` for ``actions`` played from ``before``, the position after the
    first ``first`` actions of the game. With ``positions`` (of the same game), the
    checkpoints this replay passes are kept there too: it costs nothing more now and
    saves a replay later."""
    ends: list[int] = []
    movers: list[int | None] = []
    checkpoints, every = (positions.checkpoints, positions.every) if positions else ([], 0)
    for number, action in enumerate(actions, first + 1):
        after = before.apply(action)
        if ui.log_entry(before, action, after):
            ends.append(number)
            movers.append(ui.seat_to_play(before))
        if every and number % every == 0 and number // every == len(checkpoints):
            checkpoints.append(after)
        before = after
    return ends, movers


def entry_ends(state: Any, ui: Any) -> list[int]:
    """Per entry of ``ui.game_log(state)``, the number of actions after which it stands."""
    return entries(state, ui)[0]


def stops(ends: list[int]) -> list[int]:
    """The positions review steps through: the start, then after each entry."""
    return [0, *ends]
