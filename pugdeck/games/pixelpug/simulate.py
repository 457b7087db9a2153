"""Many seeded PixelPug matches between bots, and what they tell about the deck.

Reported: each seat's share of matches and of rounds won (against the fair 1/players),
round length, how rounds are won (elimination, Dog Food guess, points, tie), which cards
eliminate players, and per card kind how often a player who held it won the round compared
with the average player ("holder win ratio") and with the mean over the kinds (the deck is
balanced when every kind is within 0.8-1.3 of it), and per kind played at another player
what it does to them (their points change, their round wins against the fair share).
A player "held" a kind if it was in their hand when they played a card, or at the round's
end (for an eliminated player: in the hand revealed when they went out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pugdeck.games.loop import advance
from pugdeck.games.pixelpug.bots import make_bots
from pugdeck.games.pixelpug.engine import Game
from pugdeck.games.pixelpug.phases import CHANCE


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
    targeted = TargetTally(kinds)
    turns = actions = rounds = 0
    for number in range(games):
        match = game.reseeded(seed + number)
        state = match.new_initial_state()
        held = [set() for _ in range(n)]
        kind_of, index = match.kind_of, match.index
        for step in advance(state, make_bots(bots, match, seed + number)):
            if step.seat != CHANCE:
                actions += 1
            # Everything is read from the events, private parts too (`full`: the log's view).
            events = [event.full() for event in step.events]
            # A play at another player is tallied once it has resolved (a duel card's play
            # only opens the duel), before the round it may have ended is.
            resolved = next((e for e in events if e["event"] == "resolved"), None)
            if resolved is not None:
                targeted.played(kind_of[index[resolved["card"]]], resolved["target"], resolved["points_change"])
            for event in events:
                kind = event["event"]
                if kind == "play":
                    held[event["seat"]].update(kind_of[index[c]] for c in event["hand"])
                elif kind == "eliminated":
                    eliminated_by[game.cards[index[event["by"]]].card] += 1
                elif kind == "round-over":  # the table is about to be cleared: tally the round
                    winner = event["winner"]
                    if resolved is not None and winner == resolved["seat"]:
                        targeted.won_by[kind_of[index[resolved["card"]]]] += 1
                    result = state.results[-1]
                    for s in range(n):
                        held[s].update(kind_of[index[c]] for c in result["hands"][s])
                    _tally_round(result, held, held_rounds, held_wins)
                    targeted.round_over(winner)
                    held = [set() for _ in range(n)]
                    rounds += 1
                    turns += result["turns"]
                    hows[result["how"]] += 1
                    if winner is not None:
                        round_wins[winner] += 1
        champion = state.champion()
        if champion is not None:  # a match that reached the round limit has no champion
            match_wins[champion] += 1
        if progress:
            progress(1)
    # Fair: an equal share of the rounds someone won (a tie on points is won by nobody).
    fair = sum(round_wins) / rounds / n if rounds else 0
    average = fair
    ratios = {kinds[k]: (held_wins[k] / held_rounds[k]) / average
              for k in sorted(held_rounds, key=lambda k: kinds[k]) if held_rounds[k] and average}
    mean_ratio = sum(ratios.values()) / len(ratios) if ratios else 0
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
        "holder_win_ratio": ratios,
        "holder_win_ratio_vs_mean": {k: v / mean_ratio for k, v in ratios.items()},
        "targeted": targeted.report(fair),
    }


class TargetTally:
    """What a card played at another player does to them, per card kind: how their points
    (hand + discard pile) change with the play, and how often they still win the round
    (against the fair share; an attack that works is below 1)."""

    def __init__(self, kinds: tuple[str, ...]):
        self.kinds = kinds
        self.plays: Counter = Counter()
        self.counted: Counter = Counter()  # kind → plays that left the round going
        self.points: Counter = Counter()  # kind → summed change of the target's points
        self.rounds: Counter = Counter()  # kind → (target, round) pairs
        self.wins: Counter = Counter()  # kind → of those, rounds the target won
        self.this_round: set[tuple[int, int]] = set()  # (kind, target) this round
        self.won_by: Counter = Counter()  # kind → plays that won the round for their player at once

    def played(self, kind: int, target: int, points_change: int | None) -> None:
        self.plays[kind] += 1
        if points_change is not None:
            self.counted[kind] += 1
            self.points[kind] += points_change
        self.this_round.add((kind, target))

    def round_over(self, winner: int | None) -> None:
        for kind, target in self.this_round:
            self.rounds[kind] += 1
            self.wins[kind] += winner == target
        self.this_round = set()

    def report(self, fair: float) -> dict:
        return {self.kinds[k]: {"plays": self.plays[k], "won_round_at_once": self.won_by[k] / self.plays[k],
                                "target_points_change": self.points[k] / max(1, self.counted[k]),
                                "target_win_ratio": (self.wins[k] / self.rounds[k] / fair
                                                     if self.rounds[k] and fair else 0)}
                for k in sorted(self.plays, key=lambda k: self.kinds[k])}


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
        lines.append("  holder win ratio (1 = the average player): " + ", ".join(
            f"{k} {v:.2f}" for k, v in ratios.items()))
        relative = r["holder_win_ratio_vs_mean"]
        low = min(relative.items(), key=lambda kv: kv[1]) if relative else ("-", 0)
        high = max(relative.items(), key=lambda kv: kv[1]) if relative else ("-", 0)
        lines.append(f"  against the kinds' mean (balanced within 0.8-1.3): lowest {low[0]} {low[1]:.2f}, "
                     f"highest {high[0]} {high[1]:.2f}")
        lines.append("  played at an opponent:   plays  won the round at once  target's points change"
                     "  target win ratio")
        for kind, t in r["targeted"].items():
            lines.append(f"    {kind:<20} {t['plays']:>6}  {100 * t['won_round_at_once']:>20.1f}%"
                         f"  {t['target_points_change']:>+22.2f}  {t['target_win_ratio']:>16.2f}")
        lines.append("")
    return lines[:-1]
