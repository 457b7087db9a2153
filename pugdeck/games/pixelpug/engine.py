"""The PixelPug engine: a `Game` read from a built deck, and `replay` of an action log.

Same shape as the Pug You! engine (after OpenSpiel): `Game(built_doc, players, seed)`,
`game.new_initial_state()` gives a `State` (`state.py`) that a frontend drives with
`legal_actions()` / `apply_action()`. The built deck is validated before anything is read;
the rules as the engine reads them are in `docs/rules-pixelpug.md`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pugdeck.core.built_deck import Built
from pugdeck.games.engine_input import REQUIRED, fail, read_built, read_rules, replay
from pugdeck.games.narration import Words, deck_language
from pugdeck.games.pixelpug.effect_rules import effect_problems
from pugdeck.games.pixelpug.effects import programs
from pugdeck.games.pixelpug.operations import OPERATIONS, SELF, TARGET_PLAYER
from pugdeck.games.pixelpug.phases import CHANCE, ROUND_LIMIT, TERMINAL
from pugdeck.games.pixelpug.state import State
from pugdeck.games.rng import Rng

# Part of the engine's API (docs/rules-pixelpug.md, "Driving the engine"), defined elsewhere.
__all__ = ["CHANCE", "ROUND_LIMIT", "TERMINAL", "CardInfo", "Game", "Rules", "Step", "replay"]


# What the engine can play, (lowest, highest, default), in the order of `Rules`' fields:
# the bounds a deck file may give them (docs/rules-pixelpug.md), so a hand-edited built
# deck cannot ask for a match without end.
RULE_BOUNDS = {
    "players.min": (2, 8, REQUIRED), "players.max": (2, 8, REQUIRED), "round_wins": (1, 10, REQUIRED),
    "starting_life": (1, 5, REQUIRED), "starting_hand": (0, 5, REQUIRED),
}


@dataclass(frozen=True)
class Step:
    """One effect step as the engine runs it."""

    op: str
    target: str | None
    params: dict

    def get(self, name: str, default: object = None) -> object:
        """The parameter `name`, or `default` when the step does not set it."""
        return self.params.get(name, default)


@dataclass(frozen=True)
class CardInfo:
    """One physical card: what the engine and the narrators need of it."""

    id: str
    card: str  # its kind's id
    name: str
    points: int
    attack: bool
    pile: str
    text: str
    effect: tuple[Step, ...]

    @property
    def target(self) -> str | None:
        """The target the player chooses when playing it (its steps share one), if any."""
        return next((s.target for s in self.effect if s.target not in (None, SELF)), None)

    @property
    def names_kind(self) -> bool:
        """Whether playing it names a card kind (Go Fisch, Nip)."""
        return any(OPERATIONS[s.op].chooses_kind for s in self.effect)


@dataclass(frozen=True)
class Rules:
    """The rules block of a built deck."""

    players_min: int
    players_max: int
    round_wins: int
    starting_life: int
    starting_hand: int


NARRATION = Path(__file__).with_name("narration.yaml")


class Game:
    """One configured match: a built deck, a player count and a seed.

    Cards are numbered in the order of their sorted ids, so the engine works on small ints and
    anything sorted by number is sorted by id. Card kinds are numbered the same way.
    """

    # Slots, not a __dict__: `reseeded` copies them one by one, so every copy reads its tables
    # as fast as the first (a `copy.copy` holds them in a dict of its own, which Python 3.11
    # reads several times slower: every `game.x` of the engine's loop).
    __slots__ = ("doc", "source", "rules", "players", "seed", "cards", "ids", "index", "kinds", "kind_index",
                 "kind_of", "kind_names", "words", "points", "main", "treats", "extra_life", "targets",
                 "allowed_targets", "attack", "names_kind", "nameable", "programs", "duels", "plays",
                 "_deals", "_deal_rng")

    def __init__(self, deck: Built | dict, players: int, seed: int = 0, source: str = "<deck>"):
        built = read_built(deck, "pixelpug", "PixelPug", source)
        self.doc = built.doc
        self.source = source
        self.rules = _read_rules(built, players, source)
        self.players = players
        self.seed = seed
        self.cards: tuple[CardInfo, ...] = tuple(sorted(map(_card, built.cards), key=lambda c: c.id))
        _check_effects(self.cards, source)
        self.ids = tuple(c.id for c in self.cards)
        self.index = {card_id: i for i, card_id in enumerate(self.ids)}
        self.kinds = tuple(sorted({c.card for c in self.cards}))
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.kind_of = tuple(self.kind_index[c.card] for c in self.cards)
        self.kind_names = {c.card: c.name for c in self.cards}
        # What the transcript and `play --human` say, in the deck's language (narration.yaml).
        self.words = Words(NARRATION, deck_language(built.doc))
        self.points = tuple(c.points for c in self.cards)
        self.main = tuple(i for i, c in enumerate(self.cards) if c.pile == "main")
        self.treats = tuple(i for i, c in enumerate(self.cards) if c.pile == "treats")
        # The kinds whose holder survives losing a last life (Protection).
        self.extra_life = frozenset(self.kind_of[i] for i, c in enumerate(self.cards)
                                    if any(s.op == "extra-life-in-hand" for s in c.effect))
        self.targets = tuple(c.target for c in self.cards)  # what each card chooses, if anyone
        # Per card, per seat playing it: the seats its target word allows, before who is
        # out or in the Doghouse counts (actions.valid_targets).
        self.allowed_targets = tuple(tuple(_allowed_targets(chooses, seat, players) for seat in range(players))
                                     for chooses in self.targets)
        self.attack = tuple(c.attack for c in self.cards)
        self.names_kind = tuple(c.names_kind for c in self.cards)
        # Kinds a card may name: guess-card may not name its own kind (else it always hits
        # a player who kept a second copy; the card text says "other than"), nor a kind of
        # a set-aside pile (the Treats: handed out in public, so naming one is a sure hit).
        aside = {c.card for c in self.cards if c.pile != "main"}
        self.nameable = tuple(
            tuple(k for k in self.kinds
                  if not ((k == c.card or k in aside) and any(s.op == "guess-card" for s in c.effect)))
            for c in self.cards)
        self.programs, self.duels = programs(self)  # per card: its steps, ready to run
        # (card, its valid targets) → its plays, read-only (actions.play_actions); shared by
        # every state, reseeded copy and replay of this game.
        self.plays: dict[tuple[int, tuple[int, ...]], tuple] = {}
        self._deals: list[tuple] = []  # see deal()
        self._deal_rng: Rng | None = None  # see deal()
        if len(self.main) < players * self.rules.starting_hand + 1:
            fail(source, "cards", f"the game deck has {len(self.main)} cards; {players} players "
                  f"need {players * self.rules.starting_hand + 1}")

    def new_initial_state(self) -> State:
        """The state before the first round's shuffle (a chance node)."""
        return State(self)

    def reseeded(self, seed: int) -> Game:
        """The same deck and players with another seed, without validating the deck again."""
        other = object.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other.seed, other._deals, other._deal_rng = seed, [], None
        return other

    def deal(self, round_number: int) -> tuple[tuple[int, ...], int, tuple[str, ...]]:
        """Round `round_number`'s shuffle of the game deck (top first), first player, and the
        shuffle as card ids.

        A match's deals come from one stream, seeded once by the game's seed and read only
        here, round after round in order; so a deal depends on nothing a bot or a clone could
        disturb, and each is drawn once per game and shared by every state, clone and replay
        of it. (Seeding a generator from a string costs as much as a round of play, so it is
        done once a match rather than once a round.)
        """
        deals = self._deals
        while len(deals) <= round_number:
            if self._deal_rng is None:
                self._deal_rng = Rng(f"pixelpug/{self.seed}/deals")
            # A sort by random keys (`Rng.permutation`): a uniform shuffle.
            order = self._deal_rng.permutation(len(self.main))
            cards = tuple([self.main[i] for i in order])
            first = self._deal_rng.below(self.players)
            deals.append((cards, first, tuple([self.ids[c] for c in cards])))
        return deals[round_number]

    def card(self, card_id: str) -> CardInfo:
        """A physical card by its id ("nip#2")."""
        return self.cards[self.index[card_id]]


def _allowed_targets(chooses: str | None, seat: int, players: int) -> tuple[int, ...]:
    """The seats the target word `chooses` lets `seat` choose, in seat order: everyone for
    `target-player`, the others for `opponent`, nobody for a card that chooses nobody."""
    if chooses is None:
        return ()
    return tuple(s for s in range(players) if chooses == TARGET_PLAYER or s != seat)


def _read_rules(built: Built, players: int, source: str) -> Rules:
    parsed = Rules(*read_rules(built, source, RULE_BOUNDS).values())
    if not parsed.players_min <= players <= parsed.players_max:
        fail(source, "players", f"{players} players is outside this deck's range "
             f"{parsed.players_min}-{parsed.players_max}")
    return parsed


def _check_effects(cards: tuple[CardInfo, ...], source: str) -> None:
    """The effect rules a deck file is held to (effect_rules.py), on a built deck's cards:
    a hand-edited built deck skips `validate`, and a step without its target would have a
    card act on nobody. The first problem is the error."""
    kinds = {card.card for card in cards}
    for card in cards:
        steps = [{"op": s.op, **({} if s.target is None else {"target": s.target}), **s.params}
                 for s in card.effect]
        for problem in effect_problems(steps, kinds):
            where = "/".join(str(part) for part in problem.path[:2])
            fail(source, where, f"{where}: {problem.message}", card=card.id)


def _card(entry: dict) -> CardInfo:
    steps = tuple(Step(s["op"], s.get("target"), {k: v for k, v in s.items() if k not in ("op", "target")})
                  for s in entry["effect"])
    return CardInfo(id=entry["id"], card=entry["card"], name=entry["name"], points=entry["points"],
                    attack=entry["attack"], pile=entry["pile"], text=entry["text"], effect=steps)
