"""`simulate`: statistics, determinism, and the build's playability claim checked by play."""

from __future__ import annotations

import pytest

from helpers.pug_you_decks import built_deck, card
from pugdeck.games.pug_you.simulate import simulate


@pytest.mark.parametrize("variant", ["default", "savage", "strangers", "green-only"])
def test_every_player_count_the_build_marks_playable_finishes_200_games_without_running_out(
        bundled_docs, variant):
    doc = bundled_docs[variant]
    playable = doc["checked"]["playable_for"]
    assert playable
    for summary in simulate(doc, playable, 200, seed=0, bots="random", jobs=2):
        assert summary.games_out_of_cards == 0, f"{summary.players} players ran out of cards"
        assert summary.mean_turns == 2 * summary.players


def test_a_deck_too_small_for_a_full_game_shows_up_as_running_out():
    deck = built_deck([card(f"c-{i:02d}", turds=1 + i % 3) for i in range(30)])
    [summary] = simulate(deck, [5], 20, seed=0)
    assert summary.games_out_of_cards == 20


def test_results_do_not_depend_on_the_number_of_jobs():
    assert simulate(built_deck(), [5, 9], 12, seed=4, jobs=1) == \
        simulate(built_deck(), [5, 9], 12, seed=4, jobs=2)


def test_the_summary_counts_losers_and_mutt_effects():
    [summary] = simulate(built_deck(), [6], 60, seed=1, bots="random")
    assert sum(summary.losers_histogram.values()) == 60
    assert summary.mean_losers >= 1
    assert summary.loss_rate_with_mutt is not None and summary.loss_rate_without_mutt is not None
    assert summary.mean_badges_with_mutt < summary.mean_badges_without_mutt  # mutts take badges
