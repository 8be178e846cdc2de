"""The sounds (ludeum.sounds): every recipe is well formed and short (how it sounds,
rendered, is tested in test_sound_render.py), and each game's actions choose the right
one: a throw, a move, a capture or bump, a fall into the water, a pass (silent) and the
end of a game, told apart for the winner and the loser."""

from __future__ import annotations

import pytest

from ludeum import sounds
from ludeum.lodestone import PASS, STANDARD, KingFile, LodestoneRules
from ludeum.lodestone import Move as LodestoneMove
from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone import parse_position as lodestone_position
from ludeum.lodestone.rules import parse_square
from ludeum.senet import JEQUIER, PRESETS, Move, Throw, parse_position
from ludeum.senet import new_game as new_senet
from ludeum.squadro import Move as SquadroMove
from ludeum.squadro import new_game as new_squadro
from ludeum.squadro import parse_position as squadro_position

# -- the recipes ----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(sounds.RECIPES))
def test_every_recipe_is_well_formed_and_short(name: str) -> None:
    recipe = sounds.RECIPES[name]
    assert recipe.name == name and recipe.voices
    for voice in recipe.voices:
        assert voice.wave in (*sounds.WAVES, sounds.NOISE)
        for pitch in (voice.frequency, voice.glide_to or voice.frequency):
            assert 20 <= pitch <= 20_000  # audible, and under any sample rate's limit
        # A band of noise keeps a share of the noise's power: its gain may pass 1.
        limit = sounds.NOISE_GAIN if voice.wave == sounds.NOISE else 1
        assert sounds.SILENCE < voice.gain <= limit
        assert voice.start >= 0 and voice.attack > 0 and voice.decay > 0
        assert voice.q > 0
    assert 0.05 <= recipe.length <= sounds.MAX_LENGTH


def test_the_sounds_of_a_game_are_all_different() -> None:
    recipes = [recipe.voices for recipe in sounds.RECIPES.values()]
    assert len(set(recipes)) == len(recipes)
    assert set(sounds.RECIPES) == {"throw", "move", "capture", "water", "win", "loss", "draw",
                                   "right", "wrong"}  # fmt: skip


def test_a_recipe_lasts_until_its_last_voice_is_silent() -> None:
    recipe = sounds.Recipe("test", (sounds.Voice("sine", 440, 0.5, start=0.1, attack=0.01,
                                                 decay=0.2),))  # fmt: skip
    assert recipe.length == pytest.approx(0.31)


def test_noise_is_the_same_every_time_and_within_range() -> None:
    samples = sounds.noise_samples(4800)
    assert samples == sounds.noise_samples(4800)
    assert len(samples) == 4800 and all(-1 <= s <= 1 for s in samples)
    assert abs(sum(samples) / len(samples)) < 0.05  # no offset: it is centred on 0
    assert max(samples) > 0.9 and min(samples) < -0.9


# -- whether sound is on at start -----------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "stored", "framed", "on"),
    [
        (None, None, False, True),  # on by default in a tab of its own
        (None, None, True, False),  # quiet in another site's frame
        (None, "on", True, True),  # until the visitor turns it on
        (None, "off", False, False),  # the visitor's choice, remembered
        (None, "junk", False, True),  # a stored value we never wrote: the default
        (True, "off", True, True),  # a kiosk's URL decides, whatever was chosen before
        (False, "on", False, False),
    ],
)
def test_sound_at_start(asked, stored, framed, on) -> None:
    assert sounds.sound_on(asked, stored, framed) is on


# -- Senet --------------------------------------------------------------------------

ONE, TWO, THREE = (Throw(s) for s in [(1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0)])
WORTH = {1: ONE, 2: TWO, 3: THREE}


def senet(white, black, to="W", throw=None, rules=JEQUIER, off=None):
    """A Senet position (Black is seat 0), with a throw of ``throw`` made."""
    board = ["."] * 30
    for square in white:
        board[square - 1] = "W"
    for square in black:
        board[square - 1] = "B"
    white_off, black_off = off or (rules.pieces - len(white), rules.pieces - len(black))
    state = parse_position(rules, f"{''.join(board)} {white_off}-{black_off} {to} -")
    return state if throw is None else state.apply(WORTH[throw])


def choose(before, action, people=(0, 1)):
    return sounds.sound_for(before, before.apply(action), people)


def test_senet_every_throw_sounds_as_a_throw() -> None:
    start = new_senet()
    assert choose(start, TWO) == "throw"  # the opening: not a 1
    assert choose(start, ONE) == "throw"  # the opening's 1
    assert choose(senet([12], [20], "W"), ONE) == "throw"  # a throw with moves
    # A throw no piece can use is lost: it still sounds as the sticks falling.
    lost = senet([20], [17, 18, 22, 23], "W")
    assert lost.apply(TWO).effects[0][0] == "lost"
    assert choose(lost, TWO) == "throw"


def test_senet_a_plain_move_and_the_opening_move() -> None:
    assert choose(senet([12], [20], throw=1), Move(12, 13)) == "move"
    opening = new_senet().apply(ONE)
    assert choose(opening, opening.legal_moves()[0]) == "move"


@pytest.mark.parametrize("rules", [PRESETS["jequier"], PRESETS["kendall"]])
def test_senet_a_swap_or_a_bump_is_a_capture(rules) -> None:
    before = senet([12], [14, 20], throw=2, rules=rules, off=(rules.pieces - 1, rules.pieces - 2))
    after = before.apply(Move(12, 14))
    assert any(effect[0] == "bumped" for effect in after.effects)
    assert sounds.sound_for(before, after) == "capture"


def test_senet_falling_into_the_water_splashes() -> None:
    before = senet([1, 2, 24], [3, 5], throw=3)
    after = before.apply(Move(24, 27))
    assert ("water", 4) in after.effects
    assert sounds.sound_for(before, after) == "water"
    tait = PRESETS["tait"]
    before = senet([1], [24], "B", throw=3, rules=tait, off=(0, 0))
    assert choose(before, Move(24, 27)) == "water"  # Tait's: back to the plinth


def test_senet_a_pass_is_silent() -> None:
    # Kendall's: a piece that could bear off may stay, which is a pass.
    kendall = PRESETS["kendall"]
    before = senet([30], [1], throw=1, rules=kendall, off=(kendall.pieces - 1, kendall.pieces - 1))
    passes = [m for m in before.legal_moves() if m.src == m.dst]
    assert passes, before.legal_moves()
    assert choose(before, passes[0]) is None


def test_senet_bearing_off_the_last_piece_is_a_win_or_a_loss() -> None:
    before = senet([30], [1], "W", throw=1)  # White (seat 1) bears off its last piece
    after = before.apply(Move(30, 31))
    assert after.outcome().winner == 1
    assert sounds.sound_for(before, after, people=(0, 1)) == "win"  # two at one device
    assert sounds.sound_for(before, after, people=(1,)) == "win"  # the person won
    assert sounds.sound_for(before, after, people=(0,)) == "loss"  # the computer won
    assert sounds.sound_for(before, after, people=()) == "win"  # the computer alone


def test_senet_the_throw_limit_can_end_the_game_in_a_draw() -> None:
    from dataclasses import replace

    # The last throw allowed is lost; 22 + 24 = 20 + 26: nobody is further along.
    before = senet([22, 24], [20, 26], "W", rules=replace(JEQUIER, throw_limit=1))
    after = before.apply(TWO)
    assert after.outcome().reason == "throw_limit" and after.outcome().winner is None
    assert sounds.sound_for(before, after) == "draw"  # the end, not the sticks


# -- Squadro ------------------------------------------------------------------------


def test_squadro_a_move_a_jump_and_a_win() -> None:
    start = new_squadro(0)
    assert choose(start, SquadroMove(1)) == "move"
    jump = squadro_position("00000/10000 H")  # H's lane 1 jumps V's piece back
    assert choose(jump, SquadroMove(1)) == "capture"
    turning = squadro_position("40000/00000 H")  # reaching the far edge: a plain move
    assert choose(turning, SquadroMove(1)) == "move"
    last = squadro_position("cacc0/00000 H")  # H brings its fourth piece home
    assert choose(last, SquadroMove(2), people=(0,)) == "win"
    assert choose(last, SquadroMove(2), people=(1,)) == "loss"


# -- Lodestone ----------------------------------------------------------------------


def lodestone(pieces: dict[str, str], to_act="R", quiet=0, rules=STANDARD):
    ranks = [list("........") for _ in range(8)]
    for name, letter in pieces.items():
        square = parse_square(name)
        ranks[7 - square // 8][square % 8] = letter
    text = "/".join("".join(rank) for rank in ranks)
    return lodestone_position(rules, f"{text} {to_act} {quiet}")


def move(src: str, dst: str) -> LodestoneMove:
    return LodestoneMove(parse_square(src), parse_square(dst))


def test_lodestone_placing_a_king_and_a_move() -> None:
    start = new_lodestone()
    assert choose(start, KingFile(3)) == "move"
    state = lodestone({"d4": "r", "h8": "W", "a8": "w", "a1": "R"})
    assert choose(state, move("d4", "d5")) == "move"


def test_lodestone_a_capture() -> None:
    state = lodestone({"d4": "r", "d5": "w", "h8": "W", "a8": "w", "b8": "w", "a1": "R"})
    assert choose(state, move("d4", "d5")) == "capture"


def test_lodestone_taking_the_king_ends_the_game_with_a_win_not_a_capture() -> None:
    state = lodestone({"d4": "r", "d5": "W", "a8": "w", "h1": "R"})
    assert choose(state, move("d4", "d5"), people=(0,)) == "win"  # Red is seat 0
    assert choose(state, move("d4", "d5"), people=(1,)) == "loss"


def test_lodestone_a_draw_and_a_pass() -> None:
    rules = LodestoneRules(moves_without_capture=1)
    state = lodestone({"d4": "r", "h8": "W", "a8": "w", "a1": "R"}, rules=rules)
    assert choose(state, move("d4", "d5")) == "draw"
    # Every route of Red's pieces starts through an occupied square: Red passes.
    stuck = lodestone({"h1": "R", "h2": "r", "g1": "r", "h3": "w", "g2": "w", "f1": "w",
                       "a8": "W"})  # fmt: skip
    assert stuck.legal_moves() == (PASS,)
    assert choose(stuck, PASS) is None
