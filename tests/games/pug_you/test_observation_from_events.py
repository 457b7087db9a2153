"""Pug You!'s observation says "what just happened" from the event log (issue 22): the
state keeps no second record of the last reveal that could disagree with the log."""

from __future__ import annotations

from helpers.pug_you_decks import built_deck, default_cards
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.state import State
from pugdeck.games.rng import Rng


def test_the_state_keeps_no_copy_of_the_last_reveal():
    assert "last_reveal" not in State.__slots__


def test_the_last_reveal_is_the_logs_until_the_discard_pile_is_reshuffled():
    """Over whole seeded games with reshuffles: after every action, each seat sees the piles
    of the last reveal event, or none once a shuffle of the discard pile followed it."""
    # 32 cards for 5 hands of 5 and 10 rounds: the draw pile runs out again and again
    game = Game(built_deck(default_cards(levelled=30, mutts=2), rounds=10), 5, seed=0)
    reshuffles = reveals = 0
    for seed in range(12):
        state, rng = game.reseeded(seed).new_initial_state(), Rng(f"reveal/{seed}")
        expected = None
        while not state.is_terminal():
            start = len(state.events)
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            for event in state.events[start:]:
                if event.public["event"] == "reveal":
                    expected, reveals = event.public["piles"], reveals + 1
                elif event.public["event"] == "shuffle" and event.public["pile"] == "discard":
                    expected, reshuffles = None, reshuffles + 1
            for seat in range(5):
                assert state.observation(seat)["last_reveal"] == expected
        observed = state.observation(0)["last_reveal"]
        if observed:  # the observation's lists are its own: changing them leaves the log alone
            observed[0]["cards"].append("not-a-card")
            assert state.observation(0)["last_reveal"] == expected
    assert reveals and reshuffles  # both paths ran
