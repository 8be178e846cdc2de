"""The game protocol (``ludeum.protocol.GameState``) says what every game's state
really offers: each method it lists is there, on Senet, Squadro and Lodestone alike,
and saving stays with each game's save module (``ludeum.saves``)."""

from __future__ import annotations

import pytest

from ludeum import lodestone, saves, senet, squadro
from ludeum.protocol import GameState

METHODS = sorted(
    name for name, value in vars(GameState).items() if callable(value) and not name.startswith("_")
)
STATES = {
    "senet": senet.new_game(),
    "squadro": squadro.new_game(),
    "lodestone": lodestone.new_game(),
}


def test_the_protocol_lists_the_methods_the_app_uses() -> None:
    assert {"to_act", "legal_moves", "chance_outcomes", "apply", "outcome", "actions"} <= set(
        METHODS
    )
    assert "to_json" not in METHODS  # a save module's function, not a state's method


@pytest.mark.parametrize("game", STATES)
def test_every_state_has_every_method_of_the_protocol(game: str) -> None:
    state = STATES[game]
    for name in METHODS:
        assert callable(getattr(state, name, None)), f"{game} state has no {name}()"
    assert state.start() is state and state.actions() == []
    # Saving goes through the game's own module, by the state's type.
    assert saves.game_name(state) == game
