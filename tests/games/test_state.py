"""Every registered game's engine offers the State shape of `pugdeck.games.state`."""

from __future__ import annotations

import pytest

from pugdeck.building.pipeline import build
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.registry import registered
from pugdeck.games.state import CHANCE, TERMINAL, Game, State
from pugdeck.resources import bundled_deck

GAMES = sorted(registered())


@pytest.fixture(scope="module", params=GAMES)
def spec_and_game(request):
    """A registered game's spec and a game of its first bundled deck, at a count it allows."""
    spec = registered()[request.param]
    doc = build(bundled_deck(spec.bundled_decks[0])).doc
    for players in (5, 3):
        try:
            return spec, spec.new_game(doc, players, seed=1)
        except DeckError:  # outside this deck's player range: try the next
            continue
    raise AssertionError(f"neither 5 nor 3 players can play {spec.id}")


def test_the_game_and_its_states_have_the_shape(spec_and_game):
    _, game = spec_and_game
    assert isinstance(game, Game)
    state = game.new_initial_state()
    assert isinstance(state, State)
    assert state.current_player() == CHANCE  # every game starts with a shuffle or a deal


def test_a_random_playout_through_the_shape_ends_and_clones_stay_apart(spec_and_game):
    from pugdeck.games.bots import play_game

    spec, game = spec_and_game
    state = play_game(game, spec.make_bots("random", game, seed=1))
    assert state.is_terminal() and state.current_player() == TERMINAL and state.legal_actions() == []
    assert len(state.returns()) == len(state.scores()) == game.players
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert again.is_terminal() and again.scores() == state.scores()
    fresh = game.new_initial_state()
    copy = fresh.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert fresh.history() == [] and len(copy.history()) == 1


def test_an_illegal_action_raises_the_games_own_exception(spec_and_game):
    spec, game = spec_and_game
    with pytest.raises(spec.illegal_action()):
        game.new_initial_state().apply_action({"type": "no-such-action"})


def test_a_random_seat_is_the_shared_random_bot_seeded_with_the_games_id(spec_and_game):
    from pugdeck.games.bots import RandomBot

    spec, game = spec_and_game
    bots = spec.make_bots("random", game, seed=9)
    assert all(type(bot) is RandomBot for bot in bots)
    legal = [{"i": i} for i in range(5)]
    shared = RandomBot(1, 9, spec.id)
    assert [bots[1].choose(None, legal) for _ in range(20)] == [shared.choose(None, legal) for _ in range(20)]
