"""High Card's printed faces: a big number on a panel, and one back for every card. The
region, text-style and colour names are High Card's own (game.py; deck/templates/highcard.yaml)."""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.lib.units import mm

from pugdeck.render.print_run import FaceInfo, PdfInfo, PrintRun
from pugdeck.render.shapes import CardFace, Rect, Shape
from pugdeck.render.text_shapes import box_points, set_field


def faces(built) -> list[FaceInfo]:
    """Every front in print order: the built cards in value order, all with the one back."""
    return [FaceInfo(card_id=card["id"], kind="number", level=None, title=card["name"],
                     text=f"{card['name']} {card['value']}", played=True, back="back")
            for card in built.doc["cards"]]


def print_run(built, template, fonts, bleed: float) -> PrintRun:
    """The fronts and the back, laid out as shapes on the template's card; `bleed` in points."""
    width, height = template.width_mm * mm, template.height_mm * mm
    colors = template.colors
    deck = built.doc.get("deck", {})

    def ground(color: str) -> list[Shape]:
        return [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=color)]

    back: list[Shape] = ground(colors["back"])
    back.append(Rect(3 * mm, 3 * mm, width - 6 * mm, height - 6 * mm, stroke=colors["back_accent"],
                     stroke_width=2.0))
    back += set_field("HIGH CARD", "title", "name", template.regions["value"], template, fonts,
                      colors["back_accent"], None, [])
    infos = faces(built)
    run = PrintRun(fronts=iter(()), count=len(infos),
                   backs={"back": CardFace(tuple(back), width, height)},
                   info=PdfInfo(deck.get("name") or "High Card",
                                f"Print-and-play cards of {deck.get('name', 'High Card')}"))
    cards = {card["id"]: card for card in built.doc["cards"]}

    def fronts() -> Iterator[tuple[FaceInfo, CardFace]]:
        for info in infos:
            card = cards[info.card_id]
            shapes = ground(colors["frame"])
            x, y, w, h = box_points(template.panel, template)
            shapes.append(Rect(x, y, w, h, fill=colors["paper"], radius=template.panel_radius * mm))
            for text, field in ((str(card["value"]), "value"), (card["name"], "name")):
                shapes += set_field(text, field, field, template.regions[field], template, fonts,
                                    colors["ink"], card["id"], run.diagnostics)
            yield info, CardFace(tuple(shapes), width, height, card["id"])

    run.fronts = fronts()
    return run
