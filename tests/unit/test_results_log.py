"""The visitor's own record (ludeum.records.results): the name, an entry made from a
finished game, the log read and written (never raising on garbage), the merge of an
import, and the figures: by game and reading, by opponent, the streaks and the list."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ludeum.lodestone import new_game as new_lodestone
from ludeum.lodestone.rules import LodestoneRules
from ludeum.protocol import CHANCE
from ludeum.records import link
from ludeum.records import results as r
from ludeum.senet import new_game as new_senet
from ludeum.senet.rulesets import PRESETS
from ludeum.squadro import new_game as new_squadro


def played_out(state, seed: int = 0):
    source = random.Random(seed)
    while state.outcome() is None:
        if state.to_act() == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(
                source.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            )
        else:
            state = state.apply(source.choice(state.legal_moves()))
    return state


SQUADRO = played_out(new_squadro(0), 3)
AT = "2026-11-30T14:03:09"


def entry(opponent="hard", seat=0, winner=0, at=AT, game="squadro", reading=(), friend=None,
          moves=10, code=None) -> r.Entry:  # fmt: skip
    return r.Entry(game, reading, opponent, seat, winner, at, moves, code, friend)


# -- the name ------------------------------------------------------------------------------


def test_a_name_is_cleaned_like_a_saved_games_name_and_cut_at_24() -> None:
    assert r.clean_name("  Ada \t\n  Lovelace  ") == "Ada Lovelace"
    assert r.clean_name("Zoë\x00\x1b[31m") == "Zoë [31m"
    assert r.clean_name("x" * 100) == "x" * 24
    assert r.clean_name(None) == "" and r.clean_name(42) == "" and r.clean_name("   ") == ""


# -- an entry from a finished game ---------------------------------------------------------


def test_an_entry_says_the_game_opponent_seat_result_and_holds_the_whole_game() -> None:
    made = r.entry_for(SQUADRO, ("human", "hard"), at=AT, moves=40)
    assert (made.game, made.opponent, made.seat, made.at, made.moves) == (
        "squadro", "hard", 0, AT, 40)  # fmt: skip
    assert made.winner == SQUADRO.outcome().winner
    assert made.result == ("win" if made.winner == 0 else "loss")
    assert link.decode(made.code).actions() == SQUADRO.actions()


def test_the_visitor_in_the_second_seat_loses_what_the_first_seat_wins() -> None:
    first = r.entry_for(SQUADRO, ("human", "easy"), at=AT, moves=1)
    second = r.entry_for(SQUADRO, ("easy", "human"), at=AT, moves=1)
    assert {first.result, second.result} == {"win", "loss"} and second.seat == 1


def test_two_people_and_the_computer_against_itself_are_nobodys_result() -> None:
    people = r.entry_for(SQUADRO, ("human", "human"), at=AT, moves=1)
    watched = r.entry_for(SQUADRO, ("medium", "medium"), at=AT, moves=1)
    assert (people.opponent, people.seat, people.result, people.counted) == (
        "human", None, None, False)  # fmt: skip
    assert (watched.opponent, watched.seat, watched.result) == ("watch", None, None)


def test_a_friend_game_takes_the_seat_and_the_friends_name_from_the_save() -> None:
    friend = {"seat": 1, "names": ["Sam  the\tbold", "Me"], "link": "…"}
    made = r.entry_for(SQUADRO, ("friend", "human"), at=AT, moves=3, friend=friend)
    assert (made.opponent, made.seat, made.friend) == ("friend", 1, "Sam the bold")
    assert made.counted and made.opponent_key == "friend:Sam the bold"
    assert r.entry_from_json(made.to_json()) == made
    # A friend object that does not fit the seats is not trusted: nobody's result.
    assert r.visitor_seat(("friend", "human"), {"seat": 0, "names": ["a", "b"]})[1] is None
    assert r.visitor_seat(("friend", "human"), "not an object")[1] is None


def test_a_game_that_cannot_be_a_link_is_kept_without_its_code() -> None:
    class Unlinkable:
        def outcome(self):
            return SQUADRO.outcome()

    original = link.encode
    try:
        link.encode = lambda state: (_ for _ in ()).throw(link.LinkError("too long"))
        made = r.entry_for(SQUADRO, ("human", "hard"), at=AT, moves=1)
    finally:
        link.encode = original
    assert made.code is None and r.entry_from_json(made.to_json()) == made


def test_an_unfinished_game_is_refused() -> None:
    try:
        r.entry_for(new_squadro(0), ("human", "hard"), at=AT, moves=0)
    except ValueError:
        return
    raise AssertionError("an unfinished game was logged")


def test_readings_are_data_senet_by_preset_or_settings_lodestone_by_options() -> None:
    assert r.reading_of(new_senet(PRESETS["kendall_trap"], 0)) == {"preset": "kendall_trap"}
    custom = PRESETS["jequier"].with_options(bump_to_first_empty=True)
    assert r.reading_of(new_senet(custom, 0))["preset"] == "custom"
    turned = LodestoneRules(rotation=1)
    assert r.reading_of(new_lodestone(turned, 0)) == turned.to_json()
    assert r.reading_of(new_squadro(0)) == {}
    assert r.reading_words("senet", {"preset": "tait"}) == "Tait"
    assert r.reading_words("senet", r.reading_of(new_senet(custom, 0))) == "Jéquier, custom rules"
    assert r.reading_words("lodestone", LodestoneRules().to_json()) == "standard rules"
    assert "quarter" in r.reading_words("lodestone", turned.to_json())


# -- the log as stored ---------------------------------------------------------------------


def test_a_log_round_trips_and_keeps_its_order() -> None:
    log = [entry(at="2026-11-30T10:00:00"), entry("easy", 1, None, at="2026-11-30T11:00:00")]
    assert r.parse_log(r.dump_log(log)) == log


def test_garbage_gives_an_empty_log_and_bad_entries_are_skipped() -> None:
    good = entry().to_json()
    for text in (None, "", "garbage", "{}", "42", "[" * 100_000, '"[]"', "[1,2"):
        assert r.parse_log(text) == []
    bad = [
        {**good, "v": 2},  # a later version
        {**good, "v": True},
        {**good, "game": "chess"},
        {**good, "opponent": "grandmaster"},
        {**good, "seat": 2},
        {**good, "seat": True},
        {**good, "winner": "0"},
        {**good, "moves": -1},
        {**good, "at": "yesterday"},
        {**good, "code": "not a code!"},
        {**good, "result": "loss"},  # does not match winner and seat
        {**good, "reading": {"preset": "kendall_unknown"}},
        {**good, "opponent": "human"},  # two people have no seat
        None,
        [],
        "entry",
    ]
    assert r.parse_log(json.dumps([*bad, good])) == [entry()]


def test_a_senet_reading_must_be_rules_senet_can_have() -> None:
    ok = entry(game="senet", reading=(("preset", "tait"),))
    assert r.parse_log(r.dump_log([ok])) == [ok]
    wrong = {**ok.to_json(), "reading": {"preset": "custom", "pieces": "five"}}
    assert r.parse_log(json.dumps([wrong])) == []


def test_the_stored_items_keep_what_this_version_cannot_read() -> None:
    later = {"v": 2, "game": "chess", "at": "2026-11-29T09:00:00"}
    items = r.stored_items(json.dumps([later]))
    added = r.with_entries(items, [entry()])
    assert added == [later, entry().to_json()]
    assert r.stored_items(None) == [] and r.stored_items("not json") is None
    assert r.stored_items('{"a": 1}') is None


def test_the_log_keeps_the_newest_entries_up_to_its_limit() -> None:
    log = [entry(at=f"2026-11-30T10:{m:02}:00") for m in range(7)]
    kept = r.with_entries([], log, limit=5)
    assert [item["at"] for item in kept] == [e.at for e in log[2:]]
    assert r.appended(log, entry(at="2026-12-01T00:00:00"), limit=3)[-1].at == "2026-12-01T00:00:00"
    assert len(r.appended(log, entry(), limit=3)) == 3


# -- import: the merge ---------------------------------------------------------------------


def test_a_merge_adds_each_game_once_and_orders_by_time() -> None:
    mine = [entry(at="2026-11-30T10:00:00"), entry(at="2026-11-30T12:00:00")]
    theirs = [entry(at="2026-11-30T11:00:00"), mine[1], entry(at="2026-11-30T10:00:00")]
    assert [e.at for e in r.merged(mine, theirs)] == [
        "2026-11-30T10:00:00", "2026-11-30T11:00:00", "2026-11-30T12:00:00"]  # fmt: skip
    # The same second but another game (moves, result) is another entry.
    other = replace(mine[0], moves=11)
    assert len(r.merged(mine, [other])) == 3


def test_an_export_file_reads_back_and_a_saved_game_is_not_one() -> None:
    text = r.export_text("  Ada  ", [entry()])
    assert r.read_export(text) == ("Ada", [entry()])
    assert r.read_export('{"format": "ludeum-save", "version": 1}') is None
    assert r.read_export("garbage") is None
    assert r.read_export('{"format": "ludeum-results", "version": 1, "results": 3}') is None


# -- the figures ---------------------------------------------------------------------------


def test_tallies_by_opponent_count_only_the_visitors_games() -> None:
    log = [
        entry("hard", 0, 0),
        entry("hard", 0, 1),
        entry("easy", 1, 1),
        entry("easy", 1, None),
        entry("human", None, 0),
        entry("friend", 0, 0, friend="Sam"),
        entry("friend", 0, 1, friend="Lee"),
        entry("watch", None, 1),
    ]
    rows = {g.key[0]: (g.listed, g.tally) for g in r.by_opponent(log)}
    assert rows["hard"] == (2, r.Tally(2, 1, 1, 0))
    assert rows["easy"] == (2, r.Tally(2, 1, 0, 1))
    assert rows["friend:Sam"] == (1, r.Tally(1, 1, 0, 0))
    assert rows["friend:Lee"] == (1, r.Tally(1, 0, 1, 0))
    assert rows["human"] == (1, r.Tally()) and rows["watch"] == (1, r.Tally())
    order = [g.key[0] for g in r.by_opponent(log)]
    assert order == ["easy", "hard", "friend:Lee", "friend:Sam", "watch", "human"]


def test_tallies_by_reading_keep_senets_readings_and_lodestones_options_apart() -> None:
    tait, jequier = (("preset", "tait"),), (("preset", "jequier"),)
    turned = tuple(sorted(LodestoneRules(rotation=2).to_json().items()))
    log = [
        entry(game="senet", reading=tait),
        entry(game="senet", reading=jequier, winner=1),
        entry(game="senet", reading=tait, winner=1),
        entry(game="lodestone", reading=turned),
        entry(game="squadro"),
    ]
    rows = [(g.key[0], json.loads(g.key[1]), g.tally) for g in r.by_reading(log)]
    assert rows == [
        ("senet", {"preset": "tait"}, r.Tally(2, 1, 1, 0)),
        ("senet", {"preset": "jequier"}, r.Tally(1, 0, 1, 0)),
        ("squadro", {}, r.Tally(1, 1, 0, 0)),
        ("lodestone", dict(turned), r.Tally(1, 1, 0, 0)),
    ]
    assert [g.key for g in r.by_game(log)] == [("senet",), ("squadro",), ("lodestone",)]


def test_streaks_current_run_and_best_run_of_wins() -> None:
    results = [0, 0, 0, 1, None, 0, 0]  # winner; the visitor holds seat 0
    log = [entry(winner=w) for w in results]
    assert r.streaks(log) == r.Streaks(("win", 2), 3)
    assert r.streaks(log[:4]) == r.Streaks(("loss", 1), 3)
    assert r.streaks(log[:5]) == r.Streaks(("draw", 1), 3)
    # Games nobody counts neither lengthen nor break a run.
    assert r.streaks([*log, entry("human", None, 1), entry(winner=0)]).current == ("win", 3)
    assert r.streaks([]) == r.Streaks(None, 0)


def test_the_finished_list_is_newest_first_with_each_entrys_index() -> None:
    log = [entry(at=f"2026-11-30T10:0{m}:00") for m in range(3)]
    assert [(i, e.at) for i, e in r.finished(log)] == [(2, log[2].at), (1, log[1].at),
                                                       (0, log[0].at)]  # fmt: skip


def test_words_for_opponents_results_and_streaks() -> None:
    assert r.opponent_words("hard") == "Computer · Hard"
    assert (
        r.opponent_words("friend:Sam") == "Friend: Sam"
        and r.opponent_words("friend:") == "A friend"
    )
    assert r.opponent_words("human") == "Two people on this device"
    assert r.result_words(entry(winner=1)) == "Loss"
    assert r.result_words(entry("human", None, 1)) == "Player 2 won"
    assert r.streak_words(("win", 3)) == "3 wins in a row" and r.streak_words(None) == "–"


# -- properties ----------------------------------------------------------------------------

STAMPS = st.builds(
    lambda d, h, m: f"2026-{d // 28 + 1:02}-{d % 28 + 1:02}T{h:02}:{m:02}:00",
    st.integers(0, 300), st.integers(0, 23), st.integers(0, 59),
)  # fmt: skip


@st.composite
def entries(draw) -> r.Entry:
    opponent = draw(st.sampled_from(r.OPPONENTS))
    seat = None if opponent in ("human", "watch") else draw(st.sampled_from((0, 1)))
    friend = draw(st.sampled_from(("", "Sam", "Zoë K"))) if opponent == "friend" else None
    game = draw(st.sampled_from(r.GAMES))
    reading = {"senet": (("preset", draw(st.sampled_from(sorted(PRESETS)))),),
               "squadro": (), "lodestone": tuple(sorted(LodestoneRules(
                   rotation=draw(st.integers(0, 3))).to_json().items()))}[game]  # fmt: skip
    code = draw(st.one_of(st.none(), st.text("AB-_z9", min_size=2, max_size=20)))
    return r.Entry(game, reading, opponent, seat, draw(st.sampled_from((0, 1, None))),
                   draw(STAMPS), draw(st.integers(0, 5000)), code, friend)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(entries(), max_size=40))
def test_random_logs_round_trip_and_their_totals_add_up(log) -> None:
    assert r.parse_log(r.dump_log(log)) == log
    everything = r.total(log)
    assert everything.tally.games == sum(e.counted for e in log)
    assert everything.tally.wins + everything.tally.losses + everything.tally.draws == (
        everything.tally.games)  # fmt: skip
    for rows in (r.by_opponent(log), r.by_reading(log), r.by_game(log)):
        assert sum(g.listed for g in rows) == len(log)
        assert sum(g.tally.wins for g in rows) == everything.tally.wins
        assert sum(g.tally.losses for g in rows) == everything.tally.losses
    assert everything.streaks.best_wins <= everything.tally.wins
    assert len(r.finished(log)) == len(log)
    assert r.merged(log, log) == r.merged(log, [])


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                 lambda inner: st.lists(inner, max_size=4)
                 | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                 max_leaves=30).map(json.dumps),
))  # fmt: skip
def test_garbage_never_raises(text) -> None:
    log = r.parse_log(text)
    assert isinstance(log, list)
    r.read_export(text)
    r.stored_items(text)
    r.total(log), r.by_opponent(log), r.by_reading(log)


# -- when an end is logged -----------------------------------------------------------------


def test_an_end_is_logged_once_when_played_not_when_a_game_comes_on_screen_over() -> None:
    before = SQUADRO.start()
    for action in SQUADRO.actions()[:-1]:
        before = before.apply(action)
    last = SQUADRO.actions()[-1]
    # The last action, played here: logged.
    assert r.follow(False, before, SQUADRO, (), played=True, relisted=False,
                    taken_back=False) == (True, False)  # fmt: skip
    # A finished game put on screen (reopened, another tab's, a review): nothing.
    assert r.follow(False, new_squadro(0), SQUADRO, (), played=False, relisted=True,
                    taken_back=False) == (False, False)  # fmt: skip
    # Taken back from its end: marked, and the same end played again is not logged.
    log_it, reopened = r.follow(False, SQUADRO, before, (last,), played=False, relisted=True,
                                taken_back=True)  # fmt: skip
    assert (log_it, reopened) == (False, True)
    assert r.follow(True, before, SQUADRO, (), played=True, relisted=False,
                    taken_back=False) == (False, False)  # fmt: skip


def test_a_game_taken_back_from_its_end_stays_marked_through_take_backs_and_redos() -> None:
    states = [SQUADRO.start()]
    for action in SQUADRO.actions():
        states.append(states[-1].apply(action))
    earlier, later = states[-5], states[-3]
    # A take-back on another line (the ahead no longer reaches the end): still marked.
    assert r.follow(True, later, earlier, (), played=False, relisted=True,
                    taken_back=True) == (False, True)  # fmt: skip
    # A redo plays on from where it was: still marked.
    assert r.follow(True, earlier, later, (), played=False, relisted=True,
                    taken_back=False) == (False, True)  # fmt: skip
    # Another game on screen (a new one, a kept one): no longer marked.
    assert r.follow(True, later, new_squadro(1), (), played=False, relisted=True,
                    taken_back=False) == (False, False)  # fmt: skip
    # A move played that does not end the game keeps the mark.
    assert r.follow(True, earlier, states[-4], (), played=True, relisted=False,
                    taken_back=False) == (False, True)  # fmt: skip


def test_a_line_ahead_ends_the_game_only_when_it_reaches_the_end() -> None:
    before = SQUADRO.start()
    for action in SQUADRO.actions()[:-2]:
        before = before.apply(action)
    assert r.ahead_ends(before, tuple(SQUADRO.actions()[-2:]))
    assert not r.ahead_ends(before, tuple(SQUADRO.actions()[-2:-1]))
    assert not r.ahead_ends(before, ())
    assert not r.ahead_ends(before, ("not an action",))


# -- the analysis's figures on an entry (issue 53) -------------------------------------------


def test_analysis_figures_go_on_the_games_latest_counted_entry_and_read_back() -> None:
    code = link.encode(SQUADRO)
    items = [entry(code=code).to_json(), entry(opponent="human", seat=None, code=code).to_json()]
    updated = r.with_analysis(items, code, 84.26, 0.5)
    assert updated is not None
    read = [r.entry_from_json(item) for item in updated]
    assert read[0].accuracy == 84.3 and read[0].luck is None  # Squadro has no luck
    assert read[1].accuracy is None  # two people here: nobody's accuracy
    assert r.with_analysis(items, "2Other", 90.0, None) is None
    # The same game with or without its figures: an import does not list it twice.
    assert r.with_entries(updated, [entry(code=code)]) == updated


def test_bad_analysis_figures_are_left_out_never_the_entry() -> None:
    good = entry(code="1AbC").to_json()
    for accuracy, luck in ((101, None), ("84", None), (True, None), (-1, 1e9), (None, "x")):
        data = {**good, "accuracy": accuracy, "luck": luck}
        read = r.entry_from_json(data)
        assert read is not None and read == r.entry_from_json(good)
