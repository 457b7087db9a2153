"""The actions `legal_actions()` hands out belong to the caller: changing one never changes
what the engine offers next, and applying a changed one plays, logs and replays the change."""

from __future__ import annotations

import pytest

from pugdeck.games.pixelpug.engine import replay
from pugdeck.games.pixelpug.state import IllegalAction


def _sniff_at(actions: list[dict], target: int) -> dict:
    return next(a for a in actions if a["card"] == "sniff#1" and a["target"] == target)


def test_a_handed_out_play_whose_target_was_changed_plays_logs_and_replays_the_new_target(deal):
    state = deal(3, ["sniff#1", "nap#1", "nap#2", "doghouse#1"])
    offered = _sniff_at(state.legal_actions(), 1)
    offered["target"] = 2  # changed after it was handed out
    state.apply_action(offered)
    assert state.log[-1] == {"type": "play", "card": "sniff#1", "target": 2}
    assert {"event": "look", "seat": 0, "target": 2, "hand": ["nap#2"]} in state.observation(0)["events"]
    assert replay(state.game, state.history()) == state


def test_a_handed_out_play_changed_to_an_illegal_target_is_refused(deal):
    state = deal(3, ["sniff#1", "nap#1", "nap#2", "doghouse#1"])
    offered = _sniff_at(state.legal_actions(), 1)
    before = state.clone()
    offered["target"] = 0  # Sniff targets an opponent, never yourself
    with pytest.raises(IllegalAction):
        state.apply_action(offered)
    assert state == before


def test_changing_a_handed_out_action_does_not_change_the_next_offer(deal):
    state = deal(3, ["sniff#1", "nap#1", "nap#2", "doghouse#1"])
    first = state.legal_actions()
    _sniff_at(first, 1)["target"] = 2
    first[0]["card"] = "changed"
    again = state.legal_actions()
    assert _sniff_at(again, 1) == {"type": "play", "card": "sniff#1", "target": 1}
    assert "changed" not in {a["card"] for a in again}


def test_a_logged_action_is_a_copy_of_what_was_applied(deal):
    state = deal(3, ["sniff#1", "nap#1", "nap#2", "doghouse#1"])
    offered = _sniff_at(state.legal_actions(), 1)
    state.apply_action(offered)
    offered["target"] = 2  # changed after it was played
    assert state.log[-1] == {"type": "play", "card": "sniff#1", "target": 1}
    assert replay(state.game, state.history()) == state


def test_a_duel_choice_changed_after_it_was_handed_out_plays_the_new_choice(deal):
    state = deal(2, ["paw-paper-scissors#1", "nap#1", "nap#2"])
    state.apply_action({"type": "play", "card": "paw-paper-scissors#1", "target": 1})
    rock = next(a for a in state.legal_actions() if a["choice"] == "rock")
    rock["choice"] = "paper"
    state.apply_action(rock)
    scissors = next(a for a in state.legal_actions() if a["choice"] == "scissors")
    state.apply_action(scissors)
    assert state.results[-1]["winner"] == 1  # scissors beat the paper really played
    assert [a.get("choice") for a in state.log[-2:]] == ["paper", "scissors"]
    assert replay(state.game, state.history()) == state
