"""Many seeded PixelPug matches between bots, and what they tell about the deck.

Reported: each seat's share of matches and of rounds won (against the fair 1/players),
round length, how rounds are won (elimination, Dog Food guess, points, tie), which cards
eliminate players, and per card kind how often a player who held it won the round compared
with the average player ("holder win ratio"; the deck is balanced when none is above 2).
A player "held" a kind if it was in their hand when they played a card, or at the round's
end (for an eliminated player: in the hand revealed when they went out).
"""

from __future__ import annotations

from collections import Counter

from pugdeck.games.pixelpug.bots import make_bots
from pugdeck.games.pixelpug.engine import CHANCE, Game
from pugdeck.games.pixelpug.state import PLAY


def simulate(game: Game, games: int, seed: int = 0, bots: str = "random", progress=None) -> dict:
    """Play `games` matches with seeds seed, seed+1, …; the statistics as a JSON-able dict."""
    n = game.players
    kinds = game.kinds
    match_wins = [0] * n
    round_wins = [0] * n
    hows: Counter = Counter()
    eliminated_by: Counter = Counter()
    held_rounds: Counter = Counter()  # kind → player-rounds in which it was held
    held_wins: Counter = Counter()  # kind → of those, rounds the holder won
    turns = actions = rounds = 0
    for number in range(games):
        match = game.reseeded(seed + number)
        players = make_bots(bots, match, seed + number)
        state = match.new_initial_state()
        held = [set() for _ in range(n)]
        results_seen = 0
        kind_of = match.kind_of
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            if seat == CHANCE:
                state.apply_action(legal[0])
                continue
            if state.phase == PLAY:
                held[seat].update(kind_of[c] for c in state.hands[seat])
            bot = players[seat]
            state.apply_action(bot.choose(state.observation(seat) if bot.wants_observation else None, legal))
            actions += 1
            if len(state.results) > results_seen:  # a round just ended; hands are reset
                result = state.results[-1]
                index = match.index
                for s in range(n):
                    held[s].update(kind_of[index[c]] for c in result["hands"][s])
                _tally_round(result, held, held_rounds, held_wins)
                results_seen = len(state.results)
                held = [set() for _ in range(n)]
        for result in state.results:
            rounds += 1
            turns += result["turns"]
            hows[result["how"]] += 1
            if result["winner"] is not None:
                round_wins[result["winner"]] += 1
        for _round, _seat, kind in state.eliminations:
            eliminated_by[kind] += 1
        match_wins[state.champion()] += 1 if state.champion() is not None else 0
        if progress:
            progress(1)
    fair = 1 / n
    average = sum(round_wins) / (rounds * n) if rounds else 0
    return {
        "players": n, "games": games, "seed": seed, "bots": bots,
        "rounds": rounds, "actions": actions,
        "fair_share": fair,
        "seats": [{"seat": s, "match_share": match_wins[s] / games if games else 0,
                   "round_share": round_wins[s] / rounds if rounds else 0,
                   "round_share_minus_fair_pp": 100 * ((round_wins[s] / rounds if rounds else 0) - fair)}
                  for s in range(n)],
        "rounds_per_match": rounds / games if games else 0,
        "turns_per_round": turns / rounds if rounds else 0,
        "how_rounds_end": {how: hows[how] / rounds if rounds else 0
                           for how in ("elimination", "dog-food", "points", "tie")},
        "eliminations_by_card": dict(sorted(eliminated_by.items(), key=lambda kv: (-kv[1], kv[0]))),
        "holder_win_ratio": {kinds[k]: (held_wins[k] / held_rounds[k]) / average
                             for k in sorted(held_rounds, key=lambda k: kinds[k])
                             if held_rounds[k] and average},
    }


def _tally_round(result: dict, held: list[set[int]], held_rounds: Counter, held_wins: Counter) -> None:
    for seat, kinds in enumerate(held):
        for kind in kinds:
            held_rounds[kind] += 1
            if result["winner"] == seat:
                held_wins[kind] += 1
