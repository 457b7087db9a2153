"""PixelPug engine throughput with random bots: actions a second, rounds a second.

    python benchmarks/bench_pixelpug.py [--quick]

An action is one `apply_action` (plays, duel choices and the chance deal of each round)
after one `legal_actions()` call and a uniform random pick — the random bot's whole loop.
The pick is `RandomBot.choose` (pugdeck/games/bots.py) inlined, the same draw and the
same pick: `legal[int(draw() * len(legal))]` with `draw` the bound `random()` of a seeded `Rng`.
Times are CPU time of this process (`time.process_time`), so other work on the machine
disturbs them less than wall time would; each row is the median of five runs.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

TARGET_ACTIONS = 100_000


def _built_doc() -> dict:
    from pugdeck.building.pipeline import build
    from pugdeck.games.pug_you.filters import Preferences
    from pugdeck.resources import bundled_deck

    return build(bundled_deck("pixelpug"), Preferences()).doc


def measure(doc: dict, players: int, matches: int) -> tuple[float, float]:
    """(actions a second, rounds a second) over `matches` seeded matches."""
    from pugdeck.games.pixelpug.engine import Game
    from pugdeck.games.rng import Rng

    base = Game(doc, players, 0)
    draw = Rng(f"bench/{players}").random_source
    actions = rounds = 0
    start = time.process_time()
    for seed in range(matches):
        state = base.reseeded(seed).new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])
            actions += 1
        rounds += len(state.results)
    spent = time.process_time() - start
    return actions / spent, rounds / spent


def machine_reference() -> float:
    """Nanoseconds for one small dict literal: a yardstick for how fast this Python is here
    (tens of nanoseconds on a typical idle desktop), to read the other rows against."""
    import timeit

    loops = 200_000
    return min(timeit.repeat("{'type': 'play', 'card': 'nip#1'}", number=loops, repeat=5)) / loops * 1e9


def rows(quick: bool = False) -> list[tuple]:
    """Rows for benchmarks/run.py: (name, median, unit, target)."""
    doc = _built_doc()
    repeat, matches = (1, 100) if quick else (5, 300)
    out = []
    for players in (2, 4):
        runs = [measure(doc, players, matches) for _ in range(repeat)]
        actions = statistics.median(r[0] for r in runs)
        rounds = statistics.median(r[1] for r in runs)
        out.append((f"pixelpug engine, {players} players, random bots", actions, "actions/s",
                    f">= {TARGET_ACTIONS:,}"))
        out.append((f"pixelpug rounds, {players} players, random bots", rounds, "rounds/s", ""))
    out.append(("pixelpug machine reference: one dict literal", machine_reference(), "ns",
                "lower is a faster machine"))
    return out


def main() -> None:
    """The table, with the best of the runs beside the median: on a busy machine the best
    run is the one least disturbed by other work (timeit's reasoning)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    quick = "--quick" in sys.argv
    doc = _built_doc()
    repeat, matches = (1, 100) if quick else (5, 300)
    print(f"{'benchmark':<44} {'median':>10} {'best':>10}  unit")
    for players in (2, 4):
        runs = [measure(doc, players, matches) for _ in range(repeat)]
        for index, (name, unit) in enumerate((("actions", "actions/s"), ("rounds", "rounds/s"))):
            values = [r[index] for r in runs]
            label = f"pixelpug {name}, {players} players, random bots"
            print(f"{label:<44} {statistics.median(values):>10,.0f} {max(values):>10,.0f}  {unit}")
    print(f"{'machine reference: one dict literal':<44} {machine_reference():>10,.0f} {'':>10}  ns"
          f"  (target: >= {TARGET_ACTIONS:,} actions/s)")


if __name__ == "__main__":
    main()
