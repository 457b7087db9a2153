"""Seeded randomness that stays the same across Python versions.

`random.shuffle`, `randrange` and `choice` may change their algorithm between Python
releases; `random.Random(seed).random()` is documented to be reproducible. Everything that
shuffles or picks in pugdeck goes through `Rng`, never through the global `random`.
"""

from __future__ import annotations

import random
from itertools import repeat, starmap
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_EXACT = 2**53  # below this, `int(random() * n) < n` always (see `Rng.below`)


class Rng:
    def __init__(self, seed: int | str):
        self._random = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if 0 < n <= _EXACT:
            # A draw is below 1 by at least 2**-53, so times an n up to 2**53 it never
            # rounds up to n: no `min(…, n - 1)` needed (bots call this every action).
            return int(self._random.random() * n)
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return min(int(self._random.random() * n), n - 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def permutation(self, n: int) -> list[int]:
        """`range(n)` in a random order, the work done in C: index i draws the i-th of exactly
        n `random()` keys, and the indices are sorted by key.

        Every order is equally likely (sorting independent uniform keys), but the orders differ
        from `shuffle`'s for the same draws. Two equal keys (a chance of about n²/2**54) keep
        index order, as the sort is stable, so a seed always gives the same order.
        """
        # starmap calls random() n times in C, the cheapest way found to draw many.
        keys = list(starmap(self._random.random, repeat((), n)))
        return sorted(range(n), key=keys.__getitem__)

    def random(self) -> float:
        return self._random.random()

    @property
    def random_source(self):
        """The bound `random()` of the underlying generator, for hot loops that draw many
        numbers: the same draws as `random()`, without a Python call per draw."""
        return self._random.random

    def getstate(self):
        return self._random.getstate()

    def setstate(self, state) -> None:
        self._random.setstate(state)
