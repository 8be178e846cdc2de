"""Two devices playing a whole game by links, in memory: what the browser does with
each link (read it, compare it with the game kept here, play while this device can,
send the game back), without the page. Used by test_correspondence.py and
benchmarks/friend_links.py."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ludeum.correspondence import friend, letters, windows
from ludeum.protocol import CHANCE


class SeededSecrets:
    """A stand-in for the ``secrets`` module, from a seeded random source."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def token_bytes(self, size: int) -> bytes:
        return self.rng.randbytes(size)


@dataclass
class Sent:
    """One link on its way: its code, who sent it, the game's actions in it, and
    what the receiver knew of the sender's chain before it (for the foresight
    checks)."""

    code: str
    sender: int
    actions: int
    #: The receiver's game before this link (None: it has none yet).
    before: tuple[Any, friend.FriendGame] | None = None
    #: The sender's game as it sent this link, its secret included.
    sender_kept: tuple[Any, friend.FriendGame] | None = None


@dataclass
class Exchange:
    """The links of a whole game and both devices' games at the end."""

    links: list[Sent] = field(default_factory=list)
    kept: dict[int, tuple[Any, friend.FriendGame]] = field(default_factory=dict)
    #: (device, its game, the actions it knew) after each link it read.
    seen: list[tuple[int, friend.FriendGame, int]] = field(default_factory=list)


def play_turns(game: friend.FriendGame, state: Any, rng: random.Random) -> Any:
    """This device plays while it can: its throws and random legal moves."""
    placed, _ = windows.replay(state)
    while friend.can_act(game, state, placed):
        if state.to_act() == CHANCE:
            action = friend.throw_here(game, state, placed)
            placed, _ = placed.place(state)
        else:
            action = rng.choice(state.legal_moves())
        state = state.apply(action)
    return state


def exchange(start: Any, seed: int, names=("Ana", "Bo"), max_links: int = 20_000,
             stop_after: int | None = None) -> Exchange:  # fmt: skip
    """Seat 0's device invites seat 1's; they pass links until both hold the end (or
    until ``stop_after`` links were read, for a test of the beginning)."""
    rng = random.Random(seed)
    source = SeededSecrets(rng)
    result = Exchange()
    game = friend.begin(start, 0, names[0], source)
    state = play_turns(game, start, rng)
    device = 0
    while True:
        placed, _ = windows.replay(state)
        game = friend.outgoing(game, state, placed)
        result.kept[device] = (state, game)
        code = letters.write(state, game)
        device = 1 - device
        result.links.append(Sent(code, 1 - device, len(state.actions()), result.kept.get(device),
                                 result.kept[1 - device]))  # fmt: skip
        read_state, read_game = letters.read(code)
        arrival = friend.receive(read_state, read_game, result.kept.get(device),
                                 names[device], source)  # fmt: skip
        state, game = arrival.state, arrival.game
        result.seen.append((device, game, len(state.actions())))
        if stop_after is not None and len(result.links) >= stop_after:
            result.kept[device] = (state, game)
            return result
        if state.outcome() is not None and arrival.kind != friend.TURN:
            result.kept[device] = (state, game)
            return result
        state = play_turns(game, state, rng)
        if len(result.links) > max_links:
            raise AssertionError("the game by links never ended")
