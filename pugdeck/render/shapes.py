"""Plain positioned shapes: what a layout produces and every writer draws.

Coordinates are PDF points with the origin at the bottom-left of whatever contains the
shape (a card for card faces, the page for crop marks). Colours are "#RRGGBB" or None.

Shapes are NamedTuples, not frozen dataclasses: as immutable, but a dataclass costs ~1.4 ms
to create at import in Python 3.11 (each generated method is compiled on its own), a
NamedTuple ~0.2 ms, and its instances are cheaper to make — a build makes dozens per card.
Code tells shapes apart by type (`type(s) is Place`, `isinstance`), never as plain tuples.
Modules of NamedTuples do without `from __future__ import annotations`: NamedTuple turns a
string annotation into a ForwardRef and compiles it: a third of the cost of the class.
"""

# No `from __future__ import annotations`: see above.

from typing import NamedTuple


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    color: str
    width: float
    dash: tuple[float, ...] = ()


class TextLine(NamedTuple):
    """One line of text; `x` is the left, centre or right end according to `align`;
    `y` is the baseline. `runs` are (font name, text) pairs set at `size`; `width` is the
    set width in points when the layout already knows it (-1: measure when drawing)."""

    x: float
    y: float
    runs: tuple[tuple[str, str], ...]
    size: float
    color: str
    align: str = "left"
    width: float = -1.0


class Place(NamedTuple):
    """Draw a reusable picture (a PDF form XObject) in the box. `key` names it: e.g.
    ("turd", "filled"), ("portrait", "pug", 2), ("art", "art/x.png"), ("back",)."""

    key: tuple
    x: float
    y: float
    width: float
    height: float


Shape = Rect | Circle | Line | TextLine | Place


class CardFace(NamedTuple):
    """One side of one card in card coordinates, and the card id it belongs to (or None)."""

    shapes: tuple[Shape, ...]
    width: float
    height: float
    card: str | None = None


class Slot(NamedTuple):
    """Where a card goes on a page: its bottom-left corner, and whether it is turned 180°."""

    x: float
    y: float
    width: float
    height: float
    rotated: bool = False

    def overlaps(self, x1: float, y1: float, x2: float, y2: float) -> bool:
        """Whether the segment's bounding box touches the card (edges included)."""
        lo_x, hi_x = sorted((x1, x2))
        lo_y, hi_y = sorted((y1, y2))
        return not (hi_x < self.x or lo_x > self.x + self.width
                    or hi_y < self.y or lo_y > self.y + self.height)
