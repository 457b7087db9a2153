"""Pug You!'s print checks, run by `validate` (and so by `build`) before anything is drawn
(games/deck_checks.py runs them): the card fields the faces fit into a box, and the
fixed texts of the back, turd, blank and reference cards in the deck's language (and the
back deck.yaml chose), so a designer sees a card that would not print without building."""

from __future__ import annotations

from pugdeck.authoring.loading import Document
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.games.pug_you.model import Deck

# (card field, template region, text style) of each text the faces fit into a box.
CHECKED_FIELDS = (("question", "question", "question"), ("descriptive", "descriptive", "descriptive"))


def fixed_texts(deck: Deck, root: Document, template, fonts, strings) -> list[Diagnostic]:
    """The back (deck.yaml's `back:`, else its strings), the turd cards, a blank custom and
    the reference card, which says the deck's rules, laid out as the build lays them out, so
    what passes prints. A back's problem is located at its field in deck.yaml."""
    # reportlab loads only here: printing modules
    from pugdeck.games.pug_you.faces.card_faces import blank_custom_face  # noqa: PLC0415
    from pugdeck.games.pug_you.faces.other_faces import (  # noqa: PLC0415
        back_texts,
        turd_card_face,
        turn_overview_face,
    )
    from pugdeck.render.backs import back_choice, located_in  # noqa: PLC0415

    rules = deck.rules.as_json()
    found = located_in(root, back_texts(template, fonts, strings, deck.info.name,
                                        back_choice({"deck": deck.info.as_json()}))[1])
    blank_custom_face(template, fonts, strings, found)
    turd_card_face(template, fonts, strings, rules["nominees"], rules["nominees"], found)
    turn_overview_face(template, fonts, strings, rules, any(c.kind == "mutt" for c in deck.cards),
                       found)
    return found
