"""PixelPug engine throughput with random bots: actions a second, rounds a second.

    python benchmarks/bench_pixelpug.py [--quick]

An action is one `apply_action` (plays, duel choices and the chance deal of each round)
after one `legal_actions()` call and a uniform random pick — the random bot's whole loop.
The pick is `RandomBot.choose` (pugdeck/games/bots.py) inlined, the same draw and the
same pick: `legal[int(draw() * len(legal))]` with `draw` the bound `random()` of a seeded `Rng`.
Times are CPU time of this process (`time.process_time`), so other work on the machine
disturbs them less than wall time would; each row is the median of five runs.

Two figures do not drift with the machine's speed, so runs on different machines compare:
- "reference loops per action": the time of one action divided by the time of one
  dict literal (`machine_reference`), both measured in the same run;
- "Python instructions per action": bytecode instructions the engine and the pick execute
  per action, counted with a tracer over a few matches. It is exact and the same on every
  machine with the same Python version (work done inside C functions counts as one call).
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

    return build(bundled_deck("pixelpug")).doc


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


def instructions_per_action(doc: dict, players: int, matches: int = 20) -> float:
    """Python bytecode instructions executed per action over `matches` seeded matches."""
    from pugdeck.games.pixelpug.engine import Game
    from pugdeck.games.rng import Rng

    count = 0

    def trace(frame, event, arg):
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return trace

    base = Game(doc, players, 0)
    draw = Rng(f"bench/{players}").random_source
    actions = 0
    for seed in range(matches):
        state = base.reseeded(seed).new_initial_state()
        sys.settrace(trace)
        try:
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
                actions += 1
        finally:
            sys.settrace(None)
    return count / actions


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
    reference = machine_reference()
    out = []
    for players in (2, 4):
        runs = [measure(doc, players, matches) for _ in range(repeat)]
        actions = statistics.median(r[0] for r in runs)
        rounds = statistics.median(r[1] for r in runs)
        out.append((f"pixelpug engine, {players} players, random bots", actions, "actions/s",
                    f">= {TARGET_ACTIONS:,}"))
        out.append((f"pixelpug rounds, {players} players, random bots", rounds, "rounds/s", ""))
        out.append((f"pixelpug engine, {players} players: reference loops per action",
                    1e9 / actions / reference, "dict literals", "same run; lower is faster"))
        out.append((f"pixelpug engine, {players} players: Python instructions per action",
                    instructions_per_action(doc, players), "instructions", "exact; lower is less work"))
    out.append(("pixelpug machine reference: one dict literal", reference, "ns",
                "lower is a faster machine"))
    return out


def main() -> None:
    """The table, with the best of the runs beside the median: on a busy machine the best
    run is the one least disturbed by other work (timeit's reasoning)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    quick = "--quick" in sys.argv
    doc = _built_doc()
    repeat, matches = (1, 100) if quick else (5, 300)
    reference = machine_reference()
    print(f"{'benchmark':<44} {'median':>10} {'best':>10}  unit")
    for players in (2, 4):
        runs = [measure(doc, players, matches) for _ in range(repeat)]
        for index, (name, unit) in enumerate((("actions", "actions/s"), ("rounds", "rounds/s"))):
            values = [r[index] for r in runs]
            label = f"pixelpug {name}, {players} players, random bots"
            print(f"{label:<44} {statistics.median(values):>10,.0f} {max(values):>10,.0f}  {unit}")
        per_action = 1e9 / statistics.median(r[0] for r in runs) / reference
        print(f"{f'  reference loops per action, {players} players':<44} {per_action:>10,.1f} {'':>10}"
              "  dict literals (same run)")
        print(f"{f'  Python instructions per action, {players} players':<44} "
              f"{instructions_per_action(doc, players):>10,.0f} {'':>10}  instructions (exact)")
    print(f"{'machine reference: one dict literal':<44} {reference:>10,.1f} {'':>10}  ns"
          f"  (target: >= {TARGET_ACTIONS:,} actions/s)")


if __name__ == "__main__":
    main()
