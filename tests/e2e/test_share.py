"""Share links in the browser (issue 13, item 5): the Share button gives a link to the
game on screen; opening it in another browser shows that game read-only under a
banner, without touching the visitor's own saved game; the visitor may continue it
(kept as a game of their own, theirs kept in the list), replay it from the start and
take it up at any move, or go back to their game; a damaged link says so and shows the
visitor's game."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from axe import check_accessibility
from harness import SiteServer, Watch, same_game, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ludeum import saves
from ludeum.records import link
from ludeum.senet import JEQUIER, new_game, parse_action
from ludeum.senet.log import game_log
from ludeum.squadro import new_game as new_squadro

pytestmark = pytest.mark.e2e

SAVE_KEY = "ludeum:v1:current"
BOOT_KEY = "ludeum:v1:boot"
KEPT_PREFIX = "ludeum:v1:kept:"
NOTE_PREFIX = "ludeum:v1:note:"
STORE_JS = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k !== 'ludeum:v1:boot').sort().map((k) => [k, localStorage.getItem(k)]))"""
VIEW_JS = """() => [document.querySelectorAll('#moves li').length,
  document.getElementById('status').textContent, document.getElementById('sticks').innerHTML,
  document.getElementById('board').innerHTML].join('|')"""


def own_save() -> str:
    """The visitor's own game: Senet, five actions in, two people."""
    state = new_game(JEQUIER, first_seat=0)
    for text in ["T0110", "T1000", "10-11", "T1100", "8-10"]:
        state = state.apply(parse_action(text))
    return saves.dump(state, ("human", "human"))


#: The entries of the visitor's game in the move list.
OWN_LOG = len(game_log(saves.load(own_save())))


def act(page: Page, click) -> None:
    before = page.evaluate(VIEW_JS)
    click()
    page.wait_for_function(f"(before) => ({VIEW_JS})() !== before", arg=before)


def advance(page: Page) -> None:
    """One Senet action by clicks: throw, else move the first movable piece, else pass."""
    if page.locator("#throw").is_enabled():
        act(page, lambda: page.locator("#throw").click())
        return
    movable = page.locator("#board g.piece-at:has(.piece.movable)")
    if movable.count():
        name = movable.first.get_attribute("data-square")
        page.locator(f'#board [role="button"][data-square="{name}"]').click()
        act(page, lambda: page.locator("#board [data-square].target").first.click())
    else:
        act(page, lambda: page.locator("#pass").click())


def actions_saved(page: Page) -> int:
    text = store(page).get(SAVE_KEY)
    return len(saves.load(text).actions()) if text else 0


def store(page: Page) -> dict[str, str]:
    return page.evaluate(STORE_JS)


def visitor(browser: Browser, site: SiteServer, watch: Callable[..., Watch]) -> BrowserContext:
    """A fresh browser context whose storage already holds the visitor's own game."""
    context = browser.new_context()
    watch(context, site.origin)
    context.add_init_script(
        # Not on the new page's about:blank, whose storage is out of bounds.
        script="if (location.protocol.startsWith('http')"
        " && !localStorage.getItem('test:seeded')) {"
        f" localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(own_save())});"
        " localStorage.setItem('test:seeded', '1'); }"
    )
    return context


def open_at(context: BrowserContext, address: str) -> Page:
    page = context.new_page()
    page.goto(address, wait_until="commit")
    wait_ready(page)
    return page


def test_a_share_link_shows_the_game_read_only_then_continues_it_or_goes_back(
    context: BrowserContext,
    browser: Browser,
    site_server: SiteServer,
    watch: Callable[..., Watch],
) -> None:
    # The sharer plays a few actions and reads the link from the Share dialog.
    watch(context, site_server.origin)
    sharer = open_at(context, site_server.url + "?lang=en")
    # Eight actions or a few more: Senet's opening is one click, all its throws.
    while actions_saved(sharer) < 8:
        advance(sharer)
    count = actions_saved(sharer)
    sharer.locator("#share").click()
    field = sharer.locator("#share-link")
    expect(field).to_be_visible()
    address = field.input_value()
    assert address.startswith(site_server.url + "?record=1")
    assert len(address) - len(site_server.url) < 60 + (count - 8)  # a few characters
    expect(sharer.locator("#share-about")).to_contain_text(f"{count} moves")
    check_accessibility(sharer, "the Share dialog")
    sharer.locator("#share-copy").click()
    expect(sharer.locator("#share-said")).not_to_be_empty()  # copied, or selected to copy
    sharer.locator("#share-close").click()
    shared = json.loads(sharer.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY))["record"]

    # The visitor opens it: the shared game, under a banner, and nothing of theirs changes.
    other = visitor(browser, site_server, watch)
    page = open_at(other, address)
    banner = page.locator("#shared")
    expect(banner).to_be_visible()
    expect(page.locator("#shared-text")).to_contain_text(f"A shared game: Senet, {count} moves")
    expect(page.locator("#moves li")).to_have_count(len(sharer.locator("#moves li").all()))
    expect(page.locator("#throw")).to_be_disabled()
    expect(page.locator("#new-game")).to_be_disabled()
    check_accessibility(page, "a shared game under its banner")
    own = store(page)
    assert own[SAVE_KEY] == own_save()
    view = page.evaluate(VIEW_JS)
    page.keyboard.press("t")  # the throw key does nothing on a shared game
    page.locator("#board [data-square]").first.click()
    page.wait_for_timeout(300)
    assert page.evaluate(VIEW_JS).split("|")[:3] == view.split("|")[:3]
    assert store(page) == own

    # Back to my game: the visitor's game, the address without the link.
    page.locator("#shared-back").click()
    expect(banner).to_be_hidden()
    expect(page.locator("#moves li")).to_have_count(OWN_LOG)
    assert "record=" not in page.url
    assert store(page) == own
    expect(page.locator("#new-game")).to_be_enabled()

    # Open the link again and continue: the shared game becomes the current one, and
    # the visitor's game in progress is kept in the list.
    page.goto(address, wait_until="commit")
    wait_ready(page)
    expect(banner).to_be_visible()
    page.locator("#shared-continue").click()
    expect(banner).to_be_hidden()
    expect(page.locator("#new-game")).to_be_enabled()
    after = store(page)
    assert json.loads(after[SAVE_KEY])["record"]["actions"] == shared["actions"]
    kept = [key for key in after if key.startswith(KEPT_PREFIX)]
    assert len(kept) == 1 and same_game(after[kept[0]], own_save())
    assert json.loads(after[NOTE_PREFIX + kept[0]])["why"] == "put-away"
    assert "record=" not in page.url
    advance(page)  # the continued game is played and saved
    assert len(json.loads(store(page)[SAVE_KEY])["record"]["actions"]) == len(shared["actions"]) + 1


def test_a_damaged_link_says_so_and_shows_the_visitors_own_game(
    browser: Browser, site_server: SiteServer, watch: Callable[..., Watch]
) -> None:
    other = visitor(browser, site_server, watch)
    page = open_at(other, site_server.url + "?record=1AQxyzzy&lang=en")
    expect(page.locator("#notice")).to_contain_text("This share link could not be opened")
    expect(page.locator("#shared")).to_be_hidden()
    expect(page.locator("#moves li")).to_have_count(OWN_LOG)
    assert store(page)[SAVE_KEY] == own_save()
    assert "record=" not in page.url and "lang=en" in page.url
    # A kept game opened from the list while a shared game is shown: the shared game
    # is left, the visitor's game is kept in the list, and the kept one is current.
    kept_state = link.position(saves.load(own_save()), 3)
    kept_text = saves.dump(kept_state, ("human", "human"))
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        [KEPT_PREFIX + "20260101T000000", kept_text],
    )
    page.close()
    code = link.encode(saves.load(own_save()))
    page4 = open_at(other, f"{site_server.url}?record={code}&at=1&lang=en")
    expect(page4.locator("#shared")).to_be_visible()
    page4.locator('#records-list button[data-action="open"]').click()
    expect(page4.locator("#shared")).to_be_hidden()
    expect(page4.locator("#moves li")).to_have_count(len(game_log(kept_state)))
    after = store(page4)
    assert after[SAVE_KEY] == kept_text
    kept_games = [v for k, v in after.items() if k.startswith(KEPT_PREFIX)]
    assert len(kept_games) == 1 and same_game(kept_games[0], own_save())
    assert "record=" not in page4.url
    page4.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, own_save()])
    page4.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('ludeum:v1:kept:')"
        " || k.startsWith('ludeum:v1:note:')).forEach((k) => localStorage.removeItem(k))"
    )
    page4.close()

    # A position of a good link: the game up to there, under the banner.
    code = link.encode(saves.load(own_save()))
    page3 = open_at(other, f"{site_server.url}?record={code}&at=2&lang=en")
    expect(page3.locator("#shared-text")).to_contain_text("A shared game: Senet, 2 moves")
    at_two = link.position(saves.load(own_save()), 2)
    expect(page3.locator("#moves li")).to_have_count(len(game_log(at_two)))
    assert store(page3)[SAVE_KEY] == own_save()
    page3.close()
    page2 = open_at(other, site_server.url + "?record=%3Cb%3E&at=x")
    expect(page2.locator("#notice")).to_contain_text("is not a Ludeum share link")
    expect(page2.locator("#shared")).to_be_hidden()
    assert store(page2)[SAVE_KEY] == own_save()


def test_a_finished_shared_game_is_replayed_from_the_start_and_taken_up_at_a_move(
    browser: Browser, site_server: SiteServer, watch: Callable[..., Watch]
) -> None:
    """Issue 37, item 3: a finished shared game offered more than "Continue this game"
    on its last position. Replay from the start steps through it (the review), and
    "Continue from here" makes the move shown the visitor's own game, the rest of the
    shared line kept for Redo, the visitor's game kept in the list."""
    source = random.Random(3)
    state = new_squadro()
    while state.outcome() is None:
        state = state.apply(source.choice(state.legal_moves()))
    total = len(state.actions())
    other = visitor(browser, site_server, watch)
    page = open_at(other, f"{site_server.url}?record={link.encode(state)}&lang=en")
    expect(page.locator("#shared")).to_be_visible()
    replay = page.locator("#shared-replay")
    expect(replay).to_have_text("Replay from the start")
    replay.click()
    where = page.locator("#review-where")
    expect(where).to_have_text(f"Viewing the start of the game ({total} moves)")
    expect(page.locator("#review-next")).to_be_focused()
    page.keyboard.press("Enter")
    page.locator("#review-next").click()
    expect(where).to_have_text(f"Viewing move 2 of {total}")
    own = store(page)
    assert own[SAVE_KEY] == own_save()  # only looked at, so far
    page.locator("#review-continue").click()
    expect(page.locator("#shared")).to_be_hidden()
    expect(page.locator("#review-banner")).to_be_hidden()
    expect(page.locator("#moves li")).to_have_count(2)
    expect(page.locator("#redo")).to_be_enabled()
    after = store(page)
    taken = saves.load(after[SAVE_KEY])
    assert taken.actions() == state.actions()[:2]
    assert saves.load_ahead(after[SAVE_KEY], taken) == tuple(state.actions()[2:])
    kept = [key for key in after if key.startswith(KEPT_PREFIX)]
    assert len(kept) == 1 and same_game(after[kept[0]], own_save())
    assert "record=" not in page.url
