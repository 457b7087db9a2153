"""The PixelPug side of `pugdeck play`, `replay` and `simulate` (see `play.py`).

`play.py` reads the built deck (or log) and hands a PixelPug one to these functions; they
parse nothing themselves and report like the Pug You! commands: errors on stderr, exit 1.
"""

from __future__ import annotations

import json
import sys

import click

from pugdeck.authoring.diagnostics import DeckError

LOG_FORMAT = "pugdeck-pixelpug-log"


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _game(doc: dict, players: int, seed: int, source: str):
    from pugdeck.games.pixelpug.engine import Game

    try:
        return Game(doc, players, seed, source=source)
    except DeckError as error:
        for diagnostic in error.diagnostics:
            click.echo(diagnostic.format(), err=True)
        sys.exit(1)


def play_pixelpug(doc: dict, source: str, players: int, seed: int, bots: str, as_json: bool,
                  human: str | None) -> None:
    """One match between bots (a transcript), or with `human` at seat 0 in the terminal."""
    from pugdeck.games.pixelpug.bots import make_bots, play_game
    from pugdeck.games.pixelpug.terminal import play_in_terminal
    from pugdeck.games.pixelpug.transcript import game_log, narrate

    game = _game(doc, players, seed, source)
    try:
        seats = make_bots(bots, game, seed)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    labels = [bot.kind for bot in seats]
    if human is not None:
        names = [human] + [f"Bot {seat}" for seat in range(1, players)]
        labels[0] = "human"

        def read(prompt: str, count: int, secret: bool) -> int:
            return click.prompt(prompt, type=click.IntRange(1, count), hide_input=secret)

        state = play_in_terminal(game, 0, names, bots, read, click.echo)
        if as_json:
            click.echo(json.dumps(game_log(state, labels), ensure_ascii=False))
        return
    state = play_game(game, seats)
    if as_json:
        click.echo(json.dumps(game_log(state, labels), ensure_ascii=False))
    else:
        click.echo("\n".join(narrate(game, state.history(), [f"P{s} ({k})" for s, k in enumerate(labels)])))


def replay_pixelpug(log: dict, source: str) -> None:
    """The transcript of a PixelPug machine log."""
    from pugdeck.games.pixelpug.state import IllegalAction
    from pugdeck.games.pixelpug.transcript import game_from_log, narrate

    try:
        game, actions, labels = game_from_log(log, source=source)
        lines = narrate(game, actions, [f"P{s} ({k})" for s, k in enumerate(labels)])
    except DeckError as error:
        for diagnostic in error.diagnostics:
            click.echo(diagnostic.format(), err=True)
        sys.exit(1)
    except (IllegalAction, ValueError, KeyError, TypeError) as error:
        _fail(f"{source}: the log does not replay: {error}")
    click.echo("\n".join(lines))


def simulate_pixelpug(doc: dict, source: str, counts: list[int], games: int, seed: int, bots: str,
                      as_json: bool) -> None:
    """Statistics of many seeded matches per player count (see games/pixelpug/simulate.py)."""
    from pugdeck.games.pixelpug.bots import BOT_KINDS
    from pugdeck.games.pixelpug.simulate import simulate, text_report

    if any(kind.strip() not in BOT_KINDS for kind in bots.split(",")):
        raise click.BadParameter(f"choose bots from {', '.join(BOT_KINDS)}", param_hint="--bots")
    reports = []
    for players in counts:
        game = _game(doc, players, seed, source)
        if sys.stderr.isatty() and not as_json:
            with click.progressbar(length=games, label=f"{players} players", file=sys.stderr) as bar:
                reports.append(simulate(game, games, seed, bots, bar.update))
        else:
            reports.append(simulate(game, games, seed, bots))
    if as_json:
        click.echo(json.dumps({"deck": doc.get("name"), "game": "pixelpug", "games": games,
                               "seed": seed, "bots": bots, "summaries": reports}, indent=2))
    else:
        click.echo("\n".join(text_report(reports)))
