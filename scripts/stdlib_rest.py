"""The safe path for a standard-library module that the build's trace missed.

The site ships a trimmed ``python_stdlib.zip``: only the modules that
scripts/trace-stdlib.mjs saw imported. Everything else of Pyodide's standard library
is in ``python_stdlib_rest.zip`` beside it, never downloaded on an ordinary visit. If
a module of the rest is imported all the same (the trace missed it), this finder,
last on ``sys.meta_path``, fetches that zip once, imports the module from it, and
says in the console which module escaped the trace: the import works, a little late,
and the warning makes the end-to-end tests fail until the trace catches it.

scripts/build.py puts this file into the trimmed zip as ``_ludeum_stdlib_rest``, with
the names of the rest's modules appended (REST_MODULES); static/python-snapshot.mjs
calls ``install`` right after Pyodide starts, in the page and in the computer's
worker, with JavaScript's fetch of the zip and console warning. Only names that the
rest really holds are fetched for: the many optional imports the standard library
tries and expects to fail (``_winapi``, say) never cost a download.

Only modules that Pyodide's start-up has already imported may be used here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib.machinery import ModuleSpec, PathFinder

#: Dotted names of every module in python_stdlib_rest.zip; replaced by the build.
REST_MODULES: frozenset[str] = frozenset()
#: Names the rest's content (a hash), so a cache never serves another build's rest.
REST_VERSION = ""
#: What the console warning starts with: tests/e2e/harness.py fails on it.
ESCAPED = "Ludeum: a standard-library module escaped the build's trace:"


class StdlibRest:
    """Finds the rest's modules in its zip, fetched on first need with ``fetch``
    (given REST_VERSION, it writes the zip into the file system and returns its path)."""

    def __init__(self, fetch: Callable[[str], str], warn: Callable[[str], object]) -> None:
        self._fetch = fetch
        self._warn = warn
        self._archive: str | None = None

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> ModuleSpec | None:
        if fullname not in REST_MODULES:
            return None
        if self._archive is None:
            try:
                self._archive = str(self._fetch(REST_VERSION))
            except Exception as error:
                # Said, then the import fails as any missing module would.
                self._warn(f"{ESCAPED} {fullname}, and the rest could not be fetched: {error}")
                raise ModuleNotFoundError(
                    f"{fullname} is not in the trimmed standard library and its rest "
                    f"could not be fetched: {error}",
                    name=fullname,
                ) from error
        parent = fullname.rpartition(".")[0]
        # Never put on sys.path nor into a package's __path__: every later escape
        # comes through here too, and is named.
        location = self._archive + ("/" + parent.replace(".", "/") if parent else "")
        spec = PathFinder.find_spec(fullname, [location])
        if spec is not None:
            self._warn(f"{ESCAPED} {fullname} (loaded from python_stdlib_rest.zip)")
        return spec


def install(fetch: Callable[[str], str], warn: Callable[[str], object]) -> None:
    """Put the finder last on sys.meta_path, once."""
    if not any(isinstance(finder, StdlibRest) for finder in sys.meta_path):
        sys.meta_path.append(StdlibRest(fetch, warn))
