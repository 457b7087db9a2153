"""`pugdeck init`: start a deck of your own in a new folder."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from pugdeck.atomic import output_path
from pugdeck.authoring.loading import display_path
from pugdeck.building.starter import DECK_SCHEMA, offered_languages, start_deck
from pugdeck.cli.common import DEFAULT_GAME, RegisteredGame, quiet_option
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.registry import game, registered


class OfferedLanguage(click.Choice):
    """A language some registered game's deck can be started in; which game's is checked
    once `--game` is known. Read from the registry when shown or checked."""

    def __init__(self) -> None:
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        offered: list[str] = []
        for spec in registered().values():
            offered += [lang for lang in offered_languages(spec) if lang not in offered]
        return tuple(offered)


@click.command("init")
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--game", "game_id", type=RegisteredGame(sort=True), default=DEFAULT_GAME, show_default=True,
              help="The game the deck is for.")
@click.option("--language", type=OfferedLanguage(), default="en", show_default=True,
              help="The deck's language (deck.language): the fixed texts the template prints, "
                   "and the sample cards where the game has them in it.")
@quiet_option
def init_command(folder: Path, game_id: str, language: str, quiet: bool) -> None:
    """Start a deck in DIR, a new or empty folder: deck.yaml with house rules, sample cards
    of every kind, a group profile, a short README, and the JSON Schemas beside them that
    editors complete the YAML from. It validates and builds as it is.

    Nothing is overwritten: a folder holding anything (but hidden files such as .git) is
    refused, exit 1.
    """
    spec = game(game_id)
    folder = output_path(folder)  # the folder the files land in: `typo/../mydeck` is `mydeck`
    if language not in offered_languages(spec):
        raise click.BadParameter(f"'{language}': a {spec.title} deck can be started in "
                                 f"{', '.join(offered_languages(spec))}", param_hint="'--language'")
    started = start_deck(folder, spec, language)
    if started.card_language != language:
        click.echo(f"the sample cards are in {started.card_language}: {spec.title} has none in "
                   f"{language} yet, so write yours over them", err=True)
    short = _cards_short(folder)
    if short:
        click.echo(short, err=True)
    if quiet:
        return
    for path in started.files:
        click.echo(f"wrote {display_path(path)}")
    shown = shlex.quote(display_path(folder))
    click.echo(f"started a {spec.title} deck in {display_path(folder)} (language {language}); "
               f"editors complete its YAML from {DECK_SCHEMA}")
    click.echo(f"next: pugdeck validate {shown} && pugdeck build {shown}")


def _cards_short(folder: Path) -> str | None:
    """How many cards the new deck lacks for its smallest group, said plainly, or None when
    it plays as it is: a sample deck shows every kind of card, not always a whole game."""
    from pugdeck.building.pipeline import build  # noqa: PLC0415 (the build loads only after writing)

    try:
        checked = build(folder).doc["checked"]
    except DeckError:  # a game whose starter does not build says so at `pugdeck build`
        return None
    if checked["playable_for"] or not checked["players"]:
        return None
    smallest = checked["players"][0]
    missing = smallest["needed"] - smallest["cards"]
    return (f"the sample deck has {smallest['cards']} cards, one or two of each kind; a game of "
            f"{smallest['players']} players needs {smallest['needed']}: write {missing} more "
            f"card{'s' * (missing != 1)} for it to be playable")
