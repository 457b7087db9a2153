"""A PixelPug deck as the built JSON's `rules`, `components` and `cards` (docs/architecture.md, "The built deck").

One object per physical card, copies expanded, every default written out (effect
parameters included), so the engine and any other frontend read the cards without knowing
the authoring format. The three Treats are cards too, with `"pile": "treats"`.
"""

from __future__ import annotations

from pugdeck.games.pixelpug.model import Card, Deck

# Printed beside the cards: nothing in PixelPug needs tokens, only two card backs.
COMPONENTS = (
    {"id": "back-main", "kind": "card-back", "name": "PixelPug card back", "pile": "main"},
    {"id": "back-treats", "kind": "card-back", "name": "Treat card back", "pile": "treats"},
)


def built_card(card: Card, copy: int) -> dict:
    """One physical card of the built deck, every field explicit."""
    return {
        "id": f"{card.id}#{copy}",
        "card": card.id,
        "copy": copy,
        "name": card.name,
        "points": card.points,
        "attack": card.attack,
        "color": "red" if card.attack else "plain",
        "pile": card.pile,
        "text": card.text,
        "effect": [step.as_json() for step in card.effect],
        "tags": list(card.tags),
    }


def built_cards(deck: Deck) -> list[dict]:
    """Every physical card, main pile first, then the Treats, in deck order."""
    ordered = sorted(deck.cards, key=lambda c: c.pile != "main")
    return [built_card(card, copy) for card in ordered for copy in range(1, card.count + 1)]


def built_rules(deck: Deck) -> dict:
    """The resolved rules block."""
    return deck.rules.as_json()


def components(deck: Deck) -> list[dict]:
    """What is printed besides the cards: the two backs."""
    return [dict(c) for c in COMPONENTS]
