"""`pugdeck validate` and `pugdeck schema`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from pugdeck.building.deck_check import check_deck_at
from pugdeck.cli.common import DEFAULT_GAME, RegisteredGame, deck_argument, report_diagnostics
from pugdeck.core.diagnostics import DeckError, errors_in
from pugdeck.games.game_schemas import SHARED, published_text
from pugdeck.resources import bundled_name


@click.command()
@deck_argument
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: one line per problem; json: a list of objects.")
def validate(deck: Path, output: str) -> None:
    """Check DECK (a deck folder or its deck.yaml; default: the bundled Pug You! deck).

    Prints every problem at once as file:line:col: card 'id': message. Exit code 0 when the
    deck is valid (warnings allowed), 1 when it has errors.
    """
    try:
        _deck, diagnostics = check_deck_at(deck)
    except DeckError as exc:
        diagnostics = exc.diagnostics
    if output == "json":
        click.echo(json.dumps([d.as_json() for d in diagnostics], indent=2, ensure_ascii=False))
    else:
        report_diagnostics(diagnostics)
        if not errors_in(diagnostics):
            warnings = len(diagnostics)
            click.echo(f"{_shown(deck)}: valid" + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else ""),
                       err=True)
    sys.exit(1 if errors_in(diagnostics) else 0)


def _shown(deck: Path) -> str:
    """The deck as given, or by what it is for a bundled deck of an installed package."""
    return bundled_name(deck) or str(deck)


@click.command()
@click.option("--game", "which", type=RegisteredGame(SHARED), default=DEFAULT_GAME,
              show_default=True,
              help="Which schema: a game's authoring format, the built deck, a profile or a template.")
def schema(which: str) -> None:
    """Print a published JSON Schema (draft 2020-12)."""
    click.echo(published_text(which), nl=False)
