"""The phases of a Pug You! turn, who acts in them, and the error for an illegal action.

A module of its own, importing only the engine kit, so that every other engine module (`state`, the
`transitions`, `actions`, `observation`) can use these names without importing each other.
The phases follow docs/rules-pug-you.md §3 (a turn) and §7 (chance steps).
"""

from __future__ import annotations

from enum import StrEnum

from pugdeck.games.engine_kit import CHANCE, TERMINAL, IllegalAction

__all__ = ["CHANCE", "TERMINAL", "IllegalAction"]  # every engine's, from the engine kit


class Phase(StrEnum):
    """What the game waits for; each phase but the last takes one kind of action, whose
    `"type"` is the phase's value (also what observations show as `"phase"`)."""

    SHUFFLE = "shuffle"  # a chance step: the deck (§2) or, mid-refill, the discard pile (§3.7)
    OFFER = "offer"  # the other players offer a card face down, one after another (§3.1)
    CHOOSE = "choose"  # the active player takes one offer (§3.2)
    NOMINATE = "nominate"  # the active player names the nominees (§3.3)
    VOTE = "vote"  # the other players vote face down, one after another (§3.4)
    AWARD = "award"  # after a tie the active player decides who scores (§3.6)
    ASK = "ask"  # she asks a card herself: nobody could offer (§3.2), or a second question (§3.6)
    OVER = "over"  # the game has ended (§6); no action is legal


# The phases by their short names, which the engine's hot paths read (a module global is
# read in a few ns; `Phase.OFFER` goes through the enum class, ~150 ns in Python 3.11).
SHUFFLE, OFFER, CHOOSE, NOMINATE, VOTE, AWARD, ASK, OVER = Phase


NOBODY = -1
"""A seat field that holds no seat (nobody offered the active card, nobody nominated you)."""
NO_CARD = -1
"""A card field that holds no card (no offer made yet, no active card)."""

FIRST_QUESTION, SECOND_QUESTION = 1, 2
"""A turn asks one question, and a second one after a tie (docs/rules-pug-you.md §3.6)."""
