"""The translation catalogs (src/ludeum/locale/<code>/LC_MESSAGES/ludeum.po, compiled
to .mo), French first: every user-facing message of the sources is translated in every
language, the translations fill the same fields, the committed .mo is the compiled .po,
and every screen renders in French. The messages are found by the project's own
extractor (scripts/translations.py, on Babel), checked against what Python's parser
sees in the sources."""

from __future__ import annotations

import ast
import gettext
import importlib.util
import random
import shutil
import string
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ludeum import i18n, seats
from ludeum.chance import random_choice
from ludeum.games import GAMES
from ludeum.games import ui as game_ui
from ludeum.i18n import _, set_language
from ludeum.protocol import CHANCE

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
LOCALE = SRC / "ludeum" / "locale"
FRENCH_PO = LOCALE / "fr" / "LC_MESSAGES" / "ludeum.po"
#: Every language the app offers besides English, whose messages are the sources'.
TRANSLATED = sorted(code for code in i18n.LANGUAGES if code != i18n.DEFAULT)


def load_script():
    spec = importlib.util.spec_from_file_location(
        "translations_script", ROOT / "scripts" / "translations.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = load_script()


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


@pytest.fixture(scope="module")
def extracted():
    return TOOL.extract()


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "ludeum.po"


def read_catalog(code: str):
    with po_path(code).open("rb") as file:
        return read_po(file, locale=code)


@pytest.fixture(scope="module")
def french_po():
    return read_catalog("fr")


def fields(text: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}


# -- the catalog covers the sources ------------------------------------------------------------


def literal_messages() -> dict[str, str]:
    """Python's view of the sources: the first argument of every _("...")/N_("...")
    written as a literal, wherever it stands (f-strings included), and its place; for
    _n("...", "...", count), the pair of its singular and plural."""
    found = {}
    for path in TOOL.sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            texts = [text for text in texts if isinstance(text, str)]
            where = f"{path.relative_to(SRC)}:{node.lineno}"
            if (
                node.func.id in ("_", "N_")
                and node.args
                and node.args[0] is not None
                and (isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))
            ):
                found.setdefault(node.args[0].value, where)
            elif node.func.id == "_n" and len(texts) >= 2:
                found.setdefault((texts[0], texts[1]), where)
    return found


def test_the_extractor_finds_exactly_the_messages_written_in_the_sources(extracted):
    # Babel on Python 3.11 does not look inside f-strings (a message there would never
    # reach the catalog), and it takes a string subscript inside _() for a message.
    written = literal_messages()
    found = {message.id for message in extracted if message.id}
    assert len(written) > 250
    missed = sorted(f"{where}: {message!r}" for message, where in written.items()
                    if message not in found)  # fmt: skip
    assert missed == [], "messages the extractor does not see (inside an f-string?)"
    assert sorted(found - written.keys()) == [], "extracted strings that are not messages"


def test_every_language_offered_has_a_catalog_and_every_catalog_is_offered():
    assert "fr" in TRANSLATED
    catalogs = sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())
    assert catalogs == TRANSLATED
    for code in TRANSLATED:
        assert po_path(code).is_file() and po_path(code).with_suffix(".mo").is_file()


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_test_fails_when_any_user_facing_string_has_no_translation(extracted, code):
    catalog = read_catalog(code)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        entry = catalog.get(message.id)
        if entry is None or not all(texts(entry)) or entry.fuzzy:
            where = ", ".join(dict.fromkeys(f for f, _line in message.locations))
            state = "missing" if entry is None else "fuzzy" if all(texts(entry)) else "empty"
            missing.append(f"{state} ({where}): {message.id!r}")
    assert missing == [], (
        "untranslated messages: run scripts/translations.py update, translate them in "
        f"{po_path(code).relative_to(ROOT)}, then compile"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_holds_no_message_the_sources_no_longer_use(extracted, code):
    used = {message.id for message in extracted}
    stale = sorted(m.id for m in read_catalog(code) if m.id and m.id not in used)
    assert stale == [], "run scripts/translations.py update"


def texts(message) -> tuple[str, ...]:
    """A translation's text, or each of its plural forms."""
    string = message.string
    return tuple(string) if isinstance(string, (tuple, list)) else (string,)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_fills_exactly_the_fields_of_its_message(code):
    # A plural form may say its number in words ("one move", Arabic's "two moves"):
    # it may leave {count} out, and must keep every other field.
    problems = []
    for message in read_catalog(code):
        if not message.id or not all(texts(message)):
            continue
        source = message.id[-1] if message.pluralizable else message.id
        wanted = fields(source) - ({"count"} if message.pluralizable else set())
        for text in texts(message):
            try:
                got = fields(text) - ({"count"} if message.pluralizable else set())
                text.format(**dict.fromkeys(fields(text), "x"))
            except (ValueError, KeyError, IndexError) as error:
                problems.append(f"{message.id!r}: {text!r} does not format ({error})")
                continue
            if got != wanted:
                problems.append(f"{message.id!r}: fields {sorted(got)}, should be {sorted(wanted)}")
    assert problems == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_about_a_number_has_each_plural_form_of_its_language(code):
    catalog = read_catalog(code)
    plural = [m for m in catalog if m.id and m.pluralizable]
    assert len(plural) >= 13
    assert {len(texts(m)) for m in plural} == {catalog.num_plurals}
    assert catalog.num_plurals == {"fr": 2, "de": 2, "ar": 6}.get(code, catalog.num_plurals)


def test_the_catalog_is_french_for_the_app():
    with FRENCH_PO.open("rb") as file:
        catalog = read_po(file)
    assert str(catalog.locale) == "fr" and catalog.charset.lower() == "utf-8"
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"
    assert i18n.LANGUAGES["fr"] == "Français" and i18n.LANGUAGES["en"] == "English"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_mo_is_what_compiling_the_po_gives(code):
    with po_path(code).with_suffix(".mo").open("rb") as file:
        committed = dict(gettext.GNUTranslations(file)._catalog)
    catalog = read_catalog(code)
    translated = {}
    for m in catalog:
        if m.id and all(texts(m)) and not m.fuzzy:
            if m.pluralizable:  # gettext keys each form by (singular, index)
                translated.update({(m.id[0], i): text for i, text in enumerate(texts(m))})
            else:
                translated[m.id] = m.string
    shipped = {key: value for key, value in committed.items() if key}  # "" is the header
    assert shipped == translated, "run scripts/translations.py compile"


def test_french_typography_is_consistent(french_po):
    # A no-break space before : ; ? ! % and inside guillemets, never a plain space.
    every = [text for m in french_po if m.id for text in texts(m) if text]
    plain = [text for text in every if any(
        p in text for p in (" :", " ;", " ?", " !", " %", "« ", " »"))]  # fmt: skip
    straight = [text for text in every if "'" in text]
    assert plain == [] and straight == []


# -- the translation function in French ----------------------------------------------------------


def test_french_translates_real_messages_and_fills_their_fields():
    assert set_language("fr") == "fr" and i18n.language() == "fr"
    assert _("New game") == "Nouvelle partie"
    assert _("the House of Beauty") == "la Maison de la Beauté"
    assert _("Player {number}", number=2) == "Joueur 2"
    assert _("Estimated winning chance: {percent}%", percent=63) == (
        "Chance de victoire estimée\u00a0: 63\u00a0%"
    )


@pytest.mark.parametrize("code", ["xx", "es", "FR", "fr_FR", ""])
def test_an_unknown_language_falls_back_to_english(code):
    set_language("fr")
    assert set_language(code) == "en" and i18n.language() == "en"
    assert _("New game") == "New game"
    assert _("Player {number}", number=2) == "Player 2"


def test_a_language_whose_catalog_is_missing_speaks_english(monkeypatch, tmp_path):
    monkeypatch.setitem(i18n.LANGUAGES, "xx", "Test")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.delitem(i18n._catalogs, "xx", raising=False)
    assert set_language("xx") == "en"
    assert _("New game") == "New game"


# -- every screen in French ------------------------------------------------------------------------


def play(game: str, seed: int, options: dict, steps: int):
    """(before, action, after) along a random game of ``game``."""
    ui = game_ui(game)
    source = random.Random(seed)
    state = ui.start(options, seed % 2)
    for _step in range(steps):
        if state.to_act() is None:
            return
        if state.to_act() == CHANCE:
            action = ui.throw(state, source)
        else:
            action = random_choice(state.legal_moves(), source)
        after = state.apply(action)
        yield state, action, after
        state = after


def screens(game: str, seed: int, options: dict) -> list[str]:
    """Every text a game shows along a random game: status, move list, board and side
    drawings, names, the hint's words, the players line, the end-of-game offer."""
    ui = game_ui(game)
    texts = [ui.title()]
    for before, action, after in play(game, seed, options, 160):
        texts.append(ui.status(after))
        texts.append(ui.log_entry(before, action, after) or "")
        texts.append(ui.board_svg(after, last_move=ui.last_move(after)))
        texts.append(ui.side_svg(after))
        texts.append(ui.ruleset_name(after))
        sides = [ui.side_label(after, seat) for seat in (0, 1)]
        texts.append(seats.players_text(("human", "hard"), sides))
        texts.append(seats.player_name(("easy", "human"), 0))
        moves = list(after.legal_moves())
        if moves:
            texts.append(ui.describe_move(after, moves[0]))
        if after.to_act() is None and hasattr(ui, "after_game"):
            texts.append(ui.after_game(after)[0])
    return texts


def rules_pages() -> list[str]:
    from ludeum.lodestone import rules_page as lodestone_rules
    from ludeum.senet import PRESETS
    from ludeum.senet import rules_pages as senet_rules
    from ludeum.senet.rulesets import JEQUIER
    from ludeum.squadro import rules_page as squadro_rules

    custom = JEQUIER.with_options(backward_can_capture=True)
    pages = [senet_rules.rules_page(rules) for rules in [*PRESETS.values(), custom]]
    return [*pages, squadro_rules.rules_page(), lodestone_rules.rules_page()]


def forms() -> list[str]:
    from ludeum.senet import PRESETS
    from ludeum.senet.setup_form import form_html, ruleset_name

    out = []
    for index, rules in enumerate(PRESETS.values()):
        game = GAMES[index % len(GAMES)]
        players = (("human", "human"), ("hard", "human"), ("easy", "easy"))[index % 3]
        out.append(form_html(rules, "random", game=game, players=players))
        out.append(ruleset_name(rules))
    return out


def page_text() -> list[str]:
    # The page's static words (src/web/page.py's PAGE_TEXT), read without importing
    # the browser module.
    tree = ast.parse((SRC / "web" / "page.py").read_text(encoding="utf-8"))
    table = next(
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PAGE_TEXT"
    )
    return [_(call.args[0].value) for call in table.values]


def everything() -> list[str]:
    texts = []
    for game in GAMES:
        for seed in (1, 2):
            texts += screens(game, seed, {})
    from ludeum.lodestone import LodestoneRules
    from ludeum.senet import PRESETS

    turned = LodestoneRules(per_colour_reading=True, rotation=1)
    texts += screens("lodestone", 3, {"lodestone_rules": turned})
    for seed, rules in enumerate(PRESETS.values()):
        texts += screens("senet", seed, {"rules": rules})[-40:]
    return texts + rules_pages() + forms() + page_text()


def test_every_screen_renders_in_french_and_differs_from_english():
    set_language("en")
    english = everything()
    set_language("fr")
    french = everything()  # raises if a translation's fields do not match the call
    assert len(french) == len(english) > 1000
    same = {e for e, f in zip(english, french, strict=True) if e == f and e.strip()}
    # Only texts with no words at all may read the same (digits, an empty drawing).
    worded = sorted(text for text in same if any(c.isalpha() for c in text))
    names = {"Senet", "Squadro", "Lodestone", "Kendall", "Tait", "Jéquier (Botermans)",
             "Jéquier (Ludii)"}  # fmt: skip
    assert [text for text in worded if text not in names] == []
    assert not [text for text in french if "{" in text and "}" in text and "<" not in text]


def test_french_markup_stays_well_formed():
    # Translations are escaped where they meet markup: every drawing and rules page
    # still parses, and no translated word turns into an element.
    set_language("fr")
    parsed = 0
    for markup in rules_pages() + [t for t in screens("senet", 5, {}) if t.startswith("<svg")]:
        ET.fromstring(f"<div>{markup}</div>")
        parsed += 1
    assert parsed > 20


# -- the catalog tool ------------------------------------------------------------------------------


@pytest.fixture
def scratch(monkeypatch, tmp_path):
    """The catalog tool working on a copy of the catalogs."""
    locale = tmp_path / "locale"
    shutil.copytree(SRC / "ludeum" / "locale", locale)
    monkeypatch.setattr(TOOL, "LOCALE", locale)
    monkeypatch.setattr(TOOL, "TEMPLATE", locale / "ludeum.pot")
    monkeypatch.setattr(TOOL, "ROOT", tmp_path)
    return locale


def test_check_passes_on_the_committed_catalogs(scratch, capsys):
    assert TOOL.main(["check"]) == 0
    assert "all" in capsys.readouterr().out


def test_check_fails_and_names_an_untranslated_message(scratch, capsys):
    po = scratch / "fr" / "LC_MESSAGES" / "ludeum.po"
    catalog = TOOL.read(po, locale="fr")
    catalog["New game"].string = ""
    TOOL.write(po, catalog)
    assert TOOL.main(["check"]) == 1
    out = capsys.readouterr().out
    assert "untranslated (web/page.py): 'New game'" in out


def test_update_keeps_translations_and_adds_new_messages_untranslated(scratch):
    template = TOOL.read(scratch / "ludeum.pot")
    template.add("A message added since", locations=[("ludeum/new.py", 1)])
    TOOL.write(scratch / "ludeum.pot", template)
    assert TOOL.main(["update"]) == 0
    catalog = TOOL.read(scratch / "fr" / "LC_MESSAGES" / "ludeum.po", locale="fr")
    assert catalog["A message added since"].string == ""
    assert catalog["New game"].string == "Nouvelle partie"
    assert TOOL.main(["compile"]) == 0
    with (scratch / "fr" / "LC_MESSAGES" / "ludeum.mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    assert compiled.gettext("New game") == "Nouvelle partie"
    assert compiled.gettext("A message added since") == "A message added since"


# -- numbers, and languages that arrive later --------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["0 moves", "1 move", "2 moves", "5 moves", "11 moves", "100 moves"]),
        ("fr", ["0 coup", "1 coup", "2 coups", "5 coups", "11 coups", "100 coups"]),
        ("de", ["0 Züge", "1 Zug", "2 Züge", "5 Züge", "11 Züge", "100 Züge"]),
        # Arabic: zero, one and two in words, 3 to 10 with the plural, 11 to 99 with
        # the singular, and 100 on with the singular (its own form in gettext's rule).
        ("ar", ["لا نقلات", "نقلة واحدة", "نقلتان", "5 نقلات", "11 نقلة", "100 نقلة"]),
    ],
)
def test_a_count_takes_the_plural_form_its_language_uses_for_that_number(code, said):
    assert set_language(code) == code
    counts = (0, 1, 2, 5, 11, 100)
    assert [i18n._n("{count} move", "{count} moves", n) for n in counts] == said
    set_language("en")


def test_a_catalog_downloaded_later_is_kept_checked_and_then_spoken(monkeypatch, tmp_path):
    # The site sends only the visitor's language; another one chosen later arrives
    # as the bytes of its .mo (src/web/settings.py).
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.delitem(i18n._catalogs, "de", raising=False)
    assert not i18n.has_catalog("de") and set_language("de") == "en"
    assert not i18n.install_catalog("de", b"<html>not a catalog</html>")
    assert not i18n.has_catalog("de")
    data = po_path("de").with_suffix(".mo").read_bytes()
    assert i18n.install_catalog("de", data) and i18n.has_catalog("de")
    assert set_language("de") == "de" and _("New game") == "Neue Partie"
    set_language("en")
    monkeypatch.delitem(i18n._catalogs, "de", raising=False)


def test_arabic_is_written_right_to_left_and_the_others_left_to_right():
    assert i18n.direction("ar") == "rtl"
    assert [i18n.direction(code) for code in ("en", "fr", "de")] == ["ltr"] * 3
    assert i18n.RIGHT_TO_LEFT <= set(i18n.LANGUAGES)
