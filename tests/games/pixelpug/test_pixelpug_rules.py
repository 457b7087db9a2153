"""One scenario per clarification of the PixelPug rules text (docs/rules-pixelpug.md), in its order.

Each scenario deals a stacked deck (see conftest.py) and plays through the public API only.
"""

from __future__ import annotations

import pytest

from helpers.pixelpug_moves import duel, ids, play
from pugdeck.games.pixelpug.state import IllegalAction


def test_setup_sets_treats_aside_and_deals_one_card_and_one_life(deal):
    state = deal(3, ["nap#1", "nap#2", "nip#1", "sniff#1"])
    assert len(state.treats) == 3 and all(state.game.ids[c].startswith("treat#") for c in state.treats)
    assert ids(state, 0) == ["nap#1", "sniff#1"]  # starting card + the turn's draw
    assert ids(state, 1) == ["nap#2"] and ids(state, 2) == ["nip#1"]
    assert state.lives == [1, 1, 1]
    assert len(state.deck) == 33 - 4


def test_a_turn_is_draw_play_to_own_discard_pass_clockwise(deal):
    state = deal(3, ["nap#1", "nap#2", "doghouse#1", "sniff#1", "tug-of-war#1"])
    play(state, "nap#1")
    assert [state.game.ids[c] for c in state.discards[0]] == ["nap#1"]
    assert state.current_player() == 1
    assert ids(state, 1) == ["nap#2", "tug-of-war#1"]  # seat 1 drew on its turn


def test_with_an_empty_hand_you_play_the_card_you_draw(deal):
    # Seat 0 fishes seat 1's only card away; on its turn seat 1 must play what it draws.
    state = deal(2, ["go-fisch#1", "nip#1", "nap#1", "the-pug#1"])
    play(state, "go-fisch#1", target=1, name="nip")
    assert ids(state, 1) == ["the-pug#1"]
    assert {a["card"] for a in state.legal_actions()} == {"the-pug#1"}


def test_zero_life_is_out_of_the_round_and_the_last_one_standing_wins(deal):
    state = deal(2, ["paw-paper-scissors#1", "nap#1", "nap#2"])
    play(state, "paw-paper-scissors#1", target=1)
    duel(state, "rock", "scissors")
    assert state.results[-1] == {"round": 0, "winner": 0, "how": "elimination", "turns": 1,
                                 "points": [5, None], "hands": [["nap#2"], ["nap#1"]]}
    assert state.round_wins == [1, 0] and state.current_player() == -1  # next round's deal


def test_only_red_cards_are_attacks_and_doghouse_stops_them(deal):
    state = deal(2, ["doghouse#1", "poop-time#1", "nap#1", "nip#1"])
    play(state, "doghouse#1")
    actions = state.legal_actions()
    # Red Poop Time and Nip have no valid target: they are played without effect.
    assert {"type": "play", "card": "poop-time#1"} in actions
    assert {"type": "play", "card": "nip#1"} in actions
    play(state, "poop-time#1")
    assert [state.game.ids[c] for c in state.discards[0]] == ["doghouse#1"]
    assert "nap#1" in ids(state, 0)  # not discarded by Poop Time
    assert {"event": "no-target", "seat": 1} in state.observation(1)["events"]


def test_doghouse_does_not_block_the_pug_a_treat_or_empty_bowl(deal):
    state = deal(3, ["doghouse#1", "the-pug#1", "good-boy#1", "dog-food#1", "empty-bowl#1", "nap#1"])
    play(state, "doghouse#1")                       # seat 0 is in the Doghouse
    play(state, "the-pug#1", target=0)              # seat 1: seat 0 draws anyway
    assert len(state.hands[0]) == 2
    assert state.doghouse[0]
    play(state, "good-boy#1", target=0)             # seat 2: seat 0 takes a Treat anyway
    assert any(c.startswith("treat#") for c in ids(state, 0))


def test_doghouse_lasts_until_your_next_turn(deal):
    state = deal(2, ["doghouse#1", "nip#1", "nap#1", "nap#2", "nip#2"])
    play(state, "doghouse#1")
    play(state, "nap#2")
    assert state.current_player() == 0 and not state.doghouse[0]


def test_target_player_may_be_yourself(deal):
    state = deal(2, ["the-pug#1", "nap#1", "nap#2"])
    targets = {a.get("target") for a in state.legal_actions() if a["card"] == "the-pug#1"}
    assert targets == {0, 1}
    play(state, "the-pug#1", target=0)
    assert len(state.hands[0]) == 2


def test_opponent_is_never_yourself(deal):
    state = deal(2, ["nip#1", "nap#1", "nap#2"])
    assert {a["target"] for a in state.legal_actions() if a["card"] == "nip#1"} == {1}
    with pytest.raises(IllegalAction):
        play(state, "nip#1", target=0, name="nap")


def test_no_valid_target_plays_the_card_without_effect(deal):
    # Three players, one already out, the other in the Doghouse: Stare Down has no target.
    state = deal(3, ["paw-paper-scissors#1", "nap#1", "doghouse#1", "stare-down#1", "nap#2", "sniff#1"])
    play(state, "paw-paper-scissors#1", target=1)
    duel(state, "paper", "rock")                     # seat 1 is out
    play(state, "doghouse#1")                        # seat 2
    # Sniff is not red: the Doghouse does not stop it. Red Stare Down has no target.
    assert state.legal_actions() == [{"type": "play", "card": "sniff#1", "target": 2},
                                     {"type": "play", "card": "stare-down#1"}]
    with pytest.raises(IllegalAction):
        play(state, "stare-down#1", target=2)
    play(state, "stare-down#1")
    assert state.alive == [True, False, True]


def test_protection_in_hand_is_discarded_instead_of_the_last_life(deal):
    state = deal(2, ["paw-paper-scissors#1", "protection#1", "nap#1"])
    play(state, "paw-paper-scissors#1", target=1)
    duel(state, "rock", "scissors")
    assert state.alive == [True, True] and state.lives == [1, 1]
    assert "protection#1" in [state.game.ids[c] for c in state.discards[1]]
    assert "protection#1" not in ids(state, 1)


def test_empty_bowl_on_the_dog_food_holder_wins_the_round(deal):
    state = deal(2, ["empty-bowl#1", "dog-food#1", "nap#1"])
    play(state, "empty-bowl#1", target=1)
    assert state.results[-1]["how"] == "dog-food" and state.results[-1]["winner"] == 0


def test_empty_bowl_fails_against_a_holder_with_protection(deal):
    # Seat 1 starts with Dog Food; seat 0's The Pug makes it draw Protection.
    state = deal(2, ["nap#1", "dog-food#1", "the-pug#1", "protection#1", "nap#2", "empty-bowl#1"])
    play(state, "the-pug#1", target=1)
    play(state, "nap#2")
    assert ids(state, 1) == ["dog-food#1", "protection#1"]
    play(state, "empty-bowl#1", target=1)
    assert state.results == [] and state.alive == [True, True]
    assert {"dog-food#1", "protection#1"} <= set(ids(state, 1))  # Protection is not used up
    assert state.observation(1)["events"][-2] == {"event": "guess", "seat": 0, "target": 1,
                                                  "hit": True, "shielded": True}


def test_empty_bowl_on_someone_else_misses_and_draws_you_a_card(deal):
    state = deal(3, ["empty-bowl#1", "nap#1", "dog-food#1", "nap#2", "sniff#1"])
    play(state, "empty-bowl#1", target=1)
    assert state.results == [] and state.current_player() == 1
    assert ids(state, 0) == ["nap#2", "sniff#1"]  # the turn's draw, and the miss's card


def test_a_red_target_player_card_may_target_you_but_not_the_doghouse(built_doc, deal):
    from pugdeck.games.pixelpug.engine import Game

    cards = [{**c, "attack": True} if c["card"] == "the-pug" else c for c in built_doc["cards"]]
    state = Game({**built_doc, "cards": cards}, 3, 0).new_initial_state()
    deal(3, ["doghouse#1", "nap#1", "the-pug#1", "nap#2", "sniff#1"], state=state)
    play(state, "doghouse#1")
    play(state, "nap#1")
    assert {a.get("target") for a in state.legal_actions() if a["card"] == "the-pug#1"} == {1, 2}
