"""Every benchmark in one table: `python benchmarks/run.py [--quick]`.

Each `benchmarks/bench_*.py` that defines `rows()` contributes rows; `rows(quick=True)` is
passed when the function accepts a `quick` argument (`rows(repeat=1)` when it takes a
`repeat` count instead). A row is a tuple `(name, median, unit[, target or baseline])` — or
a dict with those keys. `bench_validate`
comes first (issue 2: its first row is the 10,000-card validation); the rest follow by name.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIRST = "bench_validate"


def bench_modules() -> list[str]:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    return sorted(names, key=lambda n: (n != FIRST, n))


def collect(name: str, quick: bool) -> list[tuple]:
    module = importlib.import_module(f"benchmarks.{name}")
    rows = getattr(module, "rows", None)
    if rows is None:
        return []
    params = inspect.signature(rows).parameters
    if "quick" in params:
        produced = rows(quick=quick)
    elif "repeat" in params and quick:
        produced = rows(repeat=1)
    else:
        produced = rows()
    out = []
    for row in produced:
        if isinstance(row, dict):
            row = (row["name"], row["median"], row.get("unit", ""), row.get("target", row.get("baseline", "")))
        out.append((tuple(row) + ("", "", "", ""))[:4])
    return out


def fmt_value(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}" if value < 10 else f"{value:.1f}" if value < 1000 else f"{value:,.0f}"
    return str(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run every benchmark and print one table.")
    parser.add_argument("--quick", action="store_true", help="one timed run per row instead of five")
    parser.add_argument("--only", metavar="NAME", help="run only benchmarks/bench_NAME.py")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE.parent))  # `benchmarks` and `pugdeck` from this checkout
    table: list[tuple[str, str, str, str]] = []
    failed = False
    for name in bench_modules():
        if args.only and name != f"bench_{args.only}":
            continue
        print(f"running {name} …", file=sys.stderr, flush=True)
        try:
            rows = collect(name, args.quick)
        except Exception:  # one broken benchmark must not hide the others' numbers
            traceback.print_exc()
            table.append((f"{name}: FAILED", "—", "", "see the traceback above"))
            failed = True
            continue
        table += [(str(n), fmt_value(m), str(u), str(t)) for n, m, u, t in rows]
    headers = ("benchmark", "median", "unit", "target / baseline")
    widths = [max(len(h), *(len(r[i]) for r in table)) if table else len(h) for i, h in enumerate(headers)]
    def line(cells):
        return "  ".join(c.ljust(w) if i != 1 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    print(line(headers))
    print(line(tuple("-" * w for w in widths)))
    for row in table:
        print(line(row))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
