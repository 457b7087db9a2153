"""The party server: uvicorn serving the party app on a socket we bind (as `live` does:
the port is known before anything is served, a port in use is a one-line error), and the
address a phone on the same network reaches it at."""

from __future__ import annotations

import asyncio
import socket

import anyio
import uvicorn

from pugdeck.party.app import RateLimits, party_app
from pugdeck.party.room import Room

GRACE_S = 3


def lan_address() -> str | None:
    """This machine's address on its local network, as the system would route to another
    machine (a UDP socket's `connect` sends nothing); None when it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 9))  # any non-local address: only the route is looked up
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == "0.0.0.0" else address


class PartyServer:
    """The room served on `sock`; `run()` blocks until `stop()` or Ctrl-C."""

    def __init__(self, room: Room, sock: socket.socket, network: bool, limits: RateLimits | None = None):
        self.room, self.sock = room, sock
        config = uvicorn.Config(party_app(room, network, limits), log_level="warning", access_log=False,
                                lifespan="off", timeout_graceful_shutdown=GRACE_S,
                                h11_max_incomplete_event_size=16 * 1024)
        self.server = uvicorn.Server(config)

    def run(self) -> None:
        asyncio.run(self._serve())

    def stop(self) -> None:
        self.server.should_exit = True

    @property
    def started(self) -> bool:
        return self.server.started

    async def _serve(self) -> None:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(self._close_when_exiting)
            try:
                await self.server.serve(sockets=[self.sock])
            finally:
                self.room.close()

    async def _close_when_exiting(self) -> None:
        while not self.server.should_exit:
            await asyncio.sleep(0.1)
        self.room.close()
