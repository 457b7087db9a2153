"""Random playouts: every invariant at every step, for every player count and several decks."""

from __future__ import annotations

import pytest

from helpers.pug_you_decks import built_deck, card
from pugdeck.games.pug_you.bots import make_bots, play_game
from pugdeck.games.pug_you.engine import CHANCE, Game, replay
from pugdeck.games.pug_you.invariants import check_invariants
from pugdeck.games.rng import Rng

PLAYERS = range(5, 11)


def _playout(game: Game, rng: Rng, full_checks: bool):
    state = game.new_initial_state()
    total = len(game.cards)
    steps = 0
    while not state.is_terminal():
        if full_checks:
            check_invariants(state)
            if steps % 17 == 0:
                assert state.clone() == state
        else:
            legal = state.legal_actions()
            assert legal
            in_play = (len(state.draw) + len(state.discard) + len(state.box)
                       + sum(map(len, state.hands)) + sum(map(len, state.scored))
                       + sum(c >= 0 for c in state.offers) + len(state.votes)
                       + (state.active_card >= 0))
            assert in_play == total
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        steps += 1
    if full_checks:
        check_invariants(state)
    return state


@pytest.mark.parametrize("variant", ["default", "savage", "strangers", "no-red-no-mutts"])
@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_of_the_bundled_deck_keep_every_invariant(bundled_docs, variant, players):
    game = Game(bundled_docs[variant], players, seed=0)
    for seed in range(2):
        g = game.reseeded(seed)
        state = _playout(g, Rng(f"test/{seed}"), full_checks=True)
        assert replay(g, state.history()) == state
        assert state.end_reason == "rounds" and not state.ran_out


@pytest.mark.parametrize("players", PLAYERS)
def test_thousands_of_quick_playouts_conserve_cards(players):
    game = Game(built_deck(), players, seed=0)
    for seed in range(120):
        state = _playout(game.reseeded(seed), Rng(seed), full_checks=False)
        assert state.turn == 2 * players


@pytest.mark.parametrize("hand_size,cards", [(1, 6), (2, 12), (3, 20), (5, 30)])
def test_playouts_on_decks_that_run_dry_still_end_cleanly(hand_size, cards):
    deck = built_deck([card(f"c-{i:02d}", turds=1 + i % 3, badges=1 + i % 2) for i in range(cards)],
                      hand_size=hand_size, large_group=None, players={"min": 5, "max": 6})
    for players in (5, 6):
        game = Game(deck, players, seed=0)
        for seed in range(8):
            state = _playout(game.reseeded(seed), Rng(seed), full_checks=True)
            assert state.end_reason in ("rounds", "nothing_to_ask")


def test_heuristic_and_random_bots_play_every_player_count(bundled_docs):
    for players in PLAYERS:
        game = Game(bundled_docs["default"], players, seed=5)
        state = play_game(game, make_bots("heuristic,random", game, 5))
        assert state.is_terminal() and state.losers()


def test_a_badge_limit_game_keeps_every_invariant():
    game = Game(built_deck(badge_limit=8), 7, seed=0)
    for seed in range(5):
        state = _playout(game.reseeded(seed), Rng(seed), full_checks=True)
        assert state.end_reason in ("badge_limit", "nothing_to_ask")


def test_chance_nodes_are_the_only_steps_without_a_seat():
    game = Game(built_deck(), 6, seed=9)
    state = game.new_initial_state()
    rng = Rng(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == CHANCE:
            assert len(legal) == 1 and legal[0]["type"] == "shuffle"
        else:
            assert all(a["type"] != "shuffle" for a in legal)
        state.apply_action(legal[rng.below(len(legal))])
