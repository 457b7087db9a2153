"""The badge-limit variant (rules §6): it counts the badges printed on scored cards; a healthy
mutt takes its badges away only in the final scoring."""

from __future__ import annotations

from helpers.pug_you_decks import built_deck, scenario, turn
from pugdeck.games.pug_you.bots import make_bots, play_game
from pugdeck.games.pug_you.engine import Game
from pugdeck.games.pug_you.transcript import narrate


def test_a_badge_limit_replaces_the_rounds():
    game = Game(built_deck(badge_limit=6), 5, seed=2)
    state = play_game(game, make_bots("random", game, 2))
    assert state.end_reason == "badge_limit" and max(state.printed_badges()) >= 6
    before_last = _replay_until_last_turn(game, state.history())
    assert max(before_last.printed_badges()) < 6
    game = Game(built_deck(badge_limit=10_000), 5, seed=2)
    state = play_game(game, make_bots("random", game, 2))
    assert state.end_reason == "nothing_to_ask" and state.turn > 10


def _replay_until_last_turn(game, log):
    state = game.new_initial_state()
    last_turn = None
    for action in log:
        state.apply_action(action)
        if not state.is_terminal():
            last_turn = state.clone() if state.turn != getattr(last_turn, "turn", -1) else last_turn
    return last_turn


def test_a_scored_mutt_does_not_keep_its_owner_under_the_limit():
    # Limit 3. P1 scores a mutt (-2), P2 a 2-badge pug, then P1 a 3-badge pug: P1's printed
    # badges reach the limit although P1's score is only 1, so the game ends there, and P2,
    # with the most badges once the mutt counts, loses.
    game, state = scenario(badges={"s3-0": -2, "s4-1": 2, "s3-2": 3}, badge_limit=3)
    turn(state, 3, [1, 2], {3: (1, "s3-1#1"), 4: (1, "s4-0#1"), 0: (1, "s0-0#1")})
    assert state.scores()[1] == -2 and state.printed_badges()[1] == 0
    turn(state, 4, [2, 3], {4: (2, "s4-2#1"), 0: (2, "s0-1#1"), 1: (2, "s1-0#1")},
         offers={4: "s4-1#1"})
    assert not state.is_terminal()
    turn(state, 3, [1, 4], {3: (1, "s3-3#1"), 0: (1, "s0-2#1"), 2: (1, "s2-0#1")},
         offers={3: "s3-2#1"})
    assert state.is_terminal() and state.end_reason == "badge_limit" and state.turn == 3
    assert state.printed_badges() == [0, 3, 2, 0, 0]
    assert state.scores() == [0, 1, 2, 0, 0] and state.losers() == [2]
    ending = narrate(game, state.history())[-4:]
    assert ending[1] == ("Game over after 3 turns, because P1 reached the limit of 3 badges "
                         "(mutts count only in the final scoring).")
    assert ending[3].startswith("P2 loses with 2 badges")



def test_the_game_over_line_counts_its_turns_by_their_own_number_not_the_limits():
    # Limit 1, reached on the first turn: 'after 1 turn', 'nach 1 Zug' (read8d: "nach 1 Zügen").
    from pugdeck.games.narration import Words
    from pugdeck.games.pug_you.engine import NARRATION
    game, state = scenario(badges={"s3-0": 3}, badge_limit=1)
    turn(state, 3, [1, 2], {3: (1, "s3-1#1"), 4: (1, "s4-0#1"), 0: (1, "s0-0#1")})
    assert state.is_terminal() and state.end_reason == "badge_limit" and state.turn == 1
    assert narrate(game, state.history())[-4:][1] == (
        "Game over after 1 turn, because P1 reached the limit of 1 badge (mutts count only in the final scoring).")
    said = {}
    for language in ("es", "de", "fr"):
        game.words = Words(NARRATION, language)
        said[language] = "\n".join(narrate(game, state.history()))
    assert "tras 1 turno," in said["es"] and "nach 1 Zug," in said["de"] and "après 1 tour," in said["fr"]
