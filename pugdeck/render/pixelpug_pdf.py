"""The PixelPug print-and-play PDF: the same sheets, crop marks, duplex and bleed pages as
Pug You! (`sheets.py`, `drawing.py`), with PixelPug faces and a back per card — the Treats
have their own back, so each backs page puts every card's own back behind it.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as pdfcanvas

from pugdeck.authoring.diagnostics import DeckError, Diagnostic
from pugdeck.render.drawing import Forms, draw_card, draw_shapes
from pugdeck.render.fonts import font_set
from pugdeck.render.forms import FormContext
from pugdeck.render.pixelpug_face import pixelpug_back, pixelpug_face
from pugdeck.render.shapes import CardFace, Place
from pugdeck.render.sheets import back_slots, bleed_back_slot, bleed_page, sheet
from pugdeck.render.templates import resolve_template


def render_pixelpug_pdf(built_doc: dict, *, deck_folder: Path, paper: str = "a4",
                        duplex: str = "long", bleed_mm: float | None = None,
                        back_offset_mm: tuple[float, float] = (0.0, 0.0), template: str | None = None,
                        progress: Callable[[int, int], None] | None = None, **_unused) -> bytes:
    """The PDF of a built PixelPug deck as bytes (same input, same bytes); arguments as
    `pdf.render_pdf`, which calls this for PixelPug decks. Raises `DeckError` naming every
    card whose text does not fit or has a character no bundled font can print."""
    deck = built_doc.get("deck", {})
    tpl = resolve_template(template or deck.get("template") or "pixelpug", Path(deck_folder))
    fonts = font_set(tpl.fonts)
    out = io.BytesIO()
    c = pdfcanvas.Canvas(out, invariant=1, pageCompression=1, initialFontName=fonts.body,
                         initialFontSize=10)
    c.setTitle(deck.get("name") or "PixelPug")
    c.setSubject(f"Print-and-play cards of {deck.get('name', 'PixelPug')} {deck.get('version', '')}".strip())
    c.setCreator("pugdeck")
    c.setAuthor("pugdeck")
    bleed = (bleed_mm or 0.0) * mm
    card_w, card_h = tpl.width_mm * mm, tpl.height_mm * mm
    back_art: dict[tuple, CardFace] = {}
    backs: dict[str, CardFace] = {}
    for pile in ("main", "treats"):
        key = ("pixelpug-back", pile)
        back_art[key] = pixelpug_back(tpl, fonts, deck.get("name") or "PixelPug", pile == "treats", bleed)
        backs[pile] = CardFace((Place(key, -bleed, -bleed, card_w + 2 * bleed, card_h + 2 * bleed),),
                               card_w, card_h)
    forms = _forms(c, FormContext(tpl.colors, Path(deck_folder)), back_art)
    problems: list[Diagnostic] = []
    cards = built_doc.get("cards", [])
    faces = []
    for card in cards:
        face, found = pixelpug_face(card, tpl, fonts, bleed)
        problems += found
        faces.append((face, backs[card.get("pile", "main")]))
    if problems:
        raise DeckError(problems)
    offset = (back_offset_mm[0] * mm, back_offset_mm[1] * mm)
    if bleed_mm is not None:
        page = bleed_page(card_w, card_h, bleed)
        for done, (face, back) in enumerate(faces, 1):
            for slot, this in [(page.slot, face)] + (
                    [] if duplex == "none" else [(bleed_back_slot(page, duplex, offset), back)]):
                c.setPageSize((page.width, page.height))
                c.setTrimBox(page.trim_box)
                c.setBleedBox(page.bleed_box)
                forms.ensure_all(this.shapes)
                draw_card(c, this, slot, forms)
                c.showPage()
            if progress:
                progress(done, len(faces))
    else:
        layout = sheet(paper, card_w, card_h)
        c.setPageSize((layout.width, layout.height))
        back_places = back_slots(layout, duplex, offset)
        per_page = len(layout.slots)
        for start in range(0, len(faces), per_page):
            chunk = faces[start:start + per_page]
            for (face, _back), slot in zip(chunk, layout.slots):
                forms.ensure_all(face.shapes)
                draw_card(c, face, slot, forms)
            draw_shapes(c, layout.crop_marks, forms)
            c.showPage()
            if duplex != "none":
                for (_face, back), slot in zip(chunk, back_places):
                    forms.ensure_all(back.shapes)
                    draw_card(c, back, slot, forms)
                c.showPage()
            if progress:
                progress(start + len(chunk), len(faces))
    c.save()
    return out.getvalue()


def _forms(c, context: FormContext, faces: dict[tuple, CardFace]) -> Forms:
    """Forms that draw our two backs from their shapes. `Forms` takes such pictures as a
    `face_for` lookup; an older `Forms` registered them one by one with `add_face`."""
    try:
        return Forms(c, context, faces.get)
    except TypeError:
        forms = Forms(c, context)
        for key, face in faces.items():
            forms.add_face(key, face)
        return forms
