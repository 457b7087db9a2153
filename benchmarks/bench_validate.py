"""How long `pugdeck validate` takes: load + schema + game checks, measured in-process.

Rows: a generated 10,000-card deck (issue 2 target: ≤ 1 s), the same as a fresh
`pugdeck validate` process, then where the time goes (loading, the whole check, and inside
it the print checks and the near-duplicate search), the bare libyaml event stream of the
same file (the floor for an event-based loader) and the bundled deck. Wall time is the
median; the CPU time beside it is steadier on a busy machine.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from benchmarks.bench_render import child_environment
from benchmarks.generate import generate_deck
from pugdeck.authoring.deck_files import printed_texts
from pugdeck.authoring.loading import gc_paused, load_deck
from pugdeck.building.deck_check import check_deck_at
from pugdeck.games.deck_checks import print_problems
from pugdeck.games.pug_you import checks
from pugdeck.games.pug_you.game import GAME
from pugdeck.resources import bundled_deck

ROOT = Path(__file__).resolve().parent.parent
CARDS = 10_000
TARGET_S = 1.0


def median_time(run, repeats: int) -> tuple[float, float]:
    """Median wall and median CPU seconds of `repeats` calls, each with the collector
    paused as `validate` runs them (`gc_paused`), so the parts add up to the whole."""
    wall, cpu = [], []
    for _ in range(repeats):
        with gc_paused():
            w, c = time.perf_counter(), time.process_time()
            run()
            wall.append(time.perf_counter() - w)
            cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu)


def fresh_process(deck: Path | None, work: Path, repeats: int) -> tuple[float, float]:
    """Median wall and CPU seconds of `python -m pugdeck validate DECK` from start to exit,
    with a bytecode cache as a pip install has; with no deck, of `python -c pass` (the
    interpreter's own start, which on some machines runs slow `.pth` files)."""
    env = child_environment(work)
    command = ([sys.executable, "-m", "pugdeck", "validate", str(deck)] if deck
               else [sys.executable, "-c", "pass"])
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    subprocess.run(command, cwd=ROOT, env=env, check=True, **quiet)  # warm the bytecode cache
    wall, cpu = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, env=env, **quiet)
        _, status, usage = os.wait4(process.pid, 0)
        wall.append(time.perf_counter() - start)
        cpu.append(usage.ru_utime + usage.ru_stime)
        if os.waitstatus_to_exitcode(status):
            raise RuntimeError(f"pugdeck validate {deck} failed")
    return statistics.median(wall), statistics.median(cpu)


def _valid(path: Path) -> None:
    deck, diagnostics = check_deck_at(path)
    if deck is None or diagnostics:
        raise RuntimeError(f"benchmark deck {path} is not clean: {diagnostics[:3]}")


def _stage(name: str, run, repeats: int, whole: tuple[float, float]) -> tuple[str, float, str, str, float]:
    """A row for one part of the validation; its CPU time rides along as a fifth item."""
    wall, cpu = median_time(run, repeats)
    return (f"  {name}", wall, "s", f"CPU {cpu:.2f} s = {cpu / whole[1]:.0%} of validate", cpu)


def rows(quick: bool = False) -> list[tuple]:
    """(name, median, unit, target or baseline) for each measurement."""
    repeats = 1 if quick else 7
    with tempfile.TemporaryDirectory() as tmp:
        deck = generate_deck(Path(tmp) / "deck", CARDS, seed=1)
        cold = median_time(lambda: _valid(deck), 1)  # imports the checks and loads fonts, as a CLI does
        cli = fresh_process(deck, Path(tmp), repeats)
        python_alone = fresh_process(None, Path(tmp), repeats)
        text = (deck / "cards.yaml").read_text(encoding="utf-8")
        parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        # This machine's speed drifts by half from minute to minute, so each validation is
        # paired with the bare libyaml event stream of its file, timed right after it.
        runs, floors = [], []
        for _ in range(repeats):
            runs.append(median_time(lambda: _valid(deck), 1))
            floors.append(median_time(lambda: sum(1 for _ in yaml.parse(text, Loader=parser)), 1))
        warm = (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
        floor = (statistics.median(w for w, _ in floors), statistics.median(c for _, c in floors))
        per_floor = statistics.median(r[1] / f[1] for r, f in zip(runs, floors))
        loaded = load_deck(deck, positions=False)
        typed, _ = GAME.check_deck(loaded)
        stages = [
            _stage("load (YAML → data; a clean deck needs no positions)",
                   lambda: load_deck(deck, positions=False), repeats, warm),
            _stage("checks: schema, game rules, print", lambda: GAME.check_deck(loaded), repeats, warm),
        ]
        # Parts of the check, named as the lead's code names them today; skipped if renamed.
        if hasattr(checks, "CHECKS"):
            fields = checks.CHECKS.text_fields

            def print_checks():  # what the check skeleton hands them: each card's printed texts
                printed, origins = printed_texts(loaded, [], tuple(f for f, _r, _s in fields))
                return print_problems(printed, GAME, typed.info.template, typed.folder, fields, origins)
            stages.append(_stage("  of which print checks (text fit, glyphs)", print_checks, repeats, warm))
        if hasattr(checks, "near_duplicate_questions"):
            stages.append(_stage("  of which near-duplicate questions",
                                 lambda: checks.near_duplicate_questions(loaded.cards), repeats, warm))
        stages.append(_stage("load with positions (only a deck with problems)",
                             lambda: load_deck(deck), repeats, warm))
    bundled = median_time(lambda: _valid(bundled_deck("pug-you")), max(repeats, 3))
    verdict = "ok" if warm[0] <= TARGET_S else "MISSED"
    return [
        (f"validate {CARDS:,}-card deck", warm[0], "s", f"target ≤ {TARGET_S:g} s: {verdict} (CPU {warm[1]:.2f} s)"),
        ("  first run in process (+ imports, fonts)", cold[0], "s", f"CPU {cold[1]:.2f} s"),
        ("  `pugdeck validate` as a fresh process", cli[0], "s", f"CPU {cli[1]:.2f} s: what a user waits"),
        ("    of which Python's own start (`python -c pass`)", python_alone[0], "s",
         f"CPU {python_alone[1]:.2f} s: site and .pth files, before pugdeck"),
        *(stage[:4] for stage in stages),
        ("  baseline: bare libyaml event stream", floor[0], "s",
         f"CPU {floor[1]:.2f} s; the loader's CPU is ×{stages[0][4] / floor[1]:.1f} of it"),
        ("  validate / bare event stream, CPU, paired runs", per_floor, "x",
         f"≤ {TARGET_S / 0.28:.1f} is 1 s where the stream takes 0.28 s (this machine when calm)"),
        ("validate bundled deck (114 cards)", bundled[0], "s",
         f"{bundled[0] / 114 * 1e6:.0f} µs/card vs {warm[0] / CARDS * 1e6:.0f} µs/card at {CARDS:,}"),
    ]
