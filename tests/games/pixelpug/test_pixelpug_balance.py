"""The bundled deck meets its balance targets (docs/balance-pixelpug.md) on a small seeded
sample; `python benchmarks/pixelpug_balance.py` measures the full tables."""

from __future__ import annotations

import importlib.util
from pathlib import Path

# The script lives in the checkout's benchmarks/, which is no package and not on sys.path
# when pugdeck is installed (as CI installs it): load it by its path.
_SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "pixelpug_balance.py"
_spec = importlib.util.spec_from_file_location("pixelpug_balance", _SCRIPT)
balance = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(balance)
measure, misses, tables = balance.measure, balance.misses, balance.tables


def test_the_bundled_deck_meets_its_balance_targets_on_a_seeded_sample():
    runs = measure(200, bots=("heuristic", "random"))
    assert misses(runs) == []
    poop = [r["targeted"]["poop-time"] for summaries in runs.values() for r in summaries]
    assert all(t["target_points_change"] < -1 for t in poop)  # Poop Time hurts its victim
    assert "| heuristic | 4 |" in tables(runs, 200)


def test_a_missed_target_is_reported():
    runs = measure(200, bots=("heuristic",), counts=(2,))
    summary = runs["heuristic"][0]
    summary["seats"][0]["round_share_minus_fair_pp"] = 3.5
    summary["holder_win_ratio_vs_mean"]["nap"] = 1.31
    assert misses(runs) == ["heuristic, 2 players: seat 0 is +3.5 pp from fair",
                            "heuristic, 2 players: nap holders win 1.31 x the mean"]
