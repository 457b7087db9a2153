"""Random playouts with the invariants every engine keeps (STYLE.md, OpenSpiel).

At every step: legal actions are sorted, unique and non-empty until the match is over;
every card is in exactly one place; an observation never shows a card its player may not
see; a clone equals the original and evolves independently; the log replays the match.
"""

from __future__ import annotations

import json

import pytest

from pugdeck.games.pixelpug.actions import action_key
from pugdeck.games.pixelpug.engine import replay
from pugdeck.games.pixelpug.observation import hidden_from
from pugdeck.games.rng import Rng


def check_step(state) -> list[dict]:
    legal = state.legal_actions()
    assert legal, "no legal action before the end"
    assert state.clone().legal_actions() == legal
    assert legal == sorted(legal, key=action_key)
    assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal)
    places = [c for zone in state.zones().values() for c in zone]
    assert sorted(places) == list(range(len(state.game.cards)))
    if not state.is_chance_node():
        seat = state.current_player()
        # Cards newly hidden: not those this seat saw through a look, a swap or a Stare Down,
        # nor those that changed hands in public (a fished card, a Treat given).
        seen = {card for e in state.observation(seat)["events"]
                for hand in ([e.get("hand", [])] + list(e.get("hands", {}).values())) for card in hand}
        seen |= {e["card"] for e in state.observation(seat)["events"] if e["event"] in ("fish", "given")
                 and "card" in e}
        # Past rounds' results show hands that were public then (counted for points, or
        # revealed on going out); those cards have since been shuffled back in.
        observed = state.observation(seat)
        shown = json.dumps({k: v for k, v in observed.items() if k not in ("events", "results")})
        shown += json.dumps(observed["events"])
        for card in hidden_from(state, seat) - seen:
            assert f'"{card}"' not in shown
    return legal


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_playouts_keep_the_invariants(new_game, players):
    for seed in range(6):
        game = new_game(players, seed)
        state = game.new_initial_state()
        rng = Rng(f"playout/{players}/{seed}")
        steps = 0
        while not state.is_terminal():
            legal = check_step(state)
            if steps % 7 == 0:
                twin = state.clone()
                assert twin == state
            state.apply_action(legal[rng.below(len(legal))])
            if steps % 7 == 0:
                assert twin != state or twin.log != state.log
            steps += 1
        assert state.legal_actions() == []
        assert max(state.scores()) == game.rules.round_wins and state.champion() is not None
        again = replay(game, json.loads(json.dumps(state.history())))
        assert again == state


def test_the_same_seed_plays_the_same_match(new_game):
    def run(seed):
        state = new_game(3, seed).new_initial_state()
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        return state.history()

    assert run(11) == run(11) and run(11) != run(12)


def test_an_illegal_action_changes_nothing(new_game):
    from pugdeck.games.pixelpug.state import IllegalAction

    state = new_game(2, 3).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    before = state.clone()
    for bad in ({"type": "deal", "order": [], "first": 0}, {"type": "play", "card": "nope#1"},
                {"type": "rps", "choice": "rock"}, "play", {"type": "play"}):
        with pytest.raises(IllegalAction):
            state.apply_action(bad)
        assert state == before


def test_returns_reward_the_champion_and_history_is_a_copy(new_game):
    from pugdeck.games.pixelpug.bots import make_bots, play_game

    game = new_game(3, 5)
    state = game.new_initial_state()
    assert state.returns() == [0.0, 0.0, 0.0]
    state = play_game(game, make_bots("random", game, 5))
    assert state.returns() == [1.0 if s == state.champion() else 0.0 for s in range(3)]
    history = state.history()
    history[0]["order"].reverse()
    history[1]["card"] = "changed"
    assert replay(game, state.history()) == state
    fresh = game.new_initial_state()
    fresh.apply(fresh.legal_actions()[0])  # `apply` is `apply_action`
    assert fresh.current_player() >= 0


def test_an_offered_deal_changed_before_it_is_applied_is_checked_like_any_other(new_game):
    from pugdeck.games.pixelpug.state import IllegalAction

    state = new_game(2, 3).new_initial_state()
    offered = state.legal_actions()[0]
    before = state.clone()
    offered["extra"] = 1
    with pytest.raises(IllegalAction):
        state.apply_action(offered)
    assert state == before
    del offered["extra"]
    offered["order"][0], offered["order"][1] = offered["order"][1], offered["order"][0]
    state.apply_action(offered)  # any order is a legal deal: dealt and logged as changed
    assert state.log[0]["order"] == offered["order"] and state.log[0] is not offered
    assert state.game.index[offered["order"][0]] in state.hands[offered["first"]]


def test_a_play_offered_at_an_earlier_turn_is_illegal_now(new_game):
    from pugdeck.games.pixelpug.state import PLAY, IllegalAction

    state, checked = new_game(2, 3).new_initial_state(), 0
    while not state.is_terminal():
        played = state.legal_actions()[0]
        state.apply_action(played)
        if state.phase == PLAY and played["type"] == "play":
            before = state.clone()
            with pytest.raises(IllegalAction):
                state.apply_action(played)  # that card is on a discard pile now
            assert state == before
            checked += 1
    assert checked > 10
