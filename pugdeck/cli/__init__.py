"""The `pugdeck` command line. Commands parse and report; the work is in plain functions.

Each command lives in its own module of this package, named in `COMMANDS` and imported
only when it runs: `pugdeck validate` does not pay for loading the renderer, the engines
and the exporters (start-up is a measurable share of a small build).
Exit codes: 0 success, 1 the deck or input is wrong or an output cannot be written,
2 usage error (Click's own).
"""

from __future__ import annotations

import importlib

import click

from pugdeck import __version__
from pugdeck.atomic import WriteError

# command name → (module, attribute)
COMMANDS = {
    "validate": ("pugdeck.cli.validate", "validate"),
    "schema": ("pugdeck.cli.validate", "schema"),
    "build": ("pugdeck.cli.build", "build_command"),
    "calibrate": ("pugdeck.cli.calibrate", "calibrate_command"),
    "play": ("pugdeck.cli.play", "play"),
    "replay": ("pugdeck.cli.play", "replay"),
    "simulate": ("pugdeck.cli.play", "simulate"),
    "export": ("pugdeck.cli.export", "export"),
    "preview": ("pugdeck.cli.export", "preview_command"),
    "import": ("pugdeck.cli.export_csv", "import_command"),
    "init": ("pugdeck.cli.init", "init_command"),
    "serve": ("pugdeck.cli.serve", "serve_command"),
    "live": ("pugdeck.cli.live", "live_command"),
    "party": ("pugdeck.cli.party", "party_command"),
    "games": ("pugdeck.cli.games", "games_command"),
}
# subcommands of a group that live in another module: group → [(name, module, attribute)]
SUBCOMMANDS = {
    "export": [("csv", "pugdeck.cli.export_csv", "csv_command"),
               ("print-shop", "pugdeck.cli.export_shop", "print_shop_command")],
}


def _load(module: str, attribute: str) -> click.Command:
    return getattr(importlib.import_module(module), attribute)


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        command = _load(*COMMANDS[name])
        for sub, module, attribute in SUBCOMMANDS.get(name, ()):
            if isinstance(command, click.Group) and sub not in command.commands:
                command.add_command(_load(module, attribute), sub)
        return command

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; an output it cannot write (`atomic.write_files`) is reported here,
        once for every command: `error: cannot write <path>: <reason>`, exit 1."""
        try:
            return super().invoke(ctx)
        except WriteError as error:
            click.echo(f"error: {error}", err=True)
            ctx.exit(1)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pugdeck")
def main() -> None:
    """Author, check, tailor, print and play decks of Pug You! and PixelPug."""
