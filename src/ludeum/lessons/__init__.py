"""Lessons: each game taught one idea at a time, on the board, checked by the engine.

A lesson is data (``Lesson``, a tuple of ``Step``): a position in the game's own
notation, one or two sentences, a task, the moves that pass, and why some other moves
are wrong. Nothing here knows a game's rules: the engine says what is legal, the
game's ``ui`` module taps and draws, and ``ludeum.lessons.refusals`` names the rule
that refuses an illegal move. tests/unit/test_lesson_steps.py checks every step
against the engine (the position is legal, the passing moves are legal, each wrong
move's explanation matches what the rules do with it), so adding a lesson is adding
data and text, not code.

A step is one of:

* ``"move"``: the learner plays one move from ``position``; a move in ``passes``
  (``"*"``: any legal move) moves the lesson on; another legal move is shown, then
  undone, with its sentence from ``wrong`` (or ``otherwise``); an illegal one is
  refused with the rule's sentence (``refusals``).
* ``"throw"``: Senet only, the learner throws the sticks from ``position``; any
  throw passes and is explained.
* ``"play"``: the last step, a game against the computer at Easy.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from ..i18n import _, _n

#: The lessons, in the order they are offered: one per game, named by the game.
LESSON_IDS = ("senet", "squadro", "lodestone")
KINDS = ("move", "throw", "play")
#: The computer's level in a lesson's last step.
PLAY_LEVEL = "easy"


@dataclass(frozen=True)
class Step:
    """One idea. ``text`` and ``task`` are message ids (``N_``); ``position`` is the
    game's position notation (``ludeum.<game>.notation``)."""

    title: str
    text: str
    task: str
    kind: str = "move"
    position: str = ""
    #: Move notations that pass; ``("*",)``: any legal move.
    passes: tuple[str, ...] = ()
    #: (legal move, why it is not the answer): shown played, then undone.
    wrong: tuple[tuple[str, str], ...] = ()
    #: (illegal move, the rule's key in ``refusals``) that the step invites; the tests
    #: check that the engine refuses each and that ``refusals`` names that rule.
    refused: tuple[tuple[str, str], ...] = ()
    #: Why any other legal move is not the answer.
    otherwise: str = ""
    #: Said when the step is passed.
    done: str = ""
    #: Senet: the chosen position of the readings compared (``ludeum.senet.compare``)
    #: where scholars read this step's rule differently, offered beside the step.
    compare: str = ""


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: str
    summary: str
    steps: tuple[Step, ...]
    #: Options of the game's ``ui.start`` (Senet's reading) for the positions and the
    #: last step's game.
    options: tuple[tuple[str, Any], ...] = ()


def lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id`` (KeyError for an unknown one)."""
    if lesson_id not in LESSON_IDS:
        raise KeyError(f"unknown lesson {lesson_id!r}")
    return import_module(f"{__name__}.{lesson_id}").LESSON


def for_game(game: str) -> Lesson:
    return next(lesson(i) for i in LESSON_IDS if lesson(i).game == game)


def start_position(item: Lesson, step: Step):
    """The state a step starts from (ValueError if its notation is not a position
    the rules can hold)."""
    game = item.game
    if game == "senet":
        from ..senet.notation import parse_position

        return parse_position(dict(item.options)["rules"], step.position)
    if game == "squadro":
        from ..squadro.notation import parse_position

        return parse_position(step.position)
    from ..lodestone.notation import parse_position
    from ..lodestone.rules import STANDARD

    return parse_position(STANDARD, step.position)


def action_named(game: str, notation: str):
    """A move from its notation, in the game's own notation (ValueError if none)."""
    if game == "senet":
        from ..senet.notation import parse_action
    elif game == "squadro":
        from ..squadro.state import Move

        return Move.parse(notation)
    else:
        from ..lodestone.notation import parse_action
    return parse_action(notation)


def notation_of(action) -> str:
    if hasattr(action, "notation"):
        return action.notation()
    raise ValueError(f"not a move: {action!r}")


@dataclass(frozen=True)
class Verdict:
    """What the lesson says of an attempt: ``passed`` or not, in words; ``after`` is
    the position the move led to (shown even when wrong, then undone), None when
    the rules refuse the move."""

    passed: bool
    text: str
    after: Any = None


def judge(step: Step, state, action) -> Verdict:
    """The verdict on a legal ``action`` played in the step's position ``state``."""
    after = state.apply(action)
    notation = notation_of(action)
    if "*" in step.passes or notation in step.passes:
        return Verdict(True, _(step.done) if step.done else _("Well done."), after)
    why = dict(step.wrong).get(notation) or step.otherwise
    if not why:
        return Verdict(False, _("That move is allowed, but it is not what this step asks for."),
                       after)  # fmt: skip
    return Verdict(False, _(why), after)


def hint_move(item: Lesson, step: Step, state):
    """The move a hint shows: the first passing move (any legal one for ``"*"``)."""
    legal = list(state.legal_moves())
    for notation in step.passes:
        if notation == "*":
            return legal[0] if legal else None
        action = action_named(item.game, notation)
        if action in legal:
            return action
    return None


# -- progress, kept in the browser as JSON ---------------------------------------------

#: The steps passed in each lesson, counted from 0: ``{"senet": frozenset({0, 2})}``.
#: A set, not a count: a step opened by a link (``?lesson=senet&step=4``) and passed
#: says nothing of the steps before it (issue 37).
Progress = dict[str, frozenset[int]]


def read_progress(text: str | None) -> Progress:
    """The steps passed per lesson, from the stored JSON: ``{"senet": [0, 1, 2]}``, or
    the count stored before issue 37 (``{"senet": 3}``: the first three steps). Anything
    odd is ignored (a tampered or old value never stops a lesson from opening)."""
    import json

    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    found = {}
    for lesson_id, passed in data.items():
        if lesson_id not in LESSON_IDS:
            continue
        count = len(lesson(lesson_id).steps)
        if type(passed) is int:
            found[lesson_id] = frozenset(range(max(0, min(passed, count))))
        elif type(passed) is list:
            found[lesson_id] = frozenset(n for n in passed if type(n) is int and 0 <= n < count)
    return found


def write_progress(progress: Progress) -> str:
    import json

    return json.dumps({k: sorted(v) for k, v in progress.items() if k in LESSON_IDS},
                      separators=(",", ":"), sort_keys=True)  # fmt: skip


def progress_after(progress: Progress, lesson_id: str, step: int) -> Progress:
    """Progress with step ``step`` (from 0) of a lesson passed, as well as those before."""
    return {**progress, lesson_id: progress.get(lesson_id, frozenset()) | {step}}


# -- what the lesson screen draws -----------------------------------------------------


def steps_html(item: Lesson, index: int, passed: frozenset[int]) -> str:
    """The lesson's steps as a list of buttons: each says its number and title, the
    one on screen is marked ``aria-current``, those ``passed`` are ticked."""
    from html import escape

    rows = []
    for number, step in enumerate(item.steps):
        done = number in passed
        state = _("done") if done else ""
        current = ' aria-current="step"' if number == index else ""
        classes = " ".join(c for c in ("lesson-step", "done" if done else "") if c)
        label = _("Step {number}: {title}", number=number + 1, title=_(step.title))
        if state:
            label = _("{label} ({state})", label=label, state=state)
        rows.append(
            f'<li><button type="button" class="{classes}" data-step="{number}"{current} '
            f'aria-label="{escape(label)}"><span aria-hidden="true">{number + 1}</span>'
            "</button></li>"
        )
    return "".join(rows)


def play_picture(item: Lesson) -> str:
    """The last step's picture: the game's start position, as the game will begin."""
    from ..games import ui
    from ..records.thumbnail import position_picture

    game = ui(item.game)
    label = _("{game} at the start of a game", game=game.title())
    state = game.start(dict(item.options), 0)
    return position_picture(state, ident="lesson-play", board_only=True, label=label)


def resume_step(item: Lesson, passed: frozenset[int]) -> int:
    """Where a learner who passed the steps ``passed`` comes back in: the first step
    not passed, or the start of a lesson already finished."""
    left = [n for n in range(len(item.steps)) if n not in passed]
    return left[0] if passed and left else 0


def learn_label(item: Lesson, passed: int) -> str:
    """The words of a welcome card's lesson button, with the learner's progress."""
    count = len(item.steps)
    if passed >= count:
        return _("Learn to play again (lesson done)")
    if passed > 0:
        return _n(
            "Continue the lesson ({passed} of {count} step)",
            "Continue the lesson ({passed} of {count} steps)",
            count,
            passed=passed,
        )
    return _("Learn to play")


def learn_short(item: Lesson, passed: int) -> str:
    """The same button's words in a small frame's compact welcome (``learn_label``'s
    full words stay the button's name for screen readers)."""
    count = len(item.steps)
    if passed >= count:
        return _("Lesson done")
    if passed > 0:
        return _("Lesson {passed}/{count}", passed=passed, count=count)
    return _("Learn")
