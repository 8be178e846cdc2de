"""Kiosk mode (?kiosk=1): full screen, large touch targets, no selection, no context
menu, no outbound links; an idle countdown, then attract mode, where the computer
plays itself until someone touches the screen."""

from __future__ import annotations

from axe import check_accessibility
from harness import wait_ready
from playwright.sync_api import Page, expect
from test_dialogs import check_close_button

# Squadro: every move writes a line in the move list (no chance to wait for).
KIOSK = "?kiosk=1&idle=5&game=squadro"
SMALLEST_TARGET_PX = 44


def targets_smaller_than(page: Page, size: int) -> list[str]:
    return page.evaluate(
        """(size) => [...document.querySelectorAll(
                'button, select, input, [role="button"][tabindex]')]
            .filter((node) => node.getClientRects().length && !node.closest('[hidden]'))
            .map((node) => [node, node.getBoundingClientRect()])
            .filter(([node, box]) => box.width < size || box.height < size)
            .map(([node, box]) => `${node.id || node.dataset.square || node.outerHTML.slice(0, 60)}`
                                  + ` ${Math.round(box.width)}x${Math.round(box.height)}`)""",
        size,
    )


def test_kiosk_attract_mode_touch_to_play_idle_countdown_and_reset(
    app_page: Page, site_server
) -> None:
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_server.url + KIOSK, wait_until="commit")
    wait_ready(page)
    assert "kiosk" in page.evaluate("document.documentElement.className")
    # Nobody is playing yet: attract mode, the computer plays itself, slowly.
    attract = page.locator("#attract")
    expect(attract).to_be_visible()
    expect(page.locator("#moves li").first).to_be_attached(timeout=15_000)
    check_accessibility(page, "kiosk, attract mode")

    # No text selection, no context menu, no link out of the exhibit.
    assert page.evaluate("getComputedStyle(document.body).userSelect") == "none"
    assert page.evaluate(
        "() => { const e = new MouseEvent('contextmenu', {bubbles: true, cancelable: true});"
        " document.getElementById('board').dispatchEvent(e); return e.defaultPrevented; }"
    )

    # A touch starts a fresh game for the visitor, against the computer.
    attract.click()
    expect(attract).to_be_hidden()
    expect(page.locator("#player-cards .card-name").first).to_have_text("You")
    # A new game: nothing yet, or the computer's first throw if it starts.
    assert page.locator("#moves li").count() <= 1
    assert targets_smaller_than(page, SMALLEST_TARGET_PX) == []
    check_accessibility(page, "kiosk, a visitor's game")
    page.click("#show-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#print-rules")).to_be_hidden()  # a kiosk prints nothing
    links_out = page.evaluate(
        "[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))"
        ".filter((href) => !href.startsWith('#'))"
    )
    assert links_out == []
    assert targets_smaller_than(page, SMALLEST_TARGET_PX) == []
    page.click("#close-rules")

    # The visitor moves (after the computer, if it started).
    expect(page.locator("#app")).to_have_attribute("data-turn", "person", timeout=60_000)
    lane = page.locator('#board [data-square^="L"]').first
    lane.click()
    lane.click()
    first = page.locator("#moves li").first
    expect(first).to_be_attached()
    first_move = first.inner_text()
    # A reload mid-game (staff, a crash) resumes the visitor's game, not attract mode.
    page.reload(wait_until="commit")
    wait_ready(page)
    expect(attract).to_be_hidden()
    expect(first).to_have_text(first_move)

    # Left alone: "Are you still there?", and "Continue playing" keeps the game.
    dialog = page.locator("#idle-dialog")
    expect(dialog).to_be_visible(timeout=15_000)
    expect(page.locator("#idle-countdown")).to_contain_text("start again")
    check_accessibility(page, "kiosk, are you still there?")
    check_close_button(page, "idle-dialog")  # its × does what Continue playing does
    page.click("#idle-continue")
    expect(dialog).to_be_hidden()
    expect(attract).to_be_hidden()
    expect(first).to_have_text(first_move)

    # Left alone again: the countdown runs out and attract mode returns; the last
    # visitor's game is gone from storage.
    expect(dialog).to_be_visible(timeout=15_000)
    expect(attract).to_be_visible(timeout=15_000)
    expect(dialog).to_be_hidden()
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('ludeum:v1:current'))"
    )
    assert kept == []


def test_a_key_also_wakes_the_kiosk(app_page: Page, site_server) -> None:
    page = app_page
    page.goto(site_server.url + "?kiosk=yes&game=senet", wait_until="commit")
    wait_ready(page)
    expect(page.locator("#attract")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#attract")).to_be_hidden()
    expect(page.locator("#board .senet-board")).to_be_visible()
