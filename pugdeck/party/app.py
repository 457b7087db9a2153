"""The party's web application (Starlette): the shared screen, the phones, and nothing else.

Every request is hostile (docs/security.md): the routes are a fixed set over memory (the
pages and scripts are read once at start, card pictures are looked up by their content
key), so no path a request names reaches the disk. Everything of a room needs its code
(`/r/<code>/…`), everything of the shared screen its key (`/s/<key>/…`; `/` serves the
screen only to this machine itself); a phone acts with the token it got when it joined,
sent in a header, never in an address. Bodies are JSON objects of at most MAX_BODY bytes,
read strictly; each client address has a request budget (`RateLimits`), and one that
keeps naming wrong codes is shut out for a while.

A change of the game (`PartyTable.version`) is pushed on two kinds of Server-Sent Event
streams: the screen's, carrying the whole public view, and the room's, carrying only the
new version, on which each phone asks for its own view (`/r/<code>/me`, with its token).
"""

from __future__ import annotations

import io
import json
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import segno
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from pugdeck.games import json_input
from pugdeck.live.app import Guard, bounded_body, event_stream
from pugdeck.party.documents import phone_state, screen_state
from pugdeck.party.room import Room
from pugdeck.party.setup_routes import setup_routes
from pugdeck.party.table import Refused

HERE = Path(__file__).parent
ASSETS = {"party.css": "text/css", "common.js": "text/javascript", "screen.js": "text/javascript",
          "phone.js": "text/javascript"}
MAX_BODY = 2048  # bytes: a name, an action and its id
TOKEN_HEADER = "x-seat-token"
SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@dataclass
class RateLimits:
    """Each client address's budget: `per_second` requests on average, bursts of `burst`;
    after `wrong_codes` requests naming a wrong code or key in a minute it is shut out for
    `shut_out_s`; at most `streams` open event streams per address, `all_streams` in all."""

    per_second: float = 20.0
    burst: float = 60.0
    wrong_codes: int = 10
    shut_out_s: float = 60.0
    streams: int = 12
    all_streams: int = 200
    _buckets: dict[str, list[float]] = field(default_factory=dict)
    _wrong: dict[str, deque] = field(default_factory=dict)
    _shut_until: dict[str, float] = field(default_factory=dict)
    _streams: dict[str, int] = field(default_factory=dict)

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        if self._shut_until.get(client, 0.0) > now:
            return False
        tokens, last = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.per_second)
        if tokens < 1:
            self._buckets[client] = [tokens, now]
            return False
        self._buckets[client] = [tokens - 1, now]
        if len(self._buckets) > 10_000:  # a flood of addresses: forget the idle ones
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 60}
        return True

    def wrong_code(self, client: str) -> None:
        now = time.monotonic()
        times = self._wrong.setdefault(client, deque(maxlen=self.wrong_codes))
        times.append(now)
        if len(times) == self.wrong_codes and now - times[0] < 60:
            self._shut_until[client] = now + self.shut_out_s
            times.clear()

    def open_stream(self, client: str) -> bool:
        if self._streams.get(client, 0) >= self.streams or sum(self._streams.values()) >= self.all_streams:
            return False
        self._streams[client] = self._streams.get(client, 0) + 1
        return True

    def close_stream(self, client: str) -> None:
        self._streams[client] = self._streams.get(client, 1) - 1
        if self._streams[client] <= 0:
            del self._streams[client]


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=SECURITY)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def is_loopback_client(request: Request) -> bool:
    host = _client(request)
    return host == "::1" or host.startswith("127.")


async def _json_body(request: Request) -> dict:
    """The request's JSON object, read strictly and at most MAX_BODY bytes of it."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused("not_json", "send application/json", 415)
    body = await bounded_body(request, MAX_BODY)
    if body is None:
        raise Refused("too_large", f"a request body has at most {MAX_BODY} bytes", 413)
    try:
        value = json_input.loads(body)
    except ValueError as exc:
        raise Refused("bad_json", f"the body is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise Refused("bad_json", "the body is a JSON object")
    return value


def _event(name: str, value: Any, version: int) -> str:
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return f"id: {version}\nevent: {name}\ndata: {data}\n\n"


def party_app(room: Room, network: bool = False, limits: RateLimits | None = None) -> Starlette:
    """The application serving `room`; `network` accepts any Host header (the LAN's
    address), else only this machine's names (so a DNS name pointed at 127.0.0.1 gets
    nothing): live's `Guard`, which also gives Starlette's own answers the security headers."""
    limits = limits or RateLimits()
    assets = {name: (HERE / name).read_bytes() for name in ASSETS}
    pages = {name: (HERE / name).read_text(encoding="utf-8") for name in ("screen.html", "phone.html")}
    table = room.table

    def page(name: str, **values: str) -> Response:
        text = pages[name]
        for key, value in values.items():  # codes and keys are letters, digits, - and _ only
            text = text.replace("{{" + key + "}}", value)
        return Response(text, media_type="text/html; charset=utf-8", headers=SECURITY)

    def right(given: str, secret: str, request: Request) -> bool:
        if secrets.compare_digest(given.encode(), secret.encode()):
            return True
        limits.wrong_code(_client(request))
        return False

    async def home(request: Request) -> Response:
        if not is_loopback_client(request):
            return Response("This is the host's shared screen. Scan the QR code on it to join.\n",
                            status_code=403, media_type="text/plain; charset=utf-8", headers=SECURITY)
        return page("screen.html", KEY=room.screen_key)

    async def screen(request: Request) -> Response:
        if not right(request.path_params["key"], room.screen_key, request):
            return _error("no_room", "no such screen", 404)
        return page("screen.html", KEY=room.screen_key)

    async def join_page(request: Request) -> Response:
        if not right(request.path_params["code"], room.code, request):
            return Response("No party with this code: check the code on the shared screen.\n",
                            status_code=404, media_type="text/plain; charset=utf-8", headers=SECURITY)
        return page("phone.html", CODE=room.code)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in assets:
            return _error("not_found", "no such file", 404)
        return Response(assets[name], media_type=ASSETS[name] + "; charset=utf-8", headers=SECURITY)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=SECURITY)

    async def card(request: Request) -> Response:
        png = room.pictures.get(request.path_params["key"])
        if png is None and room.blue is not None:  # a blue card written on a phone
            png = room.blue.picture(request.path_params["key"])
        if png is None:
            return _error("not_found", "no such card picture", 404)
        return Response(png, media_type="image/png",
                        headers={**SECURITY, "Cache-Control": "max-age=31536000, immutable"})

    async def qr(request: Request) -> Response:
        if not right(request.path_params["key"], room.screen_key, request):
            return _error("no_room", "no such screen", 404)
        out = io.BytesIO()
        segno.make(room.join_url, error="m").save(out, kind="svg", scale=10, border=2, dark="#000", light="#fff")
        return Response(out.getvalue(), media_type="image/svg+xml", headers=SECURITY)

    def stream(request: Request, message) -> Response:
        client = _client(request)
        if not limits.open_stream(client):
            return _error("too_many_streams", "too many open streams from this address", 429)
        queue = room.listen()

        async def events():
            try:
                async for line in event_stream(queue, message(), lambda _version: message(),
                                               lambda: room.stopping):
                    yield line
            finally:
                room.forget(queue)
                limits.close_stream(client)
        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={**SECURITY, "X-Accel-Buffering": "no"})

    async def screen_events(request: Request) -> Response:
        if not right(request.path_params["key"], room.screen_key, request):
            return _error("no_room", "no such screen", 404)
        return stream(request, lambda: _event("screen", screen_state(room), table.version))

    async def room_events(request: Request) -> Response:
        if not right(request.path_params["code"], room.code, request):
            return _error("no_room", "no such party", 404)
        return stream(request, lambda: _event("version", {"version": table.version}, table.version))

    def screen_action(work):
        async def handler(request: Request) -> Response:
            if not right(request.path_params["key"], room.screen_key, request):
                return _error("no_room", "no such screen", 404)
            try:
                work(await _json_body(request))
            except Refused as refused:
                return _error(refused.code, str(refused), refused.status)
            room.changed()
            return JSONResponse(screen_state(room), headers=SECURITY)
        return handler

    def room_action(work):
        async def handler(request: Request) -> Response:
            if not right(request.path_params["code"], room.code, request):
                return _error("no_room", "no such party", 404)
            try:
                answer = work(await _json_body(request), request.headers.get(TOKEN_HEADER, ""))
            except Refused as refused:
                return _error(refused.code, str(refused), refused.status)
            room.changed()
            return JSONResponse(answer, headers=SECURITY)
        return handler

    def join(body: dict, token: str) -> dict:
        seat, token = table.join(body.get("name"), body.get("form"))
        return {"seat": seat, "token": token}

    def claim(body: dict, token: str) -> dict:
        token = table.claim(body.get("seat"), body.get("name"))
        return {"seat": body["seat"], "token": token}

    def act(body: dict, token: str) -> dict:
        table.act(token, body.get("action"), body.get("id"))
        return {"done": True, "version": table.version}

    def leave(body: dict, token: str) -> dict:
        table.leave(token)
        return {"left": True}

    async def me(request: Request) -> Response:
        if not right(request.path_params["code"], room.code, request):
            return _error("no_room", "no such party", 404)
        try:
            return JSONResponse(phone_state(room, request.headers.get(TOKEN_HEADER, "")), headers=SECURITY)
        except Refused as refused:
            return _error(refused.code, str(refused), refused.status)

    routes = [
        Route("/", home), Route("/screen/{key}", screen), Route("/join/{code}", join_page),
        Route("/assets/{name}", asset), Route("/favicon.ico", no_icon), Route("/cards/{key}.png", card),
        Route("/s/{key}/qr.svg", qr), Route("/s/{key}/events", screen_events),
        Route("/s/{key}/start", screen_action(lambda body: room.start()), methods=["POST"]),
        *setup_routes(room, right, screen_action, room_action, _error, SECURITY),
        Route("/s/{key}/bot", screen_action(lambda body: table.bot_takes(body.get("seat"))), methods=["POST"]),
        Route("/r/{code}/events", room_events), Route("/r/{code}/me", me),
        Route("/r/{code}/join", room_action(join), methods=["POST"]),
        Route("/r/{code}/claim", room_action(claim), methods=["POST"]),
        Route("/r/{code}/act", room_action(act), methods=["POST"]),
        Route("/r/{code}/leave", room_action(leave), methods=["POST"]),
    ]
    app = Guard(Starlette(routes=routes), network)

    async def limited(scope, receive, send):
        if scope["type"] == "http":
            client = scope.get("client")
            if not limits.allow(client[0] if client else "?"):
                response = _error("slow_down", "too many requests: wait a moment", 429)
                await response(scope, receive, send)
                return
        await app(scope, receive, send)
    return limited
