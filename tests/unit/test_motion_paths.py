"""Motion (``ludeum.motion`` and each game's ``motion``): over seeded random games of
every game and every Senet reading, each travelling piece starts where it stood and
ends where the state after the action has it, square by square along the track, the
lane or the path the rules allow; the drawing's points are where the SVG draws the
pieces; the timing stays within its bounds."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise

import pytest

from ludeum import motion as shared
from ludeum.chance import random_choice, sample
from ludeum.lodestone import motion as lodestone_motion
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone import svg as lodestone_svg
from ludeum.lodestone.state import EMPTY, KingFile, colour_of
from ludeum.lodestone.state import Move as LodestoneMove
from ludeum.motion import ACTION_MAX_MS, STAGE_MAX_MS, STAGE_MIN_MS, Step, plan_for, schedule
from ludeum.protocol import CHANCE
from ludeum.senet import PRESETS
from ludeum.senet import motion as senet_motion
from ludeum.senet import new_game as new_senet
from ludeum.senet import svg as senet_svg
from ludeum.senet.moves import bits
from ludeum.senet.state import BLACK, PASS, WHITE, Move
from ludeum.senet.track import WATER
from ludeum.squadro import HOME, H, V
from ludeum.squadro import motion as squadro_motion
from ludeum.squadro import new_game as new_squadro
from ludeum.squadro import svg as squadro_svg
from ludeum.squadro.rules import POSITION

SVG = "{http://www.w3.org/2000/svg}"


def actions(state, seed: int, most: int):
    """(before, action, after) along a seeded random game."""
    source = random.Random(seed)
    for _ in range(most):
        actor = state.to_act()
        if actor is None:
            return
        if actor == CHANCE:
            action = sample(state.chance_outcomes(), source)
        else:
            action = random_choice(state.legal_moves(), source)
        after = state.apply(action)
        yield state, action, after
        state = after


def journeys(motion) -> dict:
    """piece -> (first place, last place, leaves), checking that the piece's runs join
    up from one stage to the next and that every path has a place."""
    found = {}
    for stage in motion:
        names = [step.piece for step in stage]
        assert len(names) == len(set(names)), "a piece twice in one stage"
        for step in stage:
            assert step.path, step
            if step.piece in found:
                first, last, leaves = found[step.piece]
                assert not leaves, "a piece travels again after leaving"
                assert step.path[0] == last, (step, last)
                found[step.piece] = (first, step.path[-1], step.leaves)
            else:
                found[step.piece] = (step.path[0], step.path[-1], step.leaves)
    return found


def moved(before: Counter, starts: Counter, ends: Counter) -> Counter:
    result = Counter(before)
    result.subtract(starts)
    assert min(result.values(), default=0) >= 0, "a piece starts where none stood"
    result.update(ends)
    return +result


# -- Senet ---------------------------------------------------------------------------


def senet_places(state) -> Counter:
    places = Counter()
    for colour, mask in ((WHITE, state.white), (BLACK, state.black)):
        places.update((colour, s) for s in bits(mask))
        places[(colour, "off")] += state.borne_off[colour]
        places[(colour, "plinth")] += state.on_plinth(colour)
    return +places


def senet_place(state, place, colour=None):
    """(colour, place) of a piece, the trays counted as one place per colour."""
    if isinstance(place, tuple):
        return place[1], place[0]
    if colour is None:
        colour = WHITE if state.white & (1 << (place - 1)) else BLACK
    return colour, place


def check_senet_path(path) -> None:
    for a, b in pairwise(path):
        if isinstance(a, int) and isinstance(b, int):
            assert abs(a - b) == 1, path  # square by square along the track
        elif isinstance(b, tuple) and b[0] == "off":
            assert a == 30, path  # off the board past square 30
        elif isinstance(b, tuple):
            assert b[0] == "plinth" and len(path) == 2, path  # back to the plinth
        else:
            assert a[0] == "plinth" and len(path) == 2, path  # entering from it


def check_senet(before, action, after) -> int:
    motion = senet_motion.motion(before, action, after)
    if not isinstance(action, Move) or action == PASS:
        assert motion == ()
        return 0
    found = journeys(motion)
    starts, ends = Counter(), Counter()
    for first, last, leaves in found.values():
        colour = senet_place(before, first)[0]
        starts[senet_place(before, first)] += 1
        ends[senet_place(after, last, colour)] += 1
        if leaves:
            assert isinstance(last, tuple), last
    for stage in motion:
        for step in stage:
            check_senet_path(step.path)
    assert moved(senet_places(before), starts, ends) == senet_places(after)
    # The mover goes first, from its own square; the throw's squares, or the water's.
    mover = motion[0][0]
    assert len(motion[0]) == 1
    if isinstance(mover.path[0], int):
        assert mover.path[0] == action.src
    assert action.dst in mover.path or action.dst == 31
    for effect in after.effects:
        if effect[0] == "water":
            assert motion[1][0].path == senet_motion.track(WATER, effect[1])
    return len(motion)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_senet_paths_follow_the_track_and_end_where_the_state_says(preset: str) -> None:
    rules = PRESETS[preset]
    stages = Counter()
    for seed in range(4):
        for before, action, after in actions(new_senet(rules, seed % 2), seed, 1500):
            stages[check_senet(before, action, after)] += 1
    assert stages[1] > 50  # plain moves
    assert stages[2] > 0  # swaps, bumps, the water: a second stage


def test_senet_every_kind_of_move_is_seen_moving() -> None:
    """Across the readings: bumps, the water, bearing off, entering and the plinth."""
    kinds = Counter()
    for preset in ("jequier", "kendall", "tait"):
        for seed in range(6):
            for before, action, after in actions(new_senet(PRESETS[preset], seed % 2), seed, 1500):
                for stage in senet_motion.motion(before, action, after):
                    for step in stage:
                        for place in step.path:
                            if isinstance(place, tuple):
                                kinds[place[0]] += 1
                        if WATER in step.path:
                            kinds["water"] += 1
                for effect in after.effects:
                    kinds[effect[0]] += 1
    for kind in ("off", "plinth", "water", "bumped", "to_plinth", "into_water", "reborn"):
        assert kinds[kind], kind


def first_bump():
    """(before, move, after) of the first swap in a seeded Jéquier game."""
    game = actions(new_senet(PRESETS["jequier"]), 1, 400)
    return next(t for t in game if any(e[0] == "bumped" for e in t[2].effects))


def test_senet_swap_in_detail() -> None:
    # A Jéquier swap: the mover first, then the swapped piece back to the mover's square.
    before, action, after = first_bump()
    src, dst = action
    motion = senet_motion.motion(before, action, after)
    bump = next(e for e in after.effects if e[0] == "bumped")
    assert motion == (
        (Step(src, senet_motion.track(src, dst)),),
        (Step(dst, senet_motion.track(dst, bump[2])),),
    )


# -- Squadro --------------------------------------------------------------------------


def squadro_places(state) -> Counter:
    places = Counter()
    for seat in (H, V):
        for lane in range(1, 6):
            progress = state.progress[seat][lane]
            if progress == HOME:
                places[(seat, "home")] += 1
            else:
                places[(seat, squadro_svg._square_of(seat, lane, POSITION[progress]))] += 1
    return places


def test_squadro_paths_follow_the_lanes_and_end_where_the_state_says() -> None:
    jumps = homes = 0
    for seed in range(60):
        for before, action, after in actions(new_squadro(seed % 2), seed, 400):
            motion = squadro_motion.motion(before, action, after)
            found = journeys(motion)
            starts, ends = Counter(), Counter()
            for (seat, lane), (first, last, leaves) in found.items():
                progress = before.progress[seat][lane]
                assert first == squadro_svg._square_of(seat, lane, POSITION[progress])
                starts[(seat, first)] += 1
                ends[(seat, "home" if leaves else last)] += 1
                homes += leaves
            for stage in motion:
                for step in stage:
                    seat, lane = step.piece
                    squares = [p for p in step.path if p[0] != "home"]
                    for (c1, r1), (c2, r2) in pairwise(squares):
                        assert abs(c1 - c2) + abs(r1 - r2) == 1, step  # one square at a time
                        assert (r1 if seat == H else c1) == lane, step  # along its lane
            assert moved(squadro_places(before), starts, ends) == squadro_places(after)
            assert motion[0][0].piece == (before.seat, action.lane)
            jumped = [e[1] for e in after.effects if e[0] == "jumped"]
            if jumped:
                jumps += 1
                assert {s.piece for s in motion[1]} == {(1 - before.seat, x) for x in jumped[0]}
    assert jumps > 100 and homes > 100


# -- Lodestone -----------------------------------------------------------------------


def lodestone_places(state) -> Counter:
    places = Counter((state.board[s], s) for s in range(64) if state.board[s])
    for colour in (1, 2):
        places[(colour, "tray")] = 8 - sum(1 for c in state.board if colour_of(c) == colour)
    return +places


def test_lodestone_paths_are_the_rules_paths_and_end_where_the_state_says() -> None:
    captures = 0
    for seed in range(40):
        game = actions(new_lodestone(first_seat=seed % 2), seed, 300)
        for before, action, after in game:
            motion = lodestone_motion.motion(before, action, after)
            if not isinstance(action, LodestoneMove) or action.src < 0:
                assert motion == ()
                continue
            path = motion[0][0].path
            assert path[0] == action.src and path[-1] == action.dst
            digit = before.rules.digit_maps()[before.turn][action.src]
            assert len(path) - 1 == digit
            assert all(before.board[s] == EMPTY for s in path[1:-1])
            steps = [(b // 8 - a // 8, b % 8 - a % 8) for a, b in pairwise(path)]
            assert all(abs(dr) + abs(df) == 1 for dr, df in steps), path
            turns = sum(1 for a, b in pairwise(steps) if a != b)
            assert turns <= 1 and (-steps[0][0], -steps[0][1]) not in steps, path
            found = journeys(motion)
            starts, ends = Counter(), Counter()
            for first, last, leaves in found.values():
                code = before.board[first]
                starts[(code, first)] += 1
                ends[(colour_of(code), "tray") if leaves else (code, last)] += 1
            captures += len(motion) - 1
            if not before.setting_up:
                assert moved(lodestone_places(before), starts, ends) == lodestone_places(after)
    assert captures > 50


def test_lodestone_set_up_and_pass_move_nothing() -> None:
    state = new_lodestone()
    after = state.apply(KingFile(3))
    assert lodestone_motion.motion(state, KingFile(3), after) == ()
    assert plan_for(state, KingFile(3), after) == []


# -- the drawing: points are where the SVG draws the pieces ---------------------------


def floats(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def shape_centre(shape: ET.Element) -> tuple[float, float]:
    tag = shape.tag.removeprefix(SVG)
    if tag in ("circle", "ellipse"):
        return float(shape.get("cx")), float(shape.get("cy"))
    if tag == "rect":
        return (float(shape.get("x")) + float(shape.get("width")) / 2,
                float(shape.get("y")) + float(shape.get("height")) / 2)  # fmt: skip
    raise AssertionError(tag)


def near(a, b, tolerance: float = 1.0) -> bool:
    return abs(a[0] - b[0]) <= tolerance and abs(a[1] - b[1]) <= tolerance


def some_states(start, seeds=range(6), most=400):
    for seed in seeds:
        for _before, _action, after in actions(start(seed), seed, most):
            yield after


@pytest.mark.parametrize("preset", ["jequier", "kendall", "tait"])
@pytest.mark.parametrize("upright", [False, True])
def test_senet_points_are_where_the_board_draws_pieces(preset: str, upright: bool) -> None:
    rules = PRESETS[preset]
    for state in some_states(lambda seed: new_senet(rules, seed % 2), range(3), 600):
        root = ET.fromstring(senet_svg.board_svg(state, upright=upright))
        for g in root.iter(f"{SVG}g"):
            if g.get("class") == "piece-at":
                square = int(g.get("data-square"))
                assert near(shape_centre(g[0]), senet_motion.point(rules, square, upright))
            elif "tray" in g.get("class", "").split():
                minis = [e for e in g if "piece" in e.get("class", "")]
                kind = "plinth" if g.get("data-square") == "P" else "off"
                seen = Counter()
                for mini in minis:
                    colour = WHITE if "white" in mini.get("class") else BLACK
                    place = (kind, colour, seen[colour])
                    seen[colour] += 1
                    assert near(shape_centre(mini), senet_motion.point(rules, place, upright))


@pytest.mark.parametrize("narrow", [False, True])
def test_squadro_points_are_where_the_board_draws_pieces(narrow: bool) -> None:
    for state in some_states(lambda seed: new_squadro(seed % 2)):
        root = ET.fromstring(squadro_svg.board_svg(state, narrow=narrow))
        for cell in root.iter(f"{SVG}g"):
            piece = cell.find(f"{SVG}g")
            if "sq-cell" in cell.get("class", "") and piece is not None:
                column, row = (int(n) for n in cell.find(f"{SVG}rect").get("data-cell").split(","))
                xs, ys = floats(piece.find(f"{SVG}polygon").get("points"))[0::2], []
                ys = floats(piece.find(f"{SVG}polygon").get("points"))[1::2]
                x, y = squadro_motion.point((column, row), narrow)
                assert min(xs) > x - 30 and max(xs) < x + 30 and min(ys) > y - 30
        homes = [e for e in root.iter(f"{SVG}circle") if "sq-home" in e.get("class", "")]
        seen = Counter()
        for circle in homes:
            seat = H if "light" in circle.get("class") else V
            place = ("home", seat, seen[seat])
            seen[seat] += 1
            assert near(shape_centre(circle), squadro_motion.point(place, narrow))
        assert not narrow or not homes
    assert squadro_motion.point(("home", H, 0), True) is None


@pytest.mark.parametrize("narrow", [False, True])
def test_lodestone_points_are_where_the_board_draws_pieces(narrow: bool) -> None:
    for state in some_states(lambda seed: new_lodestone(first_seat=seed % 2)):
        root = ET.fromstring(lodestone_svg.board_svg(state, narrow=narrow))
        for cell in root.iter(f"{SVG}g"):
            piece = cell.find(f"{SVG}g")
            if cell.get("data-row") is not None and piece is not None:
                square = (7 - int(cell.get("data-row"))) * 8 + int(cell.get("data-col"))
                text = piece.find(f"{SVG}text")
                x, y = lodestone_motion.point(square, narrow)
                assert near((float(text.get("x")), float(text.get("y")) - 7), (x, y))
        seen = Counter()
        for circle in root.iter(f"{SVG}circle"):
            if "ls-taken" in circle.get("class", ""):
                colour = 1 if "red" in circle.get("class") else 2
                place = ("tray", colour, seen[colour])
                seen[colour] += 1
                assert near(shape_centre(circle), lodestone_motion.point(place, narrow))


# -- timing and the plan ---------------------------------------------------------------


def test_schedule_bounds() -> None:
    assert schedule([]) == []
    assert schedule([1]) == [(0.0, STAGE_MIN_MS)]
    assert schedule([40]) == [(0.0, STAGE_MAX_MS)]
    start, duration = schedule([3, 3])[1]
    assert STAGE_MIN_MS <= duration <= STAGE_MAX_MS and start == duration
    chain = schedule([10] * 8)  # a long chain: faster, within the action's bound
    assert sum(d for _s, d in chain) == pytest.approx(ACTION_MAX_MS)
    assert chain[-1][0] + chain[-1][1] == pytest.approx(ACTION_MAX_MS)


def test_ease_and_its_inverse() -> None:
    assert shared.ease(0) == 0 and shared.ease(1) == 1 and shared.ease(0.5) == 0.5
    for s in (0.1, 0.3, 0.77):
        assert shared.ease(shared._uneased(s)) == pytest.approx(s, abs=1e-6)


def translation(keyframe) -> tuple[float, float]:
    x, y = floats(keyframe["transform"])
    return x, y


def check_plan(before, action, after, options, point) -> None:
    """Every animation's keyframes run from 0 to 1, from the stand-in's place to the
    piece's last place, within the time bounds."""
    animations = plan_for(before, action, after, options)
    motion = import_motion(after).motion(before, action, after)
    found = journeys(motion)
    drawn = {p: j for p, j in found.items() if point(j[0]) is not None}
    assert len(animations) == len(drawn)
    for animation, (_piece, (first, last, leaves)) in zip(animations, drawn.items(), strict=True):
        frames = animation["keyframes"]
        assert 0 < animation["duration"] <= ACTION_MAX_MS
        offsets = [f["offset"] for f in frames]
        assert offsets[0] == 0 and offsets[-1] == 1 and offsets == sorted(offsets)
        assert translation(frames[0]) == (0, 0)
        end = point(last) or point(first)
        if point(last) is not None:
            x0, y0 = point(first)
            assert near(translation(frames[-1]), (end[0] - x0, end[1] - y0), 0.2)
        assert frames[-1]["opacity"] == (0 if leaves else 1)
        assert (animation["hide"] == "") == leaves
        assert 'aria-hidden="true"' in animation["markup"] and "data-square" not in animation[
            "markup"] and "data-lane" not in animation["markup"]  # fmt: skip
        ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{animation["markup"]}</svg>')


def import_motion(state):
    from importlib import import_module

    from ludeum.saves import game_name

    return import_module(f"ludeum.{game_name(state)}.motion")


@pytest.mark.parametrize("preset", ["jequier", "kendall", "tait"])
@pytest.mark.parametrize("options", [{}, {"narrow": True, "upright": True}])
def test_senet_plans(preset: str, options: dict) -> None:
    rules = PRESETS[preset]
    upright = options.get("upright", False)
    for seed in range(3):
        for before, action, after in actions(new_senet(rules, seed % 2), seed, 800):
            check_plan(before, action, after, options,
                       lambda place: senet_motion.point(rules, place, upright))  # fmt: skip


@pytest.mark.parametrize("narrow", [False, True])
def test_squadro_and_lodestone_plans(narrow: bool) -> None:
    for seed in range(6):
        for before, action, after in actions(new_squadro(seed % 2), seed, 300):
            check_plan(before, action, after, {"narrow": narrow},
                       lambda place: squadro_motion.point(place, narrow))  # fmt: skip
        for before, action, after in actions(new_lodestone(first_seat=seed % 2), seed, 300):
            check_plan(before, action, after, {"narrow": narrow},
                       lambda place: lodestone_motion.point(place, narrow))  # fmt: skip


def test_a_bump_holds_the_bumped_piece_until_the_mover_lands() -> None:
    before, action, after = first_bump()
    mover, bumped = plan_for(before, action, after)
    waiting = [f for f in bumped["keyframes"] if f["offset"] <= 0.5]  # two stages alike
    assert len(waiting) >= 2 and all(translation(f) == (0, 0) for f in waiting)
    assert translation(bumped["keyframes"][-1]) != (0, 0)
    assert bumped["hide"] == f'.piece-at[data-square="{action.src}"]'
    assert mover["hide"] == f'.piece-at[data-square="{action.dst}"]'


# -- an action taken back: the same travel, backwards ---------------------------------


def games_to_take_back():
    yield from actions(new_senet(PRESETS["jequier"]), 1, 300)
    yield from actions(new_senet(PRESETS["tait"]), 2, 300)
    yield from actions(new_squadro(0), 3, 200)
    yield from actions(new_lodestone(first_seat=1), 4, 200)


def test_a_plan_backward_is_the_same_travel_in_reverse() -> None:
    seen = 0
    for before, action, after in games_to_take_back():
        forward = plan_for(before, action, after)
        backward = plan_for(before, action, after, backward=True)
        assert len(backward) == len(forward)
        for there, back in zip(forward, backward, strict=True):
            assert back["markup"] == there["markup"] and back["duration"] == there["duration"]
            frames = there["keyframes"]
            assert [(f["transform"], f["opacity"]) for f in reversed(frames)] == [
                (f["transform"], f["opacity"]) for f in back["keyframes"]
            ]
            offsets = [f["offset"] for f in back["keyframes"]]
            assert offsets == sorted(offsets) and offsets[0] == 0 and offsets[-1] == 1
            assert all(
                abs(b["offset"] - (1 - f["offset"])) < 1e-3
                for f, b in zip(reversed(frames), back["keyframes"], strict=True)
            )
            # It ends where the stand-in is drawn: where the piece stood, and is drawn now.
            assert translation(back["keyframes"][-1]) == (0, 0)
            assert back["keyframes"][-1]["opacity"] == 1  # a piece that had left comes back
            seen += 1
    assert seen > 300


def test_a_bump_taken_back_brings_the_bumped_piece_back_after_the_mover() -> None:
    before, action, after = first_bump()
    mover, bumped = plan_for(before, action, after, backward=True)
    # The board now draws the position before: each piece hidden where it stood.
    assert mover["hide"] == f'.piece-at[data-square="{action.src}"]'
    assert bumped["hide"] == f'.piece-at[data-square="{action.dst}"]'
    late = [f for f in mover["keyframes"] if f["offset"] <= 0.5]  # the bumped piece first
    assert len(late) >= 2 and len({f["transform"] for f in late}) == 1
    assert translation(late[0]) != (0, 0)
    done = [f for f in bumped["keyframes"] if f["offset"] >= 0.5]
    assert all(translation(f) == (0, 0) for f in done)


def test_two_actions_taken_back_travel_one_after_the_other() -> None:
    game = actions(new_squadro(0), 5, 2)
    (first_before, first, first_after), (second_before, second, second_after) = game
    steps = ((first_before, first, first_after), (second_before, second, second_after))
    plans = shared.plan_back(steps)
    assert plans == shared.plan_back(steps)  # pure
    assert len(plans) == 2 and plans[0]["duration"] == plans[1]["duration"] <= ACTION_MAX_MS
    later, earlier = plans  # the last action played is taken back first
    assert later["hide"] == squadro_motion.drawing(second_before).selector((1, second.lane), None)
    for plan in plans:
        offsets = [f["offset"] for f in plan["keyframes"]]
        assert offsets == sorted(offsets) and offsets[0] == 0 and offsets[-1] == 1
        assert translation(plan["keyframes"][-1]) == (0, 0)
    # The second action's piece is back when its part is over; the first's waits till then.
    lengths = [plan_for(*step)[0]["duration"] for step in reversed(steps)]
    split = lengths[0] / sum(lengths) + 1e-3
    assert all(translation(f) == (0, 0) for f in later["keyframes"] if f["offset"] >= split)
    waiting = [translation(f) for f in earlier["keyframes"] if f["offset"] <= split]
    assert len(waiting) >= 2 and len(set(waiting)) == 1 and waiting[0] != (0, 0)
