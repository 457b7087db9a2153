"""A round's deal: a seeded shuffle of the main pile (`Game.deal`, `Rng.permutation`)."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from pugdeck.games.rng import Rng


def test_a_deal_is_a_permutation_of_the_main_pile_with_its_ids(new_game):
    for players in (2, 4):
        for seed in range(10):
            game = new_game(players, seed)
            for round_number in range(6):
                order, first, ids = game.deal(round_number)
                assert sorted(order) == sorted(game.main)
                assert ids == tuple(game.ids[c] for c in order)
                assert 0 <= first < players


def test_the_same_seed_deals_the_same_and_other_seeds_and_rounds_differently(new_game):
    deals = {seed: [new_game(3, seed).deal(r) for r in range(4)] for seed in range(30)}
    assert deals == {seed: [new_game(3, seed).deal(r) for r in range(4)] for seed in range(30)}
    orders = [d[0] for rounds in deals.values() for d in rounds]
    assert len(set(orders)) == len(orders)
    assert len({rounds[0][1] for rounds in deals.values()}) == 3  # every seat starts some match


def test_a_deal_is_drawn_once_and_shared_by_replays(new_game):
    game = new_game(2, 5)
    assert game.deal(3) is game.deal(3)
    assert game.reseeded(5).deal(3) == game.deal(3)  # a fresh stream draws the same rounds


def test_permutation_draws_one_key_per_index_and_sorts_the_indices_by_them():
    rng, twin = Rng("deal"), Rng("deal")
    order = rng.permutation(10)
    keys = [twin.random() for _ in range(10)]
    assert order == sorted(range(10), key=keys.__getitem__)
    assert rng.random() == twin.random()  # exactly ten draws
    assert Rng("deal").permutation(10) == order
    assert Rng("deal").permutation(0) == [] and Rng("deal").permutation(1) == [0]


def test_permutation_makes_every_order_about_equally_often():
    rng = Rng("uniform")
    counts = Counter(tuple(rng.permutation(3)) for _ in range(6000))
    assert set(counts) == set(permutations(range(3)))
    assert all(850 < n < 1150 for n in counts.values()), counts

