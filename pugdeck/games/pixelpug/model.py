"""What a PixelPug deck is, once its YAML has been checked: frozen, typed, plain."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pugdeck.authoring.deck_files import whole
from pugdeck.games.deck_checks import CheckedDeck

MAIN, TREATS = "main", "treats"
PILES = (MAIN, TREATS)


@dataclass(frozen=True)
class EffectStep:
    """One operation of a card's effect, every parameter explicit (defaults filled in)."""

    op: str
    target: str | None
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)

    def as_json(self) -> dict:
        out: dict = {"op": self.op}
        if self.target is not None:
            out["target"] = self.target
        out.update(self.params)
        return out


@dataclass(frozen=True)
class Card:
    """One card kind as written; `count` physical copies of it exist."""

    id: str
    name: str
    count: int
    points: int
    attack: bool  # red background: Doghouse stops it
    text: str
    effect: tuple[EffectStep, ...]
    pile: str = MAIN
    tags: tuple[str, ...] = ()

    @property
    def target(self) -> str | None:
        """The one target the player chooses when playing it (steps share it), if any."""
        chosen = [s.target for s in self.effect if s.target not in (None, "self")]
        return chosen[0] if chosen else None


@dataclass(frozen=True)
class Rules:
    """The rules text's defaults, overridden by the deck's house rules."""

    players_min: int = 2
    players_max: int = 6
    round_wins: int = 3  # round wins to become the PixelPug Champion
    starting_life: int = 1
    starting_hand: int = 1

    def as_json(self) -> dict:
        return {
            "players": {"min": self.players_min, "max": self.players_max},
            "round_wins": self.round_wins,
            "starting_life": self.starting_life,
            "starting_hand": self.starting_hand,
        }

    @classmethod
    def from_yaml(cls, data: dict | None) -> Rules:
        data = data or {}
        players = data.get("players") or {}
        base = cls()
        return cls(
            players_min=whole(players.get("min", base.players_min)),
            players_max=whole(players.get("max", base.players_max)),
            round_wins=whole(data.get("round_wins", base.round_wins)),
            starting_life=whole(data.get("starting_life", base.starting_life)),
            starting_hand=whole(data.get("starting_hand", base.starting_hand)),
        )


@dataclass(frozen=True)
class Deck(CheckedDeck):
    """A checked PixelPug deck: what it is, its rules and its card kinds (the contract: games/deck_checks.py)."""

    rules: Rules
    cards: tuple[Card, ...]

    def pile(self, name: str) -> tuple[Card, ...]:
        """The card kinds of one pile (main or treats)."""
        return tuple(c for c in self.cards if c.pile == name)

    def physical_count(self, pile: str = MAIN) -> int:
        """Physical cards in one pile, copies counted."""
        return sum(c.count for c in self.pile(pile))
