"""Senet rulesets as data: one frozen settings value read by one engine.

Jéquier (Botermans reading) -- the default
    Source: Gustave Jéquier's reconstruction (1930) as printed in Jack Botermans et
    al., *The World of Games*, in the help text of seed 000. Where that text is silent
    we follow the project's rules spec, section 2:

    * Bumping swaps: the bumped piece goes to the square the attacker left.
    * Safe squares are the marked squares 26, 28, 29 and 30 (27 is the water).
    * Backward moves only when no piece of the player can move forward; they never
      capture and must land on an empty square.
    * Bearing off: once all the player's pieces are on 21-30, any move that reaches
      or passes 30 removes the piece. Before that, a move ending exactly on 30 is an
      ordinary move and passing 30 is not allowed. A bearing-off piece never lands,
      so whatever stands on 30 does not stop it.
    * A throw that cannot be used is lost and the turn passes, even a 1, 4 or 6.
    * "A row" (for protection and for the blockade of three) means neighbours along
      the track, so 10/11 and 20/21 are neighbours; only the opponent's pieces count.
    * The water (27) sends a piece to the lowest-numbered empty square, counted after
      the piece has left its square; every square 1-30 is scanned.
    * Blockades also stop backward moves; a backward move landing on 27 falls in the
      water; backward moves never bear off; a piece may step back out of 21-30.
    * The opening: seats throw in turn until one throws a 1; that seat plays Black and
      must use the 1 on Black's front piece (10 to 11), then throws again.
    * Score for the winner: 3, 2 or 1 points for each opposing piece left on the first,
      middle or last row (from seed 001); it never changes who wins.

Jéquier (Ludii reading)
    Source: the Ludii ruleset page of seed 001 and what Ludii's code does (spec 2.10):
    bumped pieces go to the first empty square, safe squares 15/26/28/29, a piece on
    1-10 may move only when the next square is empty, backward moves decided piece by
    piece and allowed to capture, bearing off only by passing 30, an unusable 1, 4 or
    6 still throws again, rows broken at the corners with the blockade counting pieces
    of both colours. We keep Ludii's intent but not its bugs: the first empty square
    is looked for on the whole track, not only on 1-10.

Kendall, with four options (16 rulesets)
    Source: Timothy Kendall's rules (1979 rule book of the set *Passing Through
    the Netherworld*) as summarised and coded by Ludii (seed 001 lists the 16 rulesets;
    spec section 3). Choices:

    * Seven pieces each on 1-14 (five on 1-10 with Five Pieces). As in Jéquier, the
      first seat to throw a 1 takes the pieces on the even squares and moves the
      front one a square; we draw that side dark ("Black") in every reading so the
      board looks the same, although Kendall's own text calls it white.
    * No light side up counts 5; 1, 4 and 5 earn another throw, even when the throw
      cannot be used, but not after a water action (going back to 15, waiting in the
      water, bearing off from it). Each throw is played as it is thrown (Ludii), not
      saved up for the end of the turn (Kendall's prose).
    * A piece before 26 must land on 26 exactly: it cannot pass it. From 26 a 1
      enters the water (27) if it is free, 2/3/4 go to 28/29/30, 5 bears off. From 28
      only a 3 bears off, from 29 only a 2, from 30 any throw. Bearing off is never
      compulsory: when it is all a throw allows, the player may pass instead.
    * Capture by landing on a lone opposing piece, which swaps to the mover's square;
      two opposing pieces side by side along the track protect each other (10/11 and
      20/21 are neighbours; Ludii's wrap-around quirks are not copied). From 26 onto
      28-30 the captured piece goes into the water instead, and only while the water
      is empty: so 28-30 are safe while a piece waits in the water. No blockades.
    * Backward moves only when no piece can go forward, for pieces on 1-26, onto an
      empty square or a lone opposing piece, which swaps forward.
    * A piece in the water freezes its owner's other pieces. Each throw: a 4 bears it
      off; another value may bring it back to 15 if 15 is free; or it waits (a pass).
      Coming back costs a turn, modelled as Ludii does: the throw is spent on the move
      to 15 and the next throw must move that piece (forward, else backward).
    * Options: Five Pieces; Starting Throw (the second player may not move any piece
      until it has thrown a 1, and may use that 1 at once); Trap (a piece before 26
      whose throw would carry it past 26 may instead go into the water, if it is free);
      Home Row (no bearing off, from anywhere, while an own piece is on 1-10).

Tait
    Source: John Tait's rules as given in seed 003 (no other source; spec section 4).
    Choices:

    * Five pieces each start off the board, on a plinth. Player 1 plays Black and
      throws first; there is no opening. No light side up counts 6.
    * Each throw allows exactly one action, and acting is compulsory when any action
      is legal (otherwise the seed's remark that players have "no real choices" would
      be false): enter a piece on square 4 with a 4 or square 6 with a 6; move a piece
      forward; or bear off with an exact throw (30 needs 1, 25 needs 6).
    * Landing on an opposing piece sends it back to its plinth, except on 15, the House
      of Rebirth, where it is safe. Pieces pass over anything; no protection, no
      blockade, no backward moves.
    * A move into the water (27) sends the piece back to its plinth, and is allowed
      only when no other action is.
    * Another throw (one at most) after a 6, even an unusable one; after landing on 26;
      after bearing off.

Every reading: a game stops after ``throw_limit`` throws (3,000, about eight times a
long game), since some readings let pieces shuffle back and forth without end: Ludii's
piece-by-piece backward moves do under random play, and under Kendall's Home Row a side
can freeze for good (a piece in the water that may not bear off, its way back to 15
held by its own frozen piece), leaving its piece on 26 protected for ever, so that the
other side, which must land on 26 exactly, can never finish either. The limit counts
every throw, the opening's included, and is judged on the position the last action
left. The side with more pieces borne off then wins, else the one further along the
track; else it is a draw, as it is when the limit comes before the colours are decided
(nobody is ahead). This is the app's addition, as OpenSpiel caps its race games.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

FAMILIES = ("jequier", "kendall", "tait")
STARTING_LOCK_MODES = ("off", "literal", "next_square_empty")
BACKWARD_PRIORITY_MODES = ("global", "per_piece")
#: A bound on the throw limit, so that every number a saved ruleset holds is bounded:
#: over 300 times the default, far beyond any game people or the computer play.
MAX_THROW_LIMIT = 1_000_000


@dataclass(frozen=True)
class SenetRules:
    """Every choice the engine makes that differs between readings of Senet."""

    preset: str = "jequier"
    family: str = "jequier"
    pieces: int = 5
    zero_light_value: int = 6
    extra_throw_values: frozenset[int] = frozenset({1, 4, 6})
    safe_squares: frozenset[int] = frozenset({26, 28, 29, 30})
    bump_to_first_empty: bool = False
    starting_lock: str = "off"
    backward_can_capture: bool = False
    backward_priority: str = "global"
    bear_off_on_exact_30: bool = True
    extra_throw_after_forfeit: bool = False
    rows_turn_corners: bool = True
    starting_throw: bool = False  # Kendall option
    trap: bool = False  # Kendall option
    home_row: bool = False  # Kendall option
    throw_limit: int = 3000

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise ValueError("; ".join(problems))

    def throw_value(self, light: int) -> int:
        return light if light else self.zero_light_value

    def with_options(self, **changes: Any) -> SenetRules:
        """A copy with some settings changed; it is then a custom ruleset unless it
        equals a preset."""
        rules = replace(self, preset="custom", **changes)
        for preset in PRESETS.values():
            if replace(preset, preset="custom") == rules:
                return preset
        return rules

    def to_json(self) -> dict:
        data = asdict(self)
        for name in ("extra_throw_values", "safe_squares"):
            data[name] = sorted(data[name])
        return data

    @classmethod
    def from_json(cls, data: Any) -> SenetRules:
        """Rebuild settings from ``to_json`` output; raises ValueError on anything odd."""
        if not isinstance(data, dict):
            raise ValueError("ruleset must be an object")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ValueError(f"unknown ruleset settings: {', '.join(unknown)}")
        values = {}
        for name, value in data.items():
            expected = type(getattr(JEQUIER, name))
            if expected is frozenset:
                if not isinstance(value, list) or not all(type(v) is int for v in value):
                    raise ValueError(f"ruleset setting {name} must be a list of integers")
                value = frozenset(value)
            elif type(value) is not expected:
                raise ValueError(f"ruleset setting {name} has the wrong type")
            values[name] = value
        preset = values.get("preset", JEQUIER.preset)
        if preset != "custom" and preset not in PRESETS:
            raise ValueError("preset must be custom or a preset's name")
        return cls(**values)


def _problems(rules: SenetRules) -> list[str]:
    problems = []
    if rules.family not in FAMILIES:
        problems.append(f"unknown Senet family {rules.family!r}")
    if rules.family != "kendall" and (rules.starting_throw or rules.trap or rules.home_row):
        problems.append("starting_throw, trap and home_row are options of Kendall's rules")
    if not 0 <= rules.throw_limit <= MAX_THROW_LIMIT:
        problems.append(f"throw_limit must be 0 (none) to {MAX_THROW_LIMIT:,}")
    if not 1 <= rules.pieces <= 7:
        problems.append("pieces must be between 1 and 7")
    if rules.zero_light_value not in (5, 6):
        problems.append("zero_light_value must be 5 or 6")
    if not rules.extra_throw_values <= {1, 2, 3, 4, 5, 6}:
        problems.append("extra_throw_values must be throw values 1-6")
    if not rules.safe_squares <= set(range(1, 31)) or 27 in rules.safe_squares:
        problems.append("safe_squares must be squares 1-30 other than the water (27)")
    if rules.starting_lock not in STARTING_LOCK_MODES:
        problems.append(f"starting_lock must be one of {', '.join(STARTING_LOCK_MODES)}")
    if rules.backward_priority not in BACKWARD_PRIORITY_MODES:
        problems.append(f"backward_priority must be one of {', '.join(BACKWARD_PRIORITY_MODES)}")
    return problems


JEQUIER = SenetRules()

JEQUIER_LUDII = SenetRules(
    preset="jequier_ludii",
    bump_to_first_empty=True,
    safe_squares=frozenset({15, 26, 28, 29}),
    starting_lock="next_square_empty",
    backward_can_capture=True,
    backward_priority="per_piece",
    bear_off_on_exact_30=False,
    extra_throw_after_forfeit=True,
    rows_turn_corners=False,
)

KENDALL_OPTIONS = ("five_pieces", "starting_throw", "trap", "home_row")


def kendall(
    five_pieces: bool = False,
    starting_throw: bool = False,
    trap: bool = False,
    home_row: bool = False,
) -> SenetRules:
    """One of Kendall's 16 rulesets; its preset name lists the options taken."""
    chosen = {"five_pieces": five_pieces, "starting_throw": starting_throw}
    chosen.update(trap=trap, home_row=home_row)
    name = "_".join(["kendall"] + [option for option in KENDALL_OPTIONS if chosen[option]])
    return SenetRules(
        preset=name,
        family="kendall",
        pieces=5 if five_pieces else 7,
        zero_light_value=5,
        extra_throw_values=frozenset({1, 4, 5}),
        safe_squares=frozenset(),
        extra_throw_after_forfeit=True,
        starting_throw=starting_throw,
        trap=trap,
        home_row=home_row,
    )


KENDALL = kendall()

TAIT = SenetRules(
    preset="tait",
    family="tait",
    extra_throw_values=frozenset({6}),
    safe_squares=frozenset({15}),
    extra_throw_after_forfeit=True,
)

#: Every named ruleset, by preset name: Jéquier's two readings, Kendall's 16, Tait.
PRESETS: dict[str, SenetRules] = {
    r.preset: r
    for r in (
        JEQUIER,
        JEQUIER_LUDII,
        *(
            kendall(*flags)
            for flags in [tuple(bool(n >> i & 1) for i in range(4)) for n in range(16)]
        ),
        TAIT,
    )
}
