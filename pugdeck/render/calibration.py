"""The duplex calibration sheet (`pugdeck calibrate`): a front with five crosses, a back with
millimetre scales behind them, so a user holds the printed sheet to the light and reads the
`--back-offset X,Y` that puts the backs where they belong.

How the reading gives the offset: the front is the reference. A printer that shifts its
back pages by (ex, ey) mm (as seen on the back, upright; + = right/up) prints each scale's
zero at (ex, ey) from the cross behind it, so the cross shows through at -ex on the X scale
and -ey on the Y scale. `--back-offset` adds its X,Y to where the backs are drawn in those
same coordinates (render/sheets.py `back_slots`), so -ex,-ey is exactly the offset that
cancels the shift: the numbers read are the numbers to type. Each cross sits at a point that
a long-edge and a short-edge flip both leave in place (the centre, and corners symmetric
about it), so one sheet serves both duplex modes.

`back_offset_mm` draws the back as `build --back-offset` would: printed with the offset just
read, the sheet should read 0,0, and a test prints it with a known shift and reads it back.
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pugdeck.render.drawing import draw_shapes
from pugdeck.render.fonts import font_set
from pugdeck.render.shapes import Circle, Line, TextLine
from pugdeck.render.sheets import PAPER_SIZES
from pugdeck.render.text_fitting import fit_text
from pugdeck.render.text_shapes import place_lines
from pugdeck.resources import data_dir

REACH_MM = 10  # each scale runs -10..+10 mm: as far as --back-offset goes (cli/build.py)
STEP_MM = 0.5  # a tick every half millimetre
RULER_GAP = 12 * mm  # from a cross's centre to the baseline of the scale it crosses
CROSS_ARM = 24 * mm  # long enough to cross its scales however far the back is shifted
INSET = (40 * mm, 75 * mm)  # the corner crosses from the sheet's sides and from its top and bottom
INK = "#000000"
GREY = "#555555"
LINE_WIDTH = 0.3  # pt: fine enough to read half a millimetre, dark enough to show through
PAPER_LABELS = {"a4": "A4", "letter": "US Letter"}


def stations(paper: str) -> tuple[tuple[float, float], ...]:
    """The crosses' centres (points): the middle of the sheet first, then four corners."""
    width, height = PAPER_SIZES[paper]
    xs, ys = (INSET[0], width - INSET[0]), (INSET[1], height - INSET[1])
    return ((width / 2, height / 2),) + tuple((x, y) for y in reversed(ys) for x in xs)


def calibration_pdf(paper: str = "a4", back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The two-page calibration PDF (front, back) for `paper`; the same input gives the same
    bytes. The back is drawn shifted by `back_offset_mm`, as `build --back-offset` shifts it."""
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper must be one of {', '.join(PAPER_SIZES)}, not {paper!r}")
    fonts = font_set({"title": data_dir("fonts") / "Fredoka_700Bold.ttf",
                      "body": data_dir("fonts") / "NotoSans_400Regular.ttf",
                      "bold": data_dir("fonts") / "NotoSans_700Bold.ttf"})
    out = io.BytesIO()
    c = Canvas(out, pagesize=PAPER_SIZES[paper], invariant=1, pageCompression=1)
    c.setTitle(f"pugdeck duplex calibration sheet, {PAPER_LABELS[paper]}")
    c.setCreator("pugdeck")
    c.setAuthor("pugdeck")
    draw_shapes(c, front_shapes(paper, fonts), None)
    c.showPage()
    dx, dy = back_offset_mm[0] * mm, back_offset_mm[1] * mm
    c.saveState()
    c.translate(dx, dy)
    draw_shapes(c, scale_shapes(paper, fonts), None)
    c.restoreState()
    draw_shapes(c, back_text_shapes(paper, fonts, back_offset_mm), None)  # never shifted
    c.showPage()
    c.save()
    return out.getvalue()


def front_shapes(paper: str, fonts) -> list:
    """The crosses, the instructions and a 100 mm bar to check that nothing scaled the page."""
    width, height = PAPER_SIZES[paper]
    shapes: list = []
    for x, y in stations(paper):
        shapes += [Line(x - CROSS_ARM, y, x + CROSS_ARM, y, INK, LINE_WIDTH),
                   Line(x, y - CROSS_ARM, x, y + CROSS_ARM, INK, LINE_WIDTH),
                   Circle(x, y, 1.5 * mm, None, INK, LINE_WIDTH)]
    shapes += _title(f"Duplex calibration sheet: front ({PAPER_LABELS[paper]})", paper, fonts)
    shapes += _paragraph(
        "1. Print both pages of this PDF on one sheet, double-sided, at 100 % (\"actual size\", "
        "not \"fit to page\"), with the printer, paper and duplex setting (long or short edge) "
        "you will print your decks with.\n"
        "2. Measure the bar below: it must be 100 mm long. If it is not, the printer scaled the "
        "page; print again at 100 %.\n"
        "3. Turn the sheet over and read the back against a window or a lamp.",
        paper, fonts, top=height - 24 * mm)
    left, y = width / 2 - 50 * mm, 22 * mm
    shapes += [Line(left, y, left + 100 * mm, y, INK, 0.8)]
    for i in range(11):  # a tick every centimetre
        tall = 3 * mm if i in (0, 10) else 1.5 * mm
        shapes.append(Line(left + i * 10 * mm, y, left + i * 10 * mm, y + tall, INK, LINE_WIDTH))
    label = "100 mm" + (" (3.94 in)" if paper == "letter" else "")
    shapes.append(TextLine(width / 2, y - 4 * mm, ((fonts.body, label),), 8, INK, "center"))
    return shapes


def scale_shapes(paper: str, fonts) -> list:
    """Behind every cross: the X scale above it (crossed by the cross's upright line) and the
    Y scale right of it (crossed by its level line), in mm, each tick where its number says."""
    shapes: list = []
    for n, (x, y) in enumerate(stations(paper)):
        main = n == 0  # the middle one gets the big letters: it is the one to read
        shapes += x_scale(x, y + RULER_GAP, fonts, main)
        shapes += y_scale(x + RULER_GAP, y, fonts, main)
    return shapes


def ticks() -> list[tuple[float, float, bool]]:
    """(value in mm, tick length in mm, numbered) along a scale, -REACH_MM to +REACH_MM: a
    number every 2 mm (one every mm would not fit at a size that can be read)."""
    count = int(REACH_MM / STEP_MM)
    out = []
    for i in range(-count, count + 1):
        value = i * STEP_MM
        numbered = value % 2 == 0
        length = 3.8 if value == 0 else 3.0 if numbered else 2.0 if value % 1 == 0 else 1.2
        out.append((value, length, numbered))
    return out


def label(value: float) -> str:
    """A scale's number as the user types it: "+2", "-4", "0"."""
    return f"{value:+g}" if value else "0"


LABEL_PT = 4.6


def x_scale(zero_x: float, base_y: float, fonts, main: bool) -> list:
    shapes: list = [Line(zero_x - REACH_MM * mm, base_y, zero_x + REACH_MM * mm, base_y, INK, LINE_WIDTH)]
    for value, length, numbered in ticks():
        x = zero_x + value * mm
        shapes.append(Line(x, base_y, x, base_y + length * mm, INK, LINE_WIDTH))
        # "+10" is wider than 2 mm: the ends go unnumbered on X, two ticks past the +8
        if numbered and abs(value) < REACH_MM:
            shapes.append(TextLine(x, base_y + 4.6 * mm, ((fonts.body, label(value)),), LABEL_PT,
                                   INK, "center"))
    shapes.append(TextLine(zero_x - (REACH_MM + 2) * mm, base_y + 0.5 * mm,
                           ((fonts.bold, "X"),), 11 if main else 8, INK, "right"))
    return shapes


def y_scale(base_x: float, zero_y: float, fonts, main: bool) -> list:
    shapes: list = [Line(base_x, zero_y - REACH_MM * mm, base_x, zero_y + REACH_MM * mm, INK, LINE_WIDTH)]
    for value, length, numbered in ticks():
        y = zero_y + value * mm
        shapes.append(Line(base_x, y, base_x + length * mm, y, INK, LINE_WIDTH))
        if numbered:
            shapes.append(TextLine(base_x + 4.6 * mm, y - 0.6 * mm, ((fonts.body, label(value)),),
                                   LABEL_PT, INK, "left"))
    shapes.append(TextLine(base_x + 1 * mm, zero_y + (REACH_MM + 2) * mm, ((fonts.bold, "Y"),),
                           11 if main else 8, INK, "left"))
    return shapes


def back_text_shapes(paper: str, fonts, back_offset_mm: tuple[float, float]) -> list:
    """What to do with the back, where it is held to the light."""
    height = PAPER_SIZES[paper][1]
    shapes = _title("Duplex calibration sheet: back", paper, fonts)
    x, y = back_offset_mm
    printed = (f" This sheet was printed with --back-offset {x:g},{y:g}: if it reads X and Y "
               f"now, use --back-offset {x:g}+X,{y:g}+Y." if (x, y) != (0, 0) else "")
    shapes += _paragraph(
        "Hold this side against a window or a lamp: the crosses printed on the front show "
        "through. At the middle cross, read the X scale where the cross's upright line crosses "
        "it, and the Y scale where its level line crosses it: millimetres, a number every 2 mm, a tick every 0.5 mm.\n"
        "Then build with the two numbers you read: pugdeck build --back-offset X,Y",
        paper, fonts, top=height - 24 * mm)
    shapes += _paragraph(
        "For example, X reads +1.5 and Y reads -0.5: pugdeck build --back-offset 1.5,-0.5 "
        "(the same for export png and everything else that prints backs). Both read 0: your "
        "printer needs no offset." + printed + "\n"
        "The four corner crosses should read the same within half a millimetre. If they do "
        "not, the printer turns or stretches the back, which no offset corrects: print with "
        "pugdeck build --duplex fold instead.",
        paper, fonts, top=INSET[1] - CROSS_ARM - 4 * mm)
    return shapes


def _title(text: str, paper: str, fonts) -> list:
    width, height = PAPER_SIZES[paper]
    return [TextLine(width / 2, height - 16 * mm, ((fonts.title, text),), 15, INK, "center")]


def _paragraph(text: str, paper: str, fonts, top: float) -> list:
    """Instructions in 8.5 pt across the sheet under its title, one block per line of `text`."""
    width = PAPER_SIZES[paper][0]
    shapes: list = []
    for block in text.split("\n"):
        fitted = fit_text(block, fonts.chain("body"), width - 40 * mm, 1000, 8.5, 8.5, 1.3)
        height = len(fitted.lines) * fitted.leading
        shapes += place_lines(fitted, (20 * mm, top - height, width - 40 * mm, height), "left",
                              GREY, "top")
        top -= height + 1.5 * mm
    return shapes
