"""Printable sheets (ludeum.sheets): each game's one-page sheet and a game's record."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest
from review_games import random_game

from ludeum import i18n
from ludeum.games import GAMES, ui_for
from ludeum.games import ui as ui_for_game
from ludeum.senet.rules_pages import PAGES
from ludeum.senet.rulesets import KENDALL, PRESETS, TAIT
from ludeum.sheets import (
    QR_ERROR_CORRECTION,
    QR_MIN_MODULE_MM,
    QR_QUIET,
    QR_SIDE_MM,
    _diagram_points,
    game_sheet,
    picture,
    qr_fits,
    qr_picture,
    record_sheet,
)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def parsed(markup: str) -> ET.Element:
    """The fragment as XML: well formed, every text escaped."""
    return ET.fromstring(markup)


def svgs(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if e.tag.endswith("svg")]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_sheet_holds_its_board_set_up_and_rules(game: str) -> None:
    sheet = game_sheet(game)
    root = parsed(sheet)
    assert root.get("data-game") == game
    boards = svgs(root)
    # The large empty board, then the set-up diagram: both single named images,
    # nothing inside them for the tab order or a screen reader to visit.
    assert len(boards) == 2
    for board in boards:
        assert f"{game}-board" in board.get("class") and "sheet-picture" in board.get("class")
        assert board.get("role") == "img" and board.get("aria-label")
        inner = [e for e in board.iter() if e is not board]
        assert not any(e.get("role") or e.get("tabindex") for e in inner)
    assert "How to play" in sheet and "Set-up" in sheet and "You need" in sheet


def test_the_sheet_board_is_empty_and_the_set_up_is_not() -> None:
    senet = svgs(parsed(game_sheet("senet")))
    assert senet[0].findall(".//{*}g[@class='piece-at']") == []
    assert len(senet[1].findall(".//{*}g[@class='piece-at']")) == 10
    squadro = svgs(parsed(game_sheet("squadro")))
    assert 'viewBox="0 0 440 440"' in ET.tostring(squadro[0], encoding="unicode")
    on_board = [e for e in squadro[0].iter() if "sq-piece" in (e.get("class") or "")]
    assert on_board == []
    assert any("sq-piece" in (e.get("class") or "") for e in squadro[1].iter())
    lodestone = svgs(parsed(game_sheet("lodestone")))
    assert not any("ls-piece" in (e.get("class") or "") for e in lodestone[0].iter())
    assert sum("ls-piece" in (e.get("class") or "") for e in lodestone[1].iter()) == 16


def test_the_lodestone_sheet_prints_the_magnets() -> None:
    board = svgs(parsed(game_sheet("lodestone")))[0]
    magnets = [e for e in board.iter() if e.get("class") == "magnet"]
    assert len(magnets) == 64 and {m.text for m in magnets} == {"1", "2", "3", "4"}
    assert "the digit of the square it starts from" in game_sheet("lodestone")


def test_the_senet_sheet_says_its_reading_and_uses_its_rules() -> None:
    default = game_sheet("senet")
    assert "Senet after Gustave Jéquier" in default
    assert "The marked squares" in default
    assert "26, the House of Beauty: a piece there cannot be bumped." in default
    kendall = game_sheet("senet", KENDALL)
    assert "Senet after Timothy Kendall" in kendall
    assert "Each side has seven pieces on the first fourteen squares" in kendall
    assert "Senet after John Tait" in game_sheet("senet", TAIT)
    for rules in PRESETS.values():  # every reading draws, and ids stay unique per sheet
        sheet = game_sheet("senet", rules)
        ids = re.findall(r' id="([^"]+)"', sheet)
        assert len(ids) == len(set(ids))


@pytest.mark.parametrize("key", sorted(PAGES))
def test_each_senet_reading_summary_is_its_pages_how_to_play(key: str) -> None:
    rules = next(r for r in PRESETS.values() if (
        "jequier_ludii" if r.preset == "jequier_ludii" else r.family) == key)  # fmt: skip
    sheet = game_sheet("senet", rules)
    for item in PAGES[key]["play"]:
        assert parsed(f"<p>{item}</p>").text in ET.tostring(
            parsed(sheet), encoding="unicode", method="text"
        )


def test_an_unknown_game_has_no_sheet() -> None:
    with pytest.raises(KeyError):
        game_sheet("chess")


def test_a_picture_refuses_what_is_not_a_board() -> None:
    with pytest.raises(ValueError):
        picture("<svg><rect/></svg>", "x")


def test_the_sheets_speak_french() -> None:
    i18n.set_language("fr")
    sheet = game_sheet("senet")
    assert "Comment jouer" in sheet and "Mise en place" in sheet
    assert "Il vous faut" in sheet
    assert "Imprimé depuis Ludeum." in sheet
    record = record_sheet(random_game("squadro", 3))
    assert "Joueurs" in record and "Coups" in record


@pytest.mark.parametrize("game", GAMES)
def test_a_record_holds_its_moves_result_and_diagrams(game: str) -> None:
    state = random_game(game, 7)
    ui = ui_for(state)
    log = ui.game_log(state)
    record = record_sheet(state, ("human", "hard"))
    root = parsed(record)
    moves = root.find(".//{*}ol[@class='sheet-moves']")
    assert [li.text for li in moves] == log
    if state.outcome() is not None:
        assert ui.ending(state) in record
    assert "Computer (Hard)" in record
    figures = root.findall(".//{*}figure")
    assert 3 <= len(figures) <= 4
    captions = [f.find("{*}figcaption").text for f in figures]
    assert captions[0] == "The start" and captions[-1].startswith("After the last move")
    ids = re.findall(r' id="([^"]+)"', record)
    assert len(ids) == len(set(ids))


def test_an_unfinished_record_says_so_and_takes_the_log_given() -> None:
    state = random_game("squadro", 1, limit=6)
    record = record_sheet(state, log=["one", "<two>"], when="2026-11-26 11:00")
    assert "Not finished." in record and "&lt;two&gt;" in record
    assert "2026-11-26 11:00" in record and "Player 1" in record


def test_a_record_of_no_moves_draws_the_start_once() -> None:
    state = random_game("lodestone", 1, limit=0)
    root = parsed(record_sheet(state))
    assert len(root.findall(".//{*}figure")) == 1
    assert root.find(".//{*}ol[@class='sheet-moves']").findall("{*}li") == []


def test_the_diagrams_are_spread_over_the_game() -> None:
    ends = list(range(2, 62, 2))  # 30 entries
    assert _diagram_points(ends) == [(0, 0), (10, 20), (20, 40), (30, 60)]
    assert _diagram_points([1]) == [(0, 0), (1, 1)]
    assert _diagram_points([]) == [(0, 0)]


def test_the_lodestone_sheet_prints_the_games_own_magnet_map() -> None:
    from ludeum.lodestone.rules import RED, LodestoneRules

    def magnets(sheet: str) -> list[str]:
        board = svgs(parsed(sheet))[0]
        return [e.text for e in board.iter() if e.get("class") == "magnet"]

    turned = LodestoneRules(rotation=1)
    assert magnets(game_sheet("lodestone", turned)) != magnets(game_sheet("lodestone"))
    expected = [str(turned.digit_maps()[RED][square]) for square in range(64)]
    assert magnets(game_sheet("lodestone", turned)) == expected


def test_taits_sheet_draws_the_plinth_empty_and_says_where_the_pieces_start() -> None:
    """Tait's pieces all start off the board, on the plinth: the board to play on
    draws the plinth as an empty box (it drew the ten pieces waiting there), the set-up
    diagram draws them on it, and a line says so."""
    sheet = game_sheet("senet", TAIT)
    board, setup = svgs(parsed(sheet))

    def pieces(drawing: ET.Element) -> list[ET.Element]:
        return [e for e in drawing.iter() if (e.get("class") or "").startswith("piece ")]

    def plinth(drawing: ET.Element) -> ET.Element:
        return next(e for e in drawing.iter() if e.get("class") == "tray plinth")

    assert pieces(plinth(board)) == [] and pieces(board) == []
    assert plinth(board).find("{*}text").text == "plinth"
    assert "the plinth left of square 1" in board.get("aria-label")
    assert len(pieces(plinth(setup))) == 10
    assert "The board starts empty: each side's 5 counters wait on the plinth" in unescape(sheet)
    # The other readings have no plinth and no such line.
    for rules in (PRESETS["jequier"], KENDALL):
        other = game_sheet("senet", rules)
        assert "plinth" not in other and "The board starts empty" not in other


@pytest.mark.parametrize(
    ("preset", "pieces"),
    [("jequier", 5), ("kendall", 7), ("kendall_five_pieces", 5), ("tait", 5)],
)
def test_a_senet_sheet_asks_for_as_many_counters_as_its_reading_has(preset, pieces) -> None:
    sheet = game_sheet("senet", PRESETS[preset])
    assert f"You need: {pieces} counters a side in two colours" in sheet


def test_a_sheet_prints_the_address_that_leads_back_to_the_app() -> None:
    """Issue 37: a printed sheet says where to play; without an address, only where
    it came from. The address is text, escaped like any other."""
    address = "https://museum.example/ludeum/?game=senet&x=<b>"
    sheet = game_sheet("senet", address=address)
    assert "Play it at https://museum.example/ludeum/?game=senet&amp;x=&lt;b&gt;" in sheet
    assert "Play it at" not in game_sheet("senet")
    state = ui_for_game("senet").start({}, 0)
    record = record_sheet(state, address="https://m.example/?record=1AB")
    assert "Play it at https://m.example/?record=1AB" in record


# -- the address's QR code (issue 37) -------------------------------------------------


def modules_of(size: int, seed: int = 7) -> list[list[bool]]:
    """A module matrix of ``size`` a side as an encoder gives one: a pattern of our
    own (the code's content is the end-to-end test's, decoded by zxing-cpp)."""
    return [[(x * seed + y * y + x * y) % 3 == 0 for x in range(size)] for y in range(size)]


def drawn_cells(code: ET.Element) -> set[tuple[int, int]]:
    """The module cells the code's one path paints, read back from its rectangles."""
    path = code.find("{*}path")
    assert path.get("fill") == "#000000"
    cells = set()
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path.get("d")):
        cells |= {(int(x) + dx, int(y)) for dx in range(int(width))}
    assert re.fullmatch(r"(M\d+ \d+h\d+v1h-\d+z)+", path.get("d"))
    return cells


def qr_codes(root: ET.Element) -> list[ET.Element]:
    return [e for e in svgs(root) if "sheet-qr" in (e.get("class") or "")]


@pytest.mark.parametrize("size", [21, 33, 77])
def test_the_qr_code_draws_every_dark_module_black_on_white_inside_its_quiet_zone(size) -> None:
    modules = modules_of(size)
    code = parsed(qr_picture(modules, "QR code"))
    side = size + 2 * QR_QUIET
    assert code.get("viewBox") == f"0 0 {side} {side}"
    assert code.get("width") == code.get("height") == f"{QR_SIDE_MM}mm"
    background = code.find("{*}rect")
    assert (background.get("width"), background.get("height")) == (str(side), str(side))
    assert background.get("fill") == "#ffffff"
    dark = {(x + QR_QUIET, y + QR_QUIET) for y in range(size) for x in range(size) if modules[y][x]}
    assert drawn_cells(code) == dark  # nothing in the quiet zone, nothing missed
    assert code.get("role") == "img" and code.get("aria-label") == "QR code"


def test_a_qr_code_must_be_a_square_of_a_qr_size() -> None:
    for wrong in ([[True] * 20] * 20, [[True] * 21] * 20, [[True] * 22] * 22):
        with pytest.raises(ValueError):
            qr_picture(wrong, "QR code")


def test_a_code_scans_at_print_size_up_to_version_15() -> None:
    """Modules at least 0.35 mm wide on a 30 mm code: 77 modules a side (version 15,
    412 bytes at level M) fit, 81 (version 16) do not."""
    assert qr_fits(21) and qr_fits(77)
    assert not qr_fits(81) and not qr_fits(177)
    assert QR_SIDE_MM / (77 + 2 * QR_QUIET) >= QR_MIN_MODULE_MM
    assert QR_ERROR_CORRECTION == "M"


def test_both_sheets_print_the_address_with_its_qr_code_beside_it() -> None:
    address = "https://museum.example/ludeum/?game=senet"
    sheet = parsed(game_sheet("senet", address=address, qr=modules_of(33)))
    foot = sheet[-1]
    assert foot.tag == "footer" and foot.get("class") == "sheet-foot"
    line, code = list(foot)
    assert line.tag == "p" and line.text == f"Printed from Ludeum. Play it at {address}"
    assert code.get("aria-label") == "QR code of the address: scan it to play this game in Ludeum"
    assert len(qr_codes(sheet)) == 1
    state = ui_for_game("squadro").start({}, 0)
    record = parsed(record_sheet(state, address="https://m.example/?record=1AB", qr=modules_of(25)))
    (code,) = qr_codes(record)
    assert code.get("aria-label") == "QR code of the address: scan it to open this game in Ludeum"
    assert record[-1].tag == "footer" and record[-1][-1] is code


def test_a_code_too_dense_to_scan_is_left_out_and_the_written_address_kept() -> None:
    """A long game's record (its share link up to about 4000 characters) has no code
    that scans at 30 mm: the sheet prints the address in words alone."""
    state = ui_for_game("senet").start({}, 0)
    address = "https://m.example/?record=" + "A" * 4000
    record = parsed(record_sheet(state, address=address, qr=modules_of(81)))
    assert qr_codes(record) == []
    assert record[-1][0].text == f"Printed from Ludeum. Play it at {address}"
    # No encoder at hand (offline before it was ever fetched), or no address: no code.
    assert qr_codes(parsed(game_sheet("lodestone", address="https://m.example/"))) == []
    assert qr_codes(parsed(game_sheet("lodestone", qr=modules_of(21)))) == []


def test_the_qr_code_is_named_in_french() -> None:
    i18n.set_language("fr")
    sheet = parsed(
        game_sheet("squadro", address="https://m.example/?game=squadro", qr=modules_of(29))
    )
    (code,) = qr_codes(sheet)
    assert code.get("aria-label") == (
        "Code QR de l’adresse\u00a0: scannez-le pour jouer à ce jeu dans Ludeum"
    )
    state = ui_for_game("senet").start({}, 0)
    record = record_sheet(state, address="https://m.example/?record=1AB", qr=modules_of(29))
    (code,) = qr_codes(parsed(record))
    assert code.get("aria-label") == (
        "Code QR de l’adresse\u00a0: scannez-le pour ouvrir cette partie dans Ludeum"
    )
