"""The PixelPug engine: a `Game` read from a built deck, and `replay` of an action log.

Same shape as the Pug You! engine (after OpenSpiel): `Game(built_doc, players, seed)`,
`game.new_initial_state()` gives a `State` (`state.py`) that a frontend drives with
`legal_actions()` / `apply_action()`. The built deck is validated before anything is read;
the rules as the engine reads them are in `docs/rules-pixelpug.md`.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

from pugdeck.games.built_input import check_built, fail, replay  # noqa: F401 (replay is part of the engine API)
from pugdeck.games.pixelpug.operations import OPERATIONS, SELF
from pugdeck.games.rng import Rng

CHANCE = -1
"""`current_player()` when the next action is a chance outcome (a round's shuffle and start)."""
TERMINAL = -4
"""`current_player()` once the match is over (OpenSpiel's value)."""
ROUND_LIMIT = 100
"""A match that produced no champion after this many rounds (only possible with house-rule
decks whose rounds always tie) ends without one, so every game terminates."""


@dataclass(frozen=True)
class Step:
    """One effect step as the engine runs it."""

    op: str
    target: str | None
    params: dict

    def get(self, name: str, default=None):
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


class Game:
    """One configured match: a built deck, a player count and a seed.

    Cards are numbered in the order of their sorted ids, so the engine works on small ints and
    anything sorted by number is sorted by id. Card kinds are numbered the same way.
    """

    def __init__(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>"):
        check_built(built_doc, "pixelpug", "PixelPug", source)
        self.doc = built_doc
        self.source = source
        self.rules = _read_rules(built_doc, players, source)
        self.players = players
        self.seed = seed
        self.cards: tuple[CardInfo, ...] = tuple(sorted(
            (_card(entry) for entry in built_doc["cards"]), key=lambda c: c.id))
        self.ids = tuple(c.id for c in self.cards)
        self.index = {card_id: i for i, card_id in enumerate(self.ids)}
        self.kinds = tuple(sorted({c.card for c in self.cards}))
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.kind_of = tuple(self.kind_index[c.card] for c in self.cards)
        self.kind_names = {c.card: c.name for c in self.cards}
        self.points = tuple(c.points for c in self.cards)
        self.main = tuple(i for i, c in enumerate(self.cards) if c.pile == "main")
        self.main_ids = tuple(self.ids[i] for i in self.main)
        self.treats = tuple(i for i, c in enumerate(self.cards) if c.pile == "treats")
        # The kinds whose holder survives losing a last life (Protection).
        self.extra_life = frozenset(self.kind_of[i] for i, c in enumerate(self.cards)
                                    if any(s.op == "extra-life-in-hand" for s in c.effect))
        self.targets = tuple(c.target for c in self.cards)
        self.attack = tuple(c.attack for c in self.cards)
        self.names_kind = tuple(c.names_kind for c in self.cards)
        # Kinds a card may name: guess-card may not name its own kind (else it always hits
        # a player who kept a second copy; the card text says "other than").
        self.nameable = tuple(
            tuple(k for k in self.kinds if not (k == c.card and any(s.op == "guess-card" for s in c.effect)))
            for c in self.cards)
        # Which target group a card chooses from: 0 none, 1 anyone in the round (yourself
        # included), 2 another player, 3 another player not in the Doghouse (red cards),
        # 4 yourself or anyone not in the Doghouse (a red "target player" card).
        self.target_mode = tuple(0 if t is None else (4 if a else 1) if t == "target-player"
                                 else 3 if a else 2 for t, a in zip(self.targets, self.attack))
        # Per situation (State.situation): each seat's target groups and card plays
        # (actions.tables); shared by every state, reseeded copy and replay of this game.
        self.tables: dict[int, tuple] = {}
        # A situation's bits: seat s out of the round, seat s in the Doghouse.
        self.out_bits = tuple(1 << seat for seat in range(players))
        self.doghouse_bits = tuple(1 << (players + seat) for seat in range(players))
        self.play_options: list[dict[tuple, tuple[dict, ...]]] = [{} for _ in self.cards]
        self.parsed_plays: dict[int, tuple] = {}  # id(play dict) → its parsed form
        self.seat_orders = tuple(tuple((first + k) % players for k in range(players))
                                 for first in range(players))  # clockwise from each seat
        self.next_seat = tuple((seat + 1) % players for seat in range(players))  # clockwise
        self.seat_keys = tuple(str(seat) for seat in range(players))  # seats as JSON object keys
        self.saves = tuple(self.kind_of[i] in self.extra_life for i in range(len(self.cards)))
        from pugdeck.games.pixelpug.effects import programs
        from pugdeck.games.pixelpug.state import State  # here: state.py imports this module

        self.programs, self.duels = programs(self)  # per card: its steps, ready to run
        self._state_class = State  # imported once per game, not at every new_initial_state
        self._deals: list[tuple] = []  # see deal()
        self._deal_rng = None  # see deal()
        if len(self.main) < players * self.rules.starting_hand + 1:
            fail(source, "cards", f"the game deck has {len(self.main)} cards; {players} players "
                  f"need {players * self.rules.starting_hand + 1}")

    def new_initial_state(self):
        """The state before the first round's shuffle (a chance node)."""
        return self._state_class(self)

    def reseeded(self, seed: int) -> "Game":
        """The same deck and players with another seed, without validating the deck again."""
        other = Game.__new__(Game)
        fields = self.__dict__.copy()  # a dict copy is one C call; an update inserts each field
        fields["seed"], fields["_deals"], fields["_deal_rng"] = seed, [], None
        other.__dict__ = fields
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
            rng = self._deal_rng
            # A sort by random keys (`Rng.permutation`) rather than `Rng.shuffle`: the same
            # kind of uniform shuffle, done in C instead of a Python loop of swaps. One
            # itemgetter puts both the cards and their ids in that order.
            order = rng.permutation(len(self.main))
            pick = itemgetter(*order) if len(order) > 1 else _short_getter(order)
            deals.append((pick(self.main), rng.below(self.players), pick(self.main_ids)))
        return deals[round_number]

    def card(self, card_id: str) -> CardInfo:
        """A physical card by its id ("nip#2")."""
        return self.cards[self.index[card_id]]


def _short_getter(order: list[int]):
    """What `itemgetter(*order)` is for two indices or more, a tuple of the items in that
    order, for one index or none (itemgetter gives the item itself, or fails)."""
    return lambda items: tuple(items[i] for i in order)


def _read_rules(doc: dict, players: int, source: str) -> Rules:
    rules = doc.get("rules") or {}
    try:
        low, high = int(rules["players"]["min"]), int(rules["players"]["max"])
        parsed = Rules(low, high, int(rules["round_wins"]), int(rules["starting_life"]),
                       int(rules["starting_hand"]))
    except (KeyError, TypeError, ValueError) as error:
        fail(source, "rules", f"the rules block is incomplete or malformed: {error!r}")
    if not low <= players <= high:
        fail(source, "players", f"{players} players is outside this deck's range {low}-{high}")
    if parsed.round_wins < 1 or parsed.starting_life < 1:
        fail(source, "rules", "round_wins and starting_life must be at least 1")
    return parsed


def _card(entry: dict) -> CardInfo:
    steps = tuple(Step(s["op"], s.get("target"), {k: v for k, v in s.items() if k not in ("op", "target")})
                  for s in entry["effect"])
    return CardInfo(id=entry["id"], card=entry["card"], name=entry["name"], points=entry["points"],
                    attack=entry["attack"], pile=entry["pile"], text=entry["text"], effect=steps)
