"""``python -m ludeum play`` (``ludeum.cli.play``): a game in a terminal, run in-process
with scripted input."""

from __future__ import annotations

import io

from ludeum import saves
from ludeum.cli import main
from ludeum.cli.play import choose_action
from ludeum.squadro import Move as SquadroMove
from ludeum.squadro import new_game as new_squadro


def run(argv: list[str], typed: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_a_seeded_senet_game_against_a_level_is_played_to_the_end_and_saved(tmp_path):
    # "1" to every prompt: it throws at a throw prompt and takes the first listed move.
    path = tmp_path / "game.json"
    argv = ["play", "--against", "easy", "--seed", "5", "--save", str(path)]
    code, out, err = run(argv, "1\n" * 2000)
    assert code == 0, err
    state = saves.load(path.read_text())
    assert state.outcome() is not None, "the game was played to its end"
    assert saves.load_players(path.read_text()) == ("human", "easy")
    assert "has borne off every piece and wins" in out
    assert "Game stopped" not in out
    # The same seed and the same answers play the same game.
    again = tmp_path / "again.json"
    code, out_again, _err = run([*argv[:-1], str(again)], "1\n" * 2000)
    assert code == 0 and again.read_text() == path.read_text()
    assert out_again.replace("again.json", "game.json") == out


def test_the_computer_takes_the_seat_asked_for_and_a_game_ends_by_the_rules(tmp_path):
    path = tmp_path / "squadro.json"
    argv = ["play", "--game", "squadro", "--against", "medium", "--computer-seat", "0",
            "--seed", "2", "--save", str(path)]  # fmt: skip
    code, out, err = run(argv, "1\n" * 500)
    assert code == 0, err
    text = path.read_text()
    assert saves.load_players(text) == ("medium", "human")
    state = saves.load(text)
    assert state.outcome() is not None
    assert "Light (Player 1): Computer (Medium); Dark (Player 2): you" in out


def test_against_the_computer_the_moves_say_you_and_the_computer(tmp_path):
    """As on the page (issue 37): the move list and the status name the seats "you"
    and "the computer", never by their sides' names."""
    argv = ["play", "--game", "squadro", "--against", "easy", "--seed", "3"]
    code, out, err = run(argv, "1\n" * 500)
    assert code == 0, err
    assert "  You: lane " in out and "  The computer: lane " in out
    assert "Your turn: move." in out
    assert "  Light: lane " not in out and "  Dark: lane " not in out


def test_a_move_can_be_given_by_its_notation_and_a_bad_answer_is_asked_again(tmp_path):
    path = tmp_path / "lodestone.json"
    # Red puts its king on e1 by notation; "9" and "zz" name no move; then White's Kd.
    code, out, err = run(["play", "--game", "lodestone", "--save", str(path)], "Ke\n9\nzz\nKd\nq\n")
    assert code == 0, err
    assert out.count("Not a legal move here: answer 1 to 2, or a move as listed.") == 2
    state = saves.load(path.read_text())
    assert [a.notation() for a in state.actions()] == ["Ke", "Kd"]
    assert saves.load_players(path.read_text()) == ("human", "human")


def test_quit_and_the_end_of_the_input_stop_cleanly_and_keep_the_game(tmp_path):
    for typed in ("q\n", "", "1\n1\n1\nquit\n"):
        path = tmp_path / "stopped.json"
        code, out, err = run(["play", "--game", "squadro", "--save", str(path)], typed)
        assert (code, err) == (0, "")
        assert "Game stopped; actions played" in out
        state = saves.load(path.read_text())
        assert state.outcome() is None
        assert len(state.actions()) == typed.count("1\n")


def test_a_senet_throw_is_made_by_pressing_enter(tmp_path):
    # Two people: Enter throws for Player 1, then the game is stopped.
    path = tmp_path / "senet.json"
    code, out, _err = run(["play", "--seed", "1", "--save", str(path)], "\nq\n")
    assert code == 0
    assert "Press Enter to throw: \n" in out and "Game stopped; actions played: 1." in out
    assert [type(a).__name__ for a in saves.load(path.read_text()).actions()] == ["Throw"]


def test_choose_action_reads_a_number_a_notation_or_enter_for_a_single_move():
    moves = list(new_squadro().legal_moves())
    assert choose_action(moves, "2") == moves[1]
    assert choose_action(moves, " 5 ") == moves[4]
    assert choose_action(moves, "6") is None
    assert choose_action(moves, "") is None  # five moves: Enter does not choose
    assert choose_action([SquadroMove(3)], "") == SquadroMove(3)


def test_an_unknown_ruleset_or_level_is_a_usage_error():
    code, _out, err = run(["play", "--game", "squadro", "--ruleset", "tait"], "")
    assert code == 2 and err.count("\n") == 1 and "squadro has no ruleset 'tait'" in err
    code, _out, err = run(["play", "--against", "genius"], "")
    assert code == 2 and "invalid choice: 'genius'" in err


def test_an_unwritable_save_file_is_one_line_and_exit_code_1(tmp_path):
    target = tmp_path / "missing-folder" / "game.json"
    code, _out, err = run(["play", "--game", "squadro", "--save", str(target)], "q\n")
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("python -m ludeum play: cannot write")


class Interrupted(io.StringIO):
    """Input typed by a person who presses Ctrl+C at the third question."""

    def __init__(self) -> None:
        super().__init__("1\n1\n")
        self.asked = 0

    def readline(self, *args) -> str:
        self.asked += 1
        if self.asked == 3:
            raise KeyboardInterrupt
        return super().readline(*args)


def test_ctrl_c_stops_the_game_like_quit_and_keeps_it(tmp_path):
    path = tmp_path / "interrupted.json"
    out, err = io.StringIO(), io.StringIO()
    argv = ["play", "--game", "squadro", "--save", str(path)]
    code = main(argv, stdin=Interrupted(), stdout=out, stderr=err)
    assert (code, err.getvalue()) == (0, "")
    assert "Game stopped; actions played: 2." in out.getvalue()
    assert [a.notation() for a in saves.load(path.read_text()).actions()] == ["1", "1"]


def test_two_people_are_named_as_in_the_new_game_form():
    _code, out, _err = run(["play", "--game", "lodestone"], "q\n")
    assert out.splitlines()[1] == "Players: Two people on this device"
