"""Vector portraits of the deck's dogs, one look per breed, drawn with canvas primitives.

Each breed is drawn in a 100 × 100 unit box and scaled to fit the caller's box, centred,
keeping its aspect ratio. Only vector shapes are used (no text, no images), so a portrait
can be drawn once into a PDF form and reused on every card.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import HexColor

from pugdeck.games.pug_you.faces.portrait_parts import (
    BLUSH,
    LINE,
    OUTLINE,
    PINK,
    Look,
    blob,
    eye,
    happy_eye,
    mirror,
    oval,
    paw_pattern,
    rotated,
    shade,
    shoulders,
    stroke,
    tag,
    tongue,
    turned,
)

PORTRAIT_VARIANTS: int = 4

# Tongue, gaze, head tilt, ear flop and fur shade combine so no two variants look alike.
_LOOKS = (
    Look(tongue=True, gaze=(0, 0), tilt=0, flop=False, shade=0),
    Look(tongue=False, gaze=(1, 0.3), tilt=-7, flop=False, shade=0.12),
    Look(tongue=True, gaze=(-1, 0), tilt=0, flop=True, shade=-0.08),
    Look(tongue=False, gaze=(0, 1), tilt=7, flop=True, shade=0.05),
)

NECK = (50, 28)  # the head tilts around this point


class _Pug:
    """Pug colours; the blue pug and the phony cat reuse the pug with other colours."""

    def __init__(self, fur: str, mask: str, collar: str, tag_colour: str):
        self.fur, self.mask = HexColor(fur), HexColor(mask)
        self.collar, self.tag = HexColor(collar), HexColor(tag_colour)


_FAWN = _Pug("#e9c48e", "#3d312c", "#d8433b", "#f2c230")
_BLUE = _Pug("#9cc3ea", "#2c4a78", "#f2c230", "#ffffff")
_CAT = _Pug("#e9c48e", "#3d312c", "#8a5cc8", "#f2c230")

_PUG_HEAD = [(50, 87), (71, 85), (84, 73), (86, 56), (80, 39), (65, 29), (50, 27), (35, 29),
             (20, 39), (14, 56), (16, 73), (29, 85)]
_PUG_EAR = [(70, 86), (86, 82), (91, 70, 0.4), (80, 74), (75, 72)]


def _pug(c, look: Look, colours: _Pug, cat: bool = False) -> None:
    fur, mask = shade(colours.fur, look.shade), colours.mask
    shoulders(c, fur, shade(fur, 0.35), colours.collar)
    with turned(c, NECK, look.tilt):
        blob(c, _PUG_HEAD, fur)
        ear = rotated(_PUG_EAR, (74, 84), -22) if look.flop else _PUG_EAR
        blob(c, ear, mask)
        blob(c, mirror(_PUG_EAR), mask)
        if cat:
            _cat_ears(c)
        for y in (76, 71):  # forehead wrinkles
            stroke(c, [(42, y - 1), (50, y + 1.5), (58, y - 1)], shade(fur, -0.3), LINE * 0.8)
        for x in (23, 77):
            oval(c, x, 43, 6, 3.5, BLUSH, None)
        blob(c, [(50, 58), (63, 55), (70, 45), (65, 33), (50, 30), (35, 33), (30, 45), (37, 55)],
             mask)
        for x in (35, 65):
            oval(c, x, 61, 11, 11, mask, None)
            eye(c, x, 61, 9, look)
        stroke(c, [(39, 53), (50, 56), (61, 53)], shade(mask, 0.3), LINE * 0.8)  # nose roll
        blob(c, [(44, 49), (56, 49), (53, 44), (47, 44)], HexColor("#14100e"), None)
        oval(c, 48, 48, 2, 1, shade(mask, 0.45), None)
        if cat:
            _painted_whiskers(c)
        mouth = shade(mask, 0.35)
        stroke(c, [(50, 44), (50, 40)], mouth, LINE * 0.8)
        stroke(c, [(41, 41), (45.5, 38), (50, 40), (54.5, 38), (59, 41)], mouth, LINE * 0.8)
        if look.tongue:
            tongue(c, 50, 38.5, 10, curl=-1 if look.flop else 1)
    tag(c, 50, 19, 4, colours.tag)


def _cat_ears(c) -> None:
    """A cat-ears headband sitting on the pug's head."""
    ear = [(55, 82), (70, 97, 0.2), (80, 74)]
    inner = [(60, 84), (70, 92, 0.2), (76, 79)]
    for shape in (ear, mirror(ear)):
        blob(c, shape, HexColor("#2d2a33"))
    for shape in (inner, mirror(inner)):
        blob(c, shape, PINK, None)
    stroke(c, [(17, 68), (30, 81), (50, 86), (70, 81), (83, 68)], OUTLINE, LINE * 3.4)
    stroke(c, [(17, 68), (30, 81), (50, 86), (70, 81), (83, 68)], HexColor("#a77be0"), LINE * 1.8)


def _painted_whiskers(c) -> None:
    """Whiskers and a pink cat nose painted on with make-up: a poor disguise."""
    paint = HexColor("#1a1414")
    for sx in (1, -1):
        for y0, y1 in ((44, 48), (41, 40), (38, 32)):
            stroke(c, [(50 + sx * 20, y0), (50 + sx * 28, (y0 + y1) / 2 + 0.5), (50 + sx * 36, y1)],
                   paint, LINE * 0.7)
    blob(c, [(45, 50), (55, 50), (50, 45, 0.3)], HexColor("#f07aa0"), OUTLINE, LINE * 0.5)


def _chihuahua(c, look: Look) -> None:
    tan = shade(HexColor("#d9a062"), look.shade)
    cream = HexColor("#f6e2bf")
    shoulders(c, tan, cream, HexColor("#3aa6a0"), width=0.8)
    _question_mark(c, 51, 84)
    with turned(c, NECK, look.tilt / 2 - 6):  # confusion tilts the head
        ear = [(35, 77), (10, 90, 0.15), (20, 55)]
        inner = [(32, 74), (15, 86, 0.15), (23, 60)]
        right, right_in = mirror(ear), mirror(inner)
        if look.flop:
            right, right_in = (rotated(s, (70, 72), -15) for s in (right, right_in))
        for outer, pink in ((ear, inner), (right, right_in)):
            blob(c, outer, tan)
            blob(c, pink, shade(PINK, 0.3), None)
        blob(c, [(50, 80), (68, 77), (78, 64), (75, 48), (62, 35), (50, 31), (38, 35), (25, 48),
                 (22, 64), (32, 77)], tan)
        blob(c, [(50, 50), (60, 46), (60, 36), (50, 32), (40, 36), (40, 46)], cream, None)
        for x in (37, 63):
            eye(c, x, 56, 11, look)
        stroke(c, [(27, 70), (36, 73), (44, 71)], OUTLINE, LINE)  # one brow up, one down
        stroke(c, [(56, 68), (64, 69.5), (72, 68.5)], OUTLINE, LINE)
        oval(c, 50, 44, 3.5, 2.5, HexColor("#1d1512"))
        stroke(c, [(43, 37), (47, 38.5), (50, 37), (53, 38.5), (57, 37)], OUTLINE, LINE * 0.8)


def _question_mark(c, x: float, y: float) -> None:
    """A question mark drawn as a thick outlined stroke and a dot."""
    curve = [(x - 4.5, y + 8), (x, y + 12), (x + 5, y + 8.5), (x + 0.5, y + 3.5), (x, y + 1)]
    stroke(c, curve, OUTLINE, 5.6)
    stroke(c, curve, HexColor("#ffcf3f"), 2.4)
    oval(c, x, y - 3.2, 1.9, 1.9, HexColor("#ffcf3f"), OUTLINE, LINE * 0.7)


def _mutt(c, look: Look) -> None:
    coat = shade(HexColor("#f7eee0"), look.shade)
    patch = HexColor("#b87748")
    shoulders(c, coat, None, HexColor("#ef6f9a"))
    blob(c, [(64, -8), (70, 12), (84, 19), (92, 4), (93, -8)], patch, None)  # shoulder patch
    with turned(c, NECK, look.tilt):
        blob(c, [(50, 88), (69, 85), (79, 70), (77, 52), (66, 40), (50, 36), (34, 40), (23, 52),
                 (21, 70), (31, 85)], coat)
        blob(c, [(54, 87), (69, 84), (78, 70), (72, 58), (58, 62), (54, 74)], patch, None)
        ear = [(30, 84), (21, 86), (9, 66), (11, 47), (19, 46), (24, 66)]
        right = mirror(ear)
        if look.flop:  # one ear perked up
            right = rotated(right, (72, 84), 20)
        blob(c, ear, patch)
        blob(c, right, shade(patch, -0.25))
        blob(c, [(50, 54), (62, 51), (64, 38), (57, 27), (50, 25), (43, 27), (36, 38), (38, 51)],
             HexColor("#fffaf2"))  # the long snout
        for x in (39, 61):
            if look.tongue:
                eye(c, x, 64, 7.5, look)
            else:
                happy_eye(c, x, 63, 6.5)
        for x in (29, 71):
            oval(c, x, 52, 5, 3, BLUSH, None)
        blob(c, [(43, 47), (57, 47), (53, 41), (47, 41)], HexColor("#1d1512"))
        blob(c, [(42, 37), (58, 37), (55, 30), (50, 28.5), (45, 30)], HexColor("#7a2e34"))
        blob(c, [(45, 32.5), (55, 32.5), (54, 29.5), (50, 28.8), (46, 29.5)], PINK, None)
        stroke(c, [(50, 41), (50, 37)], OUTLINE, LINE * 0.8)
    blob(c, [(50, 14), (45, 20), (47.5, 23.5), (50, 21.5), (52.5, 23.5), (55, 20)], HexColor("#e2335f"),
         OUTLINE, LINE * 0.7)  # heart-shaped tag


def _frenchie(c, look: Look) -> None:
    grey = shade(HexColor("#8f8a94"), look.shade)
    dark, light, muzzle = shade(grey, -0.3), HexColor("#ece7ea"), HexColor("#55505a")
    shoulders(c, grey, light, HexColor("#f2a03a"), width=1.1)
    with turned(c, NECK, look.tilt):
        ear = [(20, 66), (10, 83), (15, 93, 0.7), (22, 94, 0.7), (32, 85), (40, 74)]
        inner = [(23, 71), (15, 83), (18, 89, 0.8), (23, 89, 0.8), (28, 82), (34, 74)]
        right, right_in = mirror(ear), mirror(inner)
        if look.flop:  # one bat ear swivelled sideways
            right, right_in = (rotated(s, (68, 72), -30) for s in (right, right_in))
        for outer, pink in ((ear, inner), (right, right_in)):
            blob(c, outer, grey)
            blob(c, pink, shade(PINK, 0.25), None)
        blob(c, [(50, 78), (74, 77), (87, 64), (86, 44), (72, 30), (50, 27), (28, 30), (14, 44),
                 (13, 64), (26, 77)], grey)
        for sx in (1, -1):  # brindle streaks
            for y in (66, 58):
                stroke(c, [(50 + sx * 24, y + 4), (50 + sx * 30, y), (50 + sx * 32, y - 6)], dark,
                       LINE * 0.9)
        blob(c, [(50, 76), (53, 62), (57, 52), (50, 50), (43, 52), (47, 62)], light, None)
        for x in (33, 67):
            eye(c, x, 58, 9.5, look)
        blob(c, [(50, 51), (64, 49), (70, 38), (62, 30), (50, 32), (38, 30), (30, 38), (36, 49)],
             muzzle)  # jowls
        lines = shade(muzzle, 0.45)
        stroke(c, [(38, 47), (50, 50.5), (62, 47)], lines, LINE * 0.8)  # wrinkle over the nose
        blob(c, [(42, 47), (58, 47), (54, 41), (46, 41)], HexColor("#1d1512"), None)
        oval(c, 47, 45.5, 2, 1, lines, None)
        stroke(c, [(50, 41), (50, 37.5)], lines, LINE * 0.8)
        stroke(c, [(39, 36), (44.5, 35), (50, 37.5), (55.5, 35), (61, 36)], lines, LINE * 0.8)
        if look.tongue:
            tongue(c, 50, 36.5, 8, curl=0.5)
    tag(c, 50, 19, 4, HexColor("#c7c9d1"))


def _sausage(c, look: Look) -> None:
    """In profile, so the long snout (and a bit of the long body) shows."""
    brown = shade(HexColor("#b4652f"), look.shade)
    ear_colour = shade(brown, -0.35)
    c.translate(-2, 8)  # centre the whole little sausage in the box
    for x in (14, 26, 58, 70):  # stubby legs
        blob(c, [(x - 4, 14), (x + 4, 14), (x + 4.5, 3), (x + 1, 1.5), (x - 4.5, 2.5)], brown)
    stroke(c, [(12, 26), (5, 33), (3, 42)], OUTLINE, 6.4)  # tail
    stroke(c, [(12, 26), (5, 33), (3, 42)], brown, 2.4)
    blob(c, [(12, 8), (6, 20), (14, 32), (40, 34), (64, 33), (80, 24), (78, 10), (60, 6),
             (30, 6)], brown)  # the sausage
    blob(c, [(60, 30), (74, 29), (78, 18)], shade(brown, 0.3), None)  # chest
    with turned(c, (68, 36), look.tilt / 2):
        blob(c, [(56, 34), (53, 56), (58, 72), (67, 79), (76, 76), (82, 68), (95, 63), (99, 57),
                 (97, 52), (84, 50), (72, 47), (80, 34)], brown)
        blob(c, [(56, 35), (68, 38), (80, 34), (78, 31), (66, 33), (57, 31)],
             HexColor("#3aa6a0"))  # collar
        oval(c, 96, 58, 3.6, 3, HexColor("#1d1512"))
        stroke(c, [(95, 53), (86, 51), (78, 53)], OUTLINE, LINE * 0.9)  # mouth
        if look.tongue:
            blob(c, [(85, 51.5), (90, 51.5), (90.5, 45.5), (87, 44.5), (85, 47)], PINK)
        eye(c, 71, 66, 6, look)
        stroke(c, [(66, 73), (71, 75.5), (76, 74)], OUTLINE, LINE * 0.9)
        ear = [(55, 75), (63, 74), (64, 56), (61, 38), (53, 36), (50, 54)]
        if look.flop:  # ear flipped back by the wind
            ear = rotated(ear, (59, 74), -70)
        blob(c, ear, ear_colour)
        oval(c, 79, 60, 3.5, 2.2, BLUSH, None)


_DRAW: dict[str, Callable[..., None]] = {
    "pug": lambda c, look: _pug(c, look, _FAWN),
    "phony-cat": lambda c, look: _pug(c, look, _CAT, cat=True),
    "confused-chihuahua": _chihuahua,
    "healthy-mutt": _mutt,
    "french-bulldog": _frenchie,
    "sausage-dog": _sausage,
    "blue-pug": lambda c, look: _pug(c, look, _BLUE),
}
BREEDS = tuple(_DRAW)  # the breeds a card may name; any other is drawn as the pug


def _fit(c, width: float, height: float) -> None:
    """Map the 100-unit square onto the centre of the box and clip to it."""
    size = min(width, height)
    c.translate((width - size) / 2, (height - size) / 2)
    c.scale(size / 100, size / 100)
    path = c.beginPath()
    path.rect(0, 0, 100, 100)
    c.clipPath(path, stroke=0, fill=0)
    c.setLineJoin(1)
    c.setLineCap(1)


def draw_portrait(canvas, breed: str, variant: int, width: float, height: float) -> None:
    """Draw `breed` (unknown breeds: the pug) in `variant` into the box (0, 0)–(width, height).

    `variant` is taken modulo PORTRAIT_VARIANTS. The graphics state is restored afterwards.
    """
    draw = _DRAW.get(breed, _DRAW["pug"])
    canvas.saveState()
    _fit(canvas, width, height)
    draw(canvas, _LOOKS[variant % PORTRAIT_VARIANTS])
    canvas.restoreState()


def draw_card_back_art(canvas, width: float, height: float, ground: str | None = None,
                       rim: str | None = None, bleed: float = 0.0) -> None:
    """The card back: paw prints on a plum ground around a pug medallion, no text; or on
    the deck's `ground` with its `rim` colour (deck.yaml's `back: colors:`). `width` and
    `height` include `bleed` on every side: the ground and the paws run into it, the rim and
    the medallion sit on the trimmed card."""
    c = canvas
    c.saveState()
    path = c.beginPath()
    path.rect(0, 0, width, height)
    c.clipPath(path, stroke=0, fill=0)
    base = HexColor(ground or "#4a2f5c")
    c.setFillColor(base)
    c.rect(0, 0, width, height, stroke=0, fill=1)
    c.translate(bleed, bleed)
    width, height = width - 2 * bleed, height - 2 * bleed
    # The paws are a tone off the ground: lighter on a dark one, darker on a light one.
    light = 0.299 * base.red + 0.587 * base.green + 0.114 * base.blue > 0.6
    paws = shade(base, -0.1 if light else 0.12) if ground else HexColor("#5d3d73")
    paw_pattern(c, width, height, paws)
    rim_color = HexColor(rim or "#f2c230")
    inset = min(width, height) * 0.05
    c.setStrokeColor(rim_color)
    c.setLineWidth(inset * 0.25)
    c.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, inset, stroke=1, fill=0)
    r = min(width, height) * 0.33
    c.translate(width / 2 - r, height / 2 - r)
    c.scale(r / 50, r / 50)
    disc = c.beginPath()
    disc.circle(50, 50, 48)
    c.setFillColor(HexColor("#f6e2bf"))
    c.clipPath(disc, stroke=0, fill=1)
    draw_portrait(c, "pug", 0, 100, 100)
    c.restoreState()
    c.saveState()  # the medallion's rim, outside the clip so it is not cut in half
    c.translate(bleed, bleed)
    c.setStrokeColor(rim_color)
    c.setLineWidth(r * 0.08)
    c.circle(width / 2, height / 2, r * 0.96, stroke=1, fill=0)
    c.restoreState()
