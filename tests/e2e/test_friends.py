"""Games by links in the browser (issue 38): two browser contexts are two devices,
passing each turn as a link.

A Senet game begins from the New game dialog: the invitation, the answer, the first
throws, then the friend's turn replayed, a reload in the middle of one's own turn, a
link opened again, a tampered throw refused, and a link opened offline. A Squadro game
begins the same way and is played to its end; so that the test keeps to its seconds,
its middle is played in memory by the same code (tests/unit/by_links.py, the scheme
itself being tested there over whole games of every reading) and both devices' storage
holds it when the browser takes the game up again for its last turns."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import zxingcpp
from axe import check_accessibility
from harness import SiteServer, Watch, host_page, wait_ready
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect

from ludeum import saves, seats
from ludeum.correspondence import friend, letters
from ludeum.squadro import new_game as new_squadro

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "unit"))
from by_links import exchange  # noqa: E402  (tests/unit's in-memory devices)

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
#: The game saved here, in Python's terms: (state, this device's side).
SAVED_JS = "() => localStorage.getItem('ludeum:v1:current')"


def saved(page: Page | Frame):
    text = page.evaluate(SAVED_JS)
    return saves.load(text), saves.load_friend(text), json.loads(text)


def device(browser: Browser, site: SiteServer, watch, width: int = 1280, height: int = 800):
    context = browser.new_context(viewport={"width": width, "height": height})
    watch(context, site.origin)
    return context


def open_page(context: BrowserContext, address: str) -> Page:
    page = context.new_page()
    page.goto(address, wait_until="commit")
    wait_ready(page)
    return page


def settled(page: Page | Frame) -> None:
    """The friend's turn from their link has been played again on the board."""
    page.wait_for_function(
        "() => { const t = localStorage.getItem('ludeum:v1:current');"
        " return t !== null && !('ahead' in JSON.parse(t)); }"
    )


def follow(page: Page, address: str) -> None:
    """Open a friend's link in this device's tab, as a message's link would; a tap on
    the board hurries the friend's turn played again (web/pacing.py)."""
    page.goto(address, wait_until="commit")
    wait_ready(page)
    page.locator("#board").dispatch_event("pointerdown")
    settled(page)


def link_sent(page: Page | Frame) -> str:
    """The link the Send dialog offers, read, then the dialog closed."""
    dialog = page.locator("#friend-dialog")
    expect(dialog).to_be_visible()
    address = page.locator("#friend-link").input_value()
    assert "?friend=2" in address  # letters.VERSION
    page.locator("#friend-close").click()
    expect(dialog).to_be_hidden()
    return address


def qr_says(page: Page) -> str:
    """What the Send dialog's QR code says, read by zxing-cpp (a decoder that is not
    the page's encoder) off a screenshot, as a camera would."""
    code = page.locator("#friend-qr svg")
    expect(code).to_be_visible()
    found = zxingcpp.read_barcodes(
        Image.open(io.BytesIO(code.screenshot())).convert("L"),
        formats=zxingcpp.BarcodeFormat.QRCode,
    )
    assert len(found) == 1, f"{len(found)} QR codes read"
    return found[0].text


def send_again_after_a_reload(page: Page, link: str) -> None:
    """No dead end (issue 52): with the Send dialog closed, and after a reload, "Send
    the link" is there, a full-size target, and offers the same link again."""
    send = page.locator("#friend-send")
    expect(send).to_be_visible()
    page.reload(wait_until="commit")
    wait_ready(page)
    expect(send).to_be_visible()
    box = send.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    send.click()
    assert link_sent(page) == link


def start_by_links(page: Page, game: str, name: str) -> None:
    page.locator("#new-game").click()
    page.locator(f'#new-game-form input[name="game"][value="{game}"]').check()
    page.locator('#new-game-form input[name="opponent"][value="friend"]').check()
    page.locator('#new-game-form input[name="player_name"]').fill(name)
    page.locator("#start-game").click()


def senet_turn(page: Page) -> None:
    """This device's whole turn by clicks: throws (the opening in one click), moves
    (the first movable piece, its first target), passes, until the friend is awaited
    or the game is over."""
    for _ in range(60):
        if (
            page.locator("#friend-dialog").is_visible()
            or not page.locator("#friend-send").is_hidden()
        ):
            return
        if page.locator("#game-over").is_visible():
            return
        before = page.evaluate(SAVED_JS)
        if page.locator("#throw").is_visible() and page.locator("#throw").is_enabled():
            page.locator("#throw").click()
        elif page.locator("#pass").is_visible():
            page.locator("#pass").click()
        else:
            movable = page.locator("#board g.piece-at:has(.piece.movable)")
            square = movable.first.get_attribute("data-square")
            page.locator(f'#board [role="button"][data-square="{square}"]').click()
            targets = page.locator("#board [data-square].target")
            if targets.count():
                targets.first.click()
        page.wait_for_function(f"() => ({SAVED_JS})() !== {json.dumps(before)}")
    raise AssertionError("a turn of more than 60 actions")


@pytest.mark.service_worker  # it goes offline
def test_senet_by_links_invitation_answer_turns_reload_old_link_tampering_offline(
    browser: Browser, site_server: SiteServer, watch: Callable[..., Watch]
) -> None:
    ana = open_page(device(browser, site_server, watch), site_server.url + "?lang=en")
    start_by_links(ana, "senet", "Ana")
    expect(ana.locator("#friend-title")).to_have_text("Invite a friend")
    check_accessibility(ana, "the Send dialog of a game by links")
    invitation = link_sent(ana)
    expect(ana.locator("#status")).to_contain_text("Send the invitation to your friend")
    expect(ana.locator("#throw")).to_be_hidden()
    send_again_after_a_reload(ana, invitation)
    expect(ana.locator("#player-cards")).to_contain_text("Ana")

    # Bo's phone. First the invitation with Ana's commitment cut out (a modified
    # device's, which would read Bo's values before being bound to its own): refused,
    # and nothing joined (issue 52, fair from the first link).
    bo_device = device(browser, site_server, watch, 390, 844)
    code = invitation.split("friend=", 1)[1]
    invited_state, invited = letters.read(code)
    bare = letters.write(invited_state, friend.FriendGame(invited.id, 0, invited.names))
    bo = open_page(bo_device, invitation.replace(code, bare))
    expect(bo.locator("#notice")).to_contain_text("cannot give fair throws")
    kept_there = bo.evaluate(SAVED_JS)
    assert kept_there is None or saves.load_friend(kept_there) is None  # nothing joined
    # The invitation itself opens the game; the answer goes back.
    bo.goto(invitation, wait_until="commit")
    wait_ready(bo)
    settled(bo)
    # His first screen says who invites, to what, and what comes first; the name he
    # gives goes back with his answer (issue 52).
    card = bo.locator("#invite-dialog")
    expect(card.locator("#invite-title")).to_have_text("Ana invites you to play Senet")
    expect(card.locator("#invite-first")).to_contain_text("Ana throws the opening")
    expect(bo.locator("#friend-dialog")).to_be_hidden()  # the card first
    check_accessibility(bo, "the invited friend's first screen")
    bo.locator("#invite-rules").click()
    expect(bo.locator("#rules-dialog")).to_be_visible()
    bo.locator("#close-rules").click()
    bo.locator("#invite-name").fill("Bo")
    bo.locator("#invite-play").click()
    expect(card).to_be_hidden()
    expect(bo.locator("#friend-title")).to_have_text("Answer the invitation")
    assert qr_says(bo) == bo.locator("#friend-link").input_value()  # on a phone's screen
    answer = link_sent(bo)
    expect(bo.locator("#player-cards")).to_contain_text("Ana")
    assert "friend=" not in bo.url  # the link leaves the address: a reload resumes

    follow(ana, answer)
    expect(ana.locator("#player-cards")).to_contain_text("Bo")  # the name he gave
    expect(ana.locator("#throw")).to_be_enabled()  # "Decide who starts"
    turns = 0
    sent = None
    while turns < 2:  # Ana's turn and Bo's, twice: each replayed on the other side
        moves_before = ana.locator("#moves li").count()
        senet_turn(ana)
        title = ana.locator("#friend-title").text_content()
        about = ana.locator("#friend-about").text_content()
        if turns == 0:  # the opening, thrown on Ana's device for both (issue 52)
            assert title in ("Send the opening", "Send your turn"), title
            if title == "Send the opening":
                assert "Bo won it and plays" in about and "Bo can start" in about, about
        if "Your turn is played" in about:  # said only when something was played
            assert ana.locator("#moves li").count() > moves_before, about
        sent = link_sent(ana)
        follow(bo, sent)
        assert saved(bo)[0].actions() == saved(ana)[0].actions()
        senet_turn(bo)
        reply = link_sent(bo)
        follow(ana, reply)
        assert saved(ana)[0].actions() == saved(bo)[0].actions()
        turns += 1
    # Each device names the seats "you" and by the friend's name: never "Player 2"
    # on Player 2's own phone (issue 52).
    for page in (ana, bo):
        expect(page.locator("#moves")).not_to_contain_text("Player")
    # The opening's line opens both lists: the winner's says "you", the other's
    # names the winner.
    lines = [page.locator("#moves li").first.text_content() for page in (ana, bo)]
    you = [bool(re.search(r"\byou play Black", line)) for line in lines]
    assert you in ([True, False], [False, True]), lines
    winner = "Ana" if you[0] else "Bo"
    assert f"{winner} plays Black" in lines[1 if you[0] else 0], lines
    # Every throw kept on either side is the one both chains fix, and no secret left
    # its device: Ana's link carries none.
    state, mine, record = saved(ana)
    assert mine.secret is not None and mine.secret.hex() not in sent
    assert record["players"] == ["human", "friend"]

    # A reload in the middle of Ana's own turn: the game is as it was.
    if ana.locator("#throw").is_enabled():
        unthrown = ana.evaluate(SAVED_JS)
        ana.locator("#throw").click()
        ana.wait_for_function(f"() => ({SAVED_JS})() !== {json.dumps(unthrown)}")
    before = ana.evaluate(SAVED_JS)
    ana.reload(wait_until="commit")
    wait_ready(ana)
    assert ana.evaluate(SAVED_JS) == before

    # Ana's link opened again after Bo played on changes nothing, and says so (issue
    # 52: it was called older, though it was her newest).
    kept = bo.evaluate(SAVED_JS)
    follow(bo, sent)
    expect(bo.locator("#notice")).to_contain_text("You opened this link before")
    assert bo.evaluate(SAVED_JS) == kept

    # Ana finishes her turn; its link, with one of her revealed values changed, is
    # refused on Bo's side, and nothing of his changes. When her throw left her no
    # move, the turn ended before the reload, and the reload offers the link by its
    # button rather than opening the dialog unasked a second time.
    if ana.locator("#friend-send").is_visible():
        ana.locator("#friend-send").click()
    else:
        senet_turn(ana)
    good = link_sent(ana)
    code = good.split("friend=", 1)[1]
    link_state, link_game = letters.read(code)
    tops = list(link_game.tops)
    tops[0] = bytes(16)
    forged = letters.write(link_state, friend.FriendGame(
        link_game.id, 0, link_game.names, link_game.length, link_game.anchors,
        link_game.heights, (tops[0], tops[1])))  # fmt: skip
    bo.goto(good.replace(code, forged), wait_until="commit")
    wait_ready(bo)
    expect(bo.locator("#notice")).to_contain_text("were changed")
    assert bo.evaluate(SAVED_JS) == kept
    # The same link sealed again by someone who lacks the key (issue 52, sealed
    # links): refused when it is opened.
    resealed = letters.write(link_state, dataclasses.replace(link_game, shares=(bytes(12),) * 2))
    bo.goto(good.replace(code, resealed), wait_until="commit")
    wait_ready(bo)
    expect(bo.locator("#notice")).to_contain_text("This link was changed on its way")
    assert bo.evaluate(SAVED_JS) == kept

    # Offline, once the site was visited: the real link opens all the same.
    bo.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'", timeout=120_000
    )
    bo_device.set_offline(True)
    try:
        follow(bo, good)
    finally:
        bo_device.set_offline(False)
    assert saved(bo)[0].actions() == saved(ana)[0].actions()


def near_the_end(seed: int = 5, turns_left: int = 2):
    """A Squadro game by links played in memory, and the link a few turns before its
    end: (the link, the sender's saved game, the receiver's saved game)."""
    result = exchange(new_squadro(0), seed=seed)
    sent = result.links[-1 - turns_left]
    state, side = sent.sender_kept
    sender = saves.dump(state, seats.HUMANS, friend=side)
    state, side = sent.before
    receiver = saves.dump(state, seats.HUMANS, friend=side)
    return sent, sender, receiver


def seeded(browser: Browser, site: SiteServer, watch, text: str, width=1280, height=800):
    context = device(browser, site, watch, width, height)
    context.add_init_script(
        script="if (location.protocol.startsWith('http') && !localStorage.getItem('test:s')) {"
        f" localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)});"
        " localStorage.setItem('ludeum:v1:screen', 'game');"
        " localStorage.setItem('test:s', '1'); }"
    )
    return context


def squadro_turn(page: Page | Frame) -> None:
    """A Squadro move by clicks: the first piece that can move, tapped, and tapped
    again unless one-tap moves played it at once."""
    before = page.evaluate(SAVED_JS)
    changed = f"() => ({SAVED_JS})() !== {json.dumps(before)}"
    piece = page.locator('#board [data-square^="L"]:not([aria-disabled="true"])').first
    square = piece.get_attribute("data-square")
    piece.click()
    page.wait_for_timeout(300)
    if not page.evaluate(changed):
        page.locator(f'#board [data-square="{square}"]').click()
    page.wait_for_function(changed)


def test_squadro_by_links_from_the_invitation_and_to_the_end(
    browser: Browser,
    site_server: SiteServer,
    watch: Callable[..., Watch],
    serve: Callable[..., SiteServer],
    tmp_path: Path,
) -> None:
    # The beginning: Ana invites with her first move; Bo joins, on a museum's page
    # where Ludeum is framed (docs/embedding.md), and answers.
    ana = open_page(device(browser, site_server, watch), site_server.url + "?lang=en")
    start_by_links(ana, "squadro", "Ana")
    expect(ana.locator("#game-name")).to_have_text("Squadro")
    ana.wait_for_function("() => localStorage.getItem('ludeum:v1:current')?.includes('squadro')")
    squadro_turn(ana)
    expect(ana.locator("#friend-title")).to_have_text("Send your turn")
    assert qr_says(ana) == ana.locator("#friend-link").input_value()
    first = link_sent(ana)
    assert len(first) - len(site_server.url) < 80
    send_again_after_a_reload(ana, first)
    host_page(tmp_path / "host", first, (800, 600), heading="Play with a friend")
    host = serve(tmp_path / "host")
    museum = browser.new_context(viewport={"width": 1280, "height": 800})
    watch(museum, host.origin, site_server.origin)
    page = museum.new_page()
    page.goto(host.origin + "/", wait_until="commit")
    page.locator("iframe").wait_for()
    bo = page.locator("iframe").element_handle().content_frame()
    wait_ready(bo)
    # Ana's move waits behind his first screen, which he leaves without a name.
    expect(bo.locator("#invite-first")).to_have_text("Ana has played the first move: your turn.")
    expect(bo.locator("#moves li")).to_have_count(0)
    bo.locator("#invite-play").click()
    settled(bo)
    expect(bo.locator("#moves li")).to_have_count(1)  # Ana's move, played again
    squadro_turn(bo)
    # Ana opens Bo's answer in a new tab, as a link in a message does (issue 52): no
    # alarm in the tab she had open; it follows the game, and each position keeps
    # one continuation: her next move, made in the new tab, reaches the old one too.
    answer = link_sent(bo)
    ana_new = ana.context.new_page()
    follow(ana_new, answer)
    assert saved(ana)[0].actions() == saved(bo)[0].actions()
    expect(ana.locator("#notice")).to_contain_text("went on in another tab")
    expect(ana.locator("#conflict")).to_be_hidden()
    expect(ana.locator("#moves li")).to_have_count(2)
    expect(ana_new.locator("#conflict")).to_be_hidden()
    squadro_turn(ana_new)
    link_sent(ana_new)
    expect(ana.locator("#moves li")).to_have_count(3)
    expect(ana.locator("#friend-dialog")).to_be_hidden()  # offered in the other tab
    expect(ana.locator("#friend-send")).to_be_visible()
    expect(ana.locator("#conflict")).to_be_hidden()
    ana_new.close()
    # A stale copy of Bo's game (an older save, another browser) answers Ana's first
    # move differently: refused by name, and nothing of hers changes (issue 52, one
    # continuation per position).
    first_state = letters.read(first.split("friend=", 1)[1])[0]
    bo_side = saved(bo)[1]  # his device's side, its seal's share with it
    answered = letters.read(answer.split("friend=", 1)[1])[0].actions()[len(first_state.actions())]
    other = next(m for m in first_state.legal_moves() if m != answered)
    stale = letters.write(first_state.apply(other), bo_side)
    kept = ana.evaluate(SAVED_JS)
    ana.goto(site_server.url + "?lang=en&friend=" + stale, wait_until="commit")
    wait_ready(ana)
    expect(ana.locator("#notice")).to_contain_text(
        "Your friend already sent a different move from this position"
    )
    assert ana.evaluate(SAVED_JS) == kept
    # Your games lists it, with whose turn it is; a tap on it comes back to the game.
    ana.locator("#your-games").click()
    waiting = ana.locator("#your-games-content button[data-links-key]")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text("Squadro with your friend")  # Bo gave no name
    expect(waiting).to_contain_text("Your friend's turn")
    waiting.click()
    expect(ana.locator("#your-games-dialog")).to_be_hidden()
    expect(ana.locator("#friend-send")).to_be_visible()

    # The end: the same game later on, each device's storage as it then was.
    sent, sender_text, receiver_text = near_the_end()
    pages = {}
    for seat, text in ((sent.sender, sender_text), (1 - sent.sender, receiver_text)):
        context = seeded(browser, site_server, watch, text)
        pages[seat] = open_page(context, site_server.url + "?lang=en")
    link = site_server.url + "?friend=" + sent.code
    here = 1 - sent.sender
    for _ in range(8):
        follow(pages[here], link)
        page = pages[here]
        if page.locator("#game-over").is_visible():
            break
        squadro_turn(page)
        link = link_sent(page)
        here = 1 - here
    else:
        raise AssertionError("the game did not end")
    # The device that played the last move sent it: both show the end, each its side.
    titles = sorted(pages[s].locator("#game-over-title").text_content() for s in (0, 1))
    assert titles == ["You lose", "You win"]
    assert saved(pages[0])[0].actions() == saved(pages[1])[0].actions()


def test_lodestone_by_links_offers_its_link_again_after_the_dialog_and_a_reload(
    browser: Browser, site_server: SiteServer, watch: Callable[..., Watch]
) -> None:
    # Senet's and Squadro's are checked in the tests above.
    ana = open_page(device(browser, site_server, watch, 390, 844), site_server.url + "?lang=en")
    start_by_links(ana, "lodestone", "Ana")
    expect(ana.locator("#game-name")).to_have_text("Lodestone")
    dialog = ana.locator("#friend-dialog")
    for _ in range(6):  # the king's square in the set-up, then the first move
        if dialog.is_visible():
            break
        targets = ana.locator('#board [role="button"].target')
        if not targets.count():
            ana.locator('#board [role="button"]:has(> .movable)').first.click()
        ana.locator('#board [role="button"].target').first.click()
        ana.wait_for_timeout(300)
    expect(ana.locator("#friend-title")).to_have_text("Send your turn")
    send_again_after_a_reload(ana, link_sent(ana))
