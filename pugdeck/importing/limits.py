"""How much of a card table `pugdeck import` reads: every limit in one place, each with its why.

A table is untrusted input (DESIGN.md §9). Each limit is far above any real deck and is
checked before the work it guards, so a hostile table (a million rows, a zip bomb, a
5,000-digit number) is refused in well under a second, at the row and column that break it.
"""

from __future__ import annotations

from pugdeck.authoring.yaml_text import MAX_FILE_BYTES, MAX_FILES
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic

# The table file itself, CSV or .xlsx: the size of one deck file, whose cards it usually becomes.
MAX_TABLE_BYTES = MAX_FILE_BYTES
# Cards in one table: twice the 10,000-card deck that `validate` checks in under a second
# (benchmarks/bench_validate.py). A bigger deck is imported in parts, each table naming its
# own card files in the `file` column.
MAX_CARD_ROWS = 20_000
# Columns: a game's cards have about fifteen fields.
MAX_COLUMNS = 200
# Characters in one cell: a card's text fits on a card, a PixelPug effect is a few hundred.
MAX_CELL_CHARS = 10_000
# Digits of a whole number: every number field of a card is small; 15 digits is what a
# spreadsheet keeps exactly, and Python's int() refuses more than 4,300 with a traceback.
MAX_NUMBER_DIGITS = 15
# Nesting of a JSON cell (an effect is a list of steps of mappings); the YAML the cards
# become allows 64 levels, of which the card file's own structure takes three.
MAX_JSON_DEPTH = 32
# Card files the `file` column may name: a deck includes at most MAX_FILES files, deck.yaml too.
MAX_CARD_FILES = MAX_FILES - 1
# An .xlsx file is a zip archive: what it may unpack to (its sheet is about 20 times the CSV)
# and how many parts it may have (a workbook has about ten), checked from the archive's
# directory before anything is unpacked.
MAX_UNPACKED_BYTES = 64 * 2**20
MAX_ARCHIVE_MEMBERS = 1_000
# XML tags in all of a workbook's parts: openpyxl parses about 250,000 a second, and a
# 20,000-card sheet of nine columns has a million; twice that bounds the work at ~8 s.
MAX_XML_TAGS = 2_000_000


def column_letter(column: int) -> str:
    """A spreadsheet's name for a 1-based column: 1 → A, 27 → AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def too_many_rows(display: str, row: int) -> Diagnostic:
    """The refusal of a table that goes on to `row`, past MAX_CARD_ROWS cards."""
    return Diagnostic(display, row, 1, None, None, ERROR, (
        f"the table goes on past row {MAX_CARD_ROWS + 1:,}: at most {MAX_CARD_ROWS:,} cards are "
        "imported at once (rows below the cards count too, even empty ones); import a large deck "
        "in parts, each table naming its own card files in the 'file' column"))


def too_wide(display: str, row: int, column: int) -> Diagnostic:
    """The refusal of a row with a cell in `column`, past MAX_COLUMNS."""
    return Diagnostic(display, row, column, None, None, ERROR, (
        f"this row has a cell in column {column_letter(column)} (column {column:,}); a table has at "
        f"most {MAX_COLUMNS} columns (a card has about fifteen fields)"))


def table_error(display: str, message: str, row: int = 0, column: int | None = None) -> DeckError:
    """A refusal of the table located at `row` and `column` (by default the row's first
    cell; row 0 is the whole file)."""
    column = (1 if row else 0) if column is None else column
    return DeckError([Diagnostic(display, row, column, None, None, ERROR, message)])
