#!/usr/bin/env python3
"""Build the deployable site into dist/ (stdlib only).

    python3 scripts/build.py

Steps:
  1. `npm ci` if node_modules is missing or older than package-lock.json.
  2. Recreate dist/ as a mirror of the site layout: index.html (with the start
     position prerendered into it), pyscript.toml, src/**/*.py and static/**
     (except static/vendor, which is generated, and the scripts in <head>, joined
     into static/head.js: HEAD_SCRIPTS).
  3. Vendor the runtime from node_modules:
       dist/static/vendor/pyscript/  PyScript's *.js / *.css chunks, without the
                                     codemirror*/xterm* chunks (editor/terminal
                                     only) and chunks only they import;
       dist/static/vendor/pyodide/   the files a stdlib-only Pyodide needs, with
                                     python_stdlib.zip trimmed to the modules the
                                     site imports (trim_stdlib, scripts/trace-stdlib.mjs)
                                     and the rest beside it, python_stdlib_rest.zip,
                                     fetched only if an import escaped the trace; and a
                                     lock file that lists no package (empty_lock_file).
  4. Check the result: every static import between kept chunks resolves, and
     every path pyscript.toml names exists in dist/.
  5. Bundle npm's fake-indexeddb into dist/static/vendor/fake-indexeddb.js, the
     in-memory IndexedDB that static/storage-guard.js loads only where a browser
     blocks storage (scripts/bundle-fake-indexeddb.mjs).
     Copy npm's qrcode-generator into dist/static/vendor/qrcode-generator/qrcode.mjs,
     the QR encoder src/web/printing.py imports only when the visitor prints.
  6. Make the Python memory snapshot the page and the computer's worker boot from,
     in headless Chromium (scripts/make-snapshot.mjs), into
     dist/static/snapshot/python-<id>.snapshot, and write its name and header into
     dist/static/python-snapshot.mjs. Skipped, with a warning, where no Chromium is
     installed: every boot is then a plain one. Then the same for engines without
     JavaScript Promise Integration (Safari), made in WebKitGTK's MiniBrowser under
     Xvfb into python-<id>-without-jspi.snapshot; skipped, with a note, where they
     are not installed (scripts/serve.sh installs only Chromium; scripts/test.sh,
     which CI runs, installs them).
  7. Generate the precaching service worker dist/sw.js (scripts/service-worker.mjs).
  8. Write brotli and gzip side files (FILE.br, FILE.gz) beside each file worth
     compressing, for servers that send them as they are (scripts/precompress.mjs;
     which files: scripts/hosting.py). After sw.js, which gets them too, and which
     never precaches them. Brotli at quality 11, its best, unless
     LUDEUM_BROTLI_QUALITY says otherwise (brotli_quality()).
  9. Pack dist/ into build/ludeum-<version>.zip, the release: one folder,
     ludeum-<version>/, to unpack on any static server (docs/deploying.md), and its
     SHA-256 beside it (ludeum-<version>.zip.sha256, for `sha256sum -c`). The
     version is ludeum.__version__ (src/ludeum/__init__.py), also written into the
     page and into dist/version.json.

Every URL in dist/ is relative, so dist/ can be served under any sub-path.
"""

from __future__ import annotations

import fnmatch
import functools
import hashlib
import html
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

# Beside this file; tests load this module by its path, without scripts/ on sys.path.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from addressing import (  # noqa: E402
    CONTENT_ADDRESSED,
    RUNTIME_DIR,
    AddressingError,
    address_content,
    name_file,
    name_folder,
    names_its_content,
    rewrite,
)

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
VERSION_SOURCE = ROOT / "src" / "ludeum" / "__init__.py"


def read_version() -> str:
    """ludeum.__version__, read from its file (the build imports nothing of the engine
    that it need not): MAJOR.MINOR.PATCH."""
    found = re.search(r'^__version__ = "([^"]+)"$', VERSION_SOURCE.read_text("utf-8"), re.M)
    if found is None or not re.fullmatch(r"\d+\.\d+\.\d+", found.group(1)):
        raise SystemExit(f'build: error: {VERSION_SOURCE} has no __version__ = "N.N.N"')
    return found.group(1)


VERSION = read_version()
# Outside dist/, so the service worker never precaches the bundle of itself.
BUNDLE = ROOT / "build" / f"ludeum-{VERSION}.zip"
BUNDLE_FOLDER = f"ludeum-{VERSION}"
#: The files that keep their names (addressing.py): the page, the service worker and
#: the version a deployment check asks for (scripts/check_site.py).
UNNAMED = ("index.html", "sw.js", "version.json")
# The earliest time a zip entry can hold: every build of the same dist/ gives the
# same bytes, whatever the files' modification times (the standard library's zip).
BUNDLE_TIMESTAMP = (1980, 1, 1, 0, 0, 0)


def release_timestamp() -> tuple[int, int, int, int, int, int]:
    """The release's files' time: $SOURCE_DATE_EPOCH (the reproducible-builds
    convention), else the time of the commit built, else BUNDLE_TIMESTAMP. The same
    commit always gives the same zip, and two releases never share a time: unzip
    gives the files that time, and servers derive their validators from it (nginx's
    ETag is the time and the size; Apache's and Caddy's too), so a release whose
    index.html or sw.js has the length of the last one's would otherwise get a 304
    for its new page, and visitors would not see the update."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is None:
        committed = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True
        )
        epoch = committed.stdout.strip() if committed.returncode == 0 else ""
    if not epoch.isdigit():
        return BUNDLE_TIMESTAMP
    moment = time.gmtime(max(int(epoch), 315_532_800))  # zip times start in 1980
    return (moment.tm_year, moment.tm_mon, moment.tm_mday, moment.tm_hour, moment.tm_min,
            moment.tm_sec - moment.tm_sec % 2)  # fmt: skip


NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
#: Where PyScript goes in dist/ (then into a folder named by its content).
PYSCRIPT_DIR = "static/vendor/pyscript"
PYODIDE_DIR = NODE_MODULES / "pyodide"

# Optional PyScript features we do not ship: the py-editor (codemirror) and the
# py-terminal (xterm). Core only reaches them through dynamic import() when a page
# uses those features. Names are content-hashed, so match by pattern.
DROPPED_PYSCRIPT = ("codemirror*", "xterm*")
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Pyodide's list of its packages (114 KB), which a stdlib-only app never reads: dist/
# gets one that lists none (empty_lock_file), for whatever loads Pyodide directly (the
# snapshot's maker, the boot benchmark's bare page), and our loader is given the same
# inline, so the page never fetches it.
PYODIDE_LOCK = "pyodide-lock.json"
# Documentation links inside Workbox's warning messages (text, never fetched).
SW_DOC_LINKS = {"https://bit.ly/wb-precache"}
# A bundler chunk: name-HASH.js (e.g. core-C9KDLldu.js). Other files are entry points.
HASHED_CHUNK = re.compile(r"^.+-[A-Za-z0-9_-]{8}\.js$")
STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+)["']\s*\)""")


class BuildError(Exception):
    pass


#: The site's own choices (docs/deploying.md, "Your own site"), beside index.html:
#: read and checked at build time (ludeum/site.py); a bad file fails the build.
SITE_FILE = ROOT / "ludeum.toml"
SITE_MARKER = "<!-- site-config -->"
#: Where the site's logo is published.
SITE_DIR = "static/site"
BRAND = '<a class="brand" id="home" href="./" aria-describedby="home-hint">Ludeum</a>'
HOME_LINK_MARKER = "<!-- site-home-link -->"


def load_site(path: Path):  # noqa: ANN201 (a ludeum.site.Site, imported here)
    """The checked site of ``path`` (Ludeum as shipped when there is no such file),
    made the current one for the prerendering steps."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.site import SITE, SiteError, read_site, use
    finally:
        sys.path.pop(0)
    if not path.is_file():
        if path != SITE_FILE:
            raise BuildError(f"no site file {path}")
        use(SITE)
        return SITE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise BuildError(f"{path}: not a TOML file: {error}") from error
    table = data.get("site")
    logo = table.get("logo") if isinstance(table, dict) else None
    named = path.parent / logo if isinstance(logo, str) and logo.strip() else None
    size = named.stat().st_size if named is not None and named.is_file() else None
    try:
        site = read_site(data, size)
    except SiteError as error:
        raise BuildError(f"{path}: {error}") from error
    use(site)
    log(f"site: {path.name}: {', '.join(site.games)} in {', '.join(site.languages)}")
    return site


def apply_site(page: str, site, source: Path) -> str:  # noqa: ANN001
    """The page with the site's choices in it: its JSON for the page's scripts and
    Python, its title, logo and link back; the logo copied, the accent colour put in
    the style sheet and the name in the web app manifest."""
    for needed in (SITE_MARKER, BRAND, HOME_LINK_MARKER):
        if page.count(needed) != 1:
            raise BuildError(f"index.html must hold {needed} exactly once")
    # Data, not code (the CSP allows it); "<" escaped so no value can close the element.
    data = site.to_json().replace("<", "\\u003c")
    block = f'<script type="application/json" id="site-config">{data}</script>'
    page = page.replace(SITE_MARKER, block)
    logo = ""
    if site.logo:
        copy(source.parent / site.logo, DIST / SITE_DIR / site.logo)
        logo = f'<img class="brand-logo" src="{SITE_DIR}/{html.escape(site.logo)}" alt="">'
    title = html.escape(site.title)
    named = f'>{logo}<span id="site-title">{title}</span></a>'
    page = page.replace(BRAND, BRAND.replace(">Ludeum</a>", named))
    page = re.sub(r"<title>Ludeum: ", lambda m: f"<title>{title}: ", page, count=1)
    home = ""
    if site.home_url:
        home = (f'<a class="site-home" href="{html.escape(site.home_url)}" target="_top">'
                f"{html.escape(site.home_label)}</a>")  # fmt: skip
    return page.replace(HOME_LINK_MARKER, home)


def apply_site_files(site) -> None:  # noqa: ANN001
    """The accent colour in the style sheet and the title in the manifest."""
    css = DIST / "static" / "app.css"
    default = "--accent: #0d5c63;"
    text = css.read_text(encoding="utf-8")
    if text.count(default) != 1:
        raise BuildError(f"static/app.css must set {default!r} once")
    css.write_text(text.replace(default, f"--accent: {site.accent};"), "utf-8")
    manifest_path = DIST / "static" / "manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["name"] = manifest["short_name"] = site.title
    manifest["theme_color"] = site.accent
    manifest_path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", "utf-8")


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def run(cmd: list[str]) -> None:
    log("$ " + " ".join(cmd))
    try:
        subprocess.run(cmd, cwd=ROOT, check=True)
    except FileNotFoundError as exc:
        raise BuildError(f"{cmd[0]} not found: install Node.js 20+ with npm") from exc
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"command failed with exit code {exc.returncode}") from exc


def ensure_node_modules() -> None:
    """Run `npm ci` unless node_modules matches package-lock.json already."""
    # The lock's digest, written after each install: by content, not by file times,
    # which a checkout or a copy of the tree changes (a needless `npm ci` empties
    # node_modules under whatever runs on it: the tests' museum build runs this).
    lock = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    stamp = NODE_MODULES / ".ludeum-package-lock.sha256"
    if stamp.exists() and stamp.read_text(encoding="utf-8").strip() == lock:
        return
    run(["npm", "ci", "--no-audit", "--no-fund"])
    stamp.write_text(lock + "\n", encoding="utf-8")


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


BOARD_MARKER = "<!-- prerendered-board -->"


def prerender_board() -> str:
    """The start position drawn by the same pure view the app uses, so a board is on
    screen at the first paint while Python boots in the browser."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.senet import new_game
        from ludeum.senet.svg import board_svg
    finally:
        sys.path.pop(0)
    return board_svg(new_game())


WELCOME_MARKER = "<!-- prerendered-welcome -->"


def prerender_welcome() -> str:
    """The welcome screen (ludeum/welcome.py) as the app draws it, in English: on
    screen at the first paint, before Python."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.welcome import welcome_html
    finally:
        sys.path.pop(0)
    return welcome_html()


def welcome_words() -> tuple[str, dict[str, str]]:
    """The welcome screen in the current language, for page_text.prerendered: its
    markup with empty picture slots, and the pictures by game."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.site import current
        from ludeum.welcome import CARDS, start_picture, welcome_html
    finally:
        sys.path.pop(0)
    return welcome_html(pictures=False), {
        game: start_picture(game) for game, *_rest in CARDS if current().offers(game)
    }


PAGE_TEXT_MARKER = "<!-- prerendered-page-text -->"


def page_text_table() -> dict[str, str]:
    """src/web/page.py's PAGE_TEXT (element id -> English message), read without
    importing the browser module, which needs pyscript."""
    import ast

    tree = ast.parse((ROOT / "src" / "web" / "page.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PAGE_TEXT":
            return {
                key.value: call.args[0].value
                for key, call in zip(node.value.keys, node.value.values, strict=True)
            }
    raise BuildError("src/web/page.py has no PAGE_TEXT table")


def page_text_json() -> str:
    """The page's words in every language (``ludeum.page_text.prerendered``), as JSON
    safe inside a <script> element: no "<" at all, so no "</script>" or "<!--"."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.page_text import PageTextError, prerendered
    finally:
        sys.path.pop(0)
    try:
        # The same start board as the page's (prerender_board), drawn per language.
        table = prerendered(page_text_table(), prerender_board, welcome_words)
    except PageTextError as exc:
        raise BuildError(str(exc)) from exc
    text = json.dumps(table, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c")


def prerender_page_text(index: Path) -> None:
    """Put the page's words in every language into the built page, as a JSON data
    block (not run, so the CSP allows it) that static/page-language.js reads to show
    the visitor's language while Python loads (docs/translating.md)."""
    page = index.read_text(encoding="utf-8")
    if page.count(PAGE_TEXT_MARKER) != 1:
        raise BuildError(f"index.html must hold {PAGE_TEXT_MARKER} exactly once")
    block = f'<script type="application/json" id="page-text">{page_text_json()}</script>'
    index.write_text(page.replace(PAGE_TEXT_MARKER, block), "utf-8")


#: The page's classic scripts in <head>, in their order: each blocks the first paint
#: until it is fetched and run, so the build joins them into one file (one request
#: instead of six: about 35 ms of a cold first contentful paint here,
#: docs/performance.md). Each is a self-contained function expression.
# boot-progress last: the joined file stops at a script that throws, and an old browser
# must still meet boot-watch, which tells it so.
# markup-policy first: the others' markup and script addresses go through it.
HEAD_SCRIPTS = (
    "markup-policy",
    "storage-guard",
    "welcome",
    "input-kind",
    "boot-watch",
    "boot",
    "boot-progress",
)
HEAD_BUNDLE = "static/head.js"


def join_head_scripts(page: str) -> str:
    """``page`` with its head scripts' tags replaced by one tag for HEAD_BUNDLE, which
    is written into dist/ (the scripts themselves are not copied)."""
    parts = []
    for name in HEAD_SCRIPTS:
        tag = f'<script src="static/{name}.js"></script>'
        if page.count(tag) != 1:
            raise BuildError(f"index.html must hold {tag} exactly once")
        page = page.replace(tag, f'<script src="{HEAD_BUNDLE}"></script>' if not parts else "")
        text = (ROOT / "static" / f"{name}.js").read_text(encoding="utf-8")
        parts.append(f"// ---- static/{name}.js\n{text.rstrip()}\n;\n")
    sources = ", ".join(f"static/{name}.js" for name in HEAD_SCRIPTS)
    header = f"// Built by scripts/build.py from {sources}: edit those.\n"
    (DIST / HEAD_BUNDLE).parent.mkdir(parents=True, exist_ok=True)
    (DIST / HEAD_BUNDLE).write_text(header + "".join(parts), "utf-8")
    return page


def copy_site(site_file: Path = SITE_FILE) -> None:
    site = load_site(site_file)
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    page = apply_site(page, site, site_file)
    if page.count(BOARD_MARKER) != 1:
        raise BuildError(f"index.html must hold {BOARD_MARKER} exactly once")
    (DIST / "index.html").parent.mkdir(parents=True, exist_ok=True)
    if page.count(WELCOME_MARKER) != 1:
        raise BuildError(f"index.html must hold {WELCOME_MARKER} exactly once")
    page = page.replace(BOARD_MARKER, prerender_board())
    page = page.replace(WELCOME_MARKER, prerender_welcome())
    if page.count(LANGUAGES_MARKER) != 1:
        raise BuildError(f"index.html must hold {LANGUAGES_MARKER} exactly once")
    page = page.replace(LANGUAGES_MARKER, language_options())
    page = join_head_scripts(page)
    (DIST / "index.html").write_text(page, "utf-8")
    prerender_page_text(DIST / "index.html")
    copy(ROOT / "pyscript.toml", DIST / "pyscript.toml")
    copy(ROOT / "src" / "web" / "main.py", DIST / "src" / "web" / "main.py")
    pack_engine()
    static = ROOT / "static"
    for src in sorted(static.rglob("*")):
        rel = src.relative_to(ROOT)
        joined = rel.parent == Path("static") and rel.suffix == ".js" and rel.stem in HEAD_SCRIPTS
        if src.is_file() and rel.parts[:2] != ("static", "vendor") and not joined:
            copy(src, DIST / rel)
    apply_site_files(site)
    publish_catalogs()


LANGUAGES_MARKER = "<!-- language options -->"


def language_options() -> str:
    """The language switch's options after English, each named in its own language
    and marked with it (a screen reader says it in that language's voice)."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.i18n import DEFAULT, LANGUAGES, direction
        from ludeum.site import current
    finally:
        sys.path.pop(0)
    return "".join(
        f'<option value="{code}" lang="{code}"'
        + (' dir="rtl"' if direction(code) == "rtl" else "")
        + f">{html.escape(LANGUAGES[code])}</option>"
        for code in current().languages
        if code != DEFAULT
    )


ENGINE_ARCHIVE = "src/ludeum.zip"
CATALOGS_MARKER = "/* build: catalogs */ {}"
CATALOG_DIR = "static/locale"


def publish_catalogs() -> None:
    """Each language's compiled catalog as its own file whose name says its content
    (static/locale/<code>.<digest>.mo), named in the snapshot loader, which fetches
    only the visitor's language: the engine archive carries none, so a first visit
    downloads one catalog at most (none in English)."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from ludeum.i18n import DEFAULT, catalog_path
        from ludeum.site import current
    finally:
        sys.path.pop(0)
    published = {}
    for code in current().languages:
        if code == DEFAULT:
            continue
        source = catalog_path(code)
        if not source.is_file():
            raise BuildError(f"language {code!r} is offered but has no catalog: {source}")
        data = source.read_bytes()
        name = f"{CATALOG_DIR}/{code}.{hashlib.sha256(data).hexdigest()[:10]}.mo"
        (DIST / name).parent.mkdir(parents=True, exist_ok=True)
        (DIST / name).write_bytes(data)
        published[code] = name
    rewrite(DIST / SNAPSHOT_LOADER, {CATALOGS_MARKER: json.dumps(published, sort_keys=True)})


def pack_engine() -> None:
    """The whole ``ludeum`` package and the glue's ``web`` package (all but main.py,
    the page's entry point) as one zip, which PyScript unpacks into the interpreter's
    file system: one request instead of one per module, each module once, as bytecode
    compiled ahead of time by the shipped Pyodide (scripts/pack-engine.mjs). The
    compiled translation catalogs (locale/**/*.mo) travel in it too, never their
    .po/.pot sources."""
    archive = DIST / ENGINE_ARCHIVE
    archive.parent.mkdir(parents=True, exist_ok=True)
    run(["node", "scripts/pack-engine.mjs", str(ROOT / "src"), str(archive)])
    with zipfile.ZipFile(archive) as bundle:
        names = set(bundle.namelist())
    engine = ROOT / "src" / "ludeum"
    glue = [p for p in (ROOT / "src" / "web").glob("*.py") if p.name != "main.py"]
    # The command line (ludeum/cli, ludeum/__main__.py) is for terminals: left out.
    # So is the sounds' offline renderer (scripts/render_sounds.py, docs/sound.md), and
    # so are the research adapters (ludeum/adapters: PettingZoo, OpenSpiel) and the
    # studies' workers (ludeum/spread.py: multiprocessing and Ray, never the page's).
    terminal = [*(engine / "cli").rglob("*.py"), *(engine / "adapters").rglob("*.py"),
                engine / "__main__.py", engine / "sound_render.py",
                engine / "spread.py"]  # fmt: skip
    modules = [p for p in engine.rglob("*.py") if p not in terminal]
    expected = [*modules, *glue]
    for src in expected:
        # Modules travel as sourceless bytecode in the source's place (foo.py: foo.pyc).
        packed = src.relative_to(ROOT / "src").as_posix() + ("c" if src.suffix == ".py" else "")
        if packed not in names:
            raise BuildError(f"{src} is missing from {ENGINE_ARCHIVE} (as {packed})")
    loose = sorted(n for n in names if n.endswith(".py") or "__pycache__" in n)
    if loose:
        raise BuildError(f"{ENGINE_ARCHIVE} holds sources or caches: {loose[:3]}")
    # The catalogs travel one by one (publish_catalogs): a visitor fetches only theirs.
    catalogs = sorted(n for n in names if n.endswith((".po", ".pot", ".mo")))
    if catalogs:
        raise BuildError(f"{ENGINE_ARCHIVE} holds translation catalogs: {catalogs}")


def imports(path: Path) -> tuple[set[str], set[str]]:
    """Relative (static, dynamic) imports of a JS chunk, as sibling file names."""
    text = path.read_text(encoding="utf-8")

    def names(pattern: re.Pattern[str]) -> set[str]:
        return {m.group(1)[2:] for m in pattern.finditer(text)}

    return names(STATIC_IMPORT), names(DYNAMIC_IMPORT)


def vendor_pyscript() -> list[str]:
    """Copy PyScript's chunks; return notes on the optional features left out."""
    if not PYSCRIPT_DIST.is_dir():
        raise BuildError(f"{PYSCRIPT_DIST} missing: run npm ci")
    files = sorted(p.name for p in PYSCRIPT_DIST.iterdir() if p.suffix in (".js", ".css"))
    dropped = {n for n in files if any(fnmatch.fnmatch(n, pat) for pat in DROPPED_PYSCRIPT)}
    kept = [n for n in files if n not in dropped]
    graph = {n: imports(PYSCRIPT_DIST / n) for n in files if n.endswith(".js")}

    # Hashed chunks that no kept file imports any more (e.g. a codemirror helper
    # chunk) would only be dead weight in the precache: drop them too.
    changed = True
    while changed:
        changed = False
        for name in list(kept):
            if not HASHED_CHUNK.match(name):
                continue
            importers = [k for k in kept if name in set().union(*graph.get(k, (set(), set())))]
            if not importers:
                kept.remove(name)
                dropped.add(name)
                changed = True

    notes = []
    for name in kept:
        static, dynamic = graph.get(name, (set(), set()))
        missing_static = sorted(static - set(kept))
        if missing_static:
            raise BuildError(f"{name} statically imports dropped/missing {missing_static}")
        missing_dynamic = sorted((dynamic & dropped) | (dynamic - set(files)))
        if missing_dynamic:
            notes.append(f"{name} lazily imports dropped {', '.join(missing_dynamic)}")
    for name in ("core.js", "core.css"):
        if name not in kept:
            raise BuildError(f"@pyscript/core has no dist/{name}")

    out = DIST / "static" / "vendor" / "pyscript"
    for name in kept:
        copy(PYSCRIPT_DIST / name, out / name)
    log(f"pyscript: kept {len(kept)} files, dropped {len(dropped)}: {', '.join(sorted(dropped))}")
    return notes


def vendor_pyodide() -> None:
    out = DIST / "static" / "vendor" / "pyodide"
    for name in PYODIDE_FILES:
        src = PYODIDE_DIR / name
        if not src.is_file():
            raise BuildError(f"{src} missing: is npm pyodide pinned to the version PyScript uses?")
        copy(src, out / name)
    loader = DIST / SNAPSHOT_LOADER
    text = loader.read_text(encoding="utf-8")
    if text.count(LOCK_MARKER) != 1:
        raise BuildError(f"{SNAPSHOT_LOADER} must hold {LOCK_MARKER!r} exactly once")
    lock = json.dumps(empty_lock_file(), sort_keys=True)
    loader.write_text(text.replace(LOCK_MARKER, lock), "utf-8")
    (out / PYODIDE_LOCK).write_text(lock, "utf-8")


LOCK_MARKER = "/* build: lock */ null"


def empty_lock_file() -> dict:
    """Pyodide's lock file without its packages: what the loader is given as
    ``lockFileContents`` instead of fetching 114 KB it would never read (the app
    loads no package; pyscript.toml asks for none, tests/unit/test_site.py)."""
    lock = json.loads((PYODIDE_DIR / PYODIDE_LOCK).read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


# Pyodide's stream code (pyodide.asm.mjs, minified) makes, as the module is
# evaluated, a one-page shared WebAssembly memory whose only use is to sleep by
# Atomics.wait when a read says EAGAIN. Where the page is not cross-origin isolated
# (any static host: docs/deploying.md) Chromium reports that memory as a deprecated
# SharedArrayBuffer on every boot: Lighthouse's "deprecations" audit, 5 of the 27
# points of best practices (issue 35). The same function, with the memory made on
# the first sleep instead: behaviour unchanged, and nothing is shared while nothing
# sleeps (this app never reads stdin). Matched by shape, the minified names caught.
# Why a patch of a vendored file: a stand-in for WebAssembly.Memory while Pyodide
# loads (our code, no patch) gave an unshared memory, and WebKit then never became
# ready (tests/engines); nothing else can stop a module's top-level code.
SHARED_MEMORY_PROBE = re.compile(
    r"var (?P<buf>[\w$]+)=new Int32Array\(new WebAssembly\.Memory\("
    r"(?P<desc>\{shared:!0,initial:1,maximum:1\})\)\.buffer\);"
    r"function (?P<sleep>[\w$]+)\((?P<ms>[\w$]+)\)\{try\{return "
    r"Atomics\.wait\((?P=buf),0,0,(?P=ms)\),!0\}catch\{return!1\}\}"
)


def defer_shared_memory_probe() -> None:
    """Make Pyodide's shared-memory sleep probe lazily (SHARED_MEMORY_PROBE); a build
    error if Pyodide's text is no longer the one this was written for."""
    path = DIST / "static" / "vendor" / "pyodide" / "pyodide.asm.mjs"
    text = path.read_text("utf-8")
    found = SHARED_MEMORY_PROBE.findall(text)
    if len(found) != 1:
        raise BuildError(
            f"{path.name}: Pyodide's shared-memory sleep probe found {len(found)} times, not "
            "once: check whether it still makes a shared memory at load and update "
            "SHARED_MEMORY_PROBE (scripts/build.py), or drop the step if it no longer does"
        )

    def lazy(m: re.Match) -> str:
        buf, sleep, ms = m["buf"], m["sleep"], m["ms"]
        return (
            f"var {buf}=null;function {sleep}({ms}){{try{{return {buf}??=new Int32Array("
            f"new WebAssembly.Memory({m['desc']}).buffer),Atomics.wait({buf},0,0,{ms}),!0}}"
            "catch{return!1}}"
        )

    text = SHARED_MEMORY_PROBE.sub(lazy, text)
    shared = "new WebAssembly.Memory({shared:!0"
    if text.count(shared) != text.count("??=new Int32Array(" + shared):
        raise BuildError(f"{path.name}: a shared memory is still made at load")
    path.write_text(text, "utf-8")


STDLIB_ARCHIVE = "static/vendor/pyodide/python_stdlib.zip"
#: Beside it: the standard library's modules the trace did not keep, fetched only if
#: one is imported all the same (scripts/stdlib_rest.py); never precached.
STDLIB_REST = "static/vendor/pyodide/python_stdlib_rest.zip"
#: scripts/stdlib_rest.py's name inside the trimmed zip (static/python-snapshot.mjs).
STDLIB_REST_FINDER = "_ludeum_stdlib_rest.py"
PYSCRIPT_PYTHON = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"


@functools.cache
def boot_module_listing() -> Path:
    """build/boot-modules.json: what the page's boot imports (scripts/boot_modules.py),
    for the stdlib trace and both snapshots: listed once a build (it imports every
    room of the glue on CPython)."""
    modules = subprocess.run(
        # -S: no site-packages, whose .pth files may import modules (random, say)
        # before the listing starts and so hide them from it.
        [sys.executable, "-S", "scripts/boot_modules.py", str(ROOT / "src")],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    listing = ROOT / "build" / "boot-modules.json"
    listing.parent.mkdir(parents=True, exist_ok=True)
    listing.write_text(modules, encoding="utf-8")
    return listing


def stored(name: str) -> zipfile.ZipInfo:
    """A zip entry kept as it is: the server compresses the whole file, which finds
    far more to share between modules than each member deflated alone."""
    entry = zipfile.ZipInfo(name, BUNDLE_TIMESTAMP)
    entry.compress_type = zipfile.ZIP_STORED
    return entry


def trim_stdlib() -> None:
    """Replace Pyodide's whole standard library (python_stdlib.zip, 9.6 MB of sources,
    each deflated) by the files the site imports (scripts/trace-stdlib.mjs), stored;
    the rest goes, stored too, into STDLIB_REST with the finder that fetches it if a
    module escaped the trace (scripts/stdlib_rest.py)."""
    if not PYSCRIPT_PYTHON.is_dir():
        raise BuildError(f"{PYSCRIPT_PYTHON} missing: PyScript's Python package is traced")
    trace = ROOT / "build" / "stdlib-trace.json"
    run(
        [
            "node",
            "scripts/trace-stdlib.mjs",
            str(ROOT / "src"),
            str(DIST / ENGINE_ARCHIVE),
            str(PYSCRIPT_PYTHON),
            str(boot_module_listing()),
            str(trace),
        ]
    )
    keep = set(json.loads(trace.read_text(encoding="utf-8"))["files"])
    if STDLIB_REST_FINDER in keep or not keep:
        raise BuildError(f"unexpected stdlib trace in {trace}")
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as whole:
        members = {info.filename: whole.read(info) for info in whole.infolist()}
    rest = sorted(set(members) - keep)
    rest_modules = sorted(
        name.removesuffix("/__init__.py").removesuffix(".py").replace("/", ".")
        for name in rest
        if name.endswith(".py")
    )
    with zipfile.ZipFile(DIST / STDLIB_REST, "w") as remainder:
        for name in rest:
            remainder.writestr(stored(name), members[name])
    version = hashlib.sha256((DIST / STDLIB_REST).read_bytes()).hexdigest()[:10]
    finder = (ROOT / "scripts" / "stdlib_rest.py").read_text(encoding="utf-8")
    finder += f"\n\nREST_MODULES = frozenset({json.dumps(rest_modules)})\n"
    finder += f"REST_VERSION = {json.dumps(version)}\n"
    with zipfile.ZipFile(DIST / STDLIB_ARCHIVE, "w") as trimmed:
        for name in sorted(keep):
            trimmed.writestr(stored(name), members[name])
        trimmed.writestr(stored(STDLIB_REST_FINDER), finder)
    # Docstrings and comments out, line for line (scripts/strip_source.py): a third
    # of the bytes, which no import needs. The rest's files stay whole: fetched
    # only if the trace missed one, they are not worth the build's time.
    log(f"$ node scripts/strip-sources.mjs {STDLIB_ARCHIVE}")
    try:
        stripping = subprocess.run(
            ["node", "scripts/strip-sources.mjs", str(DIST / STDLIB_ARCHIVE)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"strip-sources failed: {exc.stderr.strip()}") from exc
    report = json.loads(stripping.stdout.strip().splitlines()[-1])
    for note in report["kept"]:
        log(f"note: stdlib file kept with its docstrings: {note}")
    log(
        f"stdlib: kept {len(keep)} of {len(members)} files "
        f"({(DIST / STDLIB_ARCHIVE).stat().st_size:,} bytes; {report['before']:,} before "
        f"docstrings and comments went), the rest in {STDLIB_REST}"
    )


STORAGE_STAND_IN = "static/vendor/fake-indexeddb.js"


def bundle_storage_stand_in() -> None:
    target = DIST / STORAGE_STAND_IN
    target.parent.mkdir(parents=True, exist_ok=True)
    run(["node", "scripts/bundle-fake-indexeddb.mjs", str(target)])
    if "indexedDB" not in target.read_text(encoding="utf-8"):
        raise BuildError(f"{STORAGE_STAND_IN} does not define indexedDB")


#: The QR encoder of the printed sheets' addresses (issue 37): npm's qrcode-generator,
#: one ES module with no imports, fetched only when the visitor prints
#: (src/web/printing.py imports it by this path; the service worker keeps it once
#: fetched, rather than precaching it: scripts/service-worker.mjs).
QR_ENCODER = "static/vendor/qrcode-generator/qrcode.mjs"
QR_ENCODER_SOURCE = NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.mjs"


def one_module(source: Path, exported: str) -> str:
    """The text of the npm module ``source``, checked to be one self-contained ES
    module (an import would be a second download to vendor) holding ``exported``, with
    no eval (the page's Content-Security-Policy refuses it)."""
    if not source.is_file():
        raise BuildError(f"{source} missing: run npm ci")
    text = source.read_text(encoding="utf-8")
    if STATIC_IMPORT.search(text) or DYNAMIC_IMPORT.search(text) or exported not in text:
        raise BuildError(f"{source} is no longer one module with a default export")
    if re.search(r"\beval\(|\bnew Function\(", text):
        raise BuildError(f"{source} uses eval, which the page's policy refuses")
    return text


def vendor_qr_encoder() -> None:
    text = one_module(QR_ENCODER_SOURCE, "export default")
    copy(QR_ENCODER_SOURCE, DIST / QR_ENCODER)
    log(f"qr encoder: {QR_ENCODER} ({len(text.encode()):,} bytes)")


#: The sanitizer of the Continue card's stored picture (issue 41): npm's DOMPurify, one
#: ES module with no imports, fetched by static/welcome.js only when a picture was
#: stored (a first visit never fetches it; the service worker keeps it once fetched).
SANITIZER = "static/vendor/dompurify/purify.mjs"
SANITIZER_SOURCE = NODE_MODULES / "dompurify" / "dist" / "purify.es.mjs"


def vendor_sanitizer() -> None:
    text = one_module(SANITIZER_SOURCE, "export {")
    if not text.startswith("/*! @license DOMPurify"):
        raise BuildError(f"{SANITIZER_SOURCE} no longer opens with its licence")
    # Its source map is not shipped: the comment naming it would only earn a 404 in
    # the developer tools.
    text = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", text)
    target = DIST / SANITIZER
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    log(f"sanitizer: {SANITIZER} ({len(text.encode()):,} bytes)")


def check_config() -> None:
    """Every path pyscript.toml names must exist in dist/ (a 404 breaks boot)."""
    config = tomllib.loads((DIST / "pyscript.toml").read_text(encoding="utf-8"))
    # Both resolve against the page URL; index.html and pyscript.toml sit side by side.
    interpreter = config.get("interpreter")
    if interpreter and not (DIST / interpreter).is_file():
        raise BuildError(f"pyscript.toml interpreter {interpreter!r} is not in dist/")
    # The engine is unpacked by our loader (static/python-snapshot.mjs), which starts
    # its download early; [files] would fetch it only once Python has started.
    if config.get("files"):
        raise BuildError("pyscript.toml has [files]: the loader unpacks the engine")
    loader = (DIST / SNAPSHOT_LOADER).read_text(encoding="utf-8")
    named = re.findall(r"'\.\./(src/ludeum[^']*\.zip)'", loader)
    if len(named) != 1 or not ENGINE_NAME.match(named[0]):
        raise BuildError(f"{SNAPSHOT_LOADER} must name the engine archive once: {named}")
    if not (DIST / named[0]).is_file():
        raise BuildError(f"{SNAPSHOT_LOADER} names {named[0]}, which is not in dist/")


ENGINE_NAME = re.compile(r"^src/ludeum(\.[0-9a-f]{10})?\.zip$")


def generate_service_worker() -> None:
    run(["node", "scripts/service-worker.mjs", str(DIST), CONTENT_ADDRESSED])
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    if "importScripts" in text:
        raise BuildError("sw.js loads scripts (importScripts): the Workbox runtime must be inlined")
    # The only URL Workbox's runtime contains is a documentation link inside a
    # console warning text (for precache entries without a revision; ours all
    # have one). Anything else could be a fetch from another host: refuse it.
    urls = set(re.findall(r"https?://[^\s\"'`)]+", text)) - SW_DOC_LINKS
    if urls:
        raise BuildError(f"sw.js references other hosts: {sorted(urls)}")


SNAPSHOT_LOADER = "static/python-snapshot.mjs"
SNAPSHOT_MARKER = "/* build: snapshot */ null"
SNAPSHOT_DIR = "static/snapshot"
SNAPSHOT_MAGIC = b"ludeum-python-snapshot 2 "
#: Pyodide's starting heap (30 MiB): a snapshot whose imports grew the heap past it
#: cannot be loaded (docs/performance.md).
SNAPSHOT_HEAP_LIMIT = 30 * 1024 * 1024


def chromium() -> str | None:
    path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    return path if os.access(path, os.X_OK) else None


def engine_id() -> str:
    """Names one engine on one Pyodide: a snapshot is only good for both together."""
    digest = hashlib.sha256((DIST / ENGINE_ARCHIVE).read_bytes())
    digest.update((PYODIDE_DIR / "package.json").read_bytes())
    return digest.hexdigest()[:16]


def snapshot_heap_bytes(snapshot: Path) -> int:
    """The Python heap a snapshot file holds: Pyodide's snapshot is a header (its
    length in the second 32-bit word) and then the heap's bytes."""
    with snapshot.open("rb") as made:
        made.readline()  # our header line
        memory = made.read()
    return len(memory) - int.from_bytes(memory[4:8], "little")


def snapshot_header(snapshot: Path) -> dict:
    """The header fields scripts/make-snapshot.mjs wrote on the file's first line."""
    with snapshot.open("rb") as made:
        line = made.readline()
    if not line.startswith(SNAPSHOT_MAGIC):
        raise BuildError(f"{snapshot} has no snapshot header")
    return json.loads(line[len(SNAPSHOT_MAGIC) :])


def make_snapshot() -> None:
    """The interpreter, started and with the boot's imports done, as a file of its
    memory behind a header line (compressed by precompress_site, like the other
    large files); static/python-snapshot.mjs learns its name and header."""
    loader = DIST / SNAPSHOT_LOADER
    text = loader.read_text(encoding="utf-8")
    if text.count(SNAPSHOT_MARKER) != 1:
        raise BuildError(f"{SNAPSHOT_LOADER} must hold {SNAPSHOT_MARKER!r} exactly once")
    if chromium() is None:
        log(
            "warning: no Chromium (/usr/bin/chromium or $CHROMIUM): "
            "no Python snapshot, every boot is plain"
        )
        return
    ident = engine_id()
    target = DIST / SNAPSHOT_DIR / f"python-{ident}.snapshot"
    target.parent.mkdir(parents=True, exist_ok=True)
    listing = boot_module_listing()
    run(["node", "scripts/make-snapshot.mjs", str(DIST), str(listing), str(target), ident])
    header = snapshot_header(target)
    heap = snapshot_heap_bytes(target)
    if heap > SNAPSHOT_HEAP_LIMIT:
        raise BuildError(
            f"the snapshot's heap is {heap:,} bytes, past Pyodide's starting "
            f"{SNAPSHOT_HEAP_LIMIT:,}: browsers would fail to load it (Pyodide issue 6254) "
            "and boot plain without a word; import less before the snapshot"
        )
    header["url"] = target.relative_to(DIST).as_posix()
    loader.write_text(text.replace(SNAPSHOT_MARKER, json.dumps(header, sort_keys=True)), "utf-8")


SNAPSHOT_WITHOUT_JSPI_MARKER = "/* build: snapshot without JSPI */ null"
XVFB = "/usr/bin/Xvfb"


def webkit_programs() -> tuple[str, str] | None:
    """WebKitGTK's MiniBrowser and its WebDriver, with Xvfb for a display (as
    tests/engines/webkit.py finds them), or None where one is missing."""
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))
    browser = os.environ.get("LUDEUM_MINIBROWSER", str(found[0]) if found else "")
    driver = os.environ.get("LUDEUM_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
    if all(p and os.access(p, os.X_OK) for p in (browser, driver, XVFB)):
        return browser, driver
    return None


def make_snapshot_without_jspi() -> None:
    """The snapshot for engines without JavaScript Promise Integration (Safari), made
    in WebKitGTK: Pyodide's stack switching state and CPython's way of calling
    built-in functions, both kept in a snapshot's memory, must be the ones the
    visitor's engine picks (docs/performance.md). Optional: skipped, with a note,
    where WebKitGTK or Xvfb is missing (scripts/ensure-browsers.sh installs them)."""
    loader = DIST / SNAPSHOT_LOADER
    text = loader.read_text(encoding="utf-8")
    if text.count(SNAPSHOT_WITHOUT_JSPI_MARKER) != 1:
        raise BuildError(
            f"{SNAPSHOT_LOADER} must hold {SNAPSHOT_WITHOUT_JSPI_MARKER!r} exactly once"
        )
    programs = webkit_programs()
    if programs is None:
        log(
            "note: no WebKitGTK or Xvfb (scripts/ensure-browsers.sh): no snapshot for "
            "engines without JSPI, every boot in Safari is plain"
        )
        return
    ident = engine_id()
    target = DIST / SNAPSHOT_DIR / f"python-{ident}-without-jspi.snapshot"
    target.parent.mkdir(parents=True, exist_ok=True)
    browser, driver = programs
    os.environ["LUDEUM_WEBKIT_DRIVER"] = driver  # for make-snapshot.mjs
    run(["node", "scripts/make-snapshot.mjs", str(DIST), str(boot_module_listing()),
         str(target), ident, "webkit", browser])  # fmt: skip
    header = snapshot_header(target)
    # Made with JSPI, no engine without it could use it; with the wasm trampoline,
    # no iPhone or iPad (static/python-snapshot.mjs, trampolineDiffers).
    if header["jspi"] or header["trampoline"] != "js":
        raise BuildError(f"{target}: JSPI {header['jspi']}, {header['trampoline']} trampoline")
    header["url"] = target.relative_to(DIST).as_posix()
    loader.write_text(
        text.replace(SNAPSHOT_WITHOUT_JSPI_MARKER, json.dumps(header, sort_keys=True)), "utf-8"
    )


PRELOAD_MARKER = "<!-- preload-hints -->"


#: Where the page finds the files it asks for by name (the computer's worker, the QR
#: encoder, the sanitizer): src/web/page.py's site_file() and static/welcome.js read
#: this JSON from the page.
SITE_FILES_MARKER = "<!-- site-files -->"
#: The files the page asks for by name, as their source paths.
ASKED_BY_NAME = ("static/computer-worker.mjs", QR_ENCODER, SANITIZER)


def address_files() -> dict[str, str]:
    """Give every file of dist/ but index.html, sw.js and head.js (named last, by
    name_head) a name that says its content (scripts/addressing.py), leaves first,
    and rewrite each place that names it; then the page's preload hints and its table
    of the files Python asks for. Returns the new name of each path renamed."""
    page = DIST / "index.html"
    loader = DIST / SNAPSHOT_LOADER
    names: dict[str, str] = {}

    def name(path: str) -> str:
        names[path] = name_file(DIST, path)
        return names[path]

    def seen_from(folder: str, path: str) -> str:
        return posixpath.relpath(path, folder)

    try:
        addressed = address_content(DIST)
        names[RUNTIME_DIR] = addressed.runtime
        names[ENGINE_ARCHIVE] = addressed.engine
        runtime = seen_from("static", addressed.runtime)
        rewrite(
            loader,
            {
                "from './vendor/pyodide/pyodide.mjs'": f"from './{runtime}/pyodide.mjs'",
                "new URL('./vendor/pyodide/', import.meta.url)": (
                    f"new URL('./{runtime}/', import.meta.url)"
                ),
                f"'../{ENGINE_ARCHIVE}'": f"'../{addressed.engine}'",
            },
        )
        check_config()  # before pyscript.toml, which it reads, is renamed
        pyscript = names[PYSCRIPT_DIR] = name_folder(DIST, PYSCRIPT_DIR)
        rewrite(page, {f'"{PYSCRIPT_DIR}/core.{kind}"': f'"{pyscript}/core.{kind}"'
                       for kind in ("js", "css")})  # fmt: skip
        stand_in = seen_from("static", name(STORAGE_STAND_IN))
        rewrite(DIST / HEAD_BUNDLE, {"'vendor/fake-indexeddb.js'": f"'{stand_in}'"})
        name(QR_ENCODER)
        name(SANITIZER)
        # The icons: in the manifest (beside them) and the page (apple-touch-icon).
        manifest = DIST / "static" / "manifest.webmanifest"
        for icon in sorted((DIST / "static" / "icons").iterdir()):
            path = f"static/icons/{icon.name}"
            new = name(path)
            if icon.name == "apple-touch-icon.png":
                rewrite(page, {f'"{path}"': f'"{new}"'})
            else:
                rewrite(manifest, {f'"icons/{icon.name}"': f'"{seen_from("static", new)}"'})
        for logo in sorted((DIST / SITE_DIR).glob("*")) if (DIST / SITE_DIR).is_dir() else []:
            path = f"{SITE_DIR}/{logo.name}"
            rewrite(page, {f'src="{html.escape(path)}"': f'src="{html.escape(name(path))}"'})
        for path in ("static/favicon.svg", "static/app.css", "static/page-language.js",
                     "static/manifest.webmanifest"):  # fmt: skip
            rewrite(page, {f'"{path}"': f'"{name(path)}"'})
        without_eval = seen_from("static", name("static/pyscript-without-eval.mjs"))
        rewrite(loader, {"'./pyscript-without-eval.mjs'": f"'./{without_eval}'"})
        new_loader = name(SNAPSHOT_LOADER)
        rewrite(DIST / "pyscript.toml", {f'"{SNAPSHOT_LOADER}"': f'"{new_loader}"'})
        worker = DIST / "static" / "computer-worker.mjs"
        rewrite(worker, {"'./python-snapshot.mjs'": f"'./{seen_from('static', new_loader)}'"})
        name("static/computer-worker.mjs")
        rewrite(page, {'config="pyscript.toml"': f'config="{name("pyscript.toml")}"'})
        rewrite(page, {'src="src/web/main.py"': f'src="{name("src/web/main.py")}"'})
        rewrite(page, {PRELOAD_MARKER: preload_hints(names)})
        asked = json.dumps({path: names[path] for path in ASKED_BY_NAME}, sort_keys=True)
        table = f'<script type="application/json" id="site-files">{asked}</script>'
        rewrite(page, {SITE_FILES_MARKER: table})
    except AddressingError as exc:
        raise BuildError(str(exc)) from exc
    left = [
        path.relative_to(DIST).as_posix()
        for path in DIST.rglob("*")
        if path.is_file()
        and path.relative_to(DIST).as_posix() not in (*UNNAMED, HEAD_BUNDLE)
        and not names_its_content(path.relative_to(DIST).as_posix())
    ]
    if left:
        raise BuildError(f"files whose names do not say their content: {sorted(left)}")
    log(f"content-addressed: {len(names)} files and folders, e.g. {addressed.engine}")
    return names


def name_head() -> None:
    """The head script last: it holds the first visit's sizes, which name the others."""
    try:
        rewrite(DIST / "index.html", {f'"{HEAD_BUNDLE}"': f'"{name_file(DIST, HEAD_BUNDLE)}"'})
    except AddressingError as exc:
        raise BuildError(str(exc)) from exc


def preload_hints(names: dict[str, str]) -> str:
    """<link> elements that start, while the page is parsed, every download the boot
    would otherwise find one step at a time (core.js, its chunk, pyscript.toml, our
    loader, Pyodide's loader, then the wasm: six round trips, over 3 s on a phone's
    network). Each is asked for exactly as the boot will ask (module scripts as
    modules; fetch() with its default CORS mode), so the boot takes the preloaded
    response and nothing downloads twice (tests/e2e/test_preload.py). The small
    files of the chain come first, the large ones after."""
    pyscript = names[PYSCRIPT_DIR]
    runtime = names[RUNTIME_DIR]
    core_chunks = sorted(imports(DIST / pyscript / "core.js")[0])
    modules = [
        *(f"{pyscript}/{name}" for name in core_chunks),
        names[SNAPSHOT_LOADER],
        names["static/pyscript-without-eval.mjs"],
        f"{runtime}/pyodide.mjs",
    ]
    # Not src/web/main.py: PyScript asks for it only once Python has started, which on
    # a slow device comes long after the page's load event, and a preload unused by
    # then is warned about in the console. The engine archive is fetched by our loader
    # as soon as it runs.
    fetched = [
        names["pyscript.toml"],
        f"{runtime}/pyodide.asm.wasm",
        f"{runtime}/python_stdlib.zip",
    ]
    large_modules = [f"{runtime}/pyodide.asm.mjs"]
    for path in [*modules, *fetched, *large_modules]:
        if not (DIST / path).is_file():
            raise BuildError(f"preload hint for {path}, which is not in dist/")
    # The large files ask for a low priority: Chromium then holds them back until the
    # stylesheet and the head script, which the first paint waits for, have arrived
    # (on the mobile profile they shared the line with the wasm, and the first
    # contentful paint came 0.8 s later than without hints: docs/performance.md).
    low = ' fetchpriority="low"'
    links = [f'<link rel="modulepreload" href="{path}">' for path in modules]
    links += [
        f'<link rel="preload" href="{path}" as="fetch" crossorigin'
        f"{low if path.endswith(('.wasm', '.zip')) else ''}>"
        for path in fetched
    ]
    links += [f'<link rel="modulepreload" href="{path}"{low}>' for path in large_modules]
    return "\n  ".join(links)


PRECOMPRESS_CACHE = ROOT / "build" / "precompressed"

#: Brotli's best quality, a release's: the side files are the bytes a visitor downloads.
BEST_BROTLI = 11


def brotli_quality() -> int:
    """The quality of the brotli side files: 11 (its best, for a release) unless the
    environment's LUDEUM_BROTLI_QUALITY names another, 0 to 11.

    scripts/test.sh asks for a quicker one. At 11, brotli takes about 50 s of CPU for
    each of the two 31 MB snapshots and 30 s for Pyodide's wasm (docs/performance.md),
    paid by every fresh clone, where no cache by content can help; the tests check
    what is sent and that it decodes to the file, which no quality changes, not how
    small it is. The stamp of a build says its quality, so `--if-changed` (serve.sh)
    builds again at 11 after a test run, and `python3 scripts/build.py`, which makes
    releases, always builds."""
    said = os.environ.get("LUDEUM_BROTLI_QUALITY", "").strip()
    if not said:
        return BEST_BROTLI
    if not said.isdigit() or int(said) > BEST_BROTLI:
        raise BuildError(f"LUDEUM_BROTLI_QUALITY is {said!r}: brotli's qualities are 0 to 11")
    return int(said)


def hosting_rules():  # noqa: ANN201 (a module)
    """scripts/hosting.py, which says how a host serves dist/ (also when this file is
    loaded by path, as the tests do, with scripts/ not on sys.path)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import hosting
    finally:
        sys.path.pop(0)
    return hosting


def precompress_site() -> None:
    """Brotli and gzip side files (FILE.br, FILE.gz) beside every file of dist/ worth
    compressing (hosting.compressible), for servers that send them as they are
    (docs/deploying.md); made by scripts/precompress.mjs, which caches them by
    content in build/precompressed/. Files are found by walking dist/, whatever
    their names."""
    hosting = hosting_rules()
    started = time.monotonic()
    files = sorted(p for p in DIST.rglob("*") if p.is_file() and hosting.compressible(p))
    if not files:
        raise BuildError("no file of dist/ to precompress")
    quality = brotli_quality()
    log(
        f"$ node scripts/precompress.mjs build/precompressed "
        f"({len(files)} files, brotli quality {quality})"
    )
    try:
        out = subprocess.run(
            # Another site's build keeps dist/'s entries in the shared cache.
            [
                "node",
                "scripts/precompress.mjs",
                *([] if DIST == ROOT / "dist" else ["--keep"]),
                f"--quality={quality}",
                str(PRECOMPRESS_CACHE),
                *map(str, files),
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"precompress failed: {exc.stderr.strip()}") from exc
    sizes = [json.loads(line) for line in out.splitlines()]
    raw = sum(s["size"] for s in sizes)
    br = sum(s.get("br", s["size"]) for s in sizes)
    gz = sum(s.get("gz", s["size"]) for s in sizes)
    log(
        f"precompressed {len(sizes)} files of {raw:,} bytes: brotli {br:,}, gzip {gz:,}, "
        f"in {time.monotonic() - started:.1f} s"
    )


#: static/boot-progress.js (joined into HEAD_BUNDLE) learns here what a first visit
#: downloads before the game is ready: globs, because names change (content-addressed
#: folders and archives), relative to dist/.
FIRST_VISIT_MARKER = "/* build: first-visit sizes */ null"
FIRST_VISIT_FILES = (
    "pyscript.*.toml",
    "static/vendor/pyscript/*/core*.js",
    "static/vendor/pyodide/**/*",
    "src/ludeum*.zip",
)
#: Not needed before Python starts: the engine archive (static/python-snapshot.mjs
#: fetches it beside the runtime, and unpacks it once Python is up).
FIRST_VISIT_LATER = ("src/ludeum*.zip",)
#: Not downloads of a first visit: precompressed side files of the same content, the
#: lock file, which Pyodide is given inline rather than fetching, and the rest of the
#: standard library, fetched only if an import escaped the build's trace.
NOT_FETCHED = (".br", ".gz", ".zst", "pyodide-lock.json", "python_stdlib_rest.zip")
ENTRY_SCRIPT = re.compile(r'<script type="py" src="([^"]+)"')


def first_visit_sizes(site: Path) -> dict[str, object]:
    """The files a first visit downloads before the game is ready, by path under
    ``site``, with their sizes (the decoded bytes the page counts), which of them
    PyScript asks for only once Python is up, and the app's entry script (asked for
    last, when the interpreter is up)."""
    entry_tag = ENTRY_SCRIPT.search((site / "index.html").read_text(encoding="utf-8"))
    if entry_tag is None:
        raise BuildError('index.html has no <script type="py" src=...>')
    entry = entry_tag.group(1)

    def matching(patterns: tuple[str, ...]) -> list[str]:
        return sorted(
            {
                path.relative_to(site).as_posix()
                for pattern in patterns
                for path in site.glob(pattern)
                if path.is_file() and not path.name.endswith(NOT_FETCHED)
            }
        )

    # The entry script is not counted: a few kB, whose request says that Python is up.
    files = matching(FIRST_VISIT_FILES)
    if not (site / entry).is_file() or not any(name.endswith(".wasm") for name in files):
        raise BuildError(f"first visit: no {entry} or no Pyodide runtime in {site}")
    return {
        "files": {name: (site / name).stat().st_size for name in files},
        "later": matching(FIRST_VISIT_LATER),
        "entry": entry,
    }


def write_first_visit_sizes() -> None:
    """Run after every step that adds or renames a file a first visit downloads, and
    before the service worker's list is made from dist/ (it versions HEAD_BUNDLE by
    its content)."""
    head = DIST / HEAD_BUNDLE
    text = head.read_text(encoding="utf-8")
    if text.count(FIRST_VISIT_MARKER) != 1:
        raise BuildError(f"{HEAD_BUNDLE} must hold {FIRST_VISIT_MARKER!r} exactly once")
    sizes = first_visit_sizes(DIST)
    head.write_text(text.replace(FIRST_VISIT_MARKER, json.dumps(sizes, sort_keys=True)), "utf-8")
    total = sum(sizes["files"].values())
    log(f"first visit: {len(sizes['files'])} files, {total:,} bytes decoded")


def write_bundle() -> None:
    """dist/ as one zip with a single top folder, entries sorted, times and
    permissions fixed, so the same site always gives the same bytes (the Python
    snapshot's content alone differs from build to build: docs/deploying.md)."""
    BUNDLE.parent.mkdir(parents=True, exist_ok=True)
    partial = BUNDLE.with_name(BUNDLE.name + ".part")
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    moment = release_timestamp()
    with zipfile.ZipFile(partial, "w") as bundle:
        for name in files:
            entry = zipfile.ZipInfo(f"{BUNDLE_FOLDER}/{name}", moment)
            entry.create_system = 3  # Unix, so the permission bits below are read
            entry.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            # The side files are compressed already: deflate finds nothing more in
            # them. The rest at zlib's default level: measured on the snapshot (31 MB),
            # level 9 took 5.9 s for 1.2% fewer bytes than 6 in 2.4 s.
            packed = name.endswith((".br", ".gz"))
            entry.compress_type = zipfile.ZIP_STORED if packed else zipfile.ZIP_DEFLATED
            bundle.writestr(entry, (DIST / name).read_bytes(), compresslevel=None if packed else 6)
    # Replaced only when complete: a failed build never leaves a truncated zip.
    partial.replace(BUNDLE)
    digest = hashlib.sha256(BUNDLE.read_bytes()).hexdigest()
    # The format of sha256sum, so that `sha256sum -c ludeum-<version>.zip.sha256` checks it.
    checksum(BUNDLE).write_text(f"{digest}  {BUNDLE.name}\n", encoding="utf-8")
    size = BUNDLE.stat().st_size
    log(
        f"{BUNDLE.relative_to(ROOT)}: {len(files)} files in {BUNDLE_FOLDER}/, "
        f"{size:,} bytes ({size / 1e6:.1f} MB)"
    )


def checksum(bundle: Path) -> Path:
    return bundle.with_name(bundle.name + ".sha256")


VERSION_MARKER = "<!-- build: version -->"


def write_version() -> None:
    """The version in the page (the rules dialog's foot) and in dist/version.json,
    which a deployment check reads (scripts/check_site.py): the version, and the
    commit built when the build ran in a git checkout (never a time: the same
    commit gives the same file)."""
    rewrite(DIST / "index.html", {VERSION_MARKER: VERSION})
    commit = subprocess.run(
        # "-dirty" after it when the checkout had changes the commit does not hold.
        ["git", "describe", "--always", "--dirty", "--abbrev=12", "--exclude=*"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    about = {"name": "Ludeum", "version": VERSION}
    if commit.returncode == 0 and commit.stdout.strip():
        about["commit"] = commit.stdout.strip()
    (DIST / "version.json").write_text(json.dumps(about, sort_keys=True) + "\n", "utf-8")
    log(f"version {VERSION}" + (f" (commit {about['commit']})" if "commit" in about else ""))


#: What a build of dist/ is made from: every file under these paths (beside the site's
#: file and the choices below). The tests' harness asks the same question
#: (tests/e2e/harness.py, dist_problem), so a skipped build is never a stale one.
BUILD_INPUTS = ("index.html", "pyscript.toml", "package-lock.json", "src", "static", "scripts")
#: What scripts/ holds beside the build: tools that run on a built site or on their own.
#: Any other file there counts as an input (a new one is, until it is named here).
NOT_BUILD_INPUTS = frozenset(
    "scripts/" + name
    for name in (
        "Caddyfile", "serve.sh", "test.sh", "ensure-browsers.sh", "ensure-chromium.sh",
        "check_site.py", "screenshots.py", "compare_sounds_chromium.py", "render_sounds.py",
        "make_icons.py", "train_senet.py", "translations.py",
    )
)  # fmt: skip
#: The digest of the inputs dist/ was last built from, and of what dist/ then held.
BUILD_STAMP = ROOT / "build" / "dist.stamp"


def _digest_files(paths: list[Path], base: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.relative_to(base).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def inputs_digest(site_file: Path = SITE_FILE, snapshots: bool = True) -> str:
    """A digest of everything a build reads: the sources, the scripts, the npm lock,
    the site's file, and which snapshots this machine can make (a build made before
    Chromium or WebKitGTK was installed lacks one)."""
    files = []
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        else:
            files.extend(
                p
                for p in path.rglob("*")
                if p.is_file()
                and "__pycache__" not in p.parts
                and p.suffix != ".pyc"
                and p.relative_to(ROOT).as_posix() not in NOT_BUILD_INPUTS
            )
    makers = [snapshots and chromium() is not None, snapshots and webkit_programs() is not None]
    digest = hashlib.sha256(_digest_files(sorted(files), ROOT).encode())
    digest.update(site_file.read_bytes())
    digest.update(json.dumps(makers).encode())
    return digest.hexdigest()


def dist_digest(dist: Path) -> str:
    """What dist/ holds: its files' names and sizes (a test or a person who changed
    a file in place has it rebuilt)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        digest.update(f"{path.relative_to(dist).as_posix()} {path.stat().st_size}\n".encode())
    return digest.hexdigest()


def choice_lines(site_file: Path, snapshots: bool, quality: int) -> list[str]:
    """The choices of a build, the first lines of its stamp."""
    return [f"site {site_file}", f"snapshots {'yes' if snapshots else 'no'}", f"brotli {quality}"]


def stamp_lines(site_file: Path, snapshots: bool, quality: int) -> str:
    """The stamp of a whole build of dist/: its choices, its inputs, what it made."""
    return "".join(
        f"{line}\n"
        for line in [
            *choice_lines(site_file, snapshots, quality),
            f"inputs {inputs_digest(site_file, snapshots)}",
            f"dist {dist_digest(DIST)}",
        ]
    )


def stale_reason() -> str | None:
    """Why dist/ is not what a build from the sources as they are now would make, or
    None when it is: the stamp of its build, its inputs and its files all agree.
    Content, not file times, decides: a checkout that touched every file but changed
    none needs no build."""
    if not (DIST / "sw.js").is_file() or not (DIST / "index.html").is_file():
        return "dist/ is not built"
    if not BUILD_STAMP.is_file():
        return f"dist/ has no stamp of a whole build ({BUILD_STAMP.relative_to(ROOT)})"
    if not BUNDLE.is_file():
        return f"the release {BUNDLE.relative_to(ROOT)} is missing"
    said = dict(line.split(" ", 1) for line in BUILD_STAMP.read_text("utf-8").splitlines())
    site_file, snapshots = Path(said.get("site", "")), said.get("snapshots") == "yes"
    if not site_file.is_file():
        return f"its site's file {site_file} is gone"
    if not said.get("brotli", "").isdigit():
        return "its stamp says no brotli quality (a build before it did)"
    quality = int(said["brotli"])  # any quality tests alike: the choice is the stamp's
    now = stamp_lines(site_file, snapshots, quality)
    if said != dict(line.split(" ", 1) for line in now.splitlines()):
        if said.get("dist") != dist_digest(DIST):
            return "a file of dist/ changed since it was built"
        return "a source changed since dist/ was built"
    return None


def up_to_date(site_file: Path, snapshots: bool) -> bool:
    """dist/ was built with these choices from the sources as they are now."""
    if stale_reason() is not None:
        return False
    said = BUILD_STAMP.read_text(encoding="utf-8").splitlines()
    return said[:3] == choice_lines(site_file, snapshots, brotli_quality())


def summary(started: float, notes: list[str]) -> None:
    files = [p for p in DIST.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    for note in notes:
        log(f"note: {note} (unused feature)")
    log(
        f"dist/: {len(files)} files, {total:,} bytes ({total / 1e6:.1f} MB) "
        f"in {time.monotonic() - started:.1f} s"
    )


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Build the site into dist/.")
    parser.add_argument(
        "--site",
        type=Path,
        default=SITE_FILE,
        help="the site's file of choices (default: ludeum.toml beside index.html)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="build into this folder instead of dist/ (no deployable bundle is written then)",
    )
    parser.add_argument(
        "--no-snapshot",
        action="store_true",
        help="make no Python snapshot (every boot is plain; a quicker build)",
    )
    parser.add_argument(
        "--node-modules",
        action="store_true",
        help="only install node_modules if package-lock.json changed (`npm ci`), "
        "then stop (scripts/test.sh, before the tests that run node beside the build)",
    )
    parser.add_argument(
        "--if-changed",
        action="store_true",
        help="build only if the sources changed since the last build of dist/ "
        "(scripts/serve.sh and scripts/test.sh)",
    )
    args = parser.parse_args(argv)  # fmt: skip
    global DIST
    if args.out is not None:
        DIST = args.out.resolve()
    started = time.monotonic()
    if args.node_modules:
        try:
            ensure_node_modules()
        except BuildError as exc:
            print(f"build: error: {exc}", file=sys.stderr)
            return 1
        return 0
    site_file = args.site.resolve()
    try:
        brotli_quality()  # a bad LUDEUM_BROTLI_QUALITY stops the build before it starts
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    if args.if_changed and args.out is None and up_to_date(site_file, not args.no_snapshot):
        log(f"dist/ is up to date with its sources ({BUILD_STAMP.relative_to(ROOT)}): not rebuilt")
        return 0
    if args.out is None:
        BUILD_STAMP.unlink(missing_ok=True)  # written again only by a whole build
    laps: list[str] = []  # each part's time, said at the end (docs/performance.md)
    lap_started = time.monotonic()

    def lap(part: str) -> None:
        nonlocal lap_started
        now = time.monotonic()
        laps.append(f"{part} {now - lap_started:.1f} s")
        lap_started = now

    try:
        ensure_node_modules()
        lap("npm")
        if DIST.exists():
            shutil.rmtree(DIST)
        # A bundle left from an earlier build must not outlive a failed one.
        if args.out is None:
            BUNDLE.unlink(missing_ok=True)
            checksum(BUNDLE).unlink(missing_ok=True)
        copy_site(site_file)
        notes = vendor_pyscript()
        vendor_pyodide()
        defer_shared_memory_probe()
        trim_stdlib()
        bundle_storage_stand_in()
        vendor_qr_encoder()
        vendor_sanitizer()
        check_config()
        lap("site, engine and runtime")
        if not args.no_snapshot:
            make_snapshot()
            make_snapshot_without_jspi()
            lap("snapshots")
        write_version()
        address_files()
        write_first_visit_sizes()  # after every step that names a downloaded file
        name_head()
        generate_service_worker()
        lap("names and service worker")
        precompress_site()
        lap("side files")
        if args.out is None:
            write_bundle()
            BUILD_STAMP.write_text(
                stamp_lines(site_file, not args.no_snapshot, brotli_quality()), "utf-8"
            )
            lap("release")
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    log("time by part: " + ", ".join(laps))
    summary(started, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
