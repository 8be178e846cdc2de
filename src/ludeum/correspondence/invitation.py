"""The invited friend's first screen (issue 52): who invites, to which game, which
side is theirs, and what they do first, before a name field and the way to the
rules and the lesson (the glue: ``web.friends``).

A friend who opens an invitation has never seen Ludeum, perhaps: the card says in
plain words what the link is before any board asks for a move. A friend without a
name gets sentences of their own (``send_words``' reason: languages decline "your
friend" by its place in the sentence)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _
from ..protocol import CHANCE
from . import friend as friends


@dataclass(frozen=True)
class InvitationCard:
    """The card's words: ``title`` ("Ana invites you to play Squadro"), ``reading``
    (the ruleset's name), ``sides`` (who plays what), ``first`` (what to do now)
    and the name field's label (``name_label``)."""

    title: str
    reading: str
    sides: str
    first: str
    name_label: str


def invitation_card(state: Any, game: friends.FriendGame, ui: Any) -> InvitationCard:
    """The card for the invitation just joined: ``state`` the game as the link
    carries it (the inviter's turn played), ``game`` this device's side of it,
    ``ui`` the game's ``ui`` module (``ludeum.games.ui``)."""
    name = game.friend_name
    title = ui.title()
    if name:
        heading = _("{friend} invites you to play {game}", friend=name, game=title)
    else:
        heading = _("A friend invites you to play {game}", game=title)
    mine = ui.side_card(state, game.seat).side
    theirs = ui.side_card(state, game.friend).side
    if not mine or not theirs:  # Senet before its opening: the throws decide
        sides = _("The opening's throws decide who plays Black and who plays White.")
    elif name:
        sides = _("You play {mine}; {friend} plays {theirs}.", mine=mine, friend=name,
                  theirs=theirs)  # fmt: skip
    else:
        sides = _("You play {mine}; your friend plays {theirs}.", mine=mine, theirs=theirs)
    if name:
        label = _("Your name, as {friend} will see it", friend=name)
    else:
        label = _("Your name, as your friend will see it")
    return InvitationCard(heading, ui.ruleset_name(state), sides, _first(state, game), label)


def _first(state: Any, game: friends.FriendGame) -> str:
    """What the invited friend does first: send the answer (Senet: the inviter then
    throws the opening), or play their turn after the inviter's."""
    name = game.friend_name
    if state.to_act() == CHANCE and friends.actor(state) == game.friend:
        if name:
            return _("First send your answer: with it, {friend} throws the opening for "
                     "both of you.", friend=name)  # fmt: skip
        return _("First send your answer: with it, your friend throws the opening for "
                 "both of you.")  # fmt: skip
    if state.actions() and friends.actor(state) == game.seat:
        if name:
            return _("{friend} has played the first move: your turn.", friend=name)
        return _("Your friend has played the first move: your turn.")
    if friends.actor(state) == game.seat:
        return _("You play first.")
    if name:
        return _("{friend} plays first.", friend=name)
    return _("Your friend plays first.")
