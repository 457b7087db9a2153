"""The party's table without a network: every kind of move a phone can be asked for, what
each view holds, and the log (deterministic, replayable)."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from pugdeck.building.pipeline import build
from pugdeck.cli import main
from pugdeck.games.registry import bundled_decks, game
from pugdeck.party.table import PartyTable, Refused

NAMES = ["Ana", "Bo", "Chidi", "Dee", "Eli"]


def play_randomly(deck: str, seed: int, log_path=None, people: int = 5, bots: int = 0):
    """A whole game whose people pick among their choices with a seeded random generator;
    (table, {move kind: (prompt, labels)} as first seen)."""
    built = build(bundled_decks()[deck])
    table = PartyTable(game(built.doc["game"]), built.doc, seed=seed, bots=bots, log_path=log_path)
    tokens = [table.join(name)[1] for name in NAMES[:people]]
    table.start()
    chooser, seen = random.Random(seed), {}
    for number in range(2000):
        seat = table.to_act()
        if seat is None:
            break
        view = table.phone(seat)
        hidden = table.spec.hidden_cards(table.state, seat)
        named = set(view["hand"]) | set(view["held"]) | {c["card"] for c in view["choices"] if c["card"]}
        assert not named & hidden, "a phone's view names a card its seat may not see"
        kind = view["choices"][0]["action"]["type"]
        seen.setdefault(kind, (view["prompt"], [c["label"] for c in view["choices"]]))
        table.act(tokens[seat], chooser.choice(view["choices"])["action"], f"move-{number:06d}")
    assert table.state.is_terminal()
    return table, seen


def test_a_phone_is_asked_every_kind_of_pug_you_move_in_words():
    table, seen = play_randomly("pug-you", seed=2)  # a seed whose game has a tie and a second question
    assert set(seen) == {"offer", "choose", "ask", "nominate", "vote", "award"}
    assert seen["award"][0].startswith("A tie! You decide who scores")
    assert all(label.endswith("badges)") or label.endswith("badge)") for label in seen["award"][1])
    assert seen["ask"][1][0] == "Read out this card"
    assert seen["vote"][1][0].startswith("Vote for ")
    assert seen["choose"][1][0].endswith("’s card")


def test_the_log_is_the_same_for_the_same_game_and_replays(tmp_path):
    first, second = tmp_path / "one.json", tmp_path / "two.json"
    play_randomly("pug-you", seed=3, log_path=first, people=3, bots=2)
    play_randomly("pug-you", seed=3, log_path=second, people=3, bots=2)
    assert first.read_bytes() == second.read_bytes()
    log = json.loads(first.read_text(encoding="utf-8"))
    assert log["bots"][:3] == NAMES[:3] and log["party"]["people"] == [0, 1, 2]
    replayed = CliRunner().invoke(main, ["replay", str(first)])
    assert replayed.exit_code == 0 and "loses with" in replayed.output


def test_a_pixelpug_phone_plays_targets_names_and_duels_in_secret():
    _table, seen = play_randomly("pixelpug", seed=1, people=3)
    assert set(seen) == {"play", "rps"}
    assert sorted(seen["rps"][1]) == ["paper", "rock", "scissors"]


def test_refusals_leave_the_game_as_it_was():
    built = build(bundled_decks()["pug-you"])
    table = PartyTable(game("pug-you"), built.doc)
    with pytest.raises(Refused, match="nobody has joined"):
        table.start()
    tokens = [table.join(name)[1] for name in NAMES]
    table.start()
    seat, history = table.to_act(), list(table.state.history())
    legal = dict(table.state.legal_actions()[0])
    other = (seat + 1) % 5
    for token, action, action_id, code in [
            ("not a token", legal, "abcdefgh", "bad_token"),
            (tokens[other], legal, "abcdefgh", "not_your_move"),
            (tokens[seat], {**legal, "card": "no-such-card"}, "abcdefgh", "illegal"),
            (tokens[seat], "offer", "abcdefgh", "illegal"),
            (tokens[seat], legal, "short", "bad_id")]:
        with pytest.raises(Refused) as refused:
            table.act(token, action, action_id)
        assert refused.value.code == code
        assert table.state.history() == history and table.to_act() == seat
    table.act(tokens[seat], legal, "abcdefgh")
    with pytest.raises(Refused) as refused:
        table.act(tokens[seat], legal, "abcdefgh")
    assert refused.value.code == "done_already"
    with pytest.raises(Refused, match="started"):
        table.join("Fay")
