"""What PixelPug prints: every card, each with the back of its pile (the Treats have their
own back, so a Treat never hides in the deck). render/pdf.py lays it on sheets."""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.lib.units import mm

from pugdeck.core.built_deck import Built
from pugdeck.games.pixelpug.faces.card_faces import card_back, card_face
from pugdeck.games.pixelpug.faces.sprites import sought_kinds
from pugdeck.render.backs import back_choice
from pugdeck.render.fonts import FontSet
from pugdeck.render.print_run import FaceInfo, PdfInfo, PrintRun
from pugdeck.render.shapes import CardFace, Place
from pugdeck.render.strings import Strings, deck_strings
from pugdeck.render.templates import Template

PILES = ("main", "treats")
BACK_KEYS = {"main": "back", "treats": "treat_back"}  # deck.yaml's choice for each pile's back


def back_name(pile: str) -> str:
    return f"back-{pile}"


def faces(built: Built) -> list[FaceInfo]:
    """Every card in deck order, with the back of its pile."""
    out = []
    for card in built.cards:
        pile = card.get("pile", "main")
        kind = "treat" if pile == "treats" else "attack" if card.get("attack") else "action"
        title = str(card.get("name") or card.get("id", ""))
        words = [title, card.get("text") or "", " ".join(card.get("tags") or []),
                 card.get("card") or ""]
        out.append(FaceInfo(card["id"], kind, None, title, " ".join(w for w in words if w), True,
                            back_name(pile)))
    return out


def print_run(built: Built, template: Template, fonts: FontSet, bleed: float) -> PrintRun:
    """The cards' faces and the two backs (deck.yaml's `back:` and `treat_back:` change
    them); each back is one form, drawn once per document."""
    deck = built.deck
    title = deck.get("name") or "PixelPug"
    strings = deck_strings(template, deck)
    width, height = template.width_mm * mm, template.height_mm * mm
    art: dict[tuple, CardFace] = {}
    backs: dict[str, CardFace] = {}
    for pile in PILES:
        key = ("pixelpug-back", pile)
        art[key] = card_back(template, fonts, strings, title, pile == "treats", bleed,
                             back_choice(built.doc, BACK_KEYS[pile]))
        backs[back_name(pile)] = CardFace(
            (Place(key, -bleed, -bleed, width + 2 * bleed, height + 2 * bleed),), width, height)
    cards = built.cards
    run = PrintRun(fronts=iter(()), count=len(cards), backs=backs,
                   info=PdfInfo(title, strings.text("pdf_subject", deck=title, version=deck.get("version", ""))
                                .strip(), names_paper=False),
                   pictures=art.get)
    run.fronts = _fronts(built, template, fonts, strings, bleed, run.diagnostics)
    return run


def _fronts(built: Built, template: Template, fonts: FontSet, strings: Strings, bleed: float,
            diagnostics: list) -> Iterator[tuple[FaceInfo, CardFace]]:
    cards = built.cards
    sought = sought_kinds(cards)
    for info, card in zip(faces(built), cards):
        face, problems = card_face(card, template, fonts, strings, bleed, sought)
        diagnostics.extend(problems)
        yield info, face
