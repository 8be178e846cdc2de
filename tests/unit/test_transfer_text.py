"""The plain-text move list (``ludeum.records.text``, docs/save-format.md): every game
and ruleset comes back exactly as it was written, and a bad or tampered file is
refused with a ``TextError`` naming its first bad line, never anything else."""

from __future__ import annotations

import json
import random

import pytest

from ludeum import lodestone, saves, senet, squadro
from ludeum.chance import random_play
from ludeum.i18n import set_language
from ludeum.records import text
from ludeum.records.text import TextError, read, read_any, write


def same_game(a, b) -> bool:
    """Histories compare by identity, so two games are the same when their saved
    records (rules, start, every action, position) are."""
    return saves.dump(a) == saves.dump(b)


def random_game(start, seed: int, most: int = 300):
    source = random.Random(seed)
    return random_play(start, source, source.randrange(most + 1))


def line_of(content: str, written: str) -> int:
    """The 1-based number of the first line of ``written`` that begins with ``content``."""
    for number, line in enumerate(written.split("\n"), 1):
        if line.startswith(content):
            return number
    raise AssertionError(f"no line starts with {content!r}")


def refused(written: str) -> TextError:
    with pytest.raises(TextError) as caught:
        read(written)
    return caught.value


# -- round trips ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(senet.PRESETS))
def test_every_senet_preset_round_trips_through_text(preset):
    """15 seeded games per preset (19 presets): 285 games, some played to the end."""
    rules = senet.PRESETS[preset]
    for seed in range(15):
        game = random_game(senet.new_game(rules, seed % 2), seed, most=400 if seed < 12 else 5000)
        players = ("human", "hard") if seed % 3 else None
        state, read_players = read(write(game, players))
        assert same_game(state, game), (preset, seed)
        assert read_players == (players or ("human", "human"))


def test_a_custom_senet_ruleset_is_written_as_json_and_read_back():
    rules = senet.PRESETS["kendall"].with_options(throw_limit=500, safe_squares=frozenset({15}))
    assert rules.preset == "custom"
    game = random_game(senet.new_game(rules, 1), 3)
    written = write(game)
    assert "ruleset: {" in written
    state, _players = read(written)
    assert state.rules == rules and same_game(state, game)


@pytest.mark.parametrize("seed", range(60))
def test_squadro_round_trips_through_text(seed):
    game = random_game(squadro.new_game(seed % 2), seed, most=250)
    state, _players = read(write(game, ("medium", "easy")))
    assert same_game(state, game)


LODESTONE_RULES = [
    lodestone.LodestoneRules(),
    lodestone.LodestoneRules(per_colour_reading=True),
    *(lodestone.LodestoneRules(rotation=turns) for turns in (1, 2, 3)),
    lodestone.LodestoneRules(per_colour_reading=True, rotation=3, moves_without_capture=40),
]


@pytest.mark.parametrize("rules", LODESTONE_RULES, ids=lambda r: repr(r.to_json()))
def test_lodestone_round_trips_under_per_colour_reading_and_rotation(rules):
    for seed in range(12):
        game = random_game(lodestone.new_game(rules, seed % 2), seed, most=400)
        written = write(game)
        state, _players = read(written)
        assert state.rules == rules and same_game(state, game)
        named = rules in (lodestone.LodestoneRules(), lodestone.LodestoneRules(True))
        assert ("ruleset: {" in written) != named


def test_a_finished_game_says_its_result_and_the_reader_checks_it():
    game = random_play(squadro.new_game(0), random.Random(8), 10_000)
    outcome = game.outcome()
    assert outcome is not None
    written = write(game)
    said = f"result: player {outcome.winner + 1} wins"
    assert said in written
    # Claiming the other seat won is caught on the result's own line.
    other = f"result: player {2 - outcome.winner} wins"
    error = refused(written.replace(said, other))
    assert error.line == line_of(other, written.replace(said, other))


def test_a_game_from_a_position_other_than_the_usual_start_keeps_its_start():
    """A Senet game whose record starts mid-game (as a study position would):
    the start header carries it, and the reader checks it as strictly as a save."""
    midway = random_play(senet.new_game(senet.JEQUIER, 0), random.Random(5), 60)
    record = saves.GAMES["senet"][1](midway)
    start = senet.from_json({**record, "actions": [], "start": {
        "position": record["position"], "black_seat": midway.black_seat, "waiting": 0,
        "forced": None, "throws": midway.throws}})  # fmt: skip
    game = random_play(start, random.Random(6), 40)
    written = write(game)
    assert "\nstart: {" in written and "first:" not in written
    state, _players = read(written)
    assert same_game(state, game)


# -- what the reader ignores, and what it accepts ------------------------------------------


def test_comments_and_blank_lines_are_ignored():
    game = random_game(senet.new_game(senet.JEQUIER, 0), 11, most=80)
    written = write(game)
    stripped = write(game, comments=False)
    body = stripped.split(text.FORMAT_LINE)[1]
    assert "#" in written.split(text.FORMAT_LINE)[1] and "#" not in body
    noisy = "\n\n".join(line + "   # anything, even 12. T0000 or end" for line in
                        stripped.splitlines())  # fmt: skip
    for version in (written, stripped, "# a note first\n\n" + noisy):
        assert same_game(read(version)[0], game)


def test_comments_are_in_the_current_language_and_read_the_same():
    game = random_game(lodestone.new_game(lodestone.STANDARD, 0), 2, most=30)
    try:
        set_language("fr")
        french = write(game)
    finally:
        set_language("en")
    assert french != write(game)
    assert same_game(read(french)[0], game)


def test_windows_line_ends_and_a_byte_order_mark_are_accepted():
    game = random_game(squadro.new_game(0), 4, most=40)
    written = "\ufeff" + write(game).replace("\n", "\r\n")
    assert same_game(read(written)[0], game)


def test_headers_are_checked_case_insensitively_but_the_notation_is_exact():
    written = "ludeum MOVE list 1\nGame: squadro\nfirst: Player 2\n1. 3\nEND\n"
    state, _players = read(written)
    assert [a.notation() for a in state.actions()] == ["3"] and state.start().seat == 1


def test_a_person_can_write_a_short_list_by_hand():
    state, players = read("Ludeum move list 1\ngame: senet\nend\n")
    assert same_game(state, senet.new_game(senet.JEQUIER, 0)) and players == ("human", "human")


# -- tampered and bad files: the first bad line ---------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_an_illegal_action_at_line_k_is_reported_as_line_k(seed):
    """Each game type in turn; the action chosen at random is replaced by one the
    game reads but that is not legal there (or not notation at all)."""
    starts = [senet.new_game(senet.JEQUIER, 0), squadro.new_game(0),
              lodestone.new_game(lodestone.STANDARD, 0)]  # fmt: skip
    start = starts[seed % 3]
    game = random_game(start, seed, most=200)
    while len(game.actions()) < 10:
        game = random_game(start, seed + 100, most=200)
    written = write(game)
    lines = written.split("\n")
    number = random.Random(seed).randrange(1, len(game.actions()) + 1)
    k = line_of(f"{number}. ", written)
    legal = game.start()
    for action in game.actions()[: number - 1]:
        legal = legal.apply(action)
    for junk in ("T1111", "30-off", "1", "5", "a1-a8", "Kd", "pass", "zz"):
        try:
            legal.apply(_parse(legal, junk))
        except Exception:
            break
    else:
        pytest.skip("every junk action was legal here")
    lines[k - 1] = f"{number}. {junk}   # tampered"
    error = refused("\n".join(lines))
    assert error.line == k
    assert f"Action {number}" in error.reason


def _parse(state, notation):
    game = saves.game_name(state)
    if game == "squadro":
        return squadro.Move.parse(notation)
    return (senet if game == "senet" else lodestone).parse_action(notation)


def test_a_missing_action_line_is_reported_where_the_numbers_break():
    game = random_game(senet.new_game(senet.JEQUIER, 0), 1, most=100)
    written = write(game, comments=False)
    lines = written.split("\n")
    k = line_of("5. ", written)
    del lines[k - 1]
    error = refused("\n".join(lines))
    assert error.line == k and "Expected action number 5" in error.reason


def test_a_bad_header_is_reported_on_its_line():
    base = "Ludeum move list 1\ngame: senet\nruleset: {}\nend\n"
    cases = {
        base.replace("{}", "jequier_ludi"): 3,
        base.replace("{}", '{"pieces": "5"}'): 3,
        base.replace("{}", "[" * 2000): 3,
        base.replace("game: senet", "game: chess"): 2,
        base.replace("ruleset: {}", "colour: white"): 3,
        base.replace("ruleset: {}", "players: human, grandmaster"): 3,
        base.replace("ruleset: {}", "result: white wins"): 3,
        base.replace("ruleset: {}", "first: player 3"): 3,
        base.replace("ruleset: {}", 'start: {"position": "nonsense"}'): 3,
        base.replace("ruleset: {}", "ruleset: tait\nruleset: tait"): 4,
        "Ludeum move list 1\nruleset: tait\ngame: senet\nend\n": 2,
        "Ludeum move list 2\ngame: senet\nend\n": 1,
        "Ludeum move list 1\ngame: squadro\n1. 1\nfirst: player 2\nend\n": 4,
        "Ludeum move list 1\ngame: squadro\nruleset: jequier\nend\n": 3,
        "Ludeum move list 1\ngame: squadro\nthis is not a line\nend\n": 3,
    }
    for written, line in cases.items():
        assert refused(written).line == line, written


def test_the_result_header_must_match_the_actions():
    written = "Ludeum move list 1\ngame: squadro\nresult: player 1 wins\n1. 1\nend\n"
    error = refused(written)
    assert error.line == 3 and "unfinished" in error.reason


def test_a_truncated_file_is_reported_where_it_stops():
    game = random_game(senet.new_game(senet.PRESETS["kendall"], 0), 9, most=150)
    written = write(game)
    lines = written.rstrip("\n").split("\n")
    cut_at_line = "\n".join(lines[:-6]) + "\n"  # cut between two lines: no "end"
    assert refused(cut_at_line).line == len(lines) - 5
    last = lines[-7]
    cut_in_line = "\n".join(lines[:-7] + [last[: last.index(".") + 4]])  # mid-notation
    assert refused(cut_in_line).line == len(lines) - 6
    assert refused("").line == 1
    assert refused("Ludeum move list 1\n").line == 2


def test_binary_junk_is_refused_at_line_1_or_its_own_line():
    junk = bytes(random.Random(0).randrange(256) for _ in range(4000))
    assert refused(junk.decode("latin-1")).line == 1
    assert refused(junk.decode("utf-8", errors="replace")).line == 1
    assert refused(b"\x89PNG\r\n\x1a\n".decode("latin-1")).line == 1
    good = "Ludeum move list 1\ngame: squadro\n1. 1\n2. 1\nend\n"
    assert refused(good.replace("2. 1", "2. 1\x00\x01")).line == 4
    assert refused(b"not text at all").line == 1  # bytes, not str


def test_a_huge_file_or_line_is_refused_before_it_is_read():
    assert refused("#" * (text.MAX_LENGTH + 1)).line == 1
    long_line = "Ludeum move list 1\ngame: squadro\n# " + "x" * text.MAX_LINE + "\nend\n"
    assert refused(long_line).line == 3
    # Many headers repeated, or many actions after the end, stop at the first bad line.
    assert refused("Ludeum move list 1\ngame: squadro\nend\n" + "1. 1\n" * 100_000).line == 4


def test_nothing_may_follow_end():
    error = refused("Ludeum move list 1\ngame: squadro\n1. 1\nend\n2. 1\n")
    assert error.line == 5


def test_errors_are_translated_with_their_fields():
    error = refused("Ludeum move list 1\ngame: chess\nend\n")
    try:
        set_language("fr")
        french = error.text()
    finally:
        set_language("en")
    assert "chess" in french and french != error.reason


def test_the_reader_raises_only_text_errors_on_random_damage():
    """A thousand random edits of real files: one character changed, a line dropped
    or doubled. Each is read or refused with a TextError naming a line of the file."""
    source = random.Random(42)
    starts = [senet.new_game(senet.PRESETS["tait"], 1), squadro.new_game(0),
              lodestone.new_game(lodestone.LodestoneRules(rotation=1), 1)]  # fmt: skip
    files = [write(random_game(start, n, most=120)) for n, start in enumerate(starts)]
    for _ in range(1000):
        lines = source.choice(files).split("\n")
        k = source.randrange(len(lines))
        edit = source.randrange(3)
        if edit == 0 and lines[k]:
            i = source.randrange(len(lines[k]))
            lines[k] = lines[k][:i] + source.choice("0123456789-.:#xTKd {}\n") + lines[k][i + 1 :]
        elif edit == 1:
            del lines[k]
        else:
            lines.insert(k, lines[k])
        damaged = "\n".join(lines)
        try:
            read(damaged)
        except TextError as error:
            assert 1 <= error.line <= damaged.count("\n") + 2


# -- either file ---------------------------------------------------------------------------


def test_read_any_takes_a_saved_game_or_a_move_list():
    game = random_game(senet.new_game(senet.JEQUIER_LUDII, 0), 21, most=100)
    for written in (saves.dump(game, ("easy", "human")), write(game, ("easy", "human"))):
        state, players = read_any(written)
        assert same_game(state, game) and players == ("easy", "human")


def test_read_any_reports_a_bad_saved_game_at_the_json_line_or_line_1():
    game = random_game(squadro.new_game(0), 2, most=20)
    pretty = json.dumps(json.loads(saves.dump(game)), indent=1)
    broken = pretty.replace('"actions": [', '"actions": [,', 1)
    with pytest.raises(TextError) as caught:
        read_any(broken)
    bad_line = next(n for n, line in enumerate(broken.split("\n"), 1) if "[," in line)
    assert caught.value.line == bad_line
    tampered = saves.dump(game).replace('"actions":["', '"actions":["9","', 1)
    with pytest.raises(TextError) as caught:
        read_any(tampered)
    assert caught.value.line == 1 and "move 1" in caught.value.reason
    with pytest.raises(TextError) as caught:
        read_any("{" * 5000)
    assert caught.value.line == 1


def test_the_documented_examples_read_as_the_games_they_describe():
    """docs/save-format.md's move lists are real: each reads, and says what it shows."""
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "save-format.md").read_text(encoding="utf-8")
    section = doc.split("## The move list as text")[1].split("\n## ")[0]
    examples = [block.split("```")[0] for block in section.split("```text\n")[1:]]
    games = [read(example)[0] for example in examples]
    assert [saves.game_name(game) for game in games] == ["senet", "squadro", "lodestone"]
    assert [len(game.actions()) for game in games] == [8, 4, 3]
    assert games[2].rules.per_colour_reading and games[0].start().seat == 1


def test_header_names_and_values_are_read_in_any_case():
    state, players = read("LUDEUM MOVE LIST 1\nGame: Senet\nRuleset: TAIT\nPlayers: Human, "
                          "HARD\nEND\n")  # fmt: skip
    assert state.rules == senet.PRESETS["tait"] and players == ("human", "hard")


def test_an_imported_json_file_keeps_the_keys_other_versions_add():
    """A saved game exported by a later app (with its take-back line, say) is stored
    as it came, compacted; a move list is stored as a fresh record."""
    game = random_game(squadro.new_game(0), 7, most=30)
    envelope = json.loads(saves.dump(game, ("human", "easy")))
    envelope["ahead"] = ["1", "2"]
    pretty = "\ufeff" + json.dumps(envelope, indent=2)
    state, players = read_any(pretty)
    stored = text.saved_game(pretty, state, players)
    assert json.loads(stored) == envelope and "\n" not in stored
    assert same_game(saves.load(stored), game)
    listing = write(game, players)
    assert text.saved_game(listing, *read_any(listing)) == saves.dump(game, ("human", "easy"))


def test_a_very_long_game_is_written_without_comments_and_read_back():
    """Past MAX_COMMENTED actions the writer leaves comments out, so that the file
    stays under MAX_LENGTH and the reader takes back what the writer gave."""
    from long_games import senet_record

    game = saves.load(senet_record(text.MAX_COMMENTED + 2))
    written = write(game)
    assert len(written) < text.MAX_LENGTH
    assert "#" not in written.split(text.FORMAT_LINE)[1]
    assert same_game(read(written)[0], game)
