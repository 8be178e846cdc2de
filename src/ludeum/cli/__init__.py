"""The command line for researchers and teachers: ``python -m ludeum``.

The same engine as the app, on CPython, with no browser code: ``play`` a game in a
terminal, ``simulate`` many games between computer levels, ``show`` a saved game as
text or SVG. One module per command (``play``, ``simulate``, ``show``), boards as
text in ``board_text``. ``main`` takes its arguments and streams as parameters, so
the tests run it in-process.

Exit codes: 0 done; 2 a usage error (argparse's own convention); 1 an input that
cannot be read, said in one line on standard error, never with a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any

from .. import __version__
from ..i18n import LANGUAGES, _, language, set_language

PROG = "python -m ludeum"


class Streams:
    """Where a command reads and writes: the process's streams, or a test's."""

    def __init__(self, stdin: Any, stdout: Any, stderr: Any, command: str = "") -> None:
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        self.command = command

    def out(self, text: str) -> None:
        self.stdout.write(text + "\n")

    def err(self, text: str) -> None:
        self.stderr.write(text + "\n")
        self.stderr.flush()

    def progress(self, text: str, last: bool) -> None:
        """How far a long run has got: rewritten in place on a terminal, one line each
        time in a log file or a pipe."""
        if _typed(self.stderr):
            self.stderr.write("\r" + text + ("\n" if last else ""))
            self.stderr.flush()
        else:
            self.err(text)

    def ask(self, prompt: str) -> str | None:
        """A line typed after ``prompt``; None at the end of the input."""
        if self.stdin is sys.stdin and self.stdout is sys.stdout and _typed(self.stdin):
            return _typed_line(prompt)
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")  # the prompt's line, ended for the shell's sake
            return None
        answer = line.rstrip("\r\n")
        if not _typed(self.stdin):
            # Read from a file or a pipe: write the answer where a terminal would have
            # echoed it, so that the transcript reads like a game played by hand.
            self.stdout.write(answer + "\n")
        return answer

    def fail(self, message: str) -> int:
        """An input that cannot be used: one line, exit code 1."""
        self.err(f"{PROG} {self.command}: {' '.join(message.split())}")
        return 1

    def usage(self, message: str) -> int:
        """A usage error found after parsing: one line, exit code 2."""
        self.err(f"{PROG} {self.command}: error: {' '.join(message.split())}")
        return 2


class HelpFormatter(argparse.HelpFormatter):
    """Wraps descriptions to the terminal as usual, but keeps texts written on several
    lines (the examples) as they are."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def _typed(stream: Any) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _typed_line(prompt: str) -> str | None:
    """A line from a person at a terminal, with line editing where Python has it."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (imported, it gives input() editing and history)
    try:
        return input(prompt)
    except EOFError:
        sys.stdout.write("\n")
        return None


def parser() -> argparse.ArgumentParser:
    from . import analyse, play, show, simulate

    top = argparse.ArgumentParser(
        prog=PROG,
        description=_(
            "Ludeum's games on the command line: play in a terminal, simulate games "
            "between computer levels, show a saved game, analyse one."
        ),
        epilog=_("Run {prog} COMMAND --help for a command's options and examples.", prog=PROG),
    )
    top.add_argument("--lang", choices=tuple(LANGUAGES), default="en",
                     help=_("language of the messages (default: en)"))  # fmt: skip
    top.add_argument("--version", action="version", version=f"ludeum {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    play.add_parser(commands)
    simulate.add_parser(commands)
    show.add_parser(commands)
    analyse.add_parser(commands)
    # A command with an alias (analyse, analyze) is listed twice: one --lang each.
    for command in {id(c): c for c in commands.choices.values()}.values():
        # Accepted after the command too: ``show game.json --lang fr``.
        command.add_argument("--lang", choices=tuple(LANGUAGES), default=argparse.SUPPRESS,
                             help=_("language of the messages (default: en)"))  # fmt: skip
    return top


def _language(argv: list[str]) -> str:
    """The ``--lang`` asked for, read before the parser is built so that its help is
    in that language too; the full parser checks the value again."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default="en")
    known, _rest = early.parse_known_args(argv)
    return known.lang if known.lang in LANGUAGES else "en"


def main(argv: list[str] | None = None, stdin: Any = None, stdout: Any = None,
         stderr: Any = None) -> int:  # fmt: skip
    argv = list(sys.argv[1:] if argv is None else argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    before = language()
    set_language(_language(argv))
    try:
        return _run(argv, Streams(stdin, stdout, stderr))
    finally:
        with contextlib.suppress(BrokenPipeError):  # the reader has gone: see __main__
            stdout.flush()
        set_language(before)  # in-process callers (tests) get their language back


def _run(argv: list[str], streams: Streams) -> int:
    from .choices import ChoiceError

    try:
        # argparse writes help and errors to sys.stdout/sys.stderr and exits.
        with contextlib.redirect_stdout(streams.stdout), contextlib.redirect_stderr(streams.stderr):
            args = parser().parse_args(argv)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 2
    streams.command = args.command
    try:
        return args.run(args, streams)
    except ChoiceError as error:
        return streams.usage(str(error))
    except KeyboardInterrupt:
        streams.err("")
        return 130
