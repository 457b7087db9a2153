"""Fold-and-glue sheets, checked on their geometry: each back beside its own front, where a
fold puts it behind that front upright, with solid cut marks and dashed fold marks outside
every painted area."""

import pytest
from reportlab.lib.units import mm

from pugdeck.render.fold import SIDE_BY_SIDE, STACKED, fold_sheet

POKER = (63.5 * mm, 88.9 * mm)
WIDE = (150 * mm, 60 * mm)  # too wide to sit twice across any sheet: its pairs are stacked


def _seen_from_behind(sheet, pair, u, v):
    """Where the back's own point (u, v) (from its upright bottom-left) ends up, seen on the
    finished card turned over left to right: fold the back half behind the front (a turn
    about the fold line), then turn the card about its upright centre line."""
    back, front = pair.back, pair.front
    # where the point is printed on the sheet
    if back.rotated:
        x, y = back.x + back.width - u, back.y + back.height - v
    else:
        x, y = back.x + u, back.y + v
    # the fold: a turn about the line the halves share
    if sheet.arrangement == SIDE_BY_SIDE:
        x = 2 * (front.x + front.width) - x
    else:
        y = 2 * front.y - y
    # turned over left to right, the card's right edge is now on the viewer's left
    return front.x + front.width - x, y - front.y


def _distinct(values) -> list[float]:
    """Sorted, with values within a thousandth of a point counted once."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > 1e-3:
            out.append(v)
    return out


def _without(values: list[float], drop: list[float]) -> list[float]:
    return [v for v in values if all(abs(v - d) > 1e-3 for d in drop)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_pairs_side_by_side_four_a_landscape_page(paper):
    sheet = fold_sheet(paper, *POKER)
    assert sheet.arrangement == SIDE_BY_SIDE
    assert sheet.width > sheet.height  # landscape: 2 x 2 pairs instead of 3
    assert len(sheet.pairs) == 4
    for pair in sheet.pairs:
        front, back = pair.front, pair.back
        assert back.x == pytest.approx(front.x + front.width)  # they meet at the fold
        assert back.y == pytest.approx(front.y)
        assert (back.width, back.height) == pytest.approx(POKER)
        assert not back.rotated and not front.rotated
        for slot in (front, back):  # inside the sheet's 5 mm margin
            assert slot.x >= 5 * mm and slot.x + slot.width <= sheet.width - 5 * mm
            assert slot.y >= 5 * mm and slot.y + slot.height <= sheet.height - 5 * mm


@pytest.mark.parametrize("size, arrangement", [(POKER, SIDE_BY_SIDE), (WIDE, STACKED)])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_back_ends_up_upright_behind_its_own_front(paper, size, arrangement):
    sheet = fold_sheet(paper, *size)
    assert sheet.arrangement == arrangement
    width, height = size
    for pair in sheet.pairs:
        for u, v in [(0, 0), (width, 0), (0, height), (3 * mm, 10 * mm), (width / 2, height - mm)]:
            assert _seen_from_behind(sheet, pair, u, v) == pytest.approx((u, v), abs=1e-6)


def test_stacked_backs_are_below_and_turned():
    sheet = fold_sheet("a4", *WIDE)
    assert len(sheet.pairs) == 2
    for pair in sheet.pairs:
        assert pair.back.rotated
        assert pair.back.y + pair.back.height == pytest.approx(pair.front.y)
        assert pair.back.x == pytest.approx(pair.front.x)


@pytest.mark.parametrize("bleed", [0.0, 3 * mm])
@pytest.mark.parametrize("paper, size", [("a4", POKER), ("letter", POKER), ("a4", WIDE)])
def test_cut_marks_solid_fold_marks_dashed_and_outside_every_card(paper, size, bleed):
    sheet = fold_sheet(paper, *size, bleed)
    assert sheet.cut_marks and sheet.fold_marks
    assert all(not m.dash for m in sheet.cut_marks)
    assert all(m.dash for m in sheet.fold_marks)
    side = sheet.arrangement == SIDE_BY_SIDE
    folds = _distinct(p.back.x if side else p.front.y for p in sheet.pairs)
    assert _distinct(m.x1 if side else m.y1 for m in sheet.fold_marks) == pytest.approx(folds)
    assert len(sheet.fold_marks) == 2 * len(folds)  # at both ends of every fold line
    edges_x = _distinct(e for p in sheet.pairs for s in (p.front, p.back) for e in (s.x, s.x + s.width))
    edges_y = _distinct(e for p in sheet.pairs for s in (p.front, p.back) for e in (s.y, s.y + s.height))
    cuts_x = _distinct(m.x1 for m in sheet.cut_marks if m.x1 == m.x2)
    cuts_y = _distinct(m.y1 for m in sheet.cut_marks if m.y1 == m.y2)
    # every trim edge is cut, except the fold, which is no cut
    assert cuts_x == pytest.approx(_without(edges_x, folds) if side else edges_x)
    assert cuts_y == pytest.approx(edges_y if side else _without(edges_y, folds))
    for mark in sheet.cut_marks + sheet.fold_marks:
        assert 0 < min(mark.x1, mark.x2) and max(mark.x1, mark.x2) < sheet.width
        assert 0 < min(mark.y1, mark.y2) and max(mark.y1, mark.y2) < sheet.height
        for pair in sheet.pairs:
            for clip in (pair.front_clip, pair.back_clip):  # the painted area, bleed included
                lo_x, hi_x = sorted((mark.x1, mark.x2))
                lo_y, hi_y = sorted((mark.y1, mark.y2))
                assert hi_x < clip.x or lo_x > clip.x + clip.width \
                    or hi_y < clip.y or lo_y > clip.y + clip.height


@pytest.mark.parametrize("size", [POKER, WIDE])
def test_bleed_on_the_three_outer_sides_and_none_over_the_fold(size):
    bleed = 3 * mm
    sheet = fold_sheet("a4", *size, bleed)
    side = sheet.arrangement == SIDE_BY_SIDE
    for pair in sheet.pairs:
        f, b, fc, bc = pair.front, pair.back, pair.front_clip, pair.back_clip
        if side:
            assert (fc.x, fc.x + fc.width) == pytest.approx((f.x - bleed, f.x + f.width))
            assert (bc.x, bc.x + bc.width) == pytest.approx((b.x, b.x + b.width + bleed))
            for slot, clip in ((f, fc), (b, bc)):
                assert (clip.y, clip.y + clip.height) == pytest.approx((slot.y - bleed, slot.y + slot.height + bleed))
        else:
            assert (fc.y, fc.y + fc.height) == pytest.approx((f.y, f.y + f.height + bleed))
            assert (bc.y, bc.y + bc.height) == pytest.approx((b.y - bleed, b.y + b.height))
    clips = [c for p in sheet.pairs for c in (p.front_clip, p.back_clip)]
    for i, a in enumerate(clips):  # no half paints over another
        for c in clips[i + 1:]:
            overlap_x = min(a.x + a.width, c.x + c.width) - max(a.x, c.x)
            overlap_y = min(a.y + a.height, c.y + c.height) - max(a.y, c.y)
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6


def test_cards_too_large_to_fold_get_no_sheet():
    assert fold_sheet("a4", 150 * mm, 200 * mm) is None
    assert fold_sheet("letter", 150 * mm, 150 * mm) is None
