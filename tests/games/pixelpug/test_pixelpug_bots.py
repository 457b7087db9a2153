"""The bots: legal moves only, seeded, and the heuristic bot's memory."""

from __future__ import annotations

from helpers.pixelpug_moves import play
from pugdeck.games.pixelpug.bots import HeuristicBot, known_hands, make_bots, play_game


def test_the_heuristic_bot_uses_empty_bowl_on_a_dog_food_holder_it_sniffed(deal):
    # Seat 0 sniffs seat 1's Dog Food; next turn it holds Empty Bowl and names seat 1.
    state = deal(3, ["sniff#1", "dog-food#1", "nap#1", "empty-bowl#1", "nap#2", "doghouse#1"])
    play(state, "sniff#1", target=1)
    play(state, "nap#2")
    play(state, "doghouse#1")
    game = state.game
    bot = HeuristicBot(0, 0, {c.id: c for c in game.cards})
    observation = state.observation(0)
    assert known_hands(observation, bot.cards) == {1: {"dog-food#1"}}
    choice = bot.choose(observation, state.legal_actions())
    assert choice == {"type": "play", "card": "empty-bowl#1", "target": 1}
    state.apply_action(choice)
    assert state.results[0]["how"] == "dog-food" and state.results[0]["winner"] == 0


def test_the_heuristic_bot_forgets_a_card_once_it_is_played(deal):
    state = deal(2, ["sniff#1", "nap#1", "doghouse#1", "the-pug#1"])
    play(state, "sniff#1", target=1)
    play(state, "nap#1")
    game = state.game
    assert known_hands(state.observation(0), {c.id: c for c in game.cards}) == {1: set()}


def test_a_heuristic_bot_beats_random_bots_most_of_the_time(new_game):
    wins = 0
    for seed in range(30):
        game = new_game(2, seed)
        state = play_game(game, make_bots("heuristic,random", game, seed))
        wins += state.champion() == 0
    assert wins >= 20


def test_the_heuristic_bot_plays_a_treat_it_was_given(deal):
    # Seat 0 gives itself a Treat; next turn, holding the Treat and a Nap, it plays the Treat
    # (it draws a card and still scores) rather than the Nap (which does nothing).
    state = deal(2, ["good-boy#1", "sniff#1", "nap#1", "nap#2", "doghouse#1"])
    play(state, "good-boy#1", target=0)
    play(state, "sniff#1", target=0)
    bot = HeuristicBot(0, 0, {c.id: c for c in state.game.cards})
    hand = state.observation(0)["hand"]
    assert "nap#1" in hand and any(card.startswith("treat#") for card in hand)
    choice = bot.choose(state.observation(0), state.legal_actions())
    assert choice["card"].startswith("treat#")


def test_the_heuristic_bot_aims_poop_time_at_the_bigger_hand(deal):
    # Seat 1 holds three cards, seat 2 one: the flush costs seat 1 more.
    state = deal(3, ["the-pug#1", "nap#1", "nap#2", "doghouse#1", "sniff#1", "the-pug#2",
                     "dog-food#1", "sniff#2", "poop-time#1"])
    play(state, "the-pug#1", target=1)  # seat 1 draws Sniff
    play(state, "the-pug#2", target=1)  # seat 1 draws Dog Food: three cards
    play(state, "sniff#2", target=0)    # seat 2 keeps one
    bot = HeuristicBot(0, 0, {c.id: c for c in state.game.cards})
    observation = state.observation(0)
    assert observation["hand_sizes"][1] > observation["hand_sizes"][2]
    poops = [a for a in state.legal_actions() if a["card"] == "poop-time#1"]
    best = max(poops, key=lambda a: bot._value(a, observation, {}, bot._unseen(observation)))
    assert best["target"] == 1
