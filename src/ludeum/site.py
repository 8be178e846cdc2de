"""A museum's or a school's own site: what it offers and how it looks, from one file.

The site's root holds ``ludeum.toml`` (docs/deploying.md, "Your own site"), read by
the build (scripts/build.py) and checked here: every key known, every value of its
kind and within its range, and each fault named with its key and its value, so that a
bad file fails the build with a message, never a broken site. The build then writes
the checked values into the page as JSON (``<script type="application/json"
id="site-config">``, data, not code), which the page reads back with ``from_json``.

What a site chooses: the games and Senet's readings it offers and the default ones,
its languages and the default one, its title, a logo and a link back to its own
pages, its accent colour (checked for contrast, WCAG AA), the kiosk's idle time and
the pause between attract games, and whether sound is on by default. URL parameters
keep working within what the site offers (ludeum.launch). Pure Python: the build
reads the file with the standard library's tomllib; the page never parses TOML.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from .games import GAMES
from .i18n import DEFAULT, LANGUAGES
from .senet.rulesets import PRESETS

#: The page's background and panels, and the current row's tint (static/app.css):
#: the accent is written on all three. It is also the background of white button
#: text, which all three are darker than: a colour that passes on them passes there.
ACCENT_BACKGROUNDS = {"the page": "#f6f0e3", "a panel": "#fffaf0", "the current row": "#efe2c6"}
DEFAULT_ACCENT = "#0d5c63"
#: WCAG 2.x AA for normal text.
MIN_CONTRAST = 4.5
#: Senet's readings as the welcome screen and the New game dialog offer them: a family
#: of presets each (Kendall is his four options' 16 presets), and the custom rules.
READINGS = ("jequier", "jequier_ludii", "kendall", "tait", "custom")
IDLE_RANGE = (5, 3600)  # seconds, for this file and for ?idle= (ludeum.launch)
ATTRACT_RANGE = (1, 600)  # seconds between two attract games
TITLE_LIMIT = 40
LABEL_LIMIT = 60
LOGO_SUFFIXES = (".svg", ".png", ".webp")
LOGO_LIMIT = 100_000  # bytes: a logo is in every first visit
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class SiteError(ValueError):
    """A fault in the site's file, naming the key and the value."""

    def __init__(self, key: str, value: object, why: str) -> None:
        self.key, self.value, self.why = key, value, why
        super().__init__(f"{key} = {json.dumps(value, ensure_ascii=False)}: {why}")


@dataclass(frozen=True)
class Site:
    """A site's choices; ``Site()`` is Ludeum as shipped: everything offered."""

    games: tuple[str, ...] = GAMES
    default_game: str = "senet"
    readings: tuple[str, ...] = READINGS
    default_reading: str = "jequier"
    languages: tuple[str, ...] = tuple(LANGUAGES)
    default_language: str = DEFAULT
    title: str = "Ludeum"
    logo: str = ""  # the logo's file name, as published under static/site/
    home_url: str = ""
    home_label: str = ""
    accent: str = DEFAULT_ACCENT
    idle_seconds: int = 90
    attract_pause_seconds: int = 8
    sound: bool = True

    def offers(self, game: str) -> bool:
        return game in self.games

    def offers_ruleset(self, preset: str) -> bool:
        """Whether a Senet preset (``?ruleset=``) is one of the readings offered."""
        return preset in PRESETS and reading_of_preset(preset) in self.readings

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


SITE = Site()

#: The file's tables and keys, with the Site field each one fills.
KEYS = {
    "site": {"title": "title", "logo": "logo", "home_url": "home_url", "home_label": "home_label"},
    "games": {
        "offered": "games",
        "default": "default_game",
        "senet_readings": "readings",
        "senet_default": "default_reading",
    },
    "languages": {"offered": "languages", "default": "default_language"},
    "look": {"accent": "accent"},
    "kiosk": {"idle_seconds": "idle_seconds", "attract_pause_seconds": "attract_pause_seconds"},
    "sound": {"on": "sound"},
}


def read_site(data: dict[str, Any], logo_size: int | None = None) -> Site:
    """The checked site from the parsed file (``tomllib.loads``). ``logo_size`` is the
    logo file's size in bytes, None if it is missing (the build looks). Raises
    SiteError for the first fault, named by its key and value."""
    values: dict[str, Any] = {}
    for table, content in data.items():
        if table not in KEYS:
            raise SiteError(table, content, f"not a table of ludeum.toml ({_listed(KEYS)})")
        if not isinstance(content, dict):
            raise SiteError(table, content, "must be a table: [" + table + "]")
        for key, value in content.items():
            if key not in KEYS[table]:
                raise SiteError(
                    f"{table}.{key}", value, f"not a key of [{table}] ({_listed(KEYS[table])})"
                )
            values[KEYS[table][key]] = (f"{table}.{key}", value)
    return _checked(values, logo_size)


def _listed(names) -> str:
    return "one of " + ", ".join(names)


def _checked(values: dict[str, tuple[str, Any]], logo_size: int | None) -> Site:
    chosen: dict[str, Any] = {}

    def text(name: str, limit: int, *, empty: bool = True) -> None:
        if name not in values:
            return
        key, value = values[name]
        if not isinstance(value, str):
            raise SiteError(key, value, "must be text in quotes")
        value = value.strip()
        if not value and not empty:
            raise SiteError(key, value, "must not be empty")
        if len(value) > limit:
            raise SiteError(key, value, f"is longer than {limit} characters")
        if _CONTROL.search(value):
            raise SiteError(key, value, "holds a control character")
        chosen[name] = value

    def names(name: str, known, what: str, *, all_word: bool = False) -> None:
        if name not in values:
            return
        key, value = values[name]
        if all_word and value == "all":
            chosen[name] = tuple(known)
            return
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise SiteError(
                key, value, 'must be a list of names in quotes, e.g. ["' + next(iter(known)) + '"]'
            )
        if not value:
            raise SiteError(key, value, f"must offer at least one {what}")
        for item in value:
            if item not in known:
                raise SiteError(key, value, f"“{item}” is not a {what} ({_listed(known)})")
        if len(set(value)) != len(value):
            raise SiteError(key, value, f"names a {what} twice")
        chosen[name] = tuple(value)

    def one(name: str, among: str, what: str) -> None:
        offered = chosen.get(among, getattr(SITE, among))
        if name not in values:
            if getattr(SITE, name) not in offered:  # the shipped default is not offered
                chosen[name] = offered[0]
            return
        key, value = values[name]
        if value not in offered:
            raise SiteError(key, value, f"is not an offered {what} ({_listed(offered)})")
        chosen[name] = value

    def whole(name: str, low: int, high: int) -> None:
        if name not in values:
            return
        key, value = values[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise SiteError(key, value, "must be a whole number of seconds, without quotes")
        if not low <= value <= high:
            raise SiteError(key, value, f"must be from {low} to {high} seconds")
        chosen[name] = value

    text("title", TITLE_LIMIT, empty=False)
    text("home_label", LABEL_LIMIT)
    text("home_url", 2000)
    text("logo", 200)
    names("games", GAMES, "game")
    one("default_game", "games", "game")
    names("readings", READINGS, "Senet reading", all_word=True)
    if values.get("readings") and not set(chosen["readings"]) - {"custom"}:
        key, value = values["readings"]
        raise SiteError(key, value, "must offer a reading besides the custom rules")
    one("default_reading", "readings", "Senet reading")
    if chosen.get("default_reading") == "custom":
        if "default_reading" in values:
            key, value = values["default_reading"]
            raise SiteError(key, value, "must be a reading, not the custom rules")
        chosen["default_reading"] = next(r for r in chosen["readings"] if r != "custom")
    names("languages", LANGUAGES, "language")
    one("default_language", "languages", "language")
    whole("idle_seconds", *IDLE_RANGE)
    whole("attract_pause_seconds", *ATTRACT_RANGE)
    if "sound" in values:
        key, value = values["sound"]
        if not isinstance(value, bool):
            raise SiteError(key, value, "must be true or false, without quotes")
        chosen["sound"] = value
    if "accent" in values:
        key, value = values["accent"]
        chosen["accent"] = _accent(key, value)
    url, label = chosen.get("home_url", ""), chosen.get("home_label", "")
    if url and not re.match(r"^(https?://[^\s/]+|/)[^\s<>\"']*$", url):
        raise SiteError(
            "site.home_url", url, "must be an http:// or https:// address, or a path from /"
        )
    if bool(url) != bool(label):
        missing = "site.home_label" if url else "site.home_url"
        raise SiteError(missing, "", "is needed too: a link back has an address and its words")
    logo = chosen.get("logo", "")
    if logo:
        if "/" in logo or "\\" in logo or not logo.lower().endswith(LOGO_SUFFIXES):
            raise SiteError(
                "site.logo",
                logo,
                f"must be a file beside ludeum.toml ending in {', '.join(LOGO_SUFFIXES)}",
            )
        if logo_size is None:
            raise SiteError("site.logo", logo, "no such file beside ludeum.toml")
        if logo_size > LOGO_LIMIT:
            raise SiteError(
                "site.logo",
                logo,
                f"is {logo_size:,} bytes; a logo is in every first visit: at most {LOGO_LIMIT:,}",
            )
    return Site(**chosen)


def _accent(key: str, value: object) -> str:
    if not isinstance(value, str) or not _COLOUR.match(value):
        raise SiteError(key, value, 'must be a colour written "#rrggbb"')
    for where, background in ACCENT_BACKGROUNDS.items():
        ratio = contrast(value, background)
        if ratio < MIN_CONTRAST:
            raise SiteError(
                key,
                value,
                f"is {ratio:.2f}:1 on {where} ({background}); text needs "
                f"{MIN_CONTRAST}:1 (WCAG AA): choose a darker colour",
            )
    return value.lower()


def contrast(first: str, second: str) -> float:
    """WCAG 2.x contrast ratio of two "#rrggbb" colours."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def from_json(text: str | None) -> Site:
    """The site the build wrote into the page; Ludeum as shipped when there is none or
    it cannot be read (the page never fails for it: the build checked it)."""
    if not text:
        return SITE
    try:
        data = json.loads(text)
        known = {name: data[name] for name in asdict(SITE) if name in data}
        for name in ("games", "readings", "languages"):
            if name in known:
                known[name] = tuple(known[name])
        site = Site(**known)
    except (ValueError, TypeError, KeyError):
        return SITE
    sane = (
        set(site.games) <= set(GAMES) and site.games and site.default_game in site.games
        and set(site.readings) <= set(READINGS) and site.default_reading in site.readings
        and set(site.languages) <= set(LANGUAGES) and site.default_language in site.languages
    )  # fmt: skip
    return site if sane else SITE


def reading_of_preset(preset: str) -> str:
    """The reading a Senet preset belongs to, as ``READINGS`` names them."""
    if preset.startswith("kendall"):
        return "kendall"
    return preset


#: The site this page serves, set once at boot (src/web/main.py) from the page's JSON,
#: as the language is: the pure modules that list games or readings ask it.
_current = {"site": SITE}


def current() -> Site:
    return _current["site"]


def use(site: Site) -> None:
    _current["site"] = site
