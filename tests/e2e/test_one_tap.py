"""One tap and drag (issue 26, item 4): a piece with a single move plays it on one
click, a piece with two waits for its target; the setting that turns this off is
remembered; a piece dragged with the mouse or a finger to a target plays that move,
and dropped elsewhere goes back. (The other tests play with one-tap off, as
tests/e2e/harness.py's Watch sets it, clicking a piece then its target.)"""

from __future__ import annotations

from harness import SiteServer, Watch, new_game, wait_ready
from playwright.sync_api import Browser, Page, expect

MOVES = "#moves li"


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def lodestone_kings(page: Page) -> None:
    """A two-player Lodestone game past its set-up: Red's king on e1, White's on d8."""
    new_game(page, "lodestone", "human")
    for king in ("Ke", "Kd"):
        page.click(f'#board [data-square="{king}"]')
    expect(page.locator(MOVES)).to_have_count(2)


def test_one_tap_plays_a_single_move_and_the_setting_is_remembered(app_page: Page) -> None:
    page = app_page
    wait_ready(page)
    switch = page.locator("#one-tap")
    expect(switch).to_have_attribute("aria-pressed", "false")  # as the harness set it
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")

    new_game(page, "squadro", "human")
    page.click('#board [data-square="L1"]')  # a Squadro piece has one move
    expect(page.locator(MOVES)).to_have_count(1)

    # A Lodestone pawn showing 2 on a1 can go to a3 or b2: one tap only selects it.
    lodestone_kings(page)
    page.click('#board [data-square="a1"]')
    expect(page.locator("#board [data-square].target")).to_have_count(2)
    expect(page.locator(MOVES)).to_have_count(2)
    page.click('#board [data-square="a3"]')
    expect(page.locator(MOVES)).to_have_count(3)

    # Off, and remembered: a tap on a Squadro piece selects it, a second plays it.
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.reload(wait_until="commit")
    wait_ready(page)
    expect(page.locator("#one-tap")).to_have_attribute("aria-pressed", "false")
    new_game(page, "squadro", "human")
    page.click('#board [data-square="L2"]')
    expect(page.locator('#board [data-square="L2"] .sq-piece.chosen')).to_have_count(1)
    expect(page.locator(MOVES)).to_have_count(0)


def test_a_piece_is_dragged_by_mouse_and_by_finger(
    app_page: Page, browser: Browser, site_server: SiteServer, watch
) -> None:
    page = app_page
    wait_ready(page)
    lodestone_kings(page)
    # Dropped off any target: the piece goes back, nothing is played.
    x, y = centre(page, '#board [data-square="a1"]')
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y - 10, steps=3)
    expect(page.locator("#board .drag-ghost")).to_have_count(1)
    expect(page.locator("#board [data-square].target")).to_have_count(2)  # shown meanwhile
    hx, hy = centre(page, '#board [data-square="h5"]')
    page.mouse.move(hx, hy, steps=3)
    page.mouse.up()
    expect(page.locator("#board .drag-ghost")).to_have_count(0)
    expect(page.locator("#board [data-square].target")).to_have_count(0)
    expect(page.locator(MOVES)).to_have_count(2)
    # Dropped on a target: that move.
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 20, y - 20, steps=3)
    tx, ty = centre(page, '#board [data-square="b2"].target')
    page.mouse.move(tx, ty, steps=4)
    page.mouse.up()
    expect(page.locator(MOVES)).to_have_count(3)
    expect(page.locator(MOVES).last).to_contain_text("a1-b2")

    # A finger, on a phone: the board does not scroll, the piece follows it.
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)  # fmt: skip
    watched: Watch = watch(context, site_server.origin)
    phone = context.new_page()
    phone.goto(site_server.url + "?game=squadro", wait_until="commit")
    wait_ready(phone)
    touch = context.new_cdp_session(phone)

    def finger(kind: str, point: tuple[float, float] | None) -> None:
        points = [] if point is None else [{"x": point[0], "y": point[1]}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    px, py = centre(phone, '#board [data-square="L3"]')
    finger("touchStart", (px, py))
    finger("touchMove", (px + 12, py))
    finger("touchMove", (px + 24, py))
    expect(phone.locator("#board .drag-ghost")).to_have_count(1)
    end = centre(phone, '#board [data-square="end"]')
    finger("touchMove", end)
    finger("touchEnd", None)
    expect(phone.locator(MOVES)).to_have_count(1)
    assert phone.evaluate("window.scrollY") == 0
    assert watched.errors == []
    context.close()
