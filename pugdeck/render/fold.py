"""Fold-and-glue sheets, for printers without duplex: each front beside its own back on one
side of the paper. A pair is cut out on the solid marks, folded on the dashed line between
its halves (printed sides out), glued, and is a card. Nothing depends on a printer lining
up two sides of a sheet, so `--back-offset` has nothing to correct here.

Which way the back is printed follows from the fold, a turn of the paper, never a
reflection, so the ink seen from the side it faces is never mirror-written:
- **Side by side** (the fold line is upright, the back right of its front): the back half
  turns about the fold to lie behind the front; a player turns a card over left to right,
  about an upright line too, and the two turns about parallel axes leave the back upright
  and unmirrored. Its *place* is the mirror of the front's across the fold (the back's
  left edge, at the fold, ends behind the front's right edge), its picture is drawn as it is.
- **Stacked** (the fold line is level, the back below its front): the back half turns about
  a level line, then the player's turn is about an upright one; the two together turn the
  back 180° in its plane, so it is printed turned 180° (as for short-edge duplex) to end up
  upright.

Pairs go side by side where they fit as many pairs on the sheet; stacked pairs are for wide
cards that do not fit twice across the paper. The sheet is landscape or portrait, whichever
holds more pairs (landscape first on a tie: a poker pair is wider than it is tall).

With a bleed, each half gets it on its three outer sides only (the fold is no cut), and
neighbouring pairs butt bleed to bleed, so each trim line has its own cut marks.

Pure geometry in PDF points (origin bottom-left), like render/sheets.py.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from typing import NamedTuple

from reportlab.lib.units import mm

from pugdeck.render.shapes import Line, Slot
from pugdeck.render.sheets import CROP_COLOR, CROP_GAP, CROP_LENGTH, CROP_WIDTH, MIN_MARGIN, PAPER_SIZES

SIDE_BY_SIDE = "side by side"  # the fold line upright, the back right of its front
STACKED = "stacked"  # the fold line level, the back below its front, turned 180°
FOLD_DASH = (2 * mm, 1.2 * mm)  # dashed, so a fold mark never reads as a cut mark
FOLD_LENGTH = 8 * mm  # longer than a cut mark, where the margin allows


class Box(NamedTuple):  # not a dataclass: see render/shapes.py
    x: float
    y: float
    width: float
    height: float


class FoldPair(NamedTuple):  # not a dataclass: see render/shapes.py
    """One card's front and back on the sheet, and the area each may paint (its card and
    its bleed on the three sides away from the fold)."""

    front: Slot
    back: Slot
    front_clip: Box
    back_clip: Box


class FoldSheet(NamedTuple):  # not a dataclass: see render/shapes.py
    """One fold page: its size, the pairs (row by row from the top left), the solid cut
    marks and the dashed fold marks, all in the margin outside the pairs."""

    width: float
    height: float
    arrangement: str  # SIDE_BY_SIDE or STACKED
    pairs: tuple[FoldPair, ...]
    cut_marks: tuple[Line, ...]
    fold_marks: tuple[Line, ...]


def fold_sheet(paper: str, card_width: float, card_height: float, bleed: float = 0.0) -> FoldSheet | None:
    """The fold page for `paper` holding the most pairs of cards of this size (points), with
    `bleed` (points) on each half's outer sides; None when not even one pair fits."""
    short, long = sorted(PAPER_SIZES[paper])
    best = None
    for arrangement in (SIDE_BY_SIDE, STACKED):
        for page in ((long, short), (short, long)):  # landscape first
            grid = _grid(page, _pair_size(arrangement, card_width, card_height, bleed))
            if grid and (best is None or grid[0] * grid[1] > best[2][0] * best[2][1]):
                best = (arrangement, page, grid)
    if best is None:
        return None
    arrangement, (page_w, page_h), (cols, rows) = best
    return _layout(arrangement, page_w, page_h, cols, rows, card_width, card_height, bleed)


def _pair_size(arrangement: str, card_w: float, card_h: float, bleed: float) -> tuple[float, float]:
    if arrangement == SIDE_BY_SIDE:
        return 2 * card_w + 2 * bleed, card_h + 2 * bleed
    return card_w + 2 * bleed, 2 * card_h + 2 * bleed


def _grid(page: tuple[float, float], pair: tuple[float, float]) -> tuple[int, int] | None:
    cols = int((page[0] - 2 * MIN_MARGIN) // pair[0])
    rows = int((page[1] - 2 * MIN_MARGIN) // pair[1])
    return (cols, rows) if cols and rows else None


def _layout(arrangement: str, page_w: float, page_h: float, cols: int, rows: int, card_w: float,
            card_h: float, bleed: float) -> FoldSheet:
    pair_w, pair_h = _pair_size(arrangement, card_w, card_h, bleed)
    left, bottom = (page_w - cols * pair_w) / 2, (page_h - rows * pair_h) / 2
    pairs = []
    cuts_x: dict[float, float] = {}  # rounded → exact: neighbours' shared edge is one cut
    cuts_y: dict[float, float] = {}
    folds: dict[float, float] = {}
    for r in range(rows):
        for c in range(cols):
            x, y = left + c * pair_w, bottom + (rows - 1 - r) * pair_h  # the pair with its bleed
            if arrangement == SIDE_BY_SIDE:
                fold = x + bleed + card_w
                front = Slot(x + bleed, y + bleed, card_w, card_h)
                back = Slot(fold, y + bleed, card_w, card_h)
                clips = Box(x, y, bleed + card_w, pair_h), Box(fold, y, card_w + bleed, pair_h)
                _add(cuts_x, front.x, back.x + card_w)
                _add(cuts_y, front.y, front.y + card_h)
            else:
                fold = y + bleed + card_h
                front = Slot(x + bleed, fold, card_w, card_h)
                back = Slot(x + bleed, y + bleed, card_w, card_h, rotated=True)
                clips = Box(x, fold, pair_w, card_h + bleed), Box(x, y, pair_w, bleed + card_h)
                _add(cuts_x, front.x, front.x + card_w)
                _add(cuts_y, back.y, front.y + card_h)
            _add(folds, fold)
            pairs.append(FoldPair(front, back, *clips))
    grid = Box(left, bottom, cols * pair_w, rows * pair_h)
    upright = arrangement == SIDE_BY_SIDE  # the fold lines' direction
    cut_marks = (_marks(grid, sorted(cuts_x.values()), True, CROP_LENGTH, ())
                 + _marks(grid, sorted(cuts_y.values()), False, CROP_LENGTH, ()))
    fold_marks = _marks(grid, sorted(folds.values()), upright, FOLD_LENGTH, FOLD_DASH)
    return FoldSheet(page_w, page_h, arrangement, tuple(pairs), cut_marks, fold_marks)


def _add(lines: dict[float, float], *positions: float) -> None:
    """Lines at `positions`, once each: neighbours' shared edge, reached by two sums that
    differ in the last bits, is one cut, not two."""
    for position in positions:
        lines.setdefault(round(position, 4), position)


def _marks(grid: Box, positions: list[float], upright: bool, length: float,
           dash: tuple[float, ...]) -> tuple[Line, ...]:
    """Lines in the margin continuing each line at `positions` (x for upright lines, y for
    level ones) on both sides of the grid, stopping short of it and of the sheet's edge."""
    # The margin beside the grid is as wide on both sides: the grid is centred.
    margin = grid.y if upright else grid.x
    length = max(0.0, min(length, margin - CROP_GAP - 0.5 * mm))
    if not length:
        return ()
    out = []
    for p in positions:
        if upright:
            top = grid.y + grid.height
            out.append(Line(p, top + CROP_GAP, p, top + CROP_GAP + length, CROP_COLOR, CROP_WIDTH, dash))
            out.append(Line(p, grid.y - CROP_GAP, p, grid.y - CROP_GAP - length, CROP_COLOR,
                            CROP_WIDTH, dash))
        else:
            right = grid.x + grid.width
            out.append(Line(grid.x - CROP_GAP, p, grid.x - CROP_GAP - length, p, CROP_COLOR,
                            CROP_WIDTH, dash))
            out.append(Line(right + CROP_GAP, p, right + CROP_GAP + length, p, CROP_COLOR,
                            CROP_WIDTH, dash))
    return tuple(out)
