"""`pugdeck play`, `pugdeck replay` and `pugdeck simulate`: games between bots.

The commands only parse, call and report; the games live in `pugdeck.games.pug_you` (and,
for a PixelPug deck or log, `pugdeck.cli.play_pixelpug`, chosen by the file's `game`/`format`).
Bad input (an unreadable or invalid deck, a player count the deck's rules don't allow, a
broken log) prints its message on stderr and exits 1, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from pugdeck.authoring.diagnostics import DeckError

BOTS_HELP = ("Bots per seat, a comma list of 'random' and 'heuristic' cycled over the seats "
             "(default: random,heuristic).")


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _report_deck_error(error: DeckError) -> None:
    for diagnostic in error.diagnostics:
        click.echo(diagnostic.format(), err=True)
    sys.exit(1)


def _read_json(path: str, what: str) -> dict:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        _fail(f"cannot read {what} {path}: {error.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        _fail(f"{path} is not a JSON {what}: {error}")


def _player_counts(text: str) -> list[int]:
    """'6' → [6]; '5-10' → [5, 6, ..., 10]."""
    try:
        if "-" in text:
            low, high = (int(part) for part in text.split("-", 1))
        else:
            low = high = int(text)
    except ValueError:
        raise click.BadParameter(f"{text!r} is not N or A-B") from None
    if low > high:
        raise click.BadParameter(f"{text!r}: the range is empty")
    return list(range(low, high + 1))


@click.command()
@click.argument("deck", type=click.Path(dir_okay=False))
@click.option("--players", "-p", type=int, required=True, help="Number of players (seats).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for shuffles and bots.")
@click.option("--bots", default="random,heuristic", show_default=True, help=BOTS_HELP)
@click.option("--json", "as_json", is_flag=True,
              help="Print the machine log (replayable with `pugdeck replay`) instead of text.")
@click.option("--human", metavar="NAME",
              help="PixelPug: play seat 0 yourself in the terminal against the bots.")
def play(deck: str, players: int, seed: int, bots: str, as_json: bool, human: str | None) -> None:
    """Play one game between bots with a built DECK.json and print it (PixelPug: --human NAME)."""
    doc = _read_json(deck, "built deck")
    if isinstance(doc, dict) and doc.get("game") == "pixelpug":
        from pugdeck.cli.play_pixelpug import play_pixelpug
        return play_pixelpug(doc, deck, players, seed, bots, as_json, human)
    if human is not None:
        raise click.BadParameter("playing in the terminal is for PixelPug decks", param_hint="--human")
    from pugdeck.games.pug_you.bots import make_bots, play_game
    from pugdeck.games.pug_you.engine import Game
    from pugdeck.games.pug_you.transcript import game_log, narrate

    try:
        game = Game(doc, players, seed, source=deck)
        seats = make_bots(bots, game, seed)
    except DeckError as error:
        _report_deck_error(error)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    state = play_game(game, seats)
    labels = [bot.kind for bot in seats]
    if as_json:
        click.echo(json.dumps(game_log(game, state, labels), ensure_ascii=False))
    else:
        click.echo("\n".join(narrate(game, state.history(), labels)))


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
def replay(log: str) -> None:
    """Replay a machine LOG.json from `pugdeck play --json` and print its transcript."""
    doc = _read_json(log, "game log")
    if isinstance(doc, dict) and doc.get("format") == "pugdeck-pixelpug-log":
        from pugdeck.cli.play_pixelpug import replay_pixelpug
        return replay_pixelpug(doc, log)
    from pugdeck.games.pug_you.state import IllegalAction
    from pugdeck.games.pug_you.transcript import game_from_log, narrate

    try:
        game, actions, labels = game_from_log(doc, source=log)
        lines = narrate(game, actions, labels)
    except DeckError as error:
        _report_deck_error(error)
    except (IllegalAction, ValueError) as error:
        _fail(f"{log}: the log does not replay: {error}")
    click.echo("\n".join(lines))


@click.command()
@click.argument("deck", type=click.Path(dir_okay=False))
@click.option("--players", "-p", "players_text", required=True,
              help="A player count N or a range A-B (e.g. 5-10).")
@click.option("--games", "-g", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per player count.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of the games.")
@click.option("--bots", default="random,heuristic", show_default=True, help=BOTS_HELP)
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes; the results do not depend on it.")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--plot", type=click.Path(dir_okay=False), help="Also write a PNG chart here.")
def simulate(deck: str, players_text: str, games: int, seed: int, bots: str, jobs: int,
             as_json: bool, plot: str | None) -> None:
    """Play many seeded bot games with a built DECK.json and report statistics."""
    counts = _player_counts(players_text)
    doc = _read_json(deck, "built deck")
    if isinstance(doc, dict) and doc.get("game") == "pixelpug":
        from pugdeck.cli.play_pixelpug import simulate_pixelpug
        if plot:
            raise click.BadParameter("charts are drawn for Pug You! decks only", param_hint="--plot")
        return simulate_pixelpug(doc, deck, counts, games, seed, bots, as_json)
    from pugdeck.games.pug_you.simulate import simulate as run_simulation
    from pugdeck.games.pug_you.simulate_report import plot_summaries, text_report

    total = games * len(counts)
    try:
        if sys.stderr.isatty() and not as_json:
            with click.progressbar(length=total, label="Playing", file=sys.stderr) as bar:
                summaries = run_simulation(doc, counts, games, seed, bots, jobs, bar.update,
                                           source=deck)
        else:
            summaries = run_simulation(doc, counts, games, seed, bots, jobs, source=deck)
    except DeckError as error:
        _report_deck_error(error)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    if plot:
        plot_summaries(summaries, plot)
    if as_json:
        click.echo(json.dumps({"deck": doc.get("name"), "games": games, "seed": seed,
                               "bots": bots, "summaries": [s.as_json() for s in summaries]},
                              indent=2))
    else:
        click.echo("\n".join(text_report(summaries, games, seed, bots)))
        if plot:
            click.echo(f"chart written to {plot}")
