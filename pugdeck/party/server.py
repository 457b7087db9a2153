"""The party server: live's uvicorn runner (a socket we bind, so the port is known before
anything is served and a port in use is a one-line error; Ctrl-C ends the streams, then
uvicorn) serving the party app, and the address a phone on the same network reaches."""

from __future__ import annotations

import socket

from pugdeck.live.server import LiveServer
from pugdeck.party.app import RateLimits, party_app
from pugdeck.party.room import Room


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


class PartyServer(LiveServer):
    """The room served on `sock`; `run()` blocks until `stop()` or Ctrl-C. LiveServer's
    running and stopping, with the room as its loop (`watch`: nothing; `close`: end every
    stream)."""

    def __init__(self, room: Room, sock: socket.socket, network: bool, limits: RateLimits | None = None):
        self.room = self.loop = room
        self._uvicorn_on(party_app(room, network, limits), sock, h11_max_incomplete_event_size=16 * 1024)
