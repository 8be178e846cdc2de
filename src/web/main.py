"""The browser glue's entry point, run by the page: wires the rooms of the ``web``
package (the only Python that touches the page) and says when the app is ready.

The glue turns clicks and keys into engine calls and states into markup, and keeps
the current game in localStorage. It holds no rules and knows no game: the words,
the drawings and what a tap means come from each game's pure ``ui`` module
(``ludeum.games``).
"""

from __future__ import annotations

from pyscript import document, window

from ludeum import launch as launching
from ludeum import site
from ludeum.i18n import _
from web.compare import Compare
from web.drag import BoardDrag
from web.friends import Friends
from web.kiosk import Kiosk
from web.lessons import Lessons
from web.library import Library
from web.page import element
from web.printing import Printing
from web.screen import GameScreen
from web.settings import Settings
from web.share import Share
from web.storage import Storage
from web.tips import SquareTips
from web.transfer import Transfer
from web.update import NewVersion
from web.welcome import Welcome
from web.your_games import YourGames


def main() -> None:
    # The site's own choices (its ludeum.toml, written into the page by the build).
    written = document.getElementById("site-config")
    site.use(site.from_json(str(written.textContent) if written else None))
    launch = launching.parse(str(window.location.search))
    storage = Storage()
    settings = Settings(storage, launch)
    screen = GameScreen(launch, storage, Library(storage), settings)
    for problem in launch.problems:
        screen.notice(problem.text())
    # The rooms that need the screen, and that it knows: main wires them (no room
    # sets an attribute of the screen: tests/unit/test_rooms_keep_to_their_own.py).
    welcome = screen.welcome = Welcome(screen, storage)
    lessons = screen.lessons = Lessons(screen, storage)
    readings = Compare(screen)  # Senet's readings side by side, from the rules page
    lessons.readings = readings  # and from a lesson's disputed rule
    # A game chosen on the welcome screen while Python loaded: played at once, before
    # the game restored under it is ever drawn.
    welcome.take_queued()
    welcome.open_named()  # a bookmark of the game kept here (its address names it)
    screen.render()
    share = screen.share = Share(screen, launch)
    # The visitor's record: before a link's game, so that it knows the visitor's own.
    screen.your_games = YourGames(screen, storage)
    share.open_launched()  # before the computer's turn: a link's game is only shown
    friends = screen.friends = Friends(screen, storage)
    friends.open_launched(launch.friend)  # a friend's link: their turn, shown
    settings.wire(screen)
    Transfer(screen)  # export and import as files
    Printing(screen)  # a game's sheet and a game's record, on paper
    SquareTips()  # special squares named on a long press
    BoardDrag(screen)  # a piece dragged to its target
    if launch.kiosk:
        screen.kiosk = Kiosk(screen, launch.idle_seconds)
        in_progress = screen.restored and screen.state.outcome() is None
        if not in_progress:
            screen.kiosk.enter_attract()
    if launch.lesson is not None:  # ?lesson=: the lesson first, the game under it
        try:
            lessons.open(launch.lesson, launch.lesson_step, back="game")
        except Exception as error:  # never a page that cannot boot: the game instead
            lessons.close()
            screen.notice(_("The lesson could not be opened."), detail=str(error))
    if not screen.attract:
        screen.computer_turn()  # a restored game may be the computer's turn
    NewVersion(screen)  # after the kiosk: a kiosk applies updates between visitors
    for id_ in ("new-game", "saved-games", "show-rules", "language", "contrast", "one-tap",
                "reduce-motion", "sound", "settings-toggle"):  # fmt: skip
        element(id_).disabled = False
    # A kiosk keeps no visitor's game: no list of them on a public screen.
    element("saved-games").hidden = launch.kiosk
    share.booted()
    if launch.compare is not None:
        readings.open(launch.compare)
    app = element("app")
    app.dataset.state = "ready"
    app.setAttribute("aria-busy", "false")
    screen.keeping.booted()  # the boot watchdog's marker (static/storage-guard.js)
    welcome.render_continue()  # the Continue card as Python sees it
    # When the board became playable, for the boot benchmarks in every engine (a
    # performance mark needs no script injected before the page's own).
    window.performance.mark("ludeum:ready")
    window.dispatchEvent(window.Event.new("ludeum:ready"))


main()
