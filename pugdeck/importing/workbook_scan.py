"""A workbook's archive checked before openpyxl parses it, at the speed of C.

openpyxl parses XML in Python, about 4 µs a tag (a 20,000-card sheet of nine columns is a
million tags and takes 4 s), so what it is given to parse is bounded by tags, counted with
`bytes.count` while the parts are unpacked; a zip bomb is refused from the archive's
directory before that. A cell far to the right is found with one regex search over the
sheet, so rows can be read only as wide as the column limit (openpyxl pads every row to
its last cell: a sheet of 20,000 rows with a cell in column XFD is 327 million values).
"""

from __future__ import annotations

import io
import re
import zipfile

from pugdeck.core.diagnostics import DeckError
from pugdeck.importing.limits import (
    MAX_ARCHIVE_MEMBERS,
    MAX_COLUMNS,
    MAX_UNPACKED_BYTES,
    MAX_XML_TAGS,
    table_error,
    too_wide,
)

_XML_PARTS = (".xml", ".rels", ".vml")
_CHUNK = 1 << 20
_PREFIX = rb"(?:[A-Za-z_][\w.-]*:)?"  # a namespace prefix some writers put on every element
# A cell (<c>) past column GR (the 200th: GS.., HA.., any three letters) that holds something:
# not self-closing, its first child a value, an inline string or a formula.
_WIDE_CELL = re.compile(rb"<" + _PREFIX + rb"c\s[^>]*?\br\s*=\s*[\"']((?:[A-Z]{3}|[H-Z][A-Z]|G[S-Z]))([0-9]+)"
                        rb"[\"'][^>]*(?<!/)>\s*<" + _PREFIX + rb"(?:v|is|f)[\s/>]")
# A cell without a reference: openpyxl places it after the one before, so only reading the
# row tells its column.
_CELL_WITHOUT_REFERENCE = re.compile(rb"<" + _PREFIX + rb"c(?=[\s/>])(?![^>]*\sr\s*=)")


def check_archive(data: bytes, display: str) -> None:
    """Refuse an archive that is not one, has too many parts, unpacks to too much (from its
    directory; zipfile stops each part at its declared size) or holds too many XML tags."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if len(members) > MAX_ARCHIVE_MEMBERS:
                raise table_error(display, f"the workbook has {len(members):,} parts; the limit is "
                             f"{MAX_ARCHIVE_MEMBERS:,} (a workbook has about ten)")
            unpacked = sum(member.file_size for member in members)
            if unpacked > MAX_UNPACKED_BYTES:
                raise table_error(display, f"the workbook unpacks to {unpacked / 2**20:,.0f} MiB; the limit "
                             f"is {MAX_UNPACKED_BYTES // 2**20} MiB (a zip bomb?); save the sheet as CSV UTF-8")
            tags = 0
            for member in members:
                if member.filename.lower().endswith(_XML_PARTS):
                    with archive.open(member) as part:
                        while chunk := part.read(_CHUNK):
                            tags += chunk.count(b"<")
            if tags > MAX_XML_TAGS:
                raise table_error(display, f"the workbook's XML has {tags:,} tags; the limit is {MAX_XML_TAGS:,} "
                             "(a sheet of 20,000 cards has about a million); save the sheet as CSV UTF-8")
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError) as exc:
        raise table_error(display, f"not a readable .xlsx workbook (a zip archive): {exc}; save the sheet "
                     "as .xlsx or as CSV UTF-8") from None


def reading_width(data: bytes, part: str | None, display: str) -> int | None:
    """How many columns the rows of the sheet at `part` need to be read: MAX_COLUMNS when no
    cell beyond holds anything, None (to their last cell) when the scan cannot tell. Raises
    `DeckError` at the first cell beyond the limit that holds something."""
    if part is None:
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            sheet = archive.read(part.lstrip("/"))
    except (KeyError, zipfile.BadZipFile, OSError):
        return None  # openpyxl found the part under another name: let it read the rows
    wide = _WIDE_CELL.search(sheet)
    if wide is not None:
        letters, row = wide.group(1).decode(), int(wide.group(2))
        column = 0
        for letter in letters:
            column = column * 26 + ord(letter) - ord("A") + 1
        raise DeckError([too_wide(display, row, column)])
    return None if _CELL_WITHOUT_REFERENCE.search(sheet) else MAX_COLUMNS
