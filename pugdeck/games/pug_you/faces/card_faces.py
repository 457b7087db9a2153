"""The face of a question card (pug, mutt, written or blank custom) as positioned shapes.

Follows the rulebook's anatomy: frame colour by level (pink mutts, blue customs), level dots
on the left frame, thermometer on the right frame, turds (vote weight) at the top, the
portrait and the question in the middle, badges bottom left, descriptive bottom right.
"""

from __future__ import annotations

import hashlib

from reportlab.lib.units import mm

from pugdeck.authoring.texts import printed_descriptive
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.games.pug_you.faces.portraits import BREEDS, PORTRAIT_VARIANTS
from pugdeck.render.fonts import FontSet
from pugdeck.render.shapes import CardFace, Circle, Line, Place, Rect, Shape, TextLine
from pugdeck.render.strings import Strings
from pugdeck.render.templates import Region, Template
from pugdeck.render.text_shapes import box_points, set_field, set_fixed_text

BLANK_LINES = 4  # write-in lines for a blank custom's question


def portrait_variant(card_name: str, variants: int) -> int:
    """A variant chosen from the card's source id, stable across runs and machines
    (Python's hash() is salted per process), so copies of a card look alike."""
    return int.from_bytes(hashlib.sha256(card_name.encode("utf-8")).digest()[:4], "big") % variants


def frame_color(card: dict, template: Template) -> str:
    kind = card.get("kind")
    if kind == "mutt":
        return template.colors["pink"]
    if kind == "custom":
        return template.colors["blue"]
    return template.colors.get(card.get("color") or card.get("level") or "green",
                               template.colors["green"])


def frame_shapes(color: str, template: Template, bleed: float) -> list[Shape]:
    """The coloured card (into the bleed) and the light inner panel."""
    width, height = template.width_mm * mm, template.height_mm * mm
    x, y, w, h = box_points(template.panel, template)
    return [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=color),
            Rect(x, y, w, h, fill=template.colors["paper"], radius=template.panel_radius * mm)]


def frame_key(color: str, dots: int, bleed: float) -> tuple:
    """The key of the form holding a card's frame, panel, level dots and divider: the same
    for every card of a colour and level, so it is drawn once per document."""
    return ("frame", color, dots, round(bleed, 3))


def frame_face(key: tuple, template: Template) -> CardFace:
    """What a `frame_key` form holds, in card coordinates."""
    _, color, dots, bleed = key
    shapes = frame_shapes(color, template, bleed) + dot_shapes(dots, template)
    shapes.append(_divider(template, color))
    return CardFace(tuple(shapes), template.width_mm * mm, template.height_mm * mm)


def _frame(color: str, dots: int, template: Template, bleed: float) -> Place:
    width, height = template.width_mm * mm, template.height_mm * mm
    return Place(frame_key(color, dots, bleed), -bleed, -bleed, width + 2 * bleed,
                 height + 2 * bleed)


def row_of(key: tuple, count: int, region: Region, template: Template, align: str = "center",
           overlap: float = 0.0) -> list[Place]:
    """`count` square icons side by side in `region`, each as tall as the region."""
    x, y, w, h = box_points(region, template)
    size = h
    step = size * (1 - overlap)
    total = size + step * (count - 1) if count else 0
    if total > w:  # squeeze rather than spill out of the region
        step = (w - size) / max(1, count - 1)
        total = w
    start = {"left": x, "center": x + (w - total) / 2, "right": x + w - total}[align]
    return [Place(key, start + i * step, y, size, size) for i in range(count)]


def dot_shapes(count: int, template: Template) -> list[Shape]:
    x, y, w, h = box_points(template.regions["dots"], template)
    r = w / 2
    gap = r * 0.9
    return [Circle(x + r, y + h - r - i * (2 * r + gap), r * 0.86, fill="#FFFFFF",
                   stroke=template.colors["ink"], stroke_width=0.5) for i in range(count)]


def _picture(card: dict, template: Template) -> Place:
    x, y, w, h = box_points(template.regions["portrait"], template)
    if card.get("art"):
        return Place(("art", card["art"]), x, y, w, h)
    breed = card.get("breed") if card.get("breed") in BREEDS else "pug"
    variant = portrait_variant(str(card.get("card") or card.get("id")), PORTRAIT_VARIANTS)
    return Place(("portrait", breed, variant), x, y, w, h)


def _divider(template: Template, color: str) -> Line:
    _x, y, _w, _ = box_points(template.regions["badges"], template)
    top = y + template.regions["badges"].height * mm + 1.4 * mm
    panel_x, _, panel_w, _ = box_points(template.panel, template)
    return Line(panel_x + 3 * mm, top, panel_x + panel_w - 3 * mm, top, color, 0.6, (2, 2))


def _badges(card: dict, template: Template, fonts: FontSet) -> list[Shape]:
    count = int(card.get("badges") or 0)
    region = template.regions["badges"]
    if card.get("kind") != "mutt" and count >= 0:
        return list(row_of(("badge", "gold"), count, region, template, "left", overlap=0.3))
    # A mutt takes badges away: green badges with a minus, and the signed number beside them.
    shapes: list[Shape] = list(row_of(("badge", "mutt"), abs(count), region, template, "left",
                                      overlap=0.45))
    x, y, _w, h = box_points(region, template)
    end = shapes[-1].x + shapes[-1].width if shapes else x
    shapes.append(TextLine(end + 0.6 * mm, y + h * 0.3, ((fonts.bold, f"\u2212{abs(count)}"),),
                           h * 0.6, template.colors["mutt_badge"], "left"))
    return shapes


def card_face(card: dict, template: Template, fonts: FontSet, bleed: float = 0.0
              ) -> tuple[CardFace, list[Diagnostic]]:
    """The front of a built card and any fit or glyph problems of its text."""
    diagnostics: list[Diagnostic] = []
    card_id = card.get("card") or card.get("id")
    color = frame_color(card, template)
    ink = template.colors["ink"]
    shapes: list[Shape] = [_frame(color, int(card.get("dots") or 0), template, bleed)]
    shapes.append(Place(("thermometer", int(card.get("thermometer") or 0)),
                        *box_points(template.regions["thermometer"], template)))
    shapes += row_of(("turd", "filled"), int(card.get("turds") or 0), template.regions["turds"],
                     template)
    shapes.append(_picture(card, template))
    shapes += set_field(str(card.get("question", "")), "question", "question",
                        template.regions["question"], template, fonts, ink, card_id, diagnostics)
    shapes += _badges(card, template, fonts)
    # A mutt may have no descriptive (it takes badges away): the corner then stays empty.
    shapes += set_field(printed_descriptive(card.get("descriptive")) or "", "descriptive", "descriptive",
                        template.regions["descriptive"], template, fonts, ink, card_id,
                        diagnostics)
    return CardFace(tuple(shapes), template.width_mm * mm, template.height_mm * mm,
                    card.get("id")), diagnostics


def blank_custom_face(template: Template, fonts: FontSet, strings: Strings,
                      diagnostics: list[Diagnostic], bleed: float = 0.0) -> CardFace:
    """A blue custom with write-in lines: outline turds, thermometer and badges to colour in,
    and the prompt (`blank_because`) before the descriptive's line."""
    color = template.colors["blue"]
    muted = template.colors["muted"]
    shapes: list[Shape] = [_frame(color, 0, template, bleed)]
    shapes.append(Place(("thermometer", 0), *box_points(template.regions["thermometer"], template)))
    shapes += row_of(("turd", "outline"), 3, template.regions["turds"], template)
    shapes.append(_picture({"breed": "blue-pug", "card": "blank-custom"}, template))
    x, y, w, h = box_points(template.regions["question"], template)
    step = h / (BLANK_LINES + 0.5)
    for i in range(BLANK_LINES):
        line_y = y + h - step * (i + 1)
        shapes.append(Line(x + 1 * mm, line_y, x + w - 1 * mm, line_y, muted, 0.5))
    shapes += row_of(("badge", "outline"), 3, template.regions["badges"], template, "left",
                     overlap=0.3)
    dx, dy, dw, dh = box_points(template.regions["descriptive"], template)
    shapes.append(Line(dx + 1 * mm, dy + dh * 0.3, dx + dw, dy + dh * 0.3, muted, 0.5))
    shapes += set_fixed_text(strings.text("blank_because"), "blank_because", "the blank customs",
                             strings, "reference", (dx, dy + dh * 0.3 + 0.5, dw, dh * 0.45),
                             template, fonts, muted, diagnostics, max_pt=5.5, min_pt=4.5,
                             max_lines=1, align="right")
    return CardFace(tuple(shapes), template.width_mm * mm, template.height_mm * mm, None)
