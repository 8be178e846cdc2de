"""Ludeum's games as OpenSpiel games, registered with ``pyspiel.register_game``.

    import pyspiel
    import ludeum.adapters.openspiel_game  # registers the three games

    game = pyspiel.load_game("python_ludeum_senet(ruleset=kendall_trap)")

One OpenSpiel game per Ludeum game, its ruleset a parameter (``ruleset``, the
names of ``ludeum simulate --ruleset``; each game's default when not given):
``python_ludeum_senet``, ``python_ludeum_squadro`` and ``python_ludeum_lodestone``.
Their type says what they are: sequential, perfect information, zero-sum, terminal
rewards (+1 and -1, 0 each for a draw), and for Senet **explicit stochastic**
chance: a throw of the sticks is a chance node whose five outcomes (by the number of
light sides, 0-4, with the sticks' probabilities 1/16, 4/16, 6/16, 4/16, 1/16) are
chance actions 0-4, so OpenSpiel's algorithms can sample or weigh them. Squadro and
Lodestone are deterministic.

Players' actions are ``adapters.encoding``'s indices (Senet 1,024, Squadro 5,
Lodestone 4,099), the legal ones listed in ascending order; the observation tensor
is ``encoding``'s vector from the player's side, the observation string the board as
text (the command line's), and the information state string the game's history of
action ids (the game is perfect information: the history is all there is to know).
``state.engine_state()`` gives the Ludeum state itself, for Ludeum's own players
and analysis.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ..cli.board_text import board_text
from ..cli.choices import DEFAULT_RULESET, check, new_state
from .encoding import ENCODINGS

#: The longest game each can be, in actions: Senet stops at its throw limit (a throw
#: and a move each; the opening's throws within it); Lodestone at its moves without
#: a capture, at most fifteen times (fourteen captures); Squadro has no limit in its
#: rules (a jump sends a piece back), and 3,000 random games took 129 moves at most.
MAX_LENGTH = {"senet": 2 * 3000 + 2, "squadro": 2000, "lodestone": 15 * 1000 + 2}


def _game_type(game: str) -> pyspiel.GameType:
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if game == "senet"
              else pyspiel.GameType.ChanceMode.DETERMINISTIC)  # fmt: skip
    return pyspiel.GameType(
        short_name=f"python_ludeum_{game}",
        long_name=f"Ludeum {game.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"ruleset": DEFAULT_RULESET[game]},
    )


def _game_info(game: str) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=ENCODINGS[game].actions,
        max_chance_outcomes=5 if game == "senet" else 0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MAX_LENGTH[game],
    )


def _game_class(game: str) -> type:
    class LudeumGame(pyspiel.Game):
        def __init__(self, params=None) -> None:
            params = dict(params or {})
            self.ludeum_ruleset = check(game, str(params.get("ruleset", DEFAULT_RULESET[game])))
            # Immutable, so made once: OpenSpiel makes an initial state for every clone.
            self.ludeum_start = new_state(game, self.ludeum_ruleset)
            super().__init__(_game_type(game), _game_info(game), params)

        def new_initial_state(self) -> LudeumState:
            return LudeumState(self, self.ludeum_start)

        def make_py_observer(self, iig_obs_type=None, params=None) -> BoardObserver:
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            return BoardObserver(game, history=bool(iig_obs_type and iig_obs_type.perfect_recall))

    LudeumGame.__name__ = LudeumGame.__qualname__ = f"Ludeum{game.capitalize()}Game"
    return LudeumGame


class _Shared:
    """A Ludeum state held by an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; a Ludeum state is immutable, so a clone shares it
    (copying a long Senet game's history took most of a random game's time)."""

    __slots__ = ("value",)

    def __init__(self, value) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self


class LudeumState(pyspiel.State):
    """An OpenSpiel state over an immutable Ludeum state (``engine_state()``)."""

    def __init__(self, game: pyspiel.Game, engine) -> None:
        super().__init__(game)
        self._held = _Shared(engine)

    @property
    def _engine(self):
        return self._held.value

    @_engine.setter
    def _engine(self, engine) -> None:
        self._held = _Shared(engine)

    @property
    def _encoding(self):
        return ENCODINGS[_name_of(self._held.value)]

    def engine_state(self):
        return self._engine

    def current_player(self) -> int:
        actor = self._engine.to_act()
        if actor is None:
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if actor < 0 else actor

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._encoding.index(move) for move in self._engine.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # The five throws, by their number of light sides (THROW_OUTCOMES's order).
        return [(throw.light, p) for throw, p in self._engine.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            throws = {throw.light: throw for throw, _p in self._engine.chance_outcomes()}
            self._engine = self._engine.apply(throws[action])
        else:
            self._engine = self._engine.apply(self._encoding.action(self._engine, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"throw {action} light"
        for move in self._engine.legal_moves():
            if self._encoding.index(move) == action:
                return move.notation()
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._engine.to_act() is None

    def returns(self) -> list[float]:
        outcome = self._engine.outcome()
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def __str__(self) -> str:
        return board_text(self._engine)


class BoardObserver:
    """OpenSpiel's observer (the PyObserver interface): ``tensor`` is ``encoding``'s
    vector from the player's side; the string the board as text, or (perfect recall,
    the information state) the history of action ids."""

    def __init__(self, game: str, history: bool = False) -> None:
        self.encoding = ENCODINGS[game]
        self.history = history
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LudeumState, player: int) -> None:
        self.tensor[:] = self.encoding.observe(state.engine_state(), player)

    def string_from(self, state: LudeumState, player: int) -> str:
        if self.history:  # OpenSpiel's own list of the actions' ids: fast, and complete
            return state.history_str()
        return board_text(state.engine_state())


def _name_of(engine) -> str:
    return type(engine).__name__.removesuffix("State").lower()


GAMES = {game: _game_class(game) for game in ENCODINGS}
for _game, _class in GAMES.items():
    pyspiel.register_game(_game_type(_game), _class)
