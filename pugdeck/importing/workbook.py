"""The rows of an .xlsx workbook's first sheet, read with openpyxl within our limits.

A workbook is a zip archive of XML parts, so a hostile one can be a zip bomb (parts that
unpack to gigabytes), an XML entity bomb ("billion laughs"), an XXE (an entity naming
/etc/passwd) or simply more XML than is worth parsing. `workbook_scan` checks the archive
before openpyxl reads it; openpyxl parses the XML with `defusedxml` (it does so whenever
defusedxml is installed), which refuses every entity declaration. The sheet is read in
openpyxl's read-only (streaming) mode, only up to the first row past our limits.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date, datetime

from pugdeck.core.diagnostics import DeckError
from pugdeck.importing.limits import MAX_CARD_ROWS, MAX_COLUMNS, table_error, too_wide
from pugdeck.importing.workbook_scan import check_archive, reading_width

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
# The two packages by name: `pugdeck[xlsx]` installs nothing while pugdeck is not on the
# package index (and the name could one day be someone else's there).
_INSTALL = "pip install openpyxl defusedxml (or save the sheet as CSV UTF-8)"


def workbook_rows(data: bytes, display: str) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells as text) of the first sheet, up to one row and one column past the
    limits (so the caller can say which row breaks them); `DeckError` for an unreadable one."""
    openpyxl = _openpyxl(display)
    check_archive(data, display)
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 (openpyxl raises many kinds for a bad file)
        raise table_error(display, f"cannot read the workbook: {_reason(exc)}") from None
    number = 0
    try:
        if not book.worksheets:
            raise table_error(display, "the workbook has no sheet")
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # the size it declares may be 16,384 columns: never pad to it
        # openpyxl keeps the sheet's part name privately; without it rows run to their last
        # cell, which is slower but as exact.
        width = reading_width(data, getattr(sheet, "_worksheet_path", None), display)
        rows = sheet.iter_rows(max_row=MAX_CARD_ROWS + 2, max_col=width, values_only=True)
        while True:
            try:
                values = next(rows, None)
            except Exception as exc:  # noqa: BLE001 (the sheet's XML is parsed as it is read)
                raise table_error(display, f"cannot read the workbook at row {number + 1}: {_reason(exc)}",
                                  number + 1) from None
            if values is None:
                return
            number += 1
            if len(values) > MAX_COLUMNS:
                # tuple.count runs in C: a hostile row of 16,384 empty cells costs microseconds
                if values[MAX_COLUMNS:].count(None) != len(values) - MAX_COLUMNS:
                    last = len(values) - next(i for i, v in enumerate(reversed(values)) if v is not None)
                    raise DeckError([too_wide(display, number, last)])
                values = values[:MAX_COLUMNS]
            yield number, [_cell_text(v) for v in values]
    finally:
        book.close()


def _openpyxl(display: str):  # noqa: ANN202 (the module, imported only for .xlsx)
    try:
        import openpyxl  # noqa: PLC0415 (optional: pip install openpyxl defusedxml)
    except ImportError:
        raise table_error(display, f"reading .xlsx needs openpyxl: {_INSTALL}") from None
    if not openpyxl.DEFUSEDXML:
        # Without it openpyxl parses with xml.etree, which would expand entities.
        raise table_error(display, f"reading .xlsx safely needs defusedxml beside openpyxl: {_INSTALL}")
    return openpyxl


def _reason(exc: BaseException) -> str:
    """What went wrong, in one line: an entity declaration is named as such, not as a crash."""
    seen = exc
    while seen is not None:
        if type(seen).__module__.startswith("defusedxml"):
            return ("it declares XML entities (a DTD), which a spreadsheet program never writes and "
                    "pugdeck does not read (an entity bomb or an external entity); save the sheet "
                    "again from the spreadsheet program")
        seen = seen.__cause__ or seen.__context__
    # openpyxl's own messages run over several lines and end "see the exception".
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _cell_text(value: object) -> str:
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
