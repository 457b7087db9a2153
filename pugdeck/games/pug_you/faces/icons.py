"""Vector icons — turd, badge, thermometer — painted into a (0,0)-(width,height) box.

Each icon is drawn once per document as a form XObject (see `pdf.py`) and placed per card,
so these painters run a handful of times per build however large the deck is.
"""

from __future__ import annotations

from math import cos, pi, sin

from reportlab.lib.colors import HexColor, white


def _path(c, points: list[tuple[float, float]], close: bool = True):
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if close:
        path.close()
    return path


def draw_turd(c, width: float, height: float, colors: dict[str, str], style: str) -> None:
    """A three-tier swirl pile with a little face; `style` "outline" is an empty one to colour in."""
    s = min(width, height) / 100
    c.saveState()
    c.translate((width - 100 * s) / 2, (height - 100 * s) / 2)
    c.scale(s, s)
    filled = style != "outline"
    c.setLineWidth(5 if filled else 4)
    c.setLineJoin(1)
    c.setStrokeColor(HexColor(colors["ink"] if filled else colors["muted"]))
    c.setFillColor(HexColor(colors["turd"]) if filled else white)
    # Bottom to top so each tier overlaps the one below.
    c.roundRect(6, 6, 88, 32, 16, stroke=1, fill=1)
    c.roundRect(18, 32, 64, 28, 14, stroke=1, fill=1)
    c.roundRect(30, 54, 40, 24, 12, stroke=1, fill=1)
    c.drawPath(_path(c, [(40, 76), (52, 96), (60, 76)]), stroke=1, fill=1)
    if filled:
        c.setFillColor(HexColor(colors["turd_highlight"]))
        for x, y, w in ((14, 26, 22), (26, 50, 16), (36, 70, 10)):
            c.roundRect(x, y, w, 5, 2.5, stroke=0, fill=1)
        c.setFillColor(white)
        for x in (40, 60):  # the eyes, then their pupils
            c.circle(x, 20, 7, stroke=0, fill=1)
        c.setFillColor(HexColor(colors["ink"]))
        for x in (41, 61):
            c.circle(x, 19, 3.5, stroke=0, fill=1)
    c.restoreState()


def draw_badge(c, width: float, height: float, colors: dict[str, str], style: str) -> None:
    """A round medal on two ribbon tails with a star; `mutt` is green and struck through
    with a minus (it takes badges away); `outline` is empty, for blank customs."""
    s = min(width, height) / 100
    c.saveState()
    c.translate((width - 100 * s) / 2, (height - 100 * s) / 2)
    c.scale(s, s)
    c.setLineJoin(1)
    ink = HexColor(colors["ink"] if style != "outline" else colors["muted"])
    face = {"gold": colors["badge"], "mutt": colors["mutt_badge"]}.get(style)
    ribbon = HexColor(colors["red"] if style == "gold" else colors["blue"])
    c.setStrokeColor(ink)
    c.setLineWidth(4)
    if style != "outline":
        c.setFillColor(ribbon)
        c.drawPath(_path(c, [(30, 50), (16, 4), (30, 12), (40, 2), (50, 44)]), stroke=1, fill=1)
        c.drawPath(_path(c, [(70, 50), (84, 4), (70, 12), (60, 2), (50, 44)]), stroke=1, fill=1)
    c.setFillColor(HexColor(face) if face else white)
    c.circle(50, 60, 36, stroke=1, fill=1)
    if style == "outline":
        c.restoreState()
        return
    c.setStrokeColor(HexColor(colors["badge_edge"] if style == "gold" else colors["ink"]))
    c.setLineWidth(3)
    c.circle(50, 60, 28, stroke=1, fill=0)
    if style == "gold":
        c.setFillColor(white)
        star = []
        for i in range(10):
            r = 20 if i % 2 == 0 else 8.5
            a = pi / 2 + i * pi / 5
            star.append((50 + r * cos(a), 60 + r * sin(a)))
        c.drawPath(_path(c, star), stroke=0, fill=1)
    else:
        c.setFillColor(white)
        c.roundRect(30, 55, 40, 10, 4, stroke=0, fill=1)  # the minus: this badge is taken away
    c.restoreState()


def draw_thermometer(c, width: float, height: float, colors: dict[str, str], level: int) -> None:
    """A vertical thermometer: bulb at the bottom, three segments, `level` of them filled
    (0 = all empty, for blank customs)."""
    c.saveState()
    c.setLineJoin(1)
    tube_w = width * 0.56
    bulb_r = width * 0.48
    x0 = (width - tube_w) / 2
    c.setStrokeColor(HexColor(colors["ink"]))
    c.setLineWidth(max(0.5, width * 0.1))
    c.setFillColor(white)
    c.roundRect(x0, bulb_r, tube_w, height - bulb_r, tube_w / 2, stroke=1, fill=1)
    c.circle(width / 2, bulb_r, bulb_r, stroke=1, fill=1)
    hot = HexColor(colors["thermometer"])
    c.setFillColor(hot)
    if level > 0:
        c.circle(width / 2, bulb_r, bulb_r * 0.68, stroke=0, fill=1)
    segment_top = height - tube_w * 0.35
    segment_bottom = bulb_r * 1.55
    step = (segment_top - segment_bottom) / 3
    inner = tube_w * 0.5
    for i in range(3):
        y = segment_bottom + i * step
        if i < level:
            c.rect((width - inner) / 2, y - (bulb_r * 0.6 if i == 0 else 0), inner,
                   step * 0.86 + (bulb_r * 0.6 if i == 0 else 0), stroke=0, fill=1)
        c.setLineWidth(max(0.3, width * 0.06))
        c.line(x0 + tube_w * 0.62, y + step, x0 + tube_w, y + step)
    c.restoreState()
