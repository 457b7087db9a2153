"""High Card's engine in OpenSpiel's shape: `Game.new_initial_state()`, and a `State` with
`legal_actions`, `apply_action`, `observation`, `clone`, `history`, `scores`.

A chance step deals `hand` cards to each seat from the seed's shuffle; then each seat in
turn plays one of its cards face up. The highest card played wins.
"""

from __future__ import annotations

from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.games.rng import Rng

CHANCE, TERMINAL = -1, -4


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is unchanged."""


class Game:
    def __init__(self, built_doc: dict, players: int, seed: int = 0, source: str = "<deck>"):
        self.doc, self.players, self.seed = built_doc, players, seed
        self.hand = built_doc["rules"]["hand"]
        self.values = {card["id"]: card["value"] for card in built_doc["cards"]}
        self.names = {card["id"]: card["name"] for card in built_doc["cards"]}
        self.ids = sorted(self.values)
        if not 2 <= players <= len(self.ids) // self.hand:
            raise DeckError([Diagnostic(source, 1, 1, None, "players", ERROR,
                                        f"High Card with this deck is for 2 to "
                                        f"{len(self.ids) // self.hand} players, not {players}")])

    def new_initial_state(self) -> State:
        return State(self)

    def deal(self) -> list[list[str]]:
        order = [self.ids[i] for i in Rng(f"highcard/{self.seed}").permutation(len(self.ids))]
        return [sorted(order[seat * self.hand:(seat + 1) * self.hand]) for seat in range(self.players)]


class State:
    def __init__(self, game: Game):
        self.game = game
        self.deck = list(game.ids)
        self.hands: list[list[str]] = [[] for _ in range(game.players)]
        self.table: list[str | None] = [None] * game.players
        self.turn = CHANCE
        self.winner: int | None = None
        self.log: list[dict] = []

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.turn

    def is_terminal(self) -> bool:
        return self.winner is not None

    def is_chance_node(self) -> bool:
        return self.turn == CHANCE

    def legal_actions(self) -> list[dict]:
        """The deal at the chance step; else the cards of the seat to play, by id."""
        if self.is_terminal():
            return []
        if self.turn == CHANCE:
            return [{"type": "deal", "hands": self.game.deal()}]
        return [{"type": "play", "card": card} for card in self.hands[self.turn]]

    def apply_action(self, action: dict) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"illegal action {action!r}")
        action = {key: [list(h) for h in value] if key == "hands" else value
                  for key, value in action.items()}
        if action["type"] == "deal":
            for seat, hand in enumerate(action["hands"]):
                self.hands[seat] = list(hand)
                for card in hand:
                    self.deck.remove(card)
            self.turn = 0
        else:
            self.hands[self.turn].remove(action["card"])
            self.table[self.turn] = action["card"]
            self.turn += 1
            if self.turn == self.game.players:
                values = self.game.values
                self.winner = max(range(self.game.players), key=lambda s: values[self.table[s]])
        self.log.append(action)

    apply = apply_action

    def history(self) -> list[dict]:
        return [dict(a, hands=[list(h) for h in a["hands"]]) if "hands" in a else dict(a)
                for a in self.log]

    def scores(self) -> list[int]:
        return [int(seat == self.winner) for seat in range(self.game.players)]

    def returns(self) -> list[float]:
        return [float(score) for score in self.scores()]

    def observation(self, player: int) -> dict:
        """What `player` sees: its own hand, how many cards the others hold, the table."""
        return {"seat": player, "players": self.game.players, "to_play": self.current_player(),
                "hand": list(self.hands[player]), "hand_sizes": [len(h) for h in self.hands],
                "deck_size": len(self.deck), "table": list(self.table), "winner": self.winner}

    def zones(self) -> dict[str, list[str]]:
        out = {"deck": self.deck, "table": [c for c in self.table if c is not None]}
        for seat, hand in enumerate(self.hands):
            out[f"hand/{seat}"] = hand
        return out

    def clone(self) -> State:
        other = State.__new__(State)
        other.game, other.turn, other.winner = self.game, self.turn, self.winner
        other.deck, other.table = list(self.deck), list(self.table)
        other.hands = [list(h) for h in self.hands]
        other.log = self.history()
        return other

    def __eq__(self, other) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (self.game is other.game and self.log == other.log and self.deck == other.deck
                and self.hands == other.hands and self.table == other.table
                and self.turn == other.turn and self.winner == other.winner)

    __hash__ = None


def narrate(game: Game, log: list[dict], labels: list[str] | None = None) -> list[str]:
    """The readable transcript of a logged game, one line a step."""
    labels = labels or ["seat"] * game.players
    state, lines = game.new_initial_state(), []
    for action in log:
        seat = state.current_player()
        state.apply_action(action)
        if action["type"] == "deal":
            lines.append(f"Dealt {game.hand} cards to each of {game.players} players.")
        else:
            lines.append(f"Seat {seat} ({labels[seat]}) plays {game.names[action['card']]}.")
    if state.is_terminal():
        lines.append(f"Seat {state.winner} wins with {game.names[state.table[state.winner]]}.")
    return lines


def simulate(spec, built_doc: dict, counts: list[int], games: int, seed: int, bots: str,
             jobs: int = 1, progress=None, source: str = "<deck>") -> list[dict]:
    """Per player count: how many games were played and the winning card's mean value;
    `progress(1)` after each game. One process: `jobs` never changes the numbers, and a
    game is a handful of steps."""
    from pugdeck.games.bots import play_game  # noqa: PLC0415 (only when simulating)

    rows = []
    for players in counts:
        total = 0
        for index in range(games):
            game = Game(built_doc, players, seed + index, source)
            state = play_game(game, spec.make_bots(bots, game, seed + index))
            total += game.values[state.table[state.winner]]
            if progress is not None:
                progress(1)
        rows.append({"players": players, "games": games, "winning_value": total / games})
    return rows
