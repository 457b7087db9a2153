"""What `apply_action` plays is what it logs: the plays and duel choices `legal_actions()`
hands out are read-only, and whatever dict is applied is checked as it reads then and
copied into the log, so a replay of the log equals the state."""

from __future__ import annotations

import json

import pytest

from pugdeck.games.pixelpug.engine import replay
from pugdeck.games.pixelpug.state import IllegalAction

# Seat 0 holds Sniff (and the Doghouse it drew), seat 1 a Nap, seat 2 the other Nap.
SNIFF_DEAL = ["sniff#1", "nap#1", "nap#2", "doghouse#1"]


def _sniff_at(actions: list[dict], target: int) -> dict:
    return next(a for a in actions if a["card"] == "sniff#1" and a["target"] == target)


def test_a_handed_out_play_is_read_only_and_the_next_offer_is_unchanged(deal):
    state = deal(3, SNIFF_DEAL)
    offered = _sniff_at(state.legal_actions(), 1)
    for change in (lambda: offered.__setitem__("target", 2), lambda: offered.pop("target"),
                   lambda: offered.update(target=2), lambda: offered.__delitem__("card")):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert offered == {"type": "play", "card": "sniff#1", "target": 1}
    assert _sniff_at(state.legal_actions(), 1) == offered
    assert json.loads(json.dumps(offered)) == offered and type(dict(offered)) is dict


def test_a_changed_copy_of_a_handed_out_play_plays_logs_and_replays_the_new_target(deal):
    state = deal(3, SNIFF_DEAL)
    changed = dict(_sniff_at(state.legal_actions(), 1))
    changed["target"] = 2
    state.apply_action(changed)
    assert state.log[-1] == {"type": "play", "card": "sniff#1", "target": 2}
    assert {"event": "look", "seat": 0, "target": 2, "hand": ["nap#2"]} in state.observation(0)["events"]
    assert replay(state.game, state.history()) == state


def test_a_handed_out_play_changed_behind_its_guard_is_played_as_it_reads_when_applied(deal):
    # The defect this guards against: the engine played the target it had handed out
    # while logging the changed one, so the log replayed another match.
    state = deal(3, SNIFF_DEAL)
    offered = _sniff_at(state.legal_actions(), 1)
    dict.__setitem__(offered, "target", 2)
    state.apply_action(offered)
    assert state.log[-1] == {"type": "play", "card": "sniff#1", "target": 2}
    assert {"event": "look", "seat": 0, "target": 2, "hand": ["nap#2"]} in state.observation(0)["events"]
    assert replay(state.game, state.history()) == state


def test_a_handed_out_play_changed_behind_its_guard_to_an_illegal_target_is_refused(deal):
    state = deal(3, SNIFF_DEAL)
    offered = _sniff_at(state.legal_actions(), 1)
    dict.__setitem__(offered, "target", 0)  # Sniff never targets you
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply_action(offered)
    assert state == before


@pytest.mark.parametrize("change", [{"extra": 1}, {"type": "rps"}, {"target": [1]}, {"name": "nap"},
                                    {"card": ["sniff#1"]}])
def test_a_listed_play_with_a_field_changed_or_added_is_checked_and_refused(deal, change):
    # A play is looked up among the listed ones by card, target and name, then compared
    # whole: another type, an extra key or an unhashable field is refused, not a TypeError.
    state = deal(3, SNIFF_DEAL)
    changed = {**_sniff_at(state.legal_actions(), 1), **change}
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply_action(changed)
    assert state == before


def test_a_listed_play_is_logged_as_the_engines_own_plain_copy(deal):
    state = deal(3, SNIFF_DEAL)
    offered = _sniff_at(state.legal_actions(), 1)
    state.apply_action(offered)
    assert state.log[-1] == offered and state.log[-1] is not offered and type(state.log[-1]) is dict


def test_a_play_changed_to_an_illegal_target_is_refused_and_changes_nothing(deal):
    state = deal(3, SNIFF_DEAL)
    changed = {**_sniff_at(state.legal_actions(), 1), "target": 0}  # Sniff never targets you
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply_action(changed)
    assert state == before


def test_the_log_keeps_a_copy_of_what_was_applied(deal):
    state = deal(3, SNIFF_DEAL)
    applied = dict(_sniff_at(state.legal_actions(), 1))
    state.apply_action(applied)
    applied["target"] = 2  # changed after it was played
    assert state.log[-1] == {"type": "play", "card": "sniff#1", "target": 1}
    assert state.log[-1] is not applied
    assert replay(state.game, state.history()) == state


def test_a_duel_choice_is_played_as_the_applied_dict_reads(deal):
    state = deal(2, ["paw-paper-scissors#1", "nap#1", "nap#2"])
    state.apply_action({"type": "play", "card": "paw-paper-scissors#1", "target": 1})
    rock = next(a for a in state.legal_actions() if a["choice"] == "rock")
    with pytest.raises(TypeError):
        rock["choice"] = "paper"
    state.apply_action({**rock, "choice": "paper"})
    state.apply_action(next(a for a in state.legal_actions() if a["choice"] == "scissors"))
    assert state.results[-1]["winner"] == 1  # scissors beat the paper really played
    assert [a["choice"] for a in state.log[-2:]] == ["paper", "scissors"]
    assert replay(state.game, state.history()) == state


@pytest.mark.parametrize("order", [[[1]], [{"id": "nip#1"}], [1.5], None, "nip#1"])
def test_a_deal_order_that_is_not_card_ids_is_an_illegal_action(new_game, order):
    # Regression: at 0ca5078 a list in the order raised TypeError (unhashable), not IllegalAction.
    state = new_game(2).new_initial_state()
    with pytest.raises(IllegalAction, match="the order must list each of the"):
        state.apply_action({"type": "deal", "order": order, "first": 0})
    assert state.history() == []
