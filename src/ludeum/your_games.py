"""The "Your games" page's markup: the visitor's record in figures and in a list.

Three parts, as a games site's profile shows them: one line for everything (games,
wins, losses, draws, the current run and the best run of wins), a table by game and
reading and a table by opponent (each level of the computer, each friend, two people
on this device, the computer against itself), then the finished games, newest first,
each row a button that opens the game's review (its ``data-entry`` is the entry's
index in the log the page read). An empty log gets a sentence saying what will be
listed. Pure: the figures come from ``ludeum.records.results``, every word goes
through ``_`` and every text is escaped; the glue (``web.your_games``) puts it in the
page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape

from .i18n import _, _n
from .records import results
from .records.library import moves_text, shown_time
from .records.results import Entry, Group

_RESULT_CLASS = {results.WIN: "win", results.LOSS: "loss", results.DRAW: "draw"}


def _count(n: int, counted: bool) -> str:
    return str(n) if counted else "–"


def _row(name_cells: str, group: Group) -> str:
    counted = group.tally.games > 0
    tally = group.tally
    best = str(group.streaks.best_wins) if counted else "–"
    return (
        f"<tr>{name_cells}<td>{group.listed}</td>"
        f"<td>{_count(tally.wins, counted)}</td><td>{_count(tally.losses, counted)}</td>"
        f"<td>{_count(tally.draws, counted)}</td><td>{best}</td></tr>"
    )


def _head(first: str) -> str:
    columns = (first, _("Played"), _("Won"), _("Lost"), _("Drawn"), _("Best run"))
    cells = "".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    return f"<thead><tr>{cells}</tr></thead>"


def summary_line(entries: list[Entry]) -> str:
    """Everything at once: "12 games finished here. Against the computer and
    friends: 7 won, 4 lost, 1 drawn. Now: 2 wins in a row. Best run: 4 wins."."""
    everything = results.total(entries)
    tally = everything.tally
    text = (
        _("{count} games finished here.", count=len(entries))
        if len(entries) != 1
        else _("1 game finished here.")
    )
    if tally.games:
        text += " " + _("Against the computer and friends: {won} won, {lost} lost, "
                        "{drawn} drawn.", won=tally.wins, lost=tally.losses,
                        drawn=tally.draws)  # fmt: skip
        text += " " + _("Now: {streak}.", streak=results.streak_words(everything.streaks.current))
        best = results.streak_words((results.WIN, everything.streaks.best_wins))
        text += " " + _("Best run: {streak}.", streak=best)
    return text


def analysis_words(entry: Entry) -> str:
    """A finished game's analysis in a few words: "Accuracy 84% · luck +0.21"."""
    if entry.accuracy is None:
        return ""
    said = _("Accuracy {accuracy}%", accuracy=f"{entry.accuracy:.0f}")
    if entry.luck is not None:
        said += " \u00b7 " + _("luck {share} of a game", share=_signed(entry.luck))
    return said


def _signed(value: float) -> str:
    shown = round(value, 2)
    return "0.00" if shown == 0 else f"{shown:+.2f}".replace("-", "\u2212")


#: The latest analysed games the "lately" figure counts.
LATELY = 5


def analysis_line(entries: list[Entry]) -> str:
    """Accuracy and luck over time, from the analysed games (``Entry.accuracy``):
    the mean over all of them and over the latest LATELY, so that a visitor sees
    whether they are getting better; "" before any game is analysed."""
    analysed = [entry for entry in entries if entry.counted and entry.accuracy is not None]
    if not analysed:
        return ""
    mean = sum(entry.accuracy for entry in analysed) / len(analysed)
    text = _n("Your accuracy: {mean}% in {count} analysed game.",
              "Your accuracy: {mean}% on average over {count} analysed games.",
              len(analysed), mean=f"{mean:.0f}")  # fmt: skip
    if len(analysed) > LATELY:
        latest = analysed[-LATELY:]
        recent = sum(entry.accuracy for entry in latest) / LATELY
        text += " " + _("In your last {count}: {mean}%.", count=LATELY, mean=f"{recent:.0f}")
    lucky = [entry.luck for entry in analysed if entry.luck is not None]
    if lucky:
        text += " " + _("Your luck at Senet: {share} of a game per game, on average.",
                        share=_signed(sum(lucky) / len(lucky)))  # fmt: skip
    return text


def by_reading_html(entries: list[Entry]) -> str:
    rows = []
    for group in results.by_reading(entries):
        game = group.key[0]
        reading = results.reading_words(game, json.loads(group.key[1]))
        name = escape(_(results.GAME_NAMES[game]))
        if reading:
            name += f' <span class="your-reading">{escape(reading)}</span>'
        rows.append(_row(f'<th scope="row">{name}</th>', group))
    title, head = _("By game and reading"), _head(_("Game"))
    return (f'<section><h3 id="your-by-game">{escape(title)}</h3>'
            f'<table class="your-table" aria-labelledby="your-by-game">'
            f"{head}<tbody>{''.join(rows)}</tbody></table></section>")  # fmt: skip


def by_opponent_html(entries: list[Entry]) -> str:
    rows = []
    for group in results.by_opponent(entries):
        name = escape(results.opponent_words(group.key[0]))
        if group.tally.games:
            now = _("now: {streak}", streak=results.streak_words(group.streaks.current))
            name += f' <span class="your-reading">{escape(now)}</span>'
        rows.append(_row(f'<th scope="row">{name}</th>', group))
    title, head = _("By opponent"), _head(_("Opponent"))
    return (f'<section><h3 id="your-by-opponent">{escape(title)}</h3>'
            f'<table class="your-table" aria-labelledby="your-by-opponent">'
            f"{head}<tbody>{''.join(rows)}</tbody></table></section>")  # fmt: skip


def game_row_html(index: int, entry: Entry) -> str:
    """One finished game: a button naming it (result, game and reading, opponent,
    date, moves) that opens its review; disabled when the game has no code."""
    result = results.result_words(entry)
    kind = _RESULT_CLASS.get(entry.result or "", "none")
    game = _(results.GAME_NAMES[entry.game])
    reading = results.reading_words(entry.game, entry.reading_dict())
    title = _("{game}, {reading}", game=game, reading=reading) if reading else game
    when = shown_time(entry.at)
    parts = (
        f'<span class="your-result {kind}">{escape(result)}</span>'
        f'<span class="your-game">{escape(title)}</span>'
        f'<span class="your-opponent">{escape(results.opponent_words(entry))}</span>'
        f'<span class="your-when"><time datetime="{escape(entry.at)}">{escape(when)}</time> · '
        f"{escape(moves_text(entry.moves))}</span>"
    )
    analysed = analysis_words(entry)
    if analysed:
        parts += f'<span class="your-analysis">{escape(analysed)}</span>'
    if entry.code is None:
        note = _("This game is too long to be replayed from here.")
        return (f'<li><div class="your-row" title="{escape(note)}">{parts}'
                f'<span class="visually-hidden">{escape(note)}</span></div></li>')  # fmt: skip
    return (f'<li><button type="button" class="your-row" data-entry="{index}">{parts}'
            f'<span class="your-open" aria-hidden="true">›</span></button></li>')  # fmt: skip


def games_html(entries: list[Entry]) -> str:
    rows = "".join(game_row_html(index, entry) for index, entry in results.finished(entries))
    title = _("Finished games")
    hint = _("Choose a game to review it.")
    return (f'<h3 id="your-finished">{escape(title)}</h3>'
            f'<p class="hint">{escape(hint)}</p>'
            f'<ol class="your-games-list" aria-labelledby="your-finished">{rows}</ol>')  # fmt: skip


@dataclass(frozen=True)
class LinksGame:
    """A game by links in progress kept in this browser (issue 52): where it is kept
    (``key``: a storage key; "" for the game on screen), its game's title, the
    friend's name ("" when they gave none), and whether the friend is awaited (else
    it is this device's turn)."""

    key: str
    title: str
    friend: str
    awaited: bool


def links_games(stored: list[tuple[str, str]]) -> list[LinksGame]:
    """The games by links in progress among ``stored`` ((key, saved text) pairs, the
    game on screen first), in that order. What is not a game by links, cannot be
    read or has ended is left out: never raises on what storage holds."""
    from .correspondence import friend as friends
    from .correspondence import windows
    from .games import ui_for
    from .saves import SaveError, links_game_id, load, load_friend

    games = []
    for key, text in stored:
        if not isinstance(text, str) or links_game_id(text) is None:
            continue  # most saved games: not read any further
        try:
            state, game = load(text), load_friend(text)
        except SaveError:
            continue
        if game is None or state.to_act() is None:
            continue
        waits = friends.waiting_for(game, state, windows.replay(state)[0])
        games.append(LinksGame(key, ui_for(state).title(), game.friend_name, waits is not None))
    return games


def _links_row(game: LinksGame) -> str:
    if game.friend:
        title = _("{game} with {friend}", game=game.title, friend=game.friend)
        turn = _("{friend}'s turn: open it to send the link again.", friend=game.friend)
    else:
        title = _("{game} with your friend", game=game.title)
        turn = _("Your friend's turn: open it to send the link again.")
    if not game.awaited:
        turn = _("Your turn.")
    return (f'<li><button type="button" class="your-row your-links-row" '
            f'data-links-key="{escape(game.key)}"><span class="your-game">{escape(title)}</span>'
            f'<span class="your-opponent">{escape(turn)}</span>'
            '<span class="your-open" aria-hidden="true">›</span></button></li>')  # fmt: skip


def links_games_html(games: list[LinksGame]) -> str:
    """The games by links in progress, each a button that opens it (where "Send the
    link" offers its link again); empty when there are none."""
    if not games:
        return ""
    title = _("Games by links in progress")
    rows = "".join(_links_row(game) for game in games)
    return (f'<h3 id="your-links">{escape(title)}</h3>'
            f'<ol class="your-games-list" aria-labelledby="your-links">{rows}</ol>')  # fmt: skip


def _analysis_paragraph(entries: list[Entry]) -> str:
    line = analysis_line(entries)
    return f'<p class="your-summary your-analysis-line">{escape(line)}</p>' if line else ""


def page_html(entries: list[Entry], in_progress: list[LinksGame] | None = None) -> str:
    """The page's record: the games by links in progress (``in_progress``), the
    summary, the charts of accuracy and luck over time (``your_games_chart``), the
    two tables and the list; or, with no game finished yet, what will
    be here."""
    from .your_games_chart import charts_html  # when the page opens, not at boot

    waiting = links_games_html(in_progress or [])
    if not entries:
        empty = _("No finished game yet. Each game you finish in this browser is "
                  "listed here, with your results against each level of the computer.")  # fmt: skip
        return f'{waiting}<p class="your-empty">{escape(empty)}</p>'
    return (
        f"{waiting}"
        f'<p class="your-summary">{escape(summary_line(entries))}</p>'
        f"{_analysis_paragraph(entries)}"
        f"{charts_html(entries)}"
        f'<div class="your-tables">{by_reading_html(entries)}{by_opponent_html(entries)}</div>'
        f"{games_html(entries)}"
    )
