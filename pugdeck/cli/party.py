"""`pugdeck party`: the group plays DECK on their phones, with a shared screen (docs/party.md)."""

from __future__ import annotations

import sys
import webbrowser
from pathlib import Path

import click

from pugdeck.building.parameters import game_parameters, merged
from pugdeck.building.profiles import load_profile
from pugdeck.cli.build import filter_options, preferences_from, run_build
from pugdeck.cli.common import deck_argument, fail, report_build
from pugdeck.core.diagnostics import DeckError
from pugdeck.inputs import InputError

LOG_HELP = ("The game's log, written after every action as `play --json` writes it (replay it with "
            "`pugdeck replay`, continue it with --resume) [default: party-<deck>.json here; with "
            "--resume, the log resumed].")


@click.command("party")
@deck_argument
@filter_options
@click.option("--bots", type=click.IntRange(0, 20), default=0, show_default=True,
              help="Bots to seat besides the people who join (bots also fill the seats the deck needs).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the shuffles and the bots.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to serve on; 0 picks a free one.")
@click.option("--host", default="0.0.0.0", show_default=True,
              help="Address to listen on: every network of this machine by default (the phones must "
                   "reach it); 127.0.0.1 keeps it to this machine.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), help=LOG_HELP)
@click.option("--resume", type=click.Path(dir_okay=False, exists=True),
              help="Continue the party whose log this is; its people take their seats back by name.")
@click.option("--no-browser", is_flag=True, help="Do not open the shared screen in a browser.")
@click.option("--setup-folder", type=click.Path(file_okay=False, exists=True),
              help="Where the set-up screen saves profiles [default: the deck's folder].")
def party_command(deck: Path, bots: int, seed: int, port: int, host: str, log_path: str | None,
                  resume: str | None, no_browser: bool, setup_folder: str | None, **options) -> None:
    """Play DECK at a party: everyone joins on their phone, a shared screen shows the table.

    DECK is built exactly as `build` builds it (filters, --profile, customs, house rules,
    language). The command prints the shared screen's address, the join address and its QR
    code; people join by scanning it, the host presses Start on the shared screen. Every
    action is logged (--log). Ctrl-C stops; --resume continues.
    """
    # starlette, uvicorn and the engines load here, not for `pugdeck --help`.
    import segno  # noqa: PLC0415

    from pugdeck.core.built_deck import Built  # noqa: PLC0415
    from pugdeck.games import json_input  # noqa: PLC0415
    from pugdeck.games.registry import game  # noqa: PLC0415
    from pugdeck.inputs import read_bytes  # noqa: PLC0415
    from pugdeck.live.server import bind, is_loopback  # noqa: PLC0415
    from pugdeck.party.blue import BlueCards  # noqa: PLC0415
    from pugdeck.party.room import Room, card_pictures  # noqa: PLC0415
    from pugdeck.party.server import PartyServer, lan_address  # noqa: PLC0415
    from pugdeck.party.setup import Setup  # noqa: PLC0415
    from pugdeck.party.table import PartyTable, Refused  # noqa: PLC0415

    if resume:
        try:
            log = json_input.loads(read_bytes(Path(resume), json_input.MAX_LOG_BYTES))
        except InputError as error:
            fail(f"cannot read the game log {resume}: {error.reason}")
        except ValueError as error:
            fail(f"{resume} is not a JSON game log: {error}")
        if not isinstance(log, dict):
            fail(f"{resume} is not a game log (a JSON object)")
        path = Path(log_path or resume)
        try:
            table = PartyTable.resume(log, resume, path)
        except DeckError:
            raise  # reported by the command line (cli/__init__.py)
        except Exception as error:  # noqa: BLE001 - a log anyone may edit: its problem, not a traceback
            fail(f"{resume}: the log does not resume: {error}")
        folder = deck if deck.is_dir() else deck.parent
        built = Built(table.doc, str(table.doc.get("name", "party")), folder)
    else:
        try:
            built = run_build(deck, options, None)
        except InputError as error:
            fail(f"cannot read {error.path}: {error.reason}")
        report_build(built)
        spec = game(built.doc["game"])
        spec.party_view()  # a game with no party view says so (NotImplementedError), before the log
        path = Path(log_path or f"party-{built.name}.json")
        if path.exists():
            fail(f"{path} exists: continue that party with --resume {path}, or name another log with --log")
        try:
            table = PartyTable(spec, built.doc, seed=seed, bots=bots, log_path=path)
        except Refused as refused:
            fail(f"{deck}: {refused}")
    room = Room(table)
    if not resume:  # the host tailors the deck on the shared screen until Start
        given, profile = preferences_from(options)
        if profile is not None:
            given = merged(load_profile(profile, spec)[0], given, game_parameters(spec))
        folder = Path(setup_folder) if setup_folder else (deck if deck.is_dir() else deck.parent)
        room.setup = Setup(deck, spec, given, folder, built)
        form = getattr(spec.party_view(), "BLUE_CARDS", None)
        room.blue = BlueCards(room.setup, form) if form else None
    room.cards, room.pictures, why_not = card_pictures(built)
    room.played = built
    if why_not:
        click.echo(f"warning: the cards are shown by their words, not as printed: {why_not}", err=True)
    network = not is_loopback(host)
    try:
        sock = bind(host, port)
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    bound_port = sock.getsockname()[1]
    shown = host if host not in ("0.0.0.0", "::") else (lan_address() or "127.0.0.1")
    base = f"http://[{shown}]:{bound_port}" if ":" in shown else f"http://{shown}:{bound_port}"
    room.join_url = f"{base}/join/{room.code}"
    room.screen_url = f"{base}/screen/{room.screen_key}"
    local = f"http://127.0.0.1:{bound_port}/" if host in ("0.0.0.0", "127.0.0.1") else room.screen_url
    try:
        click.echo(f"pugdeck party: {built.summary or built.name}")
        click.echo(f"  shared screen (this machine): {local}")
        if network:
            click.echo(f"  shared screen (a TV or another machine): {room.screen_url}")
        click.echo(f"  join: {room.join_url}   room code {room.code}")
        click.echo(f"  log: {path}")
        segno.make(room.join_url, error="m").terminal(compact=True)
        click.echo("Ctrl-C stops the party; --resume continues it.")
        sys.stdout.flush()  # the addresses now, also through a pipe (a launcher, a log)
        server = PartyServer(room, sock, network)
        if not no_browser:
            webbrowser.open(local)
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    click.echo(f"pugdeck party: stopped; the log is {path}", err=True)
