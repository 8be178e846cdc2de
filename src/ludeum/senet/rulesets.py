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
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

STARTING_LOCK_MODES = ("off", "literal", "next_square_empty")
BACKWARD_PRIORITY_MODES = ("global", "per_piece")


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
        return cls(**values)


def _problems(rules: SenetRules) -> list[str]:
    problems = []
    if rules.family != "jequier":
        problems.append(f"unknown Senet family {rules.family!r}")
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

PRESETS: dict[str, SenetRules] = {r.preset: r for r in (JEQUIER, JEQUIER_LUDII)}
