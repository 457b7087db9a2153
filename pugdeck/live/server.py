"""The live server: uvicorn serving the live app on a socket we bind, beside the watcher.

We bind the socket ourselves so `--port 0` knows its port before anything is served (the
URL is printed, and the browser opened, with it), and a port in use is a one-line error.
Ctrl-C sets uvicorn's `should_exit`; the page streams are then ended (uvicorn waits for
open responses before it stops, and an event stream never ends by itself), the watcher
stops, and uvicorn raises the signal again once it is down: the command catches that.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket

import anyio
import uvicorn

from pugdeck.live.app import live_app
from pugdeck.live.loop import LiveLoop
from pugdeck.live.session import LiveSession

GRACE_S = 3  # how long open requests get to finish once Ctrl-C is pressed


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (0: a free port); raises `OSError` as the system
    words it ("Address already in use")."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host.strip("[]"), port), family=family, backlog=64)


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    if host in ("0.0.0.0", "::"):
        host = "127.0.0.1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class LiveServer:
    """The session's loop served on `sock`; `run()` blocks until `stop()` or Ctrl-C."""

    def __init__(self, session: LiveSession, sock: socket.socket, network: bool = False):
        self.loop = LiveLoop(session)
        self._uvicorn_on(live_app(self.loop, network), sock)

    def _uvicorn_on(self, app, sock: socket.socket, **options) -> None:
        """uvicorn, quiet, to serve `app` on `sock` beside `self.loop` (`run` starts both)."""
        self.sock = sock
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                                    timeout_graceful_shutdown=GRACE_S, **options))

    def run(self) -> None:
        asyncio.run(self._run())

    def stop(self) -> None:
        """Ask the server to stop, from any thread (as Ctrl-C does)."""
        self.server.should_exit = True

    @property
    def started(self) -> bool:
        return self.server.started

    async def _run(self) -> None:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(self.loop.watch)
            tasks.start_soon(self._close_when_exiting)
            try:
                await self.server.serve(sockets=[self.sock])
            finally:
                self.loop.close()

    async def _close_when_exiting(self) -> None:
        while not self.server.should_exit:
            await asyncio.sleep(0.1)
        self.loop.close()
