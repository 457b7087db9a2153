"""The `pugdeck` command line. Commands parse and report; the work is in plain functions.

Each command lives in its own module of this package, named in `COMMANDS` and imported
only when it runs: `pugdeck validate` does not pay for loading the renderer, the engines
and the exporters (start-up is a measurable share of a small build).
Exit codes: 0 success, 1 the deck or input is wrong or an output cannot be written,
2 usage error (Click's own).
"""

from __future__ import annotations

import errno
import importlib
import os

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
# What `pugdeck --help` lists for each command: the first sentence of its docstring, as
# Click's `get_short_help_str(limit=1000)` gives it. Written out so that --help imports no
# command module (it imported all 13: 3.6x `--version`); tests/cli/test_help_table.py fails
# when an entry drifts from its command.
SHORT_HELPS = {
    "build": "Build DECK for a group: out/<name>.json (the built deck) and out/<name>.pdf.",
    "calibrate": "Write out/calibration-<paper>.pdf, a two-page duplex test sheet.",
    "export": "Write the deck for other frontends: PNG images, a Tabletop Simulator deck, an "
              "HTML gallery, …",
    "games": "List the registered games, what each is, and the bundled decks that play it.",
    "import": "Turn a card table (.csv, or .xlsx with openpyxl) into deck files that validate.",
    "init": "Start a deck in DIR, a new or empty folder: deck.yaml with house rules, sample cards "
            "of every kind, a group profile, a short README, and the JSON Schemas beside them "
            "that editors complete the YAML from.",
    "live": "Serve a page that shows DECK as it prints, rebuilt on every save (Ctrl-C stops).",
    "party": "Play DECK at a party: everyone joins on their phone, a shared screen shows the table.",
    "play": "Play one game between bots with DECK and print it (or play a seat yourself: --human "
            "NAME).",
    "preview": "One contact-sheet PNG of the whole deck, out/<name>-preview.png, small enough to "
               "share in a chat (at most 4096 px wide and 2 MB).",
    "replay": "Replay a machine LOG.json from `pugdeck play --json` and print its transcript.",
    "schema": "Print a published JSON Schema (draft 2020-12).",
    "serve": "Serve the game engines: JSON requests on stdin, one a line; JSON responses on stdout.",
    "simulate": "Play many seeded bot games with DECK and report statistics.",
    "validate": "Check DECK (a deck folder or its deck.yaml; default: the deck.yaml here or above, "
                "else the bundled Pug You! deck).",
}
# What the system answers about a path a user typed that it cannot even look at: too long,
# under a folder that may not be searched, a loop of links. Any command, at any step (looking
# for deck.yaml, resolving --out, reading a table), answers it with one sentence, exit 1.
UNUSABLE_PATH = frozenset({errno.ENAMETOOLONG, errno.EACCES, errno.EPERM, errno.ELOOP})
def _load(module: str, attribute: str) -> click.Command:
    return getattr(importlib.import_module(module), attribute)


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        return _load(*COMMANDS[name])

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple:
        """A mistyped command is refused with the nearest ones (`buidl` → `build`), as git does."""
        name = args[0] if args else ""
        if args and self.get_command(ctx, name) is None and not name.startswith("-"):
            import difflib  # noqa: PLC0415 (only a mistyped command needs it)

            near = difflib.get_close_matches(name, self.list_commands(ctx), n=2, cutoff=0.6)
            hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
            ctx.fail(f"No such command '{name}'.{hint} (pugdeck --help lists them)")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command with its whole first sentence, wrapped, never cut short with '...',
        from `SHORT_HELPS` (no command is imported to list them)."""
        rows = [(name, SHORT_HELPS[name]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; an output it cannot write (`atomic.write_files`) is reported here,
        once for every command: `error: cannot write <path>: <reason>`, exit 1; so is a path
        the system cannot look at (`UNUSABLE_PATH`): `error: cannot use <path>: <reason>`; so is
        something the deck's game does not offer (`NotImplementedError`, as `GameSpec`
        promises: no engine, no party view, no starter deck): `error: <its sentence>`; and a
        deck's problems (`DeckError`): each located problem, then how many, exit 1."""
        try:
            return super().invoke(ctx)
        except (WriteError, NotImplementedError) as error:
            click.echo(f"error: {error}", err=True)
            ctx.exit(1)
        except OSError as error:
            if error.errno not in UNUSABLE_PATH or error.filename is None:
                raise
            from pugdeck.core.diagnostics import escaped, shortened  # noqa: PLC0415 (only on this error)

            shown = escaped(shortened(os.fsdecode(error.filename), 80))
            click.echo(f"error: cannot use {shown}: {(error.strerror or str(error)).lower()}", err=True)
            ctx.exit(1)
        except Exception as error:
            from pugdeck.core.diagnostics import DeckError  # noqa: PLC0415 (only on an error)

            if not isinstance(error, DeckError):
                raise
            from pugdeck.cli.common import report_diagnostics  # noqa: PLC0415 (only on an error)

            report_diagnostics(error.diagnostics)
            ctx.exit(1)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pugdeck")
def main() -> None:
    """Author, check, tailor, print and play decks of Pug You! and PixelPug."""
