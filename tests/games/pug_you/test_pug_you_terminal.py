"""A person playing Pug You! in the terminal (`play --human`): their seat's view only, the
offers to take, one nominee at a time, a vote's nominee and then its card."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pugdeck.cli import main
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.terminal import play_in_terminal

# "1", then "2", over and over: more answers than any game asks. Not "1" alone: a Pug You!
# second nominee keeps the numbers of the first question, so "1" again names the seat
# already chosen (refused); a refused answer costs a line, so every question gets one it takes.
ALWAYS_FIRST = "1\n2\n" * 1500


@pytest.fixture(scope="module")
def doc(bundled_docs):
    return bundled_docs["default"]  # the bundled deck built with no filters, as `play pug-you` builds it


def played(seed: int, input: str, players: int = 5) -> tuple[str, dict]:
    result = CliRunner().invoke(main, ["play", "pug-you", "-p", str(players), "--seed", str(seed),
                                       "--human", "Ana", "--json"], input=input)
    assert result.exit_code == 0, result.output
    return result.stderr, json.loads(result.stdout)


def test_typed_names_choose_the_offer_and_the_nominees(doc):
    # Ana is the first active player: the bots offer, she takes Bot 2's card, nominates
    # Bot 4 and then bot 1 (names, any case), and the log holds exactly that.
    text, log = played(1, "Bot 2\nBot 4\nbot 1\n" + ALWAYS_FIRST)
    mine = [a for a in log["actions"] if a["type"] in ("choose", "nominate")][:2]
    assert mine == [{"type": "choose", "from": 2}, {"type": "nominate", "nominees": [1, 4]}]
    assert "Take which offer? [1-4, ? for help]" in text
    # the second question lists the same seats under the same numbers, the first nominee marked
    assert "Nominee 2 of 2? [1-4, back, ? for help]" in text
    assert "  4) Bot 4 (0 badges): chosen already" in text
    assert "You nominate Bot 1 and Bot 4." in text


def test_the_second_nominee_keeps_the_numbers_of_the_first(doc):
    # Bot 3 is 3 in both questions; the 1 chosen first is listed again, marked, and refused.
    text, log = played(1, "1\n1\n1\n3\n" + ALWAYS_FIRST)
    nominate = next(a for a in log["actions"] if a["type"] == "nominate")
    assert nominate["nominees"] == [1, 3]
    asking = text[:text.index("You nominate Bot 1 and Bot 3.")]
    asking = asking[asking.index("Nominee 1 of 2?") - 200:]  # the list is shown before each question
    assert asking.count("  3) Bot 3 (0 badges)\n") == 2  # in both lists, as 3
    assert asking.count("  1) Bot 1 (0 badges): chosen already\n") == 1
    assert "1 is chosen already: pick another (or back to change it)." in asking


def test_back_takes_the_last_nominee_back(doc):
    _text, log = played(1, "1\n1\nback\n3\n1\n" + ALWAYS_FIRST)
    nominate = next(a for a in log["actions"] if a["type"] == "nominate")
    # Bot 1, taken back; then Bot 3, and Bot 1 again (first of those left). Had `back` been
    # refused, the 3 would have named Bot 4, the third of Bot 2, Bot 3, Bot 4.
    assert nominate["nominees"] == [1, 3]


def test_a_vote_is_a_nominee_then_a_card_and_back_returns_to_the_nominee(doc):
    # Turn 1: Ana takes the first offer and nominates Bot 1 and Bot 2 (1, then 2: the numbers
    # stay), then votes last: she picks Bot 1, goes back, picks Bot 2 and votes with her second card.
    text, log = played(1, "1\n1\n2\n1\nback\n2\n2\n" + ALWAYS_FIRST)
    game = Game(doc, 5, 1)
    state = game.new_initial_state()
    for action in log["actions"]:
        if state.current_player() == 0 and action["type"] == "vote":
            hand = state.observation(0)["hand"]
            assert action == {"type": "vote", "nominee": 2, "card": hand[1]}
            break
        state.apply_action(action)
    else:
        pytest.fail("Ana never voted")
    assert "Vote for whom? [1-2, ? for help]" in text and "Vote with which card? [1-5, back, ? for help]" in text


def test_question_mark_shows_every_card_in_hand_with_its_text(doc):
    text, log = played(2, "?\n" + ALWAYS_FIRST)
    game = Game(doc, 5, 2)
    state = game.new_initial_state()
    while state.current_player() != 0:
        state.apply_action(next(a for a in log["actions"][len(state.history()):]))
    hand = state.observation(0)["hand"]
    shown = " ".join(text[text.index("The cards in your hand:"):].split())  # long lines wrap
    for card in hand:
        info = game.card(card)
        assert f"“{info.question}”" in shown and f"because I’m {info.descriptive}" in shown


@pytest.mark.parametrize("seed", [3, 4])
def test_no_card_hidden_from_the_persons_seat_reaches_the_screen(seed, doc):
    """Driven directly: every question printed belongs to a card seat 0 saw (its hand, the
    card read out, a scored card); the cards only ever in bots' hands or face down never show."""
    game = Game(doc, 6, seed)
    printed: list[str] = []
    answers = iter(ALWAYS_FIRST.split())
    state = play_in_terminal(game, 0, ["Ana"] + [f"Bot {s}" for s in range(1, 6)], "heuristic",
                             lambda prompt, secret: next(answers), printed.append)
    assert state.is_terminal() and printed[-1]
    seen, replay = set(), game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
        view = replay.observation(0)
        seen.update(view["hand"], [view["active_card"]] if view["active_card"] else [],
                    *view["scored"])
    text = "\n".join(printed)
    seen_questions = {game.card(c).question for c in seen}
    hidden = {info.question for info in game.cards} - seen_questions
    assert hidden, "a game where seat 0 saw every card tests nothing"
    assert [q for q in hidden if f"“{q}”" in text] == []
    assert any(f"“{q}”" in text for q in seen_questions)


def test_a_reshuffle_mid_refill_announces_the_next_turn_once_with_its_active_player(doc):
    # Regression: at 0ca5078 a refill that paused for a reshuffle printed the new turn's
    # header twice, the first time naming the previous active player.
    reshuffled = 0
    for seed in range(4):
        text, log = played(seed, ALWAYS_FIRST, players=7)
        lines = text.splitlines()
        headers = [line for line in lines if line.startswith("Turn ")]
        assert len(headers) == len(set(headers)) == 14, headers
        reshuffled += any("the discard pile is shuffled" in line for line in lines)
        for header in headers:  # "Turn 3 of 14 (round 1): Bot 2 is the active player."
            active = (int(header.split()[1]) - 1) % 7
            assert header.endswith("you are the active player." if active == 0 else
                                   f"Bot {active} is the active player."), header
    assert reshuffled  # the case this test is about happened
