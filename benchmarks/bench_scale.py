"""Issue 13, scale: `validate` of pug-style decks as they grow, and a 10,000-card build's memory.

    python benchmarks/run.py --only scale [--quick]
    python benchmarks/bench_scale.py [--quick]

Rows:
- `validate` (in-process, as bench_validate measures it) of generated decks of 1,000 and
  10,000 pug-style cards (`generate.py --style pug`: short questions from a small
  vocabulary, so questions share words and some nearly repeat each other, which is a
  warning each). Targets: 10,000 cards ≤ 1 s CPU, and ≤ 12× the CPU of 1,000. The runs are
  interleaved (1,000, 10,000, 1,000, …) so this machine's drift hits both; CPU medians.
  With valgrind on the PATH (and not `--quick`), the same ratio in instructions, which
  does not drift: each size's count less that of a process that only warms up.
- the near-duplicate search alone at both sizes.
- peak resident memory of `pugdeck build` of a 10,000-card deck against
  `straight_reportlab.py` drawing the same built JSON, both fresh processes measured in the
  same run (their own VmHWM at exit). Target ≤ 1.3×.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import bench_render  # noqa: E402
from benchmarks.generate import generate_deck  # noqa: E402
from pugdeck.authoring.loading import gc_paused, load_deck  # noqa: E402
from pugdeck.building.deck_check import check_deck_at  # noqa: E402
from pugdeck.games.pug_you.near_duplicates import near_duplicate_questions  # noqa: E402
from pugdeck.resources import bundled_deck  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SMALL, LARGE = 1_000, 10_000
TARGET_S, TARGET_RATIO, TARGET_MEMORY = 1.0, 12.0, 1.3

# One validation in a fresh process after a warm-up on the bundled deck (imports, fonts),
# for valgrind: with no deck, only the warm-up.
_VALIDATE_ONE = """
import sys
sys.path.insert(0, sys.argv[1])
from pugdeck.building.deck_check import check_deck_at
from pugdeck.resources import bundled_deck
check_deck_at(bundled_deck("pug-you"))
if len(sys.argv) > 2:
    check_deck_at(sys.argv[2])
"""


def cpu_seconds(run) -> float:
    with gc_paused():  # as `validate` runs
        start = time.process_time()
        run()
        return time.process_time() - start


def validate(deck: Path) -> int:
    deck_value, diagnostics = check_deck_at(deck)
    if deck_value is None:
        raise RuntimeError(f"benchmark deck {deck} has errors: {diagnostics[:3]}")
    return len(diagnostics)


def instructions(deck: Path | None) -> int:
    """Instructions of a fresh validation process (valgrind's cachegrind, no cache model)."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, "-c", _VALIDATE_ONE, str(ROOT)] + ([str(deck)] if deck else [])
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    line = next(line for line in done.stderr.splitlines() if "I   refs:" in line)
    return int(line.split(":")[1].replace(",", ""))


MEMORY_SIZES = (1_200, LARGE)  # issue 26: within the target at a large deck and at a huge one


def build_memory(work: Path, repeats: int, cards: int = LARGE) -> tuple[float, float]:
    """Median peak MB of `pugdeck build` of `cards` cards and of the straight script on its JSON."""
    deck = generate_deck(work / f"build-deck-{cards}", cards, seed=1)
    out = work / f"build-out-{cards}"
    bench_render._ENV = bench_render.child_environment(work)
    build = ["pugdeck", "build", str(deck), "--out", str(out), "--name", "bench"]
    straight = ["benchmarks.straight_reportlab", str(out / "bench.json"), str(work / "straight.pdf")]
    # Once unmeasured: writes the JSON the script reads, and the bytecode cache (a first run
    # compiles every module it imports, which added 3-4 MB to the build's peak at 1,200
    # cards; an installed package comes compiled).
    bench_render.peak_mb(build, work)
    bench_render.peak_mb(straight, work)
    ours, theirs = [], []
    for _ in range(repeats):  # interleaved
        ours.append(bench_render.peak_mb(build, work))
        theirs.append(bench_render.peak_mb(straight, work))
    return statistics.median(ours), statistics.median(theirs)


def rows(quick: bool = False) -> list[tuple]:
    repeats = 3 if quick else 7
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        decks = {n: generate_deck(work / f"pug-{n}", n, seed=1, style="pug") for n in (SMALL, LARGE)}
        validate(bundled_deck("pug-you"))  # imports and fonts, as a CLI's first check does
        times: dict[int, list[float]] = {SMALL: [], LARGE: []}
        warnings = {n: validate(deck) for n, deck in decks.items()}
        for _ in range(repeats):
            for n, deck in decks.items():
                times[n].append(cpu_seconds(lambda deck=deck: validate(deck)))
        small, large = statistics.median(times[SMALL]), statistics.median(times[LARGE])
        ratio = large / small
        loaded = {n: load_deck(deck) for n, deck in decks.items()}  # positions read: the search alone
        search = {n: statistics.median(cpu_seconds(lambda c=loaded[n].cards: near_duplicate_questions(c))
                                       for _ in range(repeats)) for n in decks}
        counted = None
        if not quick and shutil.which("valgrind"):
            base = instructions(None)
            counted = {n: instructions(deck) - base for n, deck in decks.items()}
        peaks = {n: build_memory(work, 1 if quick else 3, n) for n in MEMORY_SIZES}
    table = [
        (f"scale: validate {SMALL:,} pug-style cards (CPU)", small, "s", f"{warnings[SMALL]} warnings"),
        (f"scale: validate {LARGE:,} pug-style cards (CPU)", large, "s",
         f"target ≤ {TARGET_S:g} s: {'ok' if large <= TARGET_S else 'MISSED'} ({warnings[LARGE]} warnings)"),
        (f"scale: validate {LARGE:,} / {SMALL:,}, CPU", ratio, "x",
         f"target ≤ {TARGET_RATIO:g}: {'ok' if ratio <= TARGET_RATIO else 'MISSED'}"),
    ]
    if counted:
        counted_ratio = counted[LARGE] / counted[SMALL]
        table.append((f"scale: validate {LARGE:,} / {SMALL:,}, instructions", counted_ratio, "x",
                      f"{counted[SMALL] / 1e9:.2f} G vs {counted[LARGE] / 1e9:.2f} G (valgrind)"))
    table += [
        (f"scale:   near-duplicate search, {SMALL:,} cards (CPU)", search[SMALL], "s", ""),
        (f"scale:   near-duplicate search, {LARGE:,} cards (CPU)", search[LARGE], "s",
         f"×{search[LARGE] / search[SMALL]:.1f} of {SMALL:,}"),
    ]
    for n, (peak, straight_peak) in peaks.items():
        table += [
            (f"scale: peak memory, pugdeck build of {n:,} cards", peak, "MB", ""),
            (f"scale: peak memory, straight reportlab script, {n:,} cards", straight_peak, "MB",
             "the baseline, same run"),
            (f"scale: build / straight, peak memory, {n:,} cards", peak / straight_peak, "x",
             f"target ≤ {TARGET_MEMORY:g}: {'ok' if peak / straight_peak <= TARGET_MEMORY else 'MISSED'}"),
        ]
    return table


if __name__ == "__main__":
    for name, value, unit, note in rows(quick="--quick" in sys.argv):
        print(f"{name:58} {value:9.3f} {unit:3} {note}")
