"""The PixelPug game state: a state machine driven by one action at a time.

A match is rounds; a round is turns; a turn is "draw one (automatic), play one". Internally
a card is an int (its place in `Game.cards`) and every zone is a list of ints; dicts appear
only at the API edge. Every card is always in exactly one place: the deck, the Treat pile,
a hand or a discard pile (`zones()` lists them, the tests check it).
"""

from __future__ import annotations

from bisect import insort

from pugdeck.games.pixelpug import actions as act
from pugdeck.games.pixelpug import effects
from pugdeck.games.pixelpug.engine import CHANCE, ROUND_LIMIT, TERMINAL, Game

# Phases; the names are what `observation()["phase"]` reports.
DEAL, PLAY, RPS, OVER = range(4)
PHASE_NAMES = ("deal", "play", "rps", "over")
# How a round was won (or not), as reported by `results` and the statistics.
ELIMINATION, DOG_FOOD, POINTS, TIE = "elimination", "dog-food", "points", "tie"
assert (effects.RPS_PHASE, effects.DOG_FOOD) == (RPS, DOG_FOOD)  # effects.py keeps copies



_NOT_OFFERED = (None, None, None, None)  # apply_action: not a play legal_actions() offered


class IllegalAction(ValueError):
    """An action that is not legal here; the state is left unchanged."""


class State:
    """Everything on the table, the events each player saw, and the action log."""

    # Fields in slots: a slot is the cheapest attribute to read and write, and every action
    # reads a dozen of them.
    __slots__ = ("game", "phase", "cur", "round", "round_wins", "results", "deck", "treats",
                 "hands", "discards", "box", "lives", "alive", "doghouse", "situation",
                 "targets_cache", "revealed", "active", "turn", "rps", "round_winner",
                 "round_how", "events", "round_events_from", "eliminations", "log", "offered_deal")

    def __init__(self, game: Game):
        g = self.game = game
        n = g.players
        self.phase, self.cur = DEAL, CHANCE
        self.round = 0  # rounds started
        self.round_wins = [0] * n
        self.results: list[dict] = []  # one per finished round
        self.deck: list[int] = []  # top card at the end, so drawing is pop()
        self.treats: list[int] = list(g.treats)
        # Per seat: hand, discard pile, and the hand shown on going out.
        self.hands, self.discards, self.revealed = _empty_piles(n)
        self.box: list[int] = list(g.main)  # main-pile cards between rounds, before the shuffle
        self.lives = [g.rules.starting_life] * n
        self.alive = [True] * n
        self.doghouse = [False] * n
        # `alive` and `doghouse` as one int (bits: Game.out_bits, Game.doghouse_bits), kept
        # alongside them to look up the tables of the situation (actions.tables).
        self.situation = 0
        self.targets_cache: tuple | None = None  # each seat's actions.Table now (see actions.tables)
        self.active = 0
        self.turn = 0  # turns started this round
        self.rps: list = []  # [attacker, defender, attacker's choice, card] while a duel is on
        self.round_winner: int | None = None
        self.round_how = ""
        # The match's events: (seats who see `private`, public dict, private dict or None),
        # or for a play, the most common event, a bare (seat, card, target, named kind)
        # tuple that everyone sees (see observation.py).
        self.events: list[tuple] = []
        self.round_events_from = 0  # where this round's events start
        self.eliminations: list[tuple[int, int, str]] = []  # (round, seat, card kind) of the match
        self.log: list[dict] = []
        self.offered_deal = None  # the deal legal_actions() offered (see apply_action)

    # --- the OpenSpiel-style API -------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, `CHANCE` before a round's deal, `TERMINAL` once the match is over."""
        return self.cur

    def is_terminal(self) -> bool:
        """Whether the match is over (someone is champion)."""
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        """Whether the next action is a chance outcome (a round's deal)."""
        return self.cur == CHANCE

    def legal_actions(self) -> list[dict]:
        """Every legal action as a small JSON-able dict, sorted and unique; [] when over."""
        if self.phase == PLAY:  # the common case, inlined: hands are sorted, so the plays are
            cur = self.cur
            plays = (self.targets_cache or act.tables(self))[cur].plays
            out: list[dict] = []
            for card in self.hands[cur]:
                out += plays[card]
            return out
        return act.legal_actions(self)

    def apply_action(self, action: dict) -> None:
        """Play one action. An illegal one raises `IllegalAction` and changes nothing."""
        phase = self.phase
        if phase == PLAY:
            seat, g = self.cur, self.game
            hand = self.hands[seat]
            # A play dict legal_actions() handed out (kept for the game's life, so the id is
            # its own) is legal if the seat's table still offers it and the card is in hand
            # (taking it out of the hand is that check); it is logged as it is, since
            # legal_actions' dicts are never changed.
            card, target, kind, offered = g.parsed_plays.get(id(action), _NOT_OFFERED)
            if offered is not None and (
                    self.targets_cache or act.tables(self))[seat].plays[card] is offered:
                try:
                    hand.remove(card)
                except ValueError:  # offered at an earlier turn: parse says why it is illegal
                    offered = None
            else:
                offered = None
            if offered is None:
                (card, target, kind), action = act.parse(self, action)
                hand.remove(card)
            self.log.append(action)
            # The play itself, here rather than in a method of its own as nearly every action
            # is one: `card` (at `target`, naming `kind`) goes onto the seat's discards.
            self.discards[seat].append(card)
            # A play is the most common event: kept as a tuple, made a dict only when observed.
            self.events.append((seat, card, target, kind))
            if target is None and g.target_mode[card]:
                # No valid target: the card is played without effect.
                self.events.append((None, {"event": "no-target", "seat": seat}, None))
            else:
                run, on_self, arg = g.programs[card]  # see effects.programs
                run(self, seat, seat if on_self else target, card, kind, arg)
            deck = self.deck
            if self.phase == PLAY and deck and not self.round_how:
                # The common end of an action (_end_of_action, then _start_turn) inlined, as it
                # follows nearly every play: the turn passes to the next player still in the round.
                after, alive = g.next_seat, self.alive
                seat = after[self.active]
                while not alive[seat]:
                    seat = after[seat]
                self.active = self.cur = seat
                self.turn += 1
                if self.doghouse[seat]:  # Doghouse lasts until your next turn
                    self.doghouse[seat] = False
                    self.situation &= ~g.doghouse_bits[seat]
                    self.targets_cache = None
                insort(self.hands[seat], deck.pop())
            else:
                self._end_of_action()
            return
        if phase == RPS:
            choice = act.RPS_BY_ID.get(id(action))  # the engine's own duel choices, by identity
            if choice is None:
                (choice,), action = act.parse(self, action)
            self.log.append(action)
            self.do_rps(choice)
            return
        offered = self.offered_deal
        if (phase == DEAL and offered is not None and action is offered[0]
                and offered[3] == self.round and action == offered[1]):
            # The deal legal_actions() offered this round, unchanged since: its copy is logged.
            action = offered[1]
            order, first = offered[2], action["first"]
        else:
            (order, first), action = act.parse(self, action)  # raises once the match is over
        self.log.append(action)
        self.do_deal(order, first)

    apply = apply_action  # DESIGN.md §6 spells it `apply`

    def history(self) -> list[dict]:
        """The action log (fresh copies); `engine.replay(game, history)` rebuilds an equal state."""
        return [{**a, "order": list(a["order"])} if a["type"] == "deal" else dict(a) for a in self.log]

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
        pts, total = self.game.points, 0
        for card in self.hands[seat]:
            total += pts[card]
        for card in self.discards[seat]:
            total += pts[card]
        return total

    def observation(self, player: int) -> dict:
        """What `player` may see; other hands and the deck order stay hidden."""
        from pugdeck.games.pixelpug.observation import observe

        return observe(self, player)

    def zones(self) -> dict[str, list[int]]:
        """Every place a card can be, by name (for invariants and debugging)."""
        out = {"deck": self.deck, "box": self.box, "treats": self.treats}
        for seat in range(self.game.players):
            out[f"hand/{seat}"] = self.hands[seat]
            out[f"discard/{seat}"] = self.discards[seat]
        return out

    def clone(self) -> "State":
        """An independent copy: changing one never changes the other."""
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        for name in ("round_wins", "results", "deck", "treats", "box", "lives", "alive",
                     "doghouse", "rps", "events", "eliminations", "log"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.discards = [list(d) for d in self.discards]
        other.revealed = [list(r) for r in self.revealed]
        return other

    def __eq__(self, other) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        mine = [getattr(self, name) for name in _COMPARED]
        theirs = [getattr(other, name) for name in _COMPARED]
        return self.game is other.game and mine == theirs

    __hash__ = None

    # --- transitions (called by apply_action, arguments already checked) ---------------

    def do_deal(self, order, first: int) -> None:
        """Shuffle the main pile into the deck (`order`, top first), deal the starting hands,
        start `first`'s turn."""
        self.box = []
        self.deck = list(reversed(order))
        self.round_events_from = len(self.events)
        g = self.game
        deck, hands = self.deck, self.hands
        for _ in range(g.rules.starting_hand):
            for seat in g.seat_orders[first]:
                if deck:
                    insort(hands[seat], deck.pop())
        self.events.append((None, {"event": "round", "round": self.round, "first": first}, None))
        self._start_turn(first)

    def do_rps(self, choice: str) -> None:
        """A secret duel choice: the attacker's first, then the defender's settles the duel."""
        attacker, defender, first_choice, card = self.rps
        if self.cur == attacker:
            self.rps[2] = choice
            self.cur = defender
            return
        self.rps = []
        self.phase = PLAY
        effects.finish_duel(self, card, attacker, defender, first_choice, choice)
        self._end_of_action()

    # --- the steps of a round ---------------------------------------------------------

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
        hand, saves = self.hands[seat], g.saves
        while self.lives[seat] <= 0:
            for saver in hand:
                if saves[saver]:
                    break
            else:
                break  # nothing left to save them
            hand.remove(saver)
            self.discards[seat].append(saver)
            self.lives[seat] += 1
            self.events.append((None, {"event": "saved", "seat": seat, "card": g.ids[saver]}, None))
        lives = self.lives[seat] if self.lives[seat] > 0 else 0
        self.events.append((None, {"event": "life", "seat": seat, "lives": lives}, None))
        if self.lives[seat] <= 0:
            self.eliminate(seat, cause)

    def eliminate(self, seat: int, cause: int) -> None:
        """Out of the round: the hand goes face up onto the seat's discard pile."""
        g = self.game
        self.alive[seat] = False
        self.situation |= g.out_bits[seat]
        self.targets_cache = None
        self.lives[seat] = 0
        revealed = effects.card_ids(g.ids, self.hands[seat])
        self.revealed[seat] = list(self.hands[seat])
        self.discards[seat].extend(self.hands[seat])
        self.hands[seat] = []
        self.eliminations.append((self.round, seat, g.cards[cause].card))
        self.events.append((None, {"event": "eliminated", "seat": seat, "by": g.ids[cause],
                                   "hand": revealed}, None))
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
        points, hands = [], []
        for s in range(g.players):
            if self.alive[s]:
                points.append(self.points(s))
                hands.append(effects.card_ids(g.ids, self.hands[s]))
            else:  # out of the round: no points, and the hand they showed on going out
                points.append(None)
                hands.append(effects.card_ids(g.ids, self.revealed[s]))
        self.results.append({"round": self.round, "winner": seat, "how": how, "turns": self.turn,
                             "points": points, "hands": hands})
        self.events.append((None, {"event": "round-over", "winner": seat, "how": how}, None))

    def _end_of_action(self) -> None:
        """After a play or a duel: wait for a duel, close a decided round, or end the turn."""
        if self.phase == RPS:
            return
        if not self.round_how:
            if self.deck:  # the turn passes to the next player still in the round
                after, alive = self.game.next_seat, self.alive
                seat = after[self.active]
                while not alive[seat]:
                    seat = after[seat]
                return self._start_turn(seat)
            self._score_points()  # the deck ran out
        winner, need = self.round_winner, self.game.rules.round_wins
        if (winner is not None and self.round_wins[winner] >= need) or self.round >= ROUND_LIMIT:
            self.phase, self.cur = OVER, TERMINAL
        else:
            self._new_round()

    def _new_round(self) -> None:
        g = self.game
        self.round += 1
        self.box = list(g.main)  # numbered in id order, so already sorted
        self.deck, self.treats = [], list(g.treats)
        self.hands, self.discards, self.revealed = _empty_piles(g.players)
        self.lives = [g.rules.starting_life] * g.players
        self.alive = [True] * g.players
        self.doghouse = [False] * g.players
        self.situation = 0
        self.targets_cache = None
        self.turn, self.rps = 0, []
        self.round_winner, self.round_how = None, ""
        self.phase, self.cur = DEAL, CHANCE

    def _start_turn(self, seat: int) -> None:
        self.active = seat
        self.turn += 1
        if self.doghouse[seat]:  # Doghouse lasts until your next turn
            self.doghouse[seat] = False
            self.situation &= ~self.game.doghouse_bits[seat]
            self.targets_cache = None
        insort(self.hands[seat], self.deck.pop())  # never empty: the round ends with the deck
        self.phase, self.cur = PLAY, seat

    def _score_points(self) -> None:
        """The deck ran out: most points among players still in wins; a tie wins nobody."""
        best, top = -1, []
        for s in range(self.game.players):
            if self.alive[s]:
                points = self.points(s)
                if points > best:
                    best, top = points, [s]
                elif points == best:
                    top.append(s)
        self.win_round(top[0] if len(top) == 1 else None, POINTS if len(top) == 1 else TIE)


def _empty_piles(players: int) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """Three lists of `players` empty lists: the hands, discard piles and shown hands of a
    new round. (A loop: at these sizes cheaper than three comprehensions.)"""
    hands, discards, revealed = [], [], []
    for _ in range(players):
        hands.append([])
        discards.append([])
        revealed.append([])
    return hands, discards, revealed


# The fields that make a position: not the game (compared by identity) nor the caches and the
# offered deal; two states with equal histories are equal.
_COMPARED = tuple(name for name in State.__slots__
                  if name not in ("game", "offered_deal", "targets_cache"))
