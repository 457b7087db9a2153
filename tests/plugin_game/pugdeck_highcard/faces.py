"""High Card's printed faces: a big number on a panel, and one back for every card."""

from __future__ import annotations

from pugdeck.games.spec import FaceInfo, PrintRun
from pugdeck.render.shapes import CardFace, Rect, TextLine

MM = 72 / 25.4  # PDF points per millimetre


def faces(built) -> list[FaceInfo]:
    """Every front in print order: the built cards in value order."""
    return [FaceInfo(card_id=card["id"], kind="number", level=None, title=card["name"],
                     text=f"{card['name']} {card['value']}", played=True, back="back")
            for card in built.doc["cards"]]


def print_run(built, template, fonts, bleed: float) -> PrintRun:
    """The fronts and the back, laid out as shapes on the template's card size."""
    width = (template.width_mm + 2 * bleed) * MM
    height = (template.height_mm + 2 * bleed) * MM
    colors = template.colors
    cards = {card["id"]: card for card in built.doc["cards"]}

    def front(info: FaceInfo) -> CardFace:
        card = cards[info.card_id]
        return CardFace((Rect(0, 0, width, height, fill=colors["paper"]),
                         TextLine(width / 2, height / 2 - 20, ((fonts.title, str(card["value"])),),
                                  56, colors["ink"], "center"),
                         TextLine(width / 2, 18 * MM, ((fonts.body, card["name"]),), 14,
                                  colors["ink"], "center")),
                        width, height, info.card_id)

    back = CardFace((Rect(0, 0, width, height, fill=colors["back"]),
                     TextLine(width / 2, height / 2, ((fonts.title, "HIGH CARD"),), 22,
                              colors["back_accent"], "center")), width, height)
    infos = faces(built)
    return PrintRun(fronts=((info, front(info)) for info in infos), count=len(infos),
                    backs={"back": back})
