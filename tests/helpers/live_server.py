"""The live server in a thread of the test process, on a free port, spoken to in raw HTTP."""

from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path

from pugdeck.live.server import LiveServer, bind, url_of
from pugdeck.live.session import LiveSession

WAIT_S = 10.0


class Running:
    """A live server serving `session` until `stop()`; `get` speaks raw HTTP to it."""

    def __init__(self, session: LiveSession, network: bool = False, host: str = "127.0.0.1"):
        self.session = session
        session.rebuild()
        self.host = host
        self.sock = bind(host, 0)
        self.url = url_of(self.sock).rstrip("/")
        self.port = self.sock.getsockname()[1]
        self.server = LiveServer(session, self.sock, network)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT_S
        while not self.server.started:
            assert time.monotonic() < deadline, "the live server did not start"
            time.sleep(0.02)

    def get(self, path: str, headers: dict | None = None, method: str = "GET",
            body: bytes | None = None) -> tuple[int, dict, bytes]:
        """The status, headers and body for `path` sent as written (no normalising)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=WAIT_S)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            connection.putheader("Host", (headers or {}).pop("Host", self.url.split("//", 1)[1]))
            for name, value in (headers or {}).items():
                connection.putheader(name, value)
            if body is not None and "Content-Length" not in (headers or {}):
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            reply = connection.getresponse()
            return reply.status, dict(reply.getheaders()), reply.read()
        finally:
            connection.close()

    def json(self, path: str) -> dict:
        status, _headers, body = self.get(path)
        assert status == 200, (path, status, body[:200])
        return json.loads(body)

    def wait_for_version(self, above: int) -> dict:
        """`/status.json` once its version is past `above`."""
        deadline = time.monotonic() + WAIT_S
        while True:
            state = self.json("/status.json")
            if state["version"] > above:
                return state
            assert time.monotonic() < deadline, f"no rebuild after version {above}"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.stop()
        self.thread.join(WAIT_S)
        assert not self.thread.is_alive(), "the live server did not stop"


def save_like_an_editor(path: Path, text: str) -> None:
    """Write a temporary file beside `path` and rename it over `path`, as editors save."""
    temporary = path.with_name(f".{path.name}.swp~")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
