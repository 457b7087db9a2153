"""Images a deck may use: relative paths inside the deck folder that Pillow decodes safely."""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from pugdeck.authoring.loading import inside_folder, named_file
from pugdeck.core.diagnostics import shortened

MAX_IMAGE_BYTES = 20 * 1024 * 1024
# Decoded pixels: 40 Mpx is 160 MB in memory as RGBA, over 50 times what a card printed at
# 300 dpi needs (63 × 88 mm: 0.8 Mpx). Pillow's own limit (89 Mpx, an error only at twice
# that) lets a 344 KB PNG of 9,400 × 9,400 px cost 1.67 GB per image.
MAX_ART_PIXELS = 40_000_000
# Decoded pixels of every distinct image a deck uses, together: 40 pictures each under the
# cap above still made a build decode 1.6 Gpx. 400 Mpx is 400 cards with their own picture
# of a card at 300 dpi, and about 10 s of decoding for `validate` and again for `build`.
MAX_DECK_ART_PIXELS = 400_000_000
FORMATS = ("PNG", "JPEG")


def check_image(folder: Path, entry: str, what: str = "art") -> str | None:
    """What is wrong with an `art:` entry (or another image a deck names, called `what` in
    the message: "back image"), or None when the image decodes as a build will.

    The size is read from the header first, so an image with too many pixels costs nothing
    to refuse; one within the limit is decoded in full, so a truncated or damaged file is
    found here, where the card's `art` field can be named, rather than when printing.
    """
    shown = shortened(entry, 80)
    found = named_file(folder, entry, f"{what} '{shown}'", MAX_IMAGE_BYTES)
    if isinstance(found, str):
        return found
    target, info = found
    problem = _decoding_problem(target, info.st_size, info.st_mtime_ns)
    return f"{what} '{shown}' {problem}" if problem else None


def deck_art_problem(folder: Path, entries: list[str]) -> tuple[str, str] | None:
    """When the distinct images `entries` names (each already checked with `check_image`)
    hold more than `MAX_DECK_ART_PIXELS` together: the entry at which the sum passes it and
    the message; None within the limit. Only the headers are read."""
    total, seen = 0, set()
    for entry in entries:
        try:
            target = inside_folder(folder, entry)
            info = target.stat() if target is not None else None
        except (OSError, ValueError):
            continue  # check_image has said what is wrong with it
        if info is None or target in seen:
            continue
        seen.add(target)
        total += _pixels(target, info.st_size, info.st_mtime_ns)
        if total > MAX_DECK_ART_PIXELS:
            return entry, (f"with '{shortened(entry, 80)}' the deck's images hold more than "
                           f"{MAX_DECK_ART_PIXELS / 1e6:.0f} Mpx together, each decoded for every build; "
                           "scale them down (a card at 300 dpi needs about 1 Mpx)")
    return None


@lru_cache(maxsize=4096)
def _pixels(target: Path, _size: int, _mtime_ns: int) -> int:
    """The pixels of the image at `target` by its header (0 if it cannot be read)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # check_image says so
            with Image.open(target) as image:
                width, height = image.size
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError):
        return 0
    return width * height


@lru_cache(maxsize=256)
def _decoding_problem(target: Path, _size: int, _mtime_ns: int) -> str | None:
    """Why the image at `target` cannot be used, or None; once per version of a file (the
    size and time are part of the key), since many cards may share one picture."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(target) as image:
                if image.format not in FORMATS:
                    return f"is {image.format}; use PNG or JPEG"
                width, height = image.size
                if width * height > MAX_ART_PIXELS:
                    return (f"is {width:,} × {height:,} px ({width * height / 1e6:.1f} Mpx); the limit is "
                            f"{MAX_ART_PIXELS / 1e6:.0f} Mpx: scale it down (a card at 300 dpi needs about 1 Mpx)")
                image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return "has too many pixels (a decompression bomb?); scale it down"
    except UnidentifiedImageError:
        return "is not an image Pillow can open; use PNG or JPEG"
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        return f"cannot be decoded ({shortened(str(exc), 80)}): the file is truncated or damaged; export it again"
    return None
