"""Shapes the portraits are built from, drawn in a 100 × 100 unit box (y up).

Outlines are described as lists of points and drawn as smooth closed curves through them
(Catmull-Rom turned into Bézier segments), so a shape is data that is easy to tweak and
to mirror. A point may carry a third value, its tension: 1 is smooth, 0 a sharp corner.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple

from reportlab.lib.colors import Color, HexColor

Point = tuple[float, ...]  # (x, y) or (x, y, tension)

OUTLINE = HexColor("#2b201c")
LINE = 2.2  # outline width in portrait units (0.9 mm at 40 mm, 0.45 mm at 20 mm)
WHITE = HexColor("#ffffff")
PINK = HexColor("#ef8fa0")
BLUSH = HexColor("#f4b0a8")


class Look(NamedTuple):  # not a dataclass: see render/shapes.py
    """One variation of a breed, so that a deck of the same breed is not stamped."""

    tongue: bool  # tongue out, or a closed smile
    gaze: tuple[float, float]  # pupil offset
    tilt: float  # head tilt in degrees, around the neck
    flop: bool  # one ear turned the other way
    shade: float  # fur lighter (> 0) or darker (< 0)


def shade(color: Color, amount: float) -> Color:
    """`color` mixed with white (amount > 0) or black (amount < 0)."""
    target = 1.0 if amount > 0 else 0.0
    a = abs(amount)
    return Color(*(v + (target - v) * a for v in (color.red, color.green, color.blue)))


def mirror(points: Sequence[Point]) -> list[Point]:
    """The same outline reflected across the portrait's vertical centre line."""
    return [(100 - p[0], *p[1:]) for p in points]


def rotated(points: Sequence[Point], pivot: tuple[float, float], degrees: float) -> list[Point]:
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    px, py = pivot
    return [
        (px + (p[0] - px) * cos - (p[1] - py) * sin, py + (p[0] - px) * sin + (p[1] - py) * cos, *p[2:])
        for p in points
    ]


def _curve(c, points: Sequence[Point], closed: bool):
    path = c.beginPath()
    n = len(points)
    path.moveTo(points[0][0], points[0][1])
    for i in range(n if closed else n - 1):
        p0 = points[(i - 1) % n] if closed or i > 0 else points[i]
        p1, p2 = points[i], points[(i + 1) % n]
        p3 = points[(i + 2) % n] if closed or i + 2 < n else p2
        t1 = (p1[2] if len(p1) > 2 else 1.0) / 6
        t2 = (p2[2] if len(p2) > 2 else 1.0) / 6
        path.curveTo(
            p1[0] + (p2[0] - p0[0]) * t1, p1[1] + (p2[1] - p0[1]) * t1,
            p2[0] - (p3[0] - p1[0]) * t2, p2[1] - (p3[1] - p1[1]) * t2,
            p2[0], p2[1],
        )
    if closed:
        path.close()
    return path


def blob(c, points: Sequence[Point], fill: Color | None, outline: Color | None = OUTLINE,
         width: float = LINE) -> None:
    """A smooth closed shape through `points`, filled and outlined."""
    if outline is not None:
        c.setStrokeColor(outline)
        c.setLineWidth(width)
    if fill is not None:
        c.setFillColor(fill)
    c.drawPath(_curve(c, points, True), stroke=outline is not None, fill=fill is not None)


def stroke(c, points: Sequence[Point], color: Color = OUTLINE, width: float = LINE) -> None:
    """A smooth open line through `points` (wrinkles, whiskers, mouths)."""
    c.setStrokeColor(color)
    c.setLineWidth(width)
    c.drawPath(_curve(c, points, False), stroke=1, fill=0)


def oval(c, x: float, y: float, rx: float, ry: float, fill: Color | None,
         outline: Color | None = OUTLINE, width: float = LINE) -> None:
    if outline is not None:
        c.setStrokeColor(outline)
        c.setLineWidth(width)
    if fill is not None:
        c.setFillColor(fill)
    c.ellipse(x - rx, y - ry, x + rx, y + ry, stroke=outline is not None, fill=fill is not None)


@contextmanager
def turned(c, pivot: tuple[float, float], degrees: float) -> Iterator[None]:
    """Draw the body of the `with` rotated around `pivot` (a head tilt)."""
    c.saveState()
    c.translate(*pivot)
    c.rotate(degrees)
    c.translate(-pivot[0], -pivot[1])
    try:
        yield
    finally:
        c.restoreState()


def eye(c, x: float, y: float, r: float, look: Look, rim: Color = OUTLINE) -> None:
    """A big glossy cartoon eye: rim, white, dark iris following the gaze, two glints."""
    oval(c, x, y, r, r, WHITE, rim, LINE)
    gx, gy = look.gaze
    ir = r * 0.74
    ix, iy = x + gx * r * 0.22, y + gy * r * 0.22
    oval(c, ix, iy, ir, ir, HexColor("#1d1512"), None)
    oval(c, ix + ir * 0.35, iy + ir * 0.4, ir * 0.34, ir * 0.34, WHITE, None)
    oval(c, ix - ir * 0.38, iy - ir * 0.4, ir * 0.14, ir * 0.14, WHITE, None)


def happy_eye(c, x: float, y: float, r: float) -> None:
    """A closed, smiling eye: an upturned arc."""
    stroke(c, [(x - r, y - r * 0.2), (x, y + r * 0.55), (x + r, y - r * 0.2)], width=LINE * 1.2)


def tongue(c, x: float, y: float, size: float, curl: float = 1.0) -> None:
    """A pink tongue hanging from (x, y); `curl` (-1..1) bends the tip sideways."""
    s, k = size, curl
    blob(c, [(x - s * 0.45, y + s * 0.1), (x + s * 0.45, y + s * 0.1),
             (x + s * 0.5 + k * s * 0.1, y - s * 0.6), (x + k * s * 0.25, y - s * 1.0),
             (x - s * 0.45 + k * s * 0.15, y - s * 0.7)], PINK)
    stroke(c, [(x, y - s * 0.05), (x + k * s * 0.08, y - s * 0.55)], shade(PINK, -0.35), LINE * 0.7)


def shoulders(c, fur: Color, chest: Color | None, collar: Color, width: float = 1.0) -> None:
    """Shoulders running off the bottom edge, a light chest and a collar with a round tag."""
    w = width
    blob(c, [(50 - 13 * w, 24), (50 - 11 * w, 44), (50 + 11 * w, 44), (50 + 13 * w, 24)], fur)
    blob(c, [(50 - 46 * w, -8), (50 - 40 * w, 14), (50 - 24 * w, 27), (50 + 24 * w, 27),
             (50 + 40 * w, 14), (50 + 46 * w, -8)], fur)
    if chest is not None:
        blob(c, [(50 - 16 * w, -4), (50 - 13 * w, 12), (50, 22), (50 + 13 * w, 12),
                 (50 + 16 * w, -4)], chest, None)
    blob(c, [(50 - 24 * w, 29), (50, 24), (50 + 24 * w, 29), (50 + 25 * w, 23), (50, 17, 1.2),
             (50 - 25 * w, 23)], collar)


def tag(c, x: float, y: float, r: float, fill: Color) -> None:
    oval(c, x, y, r, r, fill)
    oval(c, x - r * 0.3, y + r * 0.3, r * 0.25, r * 0.25, shade(fill, 0.6), None)


def paw(c, x: float, y: float, size: float, fill: Color, degrees: float = 0) -> None:
    """A paw print: one pad and four toes (five path operations)."""
    with turned(c, (x, y), degrees):
        s = size
        blob(c, [(x - s * 0.5, y - s * 0.35), (x, y + s * 0.2), (x + s * 0.5, y - s * 0.35),
                 (x, y - s * 0.55)], fill, None)
        for dx, dy in ((-0.62, 0.22), (-0.24, 0.55), (0.24, 0.55), (0.62, 0.22)):
            oval(c, x + dx * s, y + dy * s, s * 0.17, s * 0.23, fill, None)


def paw_pattern(c, width: float, height: float, fill: Color) -> None:
    """Paw prints in staggered rows, centred on the box and running off its edges."""
    step = min(width, height) / 4
    rows, cols = math.ceil(height / step / 2), math.ceil(width / step / 2)
    for row in range(-rows, rows + 1):
        for col in range(-cols - 1, cols + 1):
            x = width / 2 + (col + (0.5 if row % 2 else 0)) * step
            y = height / 2 + row * step
            if -step * 0.4 < x < width + step * 0.4 and -step * 0.4 < y < height + step * 0.4:
                paw(c, x, y, step * 0.3, fill, 25 if (row + col) % 2 else -20)
