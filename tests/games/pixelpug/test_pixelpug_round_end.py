"""How a round and a match end: the deck running out, points, ties, first to three."""

from __future__ import annotations

from helpers.pixelpug_moves import duel, ids, play

SHORT = ["nap#1", "sniff#1", "dog-food#1", "the-pug#1"]


def short_round(state, deal):
    """Seat 0 holds Nap and plays Dog Food; seat 1 plays Sniff... then The Pug."""
    deal(2, ["nap#1", "sniff#1", "dog-food#1", "the-pug#1"], state=state)
    play(state, "dog-food#1")
    play(state, "the-pug#1", target=1)  # the deck is empty: nothing to draw


def test_the_round_ends_when_the_deck_runs_out_and_most_points_win(small_game, deal):
    state = small_game(2, SHORT).new_initial_state()
    short_round(state, deal)
    assert state.results == [{"round": 0, "winner": 0, "how": "points", "turns": 2, "points": [7, 2],
                              "hands": [["nap#1"], ["sniff#1"]]}]
    assert state.round == 1 and state.current_player() == -1


def test_points_count_hand_and_discard_pile(small_game, deal):
    state = small_game(2, SHORT).new_initial_state()
    short_round(state, deal)
    # Seat 0: Nap (3, in hand) + Dog Food (4, discarded); seat 1: Sniff 1 + The Pug 1.
    assert state.results[0]["points"] == [7, 2]


def test_a_points_tie_wins_nobody_the_round(small_game, deal):
    state = small_game(2, ["nap#1", "nap#2", "sniff#1", "sniff#2"]).new_initial_state()
    deal(2, ["nap#1", "nap#2", "sniff#1", "sniff#2"], state=state)
    play(state, "sniff#1", target=1)
    play(state, "sniff#2", target=0)
    assert state.results[0]["how"] == "tie" and state.results[0]["winner"] is None
    assert state.round_wins == [0, 0]


def test_the_first_to_three_round_wins_is_champion(small_game, deal):
    state = small_game(2, SHORT).new_initial_state()
    for expected in (1, 2):
        short_round(state, deal)
        assert state.round_wins == [expected, 0] and not state.is_terminal()
    short_round(state, deal)
    assert state.is_terminal() and state.champion() == 0 and state.scores() == [3, 0]
    assert state.legal_actions() == [] and state.current_player() == -4


def test_an_eliminated_players_cards_are_revealed_and_never_count(small_game, deal):
    main = ["paw-paper-scissors#1", "nap#1", "sniff#1", "nap#2", "the-pug#1", "sniff#2"]
    state = small_game(3, main).new_initial_state()
    deal(3, ["paw-paper-scissors#1", "nap#1", "sniff#1", "nap#2", "the-pug#1", "sniff#2"], state=state)
    play(state, "paw-paper-scissors#1", target=1)
    duel(state, "scissors", "paper")              # seat 1 (holding Nap, 3 points) is out
    assert ids(state, 1) == [] and [state.game.ids[c] for c in state.discards[1]] == ["nap#1"]
    assert state.current_player() == 2             # seat 1's turn is skipped
    play(state, "the-pug#1", target=0)             # seat 0 draws the last card
    assert state.results[0] == {"round": 0, "winner": 0, "how": "points", "turns": 2,
                                "points": [6, None, 2],
                                "hands": [["nap#2", "sniff#2"], ["nap#1"], ["sniff#1"]]}


def test_a_rock_paper_scissors_tie_does_nothing(deal):
    state = deal(2, ["paw-paper-scissors#1", "nap#1", "nap#2"])
    play(state, "paw-paper-scissors#1", target=1)
    duel(state, "rock", "rock")
    assert state.alive == [True, True] and state.lives == [1, 1] and state.current_player() == 1


def test_the_loser_of_a_duel_may_be_the_player_who_started_it(deal):
    state = deal(3, ["paw-paper-scissors#1", "nap#1", "nap#2", "sniff#1"])
    play(state, "paw-paper-scissors#1", target=2)
    duel(state, "rock", "paper")
    assert state.alive == [False, True, True] and state.current_player() == 1
