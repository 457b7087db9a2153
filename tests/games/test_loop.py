"""The one game loop (`pugdeck.games.loop`): bots and chance play until a person must act."""

from __future__ import annotations

import pytest

from pugdeck.building.pipeline import build
from pugdeck.games import registry
from pugdeck.games.bots import play_game
from pugdeck.games.engine_kit import CHANCE
from pugdeck.games.loop import advance, apply_move
from pugdeck.resources import bundled_deck

GAMES = [("pug-you", 5), ("pixelpug", 3)]


@pytest.fixture(scope="module")
def docs() -> dict[str, dict]:
    return {game_id: build(bundled_deck(game_id)).doc for game_id, _ in GAMES}


def _game(docs, game_id: str, players: int, seed: int):
    spec = registry.game(game_id)
    game = spec.new_game(docs[game_id], players, seed)
    return spec, game


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_it_stops_where_a_person_acts_and_a_person_plays_as_a_bot_would(docs, game_id, players):
    """Seat 1 is a person who plays what its bot would have: the game is the bots' game."""
    spec, game = _game(docs, game_id, players, seed=4)
    expected = play_game(game, spec.make_bots("heuristic", game, 4)).history()
    bots = spec.make_bots("heuristic", game, 4)
    person, bots[1] = bots[1], None
    state = game.new_initial_state()
    stops = 0
    while True:
        for step in advance(state, bots):
            assert step.seat != 1
        if state.is_terminal():
            break
        assert state.current_player() == 1  # it stopped for the person, and only for them
        stops += 1
        legal = state.legal_actions()
        step = apply_move(state, person.choose(state.observation(1) if person.wants_observation else None, legal))
        assert step.seat == 1 and step.action in legal
    assert stops > 0 and state.history() == expected


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_each_step_carries_the_events_its_action_appended(docs, game_id, players):
    spec, game = _game(docs, game_id, players, seed=2)
    state = game.new_initial_state()
    steps = list(advance(state, spec.make_bots("random", game, 2)))
    assert state.is_terminal() and [step.action for step in steps] == state.history()
    assert [event for step in steps for event in step.events] == state.events
    # Every action logs itself, but a duel's first secret choice: the duel's event comes
    # with the second (PixelPug's observation shows whom the duel waits for).
    assert all(step.events for step in steps if step.action["type"] != "rps")
    chance = [step for step in steps if step.seat == CHANCE]
    assert chance and all(step.action["type"] in ("shuffle", "deal") for step in chance)


def test_play_game_needs_a_bot_at_every_seat(docs):
    spec, game = _game(docs, "pug-you", 5, seed=0)
    bots = spec.make_bots("random", game, 0)
    bots[2] = None
    with pytest.raises(ValueError, match="a bot for every seat"):
        play_game(game, bots)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_without_steps_it_plays_the_same_game(docs, game_id, players):
    spec, game = _game(docs, game_id, players, seed=3)
    stepped = game.new_initial_state()
    steps = list(advance(stepped, spec.make_bots("random", game, 3)))
    plain = game.new_initial_state()
    assert set(advance(plain, spec.make_bots("random", game, 3), steps=False)) == {None}
    assert plain.history() == stepped.history() == [step.action for step in steps]
    assert plain.events == stepped.events
