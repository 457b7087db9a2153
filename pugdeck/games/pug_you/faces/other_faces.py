"""The cards that are not questions: the card back, the two turd cards and the turn overview."""

from __future__ import annotations

from reportlab.lib.units import mm

from pugdeck.authoring.diagnostics import DeckError, Diagnostic
from pugdeck.render.backs import BackChoice, back_text, image_place, text_field, text_problems
from pugdeck.render.fonts import FontSet
from pugdeck.render.shapes import CardFace, Place, Rect, Shape, TextLine
from pugdeck.render.templates import Template
from pugdeck.render.text_fitting import FittedText, fit_text
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


DEFAULT_TAGLINE = "only the pugs really win"  # the bundled back's foot line


def _back_boxes(width: float, height: float) -> tuple[tuple, tuple]:
    """Where the back prints its title (a band near the top) and its tagline (the foot)."""
    return ((6 * mm, height - 20 * mm, width - 12 * mm, 13 * mm),
            (8 * mm, 7 * mm, width - 16 * mm, 7 * mm))


def back_texts(template: Template, fonts: FontSet, name: str, choice: BackChoice
               ) -> tuple[list[tuple[FittedText, tuple]], list[Diagnostic]]:
    """The back's title and tagline, each fitted in its box, and their problems
    (a character no font has, too long), each naming the deck.yaml field it came from."""
    width, height = template.width_mm * mm, template.height_mm * mm
    style = template.text["title"]
    chain, min_pt = fonts.chain(style.font), min(style.min_pt, 4.0)
    band, foot = _back_boxes(width, height)
    texts, problems = [], []
    for part, default, default_field, box, max_pt in (
            ("title", name, "deck.name", band, 26),
            ("tagline", DEFAULT_TAGLINE, "the back's tagline", foot, 9)):
        text = back_text(getattr(choice, part), default, choice.image)
        fitted = fit_text(text, chain, box[2], box[3], max_pt, min_pt, style.leading)
        problems += text_problems(text_field(choice, part, default_field), text, fitted, min_pt)
        texts.append((fitted, box))
    return texts, problems


def back_face(template: Template, fonts: FontSet, title: str, bleed: float = 0.0,
              choice: BackChoice | None = None) -> CardFace:
    """The back every card shares — the same for all levels, so a back never tells a red
    card from a green one. `title` is the deck's name; `choice` what deck.yaml's `back:`
    changes (render/backs.py: an image replaces the drawn art and the default texts)."""
    choice = choice or BackChoice()
    width, height = template.width_mm * mm, template.height_mm * mm
    texts, problems = back_texts(template, fonts, title, choice)
    if problems:  # printed on every back: never with a gap in it
        raise DeckError(problems)
    accent = choice.accent or template.colors["back_accent"]
    ground = choice.background or template.colors["back"]
    # The art is laid out on the trimmed card; only its ground colour runs into the bleed.
    shapes: list[Shape] = [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ground)]
    if choice.image:
        shapes.append(image_place(choice.image, width, height, bleed))
    elif choice.colored:  # the drawn art in the deck's colours (the bundled key otherwise)
        shapes.append(Place(("back-art", ground, accent), 0, 0, width, height))
    else:
        shapes.append(Place(("back-art",), 0, 0, width, height))
    style = template.text["title"]
    for fitted, box in texts:
        shapes += place_lines(fitted, box, style.align, accent, "middle")
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
