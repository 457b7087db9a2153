"""Bundled TrueType fonts: registration with reportlab, glyph coverage and fallback runs.

reportlab draws a missing glyph as nothing (or a box) without a word, so every text goes
through `font_runs`. A text is set in its field's font when that font has every character
of it. Otherwise each word (what lies between spaces) is set in the first font of the
field's chain that has all of its characters; the chain tries the field's font, then the
other fonts by how near their weight and style are (a bold title falls back to Noto Sans
Bold, not Regular). A word no one font covers is split by runs of letters, each in the
first font that has it; punctuation, digits and marks follow the run they stand in, and a
space the word before it, so "Кто из нас?" prints in one font and one weight. A character
no font has is reported, never drawn.
"""

# No `from __future__ import annotations`: it makes NamedTuples dearer (render/shapes.py).

import hashlib
import unicodedata
from functools import cache
from pathlib import Path
from typing import NamedTuple

from pugdeck.render.font_tables import FontTable, bundled_tables, table_of_face
from pugdeck.resources import data_dir

DECK_FONT_PREFIX = "pugdeck-deck-"  # the registered names of a deck's own fonts (deck.fonts)
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
        """The fonts tried for a word of a field set in `role`, in order: its own, then the
        others by nearness of weight and style (ties: body, bold, title)."""
        first = self.name(role)
        rest = [font for font in dict.fromkeys([self.body, self.bold, self.title]) if font != first]
        weight, italic = font_style(first)
        rest.sort(key=lambda font: (abs(font_style(font)[0] - weight), font_style(font)[1] != italic))
        return (first, *rest)


class MissingGlyph(NamedTuple):  # not a dataclass: see render/shapes.py
    """A character that cannot be printed: no font has it, or it is written right to left."""

    char: str
    deck_fonts: bool = False  # the deck brought fonts of its own (deck.fonts)

    def describe(self) -> str:
        shown = f"character '{self.char}' (U+{ord(self.char):04X})"
        script = right_to_left(self.char)
        if script:
            return (f"{shown} is {script} script, written right to left: pugdeck cannot set "
                    f"right-to-left text yet (it needs bidirectional reordering and letter joining, "
                    f"which its PDF renderer lacks), and will not print it backwards or unjoined")
        if self.deck_fonts:
            return f"{shown} is in none of the deck's fonts (deck.fonts) nor the bundled ones"
        return (f"{shown} is in none of the bundled fonts; a deck may name a font that has it "
                f"under deck.fonts (docs/authoring.md)")


# Scripts written right to left (Unicode blocks): reported, never drawn (see MissingGlyph).
_RIGHT_TO_LEFT = (
    (0x0590, 0x05FF, "Hebrew"), (0x0600, 0x06FF, "Arabic"), (0x0700, 0x074F, "Syriac"),
    (0x0750, 0x077F, "Arabic"), (0x0780, 0x07BF, "Thaana"), (0x07C0, 0x07FF, "N'Ko"),
    (0x0800, 0x085F, "Samaritan"), (0x0860, 0x08FF, "Arabic"), (0xFB1D, 0xFB4F, "Hebrew"),
    (0xFB50, 0xFDFF, "Arabic"), (0xFE70, 0xFEFF, "Arabic"), (0x10800, 0x10FFF, "a historic"),
    (0x1E800, 0x1EFFF, "Adlam or another"),
)


def right_to_left(char: str) -> str | None:
    """The name of the right-to-left script `char` is a letter of, or None."""
    code = ord(char)
    if code < 0x0590:
        return None
    if unicodedata.bidirectional(char) not in ("R", "AL"):
        return None
    return next((name for low, high, name in _RIGHT_TO_LEFT if low <= code <= high), "a right-to-left")


def register_font(path: Path) -> str:
    """Register a TTF with reportlab once, to draw with it; returns its font name.

    A bundled font's name comes from its file, so two templates using the same file share
    one embedding. A deck's own font (render/deck_fonts.py) is named by its bytes' digest:
    its file may be called like a bundled one, or change while `pugdeck live` runs."""
    return _with_reportlab(font_name(path), path)


def font_name(path: Path) -> str:
    """The name a font file is drawn and measured by. A bundled font is measured from its
    shipped table (render/font_tables.py), and read by reportlab only to be drawn; any
    other font is read (and registered) now, to be measured."""
    if _bundled(path) and path.name in bundled_tables():
        name = "pugdeck-" + path.stem
        _tables.setdefault(name, bundled_tables()[path.name])
        return name
    return _with_reportlab("pugdeck-" + path.stem if _bundled(path) else _deck_font_name(path), path)


_tables: dict[str, FontTable] = {}  # font name → its measures, once known


@cache
def _with_reportlab(name: str, path: Path) -> str:
    from reportlab.pdfbase import pdfmetrics  # noqa: PLC0415 (reportlab: only to draw, or a font with no table)
    from reportlab.pdfbase.ttfonts import TTFont  # noqa: PLC0415

    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def _deck_font_name(path: Path) -> str:
    info = path.stat()
    return _deck_font_digest(path, info.st_size, info.st_mtime_ns)


@cache
def _bundled(path: Path) -> bool:
    return path.parent == data_dir("fonts")


@cache
def _deck_font_digest(path: Path, _size: int, _mtime_ns: int) -> str:
    return f"{DECK_FONT_PREFIX}{hashlib.sha256(path.read_bytes()).hexdigest()[:16]}"


def font_set(fonts: dict[str, Path]) -> FontSet:
    """Register a template's fonts (role → file) with reportlab, to draw, and name them by role."""
    return FontSet(**{role: register_font(path) for role, path in fonts.items()})


def measured_font_set(fonts: dict[str, Path]) -> FontSet:
    """A template's fonts (role → file) named by role, to measure text in without drawing:
    a bundled font is not read (`font_name`)."""
    return FontSet(**{role: font_name(path) for role, path in fonts.items()})


def font_table(name: str) -> FontTable:
    """The measures of a font named by `font_name`, `font_set` or `measured_font_set`."""
    table = _tables.get(name)
    if table is None:
        from reportlab.pdfbase import pdfmetrics  # noqa: PLC0415 (a font with no table: reportlab has read it)

        table = _tables[name] = table_of_face(pdfmetrics.getFont(name).face)
    return table


def _coverage(font_name: str) -> dict[int, int]:
    return font_table(font_name).widths  # a font has a width for each character it has


def font_style(font_name: str) -> tuple[int, bool]:
    """(weight, italic) of a font: the OS/2 table's usWeightClass (400 regular, 700 bold)
    and its italic flag, else the `head` table's style bits."""
    table = font_table(font_name)
    return table.weight, table.italic


def text_width(text: str, font_name: str) -> float:
    """`text`'s width in points at 1 pt, in one font."""
    return font_table(font_name).text_width(text)


def runs_width(runs, size: float = 1.0) -> float:
    """Width in points of text runs (`(font, text)` pairs) set at `size`."""
    return sum(text_width(text, font) for font, text in runs) * size


def _covers(font: str, text: str) -> bool:
    covered = _coverage(font)
    return all(ord(c) in covered for c in text)


def _leads(char: str) -> bool:
    """A letter (or a symbol of a script, CJK included) decides its run's font; punctuation,
    digits, marks and spaces follow the run they stand in."""
    return unicodedata.category(char)[0] in "LS" and char not in _NO_GLYPH_NEEDED


def font_for(char: str, chain: tuple[str, ...]) -> str | None:
    """The first font of `chain` that has a glyph for `char`, or None."""
    code = ord(char)
    for font in chain:
        if code in _coverage(font):
            return font
    return None


def font_runs(text: str, chain: tuple[str, ...]) -> tuple[list[tuple[str, str]], list[MissingGlyph]]:
    """Split `text` into (font name, text) runs by glyph coverage, word by word (see the
    module's docstring).

    Characters no font has are left out of the runs and returned as `MissingGlyph`s, so the
    caller reports them instead of printing a silent gap.
    """
    first = chain[0]
    covered = _coverage(first)
    if all(ord(c) in covered or c in _NO_GLYPH_NEEDED for c in text) and not _may_be_rtl(text):
        return ([(first, text)] if text else []), []  # the common case, one run
    fonts: list[str | None] = []  # per character; None: no font has it
    missing: list[MissingGlyph] = []
    own = any(font.startswith(DECK_FONT_PREFIX) for font in chain)
    for word, is_space in _words_and_spaces(text):
        if is_space:
            fonts += [""] * len(word)  # settled below, after the word before them
            continue
        whole = next((font for font in chain if _covers(font, word)), None)
        fonts += [whole] * len(word) if whole else _letter_runs(word, chain)
    runs: list[tuple[str, str]] = []
    for i, (char, font) in enumerate(zip(text, fonts)):
        if font == "":  # a space: the font of the text before it, if it has one
            font = _space_font(char, runs[-1][0] if runs else None, fonts[i + 1:], chain)
        if font is None or right_to_left(char):
            if MissingGlyph(char, own) not in missing:
                missing.append(MissingGlyph(char, own))
            continue
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs, missing


def _may_be_rtl(text: str) -> bool:
    return any(ord(c) >= 0x0590 and right_to_left(c) for c in text) if not text.isascii() else False


def _words_and_spaces(text: str) -> list[tuple[str, bool]]:
    parts: list[tuple[str, bool]] = []
    for char in text:
        space = char.isspace()
        if parts and parts[-1][1] == space:
            parts[-1] = (parts[-1][0] + char, space)
        else:
            parts.append((char, space))
    return parts


def _letter_runs(word: str, chain: tuple[str, ...]) -> list[str | None]:
    """The font of each character of a word no one font covers: each letter the first font
    that has it; each other character the font of the letter before it if that font has
    it, else of the letter after it, else the first font that has it."""
    fonts: list[str | None] = [font_for(c, chain) if _leads(c) else "" for c in word]
    for i, char in enumerate(word):
        if fonts[i] != "":
            continue
        before = next((f for f in reversed(fonts[:i]) if f), None)
        after = next((f for f in fonts[i + 1:] if f), None)
        fonts[i] = next((f for f in (before, after) if f and ord(char) in _coverage(f)), None) \
            or font_for(char, chain)
    return fonts


def _space_font(char: str, before: str | None, after: list[str | None], chain: tuple[str, ...]) -> str | None:
    if char in _NO_GLYPH_NEEDED:
        return before or chain[0]
    following = next((f for f in after if f), None)
    return next((f for f in (before, following) if f and ord(char) in _coverage(f)), None) \
        or font_for(char, chain)


def cap_height(font_name: str) -> float:
    """Cap height as a fraction of the font size, for centring text optically."""
    return font_table(font_name).cap_height / 1000.0
