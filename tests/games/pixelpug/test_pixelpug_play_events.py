"""simulate's held kinds and target statistics come from the play events (issue 22): in a
game made `for_statistics`, a play event's omniscient view (`Event.full()`, never a seat's)
says which hand the card was played from and what it did to the points of the player it was
played at. Other games (play, serve, party) do not pay for the notes."""

from __future__ import annotations

import functools

from pugdeck.building.pipeline import build
from pugdeck.games.loop import advance, apply_move
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.rng import Rng
from pugdeck.resources import bundled_deck

UNSEEN = ("hand", "target_points_change")


@functools.cache
def _doc() -> dict:
    return build(bundled_deck("pixelpug")).doc


def test_a_play_event_tells_the_statistics_what_no_seat_sees():
    """Over seeded random matches: each play's full view holds the hand it was played from
    and, played at another player, the change of their points made by the play itself (the
    state before and after, the next turn's draw left out), None when the play ended the
    round; no seat's view holds either."""
    targeted = ended = 0
    for seed in range(25):
        game = Game(_doc(), 4, seed).for_statistics()
        state, rng = game.new_initial_state(), Rng(f"play-events/{seed}")
        for _ in advance(state, [None] * 4):
            pass
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
            seat, before = state.current_player(), state.clone()
            step = apply_move(state, action)
            for _ in advance(state, [None] * 4):
                pass
            if action["type"] != "play":
                continue
            event = step.events[0]
            assert event.public["event"] == "play"
            full = event.full()
            assert full["hand"] == [game.ids[c] for c in before.hands[seat]]
            assert action["card"] in full["hand"]
            for viewer in (None, *range(4)):
                assert not set(UNSEEN) & set(event.view(viewer))
            victim = action.get("target")
            if victim is None or victim == seat:
                assert "target_points_change" not in full
                continue
            targeted += 1
            if len(state.results) > len(before.results):
                ended += 1
                assert full["target_points_change"] is None
                continue
            change = state.points(victim) - before.points(victim)
            if state.turn > before.turn and state.active == victim:  # their turn began with a draw
                change -= game.points[before.deck[len(state.deck)]]  # the top card they drew
            assert full["target_points_change"] == change
    assert targeted and ended


def test_a_game_not_made_for_statistics_notes_nothing_and_plays_the_same():
    plain, noted = Game(_doc(), 3, 5), Game(_doc(), 3, 5).for_statistics()
    states = []
    for game in (plain, noted):
        state, rng = game.new_initial_state(), Rng("play-events/same")
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        states.append(state)
    assert states[0].history() == states[1].history()
    assert [e.public for e in states[0].events] == [e.public for e in states[1].events]
    assert all(e.private is None for e in states[0].events if e.public["event"] == "play")
    assert all("hand" in e.full() for e in states[1].events if e.public["event"] == "play")
