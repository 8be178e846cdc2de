"""The welcome screen's markup and choices (``ludeum.welcome``) and the small picture
of a position (``ludeum.records.thumbnail``): pure functions, on CPython."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ludeum import games, saves, seats, welcome
from ludeum.i18n import set_language
from ludeum.launch import PARAMETERS
from ludeum.records.thumbnail import position_picture
from ludeum.senet import JEQUIER, JEQUIER_LUDII
from ludeum.senet.rulesets import TAIT, kendall

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def parse(markup: str) -> ET.Element:
    # The section's content is HTML; every element the module writes is closed or void
    # only as <input ...>, which XML needs closed.
    markup = re.sub(r" (hidden|checked)([ >])", r' \1=""\2', markup)
    return ET.fromstring("<div>" + re.sub(r"(<input[^>]*)>", r"\1/>", markup) + "</div>")


def started(game: str, actions: int = 0):
    state = games.ui(game).start({}, 0)
    for _n in range(actions):
        chance = getattr(state, "chance_outcomes", None)
        if chance is not None and chance():
            state = state.apply(chance()[0][0])
        else:
            state = state.apply(state.legal_moves()[0])
    return state


def test_three_game_cards_each_with_a_picture_a_pitch_a_length_and_five_ways_to_play():
    root = parse(welcome.welcome_html())
    cards = root.findall(".//li[@class='welcome-card']")
    assert [c.get("data-game") for c in cards] == ["senet", "squadro", "lodestone"]
    for card in cards:
        game = card.get("data-game")
        assert card.find(f".//h3[@id='welcome-{game}-title']").text == games.ui(game).title()
        picture = card.find(f".//div[@data-picture='{game}']/{SVG}svg")
        assert picture is not None and picture.get("role") == "img"
        assert picture.get("aria-label") == f"{games.ui(game).title()} at the start of a game"
        assert card.find(".//p[@class='welcome-pitch']").text
        assert "minutes" in "".join(card.find(".//p[@class='welcome-length']").itertext())
        buttons = [b for b in card.iter("button") if b.get("data-game") == game]
        asked = [(b.get("data-opponent"), b.get("data-level")) for b in buttons]
        assert asked[:5] == [
            ("computer", "easy"), ("computer", "medium"), ("computer", "hard"),
            ("human", None), ("both", "medium"),
        ]  # fmt: skip
        assert len(asked) == (6 if game == "senet" else 5)  # Senet's custom rules
        for button in buttons[:5]:
            assert button.get("aria-describedby") == f"welcome-{game}-title"
            assert button.get("type") == "button"


def test_ids_are_unique_and_every_reference_resolves():
    markup = welcome.welcome_html()
    ids = re.findall(r'\bid="([^"]+)"', markup)
    assert len(ids) == len(set(ids))
    for refs in re.findall(r'aria-(?:labelledby|describedby)="([^"]+)"', markup):
        assert set(refs.split()) <= set(ids)


def test_senet_readings_fold_default_checked_and_one_line_each():
    root = parse(welcome.welcome_html())
    fold = root.find(".//details[@id='welcome-readings']")
    assert fold.find("summary/span[@class='welcome-words']").text == "Other readings of the rules"
    radios = fold.findall(".//input[@name='welcome-reading']")
    assert [r.get("value") for r in radios] == ["jequier", "jequier_ludii", "kendall", "tait"]
    assert [r.get("checked") is not None for r in radios] == [True, False, False, False]
    lines = fold.findall(".//span[@class='welcome-reading-line']")
    assert len(lines) == 4 and all(line.text for line in lines)
    boxes = fold.findall(".//input[@name='welcome-kendall']")
    assert [b.get("value") for b in boxes] == ["five_pieces", "starting_throw", "trap", "home_row"]
    assert fold.find(".//button[@data-custom='1']") is not None
    # Only Senet has readings.
    assert len(root.findall(".//details")) == 1


def test_without_pictures_the_slots_are_empty_and_the_rest_the_same():
    bare = welcome.welcome_html(pictures=False)
    assert "<svg" not in bare
    full = welcome.welcome_html()
    assert re.sub(r"<svg.*?</svg>", "", full) == bare


def test_french_words():
    english = welcome.welcome_html(pictures=False)
    set_language("fr")
    french = welcome.welcome_html(pictures=False)
    assert "Choisir un jeu" in french and "Autres lectures des règles" in french
    assert "Jouer avec un ami sur cet appareil" in french and "Facile" in french
    assert "Play a friend" not in french
    # The same markup but for its words: page-language.js swaps it in before Python.
    assert re.sub(r">[^<]*<", "><", french) == re.sub(r">[^<]*<", "><", english)


@pytest.mark.parametrize(
    ("query", "opens"),
    [
        ("", True), ("?lang=fr", True), ("?theme=contrast&lang=en", True),
        ("?utm_source=museum", True), ("?game=squadro", False), ("?kiosk=1", False),
        ("?opponent=computer", False), ("?record=1abc", False), ("?lang=fr&ruleset=tait", False),
        ("?game=", False), ("?idle=30", False), ("?sound=off", True),
        ("?sound=on&game=squadro", False),
    ],
)  # fmt: skip
def test_which_urls_open_on_the_welcome_screen(query, opens):
    assert welcome.opens_on_welcome(query) is opens


def test_static_welcome_js_knows_the_same_launch_parameters():
    script = (ROOT / "static" / "welcome.js").read_text(encoding="utf-8")
    listed = re.search(r"LAUNCH_PARAMETERS = \[([^\]]*)\]", script).group(1)
    assert tuple(re.findall(r"'([a-z]+)'", listed)) == welcome.LAUNCH_PARAMETERS
    assert set(welcome.LAUNCH_PARAMETERS) | set(welcome.SETTINGS_PARAMETERS) == set(PARAMETERS)


@pytest.mark.parametrize(
    ("data", "game", "players", "rules"),
    [
        ({"game": "senet", "opponent": "computer", "level": "hard"}, "senet",
         (seats.HUMAN, "hard"), JEQUIER),
        ({"game": "squadro", "opponent": "human"}, "squadro", seats.HUMANS, None),
        ({"game": "lodestone", "opponent": "both", "level": "medium"}, "lodestone",
         ("medium", "medium"), None),
        ({"game": "senet", "opponent": "human", "reading": "jequier_ludii"}, "senet",
         seats.HUMANS, JEQUIER_LUDII),
        ({"game": "senet", "opponent": "human", "reading": "tait"}, "senet", seats.HUMANS, TAIT),
        ({"game": "senet", "opponent": "human", "reading": "kendall", "kendall": "trap,home_row"},
         "senet", seats.HUMANS, kendall(trap=True, home_row=True)),
        ({"game": "senet", "opponent": "human", "reading": "jequier", "kendall": "trap"},
         "senet", seats.HUMANS, JEQUIER),
        # Tampered values fall back to the defaults.
        ({"game": "chess", "opponent": "computer", "level": "god", "reading": "x",
          "kendall": "<b>"}, "senet", (seats.HUMAN, "medium"), JEQUIER),
    ],
)  # fmt: skip
def test_choice_from_a_button(data, game, players, rules):
    choice = welcome.choice_from_data(data)
    assert (choice.game, choice.players) == (game, players)
    assert choice.options.get("rules") == rules


def test_unfinished_means_saved_and_not_over():
    state = started("squadro")
    while state.outcome() is None:
        state = state.apply(state.legal_moves()[0])
    assert not welcome.is_unfinished(state, saved=True)


def test_pristine_and_unfinished():
    fresh = started("senet")
    friend = welcome.choice_from_data({"game": "senet", "opponent": "human"})
    assert welcome.is_pristine(fresh, seats.HUMANS, friend)
    assert not welcome.is_pristine(fresh, (seats.HUMAN, "easy"), friend)
    tait = welcome.choice_from_data({"game": "senet", "opponent": "human", "reading": "tait"})
    assert not welcome.is_pristine(fresh, seats.HUMANS, tait)
    squadro = welcome.choice_from_data({"game": "squadro", "opponent": "human"})
    assert not welcome.is_pristine(fresh, seats.HUMANS, squadro)
    assert not welcome.is_unfinished(fresh, saved=False)
    assert welcome.is_unfinished(fresh, saved=True)
    begun = started("senet", 3)
    assert welcome.is_unfinished(begun, saved=True)
    assert not welcome.is_pristine(begun, seats.HUMANS, friend)


def test_continue_details_of_a_game_over():
    state = started("squadro")
    while state.outcome() is None:
        state = state.apply(state.legal_moves()[0])
    details = welcome.continue_details(state, seats.HUMANS, 40)
    assert details.over and "won by" in details.about


def test_continue_details():
    state = started("squadro", 2)
    details = welcome.continue_details(state, (seats.HUMAN, "hard"), 2)
    assert details.game == "Squadro"
    # Named by its opponent, not by its subtitle ("Light moves across, Dark moves down").
    assert details.about == "against the computer (Hard); 2 moves"
    assert not details.over


@pytest.mark.parametrize("game", games.GAMES)
def test_position_picture_is_one_named_image(game):
    state = started(game, 6)
    markup = position_picture(state, ident="saved-1")
    root = ET.fromstring(markup)
    assert root.get("role") == "img" and root.get("focusable") == "false"
    assert root.get("aria-label") == f"The position of this {games.ui(game).title()} game"
    inner = list(root.iter())[1:]
    assert not [e for e in inner if e.get("role") or e.get("aria-label") or e.get("tabindex")]
    assert not [e for e in inner if e.get("data-row")]
    assert all(e.get("id").startswith("saved-1-") for e in root.iter() if e.get("id"))


def test_two_pictures_on_one_page_have_no_id_in_common():
    state = started("senet", 4)
    one, two = position_picture(state, ident="a"), position_picture(state, ident="b")
    ids = re.compile(r'\bid="([^"]+)"')
    assert ids.findall(one) and not set(ids.findall(one)) & set(ids.findall(two))
    assert "url(#a-board-arrow)" in one and "url(#b-board-arrow)" in two


def test_position_picture_label_board_only_and_bad_ident():
    state = started("lodestone")
    markup = position_picture(state, label='A "quoted" <name>', board_only=True)
    root = ET.fromstring(markup)
    assert root.get("aria-label") == 'A "quoted" <name>'
    width, height = root.get("viewBox").split()[2:]
    assert width == height
    with pytest.raises(ValueError):
        position_picture(state, ident='x" onload="y')


def test_position_picture_shows_the_position():
    """A picture is of the position, not of the start: a piece moved shows."""
    start, later = started("squadro"), started("squadro", 4)
    assert later.actions() and position_picture(start) != position_picture(later)


def test_record_picture_is_drawn_from_the_record_never_from_a_note():
    """Issue 41: a stored game's picture is drawn from its record; markup kept beside
    it in storage (a note's "picture", as before) is not an argument any more."""
    import inspect

    from ludeum.records.thumbnail import record_picture

    text = saves.dump(started("senet", 5))
    picture = record_picture(text, "record-2")
    assert picture and 'id="record-2-board-arrow"' in picture
    assert record_picture(text, "record-7") == picture.replace("record-2-", "record-7-")
    assert record_picture("not a record", "r") is None
    assert "<text" not in picture  # too small to read in a row, and not row words
    assert list(inspect.signature(record_picture).parameters) == ["text", "ident"]


@pytest.mark.parametrize("game", games.GAMES)
def test_a_picture_without_words(game):
    state = started(game, 3)
    assert "<text" in position_picture(state)
    bare = position_picture(state, words=False)
    assert "<text" not in bare and ET.fromstring(bare).get("role") == "img"


def test_friend_and_watch_have_short_words_for_a_small_frame():
    """A small frame's compact welcome shows the short words (static/app.css); each is
    the start of the full ones, which stay the button's name (aria-hidden short)."""
    for language, full, short in (
        ("en", "Play a friend on this device", "Play a friend"),
        ("fr", "Jouer avec un ami sur cet appareil", "Jouer avec un ami"),
    ):
        set_language(language)
        root = parse(welcome.welcome_html(pictures=False))
        for card in root.findall(".//li[@class='welcome-card']"):
            for kind in ("friend", "watch"):
                button = card.find(f".//button[@class='welcome-{kind}']")
                long_words = button.find("span[@class='welcome-words']").text
                short_words = button.find("span[@class='welcome-short']")
                assert short_words.get("aria-hidden") == "true"
                assert long_words.startswith(short_words.text) and short_words.text != long_words
            friend = card.find(".//button[@class='welcome-friend']")
            assert [span.text for span in friend] == [full, short]


@pytest.mark.parametrize("game", ["senet", "squadro", "lodestone"])
def test_a_picture_offers_no_move(game):
    """A card's picture is a position, not a board to play on: no piece ringed as one
    that can move, and Lodestone's start no squares outlined for the king (d1, e1)."""
    drawing = welcome.start_picture(game)
    assert not re.search(r'class="[^"]*\b(movable|target)\b', drawing), game


# -- games started from links (issue 37) --------------------------------------------------


def saved(state, players=seats.HUMANS, at: str = "2026-11-27T10:00:00") -> str:
    return saves.dump(state, players, (), saved_at=at)


def test_link_games_are_the_unfinished_ones_newest_first_with_their_links():
    over = started("squadro")
    while over.outcome() is None:
        over = over.apply(over.legal_moves()[0])
    stored = [
        ("game=squadro&players=human,hard", saved(started("squadro", 2), ("human", "hard"),
                                                   "2026-11-27T09:00:00")),
        ("game=lodestone", saved(started("lodestone", 1), at="2026-11-27T11:00:00")),
        ("game=squadro", saved(over, at="2026-11-27T12:00:00")),  # over: not listed
        ("game=senet&kiosk", saved(started("senet", 3), at="2026-11-27T13:00:00")),  # a kiosk's
        ("game=senet", "{not a save"),  # unreadable: left out, never an error
        ("game=senet&players=nobody", saved(started("senet", 1))),  # no link gives it back
    ]  # fmt: skip
    found = welcome.link_games(stored)
    assert [(g.address, g.details.game) for g in found] == [
        ("game=lodestone", "Lodestone"),
        ("game=squadro&opponent=computer&level=hard", "Squadro"),
    ]
    assert found[1].details.about == "against the computer (Hard); 2 moves"
    assert welcome.link_games(stored, limit=1) == found[:1]


def test_link_games_markup_is_a_list_of_links_and_escapes_its_words():
    assert welcome.link_games_html([]) == ""
    game = welcome.LinkGame(
        "game=senet&opponent=human", welcome.ContinueDetails("Senet <b>", "two people; 3 moves")
    )
    tree = parse(welcome.link_games_html([game]))
    links = tree.findall(".//a")
    assert [a.get("href") for a in links] == ["?game=senet&opponent=human"]
    assert "".join(links[0].itertext()) == "Senet <b> two people; 3 moves"
    assert tree.find("h2").text == "Games started from a link"
    assert tree.find("ul").get("aria-labelledby") == tree.find("h2").get("id")
