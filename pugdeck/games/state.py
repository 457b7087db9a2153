"""The shape every engine offers, after OpenSpiel's `Game` and `State` (docs/architecture.md).

A game's engine is a `Game` (a built deck, a player count and a seed) that makes `State`s;
everything outside the game's folder — the bot loop (`bots.play_game`), `pugdeck play` and
`replay`, the engine protocol — drives a state through these methods only. The engines need
not inherit from these classes: any object with the methods fits (`typing.Protocol`), and
`isinstance(state, State)` checks that the names are there.

Actions and observations are small JSON-able dicts, so a log of actions replays a game
exactly and a frontend in any language can play (docs/protocol.md).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pugdeck.games.engine_kit import CHANCE, TERMINAL

__all__ = ["CHANCE", "TERMINAL", "Game", "State"]  # CHANCE, TERMINAL: engine_kit.py


@runtime_checkable
class State(Protocol):
    """One moment of one game."""

    def current_player(self) -> int:
        """The seat to act (0-based), `CHANCE` at a chance step, `TERMINAL` once it is over."""
        ...

    def legal_actions(self) -> list[dict]:
        """Every action the player to act may take, sorted and unique; [] once it is over."""
        ...

    def apply_action(self, action: dict) -> None:
        """Play one action; an illegal one raises the game's `IllegalAction`
        (`GameSpec.illegal_action()`) and changes nothing."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def scores(self) -> list[int]:
        """Each seat's score in the game's own unit (badges, round wins), so far."""
        ...

    def returns(self) -> list[float]:
        """Each seat's outcome for learning and statistics: higher is better."""
        ...

    def observation(self, player: int) -> dict:
        """What `player` may see: their own hidden cards, nobody else's."""
        ...

    def clone(self) -> State:
        """An independent copy: applying actions to it leaves this state as it is."""
        ...

    def history(self) -> list[dict]:
        """Every action applied since `new_initial_state()`, chance outcomes included."""
        ...

    # And `events`: the list of `games.events.Event`s the transitions appended, in order
    # (appended to, never replaced). An engine without one is driven all the same, with
    # no events to show.


@runtime_checkable
class Game(Protocol):
    """One configured game; `GameSpec.new_game` makes it from a built deck.

    A game may also offer `reseeded(seed)`: the same game with another seed, sharing what
    it read from the deck. `simulate` uses it, and the engine server opens every game of a
    deck and player count so (protocol/decks.py); a game without it is read afresh each time.
    """

    players: int
    seed: int

    def new_initial_state(self) -> State:
        """The state before the first action (usually a chance step)."""
        ...
