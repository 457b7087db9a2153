"""`pugdeck games`: the registered games, what each is, and the bundled decks that play it."""

from __future__ import annotations

import json

import click

from pugdeck.games.registry import registered


def game_listing() -> list[dict]:
    """Every registered game as `pugdeck games --json` prints it, by id (the entry points'
    order is the installer's, not ours)."""
    return [{"id": spec.id, "title": spec.title, "summary": spec.summary,
             "bundled_decks": list(spec.bundled_decks), "log_format": spec.log_format or None,
             "plays_in_terminal": spec.plays_in_terminal, "draws_charts": spec.draws_charts}
            for _, spec in sorted(registered().items())]


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print the games as a JSON list.")
def games_command(as_json: bool) -> None:
    """List the registered games, what each is, and the bundled decks that play it."""
    listing = game_listing()
    if as_json:
        click.echo(json.dumps(listing, ensure_ascii=False, indent=2))
        return
    width = max((len(entry["id"]) for entry in listing), default=0)
    for entry in listing:
        click.echo(f"{entry['id']:<{width}}  {entry['title']}: {entry['summary']}")
        decks = ", ".join(entry["bundled_decks"]) or "none"
        click.echo(f"{'':<{width}}  bundled decks: {decks}")
