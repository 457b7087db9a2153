"""The Pug You! game state: a state machine driven by one action at a time.

Internally a card is an int (its place in `Game.cards`) and every zone is a list of ints;
dicts appear only at the API edge (`legal_actions`, `apply_action`, `observation`), which
keeps a random playout above 100,000 actions a second. Hands are kept sorted, so legal
actions come out sorted without sorting.
"""

from __future__ import annotations

from bisect import insort

from pugdeck.games.pug_you import actions as act
from pugdeck.games.pug_you.actions import Action
from pugdeck.games.pug_you.engine import CHANCE, TERMINAL, Game
from pugdeck.games.pug_you.phases import (
    ASK, AWARD, CHOOSE, NOMINATE, OFFER, OVER, PHASE_NAMES, SHUFFLE, VOTE, IllegalAction)

__all__ = ["State", "IllegalAction", "PHASE_NAMES"]  # the phases' names and error live here too


class State:
    """Everything on the table, plus the action log that produced it."""

    # Fields in slots: a slot is the cheapest attribute to read and write, and a 35-field
    # instance dict would outgrow CPython's shared-key layout (30 keys) anyway.
    __slots__ = ("game", "phase", "cur", "active", "turn", "question", "box", "shuffle_pile",
                 "hands", "draw", "discard", "scored", "offers", "queue", "queue_pos",
                 "active_card", "active_source", "offered_by", "nominees", "votes", "tied",
                 "last_reveal", "last_nominator", "refill_pos", "shuffles", "reshuffles", "ties",
                 "second_questions", "questions", "ran_out", "end_reason", "mutt_scored",
                 "badges", "log", "offered_shuffle")

    def __init__(self, game: Game):
        g = self.game = game
        n = g.players
        self.phase = SHUFFLE
        self.cur = CHANCE
        self.active = 0  # The table seats whoever looks most like a pug at seat 0.
        self.turn = 0  # turns completed; tie questions belong to their turn
        self.question = 1
        self.box = list(range(len(g.cards)))  # cards not yet shuffled into the draw pile
        self.shuffle_pile = "deck"
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw: list[int] = []  # top card at the end, so drawing is pop()
        self.discard: list[int] = []
        self.scored: list[list[int]] = [[] for _ in range(n)]
        self.offers = [-1] * n
        self.queue: list[int] = []  # seats still to offer or vote, in order
        self.queue_pos = 0
        self.active_card = -1
        self.active_source = ""  # "offer", "hand" or "scored"
        self.offered_by = -1
        self.nominees: tuple[int, ...] = ()
        self.votes: list[tuple[int, int, int]] = []  # (voter, nominee, card), face down
        self.tied: list[int] = []
        self.last_reveal: tuple | None = None  # ((nominee, weight, cards), ...) of the last vote
        self.last_nominator = [-1] * n
        self.refill_pos = 0
        self.shuffles = 0
        self.reshuffles = 0
        self.ties = 0
        self.second_questions = 0
        self.questions = 0
        self.ran_out = False
        self.end_reason = ""
        self.mutt_scored = [0] * n
        self.badges = [0] * n  # kept up to date on every score, read by observations
        self.log: list[dict] = []
        self.offered_shuffle = None  # (action, its ids, its ints): the last chance outcome listed

    # --- the OpenSpiel-style API -------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, `CHANCE` at a shuffle, `TERMINAL` once the game is over."""
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.cur == CHANCE

    # Every legal action as a small JSON-able dict, sorted and unique; [] when over (see
    # actions.legal_actions). Bound directly: one call less on the hottest path.
    legal_actions = act.legal_actions

    def apply_action(self, action: dict) -> None:
        """Play one action. An illegal one raises `IllegalAction` and changes nothing."""
        phase = self.phase
        # The fast path: one of this game's own `Action` objects (what legal_actions() hands
        # out) already carries its parsed arguments, so only legality is checked, inline and
        # most frequent phase first, because this runs for every move. It trusts `args` only
        # for this game's objects: another deck's card 7 is another card.
        if type(action) is Action and action.table is self.game.actions and action.phase == phase:
            args = action.args
            # Each branch calls its transition directly: a call with fixed arguments is
            # cheaper than one through `*args`. The log may take the action first: no
            # transition reads it.
            if phase == OFFER:
                if args[0] in self.hands[self.cur]:
                    self.log.append(action)  # never changed: the engine's actions are read-only
                    return self.do_offer(args[0])
            elif phase == VOTE:
                nominee, card = args
                if nominee in self.nominees and card in self.hands[self.cur]:
                    self.log.append(action)
                    return self.do_vote(nominee, card)
            elif phase == NOMINATE:
                if self.active not in args[0]:
                    self.log.append(action)
                    return self.do_nominate(args[0])
            elif phase == CHOOSE:
                if self.offers[args[0]] >= 0:
                    self.log.append(action)
                    return self.do_choose(args[0])
            elif phase == AWARD:
                if args[0] in self.tied:
                    self.log.append(action)
                    return self.do_award(args[0])
            elif args[0] in self.hands[self.active] or (  # ASK
                    self.question == 2 and args[0] in self.scored[self.active]):
                self.log.append(action)
                return self.do_ask(args[0])
            raise act.illegal(self, action, "not legal in this position")
        transition, args, logged = act.parse(self, action)
        getattr(self, transition)(*args)
        self.log.append(logged)

    apply = apply_action  # DESIGN.md §6 spells it `apply`

    def history(self) -> list[dict]:
        """The action log; `engine.replay(game, history)` rebuilds an equal state."""
        return [{"type": "shuffle", "order": list(a["order"])} if a["type"] == "shuffle" else dict(a)
                for a in self.log]

    def scores(self) -> list[int]:
        """Badges per seat, scored mutts counted (they carry negative badges)."""
        return list(self.badges)

    def losers(self) -> list[int]:
        """Seats with the most badges (all of them on a tie); [] until the game is over."""
        if self.phase != OVER:
            return []
        scores = self.scores()
        worst = max(scores)
        return [seat for seat, score in enumerate(scores) if score == worst]

    def returns(self) -> list[float]:
        """OpenSpiel's utilities: −1 for every loser, 0 for everyone else (all 0 until the end)."""
        losers = self.losers()
        return [-1.0 if seat in losers else 0.0 for seat in range(self.game.players)]

    def observation(self, player: int) -> dict:
        """What `player` may see; face-down and hidden cards stay hidden."""
        from pugdeck.games.pug_you.observation import observe

        return observe(self, player)

    def clone(self) -> "State":
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        for name in ("box", "draw", "discard", "offers", "queue", "votes", "tied",
                     "last_nominator", "mutt_scored", "badges", "log"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.scored = [list(s) for s in self.scored]
        return other

    def __eq__(self, other) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        mine = [getattr(self, name) for name in _COMPARED]
        theirs = [getattr(other, name) for name in _COMPARED]
        same_game = (self.game.ids, self.game.players, self.game.seed, self.game.rules) == (
            other.game.ids, other.game.players, other.game.seed, other.game.rules)
        return same_game and mine == theirs

    __hash__ = None

    # --- transitions (called by apply_action, arguments already checked) ----------------

    def do_shuffle(self, order: list[int]) -> None:
        self.offered_shuffle = None
        self.shuffles += 1
        self.draw = order[::-1]
        if self.shuffle_pile == "deck":
            self.box = []
            self._deal()
            self._start_turn()
        else:
            self.reshuffles += 1
            self.discard = []
            self.last_reveal = None  # its cards are face down in the draw pile again
            self._refill()

    def do_offer(self, card: int) -> None:
        seat = self.cur
        self.hands[seat].remove(card)
        self.offers[seat] = card
        pos = self.queue_pos = self.queue_pos + 1
        if pos < len(self.queue):
            self.cur = self.queue[pos]
        else:  # every offer is in: the active player chooses one
            self.phase, self.cur = CHOOSE, self.active

    def do_choose(self, seat: int) -> None:
        self.active_card = self.offers[seat]
        self.active_source, self.offered_by = "offer", seat
        self.questions += 1
        hands, offers = self.hands, self.offers
        for owner in self.queue:  # the seats that offered: unchosen offers go back to them
            if owner != seat:
                insort(hands[owner], offers[owner])
        self.offers = [-1] * self.game.players
        self.phase, self.cur = NOMINATE, self.active

    def do_ask(self, card: int) -> None:
        hand = self.hands[self.active]
        if card in hand:
            hand.remove(card)
            self.active_source = "hand"
        else:  # one of her own scored cards: it leaves her score
            self.scored[self.active].remove(card)
            self.mutt_scored[self.active] -= self.game.mutts[card]
            self.badges[self.active] -= self.game.badges[card]
            self.active_source = "scored"
        self.active_card, self.offered_by = card, -1
        self.questions += 1
        self.phase, self.cur = NOMINATE, self.active

    def do_nominate(self, nominees: tuple[int, ...]) -> None:
        self.nominees = nominees
        for seat in nominees:
            self.last_nominator[seat] = self.active
        hands = self.hands
        # Left of the active player first, clockwise, nominees skipped, the active player last;
        # a voter with an empty hand has nothing to vote with and is skipped.
        self.queue = [s for s in self.game.seats_after[self.active] if s not in nominees and hands[s]]
        self.queue_pos = 0
        self.votes = []
        if self.queue:
            self.phase, self.cur = VOTE, self.queue[0]
        else:
            self._reveal()

    def do_vote(self, nominee: int, card: int) -> None:
        seat = self.cur
        self.hands[seat].remove(card)
        self.votes.append((seat, nominee, card))
        pos = self.queue_pos = self.queue_pos + 1
        if pos < len(self.queue):
            self.cur = self.queue[pos]
        else:
            self._reveal()

    def do_award(self, nominee: int) -> None:
        self._score(nominee)
        if self.question == 1 and (self.hands[self.active] or self.scored[self.active]):
            self.question = 2
            self.second_questions += 1
            self.phase, self.cur = ASK, self.active
        else:  # a second tie, or nothing left to ask with: the turn passes
            self._end_turn()

    # --- internal steps ---------------------------------------------------------------

    def _deal(self) -> None:
        # One card at a time, seat 0 first, like a real deal: seat s gets the s-th card from
        # the top and every `players`-th after it, so each hand is one slice of the top cards.
        g, draw = self.game, self.draw
        players, dealt = g.players, g.players * g.hand_size  # the deck holds that many (Game)
        top = draw[:-dealt - 1:-1]  # top card first
        del draw[-dealt:]
        for seat, hand in enumerate(self.hands):
            hand += top[seat::players]
            hand.sort()

    def _start_turn(self) -> None:
        self.question = 1
        self.nominees, self.votes, self.tied = (), [], []
        hands = self.hands
        self.queue = [s for s in self.game.seats_after[self.active][:-1] if hands[s]]
        self.queue_pos = 0
        if self.queue:
            self.phase, self.cur = OFFER, self.queue[0]
        elif hands[self.active]:  # nobody can offer: she asks a card from her own hand
            self.phase, self.cur = ASK, self.active
        else:  # no card left in any hand (and none to draw): nothing can ever be asked again
            self._finish("nothing_to_ask")

    def _reveal(self) -> None:
        turds, nominees, discard = self.game.turds, self.nominees, self.discard
        piles: list[list[int]] = [[] for _ in nominees]
        for _voter, nominee, card in self.votes:
            piles[nominees.index(nominee)].append(card)
            discard.append(card)  # the votes go to the discard pile in voting order
        reveal, top, tied = [], 0, []
        for nominee, pile in zip(nominees, piles):
            pile.sort()
            weight = sum(map(turds.__getitem__, pile))
            reveal.append((nominee, weight, tuple(pile)))
            if not tied or weight > top:  # the heaviest pile scores; equal heaviest tie
                top, tied = weight, [nominee]
            elif weight == top:
                tied.append(nominee)
        self.last_reveal, self.votes, self.tied = tuple(reveal), [], tied
        if len(tied) == 1:
            self._score(tied[0])
            self._end_turn()
        else:
            self.ties += 1
            self.phase, self.cur = AWARD, self.active

    def _score(self, seat: int) -> None:
        card = self.active_card
        insort(self.scored[seat], card)
        self.mutt_scored[seat] += self.game.mutts[card]
        self.badges[seat] += self.game.badges[card]
        self.active_card = -1

    def _end_turn(self) -> None:
        g = self.game
        self.turn += 1
        limit = g.rules.badge_limit
        if limit is None:
            if self.turn >= g.turns_total:
                return self._finish("rounds")
        elif max(self.badges) >= limit:
            return self._finish("badge_limit")
        self.refill_pos = 0
        self._refill()

    def _refill(self) -> None:
        g = self.game
        size, order, hands, draw = g.hand_size, g.seats_after[self.active], self.hands, self.draw
        for pos in range(self.refill_pos, g.players):
            hand = hands[order[pos]]
            while len(hand) < size:
                if draw:
                    insort(hand, draw.pop())
                elif self.discard:  # pause for a chance step; _refill resumes at this seat after it
                    self.refill_pos = pos
                    self.phase, self.cur, self.shuffle_pile = SHUFFLE, CHANCE, "discard"
                    return
                else:
                    self.ran_out = True
                    break
        self.refill_pos = g.players
        self.active = (self.active + 1) % g.players
        self._start_turn()

    def _finish(self, reason: str) -> None:
        self.phase, self.cur, self.end_reason = OVER, TERMINAL, reason



# The fields that make a position: not the game (compared by its deck, players and seed) nor
# the offered shuffle (a cache).
_COMPARED = tuple(name for name in State.__slots__ if name not in ("game", "offered_shuffle"))
