"""Reusable pictures: each distinct `Place` key is painted once into a PDF form XObject.

A 1,200-card deck has a few dozen distinct pictures (portraits × variants, icons, images,
the back); drawing each once and referencing it per card keeps files small and builds fast.
A deck's `art:` images and back images are painted here; every other picture is its game's
(`PrintRun.pictures` and `PrintRun.painters`, games/spec.py).
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from reportlab.lib.utils import ImageReader

from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic

if TYPE_CHECKING:  # Pillow is imported only when an image is drawn
    from PIL import Image


class FormContext(NamedTuple):  # not a dataclass: see render/shapes.py
    """What painting a form may need beyond its key."""

    deck_folder: Path
    # The game's painters by the first part of a key: painter(canvas, key, width, height).
    painters: dict[str, Callable] | None = None


def form_name(key: tuple) -> str:
    """A PDF-safe, deterministic XObject name for a key."""
    text = "_".join(str(part) for part in key)
    return "pd_" + "".join(ch if ch.isalnum() else "_" for ch in text)[:60] + f"_{len(text)}"


def paint(c, key: tuple, width: float, height: float, context: FormContext) -> None:
    """Draw the picture named by `key` into (0, 0)-(width, height)."""
    kind = key[0]
    if kind == "art":
        draw_art_image(c, key[1], width, height, context.deck_folder)
    elif kind == "back-image":  # a deck's own back (render/backs.py): full-bleed
        draw_art_image(c, key[1], width, height, context.deck_folder, cover=True)
    elif context.painters and kind in context.painters:
        context.painters[kind](c, key, width, height)
    else:
        raise ValueError(f"no painter for picture {key!r}")


def draw_art_image(c, relative: str, width: float, height: float, folder: Path,
                   cover: bool = False) -> None:
    """A card's `art:` image, scaled to fit the box and centred; only from inside the deck.
    With `cover` (a back image), scaled to cover the whole box instead: centred, the
    overhang cropped off, never stretched."""
    # Imported here: Pillow costs a tenth of a second at start-up and most decks have no art.
    from PIL import Image, UnidentifiedImageError

    from pugdeck.authoring.images import check_image  # Pillow too
    from pugdeck.authoring.loading import inside_folder  # and the YAML reader: only for art

    what = "back image" if cover else "art"
    problem = check_image(folder.resolve(), relative, what)  # outside the folder, missing, a bomb…
    if problem is None:
        try:
            with Image.open(inside_folder(folder.resolve(), relative)) as opened:
                opened.draft(None, _print_pixels(width, height))  # a JPEG decodes at a fraction of its size
                opened.load()
                image = _drawable(opened)
        except (OSError, UnidentifiedImageError) as exc:
            problem = f"{what} '{relative}' is not a readable PNG or JPEG image ({exc})"
    if problem:
        raise DeckError([Diagnostic("", 0, 0, None, "back image" if cover else "art", ERROR,
                                    problem)])
    if cover:
        image = at_print_resolution(cover_crop(image, width / height), width, height)
        c.drawImage(ImageReader(image), 0, 0, width, height, mask="auto")
        return
    scale = min(width / image.width, height / image.height)
    w, h = image.width * scale, image.height * scale
    image = at_print_resolution(image, w, h)
    c.drawImage(ImageReader(image), (width - w) / 2, (height - h) / 2, w, h, mask="auto")


# Art is embedded at this resolution at most: what print shops ask for (and `export png`'s
# default). A 6,300 x 6,300 px picture in a 50 mm box is 3,200 dpi: embedded whole, each cost
# ~650 MB decoded and a PDF of its size; scaled first, it is 0.35 Mpx.
ART_DPI = 300


def _print_pixels(width_pt: float, height_pt: float) -> tuple[int, int]:
    """How many pixels a box of `width_pt` x `height_pt` needs at `ART_DPI`."""
    return (max(1, math.ceil(width_pt / 72 * ART_DPI)), max(1, math.ceil(height_pt / 72 * ART_DPI)))


def _drawable(image: "Image.Image") -> "Image.Image":
    """The decoded image in a mode reportlab draws and Pillow resamples smoothly: grey stays
    grey (a 1-bit picture as 8-bit grey, a quarter of RGBA), the rest RGB or RGBA."""
    if image.mode in ("RGB", "RGBA", "L"):
        return image.copy()
    if image.mode == "1":
        return image.convert("L")
    return image.convert("RGBA")


def at_print_resolution(image: "Image.Image", width_pt: float, height_pt: float) -> "Image.Image":
    """`image` scaled down to what a box of `width_pt` x `height_pt` shows at `ART_DPI` (never
    up: a small picture stays as it is, for reportlab to scale); the same bytes every time."""
    from PIL import Image  # noqa: PLC0415 (Pillow: only when an image is drawn)

    want_w, want_h = _print_pixels(width_pt, height_pt)
    if image.width <= want_w and image.height <= want_h:
        return image
    scale = max(want_w / image.width, want_h / image.height)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


def cover_crop(image: "Image.Image", aspect: float) -> "Image.Image":
    """The centred part of `image` with the width/height ratio `aspect`: what shows when the
    image is scaled to cover a box of that shape (the PDF then holds no hidden pixels)."""
    if image.width / image.height > aspect:  # too wide: trim the sides
        keep = max(1, round(image.height * aspect))
        left = (image.width - keep) // 2
        return image.crop((left, 0, left + keep, image.height))
    keep = max(1, round(image.width / aspect))  # too tall: trim top and bottom
    top = (image.height - keep) // 2
    return image.crop((0, top, image.width, top + keep))
