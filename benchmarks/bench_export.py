"""Benchmark rows for the picture exports of the bundled deck: `pugdeck export png` at
300 dpi, `export tts`, `export print-shop`, `export html` and `preview`, each against the plain `pugdeck build`
(JSON + print PDF) measured in the same run, all as fresh processes, interleaved.

    python benchmarks/bench_export.py            # prints the table
    python benchmarks/bench_export.py --repeat 1

`rows()` returns (name, median, unit, note) tuples for the combined table (`run.py`).
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
# name → the pugdeck arguments after `--out DIR`
COMMANDS = {
    "build": ["build"],
    "export png --dpi 300": ["export", "png", "--dpi", "300"],
    "export tts": ["export", "tts"],
    "export print-shop --shop mpc": ["export", "print-shop", "--shop", "mpc"],
    "export html": ["export", "html"],
    "preview": ["preview"],
}


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one fresh process."""
    return measured(command)[:2]


def measured(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system, every thread) and peak RSS (MB) of one fresh
    process (in `env`, else this one's environment)."""
    with tempfile.TemporaryFile() as errors:  # a file, not a pipe: a full pipe would block it
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status):
            errors.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed: {errors.read().decode()[-800:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def output_size(folder: Path) -> tuple[int, float]:
    """Files and megabytes under `folder`."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files) / 1e6


def measure(repeat: int, work: Path) -> dict[str, dict[str, float]]:
    results: dict[str, dict[str, list[float] | float]] = {}
    for name, args in COMMANDS.items():  # once untimed: warms the file cache
        out = work / name.replace(" ", "_")
        timed([sys.executable, "-m", "pugdeck", *args, "--out", str(out)])
        files, megabytes = output_size(out)
        results[name] = {"wall": [], "cpu": [], "files": files, "mb": megabytes}
    for _ in range(repeat):  # interleaved, so drift hits every command alike
        for name, args in COMMANDS.items():
            wall, cpu = timed([sys.executable, "-m", "pugdeck", *args, "--out",
                               str(work / name.replace(" ", "_"))])
            results[name]["wall"].append(wall)
            results[name]["cpu"].append(cpu)
    return {name: {"wall": statistics.median(r["wall"]), "cpu": statistics.median(r["cpu"]),
                   "files": r["files"], "mb": r["mb"]} for name, r in results.items()}


def rows(repeat: int = 5) -> list[tuple[str, float, str, str]]:
    """(what, median, unit, note): wall seconds per command and its ratio to `build`."""
    with tempfile.TemporaryDirectory() as tmp:
        results = measure(repeat, Path(tmp))
    base = results["build"]
    table = [("export: pugdeck build, bundled deck (JSON + PDF, median wall)", base["wall"], "s",
              f"baseline; CPU {base['cpu']:.2f} s")]
    for name, r in results.items():
        if name == "build":
            continue
        table.append((f"export: pugdeck {name}, bundled deck (median wall)", r["wall"], "s",
                      f"{r['wall'] / base['wall']:.2f}x build; CPU {r['cpu']:.2f} s "
                      f"({r['cpu'] / base['cpu']:.2f}x); {r['files']} files, {r['mb']:.1f} MB"))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    table = rows(args.repeat)
    width = max(len(name) for name, *_ in table)
    for name, value, unit, note in table:
        print(f"{name:<{width}}  {value:>7.2f} {unit}  {note}")


if __name__ == "__main__":
    main()
