"""PixelPug's print checks, run by `validate` (and so by `build`) before anything is drawn
(games/deck_checks.py runs them): the card fields the faces fit into a box, and its
fixed texts (the backs' titles, the points labels) in the deck's language, so a designer
sees a card that would not print without building."""

from __future__ import annotations

from pugdeck.authoring.loading import Document
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.games.pixelpug.model import Deck

# (card field, template region, text style) of each text the faces fit into a box.
CHECKED_FIELDS = (("name", "name", "name"), ("text", "text", "text"))


def fixed_texts(deck: Deck, root: Document, template, fonts, strings) -> list[Diagnostic]:
    """Both backs (deck.yaml's `back:` and `treat_back:`, else its strings) and the points
    label of every card; a back's problem located at its field in deck.yaml."""
    # reportlab loads only here: printing modules
    from pugdeck.games.pixelpug.faces.card_faces import back_texts, points_label  # noqa: PLC0415
    from pugdeck.render.backs import back_choice, located_in  # noqa: PLC0415

    block = deck.info.as_json()
    found: list[Diagnostic] = []
    for key, treats in (("back", False), ("treat_back", True)):
        found += back_texts(template, fonts, strings, deck.info.name,
                            back_choice({"deck": block}, key), treats)[1]
    for attack, points in sorted({(card.attack, card.points) for card in deck.cards}):
        points_label(points, attack, template, fonts, strings, found)
    return located_in(root, found)
