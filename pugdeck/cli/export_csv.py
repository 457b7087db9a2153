"""`pugdeck export csv` and `pugdeck import`: a deck's cards as a spreadsheet and back."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pugdeck.atomic import write_files
from pugdeck.authoring.loading import display_path, load_deck
from pugdeck.building.deck_check import game_of
from pugdeck.cli.common import DEFAULT_DECK, RegisteredGame, deck_argument, quiet_option, report_diagnostics
from pugdeck.core.diagnostics import DeckError, errors_in
from pugdeck.export.csv_cards import DEFAULT_CARD_FILE, deck_csv
from pugdeck.importing.limits import (
    MAX_CARD_ROWS,
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    MAX_TABLE_BYTES,
    MAX_UNPACKED_BYTES,
    MAX_XML_TAGS,
)
from pugdeck.importing.table_import import import_cards

TABLE_FORMAT = """\b
The table: a header row of card field names in schema order, then a 'file' column (the
card file, relative to the deck folder, that holds the card); one row per card as written.
\b
- an empty cell is an absent field (the game's default applies)
- whole numbers and true/false are read per the schema
- tags are joined with ';'
- a list of mappings (such as effect steps) or a mapping is one cell of JSON
- text is kept exactly (quotes, commas, line breaks, any Unicode)
- text that a spreadsheet would run as a formula (beginning with =, +, -, @, a tab or a
  carriage return) is written with a leading ', the spreadsheets' mark for text, and so is
  text that begins with ' itself ('Tis is written ''Tis); import takes one leading ' off
  every cell, so the round trip is exact. Whole numbers (-3) are written bare.
The CSV is UTF-8 with a byte-order mark, so spreadsheets read it as UTF-8."""

IMPORT_LIMITS = (
    "\b\n"
    f"Limits: a table of at most {MAX_TABLE_BYTES // 2**20} MiB, {MAX_CARD_ROWS:,} cards, {MAX_COLUMNS} columns "
    f"and {MAX_CELL_CHARS:,} characters a\ncell; an .xlsx workbook unpacking to at most "
    f"{MAX_UNPACKED_BYTES // 2**20} MiB and {MAX_XML_TAGS:,} XML tags (read\n"
    "with defusedxml, which refuses XML entities). Import a larger deck in parts, each table\n"
    "naming its own card files in the 'file' column.")


# The help names the default deck, which only cli/common.py may spell out.
CSV_HELP = f"""Write DECK's cards as a CSV table, one row per card with every authoring field.

DECK is a deck folder or its deck.yaml (default: the deck.yaml here or above, else the
bundled {DEFAULT_DECK} deck). The table
is the deck's source as written, for editing in a spreadsheet, so the build filters do not
apply; `pugdeck import` reads it back into deck files."""


def export_csv(deck_path: Path) -> tuple[str, bytes]:
    """The deck's id and its cards as CSV bytes; raises `DeckError` if the deck has errors.

    The deck is loaded and checked by its game as `validate` checks it, so a table is only
    ever written of a deck without errors.
    """
    loaded = load_deck(deck_path)
    game = game_of(loaded)
    _deck, diagnostics = game.check_deck(loaded)
    if errors_in(diagnostics):
        raise DeckError(diagnostics)
    return loaded.root.data["deck"]["id"], deck_csv(loaded, game.id)


@click.command("csv", help=CSV_HELP, epilog=TABLE_FORMAT)
@deck_argument
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="Folder for <deck id>.csv.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write to this file instead ('-' for standard output).")
@quiet_option
def csv_command(deck: Path, out_dir: str, output: str | None, quiet: bool) -> None:
    deck_id, data = export_csv(deck)
    if output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    path = Path(output) if output else Path(out_dir) / f"{deck_id}.csv"
    write_files({path: data})
    if not quiet:
        click.echo(f"wrote {path}")


@click.command("import", epilog=TABLE_FORMAT + "\n\n" + IMPORT_LIMITS)
@click.argument("table", type=click.Path(exists=True, dir_okay=False))
@click.option("--into", "into", type=click.Path(), required=True, metavar="DIR",
              help="The deck folder to write. Without deck.yaml a new deck is made; with one, only "
                   "the card files the table names are replaced (the deck must include them).")
@click.option("--game", type=RegisteredGame(sort=True),
              help="A new deck's game [default: guessed from the columns].")
@click.option("--id", "deck_id", metavar="SLUG", help="A new deck's id [default: from the folder name].")
@click.option("--name", "deck_name", metavar="TEXT", help="A new deck's name [default: the folder name].")
@click.option("--cards-file", default=DEFAULT_CARD_FILE, show_default=True, metavar="PATH",
              help="The card file for rows with no 'file' cell.")
@click.option("--dry-run", is_flag=True, help="Check the table and report; write nothing.")
@quiet_option
def import_command(table: str, into: str, game: str | None, deck_id: str | None, deck_name: str | None,
                   cards_file: str, dry_run: bool, quiet: bool) -> None:
    """Turn a card table (.csv, or .xlsx with openpyxl) into deck files that validate.

    Problems are reported as TABLE:ROW:COL: card 'id': message (the header is row 1) and
    nothing is written unless the whole deck validates.
    """
    result = import_cards(Path(table), Path(into), game=game, deck_id=deck_id,
                          deck_name=deck_name, cards_file=cards_file, write=not dry_run)
    report_diagnostics(result.diagnostics)  # warnings only
    if quiet:
        return
    verb = "would write" if dry_run else "wrote"
    for path in result.files:
        click.echo(f"{verb} {display_path(path)}")
    click.echo(f"{result.cards} {result.game} card{'s' * (result.cards != 1)} imported"
               + (" (dry run)" if dry_run else ""))
