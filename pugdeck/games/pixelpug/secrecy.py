"""What the table may not see of a PixelPug action: the secrecy rule, written once.

A round's deal shows who plays first, never the deck's order; a duel choice is secret (the
duel's outcome is an event once both are in). What a card's effect shows to whom (a hand
looked at, swapped or stared down) is in the effects' events (effects.py `State.tell`).
"""

from __future__ import annotations

SECRET_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("order",),
    "rps": ("choice",),
}
