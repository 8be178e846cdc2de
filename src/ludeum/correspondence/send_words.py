"""The Send dialog's words in a game by links: its title and what to do with the
link, by why it is offered (``friend.to_send``'s reasons, or ``ANSWER`` for an
invitation joined here), and the announcement of a game joined.

A friend without a name gets sentences of their own, never "your friend" put into
the named sentence: languages decline it by its place in the sentence (German: "an
deinen Freund", "von deinem Freund"), which a name does not need."""

from __future__ import annotations

from ..i18n import _
from . import friend as friends

#: The reason for a link sent by the device that has just joined an invitation: the
#: answer, which lets the inviter begin.
ANSWER = "answer"


def send_words(reason: str | None, name: str) -> tuple[str, str]:
    """(title, what to do) of the Send dialog; ``name``: the friend's, or ""."""
    if reason == friends.FRIENDS_ANSWER:
        title = _("Invite a friend")
        if name:
            return title, _("Send this link to {friend}. Opening it gives them the game and "
                            "a link to send back: open their link here, and you throw "
                            "first.", friend=name)  # fmt: skip
        return title, _("Send this link to your friend. Opening it gives them the game and "
                        "a link to send back: open their link here, and you throw "
                        "first.")  # fmt: skip
    if reason == ANSWER:
        title = _("Answer the invitation")
        if name:
            return title, _("Send this link back to {friend}: it lets them begin, and the "
                            "game is on.", friend=name)  # fmt: skip
        return title, _("Send this link back to your friend: it lets them begin, and the "
                        "game is on.")  # fmt: skip
    if reason == friends.FRIENDS_STICKS:
        title = _("Your turn goes on")
        if name:
            return title, _("Your throw gives you another, and the next sticks need "
                            "{friend}'s part: send them this link, then open their answer "
                            "here.", friend=name)  # fmt: skip
        return title, _("Your throw gives you another, and the next sticks need your "
                        "friend's part: send them this link, then open their answer "
                        "here.")  # fmt: skip
    if reason == friends.GAME_OVER:
        title = _("Send the last move")
        if name:
            return title, _("The game is over. Send this link to {friend} so that their "
                            "page shows the end too.", friend=name)  # fmt: skip
        return title, _("The game is over. Send this link to your friend so that their "
                        "page shows the end too.")  # fmt: skip
    title = _("Send your turn")
    if name:
        return title, _("Your turn is played. Send this link to {friend}: it holds the "
                        "whole game. Their answer comes back as a link: open it here.",
                        friend=name)  # fmt: skip
    return title, _("Your turn is played. Send this link to your friend: it holds the whole "
                    "game. Their answer comes back as a link: open it here.")  # fmt: skip


def joined_words(name: str) -> str:
    """What is announced when this device joins a game by links."""
    if name:
        return _("A game by links with {friend}.", friend=name)
    return _("A game by links with your friend.")
