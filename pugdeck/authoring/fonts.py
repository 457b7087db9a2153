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

from pugdeck.authoring.loading import named_file
from pugdeck.core.diagnostics import shortened
from pugdeck.inputs import InputError, read_bytes

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


# Characters one font may map: a full CJK font maps about 65,000, every Unicode code point is
# 1,114,112. reportlab builds a dictionary entry for each mapped character, so a crafted cmap
# claiming the whole 32-bit range would take it tens of gigabytes; the cmap is read first.
MAX_MAPPED_CHARS = 300_000
_CFF = ("has PostScript (CFF) outlines, which pugdeck's PDF renderer cannot embed; use a "
        "TrueType version of the font (glyf outlines), such as IPAGothic's ipag.ttf")


@lru_cache(maxsize=64)
def _decoding_problem(target: Path, _size: int, _mtime_ns: int) -> str | None:
    """Why reportlab cannot embed the font at `target`, or None; once per version of a file."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFont  # noqa: PLC0415 (reportlab: only with fonts)

    try:
        data = read_bytes(target, MAX_FONT_BYTES)  # the one bounded reader: no FIFO, no device
    except InputError as exc:
        return f"cannot be read ({exc.reason})"
    if data[:4] == b"OTTO":
        return _CFF
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        return "is not a TrueType font pugdeck can read (it does not begin as one)"
    try:
        mapped = mapped_characters(data)
    except (struct.error, ValueError) as exc:
        return f"cannot be decoded ({shortened(str(exc), 80)}): the file is truncated or damaged"
    if mapped > MAX_MAPPED_CHARS:
        return (f"maps {mapped:,} characters, more than a real font ({MAX_MAPPED_CHARS:,} at most): "
                "the file is damaged or crafted")
    try:
        font = TTFont("pugdeck-check", str(target))
        font.face.makeSubset([0x20])  # as the PDF will: refuses a font that forbids embedding
    except TTFError as exc:
        text = str(exc)
        if "postscript outlines" in text:
            return _CFF
        if "subsetting/embedding" in text:
            return "does not allow embedding (its licence bits forbid it), so no PDF can carry it"
        return f"is not a TrueType font pugdeck can read ({shortened(text.replace(str(target), 'file'), 80)})"
    except Exception as exc:  # noqa: BLE001 (reportlab's parser raises anything on a damaged file)
        return f"cannot be decoded ({shortened(str(exc) or type(exc).__name__, 80)}): the file is truncated or damaged"
    return None


def mapped_characters(data: bytes) -> int:
    """How many characters the largest character map (`cmap` subtable) of a TrueType font
    claims, read without building it; raises `struct.error` or `ValueError` for a table
    that lies outside the file."""
    cmap = _table(data, b"cmap")
    if cmap is None:
        return 0
    start, end = cmap
    _version, count = struct.unpack_from(">HH", data, start)
    largest = 0
    for index in range(count):
        _platform, _encoding, offset = struct.unpack_from(">HHL", data, start + 4 + 8 * index)
        largest = max(largest, _subtable_chars(data, start + offset, end))
    return largest


def _table(data: bytes, tag: bytes) -> tuple[int, int] | None:
    """(start, end) of the table `tag` in the font file, or None."""
    (tables,) = struct.unpack_from(">H", data, 4)
    for index in range(tables):
        name, _checksum, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * index)
        if name == tag:
            if offset + length > len(data):
                raise ValueError(f"the '{tag.decode()}' table lies outside the file")
            return offset, offset + length
    return None


def _subtable_chars(data: bytes, at: int, end: int) -> int:
    """The characters one cmap subtable maps, by its own counts (formats 4, 10, 12 and 13
    can claim more than the file holds; the others are small by construction)."""
    if at + 2 > end:
        raise ValueError("a cmap subtable lies outside its table")
    (fmt,) = struct.unpack_from(">H", data, at)
    if fmt == 4:
        (seg_x2,) = struct.unpack_from(">H", data, at + 6)
        segments = seg_x2 // 2
        ends = struct.unpack_from(f">{segments}H", data, at + 14)
        starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
        return sum(max(0, last - first + 1) for first, last in zip(starts, ends))
    if fmt == 10:
        (count,) = struct.unpack_from(">L", data, at + 16)
        return count
    if fmt in (12, 13):
        (groups,) = struct.unpack_from(">L", data, at + 12)
        if at + 16 + 12 * groups > end:
            raise ValueError("a cmap subtable claims more groups than its table holds")
        total = 0
        for group in range(groups):
            first, last, _glyph = struct.unpack_from(">LLL", data, at + 16 + 12 * group)
            total += max(0, last - first + 1)
        return total
    return 0
