"""Bundled TrueType fonts: registration with reportlab, glyph coverage and fallback runs.

reportlab draws a missing glyph as nothing (or a box) without a word, so every text goes
through `font_runs`: each character is set in its field's font if that font has it, else
in the body font, else in any bundled font; a character no font has is reported, never drawn.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

from functools import cache
from pathlib import Path
from typing import NamedTuple

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# Layout characters that need no glyph of their own.
_NO_GLYPH_NEEDED = {"\n", "\t"}


class FontSet(NamedTuple):  # not a dataclass: see render/shapes.py
    """The registered reportlab font names of a template, by role."""

    title: str
    body: str
    bold: str

    def name(self, role: str) -> str:
        return getattr(self, role)

    def chain(self, role: str) -> tuple[str, ...]:
        """The fonts tried for a character of a field set in `role`, in order."""
        first = self.name(role)
        rest = [self.body, self.bold, self.title]
        return tuple(dict.fromkeys([first] + rest))


class MissingGlyph(NamedTuple):  # not a dataclass: see render/shapes.py
    char: str

    def describe(self) -> str:
        return f"character '{self.char}' (U+{ord(self.char):04X}) is in none of the bundled fonts"


@cache
def register_font(path: Path) -> str:
    """Register a TTF with reportlab once; returns its font name.

    The name comes from the file so two templates using the same file share one embedding.
    """
    name = "pugdeck-" + path.stem
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def font_set(fonts: dict[str, Path]) -> FontSet:
    """Register a template's fonts (role → file) and name them by role."""
    return FontSet(**{role: register_font(path) for role, path in fonts.items()})


@cache
def _coverage(font_name: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(font_name).face.charToGlyph)


def font_for(char: str, chain: tuple[str, ...]) -> str | None:
    """The first font of `chain` that has a glyph for `char`, or None."""
    code = ord(char)
    for font in chain:
        if code in _coverage(font):
            return font
    return None


def font_runs(text: str, chain: tuple[str, ...]) -> tuple[list[tuple[str, str]], list[MissingGlyph]]:
    """Split `text` into (font name, text) runs by glyph coverage.

    Characters no font has are left out of the runs and returned as `MissingGlyph`s, so the
    caller reports them instead of printing a silent gap.
    """
    runs: list[tuple[str, str]] = []
    missing: list[MissingGlyph] = []
    first = chain[0]
    covered = _coverage(first)
    if all(ord(c) in covered or c in _NO_GLYPH_NEEDED for c in text):
        return ([(first, text)] if text else []), missing  # the common case, one run
    for char in text:
        font = first if char in _NO_GLYPH_NEEDED else font_for(char, chain)
        if font is None:
            if MissingGlyph(char) not in missing:
                missing.append(MissingGlyph(char))
            continue
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs, missing


def runs_width(runs: list[tuple[str, str]] | tuple, size: float) -> float:
    """Width in points of text runs set at `size`."""
    return sum(pdfmetrics.stringWidth(text, font, size) for font, text in runs)


def cap_height(font_name: str) -> float:
    """Cap height as a fraction of the font size, for centring text optically."""
    face = pdfmetrics.getFont(font_name).face
    return (getattr(face, "capHeight", 700) or 700) / 1000.0
