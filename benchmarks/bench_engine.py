"""Pug You! engine throughput with random bots: actions a second, complete games a second.

    python benchmarks/bench_engine.py [--quick]

An action is one `apply_action` (chance shuffles included) after one `legal_actions()`
call and the `RandomBot`'s uniform pick — `bots.play_game`'s whole loop, invariant checks
off. The deck is the bundled one, built as `pugdeck build` writes it. Times are CPU time of
this process (`time.process_time`), so other work on the machine disturbs them less than
wall time would; each row is the median of five runs (one with --quick).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

TARGET_ACTIONS = 100_000


def _built_doc() -> dict:
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    return build(bundled_deck("pug-you")).doc


def measure(doc: dict, players: int, games: int, bots: str = "random") -> tuple[float, float]:
    """(actions a second, games a second) over `games` seeded games."""
    from pugdeck.games.pug_you.bots import make_bots, play_game
    from pugdeck.games.pug_you.engine import Game

    base = Game(doc, players, 0)
    actions = 0
    start = time.process_time()
    for seed in range(games):
        game = base.reseeded(seed)
        state = play_game(game, make_bots(bots, game, seed))
        actions += len(state.log)
    spent = time.process_time() - start
    return actions / spent, games / spent


def rows(quick: bool = False) -> list[tuple]:
    """Rows for benchmarks/run.py: (name, median, unit, target)."""
    doc = _built_doc()
    repeat, games = (1, 60) if quick else (5, 200)
    out = []
    for players in (5, 10):
        runs = [measure(doc, players, games) for _ in range(repeat)]
        out.append((f"pug-you engine, {players} players, random bots",
                    statistics.median(r[0] for r in runs), "actions/s", f">= {TARGET_ACTIONS:,}"))
        out.append((f"pug-you complete {players}-player games, random bots",
                    statistics.median(r[1] for r in runs), "games/s", ""))
    runs = [measure(doc, 10, games // 4, "heuristic") for _ in range(repeat)]
    out.append(("pug-you complete 10-player games, heuristic bots",
                statistics.median(r[1] for r in runs), "games/s", "(observation each move)"))
    return out


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    table = rows(quick="--quick" in sys.argv)
    width = max(len(r[0]) for r in table)
    print(f"{'benchmark'.ljust(width)}  {'median':>10} {'unit':<10} target")
    for name, median, unit, target in table:
        print(f"{name.ljust(width)}  {median:>10,.0f} {unit:<10} {target}")


if __name__ == "__main__":
    main()
