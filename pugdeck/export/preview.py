"""One contact-sheet PNG of a whole deck, small enough to drop into a chat.

Every face in print order, then the backs, in a grid with small gaps under a one-line title.
Chat apps recompress or refuse big pictures, so the sheet stays within `MAX_WIDTH` pixels and
`MAX_BYTES`: first by its card size, then — if the PNG is still too heavy — as a 256-colour
palette image, and only then smaller.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pugdeck.core.built_deck import Built
from pugdeck.export.png import CardPdf, card_pdf, encode_png, rasterise
from pugdeck.resources import data_dir

MAX_WIDTH = 4096
MAX_BYTES = 2_000_000
CARD_WIDTH = 160  # px; a question is still readable when the picture is opened
MIN_CARD_WIDTH = 48
GAP = 6
MARGIN = 12
TITLE_HEIGHT = 40
BACKGROUND = (244, 241, 236)
INK = (42, 33, 28)
TARGET_ASPECT = 4 / 3  # landscape, the shape most chat windows show best


def preview_path(built: Built, out_dir: Path) -> Path:
    return Path(out_dir) / f"{built.name}-preview.png"


def grid_columns(count: int, card_w: int, card_h: int) -> int:
    """Columns that make the sheet about 4:3, never wider than `MAX_WIDTH`."""
    ideal = math.ceil(math.sqrt(TARGET_ASPECT * count * (card_h + GAP) / (card_w + GAP)))
    fits = max(1, (MAX_WIDTH - 2 * MARGIN + GAP) // (card_w + GAP))
    return max(1, min(count, ideal, fits))


def contact_sheet(images: list[Image.Image], title: str) -> Image.Image:
    """`images` (all one size) in rows with `GAP` pixels between them, under `title`."""
    card_w, card_h = images[0].size
    cols = grid_columns(len(images), card_w, card_h)
    rows = math.ceil(len(images) / cols)
    width = 2 * MARGIN + cols * card_w + (cols - 1) * GAP
    height = TITLE_HEIGHT + MARGIN + rows * card_h + (rows - 1) * GAP
    sheet = Image.new("RGB", (width, height), BACKGROUND)
    for index, image in enumerate(images):
        row, col = divmod(index, cols)
        sheet.paste(image, (MARGIN + col * (card_w + GAP), TITLE_HEIGHT + row * (card_h + GAP)))
    draw = ImageDraw.Draw(sheet)
    text, font = _fitted_title(draw, title, width - 2 * MARGIN)
    draw.text((MARGIN, TITLE_HEIGHT // 2), text, fill=INK, anchor="lm", font=font)
    return sheet


def _fitted_title(draw: ImageDraw.ImageDraw, title: str, room: int):
    """`title` within `room` pixels: smaller down to 14 px (a few cards make a narrow sheet
    under a long `--only` name), then cut with an ellipsis, so it is never clipped."""
    for size in (22, 20, 18, 16, 14):
        font = _title_font(size)
        if draw.textlength(title, font=font) <= room:
            return title, font
    while title and draw.textlength(title + "…", font=font) > room:
        title = title[:-1]
    return title.rstrip() + "…", font


def _title_font(size: int):
    try:
        return ImageFont.truetype(str(data_dir("fonts") / "Fredoka_700Bold.ttf"), size)
    except OSError:  # a broken install still gets a preview, with Pillow's own font
        return ImageFont.load_default(size)


def preview_png(built: Built, pdf: CardPdf | None = None) -> bytes:
    """The contact sheet as PNG bytes within `MAX_WIDTH` and `MAX_BYTES`."""
    pdf = pdf or card_pdf(built)
    pages = [face.page for face in pdf.faces] + list(pdf.backs.values())
    deck = built.deck
    played = sum(face.played for face in pdf.faces)
    extra = len(pdf.faces) - played
    backs = "the back" if len(pdf.backs) == 1 else f"{len(pdf.backs)} backs"
    title = (f"{deck.get('name') or built.name} · {built.name} · {played} cards in play"
             + (f", {extra} more printed" if extra else "") + f" and {backs}")
    card_w = CARD_WIDTH
    while True:
        images = _card_images(pdf, pages, card_w)
        sheet = contact_sheet(images, title)
        data = encode_png(sheet)
        if len(data) > MAX_BYTES:
            # A palette keeps flat card art crisp at a fraction of the bytes of RGB.
            data = _palette_png(sheet)
        if len(data) <= MAX_BYTES or card_w <= MIN_CARD_WIDTH:
            return data
        card_w = max(MIN_CARD_WIDTH, int(card_w * 0.8))


def _card_images(pdf: CardPdf, pages: list[int], card_w: int) -> list[Image.Image]:
    return list(rasterise(pdf.data, pages, size=pdf.size_for_width(card_w)))


def _palette_png(sheet: Image.Image) -> bytes:
    out = io.BytesIO()
    sheet.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=True)
    return out.getvalue()
