"""Text contrast in static/app.css (WCAG 1.4.3): every text colour against the
background it is drawn on, HTML and SVG alike, in the standard theme and the
high-contrast one, at least 4.5:1 (3:1 for large text).

The stylesheet is read as it is: each pair below names the rule that sets the text
colour and the rule that paints what lies beneath, so changing either colour (or a
custom property they use) to a poor one fails here. Axe checks HTML text in the
browser (tests/e2e/test_accessibility.py) but skips SVG text, which this covers.
Three more promises keep the pairs meaningful: colours are written only as custom
properties (so a theme changes them all), the high-contrast theme sets every one of
them and reads the same from its media query as from ``data-theme="contrast"``,
and every text the SVG views draw carries a class whose colour is checked here.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from ludeum import lodestone, squadro
from ludeum.lodestone.svg import board_svg as lodestone_svg
from ludeum.records.graph import graph_svg
from ludeum.senet import JEQUIER, Throw, new_game, parse_position
from ludeum.senet.rules_pages import rules_page
from ludeum.senet.rulesets import TAIT
from ludeum.senet.svg import board_svg as senet_svg
from ludeum.senet.svg import sticks_svg
from ludeum.squadro.svg import board_svg as squadro_svg

CSS = Path(__file__).resolve().parents[2] / "static" / "app.css"

NORMAL, LARGE = 4.5, 3.0
CONTRAST_SELECTOR = ':root[data-theme="contrast"]'
CONTRAST_MEDIA = "(prefers-contrast: more)"
FORCED_MEDIA = "(forced-colors: active)"

#: (what, (text rule, property), (background rule, property), large text?)
# fmt: off
PAIRS = [
    ("page text", (":root", "color"), (":root", "background"), False),
    ("move list", (":root", "color"), (".moves", "background"), False),
    ("board frame", (":root", "color"), (".board-area", "background"), False),
    ("game-over panel", (":root", "color"), (".game-over", "background"), False),
    ("hint text", (":root", "color"), (".hint-text", "background"), False),
    ("dialogs", ("dialog", "color"), ("dialog", "background"), False),
    ("brand in the title", (".topbar .brand", "color"), (":root", "background"), False),
    ("buttons", ("button", "color"), ("button", "background"), False),
    ("disabled buttons", ("button:disabled", "color"), ("button:disabled", "background"), False),
    ("tool buttons", ("button.tool", "color"), ("button.tool", "background"), False),
    ("tool buttons, disabled", ("button.tool:disabled", "color"),
     ("button.tool:disabled", "background"), False),
    ("quiet buttons", ("button.quiet", "color"), ("button.quiet", "background"), False),
    ("settings button", (".settings-toggle", "color"), (".settings-toggle", "background"),
     False),
    ("Rules link", (".link-button", "color"), (":root", "background"), False),
    ("Rules link, disabled", (".link-button:disabled", "color"), (":root", "background"), False),
    ("notice", (".notice", "color"), (".notice", "background"), False),
    ("notice detail", (".notice .detail", "color"), (".notice", "background"), False),
    ("update notice", (":root", "color"), (".update", "background"), False),
    ("keys hint", (".hint", "color"), (":root", "background"), False),
    ("warning in the new-game dialog", (".hint", "color"), ("dialog", "background"), False),
    ("ruleset line", (".ruleset-line", "color"), (":root", "background"), False),
    ("player card", (":root", "color"), (".player-card", "background"), False),
    ("player card side and tally", (".card-side", "color"),
     (".player-card", "background"), False),
    ("lit player card", (":root", "color"), (".player-card.lit", "background"), False),
    ("lit player card's badge", (".card-badge", "color"), (".player-card.lit", "background"),
     False),
    ("lit player card's side", (".card-side", "color"),
     (".player-card.lit", "background"), False),
    ("thinking indicator", (".thinking", "color"), (":root", "background"), False),
    ("choice notes in the dialog", (".choice small", "color"), ("dialog", "background"), False),
    ("notes on rules pages", (".note", "color"), ("dialog", "background"), False),
    ("current row of the skill table", ("dialog", "color"),
     (".skill-table tr.current", "background"), False),
    ("lesson verdict, right", ('#lesson[data-verdict="right"] .lesson-verdict', "color"),
     ('#lesson[data-verdict="right"] .lesson-verdict', "background"), False),
    ("lesson verdict, wrong", ('#lesson[data-verdict="wrong"] .lesson-verdict', "color"),
     ('#lesson[data-verdict="wrong"] .lesson-verdict', "background"), False),
    # The verdict's tick or cross, thick strokes read as large text (3:1).
    ("lesson verdict's tick", (".verdict-mark path", "stroke"),
     ('#lesson[data-verdict="right"] .verdict-mark circle', "fill"), True),
    ("lesson verdict's cross", (".verdict-mark path", "stroke"),
     ('#lesson[data-verdict="wrong"] .verdict-mark circle', "fill"), True),
    # SVG text: Senet
    ("Senet square numbers", (".senet-board .number", "fill"), (".senet-board .cell", "fill"),
     False),
    ("Senet numbers on safe squares", (".senet-board .number", "fill"),
     (".senet-board .square.safe .cell", "fill"), False),
    ("Senet number on the water", (".senet-board .number", "fill"),
     (".senet-board .square.water .cell", "fill"), False),
    ("Senet numbers on targets", (".senet-board .number", "fill"),
     (".senet-board .square.target .cell", "fill"), False),
    ("Senet numbers on the last move's squares", (".senet-board .number", "fill"),
     (".senet-board .square:is(.last-from, .last-to, .touched) .cell", "fill"), False),
    ("Senet tray and plinth titles", (".senet-board .tray-title", "fill"),
     (".senet-board .tray-cell", "fill"), False),
    ("Senet tray title as a target", (".senet-board .tray-title", "fill"),
     (".senet-board .tray.target .tray-cell", "fill"), False),
    # The value beside the sticks is 40px bold: large text.
    ("stick value", (".sticks .stick-value", "fill"), (":root", "background"), True),
    # Squadro
    ("Squadro home title", (".squadro-board .tray-title", "fill"),
     (".squadro-board .tray-cell", "fill"), False),
    # Lodestone
    ("Lodestone captured title", (".lodestone-board .tray-title", "fill"),
     (".lodestone-board .tray-cell", "fill"), False),
    ("Lodestone file and rank names", (".lodestone-board .coord", "fill"),
     (".board-area", "background"), False),
    ("Lodestone names in the rules dialog", (".lodestone-board .coord", "fill"),
     ("dialog", "background"), False),
    ("magnet digits on light squares", (".lodestone-board .magnet", "fill"),
     (".lodestone-board .cell.light rect", "fill"), False),
    ("magnet digits on dark squares", (".lodestone-board .magnet", "fill"),
     (".lodestone-board .cell.dark rect", "fill"), False),
    ("magnet digits on targets", (".lodestone-board .magnet", "fill"),
     (".lodestone-board .cell.target rect", "fill"), False),
    ("digits on Red's pieces", (".lodestone-board .ls-piece.red .digit", "fill"),
     (".lodestone-board .ls-piece.red circle", "fill"), False),
    ("digits on White's pieces", (".lodestone-board .ls-piece.white .digit", "fill"),
     (".lodestone-board .ls-piece.white circle", "fill"), False),
    # Review: the banner over the board, the graph and its readout
    ("review banner", (":root", "color"), (".review-banner", "background"), False),
    ("graph panel and readout", (":root", "color"), (".review-graph-area", "background"), False),
    ("graph axis", (".review-graph .graph-axis", "fill"), (".review-graph .graph-frame", "fill"),
     False),
    ("graph axis beside the plot", (".review-graph .graph-axis", "fill"),
     (".review-graph-area", "background"), False),
    ("graph's sides", (".review-graph .graph-side", "fill"), (".review-graph .graph-frame", "fill"),
     False),
]
# fmt: on

#: The classes of SVG <text> elements whose colour PAIRS checks, by board.
CHECKED_TEXT = {
    "senet-board": {"number", "tray-title"},
    "sticks": {"stick-value"},
    "squadro-board": {"tray-title"},
    "lodestone-board": {"tray-title", "coord", "magnet", "digit"},
    "review-graph": {"graph-axis", "graph-side"},
}

COLOUR_PROPERTIES = re.compile(
    r"^(color|background(-color)?|fill|stroke|border(-\w+)*|outline(-color)?)$"
)
LITERAL_COLOUR = re.compile(
    r"#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|"
    r"\b(white|black|red|green|blue|gray|grey|silver|yellow|orange|purple|brown|navy)\b",
    re.IGNORECASE,
)


# -- reading the stylesheet --------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    media: str | None  # the condition of the enclosing @media, if any
    selectors: tuple[str, ...]
    declarations: dict[str, str]


def _split_top(text: str, sep: str = ",") -> list[str]:
    """Split on ``sep`` outside parentheses and brackets."""
    parts, depth, current = [], 0, []
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char == sep and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def _declarations(body: str) -> dict[str, str]:
    out = {}
    for item in _split_top(body, ";"):
        name, _colon, value = item.partition(":")
        out[name.strip()] = value.strip()
    return out


def parse_css(text: str) -> list[Rule]:
    """Style rules in order, each with its @media condition (one level of nesting,
    which is all app.css uses). Keyframes and other at-rules are skipped."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    rules: list[Rule] = []

    def walk(chunk: str, media: str | None) -> None:
        i = 0
        while i < len(chunk):
            brace = chunk.find("{", i)
            if brace < 0:
                return
            prelude = chunk[i:brace].strip()
            depth, j = 1, brace + 1
            while depth:
                depth += {"{": 1, "}": -1}.get(chunk[j], 0)
                j += 1
            body = chunk[brace + 1 : j - 1]
            if prelude.startswith("@media"):
                walk(body, prelude[len("@media") :].strip())
            elif not prelude.startswith("@"):
                rules.append(Rule(media, tuple(_split_top(prelude)), _declarations(body)))
            i = j

    walk(text, None)
    return rules


@dataclass(frozen=True)
class Sheet:
    rules: list[Rule]

    @classmethod
    def read(cls, text: str) -> Sheet:
        return cls(parse_css(text))

    def block(self, selector: str, media: str | None = None) -> dict[str, str]:
        found = [r for r in self.rules if r.media == media and selector in r.selectors]
        assert found, f"app.css has no rule for {selector!r} (media {media!r})"
        merged: dict[str, str] = {}
        for rule in found:
            merged.update(rule.declarations)
        return merged

    def custom_properties(self, selector: str, media: str | None = None) -> dict[str, str]:
        return {k: v for k, v in self.block(selector, media).items() if k.startswith("--")}

    def themes(self) -> dict[str, dict[str, str]]:
        standard = self.custom_properties(":root")
        contrast = {**standard, **self.custom_properties(CONTRAST_SELECTOR)}
        return {"standard": standard, "contrast": contrast}

    def value(self, selector: str, prop: str) -> str:
        """The value a rule (outside any @media) gives ``prop``; the last such rule
        wins, as in the cascade for equal selectors."""
        names = ("background", "background-color") if prop == "background" else (prop,)
        value = None
        for rule in self.rules:
            if rule.media is None and selector in rule.selectors:
                for name in names:
                    if name in rule.declarations:
                        value = rule.declarations[name]
        assert value is not None, f"no rule in app.css sets {prop} for {selector!r}"
        return value


def resolve(value: str, variables: dict[str, str]) -> str:
    for _ in range(10):
        match = re.search(r"var\((--[\w-]+)\)", value)
        if not match:
            return value
        assert match.group(1) in variables, f"undefined custom property {match.group(1)}"
        value = value[: match.start()] + variables[match.group(1)] + value[match.end() :]
    raise AssertionError(f"custom properties nested too deep in {value!r}")


def rgb(value: str) -> tuple[float, float, float]:
    match = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", value.strip().lower())
    assert match, f"not an opaque hex colour: {value!r}"
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return tuple(int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))


def luminance(colour: str) -> float:
    """Relative luminance, WCAG 2.2's definition."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def poor_pairs(sheet: Sheet) -> list[str]:
    """Every pair below its minimum, in every theme, described."""
    problems = []
    for theme, variables in sheet.themes().items():
        for what, (text_rule, text_prop), (back_rule, back_prop), large in PAIRS:
            text = resolve(sheet.value(text_rule, text_prop), variables)
            back = resolve(sheet.value(back_rule, back_prop), variables)
            ratio = contrast_ratio(text, back)
            needed = LARGE if large else NORMAL
            if ratio < needed:
                problems.append(
                    f"{theme} theme, {what}: {text} on {back} is {ratio:.2f}:1, below {needed}:1"
                )
    return problems


@pytest.fixture(scope="module")
def sheet() -> Sheet:
    return Sheet.read(CSS.read_text(encoding="utf-8"))


# -- the tests ---------------------------------------------------------------------------


def test_the_contrast_ratio_follows_wcag() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    # WCAG's own example of a pair just above the bar: #767676 on white is 4.54:1.
    assert contrast_ratio("#767676", "#fff") == pytest.approx(4.54, abs=0.01)


def test_every_text_has_enough_contrast_in_both_themes(sheet: Sheet) -> None:
    assert poor_pairs(sheet) == []


@pytest.mark.parametrize(
    ("prop", "poor"),
    [("--board-ink", "#b8925c"), ("--muted", "#a59f93"), ("--red-digit", "#e06050")],
)
def test_a_poor_colour_is_caught(prop: str, poor: str) -> None:
    """The check fails when a colour is changed to a poor one, in either theme."""
    text = CSS.read_text(encoding="utf-8")
    for selector in (":root", CONTRAST_SELECTOR):
        start = text.index(selector + " {")
        body_end = text.index("}", start)
        body = text[start:body_end]
        changed = re.sub(rf"({re.escape(prop)}:\s*)[^;]+;", rf"\g<1>{poor};", body, count=1)
        assert changed != body
        problems = poor_pairs(Sheet.read(text[:start] + changed + text[body_end:]))
        theme = "standard" if selector == ":root" else "contrast"
        assert any(p.startswith(f"{theme} theme") for p in problems), (prop, selector)


def test_colours_are_only_set_through_custom_properties(sheet: Sheet) -> None:
    """So that a theme, which changes only custom properties, changes every colour."""
    literal = [
        f"{', '.join(rule.selectors)} {{ {name}: {value} }}"
        for rule in sheet.rules
        if rule.media != FORCED_MEDIA
        for name, value in rule.declarations.items()
        if not name.startswith("--") and COLOUR_PROPERTIES.match(name)
        and LITERAL_COLOUR.search(re.sub(r"var\([^)]*\)", "", value))
    ]  # fmt: skip
    assert literal == []


def test_the_high_contrast_theme_sets_every_colour_and_reads_the_same_both_ways(
    sheet: Sheet,
) -> None:
    standard = sheet.custom_properties(":root")
    by_attribute = sheet.custom_properties(CONTRAST_SELECTOR)
    by_media = sheet.custom_properties(':root:not([data-theme="standard"])', CONTRAST_MEDIA)
    assert by_attribute == by_media
    assert set(by_attribute) == set(standard)
    # Stronger borders, thicker focus rings, Red's pieces told apart by a dashed rim.
    px = {name: float(by_attribute[name].removesuffix("px")) for name in
          ("--border-width", "--focus-width", "--cell-stroke")}  # fmt: skip
    for name, width in px.items():
        assert width > float(standard[name].removesuffix("px")), name
    assert standard["--red-dash"] == "none" and by_attribute["--red-dash"] != "none"


def test_forced_colours_use_system_colours(sheet: Sheet) -> None:
    system = {"Canvas", "CanvasText", "Highlight", "HighlightText", "LinkText", "GrayText",
              "ButtonFace", "ButtonText", "ButtonBorder"}  # fmt: skip
    forced = sheet.custom_properties(":root", FORCED_MEDIA)
    colours = {k: v for k, v in forced.items() if not re.match(r"^[\d.]+px$|^[\d ]+$|^none$", v)}
    assert colours and all(v in system for v in colours.values()), colours
    # The boards keep their own drawing in those colours instead of being flattened.
    boards = sheet.block(":is(.senet-board, .squadro-board, .lodestone-board, .sticks)",
                         FORCED_MEDIA)  # fmt: skip
    assert boards.get("forced-color-adjust") == "none"
    # Pieces stay visible: each side's fill differs from the squares beneath.
    assert forced["--white-piece-line"] != forced["--wood"]
    assert forced["--black-piece"] != forced["--wood"]


def _text_classes(markup: str) -> dict[str, set[str]]:
    """Board class -> classes of the <text> elements drawn on it; fails on a text
    coloured by an attribute, which the stylesheet would not control."""
    root = ET.fromstring(markup)
    board = root.get("class")
    found: set[str] = set()
    for element in root.iter():
        if element.tag.endswith("}text"):
            assert element.get("fill") is None and element.get("style") is None, element.attrib
            found |= set(element.get("class", "").split())
    return {board: found}


def test_every_svg_text_has_a_checked_colour() -> None:
    senet_state = parse_position(JEQUIER, "WBWBWBWBW.B................... 0-0 B 4")
    tait = new_game(TAIT, first_seat=0)
    lodestone_state = lodestone.new_game()
    views = [
        senet_svg(senet_state, selected=8),
        senet_svg(tait),
        sticks_svg(new_game(JEQUIER).apply(Throw((1, 0, 1, 1)))),
        squadro_svg(squadro.new_game()),
        lodestone_svg(lodestone_state, aid=True),
        graph_svg([0.5, 0.7, None, 0.2], 1, [], "White", True, 500, 3, "Black"),
    ]
    drawn: dict[str, set[str]] = {}
    for markup in views:
        for board, classes in _text_classes(markup).items():
            drawn.setdefault(board, set()).update(classes)
    for board, classes in drawn.items():
        assert classes <= CHECKED_TEXT[board], f"{board}: unchecked text {classes}"
    assert set(drawn) == set(CHECKED_TEXT)
    # The rules pages draw their diagrams with the same views.
    for markup in re.findall(r"<svg.*?</svg>", rules_page(JEQUIER), flags=re.DOTALL):
        for board, classes in _text_classes(markup).items():
            assert classes <= CHECKED_TEXT[board], f"rules page {board}: unchecked {classes}"
