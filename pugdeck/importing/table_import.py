"""`pugdeck import`: a card table (CSV or .xlsx) → a deck folder that validates.

The table has the layout `csv_cards` writes (header of field names, one row per card, a
`file` column). Cells become typed values per the game's schema; the cards become YAML
files; and the deck is checked exactly as `pugdeck validate` would check it, in a staging
copy of the target folder. Every problem found there is mapped back to the table cell it
came from (`cards.csv:ROW:COL`, the header being row 1), so a bad row reads the same as a
bad YAML card. Nothing is written unless the whole deck validates.

Into a folder without deck.yaml, a new deck is written: deck.yaml (`deck:` from the
options, `include:` of the card files in order of first appearance) and the card files.
Into a folder with a deck.yaml, only card files are written: each file the table names is
replaced whole by the table's rows for it, and must be one the deck already includes, so
deck.yaml (and its comments) is never rewritten.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pugdeck.authoring.diagnostics import ERROR, DeckError, Diagnostic, errors_in
from pugdeck.authoring.loading import display_path, find_deck_file, inside_folder, load_deck
from pugdeck.authoring.schema_checks import suggest
from pugdeck.building.deck_check import game_id_of, game_of
from pugdeck.export.csv_cards import DEFAULT_CARD_FILE, FILE_COLUMN, LIST_SEPARATOR, card_fields, is_word_list
from pugdeck.games.registry import registered
from pugdeck.importing.table import Table, read_table
from pugdeck.importing.table_locations import TableLocator

_INTEGER = re.compile(r"[+-]?[0-9]+")
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@dataclass
class Imported:
    """What an import wrote (or would write) and what the checks said about it."""

    files: dict[Path, bytes]
    game: str
    cards: int
    diagnostics: list[Diagnostic] = field(default_factory=list)


def cell_value(text: str, schema: dict) -> Any:
    """A cell's text as the value its field's schema wants; text it cannot read stays text.

    Text that is not a number where a number is wanted is kept as text on purpose: the
    schema then reports it with the same words as in YAML ("'badges' must be a whole
    number, not text "two"").
    """
    kind = schema.get("type")
    if kind == "integer" and _INTEGER.fullmatch(text.strip()):
        return int(text.strip())
    if kind == "boolean" and text.strip().lower() in ("true", "false"):
        return text.strip().lower() == "true"
    if is_word_list(schema):
        return [word.strip() for word in text.split(LIST_SEPARATOR)]
    if kind in ("array", "object"):
        return json.loads(text)  # the caller reports a JSONDecodeError at the cell
    if "enum" in schema or kind in ("integer", "boolean"):
        return text.strip()  # a stray space from a spreadsheet is no reason to fail
    # Spreadsheets write a line break in a cell as CRLF or CR; YAML text wants LF.
    return text.replace("\r\n", "\n").replace("\r", "\n")


def import_cards(table_path: Path, into: Path, *, game: str | None = None, deck_id: str | None = None,
                 deck_name: str | None = None, cards_file: str = DEFAULT_CARD_FILE,
                 write: bool = True) -> Imported:
    """Read the table, write the deck's files into `into` if it validates.

    Raises `DeckError` with every problem, located in the table where it came from one.
    Warnings (which do not stop the import) come back in `Imported.diagnostics`.
    """
    table = read_table(table_path)
    if into.exists() and not into.is_dir():
        raise DeckError([_flag_error(f"--into '{display_path(into)}' is a file; it needs a folder")])
    existing = find_deck_file(into)
    included: set[Path] | None = None
    if existing.is_file():
        loaded = load_deck(existing)
        named = game_id_of(loaded)
        if game is not None and game != named:
            raise DeckError([_flag_error(f"--game {game}: '{display_path(existing)}' is a "
                                         f"{named} deck; drop --game or import into a new folder")])
        game, included = named, {doc.path for doc in loaded.documents}
    else:
        existing = None
    columns, problems = _header(table, game)
    game = game or _guess_game(columns)
    fields = card_fields(game)
    unknown = [(i, name) for i, name in enumerate(columns) if name not in fields and name != FILE_COLUMN]
    for i, name in unknown:
        problems.append(table.error(1, i + 1, f"unknown column '{name}'{suggest(name, fields) or ''}; "
                                    f"{game} cards have {', '.join([*fields, FILE_COLUMN])}"))
    files: dict[str, list[tuple[int, dict]]] = {}
    for row_number, cells in table.rows():
        card, file, row_problems = _card_from_row(table, row_number, cells, columns, fields, cards_file)
        problems += row_problems
        files.setdefault(file, []).append((row_number, card))
    if not files:
        problems.append(table.error(1, 1, "the table has no cards (only a header row)"))
    problems += _check_files(table, columns, files, into, existing, included)
    if problems:
        raise DeckError(problems)
    documents = _documents(files, into, existing, game, deck_id, deck_name, table.display)
    diagnostics = _check_staged(into, documents, files, table, columns)
    if errors_in(diagnostics):
        raise DeckError(diagnostics)
    outputs = {into / name: text.encode("utf-8") for name, text in documents.items()}
    if write:
        from pugdeck.atomic import write_files  # noqa: PLC0415 (only needed when writing)

        write_files(outputs)
    return Imported(outputs, game, sum(len(rows) for rows in files.values()), diagnostics)


def _flag_error(message: str) -> Diagnostic:
    """A problem with the command's options: it has no place in any file."""
    return Diagnostic("", 0, 0, None, None, ERROR, message)


def _header(table: Table, game: str | None) -> tuple[list[str], list[Diagnostic]]:
    columns = [cell.strip() for cell in table.header]
    problems = []
    seen: dict[str, int] = {}
    for i, name in enumerate(columns):
        if not name:
            problems.append(table.error(1, i + 1, "empty column name in the header row"))
        elif name in seen:
            problems.append(table.error(1, i + 1, f"column '{name}' appears twice (first in column "
                                        f"{seen[name] + 1})"))
        else:
            seen[name] = i
    if "id" not in seen:
        problems.append(table.error(1, 1, "the header row needs an 'id' column (the first row of "
                                    "the table names the fields)"))
    return columns, problems


def _guess_game(columns: list[str]) -> str:
    """The registered game whose card fields explain the most columns; on a tie the one with
    the highest `GameSpec.import_preference`, then the first registered."""
    wanted = set(columns) - {FILE_COLUMN}
    # max keeps the first of equal keys, so registration order settles what is still tied
    best = max(registered().values(),
               key=lambda spec: (len(wanted & set(card_fields(spec.id))), spec.import_preference))
    return best.id


def _card_from_row(table: Table, row: int, cells: list[str], columns: list[str],
                   fields: dict[str, dict], cards_file: str) -> tuple[dict, str, list[Diagnostic]]:
    card: dict = {}
    problems = []
    file = cards_file
    if len(cells) > len(columns) and any(c.strip() for c in cells[len(columns):]):
        problems.append(table.error(row, len(columns) + 1, f"this row has {len(cells)} cells; the "
                                    f"header names {len(columns)} columns"))
    card_id = cells[columns.index("id")].strip() if "id" in columns and columns.index("id") < len(cells) else None
    for i, name in enumerate(columns):
        text = cells[i] if i < len(cells) else ""
        if text == "":
            continue  # an empty cell is an absent field
        if name == FILE_COLUMN:
            file = text.strip()
        elif name in fields:
            try:
                card[name] = cell_value(text, fields[name])
            except json.JSONDecodeError as exc:
                problems.append(table.error(row, i + 1, f"'{name}' is not valid JSON ({exc.msg} at "
                                            f"character {exc.pos + 1}); write it as in the exported "
                                            f"table, e.g. [{{\"op\": \"none\"}}]", card=card_id, field=name))
    return card, file, problems


def _check_files(table: Table, columns: list[str], files: dict, into: Path, existing: Path | None,
                 included: set[Path] | None) -> list[Diagnostic]:
    """Card file names must stay in the deck folder; an existing deck must already include them."""
    problems = []
    column = columns.index(FILE_COLUMN) + 1 if FILE_COLUMN in columns else 0
    for name, rows in files.items():
        where = (rows[0][0], column)
        if inside_folder(into.resolve(), name) is None or not name.endswith((".yaml", ".yml")):
            problems.append(table.error(*where, f"file '{name}' must be a .yaml path inside the deck "
                                        "folder (relative, no '..')"))
        elif existing is not None and Path(name).as_posix() == "deck.yaml":
            problems.append(table.error(*where, "cards in deck.yaml are not imported into an existing "
                                        "deck (deck.yaml would be rewritten); put them in a card file"))
        elif included is not None and (into / name).resolve() not in included:
            problems.append(table.error(*where, f"'{display_path(existing)}' does not include "
                                        f"'{name}'; add it to include: or import into a new folder"))
    return problems


def _yaml(data: dict, source: str, replaced: bool = True) -> str:
    """Safe YAML our loader reads back as the same data (PyYAML quotes what needs quoting)."""
    header = f"# Written by pugdeck import from {Path(source).name}"
    header += "; the next import of that table replaces this file.\n" if replaced else ".\n"
    # yaml.safe_dump with libyaml's emitter where present: the same safe output, 10x faster.
    return header + yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=100)


def _documents(files: dict, into: Path, existing: Path | None, game: str, deck_id: str | None,
               deck_name: str | None, source: str) -> dict[str, str]:
    """The text of every file to write, by path relative to `into`."""
    out = {name: _yaml({"cards": [card for _row, card in rows]}, source)
           for name, rows in files.items() if name != "deck.yaml"}
    if existing is None:
        slug = re.sub(r"[^a-z0-9]+", "-", (deck_id or into.name).lower()).strip("-") or "imported-deck"
        root: dict = {"deck": {"id": slug, "name": deck_name or into.name or slug, "game": game}}
        if out:
            root["include"] = list(out)
        if "deck.yaml" in files:
            root["cards"] = [card for _row, card in files["deck.yaml"]]
        out = {"deck.yaml": _yaml(root, source, replaced=False), **out}
    return out


def _check_staged(into: Path, documents: dict[str, str], files: dict, table: Table,
                  columns: list[str]) -> list[Diagnostic]:
    """Check the deck as it would be after writing, in a copy; diagnostics mapped to the table."""
    with tempfile.TemporaryDirectory(prefix="pugdeck-import-") as tmp:
        staged = Path(tmp) / "deck"
        if into.is_dir():
            shutil.copytree(into, staged, symlinks=True, ignore=_not_deck_files)
        staged.mkdir(parents=True, exist_ok=True)
        for name, text in documents.items():
            path = staged / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        try:
            loaded = load_deck(staged)
            _deck, diagnostics = game_of(loaded).check_deck(loaded)
            documents_by_path = {d.path: d for d in loaded.documents}
        except DeckError as exc:
            diagnostics, documents_by_path = exc.diagnostics, {}
        locator = TableLocator(table, columns, staged, into)
        for name in documents:
            doc = documents_by_path.get((staged / name).resolve())
            if doc is not None:
                locator.add_document(doc, [row for row, _card in files.get(name, ())])
        return sorted(locator.locate(d) for d in diagnostics)


_DECK_SUFFIXES = (".yaml", ".yml", ".png", ".jpg", ".jpeg")


def _not_deck_files(folder: str, names: list[str]) -> set[str]:
    """What the staging copy leaves out: all but YAML and art (a deck may sit beside big things)."""
    return {name for name in names if name.startswith(".") or
            (Path(folder, name).is_file() and not name.lower().endswith(_DECK_SUFFIXES))}
