"""The print-and-play PDF of a built deck: deterministic bytes, streamed page by page.

Faces are laid out nine at a time, drawn, and dropped, so memory stays flat however many
cards a deck has; each distinct picture is a form XObject drawn once per document.
"""

from __future__ import annotations

import io
from contextlib import contextmanager
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as pdfcanvas

from pugdeck.authoring.diagnostics import DeckError, Diagnostic
from pugdeck.render.card_faces import blank_custom_face, card_face, frame_face
from pugdeck.render.drawing import Forms, draw_card, draw_shapes
from pugdeck.render.fonts import FontSet, font_set
from pugdeck.render.forms import FormContext
from pugdeck.render.other_faces import back_face, turd_card_face, turn_overview_face
from pugdeck.render.shapes import CardFace, Place
from pugdeck.render.sheets import (DUPLEX_MODES, PAPER_SIZES, back_slots, bleed_back_slot,
                                   bleed_page, sheet)
from pugdeck.render.templates import Template, resolve_template

MAX_BLEED_MM = 10.0
BACK_KEY = ("back",)


def render_pdf(built_doc: dict, *, deck_folder: Path, blanks: int = 0, paper: str = "a4",
               duplex: str = "long", bleed_mm: float | None = None,
               back_offset_mm: tuple[float, float] = (0.0, 0.0), template: str | None = None,
               progress: Callable[[int, int], None] | None = None) -> bytes:
    """The PDF of `built_doc` (the built-deck dict) as bytes; the same input gives the same bytes.

    Prints every card, `blanks` blank blue customs, the deck's turd cards and one turn
    overview card, 3 x 3 per sheet with crop marks and a backs page after each fronts page
    (`duplex` long/short; none prints no backs), or one card per page when `bleed_mm` is set.
    Raises `DeckError` naming every card whose text does not fit or has a character no
    bundled font can print.
    """
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper must be one of {', '.join(PAPER_SIZES)}, not {paper!r}")
    if duplex not in DUPLEX_MODES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_MODES)}, not {duplex!r}")
    if bleed_mm is not None and not 0 <= bleed_mm <= MAX_BLEED_MM:
        raise ValueError(f"bleed must be between 0 and {MAX_BLEED_MM:g} mm, not {bleed_mm}")
    if built_doc.get("game") == "pixelpug":  # its own faces and a back per pile
        from pugdeck.render.pixelpug_pdf import render_pixelpug_pdf
        return render_pixelpug_pdf(built_doc, deck_folder=deck_folder, paper=paper, duplex=duplex,
                                   bleed_mm=bleed_mm, back_offset_mm=back_offset_mm,
                                   template=template, progress=progress)
    with _binary_streams():
        return _render(built_doc, Path(deck_folder), blanks, paper, duplex, bleed_mm,
                       back_offset_mm, template, progress)


@contextmanager
def _binary_streams():
    """Write compressed streams as binary instead of ASCII85 text: a quarter smaller and, in
    pure-Python reportlab, a fifth of the build time saved. reportlab reads this switch from
    its global config when each stream is written, so it is set only for our own build."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


def _render(built_doc, deck_folder, blanks, paper, duplex, bleed_mm, back_offset_mm, template,
            progress) -> bytes:
    deck = built_doc.get("deck", {})
    tpl = resolve_template(template or deck.get("template") or "pug-you", Path(deck_folder))
    fonts = font_set(tpl.fonts)
    out = io.BytesIO()
    c = pdfcanvas.Canvas(out, invariant=1, pageCompression=1, initialFontName=fonts.body,
                         initialFontSize=10)
    _metadata(c, built_doc, paper)
    bleed = (bleed_mm or 0.0) * mm
    card_back = back_face(tpl, fonts, deck.get("name") or "Pug You!", bleed)

    def face_for(key: tuple) -> CardFace | None:
        if key == BACK_KEY:
            return card_back
        return frame_face(key, tpl) if key[0] == "frame" else None

    forms = Forms(c, FormContext(tpl.colors, Path(deck_folder)), face_for)
    card_w, card_h = tpl.width_mm * mm, tpl.height_mm * mm
    back = CardFace((Place(BACK_KEY, -bleed, -bleed, card_w + 2 * bleed, card_h + 2 * bleed),),
                    card_w, card_h)
    offset = (back_offset_mm[0] * mm, back_offset_mm[1] * mm)
    cards = built_doc.get("cards", [])
    turds = [x for x in built_doc.get("components", []) if x.get("kind") == "turd"]
    total = len(cards) + blanks + len(turds) + 1
    diagnostics: list[Diagnostic] = []
    faces = _faces(cards, blanks, len(turds), tpl, fonts, bleed, diagnostics)
    tick = _counter(total, progress)
    if bleed_mm is not None:
        _bleed_pages(c, faces, back, forms, bleed_page(card_w, card_h, bleed), duplex, offset, tick)
    else:
        _sheet_pages(c, faces, back, forms, sheet(paper, card_w, card_h), duplex, offset, tick)
    if diagnostics:
        raise DeckError(diagnostics)
    c.save()
    return out.getvalue()


def _sheet_pages(c, faces: Iterator[CardFace], back: CardFace, forms: Forms, layout, duplex: str,
                 offset: tuple[float, float], tick: Callable[[int], None]) -> None:
    """Nine fronts a page with crop marks, each page followed by its mirrored backs."""
    c.setPageSize((layout.width, layout.height))
    backs = back_slots(layout, duplex, offset)
    while chunk := list(islice(faces, len(layout.slots))):
        for face in chunk:  # forms are defined between pages, never inside one
            forms.ensure_all(face.shapes)
        for face, slot in zip(chunk, layout.slots):
            draw_card(c, face, slot, forms)
        draw_shapes(c, layout.crop_marks, forms)
        c.showPage()
        if duplex != "none":
            forms.ensure_all(back.shapes)
            for slot in backs[:len(chunk)]:
                draw_card(c, back, slot, forms)
            c.showPage()
        tick(len(chunk))


def _bleed_pages(c, faces: Iterator[CardFace], back: CardFace, forms: Forms, page, duplex: str,
                 offset: tuple[float, float], tick: Callable[[int], None]) -> None:
    """One card a page with its bleed, TrimBox and BleedBox; its back on the next page."""
    for face in faces:
        sides = [(page.slot, face)]
        if duplex != "none":
            sides.append((bleed_back_slot(page, duplex, offset), back))
        for slot, side in sides:
            c.setPageSize((page.width, page.height))
            c.setTrimBox(page.trim_box)
            c.setBleedBox(page.bleed_box)
            forms.ensure_all(side.shapes)
            draw_card(c, side, slot, forms)
            c.showPage()
        tick(1)


def _counter(total: int, progress: Callable[[int, int], None] | None) -> Callable[[int], None]:
    done = 0

    def tick(cards: int) -> None:
        nonlocal done
        done += cards
        if progress:
            progress(done, total)

    return tick


def _faces(cards: list[dict], blanks: int, turd_cards: int, tpl: Template, fonts: FontSet,
           bleed: float, diagnostics: list[Diagnostic]) -> Iterator[CardFace]:
    """Every front, lazily: question cards, blank customs, turd cards, the turn overview."""
    for card in cards:
        face, problems = card_face(card, tpl, fonts, bleed)
        diagnostics.extend(problems)
        yield face
    if blanks:
        blank = blank_custom_face(tpl, fonts, bleed)
        for _ in range(blanks):
            yield blank
    for number in range(1, turd_cards + 1):
        yield turd_card_face(tpl, fonts, number, bleed)
    yield turn_overview_face(tpl, fonts, bleed)


def _metadata(c, built_doc: dict, paper: str) -> None:
    deck = built_doc.get("deck", {})
    title = deck.get("name") or built_doc.get("name") or "pugdeck"
    variant = built_doc.get("name")
    c.setTitle(f"{title} ({variant})" if variant and variant != deck.get("id") else title)
    c.setSubject(f"Print-and-play cards of {title} {deck.get('version', '')}".strip()
                 + f", {paper.upper() if paper == 'a4' else 'US Letter'}")
    c.setCreator("pugdeck")
    c.setAuthor(deck.get("author") or "pugdeck")
