"""Pieces every command shares: the DECK argument and how problems are printed."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import click

from pugdeck.diagnostics import Diagnostic
from pugdeck.resources import bundled_deck


def _default_deck(ctx, param, value):
    return Path(value) if value is not None else bundled_deck("pug-you")


deck_argument = click.argument("deck", required=False, callback=_default_deck,
                               type=click.Path(exists=True, dir_okay=True, file_okay=True))


def report_diagnostics(diagnostics: list[Diagnostic]) -> None:
    """Every problem on stderr, sorted, one per line."""
    for d in sorted(diagnostics):
        click.echo(d.format(), err=True)
    errors = sum(d.is_error() for d in diagnostics)
    if errors:
        click.echo(f"{errors} error{'s' * (errors != 1)}; nothing was written", err=True)


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
