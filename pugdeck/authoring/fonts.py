"""Fonts a deck may bring (`deck.fonts`): relative paths inside the deck folder that the PDF
renderer (reportlab) can read and embed, checked as art is (authoring/images.py): at most
`MAX_FONT_BYTES`, decoded in full, with outlines it can embed (TrueType, not CFF) and
embedding bits that allow embedding. Whether the font's licence lets the deck be shared is
the designer's to know. What printing does with them is render/deck_fonts.py's.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

from pugdeck.authoring.diagnostics import shortened
from pugdeck.authoring.loading import named_file

MAX_FONT_BYTES = 32 * 1024 * 1024  # a full CJK TrueType font is 6–20 MB
FONT_ROLES = ("title", "body", "bold")
SUFFIXES = (".ttf", ".otf")


def check_font(folder: Path, entry: str, role: str) -> str | None:
    """What is wrong with the font `deck.fonts.<role>` names, or None when it can be embedded."""
    what = f"font '{shortened(entry, 80)}' for '{role}'"
    if Path(entry).suffix.lower() not in SUFFIXES:
        return f"{what} is not a .ttf or .otf file"
    found = named_file(folder, entry, what, MAX_FONT_BYTES)
    if isinstance(found, str):
        return found
    target, info = found
    problem = _decoding_problem(target, info.st_size, info.st_mtime_ns)
    return f"{what} {problem}" if problem else None


@lru_cache(maxsize=64)
def _decoding_problem(target: Path, _size: int, _mtime_ns: int) -> str | None:
    """Why reportlab cannot embed the font at `target`, or None; once per version of a file."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFont  # noqa: PLC0415 (reportlab: only with fonts)

    try:
        font = TTFont("pugdeck-check", str(target))
        font.face.makeSubset([0x20])  # as the PDF will: refuses a font that forbids embedding
    except TTFError as exc:
        text = str(exc)
        if "postscript outlines" in text:
            return ("has PostScript (CFF) outlines, which pugdeck's PDF renderer cannot embed; use "
                    "a TrueType version of the font (glyf outlines), such as IPAGothic's ipag.ttf")
        if "subsetting/embedding" in text:
            return "does not allow embedding (its licence bits forbid it), so no PDF can carry it"
        return f"is not a TrueType font pugdeck can read ({shortened(text.replace(str(target), 'file'), 80)})"
    except (OSError, ValueError, KeyError, IndexError, struct.error) as exc:
        return f"cannot be decoded ({shortened(str(exc), 80)}): the file is truncated or damaged"
    return None
