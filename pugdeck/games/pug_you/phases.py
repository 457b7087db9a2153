"""The phases of a Pug You! turn, who acts in them, and the error for an illegal action.

A module of its own, importing nothing, so that every other engine module (`state`, the
`transitions`, `actions`, `observation`) can use these names without importing each other.
The phases follow docs/rules-pug-you.md §3 (a turn) and §7 (chance steps).
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """What the game waits for; each phase takes one kind of action, named like the phase."""

    SHUFFLE = 0  # a chance step: the deck (§2) or, mid-refill, the discard pile (§3.7)
    OFFER = 1  # the other players offer a card face down, one after another (§3.1)
    CHOOSE = 2  # the active player takes one offer (§3.2)
    NOMINATE = 3  # the active player names the nominees (§3.3)
    VOTE = 4  # the other players vote face down, one after another (§3.4)
    AWARD = 5  # after a tie the active player decides who scores (§3.6)
    ASK = 6  # she asks a card herself: nobody could offer (§3.2), or a second question (§3.6)
    OVER = 7  # the game has ended (§6); no action is legal


PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)
"""The phases' names as observations show them, indexed by phase."""

ACTION_TYPES = tuple(None if phase is Phase.OVER else phase.name.lower() for phase in Phase)
"""The `"type"` of the one kind of action each phase takes, indexed by phase (None once over)."""

CHANCE = -1
"""`current_player()` at a shuffle: the next action is a chance outcome."""
TERMINAL = -4
"""`current_player()` once the game is over (OpenSpiel's value)."""

NOBODY = -1
"""A seat field that holds no seat (nobody offered the active card, nobody nominated you)."""
NO_CARD = -1
"""A card field that holds no card (no offer made yet, no active card)."""

FIRST_QUESTION, SECOND_QUESTION = 1, 2
"""A turn asks one question, and a second one after a tie (docs/rules-pug-you.md §3.6)."""


class IllegalAction(ValueError):
    """An action that is not legal here; the state is left unchanged."""
