"""The player cards beside the board, and the result banner at the end: pure HTML.

One card per seat, as on Board Game Arena or lichess: a swatch of the seat's pieces,
who plays it ("You", "Computer · Hard", "Player 1"), its side, and its tally (pieces
borne off, brought home or captured). The seat to act is lit, and says so in words
too ("to play"), so that the turn is never told by colour alone; at the end the
winner's card says "winner". Every card always holds the same lines, so nothing on
the page moves when the turn passes (the tally's words have a fixed line each).

The banner says who won, how (the game's own closing sentence, with Senet's score),
and in how many moves; its buttons are the glue's.

Each game's ``ui`` module gives a :class:`SideCard` per seat (``side_card``); the
words of the players come from ``ludeum.seats``. Text goes through ``_`` and is
escaped here.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from . import seats
from .i18n import _, _n
from .protocol import Outcome


@dataclass(frozen=True)
class SideCard:
    """What a game says about one seat: its side's name ("White", "Light", "Red";
    "" before Senet's opening decides the colours), a small SVG of its pieces
    (decorative: the side's name says the same), and its tally in words."""

    side: str
    swatch: str
    tally: str


def card_name(players: tuple[str, str], seat: int, *, visitor: str = "") -> str:
    """The name on a seat's card: "You" against the computer (or ``visitor``, the
    name the visitor chose on the Your games page, when there is one), "Computer ·
    Hard", or "Player 1" / "Player 2" between two people."""
    who = players[seat]
    if who != seats.HUMAN:
        return _("Computer · {level}", level=_(seats.LEVEL_NAMES[who]))
    if seats.is_computer(players, 1 - seat):
        return visitor or _("You")
    return _("Player 1") if seat == 0 else _("Player 2")


def cards_html(
    cards: tuple[SideCard, SideCard],
    players: tuple[str, str],
    to_act: int | None,
    outcome: Outcome | None,
    names: tuple[str, str] | None = None,
    *,
    visitor: str = "",
) -> str:
    """The two cards, seat 0 first. ``to_act`` is the seat whose turn it is (lit);
    at the end, ``outcome`` names the winner (lit as such), or a draw. ``names``:
    who plays each seat, in place of ``card_name`` (a game by links); ``visitor``:
    the visitor's name, for the card that would say "You" (``card_name``)."""
    out = []
    for seat, card in enumerate(cards):
        if outcome is not None:
            lit = outcome.winner == seat
            badge = _("winner") if lit else ""
        else:
            lit = to_act == seat
            badge = _("to play") if lit else ""
        if names is not None:
            name = names[seat]
        else:
            name = card_name(players, seat, visitor=visitor)
        side = card.side or _("side not yet decided")
        classes = "player-card lit" if lit else "player-card"
        out.append(
            f'<li class="{classes}" data-seat="{seat}"'
            + (' aria-current="true"' if lit and outcome is None else "")
            + f'><span class="card-swatch" aria-hidden="true">{card.swatch}</span>'
            f'<span class="card-name">{escape(name)}</span>'
            f'<span class="card-badge">{escape(badge)}</span>'
            f'<span class="card-side">{escape(side)}</span>'
            f'<span class="card-tally">{escape(card.tally)}</span></li>'
        )
    return "".join(out)


def result_title(
    outcome: Outcome, players: tuple[str, str], sides: tuple[str, str], you: int | None = None
) -> str:
    """The banner's headline: "You win", "You lose" against the computer or a friend
    by links (``you``: this device's seat); "White wins" (the side, then who played
    it) between people or computers; "Draw"."""
    winner = outcome.winner
    if winner is None:
        return _("Draw")
    if you is not None:
        return _("You win") if winner == you else _("You lose")
    humans = [seat for seat in (0, 1) if players[seat] == seats.HUMAN]
    if len(humans) == 1:
        return _("You win") if winner == humans[0] else _("You lose")
    side = sides[winner] or card_name(players, winner)
    return _("{side} wins", side=side)


def result_html(
    outcome: Outcome,
    players: tuple[str, str],
    sides: tuple[str, str],
    how: str,
    moves: int,
    you: int | None = None,
) -> str:
    """The banner's words: the headline (an h2, which the glue focuses), then how the
    game ended (the game's own closing sentence ``how``, which gives Senet's score,
    its margin of victory) and the number of moves."""
    facts = [how] if how else []
    facts.append(_n("{count} move.", "{count} moves.", moves))
    title = escape(result_title(outcome, players, sides, you))
    return (
        f'<h2 id="game-over-title" tabindex="-1">{title}</h2>'
        f'<p id="game-over-text">{escape(" ".join(facts))}</p>'
    )
