"""Printing (issue 27, item 4), in print media emulation: "Print a sheet" in the rules
dialog and "Print the record" in the Export menu fill #print-sheet and call
window.print (replaced here by a counter); on paper only the sheet shows, and a
game's sheet fits one page of A4 and of US Letter (Chromium's own PDF of the page,
its pages counted); the screen never shows it; after printing it is emptied.

Both carry the app's address and its QR code (issue 37): the code, screenshot as
printed, is decoded by zxing-cpp, a decoder independent of the encoder the page
uses (npm's qrcode-generator), and must read as the address the sheet prints; the
encoder is fetched only when the visitor first prints."""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from harness import built, new_game, wait_ready
from PIL import Image
from playwright.sync_api import BrowserContext, Locator, Page, expect

pytestmark = pytest.mark.e2e

EMPTIED = "() => !document.getElementById('print-sheet').hasChildNodes()"
FILLED = "() => document.getElementById('print-sheet').hasChildNodes()"
PRINT_STUB = "window.print = () => { window.__printed = (window.__printed || 0) + 1 }"


QR_ENCODER = "static/vendor/qrcode-generator/qrcode.mjs"  # as the build names it: built()
FOOT = "Printed from Ludeum. Play it at "


def printed(page: Page) -> int:
    return page.evaluate("() => window.__printed || 0")


def wait_printed(page: Page, times: int) -> None:
    """The first print waits for the QR encoder's import: print() comes after it."""
    page.wait_for_function(f"() => (window.__printed || 0) === {times}")


def decoded_qr_code(page: Page, sheet: Locator) -> str:
    """What the sheet's QR code says, read by zxing-cpp off a screenshot of it as
    printed (print media), taken at 4 device pixels a CSS pixel: a 30 mm code of 85
    modules is then over 5 pixels a module, as a tablet's camera sees it closer."""
    code = sheet.locator("svg.sheet-qr")
    expect(code).to_be_visible()
    size = page.viewport_size
    cdp = page.context.new_cdp_session(page)
    metrics = {"width": size["width"], "height": size["height"], "mobile": False}
    cdp.send("Emulation.setDeviceMetricsOverride", {**metrics, "deviceScaleFactor": 4})
    try:
        shot = code.screenshot()
    finally:
        cdp.send("Emulation.setDeviceMetricsOverride", {**metrics, "deviceScaleFactor": 1})
        cdp.detach()
    found = zxingcpp.read_barcodes(
        Image.open(io.BytesIO(shot)).convert("L"), formats=zxingcpp.BarcodeFormat.QRCode
    )
    assert len(found) == 1, f"{len(found)} QR codes read"
    return found[0].text


def printed_address(sheet: Locator) -> str:
    line = sheet.locator(".sheet-foot p").inner_text()
    assert line.startswith(FOOT), line
    return line.removeprefix(FOOT)


def pdf_pages(page: Page, paper: str) -> int:
    """The pages of the page printed to PDF on ``paper``, as the browser's print
    dialog would lay them out (the sheet's own @page rules, the paper's size)."""
    pdf = page.pdf(format=paper, prefer_css_page_size=True)
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def only_the_sheet_shows(page: Page) -> None:
    page.emulate_media(media="print")
    expect(page.locator("#print-sheet")).to_be_visible()
    for other in ("#app", "#rules-dialog", "#drop-hint"):
        expect(page.locator(other)).to_be_hidden()


def sheet_fits_one_page(page: Page, printing) -> None:
    """On A4 and on Letter: one page each (a PDF empties the sheet, as any print
    does, so it is filled again for each)."""
    for paper in ("A4", "Letter"):
        page.emulate_media(media="screen")
        printing()
        page.wait_for_function(FILLED)
        page.emulate_media(media="print")
        assert pdf_pages(page, paper) == 1, paper
        # After printing the sheet is emptied: the browser's own Print prints the page.
        page.wait_for_function(EMPTIED)
    page.emulate_media(media="screen")


def test_a_game_sheet_and_a_record_print_alone_on_one_page(
    context: BrowserContext, site_server, watch
) -> None:
    # Fails the test on any console or page error, or a request to another origin.
    watched = watch(context, site_server.origin)
    context.add_init_script(PRINT_STUB)
    page = context.new_page()
    page.goto(site_server.url, wait_until="commit")
    wait_ready(page)
    sheet = page.locator("#print-sheet")
    # The QR encoder adds nothing to a visit that does not print.
    assert not [url for url in watched.requests if url.endswith(built(QR_ENCODER))]

    # Senet's sheet, from the rules dialog: the empty board, the set-up, the rules.
    # Opening the dialog fetches the encoder, so that the print button prints at once
    # (Safari may refuse a print() that follows an await rather than a click).
    page.click("#show-rules")
    fetched = "(url) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(url))"
    page.wait_for_function(fetched, arg=built(QR_ENCODER))
    page.click("#print-rules")
    wait_printed(page, 1)
    assert [url for url in watched.requests if url.endswith(built(QR_ENCODER))] != []
    expect(sheet).to_be_hidden()  # the screen never shows it
    expect(page.locator("#rules-dialog")).to_be_visible()
    only_the_sheet_shows(page)
    expect(sheet.locator("h1")).to_have_text("Senet")
    expect(sheet.locator(".sheet-board svg.senet-board[role='img']")).to_be_visible()
    expect(sheet.locator(".sheet-board .piece-at")).to_have_count(0)
    expect(sheet.locator(".sheet-setup .piece-at")).to_have_count(10)
    expect(sheet).to_contain_text("Senet after Gustave Jéquier")
    expect(sheet).to_contain_text("How to play")
    expect(sheet).to_contain_text("26, the House of Beauty")
    # Senet's long board is printed landscape: as wide as the page, squares for coins.
    board = sheet.locator(".sheet-board svg").bounding_box()
    assert board["width"] > 3 * board["height"]
    # At its foot, the app's address, and beside it its QR code, which says the same.
    here = page.evaluate("() => location.origin + location.pathname")
    assert printed_address(sheet) == f"{here}?game=senet"
    code = sheet.locator("svg.sheet-qr")
    expect(code).to_have_attribute("role", "img")
    expect(code).to_have_attribute(
        "aria-label", "QR code of the address: scan it to play this game in Ludeum"
    )
    box = code.bounding_box()  # 30 mm: 113 CSS pixels
    assert 110 <= box["width"] <= 116 and box["width"] == box["height"]
    assert decoded_qr_code(page, sheet) == f"{here}?game=senet"

    def print_rules() -> None:
        if not page.locator("#rules-dialog").is_visible():
            page.click("#show-rules")
        page.click("#print-rules")

    sheet_fits_one_page(page, print_rules)
    page.click("#close-rules")

    # Lodestone, portrait: its magnets printed on the empty board.
    new_game(page, "lodestone", "human")
    expect(page.locator("#game-name")).to_have_text("Lodestone")
    print_rules()
    only_the_sheet_shows(page)
    expect(sheet.locator(".sheet-board svg.lodestone-board .magnet")).to_have_count(64)
    sheet_fits_one_page(page, print_rules)
    page.click("#close-rules")

    # A few moves, then the record from the Export menu: the moves and the diagrams.
    page.click('#board [data-square="Ke"]')
    page.click('#board [data-square="Kd"]')
    page.click('#board [data-square="a1"]')
    page.click('#board [data-square="a3"]')
    expect(page.locator("#moves li")).to_have_count(3)
    moves = page.locator("#moves li").all_inner_texts()
    page.click("#export-label")
    page.click("#print-record")
    expect(page.locator("#export")).not_to_have_attribute("open", "")
    only_the_sheet_shows(page)
    expect(sheet.locator("h1")).to_have_text("Lodestone: the record of a game")
    expect(sheet.locator(".sheet-moves li")).to_have_text(moves)
    expect(sheet.locator("figure svg.lodestone-board")).to_have_count(4)
    expect(sheet.locator("figcaption").last).to_have_text("After the last move (3)")
    expect(sheet).to_contain_text("Not finished.")
    # Its address is the game's share link, and its QR code says the same.
    address = printed_address(sheet)
    assert address.startswith(f"{here}?record=")
    assert decoded_qr_code(page, sheet) == address
    assert printed(page) == 7
