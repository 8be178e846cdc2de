"""Every throw of a game by links, shown with what made it (issue 38: "the record
shows and checks every reveal").

For each throw: its index (``windows``), both players' chain values there, and the
sticks those values give (``chains.sticks``), checked against the throw kept in the
game. A value comes from a chain revealed in a link (``FriendGame.values`` checks it
against its anchor) or, for this device's own values not yet sent, from its secret.
The markup is a table for the Send dialog's "How the throws were made" (web/friends.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from ..i18n import _
from ..protocol import CHANCE
from . import chains, windows
from .friend import FriendGame

#: Hex digits of each value shown (the whole value is 32): enough to compare by eye.
SHOWN = 8


@dataclass(frozen=True)
class Proof:
    """One throw: its number among the game's throws (from 1), the seat that threw,
    its index, both seats' values there (None where this device cannot know one
    yet), the sticks, and whether the values give those sticks."""

    number: int
    seat: int
    index: int
    values: tuple[bytes | None, bytes | None]
    sticks: tuple[int, ...]
    checked: bool


def proofs(state: Any, game: FriendGame) -> list[Proof]:
    """Every throw of ``state``'s game, oldest first. Never raises on a chain that
    does not check (a proof then says unchecked)."""
    known = []
    for seat in (0, 1):
        try:
            known.append(game.values(seat) if game.anchors[seat] is not None else [])
        except chains.ChainError:
            known.append([])
    out = []
    placed = windows.Windows()
    current = state.start()
    for action in state.actions():
        if current.to_act() == CHANCE:
            seat = current.seat
            placed, index = placed.place(current)
            values = tuple(_value(game, known, s, index) for s in (0, 1))
            checked = None not in values and (
                chains.sticks(index, values[0], values[1]) == tuple(action.sticks)
            )
            out.append(Proof(len(out) + 1, seat, index, values, tuple(action.sticks), checked))
        current = current.apply(action)
    return out


def _value(game: FriendGame, known: list, seat: int, index: int) -> bytes | None:
    if index < len(known[seat]):
        return known[seat][index]
    if seat == game.seat and game.secret is not None:
        return game.own_value(index)
    return None


def _sticks_html(sticks: tuple[int, ...]) -> str:
    """The four sticks as they fell, drawn by the style sheet (an outlined bar for a
    light side up, a filled one for a dark: no font needs a glyph for them), then
    counted in words, which is what a screen reader reads (issue 52: not raw bits)."""
    drawn = "".join("<i class='light'></i>" if light else "<i></i>" for light in sticks)
    words = _("light sides up: {count}", count=sum(sticks))
    return (
        f"<span class='proof-sticks' aria-hidden='true'>{drawn}</span> "
        f"<span class='proof-light'>{escape(words)}</span>"
    )


def proofs_html(items: list[Proof], names: tuple[str, str]) -> str:
    """The table of ``items`` (``names``: each seat's name as the cards say it)."""
    if not items:
        nothing = _("No throw yet.")
        return f"<p>{escape(nothing)}</p>"
    # Messages stay outside f-strings: the extractor does not look inside them.
    headings = (_("Throw"), _("By"), _("Index"), names[0], names[1], _("Sticks"),
                _("Checked"))  # fmt: skip
    head = "<tr>" + "".join(f"<th scope='col'>{escape(h)}</th>" for h in headings) + "</tr>"
    rows = []
    for proof in items:
        parts = "".join(
            f"<td><code>{value.hex()[:SHOWN] if value else '–'}</code></td>"
            for value in proof.values
        )
        verdict = _("yes") if proof.checked else _("no")
        rows.append(
            f"<tr><td>{proof.number}</td><td>{escape(names[proof.seat])}</td>"
            f"<td>{proof.index}</td>{parts}<td>{_sticks_html(proof.sticks)}</td>"
            f"<td>{escape(verdict)}</td></tr>"
        )
    caption = _(
        "Each throw is four bits of a hash of both players' values at its index; each "
        "value is checked against what its player committed to when the game began."
    )
    # The words above the table, which alone scrolls sideways on a phone.
    return (
        f"<p id='friend-proofs-about' class='hint'>{escape(caption)}</p>"
        "<div class='friend-proofs-scroll' tabindex='0' aria-labelledby='friend-proofs-label'>"
        "<table class='friend-proofs-table' aria-describedby='friend-proofs-about'>"
        f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
