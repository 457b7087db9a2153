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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.export.png import encode_png, faces_of, file_stem, rasterise, unique_stem
from pugdeck.games.printing import render_built

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
    """One file to upload: its path in the shop folder, the cards that show it, their back."""

    path: str  # relative to the shop folder: `fronts/cries-at-ads-1.png`, `backs/back.png`
    data: bytes
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


def shop_images(built: Built, shop: Shop, dpi: int = DEFAULT_DPI,
                progress: Callable[[int, int], None] | None = None) -> list[ShopImage]:
    """The deck's fronts (identical ones once) and its backs as PNG images at the shop's size,
    fronts first in print order. Raises `DeckError` for text that does not fit (located)."""
    faces = faces_of(built)
    pdf = render_built(built, bleed_mm=shop.bleed_mm, duplex="long")  # located in the deck's files
    back_pages: dict[str, int] = {}
    for face in faces:
        back_pages.setdefault(face.back, face.page + 1)
    pages = [face.page for face in faces] + list(back_pages.values())
    size = shop.pixels(dpi)
    pictures = []
    for done, image in enumerate(rasterise(pdf, pages, size=size), 1):
        pictures.append(tag_srgb(encode_png(image, dpi)))
        if progress:
            progress(done, len(pages))
    back_paths = {name: f"backs/{name}.png" for name in back_pages}
    images = _fronts(faces, pictures[:len(faces)], back_paths)
    for (name, path), data in zip(back_paths.items(), pictures[len(faces):]):
        images.append(ShopImage(path, data, (), None, sum(f.back == name for f in faces)))
    return images


def _fronts(faces, pictures: list[bytes], back_paths: dict[str, str]) -> list[ShopImage]:
    """One image per distinct picture (and back), named after what its cards share."""
    groups: dict[tuple[bytes, str], list] = {}
    for face, data in zip(faces, pictures):
        groups.setdefault((data, face.back), []).append(face)
    taken: set[str] = set()
    images = []
    for (data, back), group in groups.items():
        stem = unique_stem(_shared_stem(group), taken)
        images.append(ShopImage(f"fronts/{stem}.png", data, tuple(f.card_id for f in group),
                                back_paths[back], len(group)))
    return images


def _shared_stem(group: list) -> str:
    """`the-pug#1`…`#3` → `the-pug`, `blank-1`…`blank-6` → `blank`; a single card its own."""
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
