"""Pug You! engine throughput with random bots: actions a second, complete games a second.

    python benchmarks/bench_engine.py [--quick]

An action is one `apply_action` (chance shuffles included) after one `legal_actions()`
call and the `RandomBot`'s uniform pick — `bots.play_game`'s whole loop (games/loop.py), invariant checks
off. The deck is the bundled one, built as `pugdeck build` writes it. Times are CPU time of
this process (`time.process_time`), so other work on the machine disturbs them less than
wall time would; each row is the median of five runs (one with --quick).

Two rows do not drift with machine speed, to compare runs on different machines:
- bytecodes per action: Python bytecode instructions executed per action over fixed
  seeded games (`sys.settrace` opcode events). It is exact for a given Python version; it
  does not see work done inside C functions (`sorted`, `list.remove`), which is small here.
- an action's cost in dict literals: CPU time per action divided by the time of one small
  dict literal measured in the same run (the yardstick `bench_pixelpug` prints too).
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


def bytecodes_per_action(doc: dict, players: int, games: int) -> float:
    """Bytecode instructions executed per action (random bots, seeds 0 …), a count that is
    the same on every machine for a given Python version."""
    from pugdeck.games.pug_you.bots import make_bots, play_game
    from pugdeck.games.pug_you.engine import Game

    base = Game(doc, players, 0)
    executed = actions = 0

    def count(frame, event, arg):
        nonlocal executed
        if event == "call":
            frame.f_trace_opcodes = True  # one "opcode" event per instruction
        elif event == "opcode":
            executed += 1
        return count

    for seed in range(games):
        game = base.reseeded(seed)
        bots = make_bots("random", game, seed)
        sys.settrace(count)
        try:
            state = play_game(game, bots)
        finally:
            sys.settrace(None)
        actions += len(state.log)
    return executed / actions


def dict_literal_seconds() -> float:
    """CPU seconds for one small dict literal: this machine's speed, as a yardstick."""
    import timeit

    loops = 200_000
    timer = timeit.Timer("{'type': 'offer', 'card': 'q-001#1'}", timer=time.process_time)
    return min(timer.repeat(number=loops, repeat=5)) / loops


def rows(quick: bool = False) -> list[tuple]:
    """Rows for benchmarks/run.py: (name, median, unit, target)."""
    doc = _built_doc()
    repeat, games = (1, 60) if quick else (5, 200)
    out = []
    yardstick = dict_literal_seconds()
    for players in (5, 10):
        runs = [measure(doc, players, games) for _ in range(repeat)]
        rate = statistics.median(r[0] for r in runs)
        out.append((f"pug-you engine, {players} players, random bots", rate, "actions/s",
                    f">= {TARGET_ACTIONS:,}"))
        out.append((f"pug-you engine, {players} players: an action's cost", 1 / rate / yardstick,
                    "dict literals", "same-run ratio: drifts little with machine speed"))
        out.append((f"pug-you engine, {players} players: bytecodes per action",
                    bytecodes_per_action(doc, players, 10), "bytecodes", "machine-independent"))
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
