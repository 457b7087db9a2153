"""`games/terminal.py`: how a person's typed answer picks an option, or is asked again."""

from __future__ import annotations

import pytest

from pugdeck.games.terminal import BACK, LeftTheGame, Option, Person

OPTIONS = [Option("Nip (red, 1 point)", ("Nip", "nip")), Option("Nap (3 points)", ("Nap", "nap")),
           Option("Dog Food (4 points)", ("Dog Food", "dog-food"))]


def ask(lines: list[str], **kwargs) -> tuple[int, list[str], list[tuple[str, bool]]]:
    """The option the scripted `lines` pick, what was printed, and each prompt read."""
    script, printed, prompts = iter(lines), [], []

    def read(prompt: str, secret: bool) -> str:
        prompts.append((prompt, secret))
        return next(script)  # StopIteration would mean it asked once too often

    def end_of_input(prompt: str, secret: bool) -> str:
        prompts.append((prompt, secret))
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    person = Person(end_of_input if kwargs.pop("eof", False) else read, printed.append)
    picked = person.choose("Play which card?", OPTIONS, lambda: ["HELP TEXT"], **kwargs)
    return picked, printed, prompts


@pytest.mark.parametrize(("typed", "picked"), [("2", 1), (" 3 ", 2), ("nap", 1), ("DOG FOOD", 2),
                                               ("dog", 2), ("Dog   food", 2), ("nip", 0)])
def test_a_number_a_name_or_the_start_of_one_name_picks_an_option(typed, picked):
    assert ask([typed])[0] == picked


def test_a_wrong_answer_gets_one_line_and_the_question_again():
    picked, printed, prompts = ask(["7", "xyz", "", "n", "1"])
    refusals = [line for line in printed if not line.startswith("  ")]
    assert refusals == ["‘7’ is none of the choices: type a number from 1 to 3, or ? for help.",
                        "‘xyz’ is none of the choices: type a number from 1 to 3, or ? for help.",
                        "Type a number from 1 to 3 (or ? for help).",
                        "‘n’ could be 1 or 2: type its number."]
    assert picked == 0 and len(prompts) == 5
    assert prompts[0][0] == "Play which card? [1-3, ? for help]: "


def test_question_mark_or_help_prints_the_help_and_lists_the_options_again():
    picked, printed, _ = ask(["?", "HELP", "2"])
    assert printed.count("HELP TEXT") == 2
    assert printed.count("  1) Nip (red, 1 point)") == 3  # listed first, and after each help
    assert picked == 1


def test_back_is_an_answer_only_where_it_is_offered():
    assert ask(["back"], can_go_back=True)[0] == BACK
    assert ask(["back"], can_go_back=True)[2][0][0] == "Play which card? [1-3, back, ? for help]: "
    picked, printed, _ = ask(["back", "1"])
    assert picked == 0 and "‘back’ is none of the choices" in printed[-1]


@pytest.mark.parametrize("lines", [[], ["quit"], ["?", "exit"]])
def test_the_end_of_the_input_or_quit_leaves_the_game(lines):
    with pytest.raises(LeftTheGame):
        ask(lines, eof=True)


def test_a_secret_answer_is_never_shown_back():
    picked, printed, prompts = ask(["rock-hard", "3"], secret=True)
    assert picked == 2 and all(secret for _prompt, secret in prompts)
    assert not any("rock-hard" in line for line in printed)
    assert not any(line.startswith("  1)") for line in printed)  # a secret question names its choices


def test_a_compact_list_shares_lines_within_the_width():
    options = [Option(f"Card {n}", ()) for n in range(12)]
    printed: list[str] = []
    Person(lambda prompt, secret: "1", printed.append).choose("Name a card", options, list, compact=True)
    assert 1 < len(printed) < 12 and all(len(line) <= 78 for line in printed)
    assert "1) Card 0" in printed[0] and "2) Card 1" in printed[0]


def test_a_long_line_wraps_at_words_but_never_inside_a_short_parenthesis():
    printed = []
    # plain textwrap breaks this one after "(yellow, 2"
    line = ("  \u00abWho would cancel a whole holiday rather than admit a mistake?\u00bb "
            "(yellow, 2 badges, 3 turds), \u00abbecause I'm the worst travel agent\u00bb")
    Person(lambda prompt, secret: "", printed.append).say(line)
    assert len(printed) > 1 and all(len(part) <= 78 for part in printed)
    assert any("(yellow, 2 badges, 3 turds)" in part for part in printed)
    assert " ".join(p.strip() for p in printed) == line.strip()  # nothing lost or changed
