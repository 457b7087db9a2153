"""Card images for print-on-demand shops: one PNG per distinct card face and one per kind of
back, at the shop's size with bleed, after a safe-zone check of the layout.

The deck is drawn once as the bleed PDF (`render_built_pdf(bleed_mm=...)`: one card a page,
backgrounds and frames into the bleed, each front followed by its back) and rasterised at
the shop's pixel size. Faces that print the same picture (copies of a card, the blank
customs) become one image with its number of copies. Shops and sizes: `SHOPS`; the check:
`print_shop_check.py`; the manifest: `print_shop_manifest.py`; docs/printing.md, "Print shops".
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.export.png import encode_png, encoded, faces_of, file_stem, rasterise, unique_stem
from pugdeck.games.printing import render_built

if TYPE_CHECKING:
    from pugdeck.render.laid_out import LaidOut

MM_PER_INCH = 25.4
POKER_MM = (63.5, 88.9)  # 2.5 x 3.5 in: the size both shops call "poker"
DEFAULT_DPI = 300


@dataclass(frozen=True)
class Shop:
    """A shop's poker card: bleed on every side and its safe line inside the cut, in inches."""

    key: str
    name: str
    bleed_in: float
    safe_in: float

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * MM_PER_INCH

    @property
    def safe_mm(self) -> float:
        return self.safe_in * MM_PER_INCH

    def pixels(self, dpi: int = DEFAULT_DPI) -> tuple[int, int]:
        """The image size at `dpi`: card and bleed scale together (822 x 1122 at 300 for
        MakePlayingCards, 1644 x 2244 at 600)."""
        width_in, height_in = (side / MM_PER_INCH + 2 * self.bleed_in for side in POKER_MM)
        return round(width_in * dpi), round(height_in * dpi)


SHOPS = {
    # 822 x 1122 px at 300 dpi: 36 px (0.12 in, 3.05 mm) of bleed a side; the safe line as
    # far inside the cut.
    "mpc": Shop("mpc", "MakePlayingCards", bleed_in=0.12, safe_in=0.12),
    # 825 x 1125 px at 300 dpi: 1/8 in (3.175 mm) of bleed a side, the safe zone 1/8 in
    # inside the cut (its poker template: a 2.25 x 3.25 in safe area).
    "tgc": Shop("tgc", "The Game Crafter", bleed_in=0.125, safe_in=0.125),
}


@dataclass(frozen=True)
class ShopImage:
    """One file to upload: its path in the shop folder, the page of the bleed PDF it shows,
    the cards that show it and their back. Known before a pixel is drawn (`shop_plan`)."""

    path: str  # relative to the shop folder: `fronts/cries-at-ads-1.png`, `backs/back.png`
    page: int  # zero-based page of the bleed PDF
    cards: tuple[str, ...]  # the card ids of a front (none for a back)
    back: str | None  # the back's path, for a front
    copies: int  # how many cards print it


def shop_folder(built: Built, out_dir: Path, shop: Shop) -> Path:
    return Path(out_dir) / built.name / f"print-shop-{shop.key}"


def check_card_size(built: Built, card_mm: tuple[float, float], shop: Shop) -> None:
    """Both shops' poker card is 63.5 x 88.9 mm; a deck of another size is refused."""
    if all(abs(a - b) < 0.05 for a, b in zip(card_mm, POKER_MM)):
        return
    template = built.doc.get("deck", {}).get("template") or "its game's"
    raise DeckError([Diagnostic("", 0, 0, None, "template", ERROR,
                                f"{shop.name}'s poker card is 63.5 x 88.9 mm but this deck's "
                                f"template ({template}) prints {card_mm[0]:g} x {card_mm[1]:g} mm "
                                "cards; use a poker-size template (card: {size: poker}), or "
                                "`pugdeck build --bleed 3` for a shop that takes PDFs")])


def shop_plan(built: Built, layout: LaidOut | None) -> list[ShopImage]:
    """The files of the export, fronts first in print order, then one per kind of back.

    Faces that print the same picture (copies of a card, the blank customs) are one image:
    the same laid-out shapes (`layout`, the faces `check_safe_zone` measured) over the same
    back, since the PDF draws nothing but those shapes. So each distinct picture is drawn
    once, and every name is known before the first one is.
    """
    if layout is None:  # a game that prints nothing: drawing the PDF says why
        return []
    faces = faces_of(built)
    if len(layout.fronts) != len(faces):  # a game whose faces and print run disagree
        raise DeckError([Diagnostic("", 0, 0, None, "game", ERROR,
                                    f"its game lays out {len(layout.fronts)} fronts but names "
                                    f"{len(faces)} faces, so the images cannot be named")])
    back_pages: dict[str, int] = {}
    for face in faces:
        back_pages.setdefault(face.back, face.page + 1)
    back_paths = {name: f"backs/{name}.png" for name in back_pages}
    groups: dict[tuple, list] = {}
    for face, (_info, laid) in zip(faces, layout.fronts):
        groups.setdefault((laid.shapes, face.back), []).append(face)
    taken: set[str] = set()
    images = []
    for (_shapes, back), group in groups.items():
        stem = unique_stem(_shared_stem(group), taken)
        images.append(ShopImage(f"fronts/{stem}.png", group[0].page, tuple(f.card_id for f in group),
                                back_paths[back], len(group)))
    for name, path in back_paths.items():
        images.append(ShopImage(path, back_pages[name], (), None, sum(f.back == name for f in faces)))
    return images


def shop_pictures(built: Built, shop: Shop, images: list[ShopImage], dpi: int = DEFAULT_DPI,
                  progress: Callable[[int, int], None] | None = None) -> Iterator[tuple[ShopImage, bytes]]:
    """Each of `images` as PNG bytes at the shop's size, one at a time, in order, drawn from
    the bleed PDF. Raises `DeckError` for text that does not fit (located)."""
    pdf = render_built(built, bleed_mm=shop.bleed_mm, duplex="long")  # located in the deck's files
    pictures = encoded(rasterise(pdf, [image.page for image in images], size=shop.pixels(dpi)),
                       lambda picture: tag_srgb(encode_png(picture, dpi)))
    for done, (image, data) in enumerate(zip(images, pictures), 1):
        yield image, data
        if progress:
            progress(done, len(images))


def _shared_stem(group: list) -> str:
    """`the-pug#1`…`#3` → `the-pug`, blanks `en-blanco-1`…`-6` → `en-blanco`; a single card its own."""
    if len(group) == 1:
        return group[0].file_stem
    ids = [face.card_id for face in group]
    prefix = ids[0]
    for card_id in ids[1:]:
        while not card_id.startswith(prefix):
            prefix = prefix[:-1]
    prefix = prefix.rstrip("#-_0123456789")
    return file_stem(prefix) if prefix else group[0].file_stem


def tag_srgb(png: bytes) -> bytes:
    """The PNG with an `sRGB` chunk after its header: the colours are sRGB, said in the file,
    so a shop's software converts them to its CMYK knowingly (Pillow writes no such chunk)."""
    header_end = 8 + 25  # the signature, then IHDR: length, type, 13 bytes, CRC
    body = b"sRGB" + b"\x00"  # rendering intent 0: perceptual
    chunk = struct.pack(">I", 1) + body + struct.pack(">I", zlib.crc32(body))
    return png[:header_end] + chunk + png[header_end:]
