"""Every lesson step checked against the engine (issue 27, item 2): the position is
one the rules can hold, the moves that pass are legal, the wrong moves it explains are
legal but not passing, and the moves it says the rules refuse are refused by the
engine for the rule that ``ludeum.lessons.refusals`` names."""

from __future__ import annotations

import pytest

from ludeum import lessons
from ludeum.games import ui
from ludeum.lessons import KINDS, LESSON_IDS, action_named, judge, lesson, start_position
from ludeum.lessons.refusals import TEXTS, refusal

STEPS = [
    pytest.param(lesson(i), n, step, id=f"{i}-{n + 1}")
    for i in LESSON_IDS
    for n, step in enumerate(lesson(i).steps)
]


def test_one_lesson_per_game_ending_with_a_game():
    assert {lesson(i).game for i in LESSON_IDS} == {"senet", "squadro", "lodestone"}
    for i in LESSON_IDS:
        steps = lesson(i).steps
        assert 6 <= len(steps) <= 10, "a newcomer finishes a lesson in a few minutes"
        assert steps[-1].kind == "play" and all(s.kind != "play" for s in steps[:-1])


@pytest.mark.parametrize(("item", "number", "step"), STEPS)
def test_step_is_checked_by_the_engine(item, number, step):
    assert step.kind in KINDS
    assert step.title and step.text and step.task
    if step.kind == "play":
        assert not step.position and not step.passes
        return
    state = start_position(item, step)  # ValueError: not a position the rules can hold
    assert state.outcome() is None
    if step.kind == "throw":
        assert state.chance_outcomes(), "a throw step waits for a throw"
        assert not step.passes
        return
    legal = list(state.legal_moves())
    assert legal, "a move step has a move to make"
    assert step.passes
    if step.passes != ("*",):
        for notation in step.passes:
            assert action_named(item.game, notation) in legal, notation
        assert step.otherwise or len(step.passes) == len(legal) or step.wrong
    for notation, why in step.wrong:
        action = action_named(item.game, notation)
        assert action in legal and notation not in step.passes, notation
        assert why
    for notation, key in step.refused:
        action = action_named(item.game, notation)
        assert action not in legal, f"{notation} is legal: the rules do not refuse it"
        src, dst = notation.split("-")
        found = refusal(state, src, dst)
        assert found is not None and found.key == key, (notation, found)
        assert key in TEXTS


@pytest.mark.parametrize(("item", "number", "step"), STEPS)
def test_every_passing_move_passes_and_the_rest_do_not(item, number, step):
    if step.kind != "move":
        return
    state = start_position(item, step)
    for action in state.legal_moves():
        verdict = judge(step, state, action)
        assert verdict.after is not None
        assert verdict.passed == ("*" in step.passes or action.notation() in step.passes)
        assert verdict.text


def test_a_hint_is_a_passing_move():
    for i in LESSON_IDS:
        item = lesson(i)
        for step in item.steps:
            if step.kind == "move":
                state = start_position(item, step)
                move = lessons.hint_move(item, step, state)
                assert judge(step, state, move).passed


def test_every_step_can_be_drawn_and_tapped():
    """The board a step shows is the game's own, with its pieces tappable."""
    for i in LESSON_IDS:
        item = lesson(i)
        for step in item.steps:
            if step.position:
                state = start_position(item, step)
                assert "data-square" in ui(item.game).board_svg(state)


def test_senet_bump_swaps_and_water_sweeps_back():
    """The step texts' claims: the bumped piece goes to the attacker's square (rule
    2.5), a piece in the water goes to the first empty square, here 1 (rule 2.6)."""
    item = lesson("senet")
    bump = next(s for s in item.steps if s.passes == ("8-11",))
    after = start_position(item, bump).apply(action_named("senet", "8-11"))
    assert after.board[8] != 0 and after.board[8] != after.board[11]
    water = next(s for s in item.steps if s.wrong and s.wrong[0][0] == "23-27")
    after = start_position(item, water).apply(action_named("senet", "23-27"))
    assert ("water", 1) in after.effects


def test_squadro_jumped_pieces_go_back_where_the_text_says():
    """Rule 5.3: an outbound piece jumped goes to its start, a returning one to its
    turnaround space."""
    item = lesson("squadro")
    out, back = (s for s in item.steps if s.position in ("00100/03000 H", "00100/09000 H"))
    assert start_position(item, out).apply(action_named("squadro", "3")).progress[1][2] == 0
    assert start_position(item, back).apply(action_named("squadro", "3")).progress[1][2] == 6


def test_lodestone_check_step_passes_exactly_the_moves_that_leave_the_king_safe():
    item = lesson("lodestone")
    step = next(s for s in item.steps if s.title == "Check")
    state = start_position(item, step)
    assert state.checks(), "the step starts in check"
    safe = set()
    for move in state.legal_moves():
        after = state.apply(move)
        if not any(after.board[king] == 2 for king, _attacker in after.checks()):
            safe.add(move.notation())
    assert safe == set(step.passes)


def test_winning_steps_win():
    for i, notation in (("squadro", "4"), ("lodestone", "g5-e5")):
        item = lesson(i)
        step = next(s for s in item.steps if notation in s.passes)
        after = start_position(item, step).apply(action_named(i, notation))
        assert after.outcome() is not None and after.outcome().winner == 0


def test_progress_is_read_back_and_never_trusted():
    from ludeum.lessons import progress_after, read_progress, write_progress

    stored = write_progress(progress_after({}, "senet", 3))
    assert stored == '{"senet":[3]}'
    assert read_progress(stored) == {"senet": {3}}  # step 4 only, not the three before
    again = progress_after(progress_after(read_progress(stored), "senet", 0), "senet", 3)
    assert again == {"senet": {0, 3}}
    for junk in (None, "", "[", "[1]", '{"senet": "3"}', '{"chess": 2}', '{"senet": null}'):
        assert read_progress(junk) == {}
    assert read_progress('{"senet": [2, 2, "4", 5.0, -1, 999, true], "squadro": []}') == {
        "senet": {2},
        "squadro": set(),
    }


def test_the_count_kept_before_issue_37_reads_as_the_first_steps():
    """A browser that kept ``{"senet": 3}`` (a count) still opens its lessons: the
    first three steps passed, clamped to the lesson; written back as a set."""
    from ludeum.lessons import progress_after, read_progress, write_progress

    old = read_progress('{"senet": 3, "squadro": 999, "lodestone": -4}')
    assert old == {"senet": {0, 1, 2}, "squadro": set(range(len(lesson("squadro").steps))),
                   "lodestone": set()}  # fmt: skip
    assert write_progress(progress_after(old, "senet", 5))[:22] == '{"lodestone":[],"senet'
    assert read_progress(write_progress(progress_after(old, "senet", 5)))["senet"] == {0, 1, 2, 5}


def test_a_learner_comes_back_where_they_left_and_the_card_says_so():
    from ludeum.lessons import learn_label, resume_step

    item = lesson("squadro")
    count = len(item.steps)
    every = frozenset(range(count))
    assert resume_step(item, frozenset()) == 0
    assert resume_step(item, frozenset({0, 1, 2})) == 3
    assert resume_step(item, frozenset({2})) == 0  # a step passed from a link
    assert resume_step(item, frozenset({0, 2})) == 1
    assert resume_step(item, every) == 0
    assert learn_label(item, 0) == "Learn to play"
    assert learn_label(item, 3) == f"Continue the lesson (3 of {count} steps)"
    assert "done" in learn_label(item, count)


def test_the_step_list_ticks_only_the_steps_passed():
    import re

    from ludeum.lessons import steps_html

    html = steps_html(lesson("lodestone"), 2, frozenset({2}))
    done = re.findall(r'class="lesson-step done" data-step="(\d+)"', html)
    assert done == ["2"]
    assert html.count("(done)") == 1


def test_the_lesson_button_has_short_words_for_a_small_frame():
    """A small frame's compact welcome shows "Lesson 3/9" (static/app.css), the full
    words staying the button's name; in French too."""
    from ludeum.i18n import set_language
    from ludeum.lessons import learn_short
    from ludeum.welcome import learn_html

    item = lesson("senet")
    count = len(item.steps)
    shown = [learn_short(item, n) for n in (0, 3, count)]
    assert shown == ["Learn", f"Lesson 3/{count}", "Lesson done"]
    html = learn_html("senet", 3)
    assert f'<span class="welcome-words">Continue the lesson (3 of {count} steps)</span>' in html
    assert f'<span class="welcome-short" aria-hidden="true">Lesson 3/{count}</span>' in html
    set_language("fr")
    try:
        assert learn_short(item, 3) == f"Leçon 3/{count}"
        assert learn_short(item, 0) == "Apprendre"
    finally:
        set_language("en")


def test_steps_offer_the_readings_compared_on_their_dispute():
    from ludeum.senet.compare import EXAMPLE_IDS

    offered = [s.compare for i in LESSON_IDS for s in lesson(i).steps if s.compare]
    assert offered and set(offered) <= set(EXAMPLE_IDS)
    assert all(not s.compare for i in ("squadro", "lodestone") for s in lesson(i).steps)
