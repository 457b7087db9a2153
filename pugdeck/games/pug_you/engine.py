"""The Pug You! engine: a `Game` read from a built deck, and `replay` of an action log.

The shape follows OpenSpiel: `Game(built_doc, players, seed).new_initial_state()` gives a
`State` (see `state.py`) that a frontend drives with `legal_actions()` / `apply_action()`.
The built deck JSON is the engine's only input; it is validated before anything is read.
The rules as the engine reads them are written down in `docs/rules-pug-you.md`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from pugdeck.authoring.texts import Forms, engine_descriptive
from pugdeck.core.built_deck import Built
from pugdeck.games.engine_input import REQUIRED, fail, read_built, read_rules, replay
from pugdeck.games.narration import Words, deck_language
from pugdeck.games.pug_you.actions import ActionTable
from pugdeck.games.pug_you.phases import CHANCE, TERMINAL
from pugdeck.games.pug_you.state import State

__all__ = ["CHANCE", "TERMINAL", "CardInfo", "Game", "Rules", "replay"]  # the engine's API

# The rulebook's values, for a rules block that leaves them out (docs/rules-pug-you.md §1).
DEFAULT_NOMINEES = 2
DEFAULT_ROUNDS = 2
# What the engine can play: (lowest, highest, default). Wider than a deck file may say
# (docs/rules-pug-you.md), narrow enough that a hand-edited deck cannot make a game
# endless or its tables huge (nomination options grow as players choose nominees).
RULE_BOUNDS = {
    "players.min": (1, 20, REQUIRED), "players.max": (1, 20, REQUIRED),
    "hand_size": (1, 10, REQUIRED),
    "large_group.from_players": (1, 20, None), "large_group.hand_size": (1, 10, None),
    "nominees": (1, 4, DEFAULT_NOMINEES), "rounds": (1, 10, DEFAULT_ROUNDS),
    "badge_limit": (1, 100_000, None),
}


@dataclass(frozen=True)
class CardInfo:
    """The fields of one physical card that the engine and its narrators use."""

    id: str
    card: str
    kind: str
    level: str | None
    color: str
    question: str
    badges: int
    descriptive: str | Forms | None  # None: a mutt written without one; Forms: by gender
    turds: int


@dataclass(frozen=True)
class Rules:
    """The rules block of a built deck, resolved for one player count."""

    hand_size: int
    nominees: int
    rounds: int
    badge_limit: int | None


NARRATION = Path(__file__).with_name("narration.yaml")


class Game:
    """One configured game: a built deck, a player count and a seed.

    Cards are numbered in the order of their sorted ids, so the engine works on small ints
    and anything sorted by number is also sorted by id.
    """

    # The fields, declared once: `reseeded` copies them.
    __slots__ = (
        "actions",
        "badges",
        "cards",
        "cards_by_id",
        "doc",
        "forms",
        "hand_size",
        "ids",
        "index",
        "mutts",
        "nomination_options",
        "players",
        "rules",
        "seats_after",
        "seed",
        "source",
        "turds",
        "turns_total",
        "words",
    )

    def __init__(self, deck: Built | dict, players: int, seed: int = 0, source: str = "<deck>"):
        built = read_built(deck, "pug-you", "Pug You!", source)
        self.doc = built.doc
        self.source = source
        self.rules = _read_rules(built, players, source)
        self.cards = tuple(sorted(map(_card, built.cards), key=lambda card: card.id))
        self.players = players
        self.seed = seed
        # A card's number is its place in `cards`; these tables are read by number.
        self.index = {card.id: i for i, card in enumerate(self.cards)}  # id -> number
        self.cards_by_id = {card.id: card for card in self.cards}  # shared by every game's bots
        self.ids = tuple(card.id for card in self.cards)
        self.turds = tuple(card.turds for card in self.cards)
        self.badges = tuple(card.badges for card in self.cards)
        self.mutts = tuple(card.kind == "mutt" for card in self.cards)
        self.hand_size = self.rules.hand_size
        self.turns_total = self.rules.rounds * players
        # Nomination options per active seat, precomputed: they never change during a game.
        self.nomination_options = tuple(
            tuple(combinations([s for s in range(players) if s != active], self.rules.nominees))
            for active in range(players)
        )
        # Seats in turn order starting left of each active player (the active player last).
        self.seats_after = tuple(
            tuple((active + k) % players for k in range(1, players + 1)) for active in range(players)
        )
        self.actions = ActionTable(self)
        # What the transcript and `play --human` say, in the deck's language (narration.yaml).
        self.words = Words(NARRATION, deck_language(built.doc))
        # seat → the form of a descriptive it says ("masculine", "feminine": play --form);
        # a seat not in it says a two-form descriptive as the card prints it
        self.forms: dict[int, str] = {}
        needed = players * self.hand_size
        if len(self.cards) < needed:
            fail(source, "cards", f"the deck has {len(self.cards)} cards; {players} players "
                  f"need at least {needed} to deal {self.hand_size} each")


    def new_initial_state(self) -> State:
        """The state before the first shuffle (a chance node)."""
        return State(self)

    def reseeded(self, seed: int) -> Game:
        """The same game with another seed, without reading the deck again (for simulations)."""
        other = object.__new__(type(self))
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other.seed = seed
        return other

    def card(self, card_id: str) -> CardInfo:
        """The card with id `card_id`."""
        return self.cards[self.index[card_id]]


def _read_rules(built: Built, players: int, source: str) -> Rules:
    rules = read_rules(built, source, RULE_BOUNDS)
    low, high = rules["players.min"], rules["players.max"]
    hand_size, large_from = rules["hand_size"], rules["large_group.from_players"]
    if (large_from is None) != (rules["large_group.hand_size"] is None):
        fail(source, "rules.large_group", "rules.large_group needs both from_players and hand_size")
    if large_from is not None and players >= large_from:
        hand_size = rules["large_group.hand_size"]
    nominees = rules["nominees"]
    if not low <= players <= high:
        fail(source, "players", f"{players} players is outside this deck's range {low}-{high}")
    if nominees > players - 1:
        fail(source, "rules.nominees", f"{nominees} nominees need at least {nominees + 1} players")
    return Rules(hand_size, nominees, rules["rounds"], rules["badge_limit"])


def _card(entry: dict) -> CardInfo:
    """A built card as the engine reads it; the schema (read_built) vouches for its fields."""
    return CardInfo(id=entry["id"], card=entry["card"], kind=entry["kind"], level=entry["level"],
                    color=entry["color"], question=entry["question"], badges=entry["badges"],
                    descriptive=engine_descriptive(entry["descriptive"]), turds=entry["turds"])
