"""A deck's own fonts: `deck.fonts: {title: …, body: …, bold: …}` names TrueType files in
the deck folder that replace its template's font of that role, for a script no bundled font
has (Japanese, Chinese, Korean, Thai, Devanagari…) or simply a look of its own.

Each file is checked as art is (authoring/fonts.py); one with a problem is reported by
`validate` and left out here. The PDF embeds only the glyphs the deck prints (reportlab
subsets every TrueType font), so a 6 MB CJK font adds a few hundred KB.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pugdeck.authoring.fonts import FONT_ROLES, check_font
from pugdeck.authoring.loading import inside_folder


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


def deck_template(printer, name: str | None, folder: Path | None, deck: Mapping[str, Any]):  # noqa: ANN001, ANN201
    """The template `name` as `printer` (a game's `load_template`) finds it for the deck in
    `folder`, with the fonts of the built deck's `deck` block (`deck.fonts`)."""
    return with_deck_fonts(printer.load_template(name, folder), deck.get("fonts"), folder)
