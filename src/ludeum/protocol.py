"""The small protocol every Ludeum game implements.

A game state is an immutable value. It says who acts next (a seat, or chance when a
throw is pending), lists its legal moves or its chance outcomes with their
probabilities, and returns a *new* state from ``apply``. Search, replay, the browser
glue and the tests all use only this surface, so a new game plugs into all of them.

Seats are 0 and 1 in every game; colours and names are the game's own business.
Saving is not the state's business either: each game's ``save`` module writes a
state as JSON (``to_json(state)``, ``from_json(data)``), and ``ludeum.saves`` picks
the module by the state's type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

#: Returned by ``to_act()`` when the next action is a throw of the sticks or dice.
CHANCE = -1


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won (a seat, or None for a draw), a score for the
    winner (the game's own margin of victory, 0 where the game has none), and why,
    as a short machine-readable reason such as ``"borne_off"``."""

    winner: int | None
    score: int = 0
    reason: str = ""


class GameState(Protocol):
    """What the rest of the app may ask of any game's state."""

    def to_act(self) -> int | None:
        """The seat to move, ``CHANCE`` when a throw is pending, None when over."""

    def legal_moves(self) -> Sequence[Any]:
        """The moves open to the seat to act; empty while a throw is pending."""

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        """(outcome, probability) pairs while a throw is pending, else empty."""

    def apply(self, action: Any) -> GameState:
        """A new state after a move or a thrown outcome; raises IllegalAction."""

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    def actions(self) -> list[Any]:
        """Every action applied since the start, oldest first."""

    def start(self) -> GameState:
        """The state the game began from; replaying ``actions()`` on it gives this one."""


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state."""


class StartFault(ValueError):
    """A start position from outside (a save, an imported move list) that the game's
    set-up cannot produce. ``message`` (marked with ``N_``) and ``fields`` name the
    fault; ``str()`` is English, for logs, and ``text()`` the page's language."""

    def __init__(self, message: str, **fields: Any) -> None:
        self.message = message
        self.fields = tuple((name, str(value)) for name, value in fields.items())
        super().__init__(message.format(**dict(self.fields)))

    def text(self) -> str:
        from .i18n import _

        return _(self.message, **dict(self.fields))


def shown(value: Any) -> str:
    """A value for an error message, cut short: a save may hold megabytes of junk."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."
