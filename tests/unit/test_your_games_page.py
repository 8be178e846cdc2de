"""The Your games page's markup (ludeum.your_games) and the visitor's name on their
player card (ludeum.player_cards): escaped, in the page's language, empty when
nothing is recorded."""

from __future__ import annotations

import re

from ludeum.i18n import set_language
from ludeum.player_cards import SideCard, card_name, cards_html
from ludeum.records import results as r
from ludeum.your_games import game_row_html, page_html, summary_line

AT = "2026-11-30T14:03:09"


def entry(opponent="hard", seat=0, winner=0, friend=None, code="1AbC") -> r.Entry:
    return r.Entry("senet", (("preset", "tait"),), opponent, seat, winner, AT, 12, code, friend)


def test_the_card_that_says_you_says_the_visitors_name_when_there_is_one() -> None:
    assert card_name(("human", "hard"), 0, visitor="Ada") == "Ada"
    assert card_name(("human", "hard"), 0, visitor="") == "You"
    assert card_name(("human", "hard"), 1, visitor="Ada") == "Computer · Hard"
    assert card_name(("human", "human"), 0, visitor="Ada") == "Player 1"
    cards = (SideCard("White", "", ""), SideCard("Black", "", ""))
    html = cards_html(cards, ("hard", "human"), 1, None, visitor="<b>Ada</b>")
    assert "&lt;b&gt;Ada&lt;/b&gt;" in html and "<b>" not in html


def test_an_empty_record_says_what_will_be_listed() -> None:
    html = page_html([])
    assert "No finished game yet" in html and "<table" not in html


def test_the_page_has_the_summary_both_tables_and_a_row_per_game_newest_first() -> None:
    log = [entry(), entry(winner=1), entry("easy", 1, None)]
    html = page_html(log)
    assert "3 games finished here." in html and "1 won, 1 lost, 1 drawn" in html
    assert html.count("<table") == 2 and "By opponent" in html and "Tait" in html
    assert re.findall(r'data-entry="(\d+)"', html) == ["2", "1", "0"]
    assert "Computer · Easy" in html and ">Draw<" in html


def test_names_from_storage_are_escaped_everywhere() -> None:
    html = page_html([entry("friend", 0, 0, friend='<img src=x onerror="alert(1)">')])
    assert "<img" not in html and "&lt;img" in html


def test_a_game_without_a_code_is_listed_but_cannot_be_opened() -> None:
    row = game_row_html(0, entry(code=None))
    assert "<button" not in row and "too long to be replayed" in row


def test_games_nobody_counts_are_listed_without_figures() -> None:
    html = page_html([entry("human", None, 1)])
    assert "Player 2 won" in html and "Against the computer" not in html
    assert summary_line([entry("human", None, 1)]) == "1 game finished here."


def test_the_page_speaks_french_with_a_no_break_space_before_colons() -> None:
    set_language("fr")
    try:
        html = page_html([entry(), entry("friend", 1, 1, friend="Sam")])
    finally:
        set_language("en")
    assert "Par adversaire" in html and "Gagnée" in html
    assert "Ami\u00a0: Sam" in html and " :" not in html.replace("\u00a0:", "")


def test_games_by_links_in_progress_are_listed_with_whose_turn_and_nothing_else() -> None:
    # Issue 52: no dead end, a game waiting for the friend can be found again.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from by_links import exchange

    from ludeum import saves, seats
    from ludeum.squadro import new_game as new_squadro
    from ludeum.your_games import links_games, links_games_html

    set_language("en")
    result = exchange(new_squadro(0), seed=2)
    sent = result.links[4]  # Ana's device sent it: she waits for Bo
    assert sent.sender == 0
    waiting = saves.dump(sent.sender_kept[0], seats.HUMANS, friend=sent.sender_kept[1])
    state, side = sent.before  # Bo's device before it: he waited for Ana
    bo = saves.dump(state, seats.HUMANS, friend=side)
    final_state, final_side = result.kept[0]
    over = saves.dump(final_state, seats.HUMANS, friend=final_side)
    plain = saves.dump(new_squadro(0))
    stored = [("", waiting), ("ludeum:v1:kept:1", plain), ("ludeum:v1:kept:2", over),
              ("ludeum:v1:kept:3", "{broken"), ("ludeum:v1:kept:4", bo)]  # fmt: skip
    games = links_games(stored)
    assert [game.key for game in games] == ["", "ludeum:v1:kept:4"]
    assert games[0].friend == "Bo" and games[0].awaited and games[0].title == "Squadro"
    assert games[1].friend == "Ana" and games[1].awaited
    html = links_games_html(games)
    assert "Squadro with Bo" in html and "Bo&#x27;s turn: open it to send the link again." in html
    assert 'data-links-key="ludeum:v1:kept:4"' in html and "Squadro with Ana" in html
    # Bo's device once Ana's link is read: his turn
    from dataclasses import replace

    from ludeum.correspondence import friend, letters

    turn = friend.receive(*letters.read(sent.code), sent.before)
    to_play = saves.dump(turn.state, seats.HUMANS, friend=turn.game)
    assert links_games([("", to_play)])[0].awaited is False
    assert "Your turn." in links_games_html(links_games([("", to_play)]))
    # a friend without a name
    unnamed = saves.dump(turn.state, seats.HUMANS, friend=replace(turn.game, names=("", "Bo")))
    assert "Squadro with your friend" in links_games_html(links_games([("", unnamed)]))


def test_each_analysed_game_shows_its_accuracy_and_luck_and_the_page_their_course() -> None:
    from dataclasses import replace

    from ludeum.your_games import analysis_line

    plain = entry()
    assert analysis_line([plain]) == ""
    assert "your-analysis" not in game_row_html(0, plain)
    analysed = [replace(entry(), accuracy=60.0 + 5 * i, luck=0.1) for i in range(7)]
    row = game_row_html(0, analysed[0])
    assert "Accuracy 60% · luck +0.10 of a game" in row
    line = analysis_line([plain, *analysed])
    assert "Your accuracy: 75% on average over 7 analysed games." in line
    assert "In your last 5: 80%." in line  # 70, 75, 80, 85, 90
    assert "Your luck at Senet: +0.10 of a game per game, on average." in line
    assert line in page_html([plain, *analysed])
