"""Bots: seeded, legal, and the heuristic bot does what its docstring promises."""

from __future__ import annotations

import pytest

from helpers.pug_you_decks import built_deck, card
from pugdeck.games.pug_you.bots import HeuristicBot, RandomBot, make_bots, play_game
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.transcript import loser_speech


def _heuristic(game, seat=0):
    return HeuristicBot(seat, 0, {c.id: c for c in game.cards})


def test_make_bots_cycles_the_kinds_over_the_seats_and_refuses_unknown_ones():
    game = Game(built_deck(), 5)
    kinds = [type(b) for b in make_bots("random,heuristic", game, 1)]
    assert kinds == [RandomBot, HeuristicBot, RandomBot, HeuristicBot, RandomBot]
    with pytest.raises(ValueError, match="unknown bot"):
        make_bots("random,oracle", game, 1)


def test_each_bot_has_its_own_seeded_stream():
    game = Game(built_deck(), 6, seed=3)
    one = play_game(game, make_bots("random", game, 3)).history()
    assert one == play_game(game, make_bots("random", game, 3)).history()
    assert one != play_game(game, make_bots("random", game, 4)).history()


def test_the_heuristic_bot_offers_its_card_with_the_most_badges():
    game = Game(built_deck([card("a", badges=1), card("b", badges=3, turds=3), card("c", badges=3, turds=1),
                            *[card(f"z-{i:02d}") for i in range(30)]]), 5)
    legal = [{"type": "offer", "card": i} for i in ("a#1", "b#1", "c#1")]
    assert _heuristic(game).choose({}, legal)["card"] == "c#1"  # keeps the heavy 'b' to vote


def test_the_heuristic_bot_votes_its_heaviest_card_for_whoever_nominated_it_last():
    game = Game(built_deck([card("light", turds=1), card("heavy", turds=3),
                            *[card(f"z-{i:02d}") for i in range(30)]]), 5)
    legal = [{"type": "vote", "nominee": n, "card": c} for n in (2, 3) for c in ("heavy#1", "light#1")]
    obs = {"badges": [0, 0, 5, 1, 0], "nominees": [2, 3], "last_nominated_by": [-1] * 5}
    assert _heuristic(game).choose(obs, legal) == {"type": "vote", "nominee": 3, "card": "heavy#1"}
    obs["last_nominated_by"] = [2, -1, -1, -1, -1]  # seat 2 nominated our seat 0
    assert _heuristic(game).choose(obs, legal)["nominee"] == 2


def test_the_heuristic_bot_re_asks_its_worst_scored_card_but_keeps_a_scored_mutt():
    game = Game(built_deck([card("hand", badges=1), card("worst", badges=3), card("pup", badges=-2, kind="mutt"),
                            *[card(f"z-{i:02d}") for i in range(30)]]), 5)
    legal = [{"type": "ask", "card": c} for c in ("hand#1", "pup#1", "worst#1")]
    obs = {"scored": [["pup#1", "worst#1"], [], [], [], []]}
    assert _heuristic(game).choose(obs, legal)["card"] == "worst#1"
    obs = {"scored": [["pup#1"], [], [], [], []]}
    assert _heuristic(game).choose(obs, legal[:2])["card"] == "hand#1"


def test_bots_only_ever_pick_legal_actions():
    for players in (5, 8, 10):
        game = Game(built_deck(), players, seed=players)
        state = play_game(game, make_bots("heuristic,random", game, players))  # raises if not
        assert state.is_terminal()


def test_the_losers_speech_lists_every_descriptive():
    game = Game(built_deck(), 5)
    assert game.words.join(["fake"]) == "fake"
    assert game.words.join(["fake", "basic", "a hooker"]) == "fake, basic and a hooker"
    first, second, third = game.index["q-000#1"], game.index["q-001#1"], game.index["q-002#1"]
    assert loser_speech(game, [first, second]) == "I lost because I’m word0 and word1."
    assert loser_speech(game, [first, second, third]) == "I lost because I’m word0, word1 and word2."
    assert loser_speech(game, []) == "I lost without a single pug on me."
