"""A table row's cells as a card's fields: each cell's text typed per the game's schema.

A cell that cannot be a value at all (JSON that does not parse, a number of 5,000 digits) is
reported at its row and column, naming its column; a value of the wrong kind is kept as
text on purpose, so the schema reports it in the same words as in YAML.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pugdeck.core.diagnostics import Diagnostic
from pugdeck.export.csv_cards import FILE_COLUMN, LIST_SEPARATOR, is_word_list, unmark_text
from pugdeck.importing.limits import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS
from pugdeck.importing.table import Table

_INTEGER = re.compile(r"[+-]?[0-9]+")
# What the deck's YAML reader refuses in text (authoring/yaml_text.py): C0 and C1 controls but
# tab and line feed. Refused here, at the cell, the import's YAML never holds one.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_JSON_EXAMPLE = '[{"op": "none"}]'


class CellError(ValueError):
    """A cell's text cannot become a value; the message names what to change."""


def cell_value(text: str, schema: dict, name: str = "the cell") -> Any:
    """A cell's text as the value its field's schema wants; text it cannot read stays text.

    Text that is not a number where a number is wanted is kept as text on purpose: the
    schema then reports it with the same words as in YAML ("'badges' must be a whole
    number, not text "two"").
    """
    kind = schema.get("type")
    if kind == "integer" and _INTEGER.fullmatch(text.strip()):
        digits = len(text.strip().lstrip("+-"))
        if digits > MAX_NUMBER_DIGITS:
            raise CellError(f"'{name}' is a number of {digits:,} digits; a whole number here has at "
                            f"most {MAX_NUMBER_DIGITS}")
        return int(text.strip())
    if kind == "boolean" and text.strip().lower() in ("true", "false"):
        return text.strip().lower() == "true"
    if is_word_list(schema):
        return [word.strip() for word in text.split(LIST_SEPARATOR)]
    if kind in ("array", "object"):
        return _json(text, name)
    if "enum" in schema or kind in ("integer", "boolean"):
        return text.strip()  # a stray space from a spreadsheet is no reason to fail
    # Spreadsheets write a line break in a cell as CRLF or CR; YAML text wants LF.
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _json(text: str, name: str) -> Any:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CellError(f"'{name}' is not valid JSON ({exc.msg} at character {exc.pos + 1}); write "
                        f"it as in the exported table, e.g. {_JSON_EXAMPLE}") from None
    except RecursionError:  # nested deeper than the parser goes
        raise CellError(_too_deep(name)) from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise CellError(f"'{name}' holds a number Python will not read ({exc}); write it as in the "
                        f"exported table, e.g. {_JSON_EXAMPLE}") from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise CellError(_too_deep(name))
    return value


def _too_deep(name: str) -> str:
    return (f"'{name}' is JSON nested more than {MAX_JSON_DEPTH} levels deep; write it as in the "
            f"exported table, e.g. {_JSON_EXAMPLE}")


def _depth(value: Any) -> int:
    """How deeply lists and mappings nest in `value` (without recursion: it may be deep)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                stack.extend((child, depth + 1) for child in
                             (item.values() if isinstance(item, dict) else item))
    return deepest


def _refuse_controls(value: Any, name: str) -> None:
    """A control character in any text of a cell's value (JSON escapes such as "\\u0007" too)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isprintable() and (bad := _CONTROL.search(item)):  # isprintable: a quick yes
                raise CellError(f"'{name}' holds control character U+{ord(bad.group()):04X}; remove it")
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def card_from_row(table: Table, row: int, cells: list[str], columns: list[str], fields: dict[str, dict],
                  cards_file: str) -> tuple[dict, str, list[Diagnostic]]:
    """The card a data row holds, the card file it goes to, and the problems of its cells.

    Each cell loses one leading `'` first (`csv_cards.unmark_text`: the mark a formula-like
    text is exported with), in every column.
    """
    card: dict = {}
    problems = []
    file = cards_file
    if len(cells) > len(columns) and any(c.strip() for c in cells[len(columns):]):
        problems.append(table.error(row, len(columns) + 1, f"this row has {len(cells)} cells; the "
                                    f"header names {len(columns)} columns"))
    card_id = None
    if "id" in columns and columns.index("id") < len(cells):
        card_id = unmark_text(cells[columns.index("id")]).strip() or None
    for i, name in enumerate(columns):
        cell = cells[i] if i < len(cells) else ""
        if cell == "":
            continue  # an empty cell is an absent field
        text = unmark_text(cell)
        if name == FILE_COLUMN:
            file = text.strip()
        elif name in fields:
            try:
                card[name] = value = cell_value(text, fields[name], name)
                _refuse_controls(value, name)
            except CellError as exc:
                problems.append(table.error(row, i + 1, str(exc), card=card_id, field=name))
    return card, file, problems
