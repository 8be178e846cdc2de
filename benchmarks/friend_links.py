"""Friend-link lengths (not a test: it prints figures for docs/performance.md).

    python3 benchmarks/friend_links.py [--games 1000]

For each game (Senet under Jéquier's reading, Ludii's reading of Jéquier, Kendall's
with all four options, and Tait's; Squadro; Lodestone), plays ``--games`` seeded
random games to their end and writes the link that the last action's device sends
(``ludeum.correspondence``): the whole game, both chains' anchors and their highest
values revealed as far as the scheme asks at that point, both players' names at
their longest (24 characters of four UTF-8 bytes each: the worst case), the seal and
the sender's share (carried until the friend has sealed a link: the worst case too). A game's
last link is its longest: every link of a game holds every action before it. A
length is the whole query, ``?friend=<code>``, what the link adds to the app's
address.

The chains here are random bytes of the right size (a link's length does not depend
on their values); tests/unit/test_correspondence.py plays whole exchanges with real
ones. Random games are longer than people's, so these are upper figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from ludeum.correspondence import friend, letters, seals, windows  # noqa: E402
from ludeum.lodestone import new_game as new_lodestone  # noqa: E402
from ludeum.senet import PRESETS  # noqa: E402
from ludeum.senet import new_game as new_senet  # noqa: E402
from ludeum.squadro import new_game as new_squadro  # noqa: E402

QUERY = "?friend="
#: The longest names a link can carry: 24 characters of 4 bytes each.
NAMES = ("\U0001f3b2" * 24, "\U00013080" * 24)
#: Every reading whose games run long: Ludii's Jéquier plays to the throw limit more
#: often than any other (issue 52 found it missing here).
SENET_READINGS = ("jequier", "jequier_ludii", "kendall_five_pieces_starting_throw_trap_home_row",
                  "tait")  # fmt: skip


def random_game(start, source: random.Random):
    from ludeum.chance import random_play

    return random_play(start, source, 10**6)


def last_link(state, source: random.Random) -> str:
    """The link the device of the game's last action sends, as long as it can be."""
    last = friend.actor(_before_last(state))
    game = friend.FriendGame(source.randbytes(friend.ID_BYTES), last, NAMES)
    if friend.has_chance(state):
        placed, _indices = windows.replay(state)
        length = windows.chain_length(state.rules)
        heights = (placed.used, placed.used)
        anchors = (source.randbytes(16), source.randbytes(16))
        tops = (source.randbytes(16), source.randbytes(16))
        game = friend.FriendGame(game.id, last, NAMES, length, anchors, heights, tops)
    # Sealed, and still carrying the sender's share (a friend who has not yet sealed
    # a link): the longest a link can be (correspondence.seals).
    shares = (source.randbytes(seals.SHARE_BYTES), source.randbytes(seals.SHARE_BYTES))
    game = dataclasses.replace(game, shares=shares, proven=False)
    return QUERY + letters.write(state, game)


def _before_last(state):
    current = state.start()
    for action in state.actions()[:-1]:
        current = current.apply(action)
    return current


def measure(name: str, new_game, games: int) -> dict:
    rows = []
    for seed in range(games):
        source = random.Random(seed)
        state = random_game(new_game(), source)
        throws = getattr(state, "throws", 0)
        rows.append((len(last_link(state, source)), len(state.actions()), throws))
    rows.sort()
    longest = rows[-1]
    over_300 = [r for r in rows if r[2] >= 300]
    return {
        "name": name,
        "median": rows[len(rows) // 2][0],
        "mean": statistics.fmean(r[0] for r in rows),
        "longest": longest,
        "over_300": (len(over_300), max(over_300)[0]) if over_300 else (0, 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    games = parser.parse_args().games
    started = time.perf_counter()
    print(f"# friend links, {games} random games each, Python {platform.python_version()}")
    print("| game | median | mean | longest (actions, throws) | games of 300+ throws: "
          "count, longest |")  # fmt: skip
    print("| --- | --- | --- | --- | --- |")
    cases = [(f"Senet ({preset})", lambda p=preset: new_senet(PRESETS[p], 0))
             for preset in SENET_READINGS]  # fmt: skip
    cases += [("Squadro", lambda: new_squadro(0)), ("Lodestone", lambda: new_lodestone())]
    for name, new_game in cases:
        row = measure(name, new_game, games)
        length, actions, throws = row["longest"]
        count, longest_300 = row["over_300"]
        print(f"| {name} | {row['median']} | {row['mean']:.0f} | {length} ({actions}, "
              f"{throws}) | {count}, {longest_300 or '-'} |")  # fmt: skip
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
