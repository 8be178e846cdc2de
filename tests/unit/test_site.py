"""The site's wiring: pyscript.toml ships every Python module the app imports, at
the path Python will import it from; the interpreter is the self-hosted Pyodide;
the engine never touches the browser; and the page loads nothing from another
host (every URL in index.html is relative, so the site works under any sub-path)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
ENGINE = SRC / "ludeum"
APP = SRC / "web" / "main.py"
BROWSER_MODULES = {"js", "pyscript", "pyodide"}


def config() -> dict:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def engine_modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


# -- which modules the app imports ----------------------------------------------------------------


def module_file(dotted: str) -> Path | None:
    """The file under src/ that defines a module, or None (stdlib, browser, other)."""
    base = SRC.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def package_of(path: Path) -> str:
    # The package a file's relative imports start from: its folder, for an
    # __init__.py as for any other module.
    return ".".join(path.relative_to(SRC).with_suffix("").parts[:-1])


def imported_modules(path: Path) -> set[str]:
    """Dotted names of every module a file imports (and their parent packages)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = package_of(path).split(".")
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([node.module] if node.module else []))
            else:
                base = node.module
            names.add(base)
            # ``from package import module`` imports the submodule too.
            names.update(f"{base}.{alias.name}" for alias in node.names)
    with_parents = set()
    for name in names:
        parts = name.split(".")
        with_parents.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return with_parents


def app_closure() -> set[Path]:
    """Every file under src/ that loading src/web/main.py imports, directly or not."""
    seen: set[Path] = set()
    todo = [APP]
    while todo:
        path = todo.pop()
        for name in imported_modules(path):
            found = module_file(name)
            if found and found not in seen:
                seen.add(found)
                todo.append(found)
    return seen


def source_key(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_app_imports_the_engine_modules_it_uses():
    closure = {source_key(p) for p in app_closure()}
    # A sanity check of the import walk itself: main imports these, directly or not.
    assert {
        "src/ludeum/__init__.py",
        "src/ludeum/saves.py",
        "src/ludeum/senet/__init__.py",
        "src/ludeum/games.py",
        "src/ludeum/senet/moves.py",
        "src/ludeum/history.py",
        "src/web/screen.py",
        "src/web/storage.py",
    } <= closure
    assert "src/web/main.py" not in closure


def test_the_loader_unpacks_the_engine_archive_where_python_imports_it():
    # The build packs src/ludeum into src/ludeum.zip (tests/e2e/test_bundle.py checks
    # its content). Our loader, not PyScript's [files], fetches it, as soon as the
    # page runs the loader, and unpacks it into the interpreter's working directory.
    assert "files" not in config()
    loader = (ROOT / "static" / "python-snapshot.mjs").read_text(encoding="utf-8")
    assert loader.count("new URL('../src/ludeum.zip', import.meta.url)") == 1
    assert "const HOME = '/home/pyodide';" in loader
    assert "unpackArchive(archive, 'zip', { extractDir: HOME })" in loader


def test_the_interpreter_is_the_self_hosted_pyodide():
    # PyScript loads our snapshot loader, which loads the vendored Pyodide beside it.
    interpreter = config()["interpreter"]
    assert interpreter == "static/python-snapshot.mjs"
    assert "://" not in interpreter and not interpreter.startswith("/")
    loader = (ROOT / interpreter).read_text(encoding="utf-8")
    imported = re.findall(r"""^import .* from '([^']+)';""", loader, re.MULTILINE)
    # ... and the one module of ours that lets PyScript start under the policy.
    assert imported == ["./vendor/pyodide/pyodide.mjs", "./pyscript-without-eval.mjs"]
    # scripts/build.py vendors that very file into dist/static/vendor/pyodide/.
    build = ast.parse((ROOT / "scripts" / "build.py").read_text(encoding="utf-8"))
    vendored = next(
        ast.literal_eval(node.value)
        for node in build.body
        if isinstance(node, ast.Assign)
        and any(getattr(t, "id", None) == "PYODIDE_FILES" for t in node.targets)
    )
    assert "pyodide.mjs" in vendored


def test_the_config_asks_for_no_packages_from_the_network():
    # The vendored Pyodide is stdlib-only: packages would be fetched from a CDN.
    assert not {"packages", "js_modules"} & set(config())


# -- the engine stays out of the browser -----------------------------------------------------------


def top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call):  # __import__("js"), importlib.import_module("js")
            callee = ast.unparse(node.func)
            if callee in ("__import__", "importlib.import_module") and node.args:
                if isinstance(node.args[0], ast.Constant):
                    names.add(str(node.args[0].value).split(".")[0])
    return names


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.relative_to(SRC).as_posix())
def test_engine_module_imports_nothing_from_the_browser(path):
    assert top_level_imports(path) & BROWSER_MODULES == set()


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.relative_to(SRC).as_posix())
def test_engine_module_imports_only_the_standard_library_and_itself(path):
    outside = top_level_imports(path) - set(sys.stdlib_module_names) - {"__future__", "ludeum"}
    assert outside == set()


def test_the_browser_check_sees_browser_imports():
    # The glue does import the browser: the same check must see it there.
    assert top_level_imports(SRC / "web" / "page.py") & BROWSER_MODULES == {"pyscript", "pyodide"}


def test_the_engine_imports_cleanly_on_cpython_with_warnings_as_errors(tmp_path):
    modules = sorted(
        package_of(p) if p.name == "__init__.py" else f"{package_of(p)}.{p.stem}"
        for p in engine_modules()
    )
    assert "ludeum.senet.svg" in modules and "ludeum.saves" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"browser = {sorted(BROWSER_MODULES)!r}\n"
        "assert not set(browser) & set(sys.modules), sorted(set(browser) & set(sys.modules))\n"
        "print(len(sys.modules) > 0)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [sys.executable, "-W", "error", "-X", "dev", "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and result.stdout == "True\n"
    assert sys.version_info >= (3, 11)


# -- the page ------------------------------------------------------------------------------------


class References(HTMLParser):
    """Every URL-valued attribute of the page, with the tag that holds it."""

    URL_ATTRIBUTES = {"src", "href", "config", "action", "poster", "data", "manifest"}

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in self.URL_ATTRIBUTES and value is not None:
                self.found.append((tag, name, value))

    handle_startendtag = handle_starttag


def page_references() -> list[tuple[str, str, str]]:
    parser = References()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.found


def test_the_page_references_only_relative_urls():
    references = page_references()
    assert len(references) >= 6
    absolute = [
        value
        for _tag, _name, value in references
        if value.lower().startswith(("http", "/", "\\"))
        or "://" in value
        or value.lower().startswith(("data:", "javascript:"))
    ]
    assert absolute == []


def test_the_page_references_files_that_exist_or_the_build_vendors():
    for _tag, _name, value in page_references():
        path = value.split("#")[0].split("?")[0]
        if path.startswith("static/vendor/"):
            continue  # copied from node_modules by scripts/build.py
        if path == "./":
            path = "index.html"  # the page itself: the header's link to all games
        assert (ROOT / path).is_file(), f"index.html references missing {value}"


def test_the_page_runs_the_app_with_the_checked_config():
    scripts = [(tag, name, value) for tag, name, value in page_references() if tag == "script"]
    assert ("script", "src", "src/web/main.py") in scripts
    assert ("script", "config", "pyscript.toml") in scripts
    assert ("script", "src", "static/vendor/pyscript/core.js") in scripts


UI_FUNCTIONS = (
    "title", "start", "board_svg", "side_svg", "status", "log_entry", "game_log",
    "ruleset_name", "reading_name", "can_throw", "throw", "pass_move", "last_move", "tap",
    "rules_page", "seat_to_play", "piece_name", "side_label", "describe_move", "announce",
)  # fmt: skip


def test_every_game_offers_the_whole_ui_surface_the_glue_calls():
    from ludeum.games import GAMES, ui

    for game in GAMES:
        module = ui(game)
        assert module.GAME == game
        missing = [name for name in UI_FUNCTIONS if not callable(getattr(module, name, None))]
        assert missing == [], f"{game}: {missing}"
