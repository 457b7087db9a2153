"""Bots that play PixelPug through the public API only: an observation and the legal actions.

A bot never touches a `State`: the driver (`play_game`) hands it `observation(seat)` (or
`None` for bots that don't look, which keeps random playouts fast) and `legal_actions()`.
Card facts (points, what a card does) come from the deck's public card list, like a player
reading a card. Each bot owns a seeded `Rng`, so a match with the same seed plays the same.
"""

from __future__ import annotations

from collections import Counter

from pugdeck.games.bots import RandomBot, play_game, seat_bots  # noqa: F401 (RandomBot, play_game: the bots API)
from pugdeck.games.pixelpug.engine import CardInfo, Game
from pugdeck.games.pixelpug.game import GAME
from pugdeck.games.rng import Rng

BOT_KINDS = ("random", "heuristic")


def known_hands(observation: dict, cards: dict[str, CardInfo]) -> dict[int, set[str]]:
    """Cards this player knows to be in each other hand now, from the round's events it saw.

    A look, a swap or a Stare Down shows a hand; fished cards and Treats change hands in
    public. Plays, discards and eliminations take cards out of what is known.
    """
    known: dict[int, set[str]] = {}
    me = observation["seat"]
    for event in observation["events"]:
        kind = event["event"]
        if kind == "look" and "hand" in event:
            known[event["target"]] = set(event["hand"])
        elif kind in ("swap", "compare"):
            if "hands" in event:
                for seat, hand in event["hands"].items():
                    known[int(seat)] = set(hand)
            elif kind == "swap":
                a, b = event["seat"], event["target"]
                known[a], known[b] = known.get(b, set()), known.get(a, set())
        elif kind == "play":
            known.get(event["seat"], set()).discard(event["card"])
        elif kind in ("discarded", "eliminated"):
            known.pop(event["seat"], None)
        elif kind == "saved":
            known.get(event["seat"], set()).discard(event["card"])
        elif kind == "fish" and event["hit"]:
            known.get(event["target"], set()).discard(event["card"])
            known.setdefault(event["seat"], set()).add(event["card"])
        elif kind == "given":
            known.setdefault(event["seat"], set()).add(event["card"])
    known.pop(me, None)
    return known


class HeuristicBot:
    """A player with a memory and a few habits.

    It remembers every hand it has seen (Sniff, Tug of War, Stare Down) and what changed
    hands in public since; it uses Empty Bowl on a Dog Food holder it knows of (unless it
    knows of their Protection), else on the likeliest holder as the odds and a miss's
    reward say, and Nip on a card it knows; it names the likeliest unseen kind otherwise;
    it keeps Protection, Dog Food and high points in hand, gives draws and Treats to itself
    and plays its Treats (each draws it a card), aims Poop Time at big hands and known
    treasures, starts a Stare Down only with a strong hand, and plays its duels at random
    (any pattern could be read).
    """

    kind = "heuristic"
    wants_observation = True

    def __init__(self, seat: int, seed: int | str, cards: dict[str, CardInfo]):
        self.seat = seat
        self.cards = cards
        self.rng = Rng(f"pixelpug-bot/{seed}/{seat}/heuristic")
        self.count = Counter(c.card for c in cards.values() if c.pile == "main")
        # What an Empty Bowl looks for and what saves a life: worth flushing out of a hand.
        self.precious = {s.get(name) for c in cards.values() for s in c.effect
                         for name in ("card", "unless-holding") if s.op == "guess-holder"} - {None}
        self.precious |= {c.card for c in cards.values() if c.effect[0].op == "extra-life-in-hand"}

    def choose(self, observation: dict, legal: list[dict]) -> dict:
        """The legal action its habits value most (ties broken by its seeded Rng)."""
        if legal[0]["type"] != "play":
            return legal[self.rng.below(len(legal))]
        known = known_hands(observation, self.cards)
        unseen = self._unseen(observation)
        return max(legal, key=lambda a: (self._value(a, observation, known, unseen), self.rng.random()))

    def _unseen(self, obs: dict) -> Counter:
        """Main-pile kinds not in my hand nor on any discard pile: what others may hold."""
        left = Counter(self.count)
        for card_id in obs["hand"] + [c for pile in obs["discards"] for c in pile] + obs["flushed"]:
            left[self.cards[card_id].card] -= 1
        return left

    def _value(self, action: dict, obs: dict, known: dict[int, set[str]], unseen: Counter) -> float:
        card = self.cards[action["card"]]
        op = card.effect[0].op
        target = action.get("target")
        kinds_known = {self.cards[c].card for c in known.get(target, ())} if target is not None else set()
        keep = card.points  # playing a card gives up nothing in points, but keeps fewer options
        if op == "extra-life-in-hand":
            return -10
        if op == "guess-holder":
            step = card.effect[0]
            wanted = step.get("card")
            miss = 4 if step.get("on-miss") == "draw" else -2  # a miss that draws is a Pug
            if target is None:
                return -1
            if wanted in kinds_known and step.get("unless-holding") not in kinds_known:
                return 100  # a known Dog Food holder without a known Protection: the round
            chance = self._holds_chance(obs, known, unseen, target, wanted)
            return chance * 60 + (1 - chance) * miss
        if op == "guess-card":
            if action.get("name") in kinds_known:
                return 50
            if target is None:
                return -3
            return 1 + unseen[action["name"]] / max(1, sum(unseen.values())) * 10
        if op == "fish":
            if action.get("name") in kinds_known:
                return 8 + self._points_of(action["name"])
            return 2 + unseen[action["name"]] / max(1, sum(unseen.values())) * 3
        if op == "compare-hands":
            mine = sum(self.cards[c].points for c in obs["hand"]) - card.points
            return 6 if mine >= 4 else -4
        if op == "rps-duel":
            return -1 if target is not None else 0
        if op in ("draw", "give-from-pile"):
            # A card to yourself (a Treat draws for you: no target to choose), never to others.
            mine = target == self.seat or (target is None and card.effect[0].target == "self")
            return 5 if mine else -5
        if op == "look-at-hand":
            return 4 if target not in known else 1
        if op == "discard-hand-and-draw":
            if target is None:
                return -1
            if card.effect[0].get("discard-to") != "out-of-round":
                return 0  # the hand still counts for them and they draw: it only helps them
            size = obs["hand_sizes"][target]
            known_points = sum(self._points_of(k) for k in kinds_known)
            return 1 + 1.5 * max(0, size - 1) + known_points / 2 + 3 * bool(kinds_known & self.precious)
        if op == "swap-hands":
            theirs = sum(self._points_of(k) for k in kinds_known)
            holding = any(self.cards[c].card == "dog-food" for c in obs["hand"])
            return 5 if holding or theirs > 4 else -2
        if op == "protection-until-next-turn":
            return 3
        return 1 - keep  # no effect: play the cheapest

    def _holds_chance(self, obs: dict, known: dict[int, set[str]], unseen: Counter, target: int,
                      wanted: str) -> float:
        """The chance `target` holds a `wanted` card now: 0 when every copy is in sight, else
        their share of the cards I cannot see (their hand against the deck and other hands)."""
        if unseen[wanted] <= 0:
            return 0.0
        hidden = obs["deck_size"] + sum(size for seat, size in enumerate(obs["hand_sizes"])
                                        if seat != self.seat)
        return min(1.0, unseen[wanted] * obs["hand_sizes"][target] / max(1, hidden))

    def _points_of(self, kind: str) -> int:
        return next(c.points for c in self.cards.values() if c.card == kind)


def make_bots(spec: str | list[str], game: Game, seed: int | str) -> list:
    """Bots for every seat from a comma list such as "random,heuristic" (cycled over seats)."""
    cards = {card.id: card for card in game.cards}
    return seat_bots(spec, game.players, {
        "random": lambda seat: RandomBot(seat, seed, GAME.id),
        "heuristic": lambda seat: HeuristicBot(seat, seed, cards),
    })
