"""How long `pugdeck import` takes: a hostile table refused, and a big honest one imported.

Rows: a one-million-row CSV (issue 13: it took 24 s and 1.6 GB, then blamed a YAML file
that was never written; now it is refused at row 20,002), timed in a fresh process that
reports its own peak memory (VmHWM: rusage would carry this process's peak into the
child); and the CSV export of a generated 10,000-card deck imported back (dry run: staged,
validated, nothing written).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_render import child_environment
from benchmarks.generate import generate_deck
from pugdeck.cli.export_csv import export_csv
from pugdeck.importing.table_import import import_cards

ROOT = Path(__file__).resolve().parent.parent
ROWS = 1_000_000
CARDS = 10_000
REFUSE_TARGET_S = 1.0

# The refusal as `pugdeck import` runs it, timed inside a fresh interpreter (so the figure is
# the import's, not Python's start) with that process's peak resident memory.
_REFUSE = """
import sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from pugdeck.core.diagnostics import DeckError
from pugdeck.importing.table_import import import_cards
start = time.perf_counter()
try:
    import_cards(Path(sys.argv[2]), Path(sys.argv[3]))
    raise SystemExit("the table was accepted")
except DeckError as exc:
    where = exc.diagnostics[0].format().split(": ")[0]
took = time.perf_counter() - start
peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(took, int(peak.split()[1]) / 1024, where)
"""


def refuse(table: Path, into: Path, work: Path) -> tuple[float, float, str]:
    """Seconds of the refusal, peak MiB of its process, and where the refusal points."""
    out = subprocess.run([sys.executable, "-c", _REFUSE, str(ROOT), str(table), str(into)], cwd=work,
                         env=child_environment(work), check=True, capture_output=True, text=True)
    took, peak, where = out.stdout.split(maxsplit=2)
    return float(took), float(peak), where.strip()


def rows(quick: bool = False) -> list[tuple]:
    """(name, median, unit, target or baseline) for each measurement."""
    repeats = 1 if quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        table = work / "million.csv"
        table.write_text("id\n" + "".join(f"c{i}\n" for i in range(ROWS)), encoding="utf-8")
        refusals = [refuse(table, work / "into", work) for _ in range(repeats)]
        seconds = statistics.median(r[0] for r in refusals)
        peak = max(r[1] for r in refusals)
        where = refusals[0][2]
        deck = generate_deck(work / "deck", CARDS, seed=1)
        (work / "cards.csv").write_bytes(export_csv(deck)[1])
        imports = []
        for _ in range(repeats):
            start = time.perf_counter()
            import_cards(work / "cards.csv", work / "copy", write=False)
            imports.append(time.perf_counter() - start)
    verdict = "ok" if seconds <= REFUSE_TARGET_S else "MISSED"
    return [
        (f"import: {ROWS:,}-row CSV refused", seconds, "s",
         f"target ≤ {REFUSE_TARGET_S:g} s: {verdict}; peak {peak:.0f} MiB; at {where} (was 24 s, 1.6 GB)"),
        (f"import: {CARDS:,}-card CSV (dry run: staged and validated)", statistics.median(imports), "s", ""),
    ]
