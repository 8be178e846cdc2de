"""Issue 41: every renderer whose markup carries text from outside (a name from a
link or from storage, an imported record's label, a move-list line) escapes it, so
that the markup the glue puts in the page (web.page.show_markup) holds no element,
attribute or address of a stranger's. And the glue itself has no other door: no
innerHTML, insertAdjacentHTML or worker address that skips web.page's helpers, and
no head script that hands a string to a markup sink without the page's policy.

The attack text is the end-to-end test's (tests/e2e/test_stored_markup.py): an image
with an error handler, an SVG with a load handler, a javascript: link, a script and a
CSS url(); each renderer gets it in every text argument it takes.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ludeum import games, seats, sheets, welcome
from ludeum.correspondence.proofs import Proof, proofs_html
from ludeum.player_cards import result_html
from ludeum.protocol import Outcome
from ludeum.records.graph import turning_points_html
from ludeum.records.thumbnail import position_picture
from ludeum.senet.setup_form import form_for

ROOT = Path(__file__).resolve().parents[2]

ATTACK = (
    '<img src=/ran onerror="alert(1)"><svg onload=alert(2)></svg>'
    '<a href="javascript:alert(3)">x</a><script>alert(4)</script>'
    '<b style="background:url(/ran)">y</b>'
)


#: Attributes whose url() a browser would fetch (a name or label holding the words
#: "url(" is only text).
_FETCHING = {"fill", "stroke", "filter", "mask", "clip-path", "marker-end", "marker-start",
             "cursor", "src", "srcset", "poster", "background"}  # fmt: skip


class _Markup(HTMLParser):
    """What a browser would make of the markup: every start tag and attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("img", "script", "a") and not any(
            name == "href" and (value or "").startswith("?") for name, value in attrs
        ):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}>")
            if re.match(r"\s*javascript:", value or "", re.I):
                self.found.append(f"<{tag} {name}=javascript:>")
            own = re.fullmatch(r"url\(#[\w-]+\)", value or "")  # the drawing's own marker
            if name == "style" or (name in _FETCHING and "url(" in (value or "") and not own):
                self.found.append(f"<{tag} {name}>")


def stranger_markup(markup: str) -> list[str]:
    parser = _Markup()
    parser.feed(markup)
    parser.close()
    return parser.found


def senet_start():
    return games.ui("senet").start({}, 0)


RENDERERS = {
    "the game-over banner (players' names, the closing words)": lambda: result_html(
        Outcome(0), seats.HUMANS, (ATTACK, ATTACK), ATTACK, 3
    ),
    "the throws' proofs (friends' names)": lambda: proofs_html(
        [Proof(1, 0, 0, (None, None), (1, 0, 1, 0), True)], (ATTACK, ATTACK)
    ),
    "review's turning points (move lines, names)": lambda: turning_points_html(
        [], [ATTACK], (ATTACK, ATTACK)
    ),
    "the QR picture (its label)": lambda: sheets.qr_picture([[False] * 21] * 21, ATTACK),
    "games by links on the welcome screen (address, words)": lambda: welcome.link_games_html(
        [welcome.LinkGame(ATTACK, welcome.ContinueDetails(ATTACK, ATTACK), ATTACK)]
    ),
    "the new-game form (the visitor's stored name)": lambda: form_for(
        senet_start(), name=ATTACK, friend=True
    ),
    "a position's picture (its label)": lambda: position_picture(senet_start(), label=ATTACK),
}


@pytest.mark.parametrize("where", list(RENDERERS))
def test_outside_text_is_escaped_in(where: str) -> None:
    markup = RENDERERS[where]()
    assert "alert(" in markup or "&lt;" in markup or where.startswith("review")  # it is shown
    assert stranger_markup(markup) == []


def test_the_check_finds_what_it_looks_for() -> None:
    # The checker itself must be able to fail: unescaped, every attack is seen.
    assert len(stranger_markup(ATTACK)) >= 5


SINKS = re.compile(r"\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML\(|Worker\.new\(")


def test_the_glue_puts_markup_in_the_page_only_through_web_page() -> None:
    """Every markup sink of the Python glue is web.page's show_markup or add_markup,
    and the computer's worker gets its address through script_address: the page's
    Trusted Types policy, which its Content-Security-Policy requires, sees them all."""
    found = []
    for path in sorted((ROOT / "src" / "web").glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if (
                SINKS.search(line)
                and "ludeumMarkup" not in line
                and ("Worker.new(script_address(" not in line)
            ):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []


def test_the_head_scripts_hand_markup_to_the_page_only_through_its_policy() -> None:
    found = []
    for path in sorted((ROOT / "static").glob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//", 1)[0]
            if re.search(r"innerHTML\s*=|document\.write\(|\.register\(", code) and (
                "ludeumMarkup" not in code
            ):
                found.append(f"{path.name}:{number}: {line.strip()}")
            if "parseFromString(" in code or "importNode(" in code:
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []
