"""Snap's engine in OpenSpiel's shape, built on pugdeck's engine kit and event log.

A chance step deals the whole deck face down into one pile per seat, round the table. In
turn each seat flips the top card of its pile onto the centre; a card of the same value as
the one under it is a snap: the flipper takes the centre pile. When every pile is flipped,
the most cards taken wins. Nobody knows any face-down card, their own pile's included.
"""

from __future__ import annotations

from pugdeck.games.engine_kit import CHANCE, TERMINAL, Action, IllegalAction
from pugdeck.games.events import Event
from pugdeck.games.rng import Rng

FLIP = Action(type="flip")


class Game:
    def __init__(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>"):
        self.doc, self.players, self.seed = built_doc, players, seed
        self.values = {card["id"]: card["value"] for card in built_doc["cards"]}
        self.ids = sorted(self.values)
        if not 2 <= players <= len(self.ids):
            raise ValueError(f"{source}: Snap is for 2 to {len(self.ids)} players")

    def new_initial_state(self) -> State:
        return State(self)

    def reseeded(self, seed: int) -> Game:
        return Game(self.doc, self.players, seed)

    def deal(self) -> list[list[str]]:
        """The seed's deal: each seat's pile, top card first."""
        order = [self.ids[i] for i in Rng(f"snap/{self.seed}").permutation(len(self.ids))]
        return [order[seat::self.players] for seat in range(self.players)]


class State:
    def __init__(self, game: Game):
        self.game = game
        self.box = list(game.ids)  # before the deal
        self.piles: list[list[str]] = [[] for _ in range(game.players)]  # top card last
        self.centre: list[str] = []
        self.taken: list[list[str]] = [[] for _ in range(game.players)]
        self.current = CHANCE
        self.log: list[dict] = []
        self.events: list[Event] = []

    def current_player(self) -> int:
        return self.current

    def is_terminal(self) -> bool:
        return self.current == TERMINAL

    def legal_actions(self) -> list[dict]:
        if self.current == CHANCE:
            return [{"type": "deal", "piles": self.game.deal()}]
        return [] if self.is_terminal() else [FLIP]

    def apply_action(self, action: dict) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"illegal action {action!r}")
        if action["type"] == "deal":
            piles = [list(pile) for pile in action["piles"]]
            self.box, self.piles = [], [pile[::-1] for pile in piles]
            self.log.append({"type": "deal", "piles": piles})
            self.events.append(Event({"event": "dealt", "piles": [len(p) for p in piles]}))
            self.current = 0
            return
        seat = self.current
        card = self.piles[seat].pop()
        self.centre.append(card)
        self.log.append({"type": "flip"})
        self.events.append(Event({"event": "flip", "seat": seat, "card": card}))
        values = self.game.values
        if len(self.centre) > 1 and values[self.centre[-2]] == values[card]:
            self.events.append(Event({"event": "snap", "seat": seat, "cards": list(self.centre)}))
            self.taken[seat] += self.centre
            self.centre = []
        players = self.game.players
        nxt = next((s % players for s in range(seat + 1, seat + 1 + players) if self.piles[s % players]), None)
        self.current = TERMINAL if nxt is None else nxt

    def history(self) -> list[dict]:
        return [dict(a, piles=[list(p) for p in a["piles"]]) if "piles" in a else dict(a) for a in self.log]

    def scores(self) -> list[int]:
        return [len(won) for won in self.taken]

    def returns(self) -> list[float]:
        best = max(self.scores())
        return [float(self.is_terminal() and score == best) for score in self.scores()]

    def observation(self, player: int) -> dict:
        return {"seat": player, "to_play": self.current, "piles": [len(p) for p in self.piles],
                "centre": list(self.centre), "taken": [list(t) for t in self.taken]}

    def clone(self) -> State:
        other = State.__new__(State)
        other.game, other.current, other.box = self.game, self.current, list(self.box)
        other.piles, other.taken = [list(p) for p in self.piles], [list(t) for t in self.taken]
        other.centre, other.log, other.events = list(self.centre), list(self.log), list(self.events)
        return other

    def __eq__(self, other) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game is other.game and vars(self) == vars(other)

    __hash__ = None
