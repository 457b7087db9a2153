"""Portraits: every breed and variant draws, stays in its box, and is only vector paths."""

from __future__ import annotations

import io
import itertools

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from reportlab.pdfgen.canvas import Canvas

from pugdeck.games.pug_you.faces.portraits import (
    BREEDS,
    PORTRAIT_VARIANTS,
    draw_card_back_art,
    draw_portrait,
)

PAGE = 200.0  # points; the box sits at (MARGIN, MARGIN) so overflow would be visible
MARGIN = 40.0
SCALE = 2  # raster pixels per point
ALL = list(itertools.product(BREEDS, range(PORTRAIT_VARIANTS)))


def pdf_of(draw, width: float = 100.0, height: float = 100.0) -> bytes:
    """A one-page PDF with `draw(canvas, width, height)` called inside a box at MARGIN."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE, PAGE), invariant=1)
    canvas.translate(MARGIN, MARGIN)
    draw(canvas, width, height)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def portrait(breed: str, variant: int):
    return lambda canvas, w, h: draw_portrait(canvas, breed, variant, w, h)


def ink_box(pdf: bytes) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) in PDF points of everything not white, or None for a blank page."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=SCALE).to_pil().convert("L")
    box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    if box is None:
        return None
    left, top, right, bottom = (v / SCALE for v in box)
    return left, PAGE - bottom, right, PAGE - top


def page_objects(pdf: bytes) -> list[int]:
    page = pdfium.PdfDocument(pdf)[0]
    return [obj.type for obj in page.get_objects(max_depth=5)]


@pytest.mark.parametrize("breed,variant", ALL)
def test_every_breed_and_variant_draws_a_picture_that_fills_its_box(breed, variant):
    x0, y0, x1, y1 = ink_box(pdf_of(portrait(breed, variant)))
    assert x1 - x0 > 85 and y1 - y0 > 75, "the portrait should fill most of its box"


@pytest.mark.parametrize("breed,variant", ALL)
@pytest.mark.parametrize("width,height", [(100, 100), (120, 60), (50, 110)])
def test_portrait_stays_inside_its_box_and_is_centred(breed, variant, width, height):
    size = min(width, height)
    x0, y0, x1, y1 = ink_box(pdf_of(portrait(breed, variant), width, height))
    slack = 1 / SCALE
    # Centred: the square the portrait fills lies in the middle of the box.
    left, bottom = MARGIN + (width - size) / 2, MARGIN + (height - size) / 2
    assert x0 >= left - slack and x1 <= left + size + slack
    assert y0 >= bottom - slack and y1 <= bottom + size + slack


@pytest.mark.parametrize("breed,variant", ALL)
def test_portrait_is_only_vector_paths_and_not_too_many(breed, variant):
    kinds = page_objects(pdf_of(portrait(breed, variant)))
    assert set(kinds) == {pdfium_c.FPDF_PAGEOBJ_PATH}, "no text, images or shadings"
    assert len(kinds) < 150


def test_unknown_breed_is_drawn_as_the_pug():
    for variant in range(PORTRAIT_VARIANTS):
        assert pdf_of(portrait("space-poodle", variant)) == pdf_of(portrait("pug", variant))


def test_drawing_is_deterministic():
    for breed, variant in ALL:
        assert pdf_of(portrait(breed, variant)) == pdf_of(portrait(breed, variant))


@pytest.mark.parametrize("breed", BREEDS)
def test_variants_of_a_breed_all_look_different(breed):
    drawings = {pdf_of(portrait(breed, v)) for v in range(PORTRAIT_VARIANTS)}
    assert len(drawings) == PORTRAIT_VARIANTS


def test_variant_numbers_wrap_around():
    assert pdf_of(portrait("pug", PORTRAIT_VARIANTS + 1)) == pdf_of(portrait("pug", 1))
    assert pdf_of(portrait("pug", -1)) == pdf_of(portrait("pug", PORTRAIT_VARIANTS - 1))


def test_breeds_all_look_different():
    assert len({pdf_of(portrait(breed, 0)) for breed in BREEDS}) == len(BREEDS)


def test_graphics_state_is_restored_after_drawing():
    def draw_then_square(canvas, w, h):
        draw_portrait(canvas, "french-bulldog", 1, w, h)
        canvas.rect(-30, -30, 10, 10, stroke=0, fill=1)  # default black, no transform left over

    image = pdfium.PdfDocument(pdf_of(draw_then_square))[0].render(scale=SCALE).to_pil()
    x, y = (MARGIN - 25) * SCALE, (PAGE - MARGIN + 25) * SCALE
    assert image.convert("L").getpixel((x, y)) == 0


def test_portrait_can_be_drawn_once_into_a_form_and_reused():
    def via_form(canvas, w, h):
        canvas.beginForm("pug0")
        draw_portrait(canvas, "pug", 0, w, h)
        canvas.endForm()
        canvas.doForm("pug0")

    assert ink_box(pdf_of(via_form)) == ink_box(pdf_of(portrait("pug", 0)))


@pytest.mark.parametrize("width,height", [(63.5 * 2.8346, 88.9 * 2.8346), (100, 100)])
def test_card_back_art_covers_its_box_and_nothing_else(width, height):
    def back(canvas, w, h):
        draw_card_back_art(canvas, w, h)

    pdf = pdf_of(back, width / 2, height / 2)  # half size so it fits on the test page
    x0, y0, x1, y1 = ink_box(pdf)
    slack = 1 / SCALE
    assert (x0, y0) == pytest.approx((MARGIN, MARGIN), abs=slack)
    assert (x1, y1) == pytest.approx((MARGIN + width / 2, MARGIN + height / 2), abs=slack)
    assert set(page_objects(pdf)) == {pdfium_c.FPDF_PAGEOBJ_PATH}
