"""The Squadro rules page, in the project's own words."""

from __future__ import annotations

from html import escape

from ..i18n import N_, _
from .state import new_game
from .svg import board_svg

PLAY = [
    N_(
        "Each player has five pieces on one edge of the board: Light's down the left side, "
        "Dark's along the top. Who starts is decided at random or chosen."
    ),
    N_(
        "On your turn move one of your pieces straight ahead along its lane, as many "
        "squares as the dots beside the space it last left: 1, 2 or 3."
    ),
    N_(
        "When a piece reaches the far edge it stops, turns round and from then on moves at "
        "the speed shown there; any squares it had left are lost. Out and back always add "
        "up to four."
    ),
    N_(
        "If a piece comes to a square taken by an enemy piece, it jumps it, and every enemy "
        "piece right behind it, and stops on the first free square: its move ends there. "
        "Each piece jumped goes back to its start, or to its turnaround space if it was "
        "already on its way home."
    ),
    N_("A piece back at its start after the round trip is home and leaves the board."),
    N_("The first player with four pieces home wins."),
]


def rules_page() -> str:
    # Messages stay outside f-strings: the extractor does not look inside them.
    out = ["<h2>" + escape(_("Squadro")) + "</h2>"]
    source = _("A race game by Adrián Jiménez Pascual, published by Gigamic in 2018.")
    out.append(f'<p class="source">{escape(source)}</p>')
    out.append(
        '<div class="diagram">'
        + board_svg(new_game(), label=_("Squadro board"), interactive=False)
        + "</div>"
    )
    out.append("<h3>" + escape(_("How to play")) + "</h3><ul>")
    out.extend(f"<li>{escape(_(item))}</li>" for item in PLAY)
    out.append("</ul>")
    return "".join(out)
