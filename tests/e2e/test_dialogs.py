"""Dialogs, Export and Import on a desktop screen and on a phone (issue 25, item 8).

One boot per screen: every dialog has a close button (×) at its top, named for
screen readers, at least 44x44 CSS px, usable by mouse or touch and by keyboard, and
still in view once a long dialog is scrolled; Escape still closes. The new-game
form's radio buttons and checkboxes keep their size where their labels wrap (they
shrank to 13 px wide on a 390 px phone). Export stays open across downloads and
closes by its summary, Escape or a press outside it. An import says what it opened
("Opened: Lodestone, 6 moves."), until the game moves on; in French too.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe import check_accessibility
from harness import SiteServer, wait_ready
from playwright.sync_api import Browser, Page, expect

from ludeum.lodestone import LodestoneRules
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone import ui as lodestone_ui
from ludeum.records import text as move_list

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SQUADRO = "Ludeum move list 1\ngame: squadro\n1. 1\n2. 3\nend\n"
TARGET = 44  # CSS px: the smallest touch target the app allows (WCAG 2.5.5)
BOX = 20  # CSS px: a radio button or checkbox (1.25rem)


def lodestone_list(actions: int = 6) -> tuple[str, int]:
    """A Lodestone move list of ``actions`` actions, and its number of moves."""
    state = new_lodestone(LodestoneRules(), 0)
    for _ in range(actions):
        state = state.apply(state.legal_moves()[0])
    return move_list.write(state), len(lodestone_ui.game_log(state))


@pytest.fixture(params=["desktop", "phone"])
def screen(request, browser: Browser, site_server: SiteServer, watch) -> Iterator[Page]:
    context = browser.new_context(accept_downloads=True,
                                  **(DESKTOP if request.param == "desktop" else PHONE))  # fmt: skip
    watch(context, site_server.origin)
    page = context.new_page()
    page.goto(site_server.url, wait_until="commit")
    wait_ready(page)
    yield page
    context.close()


def is_phone(page: Page) -> bool:
    return page.viewport_size["width"] < 500


def press_outside(page: Page) -> None:
    """A press on the board's frame, outside every control: a tap on a phone."""
    box = page.locator("#board").bounding_box()
    x, y = box["x"] + 3, box["y"] + 3
    if is_phone(page):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def check_close_button(page: Page, dialog_id: str, name: str = "Close") -> None:
    """The dialog's × is at its top right, named, and large enough to touch."""
    dialog = page.locator(f"#{dialog_id}")
    close = dialog.locator(".dialog-close")
    expect(close).to_be_visible()
    expect(close).to_have_accessible_name(name)
    button, frame = close.bounding_box(), dialog.bounding_box()
    assert button["width"] >= TARGET and button["height"] >= TARGET, (dialog_id, button)
    assert button["y"] - frame["y"] < 30, (dialog_id, button, frame)  # at the top
    right = frame["x"] + frame["width"] - button["x"] - button["width"]
    assert 0 <= right < 30, (dialog_id, button, frame)  # at the right
    # In view: nothing covers its middle (a press there reaches the button).
    covered = page.evaluate(
        """(id) => { const b = document.querySelector('#' + id + ' .dialog-close');
           const r = b.getBoundingClientRect();
           const middle = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
           return !b.contains(middle); }""",
        dialog_id,
    )
    assert not covered, dialog_id
    # Nothing of the dialog (a line of text, a control, a fieldset's frame) lies
    # under it while the dialog shows its top.
    under = page.evaluate(
        """(id) => { const dialog = document.getElementById(id);
           if (dialog.scrollTop > 0) return [];
           const x = dialog.querySelector('.dialog-close').getBoundingClientRect();
           const hits = (r) => r.width > 0 && r.height > 0 && r.left < x.right - 1
             && r.right > x.left + 1 && r.top < x.bottom - 1 && r.bottom > x.top + 1;
           const found = [];
           const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
           for (let node = walker.nextNode(); node; node = walker.nextNode()) {
             if (node.parentElement.closest('.dialog-close') || !node.textContent.trim()) continue;
             const range = document.createRange(); range.selectNodeContents(node);
             if ([...range.getClientRects()].some(hits)) found.push(node.textContent.trim());
           }
           for (const node of dialog.querySelectorAll('input, select, button, fieldset')) {
             if (!node.classList.contains('dialog-close') && hits(node.getBoundingClientRect()))
               found.push(node.outerHTML.slice(0, 60));
           }
           return found; }""",
        dialog_id,
    )
    assert under == [], f"under the × of {dialog_id}: {under}"


def check_rules_fit(page: Page) -> None:
    """Nothing on the rules page is wider than its column: on a phone Senet's skill
    table stacks each ruleset's figures under its name (it was cut at its right edge)."""
    overflow = page.evaluate(
        """() => { const d = document.getElementById('rules-dialog');
             const table = d.querySelector('.skill-table');
             const parent = table && table.parentElement.getBoundingClientRect();
             return [d.scrollWidth - d.clientWidth,
                     table ? table.getBoundingClientRect().right - parent.right : 0]; }"""
    )
    assert overflow[0] <= 0 and overflow[1] <= 0.5, f"the rules page overflows: {overflow}"


def choose_file(page: Page, name: str, content: str) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator("#import-game").click()
    chooser.value.set_files(files=[{"name": name, "mimeType": "text/plain",
                                    "buffer": content.encode("utf-8")}])  # fmt: skip


def test_dialogs_close_at_the_top_export_stays_open_import_says_what_it_opened(
    screen: Page,
) -> None:
    page = screen
    phone = is_phone(page)

    # The new-game dialog: the × beside the title, focus still on the game chosen.
    page.click("#new-game")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator('input[name="game"][value="senet"]')).to_be_focused()
    check_close_button(page, "new-game-dialog")
    # Every choice shown, with the options each reading or game brings along.
    for shown in ("", '[name="reading"][value="kendall"]', '[name="reading"][value="custom"]',
                  '[name="game"][value="lodestone"]'):  # fmt: skip
        if shown:
            page.locator(f"#new-game-form input{shown}").check()
        sizes = page.evaluate(
            """() => [...document.querySelectorAll('#new-game-form .choice > input')]
                 .filter((i) => i.getClientRects().length)
                 .map((i) => { const r = i.getBoundingClientRect();
                               return [i.name || i.type, i.value, r.width, r.height]; })"""
        )
        assert len(sizes) >= 10, sizes  # games, players, readings or options, who starts
        small = [s for s in sizes if round(s[2]) < BOX or round(s[3]) < BOX]
        assert small == [], f"radio buttons or checkboxes shrunk ({shown or 'at first'}): {small}"
    page.locator('#new-game-form input[name="game"][value="senet"]').check()
    if phone:  # the labels that wrap are the readings' on a phone: each beside its text
        for reading in page.locator('#new-game-form input[name="reading"]').all():
            box, label = reading.bounding_box(), reading.locator("xpath=..").bounding_box()
            assert box["x"] - label["x"] < 8, (box, label)
    check_accessibility(page, "the new-game dialog, with its ×")
    dialog.locator(".dialog-close").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#new-game")).to_be_focused()
    page.click("#new-game")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")  # Escape still closes
    expect(dialog).to_be_hidden()

    # The rules: a long dialog, scrolled to its end, keeps its × in view.
    page.click("#show-rules")
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    check_close_button(page, "rules-dialog")
    check_rules_fit(page)
    rules.evaluate("(d) => { d.scrollTop = d.scrollHeight; }")
    assert rules.evaluate("(d) => d.scrollTop") > 200
    check_close_button(page, "rules-dialog")
    page.locator("#rules-x").click()
    expect(rules).to_be_hidden()

    # Share, by keyboard: from the link, Shift+Tab reaches the ×, Enter closes.
    page.click("#share")
    share = page.locator("#share-dialog")
    expect(share).to_be_visible()
    check_close_button(page, "share-dialog")
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#share-x")).to_be_focused()
    page.keyboard.press("Enter")
    expect(share).to_be_hidden()

    # Export: open across downloads; closed by Escape, a press outside, its summary.
    export, summary = page.locator("#export"), page.locator("#export-label")
    summary.click()
    expect(export).to_have_attribute("open", "")
    for button in ("#export-json", "#export-text"):
        with page.expect_download():
            page.locator(button).click()
        expect(page.locator("#export-json")).to_be_visible()  # still open
    assert page.evaluate("() => document.getElementById('export').open")
    if not phone:
        check_accessibility(page, "Export open")
    page.keyboard.press("Escape")
    expect(page.locator("#export-json")).to_be_hidden()
    expect(summary).to_be_focused()
    page.keyboard.press("Enter")  # the summary, by keyboard
    expect(page.locator("#export-json")).to_be_visible()
    press_outside(page)
    expect(page.locator("#export-json")).to_be_hidden()
    summary.click()
    expect(page.locator("#export-json")).to_be_visible()
    summary.click()
    expect(page.locator("#export-json")).to_be_hidden()
    summary.focus()  # by keyboard: Tab past its last download closes it
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator("#export-text")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#export-record")).to_be_focused()  # the visitor's record
    page.keyboard.press("Tab")
    expect(page.locator("#print-record")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#export-json")).to_be_hidden()
    expect(page.locator("#import-game")).to_be_focused()

    # Import: the page says what it opened, until the game moves on.
    listing, moves = lodestone_list()
    choose_file(page, "evening.txt", listing)
    said = page.locator("#import-said")
    expect(said).to_have_text(f"Opened: Lodestone, {moves} moves.")
    expect(page.locator("#announcer")).to_have_text(f"Opened: Lodestone, {moves} moves.")
    expect(page.locator("#game-name")).to_have_text("Lodestone")
    if phone:
        check_accessibility(page, "a game just imported")
    page.click("#new-game")
    page.click("#start-game")
    expect(said).to_be_hidden()

    if phone:  # French: the × and the import's words
        page.click("#settings-toggle")  # a phone keeps the language behind this button
        page.select_option("#language", "fr")
        expect(page.locator("#import-game")).to_have_text("Importer une partie…")
        choose_file(page, "squadro.txt", SQUADRO)
        expect(said).to_have_text("Partie ouverte\u00a0: Squadro, 2 coups.")
        page.click("#show-rules")
        check_close_button(page, "rules-dialog", "Fermer")
        check_rules_fit(page)
        page.keyboard.press("Escape")
        expect(page.locator("#rules-dialog")).to_be_hidden()
