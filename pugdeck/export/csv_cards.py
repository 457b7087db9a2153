"""Cards as a spreadsheet: one row per card as written, one column per authoring field.

The table is the authoring format flattened, so `pugdeck import` can turn it back into the
same YAML (the format is also described in `pugdeck export csv --help`):

- the header row is the card fields in the game's schema order, then `file`: the card file
  (relative to the deck folder) the card was written in, so a multi-file deck round-trips;
- an empty cell means the field is absent (so the game's default applies);
- whole numbers and `true`/`false` are written as such and read back per the schema's type;
- a list of words (`tags`) is joined with `;` — tags are slugs, so `;` never occurs in one;
- anything more structured (PixelPug's `effect` steps) is one cell of JSON;
- text is written exactly: quotes, commas, line breaks and any Unicode survive, because the
  CSV is quoted as needed and encoded UTF-8 with a byte-order mark (which is what makes
  Excel read it as UTF-8 rather than as the local code page).
"""

from __future__ import annotations

import csv
import importlib
import io
import json
from pathlib import Path
from typing import Any, Iterable

from pugdeck.authoring.diagnostics import DeckError, errors_in
from pugdeck.building.deck_check import game_id_of as game_of
from pugdeck.games.registry import game as registered_game
from pugdeck.authoring.loading import LoadedDeck, load_deck
from pugdeck.schemas import game_schema

FILE_COLUMN = "file"
LIST_SEPARATOR = ";"
DEFAULT_CARD_FILE = "cards.yaml"
# The schema each game's cards are written against (`pugdeck/schemas/<name>.schema.json`).
CARD_SCHEMAS = {"pug-you": "pug-you", "pixelpug": "pixelpug"}


def card_fields(game: str) -> dict[str, dict]:
    """The card fields of `game` in schema order, each with its (sub)schema."""
    schema = game_schema(CARD_SCHEMAS[game])
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


def cell_text(value: Any, schema: dict) -> str:
    """One field's value as the text of its cell ('' for an absent field)."""
    if value is None:
        return ""
    if isinstance(value, bool):  # before int: bool is an int in Python
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, list) and is_word_list(schema) and all(isinstance(v, str) for v in value):
        return LIST_SEPARATOR.join(value)
    return json.dumps(value, ensure_ascii=False)


def card_row(card: dict, fields: dict[str, dict], file: str) -> list[str]:
    """A card mapping as a row (see `columns`)."""
    return [cell_text(card.get(name), schema) for name, schema in fields.items()] + [file]


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


def export_csv(deck_path: Path) -> tuple[str, bytes]:
    """The deck's id and its cards as CSV bytes; raises `DeckError` if the deck has errors.

    The cards are exported as written (absent fields stay empty), not as built, which is
    what makes the table a faithful, re-importable copy of the deck.
    """
    loaded = load_deck(deck_path)
    game = game_of(loaded)
    checks = registered_game(game)
    _deck, diagnostics = checks.check_deck(loaded)
    if errors_in(diagnostics):
        raise DeckError(diagnostics)
    deck_id = loaded.root.data["deck"]["id"]
    return deck_id, csv_bytes(deck_rows(loaded, game))
