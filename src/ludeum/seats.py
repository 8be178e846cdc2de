"""Who plays each seat: a person at this device, or the computer at a level.

A choice of players is a pair, one entry per seat: ``"human"`` or a level name
(``"easy"``, ``"medium"``, ``"hard"``). It is saved with the game, so a reload
resumes against the same opponent. Anything unreadable means two people: the
computer never takes a seat that nobody gave it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_, _

HUMAN = "human"
#: The computer's levels, weakest first (``ludeum.ai.players`` defines them; they are
#: repeated here so that the page need not load the search code to boot).
LEVELS = ("easy", "medium", "hard")
LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
HUMANS = (HUMAN, HUMAN)

#: The new-game form's choices: who plays, which seat the computer takes.
OPPONENTS = (
    ("human", N_("Two people on this device")),
    ("computer", N_("Against the computer")),
    ("both", N_("The computer against itself")),
    ("friend", N_("A friend on another device, by links")),
)
COMPUTER_SEATS = (("1", N_("Player 2")), ("0", N_("Player 1")))


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the words of a game (status, move list, live region) name
    the seats. ``you`` is the seat of the one person playing the computer: the
    words then say "you" and "the computer", as the player cards do. None between
    two people, for the computer against itself, and for a game seen by someone
    else (a shared one): the seats are then named by their sides, as before.

    In a game by links (``by_links``), ``you`` is this device's seat and ``friend``
    the name of the person at the other device ("" when they gave none): the
    other seat is a person, never "the computer", named by that name wherever the
    words name a seat; "Player 1" or "Player 2" only when nobody gave a name."""

    you: int | None = None
    friend: str | None = None

    def is_you(self, seat: int | None) -> bool:
        return self.you is not None and seat == self.you

    def is_computer(self, seat: int | None) -> bool:
        return self.you is not None and self.friend is None and seat in (0, 1) and seat != self.you

    def subject(self, seat: int, side: str) -> str:
        """The seat's name where a sentence names it in the third person ("{side}
        moved..."): "The computer", the friend's name, or ``side``. This device's
        person is never named here: "you" takes the verb's other form, so each game
        has messages of its own for it (``is_you``)."""
        if self.is_computer(seat):
            return _("The computer")
        if self.friend and self.you is not None and seat == 1 - self.you:
            return self.friend
        return side


#: The seats named by their sides: two people, or the computer against itself.
SIDES = Seating()


def seating(players: tuple[str, str]) -> Seating:
    """The seating of a choice of players: a person against the computer is "you"."""
    people = [seat for seat in (0, 1) if players[seat] == HUMAN]
    return Seating(people[0]) if len(people) == 1 else SIDES


def by_links(seat: int, friend: str) -> Seating:
    """The seating of a game by links on the device that plays ``seat``, the friend
    being called ``friend`` ("" when unnamed)."""
    return Seating(seat, friend)


def parse(value: object) -> tuple[str, str]:
    """A saved choice of players, or two people if it is not a valid one."""
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, str) and (v == HUMAN or v in LEVELS) for v in value)
    ):
        return value[0], value[1]
    return HUMANS


def from_form(values: dict[str, str]) -> tuple[str, str]:
    """The players chosen in the new-game form; unknown values fall back to the
    defaults (two people; the computer plays Player 2 at Medium)."""
    opponent = values.get("opponent", "human")
    level = values.get("level", "medium")
    level = level if level in LEVELS else "medium"
    if opponent == "both":
        return level, level
    if opponent != "computer":
        return HUMANS
    if values.get("computer_seat") == "0":
        return level, HUMAN
    return HUMAN, level


def is_computer(players: tuple[str, str], seat: int | None) -> bool:
    return seat in (0, 1) and players[seat] != HUMAN


def opponent_choice(players: tuple[str, str]) -> str:
    """The form's "who plays" value for a choice of players."""
    computers = sum(p != HUMAN for p in players)
    return ("human", "computer", "both")[computers]


def players_text(players: tuple[str, str], sides: list[str]) -> str:
    """The line that says who plays which side, e.g. "White (Player 1): you;
    Black (Player 2): Computer (Hard)"; ``sides`` names each seat's side."""
    first, second = (
        _("{side}: {player}", side=side, player=player_name(players, seat))
        for seat, side in enumerate(sides)
    )
    # Translators: two items of a list, e.g. who plays each side (French: "{first} ; {second}").
    return _("{first}; {second}", first=first, second=second)


def player_name(players: tuple[str, str], seat: int) -> str:
    """ "you", "Player 1", or "Computer (Hard)": how the page names a seat's player."""
    who = players[seat]
    if who != HUMAN:
        return _("Computer ({level})", level=_(LEVEL_NAMES[who]))
    if is_computer(players, 1 - seat):
        return _("you")
    return _("Player 1") if seat == 0 else _("Player 2")
