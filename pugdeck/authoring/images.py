"""Images a deck may use: relative paths inside the deck folder that Pillow opens safely."""

from __future__ import annotations

import warnings
from pathlib import Path

from PIL import Image

from pugdeck.authoring.loading import inside_folder

MAX_IMAGE_BYTES = 20 * 1024 * 1024
FORMATS = ("PNG", "JPEG")


def resolve_image(folder: Path, entry: str) -> Path | None:
    """The image file an `art:` entry names, or None if it escapes the deck folder."""
    return inside_folder(folder, entry)


def check_image(folder: Path, entry: str, what: str = "art") -> str | None:
    """What is wrong with an `art:` entry (or another image a deck names, called `what` in
    the message: "back image"), or None when Pillow can open it safely.

    Pillow's decompression-bomb limit is made an error (it is only a warning by default),
    and only the header is read, so a hostile image costs nothing to refuse.
    """
    shown = entry if len(entry) <= 80 else entry[:77] + "…"
    try:
        target = resolve_image(folder, entry)
        if target is None:
            return f"{what} '{shown}' is outside the deck folder; use a relative path inside it"
        if not target.is_file():
            return f"{what} '{shown}' does not exist"
        if target.stat().st_size > MAX_IMAGE_BYTES:
            return f"{what} '{shown}' is larger than {MAX_IMAGE_BYTES // 2**20} MiB"
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        return f"{what} '{shown}' is not a usable file name ({getattr(exc, 'strerror', None) or exc})"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(target) as image:
                if image.format not in FORMATS:
                    return f"{what} '{entry}' is {image.format}; use PNG or JPEG"
                pixels = image.width * image.height
                if Image.MAX_IMAGE_PIXELS and pixels > Image.MAX_IMAGE_PIXELS:
                    raise Image.DecompressionBombError(str(pixels))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"{what} '{entry}' has too many pixels (a decompression bomb?); scale it down"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"{what} '{entry}' is not an image Pillow can open ({exc})"
    return None
