"""PixelPug engine throughput with random bots: actions a second, rounds a second.

    python benchmarks/bench_pixelpug.py [--quick] [--against REV ...]

An action is one `apply_action` (plays, duel choices and the chance deal of each round)
after one `legal_actions()` call and a uniform random pick — the random bot's whole loop.
The pick is `RandomBot.choose` (pugdeck/games/bots.py) inlined, the same draw and the
same pick: `legal[int(draw() * len(legal))]` with `draw` the bound `random()` of a seeded `Rng`.
Times are CPU time of this process (`time.process_time`), so other work on the machine
disturbs them less than wall time would; each row is the median of five runs.

Figures that do not drift with the machine's speed, so runs on different machines compare:
- "reference loops per action": the time of one action divided by the time of one
  dict literal (`machine_reference`), both measured in the same run;
- "Python instructions per action": bytecode instructions the engine and the pick execute
  per action, counted with a tracer over a few matches. It is exact and the same on every
  machine with the same Python version, but work done inside C functions counts as one
  call: `sum(map(points.__getitem__, hand))` counts less than a loop and costs more;
- "machine instructions per action" (with valgrind on the PATH): every instruction the
  process runs, C work included, for a few matches less none (`same_run.Server.machine_instructions`).
  Exact too, and what the time follows.

And against an older engine, in the same run: its actions a second, on the same loop, in
turns with this checkout's (`same_run`), as a ratio, and its instruction counts. The older
engine is commit `BASELINE` (or each `--against REV`), extracted from git into a temporary
folder; each tree plays in a process of its own. Without git or the commit those rows are
left out.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_ACTIONS = 100_000
BASELINE = "0ca5078"  # the engine when issue 22 asked for >= 100 k actions/s: not to be slower
COUNTED_MATCHES = 50  # matches counted under valgrind (about 2,600 actions with 2 players)


def _built_doc() -> dict:
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    return build(bundled_deck("pixelpug")).doc


def measure(doc: dict, players: int, matches: int) -> tuple[float, float, int]:
    """(actions a second, rounds a second, actions) over `matches` seeded matches."""
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
    spent = max(time.process_time() - start, 1e-9)
    return actions / spent, rounds / spent, actions


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


def serve() -> None:
    """The `--serve` side (same_run.Server): `actions PLAYERS MATCHES` answers actions a second,
    `instructions PLAYERS` Python instructions per action, `doc PATH` writes the built deck."""
    doc = _built_doc()
    for line in sys.stdin:
        what, *args = line.split()
        if what == "actions":
            answer = measure(doc, int(args[0]), int(args[1]))[0]
        elif what == "instructions":
            answer = instructions_per_action(doc, int(args[0]))
        else:
            Path(args[0]).write_text(json.dumps(doc), "utf-8")
            answer = 0
        print(answer, flush=True)


def same_run(revs: list[str], players: int, matches: int, repeat: int, count: bool = False) -> dict[str, dict] | None:
    """Per tree (this checkout as "", then each commit of `revs`): its actions a second
    (median of `repeat` turns); "speedup", this checkout's actions a second over its (the
    median of the turns' ratios); its Python instructions per action; with `count` and
    valgrind on the PATH, its machine instructions per action over `COUNTED_MATCHES`
    matches of the deck that tree built. The machinery (trees, turns) is
    benchmarks/same_run.py's. None without the commits."""
    sys.path.insert(0, str(ROOT))
    from benchmarks import same_run as against

    with against.servers_of(Path(__file__), revs) as (into, servers):
        if servers is None:
            return None
        runs = against.in_turns(servers, ("actions", players, matches), repeat)
        speedups = against.ratios(runs)
        count = count and against.have_valgrind()
        out = {}
        for name, server in servers.items():
            machine = None
            if count:
                doc = into / f"{name or 'this'}.json"
                server.ask("doc", doc)
                machine, _ = server.machine_instructions([players, 0, doc], [players, COUNTED_MATCHES, doc])
            out[name] = {"actions": statistics.median(runs[name]), "speedup": speedups[name],
                         "instructions": server.ask("instructions", players), "machine": machine}
        return out


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
    for players in (2, 4):
        compared = same_run([BASELINE], players, matches, max(repeat, 3), count=not quick)
        if compared is None:
            continue
        out.append((f"pixelpug engine, {players} players: actions/s over {BASELINE}'s", compared[BASELINE]["speedup"],
                    "ratio", ">= 1.0 (same run, in turns)"))
        if compared[""]["machine"] is not None:
            out.append((f"pixelpug engine, {players} players: machine instructions per action",
                        compared[""]["machine"], "instructions",
                        f"valgrind; {BASELINE}: {compared[BASELINE]['machine']:,.0f}"))
    return out


def main() -> None:
    """The table, with the best of the runs beside the median: on a busy machine the best
    run is the one least disturbed by other work (timeit's reasoning). Then the same-run
    comparison with `BASELINE`, or with each `--against REV`."""
    args = sys.argv[1:]
    if args[:1] == ["--serve"]:
        serve()
        return
    if args[:1] == ["--play"]:  # same_run.Server.machine_instructions: PLAYERS MATCHES DOC; how many actions
        print(measure(json.loads(Path(args[3]).read_text("utf-8")), int(args[1]), int(args[2]))[2])
        return
    sys.path.insert(0, str(ROOT))
    quick = "--quick" in args
    revs = [args[i + 1] for i, arg in enumerate(args) if arg == "--against"] or [BASELINE]
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
    print(f"\nThe same run, in turns ({max(repeat, 3)} each of {matches} matches); machine instructions by valgrind:")
    print(f"{'tree':<10} {'players':>7} {'actions/s':>10} {'this over it':>13} {'Python instr.':>14} "
          f"{'machine instr.':>15}")
    for players in (2, 4):
        compared = same_run(revs, players, matches, max(repeat, 3), count=not quick)
        if compared is None:
            print(f"(no git checkout with {', '.join(revs)}: nothing to compare)")
            return
        for name, row in compared.items():
            machine = "—" if row["machine"] is None else f"{row['machine']:,.0f}"
            print(f"{name or 'this':<10} {players:>7} {row['actions']:>10,.0f} {row['speedup']:>13.3f} "
                  f"{row['instructions']:>14,.1f} {machine:>15}")


if __name__ == "__main__":
    main()
