"""`pugdeck play --human NAME` for every game that seats a person, and DECK as a bundled name.

Each game is played from start to end by a scripted person (Click's CliRunner `input=`);
what is specific to one game's questions is in tests/games/<game>/test_*_terminal.py.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.resources import bundled_deck

# (bundled deck, players, what the person is asked at least once)
GAMES = [("pixelpug", "3", ("Play which card?", "Your hand:")),
         ("pug-you", "5", ("Offer which card?", "Take which offer?", "Nominee 1 of 2?", "Vote for whom?"))]
# "1", then "2", over and over: more answers than any game asks. Not "1" alone: a Pug You!
# second nominee keeps the numbers of the first question, so "1" again names the seat
# already chosen (refused); a refused answer costs a line, so every question gets one it takes.
ALWAYS_FIRST = "1\n2\n" * 1500


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.mark.parametrize(("deck", "players", "asked"), GAMES)
def test_a_scripted_person_plays_a_whole_game_by_its_bundled_name(deck, players, asked):
    result = run("play", deck, "-p", players, "--seed", "3", "--human", "Ana", input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    for question in asked:
        assert question in result.output
    assert ("is the PixelPug Champion!" in result.output) or ("Game over after 10 turns." in result.output)
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("deck", "players", "asked"), GAMES)
def test_the_same_seed_and_answers_play_the_same_game(deck, players, asked):
    one = run("play", deck, "-p", players, "--seed", "5", "--human", "Ana", input=ALWAYS_FIRST).output
    assert one == run("play", deck, "-p", players, "--seed", "5", "--human", "Ana", input=ALWAYS_FIRST).output
    assert one != run("play", deck, "-p", players, "--seed", "6", "--human", "Ana", input=ALWAYS_FIRST).output


# Counted things the terminal says: a count of 1 takes the singular, any other the plural.
NOUNS = r"(point|card|life|live|badge|turd|round win|Treat|turn|round(?! win))"
WRONG = [re.compile(rf"(?<![\d.])1 {NOUNS}s\b"), re.compile(rf"(?<![\d.])(0|[2-9]|\d\d+) {NOUNS}\b(?!s)")]


@pytest.mark.parametrize(("deck", "players", "asked"), GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_counts_take_the_right_plural_everywhere(deck, players, asked, seed):
    result = run("play", deck, "-p", players, "--seed", str(seed), "--human", "Ana", input="?\n" + ALWAYS_FIRST)
    assert result.exit_code == 0
    text = re.sub(r"\n {4,}", " ", result.output)  # long lines are wrapped, continued further in
    for pattern in WRONG:
        assert not pattern.search(text), pattern.search(text).group(0)
    assert re.search(r"\b1 (point|card|badge|turd)\b", text)  # the singular does occur


@pytest.mark.parametrize(("deck", "players", "asked"), GAMES)
def test_the_end_of_the_input_ends_the_game_cleanly_with_exit_1(deck, players, asked):
    result = run("play", deck, "-p", players, "--human", "Ana", input="1\n1\n")
    assert result.exit_code == 1
    assert result.stderr.strip() == "Ana left the game before its end; nothing was saved."
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output


def test_quit_leaves_like_the_end_of_the_input():
    result = run("play", "pixelpug", "-p", "2", "--human", "Ana", input="quit\n1\n")
    assert result.exit_code == 1 and "Ana left the game before its end" in result.output


def test_ctrl_c_stops_the_game_cleanly_with_exit_130(monkeypatch):
    from pugdeck.games import terminal

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal.Person, "choose", interrupted)
    result = run("play", "pug-you", "-p", "5", "--human", "Ana")
    assert result.exit_code == 130
    assert result.stderr.strip() == "Interrupted (Ctrl-C): the game stops here; nothing was saved."
    assert isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(("deck", "players", "asked"), GAMES)
def test_with_json_the_game_is_played_on_stderr_and_stdout_is_the_replayable_log(deck, players, asked, tmp_path):
    result = run("play", deck, "-p", players, "--seed", "4", "--human", "Ana", "--json", input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    log = json.loads(result.stdout)  # nothing else on stdout
    assert log["bots"][0] == "human"
    assert asked[0] in result.stderr and "Your" in result.stderr
    path = tmp_path / "log.json"
    path.write_text(result.stdout, encoding="utf-8")
    assert run("replay", str(path)).exit_code == 0


def test_leaving_a_json_game_writes_no_log():
    result = run("play", "pixelpug", "-p", "2", "--human", "Ana", "--json", input="")
    assert result.exit_code == 1 and result.stdout == ""
    assert "no log was written" in result.stderr


@pytest.mark.parametrize(("deck", "players"), [("pixelpug", "2"), ("pug-you", "5")])
def test_a_bundled_name_a_deck_folder_and_the_built_deck_play_the_same_game(deck, players, tmp_path):
    built = run("build", deck, "--no-pdf", "--out", str(tmp_path))
    assert built.exit_code == 0, built.output
    by_name = run("play", deck, "-p", players, "--seed", "7")
    assert by_name.exit_code == 0, by_name.output
    assert by_name.output == run("play", str(tmp_path / f"{deck}.json"), "-p", players, "--seed", "7").output
    assert by_name.output == run("play", str(bundled_deck(deck)), "-p", players, "--seed", "7").output
    assert by_name.output == run("play", str(bundled_deck(deck) / "deck.yaml"), "-p", players, "--seed", "7").output


def test_simulate_takes_a_bundled_name_too():
    result = run("simulate", "pixelpug", "-p", "2", "-g", "3")
    assert result.exit_code == 0 and "PixelPug, 2 players" in result.output


def test_a_name_that_is_neither_a_file_nor_a_bundled_deck_lists_the_bundled_decks():
    result = run("play", "pixelpog", "-p", "2")
    assert result.exit_code == 1
    assert "cannot read pixelpog: it does not exist, and no bundled deck has that name (pixelpug, pug-you)" in result.output


def test_a_deck_folder_with_errors_reports_them_located(tmp_path):
    (tmp_path / "deck.yaml").write_text("deck: {id: broken}\n", encoding="utf-8")
    result = run("play", str(tmp_path), "-p", "2")
    assert result.exit_code == 1 and "deck.yaml" in result.output and "Traceback" not in result.output
