"""``python -m ludeum``: the command line (``ludeum.cli``)."""

import os
import sys

from .cli import main


def run() -> int:
    # Boards and move lists use a few characters beyond ASCII (→, é): a terminal that
    # cannot show them gets a replacement character, not an error.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Output piped into a reader that stopped early (``| head``): end quietly, and
        # keep Python from failing again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    return code


# Only when run: importing every engine module (tests/unit/test_site.py) starts nothing.
if __name__ == "__main__":
    sys.exit(run())
