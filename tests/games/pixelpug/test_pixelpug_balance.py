"""The bundled deck meets its balance targets (docs/balance-pixelpug.md) on a small seeded
sample; `python benchmarks/pixelpug_balance.py` measures the full tables."""

from __future__ import annotations

from benchmarks.pixelpug_balance import measure, misses, tables


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
