"""Start-up: fresh `pugdeck` processes, and what the registry's own entry-point reader
(`games/registry.py` `declared_entry_points`) saves against plain `importlib.metadata`.

    python benchmarks/run.py --only startup [--quick]

Each command runs twice per round, alternating: as it is, and with the registry reading
its entry points through `importlib.metadata.entry_points` (which imports the email parser,
zipfile and csv on every command that reaches a game). With valgrind on the PATH (and not
`--quick`) the figures are instructions (cachegrind, no cache model), which do not drift on
a busy machine; otherwise CPU seconds (user + system, the child's own rusage), medians of
paired runs.

The row the reader is kept for: "build / straight, 120 cards", a fresh 120-card `pugdeck
build` against the straight reportlab script drawing its JSON, where the build's excess is
start-up (docs/printing.md). Issue 26's target is ≤ 1.2 (bench_render's own row, in CPU
seconds, keeps ≤ 1.3).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script, too

from benchmarks.bench_render import STRAIGHT, child_environment, write_deck  # noqa: E402
from pugdeck.resources import bundled_deck  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RENDER_TARGET = 1.2  # issue 26
MODES = ("reader", "importlib.metadata")

# `pugdeck ARGS…` in a fresh interpreter, as the console script runs it; in the second mode
# the registry reads its entry points through importlib.metadata, imported when first asked
# (as a plain registry would import it). Every command measured both ways reaches the
# registry, so importing it early here adds nothing that command would not import anyway.
_PUGDECK = """
import sys
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == "importlib.metadata":
    from pugdeck.games import registry
    def from_metadata(group):
        import importlib.metadata
        return [(point.name, point.value) for point in importlib.metadata.entry_points(group=group)]
    registry.declared_entry_points = from_metadata
from pugdeck.cli import main
sys.argv[1:] = sys.argv[3:]
main()
"""


def _cpu(command: list[str], env: dict[str, str]) -> float:
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"{' '.join(command)} failed: {process.stderr.read().decode()[-800:]}")
    return usage.ru_utime + usage.ru_stime


def _instructions(command: list[str], env: dict[str, str]) -> float:
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           *command], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    line = next(line for line in done.stderr.splitlines() if "I   refs:" in line)
    return float(line.split(":")[1].replace(",", ""))


def rows(quick: bool = False) -> list[tuple]:
    repeats = 1 if quick else 5
    counted = not quick and shutil.which("valgrind") is not None
    measure, unit = (_instructions, "M instr") if counted else (_cpu, "ms CPU")
    scale = 1e-6 if counted else 1e3
    rounds = 1 if counted else repeats  # instruction counts do not drift
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = child_environment(work)
        deck = write_deck(work / "deck-120", 120)
        bundled = str(bundled_deck("pug-you"))
        version, help_ = ["--version"], ["--help"]  # reach no game: measured as they are only
        commands = {
            "`pugdeck --version`": version,
            "`pugdeck --help`": help_,
            "`pugdeck validate` of the bundled deck": ["validate", bundled],
            "`pugdeck build --no-red` of the bundled deck": ["build", bundled, "--no-red",
                                                              "--out", str(work / "nored")],
            "`pugdeck build` of 120 cards": ["build", str(deck), "--out", str(work / "out"), "--name", "bench"],
        }

        def pugdeck(mode: str, args: list[str]) -> list[str]:
            return [sys.executable, "-c", _PUGDECK, str(ROOT), mode, *args]

        straight = [sys.executable, str(STRAIGHT), str(work / "out" / "bench.json"), str(work / "straight.pdf")]
        for args in commands.values():  # warm the bytecode cache (the standard library's too: email,
            for mode in MODES:           # zipfile…); the build writes the JSON the script reads
                _cpu(pugdeck(mode, args), env)
        results: dict[str, dict[str, list[float]]] = {
            name: {m: [] for m in (MODES[:1] if args in (version, help_) else MODES)}
            for name, args in commands.items()}
        floors: list[float] = []
        for turn in range(rounds):
            for name, args in commands.items():
                for mode in (list(results[name]) if turn % 2 == 0 else list(results[name])[::-1]):
                    results[name][mode].append(measure(pugdeck(mode, args), env))
            floors.append(measure(straight, env))
    table = []
    for name, by_mode in results.items():
        ours = statistics.median(by_mode[MODES[0]])
        table.append((f"startup: {name}", ours * scale, unit, "" if MODES[1] in by_mode else "reaches no game"))
        if MODES[1] in by_mode:
            paired = statistics.median(t / o for o, t in zip(by_mode[MODES[0]], by_mode[MODES[1]]))
            table.append(("  with importlib.metadata instead of the registry's reader",
                          statistics.median(by_mode[MODES[1]]) * scale, unit,
                          f"×{paired:.3f} of the reader's (paired)"))
    floor = statistics.median(floors)
    for mode, label in zip(MODES, ("startup: build / straight, 120 cards", "  with importlib.metadata")):
        builds = results["`pugdeck build` of 120 cards"][mode]
        ratio = statistics.median(b / f for b, f in zip(builds, floors))
        verdict = "ok" if ratio <= RENDER_TARGET else "MISSED"
        table.append((label, ratio, "x", f"target ≤ {RENDER_TARGET:g}: {verdict} "
                      f"(straight script {floor * scale:,.0f} {unit})"))
    return table


if __name__ == "__main__":
    for name, value, unit, note in rows(quick="--quick" in sys.argv):
        print(f"{name:62} {value:10.3f} {unit:8} {note}")
