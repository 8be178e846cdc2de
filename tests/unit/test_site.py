"""A museum's own site (issue 39): ludeum.toml is checked key by key, each fault named
with its key and value; what it offers bounds the URL's parameters, the welcome
screen, the New game dialog, the languages and the defaults."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludeum import launch, site, sounds, welcome
from ludeum.i18n import choose_language
from ludeum.senet.setup_form import form_html
from ludeum.site import SITE, Site, SiteError, contrast, from_json, read_site

ROOT = Path(__file__).resolve().parents[2]
SENET_IN_ARABIC = {
    "games": {"offered": ["senet"], "senet_readings": ["jequier", "tait"]},
    "languages": {"offered": ["ar", "en"], "default": "ar"},
}


@pytest.fixture
def senet_in_arabic() -> Iterator[Site]:
    chosen = read_site(SENET_IN_ARABIC)
    site.use(chosen)
    yield chosen
    site.use(SITE)


def test_the_shipped_file_is_ludeum_as_shipped_and_names_every_key() -> None:
    data = tomllib.loads((ROOT / "ludeum.toml").read_text(encoding="utf-8"))
    assert read_site(data) == SITE
    named = {(table, key) for table, keys in data.items() for key in keys}
    assert named == {(table, key) for table, keys in site.KEYS.items() for key in keys}


def test_no_file_and_an_empty_one_are_the_shipped_site() -> None:
    assert read_site({}) == SITE and SITE.games == ("senet", "squadro", "lodestone")


@pytest.mark.parametrize(
    ("data", "key", "says"),
    [
        ({"colours": {}}, "colours", "not a table"),
        ({"games": {"offer": ["senet"]}}, "games.offer", "not a key of [games]"),
        ({"games": ["senet"]}, "games", "must be a table"),
        ({"games": {"offered": ["chess"]}}, "games.offered", "“chess” is not a game"),
        ({"games": {"offered": "senet"}}, "games.offered", "must be a list"),
        ({"games": {"offered": []}}, "games.offered", "at least one game"),
        ({"games": {"offered": ["senet", "senet"]}}, "games.offered", "twice"),
        ({"games": {"offered": ["squadro"], "default": "senet"}}, "games.default", "not an"),
        ({"games": {"senet_readings": ["ludii"]}}, "games.senet_readings", "not a Senet reading"),
        ({"games": {"senet_readings": ["custom"]}}, "games.senet_readings", "besides the custom"),
        ({"games": {"senet_default": "custom"}}, "games.senet_default", "not the custom rules"),
        ({"games": {"senet_readings": ["tait"], "senet_default": "kendall"}},
         "games.senet_default", "not an offered"),
        ({"languages": {"offered": ["en", "es"]}}, "languages.offered", "“es” is not a language"),
        ({"languages": {"offered": ["fr"], "default": "en"}}, "languages.default", "not an"),
        ({"site": {"title": ""}}, "site.title", "must not be empty"),
        ({"site": {"title": 7}}, "site.title", "text in quotes"),
        ({"site": {"title": "x" * 41}}, "site.title", "longer than 40"),
        ({"site": {"title": "Musée\n"}}, "site.title", None),  # trailing space trimmed: fine
        ({"site": {"title": "Mus\x07ée"}}, "site.title", "control character"),
        ({"site": {"home_url": "javascript:alert(1)", "home_label": "Back"}},
         "site.home_url", "http:// or https://"),
        ({"site": {"home_url": "https://museum.example/"}}, "site.home_label", "is needed too"),
        ({"site": {"home_label": "Back"}}, "site.home_url", "is needed too"),
        ({"site": {"logo": "../secret.png"}}, "site.logo", "a file beside"),
        ({"site": {"logo": "logo.gif"}}, "site.logo", "ending in"),
        ({"site": {"logo": "logo.svg"}}, "site.logo", "no such file"),
        ({"look": {"accent": "teal"}}, "look.accent", "#rrggbb"),
        ({"look": {"accent": "#88ccff"}}, "look.accent", "on the page"),
        ({"kiosk": {"idle_seconds": "90"}}, "kiosk.idle_seconds", "without quotes"),
        ({"kiosk": {"idle_seconds": 2}}, "kiosk.idle_seconds", "from 5 to 3600"),
        ({"kiosk": {"attract_pause_seconds": 0}}, "kiosk.attract_pause_seconds", "from 1 to 600"),
        ({"sound": {"on": "yes"}}, "sound.on", "true or false"),
    ],
)  # fmt: skip
def test_each_bad_value_is_named_by_its_key_and_value(data, key, says) -> None:
    if says is None:
        read_site(data)
        return
    with pytest.raises(SiteError) as raised:
        read_site(data)
    assert raised.value.key == key and says in str(raised.value)
    assert str(raised.value).startswith(f"{key} = ")


def test_a_logo_must_be_small_since_every_first_visit_downloads_it() -> None:
    good = read_site({"site": {"logo": "museum.svg"}}, logo_size=9_000)
    assert good.logo == "museum.svg"
    with pytest.raises(SiteError, match="at most 100,000"):
        read_site({"site": {"logo": "museum.png"}}, logo_size=250_000)


def test_the_accent_contrast_is_wcag_aa_on_every_background_it_meets() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert contrast(SITE.accent, "#ffffff") >= 4.5
    museum = read_site({"look": {"accent": "#7A2E12"}})
    assert museum.accent == "#7a2e12"


def test_the_page_reads_back_what_the_build_wrote_and_never_fails_on_it(senet_in_arabic) -> None:
    assert from_json(senet_in_arabic.to_json()) == senet_in_arabic
    assert from_json(None) == SITE and from_json("{not json") == SITE
    assert from_json('{"games": ["chess"], "default_game": "chess"}') == SITE


def test_a_link_to_what_the_site_does_not_offer_says_so_and_uses_the_default(senet_in_arabic):
    asked = launch.parse("game=squadro&lang=fr&ruleset=kendall_trap&lesson=lodestone")
    assert asked.game is None and asked.language is None and asked.ruleset is None
    assert asked.lesson is None
    said = [problem.text() for problem in asked.problems]
    assert said[0] == (
        "This site does not offer “squadro” for “game”: it offers senet. The default is used."
    )
    assert any("“fr” for “lang”: it offers ar, en" in line for line in said)
    assert any("“kendall_trap” for “ruleset”: it offers jequier, tait" in line for line in said)
    kept = launch.parse("ruleset=tait&lang=en")
    assert (kept.game, kept.ruleset, kept.language, kept.problems) == ("senet", "tait", "en", ())


def test_the_kiosk_idle_time_defaults_to_the_sites() -> None:
    site.use(read_site({"kiosk": {"idle_seconds": 300}}))
    try:
        assert launch.parse("kiosk=1").idle_seconds == 300
        assert launch.parse("kiosk=1&idle=60").idle_seconds == 60
    finally:
        site.use(SITE)


def test_the_welcome_screen_and_new_game_offer_only_the_sites_games(senet_in_arabic) -> None:
    page = welcome.welcome_html()
    assert 'data-game="senet"' in page and 'data-game="squadro"' not in page
    assert "A board game for one or two players." in page
    assert 'value="tait"' in page and 'value="kendall"' not in page
    assert "custom" not in page  # not offered: no way to the custom rules
    form = form_html()
    assert 'name="game" value="senet"' in form and 'value="lodestone"' not in form
    assert 'name="reading" value="tait"' in form and 'name="reading" value="kendall"' not in form
    chosen = welcome.choice_from_data({"game": "squadro", "reading": "kendall"})
    assert chosen.game == "senet" and chosen.options["rules"].preset == "jequier"


def test_the_language_is_chosen_among_the_sites_with_its_default_last() -> None:
    offered = ("ar", "en")
    assert choose_language(None, None, ["fr-FR"], offered, "ar") == "ar"
    assert choose_language("fr", "fr", ["en-GB"], offered, "ar") == "en"
    assert choose_language(None, None, ["de"], ("ar", "de"), "ar") == "de"
    assert choose_language(None, None, [], ("de",), "en") == "de"


def test_sound_starts_as_the_site_says_until_the_visitor_chooses() -> None:
    assert sounds.sound_on(None, None, framed=False, site=False) is False
    assert sounds.sound_on(None, "on", framed=False, site=False) is True
    assert sounds.sound_on(None, None, framed=False) is True
