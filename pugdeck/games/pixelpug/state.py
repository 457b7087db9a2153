"""The PixelPug game state: a state machine driven by one action at a time.

A match is rounds; a round is turns; a turn is "draw one (automatic), play one" (the rules
are docs/rules-pixelpug.md). Internally a card is an int (its place in `Game.cards`) and
every zone is a list of ints, hands kept sorted; dicts appear only at the API edge
(`actions.py`). Every card is always in exactly one place: the deck, the main pile between
rounds, the Treat pile, a hand, a discard pile or out of the round (`flushed`, Poop Time's
discards); `zones()` lists them, the tests check it.
"""

from __future__ import annotations

import copy
from bisect import insort
from typing import TYPE_CHECKING

from pugdeck.games.engine_kit import EngineState, same_game
from pugdeck.games.events import Event
from pugdeck.games.pixelpug import actions, effects
from pugdeck.games.pixelpug.actions import IllegalAction
from pugdeck.games.pixelpug.observation import observe
from pugdeck.games.pixelpug.phases import (
    CHANCE,
    DEAL,
    ELIMINATION,
    OVER,
    PLAY,
    POINTS,
    ROUND_LIMIT,
    RPS,
    TERMINAL,
    TIE,
)

if TYPE_CHECKING:
    from pugdeck.games.pixelpug.engine import Game

_new_event = tuple.__new__

__all__ = ["IllegalAction", "State"]  # IllegalAction: where callers have always imported it


class State(EngineState):
    """Everything on the table, the events each player saw, and the action log."""

    def __init__(self, game: Game):
        self.game = game
        self.phase, self.current = DEAL, CHANCE
        self.round = 0  # rounds started
        self.round_wins = [0] * game.players
        self.results: list[dict] = []  # one per finished round
        # The match's events, with who sees their private parts (games/events.py).
        self.events: list[Event] = []
        self.round_events_from = 0  # where this round's events start
        self.log: list[dict] = []  # the actions applied, as the engine's own copies
        # A card played at another player, until it has done all it does (a duel's waits for
        # its choices): (seat, card, target, a copy of the target's hand and the size of
        # their discard pile before), for the `resolved` event.
        self.aimed: tuple[int, int, int, list[int], int] | None = None
        self.offered: dict = {}  # card id → what legal_actions() listed here, until the next action (actions.parse)
        self._clear_table()

    def _clear_table(self) -> None:
        """The table before a round's deal: the main pile in its box, the Treats aside."""
        g, n = self.game, self.game.players
        self.box: list[int] = list(g.main)  # main-pile cards between rounds, in id order
        self.deck: list[int] = []  # top card at the end, so drawing is pop()
        self.treats: list[int] = list(g.treats)
        self.flushed: list[int] = []  # discarded out of the round (Poop Time), face up
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.revealed: list[list[int]] = [[] for _ in range(n)]  # the hand shown on going out
        self.lives = [g.rules.starting_life] * n
        self.alive = [True] * n
        self.doghouse = [False] * n
        self.active = 0  # whose turn it is (`current` is who acts: in a duel, maybe another seat)
        self.turn = 0  # turns started this round
        self.rps: list = []  # [attacker, defender, attacker's choice, card] while a duel is on
        self.round_winner: int | None = None
        self.round_how = ""  # how the round was decided; "" while it is on

    # --- the OpenSpiel-style API -------------------------------------------------------

    def legal_actions(self) -> list[dict]:
        """Every legal action as a new JSON-able dict, sorted and unique; [] when over."""
        return actions.legal_actions(self)

    def apply_action(self, action: dict) -> None:
        """Play one action. An illegal one raises `IllegalAction` and changes nothing.

        The action is checked and copied before anything changes, so the log holds exactly
        what was played, whatever the caller does with its dict afterwards."""
        args, logged = actions.parse(self, action)
        self.offered = {}
        self.log.append(logged)
        if self.phase == PLAY:
            card, target, kind = args  # not `*args`: a call with it is not inlined (Python 3.11)
            self.do_play(card, target, kind)
        elif self.phase == RPS:
            self.do_rps(*args)
        else:
            self.do_deal(*args)

    def history(self) -> list[dict]:
        """The action log (fresh copies); `engine.replay(game, history)` rebuilds an equal state."""
        return [{**a, "order": list(a["order"])} if a["type"] == DEAL else dict(a) for a in self.log]

    def scores(self) -> list[int]:
        """Round wins per seat."""
        return list(self.round_wins)

    def returns(self) -> list[float]:
        """OpenSpiel's utilities: 1 for the champion, 0 for everyone else (all 0 until the end)."""
        champion = self.champion() if self.phase == OVER else None
        return [1.0 if seat == champion else 0.0 for seat in range(self.game.players)]

    def champion(self) -> int | None:
        """The seat that reached the round wins needed, once the match is over."""
        need = self.game.rules.round_wins
        return next((s for s, w in enumerate(self.round_wins) if w >= need), None)

    def points(self, seat: int) -> int:
        """Points in `seat`'s hand and discard pile (what counts when the deck runs out)."""
        points = self.game.points
        return _total(points, self.hands[seat]) + _total(points, self.discards[seat])

    def observation(self, player: int) -> dict:
        """What `player` may see; other hands and the deck order stay hidden."""
        return observe(self, player)

    def zones(self) -> dict[str, list[int]]:
        """Every place a card can be, by name (for invariants and debugging)."""
        out = {"deck": self.deck, "box": self.box, "treats": self.treats, "flushed": self.flushed}
        for seat in range(self.game.players):
            out[f"hand/{seat}"] = self.hands[seat]
            out[f"discard/{seat}"] = self.discards[seat]
        return out

    def clone(self) -> State:
        """An independent copy: changing one never changes the other.

        Events, results and logged actions are never changed once recorded, so the copy
        shares them; every list that changes is copied."""
        other = copy.copy(self)
        for name in ("round_wins", "results", "events", "log", "box", "deck",
                     "treats", "flushed", "lives", "alive", "doghouse", "rps"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("hands", "discards", "revealed"):
            setattr(other, name, [list(pile) for pile in getattr(self, name)])
        return other

    def __eq__(self, other: object) -> bool:
        """The same game (`engine_kit.same_game`) and the same position; equal histories
        give equal states."""
        if not isinstance(other, State):
            return NotImplemented
        mine, theirs = vars(self), vars(other)
        return same_game(self.game, other.game) and mine.keys() == theirs.keys() and all(
            mine[name] == theirs[name] for name in mine if name not in ("game", "offered"))

    __hash__ = None

    # --- what the effects call (effects.py) -------------------------------------------

    def announce(self, public: dict) -> None:
        """Record an event every player sees (`Event(public)`, made in one C call: several
        a move)."""
        self.events.append(_new_event(Event, (public, None, None)))

    def tell(self, seen_by: tuple[int, ...], public: dict, private: dict) -> None:
        """Record an event everyone sees as `public`, and the seats `seen_by` with the
        fields of `private` too."""
        self.events.append(Event(public, private, frozenset(seen_by)))

    def draw(self, seat: int) -> int | None:
        """`seat` draws the top card, if there is one."""
        if not self.deck:
            return None
        card = self.deck.pop()
        insort(self.hands[seat], card)
        return card

    def lose_life(self, seat: int, amount: int, cause: int) -> None:
        """`seat` loses lives to card `cause`; Protection in hand saves a last life, once each."""
        g = self.game
        self.lives[seat] -= amount
        # The life is lost first, then Protection gives it back: told in that order.
        self.announce({"event": "life", "seat": seat, "lives": max(self.lives[seat], 0)})
        while self.lives[seat] <= 0:
            saver = next((c for c in self.hands[seat] if g.kind_of[c] in g.extra_life), None)
            if saver is None:
                break  # nothing left to save them
            self.hands[seat].remove(saver)
            self.discards[seat].append(saver)
            self.lives[seat] += 1
            self.announce({"event": "saved", "seat": seat, "card": g.ids[saver], "lives": self.lives[seat]})
        if self.lives[seat] <= 0:
            self.eliminate(seat, cause)

    def eliminate(self, seat: int, cause: int) -> None:
        """Out of the round: the hand goes face up onto the seat's discard pile."""
        g = self.game
        self.alive[seat] = False
        self.lives[seat] = 0
        hand = self.hands[seat]
        self.revealed[seat] = list(hand)
        self.discards[seat].extend(hand)
        self.hands[seat] = []
        self.announce({"event": "eliminated", "seat": seat, "by": g.ids[cause],
                       "hand": effects.card_ids(g, hand)})
        if self.alive.count(True) == 1:
            self.win_round(self.alive.index(True), ELIMINATION)

    def win_round(self, seat: int | None, how: str) -> None:
        """Decide the round; the rest of the action's effects are skipped (`round_how` is set)."""
        if self.round_how:
            return  # already decided within this action
        g = self.game
        self.round_winner, self.round_how = seat, how
        if seat is not None:
            self.round_wins[seat] += 1
        # Out of the round: no points, and the hand they showed on going out.
        points = [self.points(s) if self.alive[s] else None for s in range(g.players)]
        hands = [effects.card_ids(g, self.hands[s] if self.alive[s] else self.revealed[s])
                 for s in range(g.players)]
        self.results.append({"round": self.round, "winner": seat, "how": how, "turns": self.turn,
                             "points": points, "hands": hands})
        self.announce({"event": "round-over", "winner": seat, "how": how})

    # --- transitions (called by apply_action, arguments already checked) ---------------

    def do_deal(self, order: list[int], first: int) -> None:
        """Shuffle the main pile into the deck (`order`, top first), deal the starting hands
        clockwise from `first`, start `first`'s turn."""
        n = self.game.players
        self.box = []
        self.deck = list(reversed(order))
        self.round_events_from = len(self.events)
        for _ in range(self.game.rules.starting_hand):
            for seat in range(first, first + n):
                self.draw(seat % n)
        self.announce({"event": "round", "round": self.round, "first": first})
        self._start_turn(first)

    def do_play(self, card: int, target: int | None, kind: int | None) -> None:
        """The current player plays `card` onto their discard pile, at `target`, naming `kind`."""
        seat, g = self.current, self.game
        hand = self.hands[seat]
        public = {"event": "play", "seat": seat, "card": g.ids[card]}
        if target is not None:
            public["target"] = target
        if kind is not None:
            public["name"] = g.kinds[kind]
        # The hand it was played from is private to nobody: the log's (`Event.full()`: the
        # omniscient narrator, simulate's statistics); its owner sees it in the observation.
        self.events.append(_new_event(Event, (public, {"hand": effects.card_ids(g, hand)}, None)))
        hand.remove(card)
        self.discards[seat].append(card)
        if target is None and g.targets[card] is not None:
            self.announce({"event": "no-target", "seat": seat})  # played without effect
        elif target is None or target == seat:
            effects.play_card(self, seat, target, card, kind)
        else:
            self.aimed = (seat, card, target, self.hands[target][:], len(self.discards[target]))
            effects.play_card(self, seat, target, card, kind)
        self._end_of_action()

    def do_rps(self, choice: str) -> None:
        """A secret duel choice: the attacker's first, then the defender's settles the duel."""
        attacker, defender, first_choice, card = self.rps
        if self.current == attacker:
            self.rps[2] = choice
            self.current = defender
            return
        self.rps = []
        self.phase = PLAY
        effects.finish_duel(self, card, attacker, defender, first_choice, choice)
        self._end_of_action()

    # --- the steps of a round ---------------------------------------------------------

    def _end_of_action(self) -> None:
        """After a play or a duel: wait for a duel, close a decided round, or end the turn."""
        if self.phase == RPS:
            return
        if not (self.round_how or self.deck):
            self._score_points()  # the deck ran out
        if self.aimed is not None:
            seat, card, target, hand_before, discards_before = self.aimed
            self.aimed = None
            # It has done all it does: what it did to the target's points (hand and discard
            # pile; None when it ended the round) is private to nobody, as their hand is. A
            # discard pile only grows within a round, so only its new cards are counted, and
            # nothing is counted when neither changed (a look, a miss, a life lost).
            hand, discards = self.hands[target], self.discards[target]
            if self.round_how:
                change = None
            elif len(discards) == discards_before and hand == hand_before:
                change = 0
            else:
                points = self.game.points
                change = _total(points, hand) + _total(points, discards[discards_before:]) - _total(points, hand_before)
            self.events.append(_new_event(Event, (
                {"event": "resolved", "seat": seat, "card": self.game.ids[card], "target": target},
                {"points_change": change}, None)))
        if not self.round_how:
            self._start_turn(self._next_seat())
            return
        winner = self.round_winner
        if ((winner is not None and self.round_wins[winner] >= self.game.rules.round_wins)
                or self.round >= ROUND_LIMIT):
            self.phase, self.current = OVER, TERMINAL
        else:
            self.round += 1
            self._clear_table()
            self.phase, self.current = DEAL, CHANCE

    def _next_seat(self) -> int:
        """The next player clockwise (the next seat number) still in the round."""
        n = self.game.players
        seat = (self.active + 1) % n
        while not self.alive[seat]:
            seat = (seat + 1) % n
        return seat

    def _start_turn(self, seat: int) -> None:
        self.active = seat
        self.turn += 1
        self.doghouse[seat] = False  # Doghouse lasts until your next turn
        self.draw(seat)  # never from an empty deck: the round ends with the deck
        self.phase, self.current = PLAY, seat

    def _score_points(self) -> None:
        """The deck ran out: most points among players still in wins; a tie wins nobody."""
        totals = {s: self.points(s) for s in range(self.game.players) if self.alive[s]}
        best = max(totals.values())
        top = [s for s, points in totals.items() if points == best]
        self.win_round(top[0] if len(top) == 1 else None, POINTS if len(top) == 1 else TIE)


def _total(points: tuple[int, ...], cards: list[int]) -> int:
    """The points of `cards`: a plain loop, cheaper than `sum(map(points.__getitem__, cards))`
    (a C call per card) or a comprehension for the few cards of a hand."""
    total = 0
    for card in cards:
        total += points[card]
    return total
