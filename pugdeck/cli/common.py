"""Pieces every command shares: the DECK argument and how problems are printed."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import click

from pugdeck.authoring.slugs import RULE, is_slug, nfc
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.games.registry import bundled_decks, game_ids
from pugdeck.resources import bundled_deck

# The deck a fresh install builds when no DECK is given, and the game `schema` prints by
# default: the one place outside pugdeck/games/ that names a game.
DEFAULT_DECK = DEFAULT_GAME = "pug-you"


DECK_FILE = "deck.yaml"
# Where ctx.meta keeps how a DECK left out was found, for the summary line (`deck_origin`).
_ORIGIN = "pugdeck.deck_origin"
BUNDLED_ORIGIN = f"bundled, no {DECK_FILE} here"


def nearest_deck(start: Path) -> Path | None:
    """The folder of the `deck.yaml` in `start` or the nearest folder above it, as git finds
    `.git`: a command run anywhere inside a deck works on that deck (Squib, nanDECK and
    protograf all work on the project you stand in)."""
    start = Path(os.path.abspath(start))
    for folder in (start, *start.parents):
        if (folder / DECK_FILE).is_file():
            return folder
    return None


def default_deck(ctx: click.Context | None = None) -> Path:
    """The deck a command works on when DECK is left out: the nearest `deck.yaml` (see
    `nearest_deck`), else the bundled default deck. How it was found is kept for
    `deck_origin`."""
    found = nearest_deck(Path.cwd())
    if found is not None:
        origin = os.path.relpath(found / DECK_FILE)
        origin = origin if origin.startswith("..") else f"./{origin}"
        deck = found
    else:
        origin, deck = BUNDLED_ORIGIN, bundled_deck(DEFAULT_DECK)
    if ctx is not None:
        ctx.meta[_ORIGIN] = origin
    return deck


def deck_origin() -> str | None:
    """How the DECK left out was found (`./deck.yaml`, `../deck.yaml`, `bundled, no deck.yaml
    here`), None when the user named it."""
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get(_ORIGIN)


def with_origin(summary: str, origin: str | None = None) -> str:
    """A summary line `<name>: …` that says which deck it is when DECK was left out:
    `mazo (./deck.yaml): …`, `pug-you (bundled, no deck.yaml here): …`. `origin` is
    `deck_origin()` unless given (a thread of its own has no Click context to read it from)."""
    origin = origin or deck_origin()
    if origin is None:
        return summary
    name, colon, rest = summary.partition(":")
    return f"{name} ({origin}){colon}{rest}" if colon else f"{summary} ({origin})"


def _deck_path(ctx, param, value):
    """A deck folder or deck.yaml; else the name of a bundled deck; left out, the nearest
    deck.yaml (here or above), else the bundled default deck (`default_deck`).

    Naming a bundled deck (`pugdeck build pixelpug`) works from any folder after a plain
    `pip install`, where the bundled folders live inside the installed package.
    """
    if value is None:
        return default_deck(ctx)
    path = Path(value)
    if path.exists():
        return path
    decks = bundled_decks()  # every registered game's, a game shipped on its own included
    bundled = decks.get(value) if "/" not in value and "\\" not in value else None
    if bundled is not None and (bundled / DECK_FILE).is_file():
        return bundled
    names = sorted(name for name, folder in decks.items() if (folder / DECK_FILE).is_file())
    raise click.BadParameter(f"'{value}' does not exist, and no bundled deck has that name "
                             f"({', '.join(names)})", ctx=ctx, param=param)


deck_argument = click.argument("deck", required=False, callback=_deck_path)


# Longer names leave no room in a file name (255 bytes) for suffixes such as `-preview.png`;
# counted in UTF-8 bytes, as file systems count them, so `猫` takes three.
MAX_NAME = 100


def _output_name(ctx, param, value: str | None) -> str | None:
    """--name: a slug, as the built deck's `name` must be, so the files land inside --out
    (no '/', '\\' or '..') and are neither hidden nor unplayable; read as NFC, as deck text is."""
    if value is None:
        return value
    value = nfc(value)
    size = len(value.encode("utf-8", "surrogatepass"))
    if is_slug(value) and size <= MAX_NAME:
        return value
    shown = value if value.isprintable() else repr(value)[1:-1]
    shown = shown if len(shown) <= 40 else shown[:40] + "…"
    if "/" in value or "\\" in value or ".." in value:
        problem = (f"'{shown}' is a path; give a name without '/', '\\' or '..' "
                   "(the files are written inside --out)")
    elif size > MAX_NAME:
        problem = (f"the name has {len(value)} characters; the limit is {MAX_NAME}" if value.isascii()
                   else f"the name takes {size} bytes in UTF-8; the limit is {MAX_NAME}")
    else:
        problem = f"'{shown}' cannot name the files: use {RULE} (e.g. {DEFAULT_DECK}-ours)"
    raise click.BadParameter(problem, ctx=ctx, param=param)


def name_option(help_text: str) -> Callable[[click.Command], click.Command]:
    """--name, the output name of a build or an export (`_output_name` checks it)."""
    return click.option("--name", callback=_output_name, help=help_text)


class RegisteredGame(click.Choice):
    """A registered game's id (or one of `extra`), the choices read from the registry each
    time they are shown or checked: a command module imported before a game was installed
    still offers it."""

    def __init__(self, extra: tuple[str, ...] = (), *, sort: bool = False) -> None:
        self.extra, self.sort, self.case_sensitive = tuple(extra), sort, True

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        ids = sorted(game_ids()) if self.sort else game_ids()
        return (*ids, *self.extra)


def fail(message: str) -> NoReturn:
    """`error: <message>` on stderr and exit 1: input a command cannot use, in one sentence."""
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def report_diagnostics(diagnostics: list[Diagnostic]) -> None:
    """Every problem on stderr, sorted, one per line."""
    for d in sorted(diagnostics):
        click.echo(d.format(), err=True)
    errors = sum(d.is_error() for d in diagnostics)
    if errors:
        click.echo(f"{errors} error{'s' * (errors != 1)}; nothing was written", err=True)


def report_build(built: Built) -> None:
    """What a good build still has to say: its warnings-only diagnostics, then its warnings."""
    report_diagnostics(built.diagnostics)
    for warning in built.warnings:
        click.echo(f"warning: {warning}", err=True)


@contextmanager
def progress_bar(total: int, label: str, *, quiet: bool = False) -> Iterator[Callable[[int, int], None]]:
    """A progress callback `(done, total)` with done counted from the start: a bar on
    stderr when it is a terminal (never in a pipe, a log file or a test) and the user did
    not ask for quiet (--quiet, --json), else a callback that does nothing. The one
    progress helper of the command line (Click's bar, so it looks like every Click tool's)."""
    if quiet or not sys.stderr.isatty():
        yield lambda done, total: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        def advance(done: int, of: int) -> None:
            bar.length = of  # the work may count its steps otherwise than the caller guessed
            bar.update(done - bar.pos)
        yield advance


@contextmanager
def progress_steps(total: int, label: str, *, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """`progress_bar` for work that reports how many steps it just finished (`step(n)`)."""
    with progress_bar(total, label, quiet=quiet) as advance:
        done = 0

        def step(count: int = 1) -> None:
            nonlocal done
            done += count
            advance(done, total)
        yield step


quiet_option = click.option("--quiet", "-q", is_flag=True,
                            help="Print only problems: no summary, no list of files, no progress bar.")


class LazySubgroup(click.Group):
    """A group some of whose subcommands live in other modules, imported only when named
    (`lazy`: name → (module, attribute)): `export png` does not import the CSV import or
    the print-shop export (48 M instructions)."""

    def __init__(self, *args, lazy: dict[str, tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in self.lazy:
            module, attribute = self.lazy[name]
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return self.commands.get(name)
