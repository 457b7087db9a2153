"""A built Pug You! card in one line of words, in the deck's language: what a player hovering
over it in Tabletop Simulator reads besides its question (the level, badges, turds and the
descriptive)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pugdeck.authoring.texts import printed_descriptive
from pugdeck.games.pug_you.fixed_texts import LEVEL_KEYS

if TYPE_CHECKING:  # types only
    from pugdeck.render.strings import Strings


def card_description(card: dict, strings: Strings) -> str:
    """`Green · 1 badge · 2 turds · “a soggy marshmallow”` (`Verde · 1 medalla · 2 cacas ·
    «…»` in Spanish): the deck's own words for each part; parts a card lacks are left out."""
    level = card.get("level")
    parts = [strings.text(LEVEL_KEYS[level]) if level in LEVEL_KEYS
             else strings.text("desc_mutt") if card.get("kind") == "mutt" else ""]
    if card.get("badges") is not None:
        parts.append(strings.plural("desc_badges", card["badges"], count=card["badges"]))
    if card.get("turds") is not None:
        parts.append(strings.plural("desc_turds", card["turds"], count=card["turds"]))
    if card.get("descriptive"):
        parts.append(strings.text("desc_descriptive", descriptive=printed_descriptive(card["descriptive"])))
    return " · ".join(p for p in parts if p)
