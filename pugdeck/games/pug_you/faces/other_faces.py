"""The cards that are not questions: the card back, the two turd cards and the turn overview."""

from __future__ import annotations

from reportlab.lib.units import mm

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.render.fonts import FontSet, font_runs
from pugdeck.render.shapes import CardFace, Place, Rect, Shape, TextLine
from pugdeck.render.templates import Template
from pugdeck.render.text_fitting import fit_text
from pugdeck.render.text_shapes import box_points, place_lines

# The turn, in our own words (docs/rules-pug-you.md), for the reference card.
TURN_OVERVIEW = (
    ("Offer", "Everyone else offers the active player one card, face down. Sell it!"),
    ("Ask", "She keeps one, reads it out and gives the turd cards to two other players."),
    ("Vote", "All but the nominees vote with one card each. Count the printed turds."),
    ("Score", "The nominee with more turds scores the card. Tie: she picks, then asks again."),
    ("Refill", "Draw up to 5 (4 with 8+ players). The player on her left goes next."),
    ("End", "After two rounds, most badges loses. Each pink mutt takes 2 badges away."),
)


def _text(text: str, style_name: str, box: tuple[float, float, float, float], template: Template,
          fonts: FontSet, color: str, valign: str = "middle", max_pt: float | None = None,
          align: str | None = None) -> list[TextLine]:
    style = template.text[style_name]
    fitted = fit_text(text, fonts.chain(style.font), box[2], box[3], max_pt or style.max_pt,
                      min(style.min_pt, 4.0), style.leading)
    return place_lines(fitted, box, align or style.align, color, valign)


def back_face(template: Template, fonts: FontSet, title: str, bleed: float = 0.0) -> CardFace:
    """The back every card shares — the same for all levels, so a back never tells a red
    card from a green one."""
    width, height = template.width_mm * mm, template.height_mm * mm
    _, missing = font_runs(title, fonts.chain("title"))
    if missing:  # the deck's name is printed on every back: never with a gap in it
        raise DeckError([Diagnostic("", 0, 0, None, "deck.name", ERROR,
                                    f"deck name: {m.describe()}") for m in missing])
    accent = template.colors["back_accent"]
    # The art is laid out on the trimmed card; only its ground colour runs into the bleed.
    shapes: list[Shape] = [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed,
                                fill=template.colors["back"]),
                           Place(("back-art",), 0, 0, width, height)]
    band = (6 * mm, height - 20 * mm, width - 12 * mm, 13 * mm)
    shapes += _text(title, "title", band, template, fonts, accent, max_pt=26)
    foot = (8 * mm, 7 * mm, width - 16 * mm, 7 * mm)
    shapes += _text("only the pugs really win", "title", foot, template, fonts, accent, max_pt=9)
    return CardFace(tuple(shapes), width, height, None)


def turd_card_face(template: Template, fonts: FontSet, number: int, bleed: float = 0.0) -> CardFace:
    """A nomination card: a big turd, what it is for, in the title font."""
    width, height = template.width_mm * mm, template.height_mm * mm
    colors = template.colors
    x, y, w, h = box_points(template.panel, template)
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=colors["turd"]),
        Rect(x, y, w, h, fill=colors["paper"], radius=template.panel_radius * mm),
        Place(("turd", "filled"), x + w * 0.15, y + h * 0.3, w * 0.7, w * 0.7),
    ]
    shapes += _text("Turd card", "title", (x + 3 * mm, y + h - 16 * mm, w - 6 * mm, 12 * mm),
                    template, fonts, colors["turd"], max_pt=24)
    shapes += _text(f"Nominee {number} of 2. Goes in front of a nominated player; "
                    "votes are played onto it.", "reference",
                    (x + 4 * mm, y + 3 * mm, w - 8 * mm, h * 0.28 - 3 * mm), template, fonts,
                    colors["ink"], max_pt=8, align="center")
    return CardFace(tuple(shapes), width, height, f"turd-{number}")


def turn_overview_face(template: Template, fonts: FontSet, bleed: float = 0.0) -> CardFace:
    """The turn overview reference card: six steps, one short paragraph each."""
    width, height = template.width_mm * mm, template.height_mm * mm
    colors = template.colors
    x, y, w, h = box_points(template.panel, template)
    shapes: list[Shape] = [
        Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=colors["back"]),
        Rect(x, y, w, h, fill=colors["paper"], radius=template.panel_radius * mm),
    ]
    shapes += _text("Your turn", "title", (x + 3 * mm, y + h - 12 * mm, w - 6 * mm, 10 * mm),
                    template, fonts, colors["back"], max_pt=18)
    top = y + h - 13 * mm
    step_h = (h - 15 * mm) / len(TURN_OVERVIEW)
    boxes = [(x + 3 * mm, top - (i + 1) * step_h + 0.4 * mm, w - 6 * mm, step_h - 4.6 * mm)
             for i in range(len(TURN_OVERVIEW))]
    style = template.text["reference"]
    chain = fonts.chain(style.font)
    # One size for every step (the largest at which all fit) so the card reads evenly.
    size = min(fit_text(body, chain, b[2], b[3], style.max_pt, 4.0, style.leading).size
               for (_, body), b in zip(TURN_OVERVIEW, boxes))
    for i, ((head, body), box) in enumerate(zip(TURN_OVERVIEW, boxes)):
        row_top = top - i * step_h
        shapes.append(TextLine(x + 3 * mm, row_top - 3.6 * mm, ((fonts.title, f"{i + 1}. {head}"),),
                               8.5, colors["red"], "left"))
        shapes += _text(body, "reference", box, template, fonts, colors["ink"], valign="top",
                        max_pt=size)
    return CardFace(tuple(shapes), width, height, "turn-overview")
