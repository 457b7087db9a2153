"""Pieces every command shares: the DECK argument and how problems are printed."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from pugdeck.authoring.slugs import RULE, is_slug, nfc
from pugdeck.core.built_deck import Built
from pugdeck.core.diagnostics import Diagnostic
from pugdeck.games.registry import bundled_decks, game_ids
from pugdeck.resources import bundled_deck

# The deck a fresh install builds when no DECK is given, and the game `schema` prints by
# default: the one place outside pugdeck/games/ that names a game.
DEFAULT_DECK = DEFAULT_GAME = "pug-you"


def _deck_path(ctx, param, value):
    """A deck folder or deck.yaml; else the name of a bundled deck; default the Pug You! deck.

    Naming a bundled deck (`pugdeck build pixelpug`) works from any folder after a plain
    `pip install`, where the bundled folders live inside the installed package.
    """
    if value is None:
        return bundled_deck(DEFAULT_DECK)
    path = Path(value)
    if path.exists():
        return path
    decks = bundled_decks()  # every registered game's, a game shipped on its own included
    bundled = decks.get(value) if "/" not in value and "\\" not in value else None
    if bundled is not None and (bundled / "deck.yaml").is_file():
        return bundled
    names = sorted(name for name, folder in decks.items() if (folder / "deck.yaml").is_file())
    raise click.BadParameter(f"'{value}' does not exist, and it is no bundled deck "
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
def progress_bar(total: int, label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress callback `(done, total)`: a bar on a terminal, silent in pipes and tests."""
    if not sys.stderr.isatty():
        yield lambda done, total: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        def advance(done: int, _total: int) -> None:
            bar.update(done - bar.pos)
        yield advance
