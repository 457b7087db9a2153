"""The duplex calibration sheet, measured from its PDF: every number on a scale sits at its
tick, and a back shifted as a misregistering printer would shift it reads, at the cross
behind it, the --back-offset that cancels the shift."""

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from reportlab.lib.units import mm

from pugdeck.render.calibration import REACH_MM, RULER_GAP, calibration_pdf, stations
from pugdeck.render.sheets import PAPER_SIZES


def _objects(page, kind):
    textpage = page.get_textpage()
    for obj in page.get_objects():
        if obj.type == kind:
            if kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
                obj.textpage = textpage
            yield obj


def _cross(front, centre):
    """The front's cross nearest `centre`: the x of its upright line, the y of its level one."""
    paths = [o.get_bounds() for o in _objects(front, pdfium_c.FPDF_PAGEOBJ_PATH)]
    upright = [b for b in paths if b[3] - b[1] > 40 * mm and b[2] - b[0] < 1]
    level = [b for b in paths if b[2] - b[0] > 40 * mm and b[3] - b[1] < 1]
    x = min(((b[0] + b[2]) / 2 for b in upright), key=lambda v: abs(v - centre[0]))
    y = min(((b[1] + b[3]) / 2 for b in level), key=lambda v: abs(v - centre[1]))
    return x, y


def _numbers(back, centre, axis):
    """The numbers of the scale near `centre` on the back: (value, where it is centred)."""
    out = []
    for obj in _objects(back, pdfium_c.FPDF_PAGEOBJ_TEXT):
        text = obj.extract().strip()
        try:
            value = float(text)
        except ValueError:
            continue
        left, bottom, right, top = obj.get_bounds()
        if axis == "x" and abs(bottom - (centre[1] + RULER_GAP)) < 12 * mm \
                and abs((left + right) / 2 - centre[0]) < (REACH_MM + 1) * mm:
            out.append((value, (left + right) / 2))
        if axis == "y" and abs(left - (centre[0] + RULER_GAP)) < 8 * mm \
                and abs((bottom + top) / 2 - centre[1]) < (REACH_MM + 1) * mm:
            out.append((value, (bottom + top) / 2))
    return out


def _ticks(back, centre, axis):
    """Where the ticks of the scale near `centre` are: x of the X scale's, y of the Y's."""
    out = []
    for left, bottom, right, top in (o.get_bounds() for o in _objects(back, pdfium_c.FPDF_PAGEOBJ_PATH)):
        if axis == "x" and right - left < 1 and 1 * mm < top - bottom < 5 * mm \
                and abs(bottom - (centre[1] + RULER_GAP)) < 1:
            out.append((left + right) / 2)
        if axis == "y" and top - bottom < 1 and 1 * mm < right - left < 5 * mm \
                and abs(left - (centre[0] + RULER_GAP)) < 1:
            out.append((bottom + top) / 2)
    return out


def _reading(numbers, at: float) -> float:
    """What a user reads where the cross's line meets the scale, to the nearest tick: the
    numbers say where each value is; between them the scale is linear (checked below)."""
    (v1, p1), (v2, p2) = min(numbers), max(numbers)
    value = v1 + (at - p1) * (v2 - v1) / (p2 - p1)
    return round(value * 2) / 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_pages_of_the_paper_and_the_same_bytes_every_time(paper):
    data = calibration_pdf(paper)
    pdf = pdfium.PdfDocument(data)
    assert len(pdf) == 2
    for page in pdf:
        assert page.get_size() == pytest.approx(PAPER_SIZES[paper])
    assert data == calibration_pdf(paper)
    text = pdf[1].get_textpage().get_text_range()
    assert "--back-offset X,Y" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_number_sits_at_its_tick_in_true_millimetres(paper):
    back = pdfium.PdfDocument(calibration_pdf(paper))[1]
    for centre in stations(paper):
        for axis in ("x", "y"):
            ticks = _ticks(back, centre, axis)
            numbers = _numbers(back, centre, axis)
            assert len(numbers) >= 9, (centre, axis)
            zero = dict(numbers)[0.0]
            origin = centre[0] if axis == "x" else centre[1]
            assert zero == pytest.approx(origin, abs=0.2 * mm)  # 0 behind the cross
            for value, where in numbers:
                assert where - zero == pytest.approx(value * mm, abs=0.2 * mm), (axis, value)
                assert min(abs(t - where) for t in ticks) < 0.2 * mm, (axis, value)
            # a tick every half millimetre all along the scale
            along = sorted(t for t in ticks if abs(t - origin) <= REACH_MM * mm + 1)
            assert len(along) == 4 * REACH_MM + 1
            assert all(b - a == pytest.approx(0.5 * mm, abs=0.01) for a, b in zip(along, along[1:]))


@pytest.mark.parametrize("shift", [(0.0, 0.0), (1.5, -0.5), (-2.0, 3.5), (-7.5, -6.0)])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_shifted_back_reads_the_offset_that_cancels_it(paper, shift):
    # The printer that shifts its backs by `shift` is simulated by drawing the back shifted,
    # as --back-offset shifts it; seen through the paper, long- or short-edge, the middle
    # cross is where it was printed (the centre of the sheet stays put under both flips).
    pdf = pdfium.PdfDocument(calibration_pdf(paper, shift))
    width = PAPER_SIZES[paper][0]
    for centre in stations(paper):
        # long-edge, the front seen from the back is mirrored left-right: behind a corner's
        # scales is the cross of the corner across from it (the corners are symmetric)
        x, y = _cross(pdf[0], (width - centre[0], centre[1]))
        seen = (width - x, y)
        assert seen == pytest.approx(centre, abs=0.01)
        shifted = (centre[0] + shift[0] * mm, centre[1] + shift[1] * mm)
        read_x = _reading(_numbers(pdf[1], shifted, "x"), seen[0])
        read_y = _reading(_numbers(pdf[1], shifted, "y"), seen[1])
        assert (read_x, read_y) == (-shift[0], -shift[1]), centre


def test_an_unknown_paper_is_refused():
    with pytest.raises(ValueError, match="paper"):
        calibration_pdf("a5")


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_build_shifts_its_backs_the_way_the_sheet_was_read(duplex):
    # The reading is only right if `build --back-offset X,Y` moves the backs as the sheet's
    # own --back-offset moves its scales: the same way, the same millimetres, on the page.
    from helpers.render_decks import built_card, deck_doc, deck_folder
    from pugdeck.games.printing import render_pdf

    card = built_card({"id": "c", "kind": "pug", "level": "red", "question": "Who snores?",
                       "badges": 2, "descriptive": "loud", "turds": 2, "thermometer": 3})
    doc = deck_doc([card])

    def card_backs(data):  # each back is a form placed on the page
        page = pdfium.PdfDocument(data)[1]
        return sorted(o.get_bounds()[:2] for o in page.get_objects(max_depth=0))

    def scale_numbers(data):
        page = pdfium.PdfDocument(data)[1]
        return sorted(o.get_bounds()[:2] for o in _objects(page, pdfium_c.FPDF_PAGEOBJ_TEXT)
                      if o.extract().strip().lstrip("+-").isdigit())

    offset = (1.5, -0.5)
    plain = card_backs(render_pdf(doc, deck_folder=deck_folder(), duplex=duplex))
    shifted = card_backs(render_pdf(doc, deck_folder=deck_folder(), duplex=duplex,
                                    back_offset_mm=offset))
    sheet_plain = scale_numbers(calibration_pdf("a4"))
    sheet_shifted = scale_numbers(calibration_pdf("a4", offset))
    assert plain and len(sheet_plain) > 50
    for a, b in ((plain, shifted), (sheet_plain, sheet_shifted)):
        moves = {(round((q[0] - p[0]) / mm, 2), round((q[1] - p[1]) / mm, 2)) for p, q in zip(a, b)}
        assert moves == {offset}
