"""A card played at another player ends with a `resolved` event once it has done all it does
(a duel card's once both secret choices are in), carrying what it did to the target's points
privately to nobody: simulate's statistics read it from the log, not from the state."""

from __future__ import annotations

from helpers.pixelpug_moves import duel, play


def _new(state, start: int) -> list:
    return state.events[start:]


def test_a_duel_resolves_when_it_is_settled_not_when_its_card_is_played(deal):
    state = deal(3, ["paw-paper-scissors#1", "nap#1", "nap#2", "sniff#1"])
    start = len(state.events)
    play(state, "paw-paper-scissors#1", target=1)
    assert [e.public["event"] for e in _new(state, start)] == ["play"]
    start = len(state.events)
    duel(state, "rock", "scissors")
    kinds = [e.public["event"] for e in _new(state, start)]
    assert kinds[0] == "duel" and kinds[-1] == "resolved"
    resolved = _new(state, start)[-1]
    assert resolved.public == {"event": "resolved", "seat": 0, "card": "paw-paper-scissors#1", "target": 1}


def test_what_a_card_did_to_its_targets_points_is_for_the_log_only(deal):
    # Poop Time flushes seat 2's hand out of the round, and they draw a card: seat 1 plays next.
    state = deal(3, ["poop-time#1", "nap#1", "the-pug#1", "sniff#1", "nap#2"])
    before = state.points(2)
    start = len(state.events)
    play(state, "poop-time#1", target=2)
    resolved = _new(state, start)[-1]
    assert resolved.full()["points_change"] == state.points(2) - before != 0
    assert all("points_change" not in resolved.view(seat) for seat in (None, 0, 1, 2))


def test_a_play_that_ends_the_round_resolves_without_a_points_change(deal):
    state = deal(2, ["paw-paper-scissors#1", "nap#1", "nap#2"])
    play(state, "paw-paper-scissors#1", target=1)
    start = len(state.events)
    duel(state, "rock", "scissors")  # the defender's last life: the round is over
    kinds = [e.public["event"] for e in _new(state, start)]
    assert kinds.index("round-over") < kinds.index("resolved")
    assert _new(state, start)[-1].full()["points_change"] is None


def test_the_hand_a_card_was_played_from_is_for_the_log_only(deal):
    state = deal(2, ["sniff#1", "nap#1", "nap#2"])
    start = len(state.events)
    play(state, "sniff#1", target=1)
    event = _new(state, start)[0]
    assert event.full()["hand"] == ["nap#2", "sniff#1"]
    assert all("hand" not in event.view(seat) for seat in (None, 0, 1))
