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
from collections.abc import Callable

from pugdeck.games.pixelpug.bots import make_bots
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.phases import CHANCE, PLAY


def simulate(game: Game, games: int, seed: int = 0, bots: str = "random",
             progress: Callable[[int], None] | None = None) -> dict:
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
    # Fair: an equal share of the rounds someone won (a tie on points is won by nobody).
    fair = sum(round_wins) / rounds / n if rounds else 0
    average = fair
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


def text_report(reports: list[dict]) -> list[str]:
    """Tables for people: seats, how rounds end, eliminations, card kinds (one block per count)."""
    lines: list[str] = []
    for r in reports:
        n = r["players"]
        lines.append(f"PixelPug, {n} players: {r['games']} matches (seed {r['seed']}, bots {r['bots']}), "
                     f"{r['rounds']} rounds, {r['rounds_per_match']:.2f} rounds a match, "
                     f"{r['turns_per_round']:.1f} turns a round")
        lines.append("  seat  matches won  rounds won  vs fair (pp)")
        for s in r["seats"]:
            lines.append(f"  {s['seat']:>4}  {100 * s['match_share']:>10.1f}%  {100 * s['round_share']:>9.1f}%"
                         f"  {s['round_share_minus_fair_pp']:>+12.1f}")
        how = r["how_rounds_end"]
        lines.append("  rounds end by: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in how.items()))
        total = sum(r["eliminations_by_card"].values()) or 1
        lines.append("  eliminations by card: " + (", ".join(
            f"{k} {v} ({100 * v / total:.0f}%)" for k, v in r["eliminations_by_card"].items()) or "none"))
        ratios = r["holder_win_ratio"]
        top = max(ratios.items(), key=lambda kv: kv[1]) if ratios else ("-", 0)
        lines.append("  holder win ratio (1 = average, balanced below 2): " + ", ".join(
            f"{k} {v:.2f}" for k, v in ratios.items()))
        lines.append(f"  highest: {top[0]} {top[1]:.2f}")
        lines.append("")
    return lines[:-1]
