"""Shapes → reportlab canvas calls, and the form XObjects that `Place` shapes refer to."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase import pdfmetrics

from pugdeck.render.forms import FormContext, form_name, paint
from pugdeck.render.shapes import CardFace, Circle, Line, Place, Rect, Slot, TextLine


@lru_cache(maxsize=256)
def color(value: str) -> Color:
    return HexColor(value)


class Forms:
    """The form XObjects of one document: each key painted once, on first use.

    Keys whose picture is itself made of shapes (card frames, the back with its title) get
    their shapes from `face_for`; every other key is painted by `forms.paint`.
    """

    def __init__(self, canvas, context: FormContext,
                 face_for: Callable[[tuple], CardFace | None] = lambda key: None):
        self.canvas = canvas
        self.context = context
        self.defined: dict[tuple, str] = {}  # (key, width, height) → form name
        self.face_for = face_for  # pictures made of shapes: card frames, the back

    def ensure(self, place: Place) -> str:
        """Define the form for `place` if needed (call between pages); return its name."""
        full_key = (place.key, place.width, place.height)
        name = self.defined.get(full_key)
        if name is not None:
            return name
        name = form_name(place.key + (round(place.width, 3), round(place.height, 3)))
        c = self.canvas
        face = self.face_for(place.key)
        if face is not None:  # nested pictures must exist before this form refers to them
            self.ensure_all(face.shapes)
        c.beginForm(name, 0, 0, place.width, place.height)
        if face is not None:
            c.translate(-min(0.0, _left(face)), -min(0.0, _bottom(face)))
            draw_shapes(c, face.shapes, self)
        else:
            paint(c, place.key, place.width, place.height, self.context)
        c.endForm()
        self.defined[full_key] = name
        return name

    def ensure_all(self, shapes) -> None:
        for shape in shapes:
            if type(shape) is Place:
                self.ensure(shape)


def _left(face: CardFace) -> float:
    return min((s.x for s in face.shapes if isinstance(s, (Rect, Place))), default=0.0)


def _bottom(face: CardFace) -> float:
    return min((s.y for s in face.shapes if isinstance(s, (Rect, Place))), default=0.0)


def draw_shapes(c, shapes, forms: Forms) -> None:
    """Draw shapes in the canvas' current coordinate system; forms must already exist."""
    pending: list[TextLine] = []  # consecutive lines share one text object (BT … ET)
    for shape in shapes:
        kind = type(shape)
        if kind is TextLine:
            pending.append(shape)
            continue
        if pending:
            _text(c, pending)
            pending = []
        if kind is Place:
            # q … cm … Q around the form leaves the graphics state as it was, so reportlab's
            # own saveState/translate bookkeeping (a third of the drawing time) is not needed.
            c.addLiteral(f"q 1 0 0 1 {shape.x:.3f} {shape.y:.3f} cm")
            c.doForm(forms.ensure(shape))
            c.addLiteral("Q")
        elif kind is Rect:
            _fill_stroke(c, shape.fill, shape.stroke, shape.stroke_width)
            if shape.radius:
                c.roundRect(shape.x, shape.y, shape.width, shape.height, shape.radius,
                            stroke=bool(shape.stroke), fill=bool(shape.fill))
            else:
                c.rect(shape.x, shape.y, shape.width, shape.height, stroke=bool(shape.stroke),
                       fill=bool(shape.fill))
        elif kind is Circle:
            _fill_stroke(c, shape.fill, shape.stroke, shape.stroke_width)
            c.circle(shape.cx, shape.cy, shape.r, stroke=bool(shape.stroke), fill=bool(shape.fill))
        elif kind is Line:
            c.setStrokeColor(color(shape.color))
            c.setLineWidth(shape.width)
            c.setDash(list(shape.dash) if shape.dash else [])
            c.line(shape.x1, shape.y1, shape.x2, shape.y2)
            if shape.dash:
                c.setDash([])
    if pending:
        _text(c, pending)


def _fill_stroke(c, fill: str | None, stroke: str | None, width: float) -> None:
    if fill:
        c.setFillColor(color(fill))
    if stroke:
        c.setStrokeColor(color(stroke))
        c.setLineWidth(width)


def _text(c, lines: list[TextLine]) -> None:
    text = c.beginText()
    current = None
    for line in lines:
        x = line.x
        if line.align != "left":
            width = line.width if line.width >= 0 else \
                sum(pdfmetrics.stringWidth(t, f, line.size) for f, t in line.runs)
            x -= width if line.align == "right" else width / 2
        if line.color != current:
            text.setFillColor(color(line.color))
            current = line.color
        text.setTextOrigin(x, line.y)
        for font, piece in line.runs:
            text.setFont(font, line.size)
            text.textOut(piece)
    c.drawText(text)


def draw_card(c, face: CardFace, slot: Slot, forms: Forms) -> None:
    """Draw a card face into its slot, turned 180° about its centre if the slot says so."""
    c.saveState()
    if slot.rotated:
        c.translate(slot.x + slot.width, slot.y + slot.height)
        c.rotate(180)
    else:
        c.translate(slot.x, slot.y)
    draw_shapes(c, face.shapes, forms)
    c.restoreState()


def draw_clipped(c, face: CardFace, slot: Slot, clip, forms: Forms) -> None:
    """`draw_card`, painting only inside `clip` (x, y, width, height on the page): a fold
    page's halves keep their bleed off the fold and off each other (render/fold.py)."""
    c.saveState()
    path = c.beginPath()
    path.rect(*clip)
    c.clipPath(path, stroke=0, fill=0)
    draw_card(c, face, slot, forms)
    c.restoreState()
