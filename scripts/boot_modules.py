#!/usr/bin/env python3
"""Print, as JSON, the modules the page's boot imports, for the Python memory snapshot.

    python3 -S scripts/boot_modules.py SRC_DIR

The snapshot (scripts/make-snapshot.mjs) is an interpreter that has already imported
what the page's boot imports, so that the boot finds them in ``sys.modules``. The
browser glue (``src/web``) cannot be imported there: it binds page objects (``pyscript``,
``js``) at import, and a snapshot must hold no JavaScript object. So this imports every
glue room on CPython with stand-ins for those modules, and lists what came with them:
the engine's modules and the standard library's, never the glue's own. The computer's
worker imports ``ludeum.ai.service``: it is listed too, so one snapshot serves both.

Names that exist on CPython 3.11 but not in the browser's Python are skipped there.
"""

from __future__ import annotations

# Only modules every CPython has imported at start-up come before the listing, so that
# what the boot imports (json, say) is never hidden by this script's own imports.
import importlib
import os
import sys
import types

PAGE_ONLY = ("pyscript", "js", "pyodide", "pyodide.ffi")
# What the computer's worker imports (static/computer-worker.mjs).
WORKER_IMPORTS = ("ludeum.ai.service",)


class _Anything:
    """Whatever the glue asks of the page at import time: calls and attributes."""

    def __getattr__(self, name: str) -> _Anything:
        return _Anything()

    def __call__(self, *args: object, **kwargs: object) -> _Anything:
        return _Anything()


class _PageModule(types.ModuleType):
    def __getattr__(self, name: str) -> _Anything:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything()


def boot_modules(src: str) -> list[str]:
    sys.path.insert(0, src)
    for name in PAGE_ONLY:
        sys.modules[name] = _PageModule(name)
    before = set(sys.modules)
    files = os.listdir(os.path.join(src, "web"))
    rooms = sorted(
        f[:-3] for f in files if f.endswith(".py") and f not in ("main.py", "__init__.py")
    )
    for room in rooms:
        importlib.import_module(f"web.{room}")
    importlib.import_module("ludeum.launch")  # main.py's own engine import
    for name in WORKER_IMPORTS:
        importlib.import_module(name)
    imported = set(sys.modules) - before
    glue = {"web", *PAGE_ONLY}
    return sorted(n for n in imported if n.split(".")[0] not in glue)


if __name__ == "__main__":
    listed = boot_modules(os.path.abspath(sys.argv[1]))
    import json

    print(json.dumps(listed))
