"""The print-and-play PDF of a built deck, for any game: deterministic bytes, streamed page
by page.

The game lays its faces out (`GameSpec.print_run`: fronts in print order, each naming its
back); this module puts them on sheets with crop marks and duplex backs, or one card a page
with bleed. Faces are laid out nine at a time, drawn, and dropped, and each page is
compressed as it ends (`page_streams`): a finished page is held as its compressed bytes,
not its text, until the document is saved. Each distinct picture is a form XObject drawn
once per document.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import NamedTuple

from reportlab import rl_config
from reportlab.lib.units import mm

from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.render.deck_fonts import deck_template
from pugdeck.render.drawing import Forms, draw_card, draw_clipped, draw_shapes
from pugdeck.render.fold import FoldSheet, fold_sheet
from pugdeck.render.fonts import font_set
from pugdeck.render.forms import FormContext
from pugdeck.render.page_streams import StreamingCanvas
from pugdeck.render.print_run import PdfInfo, Printer
from pugdeck.render.proof import proof_marked
from pugdeck.render.shapes import CardFace
from pugdeck.render.sheets import (
    DUPLEX_MODES,
    PAPER_SIZES,
    back_slots,
    bleed_back_slot,
    bleed_page,
    sheet,
)

MAX_BLEED_MM = 10.0
PAPER_LABELS = {"a4": "A4", "letter": "US Letter"}

Side = tuple[CardFace, CardFace]  # a front and the back printed behind it


class PdfLayout(NamedTuple):
    """What a print-and-play PDF is, for the summary a user reads before printing it: its
    page size, the paper it is for (None: pages cut to the card and its bleed), and how many
    cards (fold: front-and-back pairs) each page holds."""

    width_mm: float
    height_mm: float
    paper: str | None
    cards_per_page: int


def pdf_layout(built: Built, printer: Printer, *, paper: str = "a4", duplex: str = "long",
               bleed_mm: float | None = None, template: str | None = None) -> PdfLayout:
    """The layout `render_built_pdf` gives these options (the same functions place the cards),
    its template loaded by `printer` (the deck's game)."""
    tpl = printer.load_template(template or built.template, built.folder)
    card_w, card_h, bleed = tpl.width_mm * mm, tpl.height_mm * mm, (bleed_mm or 0.0) * mm
    if duplex == "fold":
        layout = _fold_layout(paper, card_w, card_h, bleed, tpl)
        width, height, on_paper, per_page = layout.width, layout.height, paper, len(layout.pairs)
    elif bleed_mm is not None:
        page = bleed_page(card_w, card_h, bleed)
        width, height, on_paper, per_page = page.width, page.height, None, 1
    else:
        layout = sheet(paper, card_w, card_h)
        width, height, on_paper, per_page = layout.width, layout.height, paper, len(layout.slots)
    return PdfLayout(round(width / mm, 1), round(height / mm, 1), on_paper, per_page)


def render_built_pdf(built: Built, printer: Printer, *, paper: str = "a4", duplex: str = "long",
                     bleed_mm: float | None = None,
                     back_offset_mm: tuple[float, float] = (0.0, 0.0),
                     template: str | None = None,
                     progress: Callable[[int, int], None] | None = None,
                     proof: Callable[[str], str] | None = None) -> bytes:
    """The PDF of `built` as bytes, its faces laid out by `printer` (the deck's game); the
    same input gives the same bytes.

    Prints every face the game lays out (`built.blanks` blank cards for a game that has
    them), 3 x 3 per sheet with crop marks and a backs page after each fronts page
    (`duplex` long/short; none prints no backs), or one card per page when `bleed_mm` is set;
    `duplex` fold prints each front beside its back, to cut, fold and glue (render/fold.py),
    with `bleed_mm` around each folded pair.
    With `proof`, each front is marked with `proof(card_id)`, small, at its foot
    (render/proof.py: `build --proof`).
    The template is `template`, else the deck's, else the game's default. Raises `DeckError`
    naming every card whose text does not fit or has a character no bundled font can print,
    and when the deck's game cannot be printed.
    """
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper must be one of {', '.join(PAPER_SIZES)}, not {paper!r}")
    if duplex not in DUPLEX_MODES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_MODES)}, not {duplex!r}")
    if bleed_mm is not None and not 0 <= bleed_mm <= MAX_BLEED_MM:
        raise ValueError(f"bleed must be between 0 and {MAX_BLEED_MM:g} mm, not {bleed_mm}")
    with _binary_streams():
        return _render(built, printer, paper, duplex, bleed_mm, back_offset_mm, template, progress, proof)


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


def _render(built: Built, printer: Printer, paper, duplex, bleed_mm, back_offset_mm, template,
            progress, proof) -> bytes:
    tpl = deck_template(printer, template or built.template, built.folder, built.deck)  # its fonts too
    fonts = font_set(tpl.fonts)
    bleed = (bleed_mm or 0.0) * mm
    run = printer.print_run(built, tpl, fonts, bleed)
    out = io.BytesIO()
    c = StreamingCanvas(out, invariant=1, pageCompression=1, initialFontName=fonts.body,
                        initialFontSize=10)
    _metadata(c, run.info, paper)
    forms = Forms(c, FormContext(built.folder, run.painters), run.pictures)
    card_w, card_h = tpl.width_mm * mm, tpl.height_mm * mm
    offset = (back_offset_mm[0] * mm, back_offset_mm[1] * mm)
    sides = ((face if proof is None else proof_marked(face, proof(info.card_id), fonts),
              run.backs[info.back]) for info, face in run.fronts)
    tick = _counter(run.count, progress)
    if duplex == "fold":
        _fold_pages(c, sides, forms, _fold_layout(paper, card_w, card_h, bleed, tpl), tick)
    elif bleed_mm is not None:
        _bleed_pages(c, sides, forms, bleed_page(card_w, card_h, bleed), duplex, offset, tick)
    else:
        _sheet_pages(c, sides, forms, sheet(paper, card_w, card_h), duplex, offset, tick)
    if run.diagnostics:  # copies of a card share their text: report each problem once
        raise DeckError(list(dict.fromkeys(run.diagnostics)))
    c.save()
    return out.getvalue()


def _sheet_pages(c, sides: Iterator[Side], forms: Forms, layout, duplex: str,
                 offset: tuple[float, float], tick: Callable[[int], None]) -> None:
    """Nine fronts a page with crop marks, each page followed by its mirrored backs."""
    c.setPageSize((layout.width, layout.height))
    back_places = back_slots(layout, duplex, offset)
    while chunk := list(islice(sides, len(layout.slots))):
        for face, _back in chunk:  # forms are defined between pages, never inside one
            forms.ensure_all(face.shapes)
        for (face, _back), slot in zip(chunk, layout.slots):
            draw_card(c, face, slot, forms)
        draw_shapes(c, layout.crop_marks, forms)
        c.showPage()
        if duplex != "none":
            for _face, back in chunk:
                forms.ensure_all(back.shapes)
            for (_face, back), slot in zip(chunk, back_places):
                draw_card(c, back, slot, forms)
            c.showPage()
        tick(len(chunk))


def _fold_layout(paper: str, card_w: float, card_h: float, bleed: float, tpl) -> FoldSheet:
    layout = fold_sheet(paper, card_w, card_h, bleed)
    if layout is None:
        raise DeckError([Diagnostic("", 0, 0, None, "duplex", ERROR,
                                    f"--duplex fold: a front and its back of template '{tpl.name}' "
                                    f"({tpl.width_mm:g} x {tpl.height_mm:g} mm each"
                                    + (f", with {bleed / mm:g} mm bleed" if bleed else "")
                                    + f") do not fit side by side or one above the other on "
                                    f"{PAPER_LABELS[paper]}; print with --duplex long or short")])
    return layout


def _fold_pages(c, sides: Iterator[Side], forms: Forms, layout: FoldSheet,
                tick: Callable[[int], None]) -> None:
    """Fronts beside their backs on one side of the paper, with cut and fold marks."""
    c.setPageSize((layout.width, layout.height))
    while chunk := list(islice(sides, len(layout.pairs))):
        for face, back in chunk:  # forms are defined between pages, never inside one
            forms.ensure_all(face.shapes)
            forms.ensure_all(back.shapes)
        for (face, back), pair in zip(chunk, layout.pairs):
            draw_clipped(c, face, pair.front, pair.front_clip, forms)
            draw_clipped(c, back, pair.back, pair.back_clip, forms)
        draw_shapes(c, layout.cut_marks + layout.fold_marks, forms)
        c.showPage()
        tick(len(chunk))


def _bleed_pages(c, sides: Iterator[Side], forms: Forms, page, duplex: str,
                 offset: tuple[float, float], tick: Callable[[int], None]) -> None:
    """One card a page with its bleed, TrimBox and BleedBox; its back on the next page."""
    for face, back in sides:
        both = [(page.slot, face)]
        if duplex != "none":
            both.append((bleed_back_slot(page, duplex, offset), back))
        for slot, side in both:
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


def _metadata(c, info: PdfInfo, paper: str) -> None:
    c.setTitle(info.title)
    c.setSubject(info.subject + (f", {PAPER_LABELS.get(paper, paper)}" if info.names_paper else ""))
    c.setCreator("pugdeck")
    c.setAuthor(info.author)


_PAGE_TREE_COUNT = re.compile(rb"<<\s*/Count (\d+) /Kids \[")


def page_count(document: bytes) -> int:
    """The pages of a PDF this module wrote, read from its page tree: reportlab writes one
    flat `/Pages` dictionary, `/Count` first. Reading it here keeps pdfium's library (2–3 MB
    of a build's peak memory) out of `pugdeck build`."""
    counts = _PAGE_TREE_COUNT.findall(document)
    if len(counts) != 1:
        raise ValueError(f"not a PDF pugdeck wrote: {len(counts)} page trees")
    return int(counts[0])
