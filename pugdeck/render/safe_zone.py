"""How far inside the cut each thing a card prints sits, measured from the laid-out shapes.

A print shop cuts within a tolerance; what must survive a mis-cut (text, icons, level dots,
a thermometer) has to stay inside its safe line. This is measured on the layout, not on
pixels: every `TextLine` (its set width, the font's ascent and descent), `Place` (its box),
`Circle`, `Line` and `Rect` (with half its stroke) of a face, and, inside pictures made of
shapes (a card's frame with its dots, a back), theirs too, moved to where the picture sits.

Only what covers the whole trimmed card is background and may run into the bleed: the
coloured frame, a back's ground, a full-bleed image.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from collections.abc import Callable, Iterator
from typing import NamedTuple

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from pugdeck.core.diagnostics import WARNING, Diagnostic
from pugdeck.render.shapes import CardFace, Circle, Line, Place, Rect, Shape, TextLine
from pugdeck.render.templates import Template

# Our own rule for every bundled card: 3.5 mm, so The Game Crafter's 1/8 in (3.175 mm) line
# passes too, and a 1.5 mm mis-cut leaves 2 mm of room.
LAYOUT_MARGIN_MM = 3.5
_EPSILON = 1e-6  # points: rounding in the layout must not make a box "cross" a line it sits on

Pictures = Callable[[tuple], CardFace | None]


class Ink(NamedTuple):
    """One printed element and its box in card points (origin bottom-left)."""

    element: str  # what a person calls it: "text 'Who is…'", "picture 'thermometer'"
    x0: float
    y0: float
    x1: float
    y1: float


class Crossing(NamedTuple):
    """An element closer to the cut than the safe line."""

    card: str | None
    element: str
    margin_mm: float  # its distance from the nearest edge of the trimmed card (negative: off it)
    side: str  # "left", "right", "top" or "bottom"
    region: str | None = None  # the template region it sits in: what a fix moves


def ink_boxes(face: CardFace, pictures: Pictures = lambda key: None) -> Iterator[Ink]:
    """Every element of `face` that is not background, with its box in card coordinates."""
    yield from _boxes(face.shapes, 0.0, 0.0, face.width, face.height, pictures, "")


def margins(face: CardFace, pictures: Pictures = lambda key: None) -> Iterator[tuple[Ink, float, str]]:
    """Each element, its distance from the nearest edge of the trimmed card (mm) and that side."""
    for ink in ink_boxes(face, pictures):
        sides = {"left": ink.x0, "bottom": ink.y0, "right": face.width - ink.x1,
                 "top": face.height - ink.y1}
        side = min(sides, key=sides.get)
        yield ink, sides[side] / mm, side


def crossings(face: CardFace, safe_mm: float, pictures: Pictures = lambda key: None,
              card: str | None = None, regions: dict[str, tuple] | None = None) -> list[Crossing]:
    """The elements of `face` closer than `safe_mm` to the cut (none: it is safe); with
    `regions` (name → box in points), each is named by the template region it sits in."""
    found = []
    for ink, margin, side in margins(face, pictures):
        if margin * mm < safe_mm * mm - _EPSILON:
            region = region_of(ink, regions or {})
            element = f"{ink.element} (region '{region}')" if region else ink.element
            found.append(Crossing(card if card is not None else face.card, element,
                                  round(margin, 2), side, region))
    return found


# `validate` and `build` warn about a template region nearer the cut than this: a home cut
# with scissors or a shop's cut may be off by as much (DESIGN: everything important ≥ 3 mm).
TEMPLATE_MARGIN_MM = 3.0


def regions_near_the_cut(template: Template, margin_mm: float = TEMPLATE_MARGIN_MM) -> list[Diagnostic]:
    """A warning, at the line that sets it, for each region of `template` that comes nearer
    than `margin_mm` to the card's cut: what it prints may be cut off."""
    out = []
    for name, (x, y, width, height) in template.regions.items():  # not the frame: background
        sides = {"left": x, "top": y, "right": template.width_mm - x - width,
                 "bottom": template.height_mm - y - height}
        side = min(sides, key=sides.get)
        if sides[side] >= margin_mm - 1e-9:
            continue
        file, line, column = template.region_places.get(name, (template.name, 1, 1))
        out.append(Diagnostic(file, line, column, None, f"regions.{name}", WARNING,
                              f"region '{name}' is {round(sides[side], 2):g} mm from the {side} "
                              f"edge of the card: a cut a little off clips what it prints; keep "
                              f"every region at least {margin_mm:g} mm inside the cut"))
    return out


def region_of(ink: Ink, regions: dict[str, tuple]) -> str | None:
    """The template region holding the centre of `ink`, the smallest if several do."""
    cx, cy = (ink.x0 + ink.x1) / 2, (ink.y0 + ink.y1) / 2
    holding = [(w * h, name) for name, (x, y, w, h) in regions.items()
               if x <= cx <= x + w and y <= cy <= y + h]
    return min(holding)[1] if holding else None


def _boxes(shapes: tuple[Shape, ...], dx: float, dy: float, width: float, height: float,
           pictures: Pictures, within: str) -> Iterator[Ink]:
    for shape in shapes:
        kind = type(shape)
        if kind is Place:
            face = pictures(shape.key)
            if face is not None:  # a picture of shapes: measure what is in it, where it sits
                ox = dx + shape.x - min(0.0, _left(face))
                oy = dy + shape.y - min(0.0, _bottom(face))
                yield from _boxes(face.shapes, ox, oy, width, height, pictures,
                                  f"{shape.key[0]}: ")
                continue
            box = (dx + shape.x, dy + shape.y, dx + shape.x + shape.width,
                   dy + shape.y + shape.height)
            name = f"picture '{shape.key[0]}'"
        elif kind is TextLine:
            box = _text_box(shape, dx, dy)
            words = "".join(text for _font, text in shape.runs).strip()
            name = f"text '{words[:40]}{'…' if len(words) > 40 else ''}'"
        elif kind is Circle:
            r = shape.r + (shape.stroke_width / 2 if shape.stroke else 0.0)
            box = (dx + shape.cx - r, dy + shape.cy - r, dx + shape.cx + r, dy + shape.cy + r)
            name = "circle"
        elif kind is Line:
            half = shape.width / 2
            box = (dx + min(shape.x1, shape.x2) - half, dy + min(shape.y1, shape.y2) - half,
                   dx + max(shape.x1, shape.x2) + half, dy + max(shape.y1, shape.y2) + half)
            name = "line"
        elif kind is Rect:
            half = shape.stroke_width / 2 if shape.stroke else 0.0
            box = (dx + shape.x - half, dy + shape.y - half, dx + shape.x + shape.width + half,
                   dy + shape.y + shape.height + half)
            name = "outline" if shape.fill is None else "box"
        else:
            continue
        if _covers_card(box, width, height):
            continue  # background: it runs into the bleed on purpose
        yield Ink(within + name, *box)


def _covers_card(box: tuple[float, float, float, float], width: float, height: float) -> bool:
    x0, y0, x1, y1 = box
    return x0 <= _EPSILON and y0 <= _EPSILON and x1 >= width - _EPSILON and y1 >= height - _EPSILON


def _text_box(line: TextLine, dx: float, dy: float) -> tuple[float, float, float, float]:
    """A line's box: its set width, from the lowest descent to the highest ascent of its fonts."""
    width = line.width if line.width >= 0 else \
        sum(pdfmetrics.stringWidth(text, font, line.size) for font, text in line.runs)
    left = {"left": line.x, "center": line.x - width / 2, "right": line.x - width}[line.align]
    faces = [pdfmetrics.getFont(font).face for font, _text in line.runs] or []
    ascent = max((f.ascent for f in faces), default=1000) * line.size / 1000
    descent = min((f.descent for f in faces), default=-250) * line.size / 1000
    return dx + left, dy + line.y + descent, dx + left + width, dy + line.y + ascent


def _left(face: CardFace) -> float:  # as render/drawing.py places a form's contents
    return min((s.x for s in face.shapes if isinstance(s, (Rect, Place))), default=0.0)


def _bottom(face: CardFace) -> float:
    return min((s.y for s in face.shapes if isinstance(s, (Rect, Place))), default=0.0)
