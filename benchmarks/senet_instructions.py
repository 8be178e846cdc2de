"""Senet games to count instructions with callgrind (not a test).

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python3 benchmarks/senet_instructions.py {before|now} PRESET {playout|states} GAMES

Plays GAMES seeded random games from the start, with ``random_playout`` or through
the state API, on today's engine (``now``) or the frozen copy of the engine before
issue 28 (``before``), after one game to warm the caches. Instructions per game: the
``Collected`` count of a run of GAMES games less that of a run of none, divided by
GAMES. Callgrind counts are deterministic: load on the machine does not change them.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from ludeum.chance import random_choice  # noqa: E402
from ludeum.senet import PRESETS, throw_sticks  # noqa: E402


def through_states(state, source):
    while state.winner is None:
        if state.throw is None:
            state = state.apply(throw_sticks(source))
        else:
            state = state.apply(random_choice(state.moves, source))
    return state.winner


def main() -> None:
    engine, preset, loop, games = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    if engine == "before":
        from senet_reference_engine.playout import random_playout
        from senet_reference_engine.state import new_game
    else:
        from ludeum.senet import new_game
        from ludeum.senet.playout import random_playout
    play = random_playout if loop == "playout" else through_states
    start = new_game(PRESETS[preset])
    play(start, random.Random(99))  # tables and caches made before counting
    source = random.Random(7)
    for _ in range(games):
        play(start, source)


if __name__ == "__main__":
    main()
