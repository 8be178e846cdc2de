"""End-to-end fixtures: the built site (dist/) in Debian's headless Chromium.

  dist_dir          the built site; fails (never skips) when missing or stale
  site_server       session-wide local HTTP server for dist/
  own_site_server   a server for one test only, which the test may .stop()
  serve(directory, headers=None)
                    starts more servers (e.g. dist/ under a sub-path, or
                    sending a Content-Security-Policy header)
  watch(context, origin, *other_origins)
                    records a context's requests, console errors and page errors;
                    at teardown the test fails if a request left the origin or an
                    error was logged
  app_page          a watched page that has just navigated to the app (committed,
                    not yet ready); use harness.wait_ready(page)

Every test in this folder is marked e2e. Playwright never downloads a browser:
harness.CHROMIUM (/usr/bin/chromium) is used.

A test marked ``retry_if_page_crashed`` runs once more, and says so, when it failed
and a watched page's renderer crashed: a rare Chromium crash while reloading with the
computer's worker running that no app code can cause (harness.py, PAGE_CRASHES).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from _pytest.runner import runtestprotocol
from harness import CHROMIUM, CHROMIUM_ARGS, DIST, SiteServer, Watch, dist_problem, wait_ready
from playwright.sync_api import BrowserContext, Page

#: The pages of a test whose renderer crashed (set by the watch fixture).
CRASHED = pytest.StashKey[list[str]]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "retry_if_page_crashed: run the test once more if it failed and Chromium's "
        "renderer crashed under it (logged)",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """One more run, and only one, for a marked test that failed after a crash."""
    if item.get_closest_marker("retry_if_page_crashed") is None:
        return None
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    crashed = item.stash.get(CRASHED, [])
    if crashed and any(report.failed for report in reports):
        note = (f"{item.nodeid}: Chromium's renderer crashed ({', '.join(crashed)}); "
                "running the test once more")  # fmt: skip
        reporter = item.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"\nPAGE CRASH: {note}", yellow=True)
        first = "\n".join(str(report.longrepr) for report in reports if report.failed)
        item.stash[CRASHED] = []
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        for report in reports:
            report.sections.append(("page crash, first run", f"{note}\n{first}"))
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium); "
            "scripts/test.sh does this"
        )
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    problem = dist_problem()
    if problem:
        pytest.fail(problem)
    return DIST


@pytest.fixture
def serve() -> Iterator[Callable[..., SiteServer]]:
    servers: list[SiteServer] = []

    def start(directory: Path, headers: dict[str, str] | None = None) -> SiteServer:
        server = SiteServer(directory, headers)
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


@pytest.fixture
def own_site_server(dist_dir: Path, serve: Callable[[Path], SiteServer]) -> SiteServer:
    return serve(dist_dir)


@pytest.fixture
def watch(request: pytest.FixtureRequest) -> Iterator[Callable[[BrowserContext, str], Watch]]:
    """watch(context, origin) -> Watch; the test fails at teardown on any problem."""
    watches: list[Watch] = []

    def start(context: BrowserContext, origin: str, *others: str) -> Watch:
        watched = Watch(context, origin, *others)
        watches.append(watched)
        return watched

    yield start
    request.node.stash[CRASHED] = [url for watched in watches for url in watched.crashes]
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
        page.add_init_script(
            script="if (!sessionStorage.getItem('test:seeded')) {"
            f" localStorage.setItem({json.dumps('ludeum:v1:current')}, {json.dumps(text)});"
            " sessionStorage.setItem('test:seeded', '1'); }"
        )
        page.goto(site_server.url, wait_until="commit")
        wait_ready(page)
        return page

    return start
