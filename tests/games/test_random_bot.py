"""The one random bot every game shares (`pugdeck.games.bots`)."""

from __future__ import annotations

import pytest

from pugdeck.games.bots import RandomBot, random_bots, seat_bots
from pugdeck.games.spec import GameSpec


def picks(bot: RandomBot, n: int = 30) -> list[int]:
    legal = [{"i": i} for i in range(7)]
    return [bot.choose(None, legal)["i"] for _ in range(n)]


def test_its_stream_depends_on_the_game_id_the_seed_and_the_seat():
    base = picks(RandomBot(0, 5, "card-duel"))
    assert base == picks(RandomBot(0, 5, "card-duel"))
    assert base != picks(RandomBot(0, 5, "other-game"))
    assert base != picks(RandomBot(0, 6, "card-duel"))
    assert base != picks(RandomBot(1, 5, "card-duel"))


def test_the_pick_is_the_rngs_below():
    # The golden transcripts were recorded with `rng.below`; the inlined draw must match it.
    from pugdeck.games.rng import Rng

    reference = Rng("card-duel-bot/5/0/random")
    assert picks(RandomBot(0, 5, "card-duel")) == [reference.below(7) for _ in range(30)]


def test_a_game_without_bots_of_its_own_seats_the_shared_random_bot():
    class CardDuel(GameSpec):
        id = "card-duel"
        title = "Card Duel"

    class Table:
        players = 3

    bots = CardDuel().make_bots("random", Table(), 4)
    assert [type(bot) for bot in bots] == [RandomBot] * 3
    assert picks(bots[2]) == picks(RandomBot(2, 4, "card-duel"))
    with pytest.raises(ValueError, match="choose from random"):
        CardDuel().make_bots("heuristic", Table(), 4)


def test_seat_bots_cycles_the_kinds_and_names_the_ones_there_are():
    made = seat_bots("a,b", 5, {"a": lambda seat: ("a", seat), "b": lambda seat: ("b", seat)})
    assert made == [("a", 0), ("b", 1), ("a", 2), ("b", 3), ("a", 4)]
    with pytest.raises(ValueError, match=r"unknown bot kind\(s\) \['c'\]; choose from a, b"):
        seat_bots("a,c", 2, {"a": lambda seat: seat, "b": lambda seat: seat})
    assert len(random_bots("card-duel", ["random"], type("T", (), {"players": 2})(), 0)) == 2
