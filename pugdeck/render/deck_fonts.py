"""A deck's own fonts: `deck.fonts: {title: …, body: …, bold: …}` names TrueType files in
the deck folder that replace its template's font of that role, for a script no bundled font
has (Japanese, Chinese, Korean, Thai, Devanagari…) or simply a look of its own.

Each file is checked as art is (authoring/images.py): a relative path inside the deck folder,
at most `MAX_FONT_BYTES`, decoded in full by the renderer that will embed it, whose outlines
it can embed. The PDF embeds only the glyphs the deck prints (reportlab subsets every
TrueType font), so a 10 MB CJK font adds a few hundred KB. Whether the font's licence lets
the deck be shared is the designer's to know; a font whose embedding bits forbid embedding
is refused, since the PDF could not carry it.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pugdeck.authoring.diagnostics import shortened
from pugdeck.authoring.loading import inside_folder, unusable_name

MAX_FONT_BYTES = 32 * 1024 * 1024  # a full CJK TrueType font is 6–20 MB
FONT_ROLES = ("title", "body", "bold")
SUFFIXES = (".ttf", ".otf")


def check_font(folder: Path, entry: str, role: str) -> str | None:
    """What is wrong with the font `deck.fonts.<role>` names, or None when it can be embedded."""
    what = f"font '{shortened(entry, 80)}' for '{role}'"
    try:
        target = inside_folder(folder, entry)
        if target is None:
            return f"{what} is outside the deck folder; use a relative path inside it"
        if not target.is_file():
            return f"{what} does not exist"
        info = target.stat()
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        return f"{what} is not a usable file name ({unusable_name(exc)})"
    if target.suffix.lower() not in SUFFIXES:
        return f"{what} is not a .ttf or .otf file"
    if info.st_size > MAX_FONT_BYTES:
        return f"{what} is larger than {MAX_FONT_BYTES // 2**20} MiB"
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


def deck_font_files(fonts: Mapping[str, Any] | None, folder: Path | None) -> dict[str, Path]:
    """The files `deck.fonts` names that can be embedded, by role; one with a problem (which
    `validate` reports at its line) is left out, so its role keeps the template's font."""
    if not fonts or folder is None:
        return {}
    out = {}
    for role, entry in fonts.items():
        if role in FONT_ROLES and isinstance(entry, str) and check_font(Path(folder), entry, role) is None:
            out[role] = inside_folder(Path(folder), entry)
    return out


def with_deck_fonts(template, fonts: Mapping[str, Any] | None, folder: Path | None):  # noqa: ANN001, ANN201
    """`template` (render/templates.py) with the deck's own font files in place of its own."""
    files = deck_font_files(fonts, folder)
    return template._replace(fonts={**template.fonts, **files}) if files else template


def deck_template(spec, deck: Mapping[str, Any], folder: Path | None, name: str | None = None):  # noqa: ANN001, ANN201
    """The template a built deck's `deck` block names (or `name`), with its `fonts`."""
    template = spec.load_template(name or deck.get("template"), folder)
    return with_deck_fonts(template, deck.get("fonts"), folder)
