"""The page's words while Python loads (issue 14, item 5): the build's table holds
every static word of the page in every language the app speaks, as the catalogs
translate it; English is the page as written; the JS and Python pick the same
language by the same rule (ludeum.i18n.choose_language)."""

from __future__ import annotations

import importlib.util
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ludeum import page_text
from ludeum.i18n import LANGUAGES, _, choose_language, set_language
from ludeum.senet import new_game
from ludeum.senet.svg import board_svg

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location(
        "ludeum_build_prelang", ROOT / "scripts" / "build.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def table(build) -> dict:
    text = build.page_text_json()
    assert "<" not in text, "the JSON could close its <script> element"
    return json.loads(text)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


class _Texts(HTMLParser):
    """index.html's text by element id, and its <title>."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, str] = {}
        self.open: list[tuple[str, str | None]] = []
        self.title = ""

    def handle_starttag(self, tag, attrs) -> None:
        if tag in ("meta", "link", "input", "br", "img"):
            return
        self.open.append((tag, dict(attrs).get("id")))

    def handle_endtag(self, tag) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data) -> None:
        for tag, id_ in self.open:
            if id_ is not None:
                self.by_id[id_] = self.by_id.get(id_, "") + data
            if tag == "title":
                self.title += data


def test_every_language_has_every_page_word_the_title_and_the_start_board(build, table) -> None:
    ids = set(build.page_text_table()) | set(page_text.BOOT_TEXT)
    assert set(table) == set(LANGUAGES)
    assert table["en"] == {}, "English is the page as written, not repeated"
    for code in set(LANGUAGES) - {"en"}:
        assert set(table[code]["text"]) == ids, code
        assert table[code]["title"] and table[code]["board"] and table[code]["board_text"]


def test_the_french_words_are_the_catalogs_translations(build, table) -> None:
    messages = {**build.page_text_table(), **page_text.BOOT_TEXT}
    set_language("fr")
    french = table["fr"]
    assert french["text"] == {id_: _(message) for id_, message in messages.items()}
    assert french["text"]["throw"] == "Décider qui commence"  # the start is in the opening
    assert french["text"]["status"] == "Chargement du jeu…"
    assert (
        french["title"]
        == _("{site}: {game}", site="Ludeum", game=_("Senet"))
        == "Ludeum\u00a0: Senet"
    )
    drawn = board_svg(new_game())  # the app's own French drawing of the start
    assert french["board"] == page_text.board_labels(drawn)
    assert french["board_text"] == page_text.board_words(drawn)
    assert "Pièce blanche sur la case 1" in french["board"]
    assert "sorties" in french["board_text"]


def test_english_is_the_page_as_written(build) -> None:
    # No English table is shipped, so index.html must say exactly what Python's
    # English says, or a visitor would see the words change when Python is up.
    page = _Texts()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    words = {**build.page_text_table(), **page_text.BOOT_TEXT}
    differ = {
        id_: written
        for id_, message in words.items()
        if (written := " ".join(page.by_id.get(id_, "").split())) != message
    }
    assert differ == {}
    assert page.title == _(page_text.TITLE, site="Ludeum", game=_(page_text.START_GAME))


def test_the_built_page_carries_the_table_as_data_not_code(build, tmp_path) -> None:
    index = tmp_path / "index.html"
    index.write_text(f"<body>{build.PAGE_TEXT_MARKER}</body>", encoding="utf-8")
    build.prerender_page_text(index)
    block = re.fullmatch(
        r'<body><script type="application/json" id="page-text">(.*)</script></body>',
        index.read_text(encoding="utf-8"),
    )
    assert block and json.loads(block.group(1))["fr"]["text"]["moves-title"] == "Coups"
    index.write_text("<body></body>", encoding="utf-8")
    with pytest.raises(build.BuildError, match="exactly once"):
        build.prerender_page_text(index)


def test_a_board_that_differs_by_more_than_its_words_fails_the_build() -> None:
    # Words are put on the board by position: a drawing whose shape changed with the
    # language would put them on the wrong squares, so the table is refused.
    def board() -> str:
        return board_svg(new_game()) + ("<g/>" if _("Senet board") != "Senet board" else "")

    with pytest.raises(page_text.PageTextError, match="not the English drawing"):
        page_text.prerendered({}, board)


@pytest.mark.parametrize(
    ("asked", "stored", "preferred", "chosen"),
    [
        ("fr", "en", ["en-US"], "fr"),  # the link first
        (None, "fr", ["en-US"], "fr"),  # then the stored choice
        (None, "en", ["fr-FR"], "en"),
        (None, None, ["fr-CA", "en"], "fr"),  # then the browser, by primary subtag
        (None, None, ["es-ES", "FR"], "fr"),  # the first one we speak
        (None, None, ["es-ES"], "en"),  # else English
        (None, None, ["de-AT", "fr"], "de"),  # German and Arabic are spoken too
        (None, None, ["ar-EG"], "ar"),
        (None, "xx", ["fr-FR"], "fr"),  # a stored language we do not speak is passed over
        (None, "", [], "en"),
    ],
)
def test_the_language_is_the_links_then_the_stored_then_the_browsers(
    asked, stored, preferred, chosen
) -> None:
    assert choose_language(asked, stored, preferred) == chosen


def test_page_language_js_reads_the_key_python_writes() -> None:
    script = (ROOT / "static" / "page-language.js").read_text(encoding="utf-8")
    storage = (ROOT / "src" / "web" / "storage.py").read_text(encoding="utf-8")
    key = re.search(r'^LANGUAGE_KEY = "([^"]+)"', storage, re.M).group(1)
    assert f"var LANGUAGE_KEY = '{key}';" in script
