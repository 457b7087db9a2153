"""Issue 3: filter + rules check + built-JSON export, for the bundled deck and 10,000 cards.

Measured from a validated deck in memory (validation has its own rows), so the figures are
the cost of `pugdeck build` beyond `pugdeck validate`, interpreter start-up excluded.
Run alone: `python benchmarks/bench_build.py`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.generate import generate_deck  # noqa: E402
from pugdeck.building.deck_check import check_deck_at  # noqa: E402
from pugdeck.building.parameters import values_for  # noqa: E402
from pugdeck.core.built_deck import dumps  # noqa: E402
from pugdeck.games.pug_you.build import build_deck  # noqa: E402
from pugdeck.games.registry import game  # noqa: E402
from pugdeck.resources import bundled_deck  # noqa: E402

CARDS = 10_000
TARGET_S = 0.5
PREFS = values_for(game("pug-you"), {"no_red": True, "strangers": True, "exclude_tag": ("money",)})
NO_FILTERS = values_for(game("pug-you"), {})


def median_time(work, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _build_and_export(deck) -> bytes:
    return dumps(build_deck(deck, PREFS).doc)


def rows(quick: bool = False) -> list[tuple[str, float, str, str]]:
    repeats = 1 if quick else 5
    bundled, _ = check_deck_at(bundled_deck("pug-you"))
    small = median_time(lambda: _build_and_export(bundled), max(repeats, 3))
    with tempfile.TemporaryDirectory() as tmp:
        deck, _ = check_deck_at(generate_deck(Path(tmp) / "deck", CARDS, seed=1))
        big = median_time(lambda: _build_and_export(deck), repeats)
        json_only = median_time(lambda: dumps(build_deck(deck, NO_FILTERS).doc), repeats)
    verdict = "ok" if big <= TARGET_S else "MISSED"
    return [
        ("build: filter + check + JSON, bundled deck", small, "s", ""),
        (f"build: filter + check + JSON, {CARDS:,} cards", big, "s", f"target ≤ {TARGET_S:g} s: {verdict}"),
        (f"  no filters, {CARDS:,} cards", json_only, "s", f"×{json_only / big:.2f} of filtered"),
    ]


if __name__ == "__main__":
    for name, value, unit, note in rows(quick="--quick" in sys.argv):
        print(f"{name:50} {value:10.4f} {unit:3} {note}")
