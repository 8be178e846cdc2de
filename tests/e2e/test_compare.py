"""Senet's readings compared (issue 27, item 3), in the browser: the protection
example opened from the rules page shows its columns side by side, each with its
moves in words, the sentences that explain the differences, and passes axe; the
throw and the position can be changed; luck's share in each reading is under them
(issue 53); Escape closes the dialog."""

from __future__ import annotations

import re

from axe import check_accessibility
from harness import wait_ready
from playwright.sync_api import Page, expect
from test_dialogs import check_close_button


def column(page: Page, name: str):
    return page.locator(".compare-column").filter(
        has=page.get_by_role("heading", name=name, exact=True)
    )


def test_the_protection_example_opens_from_the_rules_page(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    page.click("#show-rules")
    page.locator('#rules-content [data-compare="protection"]').click()
    dialog = page.locator("#compare-dialog")
    expect(dialog).to_have_attribute("open", "")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(page.locator("#compare-example")).to_be_focused()  # the keyboard starts there
    check_close_button(page, "compare-dialog")

    expect(page.locator(".compare-column")).to_have_count(4)
    tait = column(page, "Tait")
    botermans = column(page, "Jéquier (Botermans)")
    # The pair on 20 and 21 protects under Jéquier, not under Tait.
    expect(tait.locator("li")).to_contain_text(
        ["from 18 to 21, sends the piece there back to its plinth"]
    )
    expect(botermans.locator("li", has_text="from 18 to 21")).to_have_count(0)
    expect(botermans.locator("svg.compare-board .compare-move")).to_have_count(3)
    expect(page.locator(".compare-sentences")).to_contain_text(
        "Jéquier (Botermans) and Kendall (every option): the move from 18 to 21 is refused, "
        "because two pieces of one side next to each other along the track protect each other."
    )
    # A teacher's link to exactly this comparison.
    expect(page.locator("#compare-link")).to_have_value(re.compile(r"/\?compare=protection$"))
    # How much of a result is luck in each reading (issue 53): the four readings, and
    # Kendall's fifteen options folded until asked for.
    luck = page.locator("#compare-luck")
    expect(luck.locator("table").first.locator("tbody tr")).to_have_count(4)
    options = luck.locator(".luck-options")
    expect(options.locator("tbody tr").first).to_be_hidden()
    options.locator("summary").click()
    expect(options.locator("tbody tr")).to_have_count(15)
    expect(options.locator("tbody tr").first).to_be_visible()
    check_accessibility(page, "the readings compared")

    # No light side up: 5 under Kendall, 6 under the others.
    page.select_option("#compare-throw", "0")
    kendall = page.locator(".compare-column").filter(
        has=page.locator("h3", has_text=re.compile("^Kendall"))
    )
    expect(kendall.first.locator(".compare-value")).to_have_text("The throw is worth 5.")
    expect(column(page, "Tait").locator(".compare-value")).to_have_text("The throw is worth 6.")
    expect(page.locator("#compare-about")).to_contain_text("Black throws no light side up")
    # The game on screen, still in its opening: each reading's own start, the throw kept.
    page.select_option("#compare-example", "current")
    expect(page.locator("#compare-about")).to_contain_text("The position of the game on screen")
    # Only Tait's reading moves here: its move is one the readings dispute, marked so.
    expect(column(page, "Tait").locator("li.differs")).to_have_text(
        ["enter a piece on 6, throw again (not in every reading)"]
    )
    expect(column(page, "Tait").locator("path.compare-move.differs")).to_have_count(1)
    expect(column(page, "Jéquier (both readings)")).to_contain_text(
        "not a 1: the other player throws"
    )
    expect(page.locator("#compare-link-line")).to_be_hidden()

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
