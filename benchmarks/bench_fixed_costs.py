"""Benchmark rows for the fixed costs of the picture exports, each against its floor measured in
the same run (issue 26):

- `export print-shop --shop mpc` and `export png --dpi 300` of the bundled deck against the
  same PDF pages rasterised with pypdfium2 and saved by Pillow (`raster_floor.py`): fresh
  processes, interleaved, CPU (user + system, every thread) and wall medians;
- the peak memory of `export png` and `export print-shop` for a generated deck of 100 and of
  1,000 cards: writing each picture as it is made keeps it flat in the number of cards.

    python benchmarks/run.py --only fixed_costs [--quick]

CPU is the measure on a shared machine (with valgrind on the PATH and not `--quick`, the png
row is also counted in instructions, which do not drift); the wall column shows what the second core (PNG
encoding in a thread beside pdfium) buys. Every process may cache bytecode, in the run's own
folder (`bench_render.child_environment`), as an installed package has it: with
PYTHONDONTWRITEBYTECODE set, each pugdeck run compiled its own sources again (0.1–0.4 s of
CPU an export) while the floor's libraries came compiled.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_export import measured  # noqa: E402
from benchmarks.bench_render import child_environment  # noqa: E402
from benchmarks.generate import generate_deck  # noqa: E402

FLOOR = Path(__file__).resolve().parent / "raster_floor.py"
TARGET_SHOP = 1.2  # print-shop CPU / its floor
TARGET_PNG = 1.12  # export png CPU / its floor: "keep it there"
# What the peak grows by from 100 to 1,000 cards, over the bytes of the pictures those 900
# cards add: 1 or more when every picture is held until the end (as before issue 26); what
# stays is the deck itself and its PDF, a few tens of KB a card.
TARGET_GROWTH = 0.6
MEMORY_DPI = "150"


_ENV: dict[str, str] | None = None  # set by rows() for the run's temporary folder


def run(command: list[str]) -> tuple[float, float, float]:
    return measured(command, _ENV)


def pugdeck(*args: str) -> list[str]:
    return [sys.executable, "-m", "pugdeck", *args]


def floors(work: Path) -> dict[str, list[str]]:
    """The floor commands: the PDFs pugdeck rasterises, written once, and the pages it draws."""
    from pugdeck.building.pipeline import build  # noqa: PLC0415 (after sys.path is set)
    from pugdeck.export.png import card_pdf, png_pages
    from pugdeck.export.print_shop import SHOPS, shop_plan
    from pugdeck.export.print_shop_check import check_safe_zone
    from pugdeck.games.printing import render_built
    from pugdeck.resources import bundled_deck

    built = build(bundled_deck("pug-you"), {}, profile=None, name=None)
    shop = SHOPS["mpc"]
    shop_pdf = work / "shop.pdf"
    shop_pdf.write_bytes(render_built(built, bleed_mm=shop.bleed_mm, duplex="long"))
    shop_pages = [image.page for image in shop_plan(built, check_safe_zone(built, shop))]
    pdf = card_pdf(built)
    (work / "cards.pdf").write_bytes(pdf.data)
    png_pages_drawn = list(png_pages(built, work, pdf).values())
    width, height = shop.pixels()
    return {
        "print-shop": [sys.executable, str(FLOOR), str(shop_pdf), str(work / "floor-shop"),
                       "--pages", ",".join(map(str, shop_pages)), "--size", f"{width}x{height}"],
        "png": [sys.executable, str(FLOOR), str(work / "cards.pdf"), str(work / "floor-png"),
                "--pages", ",".join(map(str, png_pages_drawn)), "--dpi", "300"],
    }


def paired(repeat: int, work: Path) -> dict[str, dict[str, float]]:
    commands = {
        "print-shop": pugdeck("export", "print-shop", "--shop", "mpc", "--out", str(work / "shop")),
        "png": pugdeck("export", "png", "--dpi", "300", "--out", str(work / "png")),
    }
    floor = floors(work)
    runs: dict[str, dict[str, list[float]]] = {}
    for name in commands:  # once untimed: warms the file cache
        run(commands[name])
        run(floor[name])
        runs[name] = {"wall": [], "cpu": [], "floor_wall": [], "floor_cpu": []}
    for _ in range(repeat):  # interleaved pairs: drift on the shared machine hits both alike
        for name in commands:
            wall, cpu, _peak = run(commands[name])
            floor_wall, floor_cpu, _ = run(floor[name])
            runs[name]["wall"].append(wall)
            runs[name]["cpu"].append(cpu)
            runs[name]["floor_wall"].append(floor_wall)
            runs[name]["floor_cpu"].append(floor_cpu)
    return {name: {key: statistics.median(values) for key, values in r.items()} for name, r in runs.items()}


def instructions(command: list[str]) -> int:
    """Instructions of one fresh process and its threads (valgrind's cachegrind, no cache
    model): the same count on a busy machine, where CPU seconds drift."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           *command], cwd=ROOT, env=_ENV, capture_output=True, text=True, check=True)
    return int(next(line for line in done.stderr.splitlines() if "I   refs:" in line).split(":")[1].replace(",", ""))


def counted_png(work: Path) -> tuple[int, int]:
    """Instructions of `export png --dpi 300` and of its floor (each warmed by `paired`)."""
    return (instructions(pugdeck("export", "png", "--dpi", "300", "--out", str(work / "png"))),
            instructions(floors(work)["png"]))


def memory(work: Path, sizes: tuple[int, int]) -> dict[str, dict[int, tuple[float, float]]]:
    """Peak RSS (MB) of each export for generated decks of `sizes` cards (distinct questions),
    and the megabytes of pictures it wrote."""
    decks = {n: generate_deck(work / f"deck-{n}", n, seed=1) for n in sizes}
    peaks: dict[str, dict[int, tuple[float, float]]] = {"png": {}, "print-shop": {}}
    for n, deck in decks.items():
        for name, args in (("png", ["png"]), ("print-shop", ["print-shop", "--shop", "mpc"])):
            out = work / f"{name}-{n}"
            peak = run(pugdeck("export", *args, str(deck), "--dpi", MEMORY_DPI, "--out", str(out)))[2]
            written = sum(p.stat().st_size for p in out.rglob("*.png")) / 2**20
            peaks[name][n] = (peak, written)
    return peaks


def verdict(value: float, target: float) -> str:
    return f"target ≤ {target:g}: {'ok' if value <= target else 'MISSED'}"


def rows(repeat: int = 5) -> list[tuple[str, float, str, str]]:
    global _ENV
    small, large = (100, 1000)
    with tempfile.TemporaryDirectory() as tmp:
        _ENV = child_environment(Path(tmp))
        times = paired(repeat, Path(tmp))
        counted = counted_png(Path(tmp)) if repeat > 1 and shutil.which("valgrind") else None
        peaks = memory(Path(tmp), (small, large))
    table = []
    for name, label, target in (("print-shop", "export print-shop --shop mpc", TARGET_SHOP),
                                ("png", "export png --dpi 300", TARGET_PNG)):
        t = times[name]
        table += [
            (f"fixed: {label}, bundled deck (median CPU)", t["cpu"], "s",
             f"wall {t['wall']:.2f} s"),
            ("fixed:   its floor, pypdfium2 + Pillow on the same pages (median CPU)", t["floor_cpu"], "s",
             f"wall {t['floor_wall']:.2f} s; the baseline, same run"),
            (f"fixed:   {name} / floor, CPU", t["cpu"] / t["floor_cpu"], "x",
             f"{verdict(t['cpu'] / t['floor_cpu'], target)}; wall {t['wall'] / t['floor_wall']:.2f}x"),
        ]
    if counted:  # the fixed cost without the machine's drift, the second core or the kernel's writes
        ours, floor = counted
        table.append(("fixed:   png / floor, instructions (valgrind)", ours / floor, "x",
                      f"{verdict(ours / floor, TARGET_PNG)}; {ours / 1e9:.2f} G vs {floor / 1e9:.2f} G"))
    for name in ("png", "print-shop"):
        (peak_small, written_small), (peak_large, written_large) = peaks[name][small], peaks[name][large]
        growth = (peak_large - peak_small) / (written_large - written_small)
        table += [
            (f"fixed: peak memory, export {name} --dpi {MEMORY_DPI}, {small:,} cards", peak_small, "MB",
             f"{written_small:.0f} MB of pictures written"),
            (f"fixed: peak memory, export {name} --dpi {MEMORY_DPI}, {large:,} cards", peak_large, "MB",
             f"{written_large:.0f} MB of pictures written"),
            (f"fixed:   {name}: peak growth / pictures' growth, {small:,} → {large:,} cards", growth, "x",
             f"{verdict(growth, TARGET_GROWTH)} (≥ 1 when every picture is held to the end)"),
        ]
    return table
