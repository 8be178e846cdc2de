"""End-to-end fixtures: the built site (dist/) in Debian's headless Chromium.

  dist_dir          the built site; fails (never skips) when missing or stale
  site_server       session-wide local HTTP server for dist/
  own_site_server   a server for one test only, which the test may .stop()
  serve(directory, headers=None)
                    starts more servers (e.g. dist/ under a sub-path, or
                    sending a Content-Security-Policy header)
  watch(context, origin, *other_origins)
                    records a context's requests, console errors and page errors;
                    at teardown the test fails if a request left the origin, an
                    error was logged or a page crashed
  app_page          a watched page that has just navigated to the app (committed,
                    not yet ready); use harness.wait_ready(page)
  fresh_page        a watched page that has not navigated yet (a test's own address)
  returning_visitor (autouse) every new context of a test on site_server is a
                    returning visitor's (harness.warm): its pages and the computer's
                    worker boot from the Python snapshot. A test whose subject is the
                    boot is marked ``cold_boot`` and gets empty ones, a first visit's.
                    Service workers are blocked in every context of a test not marked
                    ``cold_boot`` or ``service_worker`` (see ReturningVisitor).

Every test in this folder is marked e2e. Playwright never downloads a browser: the
tests run in Debian's Chromium headless shell (harness.HEADLESS_SHELL, package
chromium-headless-shell), Playwright's own choice for headless Chromium: the
same Blink and V8 as the browser, without its windows, tabs and profile. Side by side
on 39 tests of five files it cost 275 CPU-s where the browser cost 406 (2026-12-01):
each new tab of the browser is a window, and its drawing a compositor's. A test whose
subject is what only the whole browser does (its contexts block a cross-site frame's
storage; it judges an app installable) is marked ``full_chromium`` and gets
harness.CHROMIUM (/usr/bin/chromium), launched by the first such test of a worker. A
session with a test marked ``alone`` in it (scripts/test.sh's third part) runs the whole
browser for every test, as it keeps V8's optimizing tier: it times the page as a
visitor's browser runs it.

Renderer crashes. Every page of every browser the tests launch (through the
``browser_type`` fixture, so the ``browser`` fixture's and any a test launches itself)
reports a crash of its renderer. Any test in this folder that failed with a crash
under it (a crash event, or Playwright's "Target crashed") runs once more, and says
so; a second failure fails it. The end of the run's summary counts the crashes and
names their tests, and says "Chromium renderer crashes: 0" when end-to-end tests ran
without one, so a crash is never hidden and never makes the run red by itself. Under
pytest-xdist (scripts/test.sh runs the browser tests on two workers) each test's last
report carries its crashes to the process that prints the summary. Why a renderer can
crash here, and what was measured: harness.py, PAGE_CRASHES.

Kept contexts. A test's ``context`` (pytest-playwright's fixture, and so ``page``,
``app_page``, ``fresh_page`` and ``open_with``) is, where the test is a returning
visitor's with the service worker blocked, the worker's kept context for site_server,
emptied between tests (harness.KeptContext): a new context and its snapshot cost
about 1 CPU-s before the first boot, and the first boot in a kept one is cheaper
again (its HTTP cache holds the runtime, as a returning visitor's does). A test that changes the
context itself (an init script, a route, offline, permissions, a CDP session, close)
or fails leaves it to be closed, never reused. ``LUDEUM_FRESH_CONTEXTS=1`` gives every
test a new context, to compare.

Markers: ``cold_boot`` (the test's subject is the boot: empty contexts, as on a first
visit, with the service worker), ``service_worker`` (the test needs the service worker:
offline, updates), ``alone`` (timing-sensitive: scripts/test.sh runs it after the
rest, with no other test beside it), ``smoke`` (scripts/test.sh --quick).
pyproject.toml lists them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from _pytest.runner import runtestprotocol
from harness import (
    BASELINE_WASM_ONLY,
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    HEADLESS_SHELL,
    WITHOUT_SERVICE_WORKERS,
    KeptContext,
    SiteServer,
    Watch,
    dist_problem,
    seed_storage,
    wait_ready,
    warm,
)
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

HERE = Path(__file__).parent
#: What Playwright raises from a call on a page whose renderer died.
CRASH_ERROR = "Target crashed"


@dataclass
class CrashLog:
    """The renderer crashes of the run: ``now`` gathers those of the test running."""

    now: list[str] = field(default_factory=list)  # URLs of the pages that crashed
    tests: list[tuple[str, int, str]] = field(default_factory=list)  # name, crashes, outcome
    e2e_ran: bool = False

    def crashed(self, page: Page) -> None:
        self.now.append(page.url)

    def watch_context(self, context: BrowserContext) -> BrowserContext:
        context.on("page", lambda page: page.on("crash", self.crashed))
        return context

    def watch_browser(self, browser: Browser) -> Browser:
        """Every page of ``browser`` reports its crash here (Browser.new_page makes a
        context of its own, so it is wrapped as well as new_context)."""
        new_context, new_page = browser.new_context, browser.new_page

        def new_watched_context(**options: object) -> BrowserContext:
            return self.watch_context(new_context(**options))

        def new_watched_page(**options: object) -> Page:
            page = new_page(**options)
            page.on("crash", self.crashed)
            return page

        browser.new_context = new_watched_context
        browser.new_page = new_watched_page
        return browser


CRASH_LOG = pytest.StashKey[CrashLog]()
#: Whether this session runs a test marked alone (timing-sensitive): its Chromium
#: then keeps V8's optimizing tier for WebAssembly (harness.BASELINE_WASM_ONLY).
TIMES_THE_PAGE = pytest.StashKey[bool]()


#: The user property of a test's last report that carries its renderer crashes.
RENDERER_CRASHES = "renderer crashes"
#: Node ids of this folder's tests (pytest runs from the repository's root).
E2E_PREFIX = "tests/e2e/"
_config: pytest.Config


def pytest_configure(config: pytest.Config) -> None:
    global _config
    _config = config
    config.stash[CRASH_LOG] = CrashLog()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


def pytest_collection_finish(session: pytest.Session) -> None:
    # After -m and -k have deselected: what this session (or xdist worker) may run.
    session.config.stash[TIMES_THE_PAGE] = any(
        item.get_closest_marker("alone") for item in session.items
    )


def _crashes(log: CrashLog, reports: list[pytest.TestReport]) -> int:
    """How many renderer crashes a run of a test met: the crash events, or one when no
    event came but the test failed on Playwright's "Target crashed" (in the runs seen
    the event always came first)."""
    said = any(
        message.startswith("playwright.") and message.rstrip().endswith(CRASH_ERROR)
        for report in reports
        if report.failed
        for message in [getattr(getattr(report.longrepr, "reprcrash", None), "message", "")]
    )
    return len(log.now) or int(said)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """An end-to-end test that failed with a renderer crash under it runs once more."""
    if HERE not in item.path.parents:
        return None
    log = item.config.stash[CRASH_LOG]
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    log.now = []
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    crashes = _crashes(log, reports)
    note = ""
    if crashes:
        outcome = "passed despite it"
        if any(report.failed for report in reports):
            pages = ", ".join(log.now) or "no crash event"
            note = f"{item.nodeid}: Chromium's renderer crashed ({pages}); running it once more"
            first = "\n".join(str(report.longrepr) for report in reports if report.failed)
            item.execution_count = 2  # pytest-playwright: artifacts go to a "-retry1" folder
            log.now = []
            reports = runtestprotocol(item, nextitem=nextitem, log=False)
            again = _crashes(log, reports)
            crashes += again
            outcome = "passed on retry"
            if any(report.failed for report in reports):
                outcome = "crashed again, failed" if again else "failed on retry"
            for report in reports:
                report.sections.append(("page crash, first run", f"{note}\n{first}"))
        # Named without pytest-playwright's "[chromium]", which every test here has.
        # Carried by the test's last report: under pytest-xdist the reports are what
        # reaches the process that prints the summary (pytest_runtest_logreport).
        reports[-1].user_properties.append(
            (RENDERER_CRASHES, [item.name.removesuffix("[chromium]"), crashes, outcome, note])
        )
    log.now = []
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Gathers the end-to-end tests run and their crashes, from this process's tests
    or, under pytest-xdist, from every worker's."""
    if not report.nodeid.startswith(E2E_PREFIX):
        return
    log = _config.stash[CRASH_LOG]
    log.e2e_ran = True
    for key, value in report.user_properties:
        if key == RENDERER_CRASHES:
            name, crashes, outcome, note = value
            log.tests.append((name, crashes, outcome))
            reporter = _config.pluginmanager.get_plugin("terminalreporter")
            if note and reporter is not None:
                reporter.write_line(f"\nPAGE CRASH: {note}", yellow=True)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line whenever end-to-end tests ran: the renderer crashes and their tests.
    With $LUDEUM_CRASH_LOG set (scripts/test.sh), the line is also added to that file,
    which the script shows again at the very end of a run of several parts."""
    log = terminalreporter.config.stash[CRASH_LOG]
    if not log.e2e_ran or hasattr(terminalreporter.config, "workerinput"):
        return
    total = sum(crashes for _, crashes, _ in log.tests)
    named = "; ".join(
        f"{name}{f' x{crashes}' if crashes > 1 else ''}: {outcome}"
        for name, crashes, outcome in sorted(log.tests)  # in any worker's order: by name
    )
    line = f"Chromium renderer crashes: {total}" + (f" ({named})" if named else "")
    terminalreporter.write_line(line, yellow=total > 0)
    if os.environ.get("LUDEUM_CRASH_LOG"):
        with open(os.environ["LUDEUM_CRASH_LOG"], "a", encoding="utf-8") as kept:
            kept.write(line + "\n")


@pytest.fixture(scope="session")
def browser_type(browser_type: BrowserType, pytestconfig: pytest.Config) -> BrowserType:
    """pytest-playwright's, but every browser it launches reports its pages' crashes."""
    log = pytestconfig.stash[CRASH_LOG]
    launch = browser_type.launch

    def launch_watched(**options: object) -> Browser:
        return _new_contexts_return(log.watch_browser(launch(**options)))

    browser_type.launch = launch_watched
    return browser_type


@pytest.fixture(scope="session")
def times_the_page(pytestconfig: pytest.Config) -> bool:
    """Whether this session runs a test marked alone: it then runs the whole Chromium,
    not the headless shell, with V8's optimizing tier for WebAssembly
    (harness.BASELINE_WASM_ONLY)."""
    return pytestconfig.stash.get(TIMES_THE_PAGE, True)


def _installed(program: str, package: str) -> str:
    if not os.access(program, os.X_OK):
        pytest.fail(
            f"{program} not found: install Debian's {package} (apt-get install -y {package}); "
            "scripts/test.sh does this"
        )
    return program


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, times_the_page: bool) -> dict:
    # A session that times nothing runs the headless shell, and wasm on V8's baseline
    # tier alone (harness.py); one that times the page, the whole browser, tiered, as
    # visitors have them.
    program = (
        _installed(CHROMIUM, "chromium")
        if times_the_page
        else _installed(HEADLESS_SHELL, "chromium-headless-shell")
    )
    tiers = [] if times_the_page else [BASELINE_WASM_ONLY]
    return {
        **browser_type_launch_args,
        "executable_path": program,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS, *tiers],
    }


@pytest.fixture(scope="session")
def session_browser(launch_browser: Callable[..., Browser]) -> Iterator[Browser]:
    """The worker's browser for every test not marked full_chromium: the headless shell,
    or the whole browser in a session that times the page (browser_type_launch_args)."""
    browser = launch_browser()
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def full_chromium(launch_browser: Callable[..., Browser]) -> Iterator[Browser]:
    """The worker's whole Chromium, for the tests marked full_chromium (launched by the
    first of them: a worker that runs none never starts it)."""
    browser = launch_browser(executable_path=_installed(CHROMIUM, "chromium"))
    yield browser
    browser.close()


@pytest.fixture
def browser(request: pytest.FixtureRequest, times_the_page: bool) -> Browser:
    """pytest-playwright's browser: the session's (the module's docstring), or the whole
    Chromium for a test marked full_chromium in a session of the headless shell."""
    whole = request.node.get_closest_marker("full_chromium") and not times_the_page
    return request.getfixturevalue("full_chromium" if whole else "session_browser")


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    problem = dist_problem()
    if problem:
        pytest.fail(problem)
    return DIST


@pytest.fixture
def serve() -> Iterator[Callable[..., SiteServer]]:
    servers: list[SiteServer] = []

    def start(
        directory: Path, headers: dict[str, str] | None = None, *, precompressed: bool = True
    ) -> SiteServer:
        server = SiteServer(directory, headers, precompressed=precompressed)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def site_server(dist_dir: Path) -> Iterator[SiteServer]:
    server = SiteServer(dist_dir)
    yield server
    server.stop()


@dataclass
class ReturningVisitor:
    """The origin whose returning visitor every new context of the running test is
    (harness.warm), or None for an empty context, as on a first visit; and whether
    its contexts may run the service worker.

    Why block it: a context that runs it downloads and stores the whole precache (40
    files, 15 MB) beside the page, about 1 s of CPU that the test never looks at
    (benchmarks/context_cost.py). Measured on 29 tests of six files on two workers
    (2026-11-29): 351 CPU-s in 183 s with it, 309 CPU-s in 162 s without. The pages
    work the same without it (a browser without service workers: test_offline checks
    that case), and what it does is the subject of the tests marked ``cold_boot``
    (first visits, installs, hosting) or ``service_worker`` (offline play, updates),
    which keep it."""

    origin: str | None = None
    service_worker: bool = True


RETURNING = ReturningVisitor()


@pytest.fixture(autouse=True)
def returning_visitor(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser context a test on site_server opens (pytest-playwright's
    ``context`` and any ``browser.new_context``) starts as a returning visitor's
    browser holds the site: with the Python snapshot in Cache Storage, so its pages
    and the computer's worker boot from it, in a quarter of a first visit's plain
    boot. Most visits are such. A test whose subject is the boot is marked cold_boot
    and gets empty contexts; so does a test on a server of its own (another origin)."""
    wanted = (
        not os.environ.get("LUDEUM_COLD_BOOTS")  # every context empty: to measure the gain
        and HERE in request.node.path.parents
        and "site_server" in request.fixturenames
        and request.node.get_closest_marker("cold_boot") is None
    )
    RETURNING.origin = request.getfixturevalue("site_server").origin if wanted else None
    RETURNING.service_worker = bool(
        os.environ.get("LUDEUM_COLD_BOOTS")
        or HERE not in request.node.path.parents
        or request.node.get_closest_marker("cold_boot")
        or request.node.get_closest_marker("service_worker")
    )
    yield
    RETURNING.origin = None
    RETURNING.service_worker = True


def _new_contexts_return(browser: Browser) -> Browser:
    """``browser``, whose new contexts are warmed for RETURNING.origin when it is set."""
    new_context = browser.new_context

    def new_returning_context(**options: object) -> BrowserContext:
        context = new_context(**options)
        if not RETURNING.service_worker:
            context.add_init_script(script=WITHOUT_SERVICE_WORKERS)
        if RETURNING.origin is not None:
            warm(context, RETURNING.origin)
        return context

    browser.new_context = new_returning_context
    return browser


@pytest.fixture(scope="session")
def kept_contexts() -> Iterator[dict[tuple[Browser, str, bool], BrowserContext]]:
    """The worker's kept contexts between tests, by browser, origin (site_server's) and
    whether their pages start with one-tap moves off (KeptContext.one_tap_off)."""
    kept: dict[tuple[Browser, str, bool], BrowserContext] = {}
    yield kept
    for context in kept.values():
        try:
            context.close()
        except Exception:  # noqa: BLE001, S110 (its browser closed it already)
            pass


@pytest.fixture
def context(
    request: pytest.FixtureRequest,
    new_context: Callable[..., BrowserContext],
    browser: Browser,
    browser_context_args: dict,
    kept_contexts: dict[tuple[Browser, str, bool], BrowserContext],
) -> Iterator[BrowserContext]:
    """pytest-playwright's context, or the worker's kept one (the module's docstring):
    for a test with a Watch (whose pages start with one-tap moves off), one that a
    Watch has had before; for a test without, one that never had one."""
    origin = RETURNING.origin
    if origin is None or RETURNING.service_worker or os.environ.get("LUDEUM_FRESH_CONTEXTS"):
        yield new_context()
        return
    watched = "watch" in request.fixturenames
    context = kept_contexts.pop((browser, origin, watched), None)
    tenancy = KeptContext(
        context or browser.new_context(**browser_context_args),
        one_tap_off=watched and context is not None,
    )
    context = tenancy.context
    yield context
    reports = (getattr(request.node, f"rep_{when}", None) for when in ("setup", "call"))
    failed = any(report is not None and report.failed for report in reports)
    try:
        keep = tenancy.leave(origin, failed)
    except Exception:  # noqa: BLE001 (a context that cannot be emptied is closed)
        keep = False
    if keep:
        kept_contexts[browser, origin, tenancy.one_tap_off] = context
    else:
        try:
            context.close()
        except Exception:  # noqa: BLE001, S110 (closed by the test already)
            pass


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator:
    """Each phase's report on the test (rep_setup, rep_call), for ``context``."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def own_site_server(dist_dir: Path, serve: Callable[[Path], SiteServer]) -> SiteServer:
    return serve(dist_dir)


@pytest.fixture
def watch() -> Iterator[Callable[[BrowserContext, str], Watch]]:
    """watch(context, origin) -> Watch; the test fails at teardown on any problem."""
    watches: list[Watch] = []

    def start(context: BrowserContext, origin: str, *others: str) -> Watch:
        watched = Watch(context, origin, *others)
        watches.append(watched)
        return watched

    yield start
    problems = [problem for watched in watches for problem in watched.problems()]
    if problems:
        pytest.fail("\n".join(["the page misbehaved:", *problems]), pytrace=False)


@pytest.fixture
def app_page(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> Page:
    """A watched page navigated to the app, returned as soon as the navigation commits."""
    watch(context, site_server.origin)
    page = context.new_page()
    page.goto(site_server.url, wait_until="commit")
    return page


@pytest.fixture
def fresh_page(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> Page:
    """A watched page of a returning visitor's context that has not navigated yet: for
    a test whose first address is one of its own (a kiosk's, a link's). Going there
    from app_page would start a boot the test then cuts short, which the snapshot's
    guard counts as a boot that died (static/python-snapshot.mjs): every later boot
    of that tab would be a plain one."""
    watch(context, site_server.origin)
    return context.new_page()


@pytest.fixture
def open_with(
    context: BrowserContext,
    site_server: SiteServer,
    watch: Callable[[BrowserContext, str], Watch],
) -> Callable[[str], Page]:
    """A watched, ready page whose storage held ``text`` as the current game before the
    page's scripts ran (first load only, so a reload reads what the app saved)."""
    watch(context, site_server.origin)  # fails the test on any console or page error

    def start(text: str) -> Page:
        page = context.new_page()
        seed_storage(page, "ludeum:v1:current", text)
        page.goto(site_server.url, wait_until="commit")
        wait_ready(page)
        return page

    return start
