"""What a Pug You! deck is, once its YAML has been checked: frozen, typed, plain."""

from __future__ import annotations

from dataclasses import dataclass

from pugdeck.authoring.deck_files import whole
from pugdeck.games.deck_checks import CheckedDeck

LEVELS = ("green", "yellow", "red")
LEVEL_DOTS = {"green": 1, "yellow": 2, "red": 3}
# Fields a card needs to be played, by kind; a blank custom has none of them.
PLAY_FIELDS = ("level", "question", "badges", "descriptive", "turds", "thermometer")
# A mutt takes badges away: its descriptive is optional flavour, printed when present.
MUTT_FIELDS = ("question", "turds", "thermometer")
DEFAULT_BREED = {"pug": "pug", "mutt": "healthy-mutt", "custom": "blue-pug"}


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    level: str | None
    question: str | None
    badges: int | None
    descriptive: str | None
    turds: int | None
    thermometer: int | None
    breed: str
    art: str | None = None
    copies: int = 1
    tags: tuple[str, ...] = ()

    @property
    def is_blank(self) -> bool:
        """A blue custom nobody wrote on: printed, never played."""
        return self.kind == "custom" and self.question is None

    @property
    def dots(self) -> int:
        return LEVEL_DOTS.get(self.level, 0) if self.level else 0

    @property
    def color(self) -> str:
        if self.kind == "mutt":
            return "pink"
        if self.kind == "custom":
            return "blue"
        return self.level or "green"


@dataclass(frozen=True)
class Rules:
    """The rulebook's defaults, overridden by the deck's house rules."""

    players_min: int = 5
    players_max: int = 10
    hand_size: int = 5
    large_group_from: int = 8
    large_group_hand_size: int = 4
    nominees: int = 2
    rounds: int = 2
    badge_limit: int | None = None
    mutt_badges: int = -2

    def hand_size_for(self, players: int) -> int:
        return self.large_group_hand_size if players >= self.large_group_from else self.hand_size

    def as_json(self) -> dict:
        return {
            "players": {"min": self.players_min, "max": self.players_max},
            "hand_size": self.hand_size,
            "large_group": {"from_players": self.large_group_from, "hand_size": self.large_group_hand_size},
            "nominees": self.nominees,
            "rounds": self.rounds,
            "badge_limit": self.badge_limit,
            "mutt_badges": self.mutt_badges,
        }

    @classmethod
    def from_yaml(cls, data: dict | None) -> Rules:
        data = data or {}
        players = data.get("players") or {}
        large = data.get("large_group") or {}
        base = cls()
        return cls(
            players_min=whole(players.get("min", base.players_min)),
            players_max=whole(players.get("max", base.players_max)),
            hand_size=whole(data.get("hand_size", base.hand_size)),
            large_group_from=whole(large.get("from_players", base.large_group_from)),
            large_group_hand_size=whole(large.get("hand_size", base.large_group_hand_size)),
            nominees=whole(data.get("nominees", base.nominees)),
            rounds=whole(data.get("rounds", base.rounds)),
            badge_limit=whole(data.get("badge_limit", base.badge_limit)),
            mutt_badges=whole(data.get("mutt_badges", base.mutt_badges)),
        )


@dataclass(frozen=True)
class Deck(CheckedDeck):
    """A checked Pug You! deck: what it is, its rules and its cards (the contract: games/deck_checks.py)."""

    rules: Rules
    cards: tuple[Card, ...]

    @property
    def playable(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if not c.is_blank)

    @property
    def blanks(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.is_blank)
