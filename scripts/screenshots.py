#!/usr/bin/env python3
"""Screenshots of the real app for the README: the built site (dist/, which this
script never builds: run scripts/build.py first), served on a free local port, shot
in Debian's Chromium through Playwright (run it with the project's venv):

    .venv/bin/python scripts/screenshots.py                 # every shot, into docs/screenshots/
    .venv/bin/python scripts/screenshots.py --out /tmp/s review phone   # some, elsewhere
    .venv/bin/python scripts/screenshots.py --lang ar --out /tmp/ar     # all, in Arabic

The shots are the table SHOTS below: add a row to add a picture. Each names its file,
its screen (DESKTOP 1280x800, PHONE 390x844, the kiosk's four KIOSK_SCREENS, a
museum's MUSEUM_PAGE framing the app at each frame size docs/embedding.md names, all
at device scale 1) and how to get there. A framed shot's host page is served from a
second local server, as tests/e2e/test_embedding.py serves it: on 127.0.0.1 it is the
app's own site (the game kept), on localhost another site, whose storage Chromium
blocks (the "Not saved here" chip). A game is opened through its share link
(``?record=``, made here from a game played by the engine's greedy players, so the
same picture comes out every run) and then continued as the visitor's own, the way a
shared game is picked up; a link skips the welcome screen, as any URL parameter
does. A shot that needs a part of the page this build does not have (``needs``, a CSS
selector) is skipped, and said on standard error and in the summary, never silently;
``--strict`` makes that an error.

One browser for all, a returning visitor's (the Python snapshot kept, so pages boot
from it); one page per screen (and host), which boots once per game it shows; a
framed screen resizes its frame from one size to the next. The
PNGs are Chromium's own (8-bit RGB, about 60-110 KB each): deflating them again at
zlib's level 9 saved 1%, so they are kept as they come.
Exit status: 0 done, 1 a shot failed (or was skipped under --strict), 2 usage.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
OUT = ROOT / "docs" / "screenshots"
READY = '#app[data-state="ready"]'
BOOT_MS = 60_000
GRAPH_MS = 120_000

DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}

#: Gallery screens for the kiosk (issue 37), landscape and stood on end, touched.
KIOSK_SCREENS = {
    size: {"viewport": {"width": size[0], "height": size[1]}, "device_scale_factor": 1,
           "has_touch": True}
    for size in ((1280, 800), (1920, 1080), (1080, 1920), (800, 1280))
}  # fmt: skip

#: A museum's page (tests/e2e/harness.py, host_page), tall enough for the iframe
#: snippet's 1000x760 frame under its heading; the frame is resized for each shot.
MUSEUM_PAGE = {"viewport": {"width": 1280, "height": 860}, "device_scale_factor": 1}
#: The museum's page on the app's own site (the game kept), or on another site whose
#: storage the browser blocks (docs/embedding.md, "Where the frame can keep the game").
SAME_SITE, CROSS_SITE = "127.0.0.1", "localhost"
MUSEUM_HEADING = "Ancient board games, to play"

sys.path.insert(0, str(ROOT / "src"))
# The browser and the local server as the end-to-end tests and the benchmarks have
# them (tests/e2e/harness.py says why each Chromium flag is there).
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from harness import (  # noqa: E402
    BASELINE_WASM_ONLY,
    CHROMIUM,
    CHROMIUM_ARGS,
    DOCUMENTED_FRAMES,
    SiteServer,
    host_page,
    resize_frame,
    warm,
)


class Skipped(Exception):
    """The build lacks what a shot needs."""


# -- the games shown -------------------------------------------------------------------

#: How far each game is played before it is shown: its actions (a Senet throw is one).
PLAYED = {"senet": 90, "squadro": 18, "lodestone": 12}


@functools.cache
def share_code(game: str) -> str:
    """The share code of a game played ``PLAYED[game]`` actions by two greedy players
    (one ply of the engine's own evaluation, ties and throws from a fixed seed)."""
    from ludeum.ai import evaluate
    from ludeum.ai.arena import greedy_player
    from ludeum.chance import random_play
    from ludeum.games import ui
    from ludeum.records import link

    judge = {"senet": evaluate.senet_race, "squadro": evaluate.squadro,
             "lodestone": evaluate.lodestone}[game]  # fmt: skip
    player = greedy_player(judge)
    source = random.Random(25)
    state = random_play(ui(game).start({}, 0), source, PLAYED[game], choose=player)
    if state.outcome() is not None:
        raise RuntimeError(f"{game}: the game chosen for a screenshot is over; play fewer actions")
    return link.encode(state)


# -- what a shot does ------------------------------------------------------------------


@dataclass(frozen=True)
class Museum:
    """A museum's page framing the app: the folder it is written in, its address, on
    ``host`` (SAME_SITE or CROSS_SITE)."""

    directory: Path
    url: str
    host: str


@dataclass
class Screen:
    """One page of one screen size, and the game it shows: the app's own page, or a
    museum's page framing it (``museum``), the app then in ``frame``."""

    page: object
    url: str
    game: str | None = None
    boots: int = 0
    needs: str | None = None  # the shot being taken needs this selector
    museum: Museum | None = None
    frame: object | None = None  # the app's frame, once the museum's page is open
    size: tuple[int, int] = DOCUMENTED_FRAMES[0]  # the frame's, for the next shot

    @property
    def app(self):  # noqa: ANN201 (a Playwright Page or Frame)
        """Where the app runs: the page, or its frame in the museum's page."""
        return self.frame if self.museum else self.page

    def boot(self, query: str = "") -> None:
        if LANGUAGE["code"]:  # --lang: every screen in that language
            query = "&".join(part for part in query.lstrip("?").split("&")
                             if part and not part.startswith("lang="))  # fmt: skip
            query = f"?{query}&lang={LANGUAGE['code']}" if query else f"?lang={LANGUAGE['code']}"
        if self.museum is None:
            self.page.goto(self.url + query, wait_until="domcontentloaded")
        elif self.frame is None:  # the museum's page, its frame at the app's address
            host_page(self.museum.directory, self.url + query, self.size, MUSEUM_HEADING)
            self.page.goto(self.museum.url, wait_until="domcontentloaded")
            self.frame = self.page.locator("iframe").element_handle().content_frame()
        else:
            self.frame.goto(self.url + query, wait_until="domcontentloaded")
        self.boots += 1
        self.game = None
        # What the page is made of is there before Python (the build prerenders it):
        # a shot of a part this build lacks is skipped without waiting for the boot.
        self.app.wait_for_load_state("domcontentloaded")
        self.check()
        self.app.locator(READY).wait_for(state="attached", timeout=BOOT_MS)

    def check(self) -> None:
        if self.needs and not self.app.locator(self.needs).count():
            raise Skipped(f"this build has no {self.needs}")

    def fit_frame(self) -> None:
        """The frame at ``size``, the app laid out for it."""
        resize_frame(self.page, self.frame, self.size)

    def open_game(self, game: str) -> None:
        """Show ``game`` mid-play, as the visitor's own game (booting only when
        another game is on screen)."""
        if self.game == game:
            return
        self.boot(f"?record={share_code(game)}&lang=en")
        page = self.app
        page.locator("#shared-continue").wait_for(state="visible", timeout=10_000)
        page.click("#shared-continue")
        page.locator("#shared").wait_for(state="hidden", timeout=10_000)
        self.game = game


#: The language every screen is shot in (``--lang``); None: each shot's own.
LANGUAGE: dict[str, str | None] = {"code": None}


def welcome(screen: Screen) -> None:
    screen.boot("")  # a first visit: no parameter, nothing stored


def framed(size: tuple[int, int], game: str | None = None) -> Callable[[Screen], None]:
    """The app in a ``size`` frame of the museum's page: ``game`` mid-play, or the
    welcome screen (a first visit's, or with the game last shown to continue)."""

    def show(screen: Screen) -> None:
        screen.size = size
        if screen.frame:  # first the size: a game's move list opens scrolled to its end
            screen.fit_frame()
        if game:
            screen.open_game(game)
        elif screen.frame is None:
            screen.boot("")
        elif not screen.frame.locator("#welcome").is_visible():
            screen.frame.click("#home")  # "Ludeum": back to all games
            screen.frame.locator("#welcome").wait_for(state="visible", timeout=10_000)
        screen.fit_frame()
        if screen.museum.host == CROSS_SITE:  # the browser blocked storage, and it says so
            screen.frame.locator("#not-kept summary").wait_for(state="visible", timeout=10_000)

    return show


def kiosk(game: str) -> Callable[[Screen], None]:
    """A kiosk's ``game`` just after a visitor touched the screen: a fresh game
    against the computer, in the kiosk's board-first layout."""

    def show(screen: Screen) -> None:
        screen.boot(f"?kiosk=1&game={game}&lang=en")
        page = screen.page
        page.click("#attract")
        page.locator("#attract").wait_for(state="hidden", timeout=10_000)

    return show


def mid_game(game: str) -> Callable[[Screen], None]:
    def show(screen: Screen) -> None:
        screen.open_game(game)

    return show


def review(game: str, entry: int) -> Callable[[Screen], None]:
    """``game`` under review at its move ``entry``, the win-chance graph drawn whole."""

    def show(screen: Screen) -> None:
        screen.open_game(game)
        page = screen.page
        page.click(f'#moves li[data-entry="{entry}"]')
        # Where the graph waits for its own button, it is asked for; where a review
        # shows it at once (issue 25, item 5), there is no such button.
        button = page.locator("#review-graph-show")
        if button.count() and button.is_visible():
            button.click()
        page.wait_for_function(
            "() => { const g = document.querySelector('#review-graph svg');"
            " return g && g.dataset.done === g.dataset.total; }",
            timeout=GRAPH_MS,
        )
        page.locator("#review-graph").scroll_into_view_if_needed()

    return show


@dataclass(frozen=True)
class Shot:
    name: str  # the file: <name>.png
    device: dict  # the browser context's options: DESKTOP or PHONE
    what: str  # what it shows, the README's alternative text
    take: Callable[[Screen], None]
    needs: str | None = None  # a selector the page must have, else the shot is skipped
    host: str | None = None  # framed in a museum's page on this host: SAME_SITE, CROSS_SITE


#: Every screenshot, in the order they are taken. A screen's shots share its page, and
#: a shot showing the game already on screen needs no boot (the review follows its game).
SHOTS: tuple[Shot, ...] = (
    Shot("welcome", DESKTOP, "The welcome screen: a card for each game", welcome,
         needs="#welcome"),
    Shot("senet", DESKTOP, "Senet in play", mid_game("senet")),
    # Move 37 of that game lies between its two turning points, moves 35 and 42.
    Shot("review", DESKTOP, "A Senet game under review, with its win-chance graph",
         review("senet", 37)),
    Shot("squadro", DESKTOP, "Squadro in play", mid_game("squadro")),
    Shot("lodestone", DESKTOP, "Lodestone in play", mid_game("lodestone")),
    Shot("phone", PHONE, "Squadro on a phone", mid_game("squadro")),
    # The kiosk at four gallery screens' sizes, each game at least once.
    Shot("kiosk-1280x800", KIOSK_SCREENS[1280, 800], "Senet in a kiosk, 1280x800",
         kiosk("senet")),
    Shot("kiosk-1920x1080", KIOSK_SCREENS[1920, 1080], "Squadro in a kiosk, 1920x1080",
         kiosk("squadro")),
    Shot("kiosk-1080x1920", KIOSK_SCREENS[1080, 1920],
         "Senet upright in a kiosk on a portrait screen, 1080x1920", kiosk("senet")),
    Shot("kiosk-800x1280", KIOSK_SCREENS[800, 1280], "Lodestone in a kiosk, 800x1280",
         kiosk("lodestone")),
    # Framed in a museum's page at every size docs/embedding.md names: the welcome
    # screen of a first visit at each, then a game at each (each game at least once,
    # Senet's long board in the smallest frame and the snippet's), then the welcome
    # with that game to continue in the smallest frame, and a frame on another site,
    # whose browser blocks storage: the "Not saved here" chip in its bar.
    *(Shot(f"embed-{w}x{h}", MUSEUM_PAGE, f"The welcome screen in a {w}x{h} frame",
           framed((w, h)), needs="#welcome", host=SAME_SITE)
      for w, h in DOCUMENTED_FRAMES),
    Shot("embed-600x450-senet", MUSEUM_PAGE, "Senet in a 600x450 frame",
         framed((600, 450), "senet"), host=SAME_SITE),
    Shot("embed-1000x760-senet", MUSEUM_PAGE, "Senet in the snippet's 1000x760 frame",
         framed((1000, 760), "senet"), host=SAME_SITE),
    Shot("embed-800x500-squadro", MUSEUM_PAGE, "Squadro in an 800x500 frame",
         framed((800, 500), "squadro"), host=SAME_SITE),
    Shot("embed-1000x700-lodestone", MUSEUM_PAGE, "Lodestone in a 1000x700 frame",
         framed((1000, 700), "lodestone"), host=SAME_SITE),
    Shot("embed-600x450-continue", MUSEUM_PAGE,
         "The welcome screen in a 600x450 frame, with a game to continue",
         framed((600, 450)), needs="#welcome-continue", host=SAME_SITE),
    Shot("embed-600x450-not-saved", MUSEUM_PAGE,
         "Squadro in a 600x450 frame on another site, whose browser blocks storage",
         framed((600, 450), "squadro"), needs="#not-kept", host=CROSS_SITE),
)  # fmt: skip


# -- the site, the browser, the files ---------------------------------------------------


@dataclass
class Report:
    taken: list[tuple[str, int, float]] = field(default_factory=list)  # name, bytes, s
    skipped: list[tuple[str, str]] = field(default_factory=list)  # name, why
    failed: list[tuple[str, str]] = field(default_factory=list)
    boots: int = 0


def take_all(shots: list[Shot], out: Path, dist: Path, chromium: str) -> Report:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    report = Report()
    server = SiteServer(dist)
    url = server.url
    # The museums' pages, one folder a host, served as test_embedding serves them.
    museums = tempfile.TemporaryDirectory(prefix="ludeum-museum-")
    museum_server = SiteServer(Path(museums.name))
    try:
        with sync_playwright() as playwright:
            # A picture needs no optimized WebAssembly: V8's baseline compiler alone,
            # as in the end-to-end tests that time nothing (harness.py says why).
            browser = playwright.chromium.launch(
                executable_path=chromium, args=[*CHROMIUM_ARGS, BASELINE_WASM_ONLY]
            )
            screens: dict[str, Screen] = {}
            for shot in shots:
                key = repr((sorted(shot.device.items()), shot.host))
                if key not in screens:
                    context = browser.new_context(
                        **shot.device, locale="en-US", reduced_motion="reduce",
                        service_workers="block",
                    )  # fmt: skip
                    # A returning visitor's browser, the Python snapshot kept: each
                    # page boots from it in a quarter of a first visit's time (a frame
                    # on another site, its storage blocked, boots plain, as it would).
                    warm(context, server.origin, dist)
                    museum = None
                    if shot.host:
                        address = f"http://{shot.host}:{museum_server.port}/{shot.host}/"
                        museum = Museum(Path(museums.name) / shot.host, address, shot.host)
                    screens[key] = Screen(context.new_page(), url, museum=museum)
                screen = screens[key]
                started = time.monotonic()
                screen.needs = shot.needs
                try:
                    shot.take(screen)
                    screen.check()
                    # No focus ring, no caret: the page as a visitor first sees it.
                    screen.app.evaluate("() => document.activeElement?.blur()")
                    screen.page.evaluate("() => document.activeElement?.blur()")
                    path = out / f"{shot.name}.png"
                    screen.page.screenshot(path=str(path), animations="disabled")
                except Skipped as why:
                    report.skipped.append((shot.name, str(why)))
                    print(f"SKIPPED {shot.name}: {why}", file=sys.stderr)
                    continue
                except Exception as error:  # one broken shot does not hide the others
                    report.failed.append((shot.name, f"{type(error).__name__}: {error}"))
                    print(f"FAILED {shot.name}: {error}", file=sys.stderr)
                    screen.game = None  # the page is in an unknown state
                    continue
                seconds = time.monotonic() - started
                report.taken.append((shot.name, path.stat().st_size, seconds))
                print(f"{path}: {path.stat().st_size // 1024} KB, {seconds:.1f} s", file=sys.stderr)
            report.boots = sum(screen.boots for screen in screens.values())
            browser.close()
    finally:
        server.stop()
        museum_server.stop()
        museums.cleanup()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("names", nargs="*", help="shots to take (default: all): "
                        + ", ".join(shot.name for shot in SHOTS))  # fmt: skip
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site")
    parser.add_argument("--chromium", default=CHROMIUM, help="the browser to drive")
    parser.add_argument("--strict", action="store_true", help="a skipped shot is an error")
    parser.add_argument("--lang", help="every screen in this language (en, fr, de, ar)")
    args = parser.parse_args(argv)
    LANGUAGE["code"] = args.lang
    known = {shot.name for shot in SHOTS}
    unknown = [name for name in args.names if name not in known]
    if unknown:
        parser.error(f"no such shot: {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    if not (args.dist / "index.html").is_file():
        print(f"{args.dist} is not built: run `python3 scripts/build.py` first", file=sys.stderr)
        return 1
    shots = [shot for shot in SHOTS if not args.names or shot.name in args.names]
    started = time.monotonic()
    report = take_all(shots, args.out, args.dist, args.chromium)
    print(
        f"screenshots: {len(report.taken)} taken, {len(report.skipped)} skipped, "
        f"{len(report.failed)} failed; {report.boots} boots; "
        f"{time.monotonic() - started:.1f} s"
    )
    for name, why in report.skipped:
        print(f"  skipped {name}: {why}")
    for name, why in report.failed:
        print(f"  failed {name}: {why}")
    if report.failed or (args.strict and report.skipped):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
