"""The phases of a Pug You! turn and the error for an illegal action.

A module of its own so that `state` (the transitions) and `actions` (the API edge) can
both use them without importing each other.
"""

SHUFFLE, OFFER, CHOOSE, NOMINATE, VOTE, AWARD, ASK, OVER = range(8)
PHASE_NAMES = ("shuffle", "offer", "choose", "nominate", "vote", "award", "ask", "over")


class IllegalAction(ValueError):
    """An action that is not legal here; the state is left unchanged."""
