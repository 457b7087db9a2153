"""Seeded randomness that stays the same across Python versions.

`random.shuffle`, `randrange` and `choice` may change their algorithm between Python
releases; `random.Random(seed).random()` is documented to be reproducible. Everything that
shuffles or picks in pugdeck goes through `Rng`, never through the global `random`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence
from typing import TypeVar

T = TypeVar("T")
_EXACT = 2**53  # below this, `int(random() * n) < n` always (see `Rng.below`)


class Rng:
    """A seeded stream of random numbers and the shuffles and picks built on it."""

    def __init__(self, seed: int | str):
        self._random = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n <= _EXACT:
            # A draw is below 1 by at least 2**-53, so times an n up to 2**53 it never
            # rounds up to n.
            return int(self._random.random() * n)
        return min(int(self._random.random() * n), n - 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place: from the last position down, swap with a position at or
        below it. One `random()` draw per position but the first."""
        draw = self._random.random  # `below(i + 1)`'s draw, without its call a card (a deck is < 2**53)
        for i in range(len(items) - 1, 0, -1):
            j = int(draw() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def permutation(self, n: int) -> list[int]:
        """`range(n)` in a random order: index i draws the i-th of exactly n `random()` keys,
        and the indices are sorted by key.

        Every order is equally likely (sorting independent uniform keys), but the orders differ
        from `shuffle`'s for the same draws. Two equal keys (a chance of about n²/2**54) keep
        index order, as the sort is stable, so a seed always gives the same order.
        """
        keys = [self._random.random() for _ in range(n)]
        return sorted(range(n), key=keys.__getitem__)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return self._random.random()

    @property
    def random_source(self) -> Callable[[], float]:
        """The bound `random()` of the underlying generator: the same draws as `random()`,
        for a caller that keeps it in a local."""
        return self._random.random
