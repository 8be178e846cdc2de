"""One tap and drag (issue 26, item 4): ``ui.piece_actions`` says which moves a
piece can make, and it must agree with the two-tap play (``ui.tap``) it shortcuts:
the page plays a piece's move on one tap exactly when this lists one move."""

from __future__ import annotations

import random
import re

import pytest

from ludeum import games
from ludeum.chance import random_play
from ludeum.senet import PRESETS


def _names(svg: str) -> list[str]:
    return sorted(set(re.findall(r'data-square="([^"]+)"', svg)))


def _positions(game: str, count: int, seed: int, options: dict | None = None):
    ui = games.ui(game)
    rng = random.Random(seed)
    for _ in range(count):
        state = random_play(ui.start(options or {}, rng.randrange(2)), rng, rng.randrange(200))
        yield ui, state


@pytest.mark.parametrize(
    ("game", "options"),
    [("senet", {}), ("senet", {"rules": PRESETS["tait"]}),
     ("senet", {"rules": PRESETS["kendall"]}), ("squadro", {}), ("lodestone", {})],
)  # fmt: skip
def test_piece_actions_are_the_moves_two_taps_can_make(game: str, options: dict) -> None:
    for ui, state in _positions(game, 60, 11, options):
        names = _names(ui.board_svg(state))
        for name in names:
            listed = ui.piece_actions(state, name)
            selected, action = ui.tap(state, None, name)
            if selected != name:  # not a piece that can move: nothing to list
                assert listed == (), (name, listed)
                continue
            reached = {ui.tap(state, name, target)[1] for target in [*names, "end"]}
            reached.discard(None)
            assert set(listed) == reached and len(listed) == len(reached), (name, listed)
            for move in listed:
                assert move in state.legal_moves()


def test_a_senet_or_squadro_piece_has_one_move_a_lodestone_piece_may_have_more() -> None:
    """Why one tap matters most in Senet and Squadro: every movable piece there has a
    single move; in Lodestone some pieces have several (two taps stay)."""
    most = {}
    for game in ("senet", "squadro", "lodestone"):
        for ui, state in _positions(game, 40, 5):
            for name in _names(ui.board_svg(state)):
                most[game] = max(most.get(game, 0), len(ui.piece_actions(state, name)))
    assert most["senet"] == 1 and most["squadro"] == 1
    assert most["lodestone"] > 1
