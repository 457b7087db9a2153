"""What the table may not see of a Pug You! action: the secrecy rule, written once.

Offers and votes are played face down (docs/rules-pug-you.md §3.1, §3.4), and a shuffle's
order is the draw pile's secret. The engine's events keep these fields private to the seat
that played them (`events.action_event`), and the protocol's public actions leave them out
(`GameSpec.public_action`); a narrator that prints a seat's view gets them only for that
seat's own moves.
"""

from __future__ import annotations

SECRET_FIELDS: dict[str, tuple[str, ...]] = {
    "shuffle": ("order",),
    "offer": ("card",),
    "vote": ("nominee", "card"),
}
