"""`pugdeck live`: a local page that shows the deck as it prints and follows every save."""

from __future__ import annotations

import errno
import os
import webbrowser
from pathlib import Path

import click

from pugdeck.cli.build import filter_options, preferences_from
from pugdeck.cli.common import deck_argument, deck_origin, fail, name_option, quiet_option, with_origin
from pugdeck.live.session import LiveSession


def _report(session: LiveSession, origin: str | None = None) -> None:
    """One line on stderr per rebuild: the summary (saying how DECK was found, when it was
    left out: `origin`), or how many problems it has."""
    snap = session.snapshot
    errors = [p for p in snap.problems if p.is_error()]
    if snap.ok:
        drawn = snap.timings.drawn
        click.echo(f"[{snap.version}] {with_origin(snap.view.built.summary, origin)}, "
                   f"{drawn} card{'s' * (drawn != 1)} redrawn", err=True)
    else:
        click.echo(f"[{snap.version}] {len(errors)} error{'s' * (len(errors) != 1)}; "
                   "the page keeps the last good cards:", err=True)
        for problem in errors[:5]:
            click.echo(f"  {problem.format()}", err=True)


@click.command("live")
@deck_argument
@filter_options
@name_option("Name of the built deck [default: the deck id and the filters, as build names it].")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to serve on; 0 picks a free one.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but this machine's own serves the deck to the network.")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@quiet_option
def live_command(deck: Path, name: str | None, port: int, host: str, no_browser: bool, quiet: bool,
                 **options) -> None:
    """Serve a page that shows DECK as it prints, rebuilt on every save (Ctrl-C stops).

    Every file the deck reads is watched: its card files, profiles, art, backs and template.
    The page shows each card as the PDF draws it, the build's summary, the filters to toggle,
    a search box and every problem with its place; a broken save keeps the last good cards.
    Nothing is written: the outputs live in memory. Exit 0 when stopped with Ctrl-C.
    """
    # starlette, uvicorn and asyncio take 0.1 s to import; `pugdeck --help` lists this
    # command and should not pay for them.
    from pugdeck.live.server import LiveServer, bind, is_loopback, url_of

    given, profile = preferences_from(options)
    session = LiveSession(deck, given, profile=profile, name=name)
    network = not is_loopback(host)
    if network:
        click.echo(f"warning: --host {host} serves the deck and its page to every machine that can "
                   "reach this one; use 127.0.0.1 to keep it to yourself", err=True)
    try:
        sock = bind(host, port)
    except OSError as exc:
        # The system's own words once (Python adds "(while attempting to bind on address …)",
        # which repeats the address), and the way out when the port is taken.
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        hint = ("; another program uses that port: pick another with --port N, or --port 0 for any free one"
                if exc.errno == errno.EADDRINUSE else "")
        fail(f"cannot listen on {host}:{port}: {reason}{hint}")
    origin = deck_origin()  # read here: rebuilds are reported from the server's thread
    report = (lambda _session: None) if quiet else (lambda session: _report(session, origin))
    try:
        # The address first: the first build takes seconds on a large deck, and a browser
        # that connects meanwhile waits in the socket's queue until the page is served.
        url = url_of(sock)
        click.echo(f"pugdeck live: {url} (Ctrl-C to stop)")
        session.rebuild()
        report(session)
        server = LiveServer(session, sock, network)
        server.loop.on_rebuild = report
        if not no_browser:
            webbrowser.open(url)
        server.run()
    except KeyboardInterrupt:  # uvicorn raises Ctrl-C again once it has shut down
        pass
    finally:
        sock.close()
    click.echo("pugdeck live: stopped", err=True)
