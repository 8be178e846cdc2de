"""A small picture of a game's position: the Continue card of the welcome screen and
each row of Saved games show one.

It is the game's own board drawing (the same pure ``board_svg`` the game screen uses,
with ``interactive=False``) made into one image: ``role="img"`` with an accessible name
on the outer ``<svg>``, and nothing inside it that a screen reader or the tab order
would visit (the squares' own names are dropped; a picture is named once). Several can
stand on one page: the only id a board draws (Senet's track arrow) takes the prefix
``ident``, which the caller makes unique.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from .. import saves
from ..i18n import _

#: The names and roles a non-interactive board still gives its squares and trays.
_INNER_NAMES = re.compile(r' role="img" aria-label="[^"]*"')
#: The outer element of every board drawing: ``<svg class="<game>-board" ...
#: role="group" aria-label="...">``.
_OUTER = re.compile(r'^<svg class="([a-z]+-board)"([^>]*?) role="group" aria-label="[^"]*">')
#: A drawing's words (its <text> elements hold no markup).
_TEXTS = re.compile(r"<text\b[^>]*>[^<]*</text>")
#: What an id may hold here: it is put into markup as it is.
_IDENT = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def position_label(state: Any) -> str:
    """The picture's accessible name: which game, and that it shows its position."""
    from ..games import ui_for  # the game's words, only when a picture is drawn

    return _("The position of this {game} game", game=ui_for(state).title())


def position_picture(
    state: Any,
    *,
    ident: str = "picture",
    label: str | None = None,
    board_only: bool = False,
    words: bool = True,
) -> str:
    """The position of ``state`` (any game) as a standalone, non-interactive SVG image
    named ``label`` (by default ``position_label``). ``ident`` prefixes its ids.
    ``board_only`` leaves out Squadro's and Lodestone's trays, beside the board on the
    right (empty at the start: the welcome screen's cards). ``words=False`` leaves out
    the drawing's text (square numbers, digits, tray titles): too small to read in a
    list row, where they would also run into the row's words for anything that reads
    its text. A picture offers no move: no piece ringed as one that can move, no
    square outlined for Lodestone's king to be put on."""
    if not _IDENT.match(ident):
        raise ValueError(f"not an id prefix: {ident!r}")
    name = escape(label if label is not None else position_label(state))
    game = saves.game_name(state)
    if game == "senet":
        from ..senet.svg import board_svg

        drawing = board_svg(state, interactive=False, ident=f"{ident}-board", playable=False)
    elif game == "squadro":
        from ..squadro.svg import board_svg

        drawing = board_svg(state, interactive=False, playable=False)
    else:
        from ..lodestone.svg import board_svg

        drawing = board_svg(state, interactive=False, playable=False)
    drawing, found = _OUTER.subn(
        lambda m: (
            f'<svg class="{m.group(1)} position-picture"{m.group(2)} role="img" '
            f'aria-label="{name}" focusable="false">'
        ),
        drawing,
        count=1,
    )
    if not found:
        raise ValueError(f"the {game} board drawing does not start as expected")
    if board_only and game != "senet":
        # The board is square, at the left of the drawing: its height is its width.
        drawing = re.sub(r'viewBox="0 0 (\d+) (\d+)"', r'viewBox="0 0 \2 \2"', drawing, count=1)
    head, rest = drawing.split(">", 1)
    rest = _INNER_NAMES.sub("", rest)
    if not words:
        rest = _TEXTS.sub("", rest)
    return head + ">" + rest


def reidented(picture: str, old: str, new: str) -> str:
    """``picture``, drawn with the id prefix ``old``, with ``new`` instead."""
    if not _IDENT.match(new):
        raise ValueError(f"not an id prefix: {new!r}")
    return picture.replace(f'id="{old}-', f'id="{new}-').replace(f"url(#{old}-", f"url(#{new}-")


def record_picture(text: str, ident: str) -> str | None:
    """The picture of a stored game (Saved games: no words), with ids prefixed
    ``ident``, drawn by loading the record (which replays it); None for a record that
    cannot be loaded. Never raises.

    Always drawn, never read back from storage: a picture kept as markup beside the
    record (as entries' notes did before issue 41) would be markup any script of the
    origin could have written, and it would reach the page as it is. The glue keeps
    what it drew for the rest of the visit (``web.library``)."""
    try:
        state = saves.load(text)
        return position_picture(state, ident=ident, words=False)
    except Exception:  # an unreadable record is said by its summary; no picture
        return None
