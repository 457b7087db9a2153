"""The `pugdeck` command line. Commands parse and report; the work is in plain functions.

Each command lives in its own module of this package and is registered below.
Exit codes: 0 success, 1 the deck or input is wrong, 2 usage error (Click's own).
"""

from __future__ import annotations

import click

from pugdeck import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pugdeck")
def main() -> None:
    """Author, check, tailor, print and play decks of Pug You! and PixelPug."""


def _register() -> None:
    # Imported here so each command module can import `main`-free helpers without cycles.
    from pugdeck.cli import build as build_cmd
    from pugdeck.cli import validate as validate_cmd

    main.add_command(validate_cmd.validate)
    main.add_command(validate_cmd.schema)
    main.add_command(build_cmd.build_command)
    from pugdeck.cli import play as play_cmd
    main.add_command(play_cmd.play)
    main.add_command(play_cmd.replay)
    main.add_command(play_cmd.simulate)
    from pugdeck.cli import export as export_cmd
    main.add_command(export_cmd.export)
    main.add_command(export_cmd.preview_command)
    from pugdeck.cli import export_csv as export_csv_cmd
    export_cmd.export.add_command(export_csv_cmd.csv_command)
    main.add_command(export_csv_cmd.import_command)
    from pugdeck.cli import serve as serve_cmd
    main.add_command(serve_cmd.serve_command)


_register()
