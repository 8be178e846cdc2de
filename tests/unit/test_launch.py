"""URL parameters of a link or an embedding (docs/embedding.md): each value is
checked, a bad one is reported in words and replaced by its default."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludeum import launch
from ludeum.i18n import set_language
from ludeum.senet.rulesets import PRESETS


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def texts(result: launch.Launch) -> list[str]:
    return [problem.text() for problem in result.problems]


def test_no_parameters_preselect_nothing_and_keep_the_plain_save_slot() -> None:
    result = launch.parse("")
    assert result == launch.Launch()
    assert not result.preselects_game
    assert result.slot() == ""


def test_every_senet_preset_and_game_can_be_preselected() -> None:
    for name in PRESETS:
        result = launch.parse(f"?game=senet&ruleset={name}")
        assert (result.game, result.ruleset, result.problems) == ("senet", name, ())
    for game in ("squadro", "lodestone"):
        assert launch.parse(f"game={game}").game == game


def test_a_ruleset_alone_implies_senet() -> None:
    assert launch.parse("ruleset=tait").game == "senet"


def test_lodestone_rulesets() -> None:
    result = launch.parse("game=lodestone&ruleset=per_colour_reading")
    assert (result.game, result.ruleset, result.problems) == (
        "lodestone", "per_colour_reading", ()
    )  # fmt: skip


def test_squadro_has_no_ruleset_to_choose() -> None:
    result = launch.parse("game=squadro&ruleset=tait")
    assert result.ruleset is None
    assert texts(result) == ["Squadro has only one ruleset, so “ruleset” is ignored."]


def test_an_unknown_value_is_reported_and_falls_back_to_the_default() -> None:
    result = launch.parse("game=chess&lang=es&theme=neon&kiosk=maybe")
    assert (result.game, result.language, result.theme, result.kiosk) == (None, None, None, False)
    assert len(result.problems) == 4
    assert texts(result)[0] == (
        "Unknown value “chess” for “game”: expected one of senet, squadro, lodestone. "
        "The default is used."
    )


def test_values_are_case_insensitive_and_trimmed() -> None:
    result = launch.parse("game=%20Squadro%20&lang=FR&kiosk=Yes")
    assert (result.game, result.language, result.kiosk) == ("squadro", "fr", True)


def test_opponent_level_and_seat_make_the_players() -> None:
    assert launch.parse("opponent=human").players == ("human", "human")
    assert launch.parse("opponent=computer&level=hard").players == ("human", "hard")
    assert launch.parse("opponent=computer&level=easy&computer=1").players == ("easy", "human")
    assert launch.parse("opponent=both&level=hard").players == ("hard", "hard")
    # A level alone still asks for a computer opponent, at Player 2.
    assert launch.parse("level=easy").players == ("human", "easy")
    assert launch.parse("").players is None


def test_a_bad_level_is_reported_and_medium_is_used() -> None:
    result = launch.parse("opponent=computer&level=genius")
    assert result.players == ("human", "medium")
    assert "“genius” for “level”" in texts(result)[0]


def test_idle_time_must_be_a_whole_number_in_range() -> None:
    assert launch.parse("kiosk=1&idle=30").idle_seconds == 30
    for bad in ("2", "99999", "1.5", "-3", "ten", "", "٣٠"):
        result = launch.parse(f"kiosk=1&idle={bad}")
        assert result.idle_seconds == launch.IDLE_DEFAULT, bad
        assert "“idle” must be a whole number of seconds" in texts(result)[0]


def test_a_repeated_parameter_keeps_the_first_value() -> None:
    result = launch.parse("game=squadro&game=lodestone")
    assert result.game == "squadro"
    assert texts(result) == ["The parameter “game” is given 2 times; the first value is used."]


def test_a_parameter_repeated_500_times_gives_one_message() -> None:
    # Issue 12, item 8: ?lang=fr 500 times printed 499 identical warnings.
    result = launch.parse("&".join(["lang=fr"] * 500))
    assert result.language == "fr"
    assert texts(result) == ["The parameter “lang” is given 500 times; the first value is used."]


def test_foreign_parameters_are_ignored() -> None:
    assert launch.parse("utm_source=museum&seed=7") == launch.Launch()
    # Even repeated: a host page's own parameters are none of our business.
    assert launch.parse("utm_source=a&utm_source=b&seed=7&seed=8") == launch.Launch()


def test_a_hostile_url_cannot_fill_the_screen() -> None:
    bad = {name: f"bad{n}" for n, name in enumerate(launch.PARAMETERS)}
    query = "&".join(f"{name}={value}" for name, value in bad.items() for _ in range(50))
    result = launch.parse("kiosk=1&" + query + "&x=1" * 1000)
    assert len(result.problems) == launch.PROBLEM_LIMIT
    assert texts(result)[-1] == (
        "Other parameters of this link could not be used either; their defaults are used."
    )


def test_every_problem_is_listed_up_to_the_limit() -> None:
    five = "game=chess&lang=es&theme=neon&kiosk=maybe&opponent=robot"
    assert launch.PROBLEM_LIMIT == 5
    assert len(texts(launch.parse(five))) == 5
    assert all("Unknown value" in text for text in texts(launch.parse(five)))
    six = texts(launch.parse(five + "&level=genius"))
    assert len(six) == 5 and "Other parameters" in six[-1]
    assert all("Unknown value" in text for text in six[:-1])


def test_a_long_value_is_shortened_in_the_message() -> None:
    result = launch.parse("game=" + "x" * 5000)
    (text,) = texts(result)
    assert len(text) < 200 and "…" in text


def test_each_preselection_has_its_own_save_slot() -> None:
    slots = {
        launch.parse(query).slot()
        for query in ("", "game=squadro", "game=senet&ruleset=tait", "ruleset=kendall",
                      "game=squadro&opponent=computer", "game=squadro&kiosk=1")
    }  # fmt: skip
    assert len(slots) == 6
    # The language and the theme do not change which game is resumed.
    assert launch.parse("game=squadro&lang=fr&theme=contrast").slot() == "game=squadro"


def test_messages_follow_the_language_chosen_later() -> None:
    result = launch.parse("game=chess&lang=fr")
    set_language("fr")
    # French once a French catalog exists; never an error, always the value quoted.
    assert "chess" in texts(result)[0]


@given(st.text(max_size=200))
def test_any_query_string_parses_to_known_values(query: str) -> None:
    """Nothing from the URL comes through unchecked: every field is one of ours."""
    result = launch.parse(query)
    assert result.game in (None, "senet", "squadro", "lodestone")
    assert result.language in (None, "en", "fr")
    assert result.theme in (None, "standard", "contrast")
    assert result.ruleset is None or result.ruleset in launch.RULESETS[result.game]
    assert result.players is None or all(
        p in ("human", "easy", "medium", "hard") for p in result.players
    )
    low, high = launch.IDLE_RANGE
    assert result.idle_seconds == launch.IDLE_DEFAULT or low <= result.idle_seconds <= high
    for problem in result.problems:
        problem.text()


@given(
    st.lists(
        st.tuples(st.sampled_from([*launch.PARAMETERS, "utm_source"]), st.text(max_size=8)),
        max_size=60,
    )
)
def test_any_mix_of_our_parameters_gives_few_messages(pairs) -> None:
    result = launch.parse(urlencode(pairs))
    assert len(result.problems) <= launch.PROBLEM_LIMIT
    named = [dict(p.fields).get("name") for p in result.problems]
    # One message per parameter at most for each kind of problem.
    repeats = [p for p in result.problems if "given" in p.message]
    assert len(repeats) == len({dict(p.fields)["name"] for p in repeats})
    assert all(name in (None, *launch.PARAMETERS) for name in named)


def test_sound_on_or_off_is_a_kiosk_setting_that_keeps_the_save_slot() -> None:
    assert launch.parse("sound=on").sound is True
    assert launch.parse("sound=OFF").sound is False
    assert launch.parse("sound=0&kiosk=1").sound is False  # the kiosk flag's spellings too
    assert launch.parse("").sound is None  # the visitor's own choice applies
    # A setting, like lang and theme: the same game is resumed with or without it.
    assert launch.parse("game=squadro&sound=off").slot() == launch.parse("game=squadro").slot()
    result = launch.parse("sound=loud")
    assert result.sound is None
    assert texts(result) == [
        "Unknown value “loud” for “sound”: expected one of 1, true, yes, on, 0, false, no, "
        "off. The default is used."
    ]


def test_lesson_and_its_step_open_a_lesson():
    """A teacher's link to one lesson, at a step counted from 1 (docs/embedding.md)."""
    asked = launch.parse("?lesson=squadro&step=3")
    assert (asked.lesson, asked.lesson_step, asked.problems) == ("squadro", 2, ())
    assert launch.parse("?lesson=senet").lesson_step == 0
    assert launch.parse("?lesson=senet").slot() == "", "a lesson keeps no game of its own"


def test_a_bad_lesson_or_step_is_said_and_ignored():
    unknown = launch.parse("?lesson=chess")
    assert unknown.lesson is None and "lesson" in unknown.problems[0].text()
    for step in ("0", "99", "x", "-1", "1" * 50):
        asked = launch.parse(f"?lesson=lodestone&step={step}")
        assert (asked.lesson, asked.lesson_step) == ("lodestone", 0), step
        assert "step" in asked.problems[0].text()
    alone = launch.parse("?step=2")
    assert alone.lesson is None and "needs a lesson" in alone.problems[0].text()


# -- a link slot's address (issue 37: a game started from a link is found again) --------


@pytest.mark.parametrize(
    "query",
    [
        "game=squadro&opponent=computer&level=hard",
        "game=senet&ruleset=tait&opponent=both&level=easy",
        "opponent=computer&level=medium&computer=1",
        "game=lodestone&ruleset=per_colour_reading",
        "game=senet&opponent=human",
        "game=lodestone",
    ],
)
def test_a_link_slot_gives_back_the_link_that_opens_its_game(query: str) -> None:
    slot = launch.parse(query).slot()
    address = launch.slot_address(slot)
    assert address is not None
    assert launch.parse(address).slot() == slot
    assert not launch.parse(address).problems


@given(
    game=st.sampled_from([None, "senet", "squadro", "lodestone"]),
    opponent=st.sampled_from([None, "human", "computer", "both"]),
    level=st.sampled_from([None, "easy", "medium", "hard"]),
    seat=st.sampled_from([None, "1", "2"]),
)
def test_every_link_slot_round_trips_through_its_address(game, opponent, level, seat) -> None:
    given_ = {"game": game, "opponent": opponent, "level": level, "computer": seat}
    slot = launch.parse(urlencode({k: v for k, v in given_.items() if v})).slot()
    address = launch.slot_address(slot)
    assert (address is None) == (slot == "")
    if address is not None:
        assert launch.parse(address).slot() == slot


@pytest.mark.parametrize(
    "slot",
    ["", "game=senet&kiosk", "kiosk", "game=chess", "players=human,grandmaster",
     "game=senet&game=senet", "game=senet&ruleset=nobody", "game=senet&lang=fr",
     'game=senet"><script>', "game=squadro&ruleset=tait"],
)  # fmt: skip
def test_a_kiosk_or_unknown_slot_gives_no_address(slot: str) -> None:
    """A kiosk forgets its games; a key this version would not write is no link."""
    assert launch.slot_address(slot) is None
