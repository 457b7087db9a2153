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

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from pugdeck.atomic import output_path, write_files
from pugdeck.authoring.loading import (
    MAX_FILE_BYTES,
    display_path,
    find_deck_file,
    gc_paused,
    inside_folder,
    load_deck,
)
from pugdeck.authoring.schema_checks import suggest
from pugdeck.authoring.slugs import MAX_ID, slugify
from pugdeck.building.deck_check import game_id_of
from pugdeck.core.diagnostics import ERROR, DeckError, Diagnostic, errors_in
from pugdeck.export.csv_cards import DEFAULT_CARD_FILE, FILE_COLUMN, card_fields
from pugdeck.games.registry import registered
from pugdeck.importing.cells import card_from_row
from pugdeck.importing.limits import MAX_CARD_FILES
from pugdeck.importing.staging import check_staged
from pugdeck.importing.table import Table, read_table


# yaml.safe_dump with libyaml's emitter where present: the same safe output, 10x faster.
class _CardDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
    """Text holding a character YAML reads as a line break but editors do not (NEL, LS, PS) is
    written double-quoted, where the emitter escapes it (`\\L`); written raw, our reader
    would refuse the file (authoring/yaml_text.py), so a valid deck would not round-trip."""


_ODD_BREAKS = ("\x85", "\u2028", "\u2029")


def _represent_text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = '"' if any(char in text for char in _ODD_BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_CardDumper.add_representer(str, _represent_text)


@dataclass
class Imported:
    """What an import wrote (or would write) and what the checks said about it."""

    files: dict[Path, bytes]
    game: str
    cards: int
    diagnostics: list[Diagnostic] = field(default_factory=list)


def import_cards(table_path: Path, into: Path, *, game: str | None = None, deck_id: str | None = None,
                 deck_name: str | None = None, cards_file: str = DEFAULT_CARD_FILE,
                 write: bool = True) -> Imported:
    """Read the table, write the deck's files into `into` if it validates.

    Raises `DeckError` with every problem, located in the table where it came from one.
    Warnings (which do not stop the import) come back in `Imported.diagnostics`.
    """
    table = read_table(table_path)
    into = output_path(into)  # where the files land (`typo/../mydeck` is `mydeck`), before any check
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
    elif existing.exists() or existing.is_symlink():
        raise DeckError([_flag_error(f"--into: '{display_path(existing)}' is not a regular file; "
                                     "remove it or import into another folder")])
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
        card, file, row_problems = card_from_row(table, row_number, cells, columns, fields, cards_file)
        problems += row_problems
        files.setdefault(file, []).append((row_number, card))
    if not files:
        problems.append(table.error(1, 1, "the table has no cards (only a header row)"))
    problems += _check_files(table, columns, files, into, existing, included)
    if problems:
        raise DeckError(problems)
    with gc_paused():  # PyYAML's representer makes many small objects and no cycles
        documents = _documents(files, into, existing, game, deck_id, deck_name, table.display)
    problems = _too_large(documents, files, table, columns)
    if problems:
        raise DeckError(problems)
    rows = {name: [row for row, _card in cards] for name, cards in files.items()}
    diagnostics = check_staged(into, documents, rows, table, columns)
    if errors_in(diagnostics):
        raise DeckError(diagnostics)
    outputs = {into / name: text.encode("utf-8") for name, text in documents.items()}
    if write:
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


def _check_files(table: Table, columns: list[str], files: dict, into: Path, existing: Path | None,
                 included: set[Path] | None) -> list[Diagnostic]:
    """Card file names must stay in the deck folder; an existing deck must already include them."""
    problems = []
    column = columns.index(FILE_COLUMN) + 1 if FILE_COLUMN in columns else 0
    for number, (name, rows) in enumerate(files.items(), 1):
        where = (rows[0][0], column)
        shown = f"file '{name}'" if column else f"--cards-file '{name}'"
        if not column:  # the name came from the option, not from a cell
            where = (0, 0)
        try:
            target = inside_folder(into.resolve(), name) if "\0" not in name else None
        except (OSError, ValueError):  # a name too long for the file system
            target = None
        if number > MAX_CARD_FILES:
            problems.append(table.error(*where, f"the table names more than {MAX_CARD_FILES} card "
                                        f"files; a deck includes at most {MAX_CARD_FILES}"))
            break
        if target is None or not name.endswith((".yaml", ".yml")):
            problems.append(table.error(*where, f"{shown} must be a .yaml path inside the deck "
                                        "folder (relative, no '..')"))
        elif existing is not None and Path(name).as_posix() == "deck.yaml":
            problems.append(table.error(*where, "cards in deck.yaml are not imported into an existing "
                                        "deck (deck.yaml would be rewritten); put them in a card file"))
        elif included is not None and target not in included:
            problems.append(table.error(*where, f"'{display_path(existing)}' does not include "
                                        f"'{name}'; add it to include: or import into a new folder"))
    return problems


def _too_large(documents: dict[str, str], files: dict, table: Table, columns: list[str]) -> list[Diagnostic]:
    """A card file the deck could not read back: located at the first row of its cards."""
    problems = []
    for name, text in documents.items():
        size = len(text.encode("utf-8"))
        if size > MAX_FILE_BYTES:
            rows = [row for row, _card in files.get(name, ())]
            where = (rows[0], columns.index(FILE_COLUMN) + 1 if FILE_COLUMN in columns else 1) if rows else (1, 1)
            problems.append(table.error(*where, (
                f"the {len(rows):,} cards for '{name}' (rows {rows[0] if rows else 1} to "
                f"{rows[-1] if rows else 1}) would make a file of {size / 2**20:.1f} MiB; a deck file "
                f"holds at most {MAX_FILE_BYTES // 2**20} MiB: spread them over several card files "
                "with the 'file' column")))
    return problems


def _yaml(data: dict, source: str, replaced: bool = True) -> str:
    """Safe YAML our loader reads back as the same data (PyYAML quotes what needs quoting)."""
    header = f"# Written by pugdeck import from {Path(source).name}"
    header += "; the next import of that table replaces this file.\n" if replaced else ".\n"
    return header + yaml.dump(data, Dumper=_CardDumper, allow_unicode=True, sort_keys=False, width=100)


def _documents(files: dict, into: Path, existing: Path | None, game: str, deck_id: str | None,
               deck_name: str | None, source: str) -> dict[str, str]:
    """The text of every file to write, by path relative to `into`."""
    out = {name: _yaml({"cards": [card for _row, card in rows]}, source)
           for name, rows in files.items() if name != "deck.yaml"}
    if existing is None:
        # A folder named `Baraja Española` gives the deck id `baraja-española`.
        slug = slugify(deck_id or into.name)[:MAX_ID].strip("-") or "imported-deck"
        root: dict = {"deck": {"id": slug, "name": deck_name or into.name or slug, "game": game}}
        if out:
            root["include"] = list(out)
        if "deck.yaml" in files:
            root["cards"] = [card for _row, card in files["deck.yaml"]]
        out = {"deck.yaml": _yaml(root, source, replaced=False), **out}
    return out
