"""A checked High Card deck."""

from __future__ import annotations

from dataclasses import dataclass

from pugdeck.games.deck_checks import CheckedDeck


@dataclass(frozen=True)
class Card:
    id: str
    value: int
    name: str


@dataclass(frozen=True)
class Rules:
    hand: int = 1  # cards dealt to each player


@dataclass(frozen=True)
class Deck(CheckedDeck):
    rules: Rules
    cards: tuple[Card, ...]

    def player_counts(self) -> list[int]:
        return list(range(2, len(self.cards) // self.rules.hand + 1))
