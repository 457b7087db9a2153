"""Sheet geometry, checked on plain shapes: butted centred grid, crop marks outside every
card, backs at the mirror of their fronts, bleed pages."""

import itertools

import pytest
from reportlab.lib.units import mm

from pugdeck.render.sheets import back_slots, bleed_back_slot, bleed_page, sheet

POKER = (63.5 * mm, 88.9 * mm)


@pytest.mark.parametrize("paper, size_mm", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_three_by_three_butted_and_centred(paper, size_mm):
    page = sheet(paper, *POKER)
    assert (round(page.width / mm, 1), round(page.height / mm, 1)) == size_mm
    assert len(page.slots) == 9
    xs = sorted({round(s.x, 3) for s in page.slots})
    ys = sorted({round(s.y, 3) for s in page.slots})
    assert [round(b - a, 3) for a, b in itertools.pairwise(xs)] == [round(POKER[0], 3)] * 2  # butted
    assert [round(b - a, 3) for a, b in itertools.pairwise(ys)] == [round(POKER[1], 3)] * 2
    left, right = xs[0], page.width - xs[-1] - POKER[0]
    bottom, top = ys[0], page.height - ys[-1] - POKER[1]
    assert left == pytest.approx(right, abs=0.01) and bottom == pytest.approx(top, abs=0.01)
    assert bottom > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_outside_every_card(paper):
    page = sheet(paper, *POKER)
    assert len(page.crop_marks) == 2 * 4 + 2 * 4  # every cut line, at both ends
    for mark in page.crop_marks:
        assert 0 <= min(mark.x1, mark.x2) and max(mark.x1, mark.x2) <= page.width
        assert 0 <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= page.height
        assert not any(s.overlaps(mark.x1, mark.y1, mark.x2, mark.y2) for s in page.slots)
    # each mark continues a cut line: its x (vertical) or y (horizontal) is a card edge
    edges_x = {round(s.x, 3) for s in page.slots} | {round(s.x + s.width, 3) for s in page.slots}
    edges_y = {round(s.y, 3) for s in page.slots} | {round(s.y + s.height, 3) for s in page.slots}
    for mark in page.crop_marks:
        assert round(mark.x1, 3) in edges_x if mark.x1 == mark.x2 else round(mark.y1, 3) in edges_y


def test_long_edge_backs_swap_columns():
    page = sheet("a4", *POKER)
    backs = back_slots(page, "long")
    for i, (front, back) in enumerate(zip(page.slots, backs)):
        row, col = divmod(i, 3)
        mirror = page.slots[row * 3 + (2 - col)]
        assert (back.x, back.y) == pytest.approx((mirror.x, mirror.y))
        assert back.x == pytest.approx(page.width - front.x - front.width)  # flipped sheet
        assert not back.rotated


def test_short_edge_backs_swap_rows_and_turn():
    page = sheet("letter", *POKER)
    backs = back_slots(page, "short")
    for i, back in enumerate(backs):
        row, col = divmod(i, 3)
        mirror = page.slots[(2 - row) * 3 + col]
        assert (back.x, back.y) == pytest.approx((mirror.x, mirror.y))
        assert back.rotated


def test_back_offset_shifts_every_back():
    page = sheet("a4", *POKER)
    plain = back_slots(page, "long")
    shifted = back_slots(page, "long", (1 * mm, -0.5 * mm))
    for a, b in zip(plain, shifted):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1 * mm, -0.5 * mm))


def test_bleed_page_boxes():
    page = bleed_page(*POKER, 3 * mm)
    assert (page.width, page.height) == pytest.approx((POKER[0] + 6 * mm, POKER[1] + 6 * mm))
    assert page.trim_box == pytest.approx((3 * mm, 3 * mm, 3 * mm + POKER[0], 3 * mm + POKER[1]))
    assert page.bleed_box == pytest.approx((0, 0, page.width, page.height))
    assert bleed_back_slot(page, "short", (0, 0)).rotated
    assert not bleed_back_slot(page, "long", (0, 0)).rotated


def test_large_cards_get_fewer_per_sheet_within_the_margin():
    page = sheet("a4", 69.85 * mm, 120.65 * mm)  # tarot
    assert len(page.slots) == 4
    assert min(s.x for s in page.slots) >= 5 * mm and min(s.y for s in page.slots) >= 5 * mm
