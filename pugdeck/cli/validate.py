"""`pugdeck validate` and `pugdeck schema` (filled in by the foundation work)."""

import click


@click.command()
def validate() -> None:
    """Check a deck and print every problem at once."""
    raise click.ClickException("not yet")


@click.command()
def schema() -> None:
    """Print a JSON Schema."""
    raise click.ClickException("not yet")
