"""Benchmark rows for printing: the whole `pugdeck build` as a fresh process against the
straight-line reportlab script (`straight_reportlab.py`), measured in the same run.

    python benchmarks/bench_render.py            # prints the table
    python benchmarks/bench_render.py --repeat 5

`rows()` returns (name, value, unit) tuples for the combined benchmark table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STRAIGHT = ROOT / "benchmarks" / "straight_reportlab.py"
SIZES = (120, 1200)
LEVELS = ("green", "yellow", "red")
BREEDS = ("pug", "phony-cat", "confused-chihuahua", "french-bulldog", "sausage-dog")
DESCRIPTIVES = ("a soggy marshmallow", "filthy", "my own biggest fan")
# 12 x 10 x 10 distinct questions whose word sets differ enough not to trip the deck's
# near-duplicate warning (which would make every build print a thousand lines).
VERBS = ("secretly eat", "lose", "forget", "brag about", "cry over", "sing to", "argue with",
         "hide", "post a selfie with", "bring", "sell", "fall asleep next to")
OBJECTS = ("the last slice of pizza", "a stranger's umbrella", "their own birthday cake",
           "a borrowed guitar", "the neighbour's cat", "a pair of socks", "the group chat",
           "a rubber duck", "grandma's recipe book", "the TV remote")
PLACES = ("at a wedding", "on a first date", "during a job interview", "in the supermarket",
          "at the dentist", "on holiday", "at a funeral", "in a taxi", "at the gym",
          "during a fire drill")
# Twelve reasons, rotating against the verbs and the places, so no two questions differ in
# one part only (a differing place alone still reads as a near-repeat to `validate`).
REASONS = ("just for fun", "to impress a crush", "out of pure spite", "by accident", "for a bet",
           "to win an argument", "without a second thought", "while crying", "after midnight",
           "with a straight face", "on purpose", "in slow motion")


def write_deck(folder: Path, n: int) -> Path:
    """A deck folder of `n` varied cards (every 27th a pink mutt), as an author would write it."""
    lines = ["deck:", "  id: bench", '  name: "Pug You!"', "  game: pug-you", "  version: 1.0.0",
             "  language: en", "  template: pug-you", "cards:"]
    for i in range(n):
        mutt = i % 27 == 26
        question = (f"Who would {VERBS[i % 12]} {OBJECTS[i // 12 % 10]} {PLACES[i // 120 % 10]} "
                    f"{REASONS[(i % 12 + i // 12 + i // 120) % 12]}?")
        lines += [f"  - id: card-{i}", f"    kind: {'mutt' if mutt else 'pug'}"]
        if not mutt:
            lines += [f"    level: {LEVELS[i % 3]}", f"    badges: {1 + i % 3}"]
        lines += [f'    question: "{question}"',
                  f'    descriptive: "{DESCRIPTIVES[i % 3]}"',
                  f"    turds: {1 + (i // 3) % 3}", f"    thermometer: {1 + (i // 9) % 3}",
                  f"    breed: {'healthy-mutt' if mutt else BREEDS[i % 5]}"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def child_environment(work: Path) -> dict[str, str]:
    """The environment of every timed process: Python may cache bytecode, in a folder of the
    benchmark's own (not in the checkout). A `pip install` byte-compiles the package, so
    that is what a user runs; a machine with PYTHONDONTWRITEBYTECODE set would otherwise
    charge every build for compiling pugdeck's sources (a third of a 120-card build)."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(work / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


_ENV: dict[str, str] | None = None  # set by rows() for the run's temporary folder


def timed(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak resident MB of one fresh process,
    from its own rusage (wait4). CPU time is the steadier figure on a busy machine."""
    with tempfile.TemporaryFile() as errors:  # a file, not a pipe: a full pipe would block it
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errors,
                                   env=_ENV)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode:
            errors.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed: {errors.read().decode()[-800:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux: KiB


# What the straight script does, through pugdeck's renderer: built JSON in, PDF out. A script
# of its own, not this module: this module's imports (statistics, subprocess, tempfile,
# argparse) would add 34M instructions, 3 % of a 120-card render, to what it measures.
_RENDER_ONLY = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from pugdeck.games.printing import render_pdf
doc = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
Path(sys.argv[4]).write_bytes(render_pdf(doc, deck_folder=Path(sys.argv[3])))
"""


# Runs a module as __main__ and writes its own peak resident memory (VmHWM) to a file.
# rusage's ru_maxrss is no good here: Linux carries the forking parent's peak into the
# child, so a benchmark process that has grown would report its own size for every build.
_PEAK_WRAPPER = """
import atexit, runpy, sys
report, module = sys.argv.pop(1), sys.argv.pop(1)
def write_peak():
    with open('/proc/self/status') as status, open(report, 'w') as out:
        out.write(next(line for line in status if line.startswith('VmHWM')).split()[1])
atexit.register(write_peak)
sys.argv[0] = module
runpy.run_module(module, run_name='__main__', alter_sys=True)
"""


def peak_mb(module_args: list[str], work: Path) -> float:
    """Peak resident MB of `python -m <module_args>` as measured by the process itself."""
    report = work / "peak.txt"
    timed([sys.executable, "-c", _PEAK_WRAPPER, str(report), *module_args])
    return int(report.read_text()) / 1024  # KiB


def measure(n: int, repeat: int, work: Path) -> dict[str, float]:
    deck = write_deck(work / f"deck-{n}", n)
    out = work / f"out-{n}"
    build = [sys.executable, "-m", "pugdeck", "build", str(deck), "--out", str(out), "--name", "bench"]
    straight = [sys.executable, str(STRAIGHT), str(out / "bench.json"), str(out / "straight.pdf")]
    # pugdeck's renderer alone, from the same built JSON the straight script reads
    render_only = [sys.executable, "-c", _RENDER_ONLY, str(ROOT), str(out / "bench.json"),
                   str(deck), str(out / "render-only.pdf")]
    timed(build)  # warm the file and bytecode caches; also writes the JSON the script reads
    timed(straight)
    timed(render_only)
    ours, theirs, renders = [], [], []
    for _ in range(repeat):  # interleaved, so drift hits all alike
        wall, cpu, _ = timed(build)
        ours.append((wall, cpu))
        theirs.append(timed(straight)[:2])
        renders.append(timed(render_only)[1])
    return {"build": statistics.median(w for w, _ in ours),
            "build_cpu": statistics.median(c for _, c in ours),
            "straight": statistics.median(w for w, _ in theirs),
            "straight_cpu": statistics.median(c for _, c in theirs),
            "render_cpu": statistics.median(renders),
            "peak": peak_mb(build[2:], work), "pdf_kb": (out / "bench.pdf").stat().st_size / 1024}


def bundled_pdf_kb(work: Path) -> float:
    timed([sys.executable, "-m", "pugdeck", "build", "--out", str(work / "bundled")])
    return (work / "bundled" / "pug-you.pdf").stat().st_size / 1024


def rows(repeat: int = 5) -> list[tuple[str, float, str, str]]:
    """Benchmark rows: (what, value, unit, target or baseline)."""
    global _ENV
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        _ENV = child_environment(work)
        results = {n: measure(n, repeat, work) for n in SIZES}
        table: list[tuple[str, float, str, str]] = []
        for n, r in results.items():
            table += [
                (f"render: pugdeck build, {n} cards, fresh process (wall)", r["build"], "s", ""),
                (f"render: straight reportlab script, {n} cards (wall)", r["straight"], "s",
                 "the floor, same run"),
                (f"render: pugdeck build, {n} cards (CPU)", r["build_cpu"], "s", ""),
                (f"render: straight reportlab script, {n} cards (CPU)", r["straight_cpu"], "s", ""),
                (f"render: build / straight, {n} cards, CPU", r["build_cpu"] / r["straight_cpu"], "x",
                 "<= 1.3"),
                (f"render: build / straight, {n} cards, wall", r["build"] / r["straight"], "x",
                 "<= 1.3"),
                (f"render: render_pdf alone from the JSON, {n} cards (CPU)", r["render_cpu"], "s", ""),
                (f"render: render_pdf alone / straight, {n} cards, CPU",
                 r["render_cpu"] / r["straight_cpu"], "x", "<= 1.0: no layout tax"),
                (f"render: peak memory of the build, {n} cards", r["peak"], "MB",
                 "<= 80 at 1200 cards"),
                (f"render: PDF size, {n} cards", r["pdf_kb"], "KB", ""),
            ]
        small, large = results[SIZES[0]], results[SIZES[-1]]
        per_card = (large["build_cpu"] - small["build_cpu"]) / (SIZES[-1] - SIZES[0]) * 1000
        table.append(("render: CPU per extra card, 120 → 1200", per_card, "ms", "linear in cards"))
        table.append(("render: bundled deck PDF", bundled_pdf_kb(work), "KB", "<= 500"))
        return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    table = rows(args.repeat)
    width = max(len(name) for name, *_ in table)
    for name, value, unit, target in table:
        print(f"{name:<{width}}  {value:>9.3f} {unit:<2}  {target}")


if __name__ == "__main__":
    main()
