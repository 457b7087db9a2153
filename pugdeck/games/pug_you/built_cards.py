"""A Pug You! deck as the built JSON's `rules`, `components` and `cards` (docs/architecture.md, "The built deck").

One object per physical card, copies expanded, every derived field written out, so a
frontend never needs to know the authoring format's defaults.
"""

from __future__ import annotations

from pugdeck.authoring.texts import in_form_order
from pugdeck.games.pug_you.model import Card, Deck

TURD_CARDS = ("turd-1", "turd-2")  # one per nominee (rules.nominees is always 2)
TURN_OVERVIEW = "turn-overview"  # the printed reference card's id (`--only turn-overview`)


def built_card(card: Card, copy: int, mutt_badges: int) -> dict:
    return {
        "id": f"{card.id}#{copy}",
        "card": card.id,
        "copy": copy,
        "kind": card.kind,
        "level": card.level,
        "dots": card.dots,
        "color": card.color,
        "question": card.question,
        "badges": mutt_badges if card.kind == "mutt" else card.badges,
        "descriptive": in_form_order(card.descriptive),
        "turds": card.turds,
        "thermometer": card.thermometer,
        "breed": card.breed,
        "art": card.art,
        "tags": list(card.tags),
    }


def built_cards(deck: Deck) -> list[dict]:
    """Every playable physical card in deck order; blank customs are printed, never played."""
    return [built_card(card, copy, deck.rules.mutt_badges)
            for card in deck.playable for copy in range(1, card.copies + 1)]


def components(deck: Deck, turd_name: str) -> list[dict]:
    """The turd cards, named as they print (`turd_title` in the deck's language)."""
    return [{"id": turd, "kind": "turd", "name": turd_name} for turd in TURD_CARDS]
