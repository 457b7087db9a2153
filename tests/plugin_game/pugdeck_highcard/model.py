"""A checked High Card deck."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Card:
    id: str
    value: int
    name: str


@dataclass(frozen=True)
class Deck:
    info: Any  # pugdeck's DeckInfo
    hand: int  # cards dealt to each player
    cards: tuple[Card, ...]
    folder: Path
    sources: tuple = ()
    origins: dict = field(default_factory=dict, repr=False)

    def player_counts(self) -> list[int]:
        return list(range(2, len(self.cards) // self.hand + 1))
