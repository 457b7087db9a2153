"""Where cards go on paper: a centred grid of butted cards, crop marks outside it, and the
positions of the backs for long-edge, short-edge or no duplex; or one card per page with bleed.

Pure geometry in PDF points (origin bottom-left); the pdf writer only draws what is here.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from typing import NamedTuple

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from pugdeck.render.shapes import Line, Slot

PAPER_SIZES = {"a4": A4, "letter": LETTER}
DUPLEX_MODES = ("long", "short", "none", "fold")  # fold: render/fold.py
MAX_GRID = (3, 3)  # columns, rows
MIN_MARGIN = 5 * mm  # most printers cannot print closer to the edge of the sheet
CROP_GAP = 1.5 * mm  # marks stop short of the grid so a slightly off cut never shows one
CROP_LENGTH = 5 * mm
CROP_WIDTH = 0.35
CROP_COLOR = "#000000"


class Sheet(NamedTuple):  # not a dataclass: see render/shapes.py
    """One page layout: its size, the card slots (row by row from the top left) and the
    crop marks. Backs pages use `back_slots(...)`."""

    width: float
    height: float
    slots: tuple[Slot, ...]
    crop_marks: tuple[Line, ...]


def sheet(paper: str, card_width: float, card_height: float) -> Sheet:
    """A fronts page for `paper` with up to 3 x 3 cards of the given size (points), as many
    as fit inside a 5 mm margin (large cards such as tarot get 2 x 2)."""
    page_w, page_h = PAPER_SIZES[paper]
    cols = max(1, min(MAX_GRID[0], int((page_w - 2 * MIN_MARGIN) // card_width)))
    rows = max(1, min(MAX_GRID[1], int((page_h - 2 * MIN_MARGIN) // card_height)))
    grid_w, grid_h = cols * card_width, rows * card_height
    left, bottom = (page_w - grid_w) / 2, (page_h - grid_h) / 2
    slots = tuple(Slot(left + c * card_width, bottom + (rows - 1 - r) * card_height,
                       card_width, card_height)
                  for r in range(rows) for c in range(cols))
    return Sheet(page_w, page_h, slots, crop_marks(left, bottom, grid_w, grid_h, cols, rows))


def crop_marks(left: float, bottom: float, grid_w: float, grid_h: float, cols: int,
               rows: int) -> tuple[Line, ...]:
    """Short lines in the margin continuing every cut line; none reaches into the grid."""
    right, top = left + grid_w, bottom + grid_h
    # Never longer than the margin allows (Letter has only 6.35 mm above and below).
    vertical = max(0.0, min(CROP_LENGTH, bottom - CROP_GAP - 0.5 * mm))
    horizontal = max(0.0, min(CROP_LENGTH, left - CROP_GAP - 0.5 * mm))
    marks: list[Line] = []
    for c in range(cols + 1):
        x = left + c * grid_w / cols
        if vertical > 0:
            marks.append(Line(x, top + CROP_GAP, x, top + CROP_GAP + vertical, CROP_COLOR, CROP_WIDTH))
            marks.append(Line(x, bottom - CROP_GAP, x, bottom - CROP_GAP - vertical, CROP_COLOR,
                              CROP_WIDTH))
    for r in range(rows + 1):
        y = bottom + r * grid_h / rows
        if horizontal > 0:
            marks.append(Line(left - CROP_GAP, y, left - CROP_GAP - horizontal, y, CROP_COLOR,
                              CROP_WIDTH))
            marks.append(Line(right + CROP_GAP, y, right + CROP_GAP + horizontal, y, CROP_COLOR,
                              CROP_WIDTH))
    return tuple(marks)


def back_slots(page: Sheet, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[Slot, ...]:
    """Where the back of the card in each front slot goes on the backs page.

    Long-edge duplex flips the sheet left to right, so a back sits at the mirror of its
    front across the vertical centre line (columns swap). Short-edge duplex flips top to
    bottom: rows swap and every back turns 180°. `offset` (points) corrects a printer that
    shifts its back pages.
    """
    dx, dy = offset
    result = []
    for s in page.slots:
        if duplex == "short":
            result.append(Slot(s.x + dx, page.height - s.y - s.height + dy, s.width, s.height,
                               rotated=True))
        else:
            result.append(Slot(page.width - s.x - s.width + dx, s.y + dy, s.width, s.height))
    return tuple(result)


class BleedPage(NamedTuple):  # not a dataclass: see render/shapes.py
    """Print-shop output: one card per page, the page as big as the card plus its bleed."""

    width: float
    height: float
    trim_box: tuple[float, float, float, float]
    bleed_box: tuple[float, float, float, float]
    slot: Slot


def bleed_page(card_width: float, card_height: float, bleed: float) -> BleedPage:
    """A page of `card + 2 * bleed`; the card is trimmed at `bleed` from every edge."""
    width, height = card_width + 2 * bleed, card_height + 2 * bleed
    return BleedPage(width, height, (bleed, bleed, bleed + card_width, bleed + card_height),
                     (0.0, 0.0, width, height), Slot(bleed, bleed, card_width, card_height))


def bleed_back_slot(page: BleedPage, duplex: str, offset: tuple[float, float]) -> Slot:
    """The back on a bleed page: centred, so only short-edge rotation and the offset apply."""
    s = page.slot
    return Slot(s.x + offset[0], s.y + offset[1], s.width, s.height, rotated=(duplex == "short"))
