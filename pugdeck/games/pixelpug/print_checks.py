"""PixelPug's print checks, run by `validate` (and so by `build`) before anything is drawn:
the renderer's own text-fit and glyph checks (render/checks.py) on the fields the faces
print, so a designer sees a card that would not print without building."""

from __future__ import annotations

from pugdeck.authoring.diagnostics import Diagnostic
from pugdeck.games.pixelpug.game import GAME
from pugdeck.games.pixelpug.model import Deck

# (card field, template region, text style) of each text the faces fit into a box.
CHECKED_FIELDS = (("name", "name", "name"), ("text", "text", "text"))


def print_checks(deck: Deck) -> list[Diagnostic]:
    """Text that would not fit its box or has a character no bundled font can print, each
    problem located at the card's field in the deck's files."""
    from pugdeck.render.checks import print_problems  # noqa: PLC0415 (reportlab loads only here)

    cards = [{"card": card.id, "name": card.name, "text": card.text} for card in deck.cards]
    return print_problems(cards, lambda: GAME.load_template(deck.info.template, deck.folder),
                          CHECKED_FIELDS, deck.origins)
