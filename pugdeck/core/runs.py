"""Numbers as runs, the way the build summary and the party's set-up say player counts."""

from __future__ import annotations


def number_runs(numbers: list[int]) -> str:
    """[5, 6, 7, 9] → '5–7, 9' (in the order given; a run is each next number + 1)."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
