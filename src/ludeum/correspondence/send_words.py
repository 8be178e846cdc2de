"""The Send dialog's words in a game by links: its title and what to do with the
link, by why it is offered (``friend.to_send``'s reasons, or ``ANSWER`` for an
invitation joined here), and the announcement of a game joined.

A friend without a name gets sentences of their own, never "your friend" put into
the named sentence: languages decline it by its place in the sentence (German: "an
deinen Freund", "von deinem Freund"), which a name does not need."""

from __future__ import annotations

from typing import Any

from ..i18n import N_, _
from ..senet.state import BLACK
from . import friend as friends

#: The reason for a link sent by the device that has just joined an invitation: the
#: answer, which lets the inviter begin.
ANSWER = "answer"
#: Senet: this device threw the opening for both sides, and the friend won it.
OPENING_WON = "opening-won"
#: Nothing played here since the friend's link: this one only passes this device's
#: part of the sticks for the friend's turn.
RELAY = "relay"


def reason_here(reason: str | None, state: Any, seat: int) -> str | None:
    """``reason`` (``friend.to_send``'s) told more exactly for the Send dialog: the
    opening thrown here and won by the friend (``OPENING_WON``), or a link that
    carries no action of this device (``RELAY``). Never "your turn is played" for a
    turn in which nothing was played (issue 52)."""
    if reason != friends.FRIENDS_TURN or not state.actions():
        return reason
    if getattr(state, "in_opening", False) and state.to_act() == 1 - seat:
        return OPENING_WON
    if friends.last_turn(state, seat) == len(state.actions()):
        return RELAY
    return reason


def dialog_words(reason: str | None, game: friends.FriendGame, state: Any) -> tuple[str, str]:
    """(title, what to do) of the Send dialog for ``game`` (this device's side) at
    ``state``, ``reason`` being ``friend.to_send``'s."""
    if reason == friends.FRIENDS_TURN and not state.actions():
        reason = ANSWER  # an invitation joined here: the answer lets the friend begin
    reason = reason_here(reason, state, game.seat)
    black = reason == OPENING_WON and state.colour_of(game.friend) == BLACK
    return send_words(reason, game.friend_name, black)


#: The Send dialog's words by why the link is offered (None: a turn played): its
#: title, what to do when the friend has a name (``{friend}``), and when they have
#: none.
_WORDS = {
    friends.FRIENDS_ANSWER: (
        N_("Invite a friend"),
        N_(
            "Send this link to {friend}. Opening it gives them the game and a link to send "
            "back: open their link here, and you throw first."
        ),
        N_(
            "Send this link to your friend. Opening it gives them the game and a link to "
            "send back: open their link here, and you throw first."
        ),
    ),
    ANSWER: (
        N_("Answer the invitation"),
        N_("Send this link back to {friend}: it lets them begin, and the game is on."),
        N_("Send this link back to your friend: it lets them begin, and the game is on."),
    ),
    friends.FRIENDS_STICKS: (
        N_("Your turn goes on"),
        N_(
            "Your throw gives you another, and the next sticks need {friend}'s part: send "
            "them this link, then open their answer here."
        ),
        N_(
            "Your throw gives you another, and the next sticks need your friend's part: "
            "send them this link, then open their answer here."
        ),
    ),
    friends.GAME_OVER: (
        N_("Send the last move"),
        N_("The game is over. Send this link to {friend} so that their page shows the end too."),
        N_("The game is over. Send this link to your friend so that their page shows the end too."),
    ),
    RELAY: (
        N_("Send your sticks"),
        N_(
            "Nothing to play here: this link passes your part of the sticks to {friend}, who "
            "goes on with their turn."
        ),
        N_(
            "Nothing to play here: this link passes your part of the sticks to your friend, "
            "who goes on with their turn."
        ),
    ),
    None: (
        N_("Send your turn"),
        N_(
            "Your turn is played. Send this link to {friend}: it holds the whole game. Their "
            "answer comes back as a link: open it here."
        ),
        N_(
            "Your turn is played. Send this link to your friend: it holds the whole game. "
            "Their answer comes back as a link: open it here."
        ),
    ),
}
#: Senet's opening thrown here and won by the friend, by whether they play Black: one
#: sentence per colour, named or not (languages agree words with both).
_OPENING_WON = {
    True: (
        N_(
            "You threw the opening for both sides: {friend} won it and plays Black. Send "
            "this link so that {friend} can start."
        ),
        N_(
            "You threw the opening for both sides: your friend won it and plays Black. Send "
            "this link so that your friend can start."
        ),
    ),
    False: (
        N_(
            "You threw the opening for both sides: {friend} won it and plays White. Send "
            "this link so that {friend} can start."
        ),
        N_(
            "You threw the opening for both sides: your friend won it and plays White. Send "
            "this link so that your friend can start."
        ),
    ),
}


def send_words(reason: str | None, name: str, black: bool = False) -> tuple[str, str]:
    """(title, what to do) of the Send dialog; ``name``: the friend's, or "";
    ``black``: for ``OPENING_WON``, whether the friend plays Black."""
    if reason == OPENING_WON:
        title = N_("Send the opening")
        named, unnamed = _OPENING_WON[black]
    else:
        title, named, unnamed = _WORDS.get(reason, _WORDS[None])
    return _(title), _(named, friend=name) if name else _(unnamed)


def joined_words(name: str) -> str:
    """What is announced when this device joins a game by links."""
    if name:
        return _("A game by links with {friend}.", friend=name)
    return _("A game by links with your friend.")
