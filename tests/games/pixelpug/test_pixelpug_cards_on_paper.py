"""PixelPug cards on paper: faces, the two backs, the sheets of the shared renderer."""

from __future__ import annotations

import pytest

from pugdeck.render.fonts import font_set
from pugdeck.render.pixelpug_face import pixelpug_back, pixelpug_face
from pugdeck.render.pixelpug_pdf import render_pixelpug_pdf
from pugdeck.render.shapes import Rect
from pugdeck.render.templates import load_template
from pugdeck.resources import bundled_deck


@pytest.fixture(scope="module")
def template():
    return load_template("pixelpug")


@pytest.fixture(scope="module")
def fonts(template):
    return font_set(template.fonts)


def card(built_doc, card_id):
    return next(c for c in built_doc["cards"] if c["id"] == card_id)


def background(face):
    return face.shapes[0].fill


def test_attacks_are_red_and_other_cards_are_not(built_doc, template, fonts):
    red, _ = pixelpug_face(card(built_doc, "nip#1"), template, fonts)
    plain, _ = pixelpug_face(card(built_doc, "nap#1"), template, fonts)
    assert background(red) == template.colors["red"] != background(plain)


def test_every_bundled_card_fits_and_copies_look_alike(built_doc, template, fonts):
    faces = {}
    for entry in built_doc["cards"]:
        face, problems = pixelpug_face(entry, template, fonts)
        assert problems == [], entry["id"]
        faces.setdefault(entry["card"], set()).add(tuple(s for s in face.shapes if isinstance(s, Rect)))
    assert all(len(looks) == 1 for looks in faces.values())


def test_text_that_cannot_fit_is_an_error_naming_the_card(built_doc, template, fonts):
    long = {**card(built_doc, "nap#1"), "text": "Zzz " * 200}
    _face, problems = pixelpug_face(long, template, fonts)
    assert problems and problems[0].card == "nap" and problems[0].field == "text"


def test_the_treats_have_their_own_back(template, fonts):
    main = pixelpug_back(template, fonts, "PixelPug", treats=False)
    treats = pixelpug_back(template, fonts, "PixelPug", treats=True)
    assert background(main) != background(treats)


def test_the_pdf_has_fronts_and_backs_pages_and_is_deterministic(built_doc):
    first = render_pixelpug_pdf(built_doc, deck_folder=bundled_deck("pixelpug"))
    again = render_pixelpug_pdf(built_doc, deck_folder=bundled_deck("pixelpug"))
    assert first == again and first.startswith(b"%PDF")
    import pypdf, io

    assert len(pypdf.PdfReader(io.BytesIO(first)).pages) == 8  # 36 cards: 4 fronts + 4 backs
    single = render_pixelpug_pdf(built_doc, deck_folder=bundled_deck("pixelpug"), duplex="none")
    assert len(pypdf.PdfReader(io.BytesIO(single)).pages) == 4
