"""Reusable pictures: each distinct `Place` key is painted once into a PDF form XObject.

A 1,200-card deck has a few dozen distinct pictures (portraits × variants, icons, images,
the back); drawing each once and referencing it per card keeps files small and builds fast.
A deck's `art:` images and back images are painted here; every other picture is its game's
(`PrintRun.pictures` and `PrintRun.painters`, games/spec.py).
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

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
                opened.load()
                image = opened.convert("RGBA") if opened.mode not in ("RGB", "RGBA") else opened.copy()
        except (OSError, UnidentifiedImageError) as exc:
            problem = f"{what} '{relative}' is not a readable PNG or JPEG image ({exc})"
    if problem:
        raise DeckError([Diagnostic("", 0, 0, None, "back image" if cover else "art", ERROR,
                                    problem)])
    if cover:
        image = cover_crop(image, width / height)
        c.drawImage(ImageReader(image), 0, 0, width, height, mask="auto")
        return
    scale = min(width / image.width, height / image.height)
    w, h = image.width * scale, image.height * scale
    c.drawImage(ImageReader(image), (width - w) / 2, (height - h) / 2, w, h, mask="auto")


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
