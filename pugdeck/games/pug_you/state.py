"""The Pug You! game state: a state machine driven by one action at a time.

Internally a card is an int (its place in `Game.cards`) and every zone is a list of ints;
card ids appear only at the API edge (`legal_actions`, `apply_action`, `observation`).
Hands are kept sorted, so legal actions come out sorted without sorting. What each action
does is in `transitions`; how an action is listed and checked is in `actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pugdeck.games.engine_kit import EngineState, same_game
from pugdeck.games.events import Event
from pugdeck.games.pug_you import actions, transitions
from pugdeck.games.pug_you.observation import observe
from pugdeck.games.pug_you.phases import (
    CHANCE,
    FIRST_QUESTION,
    NO_CARD,
    NOBODY,
    OVER,
    SHUFFLE,
    IllegalAction,
)

if TYPE_CHECKING:  # type hints only: the engine imports this module
    from pugdeck.games.pug_you.engine import Game

__all__ = ["IllegalAction", "State"]  # the engine's error lives here too


class State(EngineState):
    """Everything on the table, plus the action log that produced it."""

    # The fields, declared once: `clone` and `==` walk this list.
    __slots__ = (
        "active",
        "active_card",
        "active_source",
        "badges",
        "box",
        "current",
        "discard",
        "draw",
        "end_reason",
        "events",
        "game",
        "hands",
        "last_nominator",
        "listed",
        "log",
        "nominees",
        "offered_by",
        "offers",
        "phase",
        "question",
        "queue",
        "queue_pos",
        "ran_out",
        "refill_pos",
        "scored",
        "shuffle_pile",
        "shuffles",
        "tied",
        "turn",
        "votes",
    )

    def __init__(self, game: Game):
        self.game = game
        players = game.players
        self.phase = SHUFFLE
        self.current = CHANCE  # the seat to act (`current_player()`)
        self.active = 0  # The table seats whoever looks most like a pug at seat 0.
        self.turn = 0  # turns completed; tie questions belong to their turn
        self.question = FIRST_QUESTION
        # Cards and where they are. Each card is in exactly one place (see invariants).
        self.box = list(range(len(game.cards)))  # not yet shuffled into the draw pile
        self.shuffle_pile = "deck"  # what the next shuffle shuffles: "deck" or "discard"
        self.hands: list[list[int]] = [[] for _ in range(players)]  # each kept sorted
        self.draw: list[int] = []  # top card at the end, so drawing is pop()
        self.discard: list[int] = []
        self.scored: list[list[int]] = [[] for _ in range(players)]  # each kept sorted
        self.offers = [NO_CARD] * players  # face down, by seat
        self.active_card = NO_CARD
        self.votes: list[tuple[int, int, int]] = []  # (voter, nominee, card), face down
        # Whose move it is within a phase.
        self.queue: list[int] = []  # seats to offer or vote, in order
        self.queue_pos = 0  # the place in `queue` of the seat to act
        self.refill_pos = 0  # where a refill paused for a reshuffle resumes (transitions._refill)
        # The question being asked.
        self.active_source = ""  # where the active card came from: "offer", "hand" or "scored"
        self.offered_by = NOBODY
        self.nominees: tuple[int, ...] = ()
        self.tied: list[int] = []
        self.last_nominator = [NOBODY] * players  # who last nominated each seat (public)
        # Scores, kept up to date on every score change; observations read them.
        self.badges = [0] * players
        self.shuffles = 0  # shuffles so far: each draws its order from a stream of its own
        self.ran_out = False  # both piles ran empty: hands stay short (public)
        self.end_reason = ""
        self.listed: tuple[actions.Action, ...] = ()  # what legal_actions() listed here (actions.py)
        self.log: list[actions.Action] = []  # the engine's own read-only actions, as played
        self.events: list[Event] = []  # what happened, with who saw what (transitions.py)

    # --- the OpenSpiel-style API -------------------------------------------------------

    # The rules' functions are the methods themselves: no forwarding call on the hot path.
    legal_actions = actions.legal_actions
    observation = observe

    def apply_action(self, action: dict) -> None:
        """Play one action. An illegal one raises `IllegalAction` and changes nothing.

        The log keeps the engine's own read-only copy of the move, never `action` itself.
        """
        move = self.game.actions.moves.get(id(action))
        if move is not None and action in self.listed:  # the engine's own, listed here: legal
            (kind, args), logged = move, action
        else:
            kind, args, logged = actions.read(self, action)  # raises before any change
        self.listed = ()
        transitions.TRANSITIONS[kind](self, *args)
        self.log.append(logged)

    def history(self) -> list[dict]:
        """The action log as plain dicts the caller may change; `engine.replay(game, history)`
        rebuilds an equal state."""
        return [{key: list(value) if isinstance(value, list) else value
                 for key, value in action.items()} for action in self.log]

    def scores(self) -> list[int]:
        """Badges per seat, scored mutts counted (they carry negative badges)."""
        return list(self.badges)

    def printed_badges(self) -> list[int]:
        """Badges printed on each seat's scored cards, mutts left out: what the badge-limit
        variant counts. A mutt takes its badges away only in the final scoring (`scores`)."""
        badges, mutts = self.game.badges, self.game.mutts
        return [sum(badges[c] for c in pile if not mutts[c]) for pile in self.scored]

    def losers(self) -> list[int]:
        """Seats with the most badges (all of them on a tie); [] until the game is over."""
        if self.phase != OVER:
            return []
        worst = max(self.badges)
        return [seat for seat, score in enumerate(self.badges) if score == worst]

    def returns(self) -> list[float]:
        """OpenSpiel's utilities: −1 for every loser, 0 for everyone else (all 0 until the end)."""
        losers = self.losers()
        return [-1.0 if seat in losers else 0.0 for seat in range(self.game.players)]

    def clone(self) -> State:
        """An equal, independent state: applying actions to it leaves this one alone."""
        other = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            if name in _LISTS_OF_LISTS:
                value = [list(inner) for inner in value]
            elif isinstance(value, list):
                value = list(value)  # lists of ints, tuples, read-only actions and events
            setattr(other, name, value)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return same_game(self.game, other.game) and all(
            getattr(self, name) == getattr(other, name) for name in _COMPARED)

    __hash__ = None  # states change, so they are not hashable


_LISTS_OF_LISTS = ("hands", "scored")
"""The fields whose inner lists `clone` copies too (each seat's hand and scored cards)."""

_COMPARED = tuple(name for name in State.__slots__ if name not in ("game", "listed"))
"""The fields that make a position: all but the game, compared by its deck, players and
seed, and what was last listed (a cache of `legal_actions()`)."""
