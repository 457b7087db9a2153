"""`pugdeck serve --stdio`: the engines for frontends in any language (docs/protocol.md)."""

from __future__ import annotations

import sys

import click


@click.command("serve")
@click.option("--stdio", is_flag=True,
              help="Speak the protocol on standard input and output (the only transport so far).")
@click.option("--root", type=click.Path(exists=True, file_okay=False), default=".", show_default=True,
              help="The folder a request's deck path must lie in (links followed); bundled decks "
                   "are always served by name.")
def serve_command(stdio: bool, root: str) -> None:
    """Serve the game engines: JSON requests on stdin, one a line; JSON responses on stdout.

    Commands: hello, new_game, observation, legal_actions, apply, replay, state, scores,
    log, close, quit. Bot seats and chance steps play themselves. Nothing but protocol
    lines is written to stdout; see docs/protocol.md. A deck is a bundled deck's name or a
    path under --root; nothing else is opened.
    """
    from pugdeck.protocol.server import Server  # noqa: PLC0415 (engines load on demand)
    from pugdeck.protocol.stream import serve  # noqa: PLC0415 (engines load on demand)

    if not stdio:
        raise click.UsageError("pass --stdio")
    if sys.stdin.isatty():  # a person typing: say what to send (on stderr, as all logs)
        click.echo('pugdeck engine protocol; one JSON request a line, e.g. {"cmd": "hello"}', err=True)
    serve(sys.stdin.buffer, sys.stdout.buffer, Server(root=root))
