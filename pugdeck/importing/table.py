"""A card table read from a CSV or .xlsx file: text cells by spreadsheet row and column.

Row numbers are the spreadsheet's (the header is row 1), not text lines: a cell holding a
line break is still one row, which is what a user sees when they open the file to fix it.
Every cell is text here; `table_import.cell_value` gives it its type per the schema.

The file is read through `pugdeck.inputs.read_bytes` (a FIFO or a device is refused at once)
and within the limits of `importing/limits.py`: reading stops at the first row past them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pugdeck.authoring.loading import display_path
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.importing.limits import (
    MAX_CARD_ROWS,
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    MAX_TABLE_BYTES,
    column_letter,
    table_error,
    too_many_rows,
    too_wide,
)
from pugdeck.importing.workbook import WORKBOOK_SUFFIXES, workbook_rows
from pugdeck.inputs import InputError, TooLarge, read_bytes

# Separators a spreadsheet may use; the header row (field names, no separators inside)
# shows which one: Excel in many European locales writes ';', "tab-separated" writes tabs.
_DELIMITERS = (",", ";", "\t")


@dataclass
class Table:
    """The header row and the data rows (with their spreadsheet row numbers) of one file."""

    display: str
    header: list[str]
    data: list[tuple[int, list[str]]]

    def rows(self) -> Iterator[tuple[int, list[str]]]:
        """Data rows as (row number, cells), skipping rows with nothing in them."""
        for number, cells in self.data:
            if any(cell.strip() for cell in cells):
                yield number, cells

    def error(self, row: int, column: int, message: str, card: str | None = None,
              field: str | None = None) -> Diagnostic:
        """A located error in this table (row 0: about the whole file)."""
        return Diagnostic(self.display, row, column, card, field, ERROR, message)


def read_table(path: Path) -> Table:
    """Read a .csv (UTF-8, BOM optional) or .xlsx (first sheet) file; `DeckError` if unreadable
    or past a limit, located at the row and column where it is."""
    display = display_path(path)
    try:
        data = read_bytes(path, MAX_TABLE_BYTES)
    except TooLarge as exc:
        raise table_error(display, f"the table {exc.reason[3:]}; import a large deck in parts, each "
                          "table naming its own card files in the 'file' column") from None
    except InputError as exc:
        raise table_error(display, f"cannot read the table: {exc.reason}") from None
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        rows = _bounded(workbook_rows(data, display), display)
    else:
        rows = _bounded(_csv_rows(data, display), display)
    if not rows:
        raise table_error(display, "the table is empty; the first row must name the fields", 1)
    (_, header), *data_rows = rows
    return Table(display, header, data_rows)


def _bounded(rows: Iterable[tuple[int, list[str]]], display: str) -> list[tuple[int, list[str]]]:
    """The rows, stopping at the first one past MAX_CARD_ROWS or MAX_COLUMNS; every cell longer
    than MAX_CELL_CHARS is reported at its place (the header names its column)."""
    out: list[tuple[int, list[str]]] = []
    problems = []
    header: list[str] = []
    for number, cells in rows:
        if number > MAX_CARD_ROWS + 1:
            problems.append(too_many_rows(display, number))
            break
        while cells and cells[-1] == "":
            cells.pop()
        if len(cells) > MAX_COLUMNS:
            problems.append(too_wide(display, number, len(cells)))
            break
        if not out:
            header = [cell.strip() for cell in cells]
        for index, cell in enumerate(cells):
            if len(cell) > MAX_CELL_CHARS:
                named = index < len(header) and header[index] and out
                name = header[index] if named else column_letter(index + 1)
                problems.append(Diagnostic(display, number, index + 1, None, name, ERROR, (
                    f"the cell in column '{name}' holds {len(cell):,} characters; the limit is "
                    f"{MAX_CELL_CHARS:,}")))
                cells[index] = ""  # reported: its text is of no further use
        out.append((number, cells))
    if problems:
        raise DeckError(problems)
    while out and not out[-1][1]:
        out.pop()
    return out


def _csv_rows(data: bytes, display: str) -> Iterator[tuple[int, list[str]]]:
    text = _decoded(data, display)
    first_line = text.split("\n", 1)[0]
    delimiter = max(_DELIMITERS, key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    number = 0
    try:
        for number, cells in enumerate(reader, start=1):
            yield number, cells
    except csv.Error as exc:
        # The row is where a spreadsheet shows it; the text line is where an editor does.
        reason = str(exc)
        if "field larger than field limit" in reason:
            reason = f"a cell holds more than {csv.field_size_limit():,} characters"
        raise table_error(display, f"not valid CSV at text line {reader.line_num}: {reason}", number + 1) from None


def _decoded(data: bytes, display: str) -> str:
    """UTF-8 text (a byte-order mark is dropped); an invalid byte is located by text line."""
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start + (len(data) - len(body))
        before = data[:offset]
        line = before.count(b"\n") + 1
        column = offset - (before.rfind(b"\n") + 1) + 1
        raise table_error(display, f"invalid UTF-8: byte 0x{data[offset]:02x} at offset {offset}; save "
                          "the table as CSV UTF-8", line, column) from None
