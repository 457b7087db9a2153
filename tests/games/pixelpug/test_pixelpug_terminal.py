"""A person playing PixelPug in the terminal (`play --human`): a card, then a target and a
named card only when the card needs them, the cards' rules on `?`, `back`, a secret duel."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.terminal import play_in_terminal

ALWAYS_FIRST = "1\n" * 3000


def run(*args, input=ALWAYS_FIRST):
    return CliRunner().invoke(main, ["play", "pixelpug", *args], input=input)


def unwrap(text: str) -> str:
    """The lines the terminal wrapped at 78 columns (continued 4 spaces further in), joined."""
    return re.sub(r"\n {4,}", " ", text)


def played(seed: int, players: int = 3, input: str = ALWAYS_FIRST) -> tuple[str, dict]:
    """What the person read (stderr, unwrapped) and the log (stdout) of a game played with `input`."""
    result = run("-p", str(players), "--seed", str(seed), "--human", "Ana", "--json", input=input)
    assert result.exit_code == 0, result.output
    assert all(len(line) <= 78 for line in result.stderr.splitlines() if "? for help]" not in line)
    return unwrap(result.stderr), json.loads(result.stdout)


def human_plays(built_doc: dict, log: dict, targets: bool = False) -> list[tuple]:
    """(the observation, the action) at each of seat 0's plays, replayed from the log; with
    `targets`, also how many valid targets the played card had."""
    game = Game(built_doc, log["players"], log["seed"])
    state, out = game.new_initial_state(), []
    for action in log["actions"]:
        if state.current_player() == 0 and action["type"] == "play":
            seats = {a["target"] for a in state.legal_actions() if a["card"] == action["card"] and "target" in a}
            out.append((state.observation(0), action, len(seats)) if targets else (state.observation(0), action))
        state.apply_action(action)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_target_and_a_named_card_are_asked_only_for_cards_that_need_them(seed, built_doc):
    text, log = played(seed)
    plays = [(action, targets) for _obs, action, targets in human_plays(built_doc, log, targets=True)]
    assert text.count("Play which card? [") == len(plays)
    # A target is asked only when there is a choice: one valid target is taken unasked.
    assert text.count("Target [") == sum(targets > 1 for _action, targets in plays)
    plays = [action for action, _targets in plays]
    assert text.count("Name a card [") == sum("name" in action for action in plays)
    assert any("target" in action for action in plays) and any("target" not in action for action in plays)


def test_each_card_in_hand_is_listed_with_its_rules_text(built_doc):
    text, log = played(2)
    observation, _action = human_plays(built_doc, log)[0]
    game = Game(built_doc, 3, 2)
    listed = text[text.index("Your hand:"):text.index("Play which card?")]
    for card in observation["hand"]:
        info = game.card(card)
        assert f"{info.name} ({'red, ' if info.attack else ''}{info.points} point" in listed
        assert info.text in listed


def test_question_mark_shows_the_rules_of_the_cards_in_hand_and_asks_again(built_doc):
    text, log = played(2, input="?\n" + ALWAYS_FIRST)
    observation, _action = human_plays(built_doc, log)[0]
    game = Game(built_doc, 3, 2)
    shown = text[text.index("The cards in your hand:"):].splitlines()[1:1 + len(set(observation["hand"]))]
    assert sorted(shown) == sorted({f"  {_rule(game, c)}" for c in observation["hand"]})
    assert text.count("Play which card? [") == len(human_plays(built_doc, log)) + 1  # asked again


def _rule(game: Game, card: str) -> str:
    info = game.card(card)
    points = f"{info.points} point{'s' * (info.points != 1)}"
    return f"{info.name} ({'red, ' if info.attack else ''}{points}): {info.text}"


def test_back_returns_from_the_target_to_the_card(built_doc):
    # Seed 1, three players: Ana's first card chooses between two targets.
    text, log = played(1, players=3, input="1\nback\n2\n" + ALWAYS_FIRST)
    first = text[:text.index("You play")]
    assert first.count("Play which card? [") == 2 and first.count("Target [1-2, back, ? for help]") == 2
    observation, action = human_plays(built_doc, log)[0]
    assert action["card"] != observation["hand"][0]  # the second card, chosen after going back


def test_a_single_target_is_not_asked_for(built_doc):
    # Seed 0, two players: both of Ana's first cards have one valid target, Bot 1.
    text, log = played(0, players=2)
    assert "Target [1, back" not in text
    assert "You play" in text and "on Bot 1" in text


def test_rock_paper_scissors_is_chosen_in_secret():
    # Seed 1, two players, always the first answer: Bot 1 duels Ana, who answers paper.
    result = run("-p", "2", "--seed", "1", "--human", "Ana")
    assert "Rock, paper, scissors against Bot 1: choose in secret" in result.output
    # The game's order, rock, paper, scissors; not echoed.
    assert "1 rock, 2 paper, 3 scissors? [1-3, ? for help]: \n" in result.output
    assert "Ana shows rock" in result.output


@pytest.mark.parametrize("seed", [5, 6])
def test_every_hand_listed_is_the_persons_own_at_that_turn(seed, built_doc):
    """The terminal function driven directly: at each of Ana's turns the cards listed are
    exactly the kinds in her hand then (never a bot's), and the game ends."""
    game = Game(built_doc, 3, seed)
    printed: list[str] = []
    state = play_in_terminal(game, 0, ["Ana", "Bot 1", "Bot 2"], "heuristic",
                             lambda prompt, secret: "1", printed.append)
    assert state.is_terminal() and printed[-1].endswith(")")
    listings, current = [], None
    for line in unwrap("\n".join(printed)).splitlines():
        if line == "Your hand:":
            current = []
            listings.append(current)
        elif current is not None and re.match(r"  \d+\) ", line):
            current.append(line.split(") ", 1)[1].split(" (", 1)[0].split(" ×")[0])
        else:
            current = None
    hands = [sorted({game.card(c).name for c in observation["hand"]})
             for observation, _action in human_plays(built_doc, {"players": 3, "seed": seed,
                                                                 "actions": state.history()})]
    assert [sorted(listed) for listed in listings] == hands
