"""Pug You! engine throughput with random bots: actions a second, complete games a second.

    python benchmarks/bench_engine.py [--quick] [--against REV ...]

An action is one `apply_action` (chance shuffles included) after one `legal_actions()`
call and the `RandomBot`'s uniform pick — `bots.play_game`'s whole loop (games/loop.py), invariant checks
off. The deck is the bundled one, built as `pugdeck build` writes it. Times are CPU time of
this process (`time.process_time`), so other work on the machine disturbs them less than
wall time would; each row is the median of five runs (one with --quick). Actions are
counted as `len(state.log)`: the log holds the applied actions, one each, in every tree
since the engine has one (what happened is in `state.events` since issue 22, several a move).

Rows that do not drift with machine speed, to compare runs on different machines:
- bytecodes per action: Python bytecode instructions executed per action over fixed
  seeded games (`sys.settrace` opcode events). It is exact for a given Python version; it
  does not see work done inside C functions (`sorted`, `list.remove`, a dict display).
- an action's cost in dict literals: CPU time per action divided by the time of one small
  dict literal measured in the same run (the yardstick `bench_pixelpug` prints too).

And against an older engine, in the same run (benchmarks/same_run.py): commit `BASELINE`
(or each `--against REV`) extracted from git, each tree in a process of its own playing
the same games — this checkout's built deck, the same seeds — in turns: actions a second,
this checkout's over its, its bytecodes per action and, with valgrind, its machine
instructions per action (C work included; what the time follows, exact on a busy machine).
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
COUNTED_GAMES = {5: 40, 10: 15}  # games counted under valgrind (about 3,800 and 4,700 actions)


def _built_doc() -> dict:
    from pugdeck.building.pipeline import build
    from pugdeck.resources import bundled_deck

    return build(bundled_deck("pug-you")).doc


def measure(doc: dict, players: int, games: int, bots: str = "random") -> tuple[float, float, int]:
    """(actions a second, games a second, actions) over `games` seeded games."""
    from pugdeck.games.pug_you.bots import make_bots, play_game
    from pugdeck.games.pug_you.engine import Game

    base = Game(doc, players, 0)
    actions = 0
    start = time.process_time()
    for seed in range(games):
        game = base.reseeded(seed)
        state = play_game(game, make_bots(bots, game, seed))
        actions += len(state.log)
    spent = max(time.process_time() - start, 1e-9)
    return actions / spent, games / spent, actions


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


# --- the same run against older trees (benchmarks/same_run.py) -------------------------


def serve() -> None:
    """The `--serve` side (same_run.Server), in the tree `pugdeck` is imported from:
    `doc OURS THEIRS` reads the built deck at OURS (answers 1), or, when this tree's engine
    refuses it, writes its own build to THEIRS (answers 0); `actions PLAYERS GAMES` answers
    actions a second; `bytecodes PLAYERS GAMES` bytecodes per action."""
    doc = None
    for line in sys.stdin:
        what, *args = line.split()
        if what == "doc":
            from pugdeck.games.pug_you.engine import Game

            doc, answer = json.loads(Path(args[0]).read_text("utf-8")), 1
            try:
                Game(doc, 5, 0)
            except Exception:  # an older engine may not read today's built deck
                doc, answer = _built_doc(), 0
                Path(args[1]).write_text(json.dumps(doc), "utf-8")
        elif what == "actions":
            answer = measure(doc, int(args[0]), int(args[1]))[0]
        else:
            answer = bytecodes_per_action(doc, int(args[0]), int(args[1]))
        print(answer, flush=True)


def same_run(revs: list[str], players: int, games: int, repeat: int, count: bool = True) -> dict[str, dict] | None:
    """Per tree (this checkout as "", then each commit of `revs`): "actions", its actions a
    second (median of `repeat` turns); "speedup", this checkout's over its (the median of
    the turns' ratios); "bytecodes" per action; with `count` and valgrind, "machine"
    instructions per action and "counted", the actions they were counted over; "own_deck",
    whether it played its own build of the deck (its engine refused this checkout's).
    None without the commits."""
    sys.path.insert(0, str(ROOT))
    from benchmarks import same_run as against

    with against.servers_of(Path(__file__), revs) as (into, servers):
        if servers is None:
            return None
        ours = into / "built.json"
        ours.write_text(json.dumps(_built_doc()), "utf-8")
        docs = {}
        for name, server in servers.items():
            theirs = into / f"built-{name}.json"
            docs[name] = ours if server.ask("doc", ours, theirs) else theirs
        runs = against.in_turns(servers, ("actions", players, games), repeat)
        speedups = against.ratios(runs)
        count = count and against.have_valgrind()
        out = {}
        for name, server in servers.items():
            played = COUNTED_GAMES[players] if players in COUNTED_GAMES else 20
            machine, counted = (server.machine_instructions([players, 0, docs[name]], [players, played, docs[name]])
                                if count else (None, None))
            out[name] = {"actions": statistics.median(runs[name]), "speedup": speedups[name],
                         "bytecodes": server.ask("bytecodes", players, 10), "machine": machine,
                         "counted": counted, "own_deck": docs[name] != ours}
        return out


def engine_rows(quick: bool = False) -> list[tuple]:
    """This checkout's rows: (name, median, unit, target)."""
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


def rows(quick: bool = False) -> list[tuple]:
    """Rows for benchmarks/run.py: this checkout's, then the ratio to `BASELINE`'s and
    machine instructions per action (not with `quick`), in the same run."""
    out = engine_rows(quick)
    repeat, games = (3, 60) if quick else (5, 200)
    for players in (5, 10):
        compared = same_run([BASELINE], players, games, repeat, count=not quick)
        if compared is None:
            continue
        out.append((f"pug-you engine, {players} players: actions/s over {BASELINE}'s",
                    compared[BASELINE]["speedup"], "ratio", ">= 1.0 (same run, in turns)"))
        if compared[""]["machine"] is not None:
            out.append((f"pug-you engine, {players} players: machine instructions per action",
                        compared[""]["machine"], "instructions",
                        f"valgrind; {BASELINE}: {compared[BASELINE]['machine']:,.0f}"))
    return out


def main() -> None:
    """This checkout's table, then the same-run comparison with `BASELINE`, or with each
    `--against REV`."""
    args = sys.argv[1:]
    if args[:1] == ["--serve"]:
        serve()
        return
    if args[:1] == ["--play"]:  # same_run.Server.machine_instructions: PLAYERS GAMES DOC
        print(measure(json.loads(Path(args[3]).read_text("utf-8")), int(args[1]), int(args[2]))[2])
        return
    sys.path.insert(0, str(ROOT))
    quick = "--quick" in args
    revs = [args[i + 1] for i, arg in enumerate(args) if arg == "--against"] or [BASELINE]
    table = engine_rows(quick)
    width = max(len(r[0]) for r in table)
    print(f"{'benchmark'.ljust(width)}  {'median':>10} {'unit':<13} target")
    for name, median, unit, target in table:
        print(f"{name.ljust(width)}  {median:>10,.0f} {unit:<13} {target}")
    repeat, games = (3, 60) if quick else (5, 200)
    print(f"\nThe same run, in turns ({repeat} each of {games} games, the same deck and seeds); "
          "machine instructions by valgrind:")
    print(f"{'tree':<10} {'players':>7} {'actions/s':>10} {'this over it':>13} {'bytecodes':>10} "
          f"{'machine instr.':>15} {'over actions':>13}")
    for players in (5, 10):
        compared = same_run(revs, players, games, repeat, count=not quick)
        if compared is None:
            print(f"(no git checkout with {', '.join(revs)}: nothing to compare)")
            return
        for name, row in compared.items():
            machine = "—" if row["machine"] is None else f"{row['machine']:,.0f}"
            counted = "—" if row["counted"] is None else f"{row['counted']:,}"
            note = "  (its own build of the deck)" if row["own_deck"] else ""
            print(f"{name or 'this':<10} {players:>7} {row['actions']:>10,.0f} {row['speedup']:>13.3f} "
                  f"{row['bytecodes']:>10,.1f} {machine:>15} {counted:>13}{note}")


if __name__ == "__main__":
    main()
