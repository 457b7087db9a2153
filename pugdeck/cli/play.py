"""`pugdeck play`, `pugdeck replay` and `pugdeck simulate`: games between bots (and people).

The commands only parse, call and report. Every game is reached through the registry and
its `GameSpec` (games/spec.py), chosen by the built deck's `game` or the log's `format`.
Bad input (an unreadable or invalid deck, a game nobody registered, a player count the
deck's rules don't allow, a broken log) prints its message on stderr and exits 1, never a
traceback; a bot kind or an option the game does not offer is a usage error (exit 2).
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import NoReturn

import click

from pugdeck.authoring.texts import FORMS
from pugdeck.cli.common import DECK_FILE, default_deck, fail, progress_steps, quiet_option, with_origin
from pugdeck.core.diagnostics import DeckError
from pugdeck.games.json_input import MAX_BUILT_BYTES, MAX_LOG_BYTES
from pugdeck.games.json_input import loads as json_loads
from pugdeck.games.registry import bundled_decks, registered
from pugdeck.games.spec import GameSpec
from pugdeck.games.terminal import LeftTheGame, terminal_words
from pugdeck.inputs import InputError, read_bytes

BOTS_HELP = ("Bots per seat, a comma list of the game's bot kinds cycled over the seats "
             "[default: each kind the game has, in its order: random,heuristic for the bundled games].")


def _default_bots(spec: GameSpec) -> str:
    """Every bot kind the game has, cycled over the seats (a game with only the shared random
    bot plays random bots)."""
    return ",".join(spec.bot_kinds())


def _offered_by(ability: str) -> str:
    """'(Card Duel decks)': the registered games that have `ability`, for an option's help."""
    titles = [spec.title for _, spec in sorted(registered().items()) if getattr(spec, ability)]
    return f"({', '.join(titles)} decks)" if titles else "(no registered game offers it)"


HUMAN_HELP = f"Play seat 0 yourself in the terminal against the bots {_offered_by('plays_in_terminal')}."
PLOT_HELP = f"Also write a PNG chart here {_offered_by('draws_charts')}."
FORM_HELP = ("With --human: the form you say a card's descriptive in, when the deck gives it in "
             "two (\"porque soy una pésima mentirosa\"); without it you say both, as the card prints them.")


def _report_deck_error(error: DeckError) -> NoReturn:
    for diagnostic in error.diagnostics:
        click.echo(diagnostic.format(), err=True)
    sys.exit(1)


def _read_json(path: str, what: str, limit: int, check_text: bool = True) -> object:
    """The JSON in the file `path`, read through the one bounded reader (a FIFO, a device
    or a folder is refused at once, the read is capped) and parsed strictly (no NaN, no
    lone surrogates unless the engine names the card holding one: games/json_input.py);
    else exit 1."""
    try:
        return json_loads(read_bytes(Path(path), limit), check_text)
    except InputError as error:
        fail(f"cannot read {what} {path}: {error.reason}")
    except ValueError as error:
        fail(f"{path} is not a JSON {what}: {error}")


DECK_SUFFIXES = (".yaml", ".yml")


def _deck_game(deck: str | None) -> tuple[dict, GameSpec]:
    """The built deck DECK names and the registered game that plays it (else exit 1).

    DECK is a built deck (.json), or, as `build` takes it, a deck folder, its deck.yaml or
    the name of a bundled deck: those are built here in memory, with no
    filters, as `build` would write them. Left out, it is the deck.yaml here or above, else
    the bundled default deck, as for `build`; stderr says which."""
    from pugdeck.games.engine_input import built_game  # noqa: PLC0415 (schemas load with the deck, not for --help)

    source, path = deck, Path(deck) if deck is not None else None
    if deck is None:
        found = default_deck(click.get_current_context())
        doc, source = _built_in_memory(found), str(found)
        click.echo(f"deck: {with_origin(doc['name'] + ':')[:-1]}", err=True)
    elif not path.exists():
        bundled = bundled_decks()
        if "/" in deck or "\\" in deck or deck not in bundled:
            fail(f"cannot read {deck}: it does not exist, and no bundled deck has that name "
                 f"({', '.join(sorted(bundled))})")
        doc = _built_in_memory(bundled[deck])
    elif path.is_dir() or path.suffix.lower() in DECK_SUFFIXES:
        doc = _built_in_memory(path)
    else:
        doc = _read_json(deck, "built deck", MAX_BUILT_BYTES, check_text=False)
    try:
        return doc, built_game(doc, source)
    except DeckError as error:
        _report_deck_error(error)


def _built_in_memory(deck: Path) -> dict:
    """The deck folder (or deck.yaml) `deck` built with no filters; its problems, exit 1."""
    from pugdeck.building.pipeline import build  # noqa: PLC0415 (only when DECK is no built deck)

    try:
        return build(deck).doc
    except DeckError as error:
        _report_deck_error(error)


def _log_game(log: object, source: str) -> GameSpec:
    """The registered game whose machine logs have the `format` of `log` (else exit 1)."""
    found = log.get("format") if isinstance(log, dict) else None
    for spec in registered().values():
        if spec.log_format and spec.log_format == found:
            return spec
    known = ", ".join(f"not a {spec.title} game log (format {spec.log_format!r})"
                      for spec in registered().values() if spec.log_format)
    fail(f"{source}: {known}; its format is {found!r}")


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


DECK_HELP = ("DECK is a built deck (.json), a deck folder or its deck.yaml, or the name of a bundled "
             "deck (`pugdeck games` lists them); a deck not yet built is built in memory, with no filters. "
             "Left out: the deck.yaml here or in the nearest folder above, else the bundled default deck.")


@click.command(epilog=DECK_HELP)
@click.argument("deck", required=False)
@click.option("--players", "-p", type=int, required=True, help="Number of players (seats).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for shuffles and bots.")
@click.option("--bots", help=BOTS_HELP)
@click.option("--json", "as_json", is_flag=True,
              help="Print the machine log (replayable with `pugdeck replay`) instead of text; "
                   "with --human the game itself is played on stderr.")
@click.option("--human", metavar="NAME", help=HUMAN_HELP)
@click.option("--form", type=click.Choice(FORMS), help=FORM_HELP)
def play(deck: str | None, players: int, seed: int, bots: str, as_json: bool, human: str | None,
         form: str | None) -> None:
    """Play one game between bots with DECK and print it (or play a seat yourself: --human NAME)."""
    doc, spec = _deck_game(deck)
    bots = bots or _default_bots(spec)
    if human is not None and not spec.plays_in_terminal:
        raise click.BadParameter(f"playing in the terminal is not available for {spec.title} decks",
                                 param_hint="--human")
    try:
        game = spec.new_game(doc, players, seed, source=deck or DECK_FILE)
        seats = spec.make_bots(bots, game, seed)
    except DeckError as error:
        _report_deck_error(error)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    labels = [bot.kind for bot in seats]
    if form is not None:
        if human is None:
            raise click.BadParameter("a form is the person's: give --human NAME too", param_hint="--form")
        if not isinstance(getattr(game, "forms", None), dict):
            raise click.BadParameter(f"{spec.title} cards have no descriptives in forms", param_hint="--form")
        game.forms[0] = form  # the person plays seat 0
    if human is not None:
        state = _play_human(spec, game, human, bots, as_json)
        labels[0] = "human"
        if as_json:
            click.echo(json.dumps(spec.game_log(game, state, labels), ensure_ascii=False))
        return
    from pugdeck.games.bots import play_game  # noqa: PLC0415 (after the deck's checks)

    state = play_game(game, seats)
    if as_json:
        click.echo(json.dumps(spec.game_log(game, state, labels), ensure_ascii=False))
    else:
        click.echo("\n".join(spec.narrate(game, state.history(), labels)))


# Leaving a game before its end: typing `quit` or ending the input (Ctrl-D) exits 1, like
# any input that falls short; Ctrl-C exits 130, the shells' code for an interrupted command.
LEFT_EXIT, INTERRUPTED_EXIT = 1, 130


def _play_human(spec: GameSpec, game, human: str, bots: str, on_stderr: bool):
    """The game played by the person `human` at seat 0; with `on_stderr` (--json) every
    prompt and line goes to stderr, so stdout carries the log alone and `> game.json`
    keeps a replayable record of the person's own game."""
    def read(prompt: str, secret: bool) -> str:
        # Click's prompt functions (input, getpass; CliRunner's in tests), called directly so
        # that the end of the input (EOFError) and Ctrl-C (KeyboardInterrupt) reach us apart.
        ask = click.termui.hidden_prompt_func if secret else click.termui.visible_prompt_func
        if not on_stderr:
            return ask(prompt)
        with contextlib.redirect_stdout(sys.stderr):
            return ask(prompt)

    def write(line: str) -> None:
        click.echo(line, err=on_stderr)

    # Said in the language the game was played in; a plug-in game without a phrasebook
    # (`Words`, games/narration.py) is told in English.
    words = terminal_words(getattr(getattr(game, "words", None), "language", None))
    no_log = "_no_log" if on_stderr else ""
    try:
        return spec.play_human(game, human, bots, read, write)
    except LeftTheGame:
        click.echo("\n" + words("left" + no_log, name=human), err=True)
        sys.exit(LEFT_EXIT)
    except KeyboardInterrupt:
        click.echo("\n" + words("interrupted" + no_log), err=True)
        sys.exit(INTERRUPTED_EXIT)


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
def replay(log: str) -> None:
    """Replay a machine LOG.json from `pugdeck play --json` and print its transcript."""
    doc = _read_json(log, "game log", MAX_LOG_BYTES)
    spec = _log_game(doc, log)
    illegal = spec.illegal_action()
    try:
        game, actions, labels = spec.game_from_log(doc, source=log)
        lines = spec.narrate(game, actions, labels)
    except DeckError as error:
        _report_deck_error(error)
    except (illegal, ValueError, KeyError, TypeError) as error:
        fail(f"{log}: the log does not replay: {error}")
    click.echo("\n".join(lines))


def _plot_path(ctx, param, value: str | None) -> str | None:
    """--plot: a file in a folder that exists; a mistyped folder is refused before the games
    are played, not made."""
    folder = Path(value or ".").parent
    if value is not None and not folder.absolute().is_dir():
        problem = f"{folder} is not a folder" if folder.exists() else f"the folder {folder} does not exist"
        raise click.BadParameter(problem, ctx=ctx, param=param)
    return value


@click.command(epilog=DECK_HELP)
@click.argument("deck", required=False)
@click.option("--players", "-p", "players_text", required=True,
              help="A player count N or a range A-B (e.g. 5-10).")
@click.option("--games", "-g", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per player count.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of the games.")
@click.option("--bots", help=BOTS_HELP)
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes; the results do not depend on it.")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--plot", type=click.Path(dir_okay=False), callback=_plot_path, help=PLOT_HELP)
@quiet_option
def simulate(deck: str | None, players_text: str, games: int, seed: int, bots: str, jobs: int,
             as_json: bool, plot: str | None, quiet: bool) -> None:
    """Play many seeded bot games with DECK and report statistics."""
    counts = _player_counts(players_text)
    doc, spec = _deck_game(deck)
    bots = bots or _default_bots(spec)
    if plot and not spec.draws_charts:
        raise click.BadParameter(f"charts are not drawn for {spec.title} decks", param_hint="--plot")
    try:
        # The shared bar (cli/common.py): on a terminal only, never with --json or --quiet.
        with progress_steps(games * len(counts), "Playing", quiet=quiet or as_json) as step:
            run = spec.simulate(doc, counts, games, seed, bots, jobs, step, source=deck or DECK_FILE)
    except DeckError as error:
        _report_deck_error(error)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    if plot:
        spec.plot(run, plot)
    click.echo(spec.simulation_report(run, as_json))
    if plot and not as_json:
        click.echo(f"chart written to {plot}")
