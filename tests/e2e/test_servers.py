"""The server configurations of deploy/ (issue 40), as a museum's IT installs them:
the release zip unpacked under a sub-path, /games/ludeum/, behind Debian's nginx with
deploy/nginx/ludeum.conf and behind Caddy with deploy/caddy/Caddyfile, each file as
committed but for its placeholders (the port, the folder). Each is asked for every
kind of file (type, encoding, Vary, Cache-Control, the Content-Security-Policy on
sw.js and on an error too, the redirect to the slash) and checked by
scripts/check_site.py; then Chromium boots the app there, plays a move, and reloads it
online and offline, from a service worker whose scope is the sub-path: the game
resumes. The HTTPS variant of the nginx file is checked by `nginx -t` with a
certificate made for the test."""

from __future__ import annotations

import http.client
import importlib.util
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import HOSTING, ROOT, SiteServer, Watch, built, new_game, wait_ready
from playwright.sync_api import Browser, expect
from servers import NGINX, free_port, nginx_main, nginx_serving, nginx_site, wait_for_port
from test_offline import wait_offline_ready

from ludeum import __version__

# The boot is this file's subject: every context starts empty, as on a first visit.
pytestmark = [pytest.mark.e2e, pytest.mark.cold_boot]

CADDY = os.environ.get("LUDEUM_CADDY", "/usr/bin/caddy")
PATH = HOSTING.EXAMPLE_PATH  # /games/ludeum/
POLICY = HOSTING.header_policy()


def _check_site():  # noqa: ANN202 (a module)
    """scripts/check_site.py, the check a museum runs against its own address."""
    spec = importlib.util.spec_from_file_location("check_site", ROOT / "scripts" / "check_site.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("check_site", module)  # its dataclasses look it up there
    spec.loader.exec_module(module)
    return module


CHECK_SITE = _check_site()


# Session-scoped, not module-scoped: under pytest-xdist a worker that has run out of
# queued tests tears module fixtures down, and this one would be made again for the
# module's next test (scripts/test.sh hands out whole files: --dist loadscope).
@pytest.fixture(scope="session")
def release(dist_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The served folder as deploying.md lays it out: the release zip unpacked under
    releases/, and `current`, a link to it (the zip is the built site:
    tests/e2e/test_deploy_zip.py)."""
    bundle = ROOT / "build" / f"ludeum-{__version__}.zip"
    if not bundle.is_file() or bundle.stat().st_mtime < (dist_dir / "sw.js").stat().st_mtime:
        pytest.fail(f"{bundle} missing or older than dist/: run `python3 scripts/build.py`")
    folder = tmp_path_factory.mktemp("ludeum")
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(folder / "releases")
    (folder / "current").symlink_to(folder / "releases" / f"ludeum-{__version__}")
    return folder / "current"


@pytest.fixture(scope="session")
def nginx(release: Path) -> Iterator[str]:
    with nginx_serving(release) as origin:
        yield origin


@pytest.fixture(scope="session")
def caddy(release: Path) -> Iterator[str]:
    if not os.access(CADDY, os.X_OK):
        pytest.fail(f"no {CADDY}: run scripts/ensure-browsers.sh (test.sh does)")
    with tempfile.TemporaryDirectory(prefix="ludeum-caddy-") as name:
        state = Path(name)
        port = free_port()
        # The committed file, imported under global options of the test's own: no
        # admin endpoint (its port would clash) and plain HTTP on loopback.
        wrapper = state / "Caddyfile"
        wrapper.write_text(
            f"{{\n\tadmin off\n}}\nimport {ROOT / 'deploy' / 'caddy' / 'Caddyfile'}\n", "utf-8"
        )
        env = {
            **os.environ,
            "LUDEUM_SITE_ADDRESS": f"http://127.0.0.1:{port}",
            "LUDEUM_ROOT": str(release),
            "XDG_CONFIG_HOME": str(state),
            "XDG_DATA_HOME": str(state),
        }
        said = state / "caddy.out"
        with said.open("w") as out:
            process = subprocess.Popen(
                [CADDY, "run", "--adapter", "caddyfile", "--config", str(wrapper)],
                env=env, stdout=out, stderr=out,
            )  # fmt: skip
        wait_for_port(port, process, said)
        yield f"http://127.0.0.1:{port}"
        process.terminate()
        process.wait(timeout=10)


def head(origin: str, path: str, accept_encoding: str = "br, gzip") -> tuple[int, dict]:
    host, port = origin.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.putheader("Accept-Encoding", accept_encoding)
        connection.endheaders()
        response = connection.getresponse()
        response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()


#: Each kind of file: its source path, the type it must have (a prefix), whether the
#: build wrote side files for it, and whether its name says its content.
KINDS = [
    ("index.html", "text/html", True, False),
    ("sw.js", None, True, False),  # nginx's own type for .js (application/javascript)
    ("static/app.css", "text/css", True, True),
    ("static/python-snapshot.mjs", "text/javascript", True, True),
    ("static/manifest.webmanifest", "application/manifest+json", False, True),
    ("static/locale/de.mo", "application/octet-stream", True, True),
    ("static/icons/icon-192.png", "image/png", False, True),
]


def check_headers(origin: str, dist: Path) -> None:
    runtime = built("static/vendor/pyodide", dist)
    snapshots = sorted((dist / "static" / "snapshot").glob("*.snapshot"))
    kinds = [
        *((built(path, dist) if path != "static/locale/de.mo" else
           next(p.relative_to(dist).as_posix() for p in (dist / "static/locale").glob("de.*.mo")),
           kind, side, named) for path, kind, side, named in KINDS),
        (f"{runtime}/pyodide.asm.wasm", "application/wasm", True, True),
        *((p.relative_to(dist).as_posix(), "application/octet-stream", True, True)
          for p in snapshots),
    ]  # fmt: skip
    for name, kind, side, named in kinds:
        status, headers = head(origin, PATH + name)
        assert status == 200, (name, status)
        if kind is not None:
            assert headers["content-type"].startswith(kind), (name, headers["content-type"])
        else:
            assert "javascript" in headers["content-type"], (name, headers["content-type"])
        if side and (dist / f"{name}.br").is_file():
            assert headers.get("content-encoding") == "br", (name, headers)
            assert "accept-encoding" in headers.get("vary", "").lower(), (name, headers)
        expected = HOSTING.IMMUTABLE if named else HOSTING.REVALIDATE
        assert headers["cache-control"] == expected, (name, headers["cache-control"])
        assert headers["content-security-policy"] == POLICY, name
        assert headers["x-content-type-options"] == "nosniff", name
    # gzip alone: the .gz side file.
    status, headers = head(origin, PATH + f"{runtime}/pyodide.asm.wasm", "gzip")
    assert headers.get("content-encoding") == "gzip", headers
    # The page itself, as a visitor asks for it, and without its slash.
    status, headers = head(origin, PATH)
    assert status == 200 and headers["content-type"].startswith("text/html"), headers
    assert headers["cache-control"] == "no-cache", headers
    status, headers = head(origin, PATH.rstrip("/"))
    assert status == 301 and headers["location"].endswith(PATH), (status, headers)
    # An error carries the policy too.
    status, headers = head(origin, PATH + "static/no-such-file.js")
    assert status == 404 and headers.get("content-security-policy") == POLICY, headers


@pytest.mark.parametrize("server", ["nginx", "caddy"])
def test_the_site_behind_each_server_of_deploy_under_a_sub_path(
    request: pytest.FixtureRequest,
    server: str,
    release: Path,
    browser: Browser,
    watch,
) -> None:
    origin = request.getfixturevalue(server)
    check_headers(origin, release)
    report = CHECK_SITE.check(origin + PATH, version=__version__)
    assert report.faults == [], report.faults
    assert f"version {__version__} is served" in report.notes
    # No false alarm on a correct deployment (issue 55: the registration the page
    # makes through its markup policy was taken for an old build's).
    assert not [note for note in report.notes if "registration was not found" in note]

    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    seen: Watch = watch(context, origin)
    try:
        page = context.new_page()
        page.goto(origin + PATH, wait_until="commit")
        wait_ready(page)
        new_game(page, "squadro", "human")
        page.click('#board [data-square="L1"]')
        page.click('#board [data-square="L1"]')  # a second tap on a piece moves it
        moves = ["Light: lane 1."]
        expect(page.locator("#moves li")).to_have_text(moves)
        wait_offline_ready(page, release)
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == origin + PATH
        page.reload(wait_until="commit")
        wait_ready(page)
        context.set_offline(True)
        response = page.reload(wait_until="commit")
        assert response is not None and response.from_service_worker
        wait_ready(page)
        expect(page.locator("#game-name")).to_have_text("Squadro")
        expect(page.locator("#moves li")).to_have_text(moves)  # the game, resumed
        expect(page.locator("#rules-dialog .version-line")).to_have_text(f"Ludeum {__version__}")
        assert seen.problems() == []
    finally:
        context.close()


def test_the_https_variant_of_the_nginx_file_is_accepted(release: Path, tmp_path: Path) -> None:
    """nginx -t on deploy/nginx/ludeum-https.conf, with a certificate made here."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail(f"no {NGINX}: run scripts/ensure-browsers.sh (test.sh does)")
    text = nginx_site(free_port(), release, https=True)
    live = f"/etc/letsencrypt/live/{HOSTING.EXAMPLE_HOST}/"
    assert text.count(live) == 2
    text = text.replace(live, f"{tmp_path}/")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{free_port()};")
    made = subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", f"/CN={HOSTING.EXAMPLE_HOST}", "-keyout", str(tmp_path / "privkey.pem"),
         "-out", str(tmp_path / "fullchain.pem")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    (tmp_path / "ludeum.conf").write_text(text, encoding="utf-8")
    (tmp_path / "nginx.conf").write_text(nginx_main(tmp_path, tmp_path / "ludeum.conf"), "utf-8")
    checked = subprocess.run(
        [NGINX, "-t", "-e", str(tmp_path / "error.log"), "-c", str(tmp_path / "nginx.conf")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert "[warn]" not in checked.stderr, checked.stderr


def test_the_live_check_names_each_fault_of_a_careless_host(dist_dir: Path) -> None:
    """The check can fail: a host that sends every file as it is, with no policy
    header and a year's caching for everything (sw.js and index.html too), at a
    sub-path it does not redirect to, serving a version other than the one asked."""
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        (root / "games").mkdir()
        (root / "games" / "ludeum").symlink_to(dist_dir, target_is_directory=True)
        server = SiteServer(
            root, precompressed=False, cache_control=lambda path: "max-age=31536000"
        )
        try:
            report = CHECK_SITE.check(server.url + "games/ludeum/", version="0.0.1")
            exit_status = CHECK_SITE.main([server.url + "games/ludeum"])
        finally:
            server.stop()
    said = "\n".join(report.faults)
    assert "index.html: no Content-Security-Policy header" in said
    assert f"{built('static/vendor/pyodide', dist_dir)}/pyodide.asm.wasm: sent uncompressed" in said
    assert "sw.js: Cache-Control max-age=31536000" in said
    assert "index.html: Cache-Control max-age=31536000" in said
    assert f"version {__version__} is served, not 0.0.1" in said
    assert exit_status == 1
