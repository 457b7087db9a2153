"""Cards as a spreadsheet: one row per card as written, one column per authoring field.

The table is the authoring format flattened, so `pugdeck import` can turn it back into the
same YAML (the format is also described in `pugdeck export csv --help`):

- the header row is the card fields in the game's authoring schema order (the schema
  `GameSpec.authoring_schema_path` names), then `file`: the card file
  (relative to the deck folder) the card was written in, so a multi-file deck round-trips;
- an empty cell means the field is absent (so the game's default applies);
- whole numbers and `true`/`false` are written as such and read back per the schema's type;
- a list of words (`tags`) is joined with `;` — tags are slugs, so `;` never occurs in one;
- anything more structured (a field the schema types as a list of mappings, or a
  mapping, such as a list of effect steps) is one cell of JSON;
- text is written exactly: quotes, commas, line breaks and any Unicode survive, because the
  CSV is quoted as needed and encoded UTF-8 with a byte-order mark (which is what makes
  Excel read it as UTF-8 rather than as the local code page);
- a cell that a spreadsheet would run as a formula (text beginning with `=`, `+`, `-`, `@`, a
  tab or a carriage return: OWASP's list) gets a leading `'`, the spreadsheets' own mark for
  "this is text". Text that itself begins with `'` gets one too, so `import` can always take
  one leading `'` off and the round trip stays exact (`'Tis` is written `''Tis`). Whole
  numbers are written bare, so `-3` stays a number in the sheet: a cell holding only a
  number cannot be a formula.

This module is the table's layout, shared by the export and by `pugdeck.importing`; it
writes rows of a deck that the caller has loaded and checked (building/deck_check.py).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from pugdeck.authoring.loading import LoadedDeck
from pugdeck.games.game_schemas import game_schema

FILE_COLUMN = "file"
LIST_SEPARATOR = ";"
DEFAULT_CARD_FILE = "cards.yaml"
TEXT_MARK = "'"
# What makes a spreadsheet read a cell as a formula (OWASP "CSV injection"), and the mark itself.
_MARKED_STARTS = ("=", "+", "-", "@", "\t", "\r", TEXT_MARK)


def card_fields(game: str) -> dict[str, dict]:
    """The card fields of the registered game `game` in schema order, each with its
    (sub)schema."""
    schema = game_schema(game)
    fields = dict(schema["$defs"]["card"]["properties"])
    # A card field named like the file column would make the table ambiguous.
    assert FILE_COLUMN not in fields, f"{game} cards have a '{FILE_COLUMN}' field"
    return fields


def columns(game: str) -> list[str]:
    """The header row for `game`'s cards."""
    return [*card_fields(game), FILE_COLUMN]


def is_word_list(schema: dict) -> bool:
    """A list whose items are plain strings: written `;`-joined rather than as JSON."""
    items = schema.get("items", {})
    return schema.get("type") == "array" and items.get("type") == "string"


def mark_text(text: str) -> str:
    """A text cell as written: with a leading `'` where a spreadsheet could run it as a formula,
    or where it begins with `'` itself (so that `unmark_text` is always its inverse)."""
    return TEXT_MARK + text if text.startswith(_MARKED_STARTS) else text


def unmark_text(cell: str) -> str:
    """A cell as the text it stands for: one leading `'` (the spreadsheets' text mark) removed."""
    return cell[1:] if cell.startswith(TEXT_MARK) else cell


def cell_text(value: Any, schema: dict) -> str:
    """One field's value as the text of its cell ('' for an absent field)."""
    if value is None:
        return ""
    if isinstance(value, bool):  # before int: bool is an int in Python
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)  # a number, never a formula: `-3` stays the number -3 in the sheet
    if isinstance(value, str):
        return mark_text(value)
    if isinstance(value, list) and is_word_list(schema) and all(isinstance(v, str) for v in value):
        return mark_text(LIST_SEPARATOR.join(value))
    return mark_text(json.dumps(value, ensure_ascii=False))


def card_row(card: dict, fields: dict[str, dict], file: str) -> list[str]:
    """A card mapping as a row (see `columns`)."""
    return [cell_text(card.get(name), schema) for name, schema in fields.items()] + [mark_text(file)]


def deck_rows(loaded: LoadedDeck, game: str) -> list[list[str]]:
    """Header and one row per card of a loaded deck, in the order the deck lists them."""
    fields = card_fields(game)
    rows = [columns(game)]
    for source in loaded.cards:
        file = source.doc.path.relative_to(loaded.folder).as_posix()
        rows.append(card_row(source.data, fields, file))
    return rows


def csv_bytes(rows: Iterable[list[str]]) -> bytes:
    """The CSV file: UTF-8 with BOM, CRLF row ends (RFC 4180), quoting only where needed."""
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return "\ufeff".encode() + buffer.getvalue().encode("utf-8")


def deck_csv(loaded: LoadedDeck, game: str) -> bytes:
    """A loaded deck's cards as CSV bytes, as written (absent fields stay empty), not as
    built, which is what makes the table a faithful, re-importable copy of the deck."""
    return csv_bytes(deck_rows(loaded, game))
