"""Each effect operation of the bundled cards, and the cases the rules text leaves open."""

from __future__ import annotations

import pytest

from helpers.pixelpug_moves import ids, play
from pugdeck.games.pixelpug.state import IllegalAction


def discards(state, seat):
    return [state.game.ids[c] for c in state.discards[seat]]


def flushed(state):
    return [state.game.ids[c] for c in state.flushed]


def test_poop_time_flushes_a_hand_of_several_cards_out_of_the_round_and_draws_one(deal):
    state = deal(2, ["nap#1", "dog-food#1", "the-pug#1", "sniff#1", "nap#2", "poop-time#1"])
    play(state, "the-pug#1", target=1)               # seat 1: Dog Food + Sniff
    play(state, "nap#2")
    before = state.points(1)
    play(state, "poop-time#1", target=1)
    assert flushed(state) == ["dog-food#1", "sniff#1"] and discards(state, 1) == ["nap#2"]
    assert len(state.hands[1]) == 1 + 1              # the new card, and its turn's draw
    drawn = sum(state.game.points[c] for c in state.hands[1])
    assert state.points(1) == before - 4 - 1 + drawn  # Dog Food and Sniff count for nobody now
    assert state.observation(0)["flushed"] == ["dog-food#1", "sniff#1"]  # face up, for all to see


def test_poop_time_on_a_one_card_hand_also_flushes_it_and_draws_one(deal):
    state = deal(2, ["poop-time#1", "dog-food#1", "nap#1", "sniff#1"])
    play(state, "poop-time#1", target=1)
    assert flushed(state) == ["dog-food#1"] and discards(state, 1) == []
    assert ids(state, 1) == ["doghouse#1", "sniff#1"]  # the new card (next in id order) + turn draw


def test_a_deck_may_keep_a_poop_timed_hand_on_the_victims_own_pile(built_doc, deal):
    import copy

    from pugdeck.games.pixelpug.engine import Game

    doc = copy.deepcopy(built_doc)
    for card in doc["cards"]:
        if card["card"] == "poop-time":
            card["effect"][0]["discard-to"] = "own-pile"
    state = deal(2, ["poop-time#1", "dog-food#1", "nap#1", "sniff#1"],
                 state=Game(doc, 2, 0).new_initial_state())
    play(state, "poop-time#1", target=1)
    assert discards(state, 1) == ["dog-food#1"] and flushed(state) == []


def test_nip_hits_a_held_kind_and_cannot_name_itself_or_a_treat(deal):
    state = deal(2, ["nip#1", "nap#1", "sniff#1"])
    names = {a["name"] for a in state.legal_actions() if a["card"] == "nip#1"}
    # Not itself, nor a Treat: Treats are handed out in public, so naming one is a sure hit.
    assert "nip" not in names and "treat" not in names and "nap" in names
    with pytest.raises(IllegalAction):
        play(state, "nip#1", target=1, name="treat")
    with pytest.raises(IllegalAction):
        play(state, "nip#1", target=1, name="nip")
    play(state, "nip#1", target=1, name="nap")
    assert state.results[0]["how"] == "elimination" and state.results[0]["winner"] == 0


def test_nip_that_misses_does_nothing(deal):
    state = deal(2, ["nip#1", "nap#1", "sniff#1"])
    play(state, "nip#1", target=1, name="dog-food")
    assert state.alive == [True, True] and "nap#1" in ids(state, 1)


def test_go_fisch_takes_the_named_card_or_draws(deal):
    state = deal(2, ["go-fisch#1", "nap#1", "sniff#1", "go-fisch#2", "nip#1"])
    play(state, "go-fisch#1", target=1, name="nap")
    assert ids(state, 0) == ["nap#1", "sniff#1"]
    play(state, "go-fisch#2", target=0, name="dog-food")  # a miss: seat 1 draws
    assert ids(state, 1) == ["the-pug#1"] or len(state.hands[1]) == 1


def test_good_boy_gives_treats_until_the_pile_is_empty(deal):
    state = deal(2, ["good-boy#1", "nap#1", "nap#2", "good-boy#2"])
    play(state, "good-boy#1", target=0)
    assert len(state.treats) == 2
    play(state, "good-boy#2", target=0)
    assert len(state.treats) == 1 and sum(c.startswith("treat#") for c in ids(state, 0)) == 2
    assert len(state.hands[0]) == 4                   # Nap, two Treats and the turn's draw
    treat = next(c for c in ids(state, 0) if c.startswith("treat#"))
    play(state, treat)                               # a Treat draws a card: still 4
    assert len(state.hands[0]) == 4
    state.treats.clear()                             # as if the last one was handed out
    state.hands[1].append(state.game.index["good-boy#1"])  # (moved from seat 0's discards)
    state.discards[0].remove(state.game.index["good-boy#1"])
    play(state, "good-boy#1", target=1)
    assert not any(c.startswith("treat#") for c in ids(state, 1))
    assert {"event": "pile-empty", "pile": "treats"} in state.observation(1)["events"]


def test_tug_of_war_swaps_hands_and_both_see_the_new_hands(deal):
    state = deal(2, ["tug-of-war#1", "dog-food#1", "nap#1"])
    play(state, "tug-of-war#1", target=1)
    assert ids(state, 0) == ["dog-food#1"] and "nap#1" in ids(state, 1)
    swap = next(e for e in state.observation(1)["events"] if e["event"] == "swap")
    assert swap["hands"] == {"0": ["dog-food#1"], "1": ["nap#1"]}


def test_stare_down_the_lower_hand_loses_a_life_a_tie_does_nothing(deal):
    state = deal(2, ["stare-down#1", "sniff#1", "nap#1"])
    play(state, "stare-down#1", target=1)            # Nap 3 against Sniff 1
    assert state.results[0]["how"] == "elimination" and state.results[0]["winner"] == 0
    state = deal(2, ["stare-down#1", "sniff#1", "the-pug#1"])
    play(state, "stare-down#1", target=1)            # 1 against 1
    assert state.alive == [True, True]


def test_sniff_shows_the_hand_to_the_player_only(deal):
    state = deal(3, ["sniff#1", "dog-food#1", "nap#1", "nap#2"])
    play(state, "sniff#1", target=1)
    look = [e for e in state.observation(0)["events"] if e["event"] == "look"]
    assert look == [{"event": "look", "seat": 0, "target": 1, "hand": ["dog-food#1"]}]
    for other in (1, 2):
        looks = [e for e in state.observation(other)["events"] if e["event"] == "look"]
        assert looks == [{"event": "look", "seat": 0, "target": 1}]


def test_a_duel_choice_stays_secret_until_both_are_in(deal):
    state = deal(2, ["paw-paper-scissors#1", "nap#1", "nap#2"])
    play(state, "paw-paper-scissors#1", target=1)
    state.apply_action({"type": "rps", "choice": "rock"})
    assert state.current_player() == 1
    assert "rock" not in repr(state.observation(1))
    assert state.observation(0)["duel"]["your_choice"] == "rock"


def test_drawing_from_an_empty_deck_draws_nothing(small_game, deal):
    state = small_game(2, ["nap#1", "nap#2", "the-pug#1"]).new_initial_state()
    deal(2, ["nap#1", "nap#2", "the-pug#1"], state=state)
    play(state, "the-pug#1", target=1)              # the deck is already empty
    assert state.results[0]["points"] == [4, 3] and state.results[0]["how"] == "points"
