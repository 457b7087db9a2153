"""A card table read from a CSV or .xlsx file: text cells by spreadsheet row and column.

Row numbers are the spreadsheet's (the header is row 1), not text lines: a cell holding a
line break is still one row, which is what a user sees when they open the file to fix it.
Every cell is text here; `table_import.cell_value` gives it its type per the schema.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic
from pugdeck.authoring.loading import LoadError, display_path, read_text

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
    """Read a .csv (UTF-8, BOM optional) or .xlsx (first sheet) file; `DeckError` if unreadable."""
    display = display_path(path)
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        rows = _xlsx_rows(path, display)
    else:
        rows = _csv_rows(path, display)
    if not rows:
        raise DeckError([Diagnostic(display, 1, 1, None, None, ERROR,
                                    "the table is empty; the first row must name the fields")])
    (_, header), *data = rows
    return Table(display, header, data)


def _csv_rows(path: Path, display: str) -> list[tuple[int, list[str]]]:
    try:
        text, _raw = read_text(path, display)  # size limit, BOM, located invalid UTF-8
    except LoadError as exc:
        raise DeckError([exc.diagnostic]) from None
    first_line = text.split("\n", 1)[0]
    delimiter = max(_DELIMITERS, key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows = []
    try:
        for number, cells in enumerate(reader, start=1):
            rows.append((number, cells))
    except csv.Error as exc:
        # The reader knows the text line, not the row; a text line is what an editor shows.
        raise DeckError([Diagnostic(display, reader.line_num, 1, None, None, ERROR,
                                    f"not valid CSV: {exc}")]) from None
    return rows


def _xlsx_rows(path: Path, display: str) -> list[tuple[int, list[str]]]:
    try:
        import openpyxl  # noqa: PLC0415 (optional: pip install 'pugdeck[xlsx]')
    except ImportError:
        raise DeckError([Diagnostic(display, 0, 0, None, None, ERROR,
                                    "reading .xlsx needs openpyxl: pip install 'pugdeck[xlsx]' "
                                    "(or save the sheet as CSV UTF-8)")]) from None
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 (openpyxl raises many kinds for a bad file)
        raise DeckError([Diagnostic(display, 1, 1, None, None, ERROR,
                                    f"cannot read the workbook: {exc}")]) from None
    try:
        rows = []
        for number, values in enumerate(book.worksheets[0].iter_rows(values_only=True), start=1):
            cells = [_xlsx_text(v) for v in values]
            while cells and cells[-1] == "":
                cells.pop()
            rows.append((number, cells))
    finally:
        book.close()
    while rows and not rows[-1][1]:
        rows.pop()
    return rows


def _xlsx_text(value) -> str:
    """A workbook cell as the text a CSV export of it would hold."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a spreadsheet stores every number as a float
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return str(value)
