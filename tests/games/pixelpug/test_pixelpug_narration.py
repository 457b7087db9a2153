"""What the transcript says about a Protection save, a card played on oneself and a round
decided on points (issue 28): the order things happen, and the totals that decided it."""

from __future__ import annotations

from helpers.pixelpug_moves import duel, play
from pugdeck.games.pixelpug.transcript import describe, round_points


def told(state, start: int = 0) -> list[str]:
    """What the omniscient transcript says about the events from `start` on."""
    names = ["P0", "P1", "P2", "P3"][: state.game.players]
    return [line for event in state.events[start:] if (line := describe(state.game, event.full(), names))]


def test_a_protection_save_is_told_as_a_life_lost_then_given_back(deal):
    state = deal(2, ["paw-paper-scissors#1", "protection#1", "nap#1"])
    play(state, "paw-paper-scissors#1", target=1)
    start = len(state.events)
    duel(state, "rock", "scissors")
    lines = told(state, start)
    lost = lines.index("  P1 loses a life (0 left)")
    assert lines[lost + 1] == "  P1 discards Protection instead and stays in the round (1 life)"


def test_a_card_played_on_oneself_says_so(deal):
    state = deal(2, ["the-pug#1", "nap#1", "nap#2"])
    start = len(state.events)
    play(state, "the-pug#1", target=0)
    assert told(state, start)[0] == "P0 plays The Pug (the-pug#1, 1 point) on themselves"


def test_a_round_decided_on_points_shows_every_players_total(deal):
    result = {"how": "points", "points": [7, None, 4], "winner": 0}
    state = deal(3, ["nap#1", "nap#2", "sniff#1"])
    assert round_points(state.game, result, ["P0", "P1", "P2"]) == [
        "  Points in hand and discard pile: P0 7 points, P1 out, P2 4 points"]
    assert round_points(state.game, {**result, "how": "elimination"}, ["P0", "P1", "P2"]) == []
